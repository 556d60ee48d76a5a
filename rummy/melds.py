"""Melds on the table (Basic Rummy): checking sets and runs, lay-offs, and listing the melds a hand can make.

Rulebook, Melds and Jokers. A meld is a list of *placed* cards: the natural card each position is on the
table as, with the jokers among them listed in ``wild``. Gin's deadwood solver is :mod:`rummy.deadwood`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations

from .cards import JOKER, RANKS, card_str, make_card, rank_of, suit_of

SET = "set"
RUN = "run"

#: A meld as placed: its cards in meld order, and those of them a joker plays.
Placed = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: ``cards`` as placed (sorted in meld order), ``wild`` those a joker plays."""

    cards: tuple[int, ...]
    wild: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        return SET if len({rank_of(c) for c in self.cards}) == 1 else RUN

    def naturals(self) -> list[int]:
        return [c for c in self.cards if c not in self.wild]

    def to_text(self) -> list[str]:
        """``["5C", "5D", "JK=5H"]``"""
        return [("JK=" + card_str(c)) if c in self.wild else card_str(c) for c in self.cards]


def run_order(cards: Iterable[int], aces_high: bool) -> list[int] | None:
    """The rank positions of ``cards`` as a run (ace 0, or 13 when it ends a run at the top), or None."""
    cs = list(cards)
    ranks = sorted(rank_of(c) for c in cs)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return ranks
    if aces_high and ranks[0] == 0:
        high = sorted(ranks[1:] + [13])
        if high == list(range(high[0], high[0] + len(high))):
            return high
    return None


#: Why placed cards are not a meld: the fault's code (a refusal's ``why``) and its words ({cards}: the cards).
MELD_FAULTS = {
    "too-few": "{cards} is not a meld: a meld needs at least 3 cards",
    "twice": "{cards} is not a meld: it names a card twice",
    "joker-plays-none": "a joker must play one of the meld's cards",
    "few-natural": "{cards} is not a meld: a meld needs at least two natural cards",
    "set-too-big": "{cards} is not a meld: a set has at most 4 cards",
    "mixed": "{cards} is not a meld: a set needs one rank, a run one suit",
    "gap": "{cards} is not a meld: a run needs cards in sequence (aces are low)",
    "gap-aces-high": "{cards} is not a meld: a run needs cards in sequence (an ace may be low or high, never both)",
}


def meld_fault(cards: Iterable[int], wild: Iterable[int] = (), aces_high: bool = False) -> str | None:
    """Why these placed cards are not a meld, as a code of :data:`MELD_FAULTS`; None when they are one."""
    cs = list(cards)
    wl = set(wild)
    if len(cs) < 3:
        return "too-few"
    if len(set(cs)) != len(cs):
        return "twice"
    if not wl <= set(cs):
        return "joker-plays-none"
    if len(cs) - len(wl) < 2:
        return "few-natural"
    if len({rank_of(c) for c in cs}) == 1:
        return None if len(cs) <= 4 else "set-too-big"
    if len({suit_of(c) for c in cs}) != 1:
        return "mixed"
    if run_order(cs, aces_high) is None:
        return "gap-aces-high" if aces_high else "gap"
    return None


def meld_problem(cards: Iterable[int], wild: Iterable[int] = (), aces_high: bool = False) -> str | None:
    """Why these placed cards are not a meld, in a player's words; None when they are one."""
    cs = list(cards)
    fault = meld_fault(cs, wild, aces_high)
    return None if fault is None else MELD_FAULTS[fault].format(cards=" ".join(card_str(c) for c in cs))


def is_meld(cards: Iterable[int], wild: Iterable[int] = (), aces_high: bool = False) -> bool:
    """True when the placed cards form a set or a run."""
    return meld_problem(cards, wild, aces_high) is None


def sort_meld(cards: Iterable[int], aces_high: bool = False) -> tuple[int, ...]:
    """Meld order: a set by suit, a run low to high (a high ace last)."""
    cs = list(cards)
    if len({rank_of(c) for c in cs}) <= 1:
        return tuple(sorted(cs))
    order = run_order(cs, aces_high)
    if order is not None and 13 in order:
        return tuple(sorted(cs, key=lambda c: rank_of(c) or 13))
    return tuple(sorted(cs))


def meld_extensions(meld: TableMeld, aces_high: bool = False) -> list[int]:
    """The cards that could be laid off on ``meld``: a set's missing suits (up to 4 cards), a run's
    next card at either end (an ace may end a run at the top with aces high, never both ends)."""
    cards = meld.cards
    if meld.kind == SET:
        r = rank_of(cards[0])
        return [] if len(cards) >= 4 else [make_card(r, s) for s in range(4) if make_card(r, s) not in cards]
    order = run_order(cards, aces_high)
    if order is None:
        return []
    suit = suit_of(cards[0])
    lo, hi = order[0], order[-1]
    out = []
    if lo >= 1:
        out.append(make_card(lo - 1, suit))
    if hi <= 11 or (hi == 12 and aces_high and lo != 0):
        out.append(make_card((hi + 1) % 13, suit))
    return [c for c in out if c not in cards]


