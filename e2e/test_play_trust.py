"""Saves you can trust, as a person meets them: two tabs on one match, storage that fills up mid-game,
double clicks, a new game while a match runs, and moving all of one's data to a fresh browser."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, discard_highest, hand_names, wait_turn

GIN = "index.html?game=gin&opponents=rex&seed=3&speed=0"
FULL_SWITCH = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__storageFull && String(k).startsWith('rummy.match'))
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return real.call(this, k, v);
  };
})();
"""


def to_my_draw(page) -> None:
    """Play until it is the person's turn to draw (passing the first upcard)."""
    for _ in range(20):
        state = wait_turn(page)
        if state == "turn:draw":
            return
        if state == "turn:first-upcard":
            button(page, "Pass").click()
        elif state == "turn:play":
            discard_highest(page)
    raise AssertionError("never the person's turn to draw")


def test_two_tabs_never_overwrite_each_other(context, wait_ready):
    a = context.new_page()
    a.goto(GIN)
    wait_ready(a)
    to_my_draw(a)
    b = context.new_page()
    b.goto(GIN)
    wait_ready(b)
    expect(b.get_by_test_id("storage-banner")).to_contain_text("This game is open in another tab")
    # the second tab may not play this match: it says so, and nothing is saved from it
    saved = a.evaluate("localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('rummy.match@')))")
    button(b, "Draw from stock").click()
    expect(b.get_by_test_id("message")).to_contain_text("open in another tab")
    assert a.evaluate("localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('rummy.match@')))") \
        == saved
    # the first tab plays on and saves
    button(a, "Draw from stock").click()
    expect(a.locator("[data-testid=hand] .card")).to_have_count(11)
    # "Play here" takes the match over: the second tab now plays from the first tab's last move
    b.get_by_role("button", name="Play here").click()
    wait_ready(b)
    expect(b.locator("[data-testid=hand] .card")).to_have_count(11)
    expect(a.get_by_test_id("storage-banner")).to_contain_text("now being played in another tab")
    discard_highest(a)  # the first tab no longer plays it
    expect(a.get_by_test_id("message")).to_contain_text("open in another tab")
    discard_highest(b)
    expect(b.locator("[data-testid=hand] .card")).to_have_count(10)


def test_storage_full_mid_game_is_said_at_once_and_nothing_is_lost(context, page, wait_ready):
    context.add_init_script(FULL_SWITCH)
    page.goto(GIN)
    wait_ready(page)
    to_my_draw(page)
    page.evaluate("window.__storageFull = true")
    button(page, "Draw from stock").click()
    banner = page.get_by_test_id("storage-banner")
    expect(banner).to_contain_text("could not be saved: storage is full")
    with page.expect_download() as d:
        banner.get_by_role("button", name="Download my game").click()
    kept = json.loads(Path(d.value.path()).read_text())
    assert "rummy-ui" in json.dumps(kept)
    # play goes on from memory; when storage has room again, the next save clears the notice
    page.evaluate("window.__storageFull = false")
    discard_highest(page)
    expect(banner).to_be_hidden()
    hand = hand_names(page)
    page.reload()
    wait_ready(page)
    assert hand_names(page) == hand


def test_double_clicks_act_once(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    to_my_draw(page)
    button(page, "Draw from stock").dblclick()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    expect(page.get_by_test_id("message")).not_to_contain_text("already drawn")
    # play to the end of the hand, then double-click "Next hand" on the toolbar
    for _ in range(400):
        state = wait_turn(page)
        if state.startswith("dialog:"):
            break
        if state == "turn:first-upcard":
            button(page, "Pass").click()
        elif state == "turn:draw":
            button(page, "Draw from stock").click()
        elif page.get_by_role("button", name="Knock", exact=True).is_enabled():
            button(page, "Knock").click()
        else:
            discard_highest(page)
    button(page, "View the table").click()
    button(page, "Next hand").dblclick()
    expect(page.get_by_test_id("scoreline")).to_contain_text("Hand 2")
    # the second click did not pass the new upcard: the person has not moved in hand 2 (Rex, offered the upcard
    # first or second, may have taken it: then it is the person's draw)
    state = wait_turn(page)
    lines = page.get_by_test_id("log").locator("li").all_inner_texts()  # newest first
    hand2 = lines[:next(i for i, t in enumerate(lines) if t.startswith("Hand 2"))]
    assert not [t for t in hand2 if t.startswith("You ")], hand2
    if not [t for t in hand2 if t.startswith("Rex took")]:
        assert state == "turn:first-upcard", (state, hand2)


def test_a_new_game_during_a_match_asks_first_and_counts_it_abandoned(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Play Gin Rummy").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    button(page, "New game").click()
    button(page, "Play again").click()
    ask = page.get_by_role("dialog", name="Start a new match?")
    expect(ask).to_be_visible()
    button(page, "Keep playing").click()
    button(page, "Continue").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    button(page, "New game").click()
    button(page, "Play Basic Rummy").click()
    button(page, "Start the new match").click()
    expect(page.get_by_test_id("scoreline")).to_contain_text("Hand 1")
    button(page, "Statistics").click()
    expect(page.get_by_role("dialog", name="Statistics").get_by_test_id("stats-gin")).to_contain_text(
        "Matches abandoned1")


def test_export_then_import_on_a_fresh_profile(browser, page, wait_ready, site_url):
    page.goto(GIN)
    wait_ready(page)
    to_my_draw(page)
    button(page, "Draw from stock").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    hand = hand_names(page)
    button(page, "Settings").click()
    with page.expect_download() as d:
        button(page, "Export my data").click()
    exported = Path(d.value.path()).read_text()
    # a browser that has never seen the game
    fresh = browser.new_context(base_url=site_url, bypass_csp=True)
    other = fresh.new_page()
    other.goto(GIN)
    wait_ready(other)
    button(other, "Settings").click()
    with other.expect_file_chooser() as fc:
        button(other, "Import data…").click()
    fc.value.set_files(files=[{"name": "rummy-data.json", "mimeType": "application/json",
                               "buffer": exported.encode()}])
    ask = other.get_by_role("dialog", name="Import data")
    expect(ask).to_contain_text("replace")
    with other.expect_navigation():
        button(other, "Import and replace").click()
    wait_ready(other)
    expect(other.locator("[data-testid=hand] .card")).to_have_count(11)
    assert hand_names(other) == hand
    fresh.close()
