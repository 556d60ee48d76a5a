"""The engine worker dies or talks nonsense while a match is played: the page says so, starts a new engine
from the last save, and the person plays on.

The test reaches into the engine worker through Playwright (a dedicated worker is one of the page's
``workers``): it throws an error nobody catches there (what a crash looks like from the page), closes it
silently (as a browser ending a worker would: only the stall timer notices), or posts malformed messages.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, hand_names, wait_turn

GIN = "index.html?game=gin&opponents=rex&seed=11&speed=0"
CRASH = "() => { setTimeout(() => { throw new Error('the engine worker crashed (a test)'); }, 0); }"


def engine_worker(page: Page):
    workers = [w for w in page.workers if w.url.endswith("/web/engine-worker.mjs")]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def my_turn(page: Page) -> str:
    state = wait_turn(page)
    assert state.startswith("turn:"), state
    return state.split(":", 1)[1]


def play_a_turn(page: Page) -> None:
    """Take the upcard or draw from the stock: the hand then holds 11 cards."""
    phase = my_turn(page)
    button(page, "Take discard" if phase == "first-upcard" else "Draw from stock").click()
    expect(page.locator("[data-testid=hand] .card")).to_have_count(11)


def table_state(page: Page) -> tuple[list[str], str | None]:
    return hand_names(page), page.get_attribute("[data-testid=table-screen]", "data-step")


@pytest.mark.allow_errors  # the crash itself is reported by the browser; checked below
def test_a_crashed_engine_is_restarted_from_the_last_save_and_play_goes_on(page: Page, wait_ready, guard) -> None:
    page.goto(GIN)
    wait_ready(page)
    my_turn(page)
    before = table_state(page)
    first = engine_worker(page)
    first.evaluate(CRASH)
    expect(page.get_by_test_id("message")).to_contain_text("The game engine stopped")
    # a new worker, which took the match from the last save: the same table, the person's turn again
    assert my_turn(page)
    assert table_state(page) == before
    play_a_turn(page)
    assert [p for p in guard.problems if "crashed (a test)" not in p] == []


def test_a_silently_closed_engine_is_noticed_when_a_move_goes_unanswered(page: Page, wait_ready) -> None:
    page.goto(GIN)
    wait_ready(page)
    phase = my_turn(page)
    before = table_state(page)
    engine_worker(page).evaluate("() => self.close()")  # no event reaches the page
    button(page, "Take discard" if phase == "first-upcard" else "Draw from stock").click()
    # unanswered: after the stall timeout (12 s) the page says so and starts a new engine from the last save
    expect(page.get_by_test_id("message")).to_contain_text("The game engine stopped", timeout=60_000)
    assert my_turn(page)
    assert table_state(page) == before  # the move that was lost is not on the table: the person makes it again
    play_a_turn(page)


def test_malformed_messages_from_the_engine_are_dropped_and_logged(page: Page, wait_ready) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(GIN)
    wait_ready(page)
    my_turn(page)
    before = table_state(page)
    engine_worker(page).evaluate("""() => {
      self.postMessage('this is not JSON');
      self.postMessage(JSON.stringify([1, 2, 3]));
      self.postMessage(JSON.stringify({ type: 'table', view: 'not a view', events: [] }));
      self.postMessage(JSON.stringify({ type: 'no-such-message' }));
      self.postMessage('x'.repeat(1000001));
      self.postMessage({ type: 'table' });
    }""")
    assert table_state(page) == before  # nothing changed on the table
    # the engine still answers; its answer comes after the junk, so every piece of junk has been read by then
    play_a_turn(page)
    expected = ("malformed message was dropped", "without a type was dropped", "table: a view and events",
                "not an engine message", "oversized message was dropped", "not text was dropped")
    missing = [w for w in expected if not any(w in text for text in warnings)]
    assert not missing, (missing, warnings)
