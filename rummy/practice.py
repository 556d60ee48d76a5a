"""Practice undo: back to the start of the player's own last turn, showing nothing the player could not see.

The match is rebuilt from its record and its seed (:func:`rummy.fairdeal.rebuild`): every hand dealt from the
same deck and every action played again up to the start of that turn. So the state after an undo is exactly the
state the match was in then (the generator included), and a card drawn from the stock is the next card of the
stock again: undoing a draw never deals a new card. An undo never leaves the hand in play (once a hand is over
every hand has been shown), and it is only offered in practice games (the table's setting).
"""

from __future__ import annotations

from .fairdeal import rebuild
from .game import Game
from .record import export_record


def turn_starts(g: Game, seed: int, seat: int) -> list[int]:
    """The indexes of the hand in play's actions at which ``seat`` began a turn (was to act after someone
    else), up to now; the last one is where an undo goes back to when it is earlier than now."""
    if not g.phase.in_hand:
        return []
    rec = export_record(g)
    hand = len(rec["hands"]) - 1
    actions = rec["hands"][hand]["actions"]
    h = rebuild(rec, seed, hand, 0)
    starts = []
    before = None
    for i, text in enumerate(actions):
        if h.turn == seat and before != seat:
            starts.append(i)
        before = h.turn
        h.apply(text)
    return starts


def undo_point(g: Game, seed: int, seat: int) -> int | None:
    """The index of the hand in play's actions an undo goes back to, or None when there is none."""
    starts = turn_starts(g, seed, seat)
    return starts[-1] if starts else None


def undo_last_turn(g: Game, seed: int, seat: int = 0) -> Game | None:
    """The match as it was at the start of ``seat``'s last turn in the hand in play (the turn in progress, when
    the seat has already acted in it), or None when there is no such turn."""
    point = undo_point(g, seed, seat)
    if point is None:
        return None
    return rebuild(export_record(g), seed, len(g.records) - 1, point)
