#!/usr/bin/env python3
"""A real web money input behind `moneyfield check`'s adapter protocol (see the repository README, "Check your own field").

Usage: python3 adapter.py PAGE [--selector CSS] [--settle sync|task|frame] [--chromium PATH]
                          [--verbose]

PAGE is a URL or a local HTML file. A local file is served, with its folder, by a small HTTP
server on 127.0.0.1 that also maps /javascript/ to /usr/share/javascript/ (Debian's libjs-*
packages), so pages load jQuery and the plugins from there. The page runs in headless
Chromium, driven over the DevTools protocol on a pipe (--remote-debugging-pipe: fds 3 and 4,
NUL-separated JSON), so this file needs nothing beyond Python's standard library.

Each key is a real key event (Input.dispatchKeyEvent): the page's keydown/keypress/input/
keyup handlers and the browser's own editing run exactly as for a person typing.

What a page may declare (see pages/ and README.md):
  <meta name="moneyfield-config" content='{"mode":"atm","locale":"en_US","currency":"USD"}'>
      one object or a list; a `new` is supported when it matches one of them.
  window.moneyfieldSetup(request)   called after each load with the `new` request; builds the
      field for it; returning false (or a promise of false) means unsupported.
  data-moneyfield-prefix / data-moneyfield-suffix on the input: static text shown beside
      the input (a currency label), reported as part of the display unless the request
      asks for "display":"none".
"""
import argparse
import fcntl
import http.server
import json
import os
import re
import select
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.parse

JS_ROOT = "/usr/share/javascript"
CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium", "chromium", "chromium-browser",
                       "google-chrome", "google-chrome-stable"]
CALL_TIMEOUT = 10.0  # seconds for one DevTools call; a reply beyond that means a hung browser
LOAD_TIMEOUT = 15.0

# Values a `new` request has when it leaves the key out (the protocol: "each absent at its
# default"); used to match a page's declared configurations.
REQUEST_DEFAULTS = {"display": "symbol", "allowNegative": False, "emptyWhenZero": False,
                    "maxDigits": 12, "accounting": False}


class AdapterError(Exception):
    """A failure of the browser or the page, reported on stderr."""


def log(message):
    try:
        print("browser adapter: " + message, file=sys.stderr, flush=True)
    except OSError:
        pass


# ---------------------------------------------------------------------------------------
# Key events. Each protocol key becomes the events a US keyboard sends; modifiers 2 = Ctrl,
# 8 = Shift (CDP's bit mask).

def _char(text, code, vk, modifiers=0):
    return {"key": text, "code": code, "text": text, "vk": vk, "modifiers": modifiers}


def _raw(key, code, vk, modifiers=0, commands=None):
    spec = {"key": key, "code": code, "vk": vk, "modifiers": modifiers}
    if commands:
        spec["commands"] = commands
    return spec


SHIFT, CTRL = 8, 2
KEYS = {str(d): [_char(str(d), "Digit%d" % d, 48 + d)] for d in range(10)}
KEYS.update({
    "00": [_char("0", "Digit0", 48)] * 2,
    "000": [_char("0", "Digit0", 48)] * 3,
    "bs": [_raw("Backspace", "Backspace", 8)],
    "del": [_raw("Delete", "Delete", 46)],
    "left": [_raw("ArrowLeft", "ArrowLeft", 37)],
    "right": [_raw("ArrowRight", "ArrowRight", 39)],
    "home": [_raw("Home", "Home", 36)],
    "end": [_raw("End", "End", 35)],
    "neg": [_char("-", "Minus", 189)],
    "plus": [_char("+", "Equal", 187, SHIFT)],
    "dec": [_char(".", "Period", 190)],
    "enter": [_char("\r", "Enter", 13)],
    "sleft": [_raw("ArrowLeft", "ArrowLeft", 37, SHIFT)],
    "sright": [_raw("ArrowRight", "ArrowRight", 39, SHIFT)],
    "shome": [_raw("Home", "Home", 36, SHIFT)],
    "send": [_raw("End", "End", 35, SHIFT)],
    # Chromium on Linux maps Ctrl+A to selectAll itself; the explicit command keeps it so
    # on every platform.
    "selall": [_raw("a", "KeyA", 65, CTRL, ["selectAll"])],
    # No web field has a clear key; a person selects everything and presses Backspace.
    "clear": [_raw("a", "KeyA", 65, CTRL, ["selectAll"]), _raw("Backspace", "Backspace", 8)],
})
MODIFIER_KEYS = [(SHIFT, "Shift", "ShiftLeft", 16), (CTRL, "Control", "ControlLeft", 17)]


# ---------------------------------------------------------------------------------------
# The page server.

