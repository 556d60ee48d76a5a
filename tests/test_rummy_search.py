"""The Basic Rummy expert Iris (rummy/bots/rummy_search.py), its distance-to-going-out solver (reach), and
the playout simulator and determinized deals of the lever bench (bench/rummy_sim.py, bench/rummy_mc.py).

Strength and decision times are measured by ``python -m rummy arena`` and ``python -m bench.rummy_levers``
(docs/bots.md), not here.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from helpers import bots_play
from hypothesis import example, given, settings
from hypothesis import strategies as st

import rummy.bots.rummy_search as search
from bench.rummy_levers import McDrawBot
from bench.rummy_mc import Deals, table_history, utility
from bench.rummy_sim import SAGE_LIKE, Outcome
from rummy import Game, seat_view
from rummy.bots import TIER_BOTS, make_bot
from rummy.bots.reach import clear_cache, reach
from rummy.bots.rummy_search import RummySearchBot, SearchStyle
from rummy.cards import JOKER, parse_cards
from rummy.cards import mask_of as mask
from rummy.rng import Rng

FULL = (1 << 52) - 1


def bits(text: str) -> int:
    return mask(parse_cards(text))


def play(g: Game, bots: list, max_actions: int, check=None) -> None:
    bots_play(g, bots, max_actions, check and (lambda g, bot, view, a: check(bot, view, a)))


# ----- the bot -----

def test_expert_tier_is_the_searching_bot():
    assert TIER_BOTS["rummy"]["expert"] == "iris"
    assert isinstance(make_bot("expert", "rummy", 1), RummySearchBot)


def test_the_hint_is_iris_own_choice():
    """Hints and the coach ask the rummy expert: Iris advises her own choice, worded and priced by the heuristic
    expert's evaluation of the same table (rummy_advice); the costs are never negative."""
    from rummy.bots import Advisor, expert_advisor

    iris = expert_advisor("rummy", seed=4)
    assert isinstance(iris, RummySearchBot) and isinstance(iris, Advisor)
    n = 0

    def check(bot, view, a):
        nonlocal n
        adv = iris.advise(view, ["You", "Dot", "Mel"][:view.players])
        assert adv.action == iris.choose(view) and adv.action in view.legal
        assert all(o.cost is None or o.cost >= 0 for o in adv.options)
        assert adv.words.endswith(".")
        n += 1

    play(Game.new("rummy", 3, None, seed=8),
         [make_bot("iris", "rummy", 4), make_bot("sage", "rummy", 5), make_bot("dot", "rummy", 6)], 150, check)
    assert n >= 100


