"""Placeholder entry point of the game page (PyScript runs this file).

The UI engineer replaces this file with the real game UI.  Whatever it becomes,
it must keep the contract the loading screen and the browser tests rely on:
once the game is interactive, set ``data-ready="true"`` on ``<html>``
(``document.documentElement.dataset.ready = "true"``).  Modules next to it are
importable as ``web.<name>`` and the game package as ``rummy`` (both come from
``app.zip``, see pyscript.toml).
"""

import rummy  # noqa: F401  (proves the game package is importable)
from pyscript import document

document.documentElement.dataset.ready = "true"
