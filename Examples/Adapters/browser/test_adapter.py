#!/usr/bin/env python3
"""Unit tests of the browser adapter's parts that need no browser: what a page's configuration
models, the key events, and the WebSocket client against a small server in this file.

Run: python3 Examples/Adapters/browser/test_adapter.py   (smoke.sh runs it first)
"""
import base64
import hashlib
import http.server
import io
import json
import os
import socket
import struct
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adapter  # noqa: E402

BASE = {"op": "new", "locale": "en_US", "currency": "USD", "mode": "whole", "fractionDigits": 0,
        "maxDigits": 12, "allowNegative": False}


def request(**options):
    return dict(BASE, **options)


class ConfigurationTests(unittest.TestCase):
    entry = {"mode": "whole", "locale": "en_US", "currency": "USD", "display": "symbol"}

    def test_the_request_it_names_is_supported(self):
        self.assertEqual(adapter.config_mismatches(self.entry, request()), [])

    def test_an_option_it_does_not_name_is_supported_only_at_its_default(self):
        self.assertEqual(adapter.config_mismatches(self.entry, request(max="1000", emptiable="last-digit")),
                         ["max", "emptiable"])
        self.assertEqual(adapter.config_mismatches(self.entry, request(maxDigits=9)), ["maxDigits"])
        self.assertEqual(adapter.config_mismatches(self.entry, request(allowNegative=True)), ["allowNegative"])
        # Sent at its default by a hand-written driver: still supported.
        self.assertEqual(adapter.config_mismatches(self.entry, request(emptyShows="nothing", accounting=False)), [])

    def test_starts_empty_and_point_again_have_defaults(self):
        # Known options: at their defaults supported, otherwise only where the entry names them.
        self.assertEqual(adapter.config_mismatches(self.entry, request(startsEmpty=False, pointAgain="move")), [])
        self.assertEqual(adapter.config_mismatches(self.entry, request(startsEmpty=True, pointAgain="ignore")),
                         ["startsEmpty", "pointAgain"])
        entry = dict(self.entry, startsEmpty=True, pointAgain="ignore")
        self.assertEqual(adapter.config_mismatches(entry, request(startsEmpty=True, pointAgain="ignore")), [])
        self.assertEqual(adapter.config_mismatches(entry, request()), ["startsEmpty", "pointAgain"])

    def test_an_unknown_option_is_refused(self):
        self.assertEqual(adapter.config_mismatches(self.entry, request(roundingMode="up")), ["roundingMode"])

    def test_a_named_option_takes_its_value_or_any_of_a_list(self):
        entry = dict(self.entry, emptiable=["at-zero", "last-digit"], emptyShows="symbol")
        self.assertEqual(adapter.config_mismatches(entry, request(emptiable="at-zero", emptyShows="symbol")), [])
        self.assertEqual(adapter.config_mismatches(entry, request(emptiable="last-digit", emptyShows="symbol")), [])
        # Left out of the request, an option counts at its default, which the entry does not take.
        self.assertEqual(adapter.config_mismatches(entry, request()), ["emptiable", "emptyShows"])

    def test_locale_currency_and_fraction_digits_are_free_when_unnamed(self):
        entry = {"mode": "whole"}
        self.assertEqual(adapter.config_mismatches(entry, request(locale="de_DE", currency="EUR", fractionDigits=2)), [])
        self.assertEqual(adapter.config_mismatches({"mode": "atm"}, request()), ["mode"])

    def test_read_config_takes_an_object_or_a_list_of_objects(self):
        self.assertEqual(adapter.read_config('{"mode":"atm"}', "x"), [{"mode": "atm"}])
        self.assertEqual(adapter.read_config('[{"mode":"atm"},{"mode":"whole"}]', "x"), [{"mode": "atm"}, {"mode": "whole"}])
        for bad in ('{"mode":', '"atm"', '[1]'):
            with self.assertRaises(adapter.AdapterError):
                adapter.read_config(bad, "--config")


class KeyEventTests(unittest.TestCase):
    def test_clear_holds_control_around_a_then_presses_backspace(self):
        events = [(e["type"], e["key"], e["modifiers"]) for e in adapter.KEY_EVENTS["clear"]]
        self.assertEqual(events, [("rawKeyDown", "Control", 2), ("rawKeyDown", "a", 2), ("keyUp", "a", 2),
                                  ("keyUp", "Control", 0), ("rawKeyDown", "Backspace", 0), ("keyUp", "Backspace", 0)])

    def test_characters_carry_their_text_and_enter_types_nothing(self):
        self.assertEqual(adapter.KEY_EVENTS["dec"][0]["text"], ".")
        self.assertEqual([e["type"] for e in adapter.KEY_EVENTS["000"]], ["keyDown", "keyUp"] * 3)
        self.assertEqual(adapter.KEY_EVENTS["enter"], [])


