"""A seat's view on the page: the engine's ``rummy-view`` JSON read into plain objects, without the engine.

The engine writes a seat's view with its one codec (``rummy.view.SeatView.to_json``); this module reads that
JSON where the engine is not (the page's MicroPython, and later another player's browser). Reading is strict:
anything that is not exactly a view (a wrong type, a missing field, a card that is not a card) raises
ValueError saying where, and the caller drops the message. Cards become the engine's card ids; actions stay
their rulebook text (what the page sends back) with their parts read out.

Written in the Python that both MicroPython and CPython run (no typing, dataclasses, enum): the classes
declare their attributes' types for mypy in class-level annotations, which MicroPython ignores.
"""

from web.page.shared.cards import JOKER, card_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

VIEW_FORMAT = "rummy-view"
VIEW_VERSION = 1
PHASES = ("first-upcard", "draw", "play", "hand-over", "match-over")
EVENT_KINDS = ("pass", "draw stock", "draw discard", "meld", "layoff", "swap", "discard", "knock", "big gin",
               "restock")
HAND_ENDS = ("knock", "gin", "big gin", "undercut", "tie", "out", "rummy", "stalemate", "block")
ACTION_KINDS = ("draw stock", "draw discard", "pass", "meld", "layoff", "discard", "knock", "big gin", "swap")


class Reader:
    """Reads one JSON object's fields, checking types; ``where`` names it in errors."""

    data: "dict[str, Any]"
    where: str
    seen: int

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(where + ": an object was expected")
        self.data = data
        self.where = where
        self.seen = 0

    def get(self, key: str) -> "Any":
        if key not in self.data:
            raise ValueError(self.where + ": missing " + key)
        self.seen += 1
        return self.data[key]

    def done(self) -> None:
        """Every field was read: an extra field is an error."""
        if self.seen != len(self.data):
            raise ValueError(self.where + ": unknown fields")

    def number(self, key: str, low: int | None = None, high: int | None = None) -> int:
        v = self.get(key)
        if type(v) is not int or (low is not None and v < low) or (high is not None and v > high):
            raise ValueError(self.where + "." + key + ": a whole number was expected")
        return v

    def flag(self, key: str) -> bool:
        v = self.get(key)
        if type(v) is not bool:
            raise ValueError(self.where + "." + key + ": true or false was expected")
        return v

    def word(self, key: str, choices: tuple[str, ...] | None = None) -> str:
        v = self.get(key)
        if type(v) is not str or (choices is not None and v not in choices):
            raise ValueError(self.where + "." + key + ": an expected word was not found")
        return v

    def items(self, key: str) -> "list[Any]":
        v = self.get(key)
        if type(v) is not list:
            raise ValueError(self.where + "." + key + ": a list was expected")
        return v

    def numbers(self, key: str, n: int | None = None) -> list[int]:
        v = self.items(key)
        if (n is not None and len(v) != n) or any(type(x) is not int for x in v):
            raise ValueError(self.where + "." + key + ": whole numbers were expected")
        return list(v)

    def flags(self, key: str, n: int) -> list[bool]:
        v = self.items(key)
        if len(v) != n or any(type(x) is not bool for x in v):
            raise ValueError(self.where + "." + key + ": true/false values were expected")
        return list(v)

    def card(self, key: str) -> int:
        return _card(self.get(key), self.where + "." + key)

    def opt_card(self, key: str) -> int | None:
        v = self.get(key)
        return None if v is None else _card(v, self.where + "." + key)

    def cards(self, key: str) -> list[int]:
        return _cards(self.items(key), self.where + "." + key)


def _card(v: object, where: str) -> int:
    try:
        return card_of(v)
    except ValueError:
        raise ValueError(where + ": not a card") from None


def _cards(v: object, where: str) -> list[int]:
    if type(v) is not list:
        raise ValueError(where + ": a list of cards was expected")
    return [_card(x, where) for x in v]


class Move:
    """A legal action: its text (sent back as it is) and its parts."""

    __slots__ = ("cards", "kind", "meld", "text", "wild")
    text: str
    kind: str  # one of ACTION_KINDS
    cards: list[int]  # the cards it names, in its order (a joker as the card it plays)
    wild: list[int]  # those of ``cards`` that a joker plays
    meld: int  # the meld it goes to (a lay-off or a swap; from 1), else 0

    def __init__(self, text: object) -> None:
        if type(text) is not str:
            raise ValueError("an action is text")
        words = text.split(" ")
        self.text = text
        self.cards = []
        self.wild = []
        self.meld = 0
        head = words[0]
        if head in ("draw", "big"):
            self.kind = " ".join(words)
        else:
            self.kind = head
        if self.kind not in ACTION_KINDS:
            raise ValueError("not an action: " + text)
        if self.kind in ("discard", "knock", "swap"):
            self.cards = [card_of(words[1])]
        elif self.kind in ("meld", "layoff"):
            placed = words[1:] if self.kind == "meld" else words[1:2]
            for w in placed:
                if w.startswith("JK="):
                    c = card_of(w[3:])
                    self.wild.append(c)
                else:
                    c = card_of(w)
                self.cards.append(c)
        if self.kind in ("layoff", "swap"):
            if not words[-1].isdigit():
                raise ValueError("not an action: " + text)
            self.meld = int(words[-1])

    def hand_cards(self) -> list[int]:
        """The cards this action takes out of the hand (a joker as the joker's id)."""
        if self.kind in ("meld", "layoff"):
            return [JOKER if c in self.wild else c for c in self.cards]
        return list(self.cards)

    def __repr__(self) -> str:
        return "Move(" + repr(self.text) + ")"


