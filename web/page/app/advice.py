"""The expert's advice in the player's words: a hint (the engine's ``hint`` message: rummy.bots.advice
``Advice.to_data``) and a decision of the coach's review (rummy.coach ``Mistake.to_data``), worded by the page from
the action, the reasons' codes and their parameters (the table of rummy/bots/advice.py), in the page's language,
as the engine says them in English (rummy.bots.advice ``action_words``, ``sentence``; gin_advice, rummy_advice).

A reason whose code these words do not know, or whose parameters are not what they should be (an older or
another engine), is said in the engine's own words; an advice or a decision the page cannot read at all, likewise.
The guided hand's hint is the lesson's own sentence, shown as the lesson shows it (learnview.engine_words).

Written in the Python both MicroPython and CPython run.
"""

from web.page.app.text import card_face, names_in, who
from web.page.i18n import _, ngettext, pgettext
from web.page.shared.cards import JOKER, card_of
from web.page.shared.viewdata import Move

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

MOST_REASONS = 3  # the sentence says the first three reasons (rummy.bots.advice.sentence)
_FAULTS = (KeyError, ValueError, TypeError, IndexError, AttributeError)  # what unreadable data raises here


# ---------------------------------------------------------------- numbers, cards, players


def number_word(n: int) -> str:
    """A small number in words ("two"), a larger one in figures (rummy.bots.advice.number)."""
    if n == 0:
        # i18n: a number in words in the expert's advice ("it sheds no points"); a language that says numbers in
        # figures there may write 0. The same for the numbers one to ten
        return pgettext("a number in words", "no")
    if n == 1:
        # i18n: a number in words in the expert's advice ("it sheds one point")
        return pgettext("a number in words", "one")
    if n == 2:
        # i18n: a number in words in the expert's advice ("it sheds two points")
        return pgettext("a number in words", "two")
    if n == 3:
        # i18n: a number in words in the expert's advice ("it sheds three points")
        return pgettext("a number in words", "three")
    if n == 4:
        # i18n: a number in words in the expert's advice ("it sheds four points")
        return pgettext("a number in words", "four")
    if n == 5:
        # i18n: a number in words in the expert's advice ("it sheds five points")
        return pgettext("a number in words", "five")
    if n == 6:
        # i18n: a number in words in the expert's advice ("it sheds six points")
        return pgettext("a number in words", "six")
    if n == 7:
        # i18n: a number in words in the expert's advice ("it sheds seven points")
        return pgettext("a number in words", "seven")
    if n == 8:
        # i18n: a number in words in the expert's advice ("it sheds eight points")
        return pgettext("a number in words", "eight")
    if n == 9:
        # i18n: a number in words in the expert's advice ("it sheds nine points")
        return pgettext("a number in words", "nine")
    if n == 10:
        # i18n: a number in words in the expert's advice ("it sheds ten points")
        return pgettext("a number in words", "ten")
    return str(n)


def points_text(x: float) -> str:
    """A number of points: whole when close to whole, else one decimal (rummy.bots.advice.points)."""
    r = round(float(x), 1)
    return str(round(r)) if abs(r - round(r)) < 0.05 else f"{r:.1f}"


def count_of(text: str) -> int:
    """The number a plural form is chosen for, of a number of points as :func:`points_text` writes it (a
    fraction counts as 2: the English says "points")."""
    return int(text) if "." not in text else 2


def percent_text(p: float) -> str:
    # i18n: a chance in percent in the expert's advice ("12%"): {n} is a whole number
    return _("{n}%").format(n=round(100 * float(p)))


def _number(p: "dict[str, Any]", key: str) -> float:
    v = p[key]
    if type(v) is not int and type(v) is not float:
        raise TypeError(key + ": a number was expected")
    return float(v)


def _whole(p: "dict[str, Any]", key: str) -> int:
    v = p[key]
    if type(v) is not int:
        raise TypeError(key + ": a whole number was expected")
    return int(v)


