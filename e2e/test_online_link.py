"""The online link (web/rtc.js) end to end in real Chromium: host and guests in separate browser contexts joined
by real RTCDataChannels, inside a network namespace of the test's own (e2e/netns.py), with no STUN server.

The connection codes travel as they will between people: the browser's offer is squeezed into a code by
web/page/shared/rtc.py (here in CPython), rebuilt into SDP for the guest, and the guest's answer likewise.
Run: ``python -m pytest e2e -q --import-mode=importlib -o "pythonpath=tests e2e" -k online_link`` (as root).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from web.page.shared.rtc import pack, read_code, unpack

pytest_plugins = ["netns"]  # rtc_contexts, rtc_browser, rtc_site_url, rtc_netns
TEST_PAGE = "rtc-link.html"  # served by netns.rtc_site_url: the site's CSP, the QR library and web/rtc.js

WAIT = 30_000  # ms: the longest any wait may take before the test fails (a limit, not a delay)

LISTEN = "() => { window.__ev = []; return rummyRtc.listen((k, kind, d) => { window.__ev.push([k, kind, d]); }); }"


def open_link_page(ctx: Any, path: str = TEST_PAGE) -> Page:
    page = ctx.new_page()
    page.goto(path)
    page.wait_for_function("() => window.rummyRtc !== undefined", timeout=WAIT)
    assert page.evaluate(LISTEN) is True
    return page


def offer(page: Page, key: str) -> tuple[str, str]:
    sdp, err = page.evaluate("(key) => new Promise((res) => rummyRtc.offer(key, (s, e) => res([s, e])))", key)
    return sdp, err


def answer(page: Page, key: str, sdp: str) -> tuple[str, str]:
    out, err = page.evaluate("([key, sdp]) => new Promise((res) => rummyRtc.answer(key, sdp, (s, e) => res([s, e])))",
                             [key, sdp])
    return out, err


def accept(page: Page, key: str, sdp: str) -> tuple[bool, str]:
    ok, err = page.evaluate("([key, sdp]) => new Promise((res) => rummyRtc.accept(key, sdp, (o, e) => res([o, e])))",
                            [key, sdp])
    return ok, err


def events(page: Page, key: str, kind: str | None = None) -> list[tuple[str, str]]:
    return [(k, d) for (k_, k, d) in ((e[0], e[1], e[2]) for e in page.evaluate("window.__ev")) if k_ == key
            and (kind is None or k == kind)]


def wait_event(page: Page, key: str, kind: str, count: int = 1) -> None:
    page.wait_for_function("([key, kind, n]) => window.__ev.filter((e) => e[0] === key && e[1] === kind).length >= n",
                           arg=[key, kind, count], timeout=WAIT)


def send(page: Page, key: str, text: Any) -> Any:
    return page.evaluate("([key, text]) => rummyRtc.send(key, text)", [key, text])


def state(page: Page, key: str) -> str:
    return str(page.evaluate("(key) => rummyRtc.state(key)", key))


def candidates(sdp: str) -> list[tuple[str, str, str]]:
    """(protocol, address, type) of each candidate line."""
    out = []
    for line in sdp.replace("\r\n", "\n").split("\n"):
        if line.startswith("a=candidate:"):
            p = line.split(" ")
            out.append((p[2].lower(), p[4], p[7]))
    return out


def connect(host: Page, guest: Page, seat: str) -> tuple[str, str]:
    """Host offers on ``seat``, the guest answers on "host", both open: returns (offer code, reply code)."""
    sdp, err = offer(host, seat)
    assert err == "" and sdp, err
    assert state(host, seat) == "connecting"
    code = pack(sdp, "offer")
    kind, offer_sdp = unpack(code)
    assert kind == "offer"
    reply_sdp, err = answer(guest, "host", offer_sdp)
    assert err == "" and reply_sdp, err
    reply = pack(reply_sdp, "answer")
    kind, answer_sdp = unpack(reply)
    assert kind == "answer"
    ok, err = accept(host, seat, answer_sdp)
    assert ok is True and err == ""
    wait_event(host, seat, "open")
    wait_event(guest, "host", "open")
    assert state(host, seat) == state(guest, "host") == "open"
    return code, reply


def test_host_and_guest_connect_talk_and_part(rtc_contexts, rtc_netns):
    host_ctx, guest_ctx = rtc_contexts(2)
    host, guest = open_link_page(host_ctx), open_link_page(guest_ctx)
    assert state(host, "seat1") == "closed"  # no such link yet
    sdp, err = offer(host, "seat1")
    assert err == ""
    # Only the namespace's own address is ever a candidate: no mDNS name, no STUN, nothing of the machine's.
    assert {c[1] for c in candidates(sdp) if c[0] == "udp"} == {rtc_netns.address}
    assert all(c[2] == "host" for c in candidates(sdp))
    host.evaluate("() => rummyRtc.close('seat1')")
    assert state(host, "seat1") == "closed"

    code, reply = connect(host, guest, "seat1")
    assert len(code) <= 120 and len(reply) <= 120, (len(code), len(reply))
    assert read_code(code)[4] == [("host", rtc_netns.address, read_code(code)[4][0][2])]

    words = "Ann ♥ Bob: “nice gin!” 👍🂡 — ünïcödé ✓"
    big = "".join(f"{i:06d}," for i in range(100_000 // 7 + 1))[:100_000]  # 100 kB, in order
    for text in ("hello", words, big):
        assert send(host, "seat1", text) is True
    assert send(guest, "host", words + " back") is True
    wait_event(guest, "host", "message", 3)
    wait_event(host, "seat1", "message", 1)
    assert [d for (_, d) in events(guest, "host", "message")] == ["hello", words, big]
    assert [d for (_, d) in events(host, "seat1", "message")] == [words + " back"]

    # Refused sends answer false, never throw.
    assert send(host, "seat1", "x" * (256 * 1024 + 1)) is False          # over the 256 kB cap
    assert send(host, "seat1", "é" * (128 * 1024 + 1)) is False          # the cap counts UTF-8 bytes
    assert send(host, "seat1", 42) is False                              # not text
    assert send(host, "nobody", "hi") is False                           # no such link

    guest.close()  # the guest leaves: the host learns it (waiting for the event, not for a time)
    wait_event(host, "seat1", "closed")
    assert state(host, "seat1") == "closed"
    assert send(host, "seat1", "still there?") is False
    kinds = [k for (k, _) in events(host, "seat1")]
    assert kinds == ["open", "message", "closed"]  # one open, one end, nothing after
    assert events(host, "seat1", "closed") == [("closed", "channel closed")]  # at once: the channel closed


def test_one_host_two_guests_at_once(rtc_contexts):
    host_ctx, ann_ctx, bob_ctx = rtc_contexts(3)
    host, ann, bob = (open_link_page(c) for c in (host_ctx, ann_ctx, bob_ctx))
    connect(host, ann, "seat1")
    connect(host, bob, "seat2")
    assert send(host, "seat1", "to Ann") and send(host, "seat2", "to Bob")
    assert send(ann, "host", "from Ann") and send(bob, "host", "from Bob")
    wait_event(ann, "host", "message")
    wait_event(bob, "host", "message")
    wait_event(host, "seat1", "message")
    wait_event(host, "seat2", "message")
    assert [d for (_, d) in events(ann, "host", "message")] == ["to Ann"]
    assert [d for (_, d) in events(bob, "host", "message")] == ["to Bob"]
    assert [d for (_, d) in events(host, "seat1", "message")] == ["from Ann"]
    assert [d for (_, d) in events(host, "seat2", "message")] == ["from Bob"]

    # One guest leaving ends only its own link.
    bob.evaluate("() => rummyRtc.closeAll()")
    wait_event(host, "seat2", "closed")
    assert state(host, "seat1") == "open" and state(host, "seat2") == "closed"
    assert events(bob, "host", "closed") == []  # closing here is quiet
    assert send(host, "seat1", "still here") is True
    wait_event(ann, "host", "message", 2)


def test_a_link_gone_silent_is_reported_closed(rtc_contexts, rtc_netns):
    """No goodbye from the other side (its network dropped): "disconnected" that lasts ends the link."""
    host_ctx, guest_ctx = rtc_contexts(2)
    host, guest = open_link_page(host_ctx), open_link_page(guest_ctx)
    connect(host, guest, "seat1")
    with rtc_netns.unplugged():
        wait_event(host, "seat1", "closed")
        wait_event(guest, "host", "closed")
    assert events(host, "seat1", "closed") == [("closed", "disconnected")]
    assert state(host, "seat1") == state(guest, "host") == "closed"
    assert send(guest, "host", "anyone?") is False


def test_players_browsers_hiding_their_address_connect_through_the_codes(rtc_contexts):
    """As every player's Chromium does, host candidates are mDNS names (``<uuid>.local``): the codes carry them."""
    host_ctx, guest_ctx = rtc_contexts(2, mdns=True)
    host, guest = open_link_page(host_ctx), open_link_page(guest_ctx)
    sdp, _ = offer(host, "seat1")
    assert [c[1].endswith(".local") for c in candidates(sdp)] == [True]
    host.evaluate("() => rummyRtc.close('seat1')")
    code, reply = connect(host, guest, "seat1")
    assert read_code(code)[4][0][1].endswith(".local") and read_code(reply)[4][0][1].endswith(".local")
    assert len(code) <= 120 and len(reply) <= 120, (len(code), len(reply))
    assert send(host, "seat1", "ping") and send(guest, "host", "pong")
    wait_event(guest, "host", "message")
    wait_event(host, "seat1", "message")
    assert events(guest, "host", "message") == [("message", "ping")]
    assert events(host, "seat1", "message") == [("message", "pong")]


