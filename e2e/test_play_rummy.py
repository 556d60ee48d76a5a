"""Basic Rummy played through the page: a whole hand against two bots, melds on the table, lay-offs."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, hand_names, play_hand, shot, wait_turn

RUMMY = "index.html?game=rummy&opponents=mel,dot&seed=5&speed=0"


def test_whole_rummy_hand(page, wait_ready):
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(RUMMY)
    wait_ready(page)
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Mel")
    expect(page.get_by_test_id("opponent-2")).to_contain_text("Dot")
    expect(page.locator("[data-testid=hand] .card")).to_have_count(7)
    for o in (1, 2):
        expect(page.get_by_test_id(f"count-{o}")).to_have_text("7 cards")
    took_shot = False
    for _ in range(300):
        state = wait_turn(page)
        if not state.startswith("turn:"):
            break
        if not took_shot and page.get_by_test_id("table").locator(".meld").count() >= 1 and state == "turn:draw":
            shot(page, "rummy-desktop.png")
            took_shot = True
        from test_play_support import rummy_turn
        rummy_turn(page, state.split(":")[1])
    if not took_shot:
        shot(page, "rummy-desktop.png")
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("score-card")).to_be_visible()
    button(page, "Details").click()
    text = dialog.inner_text()
    for name in ("You", "Mel", "Dot"):
        assert name in text
    assert "worth" in text  # every hand's value is shown
    expect(dialog.get_by_test_id("score-sheet")).to_be_visible()
    shot(page, "rummy-end-of-hand.png")


def test_meld_and_lay_off_with_selection(page, wait_ready):
    """Select cards and press Meld; a wrong selection is explained by the engine's words."""
    page.goto(RUMMY)
    wait_ready(page)
    state = wait_turn(page)
    assert state == "turn:draw"
    button(page, "Draw from stock").click()
    names = hand_names(page)
    # three cards that are no meld: the reason is given and nothing changes
    bad = list(names)[:3]
    ranks = {n.split(" of ")[0] for n in bad}
    suits = {n.split(" of ")[1] for n in bad}
    if len(ranks) > 1 and len(suits) > 1:
        for n in bad:
            button(page, n).click()
        if button(page, "Meld").is_enabled():
            button(page, "Meld").click()
            expect(page.get_by_test_id("message")).to_contain_text("not a meld")
            assert hand_names(page) == names
    # fewer than three cards
    page.keyboard.press("Escape")
    button(page, names[0]).click()
    if button(page, "Meld").is_enabled():
        button(page, "Meld").click()
        expect(page.get_by_test_id("message")).to_contain_text("3 or more")
    # lay off with no meld on the table yet
    if button(page, "Lay off").is_enabled():
        button(page, "Lay off").click()
        expect(page.get_by_test_id("message")).not_to_be_empty()


def test_whole_rummy_hand_six_players_fits(page, wait_ready):
    page.goto("index.html?game=rummy&players=6&seed=2&speed=0&rounds=1")
    wait_ready(page)
    expect(page.locator(".opp")).to_have_count(5)
    state = play_hand(page, "rummy")
    assert state == "dialog:end"
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("match-over")).to_be_visible()
