"""Phone-grade sizes, measured in Chromium on a touch phone (390x844) and in a 360x640 embed: every screen and
dialog a player can open is walked by taps, and each fails on visible text under 12 px, a visible control under
44x44 px (the cards of the hand apart: they are chosen by tap and slide), or anything outside the screen sideways.

A checkbox or a radio button counts by its label, which is what a finger taps (the label takes the tap too).
And the notice an embed shows when the browser blocks its storage is one line, and closes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import wait_turn

RUMMY = "index.html?game=rummy&opponents=mel,dot&seed=5&speed=0"
GIN_END = "index.html?debug=autoplay&speed=0&game=gin&opponents=ada&seed=3&target=1"
RUMMY_END = "index.html?debug=autoplay&speed=0&game=rummy&opponents=sage,rufus,dot&seed=4&rounds=1"
MIN_TEXT = 12  # px
MIN_TARGET = 44  # px, each way

# What is too small or off the screen sideways, among the visible elements of the page (or of its open dialog) as
# it is now:
# {"bad": [...], "text": smallest text, "target": smallest control's smaller side}.
MEASURE = """([minText, minTarget]) => {
  const w = document.documentElement.clientWidth;
  const bad = [];
  let text = Infinity, target = Infinity;
  const what = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' +
    el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.getAttribute('aria-label') || el.textContent || '')
    .trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  const shown = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  // the part of an element left in view by the boxes that clip it (text cut short, a list that scrolls)
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    let left = r.left, right = r.right;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const c = a.getBoundingClientRect();
      left = Math.max(left, c.left + a.clientLeft);
      right = Math.min(right, c.left + a.clientLeft + a.clientWidth);
    }
    return [left, right];
  };
  if (document.documentElement.scrollWidth > w + 1) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth);
  // a modal dialog makes the rest of the page inert: only the dialog is there to read and tap
  const root = document.querySelector('dialog[open]') || document.body;
  const controls = 'button, select, input:not([type=hidden]), textarea, [role=button], summary, a[href]';
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof SVGElement || el.closest('.sr-only')) continue;
    // a checkbox or a radio button is tapped through its label
    const box = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') ? null :
      el.matches('label') && el.querySelector('input[type=checkbox], input[type=radio]') ? el : el.matches(controls) ? el : null;
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const [left, right] = seen(el);
    if (right - left >= 2 && (left < -1 || right > w + 1)) {
      bad.push('outside: ' + what(el) + ' ' + Math.round(left) + '..' + Math.round(right));
    }
    if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim())) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      text = Math.min(text, size);
      if (size < minText - 0.01) bad.push('text of ' + size.toFixed(1) + ' px: ' + what(el));
    }
    if (box === null || el.closest('[data-testid=hand]')) continue;
    target = Math.min(target, r.width, r.height);
    if (r.width < minTarget - 0.5 || r.height < minTarget - 0.5) {
      bad.push('control of ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px: ' + what(el));
    }
  }
  return { bad, text, target };
}"""

PHONES = [pytest.param((390, 844, ""), id="phone-390x844"), pytest.param((360, 640, "&embed=1"), id="embed-360x640")]


class Walk:
    """A phone's page, and what it found too small on each screen."""

    def __init__(self, page: Page, extra: str) -> None:
        self.page = page
        self.extra = extra
        self.found: dict[str, list[str]] = {}  # what is wrong -> where
        self.smallest = {"text": float("inf"), "target": float("inf")}

    def go(self, url: str) -> None:
        self.page.goto(url + self.extra)
        expect(self.page.locator("html")).to_have_attribute("data-ready", "true", timeout=120_000)

    def check(self, where: str) -> None:
        got = self.page.evaluate(MEASURE, [MIN_TEXT, MIN_TARGET])
        for b in got["bad"]:
            self.found.setdefault(b, []).append(where)
        for k in self.smallest:
            self.smallest[k] = min(self.smallest[k], got[k])

    def tap(self, name: str, within=None) -> None:
        (within or self.page).get_by_role("button", name=name, exact=True).tap()

    def menu(self, item: str) -> None:
        self.tap("Menu")
        self.tap(item)

    def dialog(self, name: str):
        d = self.page.get_by_role("dialog", name=name)
        expect(d).to_be_visible()
        return d

    def close(self, dialog, button: str) -> None:
        self.tap(button, dialog)
        expect(self.page.locator("#rm-dialog[open]")).to_have_count(0)

    def verdict(self) -> None:
        print(f"\nsmallest text {self.smallest['text']:.1f} px, smallest control {self.smallest['target']:.0f} px")
        for b, where in self.found.items():
            print("  " + b + " (" + ", ".join(where) + ")")
        assert not self.found, "\n".join(b + " (" + ", ".join(w) + ")" for b, w in self.found.items())


@pytest.fixture(params=PHONES)
def walk(request, new_context, guard, engine_seed) -> Walk:
    width, height, extra = request.param
    context = new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    guard.watch(context)
    page = context.new_page()
    engine_seed(page)
    return Walk(page, extra)


def test_every_screen_and_dialog(walk: Walk) -> None:
    """One context per size, three pages: a Rummy table at the person's turn, and a Gin and a Rummy hand the
    computer plays to their end (the end-of-hand dialogs, the table after the hand, a replay)."""
    tables_menu_and_dialogs(walk)
    new_game_screen(walk)
    end_of_hand(walk, GIN_END, "gin")
    end_of_hand(walk, RUMMY_END, "rummy")
    walk.verdict()


