"""Words and symbols for people: card faces, move-log sentences, end-of-hand headlines.

Pure Python (no browser), so it is tested in CPython too. Nothing here decides a rule: it only
describes what the engine reports (its public log events and its hand results).
"""

from __future__ import annotations

import html
import re
from typing import Any

from rummy.cards import JOKER, card_name, parse_card
from rummy.model import Event, EventKind, HandEnd, HandResult

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_FACE = {"T": "10"}
RED_SUITS = ("D", "H")


def esc(text: Any) -> str:
    """HTML-escape any value (quotes too: safe in attributes)."""
    return html.escape(str(text), quote=True)


def card_text(card: int | str) -> str:
    """Short face text of a card: ``7♥``, ``10♠``, ``Joker``."""
    s = card if isinstance(card, str) else _code(card)
    if s.upper().startswith("JK"):
        return "Joker"
    return RANK_FACE.get(s[0], s[0]) + SUIT_SYMBOL[s[1]]


def _code(card: int) -> str:
    from rummy.cards import card_str
    return card_str(card)


def card_words(card: int | str) -> str:
    """Accessible name of a card: ``8 of hearts``."""
    c = parse_card(card) if isinstance(card, str) else card
    return card_name(c)


def placed_text(word: str) -> str:
    """A placed card of a meld or lay-off (``JK=5H`` -> ``Joker as 5♥``)."""
    if word.upper().startswith("JK="):
        return "Joker as " + card_text(word[3:])
    return card_text(word)


def is_red(card: int | str) -> bool:
    s = card if isinstance(card, str) else _code(card)
    return len(s) == 2 and s[1] in RED_SUITS


def pretty_cards(text: str) -> str:
    """Card codes in an engine sentence shown with suit symbols (``6D`` -> ``6♦``)."""
    return re.sub(r"\b([A2-9TJQK])([CDHS])\b", lambda m: card_text(m.group(0)), text)


def names_in(text: str, names: list[str]) -> str:
    """Replace the engine's ``seat N`` with player names (``seat 0 scores 12`` -> ``You score 12``)."""
    def repl(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return names[n] if 0 <= n < len(names) else m.group(0)
    def repl_mid(m: re.Match[str]) -> str:
        r = repl(m)
        return "you" if r == "You" else r
    out = re.sub(r"Seat (\d+)", repl, text)
    out = re.sub(r"seat (\d+)", repl_mid, out)
    if names and names[0] == "You":
        for a, b in (("ou scores", "ou score"), ("ou holds", "ou hold")):
            out = out.replace(a, b)
    return pretty_cards(out)


def describe_event(e: Event, names: list[str], me: int = 0) -> str:
    """One public log event in words: ``Ada took 7♥ from the discard pile``."""
    seat = e.seat
    who = names[seat] if seat is not None and 0 <= seat < len(names) else "Someone"
    kind = e.kind
    card = "" if e.card is None else card_text(e.card)
    placed = " ".join(placed_text(("JK=" if c in e.wild else "") + _code(c)) for c in e.cards)
    if kind == EventKind.DRAW_STOCK:
        return f"{who} drew from the stock"
    if kind == EventKind.DRAW_DISCARD:
        return f"{who} took {card} from the discard pile"
    if kind == EventKind.DISCARD:
        return f"{who} discarded {card}"
    if kind == EventKind.KNOCK:
        return f"{who} knocked, discarding {card} face down"
    if kind == EventKind.BIG_GIN:
        return f"{who} declared big gin"
    if kind == EventKind.PASS:
        return f"{who} passed on the upcard"
    if kind == EventKind.RESTOCK:
        return f"The discard pile became the new stock ({e.count} cards)"
    if kind == EventKind.MELD:
        return f"{who} melded {placed}"
    if kind == EventKind.LAYOFF:
        return f"{who} laid off {placed} on meld {e.meld}"
    return f"{who} swapped {card} for the joker in meld {e.meld}"


def spoken(text: str) -> str:
    """A log sentence with suit symbols spelled out for screen readers (``7♥`` -> ``7 of hearts``)."""
    names = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
    ranks = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}

    def repl(m: re.Match[str]) -> str:
        r = m.group(1)
        return f"{ranks.get(r, r)} of {names[m.group(2)]}"
    return re.sub(r"\b(10|[2-9AJQK])([♣♦♥♠])", repl, text)


END_WORDS = {
    "gin": "went gin", "big gin": "went big gin", "knock": "knocked",
    "undercut": "undercut the knock", "out": "went out", "rummy": "went rummy",
    "block": "held the lowest hand",
}


def headline(result: HandResult, names: list[str]) -> str:
    """``Ada went gin and scores 37.`` / ``Stalemate: nobody scores.``"""
    end = result.end
    w = result.winner
    pts = result.points
    if w is None:
        if end == HandEnd.STALEMATE:
            return "Stalemate: nobody scores (a loss for everyone)."
        return "Tie: nobody scores."
    who = names[w]
    verb = END_WORDS.get(end.value, "won the hand")
    if end == HandEnd.UNDERCUT and result.knock is not None:
        verb = f"undercut {names[result.knock.knocker]}"
    scores = "score" if w == 0 and names[0] == "You" else "scores"
    if any(p for i, p in enumerate(pts) if i != w):  # penalty scoring: the losers add points
        return f"{who} {verb}; the others take penalty points."
    return f"{who} {verb} and {scores} {pts[w] if w < len(pts) else 0}."


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def joker_free(cards: list[int]) -> list[int]:
    return [c for c in cards if c != JOKER]
