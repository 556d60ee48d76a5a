"""What the game remembers: the match after every action, settings, statistics; bad saves; blocked storage."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, discard_highest, hand_names, play_hand, wait_turn

GIN = "index.html?game=gin&opponents=sam&seed=21&speed=0"


def _snapshot(page) -> dict:
    return {
        "hand": hand_names(page),
        "stock": page.get_by_test_id("stock-count").inner_text(),
        "discard": page.get_by_test_id("discard-pile").get_attribute("aria-label"),
        "phase": page.get_attribute("[data-testid=table-screen]", "data-phase"),
        "turn": page.get_attribute("[data-testid=table-screen]", "data-turn"),
        "log": page.get_by_test_id("log").inner_text(),
        "score": page.get_by_test_id("scoreline").inner_text(),
    }


def test_reload_resumes_mid_hand(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    # play a few turns, stopping in the middle of a turn (after drawing)
    for _ in range(3):
        state = wait_turn(page)
        phase = state.split(":")[1]
        if phase == "first-upcard":
            button(page, "Pass").click()
        elif phase == "draw":
            button(page, "Draw from stock").click()
            discard_highest(page)
    assert wait_turn(page) == "turn:draw"
    button(page, "Draw from stock").click()
    button(page, "By rank").click()  # a setting, kept too
    before = _snapshot(page)
    assert len(before["hand"]) == 11
    page.reload()
    wait_ready(page)
    after = _snapshot(page)
    assert after == before
    expect(page.get_by_role("button", name="By rank", exact=True)).to_have_attribute("aria-pressed", "true")
    # and play goes on from there
    discard_highest(page)
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)


def test_statistics_after_a_match(page, wait_ready):
    page.goto("index.html?game=rummy&opponents=tilly&seed=8&speed=0&rounds=1")
    wait_ready(page)
    state = play_hand(page, "rummy")
    assert state == "dialog:end"
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("match-over")).to_be_visible()
    won = "You win" in dialog.get_by_test_id("match-over").inner_text()
    button(page, "View the table").click()
    button(page, "Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    expect(stats).to_be_visible()
    section = stats.get_by_test_id("stats-rummy")
    expect(section).to_contain_text("Matches played1")
    expect(section).to_contain_text(f"Matches won{1 if won else 0}")
    expect(section).to_contain_text("Hands played1")
    expect(section).to_contain_text("Tilly")
    # kept after a reload (not counted twice)
    page.reload()
    wait_ready(page)
    button(page, "Statistics").click()
    expect(page.get_by_role("dialog", name="Statistics").get_by_test_id("stats-rummy")).to_contain_text("Matches played1")
    # reset, with a confirmation
    button(page, "Reset statistics").click()
    button(page, "Yes, reset statistics").click()
    expect(page.get_by_role("dialog", name="Statistics")).to_contain_text("No hands played yet")
    stored = json.loads(page.evaluate("localStorage.getItem('rummy.stats')"))
    assert stored["version"] == 4 and stored["data"] == {"games": {}, "opponents": {}, "people": {}, "daily": {}}


@pytest.mark.parametrize("bad, why", [
    ("{this is not json", "not valid JSON"),
    (json.dumps({"format": "rummy-ui/match", "version": 99, "data": {}}), "newer version"),
    (json.dumps({"hello": "world"}), "no field “format”"),
    (json.dumps({"format": "rummy-ui/match", "version": 1, "data": {"engine": {"format": "rummy-save", "version": 1}}}), "no field “meta”"),
])
def test_bad_save_is_reported_and_kept_aside(page, wait_ready, bad, why):
    page.goto("index.html?speed=0")
    wait_ready(page)
    page.evaluate("v => localStorage.setItem('rummy.match', v)", bad)
    page.reload()
    wait_ready(page)
    notice = page.get_by_role("dialog", name="Please note")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("could not be read")
    expect(notice).to_contain_text(why)
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('rummy.aside.'))
                                   .map(k => [k, localStorage.getItem(k)])""")
    assert kept and kept[0][1] == bad and kept[0][0].endswith("rummy.match")
    assert page.evaluate("localStorage.getItem('rummy.match')") is None
    button(page, "OK").click()
    # the game starts clean: the new-game screen, and a game can be started
    expect(page.get_by_test_id("setup")).to_be_visible()
    button(page, "Play Gin Rummy").click()
    expect(page.get_by_test_id("table-screen")).to_be_visible()


def test_corrupt_settings_do_not_stop_the_game(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    page.evaluate("localStorage.setItem('rummy.settings', '[1,2')")
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("dialog", name="Please note")).to_contain_text("settings could not be read")


def test_blocked_storage_in_a_third_party_iframe(context, page, embed_host, site_url, wait_ready, block_storage):
    block_storage(context)
    page.goto(embed_host.page(site_url + "index.html?embed=1&game=gin&opponents=rex&seed=3&speed=0", width=360, height=700))
    frame = page.frame(name="game")
    wait_ready(frame)
    game = page.frame_locator("#game")
    expect(game.get_by_test_id("storage-banner")).to_contain_text("progress won't be kept")
    # and the game still plays
    game.get_by_role("button", name="Pass", exact=True).click()
    frame.wait_for_function("() => document.querySelector('[data-testid=table-screen]').dataset.turn === '0'")
    game.get_by_role("button", name="Draw from stock", exact=True).click()
    expect(game.locator("[data-testid=hand] .card")).to_have_count(11)


