"""The worker table's save (web/worker/table.py): every ``table`` message carries it as a text the page keeps as it
is (``rummy-table``: the game's compact save and the table's settings) and the match's config; ``resume`` takes that
text, an earlier save made text, or the earlier protocol's object, and answers anything else ``bad-save`` with the
reason, the match in play untouched."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_worker_learn import Worker

from rummy import seat_view
from rummy.compact import load
from web.page.shared.protocol import engine_message_problem, page_message_problem
from web.worker import main
from web.worker.table import TABLE_FORMAT, TABLE_VERSION, Table


@pytest.fixture(autouse=True)
def _restore_the_workers_table():
    saved = main.TABLE
    yield
    main.TABLE = saved


def playing(game: str = "rummy", opponents: tuple[str, ...] = ("mel", "dot"), seed: int = 7,
            moves: int = 30) -> tuple[Worker, dict[str, Any]]:
    """A worker some moves into a match (the person plays a random legal move), and its last table message."""
    w = Worker()
    t = w.new(game, opponents, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        g = w.game
        if g.phase == "match-over":
            break
        if g.phase == "hand-over":
            t = w.one({"type": "deal", "step": g.step})
        elif g.turn == 0:
            t = w.one({"type": "act", "action": str(rnd.choice(seat_view(g, 0).legal)), "step": g.step})
        else:
            t = w.one({"type": "advance", "step": g.step})
    return w, t


def test_every_table_message_carries_the_save_as_text_and_the_config():
    w, t = playing()
    assert isinstance(t["save"], str) and t["config"] == w.table.config
    data = json.loads(t["save"])
    assert data["format"] == TABLE_FORMAT and data["version"] == TABLE_VERSION
    assert load(data["game"]).to_dict() == w.game.to_dict()
    assert data["table"] == {"opponents": ["mel", "dot"], "seeds": w.table.seeds, "config": w.table.config,
                             "assisted": False}
    assert t["config"]["seed"] == 7 and t["config"]["opponents"] == ["mel", "dot"]


def go_on(a: Worker, b: Worker, moves: int) -> None:
    """The same messages to both workers give the same answers."""
    rnd = random.Random(1)
    for _ in range(moves):
        g = a.game
        if g.phase == "match-over":
            return
        if g.phase == "hand-over":
            msg = {"type": "deal", "step": g.step}
        elif g.turn == 0:
            msg = {"type": "act", "action": str(rnd.choice(seat_view(g, 0).legal)), "step": g.step}
        else:
            msg = {"type": "advance", "step": g.step}
        assert a.send(msg) == b.send(msg)


@pytest.mark.parametrize("game, opponents", [("gin", ("sam",)), ("rummy", ("mel", "dot"))])
def test_a_resumed_match_goes_on_exactly_as_the_match_would_have(game, opponents):
    w, t = playing(game, opponents, moves=40)
    other = Worker()
    r = other.one({"type": "resume", "save": t["save"]})
    assert r["type"] == "table" and r["events"] == [] and r["view"] == t["view"] and r["deal"] == t["deal"]
    assert r["save"] == t["save"] and r["config"] == t["config"]
    assert other.game.to_dict() == w.game.to_dict()
    go_on(w, other, 60)
    assert other.game.to_dict() == w.game.to_dict()


def earlier_save(w: Worker) -> dict[str, Any]:
    """What table messages carried before the save became text: the whole engine state and the table."""
    return {"engine": w.game.to_dict(), "table": json.loads(w.table.save_text())["table"]}


@pytest.mark.parametrize("as_text", [True, False])
def test_an_earlier_save_is_still_read(as_text):
    w, _ = playing("gin", ("sam",), moves=25)
    old = earlier_save(w)
    other = Worker()
    r = other.one({"type": "resume", "save": json.dumps(old) if as_text else old})
    assert r["type"] == "table" and other.game.to_dict() == w.game.to_dict()
    assert isinstance(r["save"], str)  # and from now on it is kept in the new form
    go_on(w, other, 30)
    assert other.game.to_dict() == w.game.to_dict()


def damaged(t: dict[str, Any], what: str) -> Any:
    data = json.loads(t["save"])
    if what == "not JSON":
        return t["save"][:-1]
    if what == "not an object":
        return json.dumps([data])
    if what == "another format":
        return json.dumps(dict(data, format="rummy-record/1"))
    if what == "newer":
        return json.dumps(dict(data, version=TABLE_VERSION + 1))
    if what == "extra field":
        return json.dumps(dict(data, note="hi"))
    if what == "damaged game":
        data["game"]["record"]["hands"][0]["actions"].insert(0, "knock 2C")
    elif what == "game's scores":
        data["game"]["scores"][0] += 5
    elif what == "seeds":
        data["table"]["seeds"] = data["table"]["seeds"][:1]
    elif what == "no config":
        del data["table"]["config"]
    elif what == "unknown opponent":
        data["table"]["config"]["opponents"] = ["nobody", "dot"]
    elif what == "seat":
        data["table"]["config"]["seats"] = [1, 2, 3]
    elif what == "earlier engine":
        return json.dumps({"engine": {"format": "rummy-save", "version": 2}, "table": data["table"]})
    return json.dumps(data)


@pytest.mark.parametrize("what, why", [
    ("not JSON", "not JSON"), ("not an object", "not a saved match"), ("another format", "not a saved match"),
    ("newer", "newer version"), ("extra field", "damaged"), ("damaged game", "does not replay: hand 0, action 0"),
    ("game's scores", "do not give its scores"), ("seeds", "seeds are damaged"), ("no config", "no config"),
    ("unknown opponent", "no rummy opponent called 'nobody'"), ("seat", "seats are damaged"),
    ("earlier engine", "damaged"),
])
def test_a_bad_save_is_answered_with_the_reason_and_loses_nothing(what, why):
    w, t = playing(moves=12)
    before = w.game.to_dict()
    r = w.one({"type": "resume", "save": damaged(t, what)})
    assert r["type"] == "bad-save" and why in r["why"], r
    assert w.game.to_dict() == before  # the match in play goes on
    g = w.game
    msg = {"type": "advance", "step": g.step} if g.turn != 0 else \
        {"type": "act", "action": str(seat_view(g, 0).legal[0]), "step": g.step}
    assert w.one(msg)["type"] == "table"


def test_the_protocol_checks_the_new_field_types():
    _, t = playing(moves=2)
    assert engine_message_problem(t) is None
    assert engine_message_problem(dict(t, save=None)) is None  # a guest's page has none
    assert "save" in str(engine_message_problem(dict(t, save=json.loads(t["save"]))))
    assert "config" in str(engine_message_problem(dict(t, config="gin")))
    assert "config" in str(engine_message_problem({k: v for k, v in t.items() if k != "config"}))
    assert page_message_problem({"type": "resume", "save": t["save"]}) is None
    assert page_message_problem({"type": "resume", "save": "anything"}) is None  # the engine reads it
    assert page_message_problem({"type": "resume", "save": {"engine": {}, "table": {}}}) is None  # earlier
    for bad in (None, 3, {}, {"engine": {}}, ["x"]):
        assert page_message_problem({"type": "resume", "save": bad}), bad


def test_the_config_of_a_dropped_guests_seat_follows_the_table():
    from test_online_engine import online_table

    t, _, _ = online_table(values=("55" * 16,))
    g = t.game
    assert g is not None
    (reply,) = t.handle({"type": "seat", "step": g.step, "seat": 1, "opponent": "ada"})
    assert reply["config"]["seats"][1] == {"kind": "computer", "id": "ada"}
    assert json.loads(reply["save"])["table"]["config"] == reply["config"]
    again = Table()
    (r,) = again.handle({"type": "resume", "save": reply["save"]})
    assert r["type"] == "table" and r["config"] == reply["config"] and "guests" not in r


def test_an_undone_practice_match_resumes_after_the_undo():
    w = Worker()
    w.new("gin", ("rex",), seed=5, practice=True)
    rnd = random.Random(2)
    undone = None
    for _ in range(200):
        g = w.game
        if g.phase != "draw" and g.phase != "play" and g.phase != "first-upcard":
            break
        if g.turn == 0:
            if g.phase == "play" and any(e.seat == 0 for e in g.log):
                undone = w.one({"type": "undo", "step": g.step})
                break
            w.one({"type": "act", "action": str(rnd.choice(seat_view(g, 0).legal)), "step": g.step})
        else:
            w.one({"type": "advance", "step": g.step})
    assert undone is not None and undone["undone"] is True
    other = Worker()
    r = other.one({"type": "resume", "save": undone["save"]})
    assert r["view"] == undone["view"] and r["save"] == undone["save"]
    # the step stays past the undo: a move drawn before it is still stale
    assert other.game.step == w.game.step > sum(len(h.actions) + 1 for h in w.game.records)

