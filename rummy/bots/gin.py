"""Gin Rummy opponents: one engine, :class:`GinBot`, tuned by :class:`GinStyle` into tiers and styles.

What the strongest settings do, from the seat's view only:

- **Card tracking.** Unseen cards are the 52 less the bot's hand, the discard pile and the cards the
  opponent is known to hold (taken from the pile). Each unseen card gets a probability of being in the
  opponent's hand: lower for cards that go with what the opponent threw away or passed on, higher for cards
  that go with what it took.
- **Discards** are scored by the deadwood they leave, by a one-draw lookahead (the expected deadwood after
  the next draw from the stock, over the unseen cards), and by their danger: the chance that the discard
  completes or extends a meld in the opponent's estimated hand.
- **Draws**: the upcard is taken when the hand it makes is worth more, by the same measure, than the
  expected hand after a stock draw.
- **Knocks** are weighed by the expected score against sampled opponent hands (built from the estimate and
  "played" for as many draws as the opponent has made), undercuts and lay-offs included, against the
  chance of gin and the risk of waiting.

Weaker tiers switch these off, add mistakes, or follow a style's fixed habit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, PASS, Action
from ..cards import CARD_VALUES
from ..deadwood import best_arrangement, best_discards, knock_outcome, min_deadwood
from ..model import EventKind
from ..rng import Rng
from ..view import SeatView
from .base import decision_rng, legal_or_first, passed_cards

if TYPE_CHECKING:
    from .advice import Advice

_VALUE = CARD_VALUES


@dataclass(frozen=True)
class GinStyle:
    """The knobs of :class:`GinBot`. Defaults are the expert's."""

    mistakes: float = 0.0  # chance of a loose discard (a random unmelded card)
    miss_knock: float = 0.0  # chance of not noticing a knock
    lookahead: bool = True  # score discards by the expected deadwood after the next draw
    lookahead_weight: float = 0.5  # 0: deadwood now only; 1: after the next draw only
    model: bool = True  # estimate the opponent's hand from what it took, threw and passed
    danger: float = 6.0  # points of cost per unit of chance that a discard feeds the opponent
    upcard: str = "value"  # "meld": only when it goes into a meld (or enables a knock); "value": lookahead
    knock: str = "ev"  # "asap", "gin" (hold for gin until late), "low" (only when very low), "ev"
    knock_low: int = 4  # the "low" policy's deadwood limit
    gin_until_stock: int = 12  # "gin" and "low" knock freely once the stock is this small
    samples: int = 40  # opponent hands sampled for a knock decision
    deny: float = 0.0  # take the upcard to keep it from the opponent: weight of its danger
    knock_ev_min: float = 0.0  # "ev": knock when the expected points of knocking reach this ...
    undercut_max: float = 0.35  # ... and the chance of an undercut is at most this


CASUAL = GinStyle(lookahead=False, model=False, danger=0.0, upcard="meld", knock="asap")


