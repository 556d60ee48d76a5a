"""How a hand's points were counted, in the page's words: worded from the hand's result (how it ended, the points,
the hands' values, a knock's deadwood), as the engine's own detail line says it in English (rummy.gin
score_knock, rummy.basic _went_out and _block), so that it can be said in any language.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app.text import is_you, who
from web.page.i18n import _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence

    from web.page.shared.viewdata import Result


def detail_words(r: "Result", names: "Sequence[str]") -> str:
    """The hand's detail line: how its points were counted."""
    if r.knock is not None or r.end in ("knock", "gin", "big gin", "undercut", "tie"):
        return _gin(r, names)
    return _rummy(r, names)


def _scores(names: "Sequence[str]", seat: int, points: int) -> str:
    if is_you(names, seat):
        return _("You score {points}.").format(points=points)
    return _("{name} scores {points}.").format(name=who(names, seat), points=points)


def _gin(r: "Result", names: "Sequence[str]") -> str:
    k = r.knock
    if k is None:  # the stock ran down: no knock to count
        return _("Tie: the stock is down to its last cards; no points.")
    defender = 1 - k.knocker
    kdw, ddw = k.deadwood[k.knocker], k.deadwood[defender]
    w = r.winner
    won = r.points[w] // (2 if k.doubled else 1) if w is not None else 0
    if r.end == "big gin":
        out = _("Big gin: {bonus} bonus + {deadwood} deadwood.").format(bonus=won - ddw, deadwood=ddw)
    elif r.end == "gin":
        out = _("Gin: {bonus} bonus + {deadwood} deadwood.").format(bonus=won - ddw, deadwood=ddw)
    elif r.end == "undercut":
        out = _("Undercut: {bonus} bonus + {difference} difference ({knocker} against {defender}).").format(
            bonus=won - (kdw - ddw), difference=kdw - ddw, knocker=kdw, defender=ddw)
    elif r.end == "knock":
        # i18n: how a knock's points are counted: the other player's deadwood minus the knocker's
        out = _("Knock: {defender} - {knocker} deadwood.").format(defender=ddw, knocker=kdw)
    else:
        return _("Tie: equal deadwood ({deadwood}); no points.").format(deadwood=kdw)
    if k.doubled:
        out += " " + _("Doubled for the spade upcard.")
    return out + (" " + _scores(names, w, r.points[w]) if w is not None else "")


def _rummy(r: "Result", names: "Sequence[str]") -> str:
    w = r.winner
    if r.end == "stalemate" or w is None:
        return _("Stalemate: the stock ran out; nobody scores.")
    left = sum(v for s, v in enumerate(r.values) if s != w)  # what the other hands hold
    if r.end == "block":
        if r.points[w] > 0:
            if is_you(names, w):
                return _("The stock ran out (block rummy): you hold the lowest hand ({low}) and score the {points} "
                         "points in the other hands.").format(low=r.values[w], points=r.points[w])
            return _("The stock ran out (block rummy): {name} holds the lowest hand ({low}) and scores the {points} "
                     "points in the other hands.").format(name=who(names, w), low=r.values[w], points=r.points[w])
        if is_you(names, w):
            return _("The stock ran out (block rummy): you hold the lowest hand ({low}); every player adds their own "
                     "hand's value.").format(low=r.values[w])
        return _("The stock ran out (block rummy): {name} holds the lowest hand ({low}); every player adds their own "
                 "hand's value.").format(name=who(names, w), low=r.values[w])
    rummy = r.end == "rummy"
    if is_you(names, w):
        out = _("You went out in one turn: rummy.") if rummy else _("You went out.")
    else:
        out = (_("{name} went out in one turn: rummy.") if rummy else _("{name} went out.")).format(name=who(names, w))
    if r.points[w] > 0:  # the winner scores what the others hold
        doubled = left > 0 and r.points[w] == 2 * left
        if is_you(names, w):
            out += " " + _("You score the {points} points left in the other hands.").format(points=left)
        else:
            out += " " + _("{name} scores the {points} points left in the other hands.").format(name=who(names, w),
                                                                                             points=left)
    else:  # penalty scoring: each of the others takes their hand's value
        doubled = any(v > 0 and r.points[s] == 2 * v for s, v in enumerate(r.values) if s != w)
        out += " " + _("Each other player adds their hand's value.")
    if doubled:
        out += " " + _("Doubled for going rummy.")
    elif rummy:
        out += " " + _("Going rummy is not doubled under these rules.")
    return out
