"""How long a hint and a coach review take in Chromium, inside the engine worker (Pyodide) where they run.

    python -m bench.browser_learn [--hints 200] [--reviews 20] [--json out.json]

Builds the site into a temp dir and serves it (tools/serve.py); in Debian's Chromium, starts the engine worker
(``web/engine-worker.mjs``) from the page and asks it (message ``bench-learn``) to time ``--hints`` hints and
``--reviews`` coach reviews of finished hands for each game (``web/worker/bench.py: bench_learn``, the same
functions ``python -m bench.learn`` times under CPython). Reported: p50 / p95 / max in milliseconds (wall clock
in the worker; ``*_cpu`` is ``time.process_time``, which Pyodide may not resolve finely). Each hand's review is
timed from nothing (``review``) and as the table makes it after thinking along with the person (``review_ahead``). Run it alone: it is
single-threaded but the machine has two cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402

from bench.browser_bots import CHROMIUM_ARGS  # noqa: E402

LEARN_IN_WORKER = """async ([hints, reviews]) => {
  const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
  return await new Promise((resolve, reject) => {
    w.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'bench-learn') { resolve(m.result); w.terminate(); }
      else if (m.type === 'error') reject(new Error(m.error));
      else if (m.type === 'worker:error') reject(new Error(m.error));
    };
    w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'off' }));
    w.postMessage(JSON.stringify({ type: 'bench-learn', hints, reviews }));
  });
}"""


def run(hints: int, reviews: int, chromium: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_site.build(site, quiet=True)
        server = serve.make_server(site, "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                ctx = browser.new_context(bypass_csp=True, service_workers="block")
                page = ctx.new_page()
                page.set_default_timeout(1_800_000)
                page.goto(base + "index.html")
                page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=180_000)
                result: dict[str, Any] = page.evaluate(LEARN_IN_WORKER, [hints, reviews])
                ctx.close()
                browser.close()
        finally:
            server.shutdown()
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hints", type=int, default=200)
    ap.add_argument("--reviews", type=int, default=20)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--json", help="also write the result to this file")
    args = ap.parse_args()
    r = run(args.hints, args.reviews, args.chromium)
    text = json.dumps(r, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