class GinBot:
    """A Gin Rummy opponent. ``GinBot(style, seed).choose(view)`` returns one action of ``view.legal``."""

    game = "gin"

    def __init__(self, style: GinStyle = GinStyle(), seed: int = 0) -> None:
        self.style = style
        self.seed = seed

    def __repr__(self) -> str:
        return f"GinBot({self.style!r}, seed={self.seed})"

    # ----- entry point -----

    def choose(self, view: SeatView) -> Action:
        return self.evaluate(view)[0]

    def evaluate(self, view: SeatView) -> tuple[Action, _Context]:
        """The choice and the evaluation it was made with (``ctx.notes``: the numbers behind it), for advice."""
        if not view.legal:
            raise ValueError("it is not this seat's turn: view.legal is empty")
        rng = decision_rng(self.seed, view)
        ctx = _Context(view, self.style)
        if view.phase in ("first-upcard", "draw"):
            return legal_or_first(view, self._draw(ctx, rng)), ctx
        return legal_or_first(view, self._play(ctx, rng)), ctx

    def advise(self, view: SeatView, names: Sequence[str] | None = None) -> Advice:
        """This bot's choice for ``view`` with its reasons and the cost of the other actions
        (:class:`~rummy.bots.base.Advisor`)."""
        from .gin_advice import advise_gin

        return advise_gin(self, view, names)

    # ----- drawing -----

    def _draw(self, ctx: _Context, rng: Rng) -> Action:
        view, st = ctx.view, self.style
        take = Action(DRAW_DISCARD)
        other = Action(PASS) if view.phase == "first-upcard" else Action(DRAW_STOCK)
        if take not in view.legal:
            return other
        up = view.top_discard
        assert up is not None  # the upcard may be taken, so there is one
        hand = list(view.hand)
        after = [(dw, c) for dw, c in best_discards(hand + [up]) if c != up]
        best_dw = after[0][0]
        now = min_deadwood(hand)
        ctx.notes.update(upcard=up, now=now, best_dw=best_dw, take_discard=after[0][1])
        if best_dw <= ctx.knock_limit and now > ctx.knock_limit and st.upcard == "meld":
            return take  # it lets us knock
        if st.upcard == "meld":
            if best_dw < now:
                _, melds, _ = best_arrangement(hand + [up])
                if any(up in m for m in melds):
                    return take
            return other
        # "value": compare the hand the upcard makes with the expected hand after a stock draw
        lw = st.lookahead_weight
        e_now = ctx.expected_after_draw(hand)
        stock_value = e_now - (1.0 - lw) * max(0.0, now - e_now)
        best_take = math.inf
        for dw, x in after[:5]:
            h = [c for c in hand if c != x] + [up]
            v = (1 - lw) * dw + lw * ctx.expected_after_draw(h) + st.danger * ctx.danger(x)
            if v < best_take:
                best_take = v
                ctx.notes["take_discard"] = x
        bonus = st.deny * ctx.danger(up) * 10.0 if st.deny else 0.0
        ctx.notes.update(take_value=best_take + 0.5 - bonus, stock_value=stock_value, deny_bonus=bonus,
                         expected_stock=e_now)
        if best_take + 0.5 - bonus < stock_value:
            return take
        return other

    # ----- discarding and knocking -----

    def _play(self, ctx: _Context, rng: Rng) -> Action:
        view, st = ctx.view, self.style
        legal = view.legal
        if Action(BIG_GIN) in legal:
            return Action(BIG_GIN)
        hand = list(view.hand)
        ranked = best_discards(hand)  # (deadwood of the other 10, card), best first
        knocks = [(dw, c) for dw, c in ranked if Action(KNOCK, (c,)) in legal]
        discards = [(dw, c) for dw, c in ranked if Action(DISCARD, (c,)) in legal]
        if knocks and not (st.miss_knock and rng.random() < st.miss_knock):
            kdw, kcard = knocks[0]
            if self._want_knock(ctx, kdw, kcard, rng):
                return Action(KNOCK, (kcard,))
        if not discards:
            return Action(KNOCK, (knocks[0][1],))
        if st.mistakes and rng.random() < st.mistakes:
            _, _melds, unmatched = best_arrangement(hand)
            loose = sorted(c for c in unmatched if Action(DISCARD, (c,)) in legal)
            if loose:
                return Action(DISCARD, (rng.choice(loose),))
        if not st.lookahead and not st.danger:
            return Action(DISCARD, (discards[0][1],))
        # score the most promising discards
        best = None
        for dw, c in discards[:6]:
            if dw > discards[0][0] + 12:
                break
            v = self.discard_value(ctx, dw, c)
            key = (v, -_VALUE[c], c)
            if best is None or key < best:
                best = key
        assert best is not None
        return Action(DISCARD, (best[2],))

    def discard_value(self, ctx: _Context, dw: int, card: int) -> float:
        """How this bot values throwing ``card`` (``dw``: the deadwood it leaves): the deadwood now and after
        the next draw (lookahead), plus the chance of feeding the opponent (danger); lower is better."""
        st = ctx.style
        lw = st.lookahead_weight if st.lookahead else 0.0
        v = float(dw)
        if lw:
            rest = [x for x in ctx.view.hand if x != card]
            v = (1 - lw) * dw + lw * ctx.expected_after_draw(rest)
        if st.danger:
            v += st.danger * ctx.danger(card)
        ctx.notes.setdefault("discards", {})[card] = v
        return v

    def _want_knock(self, ctx: _Context, kdw: int, kcard: int, rng: Rng) -> bool:
        st, view = self.style, ctx.view
        if kdw == 0:
            return True
        policy = st.knock
        if policy == "asap":
            return True
        late = view.stock_count <= st.gin_until_stock
        if policy == "gin":
            return late
        if policy == "low":
            return kdw <= st.knock_low or late
        # "ev": expected points of knocking now against sampled opponent hands
        rest = [c for c in view.hand if c != kcard]
        ev, p_under = ctx.knock_ev(rest, rng, st.samples)
        ctx.notes["knock"] = {"card": kcard, "deadwood": kdw, "ev": ev, "undercut": p_under}
        if ev >= st.knock_ev_min and (p_under <= st.undercut_max or kdw <= 2):
            return True
        return late and ev > -8


