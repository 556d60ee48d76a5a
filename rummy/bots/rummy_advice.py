"""Advice from :class:`~rummy.bots.basic.RummyBot`'s own evaluation (the :class:`~rummy.bots.base.Advisor` of
Basic Rummy).

The advice's action is the bot's choice (:meth:`RummyBot.evaluate`); its reasons come from the plan the bot made
of the whole turn (the split of the hand into melds, lay-offs and leftovers with the fewest points left), its
decision to lay down or hold for rummy, and its discard scores (points shed, chances to join a meld, the risk of
feeding the next player).

Costs, in points by the bot's evaluation, against the advised action:

* a discard: the points its plan leaves in hand after it, plus the chances and feeding terms of the bot's
  discard score, against the bot's own discard (so breaking a meld costs what the meld saved);
* taking the discard or the stock: how many more points the plan leaves in hand;
* a meld the plan does not have: how many more points the best plan then leaves;
* not going out when the plan goes out: the points still in hand;
* discarding when the bot lays down (an opponent is close to going out, or rummy is lost): also the points of
  the planned melds and lay-offs kept in hand;
* melding now when the bot holds for rummy, or taking a joker back or not: the bot has no number for this
  choice of style (cost None; the coach lists it unpriced). A step of the bot's own plan, when it lays down,
  costs 0 and counts as the advice itself (``same``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, LAYOFF, MELD, SWAP, Action
from ..cards import JOKER, card_str, card_value
from ..view import SeatView
from .advice import Advice, Option, Reason, card_list, chosen, face, faces, make_advice, number, seat_name


class _Table(Protocol):
    """What rummy_advice reads of a RummyBot decision (rummy.bots.basic._Table)."""

    view: SeatView
    notes: dict[str, Any]
    hi: bool
    played_before: bool
    next_seat: int
    next_known: list[int]

    def plan(self, hand: list[int]) -> tuple[int, list[Action], list[int], list[int]]: ...

    def potential(self, card: int, hand: list[int]) -> float: ...

    def feeds(self, card: int) -> float: ...

    def fits(self, card: int) -> bool: ...


class RummyBot(Protocol):
    """What rummy_advice asks of the bot (rummy.bots.basic.RummyBot; basic.py imports this module, not the
    reverse)."""

    def evaluate(self, view: SeatView) -> tuple[Action, Any]: ...

    def discard_score(self, t: Any, card: int, hand: list[int]) -> float: ...

    def _going_out(self, t: Any, hand: list[int], melds: list[Action], lays: list[int],
                   left: list[int]) -> list[Action] | None: ...


def advise_rummy(bot: RummyBot, view: SeatView, names: Sequence[str] | None = None,
                explain: Action | None = None) -> Advice:
    """The bot's choice for ``view`` with its reasons and every legal action's cost. With ``explain`` (one of
    ``view.legal``), that action instead, with the reasons the same evaluation gives for it and the other
    actions' costs against it (a new bot may use this to word its own choice with this bot's evaluation)."""
    action, evaluation = chosen(bot, view, explain)
    t: _Table = evaluation
    if view.phase == "draw":
        return _draw_advice(t, action, names)
    return _play_advice(bot, t, action, names)


def _draw_advice(t: _Table, action: Action, names: Sequence[str] | None) -> Advice:
    view, notes = t.view, t.notes
    take, stock = Action(DRAW_DISCARD), Action(DRAW_STOCK)
    if take not in view.legal or stock not in view.legal or "upcard" not in notes:
        return make_advice(action, [], view.legal, None)
    up, before, after = notes["upcard"], notes["before"], notes["after"]
    _, melds, _, _ = t.plan(list(view.hand) + [up])
    meld = next((m for m in melds if up in m.hand_cards()), None)
    reasons: list[Reason] = []
    if action == take:
        head = f"Take {face(up)}"
        if meld is not None:
            partners = [c for c in meld.hand_cards() if c != up]
            reasons.append(Reason("makes-meld", {"card": card_str(up), "meld": meld.placed_text()},
                                  f"it makes a meld with {faces(partners)}"))
        elif notes.get("lays"):
            reasons.append(Reason("fits-table", {"card": card_str(up)}, "it fits a meld on the table"))
        reasons.append(_points_left(after, before))
    else:
        head = "Draw from the stock"
        if meld is None:
            reasons.append(Reason("upcard-no-help", {"card": card_str(up), "points": after, "meld": False},
                                  f"{face(up)} goes in no meld of yours"))
        else:
            reasons.append(Reason("upcard-no-help", {"card": card_str(up), "points": after, "meld": True},
                                  f"taking {face(up)} would not lower the points left in your hand"))
    def price(a: Action) -> Option:
        return Option(a, float(max(0, after - before) if a == take else max(0, before - after)))

    return make_advice(action, reasons, view.legal, price, head)


def _points_left(after: int, before: int) -> Reason:
    words = (f"the points left in your hand drop from {before} to {after}" if after < before
             else f"the points left in your hand stay at {after}")
    return Reason("points-left", {"points": after, "before": before}, words)


def _play_advice(bot: RummyBot, t: _Table, action: Action, names: Sequence[str] | None) -> Advice:
    view, notes = t.view, t.notes
    hand = list(view.hand)
    total, melds, lays, left = notes.get("plan") or t.plan(hand)
    nxt = seat_name(t.next_seat, names)
    steps = bot._going_out(t, hand, melds, lays, left)
    goes_out = steps is not None and action in steps
    lay_down = bool(notes.get("lay_down"))
    pool = notes.get("pool") or sorted({a.card for a in view.legal if a.kind == DISCARD})

    def value(card: int) -> float:
        rest = list(hand)
        rest.remove(card)
        return t.plan(rest)[0] - bot.discard_score(t, card, hand) + card_value(card, t.hi)

    # laying down now because someone is close (or rummy is lost): what a discard instead leaves at risk
    at_risk = 0
    if lay_down and not goes_out and action.kind in (MELD, LAYOFF):
        at_risk = sum(card_value(c, t.hi) for m in melds for c in m.hand_cards()) + \
            sum(card_value(c, t.hi) for c in lays)

    def price(a: Action) -> Option:
        if goes_out:
            assert steps is not None
            return Option(a, 0.0, same=True) if a in steps else Option(a, float(_hand_points(t, hand, a)))
        if a.kind == DISCARD:
            base = min((value(c) for c in pool), default=0.0)
            return Option(a, round(max(0.0, value(a.card) - base) + at_risk, 2))
        if a.kind in (MELD, LAYOFF):
            planned = a in melds or (a.kind == LAYOFF and a.hand_cards()[0] in lays)
            if planned:  # a step of the plan: the advice itself, or (holding for rummy) a choice of style
                return Option(a, 0.0, same=True) if lay_down else Option(a, None)
            rest = list(hand)
            for c in a.hand_cards():
                rest.remove(c)
            return Option(a, float(max(0, t.plan(rest)[0] - total)))
        return Option(a, None)

    reasons: list[Reason] = []
    if goes_out:
        rummy = not t.played_before and bool(view.rules.get("going_rummy_doubles"))
        words = "you can go out this turn"
        if rummy:
            words += ", all at once, and going rummy doubles your score"
        reasons.append(Reason("go-out", {"rummy": rummy}, words))
    elif action.kind == SWAP:
        reasons.append(Reason("joker", {"card": card_str(action.card), "meld": action.meld},
                              "a joker is worth more in your hand than on the table"))
    elif action.kind in (MELD, LAYOFF):
        reasons.append(_lay_down_reason(t, names))
        reasons.append(Reason("points-left", {"points": total}, f"your plan leaves {total} points in your hand"))
    elif action.kind == DISCARD:
        reasons.extend(_discard_reasons(bot, t, action.card, hand, melds, lays, lay_down, nxt, names))
    return make_advice(action, reasons, view.legal, price)


def _hand_points(t: _Table, hand: list[int], a: Action) -> int:
    rest = list(hand)
    for c in a.hand_cards():
        rest.remove(c)
    return sum(card_value(c, t.hi) for c in rest)


def _lay_down_reason(t: _Table, names: Sequence[str] | None) -> Reason:
    view = t.view
    others = [(n, s) for s, n in enumerate(view.hand_counts) if s != view.seat]
    fewest, who = min(others) if others else (0, 0)
    if t.played_before:
        return Reason("lay-down", {"why": "played"},
                      "you can no longer go rummy this hand, so get the points off your hand")
    if fewest <= 3:
        return Reason("lay-down", {"why": "close", "seat": who, "cards": fewest},
                      f"{seat_name(who, names)} has only {number(fewest)} card{'s' if fewest != 1 else ''} left")
    if view.stock_count <= 4:
        return Reason("lay-down", {"why": "stock", "stock": view.stock_count}, "the stock is almost out")
    return Reason("lay-down", {"why": "style"}, "cards on the table can't be caught in your hand")


def _discard_reasons(bot: RummyBot, t: _Table, c: int, hand: list[int], melds: list[Action], lays: list[int],
                     lay_down: bool, nxt: str, names: Sequence[str] | None) -> list[Reason]:
    view = t.view
    out: list[Reason] = []
    if not lay_down and (melds or lays):
        others = [n for s, n in enumerate(view.hand_counts) if s != view.seat]
        fewest = min(others) if others else 0
        cards = sorted({x for m in melds for x in m.hand_cards()} | set(lays))
        out.append(Reason("hold", {"cards": [card_str(x) for x in cards], "fewest": fewest},
                          "you keep your melds hidden for rummy while nobody is close to going out"))
    pts = card_value(c, t.hi)
    out.append(Reason("points", {"card": card_str(c), "points": pts},
                      f"it sheds {number(pts)} point{'s' if pts != 1 else ''}" if pts <= 10
                      else f"it sheds {pts} points"))
    if c != JOKER:
        pot = t.potential(c, hand)
        if pot == 0:
            out.append(Reason("no-meld", {"card": card_str(c), "chances": 0}, "it can't join a meld"))
        elif pot <= 1:
            out.append(Reason("few-chances", {"card": card_str(c), "chances": pot},
                              "it has few ways left into a meld"))
    # a card kept back because it would feed the next player
    others = [x for x in sorted(set(hand) - {c}) if x != JOKER and x != view.taken_discard]
    fed = [x for x in others if card_value(x, t.hi) > card_value(c, t.hi) and t.feeds(x) > 0
           and x not in {y for m in melds for y in m.hand_cards()}]
    if fed:
        x = max(fed, key=lambda y: (card_value(y, t.hi), y))
        took = [k for k in t.next_known if k != JOKER and (k % 13 == x % 13 or
                                                             (k // 13 == x // 13 and abs(k % 13 - x % 13) <= 2))]
        if t.fits(x):
            words = f"it keeps {face(x)}, which fits a meld on the table, away from {nxt}"
        elif took:
            words = f"it keeps {face(x)} away from {nxt}, who took {card_list(took)}"
        else:
            words = f"it keeps {face(x)} away from {nxt}, who could use it"
        params = {"card": card_str(x), "seat": t.next_seat, "took": [card_str(k) for k in took],
                  "fits_table": t.fits(x)}
        out.append(Reason("avoid-feeding", params, words))
    elif t.feeds(c) == 0 and view.players > 1:
        out.append(Reason("safe", {"card": card_str(c), "chance": 0.0, "seat": t.next_seat},
                          f"it gives {nxt} nothing to use"))
    return out

