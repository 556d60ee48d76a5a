"""Saves at instant speed: the computer's moves may be written together (at most a second apart), but no move
is ever lost: the person's own move is stored before the table shows it, and a page that goes away writes
the move that waited."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, hand_names, wait_turn

# The step of the table at the page's first paint (drawn from storage, before the engine is up).
FIRST_PAINT = """
(() => {
  new MutationObserver((_, obs) => {
    if (!document.documentElement.hasAttribute('data-drawn')) return;
    const t = document.querySelector('[data-testid=table-screen]');
    window.__firstStep = t ? Number(t.dataset.step) : null;
    obs.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-drawn'] });
})();
"""
STORED = """() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('rummy.match'));
  return key ? JSON.parse(localStorage.getItem(key)).data : null;
}"""
# Leave (reload) at once: the step shown, and the step stored at that moment.
LEAVE = """() => {
  const shown = Number(document.querySelector('[data-testid=table-screen]').dataset.step);
  const key = Object.keys(localStorage).find((k) => k.startsWith('rummy.match'));
  const stored = key ? JSON.parse(JSON.parse(localStorage.getItem(key)).data.save).game.step : null;
  location.reload();
  return [shown, stored];
}"""


def test_the_persons_move_is_stored_before_the_table_shows_it(page: Page, wait_ready) -> None:
    page.goto("index.html?game=gin&opponents=ada&seed=8&speed=0")
    wait_ready(page)
    phase = wait_turn(page).split(":", 1)[1]
    button(page, "Take discard" if phase == "first-upcard" else "Draw from stock").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    data = page.evaluate(STORED)
    shown = page.get_attribute("[data-testid=table-screen]", "data-step")
    assert len(data["view"]["view"]["hand"]) == 11 and len(data["orders"][0]) == 11  # seat 0: the person
    assert str(json.loads(data["save"])["game"]["step"]) == shown and len(hand_names(page)) == 11


def test_no_move_is_lost_when_the_page_goes_away_during_instant_play(context, page: Page, wait_ready) -> None:
    context.add_init_script(FIRST_PAINT)
    page.goto("index.html?debug=autoplay&speed=0&game=gin&opponents=ada&seed=3&target=500")
    wait_ready(page)
    since = 0
    for _ in range(3):  # the computer plays on by itself: leave at a few moments of the match
        page.wait_for_function("n => Number(document.querySelector('[data-testid=table-screen]')?.dataset.step) > n",
                               arg=since + 8)
        with page.expect_navigation():
            shown, stored = page.evaluate(LEAVE)
        page.wait_for_function("() => window.__firstStep !== undefined")
        first = since = page.evaluate("window.__firstStep")
        # the reload drew the table from storage: at least the last move the page had shown (the move that
        # waited to be written, if any, was written as the page went away)
        assert first is not None and first >= shown, json.dumps({"shown": shown, "stored then": stored,
                                                                   "drawn after reload": first})
