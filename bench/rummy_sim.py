"""A small, fast simulator of one Basic Rummy hand on card masks, for the search bot's playouts.

Natural cards only (no jokers), aces low: the rules where :mod:`rummy.deadwood`'s table-driven solver
gives the least deadwood of a hand in about a microsecond. A position is every hand as a 52-bit mask,
the stock (top card last), the discard pile (top card last) and the melds on the table as masks. Each
seat plays a fast policy close to the expert heuristic of :mod:`rummy.bots.basic` (take the discard only
for a new meld, go out when the hand allows it, hold melds for rummy while nobody is close to going out,
throw the leftover card with the most points and the fewest chances). The simulator follows the
rulebook closely but not exactly (lay-offs on chains, one meld a turn and ``layoff_needs_meld`` are
approximated); it is a model for playouts, never the referee: the engine in :mod:`rummy.basic` is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy.deadwood import _md as min_deadwood_mask  # least deadwood of a valid 52-bit mask
from rummy.deadwood import best_arrangement
from rummy.rng import Rng

VALUE = tuple(min(c % 13 + 1, 10) for c in range(52))
RANK_MASK = tuple(0x8004002001 << r for r in range(13))
FULL = (1 << 52) - 1
MAX_TURNS = 400  # a playout longer than this is scored as a stalemate


def mask_value(m: int) -> int:
    """Points of the cards in mask ``m``."""
    v = 0
    while m:
        low = m & -m
        v += VALUE[low.bit_length() - 1]
        m ^= low
    return v


def meld_extensions(m: int) -> int:
    """Cards that can be laid off directly on the table meld ``m`` (a mask)."""
    low = m & -m
    c = low.bit_length() - 1
    r = c % 13
    if m & ~RANK_MASK[r] == 0:  # a set
        return RANK_MASK[r] & ~m if m.bit_count() == 3 else 0
    hi = m.bit_length() - 1
    out = 0
    if r > 0:
        out |= low >> 1
    if hi % 13 < 12:
        out |= 1 << (hi + 1)
    return out


@dataclass(frozen=True)
class SimRules:
    """The rule options the simulator follows (from a view's ``rules``)."""

    players: int
    target: int | None
    discard_to_go_out: bool = False
    one_meld: bool = False  # melds_per_turn == 1
    layoff_needs_meld: bool = False
    reuse: str = "shuffle"  # "shuffle", "turn-over" or "never"
    reuse_limit: int | None = 1
    stalemate_restocks: int | None = None
    doubles: bool = True
    penalty: bool = False

    @classmethod
    def from_rules(cls, rules: dict[str, Any], players: int) -> SimRules:
        return cls(
            players=players, target=rules.get("target"),
            discard_to_go_out=bool(rules.get("discard_to_go_out")), one_meld=rules.get("melds_per_turn") == 1,
            layoff_needs_meld=bool(rules.get("layoff_needs_meld")), reuse=rules.get("reuse_discards", "shuffle"),
            reuse_limit=rules.get("reuse_limit", 1), stalemate_restocks=rules.get("stalemate_restocks"),
            doubles=bool(rules.get("going_rummy_doubles", True)), penalty=rules.get("scoring") == "penalty",
        )


@dataclass(frozen=True)
class SimPolicy:
    """How a seat plays in a playout (the defaults are close to the expert heuristic, Sage)."""

    potential: float = 1.0  # weight of a card's chances to join a meld when choosing a discard
    table_danger: float = 6.0  # points of penalty for throwing a card that fits a table meld
    hold: bool = True  # hold melds for rummy while nobody is close to going out
    close: int = 3  # "close to going out": another hand of this many cards or fewer
    stock_low: int = 4  # ... or this many cards or fewer in the stock


SAGE_LIKE = SimPolicy()


class Outcome:
    """The end of a simulated hand: ``winner`` (None for a stalemate), ``points`` per seat, ``rummy``."""

    __slots__ = ("points", "rummy", "winner")

    def __init__(self, winner: int | None, points: list[int], rummy: bool) -> None:
        self.winner = winner
        self.points = points
        self.rummy = rummy


class SimHand:
    """One hand in play. Mutable; :meth:`copy` gives an independent position."""

    __slots__ = (
        "dead",
        "discard",
        "ext",
        "hands",
        "idle_restocks",
        "melded",
        "on_table",
        "played",
        "policies",
        "restocks",
        "rng",
        "rules",
        "stock",
        "table",
        "turn",
        "turns",
    )

    def __init__(self, rules: SimRules, hands: list[int], stock: list[int], discard: list[int],
                 table: list[int], played: list[bool], melded: list[bool], restocks: int, idle_restocks: int,
                 turn: int, rng: Rng, policies: list[SimPolicy]) -> None:
        self.rules = rules
        self.hands = hands
        self.stock = stock
        self.discard = discard
        self.table = table
        self.ext = 0
        self.on_table = 0
        for m in table:
            self.ext |= meld_extensions(m)
            self.on_table |= m
        self.dead = self.on_table  # cards every seat has seen: the discard pile and the table
        for c in discard:
            self.dead |= 1 << c
        self.played = played
        self.melded = melded
        self.restocks = restocks
        self.idle_restocks = idle_restocks
        self.turn = turn
        self.rng = rng
        self.policies = policies
        self.turns = 0

    # ----- table -----

    def layable(self, h: int) -> int:
        """Cards of hand ``h`` that can go on the table as lay-offs, chains along runs included."""
        if not h & self.ext:
            return 0
        out = 0
        for m in self.table:
            low = m & -m
            c = low.bit_length() - 1
            r = c % 13
            if m & ~RANK_MASK[r] == 0:
                if m.bit_count() == 3:
                    out |= h & RANK_MASK[r] & ~m
                continue
            k = c - 1
            while r > 0 and h >> k & 1:
                out |= 1 << k
                if k % 13 == 0:
                    break
                k -= 1
            k = m.bit_length()
            while k % 13 != 0 and h >> k & 1:
                out |= 1 << k
                k += 1
        return out

    def lay_off(self, cards: int) -> None:
        """Put ``cards`` (a mask of lay-offs found by :meth:`layable`) on the table melds."""
        table = self.table
        self.on_table |= cards
        self.dead |= cards
        while cards:
            moved = False
            for i, m in enumerate(table):
                e = meld_extensions(m) & cards
                if e:
                    e &= -e
                    table[i] = m | e
                    cards ^= e
                    moved = True
            if not moved:
                break  # cannot happen for masks from layable(); stay safe
        ext = 0
        for m in table:
            ext |= meld_extensions(m)
        self.ext = ext

    def add_meld(self, m: int) -> None:
        self.table.append(m)
        self.on_table |= m
        self.dead |= m
        self.ext |= meld_extensions(m)

    # ----- scoring -----

    def _out(self, s: int) -> Outcome:
        r = self.rules
        rummy = not self.played[s]
        mult = 2 if rummy and r.doubles else 1
        values = [mask_value(h) for h in self.hands]
        points = [0] * r.players
        if r.penalty:
            for k in range(r.players):
                if k != s:
                    points[k] = mult * values[k]
        else:
            points[s] = mult * sum(values)
        return Outcome(s, points, rummy)

    def _block(self) -> Outcome:
        values = [mask_value(h) for h in self.hands]
        low = min(values)
        if values.count(low) > 1:
            return Outcome(None, [0] * self.rules.players, False)
        w = values.index(low)
        if self.rules.penalty:
            return Outcome(w, values, False)
        points = [0] * self.rules.players
        points[w] = sum(values) - low
        return Outcome(w, points, False)

    # ----- one turn -----

    def draw_stock(self) -> int | None:
        """The top of the stock (rebuilding it when empty); None when the hand is over (see :meth:`start_turn`)."""
        if not self.stock:
            pile = self.discard[:-1]
            if self.rules.reuse == "turn-over":
                pile.reverse()
            else:
                self.rng.shuffle(pile)
            self.stock = pile
            self.discard = self.discard[-1:]
            self.dead = self.on_table | 1 << self.discard[0]
            self.restocks += 1
            self.idle_restocks += 1
        return self.stock.pop()

    def start_turn(self) -> Outcome | None:
        """The hand's end when the turn starts with an empty stock that may not be rebuilt (rules 9, 12)."""
        if self.stock:
            return None
        r = self.rules
        if r.reuse == "never":
            return self._block()
        if ((r.reuse_limit is not None and self.restocks >= r.reuse_limit) or len(self.discard) < 2
                or (r.stalemate_restocks is not None and self.idle_restocks >= r.stalemate_restocks)):
            return Outcome(None, [0] * r.players, False)
        return None

    def wants_discard(self, s: int, h: int) -> bool:
        """Policy: take the top discard only when it makes a new meld (the hand's deadwood drops)."""
        if not self.discard:
            return False
        up = 1 << self.discard[-1]
        can_lay = not self.rules.layoff_needs_meld or self.melded[s]
        if can_lay:
            return (min_deadwood_mask(h & ~self.layable(h)) >
                    min_deadwood_mask((h | up) & ~self.layable(h | up)))
        return min_deadwood_mask(h) > min_deadwood_mask(h | up)

    def play_turn(self, take: bool | None = None, hold: bool | None = None, throw: int | None = None) -> Outcome | None:
        """Play the turn of the seat to act by its policy (``take``/``hold``/``throw`` override the policy's
        draw, lay-down and discard choices); returns the hand's outcome when it ends."""
        end = self.start_turn()
        if end is not None:
            return end
        s = self.turn
        n = self.rules.players
        h = self.hands[s]
        if take is None:
            take = self.wants_discard(s, h)
        taken = -1
        if take and self.discard:
            taken = self.discard.pop()
            h |= 1 << taken
            self.dead &= ~(1 << taken)
        else:
            h |= 1 << self.draw_stock()  # type: ignore[operator]
        self.hands[s] = h
        out = self.finish_turn(s, taken, hold, throw)
        self.turns += 1
        self.turn = (s + 1) % n
        return out

    def rest_of_turn(self, taken: int, hold: bool | None, throw: int | None) -> Outcome | None:
        """The seat to act has drawn (``taken``: the card it took from the pile, or -1): finish its turn
        with these choices (None: the policy's) and pass the turn on."""
        s = self.turn
        out = self.finish_turn(s, taken, hold, throw, allow_out=False)
        self.turns += 1
        self.turn = (s + 1) % self.rules.players
        return out

    def finish_turn(self, s: int, taken: int, hold: bool | None, throw: int | None,
                    allow_out: bool = True) -> Outcome | None:
        """After the draw: go out if the hand allows it, else lay down or hold, then discard."""
        r = self.rules
        pol = self.policies[s]
        h = self.hands[s]
        tbit = (1 << taken) if taken >= 0 else 0
        can_lay = not r.layoff_needs_meld or self.melded[s]
        lay = self.layable(h) if can_lay else 0
        rest = h & ~lay
        dw = min_deadwood_mask(rest)
        # 1. going out
        if not allow_out:
            pass
        elif dw == 0 and not r.discard_to_go_out and (not r.one_meld or self._melds_ok(rest)):
            return self._go_out(s, rest, lay, -1)
        if allow_out and dw <= 10:
            best = -1
            m = h & ~tbit
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                if low & lay:
                    ok = dw == 0
                else:
                    ok = VALUE[c] >= dw and min_deadwood_mask(rest ^ low) == 0
                if ok and (best < 0 or VALUE[c] > VALUE[best]) and (not r.one_meld or self._melds_ok(rest & ~low)):
                    best = c
            if best >= 0:
                return self._go_out(s, rest & ~(1 << best), lay & ~(1 << best), best)
        # 2. lay down, or hold for rummy
        if hold is None:
            hold = pol.hold and not self.played[s] and not self._danger(s)
        played = False
        melds: list[list[int]] = []
        if not hold:
            melds = best_arrangement(rest)[1] if dw < mask_value(rest) else []
            if r.one_meld and melds:
                melds = melds[:1]
            placed = 0
            for meld in melds:
                for c in meld:
                    placed |= 1 << c
            if r.layoff_needs_meld and not self.melded[s] and melds:
                lay = self.layable(h & ~placed)
            left = h & ~placed & ~lay
            if left and left != tbit:  # rule 6: never keep only the card just taken
                for meld in melds:
                    mm = 0
                    for c in meld:
                        mm |= 1 << c
                    self.add_meld(mm)
                if melds:
                    self.melded[s] = True
                if lay:
                    self.lay_off(lay)
                more = self.layable(left) if (melds or can_lay) else 0
                if more and left & ~more and left & ~more != tbit:
                    self.lay_off(more)
                    left &= ~more
                else:
                    more = 0
                played = bool(placed or lay or more)
                h = left
                self.hands[s] = h
                rest = h
                lay = 0
        # 3. discard
        if throw is None or not (h >> throw & 1) or throw == taken:
            throw = self.choose_discard(s, h, rest, lay, tbit, pol)
        h ^= 1 << throw
        self.hands[s] = h
        self.discard.append(throw)
        self.dead |= 1 << throw
        if played:
            self.played[s] = True
            self.idle_restocks = 0
        if not h:
            return self._out(s)
        return None

    def _melds_ok(self, rest: int) -> bool:
        """One meld a turn: the cards ``rest`` make at most one meld."""
        if not rest:
            return True
        return len(best_arrangement(rest)[1]) <= 1

    def _danger(self, s: int) -> bool:
        pol = self.policies[s]
        if len(self.stock) <= pol.stock_low:
            return True
        return any(k != s and h.bit_count() <= pol.close for k, h in enumerate(self.hands))

    def _go_out(self, s: int, rest: int, lay: int, throw: int) -> Outcome:
        if rest:
            _, melds, _ = best_arrangement(rest)
            for meld in melds:
                mm = 0
                for c in meld:
                    mm |= 1 << c
                self.add_meld(mm)
        if lay:
            self.lay_off(lay)
        if throw >= 0:
            self.discard.append(throw)
            self.dead |= 1 << throw
        self.hands[s] = 0
        return self._out(s)

    def choose_discard(self, s: int, h: int, rest: int, lay: int, tbit: int, pol: SimPolicy) -> int:
        """Policy: among the cards in no meld, the most points less the chances to join a meld."""
        md = min_deadwood_mask
        dw = md(rest)
        unseen = FULL & ~h & ~self.dead
        w = pol.potential * 4.0
        ext = self.ext
        best = -1
        best_score = -1e9
        m = rest & ~tbit
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            v = VALUE[c]
            if md(rest ^ low) != dw - v:
                continue  # in a meld
            pot = (unseen & RANK_MASK[c % 13]).bit_count() if h & SAME[c] else 0
            for pb, need in NEIGHBOURS[c]:
                if h & pb:
                    pot += (unseen & need).bit_count()
            score = v - w * pot * 0.5
            if ext & low:
                score -= pol.table_danger
            if score > best_score:
                best, best_score = c, score
        if best < 0:  # every card is in a meld: break the one that costs least
            m = h & ~tbit
            best_dw = 10 ** 9
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                d = md(rest & ~low) * 64 - VALUE[c]
                if d < best_dw:
                    best, best_dw = c, d
        if best < 0:  # only the taken card is left: cannot happen when called legally
            best = (h & -h).bit_length() - 1
        return best

    def playout(self) -> Outcome:
        """Play the hand to its end by the seats' policies."""
        while True:
            out = self.play_turn()
            if out is not None:
                return out
            if self.turns >= MAX_TURNS:
                return Outcome(None, [0] * self.rules.players, False)


def _neighbours(c: int) -> tuple[tuple[int, int], ...]:
    """For card ``c``: (a same-suit card within two ranks, the cards that would make the pair a run)."""
    r = c % 13
    base = c - r
    out = []
    for d in (-2, -1, 1, 2):
        r2 = r + d
        if not 0 <= r2 < 13:
            continue
        lo, hi = (r, r2) if r < r2 else (r2, r)
        if hi - lo == 2:
            need = 1 << (base + lo + 1)
        else:
            need = (1 << (base + lo - 1) if lo > 0 else 0) | (1 << (base + hi + 1) if hi < 12 else 0)
        out.append((1 << (base + r2), need))
    return tuple(out)


SAME = tuple(RANK_MASK[c % 13] & ~(1 << c) for c in range(52))
NEIGHBOURS = tuple(_neighbours(c) for c in range(52))
