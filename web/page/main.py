"""The page's Python entry (MicroPython, on the page's thread): the table app, drawn at once.

The app (:mod:`web.page.app`) paints the first screen from what is stored (the new-game screen, or the saved
table from its last view) before the engine is up, sets ``<html data-drawn>``, and starts the engine worker;
``<html data-ready="true">`` follows when the engine answers. A failure to start goes to the loading screen's
error box (``rummyBoot.fail``).
"""

import js

from web.page.app.dom import search
from web.page.app.params import parse_query
from web.page.app.runner import Runner

try:
    _query = parse_query(search())
    runner = Runner(search(), snapshot="off" if _query.get("snapshot") == "off" else "auto")
    runner.start()
except Exception as e:
    js.rummyBoot.fail("The game could not start: " + repr(e))
    raise
