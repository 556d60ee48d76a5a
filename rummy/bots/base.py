"""What every computer opponent shares: the :class:`Bot` interface, :class:`Profile`, and seeded randomness.

A bot sees one :class:`~rummy.view.SeatView` (its own hand, the table, the discard pile, card counts and the
public log) and returns one of ``view.legal``. It keeps no state between calls: whatever it needs it derives
from the view, and its randomness comes from :func:`decision_rng`, a generator seeded from the bot's seed and
the position (hand number, length of the log), so a saved and restored game goes on exactly the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..model import EventKind
from ..rng import MASK64, Rng
from ..view import SeatView
from .advice import Advice

TIERS = ("beginner", "casual", "skilled", "expert")


@runtime_checkable
class Bot(Protocol):
    """A computer opponent: ``choose(view)`` returns one action of ``view.legal``.

    ``view`` is everything the bot's seat may know and nothing more. A bot must be deterministic for its
    seed and the view, and must not keep state between calls (or only state it can rebuild from the view)."""

    def choose(self, view: SeatView) -> Action: ...


@runtime_checkable
class Advisor(Protocol):
    """A bot that explains itself (hints and the coach): ``advise(view, names)`` returns an
    :class:`~rummy.bots.advice.Advice` whose ``action`` is exactly ``choose(view)``, with the reasons and the
    cost of every other legal action from the bot's own evaluation. ``names`` (one per seat) word the reasons
    ("Ada passed on two hearts"). Any bot may implement it; see :mod:`rummy.bots.advice` for the codes."""

    def choose(self, view: SeatView) -> Action: ...

    def advise(self, view: SeatView, names: Sequence[str] | None = None) -> Advice: ...


@dataclass(frozen=True)
class Profile:
    """A named opponent for the player to pick: a strength tier plus a style of play."""

    id: str  # "ada": unique over both games
    name: str  # "Ada"
    game: str  # "gin" or "rummy"
    tier: str  # "beginner", "casual", "skilled" or "expert"
    style: str  # short label: "Knocks at the first chance"
    description: str  # one line for the UI
    rating: int  # Elo-like strength, from the arena's measured results


def _mix(x: int) -> int:
    x &= MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def decision_rng(seed: int, view: SeatView, salt: int = 0) -> Rng:
    """A generator for one decision: a function of the bot's seed, the seat and the position only."""
    h = _mix(seed * 0x9E3779B97F4A7C15 + salt)
    for part in (view.seat, view.hand_number, len(view.log), len(view.hand), view.stock_count):
        h = _mix(h ^ (part + 0x632BE59BD9B4E019))
    return Rng(h)


def seat_events(view: SeatView) -> list[tuple[int | None, str, int | None]]:
    """The public log as ``(seat, kind, card or None)`` (the card of discards, knocks and discard draws)."""
    return [(e.seat, e.kind.value, e.card if e.kind in _CARD_EVENTS else None) for e in view.log]


_CARD_EVENTS = (EventKind.DRAW_DISCARD, EventKind.DISCARD, EventKind.KNOCK)


def passed_cards(view: SeatView, seat: int) -> list[int]:
    """Cards ``seat`` could have taken from the discard pile but did not (Gin: it drew the stock or passed).

    Rebuilt from the public log: the first upcard (Gin) and then every discard and draw."""
    events = seat_events(view)
    start = 0
    for i, (_, act, _) in enumerate(events):
        if act == "restock":
            start = i + 1
    events = events[start:]
    pile = list(view.discard)
    for _, act, card in reversed(events):  # undo the events to find the pile they started from
        if act == "draw discard" and card is not None:
            pile.append(card)
        elif act in ("discard", "knock") and pile:
            pile.pop()
    out = []
    for s, act, card in events:
        if act == "draw discard":
            if pile:
                pile.pop()
        elif act in ("discard", "knock") and card is not None:
            pile.append(card)
        elif act in ("draw stock", "pass") and s == seat and pile:
            out.append(pile[-1])
    return out


def legal_or_first(view: SeatView, action: Action | None) -> Action:
    """``action`` when it is legal, else the first legal action (a guard: bots never return an illegal one)."""
    if action is not None and action in view.legal:
        return action
    return view.legal[0]