#: Why a card cannot be laid off on a meld: the fault's code and its words ({card}; {rank}: the set's rank).
LAYOFF_FAULTS = {
    "in-meld": "{card} is already in that meld",
    "set-full": "That set of {rank}s already has all four cards",
    "other-rank": "{card} does not fit a set of {rank}s",
    "run-ends": "{card} does not fit that run: a run grows only by the next card at either end",
}


def layoff_fault(meld: TableMeld, card: int, aces_high: bool = False) -> str | None:
    """Why ``card`` (as placed) cannot be added to ``meld``, as a code of :data:`LAYOFF_FAULTS`; None when it
    can."""
    if card in meld.cards:
        return "in-meld"
    if card in meld_extensions(meld, aces_high):
        return None
    if meld.kind == SET:
        return "set-full" if len(meld.cards) >= 4 else "other-rank"
    return "run-ends"


def layoff_problem(meld: TableMeld, card: int, aces_high: bool = False) -> str | None:
    """Why ``card`` (as placed) cannot be added to ``meld``, in a player's words; None when it can."""
    fault = layoff_fault(meld, card, aces_high)
    if fault is None:
        return None
    return LAYOFF_FAULTS[fault].format(card=card_str(card), rank=RANKS[rank_of(meld.cards[0])])


def set_melds(hand: list[int], jokers: int, exclude: set[int]) -> Iterator[Placed]:
    """Every set the hand can meld: (placed cards, wild). ``exclude``: identities already on the table."""
    by_rank: dict[int, list[int]] = {}
    for c in sorted(set(hand)):
        if c != JOKER:
            by_rank.setdefault(c % 13, []).append(c)
    need = 3 if jokers == 0 else 2  # a meld needs at least two natural cards
    for r in sorted(by_rank):
        nat = by_rank[r]
        if len(nat) < need:
            continue
        free = [make_card(r, s) for s in range(4) if make_card(r, s) not in nat and make_card(r, s) not in exclude]
        for size in (3, 4):
            for k in range(max(2, size - jokers), min(size, len(nat)) + 1):
                for chosen in combinations(nat, k):
                    for wild in combinations(free, size - k):
                        yield tuple(sorted(chosen + wild)), wild


def run_melds(hand: list[int], jokers: int, exclude: set[int], aces_high: bool) -> Iterator[Placed]:
    """Every run the hand can meld: (placed cards, wild). Grows each window from its low end and stops
    as soon as it would need more jokers than the hand holds."""
    held = set(hand)
    top = 14 if aces_high else 13  # position 13 is a high ace
    if not jokers:
        yield from _natural_runs(held, top)
        return
    for suit in range(4):
        base = suit * 13
        if sum(1 for r in range(13) if base + r in held) < 2:
            continue
        for lo in range(top):
            missing: list[int] = []
            naturals = 0
            for hi in range(lo, top):
                if lo == 0 and hi == 13:
                    break  # an ace cannot be both ends
                c = base + hi % 13
                if c in held:
                    naturals += 1
                elif c in exclude or len(missing) == jokers:
                    break
                else:
                    missing.append(c)
                if hi - lo >= 2 and naturals >= 2:
                    # positions lo..hi in order are the meld order (a high ace, position 13, comes last)
                    yield tuple(base + p % 13 for p in range(lo, hi + 1)), tuple(sorted(missing))


def _natural_runs(held: set[int], top: int) -> Iterator[Placed]:
    """:func:`run_melds` without jokers, in the same order: every window of 3+ held cards in sequence."""
    for suit in range(4):
        base = suit * 13
        have = [base + p % 13 in held for p in range(top)]
        for lo in range(top):
            if not have[lo]:
                continue
            hi = lo
            while hi + 1 < top and have[hi + 1] and not (lo == 0 and hi + 1 == 13):
                hi += 1
            for end in range(lo + 2, hi + 1):
                yield tuple(base + p % 13 for p in range(lo, end + 1)), ()


def all_melds(hand: list[int], aces_high: bool = False, exclude: Iterable[int] = ()) -> list[Placed]:
    """Every meld that can be made from ``hand`` (jokers included), deduplicated, in a fixed order."""
    jokers = hand.count(JOKER)
    ex = set(exclude)
    seen: set[Placed] = set()
    out = []
    for m in list(set_melds(hand, jokers, ex)) + list(run_melds(hand, jokers, ex, aces_high)):
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out
