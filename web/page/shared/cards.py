"""Cards on the page: ids, their text form, and words and faces for people.

The engine's card ids (``suit * 13 + rank``; suits C D H S, ranks A..K; the joker is 52) and its canonical
text (``"7H"``, ``"TD"``, ``"JK"``), read and written without the engine. Written in the Python that both
MicroPython (the page) and CPython (the tests, the worker) run.
"""

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Iterable

SUITS = "CDHS"
RANKS = "A23456789TJQK"
JOKER = 52
JOKER_TEXT = "JK"
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
RANK_FACE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_of(text: object) -> int:
    """The id of a card in canonical text (``"7H"`` -> 45); ValueError for anything else."""
    if text == JOKER_TEXT:
        return JOKER
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError("not a card: " + repr(text))
    r = RANKS.find(text[0])
    s = SUITS.find(text[1])
    if r < 0 or s < 0:
        raise ValueError("not a card: " + repr(text))
    return s * 13 + r


def text_of(card: int) -> str:
    """Canonical text of a card id: ``AS``, ``TD``, ``JK``."""
    if card == JOKER:
        return JOKER_TEXT
    return RANKS[card % 13] + SUITS[card // 13]


def name_of(card: int) -> str:
    """Words for a card, for people and screen readers: ``8 of hearts``, ``joker``."""
    if card == JOKER:
        return "joker"
    return RANK_NAMES[card % 13] + " of " + SUIT_NAMES[card // 13]


def face_of(card: int) -> str:
    """Short face text: ``7♥``, ``10♠``, ``Joker``."""
    if card == JOKER:
        return "Joker"
    return RANK_FACE[card % 13] + SUIT_SYMBOL[SUITS[card // 13]]


def placed_face(card: int, wild: bool) -> str:
    """A card of a meld as placed: ``5♥``, or ``Joker as 5♥`` when a joker plays it."""
    return ("Joker as " + face_of(card)) if wild else face_of(card)


def is_red(card: int) -> bool:
    return card != JOKER and card // 13 in (1, 2)


def suit_letter(card: int) -> str:
    return "" if card == JOKER else SUITS[card // 13]


def by_suit(cards: "Iterable[int]") -> list[int]:
    """Suit, then rank (C D H S, ace low); jokers last."""
    return sorted(cards)


def by_rank(cards: "Iterable[int]") -> list[int]:
    """Rank, then suit; jokers last."""
    return sorted(cards, key=lambda c: (99, 0) if c == JOKER else (c % 13, c // 13))
