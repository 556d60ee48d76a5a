"""Browser-test harness for the static site (pytest-playwright + Debian Chromium).

Run: ``python -m pytest e2e -q`` (``make test`` runs it with the unit tests).
Chromium is ``/usr/bin/chromium`` (Debian package; override with
``E2E_CHROMIUM``); never ``playwright install``.

Fixtures for any e2e test
-------------------------
``site_dir`` (session)
    Path of a freshly built site.  Built once per run into a private temp
    dir with ``tools/build_site.py`` (so concurrent runs in the same tree never
    step on each other's ``_site/``); the processes of one pytest-xdist run
    share it.  Set ``E2E_SITE_DIR=_site`` to test an existing build instead
    (``make test`` does: it has just built ``_site``).
``site_url`` (session)
    ``http://127.0.0.1:<port>/`` serving ``site_dir``.  It is also pytest-
    playwright's ``base_url``, so ``page.goto("index.html?embed=1")`` works.
``subpath_url`` (session)
    The same site served under ``http://127.0.0.1:<port2>/rummy-game/``.
``servers`` (session)
    ``servers.start(directory, prefix="/")`` serves another directory (e.g. a
    site built by the test) on a new loopback port and returns its URL; the
    guard accepts requests to it.  All servers stop at the end of the session.
``embed_host`` (session)
    A page server on another origin *and* another site
    (``http://localhost:<port3>/``): ``embed_host.page(src, width=360,
    height=640)`` writes a page with one ``<iframe id="game">`` and returns its
    URL; ``page.frame_locator("#game")`` / ``page.frame(name="game")`` reach it.
``guard`` (autouse)
    Fails the test (at teardown) on any console error, uncaught page error,
    CSP violation, HTTP status >= 400, failed request, or request to an origin
    that is not one of our test servers, in every context the test makes
    through pytest-playwright's ``context``/``page`` fixtures.  Contexts made
    otherwise (``launch_persistent_context``) are watched with
    ``guard.watch(ctx)``.  Opt out per test with
    ``@pytest.mark.allow_errors`` (e.g. a test that breaks the page on purpose).
    ``guard.problems`` lists what was seen so far.
``persistent_context``
    ``persistent_context(user_data_dir, offline=False)`` launches Chromium with a
    profile on disk (service worker, Cache Storage and localStorage survive
    a close/relaunch) and watches it with ``guard``; closed at teardown.
``block_storage``
    Call ``block_storage(context)`` before opening pages: ``localStorage`` then
    throws ``SecurityError`` in every frame, as in a third-party iframe with
    storage blocked.
``page`` (pytest-playwright's, with the engine's snapshot seeded)
    A new page that has the engine worker's Pyodide memory snapshot already in
    Cache Storage, as a returning player's browser has: the engine starts from
    it in under a second instead of a cold start of 3 s or more
    (``engine_seed``).  The page is left on a blank page of the site's origin;
    the test then goes where it means to.  It belongs to a browser context
    shared by the tests of the process (``shared_context``: each test's pages
    are new, no service worker is registered in it, and the origins' storage
    and caches are cleaned before it, but Chromium's compiled WebAssembly is
    kept, which halves the cost of a page start), unless the test needs a context of its own: it asks
    for ``context`` (routes, init scripts on the context, offline), for
    ``embed_host``, or is marked ``cold_engine`` (a test of the first, normal
    start, or of the snapshot itself: its page is fresh and not seeded) or
    ``browser_context_args``.  ``E2E_SHARED_CONTEXT=0`` gives every test a
    context of its own.  Only the ``site_url`` origin is seeded; contexts a
    test makes itself are fresh too.
``engine_seed`` (session)
    ``engine_seed(page)`` puts the snapshot (made once per test process by a
    normal first start of the site, ``engine_snapshot``) into the Cache Storage
    of the page's context, through a seeding page the ``site_url`` server serves
    under ``/__e2e__/`` (never part of the site).

Helper fixtures (each returns the function of the same name defined below)
--------------------------------------------------------------------------
``wait_ready(page_or_frame, timeout=READY_TIMEOUT)``
    Waits (Playwright waiting, no sleeps) until ``<html data-ready="true">`` (the
    engine worker has answered); raises with the loading screen's error text if
    startup failed instead.
``wait_drawn(page_or_frame, timeout=READY_TIMEOUT)``
    The same for ``<html data-drawn>``: the page's first Python paint (MicroPython;
    the engine may still be starting).
``wait_service_worker(page)``
    Waits until the page's service worker is *activated* (so every file is in
    Cache Storage) and returns the build id it serves.
``stored_snapshot(page)``
    Waits until Cache Storage holds the engine's memory snapshot and returns
    ``[cache name, [keys], byte size]``.
``build_site_into(out_dir, marker="")``
    Builds a site into a directory of the test's own (e.g. to make a "new
    release" with a different build id); returns build-info.  The worker's
    bytecode is compiled once per test process and reused by later builds.
``READY_TIMEOUT``
    Milliseconds allowed for a cold start (Pyodide on a 2-core machine).

CSP note: the page forbids 'unsafe-eval', so give ``wait_for_function`` a
function (``"() => document.title === 'x'"``), never a bare expression
(``"document.title === 'x'"`` is eval'd in the page and blocked; the guard then
fails the test).  ``page.evaluate`` is not affected.

Example::

    def test_new_game_button(page, wait_ready):
        page.goto("index.html?seed=7")      # relative to site_url
        wait_ready(page)
        page.get_by_role("button", name="New game").click()
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import prereqs  # noqa: E402
import serve  # noqa: E402

CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY_TIMEOUT = 120_000  # ms; a cold start takes ~4-8 s here, more on a loaded CI machine
SUBPATH = "/rummy-game/"
# expect()'s own limit is 5 s: a page that answers a click with Python (MicroPython, the engine in Pyodide) took
# longer on a busy machine (a 5-minute load of 25 on 2 cores: test_first_screen's handed-over click, the coach's
# review). A limit, not a delay: a passing expect returns as soon as it holds.
expect.set_options(timeout=30_000)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_errors: the guard fixture does not fail this test on console/page/request errors")
    config.addinivalue_line("markers", "cold_engine: the test's page is not seeded with the engine's snapshot "
                            "(a test of the first, normal start, or of the snapshot itself)")
    config.addinivalue_line("markers", "needs_npm: uses the built site (the npm packages, node_modules); fails with "
                            "the command to run (`make deps-node`) when they are missing. Set on every test that "
                            "uses site_dir")
    config.addinivalue_line("markers", "needs_chromium: drives Debian's Chromium; fails with the command to run "
                            "(`make browsers`) when it is missing. Set on every test that uses a browser")


# Fixtures that mean "this test builds the site" and "this test drives Chromium", wherever in its closure.
_SITE_FIXTURES = {"site_dir"}
_CHROMIUM_FIXTURES = {"browser", "browser_type", "browser_type_launch_args"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's, which reads the xdist_group marks (tests/conftest.py)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks each browser test with what it needs (above); the online tests, which share the session's network
    namespace and its browsers (e2e/netns.py), as the xdist group "netns", run by one process under make test's
    ``--dist loadgroup`` (every other test goes to whichever process is free), unless a test names a group of its
    own (a long one, so that the other process may run it: each process makes its own namespace); and puts the
    browser tests before the unit tests, so that a run in several processes ends on short unit tests, not on a long
    browser test."""
    here = Path(__file__).resolve().parent
    mine = set()
    for item in items:
        if here not in Path(str(item.path)).resolve().parents:
            continue
        mine.add(item.nodeid)
        names = set(getattr(item, "fixturenames", ()))
        if names & _SITE_FIXTURES:
            item.add_marker(pytest.mark.needs_npm)
        if names & _CHROMIUM_FIXTURES:
            item.add_marker(pytest.mark.needs_chromium)
        if "rtc_netns" in names and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group("netns"))
    items.sort(key=lambda item: item.nodeid not in mine)  # stable: each part keeps its order


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test whose browser or site cannot be had fails before its fixtures start, saying what to install."""
    for marker, missing in (("needs_chromium", prereqs.chromium_missing), ("needs_npm", prereqs.npm_missing)):
        if item.get_closest_marker(marker) is not None:
            why = missing()
            if why is not None:
                pytest.fail(why, pytrace=False)


# --------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    why = prereqs.chromium_missing()
    if why is not None:  # (tests that use a browser have failed already, with the same words: needs_chromium)
        pytest.fail(why, pytrace=False)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# --------------------------------------------------------------- site + servers
@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("E2E_SITE_DIR")
    if given:
        path = Path(given)
        if not path.is_absolute():
            path = ROOT / path
        assert (path / "index.html").exists(), f"E2E_SITE_DIR={given} has no index.html: run `make site`"
        return path
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("site") / "_site"
        build_site.build(out, quiet=True)
        return out
    # Test processes of one run (pytest-xdist) share one build: the first to need it builds it (~20 s of CPU),
    # the others wait for it, in the run's own temporary folder.
    shared = tmp_path_factory.getbasetemp().parent
    out = shared / "site" / "_site"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "build-info.json").exists():
            part = shared / "site" / "_site.part"
            shutil.rmtree(part, ignore_errors=True)  # a build that failed in another process
            build_site.build(part, quiet=True)
            part.rename(out)
    return out


class _Servers:
    def __init__(self) -> None:
        self.servers: list = []
        self.origins: set[str] = set()

    def start(self, directory: Path, prefix: str = "/", host_alias: str | None = None,
              overlay: Path | None = None) -> str:
        """Serve ``directory`` on a new loopback port; ``overlay``: a directory of test files served under
        ``/__e2e__/`` next to it (same origin, never part of the site)."""
        server = serve.make_server(directory, prefix=prefix)
        if overlay is not None:
            handler = server.RequestHandlerClass  # make_server's handler class, bound to the site's directory
            assert isinstance(handler, functools.partial)
            server.RequestHandlerClass = functools.partial(_overlay_handler(handler.func, overlay), *handler.args,
                                                           **handler.keywords)
        url = serve.run_in_thread(server)
        self.servers.append(server)
        if host_alias:
            url = url.replace("127.0.0.1", host_alias, 1)
        parts = urlsplit(url)
        self.origins.add(f"{parts.scheme}://{parts.netloc}")
        return url

    def stop(self) -> None:
        for server in self.servers:
            server.shutdown()
            server.server_close()


OVERLAY = "/__e2e__/"


def _overlay_handler(base, overlay: Path):
    """The site's request handler class ``base``, with ``OVERLAY`` paths answered from the ``overlay`` directory."""

    class OverlayHandler(base):
        def translate_path(self, path: str) -> str:
            clean = path.split("?", 1)[0].split("#", 1)[0]
            if clean.startswith(OVERLAY):
                name = clean[len(OVERLAY):]
                return str(overlay / name) if name and "/" not in name and not name.startswith(".") \
                    else str(overlay / "\0missing")
            return super().translate_path(path)

    return OverlayHandler


