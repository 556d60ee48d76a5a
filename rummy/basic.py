"""Basic Rummy's rules (rulebook, Basic Rummy and Jokers): drawing, melding, laying off, swapping jokers,
going out, going rummy, the empty stock (rules 9 and 12), block rummy, and both scoring systems.
:data:`RUMMY` is the :class:`~rummy.variant.Variant`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .actions import BIG_GIN, DISCARD, DISCARDS, DRAW_DISCARD, DRAW_STOCK, KNOCK, LAYOFF, MELD, PASS, SWAP, Action
from .cards import CARD_VALUES, CARD_VALUES_ACES_HIGH, JOKER, RANKS, card_str, new_deck, rank_of
from .errors import Problem, Refusal
from .melds import (
    TableMeld,
    all_melds,
    layoff_fault,
    layoff_problem,
    meld_extensions,
    meld_fault,
    meld_problem,
    sort_meld,
)
from .model import Bonus, Event, EventKind, HandEnd, HandResult, HandScore, MatchResult, Phase
from .position import Position
from .rules import RUMMY_HAND_SIZE, Rules

RESTOCK_MISMATCH = "the record's restock does not hold exactly the cards being rebuilt"
_STOCK = Action.draw_stock()
_TAKE = Action.draw_discard()


def aces_high(rules: Rules) -> bool:
    return bool(rules["aces"] == "high-or-low")


def hand_value(rules: Rules, cards: Sequence[int]) -> int:
    """What cards left in hand count (ace 15 with aces high, joker 15)."""
    values = CARD_VALUES_ACES_HIGH if aces_high(rules) else CARD_VALUES
    return sum(values[c] for c in cards)


def table_cards(pos: Position) -> set[int]:
    """Every card identity on the table (a joker counts as the card it plays)."""
    return {c for m in pos.table for c in m.cards}


def _problem(code: Refusal, message: str, **params: object) -> Problem:
    return Problem(code, message, params)


class RummyRules:
    """Basic Rummy as a :class:`~rummy.variant.Variant`."""

    name = "rummy"

    def deck(self, rules: Rules) -> list[int]:
        return new_deck(jokers=bool(rules["jokers"]))

    def hand_size(self, players: int) -> int:
        return RUMMY_HAND_SIZE[players]

    def start_hand(self, pos: Position) -> None:
        """The player left of the dealer starts (rule 4)."""
        pos.restocks_since_play = 0
        pos.start_turn((pos.dealer + 1) % pos.players)

    # ----- what may be played -----

    def candidates(self, pos: Position) -> list[Action]:
        if pos.phase == Phase.DRAW:
            return [_STOCK, _TAKE]
        assert pos.turn is not None
        hand = pos.hands[pos.turn]
        hi = aces_high(pos.rules)
        on_table = table_cards(pos)
        out = [Action(MELD, cards, wild) for cards, wild in all_melds(hand, hi, on_table)]
        for i, m in enumerate(pos.table, start=1):
            for c in meld_extensions(m, hi):
                if c in hand:
                    out.append(Action(LAYOFF, (c,), (), i))
                if JOKER in hand and c not in on_table:
                    out.append(Action(LAYOFF, (c,), (c,), i))
            for w in m.wild:
                if w in hand:
                    out.append(Action(SWAP, (w,), (), i))
        out.extend(DISCARDS[c] for c in sorted(set(hand)))
        return out

    def legal(self, pos: Position) -> list[Action]:
        """The legal actions in :meth:`candidates` order, worked out directly: every candidate meld, lay-off
        and swap is valid by construction, so only the turn's limits and rule 6 are left to check."""
        if pos.phase == Phase.DRAW:
            return [a for a in (_STOCK, _TAKE) if self.problem(pos, a) is None]
        seat = pos.turn
        assert seat is not None
        hand = pos.hands[seat]
        r = pos.rules
        hi = aces_high(r)
        counts = Counter(hand)
        ends = _TurnEnd(pos, counts, len(hand))
        on_table = table_cards(pos)
        out: list[Action] = []
        if not (r["melds_per_turn"] == 1 and pos.melds_this_turn >= 1):
            for cards, wild in all_melds(hand, hi, on_table):
                if on_table.isdisjoint(cards) and ends.leaves_ok([JOKER if c in wild else c for c in cards]):
                    out.append(Action(MELD, cards, wild))
        if pos.table and not (r["layoff_needs_meld"] and not pos.has_melded[seat]):
            joker = counts[JOKER] > 0 and ends.leaves_ok([JOKER])
            for i, m in enumerate(pos.table, start=1):
                for c in meld_extensions(m, hi):
                    if c in on_table:
                        continue
                    if counts[c] and ends.leaves_ok([c]):
                        out.append(Action(LAYOFF, (c,), (), i))
                    if joker:
                        out.append(Action(LAYOFF, (c,), (c,), i))
                if r["jokers"]:
                    for w in m.wild:
                        if counts[w] and ends.leaves_ok([w], swap=True):
                            out.append(Action(SWAP, (w,), (), i))
        out.extend(DISCARDS[c] for c in sorted(counts) if counts[c] > ends.blocked(c))
        return out

    def problem(self, pos: Position, a: Action) -> Problem | None:
        """Why ``a`` is illegal for the player to act, or None. The one home of every Basic Rummy turn rule."""
        seat = pos.turn
        assert seat is not None
        hand = pos.hands[seat]
        r = pos.rules
        kind = a.kind
        if kind in (KNOCK, BIG_GIN, PASS):
            return _problem(Refusal.WRONG_GAME, f"'{a}' is a Gin Rummy action; in Rummy you meld, lay off and discard",
                            action=str(a))
        if pos.phase == Phase.DRAW:
            if kind == DRAW_STOCK:
                if not pos.stock and pos.pending_restocks and \
                        Counter(pos.pending_restocks[0]) != Counter(pos.discard[:-1]):
                    return _problem(Refusal.RESTOCK_MISMATCH, RESTOCK_MISMATCH)
                return None
            if kind == DRAW_DISCARD:
                return None if pos.discard else _problem(Refusal.EMPTY_DISCARD, "The discard pile is empty")
            return _problem(Refusal.DRAW_FIRST, "Draw a card first, from the stock or the discard pile")
        if kind in (DRAW_STOCK, DRAW_DISCARD):
            return _problem(Refusal.ALREADY_DREW, "You have already drawn this turn")
        if kind == DISCARD:
            c = a.cards[0]
            if c not in hand:
                return _problem(Refusal.NOT_HELD, f"You don't have {card_str(c)}", cards=[card_str(c)])
            if c not in _discardable(pos, hand, pos.swapped_jokers):
                if c == JOKER:
                    return _problem(Refusal.TAKEN_THIS_TURN, "You took that joker from the table this turn; you "
                                    "can't discard it this turn", card=card_str(c))
                return _problem(Refusal.TAKEN_THIS_TURN, f"You took {card_str(c)} from the discard pile; you can't "
                                "discard it this turn", card=card_str(c))
            return None
        hi = aces_high(r)
        if kind == MELD:
            if r["melds_per_turn"] == 1 and pos.melds_this_turn >= 1:
                return _problem(Refusal.ONE_MELD_PER_TURN, "You may put down only one new meld each turn under "
                                "these rules")
            if a.wild and not r["jokers"]:
                return _problem(Refusal.JOKERS_NOT_PLAYED, "Jokers are not in play")
            if len(set(a.cards)) != len(a.cards):  # "5D JK=5D": a card named twice (Jokers)
                return _not_a_meld(a.cards, a.wild, hi)
            rest = _take(hand, a.hand_cards())
            if rest is None:
                return _problem(Refusal.NOT_HELD, "You don't hold all of " + " ".join(a.placed_text()),
                                cards=a.placed_text())
            if meld_fault(a.cards, a.wild, hi) is not None:
                return _not_a_meld(a.cards, a.wild, hi)
            return _on_table_problem(pos, list(a.cards)) or _leaves_problem(pos, rest, pos.swapped_jokers)
        if kind in (LAYOFF, SWAP):
            if not 1 <= a.meld <= len(pos.table):
                extra = f" (melds 1 to {len(pos.table)})" if pos.table else ""
                return _problem(Refusal.NO_SUCH_MELD, f"There is no meld {a.meld} on the table{extra}", meld=a.meld,
                                melds=len(pos.table))
            if r["layoff_needs_meld"] and not pos.has_melded[seat]:
                return _problem(Refusal.MELD_BEFORE_LAYOFF, "You must put down a meld of your own before laying off "
                                "under these rules")
            m = pos.table[a.meld - 1]
            if kind == LAYOFF:
                rest = _take(hand, a.hand_cards())
                if rest is None:
                    return _problem(Refusal.NOT_HELD, "You don't have " + a.placed_text()[0], cards=a.placed_text())
                on = _on_table_problem(pos, [a.card])
                if on is not None:
                    return on
                fault = layoff_fault(m, a.card, hi)
                if fault is not None:
                    return _problem(Refusal.DOES_NOT_FIT, layoff_problem(m, a.card, hi) or fault, card=card_str(a.card),
                                    meld=a.meld, why=fault, rank=RANKS[rank_of(m.cards[0])])
                return _leaves_problem(pos, rest, pos.swapped_jokers)
            if not r["jokers"]:
                return _problem(Refusal.JOKERS_NOT_PLAYED, "Jokers are not in play")
            if a.card not in m.wild:
                return _problem(Refusal.NO_JOKER_THERE, f"No joker plays {card_str(a.card)} in meld {a.meld}",
                                card=card_str(a.card), meld=a.meld)
            rest = _take(hand, [a.card])
            if rest is None:
                return _problem(Refusal.NOT_HELD, f"You don't have {card_str(a.card)}", cards=[card_str(a.card)])
            return _leaves_problem(pos, rest + [JOKER], pos.swapped_jokers + 1)
        return _problem(Refusal.WRONG_GAME, f"{a} is not a Rummy action", action=str(a))

    # ----- playing -----

    def perform(self, pos: Position, a: Action, seat: int) -> HandScore | None:
        """Carry out a legal action (checked by :meth:`problem`)."""
        hand = pos.hands[seat]
        kind = a.kind
        if kind == DRAW_STOCK:
            if not pos.stock:
                self._rebuild_stock(pos)
            hand.append(pos.stock.pop(0))
            pos.phase = Phase.PLAY
            pos.log.append(Event(EventKind.DRAW_STOCK, seat))
            return None
        if kind == DRAW_DISCARD:
            c = pos.discard.pop()
            hand.append(c)
            pos.taken_discard = c
            pos.phase = Phase.PLAY
            pos.log.append(Event(EventKind.DRAW_DISCARD, seat, c))
            return None
        hi = aces_high(pos.rules)
        if kind == MELD:
            for c in a.hand_cards():
                hand.remove(c)
            pos.table.append(TableMeld(sort_meld(a.cards, hi), a.wild))
            pos.melds_this_turn += 1
            pos.has_melded[seat] = True
            pos.log.append(Event(EventKind.MELD, seat, None, a.cards, a.wild, len(pos.table)))
        elif kind == LAYOFF:
            hand.remove(a.hand_cards()[0])
            m = pos.table[a.meld - 1]
            pos.table[a.meld - 1] = TableMeld(sort_meld(m.cards + a.cards, hi), tuple(sorted(m.wild + a.wild)))
            pos.log.append(Event(EventKind.LAYOFF, seat, None, a.cards, a.wild, a.meld))
        elif kind == SWAP:
            hand.remove(a.card)
            hand.append(JOKER)
            m = pos.table[a.meld - 1]
            pos.table[a.meld - 1] = TableMeld(m.cards, tuple(w for w in m.wild if w != a.card))
            pos.swapped_jokers += 1
            pos.log.append(Event(EventKind.SWAP, seat, a.card, (), (), a.meld))
        elif kind == DISCARD:
            c = a.cards[0]
            hand.remove(c)
            pos.discard.append(c)
            pos.log.append(Event(EventKind.DISCARD, seat, c))
        if kind != DISCARD:
            pos.played_this_turn = True
            pos.restocks_since_play = 0  # rule 12: a card went on the table
        if not hand:
            return self._went_out(pos, seat)
        if kind == DISCARD:
            if pos.played_this_turn:
                pos.played_before[seat] = True
            return self._begin_turn(pos, (seat + 1) % pos.players)
        return None

    def _begin_turn(self, pos: Position, seat: int) -> HandScore | None:
        """Start ``seat``'s turn, or end the hand when the stock is empty and may not be rebuilt
        (rule 9, rule 12, block rummy)."""
        if not pos.stock:
            r = pos.rules
            if r["reuse_discards"] == "never":
                return self._block(pos)
            limit = r["reuse_limit"]
            if limit is not None and pos.restocks_done >= limit:
                return self._stalemate(pos, "Stalemate: the stock ran out and may not be rebuilt; nobody scores.")
            if len(pos.discard) < 2:
                return self._stalemate(pos, "Stalemate: the stock ran out and may not be rebuilt; nobody scores.")
            if pos.restocks_since_play >= r["stalemate_restocks"]:
                n = pos.restocks_since_play
                return self._stalemate(pos, f"Stalemate: the stock ran out again after {n} rebuilds with no card "
                                       "put on the table; nobody scores.")
        pos.start_turn(seat)
        return None

    @staticmethod
    def _rebuild_stock(pos: Position) -> None:
        """Turn the discard pile but its top card into a new stock (rule 9)."""
        top = pos.discard[-1]
        pile = pos.discard[:-1]
        if pos.rules["reuse_discards"] == "turn-over":
            new = pile  # the bottom card of the pile becomes the top of the stock
        else:
            if pos.pending_restocks:
                new = pos.pending_restocks.pop(0)  # checked by problem() before this draw
            else:
                new = list(pile)
                pos.rng.shuffle(new)
            pos.restocks.append(list(new))
        pos.stock = list(new)
        pos.discard = [top]
        pos.restocks_done += 1
        pos.restocks_since_play += 1
        pos.log.append(Event(EventKind.RESTOCK, count=len(pos.stock)))

    # ----- how a hand ends -----

    @staticmethod
    def _went_out(pos: Position, winner: int) -> HandScore:
        """Rules 7, 8, 10 and ``scoring``: the player who went out wins the hand."""
        r = pos.rules
        rummy = not pos.played_before[winner]
        mult = 2 if rummy and r["going_rummy_doubles"] else 1
        values = tuple(hand_value(r, h) for h in pos.hands)
        points = [0] * pos.players
        if r["scoring"] == "penalty":
            for s in range(pos.players):
                if s != winner:
                    points[s] = mult * values[s]
            how = "each other player adds their hand's value"
        else:
            points[winner] = mult * sum(values)
            how = f"seat {winner} scores the {sum(values)} points left in the other hands"
        if mult == 2:
            how += ", doubled for going rummy"
        elif rummy:
            how += " (going rummy, not doubled under these rules)"
        end = HandEnd.RUMMY if rummy else HandEnd.OUT
        detail = f"Seat {winner} went out{' in one turn: rummy' if rummy else ''}; {how}."
        return HandScore(end, winner, tuple(points), detail, values=values)

    @staticmethod
    def _stalemate(pos: Position, detail: str) -> HandScore:
        values = tuple(hand_value(pos.rules, h) for h in pos.hands)
        return HandScore(HandEnd.STALEMATE, None, (0,) * pos.players, detail, values=values)

    def _block(self, pos: Position) -> HandScore:
        """Block rummy (``reuse_discards: never``): the lowest hand wins; a shared lowest is a stalemate."""
        values = tuple(hand_value(pos.rules, h) for h in pos.hands)
        low = min(values)
        if values.count(low) > 1:
            return self._stalemate(pos, "Stalemate: the stock ran out and the lowest hands are tied; nobody scores.")
        w = values.index(low)
        if pos.rules["scoring"] == "penalty":
            points = values
            how = "every player adds their own hand's value"
        else:
            pts = [0] * pos.players
            pts[w] = sum(values) - values[w]
            points = tuple(pts)
            how = f"seat {w} scores the {points[w]} points in the other hands"
        detail = f"The stock ran out (block rummy): seat {w} holds the lowest hand ({low}); {how}."
        return HandScore(HandEnd.BLOCK, w, points, detail, values=values)

    def settle(self, rules: Rules, results: Sequence[HandResult], scores: Sequence[int],
               hands_won: Sequence[int]) -> MatchResult | None:
        """End the match by ``rounds`` or ``target``; the best total wins (lowest under penalty)."""
        if rules["rounds"] is not None:
            over = len(results) >= rules["rounds"]
        else:
            over = any(s >= rules["target"] for s in scores)
        if not over:
            return None
        best = min(scores) if rules["scoring"] == "penalty" else max(scores)
        winner = scores.index(best) if list(scores).count(best) == 1 else None
        n = len(scores)
        return MatchResult(tuple(scores), winner, tuple(hands_won), (Bonus(),) * n, len(results))


