"""Replays in Chromium, used as a person uses them: the coach after a hand and its Show button, the replay viewer
(buttons and keys, every hand face up, the log), exporting a hand record, watching one (file, pasted text, a
malformed one), past matches after a reload, a replay link, and axe-core on the viewer. No test waits for time:
every wait is on what the page shows."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_a11y import check
from test_play_support import button, play_hand, wait_turn

from rummy.replays import hand_frames, load_record
from web.page.app.replays import b64url, from_b64url, hand_record
from web.worker.table import Table

GIN = "index.html?game=gin&opponents=rex&seed=3&speed=0"


def a_record(seed: int = 7, hands: int = 1) -> dict[str, Any]:
    """The record of ``hands`` finished hands of Gin against Rex, every move the computer's (CPython)."""
    t = Table()
    replies = t.handle({"type": "new", "config": {"game": "gin", "opponents": ["rex"], "rules": {"target": 500},
                                                  "seed": seed}})
    for _ in range(5000):
        last = replies[-1]
        if last["type"] == "table" and last["next"] == "deal":
            if len(last["view"]["view"]["results"]) >= hands:
                break
            replies = t.handle({"type": "deal", "step": last["view"]["view"]["step"]})
            continue
        replies = t.handle({"type": "advance", "step": last["view"]["view"]["step"], "auto": True})
    rec = t.handle({"type": "record"})[0]["record"]
    assert len(rec["hands"]) == hands
    return rec  # type: ignore[no-any-return]


def expect_index(page: Page, i: int) -> None:
    expect(page.get_by_test_id("replay")).to_have_attribute("data-index", str(i))
    expect(page.locator('[data-testid=replay-log] [aria-current="step"]')).to_have_attribute("data-index", str(i))


def seats_face_up(page: Page, frame: dict[str, Any]) -> None:
    """Every hand of the position is shown, face up, card by card."""
    for s, cards in enumerate(frame["hands"]):
        seat = page.get_by_test_id(f"replay-seat-{s}")
        expect(seat).to_have_attribute("data-cards", " ".join(cards))
        expect(seat.locator(".card[role=img]")).to_have_count(len(cards))


def open_menu_item(page: Page, name: str) -> None:
    if not button(page, name).is_visible() and button(page, "Menu").is_visible():
        button(page, "Menu").click()
    button(page, name).click()


def test_coach_show_the_viewer_by_keys_and_export(page: Page, wait_ready) -> None:
    page.set_viewport_size({"width": 1200, "height": 860})
    page.goto(GIN)
    wait_ready(page)
    # the coach is off by default: turn it on in Settings
    open_menu_item(page, "Settings")
    coach = page.get_by_role("checkbox", name="Coach after each hand", exact=False)
    expect(coach).not_to_be_checked()
    coach.check()
    button(page, "Done").click()
    assert play_hand(page, "gin") == "dialog:end"
    dialog = page.get_by_role("dialog", name="End of hand")
    # once the engine has reviewed the hand: the expert's search over every decision, in Pyodide (seconds, more
    # than expect's 5 s on a busy machine)
    expect(dialog.get_by_test_id("coach-list")).to_be_visible(timeout=60_000)
    mistakes = dialog.get_by_test_id("mistake")
    assert mistakes.count() >= 1
    expect(dialog.get_by_test_id("coach-total")).to_contain_text("points")
    check(page, "the end of a hand with the coach's review")
    marked = dialog.locator("[data-testid=mistake].marked")
    assert 1 <= marked.count() <= 3
    first = marked.first
    index = int(first.get_attribute("data-index") or -1)
    assert first.get_attribute("data-cost") not in (None, "0")
    # the export of the hand's record: a file the engine reads back
    with page.expect_download() as d:
        dialog.get_by_test_id("export-record").click()
    download = d.value
    assert download.suggested_filename == "rummy-record-gin-1-hand.json"
    rec = load_record(Path(download.path()).read_text(encoding="utf-8"))
    assert rec["format"] == "rummy-record/1" and rec["names"] == ["You", "Rex"]
    frames = hand_frames(rec, 0)["frames"]
    # Show: the viewer opens at that decision, with the coach's note
    first.get_by_test_id("coach-show").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect_index(page, index)
    expect(page.get_by_test_id("coach-note")).to_contain_text("Better:")
    seats_face_up(page, frames[index])
    check(page, "the replay viewer at a coach's note")
    # step with the keys and the buttons
    page.keyboard.press("ArrowRight")
    expect_index(page, index + 1)
    seats_face_up(page, frames[index + 1])
    page.keyboard.press("ArrowLeft")
    expect_index(page, index)
    page.keyboard.press("Home")
    expect_index(page, 0)
    expect(page.get_by_test_id("replay-now")).to_contain_text("The deal")
    button(page, "Forward ▶").click()
    expect_index(page, 1)
    page.keyboard.press("End")
    last = len(frames) - 1
    expect_index(page, last)
    expect(page.get_by_test_id("replay-result")).to_be_visible()
    seats_face_up(page, frames[last])
    button(page, "◀ Back").click()
    expect_index(page, last - 1)
    # a click on a line of the log goes there
    page.locator('[data-testid=replay-log] [data-index="2"]').click()
    expect_index(page, 2)
    # Esc: back to the table, whose keys work as before
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("table-screen")).to_be_visible()
    button(page, "Show result").click()
    expect(page.get_by_role("dialog", name="End of hand").get_by_test_id("coach-list")).to_be_visible()