def without_candidates(sdp: str) -> str:
    return "".join(line + "\r\n" for line in sdp.split("\r\n") if line and not line.startswith("a=candidate:"))


def test_an_accepted_reply_that_cannot_connect_fails(rtc_contexts):
    """Codes with no address either side can reach: the host's link ends in "failed", not in a wait forever."""
    host_ctx, guest_ctx = rtc_contexts(2)
    host, guest = open_link_page(host_ctx), open_link_page(guest_ctx)
    host.evaluate("() => { rummyRtc.limits.connectMs = 1000; }")  # nothing can connect: any limit gives the same
    sdp, _ = offer(host, "seat1")
    _, offer_sdp = unpack(pack(without_candidates(sdp), "offer"))
    assert "a=candidate" not in offer_sdp
    reply_sdp, _ = answer(guest, "host", offer_sdp)
    ok, _ = accept(host, "seat1", unpack(pack(without_candidates(reply_sdp), "answer"))[1])
    assert ok is True
    wait_event(host, "seat1", "failed")
    assert events(host, "seat1") == [("failed", "could not connect")]
    assert state(host, "seat1") == "closed"


def test_a_bad_reply_is_refused_and_the_offer_still_waits(rtc_contexts):
    host_ctx, guest_ctx = rtc_contexts(2)
    host, guest = open_link_page(host_ctx), open_link_page(guest_ctx)
    sdp, _ = offer(host, "seat1")
    ok, err = accept(host, "seat1", "this is not a description")
    assert ok is False and err
    ok, err = accept(host, "seat9", "v=0")  # no offer on that link
    assert ok is False and err
    assert state(host, "seat1") == "connecting"
    out, err = answer(guest, "host", "not an offer either")  # the guest side refuses junk the same way
    assert out == "" and err and state(guest, "host") == "closed"
    _, offer_sdp = unpack(pack(sdp, "offer"))
    reply_sdp, _ = answer(guest, "host", offer_sdp)
    ok, err = accept(host, "seat1", unpack(pack(reply_sdp, "answer"))[1])
    assert ok is True and err == ""
    wait_event(host, "seat1", "open")
    wait_event(guest, "host", "open")