def start_server(folder):
    """Serves `folder` at / and /usr/share/javascript at /javascript/, on an ephemeral port."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
            if path == "/javascript" or path.startswith("/javascript/"):
                root, rest = JS_ROOT, path[len("/javascript"):]
            else:
                root, rest = folder, path
            parts = [p for p in rest.split("/") if p not in ("", ".", "..")]
            return os.path.join(root, *parts)

        def end_headers(self):
            # Every `new` reloads the page; let the browser keep the scripts.
            self.send_header("Cache-Control", "max-age=3600")
            super().end_headers()

        def log_message(self, fmt, *args):
            if args and str(args[1])[:1] in "45" and "favicon" not in str(args[0]):
                log("http: " + fmt % args)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="pages", daemon=True).start()
    return server


# ---------------------------------------------------------------------------------------
# Chromium over --remote-debugging-pipe.

PROFILE_PREFIX = "moneyfield-chromium-"


def sweep_profiles():
    """Removes profiles left by adapters that were killed before they could clean up."""
    folder = tempfile.gettempdir()
    for name in os.listdir(folder):
        match = re.match(re.escape(PROFILE_PREFIX) + r"(\d+)-", name)
        path = os.path.join(folder, name)
        if not match or os.lstat(path).st_uid != os.getuid():
            continue
        try:
            os.kill(int(match.group(1)), 0)
        except ProcessLookupError:
            shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass  # alive, or not ours to judge


class Browser:
    """Headless Chromium in its own process group, spoken to over fds 3 (in) and 4 (out)."""

    def __init__(self):
        self.pid = None
        self.profile = None
        self.next_id = 0
        self.buffer = b""
        self.events = []

    def start(self, executable, verbose=False):
        sweep_profiles()
        self.profile = tempfile.mkdtemp(prefix="%s%d-" % (PROFILE_PREFIX, os.getpid()))
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        # Lift the child's ends above 9 so the dup2s onto 3 and 4 below cannot clobber them.
        child_in = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD_CLOEXEC, 10)
        child_out = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD_CLOEXEC, 10)
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)
        args = [executable, "--headless=new", "--no-sandbox", "--disable-gpu",
                "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--disable-dev-shm-usage",
                "--disable-component-update", "--mute-audio", "--password-store=basic",
                "--disable-features=Translate,MediaRouter,OptimizationHints",
                "--window-size=800,600", "about:blank"]
        errors = os.dup(2) if verbose else os.open(os.path.join(self.profile, "chromium.log"),
                                                   os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        devnull = os.open(os.devnull, os.O_RDWR)
        # posix_spawn rather than subprocess: it can place fds on 3 and 4 and make a new
        # process group without a preexec_fn (unsafe with the server thread running).
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
                   (os.POSIX_SPAWN_DUP2, errors, 2), (os.POSIX_SPAWN_DUP2, child_in, 3),
                   (os.POSIX_SPAWN_DUP2, child_out, 4)]
        try:
            self.pid = os.posix_spawnp(executable, args, os.environ, file_actions=actions,
                                       setpgroup=0)
        except OSError as error:
            raise AdapterError("cannot start %s: %s" % (executable, error))
        finally:
            for fd in (child_in, child_out, devnull, errors):
                os.close(fd)

    def log_tail(self):
        try:
            with open(os.path.join(self.profile, "chromium.log"), errors="replace") as f:
                return "".join(f.readlines()[-15:]).strip()
        except OSError:
            return ""

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self.to_browser, data):]
        except OSError as error:
            raise AdapterError("Chromium closed its DevTools pipe (%s)" % error)
        return self.next_id

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                tail = self.log_tail()
                raise AdapterError("Chromium exited" + (": " + tail if tail else ""))
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        try:
            return json.loads(raw)
        except ValueError:
            raise AdapterError("unreadable DevTools message: %r" % raw[:200])

    def call(self, method, params=None, session=None, timeout=CALL_TIMEOUT):
        wanted = self.send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            message = self._read_message(deadline)
            if message is None:
                raise AdapterError("no answer from Chromium to %s within %gs" % (method, timeout))
            if message.get("id") == wanted:
                if "error" in message:
                    raise AdapterError("%s failed: %s" % (method, message["error"].get("message")))
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, method, session, timeout):
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method and event.get("sessionId") == session:
                    del self.events[i]
                    return event
            message = self._read_message(deadline)
            if message is None:
                raise AdapterError("no %s within %gs" % (method, timeout))
            if "method" in message:
                self.events.append(message)

    def close(self):
        """Ends Chromium's whole process group and removes its profile."""
        pid, self.pid = self.pid, None
        if pid:
            for fd in (self.to_browser, self.from_browser):
                try:
                    os.close(fd)
                except OSError:
                    pass
            # The profile is thrown away, so a graceful exit has nothing to save; KILL at
            # once keeps clean-up well inside check's grace period (TERM, KILL 0.5 s later).
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._reap(pid, 2.0)
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)

    @staticmethod
    def _reap(pid, grace):
        """True once `pid` has exited (and is reaped), waiting at most `grace` seconds."""
        deadline = time.monotonic() + grace
        while True:
            try:
                if os.waitpid(pid, os.WNOHANG)[0]:
                    return True
            except ChildProcessError:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)


