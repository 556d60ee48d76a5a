"""Pass and play in the browser: two people share one device. Between their turns a cover hides
every hand until the next person taps it (anywhere, or its button by keyboard) and the prompt names whose turn it
is; the end of the hand shows everything; each person's statistics are kept by name. Played with clicks, as
people do; every wait is on what the page shows."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_play_support import button, gin_turn, shot

WAIT = """() => {
  const d = document.querySelector('#rm-dialog[open]');
  if (d) return 'dialog:' + (d.dataset.kind || '');
  const c = document.querySelector('[data-testid=cover]');
  if (c) return 'cover:' + document.querySelector('[data-testid=cover-title]').textContent;
  const t = document.querySelector('[data-testid=table-screen]');
  if (!t || t.dataset.waiting === 'true' || !t.dataset.phase) return false;
  if (['hand-over', 'match-over'].includes(t.dataset.phase)) return 'over';
  if (t.dataset.turn === t.dataset.seat) return 'turn:' + t.dataset.phase + ':' + t.dataset.seat;
  return false;
}"""


def test_a_pass_and_play_gin_hand_for_two_people(page, wait_ready):
    page.set_viewport_size({"width": 1100, "height": 820})
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Gin Rummy (2 players)").check()
    page.get_by_label("Opponent", exact=True).select_option("person")
    page.get_by_label("Your name").fill("Ann")
    page.keyboard.press("Tab")
    page.get_by_label("Name of opponent").fill("Bob")
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("pass-note")).to_be_visible()
    button(page, "Start game").click()
    covers: list[str] = []
    turns: set[str] = set()
    for _ in range(400):
        state = page.wait_for_function(WAIT, timeout=60_000).json_value()
        if state.startswith("dialog:") or state == "over":
            break
        if state.startswith("cover:"):
            name = state.split(" ")[2]
            covers.append(name)
            # nobody's cards are on the screen while the device is passed
            expect(page.locator("[data-testid=hand]")).to_have_count(0)
            expect(page.locator(".card.in-hand")).to_have_count(0)
            if len(covers) == 1:
                shot(page, "pass-and-play-cover.png")
                button(page, "Show " + name + "’s hand").click()
            else:  # "tap when ready": a tap anywhere on the cover, far from its button
                page.get_by_test_id("cover").click(position={"x": 8, "y": 8})
            expect(page.get_by_test_id("hand")).to_be_visible()
            expect(page.get_by_test_id("prompt")).to_contain_text(name + "'s turn: ")
            if len(covers) == 1:  # the other person sits across the table: their initial, as no character
                expect(page.locator("[data-testid^=opponent-] .portrait.person")).to_have_count(1)
                shot(page, "pass-and-play-table.png")
            continue
        _, phase, seat = state.split(":")
        turns.add(seat)
        gin_turn(page, phase)
    else:
        raise AssertionError("the hand did not end")
    assert set(covers) == {"Ann", "Bob"} and turns == {"0", "1"}
    # the end of the hand shows everything: both players' hands, by name
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog).to_be_visible()
    text = dialog.inner_text()
    assert "Ann" in text and "Bob" in text
    expect(page.get_by_test_id("cover")).to_have_count(0)
    # statistics: each person by name, apart from games against the computer
    button(page, "View the table").click()
    button(page, "Statistics").click()
    people = page.get_by_test_id("stats-people")
    expect(people).to_contain_text("Ann")
    expect(people).to_contain_text("Bob")
    expect(page.get_by_test_id("stats-gin")).to_have_count(0)  # no game against the computer counted


def test_a_reload_while_the_device_is_passed_shows_the_cover(page, wait_ready):
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Basic Rummy (2–6 players)").check()
    page.get_by_label("Opponent 1", exact=True).select_option("person")
    page.get_by_label("Your name").fill("Ann")
    page.keyboard.press("Tab")
    page.get_by_label("Name of opponent 1").fill("Bob")
    page.keyboard.press("Tab")
    button(page, "Start game").click()
    state = page.wait_for_function(WAIT, timeout=60_000).json_value()
    assert state.startswith("cover:")
    name = state.split(" ")[2]
    button(page, "Show " + name + "’s hand").click()
    expect(page.get_by_test_id("hand")).to_be_visible()
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("cover-title")).to_have_text("Pass to " + name + " — tap when ready")
    expect(page.locator(".card.in-hand")).to_have_count(0)
    show = button(page, "Show " + name + "’s hand")  # the keyboard's way in: the cover's button
    show.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("hand")).to_be_visible()
    expect(page.get_by_test_id("prompt")).to_contain_text(name + "'s turn")


ORDER = """(bidi) => {
  // where the browser drew the cover's title: its name (a <bdi>, drawn with unicode-bidi ``bidi``) and the words
  // before and after it
  const title = document.querySelector('[data-testid=cover-title]');
  const bdi = title.querySelector('bdi');
  bdi.style.unicodeBidi = bidi;
  const after = document.createRange();
  after.selectNodeContents(bdi.nextSibling);
  const words = after.getClientRects()[0];  // the words' first line (the title may wrap after the name)
  const name = bdi.getBoundingClientRect();
  const head = document.createRange();
  head.selectNodeContents(title.firstChild);
  const out = {name: bdi.textContent, nameLeft: name.left, nameRight: name.right, afterLeft: words.left,
               headRight: head.getBoundingClientRect().right, dir: getComputedStyle(bdi).unicodeBidi};
  bdi.style.unicodeBidi = '';
  return out;
}"""


def in_order(drawn: dict) -> bool:
    """"Pass to", the name, then the words after it, from left to right."""
    return drawn["headRight"] <= drawn["nameLeft"] + 1 and drawn["nameRight"] <= drawn["afterLeft"] + 1


def test_a_name_with_a_right_to_left_override_turns_round_nothing_but_itself(page, wait_ready):
    """U+202E in a name, drawn by the browser: the name is isolated (a <bdi>), so "Pass to" stays before it and
    "— tap when ready" after it, in reading order."""
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Gin Rummy (2 players)").check()
    page.get_by_label("Opponent", exact=True).select_option("person")
    page.get_by_label("Your name").fill("\u202eAnn")
    page.keyboard.press("Tab")
    page.get_by_label("Name of opponent").fill("\u202eBob")
    page.keyboard.press("Tab")
    button(page, "Start game").click()
    state = page.wait_for_function(WAIT, timeout=60_000).json_value()
    assert state.startswith("cover:")
    drawn = page.evaluate(ORDER, "")
    assert drawn["name"] in ("\u202eAnn", "\u202eBob") and drawn["dir"] == "isolate", drawn
    assert in_order(drawn), drawn
    bare = page.evaluate(ORDER, "normal")  # the same name not isolated: the override turns the rest round
    assert bare["dir"] == "normal" and not in_order(bare), bare
