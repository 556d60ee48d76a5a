"""The page in every language it speaks, used as a person would: the browser's language chooses it on a first
visit, ``?lang=`` and Settings change it; one visit per language walks every screen and dialog a player reaches
and finds on each no text left in English (a text whose translation differs, read off the built catalogue), nothing
cut or wider than the screen, and no serious accessibility violation (axe-core, as e2e/test_a11y.py), a table and a
dialog also in the dark scheme and in high contrast; Arabic reads right to left, long words fit a small phone, and
a first visit downloads one catalogue, not twelve.

Every context but a first visit's (test_a_first_visit_downloads_one_language) has the engine's snapshot seeded
(conftest.py: engine_seed), as a returning player's browser has: the engine starts in under a second, and each
language's walk costs one page start (whose loading screen says what a first start says)."""

from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_a11y import violations
from test_play_support import shot, wait_turn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from web.page.i18n import CODES  # noqa: E402

LANGUAGES = [c for c in CODES if c != "en"]
# a screenshot for the README per script: Latin, Cyrillic, Arabic, Devanagari, CJK
SHOTS = {"es": "lang-es-latin.png", "ru": "lang-ru-cyrillic.png", "ar": "lang-ar-arabic.png",
         "hi": "lang-hi-devanagari.png", "ja": "lang-ja-cjk.png"}
# a browser whose language is this: the page speaks the code
BROWSER_LOCALES = {"es": "es-MX", "pt": "pt-BR", "fr": "fr-CA", "de": "de-AT", "ru": "ru-RU", "ar": "ar-EG",
                   "hi": "hi-IN", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "ja": "ja-JP", "ko": "ko-KR"}
# a Gin deal, a match to 1 point: the person is offered the upcard first and passes, Rex passes, and once the person
# has drawn from the stock, Knock is allowed (a hand to its end in three clicks)
GIN = "index.html?game=gin&opponents=rex&seed=92&speed=0&target=1"
READY = "() => document.documentElement.dataset.ready === 'true'"

# Every text a person sees or hears: the visible text nodes, the page's title, every option of a visible list
# (closed, an option is not "visible") and the words of the attributes a browser shows or speaks.
SHOWN_TEXT = """() => {
  const SEEN = {visibilityProperty: true, opacityProperty: true};
  const out = [document.title];
  const walk = (el) => {
    for (const n of el.childNodes) {
      if (n.nodeType === 3) { const t = n.textContent.trim(); if (t) out.push(t); }
      else if (n.nodeType === 1 && n.checkVisibility(SEEN)) walk(n);
    }
  };
  walk(document.body);
  document.querySelectorAll('select').forEach((s) => {
    if (s.checkVisibility(SEEN)) for (const o of s.options) out.push(o.textContent.trim());
  });
  const WORDS = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription',
                 'aria-valuetext'];
  document.querySelectorAll(WORDS.map((a) => '[' + a + ']').join(', ')).forEach((el) => {
    if (!el.checkVisibility(SEEN)) return;
    for (const a of WORDS) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
  });
  return out;
}"""

# What is cut: a text wider than its box (a box that does not scroll), a dialog wider than itself, a page wider
# than the screen.
OVERFLOW = r"""() => {
  const cut = [];
  const SEEN = {visibilityProperty: true, opacityProperty: true};
  for (const el of document.querySelectorAll('button, label, h1, h2, h3, p, select, legend, th, td, a, .opp-name')) {
    if (!el.checkVisibility(SEEN) || !/[^\d\s]/.test(el.textContent)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') cut.push(el.textContent.trim().slice(0, 40));
  }
  for (const el of document.querySelectorAll('#rm-dialog[open], #rm-dialog[open] .dlg-body')) {
    if (el.scrollWidth > el.clientWidth + 1) cut.push('(the dialog is wider than itself: ' + el.scrollWidth + ' > ' + el.clientWidth + ')');
  }
  const page = document.scrollingElement;
  return {cut, wide: page.scrollWidth > page.clientWidth + 1};
}"""

PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")
MARKUP = re.compile(r"<[^>]+>")
LETTERS = re.compile(r"[A-Za-z]{3}")


def catalogue(site_dir: Path, code: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site_dir / "web" / "locale" / f"{code}.json").read_text(encoding="utf-8"))
    return data


def play_gin(messages: dict[str, Any]) -> str:
    """The welcome's large button, as the catalogue says it."""
    return str(messages["Play {game}"]).format(game=messages["Gin Rummy"])


@functools.cache
def english_plurals() -> dict[str, str]:
    """The English plural of each text that has one ("Stock, {n} cards"), by its singular (the catalogue's key)."""
    from babel.messages.pofile import read_po

    with (ROOT / "web" / "locale" / "rummy.pot").open("rb") as f:
        pot = read_po(f)
    return {("" if m.context is None else m.context + "\x04") + m.id[0]: m.id[1] for m in pot if m.pluralizable}


