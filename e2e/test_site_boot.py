"""The page boots from local files only, with a loading screen and readable errors."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from built_page import markup
from playwright.sync_api import expect

# A first visit's boot, as a new player's browser does it: no seeded engine snapshot.
pytestmark = pytest.mark.cold_engine

# Records every value <html data-boot-stage> takes, from the first paint on.
STAGE_RECORDER = """
window.__stages = [];
new MutationObserver(() => {
  const s = document.documentElement.getAttribute('data-boot-stage');
  if (s && window.__stages[window.__stages.length - 1] !== s) window.__stages.push(s);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-boot-stage'] });
"""


def test_boots_to_ready_with_own_files_only(context, page, site_url, site_dir, wait_ready, guard):
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url))
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.build") == json.loads(
        (site_dir / "build-info.json").read_text())["build"]
    # the loading screen is gone, the app container is there for the UI
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("main#app")).to_be_attached()
    # every request went to our own origin (the guard also fails on any other)
    origins = {f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" for u in requested if u.startswith("http")}
    assert origins == {site_url.rstrip("/")}


def test_ships_exactly_the_runtime_files_it_loads(page, site_url, site_dir, wait_ready):
    """_site/pyscript, micropython and pyodide hold only what the page and its engine worker fetch,
    and they fetch nothing else."""
    loaded: set[str] = set()
    page.on("request", lambda r: loaded.add(r.url[len(site_url):]))
    page.goto(site_url)
    wait_ready(page)
    runtime = ("pyscript", "micropython", "pyodide")
    shipped_runtime = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*")
                       if p.is_file() and p.relative_to(site_dir).parts[0] in runtime}
    loaded_runtime = {u for u in loaded if u.startswith(tuple(r + "/" for r in runtime))}
    assert loaded_runtime == shipped_runtime
    # our own files: nothing fetched that is not in the site
    for path in loaded - {""}:
        assert (site_dir / path.split("?")[0]).is_file(), path


def runtime_hints(site_dir) -> list[str]:
    """The site paths that index.html's runtime hints (its <template id="runtime-hints">) name."""
    template = markup(site_dir).split('<template id="runtime-hints">', 1)[1].split("</template>", 1)[0]
    return [h[2:] for h in re.findall(r'href="([^"]+)"', template)]


def test_the_runtime_is_hinted_and_each_file_fetched_once(page, site_url, site_dir, wait_ready):
    """index.html's runtime hints name every file the page's runtime fetches as it starts, and each is fetched once:
    a hint that does not match the runtime's own request (a module's chunk, a ``fetch()`` without ``crossorigin``)
    would have the browser fetch the file twice."""
    hinted = set(runtime_hints(site_dir))
    assert {"pyscript/core.js", "micropython/micropython.wasm", "web/page/bundle.bin", "web/page/main.py"} <= hinted
    for path in hinted:
        assert (site_dir / path).is_file(), path
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url[len(site_url):]))  # the page's own (not the workers')
    page.goto(site_url)
    wait_ready(page)
    page_runtime = [u for u in fetched if u.startswith(("pyscript/", "micropython/", "web/page/", "web/pyscript"))
                    and not u.endswith(".css")]  # core.css is a stylesheet of the page, not the runtime
    assert sorted(set(page_runtime)) == sorted(hinted)
    assert len(page_runtime) == len(set(page_runtime)), page_runtime
    # one module script starts PyScript, and it is the one that hooks into it first: a script of its own for
    # core.js could run before the hooks, and PyScript would then compile a string, which the CSP refuses
    assert page.evaluate("[...document.querySelectorAll('script[type=module]')].map(s => s.getAttribute('src'))") \
        == ["./web/pyscript-hooks.js"]


def test_a_return_visit_asks_for_the_runtime_while_the_page_is_read(page, site_url, site_dir, wait_ready,
                                                                     wait_service_worker):
    """On a visit the service worker serves, boot.js asks for every file of the runtime's hints at once, as plain
    preloads (read, not compiled), before the parser has reached the end of the page; each file is still fetched
    once (each preload matches the runtime's own request), and the hints are not put in a second time."""
    page.goto(site_url)
    wait_ready(page)
    wait_service_worker(page)
    hinted = sorted(runtime_hints(site_dir))
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url[len(site_url):]))
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    links = page.evaluate("""() => [...document.head.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]
        .map(l => [l.rel, l.getAttribute('as'), l.getAttribute('href').slice(2), l.crossOrigin])""")
    assert sorted(href for _, _, href, _ in links) == hinted  # each once, and only as a plain preload
    for rel, kind, href, cors in links:
        assert rel == "preload" and cors == "anonymous", href
        assert kind == ("script" if href.endswith((".js", ".mjs")) else "fetch"), href
    # asked for while the page was being read: before the parser reached the end of the page
    starts = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource')
        .map(r => [r.name.slice(location.origin.length + location.pathname.lastIndexOf('/') + 1), r.startTime]))""")
    parsed = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
    for path in hinted:
        assert starts[path] < parsed, (path, starts[path], parsed)
    page_runtime = [u for u in fetched if u in hinted]
    assert sorted(page_runtime) == hinted, page_runtime


def test_loading_screen_stages_in_order(context, page, site_url, wait_ready):
    context.add_init_script(STAGE_RECORDER)
    page.goto(site_url)
    # painted from HTML/CSS before any script ran
    expect(page.locator("#loading .boot-title")).to_have_text("Rummy")
    wait_ready(page)
    stages = page.evaluate("window.__stages")
    assert stages[0] == "download"
    assert stages[-1] == "game"
    assert stages == sorted(stages, key=["download", "start", "game"].index)
    assert page.get_attribute("html", "data-boot-error") is None


# The endless animations running on the page (a transition or a one-off animation ends by itself).
RUNNING = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && a.effect.getComputedTiming().iterations === Infinity).map((a) => a.animationName)"""


