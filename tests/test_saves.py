"""Saved games: every phase round-trips exactly; bad saves raise SaveError (never another exception); the seeded
generator continues identically after a restore."""

from __future__ import annotations

import copy
import json

import pytest
from helpers import legal, new_game, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_gin_rules import GIN9, LOSER
from test_rummy_rules import JUNK, MELDER, drain, jgame, rummy

from rummy import Game, IllegalAction, SaveError, card_str, seat_view
from rummy.saves import SAVE_VERSION


def same_after_restore(g: Game) -> Game:
    h = Game.from_json(g.to_json())
    assert h.to_dict() == g.to_dict()
    assert legal(h) == legal(g)
    assert h.to_json() == g.to_json()
    h2 = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h2.to_dict() == g.to_dict()
    return h


def gin_positions():
    g = new_game("gin", hands=[LOSER, GIN9], upcard="TH", stock="5C 6C")
    yield "gin first upcard", g
    g = new_game("gin", hands=[LOSER, GIN9], upcard="TH", stock="5C 6C")
    play(g, "pass")
    yield "gin dealer offered the upcard", g
    g = new_game("gin", hands=[LOSER, GIN9], upcard="TH", stock="5C 6C")
    play(g, "pass", "pass")
    yield "gin must draw from the stock", g
    g = new_game("gin", hands=[LOSER, GIN9], upcard="TH", stock="5C 6C")
    play(g, "draw discard")
    yield "gin play after taking the discard", g
    g = new_game("gin", hands=[LOSER, GIN9], upcard="TH", stock="5C 6C")
    play(g, "draw discard", "knock KS")
    yield "gin hand over", g
    g = new_game("gin", 2, {"target": 50}, hands=[LOSER, GIN9], upcard="TH", stock="5C 6C")
    play(g, "draw discard", "knock KS")
    yield "gin match over", g
    g = Game.new("gin", rules={"preset": "oklahoma"}, seed=4)
    yield "gin oklahoma", g


