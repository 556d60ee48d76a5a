"""The coach: after a hand, the player's decisions the expert would have made otherwise, with what each cost.

    >>> review = review_hand(record, hand=0, seat=0, names=["You", "Ada"])
    >>> review.mistakes        # each: where (hand, index), what was played, the expert's advice, the cost
    >>> review.marked          # the indexes of the biggest one to three
    >>> review.to_data()       # JSON-ready, each mistake with seat 0's view at that moment to replay it
    >>> memo = AdviceMemo(expert_advisor("gin"))  # the expert, remembering its advice per view
    >>> review_hand(record, 0, memo)  # a decision it was asked about during the hand costs nothing now

For each of the seat's decisions the hand is replayed from its record (:mod:`rummy.replays`) to that moment,
the seat's own :class:`~rummy.view.SeatView` is rebuilt (exactly what the player saw: the same view a hint would
have been given), and the expert is asked (:class:`~rummy.bots.base.Advisor`). A decision differs when the
expert's action is another one, the expert does not count the played action as a step of its own plan, and by
its own numbers the played action is worse (a choice it has no number for, like melding early in Basic Rummy,
is listed unpriced); its cost is the expert's estimate, in points, of what the played action gave up (see
:mod:`rummy.bots.gin_advice` and :mod:`rummy.bots.rummy_advice` for how each game counts). A hand played
exactly as the expert would have played it has no mistakes and costs 0.

The expert's advice is a function of the view (its search is seeded from it), so an :class:`AdviceMemo` that asked
it during the hand (while the player thought, or for a hint) answers the review's questions about those decisions
without asking again, with the same advice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .bots.advice import Advice, action_words, points
from .bots.base import Advisor
from .errors import RecordError
from .replays import positions
from .view import SeatView, seat_view

MOST_MARKED = 3


@dataclass(frozen=True)
class Mistake:
    """A decision the expert would have made otherwise: action ``index`` of hand ``hand``."""

    hand: int
    index: int
    played: Action
    advice: Advice
    cost: float  # points by the expert's estimate (0.0 when it has no number for the difference)
    view: SeatView  # what the player saw then
    priced: bool = True  # False: a choice of style the expert has no number for (melding early, say)

    @property
    def words(self) -> str:
        said = action_words(self.played)
        lead = f"You chose to {said[:1].lower()}{said[1:]}"
        cost = f" (about {points(self.cost)} point{'s' if points(self.cost) != '1' else ''})" if self.cost > 0 else ""
        return f"{lead}{cost}. Better: {self.advice.words}"

    def to_data(self, marked: bool = False) -> dict[str, Any]:
        return {"hand": self.hand, "index": self.index, "step": self.view.step, "played": str(self.played),
                "advice": self.advice.to_data(), "cost": round(self.cost, 1), "priced": self.priced, "marked": marked,
                "words": self.words, "view": self.view.to_data()}


@dataclass(frozen=True)
class Review:
    """The coach's review of one seat's play in one hand."""

    hand: int
    seat: int
    decisions: int  # how many decisions the seat made in the hand
    mistakes: tuple[Mistake, ...]  # in the order they were played

    @property
    def total(self) -> float:
        """The estimated points the differing decisions cost, together."""
        return round(sum(m.cost for m in self.mistakes), 2)

    @property
    def marked(self) -> tuple[int, ...]:
        """The indexes (into :attr:`mistakes`) of the biggest one to three costs, biggest first."""
        costly = [(-m.cost, i) for i, m in enumerate(self.mistakes) if m.cost > 0]
        return tuple(i for _, i in sorted(costly)[:MOST_MARKED])

    def to_data(self) -> dict[str, Any]:
        marked = set(self.marked)
        return {"hand": self.hand, "seat": self.seat, "decisions": self.decisions, "total": round(self.total, 1),
                "marked": list(self.marked),
                "mistakes": [m.to_data(i in marked) for i, m in enumerate(self.mistakes)]}


class AdviceMemo:
    """An :class:`~rummy.bots.base.Advisor` that remembers its advisor's advice per view and names: asked again
    about a view it has seen, it answers at once with the same advice (the expert's advice depends only on the view,
    its own seed and the names). It keeps the ``limit`` views asked about last; :attr:`asked` counts the times the
    advisor itself was asked."""

    def __init__(self, advisor: Advisor, limit: int = 512) -> None:
        self.advisor = advisor
        self.limit = max(1, limit)
        self.asked = 0
        self._known: dict[tuple[SeatView, tuple[str, ...] | None], Advice] = {}

    def knows(self, view: SeatView, names: Sequence[str] | None = None) -> bool:
        """Whether the advice for ``view`` (worded for ``names``) is at hand."""
        return (view, None if names is None else tuple(names)) in self._known

    def advise(self, view: SeatView, names: Sequence[str] | None = None) -> Advice:
        key = (view, None if names is None else tuple(names))
        advice = self._known.pop(key, None)  # taken out and put back: the last asked are kept longest
        if advice is None:
            advice = self.advisor.advise(view, names)
            self.asked += 1
            while len(self._known) >= self.limit:
                del self._known[next(iter(self._known))]
        self._known[key] = advice
        return advice

    def choose(self, view: SeatView) -> Action:
        return self.advise(view).action


class HandReview:
    """A review under way, a few decisions at a time (:meth:`advance`), so that whoever waits for it can be told
    how far it got; the same advisor throughout, so the review is the one :func:`review_hand` gives.
    Raises :class:`~rummy.errors.RecordError` for a malformed record or a hand the record does not finish."""

    def __init__(self, rec: Any, hand: int, advisor: Advisor, seat: int = 0,
                 names: Sequence[str] | None = None) -> None:
        self.hand, self.seat, self.advisor = hand, seat, advisor
        self.names = names
        self.decisions = 0  # the seat's decisions in the hand
        finished = False
        for _index, g, played in positions(rec, hand):  # a first pass, without the expert: how many there are
            if played is None:
                finished = len(g.results) > hand
            elif g.turn == seat:
                self.decisions += 1
        if not finished:
            raise RecordError(f"hand {hand} of the record is not finished: only finished hands are reviewed")
        self.done = 0  # the decisions the expert has looked at
        self.mistakes: list[Mistake] = []
        self._positions = positions(rec, hand)

    @property
    def finished(self) -> bool:
        return self.done == self.decisions

    def advance(self, decisions: int | None = None) -> None:
        """Look at the seat's next decisions until ``decisions`` of them needed the expert's thought (all that are
        left: None). Decisions an :class:`AdviceMemo` advisor already knows come free: they cost no thought."""
        memo = self.advisor if isinstance(self.advisor, AdviceMemo) else None
        thought = 0
        while self.done < self.decisions and (decisions is None or thought < decisions):
            index, g, played = next(self._positions)
            if played is None or g.turn != self.seat:
                continue
            self.done += 1
            view = seat_view(g, self.seat)
            if memo is None or not memo.knows(view, self.names):
                thought += 1
            advice = self.advisor.advise(view, self.names)
            if advice.action == played:
                continue
            option = advice.option(played)
            if option is not None and option.same:
                continue
            cost = advice.cost_of(played)
            if cost is not None and cost <= 0:
                continue  # as good as the advice by the expert's own numbers
            self.mistakes.append(Mistake(self.hand, index, played, advice, max(0.0, cost or 0.0), view,
                                         cost is not None))

    def review(self) -> Review:
        """The review, once :attr:`finished`."""
        assert self.finished, "the review is not finished"
        return Review(self.hand, self.seat, self.decisions, tuple(self.mistakes))


def review_hand(rec: Any, hand: int, advisor: Advisor, seat: int = 0,
                names: Sequence[str] | None = None) -> Review:
    """Review ``seat``'s decisions in finished hand ``hand`` of record ``rec`` with ``advisor`` (the expert).
    Raises :class:`~rummy.errors.RecordError` for a malformed record or a hand the record does not finish."""
    r = HandReview(rec, hand, advisor, seat, names)
    r.advance()
    return r.review()
