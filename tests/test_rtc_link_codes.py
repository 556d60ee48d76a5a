"""The pieces of the online-link harness that need no browser: e2e/netns.py's checks and commands, the test
page it serves, the QR library's vendoring (tools/build_site.py) and its system packages (tools/system_deps.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import netns  # noqa: E402
import system_deps  # noqa: E402

from web.page.shared.rtc import pack, read_code, unpack  # noqa: E402


def test_a_machine_that_cannot_make_a_namespace_is_told_what_is_missing() -> None:
    assert netns.netns_problem(euid=0, ip_path="/sbin/ip") is None
    not_root = netns.netns_problem(euid=1000, ip_path="/sbin/ip")
    assert not_root is not None and "root" in not_root
    no_ip = netns.netns_problem(euid=0, ip_path=None)
    assert no_ip is not None and "iproute2" in no_ip


def test_the_namespace_keeps_its_link_inside() -> None:
    cmds = netns.setup_commands("rummy-rtc-7")
    assert all(c[:4] == ["ip", "netns", "exec", "rummy-rtc-7"] for c in cmds)
    inner = [c[4:] for c in cmds]
    assert ["ip", "link", "set", "lo", "up"] in inner
    assert ["ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"] in inner  # both ends inside
    assert ["ip", "addr", "add", netns.ADDRESS, "dev", "v0"] in inner
    assert ["ip", "route", "add", "default", "via", netns.GATEWAY, "dev", "v0"] in inner
    # Its addresses are all there before anything runs: no IPv6 link-local address appears seconds later.
    for end in ("v0", "v1"):
        assert inner.index(["ip", "link", "set", end, "addrgenmode", "none"]) < inner.index(["ip", "link", "set", end, "up"])
    # Nothing is moved out of the namespace or bridged to the machine's interfaces.
    assert not any("netns" in c[5:] or "master" in c or "nomaster" in c for c in inner)


def test_only_namespaces_of_finished_sessions_are_stale() -> None:
    listing = "rummy-rtc-11 (id: 3)\nrummy-rtc-12\nother-ns (id: 1)\nrummy-rtc-x\nrummy-rtc-13 (id: 4)\n"
    alive = {12}
    assert netns.stale_namespaces(listing, lambda pid: pid in alive) == ["rummy-rtc-11", "rummy-rtc-13"]


def test_the_link_page_has_the_sites_policy_and_our_scripts_only(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "web").mkdir(parents=True)
    csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"
    (site / "index.html").write_text(f'<head><meta http-equiv="Content-Security-Policy" content="{csp}"></head>')
    (site / "web" / "rtc.js").write_text("//")
    served = netns.served_dir(site, tmp_path / "served")
    assert (served / "web" / "rtc.js").read_text() == "//"
    page = (served / netns.TEST_PAGE).read_text()
    assert f'content="{csp}"' in page
    assert page.count("<script") == 2 and "./web/rtc.js" in page and "./vendor/qrcode-generator.js" in page
    assert "<script>" not in page  # no inline script: the CSP would refuse it
    (site / "index.html").write_text("<head></head>")
    with pytest.raises(RuntimeError):
        netns.site_csp(site)


def test_the_wrapper_runs_chromium_inside_the_namespace(tmp_path: Path) -> None:
    path = netns.wrapper_script("rummy-rtc-5", "/usr/bin/chromium", tmp_path / "chromium")
    text = path.read_text()
    assert text.startswith("#!/bin/sh\n") and 'netns exec rummy-rtc-5 /usr/bin/chromium "$@"' in text
    assert path.stat().st_mode & 0o111


def test_the_qr_library_is_pinned_and_vendored_from_node_modules() -> None:
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert pins["qrcode-generator"] == "2.0.4"  # exact: the build ships what the lock file says
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/qrcode-generator"]["license"] == "MIT"
    assert build_site.VENDOR["vendor/qrcode-generator.js"] == Path("node_modules/qrcode-generator/dist/qrcode.js")
    # asked for by web/bridge.js's online(), the QR library before web/rtc.js (run in that order), not by index.html
    bridge = (ROOT / "web" / "bridge.js").read_text()
    html = (ROOT / "index.html").read_text()
    assert '["./vendor/qrcode-generator.js", "./web/rtc.js", "./web/signal.js"]' in bridge and "s.async = false" in bridge
    assert "<script src=" not in html.replace('<script src="./web/boot.js"></script>', "").replace(
        '<script src="./web/bridge.js"></script>', "")
    # PyScript, and so the page's Python, is started by boot.js once the document is parsed
    boot = (ROOT / "web" / "boot.js").read_text()
    assert 'type="module"' not in html and 'src: "./web/pyscript-hooks.js"' in boot and '"DOMContentLoaded"' in boot


def test_the_online_tests_system_packages_are_installed_by_make_browsers() -> None:
    assert [p for p, _ in system_deps.GROUPS["rtc"]] == ["iproute2", "libzbar0"]
    assert "system_deps.py chromium cross rtc" in (ROOT / "Makefile").read_text()


def _sdp(*candidates: str) -> str:
    lines = ["v=0", "a=ice-ufrag:abcd", "a=ice-pwd:" + "p" * 24, "a=fingerprint:sha-256 " + ":".join(["AB"] * 32)]
    return "\r\n".join(lines + [f"a=candidate:{i} 1 udp 2113937151 {c} typ host generation 0"
                                  for i, c in enumerate(candidates)]) + "\r\n"


def test_an_mdns_name_travels_in_the_code() -> None:
    """A player's Chromium shows its address as ``<uuid>.local``: the code carries the UUID's 16 bytes."""
    name = "dc92e772-c986-4364-8e0c-7e26aaa57131.local"
    code = pack(_sdp(f"{name} 56041", "192.0.2.7 5000"), "offer")
    assert read_code(code)[4] == [("host", name, 56041), ("host", "192.0.2.7", 5000)]
    assert len(code) - len(pack(_sdp("192.0.2.7 5000"), "offer")) <= 26  # 19 bytes more than without it
    _, sdp = unpack(code)
    assert f"a=candidate:1 1 udp 2113937151 {name} 56041 typ host" in sdp
    assert "c=IN IP4 192.0.2.7" in sdp and "m=application 5000 " in sdp  # the c= line takes an address


def test_an_sdp_with_only_an_mdns_name_gets_a_placeholder_address() -> None:
    _, sdp = unpack(pack(_sdp("DC92E772-C986-4364-8E0C-7E26AAA57131.local 9999"), "answer"))
    assert "c=IN IP4 0.0.0.0" in sdp and "m=application 9 " in sdp
    assert "dc92e772-c986-4364-8e0c-7e26aaa57131.local 9999 typ host" in sdp


def test_other_local_names_are_left_out() -> None:
    code = pack(_sdp("printer.local 631", "not-a-uuid-at-all-here.local 5", "192.0.2.7 5000"), "offer")
    assert read_code(code)[4] == [("host", "192.0.2.7", 5000)]


@pytest.mark.needs_npm
def test_the_page_micropython_reads_and_writes_the_same_codes() -> None:
    """rtc.py runs on the page under MicroPython: the same codes and descriptions as under CPython."""
    import mpy

    sdp = _sdp("dc92e772-c986-4364-8e0c-7e26aaa57131.local 56041", "192.0.2.7 5000", "fd00::2 7",
               "printer.local 631")
    source = ("import json\nfrom web.page.shared.rtc import pack, read_code, unpack\n"
              f"code = pack({sdp!r}, 'offer')\n"
              "print(json.dumps([code, [list(c) for c in read_code(code)[4]], unpack(code)[1]]))\n")
    files = {"web/page/shared/rtc.py": (ROOT / "web/page/shared/rtc.py").read_text(encoding="utf-8"),
             "web/page/shared/b64url.py": (ROOT / "web/page/shared/b64url.py").read_text(encoding="utf-8"),
             "web/page/shared/__init__.py": "", "web/page/__init__.py": "", "web/__init__.py": ""}
    code = pack(sdp, "offer")
    assert json.loads(mpy.run(source, files)) == [code, [list(c) for c in read_code(code)[4]], unpack(code)[1]]
