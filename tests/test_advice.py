"""Hints with reasons (rummy.bots.advice, gin_advice, rummy_advice): the hint is the expert's own choice and is
legal, every legal action is valued, the reasons say true things about the position, and the advice depends
on the seat's view only."""

from __future__ import annotations

import json
import random

import pytest
from helpers import new_game, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bots import _scrambled

from rummy import Action, Game, seat_view
from rummy.bots import Advisor, GinSearchBot, expert_advisor, make_bot
from rummy.bots.advice import action_words, face, sentence
from rummy.bots.base import passed_cards
from rummy.cards import parse_card
from rummy.deadwood import is_meld, min_deadwood

NAMES = ["You", "Ada", "Dot", "Mel"]
CODES = {"deadwood", "no-meld", "few-chances", "opponent-signals", "safe", "avoid-feeding", "lookahead", "knock",
         "gin", "big-gin", "stock-low", "knock-wait", "makes-meld", "can-knock", "deny", "upcard-no-help",
         "stock-expect", "go-out", "lay-down", "hold", "points", "fits-table", "joker", "layoff", "points-left",
         "must-stock"}


def _decisions(game: str, players: int, seed: int, rules: dict | None = None, hands: int = 1, seat0=None):
    """Seat 0's views over ``hands`` hands of experts playing; ``seat0(view)``: seat 0's action (by default another
    expert's). A test that has asked its advisor already plays the advice: no second search of the same view."""
    g = Game.new(game, players, rules, seed=seed)
    bots = [make_bot("expert", game, seed + s) for s in range(players)]
    done = 0
    for _ in range(3000):
        if g.phase == "match-over":
            return
        if g.phase == "hand-over":
            done += 1
            if done >= hands:
                return
            g.deal()
            continue
        s = g.turn
        assert s is not None
        v = seat_view(g, s)
        if s == 0:
            yield v
            if seat0 is not None:
                g.apply(seat0(v), s)
                continue
        g.apply(bots[s].choose(v), s)


def _check_advice(advisor, v):
    """The advice for ``v`` is sound; returns its action (the advisor's own choice)."""
    adv = advisor.advise(v, NAMES[:v.players])
    assert adv.action == advisor.choose(v)
    assert adv.action in v.legal
    assert [o.action for o in adv.options] == list(v.legal)
    assert adv.cost_of(adv.action) == 0.0
    for o in adv.options:
        assert o.cost is None or o.cost >= 0
    assert adv.words.startswith(adv.words[:1].upper()) and adv.words.endswith(".")
    assert {r.code for r in adv.reasons} <= CODES
    json.dumps(adv.to_data())  # JSON-ready
    return adv.action


@pytest.mark.parametrize("game,players,rules", [
    ("gin", 2, None), ("gin", 2, {"preset": "oklahoma"}), ("rummy", 2, None), ("rummy", 4, {"jokers": True}),
    ("rummy", 3, {"aces": "high-or-low", "discard_to_go_out": True, "target": 1000}),  # two hands, whoever wins
])
def test_the_hint_is_the_experts_legal_choice_with_every_action_valued(game, players, rules):
    advisor = expert_advisor(game, seed=3)
    assert isinstance(advisor, Advisor)
    n = 0
    for _v in _decisions(game, players, 11, rules, hands=2, seat0=lambda v: _check_advice(advisor, v)):
        n += 1
    assert n >= 10


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["gin", "rummy"]), advisor_seed=st.integers(0, 50))
def test_the_hint_equals_the_experts_choice_in_any_deal(seed, game, advisor_seed):
    advisor = expert_advisor(game, seed=advisor_seed)
    for _v in _decisions(game, 2, seed, seat0=lambda v: _check_advice(advisor, v)):
        pass


def _unseen(v) -> set[int]:
    return set(range(52)) - set(v.hand) - set(v.discard) - set(v.known_cards(1 - v.seat))


def test_gin_discard_reasons_say_true_things():
    """The deadwood said is the deadwood left; "can't join a meld" means no unseen card makes a meld with it;
    the opponent's signals are cards it really threw or passed on."""
    advisor = expert_advisor("gin")
    seen = set()
    for seed in range(6):
        if seed >= 2 and {"deadwood", "no-meld", "opponent-signals"} <= seen:
            break  # two whole hands, and every reason has been said at least once
        for v in _decisions("gin", 2, seed):
            adv = advisor.advise(v, NAMES[:2])
            if adv.action.kind != "discard":
                continue
            c = adv.action.card
            rest = [x for x in v.hand if x != c]
            for r in adv.reasons:
                seen.add(r.code)
                if r.code == "deadwood":
                    assert r.params["deadwood"] == min_deadwood(rest)
                    assert str(r.params["deadwood"]) in r.words
                if r.code == "no-meld":
                    for u in _unseen(v):
                        assert not any(is_meld([c, u, h]) for h in rest), (v.hand, u)
                if r.code == "opponent-signals":
                    assert "Ada" in r.words
                    assert {parse_card(t) for t in r.params["threw"]} <= set(v.thrown(1))
                    assert {parse_card(t) for t in r.params["passed"]} <= set(passed_cards(v, 1))
                    assert len(set(r.params["passed"])) == len(r.params["passed"])  # each card said once
            assert adv.words.startswith((f"Discard {face(c)}", f"Don't knock yet; discard {face(c)}"))
    assert {"deadwood", "no-meld", "opponent-signals"} <= seen


