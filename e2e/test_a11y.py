"""Accessibility: axe-core (npm, pinned; given to the page by the test, never shipped in the site) finds no
serious or critical violation on the new-game screen, the Gin and Rummy tables, each dialog, in the dark
colour scheme and with high contrast; the Help dialog's scrolling text is reached and scrolled by keyboard.

axe is put into the page through Playwright's evaluate (the DevTools protocol), which the page's
Content-Security-Policy does not govern: the page itself still loads only its own files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FilePayload, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, choose_relays, wait_turn

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
GIN = "index.html?game=gin&opponents=ada&seed=3&speed=0"
RUMMY = "index.html?game=rummy&opponents=sage,rufus,dot&seed=4&speed=0"

RUN_AXE = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 300)),
  }));
}"""


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        assert AXE.exists(), "node_modules/axe-core is missing: run `npm ci` (make test does)"
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in SERIOUS]


def check(page: Page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where}: " + json.dumps(found, indent=1, ensure_ascii=False)


def open_dialog(page: Page, menu: str, name: str) -> None:
    if not button(page, menu).is_visible() and button(page, "Menu").is_visible():
        button(page, "Menu").click()  # a phone: the menu is folded into one button
    button(page, menu).click()
    expect(page.get_by_role("dialog", name=name)).to_be_visible()


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.locator("#rm-dialog[open]")).to_have_count(0)


def test_axe_is_not_part_of_the_site(site_dir: Path) -> None:
    shipped = [p.name for p in site_dir.rglob("*") if "axe" in p.name.lower()]
    assert shipped == []


def test_new_game_screen(page: Page, wait_ready) -> None:
    page.goto("index.html")
    wait_ready(page)
    expect(page.get_by_test_id("setup")).to_be_visible()
    check(page, "new-game screen")
    button(page, "Choose opponent and rules").click()
    expect(page.get_by_test_id("setup-form")).to_be_visible()
    page.locator("[data-key=setup-more]").click()  # every option in view
    check(page, "new-game screen, the whole set-up")


@pytest.mark.parametrize("url, game", [(GIN, "gin"), (RUMMY, "rummy")])
def test_table_and_its_dialogs(page: Page, wait_ready, url: str, game: str) -> None:
    page.goto(url)
    wait_ready(page)
    assert wait_turn(page).startswith("turn:")
    check(page, f"{game} table")
    for menu, name in (("Scores", "Scores"), ("Statistics", "Statistics"), ("Settings", "Settings"),
                       ("Embed", "Embed this game"), ("Help", "How to play")):
        open_dialog(page, menu, name)
        check(page, f"{game}: {name} dialog")
        close_dialog(page)
    # a new game while this match is on: "Start a new match?"
    button(page, "New game").click()
    expect(page.get_by_test_id("setup")).to_be_visible()
    check(page, f"{game}: new-game screen during a match")
    button(page, "Play Gin Rummy").click()
    expect(page.get_by_role("dialog", name="Start a new match?")).to_be_visible()
    check(page, f"{game}: confirm a new match")


def test_pass_and_play_cover_and_online_lobby(page: Page, wait_ready) -> None:
    """The screens of play with people: the cover between two people's turns, and the host's lobby."""
    page.goto("index.html?speed=0")
    wait_ready(page)
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Gin Rummy (2 players)").check()
    page.get_by_label("Opponent", exact=True).select_option("person")
    page.get_by_label("Your name").fill("Ann")
    page.keyboard.press("Tab")
    page.get_by_label("Name of opponent").fill("Bob")
    page.keyboard.press("Tab")
    check(page, "new-game screen, pass and play")
    button(page, "Start game").click()
    expect(page.get_by_test_id("cover")).to_be_visible(timeout=60_000)
    check(page, "pass-and-play cover")
    button(page, "New game").click()
    expect(page.get_by_test_id("setup")).to_be_visible()
    choose_relays(page, [])  # the lobby's invites by reply code: no page of a test contacts a public relay
    button(page, "Choose opponent and rules").click()
    page.get_by_label("Gin Rummy (2 players)").check()
    page.get_by_label("Opponent", exact=True).select_option("guest")
    page.get_by_label("Name of opponent").fill("Bob")
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("online-note")).to_be_visible()
    button(page, "Start game").click()
    expect(page.get_by_role("dialog", name="Start a new match?")).to_be_visible()
    button(page, "Start the new match").click()
    expect(page.get_by_test_id("lobby")).to_be_visible(timeout=60_000)
    check(page, "online lobby")


