"""Benchmark of meeting online through a relay: a friend's link to seated, "Play someone now" to a match, and the
bytes a relay carries. In a network namespace of its own with a real Nostr relay started there (e2e/netns.py,
e2e/relay.py: nothing leaves the machine). A benchmark, not a test.

    python -m bench.online_meet [--runs 5] [--site DIR] [--json] [--record]   (as root: it makes a namespace)

Per run, fresh browser contexts whose Settings list the local relay alone:

* ``link``: the host sets up Gin against a friend online (its new-game form, as a person does); the time is
  from the friend's page opening the invite link to the host's page showing the friend "at the table" (the
  friend's page started, answered the offer in the link, its answer went through the relay, the link opened
  and the friend said hello);
* ``seek``: two pages choose "Play someone now: Gin Rummy", the second one ``--gap`` ms after the first; the time is
  from the second one's click to both pages showing the dealt table;
* the bytes of Nostr events each page sent to the relay and received from it (web/signal.js ``traffic()``), summed
  over the pages of the run.

Times are wall-clock from this process (Playwright's round trips included). ``--record`` writes the medians as a
record into bench/results/ (bench/results.py).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

import build_site  # noqa: E402
import netns  # noqa: E402
from relay import Relay  # noqa: E402
from test_online_relay import with_relay  # noqa: E402
from test_play_online import host_sets_up  # noqa: E402

from bench import results  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT = 60_000
READY = "() => document.documentElement.dataset.ready === 'true'"
DEALT = "() => !!document.querySelector('[data-testid=table-screen][data-phase]')"
TRAFFIC = "() => window.rummySignal ? rummySignal.traffic() : {sent: 0, received: 0}"
GOALS = {"link to seated (s)": "≤ 3", "play someone now to a match (s)": "≤ 5"}


def open_page(ctx: BrowserContext, url: str = "index.html?speed=0") -> Page:
    page = ctx.new_page()
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(url)
    page.wait_for_function(READY, timeout=WAIT * 3)
    return page


def traffic(pages: list[Page]) -> int:
    total = 0
    for p in pages:
        t = p.evaluate(TRAFFIC)
        total += int(t["sent"]) + int(t["received"])
    return total


def link_run(browser: Any, url: str, relay: str) -> dict[str, float]:
    host_ctx = browser.new_context(base_url=url)
    guest_ctx = browser.new_context(base_url=url)
    try:
        for ctx in (host_ctx, guest_ctx):
            ctx.add_init_script(with_relay(relay))
        host = open_page(host_ctx)
        host_sets_up(host, "gin", ["guest"], ["Ann", "Bob"])
        host.wait_for_function("() => /&k=/.test(document.querySelector('[data-testid=invite-1]')?.value || '')",
                               timeout=WAIT)
        link = host.get_by_test_id("invite-1").input_value()
        guest = guest_ctx.new_page()
        t0 = time.perf_counter()
        guest.goto(link)
        host.wait_for_function("() => document.querySelector('[data-testid=player-state-1], [data-testid=link-state-1]')"
                               "?.textContent === 'at the table'", timeout=WAIT, polling=10)
        t1 = time.perf_counter()
        guest.wait_for_function(DEALT, timeout=WAIT, polling=10)
        return {"ms": (t1 - t0) * 1000, "bytes": traffic([host, guest])}
    finally:
        host_ctx.close()
        guest_ctx.close()


def seek_run(browser: Any, url: str, relay: str, gap_ms: int) -> dict[str, float]:
    contexts = [browser.new_context(base_url=url) for _ in range(2)]
    try:
        pages = []
        for ctx in contexts:
            ctx.add_init_script(with_relay(relay))
            pages.append(open_page(ctx))
        pages[0].get_by_test_id("seek-gin").click()
        time.sleep(gap_ms / 1000)  # the second player arrives a little later, as one does
        t0 = time.perf_counter()
        pages[1].get_by_test_id("seek-gin").click()
        for p in pages:
            p.wait_for_function(DEALT, timeout=WAIT, polling=10)
        t1 = time.perf_counter()
        return {"ms": (t1 - t0) * 1000, "bytes": traffic(pages)}
    finally:
        for ctx in contexts:
            ctx.close()


def median_s(values: list[float]) -> float:
    """The median of times in ms, in seconds."""
    return round(statistics.median(values) / 1000, 2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--gap", type=int, default=1000, help="ms between the two players' clicks (seek)")
    ap.add_argument("--site", help="a built site (default: build one into a temporary directory)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--record", action="store_true", help="write the figures into bench/results/")
    args = ap.parse_args(argv)
    problem = netns.netns_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    load_before = os.getloadavg()[0]
    links: list[dict[str, float]] = []
    seeks: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        site = Path(args.site) if args.site else tmp / "_site"
        if not args.site:
            build_site.build(site, quiet=True)
        ns = netns.NetNs(f"{netns.NS_PREFIX}{os.getpid()}")
        server = relay = None
        try:
            ns.create()
            server = netns.NsServer(ns, netns.served_dir(site, tmp / "served"), tmp / "server.log")
            (tmp / "relay").mkdir()
            relay = Relay(ns, tmp / "relay")
            wrapper = netns.wrapper_script(ns.name, CHROMIUM, tmp / "chromium-in-netns")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(wrapper), args=CHROMIUM_ARGS + netns.RTC_FLAGS)
                try:
                    for _ in range(args.runs):
                        links.append(link_run(browser, server.url, relay.url))
                        seeks.append(seek_run(browser, server.url, relay.url, args.gap))
                finally:
                    browser.close()
        finally:
            if relay:
                relay.stop()
            if server:
                server.stop()
            ns.delete()
    figures = {
        "link to seated (s)": median_s([r["ms"] for r in links]),
        "play someone now to a match (s)": median_s([r["ms"] for r in seeks]),
        "relay bytes per friend's link": int(statistics.median([r["bytes"] for r in links])),
        "relay bytes per quick match": int(statistics.median([r["bytes"] for r in seeks])),
    }
    result = {"runs": args.runs, "figures": figures,
              "link_ms": [round(r["ms"]) for r in links], "seek_ms": [round(r["ms"]) for r in seeks],
              "load": [round(load_before, 1), round(os.getloadavg()[0], 1)]}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.runs} run(s), medians (machine load {result['load'][0]} before, {result['load'][1]} after)")
        for k, v in figures.items():
            print(f"  {k:<36} {v}" + (f"   goal {GOALS[k]}" if k in GOALS else ""))
        print(f"  link runs (ms): {result['link_ms']}; seek runs (ms): {result['seek_ms']}")
    if args.record:
        path = results.write_record("online-meet", "python -m bench.online_meet --runs " + str(args.runs), figures,
                                    result["load"], goals=GOALS,
                                    note="a local relay in a network namespace; the second player clicks "
                                         + str(args.gap) + " ms after the first")
        print(f"recorded: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