def test_gin_hint_is_hugos_choice_where_ada_would_differ():
    """The Gin expert tier's reference (the hint's advisor) is Hugo, the searching bot: where his choice is not
    Ada's, the hint is his, and its words are about his card (worded and priced by Ada's evaluation)."""
    advisor = expert_advisor("gin")
    assert isinstance(advisor, GinSearchBot)
    ada = make_bot("ada", "gin", 0)
    differ = 0
    for seed in range(2):
        g = Game.new("gin", seed=seed)
        bots = [make_bot("sam", "gin", 1), make_bot("sam", "gin", 2)]
        while g.phase not in ("hand-over", "match-over"):
            s = g.turn
            v = seat_view(g, s)
            if s == 0:
                choice = advisor.choose(v)
                adv = advisor.advise(v, NAMES[:2])
                assert adv.action == choice
                if choice != ada.choose(v) and choice.kind == "discard":
                    differ += 1
                    assert adv.words.startswith((f"Discard {face(choice.card)}", "Don't knock yet; discard "
                                                 f"{face(choice.card)}"))
                    assert adv.cost_of(choice) == 0.0
            g.apply(bots[s].choose(v), s)
    assert differ >= 2


def test_gin_the_example_sentence():
    """The example sentence of a hint: a card that can't join a meld, next to a card the opponent passed on, and the
    deadwood it leaves (12, down from 15 before the draw)."""
    g = new_game("gin", dealer=1, hands=["2C 3C 4C 7D 7S 7C 9H AS 2S 3D", "AH 2H 3H AD 2D KS QS JS 5D 4D"],
                 upcard="TH", stock="6C 8D JC")
    play(g, "pass", "pass", "draw stock")  # Ada passed on 10♥; we drew 6♣
    adv = expert_advisor("gin").advise(seat_view(g, 0), NAMES[:2])
    assert adv.words == "Discard 9♥: it can't join a meld, Ada passed on 10♥, and your deadwood drops to 12."
    assert [r.code for r in adv.reasons][:3] == ["no-meld", "opponent-signals", "deadwood"]
    assert adv.reasons[1].params == {"seat": 1, "card": "9H", "threw": [], "passed": ["TH"]}
    # without names the opponent is "your opponent"
    assert "your opponent passed on 10♥" in expert_advisor("gin").advise(seat_view(g, 0)).words


def test_gin_a_card_passed_on_twice_is_said_once():
    """The non-dealer passes on the first upcard and then draws from the stock with it still on top: it passed
    on 10♥ twice, which is one card, not "two hearts"."""
    g = new_game("gin", dealer=0, hands=["2C 3C 4C 7D 7S 7C 9H AS 2S 3D", "AH 2H 3H AD 2D KS QS JS 5D 4D"],
                 upcard="TH", stock="6C 8D JC")
    play(g, "pass", "pass", "draw stock", "discard 6C", "draw stock")
    v = seat_view(g, 0)
    assert passed_cards(v, 1) == [parse_card("TH"), parse_card("TH")]
    adv = make_bot("ada", "gin").advise(v, NAMES[:2])
    assert adv.words == "Discard 9♥: it can't join a meld, Ada passed on 10♥, and your deadwood drops to 14."
    assert adv.reasons[1].params["passed"] == ["TH"]


def test_gin_gin_and_knock_reasons():
    # seat 0 holds gin after drawing: the advice knocks, and says it is gin
    g = new_game("gin", dealer=1, hands=["2C 3C 4C 7D 7H 7S 9H TH JH KD", "AH 2H 3H AD 2D 3D AS 2S 3S 4D"],
                 upcard="QS", stock="QH 8D JC")
    play(g, "pass", "pass", "draw stock")  # QH: 9H TH JH QH
    adv = expert_advisor("gin").advise(seat_view(g, 0), NAMES[:2])
    assert adv.action == Action.knock(parse_card("KD"))
    assert adv.reasons[0].code == "gin" and "gin" in adv.words
    # discarding instead costs at least the knock's expected points over the expert's threshold
    assert all(o.cost is not None and o.cost > 0 for o in adv.options if o.action.kind == "discard")


