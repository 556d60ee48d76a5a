"""The two-thread runtime: MicroPython paints the page, the engine answers from a Pyodide worker.

Nothing here waits on a clock: "before the engine is up" is made certain by holding the engine
worker's requests (Playwright routes) until the page has painted.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from built_page import markup
from playwright.sync_api import BrowserContext, Page, Route, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

Wait = Callable[[Page], None]

# Runs in a page of the site's origin: a raw engine worker, messages posted at once (before
# Pyodide is up), every reply collected until `want` replies of the test's own types came back.
RAW_WORKER = """async ([messages, want]) => {
  const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
  const got = [];
  const done = new Promise((resolve, reject) => {
    w.onerror = (e) => reject(new Error('worker error: ' + e.message));
    w.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      got.push(msg);
      if (got.filter((m) => !m.type.startsWith('worker:')).length >= want) resolve();
    };
  });
  w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'off' }));
  for (const m of messages) w.postMessage(typeof m === 'string' ? m : JSON.stringify(m));
  await done;
  w.terminate();
  return got;
}"""


def test_page_paints_before_the_engine_is_up(context: BrowserContext, page: Page, site_url: str,
                                             wait_drawn: Wait, wait_ready: Wait) -> None:
    # The engine worker's script is held until the page has painted: the engine cannot be up then.
    held: list[Route] = []
    gate = {"open": False}

    def hold(route: Route) -> None:
        if gate["open"]:
            route.continue_()
        else:
            held.append(route)

    context.route("**/web/engine-worker.mjs", hold)
    page.goto(site_url)
    wait_drawn(page)
    assert page.evaluate("document.documentElement.dataset.ready") is None
    expect(page.locator("#loading")).to_be_hidden()   # the first screen replaced the loading screen
    expect(page.locator("#app")).not_to_be_empty()
    gate["open"] = True
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-ready", "true")


def test_worker_answers_and_queues_messages_sent_before_it_is_up(page: Page, site_url: str, wait_ready: Wait) -> None:
    page.goto(site_url)
    wait_ready(page)
    messages: list[Any] = [{"type": "ping", "data": i, "id": f"p{i}"} for i in range(5)]
    messages += [{"type": "hello", "id": "h"}, "not json", {"no": "type"}, {"type": "no-such", "id": 9}]
    got = page.evaluate(RAW_WORKER, [messages, len(messages)])
    kinds = [m["type"] for m in got]
    assert kinds[-len(messages):] == ["pong"] * 5 + ["hello", "error", "error", "error"]
    assert kinds.index("worker:ready") < kinds.index("pong")  # queued until Python was up
    replies = [m for m in got if not m["type"].startswith("worker:")]
    # each message handled exactly once, in the order sent
    assert [m.get("re") for m in replies[:5]] == [f"p{i}" for i in range(5)]
    assert [m["data"] for m in replies[:5]] == list(range(5))
    hello = replies[5]
    assert hello["re"] == "h" and hello["protocol"] == 1 and hello["engine"]
    assert [m["code"] for m in replies[6:]] == ["bad-json", "bad-message", "unknown-type"]
    assert replies[8]["re"] == 9
    ready = next(m for m in got if m["type"] == "worker:ready")
    assert ready["start"] == "normal" and ready["pyodide"]


def test_a_browser_that_holds_the_snapshot_starts_the_engine_from_it(page: Page, site_url: str,
                                                                     wait_ready: Wait) -> None:
    """A browser whose Cache Storage holds this build's snapshot (and no service worker yet): the engine restores
    it. (The harness seeds every test's page so: e2e/conftest.py, engine_seed.)"""
    page.goto(site_url)
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"
    assert page.evaluate("navigator.serviceWorker.controller") is None  # the page's own start, not a warm visit


@pytest.mark.allow_errors
def test_worker_script_missing_is_reported(context: BrowserContext, page: Page, site_url: str) -> None:
    context.route("**/web/engine-worker.mjs", lambda route: route.abort())
    page.goto(site_url)
    expect(page.locator("#boot-error")).to_be_visible(timeout=120_000)
    expect(page.locator("#boot-error-text")).to_contain_text("engine")
    assert page.get_attribute("html", "data-ready") != "true"



@pytest.mark.allow_errors
def test_engine_python_error_is_shown(context: BrowserContext, page: Page, site_url: str) -> None:
    """A traceback from the worker's Python reaches the loading screen's error box."""
    import io
    import zipfile

    def broken_archive(route: Route) -> None:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            zf.writestr("web/worker/main.py", "raise RuntimeError('boom from the worker')\n")
        route.fulfill(status=200, body=buf.getvalue(), headers={"content-type": "application/zip"})

    context.route("**/app.zip", broken_archive)
    page.goto(site_url + "?snapshot=off")
    expect(page.locator("#boot-error-text")).to_contain_text("boom from the worker", timeout=120_000)


def test_transport_sends_before_ready_and_delivers_each_reply_once(context: BrowserContext, page: Page,
                                                                   site_url: str, site_dir: Path) -> None:
    """web/page/transport.py under MicroPython: sent before the engine is up, each answered once."""
    # the site ships the page's modules in one bundle, compiled (.mpy), or as sources when the build had no
    # mpy-cross: the harness serves the bundle's transport module as a file of its own
    bundle, _ = build_site.read_page_bundle((site_dir / build_site.PAGE_BUNDLE).read_bytes())
    module, body = next((f"./{name}", data) for name, data in bundle.items()
                        if name in ("web/page/transport.mpy", "web/page/transport.py"))
    harness = (
        "<!doctype html><html><head><meta charset='utf-8'><title>transport</title>"
        "<link rel='icon' href='data:,'>"
        "<script type='module' src='./pyscript/core.js'></script></head><body>"
        "<mpy-config>" + json.dumps({
            "interpreter": "./micropython/micropython.mjs",
            "plugins": ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"],
            "files": {module: module}}) + "</mpy-config>"
        "<py-config>{\"plugins\": [\"!codemirror\", \"!deprecations-manager\", \"!donkey\", \"!py-editor\","
        " \"!py-game\", \"!py-terminal\"]}</py-config>"
        "<script type='mpy'>\n"
        "import js, json\n"
        "from web.page.transport import EngineLink\n"
        "got = []\n"
        "statuses = []\n"
        "def on_message(msg):\n"
        "    got.append(msg)\n"
        "    if len(got) == 4:\n"
        "        js.document.documentElement.setAttribute('data-result', json.dumps(\n"
        "            {'got': got, 'statuses': statuses, 'state': link.state, 'sent': link.sent,\n"
        "             'received': link.received}))\n"
        "def on_status(event, detail):\n"
        "    statuses.append(event)\n"
        "link = EngineLink(on_message, on_status, snapshot='off')\n"
        "link.start()\n"
        "for i in range(3):\n"
        "    link.send({'type': 'ping', 'data': i, 'id': i})\n"
        "link.send({'type': 'hello'})\n"
        "js.document.documentElement.setAttribute('data-sent-state', link.state)\n"
        "</script></body></html>"
    )
    context.route("**/transport-harness.html", lambda route: route.fulfill(
        status=200, body=harness, headers={"content-type": "text/html"}))
    context.route("**" + module[1:], lambda route: route.fulfill(
        status=200, body=body, headers={"content-type": "application/octet-stream"}))
    page.goto(site_url + "transport-harness.html")
    page.wait_for_function("() => document.documentElement.hasAttribute('data-result')", timeout=120_000)
    result = json.loads(page.get_attribute("html", "data-result") or "{}")
    assert page.get_attribute("html", "data-sent-state") == "starting"  # all four sent before ready
    assert [m["type"] for m in result["got"]] == ["pong", "pong", "pong", "hello"]
    assert [m.get("re") for m in result["got"][:3]] == [0, 1, 2]
    assert result["state"] == "ready" and result["sent"] == 4 and result["received"] == 4
    assert "ready" in result["statuses"] and "failed" not in result["statuses"]


def test_the_pages_python_ships_precompiled_in_one_bundle(site_dir: Path) -> None:
    """The page's modules are MicroPython bytecode (mpy-cross of the shipped MicroPython: no Python is compiled
    on the page's thread at start), every one under web/page/ (found by the build in the folder), packed with the
    catalog into one file, the only one the <mpy-config> names; its entry main.py ships as a source."""
    page = site_dir / "web" / "page"
    shipped = sorted(p.relative_to(site_dir).as_posix() for p in page.rglob("*") if p.is_file())
    assert shipped == ["web/page/bundle.bin", "web/page/main.py"]
    html = markup(site_dir)
    config = json.loads(html.split("<mpy-config>", 1)[1].split("</mpy-config>", 1)[0])
    assert config["files"] == {"./web/page/bundle.bin": "./web/page/bundle.bin"}
    bundle, imports = build_site.read_page_bundle((site_dir / build_site.PAGE_BUNDLE).read_bytes())
    sources = [p.relative_to(ROOT).as_posix() for p in (ROOT / "web" / "page").rglob("*.py")
               if p.name != "main.py" and not p.name.startswith("test_") and "__pycache__" not in p.parts]
    assert sorted(bundle) == sorted([s[:-3] + ".mpy" for s in sources] + ["web/page/catalog.json"])
    # v6 .mpy files: what MicroPython 1.27 reads
    assert all(data[:2] == b"M\x06" for name, data in bundle.items() if name.endswith(".mpy"))
    assert json.loads(bundle["web/page/catalog.json"])
    # the modules the page imports one by one as it starts: each is in the bundle, each comes after the page
    # modules it imports at its top level, and the table app's runner (which the entry imports) is among them
    assert imports[-1] == "web.page.app.runner" and len(set(imports)) == len(imports)
    shipped_modules = {name[:-4].replace("/", ".").removesuffix(".__init__") for name in bundle if name.endswith(".mpy")}
    assert set(imports) <= shipped_modules
    assert imports.index("web.page.app.model") < imports.index("web.page.app.runner")
    assert imports.index("web.page.shared.cards") < imports.index("web.page.app.render")
