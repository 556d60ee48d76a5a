"""The match: one mutable object whose every field is plain data, with ``legal_actions`` and ``apply``.

A ``Game`` holds a whole match (hands, scores, the seeded generator) and the hand in play. The rules of
each game live in :mod:`rummy.gin` and :mod:`rummy.basic`; this module deals, keeps turns, records every
action for hand records, and saves and restores. ``apply`` first asks the rules module why the action
would be illegal and raises :class:`IllegalAction` with that reason before changing anything.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from typing import Any

from . import basic, gin
from .actions import Action, ActionSyntaxError
from .cards import JOKER, card_str, cards_str, new_deck, parse_card
from .errors import IllegalAction, SaveError
from .melds import TableMeld
from .rng import Rng
from .rules import GIN, RUMMY, hand_size, resolve_rules

SAVE_FORMAT = "rummy-save"
SAVE_VERSION = 1

FIRST_UPCARD = "first-upcard"
DRAW = "draw"
PLAY = "play"
HAND_OVER = "hand-over"
MATCH_OVER = "match-over"
PHASES = (FIRST_UPCARD, DRAW, PLAY, HAND_OVER, MATCH_OVER)


class Game:
    """A match of Basic Rummy or Gin Rummy. Create with :meth:`new`; act with :meth:`apply`."""

    def __init__(self, game: str, players: int, rules: dict[str, Any], rng: Rng, first_dealer: int) -> None:
        self.game = game
        self.players = players
        self.rules = rules
        self.rng = rng
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.scores = [0] * players
        self.hands_won = [0] * players
        self.results: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.phase = HAND_OVER
        self.turn: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []  # top first
        self.discard: list[int] = []  # bottom first: discard[-1] is face up
        self.table: list[TableMeld] = []
        self.log: list[dict[str, Any]] = []
        self.final: list[int] | None = None
        self.winner: int | None = None
        # the turn in play
        self.taken_discard: int | None = None
        self.swapped_jokers = 0
        self.melds_this_turn = 0
        self.played_this_turn = False
        self.must_draw_stock = False
        # the hand in play
        self.has_melded = [False] * players
        self.played_before = [False] * players
        self.passes = 0
        self.upcard: int | None = None
        self.knock_limit: int | None = None
        self.restocks_done = 0
        self.pending_restocks: list[list[int]] = []

    # ----- creating and dealing -----

    @classmethod
    def new(cls, game: str = GIN, players: int = 2, rules: dict[str, Any] | None = None,
            seed: int | None = None, dealer: int | None = None) -> "Game":
        """A new match with its first hand dealt. ``seed`` fixes every shuffle; ``dealer`` the first dealer
        (chosen at random when None)."""
        full = resolve_rules(game, players, rules)
        rng = Rng(secrets.randbits(64) if seed is None else seed)
        if dealer is None:
            dealer = rng.below(players)
        elif not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        g = cls(game, players, full, rng, dealer)
        g.deal()
        return g

    @property
    def module(self) -> Any:
        return gin if self.game == GIN else basic

    @property
    def hand_size(self) -> int:
        return hand_size(self.game, self.players)

    @property
    def hand_number(self) -> int:
        """How many hands have been dealt (the one in play counts)."""
        return len(self.records)

    def full_deck(self) -> list[int]:
        return new_deck(jokers=self.game == RUMMY and bool(self.rules["jokers"]))

    def deal(self, deck: list[int] | None = None, restocks: list[list[int]] | None = None) -> None:
        """Deal the next hand, from ``deck`` (dealing order) or a shuffle of the seeded generator."""
        if self.phase == MATCH_OVER:
            raise IllegalAction("The match is over; start a new match")
        if self.phase != HAND_OVER:
            raise IllegalAction("The hand in play has not ended yet")
        if deck is None:
            deck = self.full_deck()
            self.rng.shuffle(deck)
        elif Counter(deck) != Counter(self.full_deck()):
            raise ValueError("the deck must hold every card of the game exactly once")
        if self.records:
            self.dealer = (self.dealer + 1) % self.players
        n, size = self.players, self.hand_size
        self.hands = [[] for _ in range(n)]
        for i in range(n * size):
            self.hands[(self.dealer + 1 + i) % n].append(deck[i])
        self.discard = [deck[n * size]]
        self.stock = list(deck[n * size + 1:])
        self.table = []
        self.log = []
        self.records.append({"deck": list(deck), "restocks": [], "actions": []})
        self.pending_restocks = [list(r) for r in (restocks or [])]
        self.has_melded = [False] * n
        self.played_before = [False] * n
        self.passes = 0
        self.restocks_done = 0
        self.upcard = deck[n * size]
        self.knock_limit = gin.knock_limit_for(self.rules, self.upcard) if self.game == GIN else None
        self.module.start_hand(self)

    def start_turn(self, seat: int, phase: str = DRAW) -> None:
        """Give the turn to ``seat`` with a clean turn state."""
        self.turn = seat
        self.phase = phase
        self.taken_discard = None
        self.swapped_jokers = 0
        self.melds_this_turn = 0
        self.played_this_turn = False

    def end_hand(self, result: dict[str, Any]) -> None:
        """Close the hand with ``result`` (end, winner, points ...) and settle the match."""
        result = {"hand": len(self.records) - 1, "dealer": self.dealer, **result}
        for s, p in enumerate(result["points"]):
            self.scores[s] += p
        if result.get("winner") is not None:
            self.hands_won[result["winner"]] += 1
        result["totals"] = list(self.scores)
        self.results.append(result)
        self.turn = None
        self.phase = HAND_OVER
        self.module.settle_match(self)
        if self.final is not None:
            self.phase = MATCH_OVER

    # ----- acting -----

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, in a fixed order (empty between hands)."""
        if self.phase in (HAND_OVER, MATCH_OVER):
            return []
        return [a for a in self.module.candidates(self) if self.module.problem(self, a) is None]

    def why_illegal(self, action: Action | str, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal now, in a player's words; None if it is legal."""
        try:
            a = Action.parse(action) if isinstance(action, str) else action
        except ActionSyntaxError as e:
            return str(e)
        if self.phase == MATCH_OVER:
            return "The match is over"
        if self.phase == HAND_OVER:
            return "The hand is over; the next hand has not been dealt"
        if seat is not None and seat != self.turn:
            return f"It is not your turn: seat {self.turn} is to play"
        return self.module.problem(self, a)

    def is_legal(self, action: Action | str) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action | str, seat: int | None = None) -> Action:
        """Play ``action`` for the player to act (checked against ``seat`` when given).

        Raises :class:`IllegalAction` with the reason, leaving the state unchanged."""
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        a = Action.parse(action) if isinstance(action, str) else action
        actor = self.turn
        self.records[-1]["actions"].append(str(a))
        self.module.perform(self, a, actor)
        return a

    def note(self, seat: int | None, action: str, **extra: Any) -> None:
        """Add a public event to the hand's log (what every seat saw happen)."""
        self.log.append({"seat": seat, "action": action, **extra})

    def rebuild_stock(self) -> None:
        """Turn the discard pile but its top card into a new stock (Basic Rummy rule 9)."""
        top = self.discard[-1]
        pile = self.discard[:-1]
        if self.rules["reuse_discards"] == "turn-over":
            new = pile  # bottom card of the pile becomes the top of the stock
        else:
            if self.pending_restocks:
                new = self.pending_restocks.pop(0)  # checked by basic.problem before this draw
            else:
                new = list(pile)
                self.rng.shuffle(new)
            self.records[-1]["restocks"].append(list(new))
        self.stock = list(new)
        self.discard = [top]
        self.restocks_done += 1
        self.note(None, "restock", count=len(self.stock))

    # ----- views -----

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: see :class:`rummy.view.SeatView`."""
        from .view import seat_view
        return seat_view(self, seat)

    def hands_text(self) -> list[list[str]]:
        """Every seat's hand, sorted, as text (for a hand's result, where all hands are shown)."""
        return [cards_str(sorted(h)) for h in self.hands]

    def card_census(self) -> Counter[int]:
        """Every card in the game, wherever it is (for the no-card-lost check)."""
        c: Counter[int] = Counter(self.stock)
        c.update(self.discard)
        for h in self.hands:
            c.update(h)
        for m in self.table:
            c.update(x for x in m.cards if x not in m.wild)
            c[JOKER] += len(m.wild)
        return c

    # ----- saving -----

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON-ready data, with a format version."""
        cs = cards_str
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "game": self.game, "players": self.players, "rules": dict(self.rules),
            "rng": format(self.rng.state, "016x"),
            "first_dealer": self.first_dealer, "dealer": self.dealer,
            "scores": list(self.scores), "hands_won": list(self.hands_won),
            "results": json.loads(json.dumps(self.results)),
            "records": [{"deck": cs(r["deck"]), "restocks": [cs(x) for x in r["restocks"]],
                         "actions": list(r["actions"])} for r in self.records],
            "phase": self.phase, "turn": self.turn,
            "hands": [cs(h) for h in self.hands], "stock": cs(self.stock), "discard": cs(self.discard),
            "table": [m.to_text() for m in self.table],
            "log": json.loads(json.dumps(self.log)),
            "final": self.final, "winner": self.winner,
            "taken_discard": None if self.taken_discard is None else card_str(self.taken_discard),
            "swapped_jokers": self.swapped_jokers, "melds_this_turn": self.melds_this_turn,
            "played_this_turn": self.played_this_turn, "must_draw_stock": self.must_draw_stock,
            "has_melded": list(self.has_melded), "played_before": list(self.played_before),
            "passes": self.passes, "upcard": None if self.upcard is None else card_str(self.upcard),
            "knock_limit": self.knock_limit, "restocks_done": self.restocks_done,
            "pending_restocks": [cs(x) for x in self.pending_restocks],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: Any) -> "Game":
        """Restore a saved state. Raises :class:`SaveError` saying what is wrong with a bad save."""
        if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a saved Rummy game")
        version = d.get("version")
        if not isinstance(version, int) or version < 1:
            raise SaveError("the saved game has no readable version")
        if version > SAVE_VERSION:
            raise SaveError(f"the saved game comes from a newer version (format {version}; this one reads up to {SAVE_VERSION})")
        d = migrate_save(d)
        try:
            return _restore(cls, d)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise SaveError(f"the saved game is damaged ({type(e).__name__}: {e})") from None

    @classmethod
    def from_json(cls, text: str) -> "Game":
        try:
            d = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise SaveError(f"the saved game is not valid JSON ({e})") from None
        return cls.from_dict(d)

    def copy(self) -> "Game":
        return Game.from_dict(self.to_dict())

    def record(self) -> dict[str, Any]:
        """The match as a hand record (rulebook, Hand records)."""
        from .record import export_record
        return export_record(self)


