"""Responsiveness of the game page in Chromium: how soon it paints and answers, and how long the
page's thread is ever blocked. A benchmark, not a test.

    python -m bench.responsive [--runs 5] [--site _site] [--json] [--no-play] [--new-tab]

For ``--runs`` cold visits (fresh context) each followed by a warm visit (same context, after the
service worker and the engine snapshot are in place: the page reloaded in its tab, or with ``--new-tab`` opened
in a new tab, whose process starts afresh), medians of:

* drawn: navigation start -> ``<html data-drawn>`` (the page's first Python paint, MicroPython);
* ready: navigation start -> ``<html data-ready="true">`` (the engine worker answered);
* longest task: the longest main-thread task until ready (Long Tasks API: tasks of 50 ms or more;
  0 means none reached 50 ms);
* blocking: the sum over those tasks of their time past 50 ms.

Goals: cold drawn <= 500 ms, longest <= 100 ms, blocking <= 100 ms; warm drawn <= 200 ms,
longest <= 50 ms.

While playing (:func:`play_hands`): a whole Gin hand and a whole 4-player Rummy hand, every seat played
by the expert tier at instant speed (``?debug=autoplay&speed=0``), from data-ready to the end of the
hand: the longest task (goal: none over 50 ms), the number of tasks of 50 ms or more and the blocking
time, and, from a Chromium trace of the same hand played again (seeded: the same moves), the longest task in
CPU time (a busy machine stretches a task's wall time while it waits for a core; its CPU time is what the
page itself spent). The wall-clock figures come from the hand played without the trace: tracing slows the
page's own thread. ``--no-play`` skips it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from bench.pageload import (
    HAND_CLOCK,
    PAGE_CLOCK,
    ROOT,
    TRACE_CATEGORIES,
    CountingServer,
    cold_and_warm,
    ensure_site,
    launch,
    main_thread_tasks,
    median,
)

GOALS = {
    "cold": {"drawn": 500, "longest_task": 100, "blocking": 100},
    "warm": {"drawn": 200, "longest_task": 50},
}
KEYS = ("drawn", "ready", "longest_task", "blocking")


# A whole hand each, a computer player in every seat (the page's ?debug=autoplay: seat 0 is played by the
# expert too) at instant speed, against the expert tier.
HANDS = {
    "gin": "debug=autoplay&speed=0&game=gin&opponents=ada&seed=3",
    "rummy4": "debug=autoplay&speed=0&game=rummy&opponents=sage,rufus,sage&seed=4",
}
HAND_OVER = "() => window.__handOverAt !== undefined"


def play_hand(browser: Any, url: str, query: str, trace: bool) -> dict[str, Any]:
    """One whole hand through the page in a fresh context, from data-ready to its end: its wall time and the
    main-thread tasks of 50 ms or more (Long Tasks API); with ``trace``, also a Chromium trace of the same span."""
    context = browser.new_context()
    try:
        context.add_init_script(PAGE_CLOCK)
        context.add_init_script(HAND_CLOCK)
        page = context.new_page()
        # Here the start is not measured but the hand is, and the hand begins at ready by itself: Playwright's
        # own script (~330 KB, put into the page the first time it waits on a function) goes in while the page
        # starts, not once it is ready (waiting with goto_until_ready and then putting it in gave the Gin hand a
        # task of 150-180 ms in each of 2 runs; this way none in 2).
        page.goto(url + "?" + query)
        page.wait_for_function("() => window.__readyAt !== undefined", timeout=180_000)
        start = page.evaluate("performance.now()")
        if trace:
            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        recorded = None
        try:
            page.wait_for_function(HAND_OVER, timeout=600_000, polling=100)
        finally:
            if trace:
                recorded = browser.stop_tracing()
        end = page.evaluate("window.__handOverAt")
        tasks = [d for s, d in page.evaluate("window.__longTasks") if start <= s <= end]
        return {"ms": end - start, "tasks": tasks, "trace": recorded}
    finally:
        context.close()


def play_hands(browser: Any, url: str) -> dict[str, Any]:
    """Play a whole Gin hand and a whole 4-player Rummy hand through the page, every seat played by the expert
    tier at instant speed (``?debug=autoplay&speed=0``); for each, from data-ready to the end of the hand: the
    longest main-thread task and the blocking time (Long Tasks API, wall clock), the number of tasks of 50 ms
    or more, and the longest task in CPU time (thread time: what the page itself spent, however busy the
    machine) and the main thread's total CPU time. The CPU times come from a Chromium trace of the same hand
    played again in another context (seeded, so the same moves): tracing with DevTools' timeline categories
    slows the page's thread itself, so the wall-clock figures are taken from the hand played without it."""
    out: dict[str, Any] = {}
    for name, query in HANDS.items():
        plain = play_hand(browser, url, query, trace=False)
        traced = play_hand(browser, url, query, trace=True)
        cpu = [c for _, _, c in main_thread_tasks(traced["trace"])]
        tasks = plain["tasks"]
        out[name] = {
            "ms": round(plain["ms"]),
            "longest_task": round(max(tasks, default=0.0)),
            "long_tasks": len(tasks),
            "blocking": round(sum(max(0.0, d - 50) for d in tasks)),
            "longest_task_cpu": round(max(cpu, default=0.0), 1),
            "cpu_ms": round(sum(cpu)),
            "longest_task_traced": round(max(traced["tasks"], default=0.0)),
        }
    return out


