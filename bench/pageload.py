"""Shared parts of the page-load benchmarks (bench.startup, bench.responsive): a server that counts
the bytes it sends, Debian's Chromium, and one cold or warm visit measured from inside the page.

A *cold* visit is a fresh browser context (empty HTTP cache, no service worker, no Cache Storage:
a first visit). A *warm* visit is the next navigation in the same context once the first visit has
finished its background work (service worker activated, engine snapshot stored): a returning player.
"""

from __future__ import annotations

import contextlib
import functools
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# The console message that PAGE_CLOCK writes once the page is ready (goto_until_ready waits for it).
READY_SIGNAL = "rummy-bench: ready"

# Records, relative to navigation start (performance.now() in the page): when <html data-drawn>
# and data-ready="true" appear, the first paint, and every main-thread task of 50 ms or more
# (Long Tasks API) until ready.
PAGE_CLOCK = """
(() => {
  if (window.top !== window) return;
  const html = () => document.documentElement;
  const mark = () => {
    const h = html();
    if (!h) return;
    if (window.__drawnAt === undefined && h.hasAttribute('data-drawn')) window.__drawnAt = performance.now();
    if (window.__readyAt === undefined && h.getAttribute('data-ready') === 'true') {
      window.__readyAt = performance.now();
      if (window.__drawnAt === undefined) window.__drawnAt = window.__readyAt;
      console.debug('__READY_SIGNAL__');  // to the benchmark (goto_until_ready), which does not poll the page
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true,
                                                 attributeFilter: ['data-ready', 'data-drawn'] });
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
})();
""".replace("__READY_SIGNAL__", READY_SIGNAL)

RESULT = """() => {
  const paint = performance.getEntriesByType('paint');
  const fp = paint.find((e) => e.name === 'first-paint');
  const fcp = paint.find((e) => e.name === 'first-contentful-paint');
  const until = window.__readyAt;
  const tasks = window.__longTasks.filter(([start]) => start < until).map(([, d]) => d);
  return {
    ready: window.__readyAt, drawn: window.__drawnAt,
    first_paint: fp ? fp.startTime : null, first_contentful_paint: fcp ? fcp.startTime : null,
    longest_task: tasks.length ? Math.max(...tasks) : 0,
    blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    engine_start: document.documentElement.getAttribute('data-engine-start'),
    engine_ms: JSON.parse(document.documentElement.getAttribute('data-engine-ms') || 'null'),
  };
}"""

# Waits until the first visit's background work is done: the service worker is active and, for the
# game page, the engine's memory snapshot is in Cache Storage (polled: wait_for_function does not
# await promises).
SETTLED = """() => {
  if (window.__settled === undefined) {
    window.__settled = false;
    (async () => {
      for (;;) {
        const reg = navigator.serviceWorker ? await navigator.serviceWorker.getRegistration('./') : null;
        const active = window.__needsSnapshot ? !!(reg && reg.active && reg.active.state === 'activated') : true;
        const names = await caches.keys();
        const snap = names.filter((n) => n.startsWith('rummy-snapshot-'));
        let stored = snap.length === 0 ? false : !!(await (await caches.open(snap[0])).keys()).length;
        if (active && (stored || !window.__needsSnapshot)) { window.__settled = true; return; }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
  }
  return window.__settled;
}"""


# While a hand is played (bench.responsive.play_hands, bench.browser_bots): when the first hand of the page's
# match ends (the table's data-phase turns "hand-over" or "match-over"), in ms since navigation start.
HAND_CLOCK = """
(() => {
  if (window.top !== window) return;
  const seen = () => {
    const t = document.querySelector('[data-testid=table-screen]');
    const phase = t ? t.getAttribute('data-phase') : '';
    if (window.__handOverAt === undefined && (phase === 'hand-over' || phase === 'match-over')) {
      window.__handOverAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { attributes: true, subtree: true, childList: true,
                                                 attributeFilter: ['data-phase'] });
})();
"""

# Tasks of the page's thread from a Chromium trace: wall-clock time, and CPU time (thread time), which a busy
# machine does not stretch. Categories enough for the RunTask events of the renderer's main thread.
TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]


def main_thread_tasks(trace: bytes | str, since_us: float | None = None) -> list[tuple[float, float, float]]:
    """(start µs, wall ms, cpu ms) of every task of the page's main thread (CrRendererMain) in a trace."""
    import json

    doc = json.loads(trace)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    out = []
    for e in events:
        if e.get("ph") == "X" and e.get("name") == "RunTask" and (e["pid"], e["tid"]) in main \
                and (since_us is None or e["ts"] >= since_us):
            out.append((e["ts"], e.get("dur", 0) / 1000.0, e.get("tdur", 0) / 1000.0))
    return out