def test_a_forged_fingerprint_fails_the_link(rtc_contexts):
    """An answer whose DTLS fingerprint is not the guest's: the host's link fails, reported as an event."""
    host_ctx, guest_ctx = rtc_contexts(2)
    host, guest = open_link_page(host_ctx), open_link_page(guest_ctx)
    sdp, _ = offer(host, "seat1")
    reply_sdp, _ = answer(guest, "host", unpack(pack(sdp, "offer"))[1])
    _, answer_sdp = unpack(pack(reply_sdp, "answer"))
    forged = re.sub(r"(a=fingerprint:sha-256 )([0-9A-F]{2})",
                    lambda m: m.group(1) + ("00" if m.group(2) != "00" else "01"), answer_sdp)
    assert forged != answer_sdp
    ok, _ = accept(host, "seat1", forged)
    assert ok is True  # well-formed: only the handshake can tell
    wait_event(host, "seat1", "failed")
    assert events(host, "seat1", "open") == []
    assert state(host, "seat1") == "closed"
    assert send(host, "seat1", "hi") is False


def test_configure_refuses_anything_but_a_server_list(rtc_contexts):
    (ctx,) = rtc_contexts(1)
    page = open_link_page(ctx)
    for bad in ("nonsense", "{}", '[{"urls": "http://example.com"}]', '[{"urls": []}]', "[3]",
                '[{"urls": "stun:x", "extra": 1}]'):
        answer_ = page.evaluate("(t) => rummyRtc.configure(t)", bad)
        assert isinstance(answer_, dict) and answer_["error"], bad
    assert page.evaluate("() => rummyRtc.configure('[]')") is True


# --------------------------------------------------------------- QR codes
# Byte-mode capacity of QR versions 1..20 at error correction M (ISO/IEC 18004, table 7).
CAPACITY_M = (14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666)