PRESETS = [
    None,
    {"preset": "classic-book"},
    {"preset": "novel-games"},
    {"jokers": True},
    {"aces": "high-or-low"},
    {"aces": "high-or-low", "jokers": True, "discard_to_go_out": True},
    {"reuse_discards": "never", "scoring": "penalty"},
    {"melds_per_turn": 1, "going_rummy_doubles": False},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_legal_in_every_phase_with_every_preset(players):
    phases = set()
    for k, rules in enumerate(PRESETS):
        seed = players * 31 + k
        g = Game.new("rummy", players, rules, seed=seed)
        bots = [make_bot("iris", "rummy", seed + s) if s % 2 == 0 else make_bot("sage", "rummy", seed + s)
                for s in range(players)]
        play(g, bots, 120 if players > 3 else 180, lambda b, v, a: phases.add(v.phase))
    assert phases == {"draw", "play"}


def test_goes_out_and_finishes_a_match_with_jokers():
    g = Game.new("rummy", 3, {"jokers": True, "target": 60}, seed=8)
    bots = [make_bot("iris", "rummy", 1), make_bot("sage", "rummy", 2), make_bot("dot", "rummy", 3)]
    play(g, bots, 6000)
    assert g.phase == "match-over"
    assert any(r.end in ("out", "rummy") and r.winner == 0 for r in g.results)


@pytest.mark.parametrize("rules", [None, {"jokers": True, "aces": "high-or-low"}])
def test_deterministic_for_seed_and_view(rules):
    g = Game.new("rummy", 3, rules, seed=4)
    drivers = [make_bot("sage", "rummy", s) for s in range(3)]
    clear_cache()
    for _ in range(90):
        if g.phase not in ("draw", "play"):
            break
        s = g.turn
        v = seat_view(g, s)
        first = RummySearchBot(SearchStyle(), 9).choose(v)
        assert first == RummySearchBot(SearchStyle(), 9).choose(seat_view(g, s))
        clear_cache()  # a cold cache gives the same answer
        assert first == RummySearchBot(SearchStyle(), 9).choose(v)
        g.apply(drivers[s].choose(v), s)


def test_work_is_bounded_by_the_hand(monkeypatch):
    """No sampling: one search of the hand for the draw, one per card that may be thrown."""
    calls = []
    real = search.reach

    def counting(*args, **kw):
        calls.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(search, "reach", counting)

    def check(bot, view, action):
        if isinstance(bot, RummySearchBot):
            throws = len({a.card for a in view.legal if a.kind == "discard"})
            assert len(calls) <= (1 if view.phase == "draw" else throws)
        calls.clear()

    g = Game.new("rummy", 4, None, seed=12)
    play(g, [make_bot("iris", "rummy", s) for s in range(4)], 400, check)


def test_monte_carlo_lever_stays_within_its_sample_budget():
    used = []

    def check(bot, view, action):
        if isinstance(bot, McDrawBot):
            assert bot.playouts <= 2 * bot.samples
            used.append(bot.playouts)

    g = Game.new("rummy", 2, None, seed=12)
    play(g, [McDrawBot(4, 1), make_bot("sage", "rummy", 2)], 150, check)
    assert max(used) == 2 * 4  # it did search, and never beyond the budget


def test_takes_a_discard_that_is_an_out():
    # 2 players; seat 0 holds 5H 6H and two pairs; 7H on the pile completes a run: take it
    g = Game.new("rummy", 2, None, seed=1)
    d = g.to_dict()
    d["hands"][0] = ["5H", "6H", "9C", "9D", "KS", "KD", "2C", "3D", "QS", "JC"]
    used = set(d["hands"][0]) | {"7H"}
    rest = [c for c in (r + s for s in "CDHS" for r in "A23456789TJQK") if c not in used]
    d["hands"][1] = rest[:10]
    d["discard"] = ["7H"]
    d["stock"] = rest[10:]
    d["turn"] = 0
    d["phase"] = "draw"
    d["log"] = []
    g2 = Game.from_dict(d)
    assert str(make_bot("iris", "rummy", 1).choose(seat_view(g2, 0))) == "draw discard"


# ----- reach: the distance to going out -----

def _runs(avail_or_hand: int, ext: int) -> list[int]:
    out = []
    for s in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                m = sum(1 << (s * 13 + r) for r in range(lo, hi + 1))
                out.append(m)
    return out


def brute_reach(hand: int, avail: int, need: int, ext: int = 0) -> int:
    """The fewest missing cards by exhaustive search over the same melds reach() considers: runs, sets with
    at least two cards of the hand and at most one missing card, and single lay-offs on the table."""
    cards = hand | avail
    melds = [m for m in _runs(cards, ext) if m & ~cards == 0]
    for r in range(13):
        rank = [1 << (s * 13 + r) for s in range(4) if cards >> (s * 13 + r) & 1]
        for k in (3, 4):
            for comb in combinations(rank, k):
                m = sum(comb)
                if (m & hand).bit_count() >= 2 and (m & ~hand).bit_count() <= 1:
                    melds.append(m)
    melds += [1 << c for c in range(52) if ext >> c & 1 and cards >> c & 1]
    # a run may be made of drawn cards alone (the hand's own cards discarded meanwhile); fewest missing first
    melds.sort(key=lambda m: ((m & ~hand).bit_count(), -m.bit_count()))
    best = [99]

    def dfs(i: int, used: int, covered: int, missing: int) -> None:
        if missing >= best[0]:
            return
        if covered >= need:
            best[0] = missing
            return
        for j in range(i, len(melds)):
            m = melds[j]
            if not m & used:
                dfs(j + 1, used | m, covered + m.bit_count(), missing + (m & ~hand).bit_count())

    dfs(0, 0, 0, 0)
    return best[0]


hands = st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True)


@settings(max_examples=60, deadline=None)
@given(hands, st.lists(st.integers(0, 51), max_size=25, unique=True), st.integers(0, 3))
@example(hand=[0, 1, 32], dead=[34, 0, 1, 2, 3, 31], extra=0)  # only a run of three drawn cards goes out
def test_reach_matches_exhaustive_search(hand, dead, extra):
    h = mask(hand)
    avail = FULL & ~h & ~mask(dead)
    # lay-off targets: a few cards of the suits held
    ext = sum(1 << c for c in range(52) if (c * 7 + extra) % 17 == 0) & ~h
    need = len(hand)
    got, _ = reach(h, avail, need, ext)
    want = brute_reach(h, avail, need, ext)
    assert got == min(want, 99)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=10, unique=True), st.lists(st.integers(0, 51), max_size=15, unique=True))