def test_the_loading_screens_fan_moves_while_it_shows_and_stops_once_hidden(page, site_url, wait_ready):
    """Once the page is up nothing on it animates for ever (a browser may go on working for an endless animation no
    one sees): the fan of the loading screen stops once the screen is hidden."""
    held: list[Any] = []  # the page's bundle, held back (no clock): the loading screen shows until it is let go
    page.route("**/web/page/bundle.bin", lambda route: held.append(route))
    with page.expect_request(lambda r: r.url.endswith("/web/page/bundle.bin")):
        page.goto(site_url + "index.html?game=gin&opponents=rex&seed=3&speed=0")  # not a first visit's screen
    expect(page.locator("#loading .boot-fan span").first).to_be_visible()
    assert page.evaluate(RUNNING) == ["boot-deal"] * 3
    assert len(held) == 1
    held[0].continue_()
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    assert page.evaluate(RUNNING) == []  # the table at rest, the person to play: nothing moves for ever


def test_loading_screen_is_plain_html():
    """The loading screen needs no script: it is in index.html, styled by web/shell.css."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    html = (root / "index.html").read_text(encoding="utf-8")
    assert 'id="loading"' in html and 'id="boot-stage"' in html and 'href="./web/shell.css"' in html
    assert 'id="app"' in html


@pytest.mark.allow_errors
def test_startup_failure_shows_readable_error(context, page, site_url):
    context.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    error = page.locator("#boot-error")
    expect(error).to_be_visible(timeout=60_000)
    expect(page.locator("#boot-error-text")).not_to_be_empty()
    expect(page.locator("#boot-stage")).to_have_text("Something went wrong.")
    expect(page.locator("#boot-retry")).to_be_visible()
    assert page.get_attribute("html", "data-ready") != "true"


@pytest.mark.allow_errors
def test_python_error_in_main_is_shown(context, page, site_url):
    """A traceback from the page's Python (web/page/main.py) ends up on the loading screen."""
    context.route("**/web/page/main.py", lambda route: route.fulfill(
        status=200, body="raise RuntimeError('boom from main')\n", headers={"content-type": "text/plain"}))
    page.goto(site_url)
    expect(page.locator("#boot-error-text")).to_contain_text("boom from main", timeout=60_000)


@pytest.mark.allow_errors
def test_a_damaged_page_bundle_is_told_on_the_loading_screen(context, page, site_url, site_dir):
    """The page's modules come in one file that web/pyscript-hooks.js writes out before main.py runs; a copy
    cut short (a broken download) stops the start with a readable error, not a Python traceback."""
    whole = (site_dir / "web/page/bundle.bin").read_bytes()
    context.route("**/web/page/bundle.bin", lambda route: route.fulfill(
        status=200, body=whole[: len(whole) // 2], headers={"content-type": "application/octet-stream"}))
    page.goto(site_url + "?seed=1")  # a link with a query: the loading screen, not a first visit's screen
    expect(page.locator("#boot-error-text")).to_contain_text("bundle", timeout=60_000)
    expect(page.locator("#boot-error-text")).to_contain_text("damaged")
    expect(page.locator("#boot-stage")).to_have_text("Something went wrong.")
    assert not page.evaluate("document.documentElement.hasAttribute('data-drawn')")


@pytest.mark.allow_errors
def test_a_page_bundle_with_a_garbled_index_is_told_on_the_loading_screen(context, page, site_url, site_dir):
    whole = (site_dir / "web/page/bundle.bin").read_bytes()
    magic = b"RUMMY-PAGE-BUNDLE 2\n"
    garbled = magic + b"{not json" + whole[whole.index(b"\n", len(magic)):]
    context.route("**/web/page/bundle.bin", lambda route: route.fulfill(
        status=200, body=garbled, headers={"content-type": "application/octet-stream"}))
    page.goto(site_url + "?seed=1")
    expect(page.locator("#boot-error-text")).to_contain_text("damaged", timeout=60_000)
    assert not page.evaluate("document.documentElement.hasAttribute('data-drawn')")