def svg_modules(svg: str) -> list[list[bool]]:
    """The module matrix of qrcode-generator's SVG (one ``M x,y`` square per dark module, a 4-module margin)."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))  # type: ignore[union-attr]
    n = size - 8
    grid = [[False] * n for _ in range(n)]
    for x, y in re.findall(r"M(\d+),(\d+)l1,0 0,1 -1,0 0,-1z", svg):
        grid[int(y) - 4][int(x) - 4] = True
    return grid


def zbar_decode(grid: list[list[bool]], scale: int = 4) -> list[bytes]:
    """Decode a module matrix with the zbar library (Debian's libzbar0), drawn with a quiet zone."""
    name = ctypes.util.find_library("zbar") or "libzbar.so.0"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        pytest.fail("the QR check needs libzbar (Debian package libzbar0): `make browsers` installs it as root",
                    pytrace=False)
    lib.zbar_image_scanner_create.restype = ctypes.c_void_p
    lib.zbar_image_create.restype = ctypes.c_void_p
    lib.zbar_image_first_symbol.restype = ctypes.c_void_p
    lib.zbar_symbol_next.restype = ctypes.c_void_p
    lib.zbar_symbol_get_data.restype = ctypes.c_void_p
    lib.zbar_symbol_get_data_length.restype = ctypes.c_uint
    for f in ("zbar_image_scanner_set_config", "zbar_image_set_format", "zbar_image_set_size",
              "zbar_image_set_data", "zbar_scan_image", "zbar_image_first_symbol", "zbar_symbol_next",
              "zbar_symbol_get_data", "zbar_symbol_get_data_length", "zbar_image_destroy",
              "zbar_image_scanner_destroy"):
        getattr(lib, f).argtypes = None
    n = len(grid)
    side = (n + 8) * scale
    pixels = bytearray(b"\xff" * side * side)
    for r, row in enumerate(grid):
        for c, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = ((r + 4) * scale + dy) * side + (c + 4) * scale
                    pixels[start:start + scale] = b"\x00" * scale
    buf = ctypes.create_string_buffer(bytes(pixels), len(pixels))
    scanner = ctypes.c_void_p(lib.zbar_image_scanner_create())
    lib.zbar_image_scanner_set_config(scanner, 0, 0, 1)  # ZBAR_NONE, ZBAR_CFG_ENABLE, on
    image = ctypes.c_void_p(lib.zbar_image_create())
    lib.zbar_image_set_format(image, ctypes.c_ulong(int.from_bytes(b"Y800", "little")))
    lib.zbar_image_set_size(image, ctypes.c_uint(side), ctypes.c_uint(side))
    lib.zbar_image_set_data(image, buf, ctypes.c_ulong(len(pixels)), None)
    out = []
    try:
        if lib.zbar_scan_image(scanner, image) > 0:
            sym = lib.zbar_image_first_symbol(image)
            while sym:
                sym = ctypes.c_void_p(sym)
                out.append(ctypes.string_at(lib.zbar_symbol_get_data(sym), lib.zbar_symbol_get_data_length(sym)))
                sym = lib.zbar_symbol_next(sym)
    finally:
        lib.zbar_image_set_data(image, None, ctypes.c_ulong(0), None)
        lib.zbar_image_destroy(image)
        lib.zbar_image_scanner_destroy(scanner)
    return out


def test_qr_code_of_an_invite_link(rtc_contexts):
    (ctx,) = rtc_contexts(1)
    page = open_link_page(ctx)
    sdp, _ = offer(page, "seat1")
    link = "https://friends.example.org/rummy/#join=" + pack(sdp, "offer") + "&t=" + "g" * 180
    svg = page.evaluate("(t) => rummyRtc.qr(t)", link)
    assert svg.startswith("<svg ") and svg.endswith("</svg>") and "<script" not in svg
    grid = svg_modules(svg)
    version = next(v for v, cap in enumerate(CAPACITY_M, start=1) if cap >= len(link.encode()))
    assert len(grid) == 4 * version + 17
    assert zbar_decode(grid) == [link.encode()]
    # The page can show it under its own CSP (an <svg> element, nothing fetched).
    assert page.evaluate("(s) => { const d = document.getElementById('qr'); d.innerHTML = s; "
                         "return d.querySelector('svg path') !== null; }", svg) is True
    assert page.evaluate("() => rummyRtc.qr('x'.repeat(5000))") == ""  # too long for any QR code: no error


# --------------------------------------------------------------- the game page
def test_the_game_page_loads_the_link_and_the_qr_library(rtc_contexts, wait_drawn):
    (ctx,) = rtc_contexts(1)
    page = ctx.new_page()
    page.goto("index.html")
    wait_drawn(page)
    # asked for by the page's Python once it has started (web/bridge.js, online)
    page.wait_for_function("() => typeof window.rummyRtc === 'object' && typeof window.rummySignal === 'object'")
    assert page.evaluate("() => typeof rummyRtc.offer === 'function' && typeof qrcode === 'function'") is True
    assert page.evaluate("() => rummyRtc.qr('https://example.org/').startsWith('<svg ')") is True
    sdp, err = offer(page, "seat1")  # a data channel under the game page's Content-Security-Policy
    assert err == "" and candidates(sdp)
