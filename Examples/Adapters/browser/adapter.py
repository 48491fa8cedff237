#!/usr/bin/env python3
"""A real web money input behind `moneyfield check`'s adapter protocol (see the repository README, "Check your own field").

Usage: python3 adapter.py PAGE [--selector CSS] [--settle sync|task|frame] [--config JSON|FILE]
                          [--setup FILE.js] [--chromium PATH | --browser-url URL]
                          [--serve-host HOST] [--reload] [--as-is] [--verbose]

PAGE is a URL or a local HTML file. A local file is served, with its folder, by a small HTTP
server (on 127.0.0.1 unless --serve-host) that also maps /javascript/ to /usr/share/javascript/
(Debian's libjs-* packages), so pages load jQuery and the plugins from there. The page runs in
headless Chromium driven over the DevTools protocol: on a pipe to a Chromium the adapter starts
(--remote-debugging-pipe: fds 3 and 4, NUL-separated JSON), or over a WebSocket to a browser
that runs elsewhere (--browser-url), so this file needs nothing beyond Python's standard library.

Each key is a real key event (Input.dispatchKeyEvent): the page's keydown/keypress/input/
keyup handlers and the browser's own editing run exactly as for a person typing.

What a page models (see pages/ and README.md), from its tags or from the command line:
  <meta name="moneyfield-config" content='{"mode":"atm","locale":"en_US","currency":"USD"}'>
      (or --config) one object or a list; a `new` is supported when it matches one of them,
      every option an entry does not name being at its default.
  window.moneyfieldSetup(request)   (or --setup FILE.js, which defines it) builds the field for
      a `new` request; returning false (or a promise of false) means unsupported. With it the
      page is loaded once and the field rebuilt for each `new`; without it, each `new` reloads.
  data-moneyfield-prefix / data-moneyfield-suffix on the input: static text shown beside
      the input (a currency label), reported as part of the display unless the request
      asks for "display":"none".
"""
import argparse
import base64
import fcntl
import hashlib
import http.client
import http.server
import json
import os
import re
import select
import shutil
import signal
import socket
import struct
import sys
import tempfile
import threading
import time
import urllib.parse

JS_ROOT = "/usr/share/javascript"
# The headless shell first: the same Blink without the browser's windowing layer, it checked a
# third more sessions a second than Chromium itself (23.3 against 17.3 with --jobs 2).
CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium-headless-shell", "chromium-headless-shell",
                       "/usr/lib/chromium/chromium", "chromium", "chromium-browser",
                       "google-chrome", "google-chrome-stable"]
CALL_TIMEOUT = 10.0  # seconds for one DevTools call; a reply beyond that means a hung browser
LOAD_TIMEOUT = 15.0
# How long a state read waits in the page for the key events sent just before it; past that it
# is read again once Chromium has answered for the keys (a page that swallows keyup).
KEYUP_WAIT_MS = 500

# The values of a `new` request's options when it leaves them out (the protocol: "each absent at
# its default"); None: absent. A page's configuration entry that does not name one of these
# supports only that default.
REQUEST_DEFAULTS = {"mode": "atm", "maxDigits": 12, "allowNegative": False, "decimals": None,
                    "max": None, "min": None, "accounting": False, "display": "symbol", "grouping": "on",
                    "emptyWhenZero": False, "emptiable": None, "emptyShows": "nothing",
                    "startsEmpty": False, "pointAgain": "move", "onLeave": "pad", "onFocus": "keep", "whileTyping": "keep"}
# Always sent and without a default of their own: an entry that does not name them takes any
# value (the setup function may still refuse one). fractionDigits follows from the currency.
ANY_WHEN_UNNAMED = ("locale", "currency", "fractionDigits")


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
# One entry per protocol key: AdapterKeysTests holds these names to `moneyfield adapter --keys`.
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
    # Leaving the field (SPEC §4): the input is blurred, no key is typed; see Page.press.
    "enter": [],
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


def decimal_key(separator):
    """The key typing a locale's decimal separator: `.` and `,` on their own keys, any other
    (Arabic U+066B) as the keypad's decimal key, which sends the locale's separator."""
    codes = {".": ("Period", 190), ",": ("Comma", 188)}
    code, vk = codes.get(separator, ("NumpadDecimal", 110))
    return [_char(separator, code, vk)]


def key_events(name, specs=None):
    """The Input.dispatchKeyEvent parameters for a protocol key (or `specs`), in order."""
    events = []

    def event(kind, key, code, vk, modifiers, text=None, commands=None):
        params = {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk,
                  "nativeVirtualKeyCode": vk, "modifiers": modifiers}
        if text is not None:
            params.update(text=text, unmodifiedText=text)
        if commands:
            params["commands"] = commands
        events.append(params)

    held = 0
    for spec in specs if specs is not None else KEYS[name]:
        # A person holds Shift or Ctrl down before the key and lets go after it.
        for bit, key, code, vk in MODIFIER_KEYS:
            if spec["modifiers"] & bit and not held & bit:
                held |= bit
                event("rawKeyDown", key, code, vk, held)
        event("keyDown" if "text" in spec else "rawKeyDown", spec["key"], spec["code"], spec["vk"],
              spec["modifiers"], spec.get("text"), spec.get("commands"))
        event("keyUp", spec["key"], spec["code"], spec["vk"], spec["modifiers"])
        for bit, key, code, vk in reversed(MODIFIER_KEYS):
            if held & bit:
                held &= ~bit
                event("keyUp", key, code, vk, held)
    return events