def _card(text: object) -> int:
    """A card of the parameters ("7H", "JK"; a joker placed as a card, "JK=9C", is the joker in the hand)."""
    if type(text) is str and text.startswith("JK="):
        card_of(text[3:])
        return JOKER
    return card_of(text)


def _cards(texts: object) -> list[int]:
    if type(texts) is not list:
        raise TypeError("a list of cards was expected")
    return [_card(t) for t in texts]


def faces(cards: "Sequence[int]") -> str:
    """Cards one after the other, as the advice names a meld's: ``5♥ 6♥ 7♥``."""
    return " ".join(card_face(c) for c in cards)


def card_list(cards: "Sequence[int]") -> str:
    """``9♥``, ``9♥ and 10♥``, ``9♥, 10♥ and J♥`` (rummy.bots.advice.card_list)."""
    shown = [card_face(c) for c in cards]
    if len(shown) <= 1:
        return "".join(shown)
    out = shown[0]
    for f in shown[1:-1]:
        # i18n: a list of cards in the expert's advice, one more card after the first ones ("9♥, 10♥"); the last
        # card comes with the next text ("9♥, 10♥ and J♥")
        out = _("{cards}, {card}").format(cards=out, card=f)
    # i18n: the last card of a list of cards in the expert's advice ("9♥ and 10♥", "9♥, 10♥ and J♥")
    return _("{cards} and {card}").format(cards=out, card=shown[-1])


def suit_count(suit: int, n: int) -> str:
    """``two clubs`` (rummy.bots.advice.suit_plural); {number} is :func:`number_word`."""
    number = number_word(n)
    if suit == 0:
        # i18n: how many cards of a suit, in the expert's advice ("Ada passed on two clubs"): {number} is a number
        # in words ("two") or in figures
        return ngettext("{number} club", "{number} clubs", n).format(number=number)
    if suit == 1:
        # i18n: how many cards of a suit, in the expert's advice ("two diamonds"): {number} a number in words or figures
        return ngettext("{number} diamond", "{number} diamonds", n).format(number=number)
    if suit == 2:
        # i18n: how many cards of a suit, in the expert's advice ("two hearts"): {number} a number in words or figures
        return ngettext("{number} heart", "{number} hearts", n).format(number=number)
    if suit == 3:
        # i18n: how many cards of a suit, in the expert's advice ("two spades"): {number} a number in words or figures
        return ngettext("{number} spade", "{number} spades", n).format(number=number)
    raise ValueError("not a suit")


def seat_name(p: "dict[str, Any]", names: "Sequence[str]") -> str:
    """The player of the parameter ``seat``, by the page's name for them, or "your opponent"."""
    seat = _whole(p, "seat")
    if 0 <= seat < len(names) and names[seat]:
        return who(names, seat)
    # i18n: in the expert's advice, the player the page has no name for ("it keeps 7♥ away from your opponent")
    return _("your opponent")


# ---------------------------------------------------------------- the action


def instruction(move: Move) -> str:
    """An action as an instruction: "Discard 9♥", "Knock with 6♣" (rummy.bots.advice.action_words)."""
    k = move.kind
    if k == "discard":
        # i18n: the expert's advice, what to do: {card} is a card ("9♥"); the reasons may follow after a colon
        return _("Discard {card}").format(card=card_face(move.cards[0]))
    if k == "knock":
        # i18n: the expert's advice (Gin), what to do: end the hand by knocking, putting {card} on the pile
        return _("Knock with {card}").format(card=card_face(move.cards[0]))
    if k == "draw stock":
        # i18n: the expert's advice, what to do: take the top card of the stock
        return _("Draw from the stock")
    if k == "draw discard":
        # i18n: the expert's advice, what to do: take the top card of the discard pile
        return _("Take the discard")
    if k == "pass":
        # i18n: the expert's advice (Gin), what to do: not take the first upcard of the hand
        return _("Pass")
    if k == "big gin":
        # i18n: the expert's advice (Gin), what to do: end the hand with all 11 cards in melds
        return _("Go big gin")
    if k == "meld":
        # i18n: the expert's advice (Basic Rummy), what to do: lay {cards} on the table as a meld ("5♥ 6♥ 7♥")
        return _("Meld {cards}").format(cards=faces(move.hand_cards()))
    if k == "layoff":
        # i18n: the expert's advice (Basic Rummy), what to do: add {card} to the meld numbered {meld} on the table
        return _("Lay off {card} on meld {meld}").format(card=card_face(move.hand_cards()[0]), meld=move.meld)
    if k == "swap":
        # i18n: the expert's advice (Basic Rummy), what to do: put {card} in the meld numbered {meld} and take the
        # joker that stands for it
        return _("Swap {card} for the joker in meld {meld}").format(card=card_face(move.cards[0]), meld=move.meld)
    raise ValueError("not an action: " + move.text)


