"""The protocol's checks (web/page/shared/protocol.py) give the same answers under the page's MicroPython as
under CPython, for the learning messages both ways: real replies of the worker table, and damaged ones."""

from __future__ import annotations

import json
from pathlib import Path

import mpy
import pytest
from test_worker_learn import Worker

from web.page.shared.protocol import engine_message_problem, page_message_problem

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.needs_npm  # fails, saying what to install, without node and node_modules (conftest.py)

CHECK = """
import json
from web.page.shared.protocol import engine_message_problem, page_message_problem
with open("/lib/samples.json") as f:
    samples = json.load(f)
for side, msg in samples:
    print(page_message_problem(msg) if side == "page" else engine_message_problem(msg))
print("done")
"""


def _samples() -> list[tuple[str, object]]:
    w = Worker()
    t = w.one({"type": "new", "config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 3,
                                         "practice": True}})
    page: list[object] = [
        {"type": "hint", "step": 3}, {"type": "undo", "step": 1}, {"type": "review", "hand": 0},
        {"type": "replay", "hand": 0}, {"type": "replay", "hand": 0, "record": {}}, {"type": "record"},
        {"type": "verify", "hand": 2}, {"type": "verify", "record": {"format": "x"}}, {"type": "daily", "game": "gin"},
        {"type": "daily", "game": "gin", "date": "2026-02-30"}, {"type": "link"}, {"type": "tutorial", "game": "gin"},
        {"type": "hint"}, {"type": "review", "hand": -1}, {"type": "review", "hand": True},
        {"type": "replay", "hand": 0, "record": []}, {"type": "daily", "game": "chess"},
        {"type": "daily", "game": "gin", "date": "2026/02/03"}, {"type": "tutorial"},
        {"type": "new", "config": {"game": "gin", "opponents": ["ada"], "practice": 1}},
        {"type": "new", "config": {"game": "gin", "opponents": ["ada"], "daily": "20260101"}},
    ]
    engine: list[object] = [t, w.one({"type": "hint", "step": w.step()}) if w.game.turn == 0 else t,
                            w.one({"type": "daily", "game": "rummy", "date": "2026-01-01"}), w.one({"type": "link"}),
                            w.one({"type": "replay", "hand": 0, "record": {}}), w.one({"type": "record"}),
                            w.one({"type": "verify", "record": {}}),
                            {"type": "hint", "step": 1, "action": 5, "words": "x", "reasons": []},
                            {"type": "review", "hand": 0, "review": {}}, {"type": "replay", "ok": 1},
                            {"type": "verified", "ok": True}, {"type": "record"}, {"type": "link", "query": 3},
                            dict(t, deal=[1]), dict(t, undo="yes"), dict(t, tutorial=7)]
    return [("page", m) for m in page] + [("engine", m) for m in engine]


def test_the_learning_messages_are_checked_alike_under_micropython():
    samples = _samples()
    want = [str(page_message_problem(m) if side == "page" else engine_message_problem(m)) for side, m in samples]
    assert want.count("None") >= 15 and len(set(want)) > 10  # real messages pass, damaged ones do not
    files = {"web/page/shared/protocol.py": (ROOT / "web/page/shared/protocol.py").read_text(encoding="utf-8"),
             "web/page/shared/__init__.py": "", "web/page/__init__.py": "", "web/__init__.py": "",
             "samples.json": json.dumps(samples)}
    got = mpy.run(CHECK, files).splitlines()
    assert got[-1] == "done"
    assert got[:-1] == want
