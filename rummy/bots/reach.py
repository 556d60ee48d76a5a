"""How far a Basic Rummy hand is from going out: the fewest cards it must still draw, and which cards help.

Like a mahjong player's count of tiles to a winning hand: :func:`reach` finds, over every way to complete
melds (sets, runs, and lay-offs on the table) that cover ``need`` cards of the hand, the fewest *missing*
cards (cards still to draw, each one that can still come: not seen on the discard pile or the table, nor
known to be in another hand), and the union of the missing cards of every such way: the *outs*, any one of
which brings the hand one card closer.

How: runs never leave their suit, so a per-suit dynamic programme over the ranks gives, for each number of
cards covered in that suit, the fewest missing cards and their outs (memoised, 13-bit masks). Sets are
chosen first, at each rank where the hand holds two cards or more (a set of 3 or 4 with at most one
missing card), and the four suits are combined for each choice. Aces high (``high-or-low``): an ace may
end a run at the top instead of the bottom, never both. Jokers are handled by the caller (each fills one
missing card).
"""

from __future__ import annotations

from itertools import combinations

INF = 99
RANK_MASK = tuple(0x8004002001 << r for r in range(13))
CACHE_LIMIT = 1 << 15
_suit_cache: dict[tuple[int, int, int, int, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {}
MAX_SET_CHOICES = 2000  # a safety net (an 11-card hand has at most 648): beyond it, a lone pair makes no set


def clear_cache() -> None:
    """Empty the memo of suit tables (results never depend on it)."""
    _suit_cache.clear()


def _suit_dp(held: int, avail: int, ext: int, cap: int, ranks: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Runs along ``ranks`` (13-bit positions in order; position 13 is a high ace) of one suit: for each
    count of covered cards 0..cap, the fewest missing cards and the union of their outs."""
    size = cap + 1
    # state: 0 no run, 1 and 2 a run of that length, 3 a run of three or more
    ms = [[INF] * size for _ in range(4)]
    os_ = [[0] * size for _ in range(4)]
    ms[0][0] = 0
    for r in ranks:
        bit = 1 << (r % 13)
        h = held & bit
        usable = h or avail & bit
        lay = bool(ext & bit) and usable
        add = 0 if h else 1
        obit = 0 if h else bit
        nm = [[INF] * size for _ in range(4)]
        no = [[0] * size for _ in range(4)]
        for st in range(4):
            m_st = ms[st]
            o_st = os_[st]
            ends = st == 0 or st == 3
            nxt = st + 1 if st < 3 else 3
            tm = nm[nxt]
            to = no[nxt]
            m0 = nm[0]
            o0 = no[0]
            for L in range(size):
                m = m_st[L]
                if m >= INF:
                    continue
                o = o_st[L]
                if ends:
                    if m < m0[L]:
                        m0[L], o0[L] = m, o
                    elif m == m0[L]:
                        o0[L] |= o
                if usable:
                    L1 = L + 1 if cap > L else cap  # covering more than cap counts as cap
                    mm = m + add
                    oo = o | obit
                    if lay and ends:
                        if mm < m0[L1]:
                            m0[L1], o0[L1] = mm, oo
                        elif mm == m0[L1]:
                            o0[L1] |= oo
                    if mm < tm[L1]:
                        tm[L1], to[L1] = mm, oo
                    elif mm == tm[L1]:
                        to[L1] |= oo
        ms, os_ = nm, no
    out_m = [0] * size
    out_o = [0] * size
    for L in range(size):
        a, b = ms[0][L], ms[3][L]
        if a < b:
            out_m[L], out_o[L] = a, os_[0][L]
        elif b < a:
            out_m[L], out_o[L] = b, os_[3][L]
        else:
            out_m[L], out_o[L] = a, os_[0][L] | os_[3][L]
    return out_m, out_o


_LOW = tuple(range(13))
_HIGH = tuple(range(1, 14))


def suit_table(held: int, avail: int, ext: int, cap: int,
               aces_high: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For one suit (13-bit masks): for each count ``L`` of cards covered (0..cap), the fewest missing cards
    to cover at least ``L``, and the union of the outs of every way that does it (13-bit mask)."""
    key = (held, avail, ext, cap, aces_high)
    got = _suit_cache.get(key)
    if got is not None:
        return got
    m, o = _suit_dp(held, avail, ext, cap, _LOW)
    if aces_high:
        m2, o2 = _suit_dp(held, avail, ext, cap, _HIGH)
        for L in range(cap + 1):
            if m2[L] < m[L]:
                m[L], o[L] = m2[L], o2[L]
            elif m2[L] == m[L]:
                o[L] |= o2[L]
    # covering more than L also covers L
    for L in range(cap - 1, -1, -1):
        if m[L + 1] < m[L]:
            m[L], o[L] = m[L + 1], o[L + 1]
        elif m[L + 1] == m[L]:
            o[L] |= o[L + 1]
    got = (tuple(m), tuple(o))
    if len(_suit_cache) >= CACHE_LIMIT:
        _suit_cache.clear()
    _suit_cache[key] = got
    return got


def _set_choices(hand: int, avail: int, few: bool) -> list[list[int]]:
    """For each rank where the hand holds two cards or more: the sets it could make there (masks), each with
    at most one missing card. ``few``: a rank with only a pair offers nothing (keeps the search small)."""
    out = []
    for r in range(13):
        rm = RANK_MASK[r]
        held = hand & rm
        nh = held.bit_count()
        if nh < 2 or (few and nh == 2):
            continue
        free = [1 << (s * 13 + r) for s in range(4) if (hand | avail) >> (s * 13 + r) & 1]
        choices = []
        for k in (3, 4):
            for comb in combinations(free, k):
                m = sum(comb)
                if k - (m & hand).bit_count() <= 1:
                    choices.append(m)
        if choices:
            out.append(choices)
    return out


def reach(hand: int, avail: int, need: int, ext: int = 0, aces_high: bool = False) -> tuple[int, int]:
    """``(missing, outs)``: the fewest cards ``hand`` (a 52-bit mask of natural cards) must still draw to
    have ``need`` cards in melds, and the mask of the cards any one of which brings it one closer.

    ``avail``: the cards that may still come (a mask); ``ext``: the cards a table meld takes as a lay-off."""
    if need <= 0:
        return 0, 0
    choices = _set_choices(hand, avail, False)
    n_combos = 1
    for c in choices:
        n_combos *= len(c) + 1
    if n_combos > MAX_SET_CHOICES:
        choices = _set_choices(hand, avail, True)
    combos: list[tuple[int, int]] = [(0, 0)]  # (cards in sets, missing cards in sets)
    for options in choices:
        combos = combos + [(u | x, m | x & ~hand) for u, m in combos for x in options if not u & x]
    combos.sort(key=lambda x: (x[1].bit_count(), -x[0].bit_count(), x[0]))  # likely best first: prunes more
    best_m = INF
    best_o = 0
    for used, s_miss in combos:
        miss0 = s_miss.bit_count()
        rest = need - used.bit_count()
        h2 = hand & ~used
        if miss0 + max(0, rest - h2.bit_count()) > best_m:
            continue  # even covering every card left in hand would not do better
        if rest <= 0:
            m_total, o_total = miss0, s_miss
        else:
            a2 = avail & ~used
            acc_m = [0] + [INF] * rest
            acc_o = [0] * (rest + 1)
            for k in range(4):
                sh = 13 * k
                tm, to = suit_table(h2 >> sh & 8191, a2 >> sh & 8191, ext >> sh & 8191, rest, aces_high)
                new_m = [INF] * (rest + 1)
                new_o = [0] * (rest + 1)
                for l1 in range(rest + 1):
                    m1 = acc_m[l1]
                    if m1 >= INF:
                        continue
                    o1 = acc_o[l1]
                    for l2 in range(rest + 1 - l1):
                        m2 = tm[l2]
                        if m2 >= INF:
                            break  # the table only grows with L
                        mm = m1 + m2
                        L = l1 + l2
                        if mm < new_m[L]:
                            new_m[L], new_o[L] = mm, o1 | to[l2] << sh
                        elif mm == new_m[L]:
                            new_o[L] |= o1 | to[l2] << sh
                acc_m, acc_o = new_m, new_o
            if acc_m[rest] >= INF:
                continue
            m_total, o_total = miss0 + acc_m[rest], s_miss | acc_o[rest]
        if m_total < best_m:
            best_m, best_o = m_total, o_total
        elif m_total == best_m:
            best_o |= o_total
    return best_m, best_o


__all__ = ["clear_cache", "reach", "suit_table"]