def tables_menu_and_dialogs(walk: Walk) -> None:
    page = walk.page
    walk.go(RUMMY)
    assert wait_turn(page).startswith("turn:")
    walk.check("rummy table")
    walk.tap("Menu")
    expect(page.locator("#rm-menu")).to_be_visible()
    walk.check("the menu")
    walk.tap("Menu")
    expect(page.locator("#rm-menu")).to_be_hidden()
    for item, name, close in (("Scores", "Scores", "Close"), ("Statistics", "Statistics", "Close"),
                              ("Past matches", "Past matches", "Close"), ("Settings", "Settings", "Done"),
                              ("Share this deal", "Share this deal", "Close"), ("Embed", "Embed this game", "Close"),
                              ("Help", "How to play", "Close")):
        walk.menu(item)
        dialog = walk.dialog(name)
        walk.check(name + " dialog")
        walk.close(dialog, close)
    walk.menu("Settings")
    dialog = walk.dialog("Settings")
    dialog.get_by_role("button", name="Advanced").tap()
    expect(dialog.locator("#settings-more")).to_be_visible()
    walk.check("Settings dialog, advanced")
    walk.close(dialog, "Done")
    walk.tap("What the marks mean")
    dialog = walk.dialog("What the marks mean")
    walk.check("what the marks mean")
    walk.close(dialog, "Close")
    walk.menu("Help")
    walk.tap("Watch a hand record", walk.dialog("How to play"))
    dialog = walk.dialog("Watch a hand record")
    walk.check("watch a hand record")
    walk.close(dialog, "Close")
    # the move log: a drawer over the table, closed by its own button (the Moves button is under it)
    moves = page.get_by_role("button", name="Moves", exact=True)
    moves.tap()
    expect(moves).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_test_id("log")).to_be_visible()
    walk.check("the move log")
    walk.tap("Close the moves")
    expect(page.get_by_test_id("log")).to_be_hidden()
    expect(moves).to_have_attribute("aria-expanded", "false")
    expect(moves).to_be_focused()


def new_game_screen(walk: Walk) -> None:
    page = walk.page
    walk.menu("New game")
    expect(page.get_by_test_id("setup")).to_be_visible()
    walk.check("new-game screen, the welcome")
    walk.tap("Choose opponent and rules")
    expect(page.get_by_test_id("setup-form")).to_be_visible()
    walk.check("new-game screen")
    page.get_by_role("button", name="More rule options", exact=False).tap()
    expect(page.locator("#setup-options")).to_be_visible()
    walk.check("new-game screen, every rule")
    page.get_by_label("Gin Rummy (2 players)").tap()
    expect(page.get_by_label("Players", exact=True)).to_be_hidden()
    walk.check("new-game screen, Gin Rummy")
    page.get_by_label("Basic Rummy (2–6 players)").tap()
    expect(page.get_by_label("Players", exact=True)).to_be_visible()
    walk.check("new-game screen, Basic Rummy")
    walk.tap("Start game")
    dialog = walk.dialog("Start a new match?")
    walk.check("start a new match?")
    walk.close(dialog, "Keep playing")
    walk.tap("Continue")
    expect(page.get_by_test_id("table-screen")).to_be_visible()


def end_of_hand(walk: Walk, url: str, game: str) -> None:
    page = walk.page
    walk.go(url)  # every seat played by the computer, a one-hand match: its end opens the end-of-hand dialog
    dialog = page.locator("#rm-dialog[open][data-kind=end]")
    expect(dialog).to_be_visible(timeout=120_000)
    walk.check(game + " end of hand")
    walk.tap("View the table", dialog)
    expect(page.locator("#rm-dialog[open]")).to_have_count(0)
    walk.check(game + " table after the hand")
    walk.tap("Show result")
    expect(dialog).to_be_visible()
    walk.tap("Details", dialog)  # the score card's breakdown: every hand, the score sheet, the replay
    expect(dialog.get_by_role("button", name="Replay this hand", exact=True)).to_be_visible()
    walk.check(game + " details of the hand")
    walk.tap("Replay this hand", dialog)
    expect(page.get_by_test_id("replay-now")).to_be_visible(timeout=60_000)
    walk.check(game + " replay of the hand")


def test_the_storage_notice_of_an_embed_is_one_line_and_closes(context, page, embed_host, site_url, wait_ready,
                                                                block_storage) -> None:
    block_storage(context)
    page.goto(embed_host.page(site_url + "index.html?embed=1&game=gin&opponents=rex&seed=3&speed=0", width=360,
                              height=640))
    frame = page.frame(name="game")
    wait_ready(frame)
    game = page.frame_locator("#game")
    banner = game.get_by_test_id("storage-banner")
    expect(banner).to_contain_text("progress won't be kept")
    expect(banner.get_by_role("button", name="Download my game")).to_be_visible()
    # one line: its words on one line, the whole notice no taller than its buttons
    words = banner.locator(".banner-words")
    line = words.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.2")
    assert words.bounding_box()["height"] < 1.5 * line
    close = banner.get_by_role("button", name="Close this notice")
    assert banner.bounding_box()["height"] <= close.bounding_box()["height"] + 4
    close.click()
    expect(banner).to_be_hidden()
    # the game goes on, and the notice stays closed (nothing new to say: storage is still blocked)
    game.get_by_role("button", name="Pass", exact=True).click()
    assert wait_turn(frame) == "turn:draw"
    game.get_by_role("button", name="Draw from stock", exact=True).click()
    expect(game.locator("[data-testid=hand] .card")).to_have_count(11)
    expect(banner).to_be_hidden()
