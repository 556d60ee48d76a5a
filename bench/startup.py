"""Startup time of the game page vs a bare PyScript page, in the same Chromium run.

    python -m bench.startup [--runs 5] [--site _site] [--json]

Time to interactive = navigation start -> ``<html data-ready="true">``, read
inside the page (``performance.now()`` when the attribute appears, so no
polling delay is counted); also the part spent in the page's own Python
(PyScript's ``py:ready`` event -> data-ready), which machine load disturbs
less than the total.  Each sample is a *cold* load: a fresh browser
context (empty HTTP cache, no service worker).  Pages alternate (ours, bare,
ours, ...) so both see the same machine load; the median of each is reported
with the ratio ours / bare.

The bare page (written to ``<site>/bench/bare.html``) is the smallest PyScript
page on the same local runtime: one inline ``<script type="py">`` that sets
data-ready, with the same plugin list as ours so it loads the same chunks.
It is not part of the built site (``make site`` removes it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript page</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="../pyscript/core.css">
  <script type="module" src="../pyscript/core.js"></script>
</head>
<body>
  <mpy-config>{"plugins": ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]}</mpy-config>
  <script type="py" config="./bare.toml">
from pyscript import document
document.documentElement.dataset.ready = "true"
  </script>
</body>
</html>
"""

BARE_TOML = """interpreter = "../pyodide/pyodide.mjs"
plugins = ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
"""

# Records when data-ready becomes "true", relative to navigation start.
READY_CLOCK = """
(() => {
  const mark = () => {
    if (window.__readyAt === undefined && document.documentElement &&
        document.documentElement.getAttribute('data-ready') === 'true') {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  // PyScript dispatches py:ready on the <script type="py"> right before running its code
  document.addEventListener('py:ready', () => {
    if (window.__pyReadyAt === undefined) window.__pyReadyAt = performance.now();
  });
})();
"""


def write_bare_page(site: Path) -> None:
    bench = site / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bench / "bare.toml").write_text(BARE_TOML, encoding="utf-8")


def cold_load(browser, url: str, timeout_ms: float = 180_000) -> tuple[float, float]:
    """(seconds to data-ready, seconds of that spent running the page's own Python)."""
    context = browser.new_context()
    try:
        context.add_init_script(READY_CLOCK)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => window.__readyAt !== undefined", timeout=timeout_ms)
        ready, py_ready = page.evaluate("[window.__readyAt, window.__pyReadyAt ?? window.__readyAt]")
        return float(ready) / 1000.0, float(ready - py_ready) / 1000.0
    finally:
        context.close()


def run(site: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    write_bare_page(site)
    server, base = serve.serve_in_thread(site)
    pages = {"ours": base + "index.html", "bare": base + "bench/bare.html"}
    samples: dict[str, list[float]] = {name: [] for name in pages}
    own: dict[str, list[float]] = {name: [] for name in pages}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for url in pages.values():  # one untimed warm-up each (OS file cache, JIT of Chromium)
                    cold_load(browser, url)
                for i in range(runs):
                    order = list(pages) if i % 2 == 0 else list(reversed(pages))
                    for name in order:
                        total, python = cold_load(browser, pages[name])
                        samples[name].append(total)
                        own[name].append(python)
                version = browser.version
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    ours = statistics.median(samples["ours"])
    bare = statistics.median(samples["bare"])
    return {
        "chromium": version,
        "runs": runs,
        "ours_s": round(ours, 3),
        "bare_s": round(bare, 3),
        "ratio": round(ours / bare, 3),
        "own_python_s": {k: round(statistics.median(v), 3) for k, v in own.items()},
        "samples_s": {k: [round(v, 3) for v in vs] for k, vs in samples.items()},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Startup time: game page vs bare PyScript page.")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").exists():
        build_site.build(site, quiet=args.json)
    result = run(site, args.runs)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Chromium {result['chromium']}, cold loads (fresh context each), median of {result['runs']}:")
    print(f"  game page  {result['ours_s']:.2f} s   {result['samples_s']['ours']}")
    print(f"  bare page  {result['bare_s']:.2f} s   {result['samples_s']['bare']}")
    print(f"  ratio      {result['ratio']:.2f}")
    print("  of which the page's own Python (py:ready -> data-ready), median: "
          f"game {result['own_python_s']['ours']:.2f} s, bare {result['own_python_s']['bare']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
