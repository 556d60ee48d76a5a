"""A new player's first minute, in Chromium: from navigation to the opponent's first reply, on a first visit and on a
return visit, over a local link and under Chromium's network emulation. A benchmark, not a test.

    python -m bench.firstminute [--site _site] [--runs 1] [--links local,10mbps,slow4g] [--via url|start]
                                [--no-hand] [--json] [--record]

The site is served from a loopback port gzipped as GitHub Pages sends it (tools/serve.py's GzipHandler), by a server
that logs every response it sends. Each run is a fresh browser context (a *first visit*: nothing cached, no service
worker), then, once the first visit's background work is done (service worker activated, engine snapshot stored), the
page opened again in a new tab of the same context (a *return visit*; the stored match is cleared first, so that it
deals as the first did). Links (``--links``): ``local`` (no emulation), ``10mbps`` (10 Mbps down, 5 up, 40 ms) and
``slow4g`` (1.6 Mbps down, 0.75 up, 150 ms), set with CDP's ``Network.emulateNetworkConditions`` on the page, which
Chromium also applies to the engine's worker but not to the service worker (browser-level targets take only the
flat protocol, which Playwright's CDP sessions cannot address): its downloads go at loopback speed. They begin once
the engine has answered, when the page needs no more files for the reply; their bytes are counted all the same.

With ``--via start``, the start control is clicked once the first screen acts on clicks (a person reads it first),
and cards in hand are also given from that click (the goal is 300 ms).

Measured from navigation start inside the page (an init script watches the page's markers; it polls nothing and
tells the benchmark what it saw on the console):

* first paint (the paint timing entry);
* first screen ready: the page's Python has drawn (``<html data-drawn>``), so the screen acts on clicks;
* cards in hand: the table shows the person's cards (``[data-testid=hand] [data-act=card]``);
* first move possible: the person's turn with a legal action enabled, the engine up or not (a move made before the
  engine is up is queued and played once it is: e2e/test_first_minute.py);
* engine up for the first move: the same, and the engine up (``data-ready="true"``): the benchmark clicks it at once
  (Pass on the upcard, else Draw);
* opponent's first reply: the first redraw whose step is past the one shown on a computer player's turn (the
  computer's first move shown);
* bytes sent until that reply: the bodies of every response the server sent for a request that arrived before it
  (as sent: gzipped); and, for the first visit, every byte it was sent until its background work was done.

Then, unless ``--no-hand``, the rest of the hand is played by a simple player (pass, draw, knock when allowed and
confirm it, else discard the highest card) and Interaction to Next Paint is taken over the whole hand: the Event Timing entries
(``PerformanceObserver``, ``durationThreshold`` 16 ms) of each click grouped by interaction, the worst and the 98th
percentile over every click made (a click with no entry took under 16 ms).

``--via url`` (the default) loads ``?game=gin&opponents=ada&seed=3&speed=0``, which deals at once (the seed: the same
cards every run; ``speed=0``: the opponent's moves are not paced, so the reply is what the load costs); ``--via
start`` loads the bare page and clicks the first screen's start control (``--start-selector``) as soon as it shows.
``--record`` writes the figures as a record into bench/results/ (bench/results.py).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from bench import results
from bench.pageload import ROOT, SETTLED, CountingServer, ensure_site, launch, median

# name: CDP Network.emulateNetworkConditions parameters (bytes per second, ms), or None for no emulation
LINKS: dict[str, dict[str, Any] | None] = {
    "local": None,
    "10mbps": {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8},
    "slow4g": {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8},
}
LINK_NAMES = {"local": "local", "10mbps": "10 Mbps", "slow4g": "slow 4G"}
DEAL_AT_ONCE = "index.html?game=gin&opponents=ada&seed=3&speed=0"
START_SELECTOR = "[data-testid=play-gin]"  # the welcome's Play Gin Rummy
SIGNAL = "rummy-fm: "
MILESTONES = ("first_paint", "screen", "cards", "act", "move", "reply")
TIMEOUT_MS = 600_000
GOALS = {"bytes": 6.3, "slow4g reply": 49 * 2 / 3}

# Watches the page's markers and says on the console what it saw, each once: "screen", "ready", "cards", "act" (the
# person can act), "move <act>" (the person can act and the engine is up), "reply" (a computer player's move shown);
# then, for the rest of the hand, "turn <phase> <step>" at each of the person's turns and "over" when the hand ends.
# Collects Event Timing entries.
FIRST_MINUTE = """
(() => {
  if (window.top !== window) return;
  const fm = window.__fm = { t: {}, events: [] };
  const say = (text) => console.debug('__SIGNAL__' + text);
  const mark = (name, detail) => {
    if (fm.t[name] !== undefined) return;
    fm.t[name] = performance.now();
    say(detail ? name + ' ' + detail : name);
  };
  let shownTurn = null, shownStep = null, lastTurnSaid = '', over = false;
  const ACTS = ['pass', 'draw', 'take'];
  const check = () => {
    const h = document.documentElement;
    if (!h) return;
    if (h.hasAttribute('data-drawn')) mark('screen');
    const ready = h.dataset.ready === 'true';
    if (ready) mark('ready');
    const start = document.querySelector('__START__');
    if (start && fm.t.start === undefined) mark('start');
    const table = document.querySelector('[data-testid=table-screen]');
    if (!table) return;
    if (table.querySelector('[data-testid=hand] [data-act=card]')) mark('cards');
    const turn = table.dataset.turn, seat = table.dataset.seat, step = Number(table.dataset.step);
    if (shownTurn !== null && shownTurn !== '' && shownTurn !== seat && step > shownStep) mark('reply');
    if (turn !== shownTurn || step !== shownStep) { shownTurn = turn; shownStep = step; }
    if (!over && (document.querySelector('#rm-dialog[open]') ||
                  ['hand-over', 'match-over'].includes(table.dataset.phase))) {
      over = true;
      say('over');
      return;
    }
    const phase = table.dataset.phase;
    if (turn !== seat || !['first-upcard', 'draw', 'play'].includes(phase)) return;
    const enabled = [...table.querySelectorAll('.actions button[data-act]:not([disabled])')].map((b) => b.dataset.act);
    if (!enabled.length) return;
    // before the engine is up the table waits for it (data-waiting) but takes the person's first move, queued
    if (!ready || table.dataset.waiting !== 'true') mark('act');
    if (!ready || table.dataset.waiting === 'true') return;
    if (fm.t.move === undefined) {
      const first = ACTS.find((a) => enabled.includes(a)) || enabled[0];
      const r = table.querySelector('.actions button[data-act=' + first + ']').getBoundingClientRect();
      mark('move', [first, Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)].join(' '));
    }
    const key = phase + ' ' + step;
    if (key !== lastTurnSaid) { lastTurnSaid = key; say('turn ' + key); }
  };
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('__START__')) mark('clicked');
  }, true);
  new MutationObserver(check).observe(document, {
    attributes: true, subtree: true, childList: true,
    attributeFilter: ['data-drawn', 'data-ready', 'data-turn', 'data-step', 'data-waiting', 'data-phase', 'disabled', 'open'],
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        const on = e.target instanceof Element ? e.target.closest('[data-act]') : null;
        // what was acted on, when, and where the time went: the wait for the page's thread, the handlers, the paint
        fm.events.push([e.interactionId, e.duration, e.name, on ? on.dataset.act : String(e.target && e.target.nodeName),
                        Math.round(e.startTime), Math.round(e.processingStart - e.startTime),
                        Math.round(e.processingEnd - e.processingStart)]);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch (e) { /* no Event Timing: no INP figures */ }
})();
"""

PAINT = """() => {
  const paint = performance.getEntriesByType('paint');
  const fp = paint.find((e) => e.name === 'first-paint') || paint.find((e) => e.name === 'first-contentful-paint');
  return { t: window.__fm.t, first_paint: fp ? fp.startTime : null, events: window.__fm.events };
}"""

HAND = """() => [...document.querySelectorAll('[data-testid=hand] .card')].map((e) =>
  [e.getAttribute('aria-label'), e.classList.contains('taken')])"""

RANKS = {"ace": 1, "jack": 11, "queen": 12, "king": 13}


def card_order(name: str) -> tuple[int, int, str]:
    """Deadwood value, then rank: "king of spades" before "10 of hearts" before "ace of clubs"."""
    rank = name.split(" of ")[0]
    r = RANKS.get(rank) or (int(rank) if rank.isdigit() else 0)
    return (min(r, 10), r, name)


class Signals:
    """The init script's signals on a page's console, as they come (Playwright hands console messages over only
    while a call of its own is waiting, so none is missed between looking and waiting)."""

    verbose = False  # print each signal as it comes (--verbose)

    def __init__(self, page: Page) -> None:
        self.page = page
        self.said: list[list[str]] = []
        self.seen = 0
        page.on("console", self._on)

    def _on(self, message: Any) -> None:
        if message.text.startswith(SIGNAL):
            self.said.append(message.text[len(SIGNAL):].split(" "))
            if self.verbose:
                print(f"  {time.strftime('%H:%M:%S')} {message.text}", file=sys.stderr, flush=True)

    def next(self, *what: str, timeout_ms: float = TIMEOUT_MS) -> list[str]:
        """The next signal (after the last one returned) whose first word is one of ``what``."""
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            while self.seen < len(self.said):
                words = self.said[self.seen]
                self.seen += 1
                if words[0] in what:
                    return words
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {'/'.join(what)} signal from the page in {timeout_ms / 1000:.0f} s")
            self.page.wait_for_event("console", timeout=left * 1000)


def act(page: Page, data_act: str) -> None:
    page.locator(f"[data-testid=table-screen] .actions [data-act={data_act}]").click(timeout=TIMEOUT_MS)


def play_turn(page: Page, phase: str) -> int:
    """One turn of a simple player; returns the clicks made."""
    if phase == "first-upcard":
        act(page, "pass")
        return 1
    if phase == "draw":
        act(page, "draw")
        return 1
    knock = page.locator("[data-testid=table-screen] .actions [data-act=knock]")
    if knock.count() and knock.is_enabled():
        knock.click()  # a knock is asked first (its card and deadwood): Knock again says yes
        page.locator("[data-testid=knock-confirm] [data-act=knock]").click(timeout=TIMEOUT_MS)
        return 2
    cards = [name for name, taken in page.evaluate(HAND) if not taken]
    page.get_by_role("button", name=max(cards, key=card_order), exact=True).first.click()
    act(page, "discard")
    return 2


def inp(events: list[list[Any]], clicks: int) -> dict[str, Any]:
    """Interaction to Next Paint over ``clicks`` clicks: each interaction's longest entry (from the pointer going
    down to the frame that shows what the click did); the worst, the 98th percentile and the median (nearest rank)
    with every click that has no entry (under 16 ms) counted as 0; and the worst entry in words (what, when, and
    its wait for the page's thread, its handlers and its paint)."""
    longest: dict[int, float] = {}
    for interaction, duration, *_ in events:
        longest[interaction] = max(duration, longest.get(interaction, 0.0))
    values = sorted(list(longest.values()) + [0.0] * max(0, clicks - len(longest)))
    if not values:
        return {"worst": None, "p98": None, "p50": None, "interactions": 0, "slowest": None}
    slowest = max(events, key=lambda e: e[1]) if events else None
    said = None
    if slowest is not None and len(slowest) >= 7:
        _, duration, name, on, at, delay, handlers = slowest[:7]
        said = (f"{name} on {on} at {at / 1000:.1f} s: {duration:.0f} ms (waiting {delay} ms, handlers {handlers} ms, "
                f"paint {duration - delay - handlers:.0f} ms)")
    return {"worst": values[-1], "p98": values[max(0, math.ceil(0.98 * len(values)) - 1)],
            "p50": values[max(0, math.ceil(0.5 * len(values)) - 1)],
            "interactions": len(values), "slowest": said}


def one_visit(context: BrowserContext, url: str, server: CountingServer, link: dict[str, Any] | None,
              via: str, start_selector: str, hand: bool) -> tuple[Page, dict[str, Any]]:
    """One visit in a new page of ``context``: the milestones (ms from navigation start), the bytes sent until the
    opponent's first reply, and INP over the hand when ``hand``. Returns the page, still open."""
    page = context.new_page()
    if link is not None:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", link)
    signals = Signals(page)
    begin = time.monotonic()
    clicks = 0
    if via == "start":
        page.goto(url + "index.html", wait_until="commit", timeout=TIMEOUT_MS)
        shown = {signals.next("start", "screen")[0]}  # the control shown and the screen acting on clicks
        while len(shown) < 2:
            shown.add(signals.next("start", "screen")[0])
        page.locator(start_selector).first.click(timeout=TIMEOUT_MS)
        clicks += 1
    else:
        page.goto(url + DEAL_AT_ONCE, wait_until="commit", timeout=TIMEOUT_MS)
    words = signals.next("move", "reply")
    if words[0] == "move":  # the person acts first: the reply follows the move
        x, y = int(words[2]), int(words[3])
        viewport = page.viewport_size or {"width": 0, "height": 0}
        if 0 <= x < viewport["width"] and 0 <= y < viewport["height"]:
            page.mouse.click(x, y)  # at once, putting no script into the page before the reply
        else:
            act(page, words[1])
        clicks += 1
        signals.next("reply")
    cut = time.monotonic()
    sent = [s for s in server.log() if begin <= s.at <= cut]
    if hand:
        clicks += play_rest(signals)
    seen = page.evaluate(PAINT)
    out: dict[str, Any] = {name: seen["t"].get(name) for name in (*MILESTONES, "clicked") if name != "first_paint"}
    out["first_paint"] = seen["first_paint"]
    out["bytes"] = sum(s.bytes for s in sent)
    out["requests"] = len(sent)
    if hand:
        out["inp"] = inp(seen["events"], clicks)
    return page, out


def play_rest(signals: Signals) -> int:
    """Play the person's turns until the hand is over; returns the clicks made."""
    clicks = 0
    played: set[str] = set()
    for _ in range(400):
        words = signals.next("turn", "over", timeout_ms=120_000)
        if words[0] == "over":
            return clicks
        key = " ".join(words[1:])
        if key not in played:
            played.add(key)
            clicks += play_turn(signals.page, words[1])
    raise RuntimeError("the hand did not end")


def first_and_return(browser: Any, server: CountingServer, link_name: str, via: str, start_selector: str,
                     hand: bool) -> dict[str, Any]:
    """A first visit in a fresh context, then a return visit in a new tab of it."""
    link = LINKS[link_name]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(FIRST_MINUTE.replace("__SIGNAL__", SIGNAL).replace("__START__", start_selector))
    try:
        begin = time.monotonic()
        page, first = one_visit(context, server.url, server, link, via, start_selector, hand)
        page.evaluate("window.__needsSnapshot = true")
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS, polling=200)
        first["bytes_all"] = sum(s.bytes for s in server.log() if s.at >= begin)
        first["requests_by_path"] = count_paths([s.path for s in server.log() if s.at >= begin])
        page.evaluate("localStorage.clear()")
        page.close()
        page, again = one_visit(context, server.url, server, link, via, start_selector, hand)
        page.close()
        return {"first": first, "return": again}
    finally:
        context.close()


