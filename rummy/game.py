"""The match: :class:`Game` deals, keeps turns and scores, records every action, and saves and restores.

The rules of each game live in its :class:`~rummy.variant.Variant` (:mod:`rummy.gin`, :mod:`rummy.basic`):
``Game`` asks the variant what is legal and why not, lets it play an action on the hand in play (a
:class:`~rummy.position.Position`), and receives values back: the hand's score when a hand ends, the match's
result when the match is over. Control flows one way: the variants never call the game.

``apply`` first asks the variant for the :class:`~rummy.errors.Problem` with the action and raises
:class:`~rummy.errors.IllegalAction` (a code, parameters and a player's message) before changing anything.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import saves
from .actions import Action, ActionKind, ActionLike
from .basic import RUMMY
from .cards import JOKER
from .errors import ActionError, IllegalAction, Problem, Refusal
from .gin import GIN
from .melds import TableMeld
from .model import Event, HandResult, MatchResult, Phase
from .position import Position
from .rng import Rng
from .rules import GIN as GIN_NAME
from .rules import Rules, resolve_rules
from .variant import Variant

VARIANTS: dict[str, Variant] = {GIN.name: GIN, RUMMY.name: RUMMY}

# The phases by their old names (the strings are the same).
FIRST_UPCARD, DRAW, PLAY, HAND_OVER, MATCH_OVER = (Phase.FIRST_UPCARD, Phase.DRAW, Phase.PLAY, Phase.HAND_OVER,
                                                   Phase.MATCH_OVER)
PHASES = tuple(Phase)


@dataclass
class HandRecord:
    """What a hand record needs of one hand: the deck in dealing order, the shuffled restocks, the actions, and
    ``drawn``: the card each draw from the stock gave, in order, written as it left the stock (the very card the
    drawer's view then showed). ``drawn`` is None when it is not known (a game restored from a save that did not
    keep it and whose record does not replay)."""

    deck: list[int]
    restocks: list[list[int]] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    drawn: list[int] | None = field(default_factory=list)


def _problem(code: Refusal, message: str, **params: Any) -> Problem:
    return Problem(code, message, params)


class Game:
    """A match of Basic Rummy or Gin Rummy. Create with :meth:`new`; act with :meth:`apply`."""

    def __init__(self, game: str, players: int, rules: Rules | dict[str, Any], rng: Rng, first_dealer: int) -> None:
        if game not in VARIANTS:
            raise ValueError(f"unknown game {game!r}: choose 'rummy' or 'gin'")
        self.game = game
        self.variant: Variant = VARIANTS[game]
        self.players = players
        self.rules = rules if isinstance(rules, Rules) else resolve_rules(game, players, rules)
        self.rng = rng
        self.first_dealer = first_dealer
        self.scores = [0] * players
        self.hands_won = [0] * players
        self.results: list[HandResult] = []
        self.records: list[HandRecord] = []
        self.match: MatchResult | None = None
        self.step = 0  # counts deals and actions: a view drawn at one step is stale at the next
        self.pos = Position(self.rules, players, rng, first_dealer)

    # ----- creating and dealing -----

    @classmethod
    def new(cls, game: str = GIN_NAME, players: int = 2, rules: dict[str, Any] | None = None,
            seed: int | None = None, dealer: int | None = None) -> Game:
        """A new match with its first hand dealt. ``seed`` fixes every shuffle; ``dealer`` the first dealer
        (chosen at random when None). Raises :class:`~rummy.errors.RulesError` for rules the game lacks."""
        full = resolve_rules(game, players, rules)
        rng = Rng(secrets.randbits(64) if seed is None else seed)
        if dealer is None:
            dealer = rng.below(players)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        g = cls(game, players, full, rng, dealer)
        g.deal()
        return g

    @property
    def hand_size(self) -> int:
        return self.variant.hand_size(self.players)

    @property
    def hand_number(self) -> int:
        """How many hands have been dealt (the one in play counts)."""
        return len(self.records)

    def full_deck(self) -> list[int]:
        return self.variant.deck(self.rules)

    def deal(self, deck: list[int] | None = None, restocks: list[list[int]] | None = None) -> None:
        """Deal the next hand, from ``deck`` (dealing order) or a shuffle of the seeded generator."""
        if self.phase == Phase.MATCH_OVER:
            raise IllegalAction(_problem(Refusal.MATCH_OVER, "The match is over; start a new match"))
        if self.phase != Phase.HAND_OVER:
            raise IllegalAction(_problem(Refusal.HAND_IN_PLAY, "The hand in play has not ended yet"))
        if deck is None:
            deck = self.full_deck()
            self.rng.shuffle(deck)
        elif Counter(deck) != Counter(self.full_deck()):
            raise ValueError("the deck must hold every card of the game exactly once")
        dealer = self.pos.dealer
        if self.records:
            dealer = (dealer + 1) % self.players
        pos = Position(self.rules, self.players, self.rng, dealer)
        n, size = self.players, self.hand_size
        for i in range(n * size):
            pos.hands[(dealer + 1 + i) % n].append(deck[i])
        pos.upcard = deck[n * size]
        pos.discard = [deck[n * size]]
        pos.stock = list(deck[n * size + 1:])
        pos.pending_restocks = [list(r) for r in (restocks or [])]
        self.records.append(HandRecord(list(deck), pos.restocks))
        self.pos = pos
        self.step += 1
        self.variant.start_hand(pos)

    def exchange(self, a: int, b: int) -> None:
        """Cards ``a`` and ``b`` change places in the hand in play: in the hands, the stock and the hand's record.
        For a match kept from one seat's knowledge (:mod:`rummy.seatgame`), where a card the seat has not seen
        stands in for another: when it learns the card that is really there, the two change places. A card face up
        (the discard pile, the table) never changes place: ValueError, nothing changed."""
        pos = self.pos
        if a == b:
            return
        face_up = set(pos.discard) | {c for m in pos.table for c in m.cards}
        if a in face_up or b in face_up or JOKER in (a, b):
            raise ValueError("only cards face down change places")
        swap = {a: b, b: a}
        for hand in pos.hands:
            hand[:] = [swap.get(c, c) for c in hand]
        pos.stock[:] = [swap.get(c, c) for c in pos.stock]
        if self.records:
            record = self.records[-1]
            record.deck[:] = [swap.get(c, c) for c in record.deck]
            if record.drawn is not None:
                record.drawn[:] = [swap.get(c, c) for c in record.drawn]

    # ----- acting -----

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, in a fixed order (empty between hands)."""
        if not self.pos.phase.in_hand:
            return []
        return self.variant.legal(self.pos)

    def problem(self, action: ActionLike, seat: int | None = None) -> Problem | None:
        """Why ``action`` (by ``seat``, when given) is not legal now, or None: a code, parameters and words."""
        try:
            a = Action.parse(action) if isinstance(action, str) else action
        except ActionError as e:
            return _problem(Refusal.SYNTAX, str(e))
        pos = self.pos
        if pos.phase == Phase.MATCH_OVER:
            return _problem(Refusal.MATCH_OVER, "The match is over")
        if pos.phase == Phase.HAND_OVER:
            return _problem(Refusal.HAND_OVER, "The hand is over; the next hand has not been dealt")
        if seat is not None and seat != pos.turn:
            return _problem(Refusal.NOT_YOUR_TURN, f"It is not your turn: seat {pos.turn} is to play", turn=pos.turn)
        return self.variant.problem(pos, a)

    def why_illegal(self, action: ActionLike, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal now, in a player's words; None if it is legal."""
        p = self.problem(action, seat)
        return None if p is None else p.message

    def is_legal(self, action: ActionLike) -> bool:
        return self.problem(action) is None

    def apply(self, action: ActionLike, seat: int | None = None) -> Action:
        """Play ``action`` for the player to act (checked against ``seat`` when given).

        Raises :class:`IllegalAction` with the reason, leaving the state unchanged."""
        p = self.problem(action, seat)
        if p is not None:
            raise IllegalAction(p)
        a = Action.parse(action) if isinstance(action, str) else action
        pos = self.pos
        actor = pos.turn
        assert actor is not None
        record = self.records[-1]
        record.actions.append(a)
        self.step += 1
        score = self.variant.perform(pos, a, actor)
        if a.kind == ActionKind.DRAW_STOCK and record.drawn is not None:
            record.drawn.append(pos.hands[actor][-1])  # the card the stock gave (a draw never ends the hand)
        if score is not None:
            self._end_hand(score)
        return a

    def _end_hand(self, score: Any) -> None:
        """Close the hand with the variant's score and settle the match."""
        pos = self.pos
        for s, p in enumerate(score.points):
            self.scores[s] += p
        if score.winner is not None:
            self.hands_won[score.winner] += 1
        self.results.append(HandResult(
            hand=len(self.records) - 1, dealer=pos.dealer, end=score.end, winner=score.winner,
            points=tuple(score.points), totals=tuple(self.scores), hands=pos.hands_sorted(), detail=score.detail,
            knock=score.knock, values=score.values, table=tuple(pos.table) if self.game != GIN_NAME else (),
        ))
        pos.turn = None
        pos.phase = Phase.HAND_OVER
        self.match = self.variant.settle(self.rules, self.results, self.scores, self.hands_won)
        if self.match is not None:
            pos.phase = Phase.MATCH_OVER

    def clone(self) -> Game:
        """An independent copy of the whole match (a few microseconds plus the records), for search and undo."""
        g = Game.__new__(Game)
        g.game, g.variant, g.players, g.rules = self.game, self.variant, self.players, self.rules
        g.first_dealer = self.first_dealer
        g.scores, g.hands_won = list(self.scores), list(self.hands_won)
        g.results = list(self.results)
        g.match, g.step = self.match, self.step
        g.pos = self.pos.clone()
        g.rng = g.pos.rng
        g.records = [HandRecord(list(r.deck), [list(x) for x in r.restocks], list(r.actions),
                                None if r.drawn is None else list(r.drawn)) for r in self.records]
        if g.records:
            g.pos.restocks = g.records[-1].restocks
        return g

    copy = clone

    # ----- the hand in play, read through the position -----

    @property
    def phase(self) -> Phase:
        return self.pos.phase

    @property
    def turn(self) -> int | None:
        return self.pos.turn

    @property
    def dealer(self) -> int:
        return self.pos.dealer

    @property
    def hands(self) -> list[list[int]]:
        return self.pos.hands

    @property
    def stock(self) -> list[int]:
        return self.pos.stock

    @property
    def discard(self) -> list[int]:
        return self.pos.discard

    @property
    def table(self) -> list[TableMeld]:
        return self.pos.table

    @property
    def log(self) -> list[Event]:
        return self.pos.log

    @property
    def upcard(self) -> int | None:
        return self.pos.upcard

    @property
    def knock_limit(self) -> int | None:
        return self.pos.knock_limit

    @property
    def taken_discard(self) -> int | None:
        return self.pos.taken_discard

    @property
    def must_draw_stock(self) -> bool:
        return self.pos.must_draw_stock

    @property
    def has_melded(self) -> list[bool]:
        return self.pos.has_melded

    @property
    def played_before(self) -> list[bool]:
        return self.pos.played_before

    @property
    def restocks_done(self) -> int:
        return self.pos.restocks_done

    @property
    def restocks_since_play(self) -> int:
        return self.pos.restocks_since_play

    @property
    def pending_restocks(self) -> list[list[int]]:
        return self.pos.pending_restocks

    @property
    def final(self) -> list[int] | None:
        """The final totals (scores plus bonuses) once the match is over."""
        return None if self.match is None else list(self.match.final)

    @property
    def winner(self) -> int | None:
        """The match's winner once it is over (None while it goes on, or when the best total is shared)."""
        return None if self.match is None else self.match.winner

    def hands_text(self) -> list[list[str]]:
        """Every seat's hand, sorted, as text."""
        return self.pos.hands_text()

    def card_census(self) -> Counter[int]:
        """Every card in the game, wherever it is (for the no-card-lost check)."""
        return self.pos.census()

    # ----- saving (the format lives in rummy.saves) -----

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON-ready data, with a format version."""
        return saves.encode_game(self)

    def to_json(self) -> str:
        return saves.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, d: Any) -> Game:
        """Restore a saved state (any version this engine reads). Raises :class:`SaveError` saying what is wrong."""
        fields = saves.decode_game(d)
        g = cls(fields.game, fields.players, fields.rules, Rng(fields.rng), fields.first_dealer)
        g.scores, g.hands_won = fields.scores, fields.hands_won
        g.results, g.step = fields.results, fields.step
        g.records = [HandRecord(deck, restocks, actions, g._draws_of(hand, deck, restocks, actions))
                     for hand, (deck, restocks, actions) in enumerate(fields.records)]
        g.pos = fields.position(g.rng)
        if g.records:
            g.pos.restocks = g.records[-1].restocks
        g.match = fields.match
        if fields.settle:
            g.match = g.variant.settle(g.rules, g.results, g.scores, g.hands_won)
        saves.check_restored(g, fields)
        return g

    def _draws_of(self, hand: int, deck: list[int], restocks: list[list[int]],
                  actions: list[Action]) -> list[int] | None:
        """The cards the draws from the stock of hand ``hand`` gave, as its deck, restocks and actions give them
        (a save keeps no draws: they are what its record replays to), or None when the record does not replay."""
        g = Game(self.game, self.players, self.rules, Rng(0), (self.first_dealer + hand) % self.players)
        try:
            g.deal(deck, restocks)
            for a in actions:
                g.apply(a)
        except (IllegalAction, ValueError):
            return None
        return g.records[0].drawn

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.from_dict(saves.loads(text))
