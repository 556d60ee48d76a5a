"""The engine's errors: one hierarchy under :class:`RummyError`, and the codes of refused actions.

Every error carries a message meant for a player or a developer to read. Programs never match that text:
an :class:`IllegalAction` also carries a :class:`Refusal` code and the parameters of the message (the card,
the deadwood, the seat ...), so a caller can decide and word things its own way.

This module is a leaf: it imports nothing from the package.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Refusal(StrEnum):
    """Why an action is refused: one code per rule that can refuse it (rulebook wording in the messages)."""

    SYNTAX = "syntax"  # the text is not an action
    MATCH_OVER = "match-over"
    HAND_OVER = "hand-over"  # between hands: deal first
    HAND_IN_PLAY = "hand-in-play"  # dealing while a hand is in play
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_GAME = "wrong-game"  # a Gin action in Rummy or a Rummy action in Gin
    UPCARD_OFFERED = "upcard-offered"  # Gin rule 2: take the first upcard or pass
    MUST_DRAW_STOCK = "must-draw-stock"  # Gin rule 2: both passed the first upcard
    PASS_ONLY_ON_UPCARD = "pass-only-on-upcard"
    DRAW_FIRST = "draw-first"
    ALREADY_DREW = "already-drew"
    EMPTY_DISCARD = "empty-discard"
    NOT_HELD = "not-held"  # the player does not hold the card(s)
    TAKEN_THIS_TURN = "taken-this-turn"  # the card taken from the pile (or a swapped joker) can't end the turn
    BIG_GIN_NOT_PLAYED = "big-gin-not-played"
    NOT_BIG_GIN = "not-big-gin"
    KNOCK_TOO_HIGH = "knock-too-high"
    GIN_ONLY = "gin-only"  # knock limit 0 (an Oklahoma ace): only gin may knock
    ONE_MELD_PER_TURN = "one-meld-per-turn"
    JOKERS_NOT_PLAYED = "jokers-not-played"
    NOT_A_MELD = "not-a-meld"
    ALREADY_ON_TABLE = "already-on-table"
    NO_SUCH_MELD = "no-such-meld"
    MELD_BEFORE_LAYOFF = "meld-before-layoff"  # option layoff_needs_meld
    DOES_NOT_FIT = "does-not-fit"  # a lay-off that the meld cannot take
    NO_JOKER_THERE = "no-joker-there"  # a swap for a joker that is not in that meld
    KEEP_A_DISCARD = "keep-a-discard"  # option discard_to_go_out
    LEAVES_UNDISCARDABLE = "leaves-undiscardable"  # rule 6: the turn could not end
    RESTOCK_MISMATCH = "restock-mismatch"  # a hand record's restock is not the cards being rebuilt


class DealRefusal(StrEnum):
    """Why a deal check fails (:func:`rummy.fairdeal.check_hand`): one code per kind of card or proof that does
    not match, for programs (the check's words say the same for people)."""

    NOT_A_SECRET = "not-a-secret"  # the revealed secret is not 64 hex digits
    COMMITMENT = "commitment"  # the secret is not the one committed to during the hand
    DEALT_CARD = "dealt-card"  # a card dealt (or the upcard) is not the committed deck's
    STOCK_DRAW = "stock-draw"  # a card drawn from the stock is not the one the committed deck gives
    DRAWS_COUNT = "draws-count"  # the record lists more draws from the stock than its actions make
    DECK_CARD = "deck-card"  # a card of the record's deck that no draw shows is not where the committed deck has it
    RESTOCK = "restock"  # a rebuilt stock is not the one the secret shuffles
    REPLAY = "replay"  # an action of the hand cannot be played on the committed deck


@dataclass(frozen=True)
class Problem:
    """Why an action is not legal now: a :class:`Refusal` code, the player's message, and its parameters."""

    code: Refusal
    message: str
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        return self.message


class RummyError(Exception):
    """The base of every error the engine raises on purpose."""


class CardError(RummyError, ValueError):
    """A piece of text that is not a card."""


class ActionError(RummyError, ValueError):
    """Text that is not an action, or an :class:`~rummy.actions.Action` built with the wrong cards."""


#: The name used before the hierarchy: text that is not an action.
ActionSyntaxError = ActionError


class RulesError(RummyError, ValueError):
    """Options that the rulebook does not allow."""


class IllegalAction(RummyError, ValueError):
    """An action the rules do not allow now. ``code`` and ``params`` say why; the state is unchanged."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem

    @property
    def code(self) -> Refusal:
        return self.problem.code

    @property
    def params(self) -> dict[str, Any]:
        return self.problem.params


class SaveError(RummyError, ValueError):
    """A saved game that cannot be read: corrupt, foreign, or from a newer version."""


class RecordError(RummyError, ValueError):
    """A hand record that is malformed (as opposed to one holding an illegal action)."""


class CodecError(RummyError, ValueError):
    """JSON that is not exactly a value of the expected type (a view, an event, a result ...)."""


class UsageError(RummyError):
    """Command-line input the command cannot work with (exit code 2)."""