def chosen(move: Move) -> str:
    """What the person played, in the coach's words: "You chose to discard 9♥" (rummy.coach Mistake.words)."""
    k = move.kind
    if k == "discard":
        # i18n: in the coach's review, what the person played: {card} is a card ("9♥")
        return _("You chose to discard {card}").format(card=card_face(move.cards[0]))
    if k == "knock":
        # i18n: in the coach's review (Gin), what the person played: ended the hand by knocking with {card}
        return _("You chose to knock with {card}").format(card=card_face(move.cards[0]))
    if k == "draw stock":
        # i18n: in the coach's review, what the person played: drew the top card of the stock
        return _("You chose to draw from the stock")
    if k == "draw discard":
        # i18n: in the coach's review, what the person played: took the top card of the discard pile
        return _("You chose to take the discard")
    if k == "pass":
        # i18n: in the coach's review (Gin), what the person played: did not take the first upcard
        return _("You chose to pass")
    if k == "big gin":
        # i18n: in the coach's review (Gin), what the person played: ended the hand with all 11 cards in melds
        return _("You chose to go big gin")
    if k == "meld":
        # i18n: in the coach's review (Basic Rummy), what the person played: laid {cards} as a meld
        return _("You chose to meld {cards}").format(cards=faces(move.hand_cards()))
    if k == "layoff":
        # i18n: in the coach's review (Basic Rummy), what the person played: added {card} to the meld numbered
        # {meld}
        return _("You chose to lay off {card} on meld {meld}").format(card=card_face(move.hand_cards()[0]),
                                                                      meld=move.meld)
    if k == "swap":
        # i18n: in the coach's review (Basic Rummy), what the person played: put {card} in the meld numbered {meld}
        # and took the joker that stood for it
        return _("You chose to swap {card} for the joker in meld {meld}").format(card=card_face(move.cards[0]),
                                                                                meld=move.meld)
    raise ValueError("not an action: " + move.text)


def _reasons_of(advice: "dict[str, Any]") -> "list[dict[str, Any]]":
    reasons = advice.get("reasons")
    if type(reasons) is not list:
        raise TypeError("reasons: a list was expected")
    return [r if type(r) is dict else {} for r in reasons]


def _param_card(reasons: "list[dict[str, Any]]", codes: "Sequence[str]") -> int | None:
    """The ``card`` of the first reason of one of ``codes`` (the upcard a drawing advice is about)."""
    for r in reasons:
        p = r.get("params")
        if r.get("code") in codes and type(p) is dict and "card" in p:
            return _card(p["card"])
    return None


