"""Replays (rummy.replays): a finished hand replayed from its record reproduces its result, every position is the
game's own, and a malformed record gets the engine's error, never a crash."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import Game, HandResult, RecordError, codec, export_record, seat_view
from rummy.bots import make_bot
from rummy.replays import MAX_RECORD_TEXT, finished_record, game_at, hand_frames, hands_in, load_record, positions

# one process runs the module (make test's --dist loadgroup): its matches are played once, cached
pytestmark = pytest.mark.xdist_group("test_replays")


def _match(game: str, players: int, seed: int, rules: dict | None = None, hands: int | None = None) -> Game:
    g = Game.new(game, players, rules, seed=seed)
    bots = [make_bot("expert" if s % 2 else "skilled", game, seed + s) for s in range(players)]
    while g.phase != "match-over" and (hands is None or len(g.results) < hands):
        if g.phase == "hand-over":
            g.deal()
            continue
        s = g.turn
        assert s is not None
        g.apply(bots[s].choose(seat_view(g, s)), s)
    return g


@pytest.mark.parametrize("game,players,rules", [
    ("gin", 2, {"target": 60}), ("rummy", 2, {"rounds": 2}), ("rummy", 4, {"jokers": True, "rounds": 2}),
    ("rummy", 3, {"rounds": 2, "reuse_discards": "shuffle"}),
])
def test_replaying_a_finished_hand_reproduces_its_result(game, players, rules):
    g = _match(game, players, 5, rules)
    rec = json.loads(json.dumps(finished_record(g)))  # it travels as JSON
    assert hands_in(rec) == len(g.results) >= 2
    for h, result in enumerate(g.results):
        replay = hand_frames(rec, h)
        assert replay["result"] == codec.encode(HandResult, result)
        frames = replay["frames"]
        assert len(frames) == len(g.records[h].actions) + 1
        assert [f["action"] for f in frames[1:]] == [str(a) for a in g.records[h].actions]
        assert frames[0]["action"] is None and frames[0]["events"] == []
        last = frames[-1]
        assert sorted(tuple(sorted(x)) for x in last["hands"]) == sorted(
            tuple(sorted(x)) for x in json.loads(json.dumps(codec.encode(HandResult, result)))["hands"])
        assert last["scores"] == list(result.totals)
        # every event of the hand, once, in order
        assert sum(len(f["events"]) for f in frames) > 0
        json.dumps(replay)


def test_every_position_is_the_games_own():
    """Seat views rebuilt from the record are the views the seats had during play (so a replay or a review
    shows exactly what each player saw)."""
    g = Game.new("gin", 2, {"target": 40}, seed=8)
    bots = [make_bot("skilled", "gin", s) for s in range(2)]
    seen: list[tuple[int, int, object, object]] = []
    while g.phase != "match-over":
        if g.phase == "hand-over":
            g.deal()
            continue
        s = g.turn
        hand, index = len(g.records) - 1, len(g.records[-1].actions)
        seen.append((hand, index, seat_view(g, 0), seat_view(g, 1)))
        g.apply(bots[s].choose(seat_view(g, s)), s)
    rec = finished_record(g)
    by_hand: dict[int, list] = {}
    for hand, index, v0, v1 in seen:
        by_hand.setdefault(hand, []).append((index, v0, v1))
    for hand, items in by_hand.items():
        walked = {i: (seat_view(x, 0), seat_view(x, 1)) for i, x, _ in positions(rec, hand)}
        for index, v0, v1 in items:
            assert walked[index] == (v0, v1)
    assert seat_view(game_at(rec, 1, 3), 0) == next(v0 for h, i, v0, _ in seen if (h, i) == (1, 3))


def test_the_record_of_finished_hands_leaves_out_the_hand_in_play():
    g = _match("gin", 2, 3, {"target": 200}, hands=1)
    g.deal()
    g.apply(g.legal_actions()[0])
    full = export_record(g, drawn=True)
    fin = finished_record(g)
    assert len(full["hands"]) == 2 and len(fin["hands"]) == 1
    assert fin["hands"][0] == full["hands"][0]
    assert len(fin["hands"][0]["drawn"]) == fin["hands"][0]["actions"].count("draw stock")
    with pytest.raises(RecordError):
        hand_frames(fin, 1)


def test_an_unfinished_hand_replays_without_a_result():
    g = Game.new("rummy", 2, None, seed=2)
    for _ in range(5):
        g.apply(g.legal_actions()[-1])
    replay = hand_frames(export_record(g), 0)
    assert replay["result"] is None and len(replay["frames"]) == 6


@functools.cache
def _record_text() -> str:
    return json.dumps(finished_record(_match("gin", 2, 4, {"target": 40}, hands=1)))


def _record() -> dict:
    """A finished one-hand Gin match's record (played once; a fresh copy each time)."""
    return json.loads(_record_text())


@pytest.mark.parametrize("change,words", [
    (lambda r: "not json {", "not valid JSON"),
    (lambda r: "[1, 2]", "JSON object"),
    (lambda r: {**r, "format": "chess"}, "unknown record format"),
    (lambda r: {**r, "game": "poker"}, "rules"),
    (lambda r: {**r, "players": "two"}, "players"),
    (lambda r: {**r, "hands": [{**r["hands"][0], "deck": r["hands"][0]["deck"][:-1]}]}, "every card"),
    (lambda r: {**r, "hands": [{**r["hands"][0], "deck": ["ZZ"] * 52}]}, "hand 0"),
    (lambda r: {**r, "hands": "many"}, "hands must be a list"),
    (lambda r: {**r, "hands": [{**r["hands"][0], "actions": [1, 2]}]}, "string"),
    (lambda r: "x" * (MAX_RECORD_TEXT + 1), "too long"),
    (lambda r: b"\xff\xfe", "UTF-8"),
])
def test_malformed_records_get_the_engines_error(change, words):
    with pytest.raises(RecordError) as e:
        load_record(change(_record()))
    assert words in str(e.value)


def test_an_illegal_action_names_its_hand_and_index():
    r = _record()
    r["hands"][0]["actions"][3] = "knock 2C"
    load_record(r)  # the shape is fine
    with pytest.raises(RecordError) as e:
        hand_frames(r, 0)
    assert "hand 0, action 3" in str(e.value)
    r["hands"][0]["actions"][3] = "dance"
    with pytest.raises(RecordError) as e:
        hand_frames(r, 0)
    assert "hand 0, action 3" in str(e.value)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk=JSON, key=st.sampled_from(["format", "game", "rules", "players", "dealer", "hands", "deck", "restocks",
                                       "actions", None]))
def test_no_junk_crashes_the_record_reader(junk, key):
    """Anything at any field of a record: a RecordError or a good replay, nothing else."""
    rec = _record()
    if key in ("deck", "restocks", "actions"):
        rec["hands"][0][key] = junk
    elif key is not None:
        rec[key] = junk
    else:
        rec = junk
    try:
        data = load_record(json.dumps(rec))
        hand_frames(data, 0)
    except RecordError:
        pass
