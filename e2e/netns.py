"""Fixtures for WebRTC browser tests with every packet kept on this machine.

The test session makes a network namespace of its own (loopback up, and a veth pair whose both ends stay inside
it: ``10.99.0.2/24`` with a default route, so Chromium finds an address to gather as an ICE host candidate).
The built site is served INSIDE the namespace (``ip netns exec NS python3 tools/serve.py``) and Chromium runs
inside it too (Playwright's ``executable_path`` is a small wrapper: ``ip netns exec NS /usr/bin/chromium "$@"``,
with ``--disable-features=WebRtcHideLocalIpsWithMdns`` so candidates are plain addresses, not mDNS names).
Playwright talks to that Chromium over a pipe, so the test process itself stays outside. Nothing here
configures a STUN server: the only candidates are the namespace's own addresses.

Use them from a test module with ``pytest_plugins = ["netns"]``:

``rtc_netns`` (session)
    The namespace (:class:`NetNs`); deleted at the end of the session, even after a failure.
    ``rtc_netns.address`` is its one address; ``with rtc_netns.unplugged():`` takes it away for a while.
``rtc_site_url`` (session)
    ``http://127.0.0.1:PORT/`` of the site served inside the namespace: the built site (``site_dir``) plus
    ``rtc-link.html``, a page with the site's own Content-Security-Policy that loads only the QR library and
    ``web/rtc.js`` (no Python: quick to open many times). The guard accepts requests to it.
``rtc_browser`` (session)
    A Chromium ``Browser`` running inside the namespace, its ICE host candidates plain addresses.
``rtc_player_browser`` (session)
    Another, without that flag: as every player's Chromium, it hides its address behind an mDNS name
    (``<uuid>.local``), which the other pages of the namespace resolve by multicast inside it.
``rtc_contexts``
    ``rtc_contexts(n)`` makes ``n`` new browser contexts (``base_url`` = ``rtc_site_url``), watched by the
    ``guard`` (console errors, page errors, foreign requests fail the test), closed after the test; their pages'
    Settings list no relay, or ``relays=[...]``;
    ``rtc_contexts(n, mdns=True)`` makes them in ``rtc_player_browser``.

When the machine cannot make a namespace (not root, no ``ip`` command, or the kernel refuses), every test using
these fixtures fails at once saying what is missing. ``make browsers`` installs ``iproute2`` (as root).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NS_PREFIX = "rummy-rtc-"
ADDRESS = "10.99.0.2/24"      # the namespace's address: its one ICE host candidate
GATEWAY = "10.99.0.1"         # a default route is needed for Chromium to gather a candidate; nothing answers there
TEST_PAGE = "rtc-link.html"
RTC_FLAGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]


def netns_problem(euid: int | None = None, ip_path: str | bool | None = True) -> str | None:
    """Why this machine cannot make the test namespace, or None. (Arguments only for the unit tests.)"""
    if euid is None:
        euid = os.geteuid() if hasattr(os, "geteuid") else -1
    if ip_path is True:
        ip_path = shutil.which("ip")
    if euid != 0:
        return ("WebRTC browser tests make a network namespace of their own and need root (CI runs as root): "
                "run them as root, e.g. `sudo -E python -m pytest e2e -k online_link`")
    if not ip_path:
        return ("WebRTC browser tests need the `ip` command (Debian package iproute2): "
                "`make browsers` installs it as root, or `apt-get install -y iproute2`")
    return None


def setup_commands(ns: str) -> list[list[str]]:
    """The ``ip`` commands that make namespace ``ns`` (after ``ip netns add``).

    The veth ends get no IPv6 link-local address (``addrgenmode none``): the kernel would give each one ~1-2 s
    after the link comes up (once duplicate address detection ends), and Chromium, seeing the namespace's
    addresses change, fails every request then in flight with ERR_NETWORK_CHANGED (the first page of the first
    online test of a run would then lose its main.py request)."""
    inside = ["ip", "netns", "exec", ns]
    return [
        [*inside, "ip", "link", "set", "lo", "up"],
        [*inside, "ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"],
        [*inside, "ip", "link", "set", "v0", "addrgenmode", "none"],
        [*inside, "ip", "link", "set", "v1", "addrgenmode", "none"],
        [*inside, "ip", "addr", "add", ADDRESS, "dev", "v0"],
        [*inside, "ip", "link", "set", "v0", "up"],
        [*inside, "ip", "link", "set", "v1", "up"],
        [*inside, "ip", "route", "add", "default", "via", GATEWAY, "dev", "v0"],
    ]


def stale_namespaces(listing: str, alive: Callable[[int], bool]) -> list[str]:
    """Namespaces of earlier test sessions (``rummy-rtc-<pid>``) whose process is gone, from ``ip netns list``."""
    out = []
    for line in listing.splitlines():
        name = line.split(" ")[0].strip()
        m = re.fullmatch(re.escape(NS_PREFIX) + r"(\d+)", name)
        if m and not alive(int(m.group(1))):
            out.append(name)
    return out


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"`{' '.join(cmd)}` failed: {done.stderr.strip() or done.returncode}")


class NetNs:
    """A network namespace of this test session."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.address = ADDRESS.split("/")[0]
        self.made = False

    def exec_prefix(self) -> list[str]:
        return ["ip", "netns", "exec", self.name]

    def create(self) -> None:
        listing = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
        for old in stale_namespaces(listing, _alive):
            subprocess.run(["ip", "netns", "del", old], capture_output=True)
        _run(["ip", "netns", "add", self.name])
        self.made = True
        for cmd in setup_commands(self.name):
            _run(cmd)

    @contextlib.contextmanager
    def unplugged(self) -> Iterator[None]:
        """The namespace's address taken away (every link through it goes silent, as when a player's network
        drops without a goodbye), then given back with its route."""
        _run([*self.exec_prefix(), "ip", "addr", "del", ADDRESS, "dev", "v0"])
        try:
            yield
        finally:
            _run([*self.exec_prefix(), "ip", "addr", "add", ADDRESS, "dev", "v0"])
            _run([*self.exec_prefix(), "ip", "route", "add", "default", "via", GATEWAY, "dev", "v0"])

    def delete(self) -> None:
        if self.made:
            subprocess.run(["ip", "netns", "del", self.name], capture_output=True)
            self.made = False