KEY_EVENTS = {name: key_events(name) for name in KEYS}


# ---------------------------------------------------------------------------------------
# The page server.

def start_server(folder, host):
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
            # A page without a setup function is reloaded for every `new`; let the browser
            # keep the scripts.
            self.send_header("Cache-Control", "max-age=3600")
            super().end_headers()

        def log_message(self, fmt, *args):
            if args and str(args[1])[:1] in "45" and "favicon" not in str(args[0]):
                log("http: " + fmt % args)

    class Server(http.server.ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ":" in host else socket.AF_INET

    try:
        server = Server((host, 0), Handler)
    except OSError as error:
        raise AdapterError("cannot serve the page on %s: %s" % (host, error))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="pages", daemon=True).start()
    return server


# ---------------------------------------------------------------------------------------
# DevTools transports: a pipe to a Chromium we start, or a WebSocket to one that runs elsewhere.
# Each moves whole messages (bytes of one JSON object); `receive` returns None at its deadline.

PROFILE_PREFIX = "moneyfield-chromium-"


def sweep_profiles():
    """Removes profiles left by adapters that were killed before they could clean up."""
    folder = tempfile.gettempdir()
    for name in os.listdir(folder):
        match = re.match(re.escape(PROFILE_PREFIX) + r"(\d+)-", name)
        path = os.path.join(folder, name)
        try:
            # Another adapter (a --jobs sibling) may remove it between the listing and here.
            if not match or os.lstat(path).st_uid != os.getuid():
                continue
        except FileNotFoundError:
            continue
        try:
            os.kill(int(match.group(1)), 0)
        except ProcessLookupError:
            shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass  # alive, or not ours to judge


class PipeTransport:
    """Headless Chromium in its own process group, spoken to over fds 3 (in) and 4 (out)."""

    owns_browser = True

    def __init__(self, executable, verbose=False, unthrottled_frames=True):
        self.pid = None
        self.buffer = b""
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
        if unthrottled_frames:
            # Frames as soon as there is something to draw, not at 60 Hz: after a key Chromium
            # renders before it runs the page's timers, so --settle task waited ~12 ms a key
            # for the frame; now ~1 ms. --settle sync waits for no frame, and drawing one per
            # key cost it a third more CPU, so it keeps the 60 Hz limit.
            args.insert(-2, "--disable-frame-rate-limit")
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

    def send(self, data):
        data += b"\0"
        try:
            while data:
                data = data[os.write(self.to_browser, data):]
        except OSError as error:
            raise AdapterError("Chromium closed its DevTools pipe (%s)" % error)

    def receive(self, deadline):
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
        return raw

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


