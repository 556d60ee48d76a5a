"""Learning in the page, used as a person would: hints by button and key, practice undo, checking a deal, the
legend of the marks, the guided first hand, the daily deal and a deal link. No timing: every wait is on what the
page shows."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, gin_turn, hand_names, play_hand, settled, wait_turn

GIN = "index.html?game=gin&opponents=ada&seed=3&speed=0"
CARD_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_name(text: str) -> str:
    """ "QH" -> "queen of hearts" (the hand's buttons are named so)."""
    return CARD_NAMES.get(text[0], text[0]) + " of " + SUITS[text[1]]


def menu(page, name: str) -> None:
    """Press a menu item (on a phone the menu is folded into one button first)."""
    if not button(page, name).is_visible() and button(page, "Menu").is_visible():
        button(page, "Menu").click()
    button(page, name).click()


def phase(page) -> str:
    return page.get_attribute("[data-testid=table-screen]", "data-phase") or ""


def test_a_hint_by_button_then_by_key_explains_the_move_and_marks_the_match_assisted(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    state = wait_turn(page)
    expect(page.get_by_test_id("assisted")).to_have_count(0)
    button(page, "Hint").click()
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("Hint: ")
    expect(page.get_by_test_id("assisted")).to_be_visible()
    words = message.inner_text()
    assert len(words) > len("Hint: ") + 10
    # the hint says what to do: the person follows it and the game goes on
    gin_turn(page, state.split(":")[1])
    state = wait_turn(page)
    assert state.startswith("turn:")
    expect(message).not_to_contain_text("Hint: ")
    page.locator("[data-testid=hand] .card").first.focus()
    page.keyboard.press("i")
    expect(message).to_contain_text("Hint: ")
    if "iscard" in message.inner_text():  # a card to throw: it is the one marked
        expect(page.locator("[data-testid=hand] .card.advised")).to_have_count(1)


def test_practice_undo_takes_back_a_draw_and_the_stock_keeps_its_order(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Practice game", exact=False).check()
    page.get_by_role("button", name="Start game").click()
    for _ in range(10):
        state = wait_turn(page)
        if state == "turn:draw":
            break
        gin_turn(page, state.split(":")[1])
    before = sorted(hand_names(page))
    undo = button(page, "Undo")
    button(page, "Draw from stock").click()
    assert wait_turn(page) == "turn:play"
    drawn = [n for n in hand_names(page) if n not in before]
    assert len(drawn) == 1
    expect(undo).to_be_enabled()
    undo.click()
    assert wait_turn(page) == "turn:draw"
    assert sorted(hand_names(page)) == before
    button(page, "Draw from stock").click()
    assert wait_turn(page) == "turn:play"
    assert [n for n in hand_names(page) if n not in before] == drawn  # the same next card of the stock
    expect(page.get_by_test_id("assisted")).to_be_visible()


def test_check_this_deal_after_a_hand(page, wait_ready):
    page.goto("index.html?game=gin&opponents=rex&seed=3&speed=0")
    wait_ready(page)
    wait_turn(page)
    # no deal code on the table: its fingerprint is in Scores, noted before the hand is played
    menu(page, "Scores")
    scores = page.get_by_role("dialog", name="Scores")
    short = scores.get_by_test_id("deal-fingerprint").locator("code").inner_text()
    assert len(short) >= 8
    scores.get_by_role("button", name="Close").click()
    expect(page.get_by_test_id("table-screen")).not_to_contain_text(short)
    assert play_hand(page, "gin") == "dialog:end"
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("deal-proof")).to_contain_text(short)
    dialog.get_by_role("button", name="Check this deal").click()
    expect(dialog.get_by_test_id("deal-check")).to_contain_text("✓")


TABLE_MARKS = """() => {
  const t = document.querySelector('[data-testid=table-screen]');
  const out = new Set();
  for (const c of t.querySelectorAll('.hand > .card')) {
    for (const k of c.classList) {
      if (k !== 'card' && k !== 'in-hand' && !k.startsWith('s-')) out.add(k.startsWith('grp') ? 'grp' : k);
    }
  }
  const more = {can: '.pile.can', active: '.opp.active', badge: '.badge', deadwood: '.deadwood', 'meld-no': '.meld-no',
                by: '.meld .by', wild: '.tcard.wild', assisted: '.assisted'};
  for (const [k, sel] of Object.entries(more)) if (t.querySelector(sel)) out.add(k);
  return [...out].sort();
}"""


def test_the_legend_from_the_table_and_from_help_explains_the_marks_on_show(page, wait_ready):
    page.goto(GIN)
    wait_ready(page)
    wait_turn(page)
    button(page, "Hint").click()
    settled(page)  # the engine has thought
    expect(page.get_by_test_id("message")).to_contain_text("Hint: ")
    page.locator("[data-testid=hand] .card").first.click()
    marks = page.evaluate(TABLE_MARKS)
    assert {"selected", "can", "badge", "deadwood", "assisted"} <= set(marks), marks
    assert {"dw", "grp"} & set(marks), marks
    page.get_by_role("button", name="What the marks mean").click()
    legend = page.get_by_role("dialog", name="What the marks mean")
    expect(legend).to_be_visible()
    for mark in marks:  # every mark on the table has its line, with its sample drawn as the table draws it
        line = legend.locator(f'[data-mark="{mark}"]')
        expect(line).to_be_visible()
        assert line.inner_text().strip()
    legend.get_by_role("button", name="Close").click()
    expect(legend).to_be_hidden()
    menu(page, "Help")
    page.get_by_role("dialog", name="How to play").get_by_role("button", name="What the marks mean").click()
    expect(page.get_by_role("dialog", name="What the marks mean").locator("[data-mark=advised]")).to_be_visible()


def follow_lesson(page) -> int:
    """Play the guided hand by what the page lights up; returns the steps played."""
    steps = 0
    for _ in range(60):
        if page.locator("#rm-dialog[open]").count():
            return steps
        lesson = page.get_by_test_id("lesson")
        expect(lesson).to_be_visible()
        settled(page)
        cont = page.get_by_test_id("lesson-next")
        if cont.count():
            expect(cont).to_be_enabled()
            cont.click()
            settled(page)
            steps += 1
            continue
        lit = (page.get_attribute("[data-testid=table-screen]", "data-lit") or "").split()
        assert lit, "a step of the learner's lights nothing"
        cards = [t for t in lit if len(t) == 2]
        if phase(page) in ("draw", "first-upcard"):
            page.get_by_test_id("discard-pile" if "discard" in lit else "stock").click()
        elif "button:meld" in lit:
            for c in cards:
                button(page, card_name(c)).click()
            button(page, "Meld").click()
        elif [t for t in lit if t.startswith("meld:")]:
            button(page, card_name(cards[0])).click()
            page.get_by_test_id("meld-" + next(t for t in lit if t.startswith("meld:")).split(":")[1]).click()
        else:
            button(page, card_name(cards[0])).click()
            button(page, "Knock" if "button:knock" in lit else "Discard").click()
        settled(page)
        steps += 1
    raise AssertionError("the guided hand did not end")


def test_the_guided_gin_hand_from_the_first_visit(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    expect(page.get_by_test_id("welcome")).to_be_visible()
    page.get_by_test_id("learn-gin").click()
    lesson = page.get_by_test_id("lesson")
    expect(lesson).to_contain_text("Step 1 of")
    first = page.get_by_test_id("lesson-say").inner_text()
    # a move other than the lesson's is refused with the lesson's words, and nothing changes
    button(page, "Pass").click()  # a legal move, but not the lesson's
    expect(page.get_by_test_id("message")).to_have_text(first)
    expect(lesson).to_contain_text("Step 1 of")
    assert follow_lesson(page) >= 8
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("lesson-outro")).to_be_visible()


def test_the_guided_rummy_hand_from_help(page, wait_ready):
    page.goto("index.html?game=gin&opponents=rex&seed=3&speed=0")
    wait_ready(page)
    menu(page, "Help")
    page.get_by_role("dialog", name="How to play").get_by_role("button", name="Learn Basic Rummy").click()
    # a match is in progress: the page asks first
    page.get_by_role("dialog").get_by_role("button", name="Start the new match").click()
    expect(page.get_by_test_id("lesson")).to_contain_text("Step 1 of")
    assert follow_lesson(page) >= 10
    expect(page.get_by_role("dialog", name="End of hand").get_by_test_id("lesson-outro")).to_be_visible()


def test_the_daily_deal_and_a_link_to_the_same_cards(page, wait_ready, browser, base_url):
    page.goto("index.html?speed=0")
    wait_ready(page)
    page.get_by_test_id("daily-gin").click()
    wait_turn(page)
    mine = sorted(hand_names(page))
    menu(page, "Share this deal")
    share = page.get_by_role("dialog", name="Share this deal")
    link = share.get_by_test_id("share-text").input_value()
    assert "seed=" in link and "game=gin" in link
    # a friend opens the link in another browser: the same cards
    other = browser.new_context(base_url=base_url)
    friend = other.new_page()
    friend.goto(link.replace("./", "", 1) + "&speed=0")
    wait_ready(friend)
    wait_turn(friend)
    assert sorted(hand_names(friend)) == mine
    other.close()