class NsServer:
    """``tools/serve.py`` serving a directory inside the namespace (a process of ours, stopped by its pid)."""

    def __init__(self, ns: NetNs, directory: Path, log: Path) -> None:
        self.log = log.open("w")
        cmd = [*ns.exec_prefix(), sys.executable, str(ROOT / "tools" / "serve.py"), str(directory),
               "--host", "127.0.0.1", "--port", "0"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log, text=True)
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()  # "Serving DIR at http://127.0.0.1:PORT/  (Ctrl+C to stop)"
        m = re.search(r"at (http://127\.0\.0\.1:\d+/)", first)
        if not m:
            self.stop()
            raise RuntimeError(f"the site server did not start in the namespace: {first!r} {log.read_text()}")
        self.url = m.group(1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout:
            self.proc.stdout.close()
        self.log.close()


def site_csp(site_dir: Path) -> str:
    """The Content-Security-Policy of the built index.html."""
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    if not m:
        raise RuntimeError("index.html has no Content-Security-Policy")
    return m.group(1)


def link_page(csp: str) -> str:
    """rtc-link.html: the site's CSP, the QR library and web/rtc.js, nothing else."""
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
            "<title>rtc link</title><link rel='icon' href='data:,'>"
            "<script src='./vendor/qrcode-generator.js'></script><script src='./web/rtc.js'></script>"
            "</head><body><div id='qr'></div></body></html>")


def served_dir(site_dir: Path, into: Path) -> Path:
    """A directory with every top-level entry of the site (symlinked) and the test page."""
    into.mkdir(parents=True, exist_ok=True)
    for entry in site_dir.iterdir():
        (into / entry.name).symlink_to(entry.resolve(), target_is_directory=entry.is_dir())
    (into / TEST_PAGE).write_text(link_page(site_csp(site_dir)), encoding="utf-8")
    return into


