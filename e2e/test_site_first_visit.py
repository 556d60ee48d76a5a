"""A first visit asks the server for each file once: the service worker stores what the page and the engine downloaded
from the browser's HTTP cache, and fetches only the files the visit did not need."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402


def test_a_first_visit_asks_for_each_file_once_and_then_plays_offline(context, guard, site_dir, wait_ready,
                                                                       wait_service_worker):
    asked: list[str] = []
    # gzipped as GitHub Pages sends it (and as a browser keeps it in its HTTP cache)
    server = serve.make_server(site_dir, gzip=True, requests=asked)
    url = serve.run_in_thread(server)
    parts = urlsplit(url)
    guard.allowed.add(f"{parts.scheme}://{parts.netloc}")
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        build = wait_service_worker(page)  # activated: every file is in the release's cache
        assert build == json.loads((site_dir / "build-info.json").read_text())["build"]

        counts = Counter("/index.html" if path == "/" else path for path in asked)
        sw = (site_dir / "sw.js").read_text(encoding="utf-8")
        stored = {path[1:] for path, _ in json.loads(re.search(r"const PRECACHE = (\[.*?\]);\n", sw, re.S).group(1))}
        # the page, the runtime, the engine and everything else the release stores: each asked for once
        assert {path for path, n in counts.items() if n > 1} == set()
        assert set(counts) == stored | {"/sw.js"}
        for path in ("/index.html", "/pyodide/pyodide.asm.wasm", "/pyodide/stdlib.zip", "/app.zip",
                     "/micropython/micropython.wasm", "/web/page/bundle.bin"):
            assert counts[path] == 1, path

        # and the release's cache holds them all: the game starts with no network
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.get_attribute("html", "data-build") == build
    finally:
        server.shutdown()
        server.server_close()