# ---------------------------------------------------------------------------------------
# The field in the page.

# The wait before reading the input after a key. Input.dispatchKeyEvent answers once the page
# has handled the event (handlers and microtasks done), so "sync" reads at once; "task" also
# lets 0 ms timers queued by the page run (one frame later: Chromium renders first);
# "frame" waits for a requestAnimationFrame as well.
SETTLE_JS = {
    "sync": "",
    "task": "await new Promise(r => setTimeout(r, 0));",
    "frame": "await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));",
}

STATE_JS = """
(async () => {
  %(settle)s
  const el = document.querySelector(%(selector)s);
  if (!el) return {missing: true};
  return {value: el.value, start: el.selectionStart, end: el.selectionEnd,
          direction: el.selectionDirection, focused: document.activeElement === el,
          prefix: el.dataset.moneyfieldPrefix || "", suffix: el.dataset.moneyfieldSuffix || ""};
})()
"""

SETUP_JS = """
(async () => {
  const meta = document.querySelector('meta[name="moneyfield-config"]');
  return {config: meta ? meta.getAttribute('content') : null,
          hasSetup: typeof window.moneyfieldSetup === 'function'};
})()
"""

FOCUS_JS = """
(async () => {
  const el = document.querySelector(%(selector)s);
  if (!el) return false;
  el.focus();
  await new Promise(r => setTimeout(r, 0));  // focus handlers may rewrite the value
  el.setSelectionRange(el.value.length, el.value.length);
  return true;
})()
"""


def config_matches(entry, request):
    """True when every key the page names has the request's value (a list: any of them)."""
    for key, allowed in entry.items():
        value = request.get(key, REQUEST_DEFAULTS.get(key))
        if isinstance(allowed, list) and not isinstance(value, list):
            if value not in allowed:
                return False
        elif value != allowed:
            return False
    return True