class English:
    """The English of a catalogue whose translation says something else, as a shown text can hold it: a whole
    text (singular or plural); a text with its {placeholders} filled in; a piece of one between its markup or its
    placeholders (the page puts names in an element of their own: text.bidi_html) that no translation holds. A text
    that is itself a translation is never English left."""

    def __init__(self, messages: dict[str, Any]) -> None:
        plurals = english_plurals()
        translations: list[str] = []
        changed: list[tuple[str, list[str]]] = []
        for key, value in messages.items():
            forms = value if isinstance(value, list) else [value]
            if not all(isinstance(f, str) for f in forms):
                continue
            translations += forms
            for english in {key.split("\x04", 1)[-1], plurals.get(key, "")}:  # a text's context: "context\x04text"
                if english and english not in forms and LETTERS.search(english):
                    changed.append((english, forms))
        self.said = set(translations)
        everything = "\n".join(translations)
        self.whole = {e for e, _forms in changed if "{" not in e and "<" not in e}
        self.patterns: list[tuple[re.Pattern[str], list[re.Pattern[str]]]] = []
        self.pieces: set[str] = set()
        for english, forms in changed:
            if not PLACEHOLDER.search(english) and not MARKUP.search(english):
                continue
            if "<" not in english and LETTERS.search(PLACEHOLDER.sub("", english)):
                self.patterns.append((self.pattern(english), [self.pattern(f) for f in forms]))
            for piece in PLACEHOLDER.split(MARKUP.sub("\n", english)):
                for part in piece.split("\n"):
                    part = part.strip()
                    if LETTERS.search(part) and part not in everything:
                        self.pieces.add(part)

    @staticmethod
    def pattern(text: str) -> re.Pattern[str]:
        return re.compile(".+?".join(re.escape(p) for p in PLACEHOLDER.split(text)), re.S)

    def left(self, shown: list[str]) -> list[str]:
        """The texts on show that are English of the catalogue."""
        out = set()
        for t in shown:
            if not t or t in self.said:
                continue
            if t in self.whole or t in self.pieces or any(
                    english.fullmatch(t) and not any(f.fullmatch(t) for f in forms)
                    for english, forms in self.patterns):
                out.add(t)
        return sorted(out)


def open_in(browser: Any, site_url: str, locale: str, seed: Any, guard: Any, url: str = "index.html?speed=0",
            **kw: Any) -> Any:
    """A new context whose browser speaks ``locale``, watched by the guard, with the engine's snapshot seeded
    into it; its page on ``url``, ready."""
    kw.setdefault("viewport", {"width": 1280, "height": 800})
    ctx = browser.new_context(base_url=site_url, locale=locale, **kw)
    guard.watch(ctx)
    page = ctx.new_page()
    seed(page)
    page.goto(url)
    page.wait_for_function(READY, timeout=90_000)
    return ctx, page