@pytest.fixture(scope="session")
def servers() -> Iterator[_Servers]:
    s = _Servers()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def e2e_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory served under ``/__e2e__/`` on the ``site_url`` origin (the seeding page and the snapshot)."""
    return tmp_path_factory.mktemp("e2e-files")


@pytest.fixture(scope="session")
def site_url(site_dir: Path, servers: _Servers, e2e_files: Path) -> str:
    return servers.start(site_dir, overlay=e2e_files)


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:  # pytest-playwright puts it into browser_context_args
    return site_url


@pytest.fixture(scope="session")
def subpath_url(site_dir: Path, servers: _Servers) -> str:
    return servers.start(site_dir, prefix=SUBPATH)


class EmbedHost:
    """Serves small host pages from another origin (and another site: localhost)."""

    def __init__(self, directory: Path, url: str) -> None:
        self.directory = directory
        self.url = url
        self._n = 0

    def page(self, src: str, width: int = 360, height: int = 640, extra: str = "") -> str:
        self._n += 1
        name = f"host{self._n}.html"
        (self.directory / name).write_text(
            "<!doctype html><html><head><meta charset='utf-8'><title>Embed host</title>"
            "<link rel='icon' href='data:,'></head><body style='margin:0'>"
            f"<h1 style='font:16px sans-serif'>A blog post with a game</h1>{extra}"
            f"<iframe id='game' name='game' src='{src}' width='{width}' height='{height}' "
            "style='border:0' title='Rummy' loading='eager'></iframe></body></html>",
            encoding="utf-8",
        )
        return self.url + name


@pytest.fixture(scope="session")
def embed_host(tmp_path_factory: pytest.TempPathFactory, servers: _Servers) -> EmbedHost:
    directory = tmp_path_factory.mktemp("embed-host")
    url = servers.start(directory, host_alias="localhost")
    return EmbedHost(directory, url)


# --------------------------------------------------------------- guard
_CSP_LOGGER = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)') +
                ' at ' + (e.sourceFile || '?') + ':' + e.lineNumber);
});
"""


