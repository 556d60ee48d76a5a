"""Entry point of the game page (PyScript runs this file as __main__).

Builds the game inside ``<main id="app">`` (see :mod:`web.ui.app`) and, once it is interactive, sets
``data-ready="true"`` on ``<html>``: the loading screen and the browser tests wait for it.
"""

from web.ui.app import App

app = App()
app.start()
