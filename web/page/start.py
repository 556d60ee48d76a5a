"""The page's start (MicroPython, on the page's thread): the table app, drawn at once.

Imported by the page's entry, web/page/main.py, which PyScript runs from source: this module comes compiled in the
page's bundle like the others: the browser compiles the entry's few lines and nothing else (measured: ~5 ms sooner
to the page's first line of Python on a return visit).

The app (:mod:`web.page.app`) paints the first screen from what is stored (the new-game screen, or the saved
table from its last view) before the engine is up, sets ``<html data-drawn>``, and starts the engine worker;
``<html data-ready="true">`` follows when the engine answers. A failure to start goes to the loading screen's
error box (``rummyBoot.fail``).
"""

import asyncio
import json

import js

from web.page.i18n import _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from web.page.app.runner import Runner

BUNDLE_INDEX = "web/page/bundle.json"  # written by web/pyscript-hooks.js as it unpacks web/page/bundle.bin
SLICE_MS = 8  # at most about this much importing per task (a phone 4x slower: still under 50 ms)


def bundle_imports(path: str = BUNDLE_INDEX) -> list[str]:
    """The modules to import as the page starts, in order (tools/page_imports.py), from the index of the page's
    bundle: its modules and the catalog come in one file (tools/build_site.py: make_page_bundle), which
    web/pyscript-hooks.js writes out into MicroPython's file system before this runs. No index (a page whose
    files are listed one by one): nothing to import ahead."""
    try:
        with open(path) as f:
            names: list[str] = json.loads(f.read())["imports"]  # not json.load(f): MicroPython's reads it byte by byte
            return names
    except OSError:
        return []


def next_task() -> "Any":
    """A promise settled in a new task of the page's thread: awaiting it ends the current task, so the browser
    can paint and answer input between two parts of the start (none of them a long task)."""
    return js.rummyBridge.nextTask()


async def import_modules(names: "Iterable[str]") -> None:
    """Import ``names`` in order, ending the task whenever SLICE_MS have gone by: each module's own imports
    come before it in the list, so every step runs one module's body."""
    since = js.performance.now()
    for name in names:
        __import__(name)
        if js.performance.now() - since >= SLICE_MS:
            await next_task()
            since = js.performance.now()


async def speak() -> None:
    """The page's language and its catalogue, which web/boot.js chose and asked for as the page started (fetched
    while the runtime started, so mostly here by now). A catalogue that cannot be had or read leaves English."""
    from web.page import i18n

    locale = js.window.rummyLocale  # always there: web/boot.js runs before any Python
    text = await locale.catalogue
    lang = str(locale.lang)
    try:
        catalogue = json.loads(str(text)) if text else None
    except ValueError:
        catalogue = None
    if not i18n.use(lang, catalogue):
        js.console.warn("the page's words in " + lang + " could not be loaded: it speaks English")
        js.document.documentElement.setAttribute("lang", "en")
        js.document.documentElement.setAttribute("dir", "ltr")


async def start() -> "Runner":
    """Start the table app in small tasks: PyScript's own start-up ends the first; the page's modules are
    imported a few at a time; the app is made and draws its first screen in the last."""
    try:
        await next_task()
        await import_modules(bundle_imports())
        from web.page.app.dom import search
        from web.page.app.params import parse_query
        from web.page.app.runner import Runner

        await speak()
        await next_task()
        query = parse_query(search())
        runner = Runner(search(), snapshot="off" if query.get("snapshot") == "off" else "auto")
        runner.start()
        return runner
    except Exception as e:
        # i18n: on the loading screen, when the page's program failed to start; {error}: the reason (in English)
        js.rummyBoot.fail(_("The game could not start: {error}").format(error=repr(e)))
        raise


STARTING = asyncio.create_task(start())  # noqa: RUF006 (kept; its result is the Runner)