MIGRATIONS: dict[int, Any] = {}  # version -> function(dict) -> dict of version + 1


def migrate_save(d: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to :data:`SAVE_VERSION`, one step at a time."""
    while d["version"] < SAVE_VERSION:
        d = MIGRATIONS[d["version"]](d)
    return d


def _cards(texts: Any) -> list[int]:
    if not isinstance(texts, list):
        raise TypeError("a list of cards was expected")
    return [parse_card(t) for t in texts]


def _restore(cls: type[Game], d: dict[str, Any]) -> Game:
    game, players = d["game"], d["players"]
    rules = resolve_rules(game, players, d["rules"])
    g = cls(game, players, rules, Rng(int(d["rng"], 16)), int(d["first_dealer"]))
    g.dealer = int(d["dealer"])
    g.scores = [int(x) for x in d["scores"]]
    g.hands_won = [int(x) for x in d["hands_won"]]
    g.results = list(d["results"])
    g.records = [{"deck": _cards(r["deck"]), "restocks": [_cards(x) for x in r["restocks"]],
                  "actions": [str(Action.parse(a)) for a in r["actions"]]} for r in d["records"]]
    if d["phase"] not in PHASES:
        raise SaveError(f"the saved game has an unknown phase {d['phase']!r}")
    g.phase, g.turn = d["phase"], d["turn"]
    g.hands = [_cards(h) for h in d["hands"]]
    g.stock, g.discard = _cards(d["stock"]), _cards(d["discard"])
    g.table = [_table_meld(m) for m in d["table"]]
    g.log = list(d["log"])
    g.final, g.winner = d["final"], d["winner"]
    g.taken_discard = None if d["taken_discard"] is None else parse_card(d["taken_discard"])
    g.swapped_jokers = int(d["swapped_jokers"])
    g.melds_this_turn = int(d["melds_this_turn"])
    g.played_this_turn = bool(d["played_this_turn"])
    g.must_draw_stock = bool(d["must_draw_stock"])
    g.has_melded = [bool(x) for x in d["has_melded"]]
    g.played_before = [bool(x) for x in d["played_before"]]
    g.passes = int(d["passes"])
    g.upcard = None if d["upcard"] is None else parse_card(d["upcard"])
    g.knock_limit = d["knock_limit"]
    g.restocks_done = int(d["restocks_done"])
    g.pending_restocks = [_cards(x) for x in d["pending_restocks"]]
    if len(g.hands) != players or len(g.scores) != players:
        raise SaveError("the saved game's seats do not match its number of players")
    _check_plain(g, players)
    if g.phase in (FIRST_UPCARD, DRAW, PLAY):
        if isinstance(g.turn, bool) or not isinstance(g.turn, int) or not 0 <= g.turn < players:
            raise SaveError(f"the saved game has no valid player to act ({g.turn!r})")
    elif g.turn is not None:
        raise SaveError("the saved game has a player to act between hands")
    if g.records and g.card_census() != Counter(g.full_deck()):
        raise SaveError("the saved game's cards do not add up to one deck")
    return g


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_plain(g: Game, players: int) -> None:
    """The restored fields that are kept as given must have the shapes the engine relies on."""
    if not all(isinstance(e, dict) and isinstance(e.get("action"), str) for e in g.log):
        raise SaveError("the saved game's log is damaged")
    if not all(isinstance(r, dict) and isinstance(r.get("points"), list) for r in g.results):
        raise SaveError("the saved game's results are damaged")
    if g.final is not None and not (isinstance(g.final, list) and len(g.final) == players
                                    and all(_is_int(x) for x in g.final)):
        raise SaveError("the saved game's final totals are damaged")
    if g.winner is not None and not (_is_int(g.winner) and 0 <= g.winner < players):
        raise SaveError("the saved game's winner is damaged")
    if g.knock_limit is not None and not _is_int(g.knock_limit):
        raise SaveError("the saved game's knock limit is damaged")
    if len(g.hands_won) != players or len(g.has_melded) != players or len(g.played_before) != players:
        raise SaveError("the saved game's seats do not match its number of players")
    if not 0 <= g.dealer < players or not 0 <= g.first_dealer < players:
        raise SaveError("the saved game's dealer is not a seat")


def _table_meld(texts: list[str]) -> TableMeld:
    cards, wild = [], []
    for t in texts:
        if t.upper().startswith("JK="):
            c = parse_card(t[3:])
            wild.append(c)
        else:
            c = parse_card(t)
        cards.append(c)
    return TableMeld(tuple(cards), tuple(sorted(wild)))