class Guard:
    def __init__(self, allowed_origins: set[str]) -> None:
        self.allowed = allowed_origins
        self.problems: list[str] = []
        self._watched: set[int] = set()

    def _origin_ok(self, url: str) -> bool:
        if url.startswith(("data:", "blob:", "about:", "chrome-extension:", "chrome:")):
            return True
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc}" in self.allowed

    def watch(self, context) -> None:
        if id(context) in self._watched:
            return
        self._watched.add(id(context))
        context.add_init_script(_CSP_LOGGER)

        def on_console(m) -> None:
            if m.type == "error":
                self.problems.append(f"console error: {m.text} @ {m.location}")

        def on_page(page) -> None:
            page.on("console", on_console)
            page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))

        for page in context.pages:
            on_page(page)
        context.on("page", on_page)

        def on_request(req) -> None:
            if not self._origin_ok(req.url):
                self.problems.append(f"request to another origin: {req.url}")

        def on_response(resp) -> None:
            if resp.status >= 400:
                self.problems.append(f"HTTP {resp.status}: {resp.url}")

        def on_failed(req) -> None:
            failure = req.failure or ""
            if "ERR_ABORTED" not in failure:
                self.problems.append(f"request failed: {req.url} ({failure})")

        context.on("request", on_request)
        context.on("response", on_response)
        context.on("requestfailed", on_failed)

    def check(self) -> None:
        if self.problems:
            pytest.fail("browser problems:\n  " + "\n  ".join(self.problems), pytrace=False)


