"""A first visit's new-game screen is in index.html (drawn by the build with the page's own Python): painted at
once, before any runtime is fetched; clicks and keys on it wait for the page's Python and are then handed over,
once each; on any other visit the loading screen covers it until the page's Python draws.

Nothing here waits on a clock: "before the page's Python is up" is made certain by holding PyScript's core.js
(a Playwright route) until the test lets it through.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from built_page import markup
from gate import Gate
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import prerender  # noqa: E402

Wait = Callable[[Page], None]


def wait_runtime_asked(page: Page) -> None:
    """Until boot.js has started the runtime (its one module script is in the page)."""
    page.wait_for_function("() => document.querySelector('script[src=\"./web/pyscript-hooks.js\"]') !== null")


def test_the_build_draws_what_the_pages_python_draws_on_a_first_visit(site_dir: Path) -> None:
    html = markup(site_dir)
    main = html.split('<main id="app">', 1)[1].split("</main>", 1)[0]
    assert main == prerender.first_visit_html(ROOT)
    assert 'data-testid="setup"' in main and 'data-testid="welcome"' in main  # the new-game screen, for a new player
    assert 'data-key="play-gin"' in main and 'name="opt:' not in main  # the way to play at once; the set-up folded
    assert "__" not in main


def test_a_first_visit_shows_the_new_game_screen_before_python_and_hands_the_clicks_over(
        context: BrowserContext, page: Page, site_url: str, wait_ready: Wait) -> None:
    gate = Gate(context, "**/pyscript/core.js")
    page.goto(site_url, wait_until="domcontentloaded")
    wait_runtime_asked(page)  # once the screen has been painted (boot.js); the page's Python cannot be up
    expect(page.locator("html")).to_have_attribute("data-prerendered", "1")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("welcome")).to_contain_text("New here?")
    assert page.get_attribute("html", "data-drawn") is None
    # before the page's Python is up, a person clicks Play Basic Rummy, then presses Enter on Play Gin Rummy
    page.get_by_role("button", name="Play Basic Rummy").click()
    expect(page.get_by_test_id("setup")).to_be_visible()  # the browser did not act on it
    page.get_by_role("button", name="Play Gin Rummy").focus()
    page.keyboard.press("Enter")
    assert page.get_attribute("html", "data-drawn") is None
    gate.release()
    wait_ready(page)
    # handed over in order, once each: Basic Rummy is dealt first, and Play Gin Rummy is gone with the screen it
    # was on (not Gin, not two games)
    expect(page.get_by_role("button", name="Lay off")).to_be_visible()
    expect(page.get_by_role("button", name="Knock")).to_have_count(0)
    expect(page.get_by_test_id("setup")).to_have_count(0)
    assert gate.asked == 1


def test_a_held_click_is_done_once(context: BrowserContext, page: Page, site_url: str, wait_ready: Wait) -> None:
    """A toggle clicked before the page's Python is up ends up toggled: handed over exactly once."""
    gate = Gate(context, "**/pyscript/core.js")
    page.goto(site_url, wait_until="domcontentloaded")
    choose = page.get_by_role("button", name="Choose opponent and rules")
    expect(choose).to_have_attribute("aria-expanded", "false")
    choose.click()
    expect(choose).to_have_attribute("aria-expanded", "false")  # held
    gate.release()
    wait_ready(page)
    expect(choose).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_label("Gin Rummy (2 players)")).to_be_checked()  # the whole set-up, unfolded


def test_the_pages_python_keeps_the_first_screen_as_it_is(context: BrowserContext, page: Page, site_url: str,
                                                          wait_ready: Wait) -> None:
    """The page's Python takes over the screen drawn by the build without drawing it again: the same nodes."""
    gate = Gate(context, "**/pyscript/core.js")
    page.goto(site_url, wait_until="domcontentloaded")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.evaluate("() => { window.__first = document.querySelector('[data-testid=setup] .play-words'); }")
    gate.release()
    wait_ready(page)
    assert page.evaluate("() => window.__first.isConnected && "
                         "window.__first === document.querySelector('[data-testid=setup] .play-words')")


# No service worker: one registered by the first visit would serve the reload's core.js from its cache, never
# asking the network, and the gate could not hold the runtime back (whether it is active by the reload is timing).
@pytest.mark.browser_context_args(service_workers="block")
def test_a_returning_visit_sees_the_loading_screen_until_python_draws(context: BrowserContext, page: Page,
                                                                      site_url: str, wait_ready: Wait) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.get_by_role("button", name="Play Gin Rummy").click()  # a match is stored now
    expect(page.get_by_test_id("hand")).to_be_visible()
    gate = Gate(context, "**/pyscript/core.js")
    page.reload(wait_until="domcontentloaded")
    wait_runtime_asked(page)
    assert page.get_attribute("html", "data-prerendered") is None
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#app")).to_be_hidden()  # not the new-game screen of a first visit
    assert gate.held  # the runtime really is held back (asked of the network, not of a service worker)
    gate.release()
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.get_by_test_id("hand")).to_be_visible()  # the saved match, drawn by Python


def test_a_link_with_a_query_is_not_a_first_visit(context: BrowserContext, page: Page, site_url: str,
                                                  wait_ready: Wait) -> None:
    gate = Gate(context, "**/pyscript/core.js")
    page.goto(site_url + "?game=rummy", wait_until="domcontentloaded")
    wait_runtime_asked(page)
    assert page.get_attribute("html", "data-prerendered") is None
    expect(page.locator("#app")).to_be_hidden()
    gate.release()
    wait_ready(page)
    expect(page.locator("#app")).to_be_visible()
