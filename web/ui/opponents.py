"""The computer opponents: the roster and bots of :mod:`rummy.bots`, with a stand-in while it is missing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy.actions import Action

try:  # the real opponents (rummy/bots)
    from rummy.bots import make_bot as _make_bot
    from rummy.bots import roster as _roster
    HAVE_BOTS = True
except ImportError:  # pragma: no cover - only until rummy/bots lands
    HAVE_BOTS = False

TIER_WORDS = {"beginner": "Beginner", "casual": "Casual", "skilled": "Skilled", "expert": "Expert"}


@dataclass(frozen=True)
class _Profile:
    id: str
    name: str
    game: str
    tier: str
    style: str
    description: str
    rating: int


_FALLBACK = [
    _Profile("ada", "Ada", "gin", "casual", "Steady", "Draws from the stock and throws her highest loose card.", 1000),
    _Profile("bo", "Bo", "gin", "beginner", "Hasty", "Plays the first thing that comes to mind.", 800),
    _Profile("cy", "Cy", "rummy", "casual", "Steady", "Melds what she can and throws her highest card.", 1000),
    _Profile("di", "Di", "rummy", "beginner", "Hasty", "Plays the first thing that comes to mind.", 800),
    _Profile("ed", "Ed", "rummy", "casual", "Steady", "Melds what he can.", 1000),
]


class _SimpleBot:
    """Stand-in opponent: melds and lays off when it can, knocks when it can, else throws its highest card."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Action:
        legal = list(view.legal)
        for kind in ("big gin", "meld", "layoff"):
            for a in legal:
                if a.kind == kind:
                    return a
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            return knocks[-1]
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return max(discards, key=lambda a: (a.card % 13, a.card))
        for kind in ("draw stock", "pass", "draw discard"):
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]


def roster(game: str) -> list[Any]:
    """The opponents offered for ``game``, weakest first."""
    if HAVE_BOTS:
        return list(_roster(game))
    return [p for p in _FALLBACK if p.game == game]


def profile(game: str, pid: str) -> Any | None:
    for p in roster(game):
        if p.id == pid:
            return p
    return None


def make_bot(pid: str, game: str, seed: int) -> Any:
    if HAVE_BOTS:
        return _make_bot(pid, game, seed)
    return _SimpleBot(seed)


def tier_word(tier: str) -> str:
    return TIER_WORDS.get(tier, tier.title())
