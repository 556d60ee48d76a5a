"""The page's Python entry (MicroPython, on the page's thread): the table app, drawn at once.

The app (:mod:`web.page.app`) paints the first screen from what is stored (the new-game screen, or the saved
table from its last view) before the engine is up, sets ``<html data-drawn>``, and starts the engine worker;
``<html data-ready="true">`` follows when the engine answers. A failure to start goes to the loading screen's
error box (``rummyBoot.fail``).
"""

import json

import js

BUNDLE = "web/page/bundle.bin"  # tools/build_site.py: make_page_bundle
BUNDLE_MAGIC = b"RUMMY-PAGE-BUNDLE 1\n"


def unpack_bundle(path=BUNDLE):
    """Write the page's modules and the catalog, shipped as one file (fetched once by PyScript, see the
    <mpy-config>), into MicroPython's file system, where the imports below find them. No bundle (a page that
    lists the files one by one): nothing to do."""
    import os

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return
    if not data.startswith(BUNDLE_MAGIC):
        raise ValueError("the page's bundle is damaged")
    head = data.index(b"\n", len(BUNDLE_MAGIC))
    pos = head + 1
    view = memoryview(data)
    made = set()
    for name, size in json.loads(data[len(BUNDLE_MAGIC):head].decode()):
        folder = ""
        for part in name.split("/")[:-1]:
            folder = folder + "/" + part if folder else part
            if folder not in made:
                made.add(folder)
                try:
                    os.mkdir(folder)
                except OSError:
                    pass  # there already
        with open(name, "wb") as out:
            out.write(view[pos:pos + size])
        pos += size
    os.remove(path)


unpack_bundle()

from web.page.app.dom import search  # noqa: E402 (after the bundle is unpacked)
from web.page.app.params import parse_query  # noqa: E402
from web.page.app.runner import Runner  # noqa: E402

try:
    _query = parse_query(search())
    runner = Runner(search(), snapshot="off" if _query.get("snapshot") == "off" else "auto")
    runner.start()
except Exception as e:
    js.rummyBoot.fail("The game could not start: " + repr(e))
    raise
