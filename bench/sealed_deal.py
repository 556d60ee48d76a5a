"""What the sealed deal's group work costs the page: web/seal.js (ristretto255 from the vendored @noble/curves) in
Debian's Chromium, on the built site, timed inside the page with performance.now().

    python -m bench.sealed_deal [--runs 5] [--site DIR] [--json] [--record]

The operations are those web/page/shared/sealed.py asks of its group for a two-page table and a 52-card deck, run
one after the other in one page (both pages' share, as the protocol runs them in turn), with their data flowing
from step to step:

* the sealed deal: each page derives the card points (cardPoints(52)); each page's shuffle step (a key, times of
  the 52 points, 52 random scalars for its order); each page's lock step (inverse of its shuffle key, 52 lock keys,
  52 products, timesEach of 52);
* a card's opening by the page it is given to, once the other page has released its key: the product of the two
  keys, its inverse, times of the one point;
* the hand's audit: for each page's steps, the shuffle check (inverse, times of 52) and the lock check (52
  products, timesEach of 52); then every key of each place lifted at once (52 products, 52 inverses, timesEach of
  52) to read the deck.

Not counted: the calls from the page's MicroPython into JavaScript, and the messages between the pages. Reported:
the median of each over the runs (each run a new deck and new keys, in one page after a first untimed run), and
the bytes of the vendored noble modules, raw and gzipped, as the build lists them (build-info.json).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402

from bench import results  # noqa: E402
from bench.pageload import CHROMIUM, CHROMIUM_ARGS, site_copy  # noqa: E402

GOALS = {"sealed deal (ms)": "≤ 1000", "key release and open (ms)": "≤ 100"}

# One run: a deal, a card's opening and the hand's audit, each timed; the results are checked (the opened card and
# the audited deck are the card points), so a wrong answer cannot pass for a fast one.
RUN = """async () => {
  const S = window.rummySeal;
  const ok = (text) => {
    const a = JSON.parse(text);
    if (a.error !== undefined) throw new Error(a.error);
    return a.ok;
  };
  const J = JSON.stringify;
  const CARDS = 52, PAGES = 2;

  function deal() {
    let points;
    for (let p = 0; p < PAGES; p++) points = ok(S.cardPoints(CARDS));
    const shuffles = [], locks = [], keys = [];
    for (let p = 0; p < PAGES; p++) {
      const key = ok(S.randomScalar());
      const locked = ok(S.times(J(p ? shuffles[p - 1] : points), key));
      const rank = locked.map(() => ok(S.randomScalar()));
      const order = locked.map((_, i) => i).sort((a, b) => (rank[a] < rank[b] ? -1 : 1));
      shuffles.push(order.map((i) => locked[i]));
      keys.push({key: key, places: null});
    }
    for (let p = 0; p < PAGES; p++) {
      const before = p ? locks[p - 1] : shuffles[PAGES - 1];
      const unlock = ok(S.inverse(keys[p].key));
      keys[p].places = before.map(() => ok(S.randomScalar()));
      locks.push(ok(S.timesEach(J(before), J(keys[p].places.map((k) => ok(S.product(unlock, k)))))));
    }
    return {points: points, shuffles: shuffles, locks: locks, keys: keys};
  }

  function open(d, i) {
    let lift = d.keys[0].places[i];
    for (let p = 1; p < PAGES; p++) lift = ok(S.product(lift, d.keys[p].places[i]));
    return ok(S.times(J([d.locks[PAGES - 1][i]]), ok(S.inverse(lift))))[0];
  }

  function audit(d) {
    let lifts = null;
    for (let p = 0; p < PAGES; p++) {
      const unlock = ok(S.inverse(d.keys[p].key));
      const back = ok(S.times(J(d.shuffles[p]), unlock));
      if (J(back.slice().sort()) !== J((p ? d.shuffles[p - 1] : d.points).slice().sort())) throw new Error("shuffle");
      const before = p ? d.locks[p - 1] : d.shuffles[PAGES - 1];
      const relock = ok(S.timesEach(J(before), J(d.keys[p].places.map((k) => ok(S.product(unlock, k))))));
      if (J(relock) !== J(d.locks[p])) throw new Error("lock");
      const mine = d.keys[p].places;
      lifts = lifts ? lifts.map((a, i) => ok(S.product(a, mine[i]))) : mine.slice();
    }
    return ok(S.timesEach(J(d.locks[PAGES - 1]), J(lifts.map((k) => ok(S.inverse(k))))));
  }

  let t = performance.now();
  const d = deal();
  const dealMs = performance.now() - t;
  t = performance.now();
  const card = open(d, 7);
  const openMs = performance.now() - t;
  t = performance.now();
  const deck = audit(d);
  const auditMs = performance.now() - t;
  if (!d.points.includes(card) || deck[7] !== card || J(deck.slice().sort()) !== J(d.points.slice().sort())) {
    throw new Error("the deck does not open to the card points");
  }
  return [dealMs, openMs, auditMs];
}"""

LOAD = "() => new Promise((done) => rummySeal.load(done))"


def vendored_bytes(site: Path) -> tuple[int, int]:
    """Raw and gzipped bytes of the vendored noble files (modules and licences), from the build's file list."""
    rows = json.loads((site / "build-info.json").read_text(encoding="utf-8"))["files"]
    mine = [r for r in rows if r["path"].startswith(build_site.NOBLE_SITE + "/")]
    return sum(r["bytes"] for r in mine), sum(r["gzip"] for r in mine)


def measure(site: Path, runs: int) -> list[list[float]]:
    """[deal, open, audit] in ms for each run, in a page of the site that has started (the game idle)."""
    server = serve.make_server(site)
    url = serve.run_in_thread(server)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(base_url=url).new_page()
                page.goto("index.html?speed=0")
                page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=120_000)
                error = page.evaluate(LOAD)
                if error:
                    raise SystemExit(f"rummySeal.load failed: {error}")
                page.evaluate(RUN)  # untimed: the first run compiles the library's code
                return [page.evaluate(RUN) for _ in range(runs)]
            finally:
                browser.close()
    finally:
        server.shutdown()


def main(argv: list[str] | None = None) -> int:
    args = results.bench_options(__doc__.splitlines()[0], "runs", 5, argv)
    load_before = os.getloadavg()[0]
    with site_copy(args.site) as site:
        raw, gz = vendored_bytes(site)
        times = measure(site, args.runs)
    figures: dict[str, Any] = {
        "sealed deal (ms)": round(statistics.median(t[0] for t in times)),
        "key release and open (ms)": round(statistics.median(t[1] for t in times), 1),
        "hand audit (ms)": round(statistics.median(t[2] for t in times)),
        "noble modules shipped (kB)": round(raw / 1000, 1),
        "noble modules shipped, gzipped (kB)": round(gz / 1000, 1),
    }
    results.report(args, "runs", "sealed-deal", figures, load_before, f"{args.runs} run(s), medians", GOALS,
                   note="a two-page table, 52 cards: the group work alone (web/seal.js in Chromium), not the calls "
                        "from MicroPython nor the messages", extra={"times": times})
    return 0


if __name__ == "__main__":
    sys.exit(main())
