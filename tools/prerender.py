"""A first visit's screen, drawn at build time into index.html (for tools/build_site.py).

A new player's first screen does not depend on anything but the catalog: nothing is stored yet, the link has no
query or fragment, and the engine is not needed to draw it. So the build draws it with the page's own Python
(the table app, run here under CPython from the same source) and puts it in ``<main id="app">``. The browser
paints it at once, before any runtime has arrived; web/boot.js shows it only on such a first visit (else the
loading screen covers it until the page's Python draws), holds the clicks made on it until the page's Python is
up and then hands them over, in order, once each; the page's Python keeps the frame and screen as they are
(web/page/app/runner.py, ``start``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


class EmptyStorage:
    """localStorage of a first visit: nothing in it (a write is never made while drawing)."""

    length = 0

    def getItem(self, key: str) -> None:
        return None

    def key(self, index: int) -> None:
        return None

    def setItem(self, key: str, value: str) -> Any:
        raise AssertionError("drawing the first screen wrote to storage: " + key)

    def removeItem(self, key: str) -> Any:
        raise AssertionError("drawing the first screen removed from storage: " + key)


def first_visit_html(root: Path) -> str:
    """``#app``'s content on a first visit, as the page's Python draws it (frame and new-game screen)."""
    sys.path.insert(0, str(root))
    try:
        from rummy.catalog import catalog
        from web.page.app import views
        from web.page.app.model import App
        from web.page.app.setup import Catalog
        from web.page.app.shell import with_screen
        from web.page.app.store import PageStore
    finally:
        sys.path.pop(0)
    store = PageStore(EmptyStorage(), False, "build")
    boot = store.boot("")
    boot.update({"offers": [], "query": {}, "slot": "", "url": "", "reduced_motion": False, "framed": False,
                 "hash": ""})
    if boot.get("first") is not True:
        raise SystemExit("build: an empty storage is not a first visit for the page's Python")
    app = App(Catalog(catalog()))
    app.update(("start", boot))
    return with_screen(views.screen_html(app))
