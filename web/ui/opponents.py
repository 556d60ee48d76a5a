"""The computer opponents offered on the page: the roster and bots of :mod:`rummy.bots`."""

from __future__ import annotations

from typing import Any

from rummy.bots import make_bot as _make_bot
from rummy.bots import roster as _roster

TIER_WORDS = {"beginner": "Beginner", "casual": "Casual", "skilled": "Skilled", "expert": "Expert"}
_CACHE: dict[str, list[Any]] = {}


def roster(game: str) -> list[Any]:
    """The opponents offered for ``game``, in the roster's order."""
    if game not in _CACHE:
        _CACHE[game] = list(_roster(game))
    return _CACHE[game]


def profile(game: str, pid: str) -> Any | None:
    for p in roster(game):
        if p.id == pid:
            return p
    return None


def make_bot(pid: str, game: str, seed: int) -> Any:
    return _make_bot(pid, game, seed)


def tier_word(tier: str) -> str:
    return TIER_WORDS.get(tier, tier.title())