def head_words(move: Move, reasons: "list[dict[str, Any]]", upcard: int | None) -> str:
    """The advice's first words, what to do (gin_advice and rummy_advice give the upcard's name when they say why
    to take it or pass on it, and "Don't knock yet" when a knock is there)."""
    codes = [r.get("code") for r in reasons]
    if move.kind == "draw discard" and reasons:
        up = _param_card(reasons, ("makes-meld", "deny", "fits-table"))
        card = up if up is not None else upcard
        if card is None:
            raise ValueError("the upcard is not known")
        # i18n: the expert's advice, what to do: take {card}, the top card of the discard pile
        return _("Take {card}").format(card=card_face(card))
    if move.kind == "pass" and reasons:
        up = _param_card(reasons, ("upcard-no-help",))
        card = up if up is not None else upcard
        if card is None:
            raise ValueError("the upcard is not known")
        # i18n: the expert's advice (Gin), what to do: not take {card}, the first upcard of the hand
        return _("Pass on {card}").format(card=card_face(card))
    if move.kind == "discard" and "knock-wait" in codes:
        # i18n: the expert's advice (Gin): a knock is possible, but better discard {card} and play on
        return _("Don't knock yet; discard {card}").format(card=card_face(move.cards[0]))
    return instruction(move)


# ---------------------------------------------------------------- the reasons


def reason_words(reason: object, game: str | None, names: "Sequence[str]", move: Move | None = None) -> str | None:
    """One reason (``{"code", "params", "words"}``) in the page's words, or None when the page cannot word it (the
    caller says the engine's words). ``move``: the advised action (some reasons are said as it is)."""
    if type(reason) is not dict:
        return None
    try:
        return _reason(str(reason.get("code")), reason.get("params"), game, names, move)
    except _FAULTS:
        return None


