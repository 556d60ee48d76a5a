"""The page's catalogues of words: extract, update, check and compile them (Babel, at build time only).

    python tools/i18n.py extract     the marked texts of the page's Python (web/page/i18n.py) into web/locale/rummy.pot
    python tools/i18n.py update      web/locale/rummy.pot into each web/locale/<language>.po (new texts empty, gone ones
                                     dropped, every other translation kept)
    python tools/i18n.py check       every catalogue: complete, its placeholders ({name}) those of the English,
                                     the right number of plural forms; exit 1 with what is wrong
    python tools/i18n.py compile DIR each catalogue as DIR/<language>.json (what the page loads)

English is the source: it has no catalogue. The build (tools/build_site.py) compiles the catalogues into the site's
``locale/``; tests/test_i18n.py runs the checks and tells when web/locale/rummy.pot is not what the code marks.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "web" / "locale"
POT = LOCALE / "rummy.pot"
SOURCES = ("web/page",)
# the marking functions of web/page/i18n.py and which of their arguments are the texts (Babel's keyword spec)
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
PROJECT = "Rummy"
HEADER = ("# The words of the Rummy page (web/page, and the rules' words of rummy/catalog.py), to translate into each\n"
          "# language. Made by python tools/i18n.py update: do not edit; translate web/locale/<language>.po.")
LANGUAGE_HEADER = ("# The words of the Rummy page in one language: translate each msgstr, with the game's terms of\n"
                   "# docs/terms.md. python tools/i18n.py update brings in the texts the code adds, keeping these.")


def page_languages() -> list[str]:
    """The languages the page offers but English (web/page/i18n.py)."""
    sys.path.insert(0, str(ROOT))
    from web.page.i18n import CODES

    return [c for c in CODES if c != "en"]


def babel_locale(code: str) -> str:
    return code.replace("-", "_")


def extracted() -> Any:
    """The catalogue of every marked text in the page's Python, each with where it is written and the comment
    above it that starts with ``# i18n:`` (what the translator should know)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    cat = Catalog(project=PROJECT, version="1", fuzzy=False, header_comment=HEADER,
                  msgid_bugs_address="the project's issue tracker")
    for src in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / src, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",),
                strip_comment_tags=True):
            where = (f"{src}/{filename}", lineno)
            cat.add(message, None, [where], auto_comments=comments, context=context,
                    flags=("python-brace-format",) if _has_placeholder(message) else ())
    add_catalog_words(cat)
    add_boot_words(cat)
    return cat


def add_catalog_words(cat: Any) -> None:
    """The engine's words the page shows: its catalog's (web/page/app/setup.py in_page_language: options, presets
    and the opponents' styles) and the guided first hands' sentences (rummy/tutorial.py, shown by
    web/page/app/learnview.py), each with what it is for the translator."""
    sys.path.insert(0, str(ROOT))
    from rummy.catalog import catalog

    where = ("rummy/catalog.py", 0)

    def add(text: Any, what: str) -> None:
        if isinstance(text, str) and text:
            cat.add(text, None, [where], auto_comments=[what])

    for game, g in catalog()["games"].items():
        name = "Gin Rummy" if game == "gin" else "Basic Rummy"
        for o in g["options"]:
            add(o["label"], f"the name of a rule of {name}, on the new-game screen")
            add(o["help"], f"what a rule of {name} does, under its name on the new-game screen")
            add(o["none_label"], f"a rule of {name} switched off, among its choices")
            for word in o["choice_words"]:
                add(word, f"one choice of the rule \"{o['label']}\" of {name}")
        for p in g["presets"].values():
            add(p["label"], f"the name of a set of rules of {name}")
            add(p["description"], f"what the set of rules \"{p['label']}\" of {name} is")
        for p in g["roster"]:
            add(p["style"], f"how {p['name']}, a computer opponent at {name}, plays (a few words)")
            add(p["description"], f"{p['name']}, a computer opponent at {name}, described to the player")
    from rummy.tutorial import TUTORIALS

    for game, t in TUTORIALS.items():
        name = "Gin Rummy" if game == "gin" else "Basic Rummy"
        where = ("rummy/tutorial.py", 0)
        add(t.intro, f"the guided first hand of {name}: what the game is, before the first move")
        for i, step in enumerate(t.steps):
            who = "the learner" if step.seat == 0 else "the opponent"
            add(step.say, f"the guided first hand of {name}, step {i + 1}: {who} plays \"{step.action}\"; "
                          "cards are written 9♠, K♦ (rank and suit sign: keep them as they are)")
        add(t.outro, f"the guided first hand of {name}: how it ended, after the last move")


BOOT_SCRIPT = "web/boot.js"


def boot_messages() -> list[tuple[int, str, list[str]]]:
    """The loading screen's words (web/boot.js marks them with its own _()): (line, text, comments)."""
    from babel.messages.extract import extract_from_file

    return [(line, str(text), comments) for line, text, comments, _context in extract_from_file(
        "javascript", ROOT / BOOT_SCRIPT, keywords={"_": None}, comment_tags=("i18n:",), strip_comment_tags=True)]


