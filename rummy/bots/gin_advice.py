"""Advice from :class:`~rummy.bots.gin.GinBot`'s own evaluation (the :class:`~rummy.bots.base.Advisor` of Gin).

The advice's action is the bot's choice (:meth:`GinBot.evaluate`), and its reasons are read from the numbers the
bot decided with (``ctx.notes``): the deadwood each discard leaves, its expected deadwood after the next draw,
its chance of feeding the opponent (from what the opponent took, threw and passed on), the expected points of
a knock and the undercut risk, the value of the face-up card against a stock draw.

Costs, in points by the bot's evaluation, against the advised action:

* a discard: the difference of the bot's discard values (deadwood now and after the next draw, plus the danger
  of feeding the opponent, all in deadwood points);
* the face-up card or the stock: the difference of the bot's values for taking it and for drawing blind;
* a knock the bot would not make: how far its expected points fall below the bot's knocking threshold (or the
  undercut risk above its limit, times the undercut bonus);
* not knocking when the bot knocks: the expected points of the knock above that threshold, plus any worse
  discard; another knock card: the difference of the expected points;
* anything but big gin when big gin is there: the big gin bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, PASS, Action
from ..cards import card_str
from ..deadwood import best_arrangement, best_discards, min_deadwood
from ..model import EventKind
from ..view import SeatView
from .advice import (
    Advice,
    Option,
    Reason,
    card_list,
    chosen,
    face,
    faces,
    make_advice,
    number,
    percent,
    points,
    seat_name,
    suit_plural,
)
from .base import decision_rng, passed_cards


class _Context(Protocol):
    """What gin_advice reads of a GinBot decision (rummy.bots.gin._Context)."""

    view: SeatView
    style: Any  # GinStyle
    notes: dict[str, Any]
    opp: int
    knock_limit: int
    unseen: list[int]
    opp_known: list[int]

    def danger(self, card: int) -> float: ...

    def expected_after_draw(self, hand10: list[int]) -> float: ...

    def knock_ev(self, rest10: list[int], rng: Any, samples: int) -> tuple[float, float]: ...


class GinBot(Protocol):
    """What gin_advice asks of the bot (rummy.bots.gin.GinBot; gin.py imports this module, not the reverse)."""

    seed: int

    def evaluate(self, view: SeatView) -> tuple[Action, Any]: ...

    def discard_value(self, ctx: Any, dw: int, card: int) -> float: ...


def advise_gin(bot: GinBot, view: SeatView, names: Sequence[str] | None = None,
                explain: Action | None = None) -> Advice:
    """The bot's choice for ``view`` with its reasons and every legal action's cost. With ``explain`` (one of
    ``view.legal``), that action instead, with the reasons the same evaluation gives for it and the other
    actions' costs against it (a new bot may use this to word its own choice with this bot's evaluation)."""
    action, evaluation = chosen(bot, view, explain)
    ctx: _Context = evaluation
    if view.phase in ("first-upcard", "draw"):
        return _draw_advice(bot, ctx, action, names)
    return _play_advice(bot, ctx, action, names)


# ----- drawing -----


def _draw_advice(bot: GinBot, ctx: _Context, action: Action, names: Sequence[str] | None) -> Advice:
    view, notes = ctx.view, ctx.notes
    take = Action(DRAW_DISCARD)
    Action(PASS) if view.phase == "first-upcard" else Action(DRAW_STOCK)
    opp = seat_name(ctx.opp, names)
    if take not in view.legal:
        return make_advice(action, [Reason("must-stock", {}, "both of you passed the first upcard")]
                           if view.phase == "draw" and view.must_draw_stock else [], view.legal, None)
    up = view.top_discard
    assert up is not None
    hand = list(view.hand)
    now = min_deadwood(hand)
    x = notes.get("take_discard", best_discards(hand + [up])[0][1])
    after_hand = [c for c in hand if c != x] + [up]
    d_take = min_deadwood(after_hand)
    _, melds, _ = best_arrangement(after_hand)
    meld = next((m for m in melds if up in m), None)
    take_v, stock_v = notes.get("take_value"), notes.get("stock_value")
    reasons: list[Reason] = []
    if action == take:
        head = f"Take {face(up)}"
        if meld is not None:
            partners = sorted(c for c in meld if c != up)
            reasons.append(Reason("makes-meld", {"card": _t(up), "meld": _ts(sorted(meld))},
                                  f"it makes a meld with {faces(partners)}"))
        reasons.append(_deadwood_reason(d_take, now, x))
        if d_take <= ctx.knock_limit < now:
            reasons.append(Reason("can-knock", {"deadwood": d_take}, "you can then knock"))
        if notes.get("deny_bonus", 0.0) >= 0.5:
            p = ctx.danger(up)
            reasons.append(Reason("deny", {"card": _t(up), "seat": ctx.opp, "chance": round(p, 3)},
                                  f"it keeps {face(up)} from {opp}"))
        if "expected_stock" in notes and meld is None:
            reasons.append(_stock_expect(notes["expected_stock"], blind=True))
    else:
        passing = action.kind == PASS
        head = f"Pass on {face(up)}" if passing else "Draw from the stock"
        it = "it" if passing else face(up)
        if meld is None:
            reasons.append(Reason("upcard-no-help", {"card": _t(up), "deadwood": d_take, "meld": False},
                                  f"{it} joins no meld of yours"))
        else:
            reasons.append(Reason("upcard-no-help", {"card": _t(up), "deadwood": d_take, "meld": True},
                                  f"taking {it} would leave {d_take} deadwood after your best discard"))
        if "expected_stock" in notes:
            reasons.append(_stock_expect(notes["expected_stock"], blind=False))
    def price(a: Action) -> Option:
        if take_v is None or stock_v is None:
            return Option(a, None)
        if a == take:
            return Option(a, round(max(0.0, take_v - stock_v), 2))
        return Option(a, round(max(0.0, stock_v - take_v), 2))

    return make_advice(action, reasons, view.legal, price, head)


def _stock_expect(expected: float, blind: bool) -> Reason:
    expected = round(expected, 2)  # the words say the parameter (the page words it from there)
    words = (f"a card from the stock would leave about {points(expected)} deadwood on average" if blind
             else f"a card from the stock leaves about {points(expected)} deadwood on average")
    return Reason("stock-expect", {"expected": expected}, words)


def _deadwood_reason(dw: int, before: int | None, card: int | None = None) -> Reason:
    params: dict[str, object] = {"deadwood": dw, "before": before}
    if card is not None:
        params["card"] = _t(card)
    if before is not None and dw < before:
        words = f"your deadwood drops to {dw}"
    elif before is not None and dw == before:
        words = f"your deadwood stays at {dw}"
    else:
        words = f"it leaves you {dw} deadwood"
    return Reason("deadwood", params, words)


# ----- discarding and knocking -----


def _play_advice(bot: GinBot, ctx: _Context, action: Action, names: Sequence[str] | None) -> Advice:
    view, st, notes = ctx.view, ctx.style, ctx.notes
    legal = view.legal
    rules = view.rules
    opp = seat_name(ctx.opp, names)
    hand = list(view.hand)
    ranked = best_discards(hand)
    dw_of = {c: dw for dw, c in ranked}
    values: dict[int, float] = {}

    def value(card: int) -> float:
        if card not in values:
            values[card] = bot.discard_value(ctx, dw_of[card], card)
        return values[card]

    def best_value() -> float:
        """The bot's best discard value, over the discards it weighs (the lowest deadwood, within 12 of it)."""
        weighed = [c for dw, c in ranked if Action.discard(c) in legal][:6]
        if not weighed:
            return 0.0
        low = dw_of[weighed[0]]
        return min(value(c) for c in weighed if dw_of[c] <= low + 12)

    evs: dict[int, tuple[float, float]] = {}
    kn = notes.get("knock")
    if kn is not None:
        evs[kn["card"]] = (kn["ev"], kn["undercut"])

    def knock_ev(card: int) -> tuple[float, float]:
        if card not in evs:
            rng = decision_rng(bot.seed, view, salt=1000 + card)
            evs[card] = ctx.knock_ev([c for c in hand if c != card], rng, st.samples)
        return evs[card]

    big_gin = Action(BIG_GIN)
    under_bonus = float(rules.get("undercut_bonus", 25))
    reasons: list[Reason] = []
    if action == big_gin:
        bonus = int(rules.get("big_gin_bonus", 31))
        reasons.append(Reason("big-gin", {"bonus": bonus},
                              f"all eleven cards are in melds, worth the {bonus}-point bonus"))
        return make_advice(action, reasons, legal, lambda a: Option(a, float(bonus)))
    if action.kind == KNOCK:
        k = action.card
        kdw = dw_of[k]
        ev, p_under = knock_ev(k)
        gain = max(0.0, ev - st.knock_ev_min)

        def price_after_knock(a: Action) -> Option:
            if a.kind == KNOCK:
                return Option(a, round(max(0.0, ev - knock_ev(a.card)[0]), 2))
            if a.kind == DISCARD:
                return Option(a, round(gain + max(0.0, value(a.card) - best_value()), 2))
            return Option(a, None)

        if kdw == 0:
            bonus = int(rules.get("gin_bonus", 25))
            reasons.append(Reason("gin", {"card": _t(k), "bonus": bonus, "seat": ctx.opp},
                                  f"that's gin: no deadwood, a {bonus}-point bonus and no lay-offs for {opp}"))
        else:
            reasons.append(Reason("deadwood", {"deadwood": kdw, "before": None}, f"your deadwood is {kdw}"))
            ev_said, under_said = round(ev, 2), round(p_under, 3)  # the words say the parameters
            words = f"from what {opp} has shown, knocking is worth about {points(ev_said)} points"
            if under_said >= 0.05:
                words += f" (undercut risk {percent(under_said)})"
            reasons.append(Reason("knock", {"card": _t(k), "deadwood": kdw, "ev": ev_said, "undercut": under_said,
                                            "seat": ctx.opp}, words))
            if ev < st.knock_ev_min and view.stock_count <= st.gin_until_stock:
                reasons.append(Reason("stock-low", {"stock": view.stock_count},
                                      f"only {view.stock_count} cards are left in the stock"))
        return make_advice(action, reasons, legal, price_after_knock)
    # a discard
    c = action.card

    def price_after_discard(a: Action) -> Option:
        if a.kind == DISCARD:
            return Option(a, round(max(0.0, value(a.card) - value(c)), 2))
        if a.kind == KNOCK:
            ev_k, p_k = knock_ev(a.card)
            cost = max(0.0, st.knock_ev_min - ev_k)
            if dw_of[a.card] > 2:
                cost = max(cost, (p_k - st.undercut_max) * under_bonus)
            return Option(a, round(cost, 2))
        return Option(a, None)

    knocks = [a for a in legal if a.kind == KNOCK]
    if knocks:
        best_k = min(knocks, key=lambda a: (dw_of[a.card], a.card))
        ev_k, p_k = knock_ev(best_k.card)
        undercut = p_k > st.undercut_max and dw_of[best_k.card] > 2
        if undercut:
            words = f"{opp} may undercut you (risk {percent(round(p_k, 3))})"
        else:
            words = f"knocking now is worth only about {points(round(ev_k, 2))} points"
        reasons.append(Reason("knock-wait", {"deadwood": dw_of[best_k.card], "ev": round(ev_k, 2),
                                             "undercut": round(p_k, 3), "seat": ctx.opp,
                                             "why": "undercut" if undercut else "points"}, words))
    rest = [x for x in hand if x != c]
    chances = _chances(c, rest, ctx.unseen)
    if not _in_meld(c, rest):
        if not chances:
            reasons.append(Reason("no-meld", {"card": _t(c), "chances": 0}, "it can't join a meld"))
        elif len(chances) <= 2:
            reasons.append(Reason("few-chances", {"card": _t(c), "chances": len(chances), "cards": _ts(chances)},
                                  f"only {card_list(chances)} could still put it in a meld"))
    signal = _signals(view, ctx.opp, c, opp) if st.model else None
    if signal is not None:
        reasons.append(signal)
    elif st.model and st.danger and ctx.danger(c) < 0.1:
        chance = round(ctx.danger(c), 3)
        reasons.append(Reason("safe", {"card": _t(c), "chance": chance, "seat": ctx.opp},
                              f"it is unlikely to help {opp} ({percent(chance)})"))
    reasons.append(_deadwood_reason(dw_of[c], _before_draw(view), c))
    low = min(dw_of[a.card] for a in legal if a.kind == DISCARD)
    lowest = [a.card for a in legal if a.kind == DISCARD and dw_of[a.card] == low]
    if c not in lowest:
        r = min(lowest)
        if st.danger and st.danger * ctx.danger(r) > st.danger * ctx.danger(c) + 0.5:
            took = [k for k in ctx.opp_known if _related(k, r)]
            why = f", who took {card_list(took)}" if took else ", who could use it"
            reasons.append(Reason("avoid-feeding", {"card": _t(r), "seat": ctx.opp,
                                                    "chance": round(ctx.danger(r), 3), "took": _ts(took)},
                                  f"it keeps {face(r)} away from {opp}{why}"))
        elif st.lookahead:
            e = round(ctx.expected_after_draw(rest), 2)
            reasons.append(Reason("lookahead", {"expected": e},
                                  f"it keeps more ways to improve (about {points(e)} deadwood after your next draw)"))
    head = f"Don't knock yet; discard {face(c)}" if knocks else None
    return make_advice(action, _order(reasons), legal, price_after_discard, head)


