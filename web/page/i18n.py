"""The page's words in the player's language, with gettext's conventions.

Every text the page shows is written in English in the page's Python, marked where it is written:
``_("Discard")``, ``ngettext("{n} card", "{n} cards", n)``, ``pgettext("a card's state", "Discard")`` (the same
English word, two meanings), ``N_("...")`` for a text kept in a table and translated where it is shown. A text
with a value in it names the value: ``_("{name} knocks.").format(name=...)``, so that a translator may move it.
``tools/i18n.py`` extracts the marked texts into ``locale/rummy.pot`` (with Babel, at build time only), keeps one
``locale/<language>.po`` per language, and compiles each into ``locale/<language>.json`` in the built site:
``{"lang": code, "messages": {msgid: text or [plural forms], "context\\x04msgid": ...}}``.

web/boot.js chooses the language before the page's Python starts (``?lang=``, then Settings, then the browser's
languages, else English), sets ``<html lang dir>`` and fetches that one catalogue while MicroPython starts;
web/page/start.py gives it to :func:`use` before the first screen is drawn. A text missing from a catalogue shows
in English. Written in the Python both MicroPython and CPython run.
"""

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

# (code, the language's own name), in the order Settings lists them
LANGUAGES = (
    ("en", "English"),
    ("es", "Español"),
    ("pt", "Português"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("ru", "Русский"),
    ("ar", "العربية"),
    ("hi", "हिन्दी"),
    ("zh-Hans", "简体中文"),
    ("zh-Hant", "繁體中文"),
    ("ja", "日本語"),
    ("ko", "한국어"),
)
CODES = tuple(code for code, _name in LANGUAGES)
RIGHT_TO_LEFT = ("ar",)
CONTEXT = "\x04"  # gettext's separator of a context and its text

_current: "dict[str, Any]" = {"lang": "en", "messages": {}}


def use(lang: str, catalogue: "Any" = None) -> bool:
    """Speak ``lang`` from now on, with ``catalogue`` (a compiled catalogue, as tools/i18n.py writes it). A
    catalogue that is not one, or is another language's, leaves English; the answer says whether ``lang`` is
    spoken."""
    messages = catalogue.get("messages") if type(catalogue) is dict and catalogue.get("lang") == lang else None
    if lang not in CODES or lang == "en" or type(messages) is not dict:
        _current["lang"] = "en"
        _current["messages"] = {}
        return lang == "en"
    _current["lang"] = lang
    _current["messages"] = messages
    return True


def lang() -> str:
    """The language the page speaks."""
    code: str = _current["lang"]
    return code


def direction(code: str | None = None) -> str:
    """"rtl" or "ltr": how the language's text runs."""
    return "rtl" if (code or lang()) in RIGHT_TO_LEFT else "ltr"


def _(msgid: str) -> str:
    """``msgid`` in the page's language."""
    text = _current["messages"].get(msgid)
    return text if type(text) is str and text else msgid


def N_(msgid: str) -> str:
    """A text marked for the catalogue, kept in English here (translated with :func:`_` where it is shown)."""
    return msgid


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the page's language, as meant in ``context`` (the same English text, another meaning)."""
    text = _current["messages"].get(context + CONTEXT + msgid)
    return text if type(text) is str and text else msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for the number ``n`` (English has two; Russian three, Arabic six, Japanese one)."""
    forms = _current["messages"].get(singular)
    if type(forms) is list and forms:
        i = plural_index(lang(), n)
        if i < len(forms) and forms[i]:
            text: str = forms[i]
            return text
    return singular if n == 1 else plural


def plural_index(code: str, n: int) -> int:
    """Which plural form of ``code`` a whole number ``n`` takes: the ``Plural-Forms`` of the language's catalogue
    (Babel's, which tools/i18n.py writes into each ``.po``; tests/test_i18n.py checks every one)."""
    n = abs(n)
    if code in ("zh-Hans", "zh-Hant", "ja", "ko"):
        return 0
    if code == "fr":
        return 0 if n <= 1 else 1
    if code == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    if code == "ar":  # zero, one, two, few (3-10), then 100-102 and the like, then many (11-99)
        if n <= 2:
            return n
        if 3 <= n % 100 <= 10:
            return 3
        return 4 if n % 100 <= 2 else 5
    return 0 if n == 1 else 1


def plurals(code: str) -> int:
    """How many plural forms ``code`` has."""
    return {"zh-Hans": 1, "zh-Hant": 1, "ja": 1, "ko": 1, "ru": 3, "ar": 6}.get(code, 2)
