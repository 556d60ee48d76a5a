"""Compact saves (rummy.compact): a match saved as its hand record plus the generator and the step loads back to
exactly the same game, which then plays on identically; anything else raises SaveError with the reason."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from helpers import legal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import choose, matches
from test_saves import json_values

from rummy import Game, SaveError, export_record, replay, seat_view
from rummy.bots import make_bot
from rummy.compact import COMPACT_FORMAT, COMPACT_VERSION, compact, load
from rummy.fairdeal import deal_next, new_match
from rummy.practice import undo_last_turn
from rummy.rules import resolve_rules

BOTS = {"gin": ("pip", "rex", "sam"), "rummy": ("tilly", "mel", "dot")}


def through_json(d: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(d))
    assert isinstance(out, dict)
    return out


def same_game(g: Game) -> Game:
    """Load ``g``'s compact save (through JSON, as it travels) and check it is ``g``."""
    h = load(through_json(compact(g)))
    assert h.to_dict() == g.to_dict()
    assert legal(h) == legal(g)
    assert compact(h) == compact(g)
    return h


def deal(g: Game, seed: int, fair: bool) -> None:
    """The next hand: a fair deal from the match's seed (the worker's way) or the match's own shuffle."""
    if fair:
        deal_next(g, seed)
    else:
        g.deal()


def play_on(g: Game, seed: int, fair: bool, rnd: random.Random, actions: int,
            bots: list[Any] | None = None) -> list[str]:
    """Play ``actions`` more actions (dealing new hands as they end), by ``bots`` or the random player; the
    actions played, in order."""
    done = []
    for _ in range(actions):
        if g.phase == "match-over":
            break
        if g.phase == "hand-over":
            deal(g, seed, fair)
            done.append("(deal)")
            continue
        seat = g.turn
        assert seat is not None
        a = bots[seat].choose(seat_view(g, seat)) if bots is not None else choose(g, rnd)
        g.apply(a)
        done.append(str(a))
    return done


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.booleans(), st.booleans(), st.integers(0, 400), st.data())
def test_a_compact_save_loads_the_same_game_which_plays_on_identically(match, fair, by_bots, stop, data):
    game, players, rules, seed = match
    full = resolve_rules(game, players, rules)
    g = new_match(game, players, full, seed) if fair else Game.new(game, players, rules, seed=seed)
    bots = [make_bot(data.draw(st.sampled_from(BOTS[game])), game, seed + s) for s in range(players)] \
        if by_bots else None
    play_on(g, seed, fair, random.Random(seed), stop, bots)
    h = same_game(g)
    # both go on with the same choices: the same deals, restocks, results and state at every point
    rnd_g, rnd_h = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(5):
        assert play_on(g, seed, fair, rnd_g, 40) == play_on(h, seed, fair, rnd_h, 40)
        assert h.to_dict() == g.to_dict()
        assert legal(h) == legal(g)


def test_every_point_of_a_gin_match_round_trips_to_the_end():
    g = Game.new("gin", 2, {"target": 40}, seed=11)
    rnd = random.Random(3)
    seen = set()
    while g.phase != "match-over":
        seen.add(str(g.phase))
        same_game(g)
        play_on(g, 0, False, rnd, 1)
    same_game(g)
    assert seen >= {"first-upcard", "draw", "play", "hand-over"} and len(g.results) >= 2


def never_melds(g: Game) -> str:
    """Draw from the stock and throw a card: nobody ever melds, so the stock runs out again and again."""
    if g.phase == "draw":
        return "draw stock"
    return str(next(a for a in g.legal_actions() if a.kind == "discard"))


@pytest.mark.parametrize("fair", [False, True])
def test_rummy_restocks_go_on_the_same_after_a_load(fair):
    """Basic Rummy shuffles the discards into a new stock: after a load the next rebuilds are the same cards in
    the same order (they come from the saved generator)."""
    rules = {"reuse_discards": "shuffle", "reuse_limit": None, "stalemate_restocks": 10}
    g = new_match("rummy", 3, resolve_rules("rummy", 3, rules), 5) if fair else Game.new("rummy", 3, rules, seed=5)
    while g.restocks_done < 1:
        g.apply(never_melds(g))
    h = same_game(g)
    while g.phase == "draw" or g.phase == "play":
        a = never_melds(g)
        g.apply(a)
        h.apply(a)
    assert g.restocks_done >= 3  # two rebuilds after the load
    assert h.records[-1].restocks == g.records[-1].restocks and h.to_dict() == g.to_dict()


def test_an_undone_game_keeps_its_step_and_generator():
    """After a practice undo the step is past the replay's count (older moves are stale): the save keeps it."""
    rules = resolve_rules("rummy", 2, {"reuse_limit": None, "stalemate_restocks": 10})
    g = new_match("rummy", 2, rules, 9)
    while g.restocks_done < 1 or g.turn != 0 or g.phase != "play":
        g.apply(never_melds(g))
    back = undo_last_turn(g, 9, 0)
    assert back is not None
    back.step = g.step + 1
    h = same_game(back)
    assert h.step == g.step + 1 > sum(len(r.actions) + 1 for r in back.records)


