"""The opponents in the browser: decision times in the engine worker, and the page's thread while they play.

    python -m bench.browser_bots [--decisions 200] [--players 3] [--json out.json]

1. Builds the site into a temp dir and serves it (tools/serve.py); in Debian's Chromium, starts the engine
   worker (``web/engine-worker.mjs``, Pyodide) from the page and asks it to time ``--decisions`` decisions of
   every opponent of both games in bot-against-bot hands (``web/worker/bench.py``). Reported per tier and
   opponent: p50 / p95 / max in ms (goal: p95 at most 60 ms for every tier).
2. Then whole matches are played through the real page with a computer player in every seat
   (``?debug=autoplay&speed=0``): Gin against the expert, and 4-player Rummy against three experts, while a
   ``PerformanceObserver`` records every long task (over 50 ms) of the page's thread from the moment the engine
   is ready (the start-up's own tasks are reported apart, as ``start_longest_ms``). Goal: none over 50 ms
   while the opponents play (the engine thinks in the worker; the page only draws).
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

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LONGTASKS = """
window.__longtasks = [];
window.__readyAt = null;
try {
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
} catch (e) {}
// the start-up's tasks (begun before the engine was ready) are kept apart from those while the opponents play
// (polled: at this point the document has no element to observe yet)
const readyPoll = setInterval(() => {
  const html = document.documentElement;
  if (html && html.dataset.ready === 'true') { window.__readyAt = performance.now(); clearInterval(readyPoll); }
}, 10);
"""
BENCH_IN_WORKER = """async ([decisions, players]) => {
  const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
  return await new Promise((resolve, reject) => {
    w.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'bench-bots') { resolve(m.result); w.terminate(); }
      else if (m.type === 'worker:error') reject(new Error(m.error));
    };
    w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'off' }));
    w.postMessage(JSON.stringify({ type: 'bench-bots', decisions, players }));
  });
}"""
MATCH_OVER = "() => document.querySelector('[data-testid=table-screen]')?.dataset.phase === 'match-over'"
MATCHES = {
    "gin vs expert": "index.html?debug=autoplay&speed=0&game=gin&opponents=ada&target=100&seed=3",
    "rummy, 4 players vs experts": "index.html?debug=autoplay&speed=0&game=rummy&opponents=sage,sage,sage&seed=4",
}


def run(decisions: int, players: int, chromium: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {}
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
                page.goto(base + "index.html")
                page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=180_000)
                out["worker"] = page.evaluate(BENCH_IN_WORKER, [decisions, players])
                ctx.close()
                out["matches"] = {}
                for name, path in MATCHES.items():
                    ctx = browser.new_context(bypass_csp=True, service_workers="block")
                    ctx.add_init_script(LONGTASKS)
                    page = ctx.new_page()
                    page.goto(base + path)
                    page.wait_for_function(MATCH_OVER, timeout=900_000, polling=500)
                    both = page.evaluate("window.__longtasks")
                    ready_at = page.evaluate("window.__readyAt") or 0.0
                    tasks = [d for t, d in both if t >= ready_at]
                    start = [d for t, d in both if t < ready_at]
                    out["matches"][name] = {"long_tasks": len(tasks), "longest_ms": round(max(tasks, default=0.0), 1),
                                            "start_longest_ms": round(max(start, default=0.0), 1),
                                            "hands": int(page.evaluate(
                                                "document.querySelectorAll('[data-testid=score-sheet] tbody tr').length")
                                                or 0)}
                    ctx.close()
                browser.close()
        finally:
            server.shutdown()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--json", help="also write the result to this file")
    args = ap.parse_args()
    r = run(args.decisions, args.players, args.chromium)
    text = json.dumps(r, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
