"""What a page start costs the browser tests: Chromium's CPU time and the wall time of one start of the game (a
Gin table with its cards dealt, the engine started from its snapshot), in a new browser context per start (the
snapshot seeded into it, as ``e2e/conftest.py`` did for every test) and in one shared context (storage cleaned
between starts, as the harness's shared context does: Chromium keeps the compiled WebAssembly in the context's
HTTP cache).

    python -m bench.e2e_page_start [--starts 5] [--site DIR] [--json] [--record]

CPU is read from /proc: every Chromium process's own time and that of its reaped children, before and after.
"""

from __future__ import annotations

import base64
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402

from bench import results  # noqa: E402
from bench.pageload import site_copy  # noqa: E402


def _harness() -> Any:
    """The browser tests' harness (e2e/conftest.py: its Chromium, its cleaning and snapshot scripts)."""
    spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "e2e" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


H = _harness()


GAME = "index.html?game=gin&opponents=rex&seed=3&speed=0"
SEED_JS = """async (info) => {
  const cache = await caches.open(info.cache);
  const body = await (await fetch('__bench__/engine.snapshot')).arrayBuffer();
  await cache.put(info.key, new Response(body, {
    headers: {'content-type': 'application/octet-stream', 'x-pyodide': info.pyodide}}));
}"""


def chromium_cpu() -> float:
    """Seconds of CPU of every live Chromium process and of the children it has reaped."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if b"chromium" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def start(page: Any) -> None:
    page.goto(GAME)
    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=120_000)
    page.wait_for_selector("[data-testid=hand] .card")
    assert page.get_attribute("html", "data-engine-start") == "snapshot"


def measure(browser: Any, url: str, snap: dict[str, Any], starts: int, shared: bool) -> dict[str, float]:
    walls: list[float] = []
    cpu0 = chromium_cpu()
    ctx = browser.new_context(base_url=url) if shared else None
    for _ in range(starts):
        t = time.perf_counter()
        context = ctx or browser.new_context(base_url=url)
        page = context.new_page()
        page.goto("build-info.json")  # a page of the site's origin that starts nothing
        if shared:
            page.evaluate(H._CLEAN_JS)
        page.evaluate(SEED_JS, snap)
        start(page)
        walls.append(time.perf_counter() - t)
        if shared:
            page.close()
        else:
            context.close()
    if ctx is not None:
        ctx.close()
    return {"cpu": round((chromium_cpu() - cpu0) / starts, 2), "wall": round(statistics.median(walls), 2)}


def main(argv: list[str] | None = None) -> int:
    args = results.bench_options(__doc__.splitlines()[0], "starts", 5, argv)
    load_before = os.getloadavg()[0]
    with site_copy(args.site) as site:
        server = serve.make_server(site)
        url = serve.run_in_thread(server)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=H.CHROMIUM, args=H.CHROMIUM_ARGS)
                try:
                    first = browser.new_context(base_url=url)
                    page = first.new_page()
                    page.goto("index.html?speed=0")
                    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'",
                                           timeout=120_000)
                    snap = page.evaluate(H._SNAPSHOT_READ, H.stored_snapshot(page)[0])
                    first.close()
                    (site / "__bench__").mkdir()
                    (site / "__bench__" / "engine.snapshot").write_bytes(base64.b64decode(snap.pop("bytes")))
                    new = measure(browser, url, snap, args.starts, shared=False)
                    shared = measure(browser, url, snap, args.starts, shared=True)
                finally:
                    browser.close()
        finally:
            server.shutdown()
    figures = {"page start in a new context, Chromium CPU (s)": new["cpu"],
               "page start in the shared context, Chromium CPU (s)": shared["cpu"],
               "page start in a new context, wall (s)": new["wall"],
               "page start in the shared context, wall (s)": shared["wall"]}
    results.report(args, "starts", "e2e-page-start", figures, load_before, f"{args.starts} start(s) each",
                   note="the browser tests' cost of one page start (CPU: the mean per start; wall: the median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