@pytest.fixture(autouse=True)
def guard(request: pytest.FixtureRequest) -> Iterator[Guard]:
    if "site_url" not in request.fixturenames and "context" not in request.fixturenames \
            and "persistent_context" not in request.fixturenames and "page" not in request.fixturenames:
        yield Guard(set())  # not a browser test
        return
    servers_ = request.getfixturevalue("servers")
    g = Guard(servers_.origins)
    if "context" in request.fixturenames:
        g.watch(request.getfixturevalue("context"))
    yield g
    if request.node.get_closest_marker("allow_errors") is None:
        g.check()


@pytest.fixture
def persistent_context(browser_type, browser_type_launch_args: dict, guard: Guard):
    opened: list = []

    def launch(user_data_dir: Path | str, offline: bool = False, **kw):
        ctx = browser_type.launch_persistent_context(str(user_data_dir), offline=offline,
                                                     **browser_type_launch_args, **kw)
        guard.watch(ctx)
        opened.append(ctx)
        return ctx

    yield launch
    for ctx in opened:
        with contextlib.suppress(Exception):  # already closed by the test
            ctx.close()


# --------------------------------------------------------------- the engine's snapshot, seeded
# Polls (wait_for_function does not await promises) until the snapshot of this build is stored;
# then window.__snap = [cache name, [keys], byte size].
SNAPSHOT_STORED = """() => {
  if (window.__snapPoll === undefined) {
    window.__snapPoll = true;
    (async () => {
      for (;;) {
        const names = (await caches.keys()).filter((n) => n.startsWith('rummy-snapshot-'));
        for (const name of names) {
          const cache = await caches.open(name);
          const keys = await cache.keys();
          if (keys.length) {
            const body = await (await cache.match(keys[0])).arrayBuffer();
            window.__snap = [name, keys.map((k) => k.url), body.byteLength];
            return;
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
  }
  return window.__snap !== undefined;
}"""

