"""A/B of the game's start between built sites: is a small change to the start-up worth keeping?

    python -m bench.ab SITE_A SITE_B [SITE ...] [--reloads 20] [--contexts 2] [--json]

Each SITE is a built site directory (``_site``, and a copy of it with one change). A warm first paint of
Python varies by ±25 ms from one visit to the next on a 2-core machine, so the 7 visits of
``bench.responsive`` cannot tell a 10 ms change from noise; this takes many warm visits of each site,
interleaved so that both see the same machine. ``--contexts`` times: every site gets a fresh browser context,
a cold visit, the first visit's background work (service worker, engine snapshot), the first return visit;
then ``--reloads`` rounds in which each site is loaded again once, the order reversed every other round.
Reported per site (milliseconds from navigation start): the first Python paint
(``data-drawn``) of the warm visits, its median, mean, standard deviation and the standard error of the
mean; each site's difference of means from the first site with a 95% interval (±1.96 standard errors); the
median time to ready; the median cold first paint of Python and cold ready (one cold visit per context).

The same is reported apart for the *first return* visits (the first warm visit of each context, one per
context, what ``bench.responsive`` calls warm): only then does the page read every file from the service
worker's Cache Storage. Later reloads in the same tab find the style sheets and scripts in the renderer's
memory cache (~0 ms each instead of ~8-25 ms) and start ~30-60 ms sooner, so a change to how the page's files
are fetched shows only in the first return visits: measure it with many ``--contexts`` (``--reloads 0``).

A difference whose interval holds 0 is noise. Each site is served on its own port (its own origin), so the
service workers and caches of two sites never meet.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.pageload import PAGE_CLOCK, CountingServer, launch, median, settle, visit


def summary(names: list[str], warm: dict[str, list[float]]) -> list[dict[str, Any]]:
    """Per site: n, median, mean, sd and standard error of its warm first Python paints, and the difference of
    its mean from the first site's with a 95% interval (``diff_ms``, ``diff_low_ms``, ``diff_high_ms``)."""
    rows: list[dict[str, Any]] = []
    for name in names:
        v = warm[name]
        sd = statistics.stdev(v) if len(v) > 1 else 0.0
        rows.append({"site": name, "n": len(v), "median_ms": statistics.median(v), "mean_ms": statistics.mean(v),
                     "sd_ms": sd, "se_ms": sd / math.sqrt(len(v))})
    base = rows[0]
    for row in rows:
        diff = row["mean_ms"] - base["mean_ms"]
        half = 1.96 * math.sqrt(row["se_ms"] ** 2 + base["se_ms"] ** 2) if row is not base else 0.0
        row.update(diff_ms=diff, diff_low_ms=diff - half, diff_high_ms=diff + half)
    for row in rows:
        for key, value in row.items():
            if isinstance(value, float):
                row[key] = round(value, 1)
    return rows


def run(sites: list[Path], reloads: int, contexts: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    names = [str(s) for s in sites]
    warm: dict[str, list[float]] = {n: [] for n in names}
    first: dict[str, list[float]] = {n: [] for n in names}
    ready: dict[str, list[float]] = {n: [] for n in names}
    cold: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    servers = [CountingServer(s) for s in sites]
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                for _ in range(contexts):
                    open_pages = []
                    for name, server in zip(names, servers):
                        context = browser.new_context()
                        context.add_init_script(PAGE_CLOCK)
                        page = context.new_page()
                        url = server.url + "index.html"
                        cold[name].append(visit(page, url, server))
                        settle(page, True)
                        first[name].append(visit(page, url, server)["drawn"])  # the first return visit
                        open_pages.append((name, server, url, context, page))
                    for i in range(reloads):
                        for name, server, url, _, page in (open_pages if i % 2 == 0 else open_pages[::-1]):
                            got = visit(page, url, server)
                            warm[name].append(got["drawn"])
                            ready[name].append(got["ready"])
                    for *_, context, _ in open_pages:
                        context.close()
                version = browser.version
            finally:
                browser.close()
    finally:
        for server in servers:
            server.close()
    rows = summary(names, warm) if reloads else []
    first_rows = summary(names, first)
    for row in rows:
        row["ready_median_ms"] = round(median(ready[row["site"]]) or 0.0)
    for row in rows + first_rows:
        visits = cold[row["site"]]
        row["cold_drawn_ms"] = round(median([c["drawn"] for c in visits]) or 0.0)
        row["cold_ready_ms"] = round(median([c["ready"] for c in visits]) or 0.0)
    return {"chromium": version, "reloads": reloads, "contexts": contexts, "sites": rows, "first_return": first_rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="A/B of the game's start between built sites (warm first Python paint).")
    ap.add_argument("sites", nargs="+", help="built site directories; the first is the baseline")
    ap.add_argument("--reloads", type=int, default=20, help="warm visits of each site per context")
    ap.add_argument("--contexts", type=int, default=2, help="fresh browser contexts (each: one cold visit)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    args = ap.parse_args(argv)
    sites = [Path(s) for s in args.sites]
    missing = [str(s) for s in sites if not (s / "index.html").exists()]
    if len(sites) < 2 or missing:
        ap.error("give two or more built sites" + (f" (no index.html in {', '.join(missing)})" if missing else ""))
    result = run(sites, args.reloads, args.contexts)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Chromium {result['chromium']}, warm first Python paint")
    print(f"First return visits (one per context, {args.contexts} per site):")
    print_rows(result["first_return"], ready=False)
    if result["sites"]:
        print(f"Later reloads in the same tab ({args.reloads} x {args.contexts} per site, interleaved):")
        print_rows(result["sites"], ready=True)
    return 0


def print_rows(rows: list[dict[str, Any]], ready: bool) -> None:
    print(f"  {'site':<24} {'n':>3} {'median':>7} {'mean':>7} {'sd':>5} {'mean - first (95%)':>24} "
          f"{'ready' if ready else '':>6} {'cold drawn':>10} {'cold ready':>10}")
    for r in rows:
        diff = f"{r['diff_ms']:+.1f} [{r['diff_low_ms']:+.1f}, {r['diff_high_ms']:+.1f}]"
        print(f"  {r['site'][-24:]:<24} {r['n']:>3} {r['median_ms']:>7.1f} {r['mean_ms']:>7.1f} {r['sd_ms']:>5.1f} "
              f"{diff:>24} {r['ready_median_ms'] if ready else '':>6} {r['cold_drawn_ms']:>10} {r['cold_ready_ms']:>10}")


if __name__ == "__main__":
    sys.exit(main())
