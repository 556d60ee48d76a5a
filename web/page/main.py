"""The page's Python entry (MicroPython, on the page's thread): draw first, then start the engine.

The table app replaces the body of ``draw_first_screen`` and ``on_message``; the contract with the
shell and the tests stays:

* ``<html data-drawn>`` once the first screen is painted (the loading screen then goes away);
* ``<html data-ready="true">`` once the engine has answered (``hello``);
* a failure to start goes to ``rummyBoot.fail(text)`` (the loading screen's error box).
"""

import json

import js  # type: ignore[import-not-found]

from web.page.transport import EngineLink

try:  # annotations: checked by mypy under CPython, ignored by MicroPython
    from typing import Any
except ImportError:
    pass

html = js.document.documentElement


def query(name: str) -> "str | None":
    """A parameter of the page's URL, or None."""
    try:
        value = js.URLSearchParams.new(js.location.search).get(name)
    except Exception:  # noqa: BLE001
        return None
    return None if value is None else str(value)


def draw_first_screen() -> None:
    """Paint what can be painted without the engine (placeholder until the table app lands)."""
    app = js.document.getElementById("app")
    app.innerHTML = (
        '<section class="first-screen"><h1>Rummy</h1>'
        '<p id="engine-status" role="status">Getting the game ready…</p></section>'
    )
    html.setAttribute("data-drawn", "")


def set_status(text: str) -> None:
    el = js.document.getElementById("engine-status")
    if el:
        el.textContent = text


STAGES = {"runtime": "Loading the engine…", "python": "Starting Python…", "engine": "Loading the rules…"}


def on_status(event: str, detail: "dict[str, Any]") -> None:
    if event == "progress":
        set_status(STAGES.get(str(detail.get("stage")), "Getting the game ready…"))
    elif event == "ready":
        html.setAttribute("data-engine-start", str(detail.get("start")))
        html.setAttribute("data-engine-ms", json.dumps(detail.get("ms")))
    elif event == "failed":
        # before ready: the loading screen's error box; after: the table app restarts the engine
        set_status("The game engine stopped: " + str(detail.get("error")))
        js.rummyBoot.fail("The game engine could not start: " + str(detail.get("error")))


def on_message(msg: "dict[str, Any]") -> None:
    if msg.get("type") == "hello":
        set_status("Ready.")
        html.setAttribute("data-ready", "true")


draw_first_screen()
link = EngineLink(on_message, on_status, snapshot="off" if query("snapshot") == "off" else "auto")
link.start()
link.send({"type": "hello"})
