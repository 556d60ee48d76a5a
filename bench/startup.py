"""Start-up of the game page vs a bare PyScript page, alternately in one Chromium run.

    python -m bench.startup [--runs 5] [--site _site] [--json] [--new-tab]

For each page, ``--runs`` times: a *cold* visit (fresh browser context: empty HTTP cache, no service
worker, no stored snapshot) then, in the same context once the first visit's background work is done
(service worker activated, engine snapshot stored), a *warm* visit (a returning player): the page reloaded
in its tab, or with ``--new-tab`` opened in a new tab (its process started afresh, as after a while away).
Pages alternate (game, bare, bare, game, ...) so both see the same machine load. Reported, medians:

* time to ready: navigation start -> ``<html data-ready="true">`` (the game: its engine worker has
  answered; the bare page: its one line of Python ran), read inside the page, no polling delay;
* the ratios game / bare, cold and warm (goals: cold <= 1.10, warm <= 0.5);
* the game's first paint (its loading screen) and first Python paint (``data-drawn``);
* bytes the server sent per visit until ready (a warm visit of the game is served by its service
  worker), and for the game's first visit also after ready (the service worker's precache).

The bare page (written to ``<site>/bench/bare.html``) is the smallest PyScript page on the same PyScript and
Pyodide as npm ships them: one inline ``<script type="py">`` that sets data-ready. Its Pyodide is a copy of the npm
package's files in ``<site>/bench/pyodide/``, with its standard library of sources (the game's own copy has the
modules it imports at start as bytecode: tools/worker_python.py). None of it is part of the built site.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any

from bench.pageload import ROOT, CountingServer, build_site, cold_and_warm, ensure_site, launch, median

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript page</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="core.css">
  <script type="module" src="../pyscript/core.js"></script>
</head>
<body>
  <py-config>{"interpreter": "./pyodide/pyodide.mjs", "plugins": ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]}</py-config>
  <script type="py">
from pyscript import document
document.documentElement.dataset.ready = "true"
  </script>
</body>
</html>
"""


def write_bare_page(site: Path) -> None:
    """The bare page, PyScript's style sheet beside it (the game's own page has it written in) and Pyodide's files
    as npm has them."""
    bench = site / "bench"
    (bench / "pyodide").mkdir(parents=True, exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    shutil.copyfile(ROOT / build_site.PYSCRIPT_DIST / "core.css", bench / "core.css")
    for name in (*build_site.PYODIDE_FILES, build_site.STDLIB_SOURCE):
        shutil.copyfile(ROOT / build_site.PYODIDE_DIST / name, bench / "pyodide" / name)


def run(site: Path, runs: int, new_tab: bool = False) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    write_bare_page(site)
    server = CountingServer(site)
    pages = {"game": (server.url + "index.html", True), "bare": (server.url + "bench/bare.html", False)}
    visits: dict[str, dict[str, list[dict[str, Any]]]] = {name: {"cold": [], "warm": []} for name in pages}
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                for url, snap in pages.values():  # untimed warm-up (OS file cache, Chromium's JIT)
                    cold_and_warm(browser, url, server, snap, new_tab)
                for i in range(runs):
                    order = list(pages) if i % 2 == 0 else list(reversed(pages))
                    for name in order:
                        url, snap = pages[name]
                        cold, warm = cold_and_warm(browser, url, server, snap, new_tab)
                        visits[name]["cold"].append(cold)
                        visits[name]["warm"].append(warm)
                version = browser.version
            finally:
                browser.close()
    finally:
        server.close()

    def med(name: str, kind: str, key: str) -> float:
        return median([v.get(key) for v in visits[name][kind]]) or 0.0

    out: dict[str, Any] = {"chromium": version, "runs": runs}
    for kind in ("cold", "warm"):
        game, bare = med("game", kind, "ready"), med("bare", kind, "ready")
        out[kind] = {
            "game_ready_ms": round(game), "bare_ready_ms": round(bare), "ratio": round(game / bare, 3),
            "game_first_paint_ms": round(med("game", kind, "first_paint")),
            "game_drawn_ms": round(med("game", kind, "drawn")),
            "game_bytes": round(med("game", kind, "bytes")), "bare_bytes": round(med("bare", kind, "bytes")),
            "game_bytes_after_ready": round(med("game", kind, "bytes_after_ready")) if kind == "cold" else 0,
            "engine_start": sorted({v["engine_start"] for v in visits["game"][kind]}),
            "samples_ms": {n: [round(v["ready"]) for v in visits[n][kind]] for n in pages},
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Start-up: game page vs bare PyScript page, cold and warm.")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    ap.add_argument("--new-tab", action="store_true",
                    help="warm visits in a new tab of the same browser profile (default: the page reloaded in its tab)")
    args = ap.parse_args(argv)
    site = Path(args.site)
    ensure_site(site, quiet=args.json)
    result = run(site, args.runs, args.new_tab)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Chromium {result['chromium']}, median of {result['runs']} visits each, game and bare page alternating:")
    print(f"  {'visit':<6} {'game ready':>10} {'bare ready':>10} {'ratio':>6} {'goal':>6} "
          f"{'1st paint':>9} {'drawn':>7} {'game bytes':>11} {'bare bytes':>11}  engine start")
    for kind, goal in (("cold", 1.10), ("warm", 0.5)):
        r = result[kind]
        print(f"  {kind:<6} {r['game_ready_ms']:>8} ms {r['bare_ready_ms']:>7} ms {r['ratio']:>6.2f} {goal:>6.2f} "
              f"{r['game_first_paint_ms']:>6} ms {r['game_drawn_ms']:>4} ms {r['game_bytes']:>11,} {r['bare_bytes']:>11,}"
              f"  {','.join(r['engine_start'])}")
    print(f"  the game's first visit also fetches {result['cold']['game_bytes_after_ready']:,} bytes after ready "
          "(its service worker's precache; the memory snapshot is made in the browser, not downloaded)")
    for kind in ("cold", "warm"):
        print(f"  samples {kind}: {result[kind]['samples_ms']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
