"""The hand in play as plain data: :class:`Position`, what a game's rules read and change.

A position holds everything about the hand being played: every hand of cards, the stock, the discard pile, the
melds on the table, the public log, whose turn it is and what has happened in the turn. A
:class:`~rummy.variant.Variant` (the rules of one game) reads a position, changes it when an action is played,
and returns a :class:`~rummy.model.HandScore` when the hand ends; :class:`~rummy.game.Game` owns the position and
the match around it. A position copies in a few microseconds (:meth:`Position.clone`), so search can play
positions out; a bot may build one, but only from its seat's view and its own guesses.
"""

from __future__ import annotations

from collections import Counter

from .cards import JOKER, Card, cards_str
from .melds import TableMeld
from .model import Event, Phase
from .rng import Rng
from .rules import Rules


class Position:
    """The state of the hand in play (every field plain data; lists are owned by the position)."""

    __slots__ = (
        "dealer",
        "discard",
        "hands",
        "has_melded",
        "knock_limit",
        "log",
        "melds_this_turn",
        "must_draw_stock",
        "passes",
        "pending_restocks",
        "phase",
        "played_before",
        "played_this_turn",
        "players",
        "restocks",
        "restocks_done",
        "restocks_since_play",
        "rng",
        "rules",
        "stock",
        "swapped_jokers",
        "table",
        "taken_discard",
        "turn",
        "upcard",
    )

    def __init__(self, rules: Rules, players: int, rng: Rng, dealer: int = 0) -> None:
        self.rules = rules
        self.players = players
        self.rng = rng  # the match's seeded generator (Rummy rebuilds the stock with it)
        self.dealer = dealer
        self.phase = Phase.HAND_OVER
        self.turn: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []  # top first
        self.discard: list[int] = []  # bottom first: discard[-1] is face up
        self.table: list[TableMeld] = []
        self.log: list[Event] = []
        # the turn in play
        self.taken_discard: Card | None = None  # the card taken from the discard pile this turn
        self.swapped_jokers = 0  # jokers taken off the table this turn (Rummy, Jokers)
        self.melds_this_turn = 0
        self.played_this_turn = False  # a meld, lay-off or swap this turn
        self.must_draw_stock = False  # Gin rule 2: both players passed the first upcard
        # the hand in play
        self.has_melded = [False] * players  # put a meld down this hand (option layoff_needs_meld)
        self.played_before = [False] * players  # put cards on the table in an earlier turn (going rummy)
        self.passes = 0  # Gin: passes on the first upcard
        self.upcard: Card | None = None  # the first upcard
        self.knock_limit: int | None = None  # Gin: this hand's knock limit (Oklahoma)
        self.restocks_done = 0  # Rummy: times the stock was rebuilt this hand
        self.restocks_since_play = 0  # Rummy rule 12: rebuilds since the last meld, lay-off or swap
        self.pending_restocks: list[list[int]] = []  # a hand record's restocks still to come
        self.restocks: list[list[int]] = []  # the stocks rebuilt by shuffling this hand (for the record)

    def start_turn(self, seat: int, phase: Phase = Phase.DRAW) -> None:
        """Give the turn to ``seat`` with a clean turn state."""
        self.turn = seat
        self.phase = phase
        self.taken_discard = None
        self.swapped_jokers = 0
        self.melds_this_turn = 0
        self.played_this_turn = False

    def note(self, event: Event) -> None:
        """Add a public event to the hand's log."""
        self.log.append(event)

    def hands_sorted(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's cards, sorted (for a hand's result, where all hands are shown)."""
        return tuple(tuple(sorted(h)) for h in self.hands)

    def hands_text(self) -> list[list[str]]:
        """Every seat's hand, sorted, as text."""
        return [cards_str(h) for h in self.hands_sorted()]

    def census(self) -> Counter[int]:
        """Every card of the hand, wherever it is (for the no-card-lost check)."""
        c: Counter[int] = Counter(self.stock)
        c.update(self.discard)
        for h in self.hands:
            c.update(h)
        for m in self.table:
            c.update(x for x in m.cards if x not in m.wild)
            c[JOKER] += len(m.wild)
        return c

    def clone(self) -> Position:
        """An independent copy (its own lists and its own generator), for search and undo."""
        p = Position.__new__(Position)
        p.rules = self.rules
        p.players = self.players
        p.rng = Rng(self.rng.state)
        p.dealer = self.dealer
        p.phase = self.phase
        p.turn = self.turn
        p.hands = [list(h) for h in self.hands]
        p.stock = list(self.stock)
        p.discard = list(self.discard)
        p.table = list(self.table)  # TableMeld values are immutable
        p.log = list(self.log)  # Event values are immutable
        p.taken_discard = self.taken_discard
        p.swapped_jokers = self.swapped_jokers
        p.melds_this_turn = self.melds_this_turn
        p.played_this_turn = self.played_this_turn
        p.must_draw_stock = self.must_draw_stock
        p.has_melded = list(self.has_melded)
        p.played_before = list(self.played_before)
        p.passes = self.passes
        p.upcard = self.upcard
        p.knock_limit = self.knock_limit
        p.restocks_done = self.restocks_done
        p.restocks_since_play = self.restocks_since_play
        p.pending_restocks = [list(r) for r in self.pending_restocks]
        p.restocks = [list(r) for r in self.restocks]
        return p
