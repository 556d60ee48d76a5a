"""A refused move in the player's words: the engine's refusal code and its parameters (rummy.errors.Refusal; the
faults of a meld or a lay-off: rummy.melds.MELD_FAULTS, LAYOFF_FAULTS), and the host's own refusals of a friend's
move online, worded in the page's language, the rule's wording as the engine's. A code these words do not know, or parameters that are not what they should be, give
None: the caller shows the engine's own words.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app.text import card_face, placed
from web.page.i18n import _
from web.page.shared.cards import JOKER, card_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any


def card_shown(text: "Any") -> str:
    """A card of the engine's parameters ("7H", "JK", or "JK=9C": a joker placed as 9♣) as the page writes it: 7♥,
    the joker, a joker as 9♣."""
    if type(text) is str and text.startswith("JK="):
        return placed([card_of(text[3:])], [card_of(text[3:])])
    return card_face(card_of(text))


def cards_shown(texts: "Any") -> str:
    return " ".join(card_shown(t) for t in texts)


def meld_fault_words(why: str, cards: str) -> str | None:
    """Why placed cards are no meld (rummy.melds.MELD_FAULTS), ``cards`` as shown."""
    if why == "too-few":
        return _("{cards} is not a meld: a meld needs at least 3 cards.").format(cards=cards)
    if why == "twice":
        return _("{cards} is not a meld: it names a card twice.").format(cards=cards)
    if why == "joker-plays-none":
        return _("A joker must play one of the meld's cards.")
    if why == "few-natural":
        return _("{cards} is not a meld: a meld needs at least two natural cards.").format(cards=cards)
    if why == "set-too-big":
        return _("{cards} is not a meld: a set has at most 4 cards.").format(cards=cards)
    if why == "mixed":
        return _("{cards} is not a meld: a set needs one rank, a run one suit.").format(cards=cards)
    if why == "gap":
        return _("{cards} is not a meld: a run needs cards in sequence (aces are low).").format(cards=cards)
    if why == "gap-aces-high":
        return _("{cards} is not a meld: a run needs cards in sequence (an ace may be low or high, never "
                 "both).").format(cards=cards)
    return None


def layoff_fault_words(why: str, card: str, rank: str) -> str | None:
    """Why a card cannot be laid off on a meld (rummy.melds.LAYOFF_FAULTS); ``rank``: a set's rank as shown."""
    if why == "in-meld":
        return _("{card} is already in that meld.").format(card=card)
    if why == "set-full":
        # i18n: {rank} is a card's rank as the cards show it: 7, 10, J, Q, K, A
        return _("That set of {rank} already has all four cards.").format(rank=rank)
    if why == "other-rank":
        return _("{card} does not fit a set of {rank}.").format(card=card, rank=rank)
    if why == "run-ends":
        return _("{card} does not fit that run: a run grows only by the next card at either end.").format(card=card)
    return None


def words(code: str, params: "dict[str, Any]", game: str) -> str | None:
    """The refusal ``code`` with ``params`` in the page's words, or None (the caller shows the engine's)."""
    try:
        return _words(code, params, game)
    except (KeyError, ValueError, TypeError):
        return None


def _words(code: str, p: "dict[str, Any]", game: str) -> str | None:
    # the host's page's own refusals of a friend's move (web.page.app.host), worded on the friend's page
    if code == "no-match":
        return _("The match has not started.")
    if code == "busy":
        return _("Your last move has not been answered yet.")
    if code == "stale":
        return _("That move came too late.")
    if code == "match-over":
        return _("The match is over: start a new match.")
    if code == "hand-over":
        return _("The hand is over; the next hand has not been dealt yet.")
    if code == "hand-in-play":
        return _("The hand in play has not ended yet.")
    if code == "wrong-game":
        return _("That is not a move of this game.")
    if code == "upcard-offered":
        return _("Take the upcard or pass: the first upcard is offered before anyone draws from the stock.")
    if code == "must-draw-stock":
        return _("Both players passed the first upcard, so you must draw from the stock.")
    if code == "pass-only-on-upcard":
        return _("You can only pass on the first upcard.")
    if code == "draw-first":
        return _("Draw a card first, from the stock or the discard pile.")
    if code == "already-drew":
        if game == "gin":
            return _("You have already drawn this turn; now discard or knock.")
        return _("You have already drawn this turn.")
    if code == "empty-discard":
        return _("The discard pile is empty.")
    if code == "not-held":
        return _("You don't hold {cards}.").format(cards=cards_shown(p["cards"]))
    if code == "taken-this-turn":
        if card_of(p["card"]) == JOKER:
            return _("You took that joker from the table this turn; you can't discard it this turn.")
        return _("You took {card} from the discard pile; you can't discard it this turn.").format(
            card=card_shown(p["card"]))
    if code == "big-gin-not-played":
        return _("Big gin is not played under these rules; knock with a card instead.")
    if code == "not-big-gin":
        return _("Big gin needs all 11 cards in melds; you have {deadwood} deadwood.").format(
            deadwood=int(p["deadwood"]))
    if code == "knock-too-high":
        return _("You can knock only with {limit} or less deadwood; after discarding {card} you would have "
                 "{deadwood}.").format(limit=int(p["limit"]), card=card_shown(p["card"]), deadwood=int(p["deadwood"]))
    if code == "gin-only":
        return _("Only gin may knock in this hand; without {card} you have {deadwood} deadwood.").format(
            card=card_shown(p["card"]), deadwood=int(p["deadwood"]))
    if code == "one-meld-per-turn":
        return _("You may put down only one new meld each turn under these rules.")
    if code == "jokers-not-played":
        return _("Jokers are not in play.")
    if code == "not-a-meld":
        return meld_fault_words(str(p["why"]), cards_shown(p["cards"]))
    if code == "already-on-table":
        if p.get("joker"):
            return _("{card} is already on the table (a joker plays it in meld {meld}).").format(
                card=card_shown(p["card"]), meld=int(p["meld"]))
        return _("{card} is already on the table (in meld {meld}).").format(card=card_shown(p["card"]),
                                                                            meld=int(p["meld"]))
    if code == "no-such-meld":
        if int(p.get("melds") or 0) > 0:
            return _("There is no meld {meld} on the table (melds 1 to {melds}).").format(meld=int(p["meld"]),
                                                                                          melds=int(p["melds"]))
        return _("There is no meld {meld} on the table.").format(meld=int(p["meld"]))
    if code == "meld-before-layoff":
        return _("You must put down a meld of your own before laying off under these rules.")
    if code == "does-not-fit":
        rank = str(p["rank"])
        return layoff_fault_words(str(p["why"]), card_shown(p["card"]), "10" if rank == "T" else rank)
    if code == "no-joker-there":
        return _("No joker plays {card} in meld {meld}.").format(card=card_shown(p["card"]), meld=int(p["meld"]))
    if code == "keep-a-discard":
        return _("You must keep a card to discard: going out needs a final discard under these rules.")
    if code == "leaves-undiscardable":
        return _("That would leave you holding only {cards}, which you may not discard this turn.").format(
            cards=cards_shown(p["cards"]))
    return None