class _TurnEnd:
    """Rule 6 and ``discard_to_go_out`` for the player to act: whether a play leaves a hand that can end the turn."""

    def __init__(self, pos: Position, counts: Counter[int], size: int) -> None:
        self.counts = counts
        self.size = size
        self.taken = pos.taken_discard
        self.swapped = pos.swapped_jokers
        self.out_needs_discard = bool(pos.rules["discard_to_go_out"])

    def blocked(self, card: int, swapped: int | None = None) -> int:
        """How many copies of ``card`` may not be discarded this turn."""
        n = self.swapped if swapped is None else swapped
        return (card == self.taken) + (n if card == JOKER else 0)

    def leaves_ok(self, removed: list[int], swap: bool = False) -> bool:
        """After taking ``removed`` out of the hand (and, for a swap, a joker in), can the turn still end?"""
        left = self.size - len(removed) + swap
        if left == 0:
            return not self.out_needs_discard
        swapped = self.swapped + swap
        stuck = 0
        for c in {self.taken, JOKER} if self.taken is not None else (JOKER,):
            have = self.counts[c] - removed.count(c) + (swap if c == JOKER else 0)
            stuck += min(have, self.blocked(c, swapped)) if have > 0 else 0
        return left > stuck


def _not_a_meld(cards: tuple[int, ...], wild: tuple[int, ...], hi: bool) -> Problem:
    """A refusal of placed cards that are no meld: why (a code of melds.MELD_FAULTS) and the cards, with its words."""
    return _problem(Refusal.NOT_A_MELD, meld_problem(cards, wild, hi) or "not a meld",
                    why=meld_fault(cards, wild, hi) or "twice", cards=[card_str(c) for c in cards])