def _reason(code: str, p: "Any", game: str | None, names: "Sequence[str]", move: Move | None) -> str | None:
    if type(p) is not dict:
        raise TypeError("params: an object was expected")
    if code == "deadwood":
        dw = _whole(p, "deadwood")
        before = p.get("before")
        if before is not None and type(before) is not int:
            raise TypeError("before: a whole number was expected")
        if before is not None and dw < before:
            # i18n: a reason of the expert's advice (Gin): {deadwood} is the points of cards in no meld
            return _("your deadwood drops to {deadwood}").format(deadwood=dw)
        if before is not None and dw == before:
            # i18n: a reason of the expert's advice (Gin): {deadwood} is the points of cards in no meld, as before
            return _("your deadwood stays at {deadwood}").format(deadwood=dw)
        if before is None and "card" not in p:  # a knock: the deadwood it is made with
            # i18n: a reason of the expert's advice (Gin) to knock: {deadwood} is the points of cards in no meld
            return _("your deadwood is {deadwood}").format(deadwood=dw)
        # i18n: a reason of the expert's advice (Gin), about the card to discard: {deadwood} is the points of the
        # cards in no meld after it
        return _("it leaves you {deadwood} deadwood").format(deadwood=dw)
    if code == "no-meld":
        # i18n: a reason of the expert's advice, about the card to discard
        return _("it can't join a meld")
    if code == "few-chances":
        if "cards" in p:
            # i18n: a reason of the expert's advice (Gin), about the card to discard: {cards} the unseen cards that
            # could still make a meld with it ("9♥ and 10♥")
            return _("only {cards} could still put it in a meld").format(cards=card_list(_cards(p["cards"])))
        # i18n: a reason of the expert's advice (Basic Rummy), about the card to discard
        return _("it has few ways left into a meld")
    if code == "opponent-signals":
        return _signals(p, names)
    if code == "safe":
        name = seat_name(p, names)
        if game == "gin":
            # i18n: a reason of the expert's advice (Gin), about the card to discard: {name} the opponent,
            # {percent} the chance it helps them ("4%")
            return _("it is unlikely to help {name} ({percent})").format(name=name,
                                                                          percent=percent_text(_number(p, "chance")))
        if game == "rummy":
            # i18n: a reason of the expert's advice (Basic Rummy), about the card to discard: {name} the next player
            return _("it gives {name} nothing to use").format(name=name)
        raise ValueError("safe: the game is not known")
    if code == "avoid-feeding":
        card = card_face(_card(p["card"]))
        name = seat_name(p, names)
        took = _cards(p.get("took") or [])
        if p.get("fits_table"):
            # i18n: a reason of the expert's advice (Basic Rummy): the discard keeps {card} in the hand, away from
            # {name} (the next player)
            return _("it keeps {card}, which fits a meld on the table, away from {name}").format(card=card, name=name)
        if took:
            # i18n: a reason of the expert's advice: the discard keeps {card} in the hand, away from {name}, who took
            # {cards} from the discard pile, cards that go with it
            return _("it keeps {card} away from {name}, who took {cards}").format(card=card, name=name,
                                                                                  cards=card_list(took))
        # i18n: a reason of the expert's advice: the discard keeps {card} in the hand, away from {name}
        return _("it keeps {card} away from {name}, who could use it").format(card=card, name=name)
    if code == "lookahead":
        # i18n: a reason of the expert's advice (Gin): {deadwood} a number of points, perhaps with one decimal
        return _("it keeps more ways to improve (about {deadwood} deadwood after your next draw)").format(
            deadwood=points_text(_number(p, "expected")))
    if code == "knock":
        ev = points_text(_number(p, "ev"))
        name = seat_name(p, names)
        if _number(p, "undercut") >= 0.05:
            # i18n: a reason of the expert's advice (Gin) to knock: {name} the opponent, {points} a number of points
            # perhaps with one decimal, {percent} the chance of being undercut ("12%"). The English says "points"
            # whatever the number
            return ngettext("from what {name} has shown, knocking is worth about {points} points (undercut risk "
                            "{percent})",
                            "from what {name} has shown, knocking is worth about {points} points (undercut risk "
                            "{percent})", count_of(ev)).format(name=name, points=ev,
                                                               percent=percent_text(_number(p, "undercut")))
        # i18n: a reason of the expert's advice (Gin) to knock: {name} the opponent, {points} a number of points
        # perhaps with one decimal. The English says "points" whatever the number
        return ngettext("from what {name} has shown, knocking is worth about {points} points",
                        "from what {name} has shown, knocking is worth about {points} points",
                        count_of(ev)).format(name=name, points=ev)
    if code == "gin":
        # i18n: a reason of the expert's advice (Gin) to knock with no deadwood: {bonus} the points of the gin
        # bonus, {name} the opponent, who may not lay off cards on a gin hand
        return _("that's gin: no deadwood, a {bonus}-point bonus and no lay-offs for {name}").format(
            bonus=_whole(p, "bonus"), name=seat_name(p, names))
    if code == "big-gin":
        # i18n: a reason of the expert's advice (Gin) to go big gin: {bonus} the points of its bonus
        return _("all eleven cards are in melds, worth the {bonus}-point bonus").format(bonus=_whole(p, "bonus"))
    if code == "stock-low":
        n = _whole(p, "stock")
        # i18n: a reason of the expert's advice (Gin) to knock: {n} cards are left in the stock. The English says
        # "cards" whatever the number
        return ngettext("only {n} cards are left in the stock", "only {n} cards are left in the stock", n).format(n=n)
    if code == "knock-wait":
        why = p["why"]
        name = seat_name(p, names)
        if why == "undercut":
            # i18n: a reason of the expert's advice (Gin) not to knock yet: {name} the opponent, {percent} the chance
            # ("40%")
            return _("{name} may undercut you (risk {percent})").format(name=name,
                                                                        percent=percent_text(_number(p, "undercut")))
        if why == "points":
            ev = points_text(_number(p, "ev"))
            # i18n: a reason of the expert's advice (Gin) not to knock yet: {points} a number of points perhaps with
            # one decimal. The English says "points" whatever the number
            return ngettext("knocking now is worth only about {points} points",
                            "knocking now is worth only about {points} points", count_of(ev)).format(points=ev)
        raise ValueError("knock-wait: why?")
    if code == "makes-meld":
        up = _card(p["card"])
        partners = [c for c in _cards(p["meld"]) if c != up]
        # i18n: a reason of the expert's advice to take the upcard: {cards} the cards of the hand it goes with
        # ("7♥ 8♥")
        return _("it makes a meld with {cards}").format(cards=faces(partners))
    if code == "can-knock":
        # i18n: a reason of the expert's advice (Gin) to take the upcard
        return _("you can then knock")
    if code == "deny":
        # i18n: a reason of the expert's advice (Gin) to take the upcard {card}: {name} the opponent, who could use
        # it
        return _("it keeps {card} from {name}").format(card=card_face(_card(p["card"])), name=seat_name(p, names))
    if code == "upcard-no-help":
        return _no_help(p, move)
    if code == "stock-expect":
        shown = points_text(_number(p, "expected"))
        if move is not None and move.kind == "draw discard":
            # i18n: a reason of the expert's advice (Gin) to take the upcard rather than draw: {deadwood} a number
            # of points, perhaps with one decimal
            return _("a card from the stock would leave about {deadwood} deadwood on average").format(deadwood=shown)
        # i18n: a reason of the expert's advice (Gin) to draw from the stock: {deadwood} a number of points, perhaps
        # with one decimal
        return _("a card from the stock leaves about {deadwood} deadwood on average").format(deadwood=shown)
    if code == "must-stock":
        # i18n: a reason of the expert's advice (Gin) to draw from the stock
        return _("both of you passed the first upcard")
    if code == "go-out":
        if p.get("rummy"):
            # i18n: a reason of the expert's advice (Basic Rummy): going out in one turn ("going rummy") doubles
            # the score
            return _("you can go out this turn, all at once, and going rummy doubles your score")
        # i18n: a reason of the expert's advice (Basic Rummy): all the cards of the hand can go this turn
        return _("you can go out this turn")
    if code == "lay-down":
        return _lay_down(p, names)
    if code == "hold":
        # i18n: a reason of the expert's advice (Basic Rummy) to keep melds in the hand: to go out in one turn
        # ("going rummy")
        return _("you keep your melds hidden for rummy while nobody is close to going out")
    if code == "points":
        n = _whole(p, "points")
        # i18n: a reason of the expert's advice (Basic Rummy) to discard a card: {number} its points, in words
        # ("two") up to ten, in figures above
        return ngettext("it sheds {number} point", "it sheds {number} points", n).format(number=number_word(n))
    if code == "points-left":
        left = _whole(p, "points")
        if "before" not in p:
            # i18n: a reason of the expert's advice (Basic Rummy): {points} the points of the cards left in the
            # hand after the plan's melds. The English says "points" whatever the number
            return ngettext("your plan leaves {points} points in your hand", "your plan leaves {points} points in "
                            "your hand", left).format(points=left)
        before = _whole(p, "before")
        if left < before:
            # i18n: a reason of the expert's advice (Basic Rummy) to take the upcard: the points of the cards left
            # in the hand after the best plan, before and after taking it
            return _("the points left in your hand drop from {before} to {points}").format(before=before, points=left)
        # i18n: a reason of the expert's advice (Basic Rummy): {points} the points of the cards left in the hand
        # after the best plan, the same with the upcard as without it
        return _("the points left in your hand stay at {points}").format(points=left)
    if code == "fits-table":
        # i18n: a reason of the expert's advice (Basic Rummy) to take the upcard
        return _("it fits a meld on the table")
    if code == "joker":
        # i18n: a reason of the expert's advice (Basic Rummy) to take a joker back from a meld on the table
        return _("a joker is worth more in your hand than on the table")
    return None


