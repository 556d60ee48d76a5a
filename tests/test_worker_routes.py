"""Where each message goes in the worker: one route per type of the protocol (web.worker.table.ROUTES), one check
per type (web.page.shared.protocol), and what a route needs answered the same way for every type."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_worker_learn import Worker

from web.page.shared.protocol import ENGINE_CHECKS, ENGINE_TYPES, PAGE_CHECKS, PAGE_TYPES
from web.worker import learn, main
from web.worker.table import ROUTES, Table

# a well-formed message of each type the page sends
SAMPLES: dict[str, dict[str, Any]] = {
    "hello": {}, "new": {"config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 1}},
    "resume": {"save": "{}"}, "act": {"action": "draw stock"}, "deal": {}, "advance": {}, "prepare": {"players": 2},
    "seat": {"seat": 1, "opponent": "ada"}, "hint": {}, "undo": {}, "review": {"hand": 0}, "replay": {"hand": 0},
    "record": {}, "verify": {"hand": 0}, "daily": {"game": "gin", "date": "2026-01-02"}, "link": {},
    "tutorial": {"game": "gin"}, "sealed-new": {"config": {"game": "gin", "players": 2, "rules": {}, "seed": 1,
                                                           "dealer": 0}, "seat": 0},
    "sealed-in": {"message": {"t": "keys"}}, "sealed-play": {"action": "pass"}, "sealed-next": {},
    "sealed-check": {"limit": 30},
}
STEPPED = {"act", "deal", "advance", "seat", "hint", "undo"}  # drawn from a view of the match: stale after it
MATCHED = STEPPED | {"review", "replay", "record", "verify", "link"}  # about the match in play
FINISHED = {"review", "replay", "verify"}  # about a finished hand of it


@pytest.fixture(autouse=True)
def _restore_the_workers_table():
    saved = main.TABLE
    yield
    main.TABLE = saved


def sample(kind: str, step: int = 0) -> dict:
    return {"type": kind, **SAMPLES[kind], **({"step": step} if kind in STEPPED else {})}


def test_every_type_has_one_check_and_one_route():
    assert set(PAGE_CHECKS) == set(PAGE_TYPES) == set(ROUTES) == set(SAMPLES)
    assert set(ENGINE_CHECKS) == set(ENGINE_TYPES)
    assert {k for k, r in ROUTES.items() if r.fresh} == STEPPED
    assert set(PAGE_TYPES) <= set(main.ROUTES)
    assert main.ROUTES["hello"] is not main.ROUTES["new"]  # hello is the worker's own answer


@pytest.mark.parametrize("kind", sorted(k for k, r in ROUTES.items() if r.handler.__qualname__.startswith("learn.")))
def test_every_learning_route_names_a_handler_of_learn(kind):
    name = ROUTES[kind].handler.__qualname__.removeprefix("learn.")
    assert callable(getattr(learn, name))


@pytest.mark.parametrize("kind", sorted(PAGE_TYPES))
def test_what_a_route_needs_is_answered_alike_for_every_type(kind):
    msg = sample(kind)
    assert PAGE_CHECKS[kind](msg) is None, msg
    (first, *_) = Table().handle(msg) or [{"type": "none"}]
    if kind in MATCHED:
        assert first == {"type": "error", "code": "no-match", "error": "there is no match: start one first"}
    else:
        assert first.get("code") != "no-match"
    w = Worker()
    w.new("gin", ("rex",), seed=2, practice=True)
    (now, *_) = w.send(sample(kind, w.step() - 1)) or [{"type": "none"}]
    assert (now == {"type": "stale", "step": w.step()}) == (kind in STEPPED)
    if kind in FINISHED:
        assert now["code"] == "not-finished" and "hand 0 is not a finished hand" in now["error"]


@pytest.mark.parametrize("kind", ["replay", "verify"])
def test_a_message_bringing_its_own_record_needs_no_match(kind):
    (reply,) = Table().handle(dict(sample(kind), record={"format": "rummy-record/1"}))
    assert reply["type"] in ("replay", "verified") and reply["ok"] is False


def test_replies_carry_the_requests_id_back():
    for kind in ("hello", "link", "daily"):
        replies = [json.loads(t) for t in main.handle(json.dumps(dict(sample(kind), id=41)))]
        assert replies and all(r["re"] == 41 for r in replies), replies
    (unknown,) = [json.loads(t) for t in main.handle(json.dumps({"type": "fly", "id": 7}))]
    assert unknown["code"] == "unknown-type" and unknown["re"] == 7
