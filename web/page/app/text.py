"""Words for people: move-log sentences, end-of-hand headlines, prompts, and HTML escaping.

Nothing here decides a rule: it only describes what the engine reports (its public events and its hand
results, read by :mod:`web.page.shared.viewdata`). Written in the Python both MicroPython and CPython run.
"""

import re

from web.page.shared.cards import face_of, name_of, placed_face

_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def esc(value):
    """HTML-escape any value (quotes too: safe in attributes)."""
    s = str(value)
    for a, b in _ESCAPES:
        s = s.replace(a, b)
    return s


def plural(n, word):
    return str(n) + " " + word + ("" if n == 1 else "s")


def who(names, seat):
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return "Someone"


def placed(cards, wild):
    return " ".join(placed_face(c, c in wild) for c in cards)


def describe_event(e, names):
    """One public event in words: ``Ada took 7♥ from the discard pile``."""
    w = who(names, e.seat)
    kind = e.kind
    card = "" if e.card is None else face_of(e.card)
    if kind == "draw stock":
        return w + " drew from the stock"
    if kind == "draw discard":
        return w + " took " + card + " from the discard pile"
    if kind == "discard":
        return w + " discarded " + card
    if kind == "knock":
        return w + " knocked, discarding " + card
    if kind == "big gin":
        return w + " declared big gin"
    if kind == "pass":
        return w + " passed on the upcard"
    if kind == "restock":
        return "The discard pile became the new stock (" + str(e.count) + " cards)"
    if kind == "meld":
        return w + " melded " + placed(e.cards, e.wild)
    if kind == "layoff":
        return w + " laid off " + placed(e.cards, e.wild) + " on meld " + str(e.meld)
    return w + " swapped " + card + " for the joker in meld " + str(e.meld)


END_WORDS = {
    "gin": "went gin", "big gin": "went big gin", "knock": "knocked",
    "undercut": "undercut the knock", "out": "went out", "rummy": "went rummy",
    "block": "held the lowest hand",
}


def headline(result, names):
    """``Ada went gin and scores 37.`` / ``Stalemate: nobody scores.``"""
    w = result.winner
    if w is None:
        if result.end == "stalemate":
            return "Stalemate: nobody scores (a loss for everyone)."
        return "Tie: nobody scores."
    verb = END_WORDS.get(result.end, "won the hand")
    if result.end == "undercut" and result.knock is not None:
        verb = "undercut " + who(names, result.knock.knocker)
    scores = "score" if w == 0 and names and names[0] == "You" else "scores"
    if any(p for i, p in enumerate(result.points) if i != w):  # penalty scoring: the losers add points
        return who(names, w) + " " + verb + "; the others take penalty points."
    return who(names, w) + " " + verb + " and " + scores + " " + str(result.points[w]) + "."


def pretty_cards(text):
    """Card codes in an engine sentence shown with suit symbols (``6D`` -> ``6♦``)."""
    from web.page.shared.cards import card_of

    return re.sub(r"\b([A2-9TJQK][CDHS])\b", lambda m: face_of(card_of(m.group(1))), text)


def names_in(text, names):
    """The engine's words with player names for ``seat N`` (``seat 0 scores 12`` -> ``You score 12``)."""
    def name(m):
        n = int(m.group(2))
        if not 0 <= n < len(names):
            return m.group(0)
        if names[n] == "You" and m.group(1) == "seat":
            return "you"
        return names[n]

    out = re.sub(r"\b([Ss]eat) (\d)", name, text)
    if names and names[0] == "You":
        out = out.replace("ou scores", "ou score").replace("ou holds", "ou hold")
    return pretty_cards(out)


SUIT_WORDS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def spoken(text):
    """A sentence with suit symbols spelled out for screen readers (``7♥`` -> ``7 of hearts``)."""
    def words(m):
        r = m.group(1)
        return RANK_WORDS.get(r, r) + " of " + SUIT_WORDS[m.group(2)]
    return re.sub(r"\b(10|[2-9AJQK])([♣♦♥♠])", words, text)


def card_words(card):
    """Accessible name of a card id."""
    return name_of(card)


def prompt(view, names):
    """The line above the hand: whose turn, and what the person can do now (from ``view.legal``)."""
    if view.phase == "match-over":
        w = view.match.winner if view.match is not None else None
        if w is None:
            return "Match over: a draw."
        return "Match over: " + ("you win!" if w == view.seat else who(names, w) + " wins.")
    if view.phase == "hand-over":
        return "The hand is over."
    if view.turn != view.seat:
        return who(names, view.turn) + " is playing."
    kinds = view.kinds()
    top = face_of(view.top_discard) if view.top_discard is not None else ""
    if view.phase == "first-upcard":
        return "Your turn: take the upcard " + top + ", or pass."
    if view.phase == "draw":
        if "draw discard" in kinds:
            return "Your turn: draw from the stock or take " + top + "."
        return "Your turn: draw from the stock."
    if view.game == "gin":
        return ("Discard a card" + (", or knock." if "knock" in kinds else ".")
                + (" Big gin is yours!" if "big gin" in kinds else ""))
    return "Meld and lay off if you can, then discard."


TIER_WORDS = {"beginner": "Beginner", "casual": "Casual", "skilled": "Skilled", "expert": "Expert"}


def tier_word(tier):
    return TIER_WORDS.get(tier, tier)