class Walk:
    """One visit in one language, by clicks and keys. ``look`` notes what is wrong on the screen as it is now;
    every problem of the walk is reported at its end, together."""

    def __init__(self, page: Any, messages: dict[str, Any]) -> None:
        self.page = page
        self.english = English(messages)
        self.problems: list[str] = []

    def look(self, where: str, words: bool = True, axe: bool = True) -> None:
        """English left (unless ``words`` is False: the same words seen before, in another look), cut texts,
        and axe's serious and critical violations (unless ``axe`` is False)."""
        shown, over = self.page.evaluate(f"() => [({SHOWN_TEXT})(), ({OVERFLOW})()]")
        left = self.english.left(shown) if words else []
        if left:
            self.problems.append(f"{where}: in English: {left}")
        if over != {"cut": [], "wide": False}:
            self.problems.append(f"{where}: cut: {over}")
        found = violations(self.page) if axe else []
        if found:
            self.problems.append(f"{where}: axe: " + json.dumps(found, ensure_ascii=False))

    def see(self, selector: str) -> None:
        """Wait until ``selector`` is on show (a selector's wait: checked at every frame; as long as wait_turn
        allows, for the engine's answers on a busy machine)."""
        self.page.wait_for_selector(selector, timeout=60_000)

    def click(self, key: str, then: str = "") -> None:
        """Click the control ``data-key=key`` (a menu's item: the menu first, where it is folded); then wait for
        ``then``."""
        item = self.page.locator(f"[data-key={key}]")
        if key.startswith("menu-") and not item.is_visible():
            self.page.locator(".rm-menu-btn").click()
        item.click()
        if then:
            self.see(then)

    def dialog(self, key: str, kind: str) -> None:
        """Open the dialog ``kind`` by the control ``key``."""
        self.click(key, f"#rm-dialog[open][data-kind={kind}]")

    def visit(self, key: str, kind: str, where: str) -> None:
        """Open the dialog ``kind`` by the control ``key``, look at it (``where``) and close it."""
        self.dialog(key, kind)
        self.look(where)
        self.close()

    def close(self) -> None:
        """Escape closes the dialog."""
        self.page.keyboard.press("Escape")
        self.page.wait_for_selector("#rm-dialog[open]", state="detached")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_screen_speaks_the_browsers_language(browser, site_url, site_dir, engine_seed, guard, code):
    messages = catalogue(site_dir, code)["messages"]
    ctx, page = open_in(browser, site_url, BROWSER_LOCALES[code], engine_seed, guard, GIN)
    walk = Walk(page, messages)
    try:
        # the browser's language, from the loading screen on (its words are in the page, before any catalogue)
        html = page.locator("html")
        expect(html).to_have_attribute("lang", code)
        expect(html).to_have_attribute("dir", "rtl" if code == "ar" else "ltr")
        assert page.locator(".boot-title").text_content() == messages["Rummy"]
        assert page.locator("#boot-stage").text_content() == messages["Loading the game…"]
        # a Gin table, the person's turn: a hint asked
        assert wait_turn(page) == "turn:first-upcard"
        if code in SHOTS:
            page.locator("[data-testid=hand] .card").first.click()  # a card chosen: the buttons say what it can do
            shot(page, SHOTS[code])
            page.keyboard.press("Escape")
        walk.click("chip-hint", "[data-testid=message].hint")
        walk.look("a Gin table, a hint on show")
        walk.visit("menu-scores", "scores", "Scores")
        # the dialogs of the menu and of Help
        walk.visit("menu-share", "share", "Share this deal")
        walk.visit("menu-past", "past", "Past matches, none yet")
        walk.dialog("menu-help", "help")
        walk.look("Help")
        walk.visit("help-legend", "legend", "What the marks mean")
        walk.dialog("menu-help", "help")
        walk.visit("dlg-watch-record", "watch", "Watch a hand record")
        walk.visit("menu-embed", "embed", "Embed")
        # the upcard passed, a card drawn: a knock, asked, then made; the end of the hand and of the match
        walk.click("act-pass")
        assert wait_turn(page) == "turn:draw"
        walk.click("act-draw", "[data-key=act-knock]:enabled")
        walk.click("act-knock", "[data-testid=knock-confirm]")
        walk.look("a knock, asked")
        walk.click("knock-yes", "#rm-dialog[open][data-kind=end] [data-testid=match-over]")
        walk.look("the end of the hand and of the match")
        walk.click("dlg-details", "#rm-dialog[open] [data-testid=score-sheet]")
        page.get_by_test_id("coach-ask").click()
        walk.see("#rm-dialog[open] :is([data-testid=coach-summary], [data-testid=coach-none])")
        walk.look("the end of the hand: its details and the coach")
        # the hand in the replay viewer, and its link
        page.get_by_test_id("replay-hand").click()
        walk.see("[data-testid=replay]")
        walk.look("the replay viewer", axe=False)
        page.keyboard.press("End")
        walk.see("[data-testid=replay-result]")
        walk.look("the replay viewer, at the end")
        walk.visit("replay-link", "replay-link", "Copy replay link")
        walk.click("replay-close")
        page.wait_for_selector("[data-testid=replay]", state="detached")
        # the match, kept and counted
        walk.dialog("menu-past", "past")
        walk.see("[data-testid=past-match]")
        walk.look("Past matches")
        walk.close()
        walk.dialog("menu-stats", "stats")
        walk.see("[data-testid=stats-gin]")
        walk.click("dlg-stats-reset", "#rm-dialog [role=alert]")
        page.locator("#rm-dialog [role=alert]").scroll_into_view_if_needed()  # the question, as read
        walk.look("Statistics, and reset?")
        walk.close()
        # the new-game screen (a first visit's: no settings were stored before this page started) and the whole
        # set-up of each game
        walk.click("menu-new", "[data-testid=welcome]")
        expect(page.locator("[data-key=play-gin]")).to_have_text(re.compile(re.escape(play_gin(messages))))
        walk.click("setup-choose", "#setup-form [data-key=setup-more]")
        walk.click("setup-more", "#setup-options")
        walk.look("the new-game screen, the whole set-up of Gin Rummy")
        walk.click("f-game-rummy", "[data-key=f-players]")
        walk.look("the whole set-up of Basic Rummy")
        # a guided hand, then a game of Basic Rummy in its place
        walk.click("learn-gin", "[data-testid=lesson]")
        walk.look("a guided hand of Gin Rummy")
        walk.click("menu-new", "[data-key=play-rummy]")
        walk.dialog("play-rummy", "confirm-new")
        walk.look("Start a new match?")
        walk.click("dlg-confirm-new")
        assert wait_turn(page).startswith("turn:")
        walk.look("a Basic Rummy table")
        # the table and Settings (its Advanced part open) in the dark scheme, and in high contrast (a setting)
        page.emulate_media(color_scheme="dark")
        walk.look("a Basic Rummy table, dark", words=False)
        walk.dialog("menu-settings", "settings")
        expect(page.get_by_test_id("language")).to_have_value(code)
        walk.click("set-advanced", "#settings-more")
        walk.look("Settings, its Advanced part open, dark", words=False)
        page.emulate_media(color_scheme="light")
        walk.look("Settings, its Advanced part open")
        walk.click("set-contrast", "#rm.contrast")
        walk.look("Settings, high contrast", words=False)
        walk.close()
        walk.look("a Basic Rummy table, high contrast", words=False)
        assert walk.problems == [], "\n".join(walk.problems)
    finally:
        ctx.close()


