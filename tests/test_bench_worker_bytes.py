"""bench.worker_bytes on a short match: it counts what the worker really returns, the same for the same seed."""

from __future__ import annotations

import json

import pytest

from bench.worker_bytes import figures, play
from web.worker import main

SHORT = {"game": "gin", "opponents": ["rex"], "rules": {"target": 10}, "seed": 5}


@pytest.fixture(autouse=True)
def _restore_the_workers_table():
    saved = main.TABLE
    yield
    main.TABLE = saved


def test_a_short_match_is_counted_the_same_twice():
    a, b = play("short", SHORT), play("short", SHORT)
    assert figures(a) == figures(b)
    assert a.cycles and a.hands >= 1
    for c in a.cycles:
        assert 0 < c.save_bytes < c.reply_bytes and c.messages >= 2
    # what is counted is the worker's own replies: the last save is the game's compact save at the end
    g = main.TABLE.game
    assert g is not None and main.TABLE.game.phase == "match-over"
    last_save = json.dumps(main.TABLE.save_text())
    assert a.table_save_bytes[-1] == len(last_save.encode("utf-8"))
    f = figures(a)
    assert f["saves_at_end"]["compact"] < f["saves_at_end"]["to_dict"]
    assert f["table_save_bytes"]["max"] <= f["table_message_bytes"]["max"]
