"""Words for people: move-log sentences, end-of-hand headlines, prompts, and HTML escaping.

Nothing here decides a rule: it only describes what the engine reports (its public events and its hand
results, read by :mod:`web.page.shared.viewdata`). Written in the Python both MicroPython and CPython run.
"""

from web.page.shared.cards import card_of, face_of, name_of, placed_face

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Sequence
    from typing import Any

    from web.page.shared.viewdata import Event, Result, View

_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))
FSI = "\u2068"  # FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: a name between them is isolated in a sentence
PDI = "\u2069"


def esc(value: object) -> str:
    """HTML-escape any value (quotes too: safe in attributes)."""
    s = str(value)
    for a, b in _ESCAPES:
        s = s.replace(a, b)
    return s


def isolated(name: str) -> str:
    """A player's name as it goes into a sentence or onto the screen: between FSI and PDI when it holds anything
    that could turn the text around it (a letter of a right-to-left script, a direction mark or override: any
    character from U+0590 on), so that "Bob 12 (to 100)" reads in order whatever Bob's name holds; a name of
    left-to-right letters alone stays as it is. The marks isolate it in plain text (announcements, aria-labels,
    titles); where the screen shows it, :func:`bidi_html` makes them a ``<bdi>`` element. Names come in clean
    (web.page.shared.protocol.clean_text: no control character, no isolate mark of their own)."""
    for ch in name:
        if ord(ch) >= 0x590:
            return FSI + name + PDI
    return name


def bidi_html(html: str) -> str:
    """Drawn HTML with each isolated name (:func:`isolated`) in an element's text made a ``<bdi>`` element; inside a
    tag (an attribute: aria-label, title) or a text field's text (a ``<textarea>``) the marks stay, and isolate it
    there. Each ``<bdi>`` closes in the text it opened in (a stray mark is dropped, an open one closed), so the
    markup stays whole whatever the text."""
    if FSI not in html and PDI not in html:
        return html
    out = []
    done = 0  # html[:done] is in out
    while True:
        f, p = html.find(FSI, done), html.find(PDI, done)
        k = p if f < 0 or 0 <= p < f else f
        if k < 0:
            break
        lt, gt = html.rfind("<", 0, k), html.rfind(">", 0, k)
        if lt > gt:  # in a tag: past its end
            end = html.find(">", k)
            end = len(html) if end < 0 else end + 1
            out.append(html[done:end])
            done = end
            continue
        end = html.find("<", k)
        end = len(html) if end < 0 else end
        if html.startswith("<textarea", lt):  # a field's text, not markup: the marks stay as they are
            out.append(html[done:end])
        else:
            out.append(html[done:k])
            out.append(_bdi(html[k:end]))
        done = end
    out.append(html[done:])
    return "".join(out)


def _bdi(text: str) -> str:
    """A piece of an element's text, its isolate marks made ``<bdi>`` elements that all close within it."""
    out = []
    depth = 0
    for ch in text:
        if ch == FSI:
            out.append("<bdi>")
            depth += 1
        elif ch == PDI:
            if depth:
                out.append("</bdi>")
                depth -= 1
        else:
            out.append(ch)
    return "".join(out) + "</bdi>" * depth


def plural(n: int, word: str) -> str:
    return str(n) + " " + word + ("" if n == 1 else "s")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st`` (rummy.record.ordinal)."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return str(n) + tail


def _face(text: object) -> str:
    try:
        return face_of(card_of(text))
    except ValueError:
        return "?"


def _count(p: "dict[str, Any]", key: str) -> int:
    n = p.get(key)
    return n if type(n) is int else 0


def deal_check_words(check: "dict[str, Any]") -> str:
    """The words of one hand's deal check (an entry of the engine's ``verified`` answer), made from its ``ok``,
    ``code`` and ``params``: which card broke the deal, as it was and as the committed deck has it."""
    hand = check.get("hand")
    lead = "Hand " + (str(hand + 1) if type(hand) is int else "?") + ": "
    if check.get("ok"):
        return lead + "the deal matches its fingerprint " + str(check.get("short")) + \
            ": the secret gives these very cards."
    code = check.get("code")
    p = check.get("params")
    p = p if isinstance(p, dict) else {}
    was = " was " + _face(p.get("card")) + ", the committed deck has " + _face(p.get("committed"))
    if code == "not-a-secret":
        why = "the revealed secret is not 64 hex digits"
    elif code == "commitment":
        why = "the revealed secret does not match the fingerprint shown during the hand"
    elif code == "dealt-card":
        why = ("the upcard" if p.get("upcard") else "the " + ordinal(_count(p, "position")) + " card dealt") + was
    elif code == "stock-draw" and p.get("rebuilt"):
        why = "the " + ordinal(_count(p, "draw")) + " card drawn from the stock (rebuilt from the discards) was " + \
            _face(p.get("card")) + ", the secret's shuffle of the discards gives " + _face(p.get("committed"))
    elif code == "stock-draw":
        why = "the " + ordinal(_count(p, "draw")) + " card drawn from the stock" + was
    elif code == "deck-card":
        why = "the " + ordinal(_count(p, "position")) + " card of the deck is " + _face(p.get("card")) + \
            ", the committed deck has " + _face(p.get("committed"))
    elif code == "draws-count":
        why = "the record lists " + plural(_count(p, "listed"), "card") + " drawn from the stock, but its moves draw " \
            + str(_count(p, "drawn"))
    elif code == "restock":
        why = "the " + ordinal(_count(p, "restock")) + " rebuilt stock is not the one the secret shuffles"
    elif code == "replay":
        move = " ".join(_face(w) if _face(w) != "?" else w for w in str(p.get("text") or "").split())
        why = "its " + ordinal(_count(p, "action") + 1) + " move" + (", " + move + "," if move else "") + \
            " cannot be played with the cards the committed deck deals"
    else:
        why = "the deal does not match its fingerprint"
    return lead + why + "."


def who(names: "Sequence[str]", seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return isolated(names[seat])
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
                out.append("you" if names[n] == "You" and word[0] == "s" else isolated(names[n]))
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