def add_boot_words(cat: Any) -> None:
    for line, text, comments in boot_messages():
        cat.add(text, None, [(BOOT_SCRIPT, line)], auto_comments=comments or ["the loading screen, before the game is drawn"])


def boot_locales(out: Path) -> dict[str, Any]:
    """What web/boot.js needs before any catalogue: the page's languages, those written right to left, and each
    language's words of the loading screen, from its compiled catalogue in ``out`` (the site's)."""
    sys.path.insert(0, str(ROOT))
    from web.page.i18n import CODES, RIGHT_TO_LEFT

    wanted = {text for _line, text, _comments in boot_messages()}
    words = {}
    for path in sorted(out.glob("*.json")):
        messages = json.loads(path.read_text(encoding="utf-8"))["messages"]
        words[path.stem] = {k: v for k, v in sorted(messages.items()) if k in wanted and isinstance(v, str)}
    return {"languages": list(CODES), "rtl": list(RIGHT_TO_LEFT), "words": words}


def _has_placeholder(message: Any) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any(PLACEHOLDER.search(t) for t in texts)


def pot_text(cat: Any) -> str:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, cat, width=120, omit_header=False, sort_output=False, sort_by_file=True,
             include_lineno=False)
    text = buf.getvalue().decode("utf-8")
    # the header's dates change on every run: a fixed one keeps the file what the code marks, and nothing else
    return re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"\\]*\\n"', r'"\1: 2026-01-01 00:00+0000\\n"', text)


def po_path(code: str) -> Path:
    return LOCALE / f"{code}.po"


def read(path: Path, code: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=babel_locale(code) if code else None)


def write(path: Path, cat: Any) -> None:
    path.write_text(pot_text(cat), encoding="utf-8")


def extract() -> None:
    LOCALE.mkdir(exist_ok=True)
    POT.write_text(pot_text(extracted()), encoding="utf-8")


def update() -> None:
    from babel.messages.catalog import Catalog

    template = read(POT)
    for code in page_languages():
        path = po_path(code)
        cat = read(path, code) if path.exists() else Catalog(locale=babel_locale(code), project=PROJECT,
                                                              version="1", fuzzy=False, header_comment=LANGUAGE_HEADER)
        cat.update(template, no_fuzzy_matching=True)
        cat.obsolete.clear()
        write(path, cat)


def texts_of(message: Any) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple) else (message.id,)


def problems(code: str) -> Iterator[str]:
    """What is wrong with a language's catalogue."""
    path = po_path(code)
    if not path.exists():
        yield f"{code}: no catalogue ({path.relative_to(ROOT)})"
        return
    cat = read(path, code)
    template = read(POT)
    want = cat.num_plurals
    for msg in template:
        if not msg.id:
            continue
        got = cat.get(msg.id, context=msg.context)
        name = f"{code}: {texts_of(msg)[0]!r}"
        if got is None or not got.string or (isinstance(got.string, tuple) and not all(got.string)):
            yield f"{name} is not translated"
            continue
        if got.fuzzy:
            yield f"{name} is fuzzy"
        english = set().union(*(set(PLACEHOLDER.findall(t)) for t in texts_of(msg)))
        strings = got.string if isinstance(got.string, tuple) else (got.string,)
        if isinstance(msg.id, tuple) and len(strings) != want:
            yield f"{name} has {len(strings)} plural forms, not {want}"
        for s in strings:
            mine = set(PLACEHOLDER.findall(s))
            # a plural form for one thing may say "one" instead of {n}; any other placeholder must be English's
            if mine - english or (english - mine) - ({"n"} if isinstance(msg.id, tuple) else set()):
                yield f"{name}: the placeholders {sorted(mine)} are not {sorted(english)}"
                break
    ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    for msg in cat:
        if msg.id and (texts_of(msg)[0], msg.context) not in ids:
            yield f"{code}: {texts_of(msg)[0]!r} is not a text of the page (run: python tools/i18n.py update)"


def compiled(code: str) -> dict[str, Any]:
    """A language's catalogue as the page loads it (web/page/i18n.py)."""
    from web.page.i18n import CONTEXT

    messages: dict[str, Any] = {}
    for msg in read(po_path(code), code):
        if not msg.id or not msg.string:
            continue
        key = texts_of(msg)[0]
        if msg.context:
            key = msg.context + CONTEXT + key
        messages[key] = list(msg.string) if isinstance(msg.string, tuple) else msg.string
    return {"lang": code, "messages": dict(sorted(messages.items()))}


def compile_all(out: Path) -> dict[str, int]:
    """Every language's catalogue into ``out``; its size in bytes by language."""
    out.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for code in page_languages():
        if po_path(code).exists():
            data = json.dumps(compiled(code), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            (out / f"{code}.json").write_bytes(data)
            sizes[code] = len(data)
    return sizes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("extract", "update", "check", "compile"))
    ap.add_argument("out", nargs="?", help="compile: the directory of the compiled catalogues")
    args = ap.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        extract()
        update()
    elif args.command == "check":
        found = [p for code in page_languages() for p in problems(code)]
        for p in found:
            print(p)
        return 1 if found else 0
    else:
        if not args.out:
            ap.error("compile needs the output directory")
        for code, size in compile_all(Path(args.out)).items():
            print(f"{code}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
