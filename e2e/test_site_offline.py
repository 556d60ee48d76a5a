"""After one visit the game starts without any network, even in a freshly started browser."""

from __future__ import annotations

import json


def test_reload_offline_after_first_visit(context, page, site_url, site_dir, wait_ready, wait_service_worker):
    build = json.loads((site_dir / "build-info.json").read_text())["build"]
    page.goto(site_url)
    wait_ready(page)
    assert wait_service_worker(page) == build

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.get_attribute("html", "data-build") == build

    # a URL with parameters (embed mode) is served from the cache as well
    page.goto(site_url + "index.html?embed=1&seed=3")
    wait_ready(page)
    assert page.get_attribute("html", "data-embed") == "1"


def test_fresh_browser_starts_offline(tmp_path, persistent_context, site_url, wait_ready, wait_service_worker):
    profile = tmp_path / "profile"
    ctx = persistent_context(profile)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(site_url)
    wait_ready(page)
    wait_service_worker(page)
    page.evaluate("localStorage.setItem('rummy-offline-check', 'kept')")
    ctx.close()

    ctx = persistent_context(profile, offline=True)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("localStorage.getItem('rummy-offline-check')") == "kept"


def test_a_return_visit_takes_every_file_but_the_page_straight_from_the_cache(page, site_url, wait_ready,
                                                                                 wait_service_worker):
    """The service worker's routes (Chromium's Static Routing API): on the next visit the browser serves the
    scripts and runtime from the release's cache itself, without running the worker's script
    for each; the page still goes through the worker (a link with a query finds index.html); a file that is
    not in the cache still comes from the network."""
    page.goto(site_url)
    wait_ready(page)
    wait_service_worker(page)
    page.reload()
    wait_ready(page)
    sources = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource')
        .filter((r) => r.name.startsWith(location.origin))
        .map((r) => [new URL(r.name).pathname.split('/').pop(), r.workerMatchedSourceType]))""")
    for name in ("rtc.js", "qrcode-generator.js", "core.js", "micropython.wasm", "bundle.bin"):
        assert sources.get(name) == "cache", (name, sources)
    assert page.evaluate("performance.getEntriesByType('navigation')[0].workerMatchedSourceType") != "cache"
    # sw.js is the one file not precached: the route falls through to the network
    assert page.evaluate("fetch('./sw.js').then(async (r) => [r.status, (await r.text()).length > 0])") == [200, True]
    entry = "performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/sw.js'))"
    page.wait_for_function(f"() => {entry}.length > 0")
    assert page.evaluate(f"{entry}.map((r) => r.workerFinalSourceType)") == ["network"]
