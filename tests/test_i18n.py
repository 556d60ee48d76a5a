"""The page's languages (web/page/i18n.py, tools/i18n.py): every catalogue complete and true to the English (its
placeholders, its plural forms), the plural rules those of the catalogues, the template what the code marks, and a
language chosen in Settings reloads the page in it."""

from __future__ import annotations

import ast
import gettext
import json
import sys
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from page_harness import Harness

from web.page import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n as tool  # noqa: E402  (tools/i18n.py)

LANGUAGES = [code for code in i18n.CODES if code != "en"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@pytest.mark.parametrize("code", i18n.CODES)
def test_the_plural_rule_of_each_language_is_its_catalogues(code: str) -> None:
    rule = get_plural(tool.babel_locale(code))
    index = gettext.c2py(rule.plural_expr)
    assert i18n.plurals(code) == rule.num_plurals
    assert [i18n.plural_index(code, n) for n in range(2001)] == [index(n) for n in range(2001)]


def test_a_catalogue_is_used_only_for_its_own_language() -> None:
    es = {"lang": "es", "messages": {"Discard": "Descartar", "{n} card": ["{n} carta", "{n} cartas"],
                                     "a tie\x04Draw": "Empate"}}
    assert i18n.use("es", es) and i18n.lang() == "es" and i18n.direction() == "ltr"
    assert i18n._("Discard") == "Descartar" and i18n._("Knock") == "Knock"  # a missing text shows in English
    assert i18n.pgettext("a tie", "Draw") == "Empate" and i18n.pgettext("a move", "Draw") == "Draw"
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (1, 2)] == ["{n} carta", "{n} cartas"]
    assert i18n.N_("Discard") == "Discard"
    for lang, catalogue in (("fr", es), ("xx", es), ("es", None), ("es", {"lang": "es"}), ("es", [1])):
        assert not i18n.use(lang, catalogue) and i18n.lang() == "en" and i18n._("Discard") == "Discard"
    assert i18n.use("en") and i18n.direction("ar") == "rtl"


def test_russian_and_arabic_take_the_form_their_number_asks_for() -> None:
    i18n.use("ru", {"lang": "ru", "messages": {"{n} card": ["{n} карта", "{n} карты", "{n} карт"]}})
    assert [i18n.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 3, 5, 11, 21, 22)] == [
        "1 карта", "3 карты", "5 карт", "11 карт", "21 карта", "22 карты"]
    forms = ["zero", "one", "two", "few", "hundreds", "many"]
    i18n.use("ar", {"lang": "ar", "messages": {"{n} card": forms}})
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2, 5, 101, 11)] == forms
    assert i18n.direction() == "rtl"


def test_the_template_is_what_the_code_marks() -> None:
    assert tool.POT.exists(), "web/locale/rummy.pot is missing: run python tools/i18n.py update"
    want = tool.pot_text(tool.extracted())
    assert tool.POT.read_text(encoding="utf-8") == want, \
        "web/locale/rummy.pot is not what the page's Python marks: run python tools/i18n.py update"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalogue_is_complete_and_true_to_the_english(code: str) -> None:
    found = list(tool.problems(code))
    assert not found, "\n".join(found[:20]) + (f"\n... and {len(found) - 20} more" if len(found) > 20 else "")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_compiled_catalogue_speaks_its_language(code: str) -> None:
    catalogue = json.loads(json.dumps(tool.compiled(code), ensure_ascii=False))
    assert catalogue["lang"] == code and i18n.use(code, catalogue)
    template = tool.read(tool.POT)
    singles = [m for m in template if m.id and isinstance(m.id, str) and not m.context]
    assert singles
    translated = [i18n._(m.id) for m in singles]
    assert all(translated)
    # a translation may keep a word as it is (a name, "OK"), but not most of them
    assert sum(t != m.id for t, m in zip(translated, singles, strict=True)) > len(singles) // 2


def page_modules() -> list[Path]:
    return sorted((ROOT / "web" / "page").rglob("*.py"))


def test_no_module_that_speaks_through_underscore_binds_it_to_something_else() -> None:
    bad = []
    for path in page_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_it = any(isinstance(n, ast.ImportFrom) and any(a.name == "_" for a in n.names)
                         for n in ast.walk(tree))
        if not imports_it:
            continue
        for node in ast.walk(tree):
            stored = isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
            if stored or (isinstance(node, ast.arg) and node.arg == "_"):
                bad.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}")
    assert not bad, "_ is the translation function in these modules: " + ", ".join(bad)


def test_a_language_chosen_in_settings_is_kept_and_the_page_reloads_in_it() -> None:
    page = Harness()
    page.start()
    page.do("command", "settings", {})
    assert 'data-testid="language"' in (page.dialog or "")
    effects = page.do("change", "lang", "de", False)
    assert page.app.page.settings["lang"] == "de" and page.settings_saved[-1]["lang"] == "de"
    assert effects[-1] == ("reload",)
    assert page.do("change", "lang", "de", False) == []  # the language it speaks already
    assert page.do("change", "lang", "klingon", False) == [] and page.app.page.settings["lang"] == "de"