@pytest.mark.parametrize("url", [
    "index.html?debug=autoplay&speed=0&game=gin&opponents=ada&seed=3&target=1",
    "index.html?debug=autoplay&speed=0&game=rummy&opponents=sage,rufus,dot&seed=4&rounds=1",
])
def test_end_of_hand(page: Page, wait_ready, url: str) -> None:
    page.goto(url)  # every seat played by the computer, a one-hand match: its end opens the end-of-hand dialog
    wait_ready(page)
    dialog = page.locator("#rm-dialog[open][data-kind=end]")
    expect(dialog).to_be_visible(timeout=120_000)
    expect(dialog.get_by_test_id("score-card")).to_be_visible()
    check(page, "end of hand: the score card")
    button(page, "Details").click()
    expect(dialog.get_by_test_id("score-sheet")).to_be_visible()
    check(page, "end of hand: the details")


def test_notice_and_import(page: Page, wait_ready) -> None:
    page.goto("index.html")
    wait_ready(page)
    page.evaluate("localStorage.setItem('rummy.settings', '[1,2')")
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("dialog", name="Please note")).to_be_visible()
    check(page, "notice")
    button(page, "OK").click()
    open_dialog(page, "Settings", "Settings")
    with page.expect_file_chooser() as fc:
        button(page, "Import data…").click()
    fc.value.set_files(files=[FilePayload(name="junk.json", mimeType="application/json", buffer=b"{not json")])
    ask = page.get_by_role("dialog", name="Import data")
    expect(ask).to_contain_text("cannot be imported")
    check(page, "import, refused")
    close_dialog(page)
    exported = json.dumps({"format": "rummy-ui/export", "version": 1, "data": {}})
    open_dialog(page, "Settings", "Settings")
    with page.expect_file_chooser() as fc:
        button(page, "Import data…").click()
    fc.value.set_files(files=[FilePayload(name="mine.json", mimeType="application/json", buffer=exported.encode())])
    expect(page.get_by_role("dialog", name="Import data")).to_be_visible()
    check(page, "import, to confirm")


@pytest.mark.parametrize("look", ["dark", "contrast"])
def test_dark_scheme_and_high_contrast(page: Page, wait_ready, look: str) -> None:
    if look == "dark":
        page.emulate_media(color_scheme="dark")
    page.goto(GIN)
    wait_ready(page)
    if look == "contrast":
        open_dialog(page, "Settings", "Settings")
        page.get_by_label("High contrast").check()
        close_dialog(page)
        expect(page.locator("#rm.contrast")).to_have_count(1)
    assert wait_turn(page).startswith("turn:")
    check(page, f"{look}: table")
    open_dialog(page, "Help", "How to play")
    check(page, f"{look}: help")
    close_dialog(page)
    button(page, "New game").click()
    expect(page.get_by_test_id("setup")).to_be_visible()
    check(page, f"{look}: new-game screen")


def test_the_help_text_scrolls_by_keyboard(page: Page, wait_ready) -> None:
    page.set_viewport_size({"width": 360, "height": 560})  # a phone: the help is longer than the screen
    page.goto("index.html")
    wait_ready(page)
    open_dialog(page, "Help", "How to play")
    body = page.locator("#rm-dialog .dlg-body")
    assert body.evaluate("b => b.scrollHeight > b.clientHeight"), "the help text should scroll here"
    expect(body).to_have_attribute("tabindex", "0")
    expect(body).to_have_attribute("role", "region")
    # reached with Tab alone, from the dialog's first focus
    for _ in range(6):
        if body.evaluate("b => document.activeElement === b"):
            break
        page.keyboard.press("Shift+Tab")
    assert body.evaluate("b => document.activeElement === b"), "Tab never reached the help text"
    # back at the top (Shift+Tab passed a button inside the text, which scrolled it into view), then the key
    body.evaluate("b => { b.scrollTop = 0; }")
    page.keyboard.press("PageDown")
    page.wait_for_function("() => document.querySelector('#rm-dialog .dlg-body').scrollTop > 0")
    check(page, "help on a phone")


def test_the_learning_screens(page: Page, wait_ready) -> None:
    """The guided hand's bar, a hint on show, the practice chips and the Share dialog."""
    page.goto("index.html?speed=0")
    wait_ready(page)
    check(page, "new-game screen with the learning row")
    page.get_by_test_id("learn-gin").click()
    expect(page.get_by_test_id("lesson")).to_be_visible()
    check(page, "the guided hand")
    page.goto(GIN)
    wait_ready(page)
    wait_turn(page)
    button(page, "Hint").click()
    expect(page.get_by_test_id("message")).to_contain_text("Hint: ")
    check(page, "a hint on show")
    open_dialog(page, "Share this deal", "Share this deal")
    check(page, "the Share dialog")
