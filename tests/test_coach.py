"""The coach (rummy.coach): a hand played as the expert would have played it costs 0; a worse move is found, with
its cost and the position to replay it; the biggest one to three are marked."""

from __future__ import annotations

import json

import pytest

from rummy import Action, Game, RecordError, seat_view
from rummy.bots import expert_advisor, make_bot
from rummy.coach import AdviceMemo, HandReview, review_hand
from rummy.replays import finished_record, game_at


def _play(game: str, players: int, seed: int, seat0, rules: dict | None = None, hands: int = 1) -> Game:
    """A match where seat 0 plays ``seat0(view)`` and the others are experts, for ``hands`` hands."""
    g = Game.new(game, players, rules, seed=seed)
    bots = [make_bot("expert", game, 50 + s) for s in range(players)]
    while g.phase != "match-over" and len(g.results) < hands:
        if g.phase == "hand-over":
            g.deal()
            continue
        s = g.turn
        assert s is not None
        v = seat_view(g, s)
        g.apply(seat0(v) if s == 0 else bots[s].choose(v), s)
    return g


@pytest.mark.parametrize("game,players", [("gin", 2), ("rummy", 2), ("rummy", 3)])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_hand_played_like_the_expert_costs_nothing(game, players, seed):
    advisor = expert_advisor(game, seed=7)
    g = _play(game, players, seed, lambda v: advisor.advise(v).action, hands=2)
    rec = finished_record(g)
    for h in range(len(g.results)):
        review = review_hand(rec, h, advisor)
        assert review.decisions > 0
        assert review.mistakes == () and review.total == 0 and review.marked == ()


def test_a_worse_move_is_found_with_its_cost_and_position():
    """Seat 0 plays like the expert except that it throws its lowest card instead of the expert's discard."""
    advisor = expert_advisor("gin", seed=7)

    def seat0(v):
        a = advisor.advise(v).action
        if a.kind == "discard":
            return min((x for x in v.legal if x.kind == "discard"), key=lambda x: (x.card % 13, x.card))
        return a

    g = _play("gin", 2, 3, seat0)
    rec = json.loads(json.dumps(finished_record(g)))
    review = review_hand(rec, 0, advisor, names=["You", "Ada"])
    assert review.mistakes, "throwing low cards instead of the expert's discards must show"
    assert all(m.cost >= 0 for m in review.mistakes) and review.total > 0
    assert 1 <= len(review.marked) <= 3
    marked_costs = [review.mistakes[i].cost for i in review.marked]
    assert marked_costs == sorted(marked_costs, reverse=True)
    assert max(m.cost for m in review.mistakes) == marked_costs[0]
    for m in review.mistakes:
        # the position to replay it: the game at that index, where seat 0 was to act, seeing that view
        at = game_at(rec, m.hand, m.index)
        assert at.turn == 0 and seat_view(at, 0) == m.view
        assert m.played == Action.parse(rec["hands"][m.hand]["actions"][m.index])
        assert m.advice.action != m.played and m.advice.action in m.view.legal
        assert m.words.startswith("You chose to discard ")
        assert "Better: Discard" in m.words or "Better: Don't knock yet; discard" in m.words
    data = review.to_data()
    json.dumps(data)
    assert [x["marked"] for x in data["mistakes"]].count(True) == len(review.marked)


def test_a_review_asks_the_same_advice_a_hint_gave():
    """The coach rebuilds the player's view exactly: its advice at each decision is the hint of that moment."""
    advisor = expert_advisor("rummy", seed=2)
    hints: list[Action] = []

    def seat0(v):
        hints.append(advisor.advise(v).action)
        legal = [a for a in v.legal if a.kind == "discard"] or list(v.legal)
        return legal[-1]  # not the expert's way

    g = _play("rummy", 2, 6, seat0)
    review = review_hand(finished_record(g), 0, advisor)
    assert review.decisions == len(hints)
    for m in review.mistakes:
        assert m.advice.action in hints


class Counting:
    """An advisor that counts the views it is asked about."""

    def __init__(self, advisor):
        self.advisor, self.asked = advisor, []

    def advise(self, view, names=None):
        self.asked.append(view)
        return self.advisor.advise(view, names)

    def choose(self, view):
        return self.advise(view).action


