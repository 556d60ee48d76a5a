"""Actions: small immutable values with the rulebook's text form.

``Action.parse("meld JK=5H 5C 5D")`` and ``str(action)`` round-trip; the named constructors
(``Action.discard(c)``, ``Action.meld(cards, wild)`` ...) build one in code. In a meld or lay-off each card is
named by the card it is on the table as; a joker playing 5H is ``JK=5H`` and is listed in ``wild``.

An action is checked when it is built: the right number of cards for its kind, real cards, a table meld number
where one is needed. Whether it is *legal now* is the game's question (:meth:`rummy.game.Game.problem`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .cards import JOKER, card_str, parse_card
from .errors import ActionError, ActionSyntaxError, CardError


class ActionKind(StrEnum):
    """The kinds of action (rulebook, Hand records); the values are their text forms."""

    DRAW_STOCK = "draw stock"
    DRAW_DISCARD = "draw discard"
    PASS = "pass"
    MELD = "meld"
    LAYOFF = "layoff"
    DISCARD = "discard"
    KNOCK = "knock"
    BIG_GIN = "big gin"
    SWAP = "swap"


DRAW_STOCK = ActionKind.DRAW_STOCK
DRAW_DISCARD = ActionKind.DRAW_DISCARD
PASS = ActionKind.PASS
MELD = ActionKind.MELD
LAYOFF = ActionKind.LAYOFF
DISCARD = ActionKind.DISCARD
KNOCK = ActionKind.KNOCK
BIG_GIN = ActionKind.BIG_GIN
SWAP = ActionKind.SWAP
KINDS = tuple(ActionKind)

_NO_CARDS = (DRAW_STOCK, DRAW_DISCARD, PASS, BIG_GIN)
_ONE_CARD = (DISCARD, KNOCK, SWAP, LAYOFF)
_ON_TABLE = (LAYOFF, SWAP)  # these name a table meld
_SYNTAX_HELP = ("try: draw stock, draw discard, pass, meld 3H 4H 5H, layoff 6H 2, discard KD, knock KD, "
                "big gin, swap 5H 2")


@dataclass(frozen=True, order=True)
class Action:
    """One move. ``cards`` are card ids (natural cards as placed, for melds and lay-offs; melds sorted);
    ``wild`` lists which of them a joker plays; ``meld`` is a table meld number (from 1) for lay-off and swap.

    Raises :class:`~rummy.errors.ActionError` when the cards do not fit the kind."""

    kind: ActionKind
    cards: tuple[int, ...] = ()
    wild: tuple[int, ...] = ()
    meld: int = 0

    def __post_init__(self) -> None:
        kind = self.kind
        if type(kind) is not ActionKind:
            try:
                kind = ActionKind(kind)
            except ValueError:
                raise ActionError(f"{kind!r} is not a kind of action ({_SYNTAX_HELP})") from None
            object.__setattr__(self, "kind", kind)
        cards = self.cards
        if type(cards) is not tuple:
            cards = tuple(cards)
        if kind == MELD:
            cards = tuple(sorted(cards))
        object.__setattr__(self, "cards", cards)
        wild = self.wild
        if wild:
            wild = tuple(sorted(wild))
        elif type(wild) is not tuple:
            wild = ()
        object.__setattr__(self, "wild", wild)
        _check(self)

    # ----- named constructors -----

    @classmethod
    def draw_stock(cls) -> Action:
        return _DRAW_STOCK

    @classmethod
    def draw_discard(cls) -> Action:
        return _DRAW_DISCARD

    @classmethod
    def pass_upcard(cls) -> Action:
        """Gin rule 2: pass on the first upcard."""
        return _PASS

    @classmethod
    def big_gin(cls) -> Action:
        return _BIG_GIN

    @classmethod
    def discard(cls, card: int) -> Action:
        return DISCARDS[card] if 0 <= card <= JOKER else cls(DISCARD, (card,))

    @classmethod
    def knock(cls, card: int) -> Action:
        return KNOCKS[card] if 0 <= card <= JOKER else cls(KNOCK, (card,))

    @classmethod
    def meld_of(cls, cards: Iterable[int], wild: Iterable[int] = ()) -> Action:
        """A new meld of these placed cards (``wild``: those a joker plays)."""
        return cls(MELD, tuple(cards), tuple(wild))

    @classmethod
    def layoff(cls, card: int, meld: int, joker: bool = False) -> Action:
        """Lay ``card`` off on table meld ``meld``; ``joker``: a joker plays it."""
        return cls(LAYOFF, (card,), (card,) if joker else (), meld)

    @classmethod
    def swap(cls, card: int, meld: int) -> Action:
        """Put natural ``card`` in place of the joker that plays it in table meld ``meld``."""
        return cls(SWAP, (card,), (), meld)

    # ----- reading -----

    @property
    def card(self) -> int:
        """The single card of a discard, knock, lay-off or swap."""
        return self.cards[0]

    def hand_cards(self) -> list[int]:
        """The cards this action takes out of the player's hand (jokers as :data:`JOKER`)."""
        if self.kind in (MELD, LAYOFF):
            return [JOKER if c in self.wild else c for c in self.cards]
        if self.kind in (DISCARD, KNOCK, SWAP):
            return [self.cards[0]]
        return []

    def placed_text(self) -> list[str]:
        """The cards as placed, in text: ``["5C", "5D", "JK=5H"]``."""
        return [("JK=" + card_str(c)) if c in self.wild else card_str(c) for c in self.cards]

    def __str__(self) -> str:
        kind = self.kind
        if kind in (MELD, LAYOFF):
            text = f"{kind.value} {' '.join(self.placed_text())}"
            return f"{text} {self.meld}" if kind == LAYOFF else text
        if kind == SWAP:
            return f"swap {card_str(self.cards[0])} {self.meld}"
        if kind in (DISCARD, KNOCK):
            return f"{kind.value} {card_str(self.cards[0])}"
        return kind.value

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text form (case and spacing are forgiven). Raises :class:`ActionError`."""
        if not isinstance(text, str):
            raise ActionError(f"an action is text, not {type(text).__name__}")
        words = text.strip().lower().split()
        if not words:
            raise ActionError("empty action")
        head = words[0]
        try:
            if head in ("draw", "big", "pass") and len(words) == (1 if head == "pass" else 2):
                kind = " ".join(words)
                if kind in (DRAW_STOCK, DRAW_DISCARD, BIG_GIN, PASS):
                    return cls(ActionKind(kind))
            elif head in (DISCARD, KNOCK) and len(words) == 2:
                return cls(ActionKind(head), (parse_card(words[1]),))
            elif head == SWAP and len(words) == 3:
                return cls(SWAP, (_natural(words[1]),), (), _meld_number(words[2]))
            elif head == MELD and len(words) >= 2:
                cards, wild = _placed(words[1:])
                return cls(MELD, cards, wild)
            elif head == LAYOFF and len(words) == 3:
                cards, wild = _placed(words[1:2])
                return cls(LAYOFF, cards, wild, _meld_number(words[2]))
        except CardError as e:
            raise ActionError(f"{text.strip()!r}: {e}") from None
        raise ActionError(f"{text.strip()!r} is not an action ({_SYNTAX_HELP})")


ActionLike = Action | str


def _check(a: Action) -> None:
    """The shape every action of its kind must have (not whether it is legal now)."""
    kind, cards, n = a.kind, a.cards, len(a.cards)
    if kind in _NO_CARDS:
        if n or a.wild or a.meld:
            raise ActionError(f"'{kind.value}' takes no cards")
        return
    if kind in _ONE_CARD and n != 1:
        raise ActionError(f"'{kind.value}' takes exactly one card, not {n}")
    if kind == MELD and n == 0:
        raise ActionError("a meld needs cards")
    for c in cards:
        if type(c) is not int or not 0 <= c <= JOKER:
            raise ActionError(f"{c!r} is not a card id (0 to {JOKER})")
    if kind in (MELD, LAYOFF, SWAP) and JOKER in cards:
        raise ActionError("a joker on the table must name the card it plays, like JK=5H")
    if a.wild:
        if kind not in (MELD, LAYOFF):
            raise ActionError(f"'{kind.value}' has no jokers playing a card")
        if not set(a.wild) <= set(cards):
            raise ActionError("a joker must play one of the action's cards")
    if kind in _ON_TABLE:
        if type(a.meld) is not int or a.meld < 1:
            raise ActionError(f"'{kind.value}' needs a table meld number from 1, not {a.meld!r}")
    elif a.meld:
        raise ActionError(f"'{kind.value}' takes no table meld number")


def _natural(word: str) -> int:
    c = parse_card(word)
    if c == JOKER:
        raise ActionError("swap a natural card for a joker, like swap 5H 2")
    return c


def _meld_number(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise ActionError(f"{word!r} is not a table meld number (they count from 1)")
    return int(word)


def _placed(words: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards: list[int] = []
    wild: list[int] = []
    for w in words:
        if w.startswith("jk="):
            c = parse_card(w[3:])
            if c == JOKER:
                raise ActionError("a joker must name the card it plays, like JK=5H")
            wild.append(c)
        else:
            c = parse_card(w)
            if c == JOKER:
                raise ActionError("a joker in a meld must name the card it plays, like JK=5H")
        cards.append(c)
    return tuple(cards), tuple(wild)


# The actions without cards, and every discard and knock, built once (candidates reuse them).
_DRAW_STOCK = Action(DRAW_STOCK)
_DRAW_DISCARD = Action(DRAW_DISCARD)
_PASS = Action(PASS)
_BIG_GIN = Action(BIG_GIN)
DISCARDS: tuple[Action, ...] = tuple(Action(DISCARD, (c,)) for c in range(JOKER + 1))
KNOCKS: tuple[Action, ...] = tuple(Action(KNOCK, (c,)) for c in range(JOKER + 1))

__all__ = ["KINDS", "Action", "ActionError", "ActionKind", "ActionLike", "ActionSyntaxError"]