class DecimalKeyTests(unittest.TestCase):
    def test_the_separator_is_typed_on_its_own_key(self):
        self.assertEqual(adapter.decimal_key(","), [adapter._char(",", "Comma", 188)])
        self.assertEqual(adapter.decimal_key("."), adapter.KEYS["dec"])
        self.assertEqual(adapter.decimal_key("\u066b"), [adapter._char("\u066b", "NumpadDecimal", 110)])
        self.assertEqual([(e["type"], e.get("text")) for e in adapter.key_events("dec", adapter.decimal_key(","))],
                         [("keyDown", ","), ("keyUp", None)])


def chromium_or_none():
    try:
        return adapter.find_chromium(None)
    except adapter.AdapterError:
        return None


@unittest.skipUnless(chromium_or_none(), "needs Chromium (apt-packages.txt)")
class PageInBrowserTests(unittest.TestCase):
    """What a real library's field needs from the adapter, each on a small page in Chromium."""

    PAGE = """<!doctype html><meta charset="utf-8"><input id="amount">
<script>
const el = document.getElementById('amount');
const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
// As Inputmask's numeric aliases: an unfilled mask is shown on focus, and `value` answers "".
Object.defineProperty(el, 'value', {configurable: true,
  get() { const v = native.get.call(this); return v === '$0.00' ? '' : v; },
  set(v) { native.set.call(this, v); }});
let entered = false;
el.addEventListener('mouseenter', () => { entered = true; });
el.addEventListener('focus', () => { if (native.get.call(el) === '') native.set.call(el, '$0.00'); });
// A click after the pointer came over the field puts the caret before the point, in a timer.
el.addEventListener('click', () => { if (entered) setTimeout(() => el.setSelectionRange(2, 2), 0); });
</script>"""

    def setUp(self):
        import tempfile
        self.folder = tempfile.TemporaryDirectory()
        path = os.path.join(self.folder.name, "field.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.PAGE)
        url, self.server = adapter.page_url(path, "127.0.0.1")
        self.devtools = adapter.DevTools(adapter.PipeTransport(chromium_or_none()))
        self.page = adapter.Page(self.devtools, url, "#amount", "task")

    def tearDown(self):
        self.page.close()
        self.devtools.close()
        self.server.shutdown()
        self.folder.cleanup()

    def new(self, locale):
        return self.page.new(dict(BASE, locale=locale, mode="natural", fractionDigits=2))

    def test_the_field_is_read_as_shown_and_clicked_into(self):
        # Read through the element's own `value`, the reply was "" at caret 0, and the caret
        # was put at that "end" (before the `$`), where no digit goes.
        self.assertEqual(self.new("en_US"), {"display": "$0.00", "caret": 2, "selection": None})
        self.assertEqual(self.page.press("enter"), {"display": "$0.00", "caret": None})
        self.assertEqual(self.page.press("left")["caret"], 1)  # back in at 2, then Left

    def test_the_decimal_key_types_the_locales_separator(self):
        self.new("de_DE")
        self.page.press("bs")
        self.assertEqual(self.page.press("dec")["display"], "$,.00")
        self.new("en_US")
        self.page.press("bs")
        self.assertEqual(self.page.press("dec")["display"], "$..00")


class TapTests(unittest.TestCase):
    """check's optional tap: listed in the reply to new ("takes"), answered with the field after
    it, its id echoed; with --no-tap neither listed nor answered."""

    class Page:
        used = True

        def __init__(self):
            self.tapped = []

        def new(self, request):
            return {"unsupported": True} if request.get("locale") == "xx" else {"display": "$0.00", "caret": 5}

        def tap(self, offset):
            self.tapped.append(offset)
            return {"display": "$1.50", "caret": offset}

    def serve(self, lines, taps=True):
        page = self.Page()
        stdin, stdout = sys.stdin, sys.stdout
        sys.stdin = io.TextIOWrapper(io.BytesIO("".join(json.dumps(line) + "\n" for line in lines).encode()))
        sys.stdout = io.TextIOWrapper(io.BytesIO(), write_through=True)
        try:
            adapter.serve(page, taps=taps)
            sys.stdout.buffer.seek(0)
            return page.tapped, [json.loads(line) for line in sys.stdout.buffer.read().decode().splitlines()]
        finally:
            sys.stdin, sys.stdout = stdin, stdout

    def test_a_tap_is_answered_like_a_key(self):
        tapped, replies = self.serve([{"op": "tap", "caret": 2, "id": 7}, {"op": "tap", "caret": "2"}])
        self.assertEqual(tapped, [2])
        self.assertEqual(replies, [{"display": "$1.50", "caret": 2, "id": 7}, {"error": "tap without a caret offset"}])

    def test_the_reply_to_new_lists_tap_unless_no_tap(self):
        _, replies = self.serve([{"op": "new", "locale": "en_US"}, {"op": "new", "locale": "xx"}])
        self.assertEqual(replies, [{"display": "$0.00", "caret": 5, "takes": ["tap"]}, {"unsupported": True}])
        _, replies = self.serve([{"op": "new", "locale": "en_US"}], taps=False)
        self.assertEqual(replies, [{"display": "$0.00", "caret": 5}])

    def test_no_tap_answers_unsupported(self):
        tapped, replies = self.serve([{"op": "tap", "caret": 2, "id": 3}], taps=False)
        self.assertEqual((tapped, replies), ([], [{"unsupported": True, "id": 3}]))


class AsIsTests(unittest.TestCase):
    """--as-is (for moneyfield fit): every `new` answered with the page as it is, none refused for
    an option the page's configuration does not model."""

    class Page(adapter.Page):
        """A Page whose browser is a dict: the field the page builds, whatever the request."""

        def __init__(self, declared):
            self.selector, self.url, self.reload_always = "#amount", "http://page", False
            self.loaded, self.used, self.declared, self.has_setup = True, False, declared, True
            self.show_labels, self.focused, self.refused = True, False, set()
            self.built = []

        def load(self):
            self.used = False

        def decimal_key_events(self, locale):
            return None  # no browser to ask for the locale's decimal key

        def build(self, request):
            self.built.append(request)
            return {"value": "$0", "start": 2, "end": 2, "direction": "none", "focused": True,
                    "prefix": "", "suffix": ""}

    entry = {"mode": "whole", "locale": "en_US", "currency": "USD"}

    def test_without_it_a_new_the_page_does_not_model_is_refused(self):
        page = self.Page([self.entry])
        self.assertEqual(page.new(request(whileTyping="pad")), {"unsupported": True})
        self.assertEqual(page.built, [])

    def test_with_it_every_new_gets_the_page_as_it_is(self):
        page = self.Page([self.entry])
        page.as_is = True
        for options in ({"whileTyping": "pad"}, {"mode": "natural", "startsEmpty": True}, {"roundingMode": "up"}):
            self.assertEqual(page.new(request(**options)), {"display": "$0", "caret": 2, "selection": None})
        self.assertEqual(len(page.built), 3)

    def test_the_setup_builds_the_field_the_tag_models_first_whatever_new_asks(self):
        # A page that models two fields would otherwise build whichever the request picks, and
        # fit's recording would mix them; the request's locale and currency pick the entry.
        natural = {"mode": "natural", "locale": "en_US", "currency": "USD", "startsEmpty": True, "emptiable": ["last-digit", "at-zero"]}
        whole_inr = {"mode": "whole", "locale": "en_IN", "currency": "INR"}
        page = self.Page([natural, self.entry, whole_inr])
        page.as_is = True
        page.new(request(mode="atm", whileTyping="pad"))
        page.new(request(locale="en_IN", currency="INR"))
        self.assertEqual(page.built[0]["mode"], "natural")
        self.assertEqual((page.built[0]["emptiable"], page.built[0]["startsEmpty"], page.built[0]["whileTyping"]), ("last-digit", True, "pad"))
        self.assertEqual((page.built[1]["mode"], page.built[1]["locale"]), ("whole", "en_IN"))

    def test_it_goes_without_config(self):
        # Checked before any browser starts: the parser's error, exit 2, names both options.
        import subprocess
        here = os.path.dirname(os.path.abspath(__file__))
        result = subprocess.run([sys.executable, os.path.join(here, "adapter.py"), "page.html", "--as-is",
                                 "--config", "{}"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--as-is answers every new as the page is, --config says which it models", result.stderr)


class WebSocketServer:
    """One connection: checks the client's handshake and frames, then plays `script`."""

    def __init__(self, script, accept_key=None):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.script, self.accept_key = script, accept_key
        self.received = []  # (opcode, masked, payload) of each client frame
        self.failure = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        try:
            connection, _ = self.listener.accept()
            with connection:
                self.connection = connection
                self.buffer = b""
                while b"\r\n\r\n" not in self.buffer:
                    self.buffer += connection.recv(4096)
                head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
                headers = dict(line.split(": ", 1) for line in head.decode().split("\r\n")[1:])
                key = headers["Sec-WebSocket-Key"]
                accept = self.accept_key or base64.b64encode(hashlib.sha1(
                    (key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
                connection.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                                    "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n" % accept).encode())
                self.script(self)
        except Exception as error:  # reported by the test that waits for the thread
            self.failure = error
        finally:
            self.listener.close()

    def read_frame(self):
        def need(size):
            while len(self.buffer) < size:
                chunk = self.connection.recv(65536)
                if not chunk:
                    raise EOFError("client closed")
                self.buffer += chunk
        need(2)
        opcode, masked, size = self.buffer[0] & 0x0F, bool(self.buffer[1] & 0x80), self.buffer[1] & 0x7F
        offset = 2
        if size == 126:
            need(4)
            size, offset = struct.unpack("!H", self.buffer[2:4])[0], 4
        elif size == 127:
            need(10)
            size, offset = struct.unpack("!Q", self.buffer[2:10])[0], 10
        need(offset + 4 + size)
        mask = self.buffer[offset:offset + 4]
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self.buffer[offset + 4:offset + 4 + size]))
        self.buffer = self.buffer[offset + 4 + size:]
        self.received.append((opcode, masked, payload))
        return opcode, payload

    def send_frame(self, opcode, payload, final=True):
        size = len(payload)
        header = bytes([(0x80 if final else 0) | opcode])
        if size < 126:
            header += bytes([size])
        elif size < 1 << 16:
            header += bytes([126]) + struct.pack("!H", size)
        else:
            header += bytes([127]) + struct.pack("!Q", size)
        self.connection.sendall(header + payload)

    def join(self):
        self.thread.join(10)
        if self.thread.is_alive():
            raise AssertionError("the test server did not finish within 10 s")
        if self.failure:
            raise self.failure


class WebSocketTests(unittest.TestCase):
    def test_masked_frames_fragments_long_lengths_ping_and_close(self):
        big = json.dumps({"id": 2, "result": {"value": "x" * 70000}}).encode()

        def script(server):
            opcode, payload = server.read_frame()
            assert opcode == 1 and payload == b'{"id":1}', (opcode, payload)
            opcode, payload = server.read_frame()  # 300 bytes: a 16-bit length
            assert opcode == 1 and payload == b"y" * 300, (opcode, len(payload))
            server.send_frame(0x9, b"are you there")
            server.send_frame(0x1, b'{"id":1,', final=False)
            server.send_frame(0x0, b'"result":{}}')
            server.send_frame(0x1, big)
            opcode, payload = server.read_frame()
            assert opcode == 0xA and payload == b"are you there", (opcode, payload)
            server.send_frame(0x8, struct.pack("!H", 1000))

        server = WebSocketServer(script)
        transport = adapter.WebSocketTransport("ws://127.0.0.1:%d/devtools/browser/x" % server.port)
        transport.send(b'{"id":1}')
        transport.send(b"y" * 300)
        deadline = time.monotonic() + 10
        self.assertEqual(transport.receive(deadline), b'{"id":1,"result":{}}')
        self.assertEqual(transport.receive(deadline), big)
        with self.assertRaisesRegex(adapter.AdapterError, "closed the DevTools WebSocket"):
            transport.receive(deadline)
        transport.close()
        server.join()
        self.assertTrue(all(masked for _, masked, _ in server.received), "a client frame was not masked")

    def test_receive_returns_none_at_its_deadline(self):
        finished = threading.Event()
        server = WebSocketServer(lambda s: finished.wait(10))
        transport = adapter.WebSocketTransport("ws://127.0.0.1:%d/" % server.port)
        self.assertIsNone(transport.receive(time.monotonic() + 0.2))
        finished.set()
        transport.close()
        server.join()

    def test_a_wrong_accept_key_is_refused(self):
        server = WebSocketServer(lambda s: None, accept_key="d3Jvbmc=")
        with self.assertRaisesRegex(adapter.AdapterError, "wrong accept key"):
            adapter.WebSocketTransport("ws://127.0.0.1:%d/" % server.port)
        server.join()

    def test_an_http_address_is_read_from_json_version(self):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = json.dumps({"webSocketDebuggerUrl": "ws://localhost:1/devtools/browser/abc"}).encode()
                self.send_response(200 if self.path == "/json/version" else 404)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.handle_request, daemon=True).start()
        port = server.server_address[1]
        # The browser's own path, at the host and port we reached it on.
        self.assertEqual(adapter.devtools_websocket("http://127.0.0.1:%d" % port),
                         "ws://127.0.0.1:%d/devtools/browser/abc" % port)
        server.server_close()
        with self.assertRaisesRegex(adapter.AdapterError, "--browser-url takes"):
            adapter.devtools_websocket("ftp://example")


if __name__ == "__main__":
    unittest.main()
