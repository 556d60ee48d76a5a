"""The searching Gin bot (rummy.bots.gin_search) and its simulator (rummy.bots.gin_sim).

Legal actions in every phase, the obvious calls (big gin, gin), determinism, the playout budget, and the
sliced search ending where the one-shot search ends. Fair play for the profiles built on it is checked by
tests/test_bots.py (the scramble test covers every profile). Strength is measured by benchmarks
(``python -m bench.openspiel_gin``, ``python -m rummy arena``), never here.
"""

from __future__ import annotations

import random

import pytest
from helpers import bots_play, new_game, play
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import Game, seat_view
from rummy.actions import Action
from rummy.bots import make_bot
from rummy.bots.gin_search import GinSearchBot, SearchStyle
from rummy.bots.gin_sim import (
    HandRules,
    MatchValue,
    Policy,
    best_discard,
    defender_deadwood,
    fits,
    knock_points,
    playout,
)
from rummy.deadwood import best_discards, hand_mask, knock_outcome, min_deadwood

SMALL = SearchStyle(samples=6, budget=40)

LOSER = "2S 4S 6S 8S TS 3H 5H QD JC KD"


def drive(g: Game, bots: list, max_actions: int, check=None) -> None:
    bots_play(g, bots, max_actions, check and (lambda g, bot, view, a: check(view, a)))


# ----- the simulator -----

cards11 = st.lists(st.integers(0, 51), min_size=11, max_size=11, unique=True)
two_hands = st.lists(st.integers(0, 51), min_size=20, max_size=20, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards11)
def test_best_discard_leaves_the_least_deadwood(cards):
    dw, card = best_discard(hand_mask(cards))
    ranked = best_discards(cards)
    assert dw == ranked[0][0]
    assert card in cards and min_deadwood([c for c in cards if c != card]) == dw
    value = lambda c: min(c % 13 + 1, 10)
    assert value(card) == max(value(c) for d, c in ranked if d == dw)  # ties: the higher card goes


@settings(max_examples=200, deadline=None)
@given(two_hands, st.booleans())
def test_knock_points_settle_as_the_rulebook(cards, tie_undercuts):
    knocker, defender = cards[:10], cards[10:]
    out = knock_outcome(knocker, defender)
    rules = HandRules(undercut_on_tie=tie_undercuts)
    k, d = out["knocker_deadwood"], out["defender_deadwood"]
    if out["gin"]:
        want = 25 + d
    elif d < k or (d == k and tie_undercuts):
        want = -(25 + k - d)
    else:
        want = d - k
    assert knock_points(hand_mask(knocker), hand_mask(defender), rules) == want
    if not out["gin"]:
        assert defender_deadwood(hand_mask(knocker), hand_mask(defender)) == d


def test_fits_finds_sets_and_runs():
    m = hand_mask([0, 13, 26 + 5, 26 + 6, 39 + 9])  # AC AD, 6H 7H, TS
    assert fits(26, m)  # AH: a set of aces
    assert fits(26 + 4, m) and fits(26 + 7, m)  # 5H, 8H: runs
    assert not fits(26 + 8, m)  # 9H: only one card next to it... 7H is two away
    assert not fits(39 + 10, m)  # JS: one neighbour


def test_playout_ends_with_a_score_from_the_rules():
    rng = random.Random(4)
    rules = HandRules()
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [hand_mask(deck[:10]), hand_mask(deck[10:20])]
        up, stock = deck[20], deck[21:]
        pts = playout(hands, stock, 0, len(stock) - 1, up, 0, False, [0, 0], (Policy(), Policy(knock_at=3)), rules)
        assert isinstance(pts, int) and -200 < pts < 200
        assert (bin(hands[0]).count("1") == 10 and bin(hands[1]).count("1") == 10) or pts != 0
        assert not hands[0] & hands[1]


def test_match_value_rises_with_my_score_and_falls_with_theirs():
    v = MatchValue(100)
    assert v(0, 0) == pytest.approx(0.5)
    assert v(100, 40) == 1.0 and v(40, 100) == 0.0
    assert v(60, 20) > v(40, 20) > v(20, 20) > v(20, 40) > v(20, 60)
    assert v(50, 30) + v(30, 50) == pytest.approx(1.0)


# ----- decisions -----

@pytest.mark.parametrize("rules", [None, {"preset": "tournament"}, {"preset": "oklahoma"}, {"knock_limit": 0},
                                   {"big_gin": False, "undercut_on_tie": False}])
def test_search_plays_legal_moves_in_every_phase(rules):
    seen = set()
    for seed in range(2):
        g = Game.new("gin", 2, rules, seed=seed)
        other = make_bot(["casual", "skilled", "expert"][seed % 3], "gin", seed + 7)

        def check(v, a):
            seen.add((v.phase, a.kind))

        drive(g, [GinSearchBot(SMALL, seed), other], 220, check)
    assert {p for p, _ in seen} >= {"first-upcard", "draw", "play"}


