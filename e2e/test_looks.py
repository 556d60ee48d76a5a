"""The table's looks, measured in Chromium: the 11-card hand in one row on small phones, the whole table above the
fold, themes reaching the dialogs, sound off in an embed, the embed opening on a game, and the README's screenshots
(1280x800, 390x844, a 360x640 embed, the dark theme, the four-colour deck with large cards)."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, discard_highest, shot, wait_turn

GIN = "index.html?game=gin&opponents=rex&seed=3&speed=0"

# Where each card of the hand is drawn (its picture, not its button), and the viewport.
HAND_BOXES = """() => {
  const faces = [...document.querySelectorAll('[data-testid=hand] .card > .cf')];
  return {w: document.documentElement.clientWidth, h: document.documentElement.clientHeight,
          cards: faces.map(f => { const r = f.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, f.offsetWidth, f.offsetHeight]; })};
}"""

# Everything of the table that a player needs, and how far down it reaches.
BELOW_FOLD = """() => {
  const h = document.documentElement.clientHeight;
  const bad = [];
  const sel = '[data-testid=table-screen] .opp, [data-testid=stock], [data-testid=discard-pile], [data-testid=prompt], ' +
              '[data-testid=hand] .card > .cf, [data-testid=table-screen] .actions, [data-testid=table-screen] .sorts';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.bottom > h + 1 || r.top < -1) bad.push((el.getAttribute('aria-label') || el.className) + ' ' + Math.round(r.top) + '-' + Math.round(r.bottom));
  }
  const s = document.getElementById('rm-screen');
  if (document.documentElement.scrollHeight > h + 1) bad.push('the page scrolls: ' + document.documentElement.scrollHeight);
  if (s.scrollHeight > s.clientHeight + 1) bad.push('the table scrolls: ' + s.scrollHeight + ' > ' + s.clientHeight);
  return bad;
}"""


def to_eleven_cards(page) -> None:
    """Pass on the upcard, then draw: 11 cards in the hand."""
    assert wait_turn(page) == "turn:first-upcard"
    button(page, "Pass").click()
    assert wait_turn(page) == "turn:draw"
    button(page, "Draw from stock").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)
    wait_turn(page)


def check_one_row(page) -> None:
    got = page.evaluate(HAND_BOXES)
    cards, width = got["cards"], got["w"]
    assert len(cards) == 11
    tops = [c[1] for c in cards]
    height = cards[0][5]
    assert max(tops) - min(tops) < height * 0.35, tops  # one row (the fan's arc dips a little at the ends)
    for left, _top, right, _bottom, _w, _h in cards:
        assert left >= -1 and right <= width + 1, (left, right, width)
    # each card's corner index stays in view: the next card starts at least 28% of a card's width further right
    lefts = [c[0] for c in cards]
    steps = [b - a for a, b in itertools.pairwise(lefts)]
    assert min(steps) >= 0.28 * cards[0][4], steps


@pytest.mark.parametrize("width,height", [(320, 640), (360, 640), (390, 844)])
def test_eleven_cards_in_one_row_on_a_phone(browser, site_url, wait_ready, engine_seed, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2, is_mobile=True,
                              has_touch=True, base_url=site_url)
    page = ctx.new_page()
    engine_seed(page)
    page.goto(GIN)
    wait_ready(page)
    to_eleven_cards(page)
    check_one_row(page)
    # and none of the table is below the fold
    assert page.evaluate(BELOW_FOLD) == []
    if width == 390:
        shot(page, "phone-390x844.png")
    ctx.close()


def test_an_embed_fits_a_360_by_640_frame_and_opens_on_a_gin_game(page, embed_host, site_url, wait_ready):
    page.goto(embed_host.page(site_url + "index.html?embed=1&speed=0", width=360, height=640))
    frame = page.frame(name="game")
    wait_ready(frame)
    game = page.frame_locator("#game")
    # no game chosen: straight into Gin against a default opponent
    expect(game.get_by_test_id("table-screen")).to_be_visible()
    expect(game.get_by_test_id("opponent-1")).to_be_visible()
    assert frame.evaluate("document.querySelector('[data-testid=table-screen]').className").startswith("table game-gin")
    state = wait_turn(frame)
    assert frame.evaluate(BELOW_FOLD) == []
    if state == "turn:first-upcard":
        game.get_by_role("button", name="Pass", exact=True).click()
        state = wait_turn(frame)
    if state == "turn:draw":
        game.get_by_role("button", name="Draw from stock", exact=True).click()
        expect(game.locator("[data-testid=hand] .card")).to_have_count(11)
        wait_turn(frame)
        assert frame.evaluate(BELOW_FOLD) == []
    shot(page, "embed-360x640.png", clip={"x": 0, "y": 0, "width": 360, "height": 700})
    # the setup is a tap away: the folded menu, then New game
    game.get_by_role("button", name="Menu", exact=True).click()
    game.get_by_role("button", name="New game", exact=True).click()
    expect(game.get_by_test_id("setup")).to_be_visible()


def test_sound_is_off_in_an_embed_and_on_in_the_page(page, embed_host, site_url, wait_ready):
    page.goto(embed_host.page(site_url + "index.html?embed=1&game=gin&opponents=rex&seed=3&speed=0", width=400,
                              height=700))
    frame = page.frame(name="game")
    wait_ready(frame)
    game = page.frame_locator("#game")
    game.get_by_role("button", name="Pass", exact=True).click()
    assert wait_turn(frame) == "turn:draw"
    game.get_by_role("button", name="Draw from stock", exact=True).click()
    wait_turn(frame)
    assert frame.evaluate("rummyBridge.sound.played()") == 0
    game.get_by_role("button", name="Menu", exact=True).click()
    game.get_by_role("button", name="Settings", exact=True).click()
    expect(game.get_by_role("dialog", name="Settings").get_by_label("Sound effects")).not_to_be_checked()
    # the same game on its own page: sound is on, and the moves are heard
    page.goto(GIN)
    wait_ready(page)
    button(page, "Pass").click()
    assert wait_turn(page) == "turn:draw"
    button(page, "Draw from stock").click()
    wait_turn(page)
    assert page.evaluate("rummyBridge.sound.played()") > 0
    button(page, "Settings").click()
    expect(page.get_by_role("dialog", name="Settings").get_by_label("Sound effects")).to_be_checked()


LUMINANCE = """(sel) => {
  const c = getComputedStyle(document.querySelector(sel)).backgroundColor.match(/[\\d.]+/g).map(Number);
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_theme_follows_the_system_dialogs_too(browser, site_url, wait_ready, engine_seed, scheme):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme, base_url=site_url)
    page = ctx.new_page()
    engine_seed(page)
    page.goto(GIN)
    wait_ready(page)
    wait_turn(page)
    button(page, "Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    light = page.evaluate(LUMINANCE, "#rm-dialog")
    ink = page.evaluate("getComputedStyle(document.querySelector('#rm-dialog')).color")
    if scheme == "dark":
        assert light < 0.2, light
        assert ink.startswith("rgb(2"), ink  # light text on it
        button(page, "Done").click()
        shot(page, "dark-theme.png")
    else:
        assert light > 0.8, light
    ctx.close()


def test_four_colour_deck_large_cards_and_felt(browser, site_url, wait_ready, engine_seed):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=site_url)
    page = ctx.new_page()
    engine_seed(page)
    page.goto("index.html?game=rummy&opponents=mel,dot&seed=5&speed=0")
    wait_ready(page)
    wait_turn(page)
    width_before = page.evaluate("document.querySelector('[data-testid=hand] .cf').offsetWidth")
    button(page, "Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Four-colour deck (blue diamonds, green clubs)").check()
    dialog.get_by_label("Larger cards").check()
    dialog.get_by_label("Blue", exact=True).check()
    dialog.get_by_label("Navy rings").check()
    button(page, "Done").click()
    root = page.locator("#rm")
    expect(root).to_have_attribute("data-deck", "4")
    expect(root).to_have_attribute("data-felt", "blue")
    # diamonds are blue and clubs green; the cards grew
    colour = page.evaluate("getComputedStyle(document.querySelector('#rm-dialog .sample .s-D')).color")
    assert colour == "rgb(26, 95, 196)", colour
    colour = page.evaluate("getComputedStyle(document.querySelector('#rm-dialog .sample .s-C')).color")
    assert colour == "rgb(19, 128, 59)", colour
    assert page.evaluate("document.querySelector('[data-testid=hand] .cf').offsetWidth") > width_before
    assert page.locator("[data-testid=stock] use").get_attribute("href") == "#b-blue"
    page.reload()
    wait_ready(page)
    expect(page.locator("#rm")).to_have_attribute("data-deck", "4")
    wait_turn(page)
    shot(page, "four-colour-large.png")
    ctx.close()


def test_desktop_hand_is_large_and_the_gin_table_is_shot(page, wait_ready):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(GIN)
    wait_ready(page)
    to_eleven_cards(page)
    check_one_row(page)
    heights = page.evaluate("[...document.querySelectorAll('[data-testid=hand] .cf')].map(f => f.offsetHeight)")
    assert min(heights) >= 120, heights
    assert page.evaluate(BELOW_FOLD) == []
    shot(page, "table-1280x800.png")
    discard_highest(page)
    wait_turn(page)
