"""Determinized Monte Carlo for Basic Rummy: guess the hidden cards from one seat's view, play the hand out.

:class:`Deals` deals the cards a seat cannot see at random, consistent with its view (its hand, the table,
the discard pile, the cards each opponent is known to hold from the pile, the hand sizes, the stock count)
and builds :class:`~rummy.bots.rummy_sim.SimHand` positions from them; :func:`utility` turns a hand's end
into the seat's chances in the match. Used by :mod:`rummy.bots.rummy_search` to compare a few choices on the
same deals (common random numbers). Natural cards and aces low only (the simulator's rules).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from rummy.actions import DRAW_DISCARD, DRAW_STOCK, LAYOFF, MELD, SWAP
from rummy.bots.base import seat_events
from rummy.cards import JOKER
from rummy.rng import Rng
from rummy.view import SeatView

from .rummy_sim import Outcome, SimHand, SimPolicy, SimRules


def mask(cards: Iterable[int]) -> int:
    """The 52-bit mask of the natural cards among ``cards``."""
    m = 0
    for c in cards:
        if c != JOKER:
            m |= 1 << c
    return m


def simulable(view: SeatView) -> bool:
    """Whether the simulator models these rules (no jokers, aces low)."""
    r = view.rules
    return not r.get("jokers") and r.get("aces", "low") == "low"


def table_history(view: SeatView) -> tuple[list[bool], int]:
    """Who melded, laid off or swapped in an earlier turn of the hand (no rummy for them), and how many times
    the stock was rebuilt since the last card went on the table (rule 12)."""
    played = [False] * view.players
    this_turn = [False] * view.players
    idle = 0
    for seat, act, _ in seat_events(view):
        kind = act.split(" ")[0]
        if act in (DRAW_STOCK, DRAW_DISCARD) and seat is not None:
            if this_turn[seat]:
                played[seat] = True
            this_turn[seat] = False
        elif kind in (MELD, LAYOFF, SWAP) and seat is not None:
            this_turn[seat] = True
            idle = 0
        elif act == "restock":
            idle += 1
    for s in range(view.players):
        if s != view.turn and this_turn[s]:
            played[s] = True
    return played, idle


class Deals:
    """Random completions of one seat's view: each opponent keeps the cards it is known to hold from the
    pile, the other unseen cards are shared out at random between the opponents' hands and the stock."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        me = view.seat
        seen = mask(view.hand) | mask(view.discard)
        for m in view.table:
            seen |= mask(m.cards)
        self.known = [0] * view.players
        for s in range(view.players):
            if s != me:
                self.known[s] = mask(view.known_cards(s)) & ~seen
        pinned = seen
        for k in self.known:
            pinned |= k
        self.pool = [c for c in range(52) if not pinned >> c & 1]
        self.played, self.idle = table_history(view)
        self.melded = [bool(x) for x in view.has_melded] or [False] * view.players
        self.table = [mask(m.cards) for m in view.table]
        self.rules = SimRules.from_rules(view.rules, view.players)

    def deal(self, rng: Rng, policies: list[SimPolicy]) -> SimHand:
        """One completion, as a position with the seat to act about to play."""
        view = self.view
        pool = list(self.pool)
        rng.shuffle(pool)
        hands = [0] * view.players
        i = 0
        for s in range(view.players):
            if s == view.seat:
                hands[s] = mask(view.hand)
                continue
            need = max(0, view.hand_counts[s] - self.known[s].bit_count())
            h = self.known[s]
            for c in pool[i:i + need]:
                h |= 1 << c
            i += need
            hands[s] = h
        return SimHand(self.rules, hands, pool[i:], list(view.discard), list(self.table), list(self.played),
                       list(self.melded), view.restocks_done, self.idle, view.seat, Rng(rng.next64()),
                       policies)


def utility(view: SeatView, out: Outcome) -> float:
    """The seat's chances in the match after a hand that ends as ``out``: 1 or 0 when the match ends (a shared
    lead splits it), else a soft share by score (scale: a quarter of the target)."""
    r = view.rules
    n = view.players
    me = view.seat
    raw = [view.scores[s] + out.points[s] for s in range(n)]
    scores = [-x for x in raw] if r.get("scoring") == "penalty" else raw
    target = r.get("target")
    rounds = r.get("rounds")
    if rounds is not None:
        over = view.hand_number >= rounds
    else:
        over = target is not None and max(raw) >= target
    best = max(scores)
    if over:
        return 0.0 if scores[me] < best else 1.0 / scores.count(best)
    scale = (target or 100) / 4.0
    ws = [math.exp((x - best) / scale) for x in scores]
    return ws[me] / sum(ws)


__all__ = ["Deals", "mask", "simulable", "table_history", "utility"]
