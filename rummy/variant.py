"""The interface every game's rules implement: :class:`Variant`.

:class:`~rummy.game.Game` calls a variant and the variant returns values; it never calls back into the game.
Each game has one variant module that is the single home of its rules: :mod:`rummy.gin` and
:mod:`rummy.basic`. A variant reads and changes a :class:`~rummy.position.Position` (the hand in play) and says
how a hand and a match end (:class:`~rummy.model.HandScore`, :class:`~rummy.model.MatchResult`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actions import Action
from .errors import Problem
from .model import HandResult, HandScore, MatchResult
from .position import Position
from .rules import Rules


class Variant(Protocol):
    """The rules of one game."""

    name: str  # "gin" or "rummy"

    def deck(self, rules: Rules) -> list[int]:
        """A fresh deck for these rules, in id order."""
        ...

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player."""
        ...

    def start_hand(self, pos: Position) -> None:
        """A hand has just been dealt into ``pos``: set the hand's own state and give the first turn."""
        ...

    def candidates(self, pos: Position) -> list[Action]:
        """Every action that might be legal now, in a fixed order (:meth:`problem` filters them)."""
        ...

    def legal(self, pos: Position) -> list[Action]:
        """Every legal action of the player to act, in a fixed order (may be faster than filtering)."""
        ...

    def problem(self, pos: Position, action: Action) -> Problem | None:
        """Why ``action`` is illegal for the player to act now, or None. The one home of every turn rule."""
        ...

    def perform(self, pos: Position, action: Action, seat: int) -> HandScore | None:
        """Play a legal action; the hand's score when it ends the hand, else None."""
        ...

    def settle(self, rules: Rules, results: Sequence[HandResult], scores: Sequence[int],
               hands_won: Sequence[int]) -> MatchResult | None:
        """After a hand: the match's result when the match is over, else None."""
        ...
