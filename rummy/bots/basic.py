"""Basic Rummy opponents (2 to 6 players, jokers, aces high, every rule option): :class:`RummyBot` tuned by
:class:`RummyStyle` into tiers and styles.

Each call plans the whole turn from the view (the best split of the hand into new melds, lay-offs on the
table and leftovers) and returns its first step; the next call plans again from the new view, so the bot
keeps no state. The strongest settings:

- go out whenever the hand allows it (melds, lay-offs, and a last discard when one is needed);
- weigh melding now against holding the melds for rummy (double score, and nothing on the table for the
  others to lay off on): hold while nobody is close to going out (every other hand above 3 cards, the stock
  not nearly out), lay down as soon as someone is, or once rummy is lost (measured: holding beats melding
  early by a wide margin);
- watch the table for lay-offs: cards that fit a table meld count as already played when valuing a hand,
  and are never thrown to the next player, who could lay them off;
- avoid feeding the next player: no discards that go with cards that player took from the pile;
- discard the card with the most points and the fewest ways (among the unseen cards) to join a meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, LAYOFF, MELD, SWAP, Action
from ..cards import JOKER, card_value
from ..melds import TableMeld, all_melds, layoff_problem
from ..rng import Rng
from ..view import SeatView
from .base import decision_rng, legal_or_first, passed_cards

if TYPE_CHECKING:
    from .advice import Advice


@dataclass(frozen=True)
class RummyStyle:
    """The knobs of :class:`RummyBot`. Defaults are the expert's."""

    mistakes: float = 0.0  # chance of a loose discard (a random leftover card)
    take: str = "meld"  # "meld": take the discard only to make a new meld; "cover": also to lay it off
    meld: str = "rummy"  # "early": lay down at once; "rummy": hold for rummy until someone is close;
    #                      "smart": hold only while two or three cards from going out
    potential: float = 1.0  # weight of a card's chances to join a meld when choosing a discard
    danger: float = 0.5  # weight of feeding the next player (table lay-offs, cards it took)
    hoard: float = 0.0  # take discards the next players seem to want
    swap: bool = True  # take jokers off the table with the natural card