@dataclass(frozen=True)
class Sent:
    """One response body the server sent: when its request arrived (time.monotonic()), for which path, how many
    bytes (as sent: gzipped when it was)."""

    at: float
    path: str
    bytes: int


class CountingServer:
    """The site on a loopback port; counts the bytes of every response body it sends, and logs each (``sent``).
    ``gzip``: text and WebAssembly sent gzipped, as GitHub Pages sends them (GzipHandler)."""

    def __init__(self, site: Path, gzip: bool = False) -> None:
        counter = self
        self.bytes = 0
        self.sent: list[Sent] = []
        self.lock = threading.Lock()

        class Counting(serve.GzipHandler if gzip else serve.Handler):  # type: ignore[misc]
            def parse_request(self) -> bool:
                self.arrived = time.monotonic()
                return super().parse_request()

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                with counter.lock:
                    counter.bytes += len(data)
                    counter.sent.append(Sent(self.arrived, self.path.split("?", 1)[0], len(data)))
                outputfile.write(data)
        self.server = serve.Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{port}/"

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
        return n

    def log(self) -> list[Sent]:
        """Every response sent so far, in the order sent."""
        with self.lock:
            return list(self.sent)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextlib.contextmanager
def site_copy(given: str | None) -> Iterator[Path]:
    """A built site in a temporary folder, for a bench that writes into it or serves it: a copy of ``given`` (a
    built site's folder), or a new build."""
    with tempfile.TemporaryDirectory() as tmp_name:
        site = Path(tmp_name) / "_site"
        if given:
            shutil.copytree(given, site)
        else:
            build_site.build(site, quiet=True)
        yield site


def ensure_site(site: Path, quiet: bool) -> None:
    if not (site / "index.html").exists():
        build_site.build(site, quiet=quiet)


def goto_until_ready(page: Page, url: str, timeout_ms: float = 180_000) -> None:
    """Navigate and wait until the page is ready (PAGE_CLOCK's READY_SIGNAL on its console) without running
    anything in the page meanwhile. Waiting with ``wait_for_function`` after ``goto`` had Playwright put its
    own script (~330 KB) into the page at its load event and call it at every frame: in the middle of the
    start being measured, on the same thread (a warm first Python paint ~25 ms later, 20 visits each)."""
    with page.expect_console_message(lambda message: message.text == READY_SIGNAL, timeout=timeout_ms):
        page.goto(url, wait_until="commit", timeout=timeout_ms)


# After a visit, the page is left alone this long before anything else is done with it. A player does not come
# back within milliseconds of the page becoming ready; a reload while the page still finishes what follows
# ready (the service worker's registration and update check, the first saves) made the next start slower and
# less steady: on 2 cores the same build's warm first Python paint was about half again as long, and as spread,
# reloaded right after ready as after 0.6 s.
AFTER_READY_MS = 600


def visit(page: Page, url: str, server: CountingServer, timeout_ms: float = 180_000) -> dict[str, Any]:
    """Navigate, wait for data-ready, return the page's figures (ms) and the bytes sent until then; then leave
    the page alone for AFTER_READY_MS."""
    server.take()
    goto_until_ready(page, url, timeout_ms)
    result: dict[str, Any] = page.evaluate(RESULT)
    result["bytes"] = server.take()
    page.wait_for_timeout(AFTER_READY_MS)
    return result


def settle(page: Page, needs_snapshot: bool, timeout_ms: float = 180_000) -> int:
    """Wait for the first visit's background work; return the bytes it fetched meanwhile (none: 0)."""
    page.evaluate(f"window.__needsSnapshot = {'true' if needs_snapshot else 'false'}")
    page.wait_for_function(SETTLED, timeout=timeout_ms, polling=100)
    return 0


def cold_and_warm(browser: Browser, url: str, server: CountingServer,
                  needs_snapshot: bool, new_tab: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """One cold visit in a fresh context, then one warm visit (same context, after settling): by default the
    page loaded again in its tab (a reload: the browser reuses the tab's process and what it has compiled);
    ``new_tab``: the first tab closed and the page opened in a new one (a player coming back later, whose
    browser starts the page's process afresh)."""
    context = browser.new_context()
    try:
        context.add_init_script(PAGE_CLOCK)
        page = context.new_page()
        cold = visit(page, url, server)
        settle(page, needs_snapshot)
        cold["bytes_after_ready"] = server.take()  # the service worker's precache, in the background
        if new_tab:
            page.close()
            page = context.new_page()
        warm = visit(page, url, server)
        return cold, warm
    finally:
        context.close()


def median(values: list[Any]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


