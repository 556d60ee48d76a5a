"""Gin Rummy played through the page, as a person plays it: mouse, keyboard, dragging, illegal moves."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, discard_highest, hand_names, play_hand, select_by_keyboard, shot, wait_turn

GIN = "index.html?game=gin&opponents=rex&seed=3&speed=0"


def test_whole_gin_hand_with_the_mouse(page, wait_ready):
    page.set_viewport_size({"width": 1200, "height": 860})
    page.goto(GIN)
    wait_ready(page)
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Rex")
    expect(page.get_by_test_id("deadwood")).to_contain_text("Deadwood")
    # the player is not the dealer with this seed: the upcard is offered first
    assert wait_turn(page) == "turn:first-upcard"
    button(page, "Pass").click()
    state = wait_turn(page)
    if state == "turn:draw":
        button(page, "Draw from stock").click()
        expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
        shot(page, "gin-desktop.png")
        discard_highest(page)
    state = play_hand(page, "gin")
    assert state == "dialog:end"
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("headline")).not_to_be_empty()
    # the score card first; every hand, the melds and the score sheet are in its details
    expect(dialog.get_by_test_id("score-card")).to_be_visible()
    button(page, "Details").click()
    expect(dialog.get_by_test_id("score-sheet")).to_be_visible()
    text = dialog.inner_text()
    assert "You" in text and "Rex" in text
    if "Tie" not in text:
        assert "deadwood" in text.lower() and "Melds" in text
    shot(page, "gin-end-of-hand.png")
    # the move log tells what the opponent did, in words
    button(page, "View the table").click()
    log = page.get_by_test_id("log").inner_text()
    assert re.search(r"Rex (drew from the stock|took .+ from the discard pile|discarded|passed)", log)
    button(page, "Next hand").click()
    expect(page.get_by_test_id("scoreline")).to_contain_text("Hand 2")
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)


def test_gin_hand_by_keyboard_alone(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    for _ in range(400):
        state = wait_turn(page)
        if state.startswith("dialog:"):
            break
        phase = state.split(":")[1]
        if phase == "first-upcard":
            page.keyboard.press("p")
        elif phase == "draw":
            page.keyboard.press("d")
        elif page.get_by_role("button", name="Knock", exact=True).is_enabled():
            page.keyboard.press("k")
        else:
            names = hand_names(page)
            from test_play_support import highest_card
            select_by_keyboard(page, highest_card(page))
            # focus is visible on the card
            outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert outline not in ("none", ""), outline
            assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
            page.keyboard.press("x")
            expect(page.locator("[data-testid=hand] .card")).to_have_count(len(names) - 1)
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog).to_be_visible()
    # the dialog's first button has the focus; Enter deals the next hand
    assert page.evaluate("document.activeElement.textContent") == "Next hand"
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("scoreline")).to_contain_text("Hand 2")


def test_illegal_move_is_explained(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    assert wait_turn(page) == "turn:first-upcard"
    upcard = page.get_by_test_id("discard-pile").get_attribute("aria-label").split("top card ")[1]
    # Discard is not offered before drawing; pressing its key says why
    expect(button(page, "Discard")).to_be_disabled()
    page.keyboard.press("x")
    expect(page.get_by_test_id("message")).to_contain_text("Draw a card first")
    button(page, "Take discard").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    # the card just taken from the discard pile may not be thrown back
    button(page, upcard).click()
    button(page, "Discard").click()
    msg = page.get_by_test_id("message")
    expect(msg).to_contain_text("from the discard pile")
    expect(msg).to_contain_text("can't discard it this turn")
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)  # nothing changed
    # knocking with too much deadwood is not offered at all
    expect(button(page, "Knock")).to_be_disabled()
    # drawing again is refused with the engine's reason
    page.get_by_test_id("stock").click()
    expect(msg).to_contain_text("already drawn")


def test_drag_a_card_onto_the_discard_pile(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    assert wait_turn(page) == "turn:first-upcard"
    button(page, "Pass").click()
    if wait_turn(page) != "turn:draw":
        return
    # drag the stock onto the hand to draw
    page.get_by_test_id("stock").drag_to(page.get_by_test_id("hand"))
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    names = hand_names(page)
    # reorder: drag the first card onto the last
    first = page.locator("[data-testid=hand] .card").first
    first.drag_to(page.locator("[data-testid=hand] .card").last)
    after = hand_names(page)
    assert after[-1] == names[0] and sorted(after) == sorted(names)
    expect(page.get_by_role("button", name="By suit", exact=True)).to_have_attribute("aria-pressed", "false")
    # drag a card onto the discard pile to discard it
    card = after[0]
    page.locator("[data-testid=hand] .card").first.drag_to(page.get_by_test_id("discard-pile"))
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    assert card not in hand_names(page)


def test_url_chooses_opponent_and_rules(page, wait_ready):
    page.goto("index.html?game=gin&opponents=ada&preset=oklahoma&seed=11&speed=0")
    wait_ready(page)
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Ada")
    wait_turn(page)
    # Oklahoma: the upcard sets the knock limit, shown beside the deadwood
    expect(page.get_by_test_id("deadwood")).to_contain_text(re.compile(r"knock at \d+ or less|gin only"))
