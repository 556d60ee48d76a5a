"""Entry point of the game page (PyScript runs this file as __main__).

Builds the game inside ``<main id="app">`` (see :mod:`web.ui.app`) and, once it is interactive, sets
``data-ready="true"`` on ``<html>``: the loading screen and the browser tests wait for it.
"""

import gc

from web.ui.app import App

app = App()
app.start()
# Everything built so far (modules, the deadwood tables, the roster) lives as long as the page: move it
# out of the collector's way, so that a collection during a move never walks it (shorter pauses).
gc.collect()
gc.freeze()
