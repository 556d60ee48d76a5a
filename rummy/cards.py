"""Cards: integer identities, the rulebook's text form, values and decks.

A card is an ``int``: ``suit * 13 + rank`` with suits in rulebook order C D H S (0..3) and ranks
A 2 .. T J Q K as 0..12, so ``0`` is ``AC`` and ``51`` is ``KS``. Both jokers are the one value
:data:`JOKER` (52): they are alike, so a hand is a list that may hold it twice.
A set of natural cards is often a 52-bit mask, bit ``c`` for card ``c``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

from .errors import CardError

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
JOKER = 52
JOKER_TEXT = "JK"
NATURAL_CARDS = tuple(range(52))


class CardText:
    """Marks an ``int`` field that holds a card: :mod:`rummy.codec` writes it as the card's text (``"7H"``)."""


#: A card id in a typed value (an ``int`` to Python and mypy; text in JSON).
Card = Annotated[int, CardText]
#: Several cards, in order.
Cards = tuple[Card, ...]


def suit_of(card: int) -> int:
    """The suit index 0..3 (C D H S) of a natural card."""
    return card // 13


def rank_of(card: int) -> int:
    """The rank index 0..12 (A..K) of a natural card."""
    return card % 13


def make_card(rank: int, suit: int) -> int:
    """The card of rank index ``rank`` (0 = ace) and suit index ``suit``."""
    return suit * 13 + rank


def card_str(card: int) -> str:
    """Canonical text form: ``AS``, ``TD``, ``JK``."""
    if card == JOKER:
        return JOKER_TEXT
    return RANKS[card % 13] + SUITS[card // 13]


def card_face(card: int) -> str:
    """The short face people read on a card: ``7♥``, ``10♠``, ``Joker`` (the page's ``face_of``)."""
    if card == JOKER:
        return "Joker"
    rank = card % 13
    return ("10" if rank == 9 else RANKS[rank]) + "♣♦♥♠"[card // 13]


def card_name(card: int) -> str:
    """Words for a card, for people and screen readers: ``8 of hearts``."""
    if card == JOKER:
        return "joker"
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def _rank_index(text: str) -> int | None:
    if text in ("10",):
        return 9
    if text.isdigit():
        n = int(text)
        return n - 1 if 1 <= n <= 13 else None
    i = RANKS.find(text)
    return i if i >= 0 and len(text) == 1 else None


def parse_card(text: str) -> int:
    """Parse any accepted form: ``AS``, ``as``, ``10H``, ``H8``, ``H1`` (ace), ``H12`` (queen), ``8♥``, ``♥8``,
    ``JK``."""
    raw = text.strip()
    t = raw.upper()
    for sym, letter in SUIT_SYMBOLS.items():
        t = t.replace(sym, letter)
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if len(t) >= 2:
        # rank first: "AS", "10H"
        if t[-1] in SUITS:
            r = _rank_index(t[:-1])
            if r is not None:
                return make_card(r, SUITS.index(t[-1]))
        # suit first: "H8", "H1", "H12", "♥8"
        if t[0] in SUITS:
            r = _rank_index(t[1:])
            if r is not None:
                return make_card(r, SUITS.index(t[0]))
    raise CardError(f"{raw!r} is not a card (write it like AS, TD, 7H or JK)")


def parse_cards(texts: Iterable[str] | str) -> list[int]:
    """Parse several cards, from a list of strings or one string separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [parse_card(t) for t in texts]


def cards_str(cards: Iterable[int]) -> list[str]:
    """The canonical text of each card."""
    return [card_str(c) for c in cards]


#: Points of each rank index A..K (rulebook, Cards): ace 1, 2-10 face value, J Q K 10.
RANK_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
#: The one card-value table: ``CARD_VALUES[card]`` for every card id, the joker (15) last.
CARD_VALUES: tuple[int, ...] = tuple(RANK_VALUES[c % 13] for c in NATURAL_CARDS) + (15,)
#: The same with the aces-high option (ace 15).
CARD_VALUES_ACES_HIGH: tuple[int, ...] = tuple(15 if c % 13 == 0 else v for c, v in enumerate(CARD_VALUES))


def card_value(card: int, aces_high: bool = False) -> int:
    """Points a card counts in deadwood or penalties: ace 1 (15 with aces high), 2-10 face, J Q K 10, joker 15."""
    return (CARD_VALUES_ACES_HIGH if aces_high else CARD_VALUES)[card]


def mask_of(cards: Iterable[int]) -> int:
    """The 52-bit mask of some natural cards (jokers are ignored)."""
    m = 0
    for c in cards:
        if c != JOKER:
            m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The natural cards of a mask, in id order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sort_by_suit(cards: Iterable[int]) -> list[int]:
    """Suit, then rank (C D H S, ace low); jokers last."""
    return sorted(cards)


def sort_by_rank(cards: Iterable[int]) -> list[int]:
    """Rank, then suit; jokers last."""
    return sorted(cards, key=lambda c: (99, 0) if c == JOKER else (c % 13, c // 13))


def new_deck(jokers: bool = False) -> list[int]:
    """A fresh deck in id order: 52 cards, plus two jokers when ``jokers``."""
    return list(NATURAL_CARDS) + ([JOKER, JOKER] if jokers else [])