class RummyBot:
    """A Basic Rummy opponent. ``RummyBot(style, seed).choose(view)`` returns one action of ``view.legal``."""

    game = "rummy"

    def __init__(self, style: RummyStyle = RummyStyle(), seed: int = 0) -> None:
        self.style = style
        self.seed = seed

    def __repr__(self) -> str:
        return f"RummyBot({self.style!r}, seed={self.seed})"

    def choose(self, view: SeatView) -> Action:
        return self.evaluate(view)[0]

    def evaluate(self, view: SeatView) -> tuple[Action, _Table]:
        """The choice and the evaluation it was made with (``t.notes``: the plan and the numbers), for advice."""
        if not view.legal:
            raise ValueError("it is not this seat's turn: view.legal is empty")
        rng = decision_rng(self.seed, view)
        t = _Table(view)
        if view.phase == "draw":
            return legal_or_first(view, self._draw(t, rng)), t
        return legal_or_first(view, self._play(t, rng)), t

    def advise(self, view: SeatView, names: Sequence[str] | None = None) -> Advice:
        """This bot's choice for ``view`` with its reasons and the cost of the other actions
        (:class:`~rummy.bots.base.Advisor`)."""
        from .rummy_advice import advise_rummy

        return advise_rummy(self, view, names)

    # ----- drawing -----

    def _draw(self, t: _Table, rng: Rng) -> Action:
        view, st = t.view, self.style
        take, stock = Action(DRAW_DISCARD), Action(DRAW_STOCK)
        if take not in view.legal:
            return stock
        if stock not in view.legal:
            return take
        up = view.top_discard
        assert up is not None  # the discard may be taken, so there is one
        hand = list(view.hand)
        before, _, _, _ = t.plan(hand)
        after, melds, lays, left = t.plan(hand + [up])
        in_meld = any(up in _hand_cards(m) for m in melds)
        t.notes.update(upcard=up, before=before, after=after, in_meld=in_meld, lays=up in lays)
        if st.take == "meld":
            return take if in_meld and after < before else stock
        covered = in_meld or (up in lays)
        # a lay-off alone is worth it only when it does not cost the hand a discard choice
        if covered and after < before and (in_meld or len(left) >= 1):
            return take
        if st.hoard and up != JOKER and t.next_wants(up) >= 0.5 and card_value(up, t.hi) <= 5:
            return take
        return stock

    # ----- melding, laying off, discarding -----

    def _play(self, t: _Table, rng: Rng) -> Action:
        view, st = t.view, self.style
        legal = set(view.legal)
        hand = list(view.hand)
        _dw, melds, lays, left = t.plan(hand)
        # 1. go out if we can
        out = self._going_out(t, hand, melds, lays, left)
        if out is not None:
            for a in out:
                if a in legal:
                    return a
        # 2. jokers back from the table
        if st.swap:
            for a in view.legal:
                if a.kind == SWAP:
                    return a
        # 3. lay down now, or hold for rummy
        t.notes.update(plan=(_dw, melds, lays, left))
        t.notes["lay_down"] = self._lay_down_now(t, left)
        if t.notes["lay_down"]:
            for m in melds:
                if m in legal:
                    return m
            for c in sorted(lays):
                lay = t.layoff_action(c)
                if lay is not None and lay in legal:
                    return lay
            keep: set[int] = set()
        else:
            keep = set()
            for m in melds:
                keep.update(_hand_cards(m))
            keep.update(lays)
        # 4. discard
        return self._discard(t, hand, left, keep, rng)

    def _going_out(self, t: _Table, hand: list[int], melds: list[Action], lays: list[int],
                   left: list[int]) -> list[Action] | None:
        view = t.view
        need_discard = bool(view.rules.get("discard_to_go_out"))
        steps: list[Action] = list(melds)
        for c in lays:
            a = t.layoff_action(c)
            if a is None:
                return None
            steps.append(a)
        if not left and not need_discard:
            return steps
        if len(left) == 1 and left[0] != view.taken_discard:
            return steps + [Action(DISCARD, (left[0],))]
        if not left and need_discard:
            # keep one card back to discard: drop the one whose absence still lets the rest go down
            for c in sorted(set(hand), key=lambda x: -card_value(x, t.hi)):
                if c == view.taken_discard or c == JOKER:
                    continue
                rest = list(hand)
                rest.remove(c)
                _, m2, l2, left2 = t.plan(rest)
                if not left2:
                    acts = list(m2) + [a for a in (t.layoff_action(x) for x in l2) if a is not None]
                    if len(acts) == len(m2) + len(l2):
                        return acts + [Action(DISCARD, (c,))]
        return None

    def _lay_down_now(self, t: _Table, left: list[int]) -> bool:
        view, st = t.view, self.style
        if st.meld == "early":
            return True
        others = [n for s, n in enumerate(view.hand_counts) if s != view.seat]
        danger = min(others) <= 3 or view.stock_count <= 4
        if t.played_before:
            return True  # rummy is gone for this hand: get the points off the hand
        if st.meld == "rummy":
            return danger
        # smart: hold while close to going out in one turn and nobody is close
        if danger:
            return True
        if view.rules.get("melds_per_turn") == 1:
            return True
        value_left = sum(card_value(c, t.hi) for c in left)
        return not (len(left) <= 2 or (len(left) <= 3 and value_left <= 12))

    def _discard(self, t: _Table, hand: list[int], left: list[int], keep: set[int], rng: Rng) -> Action:
        view, st = t.view, self.style
        legal = view.legal
        options = sorted({a.card for a in legal if a.kind == DISCARD})
        if not options:
            return legal[0]
        pool = [c for c in options if c in left and c not in keep] or [c for c in options if c not in keep] or options
        if st.mistakes and rng.random() < st.mistakes:
            return Action(DISCARD, (rng.choice(pool),))
        best = None
        t.notes["pool"] = pool
        for c in pool:
            score = self.discard_score(t, c, hand)
            key = (-score, c)
            if best is None or key < best:
                best = key
        assert best is not None
        return Action(DISCARD, (best[1],))

    def discard_score(self, t: _Table, card: int, hand: list[int]) -> float:
        """How this bot likes throwing ``card``: the points it sheds, less its chances to join a meld and the
        risk of feeding the next player (higher is better)."""
        st = self.style
        score = float(card_value(card, t.hi))  # points shed
        if card == JOKER:
            score -= 40  # a joker is worth keeping
        else:
            score -= st.potential * t.potential(card, hand) * 4.0
            score -= st.danger * t.feeds(card) * 12.0
        return score


