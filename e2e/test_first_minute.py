"""The first minute: a new match against the computer is on the table before the engine is up (the page deals it
from the match's seed), a first move made then is played once the engine is up, exactly once; and the person's
own move shows at once, and goes back with the engine's reason when the engine refuses it.

Nothing waits on a clock: "before the engine is up" is made certain by holding the engine worker's script (a
Playwright route) until the test lets it through; "at once" is read from what the hand held between the click
and the engine's answer (a MutationObserver's record), not from a time.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from gate import Gate
from test_a11y import check
from test_play_support import button, hand_names, settled, wait_turn

# Seeds whose first hand the person opens (rummy.fairdeal.first_dealer gives seat 1 the deal).
GIN_OPENS = 1
RUMMY_OPENS = 1


def test_a_first_move_made_before_the_engine_is_up_is_played_once(context: BrowserContext, page: Page,
                                                                  wait_drawn, wait_ready) -> None:
    gate = Gate(context, "**/web/engine-worker.mjs")
    page.goto(f"index.html?game=gin&opponents=rex&seed={GIN_OPENS}&speed=0")
    wait_drawn(page)
    expect(page.get_by_test_id("hand").locator(".card")).to_have_count(10)  # dealt by the page itself
    assert gate.held and page.evaluate("document.documentElement.dataset.ready") != "true"
    before = hand_names(page)
    button(page, "Pass").click()
    expect(page.get_by_test_id("message")).to_contain_text("Getting the game ready")
    button(page, "Pass").click()  # a second click queues nothing more
    gate.release()
    wait_ready(page)
    wait_turn(page)
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("You passed")
    assert log.inner_text().count("You passed") == 1
    assert sorted(hand_names(page)) == sorted(before)  # the engine dealt the very cards the page showed


def engine_downloads(site_dir: Path) -> dict[str, list[int]]:
    """What the built engine worker counts as its download: path -> [bytes, bytes on the wire]."""
    worker = (site_dir / "web" / "engine-worker.mjs").read_text(encoding="utf-8")
    found = re.search(r"const DOWNLOADS = (\{.*?\});", worker)
    assert found is not None
    downloads: dict[str, list[int]] = json.loads(found.group(1))
    return downloads


@pytest.mark.cold_engine  # a first visit: the engine downloads its files
def test_a_move_waiting_for_the_engines_download_shows_how_far_it_is(context: BrowserContext, page: Page,
                                                                      site_dir: Path, wait_drawn, wait_ready) -> None:
    downloads = engine_downloads(site_dir)
    held = "pyodide/stdlib.zip"
    assert held in downloads and len(downloads) > 1
    wire = sum(w for _, w in downloads.values())
    share = math.floor(100 * sum(w for path, (_, w) in downloads.items() if path != held) / wire)
    gate = Gate(context, "**/" + held)
    page.goto(f"index.html?game=gin&opponents=rex&seed={GIN_OPENS}&speed=0")
    wait_drawn(page)
    hand_at = page.get_by_test_id("hand").bounding_box()
    button(page, "Pass").click()
    expect(page.get_by_test_id("message")).to_contain_text("downloading the game engine")
    bar = page.get_by_role("progressbar", name="downloading the game engine")
    expect(bar).to_have_attribute("aria-valuenow", str(share))  # every file in but the one held back
    assert page.get_by_test_id("hand").bounding_box() == hand_at  # the message line, bar and button, no taller
    assert gate.held and 0 < share < 100
    check(page, "a move waiting for the engine's download")
    # the rules, to read meanwhile
    page.get_by_role("button", name="How to play").click()
    expect(page.get_by_role("dialog", name="How to play")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="How to play")).to_have_count(0)
    expect(bar).to_be_visible()
    gate.release()
    wait_ready(page)
    expect(page.get_by_test_id("log")).to_contain_text("You passed")
    expect(bar).to_have_count(0)


def test_a_refused_move_shows_at_once_then_goes_back_with_the_reason(page: Page, wait_ready) -> None:
    page.goto(f"index.html?game=rummy&opponents=mel&seed={RUMMY_OPENS}&speed=0")
    wait_ready(page)
    assert wait_turn(page) == "turn:draw"
    top = page.get_by_test_id("discard-pile").get_attribute("aria-label") or ""
    card = top.split("top card ")[1]
    button(page, "Take discard").click()
    settled(page)
    hand = page.get_by_test_id("hand")
    taken = hand.get_by_role("button", name=card, exact=True)
    expect(taken).to_have_count(1)
    order = hand_names(page)
    page.evaluate("""name => {
        window.__left = false;
        const hand = document.querySelector('[data-testid=hand]');
        new MutationObserver(() => {
            if (![...hand.querySelectorAll('.card')].some(e => e.getAttribute('aria-label') === name)) window.__left = true;
        }).observe(hand, {childList: true, subtree: true});
    }""", card)
    taken.click()
    button(page, "Discard").click()  # the card just taken may not be thrown back this turn
    expect(page.get_by_test_id("message")).to_contain_text("discard pile")
    assert page.evaluate("window.__left") is True  # it left the hand at once...
    assert hand_names(page) == order  # ...and came back to its place