def run(site: Path, runs: int, play: bool = True, new_tab: bool = False) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    server = CountingServer(site)
    url = server.url + "index.html"
    samples: dict[str, list[dict[str, Any]]] = {"cold": [], "warm": []}
    load = [round(x, 2) for x in os.getloadavg()]
    playing = None
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                if runs:
                    cold_and_warm(browser, url, server, True, new_tab)  # untimed warm-up
                for _ in range(runs):
                    cold, warm = cold_and_warm(browser, url, server, True, new_tab)
                    samples["cold"].append(cold)
                    samples["warm"].append(warm)
                if play:
                    playing = play_hands(browser, url)
                version = browser.version
            finally:
                browser.close()
    finally:
        server.close()
    out: dict[str, Any] = {"chromium": version, "runs": runs, "playing": playing,
                           "load": {"before": load, "after": [round(x, 2) for x in os.getloadavg()]}}
    if not runs:
        return out
    for kind in ("cold", "warm"):
        out[kind] = {key: round(median([s[key] for s in samples[kind]]) or 0) for key in KEYS}
        out[kind]["samples"] = {key: [round(s[key] or 0) for s in samples[kind]] for key in KEYS}
        out[kind]["engine_start"] = sorted({s["engine_start"] for s in samples[kind]})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Responsiveness: drawn, ready, longest task, blocking time.")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    ap.add_argument("--no-play", action="store_true", help="skip the hands played through the page")
    ap.add_argument("--new-tab", action="store_true",
                    help="warm visits in a new tab of the same browser profile (default: the page reloaded in its tab)")
    args = ap.parse_args(argv)
    site = Path(args.site)
    ensure_site(site, quiet=args.json)
    result = run(site, args.runs, play=not args.no_play, new_tab=args.new_tab)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"machine load (1, 5, 15 min) before: {result['load']['before']}, after: {result['load']['after']}")
    if args.runs:
        print_visits(result)
    playing = result["playing"]
    if playing:
        print("While a whole hand is played (every seat the expert tier, instant speed), from ready to the hand's end:")
        print(f"  {'hand':<7} {'took':>8} {'longest task':>22} {'tasks >= 50 ms':>15} {'blocking':>9}"
              f" {'longest task, CPU time':>23} {'CPU, main thread':>17} {'longest, traced':>16}")
        for name, r in playing.items():
            print(f"  {name:<7} {r['ms']:>6} ms {str(r['longest_task']) + ' ms (<=50)':>22} {r['long_tasks']:>15}"
                  f" {r['blocking']:>6} ms {r['longest_task_cpu']:>20} ms {r['cpu_ms']:>14} ms"
                  f" {r['longest_task_traced']:>13} ms")
        print("  (CPU times and 'longest, traced' from the same hand played again under a Chromium trace)")
    return 0


def print_visits(result: dict[str, Any]) -> None:
    print(f"Chromium {result['chromium']}, game page, median of {result['runs']} visits (goal in brackets):")
    print(f"  {'visit':<6} {'drawn':>14} {'ready':>9} {'longest task':>18} {'blocking':>16}")
    for kind in ("cold", "warm"):
        r, g = result[kind], GOALS[kind]

        def cell(key: str, width: int, r: dict[str, Any] = r, g: dict[str, Any] = g) -> str:
            goal = f" (<={g[key]})" if key in g else ""
            return f"{r[key]} ms{goal}".rjust(width)

        print(f"  {kind:<6} {cell('drawn', 14)} {cell('ready', 9)} {cell('longest_task', 18)} {cell('blocking', 16)}"
              f"   engine start: {','.join(r['engine_start'])}")
    for kind in ("cold", "warm"):
        print(f"  samples {kind}: {result[kind]['samples']}")


if __name__ == "__main__":
    sys.exit(main())