def test_watch_a_record_from_help_file_and_pasted_good_and_malformed(page: Page, wait_ready, tmp_path: Path) -> None:
    rec = a_record(seed=7, hands=2)
    page.goto("index.html")
    wait_ready(page)
    # a file
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    open_menu_item(page, "Help")
    button(page, "Watch a hand record").click()
    watch = page.get_by_role("dialog", name="Watch a hand record")
    with page.expect_file_chooser() as fc:
        watch.get_by_test_id("record-file").click()
    fc.value.set_files(str(path))
    expect(page.get_by_test_id("replay")).to_have_attribute("data-source", "record")
    expect(page.get_by_test_id("replay")).to_contain_text("a hand record")
    seats_face_up(page, hand_frames(rec, 0)["frames"][0])
    # its other hand, from the viewer's picker
    page.get_by_role("button", name="Hand 2", exact=True).click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-hand", "1")
    seats_face_up(page, hand_frames(rec, 1)["frames"][0])
    button(page, "Close").click()
    expect(page.get_by_test_id("replay")).to_have_count(0)
    # pasted text that is not JSON: the page's own words
    open_menu_item(page, "Help")
    button(page, "Watch a hand record").click()
    page.get_by_test_id("record-text").fill("{ this is not a record")
    button(page, "Watch").click()
    expect(page.get_by_test_id("record-error")).to_contain_text("it is not valid JSON")
    # a malformed record: the engine's error, and the game goes on
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["actions"][2] = "discard ZZ"
    page.get_by_test_id("record-text").fill(json.dumps(bad))
    button(page, "Watch").click()
    error = page.get_by_test_id("record-error")
    expect(error).to_contain_text("This record cannot be watched: hand 0, action 2")
    # the same text, mended, plays back
    page.get_by_test_id("record-text").fill(json.dumps(rec))
    button(page, "Watch").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-hand", "0")
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay-result")).to_be_visible()


def test_a_finished_match_is_in_past_matches_after_a_reload(page: Page, wait_ready) -> None:
    page.goto("index.html?game=gin&opponents=rex&seed=3&speed=0&target=1")
    wait_ready(page)
    for _ in range(10):
        state = play_hand(page, "gin")
        dialog = page.get_by_role("dialog", name="End of hand")
        if dialog.get_by_test_id("match-over").count():
            break
        button(page, "Next hand").click()
        wait_turn(page)
    expect(page.get_by_test_id("match-over")).to_be_visible()
    assert state == "dialog:end"
    page.reload()
    wait_ready(page)
    open_menu_item(page, "Past matches")
    past = page.get_by_role("dialog", name="Past matches")
    expect(past.get_by_test_id("past-match")).to_have_count(1)
    expect(past.get_by_test_id("past-match")).to_contain_text("Gin Rummy")
    past.get_by_role("button", name="Replay hand 1 of this match").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-source", "past")
    expect(page.get_by_test_id("replay")).to_contain_text("a past match")
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay-result")).to_be_visible()