def test_rummy_going_out_is_said():
    from rummy.tutorial import tutorial

    t = tutorial("rummy")
    g = t.new_game()
    for s in t.steps[:-1]:
        g.apply(s.action, s.seat)
    adv = expert_advisor("rummy").advise(seat_view(g, 0), ["You", "Tilly"])
    assert adv.action == Action.parse("meld AC 2C 3C")
    assert adv.reasons[0].code == "go-out"
    assert "go out" in adv.words


def test_rummy_plan_steps_are_the_same_advice():
    """When the expert lays down, any meld of its plan counts as the advice itself (no cost, same=True)."""
    g = new_game("rummy", 2, dealer=1, hands=["4H 5H 6H 8S 8D 8C KC QD 2C 3S", ""], upcard="9D", stock="KH")
    play(g, "draw stock")
    v = seat_view(g, 0)
    adv = make_bot("mel", "rummy").advise(v, ["You", "Mel"])  # Mel melds at once
    assert adv.action.kind == "meld"
    same = [o.action for o in adv.options if o.same]
    assert Action.parse("meld 4H 5H 6H") in same + [adv.action]
    assert Action.parse("meld 8C 8D 8S") in same + [adv.action]


@pytest.mark.parametrize("game,players", [("gin", 2), ("rummy", 3)])
def test_advice_depends_on_the_view_only(game, players):
    """Two games that look the same from seat 0, with different stocks and hidden hands: the same advice."""
    rng = random.Random(5)
    g = Game.new(game, players, None, seed=23)
    drivers = [make_bot("skilled", game, 100 + s) for s in range(players)]
    advisor = expert_advisor(game, seed=9)
    checked = 0
    for _ in range(300):
        if g.phase == "match-over" or checked == 30:  # enough decisions, over more than one hand
            break
        if g.phase == "hand-over":
            g.deal()
            continue
        s = g.turn
        if s == 0:
            other = _scrambled(g, 0, rng)
            a, b = advisor.advise(seat_view(g, 0)), advisor.advise(seat_view(other, 0))
            assert a == b
            checked += 1
        g.apply(drivers[s].choose(seat_view(g, s)), s)
    assert checked >= 20


def test_words():
    assert face(parse_card("TH")) == "10♥" and face(parse_card("AS")) == "A♠"
    assert action_words(Action.parse("knock 6C")) == "Knock with 6♣"
    assert action_words(Action.parse("layoff 7H 2")) == "Lay off 7♥ on meld 2"
    from rummy.bots.advice import Reason

    rs = [Reason("a", {}, "one"), Reason("b", {}, "two"), Reason("c", {}, "three"), Reason("d", {}, "four")]
    assert sentence("Do it", rs) == "Do it: one, two, and three."
    assert sentence("Do it", rs[:2]) == "Do it: one and two."
    assert sentence("Do it", [Reason("a", {}, "Ada threw 8♦ and 9♦"), rs[1]]) == "Do it: Ada threw 8♦ and 9♦, and two."
    assert sentence("Do it", []) == "Do it."


def test_every_seat_can_be_advised():
    """The advisor explains any seat's decision, not only seat 0's (the coach of a record may review any seat)."""
    g = Game.new("rummy", 3, None, seed=4)
    advisor = expert_advisor("rummy")
    for _ in range(30):
        if not g.phase.in_hand:
            break
        v = seat_view(g, g.turn)
        adv = advisor.advise(v, NAMES[:3])
        assert adv.action in v.legal
        g.apply(adv.action, g.turn)


@pytest.mark.parametrize("game,players", [("gin", 2), ("rummy", 3)])
def test_any_legal_action_can_be_explained_by_the_same_evaluation(game, players):
    """advise_*(…, explain=action) words any legal action with the bot's own numbers (what a new expert may use);
    explaining the bot's own choice gives its advice."""
    from rummy.bots.gin_advice import advise_gin
    from rummy.bots.rummy_advice import advise_rummy

    advise = advise_gin if game == "gin" else advise_rummy
    bot = expert_advisor(game, seed=1)
    n = 0
    for v in _decisions(game, players, 4):
        own = bot.advise(v)
        assert advise(bot, v, None, explain=own.action) == own
        for a in v.legal[:4]:
            other = advise(bot, v, None, explain=a)
            assert other.action == a and other.words.endswith(".") and other.cost_of(a) == 0.0
            n += 1
        with pytest.raises(ValueError):
            advise(bot, v, None, explain=Action.parse("discard JK") if game == "rummy" else Action.parse("meld 2C 3C 4C"))
    assert n >= 10