class WebSocketTransport:
    """A client WebSocket (RFC 6455) to a DevTools endpoint: text frames, masked as a client's
    must be; pings answered; a close frame ends it."""

    owns_browser = False

    def __init__(self, url, timeout=CALL_TIMEOUT):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("ws", "wss"):
            raise AdapterError("not a WebSocket URL: %s" % url)
        if parts.scheme == "wss":
            raise AdapterError("wss:// needs TLS, which this adapter does not speak; use ws:// "
                               "(or an http:// DevTools address) through a tunnel")
        host, port = parts.hostname, parts.port or 80
        try:
            self.sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as error:
            raise AdapterError("cannot connect to %s: %s" % (url, error))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            self._handshake(url, parts)
        except BaseException:
            self.sock.close()
            raise
        self.sock.setblocking(False)
        self.closed = False

    def _handshake(self, url, parts):
        """Sends the upgrade request and checks the answer and its Sec-WebSocket-Accept."""
        path = (parts.path or "/") + ("?" + parts.query if parts.query else "")
        key = base64.b64encode(os.urandom(16)).decode()
        host_header = parts.netloc.rsplit("@", 1)[-1]
        # No Origin header: Chromium refuses WebSocket clients whose Origin it was not told
        # to allow (--remote-allow-origins), and accepts those that send none.
        request = ("GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, host_header, key))
        self.buffer = b""
        try:
            self.sock.sendall(request.encode())
            while b"\r\n\r\n" not in self.buffer:
                chunk = self.sock.recv(4096)
                if not chunk:
                    raise AdapterError("%s closed the connection during the WebSocket handshake" % url)
                self.buffer += chunk
        except OSError as error:
            raise AdapterError("WebSocket handshake with %s failed: %s" % (url, error))
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if not re.match(r"HTTP/1\.1 101\b", lines[0]):
            raise AdapterError("%s refused the WebSocket: %s" % (url, lines[0]))
        headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
        expected = base64.b64encode(hashlib.sha1(
            (key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != expected:
            raise AdapterError("%s answered the WebSocket handshake with a wrong accept key" % url)

    def _frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        size = len(payload)
        if size < 126:
            header += bytes([0x80 | size])
        elif size < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack("!H", size)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", size)
        mask = os.urandom(4)
        # XOR with the repeated mask, done on one big integer rather than byte by byte.
        repeated = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(size, "big")
        return header + mask + masked

    def _send_frame(self, opcode, payload):
        data = self._frame(opcode, payload)
        try:
            while data:
                try:
                    data = data[self.sock.send(data):]
                except BlockingIOError:
                    select.select([], [self.sock], [], CALL_TIMEOUT)
        except OSError as error:
            raise AdapterError("the DevTools WebSocket closed (%s)" % error)

    def send(self, data):
        self._send_frame(0x1, data)

    def _fill(self, size, deadline):
        """True once the buffer holds `size` bytes; False at the deadline."""
        while len(self.buffer) < size:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.sock], [], [], left)
            if not ready:
                return False
            try:
                chunk = self.sock.recv(1 << 16)
            except BlockingIOError:
                continue
            except OSError as error:
                raise AdapterError("the DevTools WebSocket failed: %s" % error)
            if not chunk:
                raise AdapterError("the browser closed the DevTools WebSocket")
            self.buffer += chunk
        return True

    def receive(self, deadline):
        message = b""
        while True:
            # A frame is read whole before it is taken off the buffer, so a deadline mid-frame
            # leaves the buffer as it was.
            if not self._fill(2, deadline):
                return None
            first, second = self.buffer[0], self.buffer[1]
            size, offset = second & 0x7F, 2
            if size == 126:
                if not self._fill(4, deadline):
                    return None
                size, offset = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif size == 127:
                if not self._fill(10, deadline):
                    return None
                size, offset = struct.unpack("!Q", self.buffer[2:10])[0], 10
            if second & 0x80:
                raise AdapterError("the browser sent a masked WebSocket frame")
            if not self._fill(offset + size, deadline):
                return None
            payload = self.buffer[offset:offset + size]
            self.buffer = self.buffer[offset + size:]
            opcode, final = first & 0x0F, first & 0x80
            if opcode == 0x9:  # ping
                self._send_frame(0xA, payload)
            elif opcode == 0xA:  # pong
                pass
            elif opcode == 0x8:  # close
                self.closed = True
                raise AdapterError("the browser closed the DevTools WebSocket")
            elif opcode in (0x0, 0x1, 0x2):
                message += payload
                if final:
                    return message
            else:
                raise AdapterError("the browser sent a WebSocket frame of unknown opcode %d" % opcode)

    def log_tail(self):
        return ""

    def close(self):
        if not self.closed:
            self.closed = True
            try:
                self.sock.setblocking(True)
                self.sock.settimeout(1.0)
                self.sock.sendall(self._frame(0x8, struct.pack("!H", 1000)))
            except OSError:
                pass
        try:
            self.sock.close()
        except OSError:
            pass


def devtools_websocket(url):
    """The browser's WebSocket address from a DevTools http:// address (its /json/version)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in ("ws", "wss"):
        return url
    if parts.scheme != "http":
        raise AdapterError("--browser-url takes http://HOST:PORT (Chromium's --remote-debugging-port) "
                           "or ws://… (a DevTools WebSocket), not %s" % url)
    try:
        connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=CALL_TIMEOUT)
        connection.request("GET", "/json/version")
        response = connection.getresponse()
        body = response.read()
        connection.close()
    except OSError as error:
        raise AdapterError("no DevTools endpoint at %s: %s" % (url, error))
    try:
        address = json.loads(body)["webSocketDebuggerUrl"]
    except (ValueError, KeyError, TypeError):
        raise AdapterError("%s/json/version has no webSocketDebuggerUrl (HTTP %d)" % (url, response.status))
    # Chromium names itself as it was asked for (Host header), so the address already points
    # where we connected; keep our host and port in case a proxy rewrote it.
    ws = urllib.parse.urlsplit(address)
    return urllib.parse.urlunsplit(("ws", parts.netloc, ws.path, ws.query, ""))


# ---------------------------------------------------------------------------------------
# The DevTools protocol on a transport: commands may be sent several at once and their answers
# collected after (pipelining); events are kept for whoever waits for them.

class DevTools:
    def __init__(self, transport):
        self.transport = transport
        self.next_id = 0
        self.answers = {}
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.transport.send(json.dumps(message).encode())
        return self.next_id, method

    def _take(self, deadline):
        raw = self.transport.receive(deadline)
        if raw is None:
            return False
        try:
            message = json.loads(raw)
        except ValueError:
            raise AdapterError("unreadable DevTools message: %r" % raw[:200])
        if "id" in message:
            self.answers[message["id"]] = message
        elif "method" in message:
            self.events.append(message)
        return True

    def wait(self, sent, timeout=CALL_TIMEOUT):
        wanted, method = sent
        deadline = time.monotonic() + timeout
        while wanted not in self.answers:
            if not self._take(deadline):
                raise AdapterError("no answer from Chromium to %s within %gs" % (method, timeout))
        message = self.answers.pop(wanted)
        if "error" in message:
            raise AdapterError("%s failed: %s" % (method, message["error"].get("message")))
        return message.get("result", {})

    def call(self, method, params=None, session=None, timeout=CALL_TIMEOUT):
        return self.wait(self.send(method, params, session), timeout)

    def wait_event(self, method, session, timeout):
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method and event.get("sessionId") == session:
                    del self.events[i]
                    return event
            if not self._take(deadline):
                raise AdapterError("no %s within %gs" % (method, timeout))

    def close(self):
        self.transport.close()


# ---------------------------------------------------------------------------------------
# The field in the page.

# The wait before reading the input after a key. "sync" reads once the page has handled the
# key events (handlers and microtasks done); "task" also lets 0 ms timers queued by the page
# run (Chromium renders a frame first); "frame" waits for a requestAnimationFrame as well.
SETTLE_JS = {
    "sync": "",
    "task": "await new Promise(r => setTimeout(r, 0));",
    "frame": "await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));",
}

# Injected before the page's own scripts on every load: counts the keyups the page has seen,
# so a state read sent right behind its key events (not waiting for Chromium's answers to
# them) waits in the page until they were dispatched. The capture listener on window is the
# first to see each keyup; the waiters are woken by a task, which runs after the whole
# dispatch (every handler of the page and its microtasks).
COUNTER_JS = """
(() => {
  const mf = window.__moneyfield = {keyups: 0, waiters: []};
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const due = mf.waiters.filter(w => w.n <= mf.keyups);
    mf.waiters = mf.waiters.filter(w => w.n > mf.keyups);
    for (const w of due) w.resolve(true);
  };
  window.addEventListener('keyup', e => {
    if (!e.isTrusted) return;
    mf.keyups++;
    if (mf.waiters.length) channel.port2.postMessage(0);
  }, true);
  mf.until = (n, ms) => n <= mf.keyups ? Promise.resolve(true) : new Promise(resolve => {
    mf.waiters.push({n, resolve});
    setTimeout(() => resolve(false), ms);
  });
  // Compiled once per load; each key's read is then a short call.
  mf.read = async () => {
    %(settle)s
    %(read)s
  };
  mf.key = async (n, ms) => (await mf.until(n, ms)) ? mf.read() : {late: true};
  // The text the input shows. Some libraries redefine the element's `value` (Inputmask's
  // numeric aliases answer "" while the field shows its unfilled mask, `$0.00`): read through
  // the prototype's getter, which no page script replaces on the element.
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').get;
  const nativeArea = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').get;
  mf.shown = el => (el instanceof HTMLTextAreaElement ? nativeArea : native).call(el);
  // The key a person of the locale presses for the decimal point: `,` in de_DE (a German
  // keyboard's keypad sends it too), `.` in en_US. Chromium's ICU answers for the request's locale.
  mf.decimalKey = locale => {
    try {
      const part = new Intl.NumberFormat(String(locale).replace(/_/g, '-')).formatToParts(1.5)
        .find(p => p.type === 'decimal');
      return part ? part.value : '.';
    } catch (error) {
      return '.';
    }
  };
})();
"""

READ_JS = """
  {
    const field = document.querySelector(%(selector)s);
    if (!field) return {missing: true};
    return {value: window.__moneyfield.shown(field), start: field.selectionStart, end: field.selectionEnd,
            direction: field.selectionDirection, focused: document.activeElement === field,
            prefix: field.dataset.moneyfieldPrefix || "", suffix: field.dataset.moneyfieldSuffix || ""};
  }
"""

# The field after key events: waits until the page has seen keyup number %(keyups)d.
KEY_STATE_JS = "window.__moneyfield ? window.__moneyfield.key(%(keyups)d, %(wait)d) : {lost: true}"

# A read after the page missed a keyup: its count is brought level with the keyups sent.
LATE_JS = """
(() => {
  const mf = window.__moneyfield;
  if (!mf) return {lost: true};
  mf.keyups = Math.max(mf.keyups, %(keyups)d);
  return mf.read();
})()
"""

# What the page declares, read once per load.
PAGE_JS = """
(() => {
  const meta = document.querySelector('meta[name="moneyfield-config"]');
  return {config: meta ? meta.getAttribute('content') : null,
          hasSetup: typeof window.moneyfieldSetup === 'function',
          counted: !!window.__moneyfield};
})()
"""

# A `new` in one round trip: the field is left (as on a fresh page the field is built
# unfocused), rebuilt by the page's setup function for the request, focused, and the caret put
# at the end, as a person's click into it would.
NEW_JS = """
(async () => {
  const request = %(request)s;
  let el = document.querySelector(%(selector)s);
  if (el && document.activeElement === el) el.blur();
  if (typeof window.moneyfieldSetup === 'function') {
    let supported;
    try {
      supported = await window.moneyfieldSetup(request);
    } catch (error) {
      return {setupFailed: String(error && error.stack || error)};
    }
    if (supported === false) return {unsupported: true};
  }
  el = document.querySelector(%(selector)s);
  if (!el) return {missing: true};
  %(focus)s
  %(settle)s
  %(read)s
})()
"""

# Focusing as a person does by clicking after the text: focus handlers (autoNumeric formats on
# focusin) run first and may rewrite the value; then the caret goes to the end, and the click's
# mouseup and click fire, as for a tap: a field may put its caret on click (Inputmask's numeric
# aliases before the decimal point, maskMoney at the end), in a 0 ms timer (Inputmask's). The
# pointer comes over the input first (Inputmask tells a click from a Tab by its mouseenter).
FOCUS_SNIPPET = """
  el.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
  el.dispatchEvent(new MouseEvent('mouseenter'));
  el.dispatchEvent(new MouseEvent('mousedown', {bubbles: true, cancelable: true}));
  el.focus();
  await new Promise(r => setTimeout(r, 0));
  el.setSelectionRange(window.__moneyfield.shown(el).length, window.__moneyfield.shown(el).length);
  el.dispatchEvent(new MouseEvent('mouseup', {bubbles: true, cancelable: true}));
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  await new Promise(r => setTimeout(r, 0));
"""

REFOCUS_JS = """
(async () => {
  const el = document.querySelector(%(selector)s);
  if (!el) return {missing: true};
  %(focus)s
  return {};
})()
"""

# A tap (check's `tap`, the caret put at a UTF-16 offset of the display, as a click there): the
# events a click fires, with the focus handlers first when the input had no focus (they may
# rewrite the value), and the caret put with setSelectionRange. The offset counts the page's
# static prefix label, which is not in the input's value.
TAP_JS = """
(async () => {
  const el = document.querySelector(%(selector)s);
  if (!el) return {missing: true};
  const shift = %(labels)s ? (el.dataset.moneyfieldPrefix || "").length : 0;
  el.dispatchEvent(new MouseEvent('mousedown', {bubbles: true, cancelable: true}));
  if (document.activeElement !== el) {
    el.focus();
    await new Promise(r => setTimeout(r, 0));
  }
  const at = Math.max(0, Math.min(%(offset)d - shift, window.__moneyfield.shown(el).length));
  el.setSelectionRange(at, at);
  el.dispatchEvent(new MouseEvent('mouseup', {bubbles: true, cancelable: true}));
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  %(settle)s
  %(read)s
})()
"""

BLUR_JS = """
(async () => {
  const el = document.querySelector(%(selector)s);
  if (!el) return {missing: true};
  el.blur();
  %(settle)s
  %(read)s
})()
"""


def config_mismatches(entry, request):
    """The options in which the request differs from what the entry models (none: supported).
    Every key the entry names must have the request's value (a list: any of them); every option
    of the request the entry does not name must be at its default. An option this adapter does
    not know has no default it knows of: a newer moneyfield sends it only when it is not at its
    default, so it is unsupported."""
    differ = []
    for key, allowed in entry.items():
        value = request.get(key, REQUEST_DEFAULTS.get(key))
        if isinstance(allowed, list) and not isinstance(value, list):
            if value not in allowed:
                differ.append(key)
        elif value != allowed:
            differ.append(key)
    for key, value in request.items():
        if key in ("op", "id") or key in entry or key in ANY_WHEN_UNNAMED:
            continue
        if key not in REQUEST_DEFAULTS or value != REQUEST_DEFAULTS[key]:
            differ.append(key)
    return differ


def read_config(text, source):
    try:
        declared = json.loads(text)
    except ValueError as error:
        raise AdapterError("%s is not JSON: %s" % (source, error))
    if isinstance(declared, dict):
        declared = [declared]
    if not isinstance(declared, list) or not all(isinstance(e, dict) for e in declared):
        raise AdapterError("%s must be a JSON object or a list of objects" % source)
    return declared


class Page:
    # --as-is (set by main): the page answers every `new` as it is; see AS_IS_HELP.
    as_is = False

    def __init__(self, devtools, url, selector, settle, config=None, setup=None, reload_always=False):
        self.devtools, self.url, self.selector = devtools, url, selector
        self.settle = SETTLE_JS[settle]
        self.read = READ_JS % {"selector": json.dumps(selector)}
        self.config, self.setup, self.reload_always = config, setup, reload_always
        self.show_labels = True
        self.loaded = False
        self.used = False
        self.declared = None
        self.has_setup = False
        self.keyups = 0  # keyups sent since the page was loaded
        self.focused = False
        self.refused = set()  # reasons already logged
        self.decimal_events = KEY_EVENTS["dec"]  # `dec` for the current `new`'s locale
        self.decimal_by_locale = {}
        self.target = None
        if devtools.transport.owns_browser:
            # The tab Chromium opened at start, else a new one.
            pages = [t["targetId"] for t in devtools.call("Target.getTargets")["targetInfos"]
                     if t["type"] == "page"]
        else:
            pages = []  # a shared browser: a tab of our own, closed at the end
        if pages:
            target = pages[0]
        else:
            target = devtools.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.target = target
        self.session = devtools.call("Target.attachToTarget",
                                     {"targetId": target, "flatten": True})["sessionId"]
        # Three set-up calls at once: nothing in them depends on another's answer.
        sent = [self.send("Page.enable"),
                # A headless window never has the system focus: emulate it so the input gets
                # focus and blur events (autoNumeric formats on focusin) as in a focused window.
                self.send("Emulation.setFocusEmulationEnabled", {"enabled": True}),
                self.send("Page.addScriptToEvaluateOnNewDocument",
                          {"source": COUNTER_JS % {"settle": self.settle, "read": self.read}})]
        for s in sent:
            self.devtools.wait(s)

    def send(self, method, params=None):
        return self.devtools.send(method, params, self.session)

    def call(self, method, params=None, timeout=CALL_TIMEOUT):
        return self.devtools.call(method, params, self.session, timeout)

    @staticmethod
    def evaluate_params(expression):
        return {"expression": expression, "returnByValue": True, "awaitPromise": True}

    @staticmethod
    def value(result):
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise AdapterError("page script failed: %s" % text)
        return result.get("result", {}).get("value")

    def evaluate(self, expression, timeout=CALL_TIMEOUT):
        return self.value(self.call("Runtime.evaluate", self.evaluate_params(expression), timeout))

    def load(self):
        self.devtools.events = [e for e in self.devtools.events if e.get("sessionId") != self.session]
        result = self.call("Page.navigate", {"url": self.url})
        if result.get("errorText"):
            raise AdapterError("cannot load %s: %s" % (self.url, result["errorText"]))
        self.devtools.wait_event("Page.loadEventFired", self.session, LOAD_TIMEOUT)
        if self.setup is not None:
            # After the page's own scripts, so a --setup replaces the page's function.
            result = self.call("Runtime.evaluate", {"expression": self.setup[1]})
            if "exceptionDetails" in result:
                details = result["exceptionDetails"]
                text = details.get("exception", {}).get("description") or details.get("text")
                raise AdapterError("%s failed: %s" % (self.setup[0], text))
        found = self.evaluate(PAGE_JS)
        if not found["counted"]:
            raise AdapterError("the key counter did not run on %s" % self.url)
        if self.config is not None:
            self.declared = self.config
        elif found["config"] is not None:
            self.declared = read_config(found["config"], "the page's moneyfield-config")
        else:
            self.declared = None
        self.has_setup = found["hasSetup"]
        self.keyups = 0
        self.loaded = True
        self.used = False  # no session built on this load yet

    def new(self, request):
        if not self.loaded:
            self.load()
        if self.declared is not None and not self.as_is:
            differ = [config_mismatches(entry, request) for entry in self.declared]
            if all(differ):
                self.note_refusal(min(differ, key=len), request)
                return {"unsupported": True}
        if self.used and (not self.has_setup or self.reload_always):
            self.load()  # nothing rebuilds the field in place: a fresh page
        fresh = not self.used
        if self.as_is and self.declared:
            request = as_is_request(request, self.declared)
        s = self.build(request)
        if s.get("setupFailed") and not fresh:
            # A field that cannot be rebuilt in place gets a fresh page.
            self.load()
            s = self.build(request)
        if s.get("setupFailed"):
            raise AdapterError("moneyfieldSetup failed: %s" % s["setupFailed"])
        self.used = True
        if s.get("unsupported"):
            return {"unsupported": True}
        self.show_labels = request.get("display") != "none"
        self.decimal_events = self.decimal_key_events(request.get("locale"))
        return self.reply(s)

    def decimal_key_events(self, locale):
        """`dec` types the locale's decimal separator (a de_DE person presses `,`; `.` is its
        group separator, which fields there ignore or take as grouping). Asked of the page once
        per locale."""
        if locale not in self.decimal_by_locale:
            separator = self.evaluate("window.__moneyfield.decimalKey(%s)" % json.dumps(locale))
            self.decimal_by_locale[locale] = key_events("dec", decimal_key(separator or "."))
        return self.decimal_by_locale[locale]

    def build(self, request):
        return self.evaluate(NEW_JS % {"request": json.dumps(request), "selector": json.dumps(self.selector),
                                       "focus": FOCUS_SNIPPET, "settle": self.settle, "read": self.read})

    def note_refusal(self, differ, request):
        """Says why, for the configuration closest to the request; the first three reasons only."""
        what = ", ".join("%s %s" % (k, json.dumps(request.get(k, REQUEST_DEFAULTS.get(k)))) for k in differ)
        if what not in self.refused and len(self.refused) < 3:
            self.refused.add(what)
            log("unsupported: the page models no field with %s" % what)

    def press(self, name):
        if name == "enter":
            # Leaving the field: blurred, fields pad their fraction; a blurred input has no caret.
            s = self.evaluate(BLUR_JS % {"selector": json.dumps(self.selector), "settle": self.settle,
                                         "read": self.read})
            return self.reply(s)
        if not self.focused:
            # The next key after leaving the field goes back into it, as a person clicks there.
            s = self.evaluate(REFOCUS_JS % {"selector": json.dumps(self.selector), "focus": FOCUS_SNIPPET})
            if s.get("missing"):
                raise AdapterError("no element matches %s on %s" % (self.selector, self.url))
        # The key events and the read sent at once, the answers collected after: one wait for
        # Chromium instead of one per event.
        sent = []
        for params in self.decimal_events if name == "dec" else KEY_EVENTS[name]:
            sent.append(self.send("Input.dispatchKeyEvent", params))
            if params["type"] == "keyUp":
                self.keyups += 1
        read = self.send("Runtime.evaluate", self.evaluate_params(
            KEY_STATE_JS % {"keyups": self.keyups, "wait": KEYUP_WAIT_MS}))
        for s in sent:
            self.devtools.wait(s)
        s = self.value(self.devtools.wait(read, CALL_TIMEOUT + KEYUP_WAIT_MS / 1000))
        if s.get("lost"):
            raise AdapterError("the page reloaded itself during a key (%s)" % name)
        if s.get("late"):
            # Chromium has answered for every key event by now, so every keyup the page will see
            # was dispatched: count the missing ones as seen (or every later key would wait too)
            # and read the field as it is.
            s = self.evaluate(LATE_JS % {"keyups": self.keyups})
        return self.reply(s)

    def tap(self, offset):
        s = self.evaluate(TAP_JS % {"selector": json.dumps(self.selector), "labels": json.dumps(self.show_labels),
                                    "offset": offset, "settle": self.settle, "read": self.read})
        return self.reply(s)

    def reply(self, s):
        if s.get("missing"):
            raise AdapterError("no element matches %s on %s" % (self.selector, self.url))
        self.focused = bool(s["focused"])
        prefix, suffix = (s["prefix"], s["suffix"]) if self.show_labels else ("", "")
        reply = {"display": prefix + s["value"] + suffix}
        if not s["focused"] or s["start"] is None:
            reply["caret"] = None  # no caret: check then compares displays only
            return reply
        shift = len(prefix.encode("utf-16-le")) // 2
        start, end = s["start"] + shift, s["end"] + shift
        # A selection's caret is its moving end: where Shift+arrow left it.
        reply["caret"] = start if start != end and s["direction"] == "backward" else end
        # Said whenever the input has focus, null for none: check compares a selection only where
        # an adapter reports it (a blurred input has neither caret nor selection).
        reply["selection"] = [start, end] if start != end else None
        return reply

    def close(self):
        if self.target:
            try:
                self.devtools.call("Target.closeTarget", {"targetId": self.target}, timeout=2.0)
            except AdapterError:
                pass


# ---------------------------------------------------------------------------------------
# --as-is: the page as it is, for `moneyfield fit`, which finds the options a field behaves as.
# A real page ignores the options a `new` asks for, so no `new` is refused for an option the
# page's configuration (its tag or --config) does not model: the reply is the field the page
# builds (its setup function, if any, still rebuilds it, and may still refuse a request it
# cannot build, e.g. a currency). What `fit` finds is then written as the page's --config.

AS_IS_HELP = ("answer every new with the page as it is, whatever options it asks for (for moneyfield fit, "
              "which finds the page's configuration; --config then says what it found)")


def as_is_request(request, declared):
    """Under --as-is, the request a page's setup builds from: the field its tag models first (for
    the request's locale and currency, if it models one there), not the options `fit` asks for, so
    every session records the same field (a page that models several would otherwise build
    whichever the request's options pick, and the recording would mix them)."""
    same_place = [e for e in declared if e.get("locale") == request.get("locale") and e.get("currency") == request.get("currency")]
    entry = (same_place or declared)[0]
    built = dict(request)
    for key, value in entry.items():
        if key not in ("locale", "currency"):
            built[key] = value[0] if isinstance(value, list) else value
    return built


def refuse_as_is_with_config(parser, options):
    """--as-is and --config contradict each other: one ignores what a page models, the other says it."""
    if options.as_is and options.config is not None:
        parser.error("--as-is answers every new as the page is, --config says which it models: give one of them")


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


def page_url(page, serve_host):
    if "://" in page and not page.startswith("file://"):
        return page, None
    path = os.path.abspath(page[len("file://"):] if page.startswith("file://") else page)
    if not os.path.isfile(path):
        raise AdapterError("no page at %s" % path)
    server = start_server(os.path.dirname(path), serve_host)
    port = server.server_address[1]
    host = "[%s]" % serve_host if ":" in serve_host else serve_host
    return "http://%s:%d/%s" % (host, port, urllib.parse.quote(os.path.basename(path))), server


def load_option_text(value, what):
    """--config's JSON, written inline or in a file."""
    if value.lstrip()[:1] in ("{", "["):
        return value, what
    try:
        with open(value, encoding="utf-8") as f:
            return f.read(), value
    except OSError as error:
        raise AdapterError("cannot read %s %s: %s" % (what, value, error.strerror))


def reply(obj):
    """One line, flushed; a closed stdout ends the adapter."""
    data = (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")
    out = sys.stdout.buffer
    out.write(data)
    out.flush()


def serve(page, taps=True):
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
        # The request's id, echoed: check then matches every reply to its request exactly.
        echo = {"id": request["id"]} if isinstance(request.get("id"), int) else {}
        if op == "quit":
            return
        if op == "new":
            made = page.new(request)
            # check sends its optional tap only to an adapter whose reply to new lists it.
            takes = {"takes": ["tap"]} if taps and not made.get("unsupported") else {}
            reply({**made, **takes, **echo})
        elif op == "key" and request.get("key") in KEYS:
            reply({**page.press(request["key"]), **echo})
        elif op == "tap" and not page.used:
            log("a tap before any new: there is no field to tap")
            reply({"error": "tap before new"})
        elif op == "tap" and not taps:
            reply({"unsupported": True, **echo})
        elif op == "tap" and isinstance(request.get("caret"), int) and not isinstance(request.get("caret"), bool) \
                and request["caret"] >= 0:
            reply({**page.tap(request["caret"]), **echo})
        elif op == "tap":
            log("a tap needs a caret offset, a whole number from 0: %s" % json.dumps(request))
            reply({"error": "tap without a caret offset"})
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
    parser.add_argument("--config", help="what the page models, as its moneyfield-config tag would say "
                                         "(JSON, or a file of it); replaces the tag")
    parser.add_argument("--setup", help="a JavaScript file run in the page after each load; it defines "
                                        "moneyfieldSetup(request), replacing the page's own")
    parser.add_argument("--chromium", help="Chromium executable")
    parser.add_argument("--browser-url", help="drive a browser that already runs: http://HOST:PORT "
                                              "(--remote-debugging-port) or ws://… (a DevTools WebSocket)")
    parser.add_argument("--serve-host", default="127.0.0.1",
                        help="the address the page server listens on and the browser loads from "
                             "(default 127.0.0.1; for a remote browser, this machine's address it can reach)")
    parser.add_argument("--reload", action="store_true",
                        help="reload the page for every new, even when it has a setup function")
    parser.add_argument("--no-tap", action="store_true",
                        help="leave tap out of the reply to new (\"takes\") and answer it {\"unsupported\": true}, as an adapter that cannot put the caret "
                             "(check then ends each session at its first difference)")
    parser.add_argument("--verbose", action="store_true", help="Chromium's own log to stderr")
    parser.add_argument("--as-is", action="store_true", help=AS_IS_HELP)
    options = parser.parse_args()
    refuse_as_is_with_config(parser, options)
    if options.chromium and options.browser_url:
        parser.error("--chromium starts a browser, --browser-url uses a running one: give one of them")

    # SIGTERM, SIGINT and SIGHUP unwind through `finally` so Chromium is always ended.
    def stop(signum, _frame):
        raise SystemExit(128 + signum)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, stop)

    devtools = None
    page = None
    try:
        config = setup = None
        if options.config is not None:
            text, source = load_option_text(options.config, "--config")
            config = read_config(text, source)
        if options.setup is not None:
            try:
                with open(options.setup, encoding="utf-8") as f:
                    setup = (options.setup, f.read())
            except OSError as error:
                raise AdapterError("cannot read --setup %s: %s" % (options.setup, error.strerror))
        url, _server = page_url(options.page, options.serve_host)
        if options.browser_url:
            transport = WebSocketTransport(devtools_websocket(options.browser_url))
        else:
            transport = PipeTransport(find_chromium(options.chromium), options.verbose,
                                      unthrottled_frames=options.settle != "sync")
        devtools = DevTools(transport)
        page = Page(devtools, url, options.selector, options.settle, config, setup, options.reload)
        page.as_is = options.as_is
        serve(page, taps=not options.no_tap)
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
        if page is not None and devtools is not None:
            page.close()
        if devtools is not None:
            devtools.close()
        # The page server is a daemon thread: it ends with the process.


if __name__ == "__main__":
    sys.exit(main())