def _order(reasons: list[Reason]) -> list[Reason]:
    """Most telling first: a knock not made, the card's chances, the table's signals, the deadwood, the rest."""
    rank = {"knock-wait": 0, "no-meld": 1, "few-chances": 1, "opponent-signals": 2, "safe": 2, "avoid-feeding": 3,
            "lookahead": 3, "deadwood": 4}
    keyed = sorted(enumerate(reasons), key=lambda p: (rank.get(p[1].code, 5), p[0]))
    out = [r for _, r in keyed]
    # the deadwood is always said: keep it among the first three
    if len(out) > 3 and all(r.code != "deadwood" for r in out[:3]):
        d = next(r for r in out if r.code == "deadwood")
        out.remove(d)
        out.insert(2, d)
    return out


def _before_draw(view: SeatView) -> int | None:
    """The deadwood of the hand before this turn's draw (the drawn card is the last of the hand, the engine's
    order), or None when the view does not say."""
    mine = [e for e in view.log if e.seat == view.seat]
    if not mine or len(view.hand) != 11:
        return None
    last = mine[-1]
    if last.kind == EventKind.DRAW_DISCARD and last.card is not None and last.card in view.hand:
        drawn = last.card
    elif last.kind == EventKind.DRAW_STOCK:
        drawn = view.hand[-1]
    else:
        return None
    return min_deadwood([c for c in view.hand if c != drawn])


