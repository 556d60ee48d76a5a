"""The page in every language it speaks, used as a person would: the browser's language chooses it on a first
visit, ``?lang=`` and Settings change it; the new-game screen, Settings and a Gin table show no text left in
English (a text whose translation differs, read off the built catalogue), Arabic reads right to left, and a first
visit downloads one catalogue, not twelve."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import shot, wait_turn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from web.page.i18n import CODES  # noqa: E402

LANGUAGES = [c for c in CODES if c != "en"]
# a browser whose language is this: the page speaks the code
# a screenshot for the README per script: Latin, Cyrillic, Arabic, Devanagari, CJK
SHOTS = {"es": "lang-es-latin.png", "ru": "lang-ru-cyrillic.png", "ar": "lang-ar-arabic.png",
         "hi": "lang-hi-devanagari.png", "ja": "lang-ja-cjk.png"}
BROWSER_LOCALES = {"es": "es-MX", "pt": "pt-BR", "fr": "fr-CA", "de": "de-AT", "ru": "ru-RU", "ar": "ar-EG",
                   "hi": "hi-IN", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "ja": "ja-JP", "ko": "ko-KR"}
SHOWN_TEXT = """() => {
  const SEEN = {visibilityProperty: true, opacityProperty: true};
  const out = [];
  const walk = (el) => {
    for (const n of el.childNodes) {
      if (n.nodeType === 3) { const t = n.textContent.trim(); if (t) out.push(t); }
      else if (n.nodeType === 1 && n.checkVisibility(SEEN)) walk(n);
    }
  };
  walk(document.body);
  document.querySelectorAll('[aria-label], [title], [placeholder]').forEach((el) => {
    if (!el.checkVisibility(SEEN)) return;
    for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  });
  return out;
}"""


def catalogue(site_dir: Path, code: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site_dir / "web" / "locale" / f"{code}.json").read_text(encoding="utf-8"))
    return data


def play_gin(messages: dict[str, Any]) -> str:
    """The welcome's large button, as the catalogue says it."""
    return str(messages["Play {game}"]).format(game=messages["Gin Rummy"])


def english_left(shown: list[str], messages: dict[str, Any]) -> list[str]:
    """The texts on show that are English texts of the catalogue whose translation says something else."""
    english = {k for k, v in messages.items() if "\x04" not in k and isinstance(v, str) and v != k
               and re.search(r"[A-Za-z]{3}", k) and "{" not in k}
    return sorted({t for t in shown if t in english})


def open_in(browser: Any, site_url: str, locale: str, url: str = "index.html?speed=0") -> Any:
    ctx = browser.new_context(base_url=site_url, locale=locale, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=90_000)
    return ctx, page


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_browsers_language_is_spoken_on_every_first_screen(browser, site_url, site_dir, code):
    messages = catalogue(site_dir, code)["messages"]
    ctx, page = open_in(browser, site_url, BROWSER_LOCALES[code])
    try:
        html = page.locator("html")
        expect(html).to_have_attribute("lang", code)
        expect(html).to_have_attribute("dir", "rtl" if code == "ar" else "ltr")
        # the welcome speaks the language: its one large button says "Play Gin Rummy" in it
        play = page.locator("[data-testid=setup] button.primary").first
        expect(play).to_have_text(re.compile(re.escape(play_gin(messages))))
        assert english_left(page.evaluate(SHOWN_TEXT), messages) == []
        # the loading screen spoke it too, before any catalogue came (its words are in the page)
        assert page.locator(".boot-title").text_content() == messages["Rummy"]
        assert page.locator("#boot-stage").text_content() == messages["Loading the game…"]
        # Settings, from the menu
        page.locator("[data-key=menu-settings]").evaluate("b => b.click()")
        dialog = page.locator("#rm-dialog")
        expect(dialog).to_be_visible()
        expect(page.get_by_test_id("language")).to_have_value(code)
        assert english_left(page.evaluate(SHOWN_TEXT), messages) == []
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        play.click()
        # the person's turn, or (a random deal: the opponent may knock at once) the hand's end, in the language too
        state = wait_turn(page)
        assert state.startswith("turn:") or state in ("dialog:end", "over"), state
        assert english_left(page.evaluate(SHOWN_TEXT), messages) == []
        if code in SHOTS and state.startswith("turn:"):
            page.locator("[data-testid=hand] .card").first.click()  # a card chosen: the buttons say what it can do
            shot(page, SHOTS[code])
    finally:
        ctx.close()


def test_arabic_lays_the_table_out_right_to_left(browser, site_url):
    ctx, page = open_in(browser, site_url, "en-US", "index.html?speed=0&lang=ar")
    try:
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        # the title bar runs from the right: the title at the right end, the menu after it, to its left
        title = page.locator(".rm-title").bounding_box()
        menu = page.locator("[data-key=menu-new]").bounding_box()
        assert title is not None and menu is not None and title["x"] > menu["x"]
        ctx2, ltr = open_in(browser, site_url, "en-US")
        try:
            t2 = ltr.locator(".rm-title").bounding_box()
            m2 = ltr.locator("[data-key=menu-new]").bounding_box()
            assert t2 is not None and m2 is not None and t2["x"] < m2["x"]
        finally:
            ctx2.close()
        # a Gin table (a deal where the person plays first): the hand's cards keep their faces and their order,
        # left to right
        page.goto("index.html?game=gin&opponents=rex&seed=3&speed=0&lang=ar")
        assert wait_turn(page).startswith("turn:")
        xs = page.locator("[data-testid=hand] .card").evaluate_all("cs => cs.map(c => c.getBoundingClientRect().x)")
        assert len(xs) == 10 and xs == sorted(xs)
    finally:
        ctx.close()


def test_a_language_chosen_in_settings_is_kept_over_the_browsers(browser, site_url, site_dir):
    de = catalogue(site_dir, "de")["messages"]
    ctx, page = open_in(browser, site_url, "fr-FR")
    try:
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.locator("[data-key=menu-settings]").evaluate("b => b.click()")
        with page.expect_navigation():
            page.get_by_test_id("language").select_option("de")
        page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=90_000)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("[data-testid=setup] button.primary").first).to_have_text(
            re.compile(re.escape(play_gin(de))))
        page.reload()
        page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=90_000)
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


OVERFLOW = r"""() => {
  const cut = [];
  for (const el of document.querySelectorAll('button, label, h1, h2, h3, p, select, .opp-name')) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true}) || !/[^\d\s]/.test(el.textContent)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') cut.push(el.textContent.trim().slice(0, 40));
  }
  const page = document.scrollingElement;
  return {cut, wide: page.scrollWidth > page.clientWidth + 1};
}"""


@pytest.mark.parametrize("code", ["en", "de", "ru", "ja", "ar"])
def test_long_words_fit_a_small_phone(browser, site_url, code):
    ctx = browser.new_context(base_url=site_url, locale=BROWSER_LOCALES.get(code, "en-US"),
                              viewport={"width": 320, "height": 640},
                              has_touch=True, is_mobile=True)
    page = ctx.new_page()
    try:
        page.goto("index.html?speed=0")
        page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=90_000)
        assert page.evaluate(OVERFLOW) == {"cut": [], "wide": False}
        page.goto("index.html?game=gin&opponents=rex&seed=3&speed=0")  # a deal where the person plays first
        assert wait_turn(page).startswith("turn:")
        assert page.evaluate(OVERFLOW) == {"cut": [], "wide": False}
    finally:
        ctx.close()
