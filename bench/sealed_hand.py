"""A whole Gin hand with no dealer, in Chromium: two engine workers (Pyodide, web/engine-worker.mjs), each with
the sealed deal's group (web/seal.js, @noble/curves), one per seat, the page relaying what each sends the other,
as two players' pages would over their data channel. Computer opponents (CPython, from each worker's view) choose
the moves.

    python -m bench.sealed_hand [--hands 3] [--site DIR] [--json] [--record]

Reported (medians over the hands): the deal (from both workers asked to start the hand to both holding their
cards: the shuffle and lock steps of both pages and the keys of the twenty-one cards dealt), a draw from the stock
(from the drawer's move to its worker holding the card: the other worker's key released and the card read), the
whole hand's audit (both pages' keys sent and every step checked, the hand replayed), and the bytes of every
message the two pages exchanged in a hand. Not counted: a data channel's own time. ``HARNESS`` is also what
e2e/test_sealed_play.py plays a hand with.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

GOALS = {"deal with no dealer (ms)": "≤ 1000", "draw from the stock (ms)": "≤ 100",
         "a hand's messages (kB)": "≤ 100"}

# window.__sealed: two engine workers and the relay between them. start(config) makes the workers, then times the
# deal (the first hand's includes loading the group: the first hand is not counted); play(seat, action) sends a move and relays until both are quiet; each
# answer of a worker is kept as that seat's last (its view, what comes next, the verified result).
HARNESS = """() => {
  const make = () => new Promise((resolve, reject) => {
    const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
    const box = { w, waiting: [] };
    w.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'worker:error') { reject(new Error(m.error)); return; }
      if (m.type && m.type.startsWith('worker:')) return;
      box.waiting.shift()(m);
    };
    w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'auto' }));
    box.waiting.push(() => resolve(box));
    w.postMessage(JSON.stringify({ type: 'hello' }));
  });
  const ask = (box, msg) => new Promise((resolve) => {
    box.waiting.push(resolve);
    box.w.postMessage(JSON.stringify(msg));
  });
  const S = window.__sealed = { boxes: [], last: [null, null], log: [], bytes: 0, times: { moves: [] } };
  S.relay = async (from, send) => {
    const queue = send.map((m) => [from, m]);
    while (queue.length) {
      const [f, m] = queue.shift();
      S.bytes += new TextEncoder().encode(JSON.stringify(m)).length;
      S.log.push([f, m]);
      const a = await ask(S.boxes[1 - f], { type: 'sealed-in', message: m });
      if (a.type !== 'sealed') throw new Error(JSON.stringify(a));
      S.last[1 - f] = a;
      for (const x of a.send) queue.push([1 - f, x]);
    }
  };
  S.start = async (config) => {
    if (!S.boxes.length) S.boxes = await Promise.all([make(), make()]);
    const t0 = performance.now();
    const answers = await Promise.all([0, 1].map((s) => ask(S.boxes[s], { type: 'sealed-new', config, seat: s })));
    for (const a of answers) if (a.type !== 'sealed') throw new Error(JSON.stringify(a));
    S.last = answers;
    S.log = []; S.bytes = 0; S.times = { moves: [] };
    for (const s of [0, 1]) await S.relay(s, answers[s].send);
    S.times.deal = performance.now() - t0;
    return S.last;
  };
  S.play = async (seat, action) => {
    const t0 = performance.now();
    const a = await ask(S.boxes[seat], { type: 'sealed-play', action });
    if (a.type !== 'sealed') return a;
    S.last[seat] = a;
    await S.relay(seat, a.send);
    S.times.moves.push([action, performance.now() - t0]);
    return S.last;
  };
  S.report = () => ({ log: S.log, bytes: S.bytes, times: S.times });
}"""


def play_hand(page: Any, config: dict[str, Any], seed: int = 0, started: list[Any] | None = None) -> dict[str, Any]:
    """Play one hand of ``config`` (or the one ``started``: the two seats' answers to its start) with computer
    opponents choosing from each worker's view; returns the two seats' last answers, every message relayed, the
    bytes and the times."""
    from rummy.bots import make_bot
    from rummy.view import SeatView

    bots = [make_bot("rex", config["game"], seed=seed + s) for s in (0, 1)]
    last = started if started is not None else page.evaluate("(c) => window.__sealed.start(c)", config)
    for _i in range(400):
        nexts = [a["next"] for a in last]
        if "you" not in nexts:
            break
        s = nexts.index("you")
        action = str(bots[s].choose(SeatView.from_data(last[s]["view"])))
        last = page.evaluate("([s, a]) => window.__sealed.play(s, a)", [s, action])
        assert isinstance(last, list), last
    report: dict[str, Any] = page.evaluate("() => window.__sealed.report()")
    return {"last": last, **report}


def measure(site: Path, hands: int) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tools"))
    import serve

    from bench.pageload import CHROMIUM, CHROMIUM_ARGS

    server = serve.make_server(site)
    url = serve.run_in_thread(server)
    out = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(base_url=url).new_page()
                page.goto("index.html?speed=0")
                page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=120_000)
                page.evaluate(HARNESS)
                for hand in range(hands + 1):  # the first, untimed: the workers' first start, the code compiled
                    config = {"game": "gin", "players": 2, "rules": {}, "seed": 100 + hand, "dealer": hand % 2}
                    played = play_hand(page, config, seed=hand)
                    if not all(a["verified"] for a in played["last"]):
                        raise SystemExit(f"hand {hand} was not verified: {played['last']}")
                    if hand:
                        out.append(played)
            finally:
                browser.close()
    finally:
        server.shutdown()
    return out


def main(argv: list[str] | None = None) -> int:
    from bench import results
    from bench.pageload import site_copy

    args = results.bench_options(__doc__.splitlines()[0], "hands", 3, argv)
    load_before = os.getloadavg()[0]
    with site_copy(args.site) as site:
        played = measure(site, args.hands)
    draws = [ms for p in played for action, ms in p["times"]["moves"] if action == "draw stock"]
    figures: dict[str, Any] = {
        "deal with no dealer (ms)": round(statistics.median(p["times"]["deal"] for p in played)),
        "draw from the stock (ms)": round(statistics.median(draws), 1),
        "a hand's messages (kB)": round(statistics.median(p["bytes"] for p in played) / 1000, 1),
        "moves per hand": round(statistics.median(len(p["times"]["moves"]) for p in played)),
    }
    results.report(args, "hands", "sealed-hand", figures, load_before, f"{args.hands} hand(s), medians", GOALS,
                   note="two engine workers in one Chromium page, the page relaying their messages: no data channel")
    return 0


if __name__ == "__main__":
    sys.exit(main())