def test_arabic_lays_the_table_out_right_to_left(browser, site_url, engine_seed, guard):
    # a Gin table (a deal where the person plays first)
    ctx, page = open_in(browser, site_url, "en-US", engine_seed, guard,
                        "index.html?game=gin&opponents=rex&seed=3&speed=0&lang=ar")
    try:
        def title_and_menu() -> tuple[float, float]:
            title = page.locator(".rm-title").bounding_box()
            menu = page.locator("[data-key=menu-new]").bounding_box()
            assert title is not None and menu is not None
            return title["x"], menu["x"]

        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        # the hand's cards keep their faces and their order, left to right
        assert wait_turn(page).startswith("turn:")
        xs = page.locator("[data-testid=hand] .card").evaluate_all("cs => cs.map(c => c.getBoundingClientRect().x)")
        assert len(xs) == 10 and xs == sorted(xs)
        # the title bar runs from the right: the title at the right end, the menu after it, to its left
        title, menu = title_and_menu()
        assert title > menu
        page.goto("index.html?speed=0&lang=en")  # in English, from the left
        page.wait_for_function(READY, timeout=90_000)
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        title, menu = title_and_menu()
        assert title < menu
    finally:
        ctx.close()


def test_a_language_chosen_in_settings_is_kept_over_the_browsers(browser, site_url, site_dir, engine_seed, guard):
    de = catalogue(site_dir, "de")["messages"]
    ctx, page = open_in(browser, site_url, "fr-FR", engine_seed, guard)
    try:
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.locator("[data-key=menu-settings]").click()
        with page.expect_navigation():
            page.get_by_test_id("language").select_option("de")
        page.wait_for_function(READY, timeout=90_000)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("[data-testid=setup] button.primary").first).to_have_text(
            re.compile(re.escape(play_gin(de))))
        page.reload()
        page.wait_for_function(READY, timeout=90_000)
        expect(page.locator("html")).to_have_attribute("lang", "de")  # kept, over the browser's French
    finally:
        ctx.close()


def test_a_first_visit_downloads_one_language(browser, site_url):
    for locale, wanted in (("ja-JP", ["web/locale/ja.json"]), ("en-GB", []), ("sv-SE", [])):
        ctx = browser.new_context(base_url=site_url, locale=locale)
        asked: list[str] = []
        ctx.on("request", lambda r, asked=asked: asked.append(r.url) if "/web/locale/" in r.url else None)
        page = ctx.new_page()
        page.goto("index.html?speed=0")
        page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=90_000)
        try:
            assert sorted({u.split(site_url.rstrip("/") + "/", 1)[-1] for u in asked}) == wanted, asked
            # a language the page does not speak (Swedish) is English
            expect(page.locator("html")).to_have_attribute("lang", "ja" if wanted else "en")
        finally:
            ctx.close()


@pytest.mark.parametrize("code", ["en", "de", "ru", "ja", "ar"])
def test_long_words_fit_a_small_phone(browser, site_url, engine_seed, guard, code):
    # a Gin table (a deal where the person plays first), then the new-game screen, from the menu
    ctx, page = open_in(browser, site_url, BROWSER_LOCALES.get(code, "en-US"), engine_seed, guard,
                        "index.html?game=gin&opponents=rex&seed=3&speed=0",
                        viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
    try:
        assert wait_turn(page).startswith("turn:")
        assert page.evaluate(OVERFLOW) == {"cut": [], "wide": False}
        page.locator(".rm-menu-btn").click()
        page.locator("[data-key=menu-new]").click()
        page.wait_for_selector("[data-testid=welcome]")
        assert page.evaluate(OVERFLOW) == {"cut": [], "wide": False}
    finally:
        ctx.close()