def _discardable(pos: Position, hand: list[int], swapped: int) -> list[int]:
    """Cards of ``hand`` that may end the turn: not the card taken from the discard pile, nor a swapped joker."""
    left = Counter(hand)
    if pos.taken_discard is not None and left[pos.taken_discard]:
        left[pos.taken_discard] -= 1
    if swapped:
        left[JOKER] = max(0, left[JOKER] - swapped)
    return [c for c, n in left.items() if n > 0]


def _leaves_problem(pos: Position, rest: list[int], swapped: int) -> Problem | None:
    """Rule 6 and ``discard_to_go_out``: a play must leave a hand that can still end the turn."""
    if not rest:
        if pos.rules["discard_to_go_out"]:
            return _problem(Refusal.KEEP_A_DISCARD, "You must keep a card to discard: going out needs a final "
                            "discard under these rules")
        return None
    if not _discardable(pos, rest, swapped):
        held = " ".join(card_str(c) for c in rest)
        return _problem(Refusal.LEAVES_UNDISCARDABLE, f"That would leave you holding only {held}, which you may "
                        "not discard this turn", cards=[card_str(c) for c in rest])
    return None


def _take(hand: list[int], cards: list[int]) -> list[int] | None:
    """``hand`` without ``cards``, or None if the hand does not hold them all."""
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


def _on_table_problem(pos: Position, placed: list[int]) -> Problem | None:
    for m_index, m in enumerate(pos.table, start=1):
        for c in placed:
            if c in m.cards:
                how = "a joker plays it" if c in m.wild else "it is"
                return _problem(Refusal.ALREADY_ON_TABLE, f"{card_str(c)} is already on the table ({how} in meld "
                                f"{m_index})", card=card_str(c), meld=m_index, joker=c in m.wild)
    return None


#: The rules of Basic Rummy.
RUMMY = RummyRules()