def rummy_positions():
    g = rummy(hands=[JUNK, MELDER], stock="6H")
    yield "rummy draw", g
    g = rummy(hands=[JUNK, MELDER], stock="6H")
    play(g, "draw stock", "meld 3H 4H 5H", "layoff 6H 1")
    yield "rummy mid-turn after melding", g
    g = rummy({"melds_per_turn": 1}, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS")
    yield "rummy one meld made, card taken from discard", g
    g = jgame(stock=["KS", "4S"])
    play(g, "draw stock", "meld 5C 5D JK=5H", "discard KS", "draw stock", "swap 5H 1")
    yield "rummy joker swapped this turn", g
    g = rummy(hands=[JUNK, MELDER])
    drain(g)
    yield "rummy empty stock", g
    g = rummy(hands=[JUNK, MELDER])
    deck = list(g.records[-1].deck)
    drain(g)
    pile = sorted(g.discard[:-1])
    g = Game("rummy", 2, g.rules, g.rng, 0)
    g.deal(deck, restocks=[pile])
    yield "rummy pending restock", g
    drain(g)
    play(g, "draw stock")
    yield "rummy after a restock", g
    g = rummy({"reuse_limit": 0, "rounds": 1}, hands=[JUNK, MELDER])
    drain(g)
    yield "rummy match over by rounds", g
    g = Game.new("rummy", 5, {"jokers": True}, seed=8)
    yield "rummy five players with jokers", g


@pytest.mark.parametrize("name,g", list(gin_positions()) + list(rummy_positions()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_phase_round_trips(name, g):
    h = same_after_restore(g)
    # the restored game plays on exactly like the original
    for _ in range(6):
        if g.phase in ("hand-over", "match-over"):
            break
        a = g.legal_actions()[-1]
        g.apply(a)
        h.apply(a)
        assert h.to_dict() == g.to_dict()


def test_turn_state_survives_restore():
    g = new_game("gin", hands=[LOSER, GIN9], upcard="TH")
    play(g, "draw discard")
    h = Game.from_json(g.to_json())
    with pytest.raises(IllegalAction, match="You took TH from the discard pile"):
        h.apply("discard TH")
    g = jgame(stock=["KS", "4S"])
    play(g, "draw stock", "meld 5C 5D JK=5H", "discard KS", "draw stock", "swap 5H 1")
    h = Game.from_json(g.to_json())
    with pytest.raises(IllegalAction, match="joker"):
        h.apply("discard JK")
    g = rummy({"melds_per_turn": 1}, hands=[JUNK, MELDER])
    play(g, "draw stock", "meld 3H 4H 5H")
    h = Game.from_json(g.to_json())
    with pytest.raises(IllegalAction, match="only one new meld"):
        h.apply("meld 7C 7D 7S")


def test_rng_continues_identically_after_restore():
    g = Game.new("rummy", 3, seed=77)
    h = Game.from_json(g.to_json())
    for gg in (g, h):
        while gg.phase == "draw" and gg.stock:
            gg.apply("draw stock")
            gg.apply(f"discard {card_str(gg.hands[gg.turn][-1])}")
    assert g.to_dict() == h.to_dict()
    # a shuffle-rebuild and the next deals come from the saved generator
    for gg in (g, h):
        if gg.phase == "draw":
            gg.apply("draw stock")
    assert g.stock == h.stock
    g2 = Game.new("gin", seed=5)
    while g2.phase not in ("hand-over", "match-over"):
        g2.apply(g2.legal_actions()[0])
    h2 = Game.from_json(g2.to_json())
    g2.deal()
    h2.deal()
    assert g2.to_dict() == h2.to_dict()
    assert g2.rng.state == h2.rng.state


# ----- bad saves -----

def base_save() -> dict:
    g = rummy(hands=[JUNK, MELDER], stock="6H")
    play(g, "draw stock", "meld 3H 4H 5H")
    return g.to_dict()


@pytest.mark.parametrize("text", ["", "{", "not json", "\x00\x01", '{"format": "rummy-save", "version": 1'])
def test_not_json(text):
    with pytest.raises(SaveError, match="not valid JSON"):
        Game.from_json(text)


def test_from_json_not_text():
    with pytest.raises(SaveError):
        Game.from_json(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [[], "a save", 3, None, {}, {"format": "rummy-record/1", "game": "gin", "hands": []},
                                  {"format": "something-else", "version": 1}])
def test_foreign_json(data):
    with pytest.raises(SaveError, match="not a saved Rummy game"):
        Game.from_dict(data)
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("version", [SAVE_VERSION + 1, 99])
def test_newer_version(version):
    d = base_save()
    d["version"] = version
    with pytest.raises(SaveError, match="newer version"):
        Game.from_dict(d)


@pytest.mark.parametrize("version", [None, 0, -1, "1", 1.5])
def test_unreadable_version(version):
    d = base_save()
    d["version"] = version
    with pytest.raises(SaveError):
        Game.from_dict(d)


DAMAGE = {
    "missing hands": lambda d: d.pop("hands"),
    "missing rng": lambda d: d.pop("rng"),
    "rng not hex": lambda d: d.__setitem__("rng", "zz"),
    "bad card": lambda d: d["hands"][0].__setitem__(0, "1X"),
    "card not text": lambda d: d["hands"][0].__setitem__(0, 5),
    "hands not a list": lambda d: d.__setitem__("hands", "AC"),
    "unknown phase": lambda d: d.__setitem__("phase", "dancing"),
    "unknown game": lambda d: d.__setitem__("game", "poker"),
    "bad rules": lambda d: d.__setitem__("rules", {"jokers": "maybe"}),
    "rules not a dict": lambda d: d.__setitem__("rules", ["jokers"]),
    "too few seats": lambda d: d.__setitem__("hands", d["hands"][:1]),
    "scores wrong length": lambda d: d.__setitem__("scores", [0]),
    "scores not numbers": lambda d: d.__setitem__("scores", ["a", "b"]),
    "table meld bad": lambda d: d.__setitem__("table", [["3H", "XX"]]),
    "records bad": lambda d: d.__setitem__("records", [{"deck": "x"}]),
    "action text bad": lambda d: d["records"][0].__setitem__("actions", ["fly away"]),
    "card missing": lambda d: d["hands"][0].pop(),
    "card twice": lambda d: d["hands"][0].append(d["hands"][1][0]),
    "card moved into stock twice": lambda d: d["stock"].append(d["discard"][0]),
    "players mismatch": lambda d: d.__setitem__("players", 3),
}


@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_damaged_save(what):
    d = base_save()
    DAMAGE[what](d)
    with pytest.raises(SaveError):
        Game.from_dict(d)
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(d))


def test_cards_must_add_up_to_one_deck():
    d = base_save()
    d["hands"][0][0], d["stock"][0] = d["stock"][0], d["stock"][0]
    with pytest.raises(SaveError, match="do not add up to one deck"):
        Game.from_dict(d)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=4) | st.sampled_from(["AC", "JK", "draw", "play"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(base_save())), json_values)
def test_any_damaged_field_raises_save_error_or_restores(key, value):
    d = copy.deepcopy(base_save())
    d[key] = value
    try:
        g = Game.from_dict(d)
    except SaveError:
        return
    # a save that restores is a usable game
    g.to_json()
    g.legal_actions()
    for s in range(g.players):
        seat_view(g, s)
