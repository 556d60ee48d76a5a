"""The guided first hands (rummy.tutorial): every step is legal for the seat it names, every rule the lesson
promises comes up, and the closing words say what really happened."""

from __future__ import annotations

import json

import pytest

from rummy import Action, seat_view
from rummy.cards import parse_card
from rummy.tutorial import TUTORIALS, tutorial


@pytest.mark.parametrize("game", ["gin", "rummy"])
def test_every_step_is_legal_and_the_hand_ends_with_the_last(game):
    t = tutorial(game)
    g = t.new_game()
    for i, step in enumerate(t.steps):
        assert t.step(len(g.records[-1].actions)) == step
        assert g.turn == step.seat, (i, step)
        assert Action.parse(step.action) in g.legal_actions(), (i, step)
        # one sentence a step, and highlights that name real things
        assert step.say and step.say[-1] in ".…)" and step.say.count(". ") <= 1
        for h in step.highlight:
            if h not in ("stock", "discard") and not h.startswith(("meld:", "button:")):
                parse_card(h)
        if step.seat == 0:  # the learner is shown only cards it can see: its own and the discard pile's
            for h in step.highlight:
                if len(h) == 2:
                    c = parse_card(h)
                    assert c in g.hands[0] or c == g.discard[-1], (i, h)
        assert g.phase.in_hand
        g.apply(step.action, step.seat)
    assert not g.phase.in_hand and t.step(len(t.steps)) is None
    json.dumps(t.to_data())


def test_gin_every_rule_comes_up():
    t = tutorial("gin")
    kinds = [Action.parse(s.action).kind for s in t.steps if s.seat == 0]
    assert {"draw discard", "draw stock", "discard", "knock"} <= set(kinds)
    g = t.new_game()
    assert g.phase == "first-upcard" and g.turn == 0  # the first upcard is offered to the learner
    for s in t.steps:
        g.apply(s.action, s.seat)
    r = g.results[-1]
    assert r.end == "knock" and r.winner == 0
    k = r.knock
    assert k is not None and k.knocker == 0 and k.deadwood == (6, 23) and len(k.layoffs) == 2
    assert r.points[0] == 17
    assert "17 points" in t.outro and "23 deadwood" in t.outro and "9♣" in t.outro and "4♣" in t.outro
    assert "gin" in t.steps[-1].say


def test_rummy_every_rule_comes_up():
    t = tutorial("rummy")
    g = t.new_game()
    layoffs_on = set()
    for s in t.steps:
        a = Action.parse(s.action)
        if a.kind == "layoff" and s.seat == 0:
            layoffs_on.add(a.meld)
        g.apply(a, s.seat)
    kinds = {Action.parse(s.action).kind for s in t.steps if s.seat == 0}
    assert {"draw discard", "draw stock", "meld", "layoff", "discard"} <= kinds
    assert layoffs_on == {2, 3}  # on the learner's own run and on the opponent's set
    r = g.results[-1]
    assert r.end == "out" and r.winner == 0 and r.points[0] == sum(r.values[1:]) > 0
    assert "rummy" in t.outro


def test_the_learners_view_only_shows_what_it_may():
    """The tutorial is an ordinary hand: seat 0's view holds its own cards only."""
    for game in TUTORIALS:
        g = tutorial(game).new_game()
        v = seat_view(g, 0)
        assert set(v.hand) == set(g.hands[0]) and not set(v.hand) & set(g.hands[1])


def test_unknown_game():
    with pytest.raises(ValueError):
        tutorial("poker")