_SNAPSHOT_READ = """async (name) => {
  const cache = await caches.open(name);
  const key = (await cache.keys())[0];
  const response = await cache.match(key);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return { cache: name, key: key.url, pyodide: response.headers.get('x-pyodide'), bytes: btoa(text) };
}"""

_SEED_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>e2e: seed</title>
<link rel="icon" href="data:,"><script src="seed.js"></script></head><body></body></html>"""

# Puts the snapshot where the engine worker looks for it (web/engine-worker.mjs: findSnapshot), then says so
# on <html data-seeded>: "yes", or what went wrong.
_SEED_JS = """(async () => {
  const h = document.documentElement;
  try {
    const info = await (await fetch('seed.json')).json();
    const cache = await caches.open(info.cache);
    if (!(await cache.match(info.key))) {  // (a shared context has it from its first test on)
      const body = await (await fetch('engine.snapshot')).arrayBuffer();
      await cache.put(info.key, new Response(body, {
        headers: { 'content-type': 'application/octet-stream', 'x-pyodide': info.pyodide } }));
    }
    h.dataset.seeded = 'yes';
  } catch (e) {
    h.dataset.seeded = 'error: ' + e;
  }
})();"""


@pytest.fixture(scope="session")
def engine_snapshot(browser, site_url: str, e2e_files: Path) -> dict:
    """The engine worker's memory snapshot of this build, made once per test process by a normal first start
    of the site in a fresh context, and put under ``/__e2e__/`` with the page that seeds it."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site_url + "index.html")
        wait_ready(page)
        assert page.get_attribute("html", "data-engine-start") == "normal"
        snap = page.evaluate(_SNAPSHOT_READ, stored_snapshot(page)[0])
    finally:
        context.close()
    data = base64.b64decode(snap.pop("bytes"))
    assert len(data) > 10_000_000, f"a snapshot of {len(data)} bytes"
    (e2e_files / "engine.snapshot").write_bytes(data)
    (e2e_files / "seed.json").write_text(json.dumps(snap), encoding="utf-8")
    (e2e_files / "seed.html").write_text(_SEED_HTML, encoding="utf-8")
    (e2e_files / "seed.js").write_text(_SEED_JS, encoding="utf-8")
    return {**snap, "size": len(data)}


@pytest.fixture(scope="session")
def engine_seed(engine_snapshot: dict, site_url: str):
    """``engine_seed(page)``: the engine's snapshot into the Cache Storage of the page's context (the page is
    left on the seeding page, a blank page of the site's origin)."""
    def seed(page) -> None:
        page.goto(site_url + OVERLAY.lstrip("/") + "seed.html")
        handle = page.wait_for_function("() => document.documentElement.dataset.seeded", timeout=READY_TIMEOUT)
        state = handle.json_value()
        assert state == "yes", f"the engine's snapshot could not be seeded: {state}"

    return seed


# What makes a test's page need a browser context of its own rather than the process's shared one: it changes the
# context (``context``: routes, init scripts, offline, permissions), asks for a first visit (``cold_engine``) or other
# context options (the ``browser_context_args`` mark), is framed by another site (``embed_host``: storage of a
# third-party frame, which the shared context's cleaning does not reach), or tests the service worker or the
# snapshot's storing (what a first visit stores and how a return visit is served: a browser with no cache yet).
_OWN_CONTEXT_FIXTURES = {"context", "new_context", "embed_host", "persistent_context", "wait_service_worker",
                         "stored_snapshot"}


