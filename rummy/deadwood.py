"""Gin Rummy meld and deadwood solver: aces low, no jokers, runs never wrap.

Cards are the ints of :mod:`rummy.cards` (``suit * 13 + rank``, suits C D H S, ranks A..K) and a hand
may be given as a list of them or as a 52-bit mask. Everything here is exact and deterministic.

How it is fast: a hand splits into four 13-bit suit masks. Without a rank held three or more times,
melds can only be runs, and runs never leave their suit, so the minimum deadwood is the sum of four
lookups in :data:`_SUIT_DW`, a table (built at import, 8192 entries) of the least deadwood of every
suit mask using runs alone. With such ranks (at most three in 11 cards) the solver tries every
choice of set at each of them (none, each 3-subset, the whole 4-set) and adds the four suit lookups
of what is left: at most 6 ** 3 cheap sums. Hands with sets are memoised in a bounded dict
(cleared whole when full, so results never depend on history): :func:`clear_cache`.

Groupings are canonical: a run is never split into two adjacent runs of one suit (``3H..8H`` is one
meld, not ``3H4H5H`` + ``6H7H8H``; either way the same cards can be laid off on it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any

from .cards import CARD_VALUES, RANK_VALUES, cards_of

__all__ = [
    "all_best_arrangements",
    "best_arrangement",
    "best_discards",
    "clear_cache",
    "hand_mask",
    "is_meld",
    "knock_outcome",
    "layoff_deadwood",
    "meld_candidates",
    "min_deadwood",
]

_RANK_VALUE = RANK_VALUES  # the one card-value table (rummy.cards)
_CARD_VALUE = CARD_VALUES
_BIT = {c: 1 << c for c in range(52)}


# ---------------------------------------------------------------------------------------------
# Tables built at import
# ---------------------------------------------------------------------------------------------

def _build_suit_table() -> list[int]:
    """Least deadwood of every 13-bit suit mask using runs (length >= 3) only."""
    table = [0] * 8192
    for s in range(1, 8192):
        low = s & -s
        r = low.bit_length() - 1
        best = _RANK_VALUE[r] + table[s ^ low]  # the lowest card stays deadwood ...
        run = low
        k = r + 1
        while k < 13 and s >> k & 1:  # ... or starts a run r..k
            run |= 1 << k
            if k - r >= 2:
                v = table[s ^ run]
                if v < best:
                    best = v
            k += 1
        table[s] = best
    return table


_SUIT_DW = _build_suit_table()


def _runs_in_suit(s: int) -> list[int]:
    """Every run (13-bit mask, length >= 3) inside suit mask ``s``: by lowest rank, then length."""
    out = []
    for lo in range(11):
        if not s >> lo & 1:
            continue
        run = 1 << lo
        k = lo + 1
        while k < 13 and s >> k & 1:
            run |= 1 << k
            if k - lo >= 2:
                out.append(run)
            k += 1
    return out


# Set options per (rank, presence pattern of the 4 suits): removal masks of the 3-subsets and the 4-set.
def _build_set_options() -> dict[tuple[int, int], tuple[int, ...]]:
    opts: dict[tuple[int, int], tuple[int, ...]] = {}
    for r in range(13):
        for p in range(16):
            suits = [k for k in range(4) if p >> k & 1]
            if len(suits) < 3:
                continue
            masks = []
            if len(suits) == 4:
                masks.append(sum(1 << (k * 13 + r) for k in suits))
            for skip in reversed(suits) if len(suits) == 4 else [None]:
                masks.append(sum(1 << (k * 13 + r) for k in suits if k != skip))
            opts[(r, p)] = tuple(masks)
    return opts


_SET_OPTIONS = _build_set_options()
# The same options keyed by the mask of the rank's cards held (3 or 4 of them).
_SET_OPTIONS_BY_CARDS = {
    sum(1 << (k * 13 + r) for k in range(4) if p >> k & 1): opts for (r, p), opts in _SET_OPTIONS.items()
}

# ---------------------------------------------------------------------------------------------
# Memo cache (hands holding a possible set only; the set-free case is four lookups)
# ---------------------------------------------------------------------------------------------

CACHE_LIMIT = 1 << 16
_cache: dict[int, int] = {}
_decomp_cache: dict[int, list[tuple[int, ...]]] = {}


def clear_cache() -> None:
    """Empty the memo caches (benchmarks call it; results never depend on the cache)."""
    _cache.clear()
    _decomp_cache.clear()


# ---------------------------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------------------------

def hand_mask(cards: Iterable[int] | int) -> int:
    """The 52-bit mask of a hand given as card ints or as a mask; ``ValueError`` on a bad card or a repeat."""
    if isinstance(cards, int):
        if cards < 0 or cards >> 52:
            raise ValueError(f"not a 52-bit card mask: {cards!r}")
        return cards
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    try:
        m = sum(map(_BIT.__getitem__, cards))
    except (KeyError, TypeError):
        bad = [c for c in cards if c not in _BIT]
        raise ValueError(f"not natural card ints: {bad!r} (Gin Rummy has no jokers)") from None
    if m.bit_count() != len(cards):
        raise ValueError(f"a card is repeated in {sorted(cards)!r}")
    return m


_cards = cards_of  # the natural cards of a mask, in id order


# ---------------------------------------------------------------------------------------------
# Minimum deadwood
# ---------------------------------------------------------------------------------------------

def _set_combos(m: int, t3: int) -> list[int]:
    """Every choice of sets (as the mask of all their cards) at the ranks held 3+ times (bits of ``t3``)."""
    combos = [0]
    opts_of = _SET_OPTIONS_BY_CARDS
    while t3:
        rb = t3 & -t3
        t3 ^= rb
        opts = opts_of[m & (0x8004002001 << (rb.bit_length() - 1))]
        combos = combos + [x | o for x in combos for o in opts]
    return combos


def _md_sets(m: int, t3: int) -> int:
    tab = _SUIT_DW
    best = tab[m & 8191] + tab[m >> 13 & 8191] + tab[m >> 26 & 8191] + tab[m >> 39]
    combos: Sequence[int]
    if t3 & (t3 - 1):
        combos = _set_combos(m, t3)
    else:  # one rank held 3 or 4 times: the usual case
        combos = _SET_OPTIONS_BY_CARDS[m & (0x8004002001 << (t3.bit_length() - 1))]
    for x in combos:
        rest = m ^ x
        v = tab[rest & 8191] + tab[rest >> 13 & 8191] + tab[rest >> 26 & 8191] + tab[rest >> 39]
        if v < best:
            best = v
    if len(_cache) >= CACHE_LIMIT:
        _cache.clear()
    _cache[m] = best
    return best


def _md(m: int) -> int:
    """Minimum deadwood of a valid mask."""
    a = m & 8191
    b = m >> 13 & 8191
    c = m >> 26 & 8191
    d = m >> 39
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    if not t3:
        tab = _SUIT_DW
        return tab[a] + tab[b] + tab[c] + tab[d]
    v = _cache.get(m)
    if v is None:
        return _md_sets(m, t3)
    return v


def min_deadwood(cards: Iterable[int] | int) -> int:
    """Least deadwood of a hand (card ints or a mask) over every split into melds.

    All the cards count: an 11-card hand gets the deadwood of all 11, not after a discard
    (see :func:`best_discards` for that)."""
    if cards.__class__ is list:  # the hot path: a list of card ints
        try:
            m = sum(map(_BIT.__getitem__, cards))
        except (KeyError, TypeError):
            m = hand_mask(cards)
        if m.bit_count() != len(cards):
            m = hand_mask(cards)  # raises
    else:
        m = hand_mask(cards)
    return _md(m)


def best_discards(cards11: Iterable[int] | int) -> list[tuple[int, int]]:
    """For each card of a hand (normally 11 cards): ``(deadwood of the others, card)``.

    Sorted ascending by (deadwood, minus the card's value, card): the best discard comes first and,
    among equal deadwood, the higher card is shed first."""
    m = hand_mask(cards11)
    a = m & 8191
    b = m >> 13 & 8191
    c = m >> 26 & 8191
    d = m >> 39
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    keyed = []
    if not t3:
        # No set anywhere, and removing a card cannot make one: only the card's own suit changes.
        tab = _SUIT_DW
        sm = (a, b, c, d)
        base = (tab[a], tab[b], tab[c], tab[d])
        total = base[0] + base[1] + base[2] + base[3]
        cv = _CARD_VALUE
        for k in range(4):
            s = sm[k]
            rest = total - base[k]
            off = 13 * k
            while s:
                low = s & -s
                s ^= low
                card = low.bit_length() - 1 + off
                keyed.append((rest + tab[sm[k] ^ low], -cv[card], card))
    else:
        # Removing card c leaves exactly the set choices of this hand that do not use c; for each such
        # choice only c's suit term changes.
        tab = _SUIT_DW
        cv = _CARD_VALUE
        rows = []
        for x in _set_combos(m, t3):
            rest = m ^ x
            sm = (rest & 8191, rest >> 13 & 8191, rest >> 26 & 8191, rest >> 39)
            base = (tab[sm[0]], tab[sm[1]], tab[sm[2]], tab[sm[3]])
            rows.append((x, base[0] + base[1] + base[2] + base[3], sm, base))
        mm = m
        while mm:
            low = mm & -mm
            mm ^= low
            card = low.bit_length() - 1
            k = card // 13
            bit = low >> (13 * k)
            best = 999
            for x, total, sm, base in rows:
                if not x & low:
                    v = total - base[k] + tab[sm[k] ^ bit]
                    if v < best:
                        best = v
            keyed.append((best, -cv[card], card))
    keyed.sort()
    return [(k[0], k[2]) for k in keyed]


# ---------------------------------------------------------------------------------------------
# Arrangements
# ---------------------------------------------------------------------------------------------

def _suit_decomps(s: int) -> list[tuple[int, ...]]:
    """Every canonical way (adjacent runs merged) to reach ``_SUIT_DW[s]`` with runs in suit mask ``s``."""
    got = _decomp_cache.get(s)
    if got is not None:
        return got
    target = _SUIT_DW[s]
    out: list[tuple[int, ...]] = []

    def walk(rest: int, dead: int, runs: tuple[int, ...]) -> None:
        if dead + _SUIT_DW[rest] > target:
            return
        if not rest:
            out.append(runs)
            return
        low = rest & -rest
        r = low.bit_length() - 1
        # r stays deadwood
        walk(rest ^ low, dead + _RANK_VALUE[r], runs)
        # r starts a maximal-in-choice run r..k; the card just above, if held, is then not in a run
        run = low
        k = r + 1
        while k < 13 and rest >> k & 1:
            run |= 1 << k
            if k - r >= 2:
                nxt = 1 << (k + 1)
                if k + 1 < 13 and rest & nxt:
                    walk(rest ^ run ^ nxt, dead + _RANK_VALUE[k + 1], runs + (run,))
                else:
                    walk(rest ^ run, dead, runs + (run,))
            k += 1

    walk(s, 0, ())
    _decomp_cache[s] = out
    return out


def _best_groupings(m: int) -> tuple[int, list[list[int]]]:
    """(minimum deadwood, every min grouping as a list of meld masks), unsorted."""
    a = m & 8191
    b = m >> 13 & 8191
    c = m >> 26 & 8191
    d = m >> 39
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    tab = _SUIT_DW
    combos = _set_combos(m, t3) if t3 else [0]
    scored = []
    for x in combos:
        rest = m ^ x
        v = tab[rest & 8191] + tab[rest >> 13 & 8191] + tab[rest >> 26 & 8191] + tab[rest >> 39]
        scored.append((v, x))
    best = min(v for v, _ in scored)
    groupings: list[list[int]] = []
    for v, x in scored:
        if v != best:
            continue
        sets = []
        xx = x
        while xx:  # split x into its sets, one per rank
            low = xx & -xx
            r = (low.bit_length() - 1) % 13
            rank_bits = x & (0x8004002001 << r)
            sets.append(rank_bits)
            xx &= ~rank_bits
        rest = m ^ x
        per_suit = []
        for k in range(4):
            off = 13 * k
            per_suit.append([tuple(run << off for run in dec) for dec in _suit_decomps(rest >> off & 8191)])
        for choice in product(*per_suit):
            groupings.append(sets + [run for runs in choice for run in runs])
    return best, groupings


def _sorted_grouping(melds: Iterable[int]) -> list[list[int]]:
    return sorted(_cards(x) for x in melds)


def all_best_arrangements(cards: Iterable[int] | int) -> list[list[list[int]]]:
    """Every grouping of melds that reaches the minimum deadwood.

    Each grouping is a list of melds, each meld a sorted list of card ints, melds in ascending list
    order; groupings in ascending list order. Runs are canonical (never split into adjacent runs of
    one suit). A hand with no meld gives ``[[]]``."""
    m = hand_mask(cards)
    _, groupings = _best_groupings(m)
    return sorted(_sorted_grouping(g) for g in groupings)


def best_arrangement(cards: Iterable[int] | int) -> tuple[int, list[list[int]], list[int]]:
    """``(deadwood, melds, unmatched)`` with the least deadwood.

    Ties go to the first grouping of :func:`all_best_arrangements` (the least in list order).
    Melds are sorted lists of card ints; unmatched cards are sorted by id."""
    m = hand_mask(cards)
    best, groupings = _best_groupings(m)
    melds = min(_sorted_grouping(g) for g in groupings)
    used = 0
    for meld in melds:
        for card in meld:
            used |= 1 << card
    return best, melds, _cards(m & ~used)


def is_meld(cards: Iterable[int] | int) -> bool:
    """Whether the cards form one valid meld: a set of 3 or 4, or a run of 3+ (aces low, no wrap)."""
    try:
        m = hand_mask(cards)
    except ValueError:
        return False
    n = m.bit_count()
    if n < 3:
        return False
    low = (m & -m).bit_length() - 1
    r = low % 13
    if n <= 4 and m & ~(0x8004002001 << r) == 0:
        return True
    k = low // 13
    s = m >> (13 * k)
    if s >> 13:
        return False
    s >>= r
    return s & (s + 1) == 0  # consecutive bits from bit 0


def meld_candidates(mask: int | Iterable[int]) -> list[int]:
    """Masks of every valid meld inside a hand.

    Runs first (by suit, then lowest rank, then length; every run of length >= 3 inside a longer one),
    then sets by rank (a 4-set, then its 3-subsets leaving out S, H, D, C in turn)."""
    m = hand_mask(mask)
    out: list[int] = []
    for k in range(4):
        off = 13 * k
        s = m >> off & 8191
        if s.bit_count() >= 3:
            out.extend(run << off for run in _runs_in_suit(s))
    a = m & 8191
    b = m >> 13 & 8191
    c = m >> 26 & 8191
    d = m >> 39
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    while t3:
        rb = t3 & -t3
        t3 ^= rb
        out.extend(_SET_OPTIONS_BY_CARDS[m & (0x8004002001 << (rb.bit_length() - 1))])
    return out


# ---------------------------------------------------------------------------------------------
# Lay-offs and knocks
# ---------------------------------------------------------------------------------------------

def _meld_layoff_options(meld: int, hand: int) -> list[tuple[int, tuple[int, ...]]]:
    """Ways to lay off cards of ``hand`` on one table meld: ``(mask, cards in playing order)``, the empty way first.

    A set of 3 takes its 4th card; a run takes a chain of cards below its low end and one above its
    high end (6H then 5H onto 7H 8H 9H)."""
    opts: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    low = (meld & -meld).bit_length() - 1
    r = low % 13
    rank_all = 0x8004002001 << r
    if meld & ~rank_all == 0:  # a set
        missing = rank_all & ~meld
        if meld.bit_count() == 3 and hand & missing:
            opts.append((missing, (missing.bit_length() - 1,)))
        return opts
    high = meld.bit_length() - 1
    base = low - r  # first card of the suit
    downs: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    card = low - 1
    mk, seq = 0, ()  # type: tuple[int, tuple[int, ...]]
    while card >= base and hand >> card & 1:
        mk |= 1 << card
        seq = seq + (card,)
        downs.append((mk, seq))
        card -= 1
    ups: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    card = high + 1
    mk, seq = 0, ()
    while card < base + 13 and hand >> card & 1:
        mk |= 1 << card
        seq = seq + (card,)
        ups.append((mk, seq))
        card += 1
    opts = []
    for dm, ds in downs:
        for um, us in ups:
            opts.append((dm | um, ds + us))
    opts.sort(key=lambda o: len(o[1]))  # stable: fewer cards first
    return opts


def _meld_mask(meld: Iterable[int] | int) -> int:
    m = hand_mask(meld)
    if not is_meld(m):
        raise ValueError(f"not a valid meld: {_cards(m)!r}")
    return m


def _layoff_search(hand: int, table: list[int]) -> tuple[int, int, list[tuple[int, int]]]:
    """(deadwood, mask laid off, layoffs) minimising the deadwood, then the number of cards laid off,
    then first in the order of the knocker's melds and their options (fewer cards first)."""
    per_meld = [_meld_layoff_options(x, hand) for x in table]
    best: tuple[int, int, int, list[tuple[int, int]]] | None = None
    for choice in product(*per_meld):
        laid = 0
        ok = True
        for mk, _ in choice:
            if laid & mk:
                ok = False
                break
            laid |= mk
        if not ok:
            continue
        dw = _md(hand & ~laid)
        n = laid.bit_count()
        if best is None or (dw, n) < (best[0], best[1]):
            layoffs = [(card, i) for i, (_, seq) in enumerate(choice) for card in seq]
            best = (dw, n, laid, layoffs)
    assert best is not None
    return best[0], best[2], best[3]


def layoff_deadwood(
    cards: Iterable[int] | int, knocker_melds: Sequence[Iterable[int] | int]
) -> tuple[int, list[list[int]], list[tuple[int, int]], list[int]]:
    """The defender after a knock: least deadwood over every way of forming their own melds and laying
    off on the knocker's melds (lay-offs chain: 6H then 5H onto 7H 8H 9H; a set of 3 takes its 4th card).

    Returns ``(deadwood, own melds, layoffs, unmatched)``; ``layoffs`` are ``(card, index of the
    knocker's meld)`` in an order they can be played. Ties: the fewest cards laid off, then the first
    lay-off choice in the order of the knocker's melds (for each, fewer cards first, chains below
    the run before above), then :func:`best_arrangement`'s rule for the own melds."""
    hand = hand_mask(cards)
    table = [_meld_mask(x) for x in knocker_melds]
    seen = 0
    for x in table:
        if x & seen or x & hand:
            raise ValueError("the knocker's melds overlap each other or the defender's hand")
        seen |= x
    dw, laid, layoffs = _layoff_search(hand, table)
    dw2, melds, unmatched = best_arrangement(hand & ~laid)
    assert dw2 == dw
    return dw, melds, layoffs, unmatched


def knock_outcome(
    knocker_cards10: Iterable[int] | int, defender_cards10: Iterable[int] | int, allow_layoffs: bool = True
) -> dict[str, Any]:
    """Settle a knock (Gin rule 5): both hands arranged by the program.

    The knocker's melds: among the least-deadwood groupings, the one leaving the defender the most
    deadwood (ties: the first in :func:`all_best_arrangements` order). The defender then lays off
    (unless ``allow_layoffs`` is false, or the knocker has gin: no lay-offs after gin or big gin) and
    melds to the least deadwood. Returns a dict with ``knocker_deadwood``, ``knocker_melds``,
    ``knocker_unmatched``, ``gin``, ``layoffs_allowed``, ``defender_deadwood``, ``defender_melds``,
    ``defender_layoffs`` and ``defender_unmatched``."""
    km = hand_mask(knocker_cards10)
    dm = hand_mask(defender_cards10)
    if km & dm:
        raise ValueError("the two hands share a card")
    k_dw, groupings = _best_groupings(km)
    ordered = sorted(_sorted_grouping(g) for g in groupings)
    gin = k_dw == 0
    layoffs_allowed = allow_layoffs and not gin
    if layoffs_allowed:
        best = None
        for g in ordered:
            table = [sum(1 << c for c in meld) for meld in g]
            dw, laid, layoffs = _layoff_search(dm, table)
            if best is None or dw > best[0]:
                best = (dw, g, laid, layoffs)
        assert best is not None
        d_dw, k_melds, laid, layoffs = best
    else:
        k_melds, laid, layoffs = ordered[0], 0, []
    d_dw, d_melds, d_unmatched = best_arrangement(dm & ~laid)
    used = 0
    for meld in k_melds:
        for card in meld:
            used |= 1 << card
    return {
        "knocker_deadwood": k_dw,
        "knocker_melds": k_melds,
        "knocker_unmatched": _cards(km & ~used),
        "gin": gin,
        "layoffs_allowed": layoffs_allowed,
        "defender_deadwood": d_dw,
        "defender_melds": d_melds,
        "defender_layoffs": layoffs,
        "defender_unmatched": d_unmatched,
    }
