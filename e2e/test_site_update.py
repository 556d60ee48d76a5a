"""A new release replaces the old one through the update banner; saved data stays."""

from __future__ import annotations

import json

from playwright.sync_api import expect

# True once Cache Storage holds the engine snapshot of build `arg` (polled through a window variable).
SNAPSHOT_OF = """(build) => {
  if (window.__snapOf === undefined) {
    window.__snapOf = false;
    (async () => {
      for (;;) {
        if ((await caches.keys()).includes('rummy-snapshot-' + build) &&
            (await (await caches.open('rummy-snapshot-' + build)).keys()).length) { window.__snapOf = true; return; }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
  }
  return window.__snapOf;
}"""


def test_new_release_shows_banner_and_reload_activates_it(tmp_path, servers, context, page, build_site_into,
                                                          wait_ready, wait_service_worker):
    site = tmp_path / "site"
    first = build_site_into(site, marker="release-1")["build"]
    url = servers.start(site)

    page.goto(url)
    wait_ready(page)
    assert wait_service_worker(page) == first
    page.evaluate("localStorage.setItem('rummy-update-check', JSON.stringify({wins: 3}))")
    # the engine's memory snapshot of this release is stored (after the first start)
    page.wait_for_function(SNAPSHOT_OF, arg=first, timeout=120_000, polling=100)

    second = build_site_into(site, marker="release-2")["build"]  # a new release on the server
    assert second != first

    # The next visit is served by the old worker (cache-first) while the new one installs.
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-build") == first
    banner = page.locator("#update-banner")
    expect(banner).to_be_visible(timeout=120_000)
    expect(banner).to_contain_text("A new version is ready")

    page.get_by_role("button", name="Reload").click()
    expect(page.locator(f'html[data-build="{second}"]')).to_be_attached(timeout=120_000)
    wait_ready(page)
    expect(page.locator("#update-banner")).to_be_hidden()
    assert page.evaluate("JSON.parse(localStorage.getItem('rummy-update-check'))") == {"wins": 3}
    # the old release's cache is gone, only the new one is left, and so is its engine snapshot
    assert wait_service_worker(page) == second
    names = page.evaluate("caches.keys()")
    assert f"rummy-snapshot-{first}" not in names and f"rummy-{first}" not in names


def test_same_sources_same_build_id(tmp_path, site_dir, build_site_into):
    """Rebuilding unchanged sources keeps the build id, so visitors are not asked to update for nothing. The first
    build is the session's site (built by another build, its bytecode compiled apart: by `make site`, or by the
    site_dir fixture), so the whole build, the worker's bytecode included, is shown to give the same bytes."""
    a = json.loads((site_dir / "build-info.json").read_text(encoding="utf-8"))["build"]
    b = build_site_into(tmp_path / "b")["build"]
    assert a == b
    assert build_site_into(tmp_path / "c", marker="x")["build"] != a
