"""Fast start: the engine worker's Pyodide memory snapshot, made in the player's browser after the
first start, kept in Cache Storage under the build's name, restored on later starts; a snapshot
that cannot be restored is dropped and the engine starts normally."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

# The snapshot's own life: each test starts from a browser that has none (no seeded snapshot).
pytestmark = pytest.mark.cold_engine

Wait = Callable[[Page], None]
Stored = Callable[[Page], list[Any]]

ENTROPY = """async () => {
  // a second worker would restore the snapshot too: ask the page's own engine instead, through a
  // fresh worker started the way the page starts it
  const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
  const got = await new Promise((resolve, reject) => {
    const out = [];
    w.onerror = (e) => reject(new Error(e.message));
    w.onmessage = (e) => {
      const m = JSON.parse(e.data);
      out.push(m);
      if (m.type === 'entropy') resolve(out);
    };
    w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'auto' }));
    w.postMessage(JSON.stringify({ type: 'entropy' }));
  });
  w.terminate();
  return got;
}"""


def test_first_start_makes_the_snapshot_later_starts_restore_it(page: Page, site_url: str, site_dir: Path,
                                                                wait_ready: Wait, stored_snapshot: Stored) -> None:
    build = json.loads((site_dir / "build-info.json").read_text())["build"]
    page.goto(site_url)
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "normal"
    name, keys, size = stored_snapshot(page)
    assert name == f"rummy-snapshot-{build}"        # invalidated by a new build
    assert len(keys) == 1 and keys[0].startswith(site_url)
    assert size > 10_000_000                         # the whole Python heap
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"


def test_each_restore_reseeds_random(page: Page, site_url: str, wait_ready: Wait, stored_snapshot: Stored) -> None:
    """Every start from the same snapshot draws different random numbers (no two players alike)."""
    page.goto(site_url)
    wait_ready(page)
    stored_snapshot(page)
    draws = []
    for _ in range(2):
        got = page.evaluate(ENTROPY)
        ready = next(m for m in got if m["type"] == "worker:ready")
        assert ready["start"] == "snapshot"
        draws.append(next(m for m in got if m["type"] == "entropy")["random"])
    assert draws[0] != draws[1]


def test_a_broken_snapshot_falls_back_to_a_normal_start(page: Page, site_url: str, wait_ready: Wait,
                                                        stored_snapshot: Stored) -> None:
    page.goto(site_url)
    wait_ready(page)
    name, keys, _size = stored_snapshot(page)
    # damage it: same key, bytes that are no snapshot
    page.evaluate("""async ([name, key]) => {
        const cache = await caches.open(name);
        await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }""", [name, keys[0]])
    page.evaluate("delete window.__snap; delete window.__snapPoll")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "fallback"
    # the broken one was dropped and a good one made by this start
    page.evaluate("delete window.__snap; delete window.__snapPoll")
    assert stored_snapshot(page)[2] > 10_000_000
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"


def test_snapshot_off_starts_normally_and_stores_nothing(page: Page, site_url: str, wait_ready: Wait) -> None:
    page.goto(site_url + "?snapshot=off")
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "normal"
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-engine-start") == "normal"
    names = page.evaluate("caches.keys()")
    assert not [n for n in names if n.startswith("rummy-snapshot-")]