class Meld:
    """A meld on the table: its cards as placed (ids) and those a joker plays."""

    __slots__ = ("cards", "wild")
    cards: list[int]
    wild: list[int]

    def __init__(self, texts: object, where: str) -> None:
        if type(texts) is not list or not texts:
            raise ValueError(where + ": a meld was expected")
        self.cards = []
        self.wild = []
        for t in texts:
            if type(t) is str and t.startswith("JK="):
                c = _card(t[3:], where)
                self.wild.append(c)
            else:
                c = _card(t, where)
            self.cards.append(c)


class Event:
    """One public event of the hand's log."""

    __slots__ = ("card", "cards", "count", "kind", "meld", "seat", "wild")
    kind: str  # one of EVENT_KINDS
    seat: int | None
    card: int | None
    cards: list[int]
    wild: list[int]
    meld: int
    count: int

    def __init__(self, data: object, where: str) -> None:
        r = Reader(data, where)
        self.kind = r.word("kind", EVENT_KINDS)
        seat = r.get("seat")
        if seat is not None and type(seat) is not int:
            raise ValueError(where + ".seat: a seat was expected")
        self.seat = seat
        self.card = r.opt_card("card")
        self.cards = r.cards("cards")
        self.wild = r.cards("wild")
        self.meld = r.number("meld", 0)
        self.count = r.number("count", 0)
        r.done()


class Knock:
    """Gin: how a knock was arranged and counted (per-seat lists are indexed by seat)."""

    __slots__ = ("card", "deadwood", "doubled", "knocker", "layoffs", "limit", "melds", "unmatched")
    knocker: int
    card: int | None
    limit: int
    doubled: bool
    melds: list[list[list[int]]]  # per seat, its melds
    unmatched: list[list[int]]  # per seat
    deadwood: list[int]  # per seat
    layoffs: list[tuple[int, int]]  # (card, meld number from 1)

    def __init__(self, data: object, where: str) -> None:
        r = Reader(data, where)
        self.knocker = r.number("knocker", 0)
        self.card = r.opt_card("card")
        self.limit = r.number("limit", 0)
        self.doubled = r.flag("doubled")
        self.melds = [[_cards(m, where + ".melds") for m in _list(ms, where)] for ms in r.items("melds")]
        self.unmatched = [_cards(u, where + ".unmatched") for u in r.items("unmatched")]
        self.deadwood = r.numbers("deadwood")
        self.layoffs = []
        for x in r.items("layoffs"):
            lr = Reader(x, where + ".layoffs")
            self.layoffs.append((lr.card("card"), lr.number("meld", 1)))
            lr.done()
        r.done()


def _list(v: object, where: str) -> "list[Any]":
    if type(v) is not list:
        raise ValueError(where + ": a list was expected")
    return v


class Result:
    """A finished hand."""

    __slots__ = ("dealer", "detail", "end", "hand", "hands", "knock", "points", "table", "totals", "values",
                 "winner")
    hand: int
    dealer: int
    end: str  # one of HAND_ENDS
    winner: int | None
    points: list[int]  # per seat
    totals: list[int]  # per seat
    hands: list[list[int]]
    detail: str
    knock: Knock | None
    values: list[int]
    table: list[Meld]

    def __init__(self, data: object, where: str, players: int) -> None:
        r = Reader(data, where)
        self.hand = r.number("hand", 0)
        self.dealer = r.number("dealer", 0, players - 1)
        self.end = r.word("end", HAND_ENDS)
        w = r.get("winner")
        if w is not None and (type(w) is not int or not 0 <= w < players):
            raise ValueError(where + ".winner: a seat was expected")
        self.winner = w
        self.points = r.numbers("points", players)
        self.totals = r.numbers("totals", players)
        self.hands = [_cards(h, where + ".hands") for h in r.items("hands")]
        self.detail = r.word("detail")
        k = r.get("knock")
        self.knock = None if k is None else Knock(k, where + ".knock")
        self.values = r.numbers("values")
        self.table = [Meld(m, where + ".table") for m in r.items("table")]
        r.done()


