"""Words for people: move-log sentences, end-of-hand headlines, prompts, and HTML escaping.

Nothing here decides a rule: it only describes what the engine reports (its public events and its hand
results, read by :mod:`web.page.shared.viewdata`). Written in the Python both MicroPython and CPython run.
"""

from web.page.i18n import N_, _, ngettext
from web.page.shared.cards import JOKER, card_of, face_of

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
    (web.page.shared.protocol.clean_text: no control character, no isolate mark of their own). The person
    playing the computer alone, named "You" in the match (core's name, compared by the code), shows as the page's
    language says it."""
    if name == "You":
        # i18n: the person playing against the computer, as their name is shown (on the table, in the scores)
        name = _("You")
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
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st`` (rummy.record.ordinal), in the page's language."""
    last = 0 if 10 <= n % 100 <= 20 else n % 10
    if last == 1:
        # i18n: an ordinal number whose English ends in "st" (1st, 21st, 31st), in a sentence of a deal's check
        # ("the 21st card dealt"); languages with one form for all write it the same in the four texts
        return _("{n}st").format(n=n)
    if last == 2:
        # i18n: an ordinal number whose English ends in "nd" (2nd, 22nd), in a sentence of a deal's check
        return _("{n}nd").format(n=n)
    if last == 3:
        # i18n: an ordinal number whose English ends in "rd" (3rd, 23rd), in a sentence of a deal's check
        return _("{n}rd").format(n=n)
    # i18n: an ordinal number whose English ends in "th" (4th, 11th, 12th, 13th, 20th), in a sentence of a
    # deal's check
    return _("{n}th").format(n=n)


def _face(text: object) -> str:
    try:
        return card_face(card_of(text))
    except ValueError:
        return "?"


def _count(p: "dict[str, Any]", key: str) -> int:
    n = p.get(key)
    return n if type(n) is int else 0


def deal_check_words(check: "dict[str, Any]") -> str:
    """The words of one hand's deal check (an entry of the engine's ``verified`` answer), made from its ``ok``,
    ``code`` and ``params``: which card broke the deal, as it was and as the committed deck has it."""
    h = check.get("hand")
    hand = str(h + 1) if type(h) is int else "?"
    if check.get("ok"):
        # i18n: a hand's deal checked after the hand: {short} is the deal's fingerprint (a short code of letters
        # and digits)
        return _("Hand {hand}: the deal matches its fingerprint {short}: the secret gives these very cards.").format(
            hand=hand, short=str(check.get("short")))
    code = check.get("code")
    p = check.get("params")
    p = p if isinstance(p, dict) else {}
    card = _face(p.get("card"))
    committed = _face(p.get("committed"))
    if code == "not-a-secret":
        # i18n: a hand's deal checked after the hand: the secret revealed to prove the shuffle is not valid
        return _("Hand {hand}: the revealed secret is not 64 hex digits.").format(hand=hand)
    if code == "commitment":
        return _("Hand {hand}: the revealed secret does not match the fingerprint shown during the hand.").format(
            hand=hand)
    if code == "dealt-card" and p.get("upcard"):
        # i18n: a hand's deal checked after the hand: {card} the card as it was, {committed} as the deck shuffled
        # by the secret has it
        return _("Hand {hand}: the upcard was {card}, the committed deck has {committed}.").format(
            hand=hand, card=card, committed=committed)
    if code == "dealt-card":
        # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("5th"), {card} the card as it was,
        # {committed} as the deck shuffled by the secret has it
        return _("Hand {hand}: the {nth} card dealt was {card}, the committed deck has {committed}.").format(
            hand=hand, nth=ordinal(_count(p, "position")), card=card, committed=committed)
    if code == "stock-draw" and p.get("rebuilt"):
        # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("5th"); the stock was made again from
        # the discard pile, shuffled by the secret
        return _("Hand {hand}: the {nth} card drawn from the stock (rebuilt from the discards) was {card}, the "
                 "secret's shuffle of the discards gives {committed}.").format(
            hand=hand, nth=ordinal(_count(p, "draw")), card=card, committed=committed)
    if code == "stock-draw":
        # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("5th")
        return _("Hand {hand}: the {nth} card drawn from the stock was {card}, the committed deck has "
                 "{committed}.").format(hand=hand, nth=ordinal(_count(p, "draw")), card=card, committed=committed)
    if code == "deck-card":
        # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("5th")
        return _("Hand {hand}: the {nth} card of the deck is {card}, the committed deck has {committed}.").format(
            hand=hand, nth=ordinal(_count(p, "position")), card=card, committed=committed)
    if code == "draws-count":
        listed = _count(p, "listed")
        # i18n: a hand's deal checked after the hand: the hand's record says {listed} cards were drawn from the
        # stock, its moves draw {drawn}
        return ngettext("Hand {hand}: the record lists {listed} card drawn from the stock, but its moves draw "
                        "{drawn}.",
                        "Hand {hand}: the record lists {listed} cards drawn from the stock, but its moves draw "
                        "{drawn}.", listed).format(hand=hand, listed=listed, drawn=_count(p, "drawn"))
    if code == "restock":
        # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("2nd"); the stock is rebuilt from the
        # discard pile when it runs out
        return _("Hand {hand}: the {nth} rebuilt stock is not the one the secret shuffles.").format(
            hand=hand, nth=ordinal(_count(p, "restock")))
    if code == "replay":
        move = " ".join(_face(w) if _face(w) != "?" else w for w in str(p.get("text") or "").split())
        nth = ordinal(_count(p, "action") + 1)
        if move:
            # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("5th"), {move} the move as the
            # game writes it ("discard 7♥")
            return _("Hand {hand}: its {nth} move, {move}, cannot be played with the cards the committed deck "
                     "deals.").format(hand=hand, nth=nth, move=move)
        # i18n: a hand's deal checked after the hand: {nth} is an ordinal ("5th")
        return _("Hand {hand}: its {nth} move cannot be played with the cards the committed deck deals.").format(
            hand=hand, nth=nth)
    # i18n: a hand's deal checked after the hand
    return _("Hand {hand}: the deal does not match its fingerprint.").format(hand=hand)


def who(names: "Sequence[str]", seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return isolated(names[seat])
    # i18n: a player the page cannot name, in a sentence ("Someone drew from the stock")
    return _("Someone")


def is_you(names: "Sequence[str]", seat: int | None) -> bool:
    """True when ``seat`` is the person playing the computer alone, named "You": a sentence about them is said
    to them ("You drew", not "Ada drew"), in words of its own (other languages conjugate)."""
    return seat is not None and 0 <= seat < len(names) and names[seat] == "You"


def card_face(card: int) -> str:
    """A card's short face in the page's language: 7♥, 10♠, or the joker (web.page.shared.cards.face_of, which
    the worker runs too, writes "Joker" in English)."""
    # i18n: the joker card, named in a sentence
    return _("Joker") if card == JOKER else face_of(card)


def placed(cards: "Iterable[int]", wild: "Collection[int]") -> str:
    """Cards as placed in a meld: 5♥, or a joker as 5♥."""
    return " ".join(_("Joker as {card}").format(card=face_of(c)) if c in wild else card_face(c) for c in cards)


def describe_event(e: "Event", names: "Sequence[str]") -> str:
    """One public event in words: ``Ada took 7♥ from the discard pile``: a line of the move log (said to the
    person, "You", in words of its own)."""
    you = is_you(names, e.seat)
    w = who(names, e.seat)
    kind = e.kind
    card = "" if e.card is None else card_face(e.card)
    if kind == "draw stock":
        if you:
            return _("You drew from the stock")
        # i18n: a line of the move log: {name} is a player
        return _("{name} drew from the stock").format(name=w)
    if kind == "draw discard":
        if you:
            return _("You took {card} from the discard pile").format(card=card)
        # i18n: a line of the move log: {name} is a player, {card} a card ("7♥")
        return _("{name} took {card} from the discard pile").format(name=w, card=card)
    if kind == "discard":
        if you:
            return _("You discarded {card}").format(card=card)
        return _("{name} discarded {card}").format(name=w, card=card)
    if kind == "knock":
        if you:
            # i18n: a line of the move log (Gin): you ended the hand by knocking, putting {card} on the pile
            return _("You knocked, discarding {card}").format(card=card)
        # i18n: a line of the move log (Gin): the player ended the hand by knocking, putting {card} on the pile
        return _("{name} knocked, discarding {card}").format(name=w, card=card)
    if kind == "big gin":
        if you:
            # i18n: a line of the move log (Gin): all your 11 cards in melds, the hand ends without a discard
            return _("You declared big gin")
        # i18n: a line of the move log (Gin): all the player's 11 cards in melds, the hand ends without a discard
        return _("{name} declared big gin").format(name=w)
    if kind == "pass":
        if you:
            # i18n: a line of the move log (Gin): you did not take the first upcard of the hand
            return _("You passed on the upcard")
        # i18n: a line of the move log (Gin): the player did not take the first upcard of the hand
        return _("{name} passed on the upcard").format(name=w)
    if kind == "restock":
        # i18n: a line of the move log: the stock ran out and the discard pile was turned over as the new stock.
        # The English says "cards" whatever the number
        return ngettext("The discard pile became the new stock ({n} cards)",
                        "The discard pile became the new stock ({n} cards)", e.count).format(n=e.count)
    cards = placed(e.cards, e.wild)
    if kind == "meld":
        if you:
            # i18n: a line of the move log (Basic Rummy): {cards} the cards you laid as a meld ("5♥ 6♥ 7♥")
            return _("You melded {cards}").format(cards=cards)
        # i18n: a line of the move log (Basic Rummy): {cards} the cards laid as a meld ("5♥ 6♥ 7♥")
        return _("{name} melded {cards}").format(name=w, cards=cards)
    if kind == "layoff":
        if you:
            # i18n: a line of the move log (Basic Rummy): cards you added to the meld numbered {meld} on the table
            return _("You laid off {cards} on meld {meld}").format(cards=cards, meld=e.meld)
        # i18n: a line of the move log (Basic Rummy): cards added to the meld numbered {meld} on the table
        return _("{name} laid off {cards} on meld {meld}").format(name=w, cards=cards, meld=e.meld)
    if you:
        # i18n: a line of the move log (Basic Rummy): you put {card} in the meld numbered {meld} and took the
        # joker that stood for it
        return _("You swapped {card} for the joker in meld {meld}").format(card=card, meld=e.meld)
    # i18n: a line of the move log (Basic Rummy): the player put {card} in the meld numbered {meld} and took the
    # joker that stood for it
    return _("{name} swapped {card} for the joker in meld {meld}").format(name=w, card=card, meld=e.meld)


# How a hand ended, in the headline of its end: (the winner named, and the points they score; the same said to
# the person, "You"; the winner named, and the others take penalty points; the same said to the person), by the
# result's ``end``; None: another end.
HEADLINES = {
    "gin": (
        # i18n: the headline of a hand's end (Gin): the player went gin (all cards in melds) and scores {points}
        N_("{name} went gin and scores {points}."),
        # i18n: the headline of a hand's end (Gin), said to the player: they went gin and score {points}
        N_("You went gin and score {points}."),
        N_("{name} went gin; the others take penalty points."),
        N_("You went gin; the others take penalty points.")),
    "big gin": (
        # i18n: the headline of a hand's end (Gin): big gin, all 11 cards in melds without a discard
        N_("{name} went big gin and scores {points}."),
        N_("You went big gin and score {points}."),
        N_("{name} went big gin; the others take penalty points."),
        N_("You went big gin; the others take penalty points.")),
    "knock": (
        # i18n: the headline of a hand's end (Gin): the player knocked (ended the hand with little deadwood)
        N_("{name} knocked and scores {points}."),
        N_("You knocked and score {points}."),
        N_("{name} knocked; the others take penalty points."),
        N_("You knocked; the others take penalty points.")),
    "undercut": (
        # i18n: the headline of a hand's end (Gin): the defender had as little deadwood as the knocker, or less,
        # and wins the hand
        N_("{name} undercut the knock and scores {points}."),
        N_("You undercut the knock and score {points}."),
        N_("{name} undercut the knock; the others take penalty points."),
        N_("You undercut the knock; the others take penalty points.")),
    "undercut by": (
        # i18n: the headline of a hand's end (Gin): {name} undercut {knocker}, who had knocked (the defender had
        # as little deadwood as the knocker, or less)
        N_("{name} undercut {knocker} and scores {points}."),
        N_("You undercut {knocker} and score {points}."),
        N_("{name} undercut {knocker}; the others take penalty points."),
        N_("You undercut {knocker}; the others take penalty points.")),
    "out": (
        # i18n: the headline of a hand's end (Basic Rummy): the player got rid of all their cards
        N_("{name} went out and scores {points}."),
        N_("You went out and score {points}."),
        # i18n: the headline of a hand's end (Basic Rummy, penalty scoring: each other player adds the value of
        # the cards left in their hand)
        N_("{name} went out; the others take penalty points."),
        N_("You went out; the others take penalty points.")),
    "rummy": (
        # i18n: the headline of a hand's end (Basic Rummy): the player went out in one turn, all cards at once
        N_("{name} went rummy and scores {points}."),
        N_("You went rummy and score {points}."),
        N_("{name} went rummy; the others take penalty points."),
        N_("You went rummy; the others take penalty points.")),
    "block": (
        # i18n: the headline of a hand's end (block rummy): the stock ran out and the player held the cards of
        # lowest value
        N_("{name} held the lowest hand and scores {points}."),
        N_("You held the lowest hand and score {points}."),
        N_("{name} held the lowest hand; the others take penalty points."),
        N_("You held the lowest hand; the others take penalty points.")),
    None: (
        N_("{name} won the hand and scores {points}."),
        N_("You won the hand and score {points}."),
        N_("{name} won the hand; the others take penalty points."),
        N_("You won the hand; the others take penalty points.")),
}


def headline(result: "Result", names: "Sequence[str]") -> str:
    """``Ada went gin and scores 37.`` / ``Stalemate: nobody scores.``"""
    w = result.winner
    if w is None:
        if result.end == "stalemate":
            # i18n: the headline of a hand's end (Basic Rummy): the stock ran out and no one won the hand
            return _("Stalemate: nobody scores (a loss for everyone).")
        # i18n: the headline of a hand's end: a tie, no one won the hand
        return _("Tie: nobody scores.")
    end = result.end if result.end in HEADLINES else None
    knocker = ""
    if result.end == "undercut" and result.knock is not None:
        end = "undercut by"
        knocker = who(names, result.knock.knocker)
    you = w == 0 and bool(names) and names[0] == "You"
    penalty = any(p for i, p in enumerate(result.points) if i != w)  # penalty scoring: the losers add points
    text = HEADLINES[end][(2 if penalty else 0) + (1 if you else 0)]
    return _(text).format(name=who(names, w), knocker=knocker, points=result.points[w])


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
            out.append(card_face(card_of(two)))
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


SUIT_OF = {"♣": 0, "♦": 1, "♥": 2, "♠": 3}  # a suit's symbol -> its place in web.page.shared.cards.SUITS
RANK_OF = {"A": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6, "8": 7, "9": 8, "10": 9, "J": 10, "Q": 11, "K": 12}


def spoken(text: str) -> str:
    """A sentence with suit symbols spelled out for screen readers (``7♥`` -> ``7 of hearts``: the card's name,
    :func:`card_words`)."""
    out = []
    for ch in text:
        suit = SUIT_OF.get(ch)
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
            out.append(card_words(suit * 13 + RANK_OF[rank]))
    return "".join(out)


def card_words(card: int) -> str:
    """Accessible name of a card id, in the page's language ("seven of hearts")."""
    from web.page.app.deck import card_name  # here: the words of a deal check need no deck (nor its looks)

    return card_name(card)


def prompt(view: "View", names: "Sequence[str]", by_name: bool = False) -> str:
    """The line above the hand: whose turn, and what the person can do now (from ``view.legal``). ``by_name``:
    people pass the device round, so the one holding it is named ("Ann's turn") rather than called "you"."""
    if view.phase == "match-over":
        w = view.match.winner if view.match is not None else None
        if w is None:
            # i18n: the line above the hand when the match ended in a tie
            return _("Match over: a draw.")
        if w == view.seat and not by_name:
            return _("Match over: you win!")
        return _("Match over: {name} wins.").format(name=who(names, w))
    if view.phase == "hand-over":
        return _("The hand is over.")
    if view.turn != view.seat:
        return _("{name} is playing.").format(name=who(names, view.turn))
    kinds = view.kinds()
    top = card_face(view.top_discard) if view.top_discard is not None else ""
    name = who(names, view.seat)
    if view.phase == "first-upcard":
        if by_name:
            # i18n: the line above the hand (Gin, pass and play): {card} is the first upcard of the hand
            return _("{name}'s turn: take the upcard {card}, or pass.").format(name=name, card=top)
        # i18n: the line above the hand (Gin): {card} is the first upcard of the hand
        return _("Your turn: take the upcard {card}, or pass.").format(card=top)
    if view.phase == "draw":
        if "draw discard" in kinds:
            if by_name:
                # i18n: the line above the hand (pass and play): {card} is the top card of the discard pile
                return _("{name}'s turn: draw from the stock or take {card}.").format(name=name, card=top)
            # i18n: the line above the hand: {card} is the top card of the discard pile
            return _("Your turn: draw from the stock or take {card}.").format(card=top)
        if by_name:
            return _("{name}'s turn: draw from the stock.").format(name=name)
        return _("Your turn: draw from the stock.")
    if view.game == "gin":
        if "knock" in kinds:
            if by_name:
                what = _("{name}'s turn: discard a card, or knock.").format(name=name)
            else:
                what = _("Discard a card, or knock.")
        elif by_name:
            what = _("{name}'s turn: discard a card.").format(name=name)
        else:
            what = _("Discard a card.")
        if "big gin" in kinds:
            # i18n: after what the player can do (Gin): all their 11 cards are in melds, so they may end the hand
            # at once with big gin
            what += " " + _("Big gin is yours!")
        return what
    if by_name:
        return _("{name}'s turn: meld and lay off if you can, then discard.").format(name=name)
    return _("Meld and lay off if you can, then discard.")


TIER_WORDS = {
    # i18n: an opponent's level of play
    "beginner": N_("Beginner"),
    # i18n: an opponent's level of play
    "casual": N_("Casual"),
    # i18n: an opponent's level of play
    "skilled": N_("Skilled"),
    # i18n: an opponent's level of play
    "expert": N_("Expert"),
}


def tier_word(tier: str) -> str:
    """An opponent's level of play in words (a level the page does not know, as it is)."""
    word = TIER_WORDS.get(tier)
    return tier if word is None else _(word)
