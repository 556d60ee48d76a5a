"""Words for people: move-log sentences, end-of-hand headlines, prompts, and HTML escaping.

Nothing here decides a rule: it only describes what the engine reports (its public events and its hand
results, read by :mod:`web.page.shared.viewdata`). Written in the Python both MicroPython and CPython run.
"""

from web.page.shared.cards import face_of, name_of, placed_face

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Sequence

    from web.page.shared.viewdata import Event, Result, View

_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def esc(value: object) -> str:
    """HTML-escape any value (quotes too: safe in attributes)."""
    s = str(value)
    for a, b in _ESCAPES:
        s = s.replace(a, b)
    return s


def plural(n: int, word: str) -> str:
    return str(n) + " " + word + ("" if n == 1 else "s")


def who(names: "Sequence[str]", seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return "Someone"


def placed(cards: "Iterable[int]", wild: "Collection[int]") -> str:
    return " ".join(placed_face(c, c in wild) for c in cards)


def describe_event(e: "Event", names: "Sequence[str]") -> str:
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


def headline(result: "Result", names: "Sequence[str]") -> str:
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


def _word_char(ch: str) -> bool:
    return ch.isalpha() or ch.isdigit() or ch == "_"


def _at_word_start(text: str, i: int) -> bool:
    return i == 0 or not _word_char(text[i - 1])


def _at_word_end(text: str, j: int) -> bool:
    return j >= len(text) or not _word_char(text[j])


def pretty_cards(text: str) -> str:
    """Card codes in an engine sentence shown with suit symbols (``6D`` -> ``6♦``)."""
    from web.page.shared.cards import RANKS, SUITS, card_of

    out = []
    i = 0
    while i < len(text):
        two = text[i:i + 2]
        if len(two) == 2 and two[0] in RANKS and two[1] in SUITS and _at_word_start(text, i) \
                and _at_word_end(text, i + 2):
            out.append(face_of(card_of(two)))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def names_in(text: str, names: "Sequence[str]") -> str:
    """The engine's words with player names for ``seat N`` (``seat 0 scores 12`` -> ``You score 12``)."""
    out = []
    i = 0
    while i < len(text):
        word = text[i:i + 5]
        if word in ("seat ", "Seat ") and _at_word_start(text, i) and i + 5 < len(text) and text[i + 5].isdigit() \
                and _at_word_end(text, i + 6):
            n = int(text[i + 5])
            if 0 <= n < len(names):
                out.append("you" if names[n] == "You" and word[0] == "s" else names[n])
                i += 6
                continue
        out.append(text[i])
        i += 1
    s = "".join(out)
    if names and names[0] == "You":
        s = s.replace("ou scores", "ou score").replace("ou holds", "ou hold")
    return pretty_cards(s)


SUIT_WORDS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def spoken(text: str) -> str:
    """A sentence with suit symbols spelled out for screen readers (``7♥`` -> ``7 of hearts``)."""
    out = []
    for ch in text:
        suit = SUIT_WORDS.get(ch)
        if suit is None:
            out.append(ch)
            continue
        rank = None
        if len(out) >= 2 and out[-2] + out[-1] == "10" and (len(out) == 2 or not _word_char(out[-3])):
            rank = "10"
            del out[-2:]
        elif out and out[-1] in "23456789AJQK" and (len(out) == 1 or not _word_char(out[-2])):
            rank = out.pop()
        if rank is None:
            out.append(ch)
        else:
            out.append(RANK_WORDS.get(rank, rank) + " of " + suit)
    return "".join(out)


def card_words(card: int) -> str:
    """Accessible name of a card id."""
    return name_of(card)


def prompt(view: "View", names: "Sequence[str]", by_name: bool = False) -> str:
    """The line above the hand: whose turn, and what the person can do now (from ``view.legal``). ``by_name``:
    people pass the device round, so the one holding it is named ("Ann's turn") rather than called "you"."""
    if view.phase == "match-over":
        w = view.match.winner if view.match is not None else None
        if w is None:
            return "Match over: a draw."
        return "Match over: " + ("you win!" if w == view.seat and not by_name else who(names, w) + " wins.")
    if view.phase == "hand-over":
        return "The hand is over."
    if view.turn != view.seat:
        return who(names, view.turn) + " is playing."
    kinds = view.kinds()
    top = face_of(view.top_discard) if view.top_discard is not None else ""
    lead = (who(names, view.seat) + "'s turn") if by_name else "Your turn"
    if view.phase == "first-upcard":
        return lead + ": take the upcard " + top + ", or pass."
    if view.phase == "draw":
        if "draw discard" in kinds:
            return lead + ": draw from the stock or take " + top + "."
        return lead + ": draw from the stock."
    if view.game == "gin":
        what = ("discard a card" + (", or knock." if "knock" in kinds else ".")
                + (" Big gin is yours!" if "big gin" in kinds else ""))
    else:
        what = "meld and lay off if you can, then discard."
    return (lead + ": " + what) if by_name else (what[:1].upper() + what[1:])


TIER_WORDS = {"beginner": "Beginner", "casual": "Casual", "skilled": "Skilled", "expert": "Expert"}


def tier_word(tier: str) -> str:
    return TIER_WORDS.get(tier, tier)
