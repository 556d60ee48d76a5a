"""Replays a recorded run of the table app and prints what it did, step by step (run by CPython and by the
page's MicroPython: tests/test_page_mpy.py compares the two outputs line for line).

Reads ``app_transcript.json`` (the catalog and the messages, recorded by tests/test_page_mpy.py through the
CPython harness) from the working folder or MicroPython's /lib."""

import json

from web.page.app import views
from web.page.app.model import App
from web.page.app.setup import Catalog


def checksum(text):
    """A small checksum of a text (no hashlib on the page)."""
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) & 0xFFFFFFFF
    return h


def speech_text(speech):
    """The speech bubbles as text (not repr(): MicroPython writes the non-ASCII characters of a repr as escapes)."""
    return "\n".join(str(seat) + " " + str(speech[seat][1]) + " " + speech[seat][0] for seat in sorted(speech))


def effect_words(effects):
    return " ".join(e[0] + (":" + e[1]["type"] if e[0] == "send" else "") for e in effects)


def main(path):
    with open(path) as f:
        doc = json.load(f)
    app = App(Catalog(doc["catalog"]))
    for i, msg in enumerate(doc["messages"]):
        effects = app.update(tuple(msg))
        view = app.match.view
        print(i, msg[0], effect_words(effects), app.match.next, app.match.waiting, len(app.match.order),
              view.step if view is not None else "-", app.page.message, checksum(views.screen_html(app)),
              checksum("\n".join(app.match.meta["log"])), checksum(views.dialog_html(app, app.page.dialog) if app.page.dialog else ""),
              checksum(speech_text(app.match.speech)))
    print("done")


for place in ("app_transcript.json", "/lib/app_transcript.json"):
    try:
        open(place).close()
    except OSError:
        continue
    main(place)
    break
