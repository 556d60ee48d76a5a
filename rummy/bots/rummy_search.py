"""A Basic Rummy expert that plays for the shortest way out.

Each decision searches over the ways the hand can still be completed (:func:`rummy.bots.reach.reach`: the
fewest cards it must still draw to go out, and which cards would bring it one closer, its *outs*), counting
only cards that can still come: not on the discard pile or the table, nor known to be in another hand.

- Draw: take the discard when it is one of the hand's outs (or makes a new meld), else draw from the stock.
- Discard: the card whose loss leaves the fewest missing cards, then the most outs, then the least danger
  of feeding the next player (cards it could lay off on the table, cards that go with what it took from
  the pile), then the most points.
- Going out, holding melds for rummy and laying them down follow the heuristic expert
  (:mod:`rummy.bots.basic`): go out whenever the hand allows it; hold the melds while nobody is close to
  going out (another hand of 3 cards or fewer, or the stock nearly out when it may not be rebuilt); lay them
  down as soon as someone is, or once rummy is lost.

Nothing is random: every choice is a function of the view (the heuristic parts take their generator from
:func:`~rummy.bots.base.decision_rng`), and the work is bounded by the cards in hand: one search of the hand
for the draw, one per card that may be thrown. Determinized Monte Carlo (deal the unseen cards, play the
hand out) was measured and lost to these rules; it lives in ``bench/rummy_levers.py`` with the other levers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, SWAP, Action
from ..cards import JOKER, card_value, mask_of
from ..melds import meld_extensions
from ..rng import Rng
from ..view import SeatView
from .base import decision_rng, legal_or_first
from .basic import RummyBot, RummyStyle, _Table
from .reach import reach

if TYPE_CHECKING:
    from .advice import Advice

SAGE = RummyStyle(take="meld", meld="rummy", potential=1.0, danger=0.5)
FULL = (1 << 52) - 1


@dataclass(frozen=True)
class SearchStyle:
    """The knobs of :class:`RummySearchBot` (defaults: the expert's)."""

    take: str = "outs"  # "meld": take the discard only for a new meld; "outs": also when it is an out;
    #                     "outs-only": only when it is an out
    discard: str = "reach"  # "reach": by missing cards, outs, danger, points; "heuristic": the base bot's
    missing_weight: float = 100.0  # score of one missing card (in outs)
    danger_weight: float = 1.0  # score of feeding the next player (in outs, per unit of danger)
    points_weight: float = 0.01  # score of a point kept in hand (in outs)
    close: int = 3  # lay the melds down when another hand has this many cards or fewer ...
    stock_low: int = 4  # ... or the stock this many or fewer
    stock_final: bool = True  # ... counting the stock only when it may not be rebuilt
    base: RummyStyle = field(default=SAGE)  # the heuristic bot it shares going out and melding with


class RummySearchBot:
    """``RummySearchBot(style, seed).choose(view)`` returns one action of ``view.legal``."""

    game = "rummy"

    def __init__(self, style: SearchStyle = SearchStyle(), seed: int = 0) -> None:
        self.style = style
        self.seed = seed
        self.base = RummyBot(style.base, seed)

    def __repr__(self) -> str:
        return f"RummySearchBot({self.style!r}, seed={self.seed})"

    def choose(self, view: SeatView) -> Action:
        return self.evaluate(view)[0]

    def evaluate(self, view: SeatView) -> tuple[Action, _Table]:
        """The choice and the table it was made on; ``t.notes`` holds what :mod:`rummy.bots.rummy_advice`
        reads (the upcard's points before and after, the plan, whether the melds go down now, the discards
        weighed), as :meth:`RummyBot.evaluate` gives them."""
        if not view.legal:
            raise ValueError("it is not this seat's turn: view.legal is empty")
        rng = decision_rng(self.seed, view, salt=0x5EA2C4)
        t = _Table(view)
        if view.phase == "draw":
            return legal_or_first(view, self._draw(view, t, rng)), t
        return legal_or_first(view, self._play(view, t, rng)), t

    def advise(self, view: SeatView, names: Sequence[str] | None = None) -> Advice:
        """Iris's own choice for ``view``, worded and priced by the heuristic expert's evaluation of the same
        table (:func:`~rummy.bots.rummy_advice.advise_rummy`): the reasons (points shed, chances, feeding the
        next player, holding for rummy, going out) are facts of the position; the costs of the other actions
        are the heuristic expert's, measured from Iris's choice (:class:`~rummy.bots.base.Advisor`)."""
        from .rummy_advice import advise_rummy

        return advise_rummy(self, view, names)

    # what rummy_advice asks of the bot beyond evaluate(): the heuristic expert's numbers

    def discard_score(self, t: _Table, card: int, hand: list[int]) -> float:
        return self.base.discard_score(t, card, hand)

    def _going_out(self, t: _Table, hand: list[int], melds: list[Action], lays: list[int],
                   left: list[int]) -> list[Action] | None:
        return self.base._going_out(t, hand, melds, lays, left)

    # ----- the draw -----

    def _draw(self, view: SeatView, t: _Table, rng: Rng) -> Action:
        take, stock = Action(DRAW_DISCARD), Action(DRAW_STOCK)
        if take not in view.legal:
            return stock
        if stock not in view.legal:
            return take
        st = self.style
        by_meld = self.base._draw(t, rng) == take
        up = view.top_discard
        if st.take == "meld" or up is None:
            wanted = by_meld
        elif up == JOKER:
            wanted = True
        else:
            shape = _Shape(view, t)
            _, outs = shape.reach(shape.hand, shape.avail | 1 << up, len(view.hand))
            wanted = bool(outs >> up & 1) or (by_meld and st.take != "outs-only")
        return take if wanted else stock

    # ----- melds, lay-offs and the discard -----

    def _play(self, view: SeatView, t: _Table, rng: Rng) -> Action:
        base = self.base
        legal = set(view.legal)
        hand = list(view.hand)
        total, melds, lays, left = t.plan(hand)
        out = base._going_out(t, hand, melds, lays, left)
        if out is not None:
            for a in out:
                if a in legal:
                    return a
        if self.style.base.swap:
            for a in view.legal:
                if a.kind == SWAP:
                    return a
        lay_down = self._lay_down_now(view, t)
        t.notes.update(plan=(total, melds, lays, left), lay_down=lay_down)
        if lay_down:
            for m in melds:
                if m in legal:
                    return m
            for c in sorted(lays):
                lay = t.layoff_action(c)
                if lay is not None and lay in legal:
                    return lay
            keep: set[int] = set()
        else:
            keep = set()
            for m in melds:
                keep.update(m.hand_cards())
            keep.update(lays)
        if self.style.discard != "reach":
            return base._discard(t, hand, left, keep, rng)
        return self._discard(view, t)

    def _lay_down_now(self, view: SeatView, t: _Table) -> bool:
        """Hold the melds for rummy while nobody is close to going out; lay them down once someone is, or
        once rummy is lost (a meld or lay-off in an earlier turn)."""
        if self.style.base.meld == "early" or t.played_before:
            return True
        others = [n for s, n in enumerate(view.hand_counts) if s != view.seat]
        if min(others) <= self.style.close:
            return True
        if self.style.stock_final and _rebuilds_left(view):
            return False
        return view.stock_count <= self.style.stock_low

    def _danger(self, view: SeatView, t: _Table, card: int) -> float:
        """How much throwing ``card`` may help the next player: it fits a table meld (it could lay it off),
        or goes with cards that player took from the pile."""
        return (1.0 if t.fits(card) else 0.0) + t.next_wants(card)

    def _discard(self, view: SeatView, t: _Table) -> Action:
        """The card whose loss leaves the fewest missing cards, the most outs, the least danger, the most points."""
        st = self.style
        options = sorted({a.card for a in view.legal if a.kind == DISCARD})
        t.notes["pool"] = options
        shape = _Shape(view, t)
        need = len(view.hand) - 1
        best: tuple[float, int] | None = None
        for c in options:
            if c == JOKER:
                score = 1e9  # a joker fills any gap: keep it
            else:
                missing, outs = shape.reach(shape.hand & ~(1 << c), shape.avail, need)
                danger = self._danger(view, t, c)
                score = (st.missing_weight * missing - (outs & shape.avail).bit_count()
                         + st.danger_weight * danger - st.points_weight * card_value(c, t.hi))
            if best is None or (score, c) < best:
                best = (score, c)
        assert best is not None
        return Action(DISCARD, (best[1],))


def _rebuilds_left(view: SeatView) -> bool:
    """Whether the stock may still be rebuilt from the discard pile this hand (rule 9)."""
    r = view.rules
    if r.get("reuse_discards") == "never":
        return False
    limit = r.get("reuse_limit", 1)
    return limit is None or view.restocks_done < limit


class _Shape:
    """One decision's hand as masks: natural cards, jokers, the cards that may still come, table lay-offs."""

    def __init__(self, view: SeatView, t: _Table) -> None:
        self.hand = mask_of(view.hand)
        self.jokers = sum(1 for c in view.hand if c == JOKER)
        self.hi = t.hi
        dead = self.hand | mask_of(view.discard)
        ext = 0
        for m in view.table:
            dead |= mask_of(m.cards)
            for c in meld_extensions(m, t.hi):
                ext |= 1 << c
        for s in range(view.players):
            if s != view.seat:
                dead |= mask_of(view.known_cards(s))
        self.avail = FULL & ~dead
        self.ext = ext if t.can_layoff else 0

    def reach(self, hand: int, avail: int, need: int) -> tuple[int, int]:
        """:func:`~rummy.bots.reach.reach` for this hand; each joker held fills one missing card."""
        missing, outs = reach(hand, avail, need, self.ext, self.hi)
        return max(0, missing - self.jokers), outs


__all__ = ["RummySearchBot", "SearchStyle"]
