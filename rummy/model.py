"""The engine's shared value types: phases, log events, hand results and match results.

Everything here is a small immutable value (enums and frozen dataclasses of ints, strings and tuples), so a
view or a result can be handed to a bot, a page or another browser and hashed, compared and sent as JSON
(:mod:`rummy.codec`) without sharing anything with the game. Cards are ``int`` ids (:mod:`rummy.cards`).

This module depends only on :mod:`rummy.cards` and :mod:`rummy.melds` (values), never on the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import JOKER, Card, Cards
from .melds import TableMeld


class GameName(StrEnum):
    """The two games of the rulebook (their names in saves, records and URLs)."""

    RUMMY = "rummy"
    GIN = "gin"


class Phase(StrEnum):
    """Where a match stands (the same strings as in saves)."""

    FIRST_UPCARD = "first-upcard"  # Gin rule 2: the first upcard is offered
    DRAW = "draw"  # the player to act draws
    PLAY = "play"  # the player to act has drawn: meld, lay off, discard, knock
    HAND_OVER = "hand-over"  # between hands
    MATCH_OVER = "match-over"

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played (someone is to act)."""
        return self in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.PLAY)


class EventKind(StrEnum):
    """What happened, in a hand's public log: every action kind, and the rebuilding of the stock."""

    PASS = "pass"
    DRAW_STOCK = "draw stock"
    DRAW_DISCARD = "draw discard"
    MELD = "meld"
    LAYOFF = "layoff"
    SWAP = "swap"
    DISCARD = "discard"
    KNOCK = "knock"
    BIG_GIN = "big gin"
    RESTOCK = "restock"


@dataclass(frozen=True, slots=True)
class Event:
    """One public event of a hand: what every seat saw happen.

    ``card``: the card taken from the discard pile, discarded, knocked with (face down until the hand is shown),
    or (swap) the natural card put in a joker's place. ``cards`` and ``wild``: the cards of a meld or a lay-off as
    placed, and which of them a joker plays. ``meld``: the table meld's number (from 1). ``count``: the size of a
    rebuilt stock."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    cards: Cards = ()
    wild: Cards = ()
    meld: int = 0
    count: int = 0

    @property
    def hand_cards(self) -> tuple[int, ...]:
        """The cards this event took out of its seat's hand (a joker as the joker card id)."""
        if self.kind in (EventKind.MELD, EventKind.LAYOFF):
            return tuple(JOKER if c in self.wild else c for c in self.cards)
        if self.kind in (EventKind.DISCARD, EventKind.KNOCK, EventKind.SWAP) and self.card is not None:
            return (self.card,)
        return ()


class HandEnd(StrEnum):
    """How a hand ended."""

    KNOCK = "knock"  # Gin: the knocker scored
    GIN = "gin"
    BIG_GIN = "big gin"
    UNDERCUT = "undercut"
    TIE = "tie"  # Gin: the stock floor, or equal deadwood when undercut_on_tie is off
    OUT = "out"  # Rummy: a player went out
    RUMMY = "rummy"  # Rummy: went out in one turn
    STALEMATE = "stalemate"  # Rummy: the stock ran out (rule 9, rule 12)
    BLOCK = "block"  # block rummy: the lowest hand won when the stock ran out


@dataclass(frozen=True, slots=True)
class Layoff:
    """Gin: a card the defender laid off on the knocker's meld number ``meld`` (from 1)."""

    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class KnockReport:
    """Gin: how a knock, gin or big gin was arranged and counted (rules 4-6). Per-seat tuples are indexed by seat."""

    knocker: int
    card: Card | None  # the knock card; None for big gin
    limit: int  # the knock limit of the hand
    doubled: bool  # Oklahoma: a spade upcard doubled the hand
    melds: tuple[tuple[Cards, ...], ...]  # each seat's melds (the defender's after lay-offs)
    unmatched: tuple[Cards, ...]  # each seat's deadwood cards
    deadwood: tuple[int, ...]  # each seat's deadwood count
    layoffs: tuple[Layoff, ...]  # the defender's lay-offs on the knocker's melds


@dataclass(frozen=True, slots=True)
class HandScore:
    """What a game's rules decide when a hand ends: returned by a :class:`~rummy.variant.Variant`."""

    end: HandEnd
    winner: int | None
    points: tuple[int, ...]  # what the hand adds to each seat's score
    detail: str  # how the points were counted, in words
    knock: KnockReport | None = None  # Gin knocks, gin and big gin
    values: tuple[int, ...] = ()  # Rummy: what each seat's cards left in hand count


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: its number (from 0), dealer, end, winner, points, running totals, every hand shown."""

    hand: int
    dealer: int
    end: HandEnd
    winner: int | None
    points: tuple[int, ...]
    totals: tuple[int, ...]  # each seat's score after this hand
    hands: tuple[Cards, ...]  # every seat's cards at the end, sorted
    detail: str
    knock: KnockReport | None = None
    values: tuple[int, ...] = ()
    table: tuple[TableMeld, ...] = ()  # Rummy: the melds on the table at the end

    @property
    def tie(self) -> bool:
        """No winner: a Gin tie, a stalemate, a tied block."""
        return self.winner is None


@dataclass(frozen=True, slots=True)
class Bonus:
    """Gin rule 8: one seat's bonuses at the end of a match (all 0 in Basic Rummy)."""

    game: int = 0  # for reaching the target
    line: int = 0  # line_bonus for every hand won
    shutout: int = 0  # the hand points added again by a shutout

    @property
    def total(self) -> int:
        return self.game + self.line + self.shutout


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match: final totals (scores plus bonuses), the winner (None when the best total is shared),
    hands won and each seat's bonus breakdown."""

    final: tuple[int, ...]
    winner: int | None
    hands_won: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    hands: int  # hands played