def _own_context(request: pytest.FixtureRequest) -> bool:
    node = request.node
    return os.environ.get("E2E_SHARED_CONTEXT") == "0" or bool(_OWN_CONTEXT_FIXTURES & set(request.fixturenames)) or node.get_closest_marker("cold_engine") is not None \
        or node.get_closest_marker("browser_context_args") is not None


# Run on a blank page of the site's origin before each test of the shared context: what a test may have left there
# goes (the engine's snapshot, which every test wants, stays).
_CLEAN_JS = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
  for (const k of await caches.keys()) if (!k.startsWith('rummy-snapshot-')) await caches.delete(k);
  if (indexedDB.databases) for (const d of await indexedDB.databases()) indexedDB.deleteDatabase(d.name);
  return Object.keys(localStorage).length;
}"""


class _Shared:
    """One browser context per test process for the tests whose page needs nothing of its own (most of them), with no
    service worker: a page start in it costs about half the CPU of one in a new context (Chromium keeps the compiled WebAssembly of
    Pyodide and MicroPython in the context's HTTP cache), and the engine's snapshot is seeded once. Each test gets
    a new page; before it, every page of the context is closed and the site's origins are cleaned (storage, service
    workers, caches but the snapshot's), so that a test sees what it would see in a new context but for the cache.
    The guard's listeners on the context report to the test that runs (``relay``)."""

    def __init__(self, browser, args: dict, origins: set[str]) -> None:
        # No service worker here: each test cleans it away, so each would install it again once its page had been
        # quiet for 3 s (every file of the site copied into Cache Storage and checked against its hash), work no test
        # of this context looks at and that took a tenth of their time. The tests of the service worker (offline,
        # updates, a first visit, hosting) have contexts of their own, where it is installed as for a visitor.
        self.context = browser.new_context(**args, service_workers="block")
        self.relay = Guard(origins)
        self.relay.watch(self.context)

    def page(self, guard: Guard, seed, site_url: str):
        for old in list(self.context.pages):
            with contextlib.suppress(Exception):
                old.close()
        self.relay.problems = []
        new_page = self.context.new_page()
        cdp = self.context.new_cdp_session(new_page)
        try:
            for origin in sorted(guard.allowed):
                cdp.send("Storage.clearDataForOrigin", {
                    "origin": origin,
                    "storageTypes": "local_storage,indexeddb,service_workers,websql,file_systems,cookies"})
        finally:
            cdp.detach()
        seed(new_page)
        left = new_page.evaluate(_CLEAN_JS)
        assert left == 0, f"the shared context's storage could not be cleaned ({left} keys left)"
        self.relay.problems = guard.problems  # from here on, what the context shows is this test's
        self.relay.allowed = guard.allowed
        return new_page

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.context.close()


@pytest.fixture(scope="session")
def shared_context(browser, browser_context_args: dict, servers: _Servers) -> Iterator[_Shared]:
    shared = _Shared(browser, browser_context_args, servers.origins)
    yield shared
    shared.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, guard: Guard, site_url: str) -> Iterator:
    """A page with the engine's snapshot seeded (unless the test is marked ``cold_engine``), left on a blank page of
    the site's origin. In the process's shared context (:class:`_Shared`) when the test needs no context of its own
    (``_own_context``); otherwise a page of pytest-playwright's ``context``, new for the test."""
    if _own_context(request):
        context = request.getfixturevalue("context")
        guard.watch(context)
        new_page = context.new_page()
        if request.node.get_closest_marker("cold_engine") is None:
            request.getfixturevalue("engine_seed")(new_page)
        yield new_page
        return
    shared: _Shared = request.getfixturevalue("shared_context")
    new_page = shared.page(guard, request.getfixturevalue("engine_seed"), site_url)
    yield new_page
    shared.relay.problems = []  # what closing the test's pages may show is no test's


