"""Screens and layouts: the new-game screen, a phone held upright (Rummy's table using its height), an embed 320 px
wide, accessible names."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, discard_highest, hand_names, meld_in, settled, shot, wait_turn

NOTHING_CUT = """() => {
  const w = document.documentElement.clientWidth;
  const bad = [];
  if (document.documentElement.scrollWidth > w) bad.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
  for (const el of document.querySelectorAll('#rm button, #rm .card')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.left < -1 || r.right > w + 1) bad.push((el.getAttribute('aria-label') || el.textContent).trim() + ' ' + r.left + '-' + r.right);
  }
  return bad;
}"""


def test_new_game_screen_sets_game_opponents_and_rules(page, wait_ready):
    page.set_viewport_size({"width": 1200, "height": 1000})
    page.goto("index.html?speed=0")
    wait_ready(page)
    setup = page.get_by_test_id("setup")
    expect(setup).to_be_visible()
    shot(page, "new-game.png")
    button(page, "Choose opponent and rules").click()
    setup.get_by_label("Basic Rummy (2–6 players)").check()
    setup.get_by_label("Players", exact=True).select_option("3")
    setup.get_by_label("Opponent 1", exact=True).select_option("mel")
    setup.get_by_label("Opponent 2", exact=True).select_option("sage")
    rule_set = setup.get_by_label("Rule set", exact=True)
    rule_set.select_option("classic-book")  # the id a link or a save names it by
    expect(rule_set.locator("option:checked")).to_have_text("Classic rules")  # the words a player reads
    expect(setup.get_by_test_id("preset-help")).to_contain_text("One new meld a turn")
    setup.get_by_label("Target score", exact=True).fill("60")
    setup.get_by_label("Target score", exact=True).press("Tab")
    expect(setup.get_by_label("Lay off only after your own first meld")).to_be_checked()
    button(page, "Start game").click()
    expect(page.get_by_test_id("table-screen")).to_be_visible()
    expect(page.get_by_test_id("opponent-1")).to_contain_text("Mel")
    expect(page.get_by_test_id("opponent-2")).to_contain_text("Sage")
    expect(page.get_by_test_id("scoreline")).to_contain_text("to 60")
    # the choice is remembered for the next new game
    page.reload()
    wait_ready(page)
    button(page, "New game").click()
    expect(page.locator("#play-again-words")).to_have_text(
        "Basic Rummy against Mel and Sage (Classic rules, to 60)")
    button(page, "Choose opponent and rules").click()
    expect(page.get_by_test_id("setup").get_by_label("Opponent 2", exact=True)).to_have_value("sage")
    button(page, "Continue").click()
    expect(page.get_by_test_id("table-screen")).to_be_visible()


def test_phone_held_upright_nothing_cut_off(browser, site_url, wait_ready, engine_seed):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                              has_touch=True, base_url=site_url)
    page = ctx.new_page()
    engine_seed(page)
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto("index.html?game=gin&opponents=magpie&seed=3&speed=0")
    wait_ready(page)
    assert wait_turn(page) == "turn:first-upcard"
    button(page, "Pass").click()
    if wait_turn(page) == "turn:draw":
        page.get_by_role("button", name="Draw from stock", exact=True).tap()
        expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    assert page.evaluate(NOTHING_CUT) == []
    shot(page, "phone-gin.png", full_page=True)
    # a tap selects a card
    first = hand_names(page)[0]
    page.get_by_role("button", name=first, exact=True).tap()
    expect(page.get_by_role("button", name=first, exact=True)).to_have_attribute("aria-pressed", "true")
    page.goto("index.html?game=rummy&players=6&seed=3&speed=0")
    wait_ready(page)
    wait_turn(page)
    assert page.evaluate(NOTHING_CUT) == []
    shot(page, "phone-rummy-6.png", full_page=True)
    # the menu folds into one button on a phone
    expect(button(page, "Help")).to_be_hidden()
    button(page, "Menu").click()
    button(page, "Help").click()
    expect(page.get_by_role("dialog", name="How to play")).to_be_visible()
    assert page.evaluate(NOTHING_CUT) == []
    ctx.close()
    assert errors == []


# Rummy's table on a phone held upright, measured from the page: the boxes of the rows (layout boxes, not the
# turned and lifted pictures of the hand's cards), the melds' box and its region (which scrolls), the melds in it,
# and whether the screen or the page scrolls.
RUMMY_MIDDLE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  const one = (sel) => box(document.querySelector(sel));
  const stock = one('[data-testid=stock]'), discard = one('[data-testid=discard-pile]');
  const region = document.querySelector('[data-testid=table]');
  const screen = document.querySelector('.rm-screen');
  return {
    width: document.documentElement.clientWidth, height: innerHeight,
    opponents: one('.opponents'),
    piles: { left: Math.min(stock.left, discard.left), right: Math.max(stock.right, discard.right),
             top: Math.min(stock.top, discard.top), bottom: Math.max(stock.bottom, discard.bottom) },
    region: box(region), regionScroll: region.scrollHeight - region.clientHeight,
    melds: one('[data-testid=table] .melds'),
    each: [...region.querySelectorAll('.meld')].map(box),
    prompt: one('[data-testid=prompt]'), hand: one('[data-testid=hand]'), controls: one('.controls'),
    card: document.querySelector('[data-testid=hand] .cf').offsetHeight,
    screenScroll: screen.scrollHeight - screen.clientHeight,
    pageScroll: document.documentElement.scrollHeight - innerHeight,
  };
}"""