class Page:
    def __init__(self, browser, url, selector, settle):
        self.browser, self.url, self.selector = browser, url, selector
        self.state_js = STATE_JS % {"settle": SETTLE_JS[settle], "selector": json.dumps(selector)}
        self.show_labels = True
        # The tab Chromium opened at start, else a new one.
        pages = [t["targetId"] for t in browser.call("Target.getTargets")["targetInfos"]
                 if t["type"] == "page"]
        if pages:
            target = pages[0]
        else:
            target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget",
                                    {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        # A headless window never has the system focus: emulate it so the input gets focus
        # and blur events (autoNumeric formats on focusin) as in a focused window.
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def call(self, method, params=None, timeout=CALL_TIMEOUT):
        return self.browser.call(method, params, self.session, timeout)

    def evaluate(self, expression, timeout=CALL_TIMEOUT):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise AdapterError("page script failed: %s" % text)
        return result.get("result", {}).get("value")

    def load(self):
        self.browser.events = [e for e in self.browser.events if e.get("sessionId") != self.session]
        result = self.call("Page.navigate", {"url": self.url})
        if result.get("errorText"):
            raise AdapterError("cannot load %s: %s" % (self.url, result["errorText"]))
        self.browser.wait_event("Page.loadEventFired", self.session, LOAD_TIMEOUT)

    def new(self, request):
        self.load()
        found = self.evaluate(SETUP_JS)
        if found["config"] is not None:
            try:
                declared = json.loads(found["config"])
            except ValueError as error:
                raise AdapterError("the page's moneyfield-config is not JSON: %s" % error)
            if isinstance(declared, dict):
                declared = [declared]
            if not any(config_matches(entry, request) for entry in declared):
                return {"unsupported": True}
        if found["hasSetup"]:
            supported = self.evaluate("Promise.resolve(window.moneyfieldSetup(%s))"
                                      % json.dumps(request))
            if supported is False:
                return {"unsupported": True}
        self.show_labels = request.get("display") != "none"
        if not self.evaluate(FOCUS_JS % {"selector": json.dumps(self.selector)}):
            raise AdapterError("no element matches %s on %s" % (self.selector, self.url))
        return self.state()

    def press(self, name):
        held = 0
        for spec in KEYS[name]:
            # A person holds Shift or Ctrl down before the key and lets go after it.
            for bit, key, code, vk in MODIFIER_KEYS:
                if spec["modifiers"] & bit and not held & bit:
                    held |= bit
                    self.key_event("rawKeyDown", key, code, vk, held)
            self.key_event("keyDown" if "text" in spec else "rawKeyDown", spec["key"], spec["code"],
                           spec["vk"], spec["modifiers"], spec.get("text"), spec.get("commands"))
            self.key_event("keyUp", spec["key"], spec["code"], spec["vk"], spec["modifiers"])
            for bit, key, code, vk in reversed(MODIFIER_KEYS):
                if held & bit:
                    held &= ~bit
                    self.key_event("keyUp", key, code, vk, held)
        return self.state()

    def key_event(self, kind, key, code, vk, modifiers, text=None, commands=None):
        params = {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk,
                  "nativeVirtualKeyCode": vk, "modifiers": modifiers}
        if text is not None:
            params.update(text=text, unmodifiedText=text)
        if commands:
            params["commands"] = commands
        self.call("Input.dispatchKeyEvent", params)

    def state(self):
        s = self.evaluate(self.state_js)
        if s.get("missing"):
            raise AdapterError("no element matches %s on %s" % (self.selector, self.url))
        prefix, suffix = (s["prefix"], s["suffix"]) if self.show_labels else ("", "")
        reply = {"display": prefix + s["value"] + suffix}
        if not s["focused"] or s["start"] is None:
            reply["caret"] = None  # no caret: check then compares displays only
            return reply
        shift = len(prefix.encode("utf-16-le")) // 2
        start, end = s["start"] + shift, s["end"] + shift
        # A selection's caret is its moving end: where Shift+arrow left it.
        reply["caret"] = start if start != end and s["direction"] == "backward" else end
        if start != end:
            reply["selection"] = [start, end]
        return reply


# ---------------------------------------------------------------------------------------

def find_chromium(explicit):
    if explicit and not (shutil.which(explicit) or os.access(explicit, os.X_OK)):
        raise AdapterError("no executable at %s" % explicit)
    for candidate in ([explicit] if explicit else
                      [os.environ.get("MONEYFIELD_CHROMIUM")] + CHROMIUM_CANDIDATES):
        if not candidate:
            continue
        path = candidate if os.sep in candidate else shutil.which(candidate)
        if path and os.access(path, os.X_OK):
            return path
    raise AdapterError("no Chromium found (apt-get install chromium, or pass --chromium PATH)")


def page_url(page):
    if "://" in page and not page.startswith("file://"):
        return page, None
    path = os.path.abspath(page[len("file://"):] if page.startswith("file://") else page)
    if not os.path.isfile(path):
        raise AdapterError("no page at %s" % path)
    server = start_server(os.path.dirname(path))
    host, port = server.server_address[:2]
    return "http://%s:%d/%s" % (host, port, urllib.parse.quote(os.path.basename(path))), server


def reply(obj):
    """One line, flushed; a closed stdout ends the adapter."""
    data = (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")
    out = sys.stdout.buffer
    out.write(data)
    out.flush()


def serve(page):
    for line in sys.stdin.buffer:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line.decode("utf-8"))
            if not isinstance(request, dict):
                raise ValueError("not an object")
        except ValueError as error:
            log("unreadable request %r: %s" % (line[:200], error))
            reply({"error": "unreadable request"})
            continue
        op = request.get("op")
        if op == "quit":
            return
        if op == "new":
            reply(page.new(request))
        elif op == "key" and request.get("key") in KEYS:
            reply(page.press(request["key"]))
        elif op == "key":
            log("unknown key %s (keys: %s)" % (json.dumps(request.get("key")), ", ".join(KEYS)))
            reply({"error": "unknown key"})
        else:
            log("unknown request %s" % json.dumps(request))
            reply({"error": "unknown request"})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", help="URL or local HTML file")
    parser.add_argument("--selector", default="input", help="CSS selector of the money input")
    parser.add_argument("--settle", choices=sorted(SETTLE_JS), default="task",
                        help="what to wait for before reading the input after a key (default task)")
    parser.add_argument("--chromium", help="Chromium executable")
    parser.add_argument("--verbose", action="store_true", help="Chromium's own log to stderr")
    options = parser.parse_args()

    # SIGTERM, SIGINT and SIGHUP unwind through `finally` so Chromium is always ended.
    def stop(signum, _frame):
        raise SystemExit(128 + signum)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, stop)

    browser = Browser()
    try:
        url, _server = page_url(options.page)
        browser.start(find_chromium(options.chromium), options.verbose)
        page = Page(browser, url, options.selector, options.settle)
        serve(page)
        return 0
    except AdapterError as error:
        log(str(error))
        return 1
    except (BrokenPipeError, ConnectionResetError):
        # The checker went away: nothing more to say, not even at exit's final flush.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        # Clean-up must not be cut short by a second signal.
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        browser.close()
        # The page server is a daemon thread: it ends with the process.


if __name__ == "__main__":
    sys.exit(main())