def test_search_calls_big_gin_and_gin_at_once():
    # big gin: 11 cards in melds after taking the upcard
    g = new_game("gin", hands=["", "AC 2C 3C 4D 5D 6D 7H 8H 9H JH"], upcard="TH", dealer=0)
    play(g, "draw discard")
    assert GinSearchBot(SMALL, 1).choose(seat_view(g, 1)) == Action("big gin")
    # gin (big gin not played): knock with the only card that leaves 0 deadwood
    g = new_game("gin", 2, {"big_gin": False}, hands=["", "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"], upcard="TH", dealer=0)
    play(g, "draw discard")
    assert GinSearchBot(SMALL, 1).choose(seat_view(g, 1)) == Action.parse("knock KS")


def test_search_weighs_a_knock_against_playing_on():
    # 1 deadwood after throwing KS: the knock is a candidate next to the best discards, and the answer is legal
    g = new_game("gin", hands=[LOSER, "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"], upcard="AH", dealer=0)
    play(g, "draw discard")
    v = seat_view(g, 1)
    run = GinSearchBot(SearchStyle(samples=8), 3).start(v)
    a = run.finish()
    assert a in v.legal
    kinds = [arm.action for arm in run.arms]
    assert Action.parse("knock KS") in kinds and Action.parse("discard KS") in kinds
    assert all(arm.n <= run.samples for arm in run.arms)
    assert next(arm.n for arm in run.arms if arm.kind == "knock") == run.samples


def test_search_is_deterministic_and_counts_its_playouts():
    g = Game.new("gin", 2, None, seed=5)
    bots = [make_bot("skilled", "gin", 1), make_bot("skilled", "gin", 2)]
    style = SearchStyle(samples=10, budget=30)
    checked = 0
    for _ in range(40):
        if g.phase not in ("first-upcard", "draw", "play"):
            break
        v = seat_view(g, g.turn)
        r1 = GinSearchBot(style, 9).start(v)
        a1 = r1.finish()
        a2 = GinSearchBot(style, 9).choose(seat_view(g, g.turn))
        assert a1 == a2 and a1 in v.legal
        assert r1.playouts <= style.budget
        if r1.arms:
            width = sum(1 for arm in r1.arms if arm.kind != "knock")
            n, n_first, keep = GinSearchBot(style, 9)._plan(r1.arms)
            assert r1.samples == n and r1.playouts == n_first * width + (n - n_first) * keep
            assert all(arm.n in (n, n_first) for arm in r1.arms)
            checked += 1
        g.apply(bots[g.turn].choose(v), g.turn)
    assert checked >= 10


def test_sliced_search_ends_on_the_one_shot_action():
    g = Game.new("gin", 2, {"preset": "tournament"}, seed=8)
    bots = [make_bot("expert", "gin", 1), make_bot("skilled", "gin", 2)]
    bot = GinSearchBot(SearchStyle(samples=12, budget=60), 4)
    compared = 0
    while compared < 30:
        if g.phase == "hand-over":
            g.deal()
            continue
        assert g.phase in ("first-upcard", "draw", "play")
        v = seat_view(g, g.turn)
        whole = bot.choose(v)
        for step in (1, 3, 7):
            run = bot.start(v)
            slices = 0
            while not run.advance(step):
                slices += 1
            assert run.action == whole
            if run.arms:
                assert slices >= (run.samples - 1) // step
        compared += 1
        g.apply(bots[g.turn].choose(v), g.turn)


def test_search_refuses_a_view_without_a_turn():
    g = Game.new("gin", 2, None, seed=1)
    v = seat_view(g, 1 - g.turn)
    with pytest.raises(ValueError):
        GinSearchBot(SMALL, 1).choose(v)


def test_hugo_advises_his_own_choice_in_adas_words():
    """Hugo is an Advisor: the advice is his own choice, worded and priced by Ada's evaluation of the same view
    (gin_advice.advise_gin), every cost non-negative; READER is Ada's style."""
    from rummy.bots import (
        _GIN_STYLES,  # the roster's styles
        Advisor,
        get_profile,
    )
    from rummy.bots.gin_search import READER

    assert _GIN_STYLES["ada"] == READER and get_profile("hugo").game == "gin"
    hugo = make_bot("hugo", "gin", 3)
    assert isinstance(hugo, GinSearchBot) and isinstance(hugo, Advisor)
    g = Game.new("gin", 2, None, seed=6)
    n = 0
    for _ in range(60):
        if g.phase == "match-over":
            break
        if g.phase == "hand-over":
            g.deal()
            continue
        v = seat_view(g, g.turn)
        adv = hugo.advise(v, ["You", "Ada"])
        assert adv.action == hugo.choose(v) and adv.action in v.legal
        assert [o.action for o in adv.options] == list(v.legal)
        assert all(o.cost is None or o.cost >= 0 for o in adv.options)
        assert adv.words.endswith(".")
        g.apply(adv.action, g.turn)
        n += 1
    assert n >= 40