def _related(a: int, b: int) -> bool:
    """Same rank, or same suit within two ranks: cards that can meet in a meld."""
    ra, sa, rb, sb = a % 13, a // 13, b % 13, b // 13
    return ra == rb or (sa == sb and abs(ra - rb) <= 2)


def _in_meld(card: int, rest: list[int]) -> bool:
    _, melds, _ = best_arrangement(rest + [card])
    return any(card in m for m in melds)


def _chances(card: int, rest: list[int], unseen: list[int]) -> list[int]:
    """Unseen cards that would put ``card`` in a meld with cards of ``rest``."""
    held = set(rest)
    r, s = card % 13, card // 13
    out = []
    for u in unseen:
        ru, su = u % 13, u // 13
        if ru == r and any(h % 13 == r and h != card for h in held):
            out.append(u)
            continue
        if su != s or u == card or abs(ru - r) > 2:
            continue
        lo, hi = min(r, ru), max(r, ru)
        if hi - lo == 2:
            if s * 13 + lo + 1 in held:
                out.append(u)
        elif (lo > 0 and s * 13 + lo - 1 in held) or (hi < 12 and s * 13 + hi + 1 in held):
            out.append(u)
    return sorted(out)


def _signals(view: SeatView, opp: int, card: int, name: str) -> Reason | None:
    """What ``opp`` threw or passed on that goes with ``card`` (so it is less likely to want it)."""
    threw = [t for t in view.thrown(opp) if _related(t, card)]
    passed: list[int] = []
    for p in passed_cards(view, opp):  # a card may be passed on twice (the first upcard): say it once
        if _related(p, card) and p not in threw and p not in passed:
            passed.append(p)
    if not threw and not passed:
        return None
    parts = []
    s = card // 13
    for verb, cs in (("passed on", passed), ("threw", threw)):
        if not cs:
            continue
        if len(cs) >= 2 and all(c // 13 == s for c in cs):
            parts.append(f"{verb} {suit_plural(s, len(cs))}")
        elif len(cs) > 2:
            parts.append(f"{verb} {number(len(cs))} cards that go with it")
        else:
            parts.append(f"{verb} {card_list(cs)}")
    return Reason("opponent-signals", {"seat": opp, "card": _t(card), "threw": _ts(threw), "passed": _ts(passed)},
                  f"{name} " + " and ".join(parts))


def _t(card: int) -> str:
    return card_str(card)


def _ts(cards: Sequence[int]) -> list[str]:
    return [_t(c) for c in cards]