def check_rummy_middle(page, where: str) -> dict:
    """The piles and the melds fill the table's middle, centred, with no band of empty felt above the hand; nothing
    is cut off, overlaps or is pushed off the screen."""
    m = page.evaluate(RUMMY_MIDDLE)
    assert page.evaluate(NOTHING_CUT) == [], where
    # the melds as seen: a region that scrolls shows only its own height of them
    melds_top = max(m["melds"]["top"], m["region"]["top"])
    melds_bottom = min(m["melds"]["bottom"], m["region"]["bottom"])
    gaps = {"opponents to piles": m["piles"]["top"] - m["opponents"]["bottom"],
            "piles to melds": melds_top - m["piles"]["bottom"],
            "melds to the prompt": m["prompt"]["top"] - melds_bottom}
    # Under half a hand card's height: that much felt between two rows reads as their spacing, the table's margin.
    # A gap the size of a card reads as a hole, a row where something is missing, and it is room a card could have
    # used (the piles, the melds or the hand); the band this test was written for was a card and a half (180-200 px).
    bound = m["card"] / 2
    assert max(gaps.values()) < bound, (where, gaps, bound)
    assert min(gaps.values()) >= 0, (where, gaps)  # in that order, none over the next
    assert m["hand"]["top"] >= m["prompt"]["bottom"] - 1 and m["hand"]["bottom"] <= m["controls"]["top"] + 1, (where, m)
    # the hand and the buttons on the screen: neither the screen nor the page scrolls (the melds' region may)
    assert m["controls"]["bottom"] <= m["height"] + 1, (where, m["controls"])
    assert m["screenScroll"] <= 1 and m["pageScroll"] <= 1, (where, m["screenScroll"], m["pageScroll"])
    # centred: the piles, and the melds' box
    middle = m["width"] / 2
    for name in ("piles", "melds"):
        centre = (m[name]["left"] + m[name]["right"]) / 2
        assert abs(centre - middle) <= 3, (where, name, centre, middle)
    if m["each"]:  # the melds start in the left 40% of the screen: they do not leave it empty
        assert min(b["left"] for b in m["each"]) < 0.4 * m["width"], (where, m["each"])
    return m


def phone_rummy_turn(page, phase: str) -> None:
    """A person's turn on a phone: draw from the stock; meld each set and run of three or more while Meld is offered;
    throw the highest card. (On a phone the buttons of moves that cannot be made are not shown.)"""
    if phase == "draw":
        button(page, "Draw from stock").tap()
        return
    while page.get_attribute("[data-testid=table-screen]", "data-phase") == "play":
        group = meld_in(hand_names(page))
        if group is None or not button(page, "Meld").is_visible():
            break
        for name in group:
            button(page, name).tap()
        button(page, "Meld").tap()
        settled(page)
        if page.locator("[data-testid=hand] .card.selected").count():  # refused: leave the cards be
            page.keyboard.press("Escape")
            break
    if page.get_attribute("[data-testid=table-screen]", "data-phase") == "play":
        discard_highest(page)


