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
    html = (ROOT / "index.html").read_text()
    assert '<script src="./vendor/qrcode-generator.js" defer></script>' in html
    assert html.index("./vendor/qrcode-generator.js") < html.index("./web/rtc.js") < html.index("pyscript/core.js")


def test_the_online_tests_system_packages_are_installed_by_make_browsers() -> None:
    assert [p for p, _ in system_deps.GROUPS["rtc"]] == ["iproute2", "libzbar0"]
    assert "system_deps.py chromium cross rtc" in (ROOT / "Makefile").read_text()