def test_every_out_brings_the_hand_one_card_closer(hand, dead):
    h = mask(hand)
    avail = FULL & ~h & ~mask(dead)
    need = len(hand)
    missing, outs = reach(h, avail, need)
    assert outs & ~avail == 0
    assert (missing == 0) == (outs == 0) or missing >= 99
    for c in range(52):
        if outs >> c & 1:
            assert reach(h | 1 << c, avail & ~(1 << c), need)[0] <= missing - 1


def test_reach_known_hands():
    full = FULL
    # three melds of ten cards: nothing missing
    h = bits("3D 4D 5D 6D 5H 6H 7H 8H 9H TH")
    assert reach(h, full & ~h, 10) == (0, 0)
    # one card short: any card that extends a run (a lone king makes no set: a set needs two held)
    h = bits("3D 4D 5D 6D 5H 6H 7H 8H 9H KS")
    assert reach(h, full & ~h, 10) == (1, bits("2D 7D 4H TH"))
    # the 7D is dead: one fewer out
    assert reach(h, full & ~h & ~bits("7D"), 10) == (1, bits("2D 4H TH"))
    # with a second king, a third one is an out too
    h = bits("3D 4D 5D 6D 5H 6H 7H 8H KD KS")
    assert reach(h, full & ~h, 10) == (1, bits("KC KH"))
    # a lay-off on the table covers a card
    assert reach(bits("5C 5D 5H KS"), full & ~bits("5C 5D 5H KS"), 4, ext=bits("KS"))[0] == 0
    # aces high: Q K A is a run only then
    h = bits("QS KS AS")
    assert reach(h, full & ~h, 3)[0] == 1
    assert reach(h, full & ~h, 3, aces_high=True)[0] == 0


# ----- the simulator and the deals -----

def test_deals_keep_what_the_seat_sees():
    g = Game.new("rummy", 4, None, seed=3)
    bots = [make_bot("sage", "rummy", s) for s in range(4)]
    play(g, bots, 40)
    s = g.turn
    view = seat_view(g, s)
    deals = Deals(view)
    seen = mask(view.hand) | mask(view.discard)
    for _ in range(20):
        sim = deals.deal(Rng(7), [SAGE_LIKE] * 4)
        assert sim.hands[s] == mask(view.hand)
        assert [h.bit_count() for h in sim.hands] == list(view.hand_counts)
        assert len(sim.stock) == view.stock_count
        every = 0
        for h in sim.hands:
            assert not every & h
            every |= h
        for c in sim.stock + sim.discard:
            assert not every >> c & 1
            every |= 1 << c
        for m in sim.table:
            every |= m
        assert every == FULL
        for o in range(4):
            if o != s:
                assert mask(view.known_cards(o)) & ~seen & ~sim.hands[o] == 0


def test_playouts_conserve_cards_and_end():
    rng = random.Random(5)
    for k in range(30):
        players = rng.choice([2, 3, 4, 6])
        rules = rng.choice([None, {"preset": "classic-book"}, {"discard_to_go_out": True}, {"reuse_discards": "never"}])
        g = Game.new("rummy", players, rules, seed=k)
        view = seat_view(g, g.turn)
        sim = Deals(view).deal(Rng(k), [SAGE_LIKE] * players)
        out = sim.playout()
        assert isinstance(out, Outcome) and len(out.points) == players
        every = 0
        for h in sim.hands:
            assert not every & h
            every |= h
        for c in sim.stock + sim.discard:
            assert not every >> c & 1
            every |= 1 << c
        for m in sim.table:
            assert not every & m
            every |= m
        assert every == FULL
        if out.winner is not None and (rules or {}).get("reuse_discards") != "never":
            assert sim.hands[out.winner] == 0


def test_utility_reads_the_match():
    g = Game.new("rummy", 2, None, seed=1)
    v = seat_view(g, 0)
    assert utility(v, Outcome(0, [120, 0], True)) == 1.0
    assert utility(v, Outcome(1, [0, 120], True)) == 0.0
    assert 0.5 < utility(v, Outcome(0, [20, 0], False)) < 1.0
    assert table_history(v) == ([False, False], 0)


def test_joker_is_never_thrown_when_another_card_can_go():
    g = Game.new("rummy", 2, {"jokers": True}, seed=2)
    bots = [make_bot("iris", "rummy", 1), make_bot("sage", "rummy", 2)]

    def check(bot, view, action):
        if isinstance(bot, RummySearchBot) and action.kind == "discard":
            others = [a for a in view.legal if a.kind == "discard" and a.card != JOKER]
            assert action.card != JOKER or not others

    play(g, bots, 600, check)