def _signals(p: "dict[str, Any]", names: "Sequence[str]") -> str:
    """What the opponent threw or passed on near the card (gin_advice._signals)."""
    suit = _card(p["card"]) // 13
    name = seat_name(p, names)

    def group(cards: "list[int]") -> str:
        if len(cards) >= 2 and all(c // 13 == suit for c in cards):
            return suit_count(suit, len(cards))
        if len(cards) > 2:
            # i18n: in the expert's advice, cards the opponent threw or passed on ("Ada threw three cards that go
            # with it"): {number} a number in words ("three") or in figures
            return ngettext("{number} card that goes with it", "{number} cards that go with it",
                            len(cards)).format(number=number_word(len(cards)))
        return card_list(cards)

    passed, threw = _cards(p["passed"]), _cards(p["threw"])
    if passed and threw:
        # i18n: a reason of the expert's advice (Gin), about the card to discard: {name} the opponent; {passed} and
        # {threw} cards ("9♥ and 10♥", "two hearts", "three cards that go with it")
        return _("{name} passed on {passed} and threw {threw}").format(name=name, passed=group(passed),
                                                                       threw=group(threw))
    if passed:
        # i18n: a reason of the expert's advice (Gin), about the card to discard: {name} the opponent did not take
        # {passed} from the discard pile ("9♥", "two hearts")
        return _("{name} passed on {passed}").format(name=name, passed=group(passed))
    if threw:
        # i18n: a reason of the expert's advice (Gin), about the card to discard: {name} the opponent discarded
        # {threw} ("9♥", "two hearts")
        return _("{name} threw {threw}").format(name=name, threw=group(threw))
    raise ValueError("opponent-signals: no card")


def _no_help(p: "dict[str, Any]", move: Move | None) -> str:
    """The upcard does not help enough (gin_advice and rummy_advice: said of "it" when passing on it)."""
    card = card_face(_card(p["card"]))
    meld = p["meld"]
    if type(meld) is not bool:
        raise TypeError("meld: true or false was expected")
    if "deadwood" in p:  # Gin
        dw = _whole(p, "deadwood")
        if move is not None and move.kind == "pass":
            if meld:
                # i18n: a reason of the expert's advice (Gin) to pass on the first upcard: {deadwood} the points of
                # the cards in no meld after taking it and discarding
                return _("taking it would leave {deadwood} deadwood after your best discard").format(deadwood=dw)
            # i18n: a reason of the expert's advice (Gin) to pass on the first upcard
            return _("it joins no meld of yours")
        if meld:
            # i18n: a reason of the expert's advice (Gin) to draw from the stock rather than take {card}:
            # {deadwood} the points of the cards in no meld after taking it and discarding
            return _("taking {card} would leave {deadwood} deadwood after your best discard").format(card=card,
                                                                                                     deadwood=dw)
        # i18n: a reason of the expert's advice (Gin) to draw from the stock rather than take {card}
        return _("{card} joins no meld of yours").format(card=card)
    _whole(p, "points")  # Basic Rummy
    if meld:
        # i18n: a reason of the expert's advice (Basic Rummy) to draw from the stock rather than take {card}
        return _("taking {card} would not lower the points left in your hand").format(card=card)
    # i18n: a reason of the expert's advice (Basic Rummy) to draw from the stock rather than take {card}
    return _("{card} goes in no meld of yours").format(card=card)


def _lay_down(p: "dict[str, Any]", names: "Sequence[str]") -> str:
    why = p["why"]
    if why == "played":
        # i18n: a reason of the expert's advice (Basic Rummy) to put melds on the table: going out in one turn
        # ("going rummy") is no longer possible
        return _("you can no longer go rummy this hand, so get the points off your hand")
    if why == "close":
        n = _whole(p, "cards")
        # i18n: a reason of the expert's advice (Basic Rummy) to put melds on the table: {name} another player,
        # {number} how many cards they hold, in words ("two")
        return ngettext("{name} has only {number} card left", "{name} has only {number} cards left", n).format(
            name=seat_name(p, names), number=number_word(n))
    if why == "stock":
        # i18n: a reason of the expert's advice (Basic Rummy) to put melds on the table
        return _("the stock is almost out")
    if why == "style":
        # i18n: a reason of the expert's advice (Basic Rummy) to put melds on the table: cards in the hand count
        # against you when another player goes out
        return _("cards on the table can't be caught in your hand")
    raise ValueError("lay-down: why?")


# ---------------------------------------------------------------- the advice, the coach


def sentence(head: str, parts: "Sequence[str]") -> str:
    """``head: a, b, and c.`` from the first three reasons (rummy.bots.advice.sentence)."""
    parts = list(parts)[:MOST_REASONS]
    if not parts:
        # i18n: the expert's advice with no reason given: {action} what to do ("Discard 9♥")
        return _("{action}.").format(action=head)
    if len(parts) == 1:
        # i18n: the expert's advice: {action} what to do ("Discard 9♥"), {reason} why ("it can't join a meld")
        return _("{action}: {reason}.").format(action=head, reason=parts[0])
    if len(parts) == 2:
        if " and " in parts[0]:
            # i18n: the expert's advice with two reasons, the first of which has an "and" of its own (English
            # writes ", and" then, not to say "a and b and c"); a language that makes no difference translates it
            # as the text with two reasons just after it
            return _("{action}: {first}, and {second}.").format(action=head, first=parts[0], second=parts[1])
        # i18n: the expert's advice: {action} what to do ("Discard 9♥"), {first} and {second} two reasons why
        return _("{action}: {first} and {second}.").format(action=head, first=parts[0], second=parts[1])
    # i18n: the expert's advice: {action} what to do ("Discard 9♥"), {first}, {second} and {third} three reasons
    # why
    return _("{action}: {first}, {second}, and {third}.").format(action=head, first=parts[0], second=parts[1],
                                                                 third=parts[2])


def advice_words(advice: object, game: str | None, names: "Sequence[str]", upcard: int | None = None) -> str:
    """An advice (``{"action", "reasons", "words", ...}``) in the page's words: what to do and why. ``game``: "gin"
    or "rummy"; ``names``: the page's names of the seats; ``upcard``: the top card of the discard pile then (the
    card the advice takes or passes on, when no reason names it)."""
    if type(advice) is not dict:
        return ""
    words = str(advice.get("words") or "")
    try:
        reasons = _reasons_of(advice)
        if any(r.get("code") == "tutorial" for r in reasons):  # the guided hand: the lesson's sentence
            return _(words) if words else ""
        move = Move(advice["action"])
        head = head_words(move, reasons, upcard)
        parts = []
        for r in reasons:
            said = reason_words(r, game, names, move)
            if said is None:  # a reason the page cannot word: the engine's words for it
                said = str(r.get("words") or "")
            if said:
                parts.append(said)
        return sentence(head, parts)
    except _FAULTS:
        return words


def mistake_words(mistake: object, names: "Sequence[str]") -> str:
    """A decision of the coach's review in the page's words: "You chose to discard 9♥ (about 2 points). Better:
    Discard K♠: it can't join a meld." (rummy.coach Mistake.words; its ``view`` says the game and the upcard)."""
    if type(mistake) is not dict:
        return ""
    try:
        played = Move(mistake["played"])
        view = mistake["view"]["view"]
        game = view["game"]
        pile = view.get("discard") or []
        upcard = card_of(pile[-1]) if pile else None
        better = advice_words(mistake["advice"], str(game), names, upcard)
        if not better:
            raise ValueError("no advice")
        cost = _number(mistake, "cost")
        priced = mistake.get("priced", cost > 0)
        if priced:  # a priced decision costs more than 0 (rummy.coach review_hand), said to one decimal
            shown = points_text(cost)
            # i18n: a decision of the coach's review: {chosen} what the person played ("You chose to discard 9♥"),
            # {points} what it cost, perhaps with one decimal ("2.5"), {advice} the expert's advice ("Discard K♠: it
            # can't join a meld.")
            return ngettext("{chosen} (about {points} point). Better: {advice}",
                            "{chosen} (about {points} points). Better: {advice}",
                            count_of(shown)).format(chosen=chosen(played), points=shown, advice=better)
        # i18n: a decision of the coach's review that costs no points: {chosen} what the person played ("You chose
        # to meld 5♥ 6♥ 7♥"), {advice} the expert's advice
        return _("{chosen}. Better: {advice}").format(chosen=chosen(played), advice=better)
    except _FAULTS:
        return names_in(str(mistake.get("words") or ""), names)