class _Context:
    """What one decision knows: unseen cards, the opponent estimate, and cached evaluations."""

    def __init__(self, view: SeatView, style: GinStyle) -> None:
        self.view = view
        self.style = style
        self.notes: dict[str, Any] = {}  # the numbers a decision was made with (read by gin_advice)
        me = view.seat
        opp = 1 - me
        self.opp = opp
        self.knock_limit = view.knock_limit if view.knock_limit is not None else 10
        hand = set(view.hand)
        pile = set(view.discard)
        self.opp_known = sorted(set(view.known_cards(opp)) - pile - hand)
        known = set(self.opp_known)
        self.unseen = [c for c in range(52) if c not in hand and c not in pile and c not in known]
        n_opp = view.hand_counts[opp] if view.hand_counts else 10
        self.need = max(0, n_opp - len(self.opp_known))
        self.p_opp = self._estimate(view) if style.model else self._uniform()
        self._e_cache: dict[int, float] = {}
        self._danger_cache: dict[int, float] = {}
        # stock draw weights: a card is in the stock with probability 1 - p_opp
        self.stock_w = [(c, max(0.0, 1.0 - self.p_opp.get(c, 0.0))) for c in self.unseen]
        tot = sum(w for _, w in self.stock_w) or 1.0
        self.stock_w = [(c, w / tot) for c, w in self.stock_w]

    def _uniform(self) -> dict[int, float]:
        p = dict.fromkeys(range(52), 0.0)
        if self.unseen:
            q = self.need / len(self.unseen)
            for c in self.unseen:
                p[c] = q
        for c in self.opp_known:
            p[c] = 1.0
        return p

    def _estimate(self, view: SeatView) -> dict[int, float]:
        """Probability of each card being in the opponent's hand."""
        opp = self.opp
        thrown = view.thrown(opp)
        passed = passed_cards(view, opp)
        w = {}
        for c in self.unseen:
            r, s = c % 13, c // 13
            x = 1.0
            for t in thrown:
                tr, ts = t % 13, t // 13
                if tr == r:
                    x *= 0.55
                elif ts == s and abs(tr - r) <= 2:
                    x *= 0.65 if abs(tr - r) == 1 else 0.85
            for t in passed:
                tr, ts = t % 13, t // 13
                if tr == r:
                    x *= 0.75
                elif ts == s and abs(tr - r) == 1:
                    x *= 0.8
            for k in self.opp_known:
                kr, ks = k % 13, k // 13
                if kr == r:
                    x *= 1.8
                elif ks == s and abs(kr - r) <= 2:
                    x *= 1.7 if abs(kr - r) == 1 else 1.3
            w[c] = x
        tot = sum(w.values()) or 1.0
        p = dict.fromkeys(range(52), 0.0)
        for c in self.unseen:
            p[c] = min(0.95, self.need * w[c] / tot)
        for c in self.opp_known:
            p[c] = 1.0
        self.weights = w
        return p

    def expected_after_draw(self, hand10: list[int]) -> float:
        """Expected deadwood after drawing one card from the stock (and discarding the best), never above now."""
        key = 0
        for c in hand10:
            key |= 1 << c
        got = self._e_cache.get(key)
        if got is not None:
            return got
        now = min_deadwood(key)
        total = 0.0
        for c, w in self.stock_w:
            if w <= 0:
                continue
            d = best_discards(key | (1 << c))[0][0]
            total += w * (d if d < now else now)
        if not self.stock_w:
            total = now
        self._e_cache[key] = total
        return total

    def danger(self, card: int) -> float:
        """Chance that ``card`` completes or extends a meld in the opponent's hand (an estimate, at most 1)."""
        got = self._danger_cache.get(card)
        if got is not None:
            return got
        p = self.p_opp
        r, s = card % 13, card // 13
        others = [s2 * 13 + r for s2 in range(4) if s2 != s]
        ps = [p.get(o, 0.0) for o in others]
        d = ps[0] * ps[1] + ps[0] * ps[2] + ps[1] * ps[2]

        def q(rank: int) -> float:
            return p.get(s * 13 + rank, 0.0) if 0 <= rank < 13 else 0.0

        d += q(r - 2) * q(r - 1) + q(r - 1) * q(r + 1) + q(r + 1) * q(r + 2)
        d = min(1.0, d)
        self._danger_cache[card] = d
        return d

    def sample_opponent(self, rng: Rng) -> list[int]:
        """One plausible opponent hand: the known cards, a weighted draw of unseen cards, then a few
        simulated draws and best discards for the turns the opponent has played."""
        known = list(self.opp_known)
        pool = self.unseen
        weights = getattr(self, "weights", None)
        keyed = []
        for c in pool:
            w = weights[c] if weights else 1.0
            u = rng.random() or 1e-12
            keyed.append((math.log(u) / w, c))  # Efraimidis-Spirakis: the largest keys win
        keyed.sort(reverse=True)
        hand = known + [c for _, c in keyed[: self.need]]
        rest = [c for _, c in keyed[self.need:]]
        turns = sum(1 for e in self.view.log if e.seat == self.opp and e.kind == EventKind.DRAW_STOCK)
        for _i in range(min(len(rest), 2 + turns // 2, 6)):
            extra = rest[rng.below(len(rest))]
            rest.remove(extra)
            drop = best_discards(hand + [extra])[0][1]
            hand.append(extra)
            hand.remove(drop)
        return hand

    def knock_ev(self, rest10: list[int], rng: Rng, samples: int) -> tuple[float, float]:
        """(expected points of knocking with ``rest10``, chance of being undercut) over sampled opponent hands."""
        r = self.view.rules
        gin_bonus = r.get("gin_bonus", 25)
        under_bonus = r.get("undercut_bonus", 25)
        tie_under = r.get("undercut_on_tie", True)
        total = 0.0
        under = 0
        n = 0
        for _ in range(samples):
            if len(self.unseen) < self.need:
                break
            opp = self.sample_opponent(rng)
            out = knock_outcome(rest10, opp)
            k, d = out["knocker_deadwood"], out["defender_deadwood"]
            if out["gin"]:
                total += gin_bonus + d
            elif d < k or (d == k and tie_under):
                total -= under_bonus + (k - d)
                under += 1
            else:
                total += d - k
            n += 1
        if not n:
            return 1.0, 0.0
        return total / n, under / n
