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