#: A planned split of a hand: (points left, meld actions, cards to lay off, cards left).
Plan = tuple[int, list[Action], list[int], list[int]]


class _Best:
    """The best split found so far by :meth:`_Table.plan`'s search."""

    __slots__ = ("chosen", "total", "used")

    def __init__(self) -> None:
        self.total = 10 ** 9
        self.chosen: list[Action] = []
        self.used = 0


def _hand_cards(m: Action) -> list[int]:
    return m.hand_cards()


class _Table:
    """One decision's knowledge: the table, unseen cards, and a memoised planner of hands."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.notes: dict[str, Any] = {}  # the numbers a decision was made with (read by rummy_advice)
        self.hi = view.rules.get("aces") == "high-or-low"
        self.on_table = {c for m in view.table for c in m.cards}
        r = view.rules
        me = view.seat
        self.played_before = view.played_before[me]
        self.can_layoff = not r.get("layoff_needs_meld") or bool(view.has_melded and view.has_melded[me])
        self._plans: dict[tuple[int, ...], Plan] = {}
        seen = set(view.hand) | set(view.discard) | self.on_table
        self.unseen = [c for c in range(52) if c not in seen]
        nxt = (me + 1) % view.players
        self.next_seat = nxt
        self.next_known = view.known_cards(nxt) if view.players > 1 else []
        self.next_thrown = view.thrown(nxt)
        self.next_passed = passed_cards(view, nxt)
        self.fits_table: dict[int, bool] = {}

    def fits(self, card: int) -> bool:
        """Whether a natural ``card`` can be laid off on some table meld."""
        got = self.fits_table.get(card)
        if got is None:
            got = card not in self.on_table and any(layoff_problem(m, card, self.hi) is None for m in self.view.table)
            self.fits_table[card] = got
        return got

    def layoff_action(self, card: int) -> Action | None:
        """A lay-off of ``card`` (a joker included) on the table, preferably legal now."""
        legal = [a for a in self.view.legal if a.kind == LAYOFF and a.hand_cards() == [card]]
        if legal:
            return legal[0]
        if card == JOKER:
            return None
        for i, m in enumerate(self.view.table, start=1):
            if layoff_problem(m, card, self.hi) is None:
                return Action(LAYOFF, (card,), (), i)
        return None

    def plan(self, hand: list[int]) -> Plan:
        """Best split of ``hand``: (points left, meld actions, cards to lay off, cards left), least points first."""
        key = tuple(sorted(hand))
        got = self._plans.get(key)
        if got is not None:
            return got
        hi = self.hi
        melds = all_melds(list(key), hi, self.on_table)
        naturals = sorted(c for c in key if c != JOKER)
        jokers = key.count(JOKER)
        by_card: dict[int, list[tuple[int, int, Action]]] = {c: [] for c in naturals}
        for cards, wild in melds:
            nat = 0
            for c in cards:
                if c not in wild:
                    nat |= 1 << c
            a = Action(MELD, cards, wild)
            low = (nat & -nat).bit_length() - 1
            by_card[low].append((nat, len(wild), a))
        val = {c: card_value(c, hi) for c in naturals}
        # a meld this turn also opens lay-offs under layoff_needs_meld: plan for it, then check below
        layable = {c for c in naturals if self.fits(c)}
        joker_lay = bool(self.view.table) and bool(self.view.rules.get("jokers"))
        best = _Best()

        def rec(i: int, used: int, j: int, acc: int, chosen: list[Action]) -> None:
            if acc >= best.total:
                return
            while i < len(naturals) and used >> naturals[i] & 1:
                i += 1
            if i == len(naturals):
                jl = jokers - j
                extra = 0 if (joker_lay and jl) or not jl else 15 * jl
                tot = acc + extra
                if tot < best.total:
                    best.total, best.chosen, best.used = tot, list(chosen), used
                return
            c = naturals[i]
            for nat, nw, a in by_card[c]:
                if nat & used or nw > jokers - j:
                    continue
                chosen.append(a)
                rec(i + 1, used | nat, j + nw, acc, chosen)
                chosen.pop()
            rec(i + 1, used | (1 << c), j, acc + (0 if c in layable else val[c]), chosen)

        rec(0, 0, 0, 0, [])
        if not self.can_layoff and not best.chosen and (layable or joker_lay):
            # no meld of our own this turn, so no lay-offs under layoff_needs_meld
            layable, joker_lay = set(), False
            best = _Best()
            rec(0, 0, 0, 0, [])
        chosen = best.chosen
        in_melds = 0
        jokers_used = 0
        for a in chosen:
            for c in a.cards:
                if c in a.wild:
                    jokers_used += 1
                else:
                    in_melds |= 1 << c
        lays = [c for c in naturals if not in_melds >> c & 1 and c in layable]
        left = [c for c in naturals if not in_melds >> c & 1 and c not in layable]
        jl = jokers - jokers_used
        if jl:
            if joker_lay:
                lays += [JOKER] * jl
            else:
                left += [JOKER] * jl
        out = (best.total, chosen, lays, left)
        self._plans[key] = out
        return out

    def potential(self, card: int, hand: list[int]) -> float:
        """How many unseen cards would put ``card`` in a meld with another card of the hand (about 0..3)."""
        if card == JOKER:
            return 3.0
        unseen = set(self.unseen)
        r, s = card % 13, card // 13
        score = 0.0
        same_rank = [c for c in hand if c != card and c != JOKER and c % 13 == r]
        if same_rank:
            score += sum(1 for s2 in range(4) if s2 * 13 + r in unseen) / 2.0
        for d in (-2, -1, 1, 2):
            r2 = r + d
            if not 0 <= r2 < 13:
                continue
            if s * 13 + r2 in hand:
                # the cards that would complete this pair into a run
                need = []
                lo, hi_ = min(r, r2), max(r, r2)
                if hi_ - lo == 2:
                    need = [lo + 1]
                else:
                    need = [lo - 1, hi_ + 1]
                score += sum(1 for x in need if 0 <= x < 13 and s * 13 + x in unseen) / 2.0
        if JOKER in hand:
            score += 0.5
        return score

    def feeds(self, card: int) -> float:
        """How much throwing ``card`` would help the next player (0..1.5)."""
        if self.view.players < 2:
            return 0.0
        f = 0.0
        if self.fits(card):
            f += 1.0
        f += self.next_wants(card)
        return f

    def next_wants(self, card: int) -> float:
        r, s = card % 13, card // 13
        w = 0.0
        for k in self.next_known:
            if k == JOKER:
                continue
            kr, ks = k % 13, k // 13
            if kr == r or (ks == s and abs(kr - r) <= 2):
                w += 0.5
        for k in self.next_thrown[-4:]:
            kr, ks = k % 13, k // 13
            if kr == r or (ks == s and abs(kr - r) == 1):
                w -= 0.2
        return max(0.0, min(1.0, w))


__all__ = ["RummyBot", "RummyStyle", "TableMeld"]