def test_a_past_hand_the_engine_cannot_rebuild_says_why_on_the_page(page: Page, wait_ready) -> None:
    rec = a_record(seed=5)
    rec["hands"][0]["actions"][3] = "discard ZZ"  # a move no deck allows: the engine cannot rebuild the hand
    entry = {"when": "2026-05-01 18:30", "game": "gin", "names": ["You", "Rex"], "final": [0, 25], "winner": 1,
             "hands": 1, "record": rec}
    stored = json.dumps({"format": "rummy-ui/history", "version": 1, "data": {"matches": [entry]}})
    page.goto("index.html?speed=0")
    wait_ready(page)
    page.evaluate("v => localStorage.setItem('rummy.history', v)", stored)
    page.reload()
    wait_ready(page)
    open_menu_item(page, "Past matches")
    past = page.get_by_role("dialog", name="Past matches")
    past.get_by_role("button", name="Replay hand 1 of this match").click()
    problem = past.get_by_test_id("replay-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("This hand cannot be replayed: ")
    expect(problem).to_contain_text("ZZ")
    expect(page.get_by_test_id("replay")).to_have_count(0)


def test_a_replay_link_opens_the_viewer_and_gives_its_own_link(page: Page, wait_ready) -> None:
    rec = a_record(seed=9)
    data = hand_frames(rec, 0)
    one = hand_record(rec, 0, data["dealer"])
    fragment = "replay=" + b64url(json.dumps(one, separators=(",", ":")).encode("utf-8"))
    page.goto("index.html#" + fragment)
    wait_ready(page)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-source", "link")
    expect_index(page, 0)
    seats_face_up(page, data["frames"][0])
    page.keyboard.press("ArrowRight")
    expect_index(page, 1)
    button(page, "Copy replay link").click()
    link = page.get_by_test_id("replay-link-text")
    expect(link).to_be_visible()
    url = link.input_value() or ""
    assert url.split("#", 1)[0].endswith("/index.html") and "#replay=" in url
    assert json.loads(from_b64url(url.split("#replay=", 1)[1])) == one  # the same hand
    page.keyboard.press("Escape")
    button(page, "Close").click()
    expect(page.get_by_test_id("replay")).to_have_count(0)
    assert page.evaluate("location.hash") == ""  # a reload opens the game, not the replay


def test_axe_finds_no_serious_violation_in_the_replay_viewer_and_its_dialogs(page: Page, wait_ready) -> None:
    rec = a_record(seed=9, hands=2)
    data = hand_frames(rec, 1)
    fragment = "replay=" + b64url(json.dumps(hand_record(rec, 1, data["dealer"])).encode("utf-8"))
    page.goto("index.html#" + fragment)
    wait_ready(page)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-source", "link")
    check(page, "the replay viewer at the deal")
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay-result")).to_be_visible()
    check(page, "the replay viewer at the end")
    button(page, "Copy replay link").click()
    expect(page.get_by_test_id("replay-link-text")).to_be_visible()
    check(page, "the replay link dialog")
    page.keyboard.press("Escape")
    open_menu_item(page, "Help")
    button(page, "Watch a hand record").click()
    page.get_by_test_id("record-text").fill("[]")
    button(page, "Watch").click()
    expect(page.get_by_test_id("record-error")).to_be_visible()
    check(page, "the watch dialog with an error")
    page.keyboard.press("Escape")
    open_menu_item(page, "Past matches")
    expect(page.get_by_test_id("past-none")).to_be_visible()
    check(page, "the past matches dialog")
