"""Actions: small immutable values with the rulebook's text form.

``Action.parse("meld JK=5H 5C 5D")`` and ``str(action)`` round-trip. In a meld or lay-off each card is
named by the card it is on the table as; a joker playing 5H is ``JK=5H`` and is listed in ``wild``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import JOKER, CardError, card_str, parse_card

DRAW_STOCK = "draw stock"
DRAW_DISCARD = "draw discard"
PASS = "pass"
MELD = "meld"
LAYOFF = "layoff"
DISCARD = "discard"
KNOCK = "knock"
BIG_GIN = "big gin"
SWAP = "swap"
KINDS = (DRAW_STOCK, DRAW_DISCARD, PASS, MELD, LAYOFF, DISCARD, KNOCK, BIG_GIN, SWAP)


class ActionSyntaxError(ValueError):
    """Text that is not an action."""


@dataclass(frozen=True, order=True)
class Action:
    """One move. ``cards`` are natural card ids (as placed, for melds and lay-offs), sorted for melds;
    ``wild`` lists which of them a joker plays; ``meld`` is a table meld number (from 1) for lay-off and swap."""

    kind: str
    cards: tuple[int, ...] = ()
    wild: tuple[int, ...] = ()
    meld: int = 0

    def __post_init__(self) -> None:
        if self.kind == MELD:
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        object.__setattr__(self, "wild", tuple(sorted(self.wild)))

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
        if self.kind in (MELD, LAYOFF):
            text = f"{self.kind} {' '.join(self.placed_text())}"
            return f"{text} {self.meld}" if self.kind == LAYOFF else text
        if self.kind == SWAP:
            return f"swap {card_str(self.cards[0])} {self.meld}"
        if self.kind in (DISCARD, KNOCK):
            return f"{self.kind} {card_str(self.cards[0])}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read an action's text form (case and spacing are forgiven)."""
        words = text.strip().lower().split()
        if not words:
            raise ActionSyntaxError("empty action")
        head = words[0]
        try:
            if head in ("draw", "big", "pass") and len(words) == (1 if head == "pass" else 2):
                kind = " ".join(words)
                if kind in (DRAW_STOCK, DRAW_DISCARD, BIG_GIN, PASS):
                    return cls(kind)
            elif head in (DISCARD, KNOCK) and len(words) == 2:
                return cls(head, (_natural(words[1]),))
            elif head == SWAP and len(words) == 3:
                return cls(SWAP, (_natural(words[1]),), (), _meld_number(words[2]))
            elif head == MELD and len(words) >= 2:
                cards, wild = _placed(words[1:])
                return cls(MELD, cards, wild)
            elif head == LAYOFF and len(words) == 3:
                cards, wild = _placed(words[1:2])
                return cls(LAYOFF, cards, wild, _meld_number(words[2]))
        except CardError as e:
            raise ActionSyntaxError(f"{text.strip()!r}: {e}") from None
        raise ActionSyntaxError(
            f"{text.strip()!r} is not an action (try: draw stock, draw discard, pass, meld 3H 4H 5H, "
            "layoff 6H 2, discard KD, knock KD, big gin, swap 5H 2)"
        )


def _natural(word: str) -> int:
    return parse_card(word)


def _meld_number(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise ActionSyntaxError(f"{word!r} is not a table meld number (they count from 1)")
    return int(word)


def _placed(words: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards: list[int] = []
    wild: list[int] = []
    for w in words:
        if w.startswith("jk="):
            c = parse_card(w[3:])
            if c == JOKER:
                raise ActionSyntaxError("a joker must name the card it plays, like JK=5H")
            wild.append(c)
        else:
            c = parse_card(w)
            if c == JOKER:
                raise ActionSyntaxError("a joker in a meld must name the card it plays, like JK=5H")
        cards.append(c)
    return tuple(cards), tuple(wild)