def test_embed_dialog_builds_a_snippet(page, wait_ready):
    page.goto("index.html?game=gin&opponents=ada&preset=oklahoma&knock_limit=5&seed=4&speed=0")
    wait_ready(page)
    button(page, "Embed").click()
    dialog = page.get_by_role("dialog", name="Embed this game")
    snippet = dialog.get_by_test_id("embed-snippet").input_value()
    assert snippet.startswith("<iframe ") and 'title="Gin Rummy against Ada"' in snippet
    src = snippet.split('src="')[1].split('"')[0].replace("&amp;", "&")
    assert src.startswith(page.url.split("?")[0] + "?embed=1")
    for part in ("game=gin", "opponents=ada", "preset=oklahoma"):
        assert part in src
    button(page, "Copy snippet").click()
    expect(dialog.get_by_test_id("embed-status")).not_to_be_empty()


def test_settings_persist(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    button(page, "Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Fast").check()
    dialog.get_by_label("High contrast").check()
    button(page, "Done").click()
    expect(page.locator("#rm")).to_have_class("rm contrast")
    page.reload()
    wait_ready(page)
    expect(page.locator("#rm")).to_have_class("rm contrast")
    button(page, "Settings").click()
    expect(page.get_by_role("dialog", name="Settings").get_by_label("Fast")).to_be_checked()


_REAL: dict = {}  # the match below, made once per test process (the same seed saves the same match)


def _real_match(page) -> dict:
    """A match saved by the game itself (a few moves in), as stored."""
    if "match" not in _REAL:
        page.goto(GIN)
        page.wait_for_function("() => document.documentElement.dataset.ready === 'true'")
        wait_turn(page)
        _REAL["match"] = json.loads(page.evaluate(
            "localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('rummy.match')))"))
    return json.loads(json.dumps(_REAL["match"]))


# Six values that once stopped the page for good, and more: each is set aside, the game starts.
BAD_VALUES = {
    "settings last.rules is a list": ("rummy.settings", lambda m: {"format": "rummy-ui/settings", "version": 1, "data": {
        "speed": "normal", "contrast": False, "bigcards": False, "sort": "suit",
        "last": {"game": "gin", "opponents": ["rex"], "rules": ["a"], "seed": None}}}),
    "match without meta.names": ("rummy.match", lambda m: _without(m, "names")),
    "match with one name": ("rummy.match", lambda m: _with(m, "names", ["You"])),
    "match whose log is text": ("rummy.match", lambda m: _with(m, "log", "oops")),
    "match whose data is a list": ("rummy.match", lambda m: {"format": "rummy-ui/match", "version": 2, "data": []}),
    "statistics of the wrong shape": ("rummy.stats", lambda m: {"format": "rummy-ui/stats", "version": 2,
                                                                "data": {"games": []}}),
}


def _without(m: dict, field: str) -> dict:
    m = json.loads(json.dumps(m))
    del m["data"]["meta"][field]
    return m


def _with(m: dict, field: str, value) -> dict:
    m = json.loads(json.dumps(m))
    m["data"]["meta"][field] = value
    return m


@pytest.mark.parametrize("case", sorted(BAD_VALUES))
def test_no_stored_value_stops_the_game(page, wait_ready, case):
    key, make = BAD_VALUES[case]
    match = _real_match(page)
    bad = json.dumps(make(match))
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [key, bad])
    page.goto("index.html?speed=0")
    wait_ready(page)
    notice = page.get_by_role("dialog", name="Please note")
    expect(notice).to_contain_text("could not be read")
    kept = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('rummy.aside.'))")
    assert kept and kept[0].endswith(key)
    button(page, "OK").click()
    expect(page.get_by_test_id("setup")).to_be_visible()
    button(page, "Play Gin Rummy").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    # and a reload after that is clean: nothing bad is left to report
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("dialog", name="Please note")).to_be_hidden()


def test_megabytes_of_junk_are_offered_as_a_file_and_storage_works_again(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    page.evaluate("localStorage.setItem('rummy.match', 'x'.repeat(3 * 1024 * 1024))")
    page.reload()
    wait_ready(page)
    notice = page.get_by_role("dialog", name="Please note")
    expect(notice).to_contain_text("too big to keep aside")
    with page.expect_download() as d:
        button(page, "Download the unreadable data").click()
    assert d.value.suggested_filename
    assert page.evaluate("localStorage.getItem('rummy.match')") is None
    button(page, "OK").click()
    button(page, "Play Gin Rummy").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    # the game saves again once the engine's table comes (the cards show before): written, and no "storage is full"
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('rummy.match'))")
    expect(page.get_by_test_id("storage-banner")).to_be_hidden()
