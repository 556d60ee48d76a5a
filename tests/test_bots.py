"""Computer opponents: legal moves everywhere, determinism, fair play, the roster, and a small arena run.

Strength is measured by ``python -m rummy arena`` and ``python -m bench.openspiel_gin`` (docs/bots.md), not here.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from helpers import bots_play

from rummy import Game, SeatView, arena, seat_view
from rummy.bots import TIERS, Bot, Profile, get_profile, make_bot, roster
from rummy.cards import JOKER

GIN_IDS = [p.id for p in roster("gin")]
RUMMY_IDS = [p.id for p in roster("rummy")]


def play(g: Game, bots: list, max_actions: int, check=None) -> None:
    """Let ``bots`` (one per seat) play ``g`` for up to ``max_actions`` actions; ``check(g, seat, action)``."""
    bots_play(g, bots, max_actions, check and (lambda g, bot, view, a: check(g, view.seat, a)))


# ----- legality -----

@pytest.mark.parametrize("bot_id", GIN_IDS)
def test_gin_bots_play_legal_moves(bot_id):
    for seed in range(2):
        rng = random.Random(seed)
        rules = rng.choice([None, {"preset": "tournament"}, {"preset": "oklahoma"}, {"knock_limit": 0}])
        g = Game.new("gin", 2, rules, seed=seed)
        other = make_bot(rng.choice(GIN_IDS), "gin", seed + 100)
        play(g, [make_bot(bot_id, "gin", seed), other], 250)


RUMMY_OPTIONS = [
    None,
    {"jokers": True},
    {"aces": "high-or-low", "jokers": True},
    {"preset": "classic-book"},
    {"discard_to_go_out": True, "jokers": True},
    {"reuse_discards": "never"},
    {"preset": "novel-games", "aces": "high-or-low"},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rummy_bots_play_legal_moves(players):
    for k, rules in enumerate(RUMMY_OPTIONS):
        seed = players * 100 + k
        g = Game.new("rummy", players, rules, seed=seed)
        ids = RUMMY_IDS[k % len(RUMMY_IDS):] + RUMMY_IDS[:k % len(RUMMY_IDS)]
        bots = [make_bot(ids[s % len(ids)], "rummy", seed + s) for s in range(players)]
        play(g, bots, 160 if players > 3 else 220)


def test_rummy_bots_go_out_and_finish_matches():
    g = Game.new("rummy", 3, {"jokers": True, "target": 60}, seed=5)
    bots = [make_bot(t, "rummy", i) for i, t in enumerate(["expert", "skilled", "casual"])]
    play(g, bots, 5000)
    assert g.phase == "match-over"
    assert any(r.end in ("out", "rummy") for r in g.results)


def test_gin_bots_finish_a_match():
    g = Game.new("gin", 2, {"target": 50}, seed=3)
    play(g, [make_bot("expert", "gin", 1), make_bot("beginner", "gin", 2)], 5000)
    assert g.phase == "match-over"


# ----- determinism -----

@pytest.mark.parametrize("game", ["gin", "rummy"])
def test_same_seed_same_view_same_action(game):
    ids = GIN_IDS if game == "gin" else RUMMY_IDS
    g = Game.new(game, 2, {"jokers": True} if game == "rummy" else None, seed=11)
    bots = [make_bot("expert", game, 3), make_bot("expert", game, 4)]
    for _ in range(60):
        if g.phase != "play" and g.phase not in ("draw", "first-upcard"):
            break
        s = g.turn
        v = seat_view(g, s)
        for bot_id in ids:
            a1 = make_bot(bot_id, game, 9).choose(v)
            a2 = make_bot(bot_id, game, 9).choose(seat_view(g, s))
            assert a1 == a2
        g.apply(bots[s].choose(v), s)


@pytest.mark.parametrize("game,players,rules", [("gin", 2, None), ("rummy", 3, {"jokers": True}), ("rummy", 2, None)])
def test_saved_game_continues_identically(game, players, rules):
    def fresh_bots():
        ids = GIN_IDS if game == "gin" else RUMMY_IDS
        return [make_bot(ids[(3 + s) % len(ids)], game, 40 + s) for s in range(players)]

    g = Game.new(game, players, rules, seed=21)
    play(g, fresh_bots(), 70)
    saved = g.to_json()
    a = Game.from_json(saved)
    b = Game.from_json(saved)
    play(a, fresh_bots(), 300)
    play(b, fresh_bots(), 300)
    assert a.to_json() == b.to_json()
    play(g, fresh_bots(), 300)
    assert g.to_json() == a.to_json()


# ----- fair play -----

def _scrambled(g: Game, seat: int, rng: random.Random) -> Game:
    """A game identical in all that ``seat`` can see, with the stock and the other hands dealt anew
    (cards an opponent is known to hold, taken from the pile, stay where they are)."""
    d = g.to_dict()
    h = g.copy()
    view = seat_view(g, seat)
    pools = []
    pinned: dict[int, list[int]] = {}
    for s in range(g.players):
        if s == seat:
            continue
        known = list(view.known_cards(s))
        pinned[s] = known
        rest = list(h.hands[s])
        for c in known:
            rest.remove(c)
        pools.extend(rest)
    pools.extend(h.stock)
    rng.shuffle(pools)
    from rummy.cards import card_str
    for s in range(g.players):
        if s == seat:
            continue
        n = len(h.hands[s]) - len(pinned[s])
        d["hands"][s] = [card_str(c) for c in pinned[s] + pools[:n]]
        pools = pools[n:]
    d["stock"] = [card_str(c) for c in pools]
    return Game.from_dict(d)


@pytest.mark.parametrize("game,players,rules", [
    ("gin", 2, None), ("rummy", 2, None), ("rummy", 4, {"jokers": True}), ("rummy", 3, {"aces": "high-or-low"}),
])
def test_bots_cannot_see_hidden_cards(game, players, rules):
    """Two games that look the same from a seat, with different stocks and opponent hands: same choices."""
    ids = GIN_IDS if game == "gin" else RUMMY_IDS
    rng = random.Random(7)
    g = Game.new(game, players, rules, seed=17)
    drivers = [make_bot("skilled", game, 100 + s) for s in range(players)]
    checked = 0
    differ = 0
    for step in range(400):
        if g.phase == "match-over":
            break
        if g.phase == "hand-over":
            g.deal()
            continue
        s = g.turn
        if step % 3 == 0:
            other = _scrambled(g, s, rng)
            assert seat_view(g, s) == seat_view(other, s)
            if other.stock != g.stock or other.hands != g.hands:
                differ += 1
            for bot_id in ids:
                assert make_bot(bot_id, game, 5).choose(seat_view(g, s)) == make_bot(bot_id, game, 5).choose(seat_view(other, s))
            checked += 1
        g.apply(drivers[s].choose(seat_view(g, s)), s)
    assert checked >= 20 and differ >= 10


def test_seat_view_exposes_no_hidden_cards():
    """The view's fields are a fixed public list, it holds no game reference, and it is the same whatever
    the hidden cards are (see the test above)."""
    public = {
        "game", "rules", "players", "seat", "step", "dealer", "turn", "phase", "hand", "hand_counts",
        "stock_count", "discard", "table", "log", "legal", "scores", "hands_won", "hand_number", "taken_discard",
        "knock_limit", "upcard", "must_draw_stock", "has_melded", "played_before", "restocks_done", "results",
        "match",
    }
    assert {f.name for f in dataclasses.fields(SeatView)} == public
    g = Game.new("gin", 2, None, seed=1)
    v = seat_view(g, 0)
    assert v.hand == tuple(g.hands[0])
    for f in dataclasses.fields(v):
        assert not isinstance(getattr(v, f.name), Game)
    # during a hand, no card of the other hand or of the stock appears anywhere in the view
    text = v.to_json()
    assert "stock\":[" not in text
    hidden = set(g.hands[1]) | set(g.stock)
    shown = set(v.hand) | set(v.discard) | ({v.upcard} if v.upcard is not None else set())
    assert not hidden & shown


def test_bots_only_receive_seat_views(monkeypatch):
    seen = []
    real = arena.make_bot

    class Spy:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, view):
            seen.append(type(view))
            return self.bot.choose(view)

    monkeypatch.setattr(arena, "make_bot", lambda *a, **k: Spy(real(*a, **k)))
    arena.run_arena("gin", 2, ["casual", "beginner"], 1, seed=2)
    arena.run_arena("rummy", 3, ["casual", "beginner"], 1, seed=2)
    assert seen and set(seen) == {SeatView}


def test_bot_modules_do_not_reach_the_game():
    import inspect

    import rummy.bots.base
    import rummy.bots.basic
    import rummy.bots.gin
    import rummy.bots.gin_search
    import rummy.bots.gin_sim
    import rummy.bots.reach
    import rummy.bots.rummy_search

    for mod in (rummy.bots, rummy.bots.base, rummy.bots.gin, rummy.bots.basic, rummy.bots.gin_search,
                rummy.bots.gin_sim, rummy.bots.reach, rummy.bots.rummy_search):
        src = inspect.getsource(mod)
        assert "from ..game" not in src and "import rummy.game" not in src and "from rummy.game" not in src


# ----- roster -----

@pytest.mark.parametrize("game", ["gin", "rummy"])
def test_roster_shape(game):
    r = roster(game)
    assert len(r) >= 6
    assert {p.tier for p in r} == set(TIERS)
    assert len({p.id for p in r}) == len(r) and len({p.name for p in r}) == len(r)
    assert [p.rating for p in r] == sorted(p.rating for p in r)
    for p in r:
        assert isinstance(p, Profile) and p.game == game
        assert p.name and p.style and p.description and "\n" not in p.description
        assert isinstance(p.rating, int) and 0 < p.rating < 3000
        assert get_profile(p.id) == p
        assert isinstance(make_bot(p.id, game, 1), Bot)
    for tier in TIERS:
        assert isinstance(make_bot(tier, game, 1), Bot)
    # a higher tier never rates below a lower one
    order = {t: i for i, t in enumerate(TIERS)}
    for a in r:
        for b in r:
            if order[a.tier] < order[b.tier]:
                assert a.rating < b.rating


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError):
        make_bot("nobody", "gin", 1)
    with pytest.raises(KeyError):
        get_profile("nobody")


# ----- arena -----

def test_arena_smoke(capsys):
    from rummy.cli import main

    assert main(["arena", "--game", "gin", "--bots", "expert,beginner", "--matches", "2", "--seed", "1", "--json",
                 "--rules", '{"target": 25}']) == 0  # short matches: the arena's counting is what is tested
    r = json.loads(capsys.readouterr().out)
    assert r["matches"] == 2 and len(r["bots"]) == 2
    assert sum(b["match_wins"] for b in r["bots"]) + r["draws"] == 2
    for b in r["bots"]:
        assert b["decisions"] > 0 and b["time_ms"]["p95"] >= b["time_ms"]["p50"]
        assert 0 <= b["ci95"][0] <= b["win_rate"] <= b["ci95"][1] <= 1
    assert main(["arena", "--game", "rummy", "--players", "4", "--bots", "sage,mel", "--matches", "1",
                 "--rules", '{"jokers": true, "target": 60}']) == 0
    assert "sage" in capsys.readouterr().out
    assert main(["arena", "--game", "gin", "--bots", "nobody"]) == 2


def test_arena_rotates_seats():
    assert arena.seat_plan(2, 2, 0) == [0, 1]
    assert arena.seat_plan(2, 2, 1) == [1, 0]
    seen = {tuple(arena.seat_plan(3, 3, m)) for m in range(3)}
    assert len(seen) == 3
    assert JOKER == 52