@pytest.mark.parametrize("game,players", [("gin", 2), ("rummy", 3)])
def test_advice_remembered_is_the_advice_asked_afresh_in_any_order(game, players):
    """The expert's advice depends on the view alone: a memo that was asked about a hand's views in play order answers
    each one again with the advice a fresh expert gives when asked in the reverse order, and asks nothing again."""
    views = []
    _play(game, players, 4, lambda v: views.append(v) or v.legal[-1])
    assert len(views) > 5
    counting = Counting(expert_advisor(game, seed=9))
    memo = AdviceMemo(counting)
    first = [memo.advise(v, ["You", "Ada", "Bo"][:players]).to_data() for v in views]
    assert memo.asked == len(counting.asked) == len(views)
    fresh = expert_advisor(game, seed=9)
    assert [fresh.advise(v, ["You", "Ada", "Bo"][:players]).to_data() for v in reversed(views)] == first[::-1]
    assert [memo.advise(v, ["You", "Ada", "Bo"][:players]).to_data() for v in views] == first
    assert memo.asked == len(views) and memo.knows(views[0], ["You", "Ada", "Bo"][:players])
    assert not memo.knows(views[0]) and not memo.knows(views[0], ["You", "Eve", "Bo"][:players])  # other words


def test_a_memo_forgets_the_views_asked_about_longest_ago():
    views = []
    _play("rummy", 2, 6, lambda v: views.append(v) or v.legal[0])
    memo = AdviceMemo(expert_advisor("rummy", seed=2), limit=3)
    for v in views[:4]:
        memo.advise(v)
    assert [memo.knows(v) for v in views[:4]] == [False, True, True, True]
    memo.advise(views[1])  # asked again: kept longest
    memo.advise(views[4])
    assert [memo.knows(v) for v in views[:5]] == [False, True, False, True, True]
    assert memo.asked == 5


def test_a_review_after_the_expert_thought_along_asks_it_nothing_and_says_the_same():
    """Advice already at hand (asked while the player thought) costs the review no thought: a review with such a memo
    asks its advisor about the decisions it does not know only, gives the review a fresh expert gives, and its steps
    count only the decisions that needed thought."""
    counting = Counting(expert_advisor("gin", seed=3))
    memo = AdviceMemo(counting)
    turns = []

    def seat0(v):
        turns.append(v)
        if len(turns) % 2:  # the player took long enough over every other decision
            memo.advise(v)
        return list(v.legal)[-1]

    g = _play("gin", 2, 5, seat0)
    rec = finished_record(g)
    thought_along = len(counting.asked)
    r = HandReview(rec, 0, memo)
    steps = []
    while not r.finished:
        r.advance(2)
        steps.append(r.done)
    assert len(counting.asked) - thought_along == len(turns) // 2  # the others only
    assert r.review().mistakes
    assert r.review().to_data() == review_hand(rec, 0, expert_advisor("gin", seed=3)).to_data()
    # two decisions that needed thought per step, the known ones free
    assert len(steps) == -(-(len(turns) // 2) // 2) and steps[-1] == len(turns)
    everything = AdviceMemo(expert_advisor("gin", seed=3))
    for v in turns:
        everything.advise(v)
    asked = everything.asked
    one = HandReview(rec, 0, everything)
    one.advance(1)
    assert one.finished and everything.asked == asked  # all at hand: one step, no thought


def test_only_finished_hands_are_reviewed():
    g = Game.new("gin", 2, None, seed=1)
    g.apply(g.legal_actions()[0])
    from rummy import export_record

    with pytest.raises(RecordError):
        review_hand(export_record(g), 0, expert_advisor("gin"))


def test_melding_early_is_listed_as_a_choice_of_style_without_a_price():
    """Sage holds melds for rummy while nobody is close; a player who melds at once (like Mel) is told so,
    unpriced and never marked; priced mistakes are the only ones marked."""
    mel = make_bot("mel", "rummy", 1)
    advisor = expert_advisor("rummy", seed=7)
    found = 0
    for seed in range(8):
        g = _play("rummy", 2, seed, mel.choose)
        review = review_hand(finished_record(g), 0, advisor)
        marked = set(review.marked)
        for i, m in enumerate(review.mistakes):
            if not m.priced:
                assert m.cost == 0 and i not in marked and "(about" not in m.words
                assert m.played.kind in ("meld", "layoff", "swap", "discard")
                if m.played.kind == "meld" and any(r.code == "hold" for r in m.advice.reasons):
                    found += 1
            else:
                assert m.cost > 0
        assert review.total == round(sum(m.cost for m in review.mistakes if m.priced), 2)
    assert found > 0