SETTINGS = """(() => {
  try { if (location.protocol !== 'http:' || localStorage.getItem('rummy.settings') !== null) return; }
  catch (e) { return; }  // a document with no storage of its own (about:blank)
  localStorage.setItem('rummy.settings', JSON.stringify({format: 'rummy-ui/settings', version: 4, data: {
    speed: 'normal', contrast: false, bigcards: false, sort: 'suit', last: null, sound: null, volume: 70,
    back: 'red', fourcolor: false, hints: true, felt: 'green', stun: null, coach: false, relays: RELAYS,
    turn: null}}));
})();"""


def settings_script(relays: list[str]) -> str:
    """An init script that gives a new context's pages Settings listing ``relays`` as online play's relays (none
    by default: no page of a test contacts a public relay; the relay tests list their own, e2e/relay.py)."""
    return SETTINGS.replace("RELAYS", json.dumps(relays))


def wrapper_script(ns: str, chromium: str, path: Path) -> Path:
    """The executable Playwright launches: Chromium inside the namespace."""
    ip = shutil.which("ip") or "ip"
    path.write_text(f'#!/bin/sh\nexec {ip} netns exec {ns} {chromium} "$@"\n', encoding="utf-8")
    path.chmod(0o755)
    return path


# --------------------------------------------------------------- fixtures
@pytest.fixture(scope="session")
def rtc_netns() -> Iterator[NetNs]:
    problem = netns_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    ns = NetNs(f"{NS_PREFIX}{os.getpid()}")
    try:
        try:
            ns.create()
        except RuntimeError as e:
            pytest.fail(f"could not make the test network namespace: {e}", pytrace=False)
        yield ns
    finally:
        ns.delete()


@pytest.fixture(scope="session")
def rtc_site_url(rtc_netns: NetNs, site_dir: Path, servers, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    work = tmp_path_factory.mktemp("rtc-site")
    server = NsServer(rtc_netns, served_dir(site_dir, work / "site"), work / "server.log")
    try:
        servers.origins.add(server.url.rstrip("/"))  # the guard accepts it
        yield server.url
    finally:
        server.stop()


def _launch(ns: NetNs, browser_type, launch_args: dict, bin_dir: Path, flags: list[str]) -> Iterator:
    chromium = launch_args.get("executable_path") or "/usr/bin/chromium"
    wrapper = wrapper_script(ns.name, chromium, bin_dir / "chromium-in-netns")
    args = [*launch_args.get("args", []), *flags]
    browser = browser_type.launch(**{**launch_args, "executable_path": str(wrapper), "args": args})
    try:
        yield browser
    finally:
        with contextlib.suppress(Exception):
            browser.close()


@pytest.fixture(scope="session")
def rtc_browser(rtc_netns: NetNs, browser_type, browser_type_launch_args: dict,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    yield from _launch(rtc_netns, browser_type, browser_type_launch_args, tmp_path_factory.mktemp("rtc-bin"),
                       RTC_FLAGS)


@pytest.fixture(scope="session")
def rtc_player_browser(rtc_netns: NetNs, browser_type, browser_type_launch_args: dict,
                       tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    yield from _launch(rtc_netns, browser_type, browser_type_launch_args, tmp_path_factory.mktemp("rtc-bin"), [])


@pytest.fixture
def rtc_contexts(request: pytest.FixtureRequest, rtc_browser, rtc_site_url: str, site_url: str,
                 guard) -> Iterator[Callable[..., list]]:
    """``rtc_contexts(n, mdns=False)`` -> n new contexts. (``site_url`` is requested so that the guard checks
    the test.)"""
    made: list = []

    def make(n: int = 1, mdns: bool = False, relays: list[str] | None = None) -> list:
        browser = request.getfixturevalue("rtc_player_browser") if mdns else rtc_browser
        out = []
        for _ in range(n):
            ctx = browser.new_context(base_url=rtc_site_url)
            ctx.add_init_script(settings_script(relays or []))
            guard.watch(ctx)
            made.append(ctx)
            out.append(ctx)
        return out

    yield make
    for ctx in made:
        with contextlib.suppress(Exception):  # closed by the test already
            ctx.close()


__all__ = ["NetNs", "netns_problem", "rtc_browser", "rtc_contexts", "rtc_netns", "rtc_player_browser", "rtc_site_url",
           "setup_commands", "stale_namespaces"]