@pytest.fixture
def block_storage():
    script = """
    (() => {
      const deny = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
      try { Object.defineProperty(window, "localStorage", { get: deny, configurable: true }); } catch (e) {}
      try { Object.defineProperty(window, "sessionStorage", { get: deny, configurable: true }); } catch (e) {}
    })();
    """

    def apply(context) -> None:
        context.add_init_script(script)

    return apply


# --------------------------------------------------------------- helpers
def _wait_boot(target, done: str, word: str, verb: str, timeout: float) -> None:
    """Wait until the JS condition ``done`` holds on the page's <html> (``h``); fail fast on a boot error."""
    handle = target.wait_for_function(
        """() => {
            const h = document.documentElement;
            if (!h) return false;
            if (""" + done + """) return '""" + word + """';
            if (h.hasAttribute('data-boot-error')) {
                const t = document.getElementById('boot-error-text');
                return 'error: ' + (t ? t.textContent : '?');
            }
            return false;
        }""",
        timeout=timeout,
    )
    state = handle.json_value()
    if state != word:
        raise AssertionError(f"page did not {verb}: {state}")


def wait_ready(target, timeout: float = READY_TIMEOUT) -> None:
    """Wait for html[data-ready=true] in a Page or Frame; fail fast on a boot error."""
    _wait_boot(target, "h.dataset.ready === 'true'", "ready", "start", timeout)


def wait_drawn(target, timeout: float = READY_TIMEOUT) -> None:
    """Wait for html[data-drawn] (the page's first Python paint); fail fast on a boot error."""
    _wait_boot(target, "h.hasAttribute('data-drawn')", "drawn", "draw", timeout)


def wait_service_worker(page, timeout: float = READY_TIMEOUT) -> str:
    """Wait until the service worker of the page is activated; return its build id.

    (wait_for_function does not await promises, so the async part reports
    through a window variable that a synchronous predicate polls.)
    """
    page.evaluate(
        """() => {
            window.__e2eSW = null;
            navigator.serviceWorker.ready.then(async (reg) => {
                const w = reg.active;
                if (w.state !== 'activated') {
                    await new Promise((res) => w.addEventListener('statechange',
                        () => { if (w.state === 'activated') res(); }));
                }
                const keys = (await caches.keys()).filter((k) => k.startsWith('rummy-') &&
                                                               !k.startsWith('rummy-snapshot-'));
                window.__e2eSW = keys.map((k) => k.slice('rummy-'.length));
            });
        }"""
    )
    page.wait_for_function("() => Array.isArray(window.__e2eSW)", timeout=timeout, polling=100)
    builds = page.evaluate("window.__e2eSW")
    assert len(builds) == 1, f"expected one cache after activation, got {builds}"
    return builds[0]


def stored_snapshot(page, timeout: float = READY_TIMEOUT) -> list:
    """Wait until Cache Storage holds the engine's snapshot (web/engine-worker.mjs stores it after a first start);
    returns ``[cache name, [keys], byte size]``. To wait for another one, ``delete window.__snap;
    delete window.__snapPoll`` first."""
    page.wait_for_function(SNAPSHOT_STORED, timeout=timeout, polling=100)
    return page.evaluate("window.__snap")


_BYTECODE: dict = {}  # the worker's bytecode, compiled by this process's first build_site_into (per sources)


def build_site_into(out: Path, marker: str = "") -> dict:
    """Build (or rebuild) a site into ``out``; returns build-info. The worker's bytecode (the build's slowest
    step) is compiled by the first such build of the test process and reused by the next (the same sources)."""
    return build_site.build(out, marker=marker, quiet=True, bytecode_cache=_BYTECODE)


@pytest.fixture(name="wait_ready")
def _wait_ready_fixture():
    return wait_ready


@pytest.fixture(name="wait_drawn")
def _wait_drawn_fixture():
    return wait_drawn


@pytest.fixture(name="wait_service_worker")
def _wait_service_worker_fixture():
    return wait_service_worker


@pytest.fixture(name="stored_snapshot")
def _stored_snapshot_fixture():
    return stored_snapshot


@pytest.fixture(name="build_site_into")
def _build_site_into_fixture():
    return build_site_into
