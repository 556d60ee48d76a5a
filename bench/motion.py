"""Motion on the table, measured in Chromium: a benchmark, not a test.

    python -m bench.motion [--hands 1] [--site _site] [--json]

Plays whole hands through the real page with the animations on (speed "normal": every card flies, the deal is
dealt, bubbles pop) — a Gin hand against Ada and a 4-player Rummy hand against Mel, Dot and Sage — the person's
turns played by clicks like a person's, and records from inside the page:

* frames: every animation frame (``requestAnimationFrame``) and whose turn it was; during the computer
  opponents' turns, the frames dropped (a gap of n frame times drops n - 1 frames) and the longest gap;
* longest task: the longest main-thread task during the opponents' turns (Long Tasks API: 50 ms or more;
  0 when none reached 50 ms) and the longest animation frame (Long Animation Frames API, Chromium 123+);
* layout shift: the sum of the page's layout-shift entries over the hand (goal 0), with and without those that
  followed the person's input within 500 ms, and how far the hand, the status line and the action buttons ever
  moved on screen (sampled every frame; goal 0 px).

A headless Chromium on a loaded 2-core machine draws at about 60 frames a second but is slower than a
phone's GPU; read the dropped frames as an upper bound.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from bench.pageload import ROOT, CountingServer, ensure_site, launch

GAMES = {
    "gin": "index.html?game=gin&opponents=ada&seed=7&speed=normal",
    "rummy4": "index.html?game=rummy&opponents=mel,dot,sage&seed=7&speed=normal",
}

RECORDER = """
(() => {
  if (window.top !== window) return;
  const rec = window.__motion = { frames: [], shifts: [], longTasks: [], loaf: [], moves: {} };
  const watch = ['[data-testid=hand]', '[data-testid=table-screen] .status', '[data-testid=table-screen] .controls'];
  const tick = (t) => {
    const table = document.querySelector('[data-testid=table-screen]');
    rec.frames.push([t, table ? table.dataset.turn : '', table ? table.dataset.phase : '']);
    if (table && !document.querySelector('#rm-dialog[open]')) {
      for (const sel of watch) {
        const el = document.querySelector(sel);
        if (!el) continue;
        const r = el.getBoundingClientRect();
        const m = rec.moves[sel] || (rec.moves[sel] = { first: null, most: 0 });
        if (m.first === null) m.first = [r.top, r.left, r.height];
        else m.most = Math.max(m.most, Math.abs(r.top - m.first[0]), Math.abs(r.left - m.first[1]),
                               Math.abs(r.height - m.first[2]));
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const observe = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch (e) {} };
  observe('layout-shift', (e) => rec.shifts.push([e.startTime, e.value, e.hadRecentInput]));
  observe('longtask', (e) => rec.longTasks.push([e.startTime, e.duration]));
  observe('long-animation-frame', (e) => rec.loaf.push([e.startTime, e.duration]));
})();
"""

WAIT = """() => {
  const d = document.querySelector('#rm-dialog[open]');
  if (d) return 'dialog';
  const t = document.querySelector('[data-testid=table-screen]');
  if (!t || t.dataset.waiting === 'true') return false;
  if (['hand-over', 'match-over'].includes(t.dataset.phase)) return 'over';
  if (t.dataset.turn === '0' && ['first-upcard', 'draw', 'play'].includes(t.dataset.phase)) return t.dataset.phase;
  return false;
}"""

VALUES = {"ace": 1, "jack": 10, "queen": 10, "king": 10}


def value(name: str) -> int:
    r = name.split(" of ")[0]
    return VALUES.get(r) or int(r)


def person_turn(page: Any, phase: str) -> None:
    """A simple player: pass the upcard, draw from the stock, knock when allowed, else throw the highest card."""
    def btn(name: str) -> Any:
        return page.get_by_role("button", name=name, exact=True)

    if phase == "first-upcard":
        btn("Pass").click()
        return
    if phase == "draw":
        btn("Draw from stock").click()
        return
    if btn("Knock").count() and btn("Knock").is_enabled():
        btn("Knock").click()
        return
    names = page.locator("[data-testid=hand] .card:not(.taken)").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    card = max(names, key=lambda n: (value(n), n))
    btn(card).click()
    btn("Discard").click()


def play_hand(page: Any, url: str, limit_s: float = 240) -> None:
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=180_000)
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        state = page.wait_for_function(WAIT, timeout=120_000).json_value()
        if state in ("dialog", "over"):
            time.sleep(2.5)  # the end of the hand's entrances
            return
        person_turn(page, state)
    raise RuntimeError("the hand did not end in time")


def frame_stats(frames: list[list[Any]]) -> dict[str, Any]:
    """Frames of the opponents' turns: how many, how many dropped, the longest gap."""
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(frames) if b[1] not in ("", "0") and a[1] == b[1]]
    if not gaps:
        return {"frames": 0, "dropped": 0, "dropped_pct": 0.0, "longest_gap_ms": 0}
    frame = sorted(gaps)[len(gaps) // 2]  # the display's frame time (the median gap)
    dropped = sum(max(0, round(g / frame) - 1) for g in gaps)
    return {"frames": len(gaps), "frame_ms": round(frame, 1), "dropped": dropped,
            "dropped_pct": round(100 * dropped / (len(gaps) + dropped), 1), "longest_gap_ms": round(max(gaps), 1)}


def opponents_window(frames: list[list[Any]]) -> list[tuple[float, float]]:
    """The spans of time when a computer opponent was to play."""
    spans: list[tuple[float, float]] = []
    start = None
    for t, turn, _phase in frames:
        theirs = turn not in ("", "0")
        if theirs and start is None:
            start = t
        elif not theirs and start is not None:
            spans.append((start, t))
            start = None
    if start is not None:
        spans.append((start, frames[-1][0]))
    return spans


def within(t: float, spans: list[tuple[float, float]]) -> bool:
    return any(a <= t <= b for a, b in spans)


def measure(browser: Any, url: str) -> dict[str, Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(RECORDER)
    page = ctx.new_page()
    try:
        play_hand(page, url)
        rec = page.evaluate("window.__motion")
    finally:
        ctx.close()
    spans = opponents_window(rec["frames"])
    out: dict[str, Any] = frame_stats(rec["frames"])
    tasks = [d for s, d in rec["longTasks"] if within(s, spans)]
    loaf = [d for s, d in rec["loaf"] if within(s, spans)]
    out["longest_task_ms"] = round(max(tasks), 1) if tasks else 0
    out["long_tasks"] = len(tasks)
    out["longest_animation_frame_ms"] = round(max(loaf), 1) if loaf else 0
    out["layout_shift"] = round(sum(v for _, v, recent in rec["shifts"] if not recent), 4)
    out["layout_shift_all"] = round(sum(v for _, v, _recent in rec["shifts"]), 4)
    out["moved_px"] = {re.sub(r"\[data-testid=(\w+)\]", r"\1", k).replace("table-screen ", "").strip(): round(v["most"], 1)
                       for k, v in rec["moves"].items()}
    out["opponent_turns_s"] = round(sum(b - a for a, b in spans) / 1000, 1)
    return out


def run(site: Path, hands: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    server = CountingServer(site)
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                for name, path in GAMES.items():
                    results[name] = [measure(browser, server.url + path) for _ in range(hands)]
                results["chromium"] = browser.version
            finally:
                browser.close()
    finally:
        server.close()
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Motion: frames dropped, longest task, layout shift.")
    ap.add_argument("--hands", type=int, default=1, help="hands of each game")
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    args = ap.parse_args(argv)
    site = Path(args.site)
    ensure_site(site, quiet=args.json)
    result = run(site, args.hands)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Chromium {result['chromium']}, 1280x800, speed normal (cards fly), during the opponents' turns:")
    for name in GAMES:
        for r in result[name]:
            print(f"  {name:<7} frames {r['frames']:>5}  dropped {r['dropped']:>4} ({r['dropped_pct']}%)  "
                  f"longest gap {r['longest_gap_ms']} ms  longest task {r['longest_task_ms']} ms  "
                  f"longest frame {r['longest_animation_frame_ms']} ms  layout shift {r['layout_shift']} "
                  f"(all {r['layout_shift_all']})  moved {r['moved_px']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
