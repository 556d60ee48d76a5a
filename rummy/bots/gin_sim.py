"""A fast simulator of the rest of a Gin Rummy hand, on 52-bit card masks, for the searching bot.

Nothing here builds a :class:`rummy.game.Game`: a position is two 10-card masks, the face-up card, a stock
(a list of card ints, top first, read through an index) and whose turn it is. Both players follow quick
fixed policies (:class:`Policy`) until one knocks or the stock runs down to its floor, and the hand is
scored by the rulebook (gin, big gin, undercuts, lay-offs as :func:`rummy.deadwood.knock_outcome` settles them).

:class:`MatchValue` turns a hand's points into the chance of winning the match from the scores they lead
to, so the search values a point more when it brings a target near.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..deadwood import _SUIT_DW, _best_groupings, _md, _set_combos  # the solver's tables and mask-level helpers

_S = 8191
_RANK_ALL = 0x8004002001  # the four cards of rank 0; shift left by a rank
_VALUE = tuple(min(c % 13 + 1, 10) for c in range(52))

# Discard order: least deadwood left, then the higher-valued card, then the higher rank, then the lower suit.
# _TIE[c] is c's place in that order among cards leaving equal deadwood (lower goes first).
_TIE = tuple((10 - min(c % 13 + 1, 10)) * 64 + (12 - c % 13) * 4 + c // 13 for c in range(52))
_CARD_OF_TIE = [0] * 1024
for _c, _t in enumerate(_TIE):
    _CARD_OF_TIE[_t] = _c
_NONE = 1 << 30  # the key of an empty suit: never the best

# For every suit k and 13-bit suit mask s: the best card of the suit to throw, as one packed key
# ``(least run-only deadwood of the suit after throwing it) * 1024 + _TIE[card]``. Built on first use.
_REM_KEY: list[list[int]] = []
# For the cards of one rank held 3 or 4 times (a mask): every choice of set there, "none" first.
_SET_CHOICES: dict[int, tuple[int, ...]] = {}
_MULTI_SET_CHOICES: dict[int, tuple[int, ...]] = {}  # the same for several ranks: a bounded cache


def _build_tables() -> None:
    keys = [_NONE] * 8192  # clubs; another suit's keys are these plus the suit's index (see _TIE)
    for s in range(1, 8192):
        best = _NONE
        bits = s
        while bits:
            low = bits & -bits
            bits ^= low
            key = _SUIT_DW[s ^ low] * 1024 + _TIE[low.bit_length() - 1]
            if key < best:
                best = key
        keys[s] = best
    for k in range(4):
        _REM_KEY.append([x + k if x != _NONE else x for x in keys])
    for r in range(13):
        for present in range(16):
            cards = [k * 13 + r for k in range(4) if present >> k & 1]
            if len(cards) >= 3:
                m = sum(1 << c for c in cards)
                _SET_CHOICES[m] = (0,) + tuple(_set_combos(m, 1 << r)[1:])


def best_discard(m: int) -> tuple[int, int]:
    """``(deadwood of the rest, card)``: the best card to throw from hand mask ``m`` (normally 11 cards).

    The least deadwood left; ties go to the higher-valued card, then the higher rank, then the lower suit."""
    if not _REM_KEY:
        _build_tables()
    a = m & _S
    b = m >> 13 & _S
    c = m >> 26 & _S
    d = m >> 39
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    tab = _SUIT_DW
    k0, k1, k2, k3 = _REM_KEY
    if not t3:
        # no rank held three times: melds are runs, and a card only changes its own suit's deadwood
        ta, tb, tc, td = tab[a], tab[b], tab[c], tab[d]
        total = (ta + tb + tc + td) * 1024
        key = min(total - ta * 1024 + k0[a], total - tb * 1024 + k1[b],
                  total - tc * 1024 + k2[c], total - td * 1024 + k3[d])
        return key >> 10, _CARD_OF_TIE[key & 1023]
    # Taking card c out leaves exactly the set choices of this hand that do not use c: the best throw is
    # the best, over every choice of sets, of the best throw from one suit of what the sets leave.
    if t3 & (t3 - 1):  # two or three ranks held 3+ times: every combination of their set choices
        ranks = t3 | t3 << 13 | t3 << 26 | t3 << 39
        combos = _MULTI_SET_CHOICES.get(m & ranks)
        if combos is None:
            if len(_MULTI_SET_CHOICES) >= 4096:
                _MULTI_SET_CHOICES.clear()
            combos = _MULTI_SET_CHOICES[m & ranks] = tuple(_set_combos(m, t3))
    else:
        combos = _SET_CHOICES[m & (_RANK_ALL << (t3.bit_length() - 1))]
    best = _NONE
    for x in combos:
        r = m ^ x
        a, b, c, d = r & _S, r >> 13 & _S, r >> 26 & _S, r >> 39
        ta, tb, tc, td = tab[a], tab[b], tab[c], tab[d]
        total = (ta + tb + tc + td) * 1024
        key = min(total - ta * 1024 + k0[a], total - tb * 1024 + k1[b],
                  total - tc * 1024 + k2[c], total - td * 1024 + k3[d])
        if key < best:
            best = key
    return best >> 10, _CARD_OF_TIE[best & 1023]


def takes_upcard(h: int, up: int, limit: int) -> bool:
    """The playout rule for the face-up card: take it when it goes into a meld of the best arrangement of the
    hand with it (and is not the card that hand would throw), or when it lets the player knock."""
    dw, out = best_discard(h | 1 << up)
    return out != up and (dw <= limit or _md(h | 1 << up) < _md(h) + _VALUE[up])


def min_deadwood_mask(m: int) -> int:
    """The least deadwood of hand mask ``m`` (all its cards)."""
    return _md(m)


def fits(card: int, m: int) -> bool:
    """Whether ``card`` makes a meld with two cards of hand mask ``m`` (a set, or a run of three)."""
    r = card % 13
    if (m & (_RANK_ALL << r) & ~(1 << card)).bit_count() >= 2:
        return True
    lo1 = r >= 1 and m >> (card - 1) & 1
    hi1 = r <= 11 and m >> (card + 1) & 1
    if lo1 and (hi1 or (r >= 2 and m >> (card - 2) & 1)):
        return True
    return bool(hi1 and r <= 10 and m >> (card + 2) & 1)




# ---------------------------------------------------------------------------------------------
# Rules and scoring
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandRules:
    """The rules that score a Gin hand, from a view's rule options."""

    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin: bool = True
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    stock_floor: int = 2
    double: bool = False  # Oklahoma with a spade upcard: every score doubled

    @classmethod
    def from_view(cls, rules: dict[str, Any], knock_limit: int | None, upcard: int | None) -> HandRules:
        double = bool(rules.get("oklahoma") and rules.get("oklahoma_double_spades")
                      and upcard is not None and upcard // 13 == 3)
        return cls(
            knock_limit=10 if knock_limit is None else int(knock_limit),
            gin_bonus=int(rules.get("gin_bonus", 25)), big_gin=bool(rules.get("big_gin", True)),
            big_gin_bonus=int(rules.get("big_gin_bonus", 31)), undercut_bonus=int(rules.get("undercut_bonus", 25)),
            undercut_on_tie=bool(rules.get("undercut_on_tie", True)), stock_floor=int(rules.get("stock_floor", 2)),
            double=double,
        )


def _layoff_options(meld: int, hand: int) -> list[int]:
    """The non-empty sets of cards of ``hand`` that can be laid off together on ``meld`` (as masks)."""
    low = meld & -meld
    lo = low.bit_length() - 1
    r = lo % 13
    rank_all = _RANK_ALL << r
    if not meld & ~rank_all:  # a set: a 3-set takes its 4th card
        missing = rank_all & ~meld
        return [missing] if meld.bit_count() == 3 and hand & missing else []
    base = lo - r
    hi = meld.bit_length() - 1
    downs = [0]
    card, mk = lo - 1, 0
    while card >= base and hand >> card & 1:
        mk |= 1 << card
        downs.append(mk)
        card -= 1
    ups = [0]
    card, mk = hi + 1, 0
    while card < base + 13 and hand >> card & 1:
        mk |= 1 << card
        ups.append(mk)
        card += 1
    return [dm | um for dm in downs for um in ups if dm | um]


def defender_deadwood(knocker: int, defender: int) -> int:
    """The defender's least deadwood after its lay-offs, the knocker showing the least-deadwood grouping that
    leaves the defender the most (as :func:`rummy.deadwood.knock_outcome` settles it)."""
    plain = _md(defender)
    worst = -1
    for grouping in _best_groupings(knocker)[1]:
        per_meld = [o for o in (_layoff_options(x, defender) for x in grouping) if o]
        if not per_meld:
            return plain
        best = plain
        choices = [0]
        for opts in per_meld:
            choices = choices + [c | o for c in choices for o in opts if not c & o]
        for laid in choices[1:]:
            v = _md(defender & ~laid)
            if v < best:
                best = v
        if best > worst:
            worst = best
            if worst == plain:
                break
    return worst


def knock_points(knocker: int, defender: int, rules: HandRules) -> int:
    """Points of a knock by 10-card mask ``knocker`` against ``defender``: positive to the knocker, negative
    to the defender (an undercut), 0 for a tie."""
    k = _md(knocker)
    mult = 2 if rules.double else 1
    if k == 0:
        return mult * (rules.gin_bonus + _md(defender))
    d = defender_deadwood(knocker, defender)
    if d < k or (d == k and rules.undercut_on_tie):
        return -mult * (rules.undercut_bonus + k - d)
    return mult * (d - k)


def big_gin_points(defender: int, rules: HandRules) -> int:
    """Points of big gin (11 cards in melds) against ``defender``."""
    return (2 if rules.double else 1) * (rules.big_gin_bonus + _md(defender))


# ---------------------------------------------------------------------------------------------
# Playout policies and the playout
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Policy:
    """How a player acts in a playout.

    Draws: the face-up card is taken when it goes into a meld of the hand's best arrangement (and is not the
    card the hand would throw), or when it lets the player knock. Discards: the card that leaves the
    least deadwood (the higher card on ties). Knocks: gin always; otherwise at ``knock_at`` deadwood or less
    (capped by the knock limit), in the first ``early_turns`` turns of the hand at the knock limit, and
    once the stock is down to ``late_stock`` cards at the knock limit."""

    knock_at: int = 10
    early_turns: int = 0
    late_stock: int = 0


ASAP = Policy()


def playout(hands: list[int], stock: list[int], lo: int, hi: int, up: int, mover: int, must_stock: bool,
            turns: list[int], policies: tuple[Policy, Policy], rules: HandRules) -> int:
    """Play a hand to its end from the start of ``mover``'s turn; return the points of seat 0 (negative: seat 1's).

    ``hands`` are the two 10-card masks (changed in place); the stock is ``stock[lo:hi + 1]``, seat 0 drawing
    from its front and seat 1 from its back (the order is random, so either end is as good as the top, and
    each seat then meets the same cards whatever the other does: comparisons of moves get less noisy);
    ``up`` is the face-up card, ``must_stock`` whether ``mover`` must draw from the stock, ``turns`` how many
    turns each seat has played (changed in place)."""
    limit = rules.knock_limit
    floor = rules.stock_floor
    md = _md
    held = [md(hands[0]), md(hands[1])]  # each hand's deadwood
    while True:
        h = hands[mover]
        pol = policies[mover]
        took = False
        if not must_stock:
            dw, out = best_discard(h | 1 << up)
            if out != up and (dw <= limit or md(h | 1 << up) < held[mover] + _VALUE[up]):
                h |= 1 << up
                took = True
        must_stock = False
        if not took:
            if hi < lo:
                return 0
            if mover == 0:
                h |= 1 << stock[lo]
                lo += 1
            else:
                h |= 1 << stock[hi]
                hi -= 1
            dw, out = best_discard(h)
        turns[mover] += 1
        if dw <= limit:
            if rules.big_gin and dw == 0 and md(h) == 0:
                p = big_gin_points(hands[1 - mover], rules)
                return p if mover == 0 else -p
            if (dw == 0 or dw <= pol.knock_at or turns[mover] <= pol.early_turns
                    or hi - lo + 1 <= pol.late_stock):
                p = knock_points(h ^ 1 << out, hands[1 - mover], rules)
                return p if mover == 0 else -p
        hands[mover] = h ^ 1 << out
        held[mover] = dw
        up = out
        if hi - lo + 1 <= floor:
            return 0
        mover = 1 - mover


def finish_turn(hands: list[int], stock: list[int], lo: int, hi: int, took: int, mover: int, turns: list[int],
                policies: tuple[Policy, Policy], rules: HandRules) -> int:
    """``mover`` has just taken ``took`` from the discard pile (``hands[mover]`` holds 11 cards): it ends its
    turn by its policy (it may not throw ``took``), then the hand is played out (see :func:`playout`)."""
    h = hands[mover]
    pol = policies[mover]
    turns[mover] += 1
    best = (999, 999, -1)
    mm = h & ~(1 << took)
    while mm:
        low = mm & -mm
        mm ^= low
        c = low.bit_length() - 1
        key = (_md(h ^ low), _TIE[c], c)
        if key < best:
            best = key
    dw, _, out = best
    sign = 1 if mover == 0 else -1
    if dw <= rules.knock_limit:
        if rules.big_gin and _md(h) == 0:
            return sign * big_gin_points(hands[1 - mover], rules)
        if dw == 0 or dw <= pol.knock_at or turns[mover] <= pol.early_turns or hi - lo + 1 <= pol.late_stock:
            return sign * knock_points(h ^ 1 << out, hands[1 - mover], rules)
    hands[mover] = h ^ 1 << out
    if hi - lo + 1 <= rules.stock_floor:
        return 0
    return playout(hands, stock, lo, hi, out, 1 - mover, False, turns, policies, rules)


# ---------------------------------------------------------------------------------------------
# The value of a hand's points in a match
# ---------------------------------------------------------------------------------------------

# A hand's points to its winner (a rough mix of knocks, gins and undercuts between good players).
_HAND_POINTS = ((4, 0.14), (8, 0.16), (12, 0.15), (17, 0.13), (23, 0.10), (30, 0.10), (38, 0.09),
                (48, 0.08), (60, 0.05))


class MatchValue:
    """The chance of winning a 2-player match to ``target`` from scores ``(mine, theirs)``, when every later
    hand is an even contest whose winner scores points as in a typical game. Built once per target."""

    _tables: ClassVar[dict[int, list[list[float]]]] = {}

    def __init__(self, target: int) -> None:
        self.target = max(1, int(target))
        table = self._tables.get(self.target)
        if table is None:
            table = self._build(self.target)
            self._tables[self.target] = table
        self.table = table

    @staticmethod
    def _build(t: int) -> list[list[float]]:
        # v[a][b]: my scores a, theirs b (both below t); each hand either side wins with chance 1/2.
        v = [[0.0] * t for _ in range(t)]
        pts = _HAND_POINTS
        for a in range(t - 1, -1, -1):
            row = v[a]
            for b in range(t - 1, -1, -1):
                total = 0.0
                for x, p in pts:
                    win = 1.0 if a + x >= t else v[a + x][b]
                    lose = 0.0 if b + x >= t else v[a][b + x]
                    total += p * (win + lose)
                row[b] = 0.5 * total
        return v

    def __call__(self, mine: float, theirs: float) -> float:
        t = self.target
        mine, theirs = int(mine), int(theirs)
        if mine >= t and mine > theirs:
            return 1.0
        if theirs >= t:
            return 0.0
        return self.table[max(0, mine)][max(0, theirs)]