@pytest.mark.parametrize("players,seed", [(2, 3), (6, 3), (4, 5)])
def test_phone_rummy_table_uses_the_height(browser, site_url, wait_ready, engine_seed, players, seed):
    """Basic Rummy at 390x844, played by taps: at the first turn and each time there are more melds on the table,
    until there are some, the middle is full and centred (seed 5 of four players: until five melds, more than their
    region holds, which scrolls inside itself)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                              has_touch=True, reduced_motion="reduce", base_url=site_url)
    page = ctx.new_page()
    engine_seed(page)
    errors: list[str] = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.goto(f"index.html?game=rummy&players={players}&seed={seed}&speed=0")
    wait_ready(page)
    seen = -1
    scrolled = False
    overflows = (players, seed) == (4, 5)
    state = wait_turn(page)
    while state.startswith("turn:"):
        melds = page.get_by_test_id("table").locator(".meld").count()
        if melds != seen:
            m = check_rummy_middle(page, f"{players} players, {melds} melds")
            seen = melds
            scrolled = m["regionScroll"] > 1
            if scrolled:  # the last meld is a swipe away, and the table stays as it is
                last = page.get_by_test_id(f"meld-{melds}")
                last.scroll_into_view_if_needed()
                shown = last.bounding_box()
                region = page.get_by_test_id("table").bounding_box()
                assert shown is not None and region is not None
                assert region["y"] - 1 <= shown["y"] and shown["y"] + shown["height"] <= region["y"] + region["height"] + 1
                check_rummy_middle(page, f"{players} players, {melds} melds, scrolled")
        if (seen >= 1 and not overflows) or scrolled:
            break  # seen with melds on the table (for seed 5, scrolling): the rest of the hand adds nothing
        phone_rummy_turn(page, state.split(":", 1)[1])
        state = wait_turn(page)
    assert seen >= 1, ("no meld was ever on the table", state)
    if overflows:
        assert seen >= 5 and scrolled, seen
    ctx.close()
    assert errors == []


def test_embed_320_wide_is_compact(page, embed_host, site_url, wait_ready):
    page.goto(embed_host.page(site_url + "index.html?embed=1&game=gin&opponents=rex&seed=3&speed=0", width=320, height=640))
    frame = page.frame(name="game")
    wait_ready(frame)
    assert frame.evaluate("document.documentElement.dataset.embed") == "1"
    wait_turn(frame)
    banner = frame.get_by_test_id("storage-banner")
    if banner.is_visible():  # storage refused in a third-party frame: said once, the game offered as a file
        expect(banner).not_to_contain_text("could not be saved")
        expect(banner.get_by_role("button", name="Download my game")).to_be_visible()
    assert frame.evaluate(NOTHING_CUT) == []
    expect(frame.locator("#loading")).to_be_hidden()
    shot(page, "embed-320.png")


def test_accessible_names_and_announcements(page, wait_ready):
    page.goto("index.html?game=gin&opponents=rex&seed=3&speed=0")
    wait_ready(page)
    wait_turn(page)
    for name in ("Draw from stock", "Take discard", "Discard", "Knock", "Pass"):
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
    # every card in the hand is a button named like "8 of hearts"
    import re
    for n in hand_names(page):
        assert re.fullmatch(r"(ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades)", n), n
    expect(page.get_by_role("group", name="Rex: 10 cards, score 0")).to_be_visible()
    # the opponents' moves are announced in words (a polite live region)
    button(page, "Pass").click()
    live = page.get_by_test_id("announcer")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text(re.compile(r"Rex (passed|took|drew|discarded)"))
    assert "♥" not in live.inner_text() and "♠" not in live.inner_text()
    # help lists the keyboard shortcuts
    page.keyboard.press("?")
    expect(page.get_by_role("dialog", name="How to play")).to_contain_text("draw from the stock")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="How to play")).to_be_hidden()