def test_restocks_still_to_come_from_a_record_are_kept():
    """A game replayed from a record stopped in the middle of a hand still holds the record's later restocks."""
    rules = {"reuse_discards": "shuffle", "reuse_limit": None, "stalemate_restocks": 10}
    g = Game.new("rummy", 2, rules, seed=2)
    while g.restocks_done < 2:
        g.apply(never_melds(g))
    rec = export_record(g)
    first = g.log.index(next(e for e in g.log if e.kind == "restock"))
    draws = sum(1 for e in g.log[:first] if e.kind in ("draw stock", "draw discard", "discard"))
    rec["hands"][-1]["actions"] = rec["hands"][-1]["actions"][:draws]
    part = replay(rec).game
    assert part.pending_restocks and part.restocks_done == 0
    d = compact(part)
    assert d["pending"] == rec["hands"][-1]["restocks"]
    h = same_game(part)
    assert h.pending_restocks == g.records[-1].restocks


def test_it_is_much_smaller_than_the_whole_state():
    g = Game.new("gin", 2, {}, seed=4)
    play_on(g, 4, False, random.Random(4), 60)
    assert len(json.dumps(compact(g))) < len(g.to_json()) * 0.75


# ----- bad saves -----

def base() -> dict[str, Any]:
    g = Game.new("rummy", 3, {"target": 200}, seed=8)
    rnd = random.Random(8)
    while not g.results:
        play_on(g, 8, False, rnd, 1)
    play_on(g, 8, False, rnd, 7)  # the deal and six actions of the next hand
    assert len(g.records) == 2 and len(g.records[0].actions) > 3
    return through_json(compact(g))


@pytest.mark.parametrize("data", [None, [], "text", 3, {}, {"format": "rummy-save", "version": 2},
                                  {"format": "rummy-record/1", "game": "gin", "hands": []}])
def test_not_a_compact_save(data):
    with pytest.raises(SaveError, match="not a saved Rummy game"):
        load(data)


def test_a_newer_version_is_refused_with_its_version():
    d = base()
    d["version"] = COMPACT_VERSION + 1
    with pytest.raises(SaveError, match=f"newer version .*{COMPACT_FORMAT} {COMPACT_VERSION + 1}"):
        load(d)


def damage(d: dict[str, Any], what: str) -> None:
    hands = d["record"]["hands"]
    if what == "extra field":
        d["note"] = 1
    elif what == "missing field":
        del d["scores"]
    elif what == "version":
        d["version"] = True
    elif what == "generator":
        d["rng"] = "xyz"
    elif what == "step":
        d["step"] = 1
    elif what == "scores":
        d["scores"][0] += 1
    elif what == "scores type":
        d["scores"] = [float(s) for s in d["scores"]]
    elif what == "illegal action":
        hands[-1]["actions"].append("knock 2C")
    elif what == "action text":
        hands[0]["actions"][1] = "flip"
    elif what == "hand cut short":
        hands[0]["actions"] = hands[0]["actions"][:3]
    elif what == "deck":
        hands[0]["deck"][0] = hands[0]["deck"][1]
    elif what == "record field":
        d["record"]["extra"] = True
    elif what == "rules":
        d["record"]["rules"] = {"preset": "cardgames", "target": "lots"}
    elif what == "rules type":
        d["record"]["rules"] = []
    elif what == "hand field":
        del hands[0]["restocks"]
    elif what == "pending":
        d["pending"] = [["AC", "2C", "AC"]]
    elif what == "pending type":
        d["pending"] = "AC"
    else:
        raise AssertionError(what)


@pytest.mark.parametrize("what, why", [
    ("extra field", "unknown field 'note'"), ("missing field", "missing field 'scores'"),
    ("version", "no readable version"), ("generator", "generator state"), ("step", "step is damaged"),
    ("scores", "do not give its scores"), ("scores type", "do not give its scores"),
    ("illegal action", "does not replay: hand 1"), ("action text", "does not replay: hand 0, action 1 \\('flip'\\)"),
    ("hand cut short", "hand 0 breaks off before its end"), ("deck", "record is damaged .*every card"),
    ("record field", "not a hand record"), ("rules", "record is damaged \\(rules"), ("rules type", "not a hand record"),
    ("hand field", "its hands"), ("pending", "restocks to come are damaged"), ("pending type", "restocks to come"),
])
def test_a_damaged_save_says_what_is_wrong(what, why):
    d = base()
    damage(d, what)
    with pytest.raises(SaveError, match=why):
        load(d)


def test_a_record_going_on_after_the_match_is_over_is_refused():
    g = Game.new("gin", 2, {"target": 10}, seed=3)
    play_on(g, 3, False, random.Random(3), 2000)
    assert g.phase == "match-over"
    d = through_json(compact(g))
    d["record"]["hands"].append(copy.deepcopy(d["record"]["hands"][-1]))
    with pytest.raises(SaveError, match="match is over"):
        load(d)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["format", "version", "record", "rng", "step", "scores", "pending", "record.game",
                        "record.players", "record.dealer", "record.hands", "record.rules", "hand.deck",
                        "hand.restocks", "hand.actions"]), json_values)
def test_any_damaged_field_raises_save_error_or_loads(key, value):
    d = base()
    if key.startswith("record."):
        d["record"][key[7:]] = value
    elif key.startswith("hand."):
        d["record"]["hands"][0][key[5:]] = value
    else:
        d[key] = value
    try:
        g = load(d)
    except SaveError:
        return
    # a save that loads is a usable game
    g.to_json()
    g.legal_actions()
    for s in range(g.players):
        seat_view(g, s)
