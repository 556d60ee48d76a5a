"""Replays a recorded run of the table app and prints what it did, step by step (run by CPython and by the
page's MicroPython: tests/test_page_mpy.py compares the two outputs line for line).

Reads ``app_transcript.json`` (the catalog and the messages, recorded by tests/test_page_mpy.py through the
CPython harness) from the working folder or MicroPython's /lib."""

import binascii
import json

from web.page.app import views
from web.page.app.model import App
from web.page.app.setup import Catalog


def checksum(text):
    """A checksum of a text: CRC-32 of its UTF-8 (binascii: in CPython and in the page's MicroPython, which has
    no hashlib), the same number in both. Not a loop over the characters in Python: the run checksums 5.5 million
    characters, which took MicroPython (WebAssembly, under node) most of the test's 30 s of CPU that way."""
    return binascii.crc32(text.encode("utf-8"))


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
