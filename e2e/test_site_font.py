"""The game's typeface, Atkinson Hyperlegible Next: the text of the first screen and of the table, buttons included,
is drawn in it (the fonts Chromium really drew each text with, asked over the DevTools protocol, not only the style
that names it), from the site's own file, fetched once; a script it has no glyphs for (Greek here; later Arabic,
Devanagari, CJK) is drawn in the system's fonts next to it, never as empty boxes. The guard (e2e/conftest.py) fails
any test whose page asks another origin for anything."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from built_page import markup
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, wait_turn

FAMILY = "Atkinson Hyperlegible Next"
FONT_FILE = "fonts/atkinson-hyperlegible-next-latin.woff2"
GIN = "index.html?game=gin&opponents=ada&seed=3&speed=0"


def drawn_with(page: Page, selector: str) -> dict[str, dict[str, Any]]:
    """The fonts Chromium drew the text of ``selector`` (its first match) with: {family: {isCustomFont, glyphCount}}
    (CSS.getPlatformFontsForNode counts the glyphs of the node's own text, not its children's)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        assert node, f"nothing matches {selector}"
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()
    return {f["familyName"]: {"custom": f["isCustomFont"], "glyphs": f["glyphCount"]} for f in fonts}


def only_ours(page: Page, selector: str) -> None:
    """The text of ``selector`` is drawn in our typeface alone, from the site's file (a web font, not one installed)."""
    fonts = drawn_with(page, selector)
    assert list(fonts) == [FAMILY], (selector, fonts)
    assert fonts[FAMILY]["custom"] and fonts[FAMILY]["glyphs"] > 0, (selector, fonts)


def ours_but_the_suits(page: Page, selector: str) -> None:
    """The text of ``selector`` is drawn in our typeface, but for the suits' symbols (which it has no glyphs for):
    those, and only those, in a font of the system's."""
    text = page.locator(selector).first.evaluate(
        "e => [...e.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.data).join('')")
    suits = sum(ch in "♠♥♦♣♤♡♢♧" for ch in text)
    fonts = drawn_with(page, selector)
    ours = fonts.pop(FAMILY)
    assert ours["custom"] and ours["glyphs"] > 0, (selector, ours)
    assert not any(f["custom"] for f in fonts.values()), (selector, fonts)
    assert sum(f["glyphs"] for f in fonts.values()) == suits, (selector, text, fonts)


def computed_family(page: Page, selector: str) -> str:
    return page.locator(selector).first.evaluate("e => getComputedStyle(e).fontFamily")


def test_the_first_screen_and_the_table_are_drawn_in_our_typeface_from_our_file(page: Page, site_url: str,
                                                                                wait_ready) -> None:
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("document.fonts.ready.then(() => true)")
    # the first screen: its heading-sized button and its words
    play = page.get_by_role("button", name="Play Gin Rummy")
    expect(play).to_be_visible()
    assert computed_family(page, "[data-key=play-gin]").startswith(f'"{FAMILY}"')
    only_ours(page, "[data-key=play-gin]")
    # asked for once, from our own origin
    assert [u for u in fetched if u.endswith(".woff2")] == [site_url + FONT_FILE]
    loaded = page.evaluate("""f => [...document.fonts].filter(x => x.family.replace(/"/g, '') === f)
        .map(x => [x.status, x.weight, x.display])""", FAMILY)
    assert loaded == [["loaded", "200 800", "swap"]]

    # the table: the prompt over the hand and a button under it
    page.goto(GIN)
    wait_ready(page)
    assert wait_turn(page) == "turn:first-upcard"
    expect(button(page, "Pass")).to_be_enabled()
    assert computed_family(page, "[data-testid=table-screen]").startswith(f'"{FAMILY}"')
    assert computed_family(page, ".actions [data-act=pass]").startswith(f'"{FAMILY}"')
    only_ours(page, ".actions [data-act=pass]")
    ours_but_the_suits(page, "[data-testid=prompt]")  # "Take 7♥ from the discard pile, or pass"

    # the second page's copy from the service worker or a cache, never from anywhere else
    fonts = [u for u in fetched if u.endswith(".woff2")]
    assert set(fonts) == {site_url + FONT_FILE} and len(fonts) <= 2, fonts


def test_the_site_ships_the_file_the_style_names_with_its_licence(site_dir: Path) -> None:
    """The @font-face (written into index.html with the style sheets) names the shipped file, shown at once in a
    system font while it loads (swap); the OFL goes with every copy of the font. Not preloaded: a font preload
    holds Chromium's first paint back (measured: a return visit's first paint some 300 ms later)."""
    styles = (site_dir / "index.html").read_text(encoding="utf-8")
    assert styles.count(f"url(./{FONT_FILE})") == 1 and re.search(r"font-display:\s*swap", styles)
    assert not re.findall(r'<link rel="preload"[^>]*as="font"', markup(site_dir))
    assert (site_dir / FONT_FILE).read_bytes()[:4] == b"wOF2"
    assert "SIL OPEN FONT LICENSE Version 1.1" in (site_dir / "fonts" / "OFL.txt").read_text(encoding="utf-8")


def test_a_first_visit_asks_for_the_typeface_only_once_the_pages_python_has_drawn(page: Page, site_url: str,
                                                                                  wait_drawn: Any) -> None:
    """On a slow link the font's 34 kB would share the link with the runtime's files and hold the cards back: a
    first visit's screen is drawn in the fallback face until the page's Python has drawn, then in ours. The page's
    bundle is held back by a route (no clock) to look at the screen in between."""
    held: list[Any] = []
    page.route("**/web/page/bundle.bin", lambda route: held.append(route))
    fonts: list[str] = []
    page.on("request", lambda r: fonts.append(r.url) if r.url.endswith(".woff2") else None)
    with page.expect_request(lambda r: r.url.endswith("/web/page/bundle.bin")):
        page.goto(site_url)
    play = page.get_by_role("button", name="Play Gin Rummy")
    expect(play).to_be_visible()  # the build's screen, the page's Python not yet running
    assert page.evaluate("document.documentElement.hasAttribute('data-typeface')") is False
    assert FAMILY not in drawn_with(page, "[data-key=play-gin]")
    assert computed_family(page, "[data-key=play-gin]").startswith('"Atkinson Fallback"')
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    assert fonts == [] and len(held) == 1
    held[0].continue_()
    wait_drawn(page)
    page.evaluate("document.fonts.ready.then(() => true)")
    assert computed_family(page, "[data-key=play-gin]").startswith(f'"{FAMILY}"')
    only_ours(page, "[data-key=play-gin]")
    assert fonts == [site_url + FONT_FILE]
