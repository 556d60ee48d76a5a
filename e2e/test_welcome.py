"""The new-game screen's welcome, used as a person would: a first visit plays Gin in one click, "Choose opponent
and rules" unfolds the whole set-up (by keyboard), and a returning player finds Continue and Play again first."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, wait_turn


def test_a_first_visit_deals_a_gin_hand_in_one_click(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    play = button(page, "Play Gin Rummy")
    expect(play).to_be_visible()
    expect(play).to_have_class(re.compile(r"\bprimary\b"))  # the one large primary button
    expect(play).to_have_accessible_description(re.compile(r"^Against Sam \(skilled, .*\), standard rules$"))
    expect(button(page, "Play Basic Rummy")).to_be_visible()
    expect(button(page, "Learn Gin Rummy")).to_be_visible()  # the guided first hand, beside it
    expect(button(page, "Gin Rummy daily deal")).to_be_visible()
    expect(page.get_by_label("Gin Rummy (2 players)")).to_have_count(0)  # the set-up is folded
    play.click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Sam")
    assert wait_turn(page).startswith("turn:")


def test_choose_opponent_and_rules_opens_the_whole_set_up_by_keyboard(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    choose = button(page, "Choose opponent and rules")
    expect(choose).to_have_attribute("aria-expanded", "false")
    choose.focus()
    page.keyboard.press("Enter")
    expect(choose).to_have_attribute("aria-expanded", "true")
    expect(choose).to_be_focused()  # a disclosure keeps the focus on its button
    form = page.get_by_test_id("setup-form")
    expect(form.get_by_label("Gin Rummy (2 players)")).to_be_checked()
    form.get_by_label("Opponent", exact=True).select_option("ada")
    rule_set = form.get_by_label("Rule set", exact=True)
    expect(rule_set).to_have_accessible_description(re.compile(r"Undercut: .* line bonus.* shutout"))
    rule_set.select_option("oklahoma")
    expect(rule_set).to_have_accessible_description(re.compile(r"first upcard"))
    button(page, "Start game").click()
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Ada")
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)


def test_a_returning_player_sees_continue_and_play_again(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Opponent", exact=True).select_option("ada")
    page.get_by_label("Rule set", exact=True).select_option("oklahoma")
    button(page, "Start game").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    wait_turn(page)
    # back another day: the match is on the table at once, and the new-game screen offers Continue first
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    button(page, "New game").click()
    cont = button(page, "Continue")
    expect(cont).to_have_class(re.compile(r"\bprimary\b"))
    expect(cont).to_have_accessible_description(re.compile(r"^Gin Rummy against Ada, hand 1: You \d+, Ada \d+$"))
    expect(button(page, "Play again")).to_have_accessible_description("Gin Rummy against Ada (Oklahoma)")
    expect(page.get_by_label("Gin Rummy (2 players)")).to_have_count(0)
    cont.click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Ada")