class Match:
    """A finished match: final totals, the winner, hands won and each seat's bonuses."""

    __slots__ = ("bonuses", "final", "hands", "hands_won", "winner")
    final: list[int]  # per seat
    winner: int | None
    hands_won: list[int]  # per seat
    bonuses: list[dict[str, int]]  # per seat: {"game", "line", "shutout"}
    hands: int

    def __init__(self, data: object, where: str, players: int) -> None:
        r = Reader(data, where)
        self.final = r.numbers("final", players)
        w = r.get("winner")
        if w is not None and (type(w) is not int or not 0 <= w < players):
            raise ValueError(where + ".winner: a seat was expected")
        self.winner = w
        self.hands_won = r.numbers("hands_won", players)
        self.bonuses = []
        for b in r.items("bonuses"):
            br = Reader(b, where + ".bonuses")
            self.bonuses.append({"game": br.number("game"), "line": br.number("line"), "shutout": br.number("shutout")})
            br.done()
        if len(self.bonuses) != players:
            raise ValueError(where + ".bonuses: one per seat was expected")
        self.hands = r.number("hands", 0)
        r.done()


class View:
    """One seat's view, read from the engine's ``rummy-view`` document (see :func:`read_view`)."""

    game: str  # "gin" or "rummy"
    rules: dict[str, bool | int | str | None]
    players: int
    seat: int
    step: int
    hand_number: int
    dealer: int
    phase: str  # one of PHASES
    turn: int | None
    hand: list[int]
    hand_counts: list[int]
    stock_count: int
    discard: list[int]
    table: list[Meld]
    log: list[Event]
    legal: list[Move]
    scores: list[int]
    hands_won: list[int]
    has_melded: list[bool]
    played_before: list[bool]
    taken_discard: int | None
    must_draw_stock: bool
    knock_limit: int | None
    upcard: int | None
    restocks_done: int
    results: list[Result]
    match: Match | None

    def __init__(self, data: object) -> None:
        r = Reader(data, "view")
        self.game = r.word("game", ("gin", "rummy"))
        rules = r.get("rules")
        if type(rules) is not dict or any(type(v) not in (bool, int, str, type(None)) for v in rules.values()):
            raise ValueError("view.rules: an object of option values was expected")
        self.rules = rules
        self.players = r.number("players", 2, 6)
        n = self.players
        self.seat = r.number("seat", 0, n - 1)
        self.step = r.number("step", 0)
        self.hand_number = r.number("hand_number", 0)
        self.dealer = r.number("dealer", 0, n - 1)
        self.phase = r.word("phase", PHASES)
        turn = r.get("turn")
        if turn is not None and (type(turn) is not int or not 0 <= turn < n):
            raise ValueError("view.turn: a seat was expected")
        self.turn = turn
        self.hand = r.cards("hand")
        self.hand_counts = r.numbers("hand_counts", n)
        self.stock_count = r.number("stock_count", 0)
        self.discard = r.cards("discard")
        self.table = [Meld(m, "view.table") for m in r.items("table")]
        self.log = [Event(e, "view.log") for e in r.items("log")]
        legal = r.items("legal")
        try:
            self.legal = [Move(t) for t in legal]
        except (ValueError, IndexError):
            raise ValueError("view.legal: an action was not readable") from None
        self.scores = r.numbers("scores", n)
        self.hands_won = r.numbers("hands_won", n)
        self.has_melded = r.flags("has_melded", n)
        self.played_before = r.flags("played_before", n)
        self.taken_discard = r.opt_card("taken_discard")
        self.must_draw_stock = r.flag("must_draw_stock")
        kl = r.get("knock_limit")
        if kl is not None and type(kl) is not int:
            raise ValueError("view.knock_limit: a whole number was expected")
        self.knock_limit = kl
        self.upcard = r.opt_card("upcard")
        self.restocks_done = r.number("restocks_done", 0)
        self.results = [Result(x, "view.results", n) for x in r.items("results")]
        m = r.get("match")
        self.match = None if m is None else Match(m, "view.match", n)
        r.done()

    # ----- reading -----

    @property
    def in_hand(self) -> bool:
        return self.phase in ("first-upcard", "draw", "play")

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and bool(self.legal)

    @property
    def top_discard(self) -> int | None:
        return self.discard[-1] if self.discard else None

    @property
    def result(self) -> Result | None:
        """The last hand's result, between hands."""
        return self.results[-1] if self.results and not self.in_hand else None

    def kinds(self) -> set[str]:
        """The kinds of the legal actions."""
        return {m.kind for m in self.legal}

    def moves(self, kind: str) -> list[Move]:
        return [m for m in self.legal if m.kind == kind]

    def move(self, text: str) -> Move | None:
        """The legal move with this text, or None."""
        for m in self.legal:
            if m.text == text:
                return m
        return None


def read_view(doc: object) -> View:
    """A :class:`View` from a ``rummy-view`` document (a dict, already parsed from JSON)."""
    if not isinstance(doc, dict) or doc.get("format") != VIEW_FORMAT:
        raise ValueError("not a " + VIEW_FORMAT + " document")
    if doc.get("version") != VIEW_VERSION or len(doc) != 3 or "view" not in doc:
        raise ValueError(VIEW_FORMAT + ": an unknown version or shape")
    return View(doc["view"])