def count_paths(paths: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in paths:
        out[p] = out.get(p, 0) + 1
    return dict(sorted(out.items()))


def run(site: Path, runs: int, links: list[str], via: str, start_selector: str, hand: bool) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    server = CountingServer(site, gzip=True)
    load = [round(x, 2) for x in os.getloadavg()]
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in links}
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                for _ in range(runs):
                    for name in links:
                        results[name].append(first_and_return(browser, server, name, via, start_selector, hand))
                version = browser.version
            finally:
                browser.close()
    finally:
        server.close()
    return {"chromium": version, "runs": runs, "via": via, "results": results,
            "load": {"before": load, "after": [round(x, 2) for x in os.getloadavg()]}}


def summary(result: dict[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """Medians over the runs: {link: {"first"|"return": {measure: value}}}."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name, runs in result["results"].items():
        out[name] = {}
        for visit in ("first", "return"):
            samples = [r[visit] for r in runs]
            row = {key: median([s[key] for s in samples]) for key in (*MILESTONES, "bytes")}
            after = [s["cards"] - s["clicked"] for s in samples if s.get("clicked") is not None
                     and s.get("cards") is not None]
            if after and len(after) == len(samples):
                row["cards_after_start"] = median(after)
            if visit == "first":
                row["bytes_all"] = median([s["bytes_all"] for s in samples])
            if all("inp" in s for s in samples):
                row["inp_worst"] = median([s["inp"]["worst"] for s in samples])
                row["inp_p98"] = median([s["inp"]["p98"] for s in samples])
                row["inp_p50"] = median([s["inp"]["p50"] for s in samples])
            out[name][visit] = row
    return out


def seconds(ms: float | None) -> float | None:
    return None if ms is None else round(ms / 1000, 2)


def megabytes(n: float | None) -> float | None:
    return None if n is None else round(n / 1e6, 2)


def figures(table: dict[str, dict[str, dict[str, Any]]]) -> tuple[dict[str, float], dict[str, str]]:
    """The record's figures and goals."""
    figs: dict[str, float] = {}
    goals: dict[str, str] = {}
    words = {"first_paint": "first paint", "screen": "first screen ready", "cards": "cards in hand",
             "act": "first move possible", "move": "engine up for the first move", "reply": "opponent's first reply"}
    for name, visits in table.items():
        for visit, row in visits.items():
            where = f"{visit} visit, {LINK_NAMES[name]}"
            for key, word in words.items():
                value = seconds(row.get(key))
                if value is not None:
                    figs[f"{where}: {word} (s)"] = value
            if row.get("cards_after_start") is not None:
                figs[f"{where}: cards in hand after Start (ms)"] = round(row["cards_after_start"])
                goals[f"{where}: cards in hand after Start (ms)"] = "≤ 300"
            if row.get("bytes") is not None:
                figs[f"{where}: sent until the reply (MB)"] = megabytes(row["bytes"]) or 0.0
            if row.get("bytes_all") is not None and name == "local":
                figs[f"{where}: sent in all (MB)"] = megabytes(row["bytes_all"]) or 0.0
            for key, word in (("inp_worst", "INP over the hand, worst"), ("inp_p98", "INP over the hand, p98"),
                              ("inp_p50", "a click drawn, p50 over the hand")):
                if row.get(key) is not None and name == "local":
                    figs[f"{where}: {word} (ms)"] = round(row[key])
    for name in table:
        measure = f"first visit, {LINK_NAMES[name]}: sent until the reply (MB)"
        if measure in figs:
            goals[measure] = f"≤ {GOALS['bytes']}"
    slow = "first visit, slow 4G: opponent's first reply (s)"
    if slow in figs:
        goals[slow] = f"≤ {GOALS['slow4g reply']:.1f}"
    for visit, most in (("first", 1.5), ("return", 0.5)):
        measure = f"{visit} visit, local: first move possible (s)"
        if measure in figs:
            goals[measure] = f"≤ {most}"
    if "first visit, slow 4G: cards in hand (s)" in figs:
        goals["first visit, slow 4G: cards in hand (s)"] = "≤ 3"
    for visit in ("first", "return"):
        for word in ("INP over the hand, worst (ms)", "INP over the hand, p98 (ms)"):
            if f"{visit} visit, local: {word}" in figs:
                goals[f"{visit} visit, local: {word}"] = "≤ 100"
        if f"{visit} visit, local: a click drawn, p50 over the hand (ms)" in figs:
            goals[f"{visit} visit, local: a click drawn, p50 over the hand (ms)"] = "≤ 50"
    return figs, goals


def head_commit() -> str | None:
    """This checkout's commit, when nothing tracked is changed (else the build is of no commit)."""
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                                 capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return commit if commit and not changed else None


def write_record(result: dict[str, Any], command: str, commit: str | None, note: str | None) -> Path:
    figs, goals = figures(summary(result))
    if result["via"] == "start":  # the milestones from navigation are the link's (--via url) to record
        figs = {k: v for k, v in figs.items() if "after Start" in k}
        goals = {k: v for k, v in goals.items() if k in figs}
    loads = result["load"]["before"][:1] + result["load"]["after"][:1]
    return results.write_record("first-minute", command, figs, loads, note=note, goals=goals, commit=commit)


def print_table(result: dict[str, Any]) -> None:
    table = summary(result)
    print(f"Chromium {result['chromium']}, {result['runs']} run(s), medians; machine load (1, 5, 15 min) before "
          f"{result['load']['before']}, after {result['load']['after']}")
    print(f"  {'link':<8} {'visit':<7} {'paint':>6} {'screen':>7} {'cards':>7} {'act':>7} {'move':>7} {'reply':>7} "
          f"{'sent until reply':>17} {'sent in all':>12} {'INP worst':>10} {'INP p98':>8}")
    for name, visits in table.items():
        for visit, row in visits.items():
            cells = [f"{seconds(row.get(k)) or 0:>{w}.2f}" for k, w in
                     (("first_paint", 6), ("screen", 7), ("cards", 7), ("act", 7), ("move", 7), ("reply", 7))]
            everything = f"{megabytes(row['bytes_all']):.2f} MB" if row.get("bytes_all") is not None else ""
            worst = f"{row['inp_worst']:.0f} ms" if row.get("inp_worst") is not None else ""
            p98 = f"{row['inp_p98']:.0f} ms" if row.get("inp_p98") is not None else ""
            print(f"  {LINK_NAMES[name]:<8} {visit:<7} {' '.join(cells)} {megabytes(row['bytes']) or 0:>14.2f} MB"
                  f" {everything:>12} {worst:>10} {p98:>8}")
    print("  (seconds from navigation start; act: the person can move, the engine up or not; move: and the engine"
          " up; MB = 10^6 bytes as sent, gzipped)")
    for name, visits in table.items():
        for visit, row in visits.items():
            if row.get("cards_after_start") is not None:
                print(f"  {LINK_NAMES[name]}, {visit} visit: cards in hand {row['cards_after_start']:.0f} ms after"
                      " the click on Start")
    for name, runs in result["results"].items():
        for run in runs:
            for visit in ("first", "return"):
                said = run[visit].get("inp", {}).get("slowest")
                if said:
                    print(f"  {LINK_NAMES[name]}, {visit} visit: slowest interaction {said}")
    for name, runs in result["results"].items():
        twice = {p: n for p, n in runs[0]["first"]["requests_by_path"].items() if n > 1}
        print(f"  {LINK_NAMES[name]}, first visit: files asked for more than once: {twice or 'none'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="A new player's first minute: first and return visit, three links.")
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--links", default=",".join(LINKS), help=f"comma separated, of {', '.join(LINKS)}")
    ap.add_argument("--via", choices=("url", "start"), default="url",
                    help="url: a link that deals at once; start: click the first screen's start control")
    ap.add_argument("--start-selector", default=START_SELECTOR)
    ap.add_argument("--no-hand", action="store_true", help="stop at the opponent's first reply (no INP)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    ap.add_argument("--verbose", action="store_true", help="print the page's signals as they come (stderr)")
    ap.add_argument("--record", action="store_true", help="write the figures as a record into bench/results/")
    ap.add_argument("--note", default=None, help="the record's note")
    ap.add_argument("--commit", default=None,
                    help="the record's commit: the one whose build --site is (default: this checkout's, if unchanged)")
    args = ap.parse_args(argv)
    links = [name.strip() for name in args.links.split(",") if name.strip()]
    unknown = [name for name in links if name not in LINKS]
    if unknown:
        ap.error(f"unknown links {unknown}; known: {', '.join(LINKS)}")
    Signals.verbose = args.verbose
    site = Path(args.site)
    ensure_site(site, quiet=args.json)
    result = run(site, args.runs, links, args.via, args.start_selector, not args.no_hand)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    if args.record:
        given = list(argv if argv is not None else sys.argv[1:])
        kept = [a for i, a in enumerate(given) if a not in ("--record", "--commit", "--note")
                and not a.startswith(("--commit=", "--note=")) and (i == 0 or given[i - 1] not in ("--commit", "--note"))]
        command = " ".join(["python -m bench.firstminute", *kept])
        commit = args.commit or head_commit()
        print(f"recorded: {write_record(result, command, commit, args.note)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
