"""Basic Rummy's rules (rulebook, Basic Rummy and Jokers): drawing, melding, laying off, swapping jokers,
going out, going rummy, the empty stock, block rummy, and both scoring systems. Called by :class:`rummy.game.Game`."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, LAYOFF, MELD, PASS, SWAP, Action
from .cards import JOKER, card_str, card_value
from .melds import TableMeld, all_melds, layoff_problem, meld_extensions, meld_problem, sort_meld

if TYPE_CHECKING:
    from .game import Game


RESTOCK_MISMATCH = "the record's restock does not hold exactly the cards being rebuilt"


def aces_high(g: "Game") -> bool:
    return g.rules["aces"] == "high-or-low"


def hand_value(g: "Game", cards: list[int]) -> int:
    """What cards left in hand count (ace 15 with aces high, joker 15)."""
    hi = aces_high(g)
    return sum(card_value(c, hi) for c in cards)


def start_hand(g: "Game") -> None:
    """The player left of the dealer starts (rule 4)."""
    begin_turn(g, (g.dealer + 1) % g.players)


def begin_turn(g: "Game", seat: int) -> None:
    """Start ``seat``'s turn, or end the hand when the stock is empty and may not be rebuilt (rule 9, block rummy)."""
    if not g.stock:
        mode = g.rules["reuse_discards"]
        limit = g.rules["reuse_limit"]
        if mode == "never":
            g.end_hand(_block_result(g))
            return
        if (limit is not None and g.restocks_done >= limit) or len(g.discard) < 2:
            g.end_hand(_stalemate(g))
            return
    g.start_turn(seat)


def candidates(g: "Game") -> list[Action]:
    """Every action that might be legal now; :func:`problem` filters them."""
    if g.phase == "draw":
        return [Action(DRAW_STOCK), Action(DRAW_DISCARD)]
    hand = g.hands[g.turn]
    hi = aces_high(g)
    on_table = table_cards(g)
    out = [Action(MELD, cards, wild) for cards, wild in all_melds(hand, hi, on_table)]
    distinct = sorted(set(hand))
    for i, m in enumerate(g.table, start=1):
        for c in meld_extensions(m, hi):
            if c in hand:
                out.append(Action(LAYOFF, (c,), (), i))
            if JOKER in hand and c not in on_table:
                out.append(Action(LAYOFF, (c,), (c,), i))
        for w in m.wild:
            if w in hand:
                out.append(Action(SWAP, (w,), (), i))
    out.extend(Action(DISCARD, (c,)) for c in distinct)
    return out


def table_cards(g: "Game") -> set[int]:
    """Every card identity on the table (a joker counts as the card it plays)."""
    return {c for m in g.table for c in m.cards}


def _discardable(g: "Game", hand: list[int], swapped: int) -> list[int]:
    """Cards of ``hand`` that may end the turn: not the card taken from the discard pile, nor a swapped joker."""
    left = Counter(hand)
    if g.taken_discard is not None and left[g.taken_discard]:
        left[g.taken_discard] -= 1
    if swapped:
        left[JOKER] = max(0, left[JOKER] - swapped)
    return [c for c, n in left.items() if n > 0]


def _leaves_problem(g: "Game", rest: list[int], swapped: int) -> str | None:
    """Rule 6 and ``discard_to_go_out``: a play must leave a hand that can still end the turn."""
    if not rest:
        if g.rules["discard_to_go_out"]:
            return "You must keep a card to discard: going out needs a final discard under these rules"
        return None
    if not _discardable(g, rest, swapped):
        held = " ".join(card_str(c) for c in rest)
        return f"That would leave you holding only {held}, which you may not discard this turn"
    return None


def _take(hand: list[int], cards: list[int]) -> list[int] | None:
    """``hand`` without ``cards``, or None if the hand does not hold them all."""
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


def _on_table_problem(g: "Game", placed: list[int]) -> str | None:
    for m_index, m in enumerate(g.table, start=1):
        for c in placed:
            if c in m.cards:
                how = "a joker plays it" if c in m.wild else "it is"
                return f"{card_str(c)} is already on the table ({how} in meld {m_index})"
    return None


def problem(g: "Game", a: Action) -> str | None:
    """Why ``a`` is illegal for the player to act, or None. The one home of every Basic Rummy turn rule."""
    seat = g.turn
    hand = g.hands[seat]
    r = g.rules
    if a.kind in (KNOCK, BIG_GIN, PASS):
        return f"'{a}' is a Gin Rummy action; in Rummy you meld, lay off and discard"
    if g.phase == "draw":
        if a.kind == DRAW_STOCK:
            if not g.stock and g.pending_restocks and Counter(g.pending_restocks[0]) != Counter(g.discard[:-1]):
                return RESTOCK_MISMATCH
            return None
        if a.kind == DRAW_DISCARD:
            return None if g.discard else "The discard pile is empty"
        return "Draw a card first, from the stock or the discard pile"
    if a.kind in (DRAW_STOCK, DRAW_DISCARD):
        return "You have already drawn this turn"
    if a.kind == DISCARD:
        c = a.card
        if c not in hand:
            return f"You don't have {card_str(c)}"
        if c not in _discardable(g, hand, g.swapped_jokers):
            if c == JOKER:
                return "You took that joker from the table this turn; you can't discard it this turn"
            return f"You took {card_str(c)} from the discard pile; you can't discard it this turn"
        return None
    hi = aces_high(g)
    if a.kind == MELD:
        if r["melds_per_turn"] == 1 and g.melds_this_turn >= 1:
            return "You may put down only one new meld each turn under these rules"
        if a.wild and not r["jokers"]:
            return "Jokers are not in play"
        if len(set(a.cards)) != len(a.cards):  # "5D JK=5D": a card named twice (Jokers)
            return meld_problem(a.cards, a.wild, hi)
        rest = _take(hand, a.hand_cards())
        if rest is None:
            return "You don't hold all of " + " ".join(a.placed_text())
        why = meld_problem(a.cards, a.wild, hi) or _on_table_problem(g, list(a.cards))
        return why or _leaves_problem(g, rest, g.swapped_jokers)
    if a.kind in (LAYOFF, SWAP):
        if not 1 <= a.meld <= len(g.table):
            return f"There is no meld {a.meld} on the table" + (f" (melds 1 to {len(g.table)})" if g.table else "")
        if r["layoff_needs_meld"] and not g.has_melded[seat]:
            return "You must put down a meld of your own before laying off under these rules"
        m = g.table[a.meld - 1]
        if a.kind == LAYOFF:
            rest = _take(hand, a.hand_cards())
            if rest is None:
                return "You don't have " + a.placed_text()[0]
            why = _on_table_problem(g, [a.card]) or layoff_problem(m, a.card, hi)
            return why or _leaves_problem(g, rest, g.swapped_jokers)
        if not r["jokers"]:
            return "Jokers are not in play"
        if a.card not in m.wild:
            return f"No joker plays {card_str(a.card)} in meld {a.meld}"
        if a.card not in hand:
            return f"You don't have {card_str(a.card)}"
        rest = _take(hand, [a.card]) + [JOKER]  # type: ignore[operator]
        return _leaves_problem(g, rest, g.swapped_jokers + 1)
    return f"{a} is not a Rummy action"


def perform(g: "Game", a: Action, seat: int) -> None:
    """Carry out a legal action (checked by :func:`problem`)."""
    hand = g.hands[seat]
    if a.kind == DRAW_STOCK:
        if not g.stock:
            g.rebuild_stock()
        hand.append(g.stock.pop(0))
        g.phase = "play"
        g.note(seat, DRAW_STOCK)
    elif a.kind == DRAW_DISCARD:
        c = g.discard.pop()
        hand.append(c)
        g.taken_discard = c
        g.phase = "play"
        g.note(seat, DRAW_DISCARD, card=card_str(c))
    elif a.kind == MELD:
        for c in a.hand_cards():
            hand.remove(c)
        g.table.append(TableMeld(sort_meld(a.cards, aces_high(g)), a.wild))
        g.melds_this_turn += 1
        g.has_melded[seat] = True
        g.played_this_turn = True
        g.note(seat, str(a), meld=len(g.table))
    elif a.kind == LAYOFF:
        hand.remove(a.hand_cards()[0])
        m = g.table[a.meld - 1]
        g.table[a.meld - 1] = TableMeld(sort_meld(m.cards + a.cards, aces_high(g)), tuple(sorted(m.wild + a.wild)))
        g.played_this_turn = True
        g.note(seat, str(a))
    elif a.kind == SWAP:
        hand.remove(a.card)
        hand.append(JOKER)
        m = g.table[a.meld - 1]
        g.table[a.meld - 1] = TableMeld(m.cards, tuple(w for w in m.wild if w != a.card))
        g.swapped_jokers += 1
        g.played_this_turn = True
        g.note(seat, str(a))
    elif a.kind == DISCARD:
        hand.remove(a.card)
        g.discard.append(a.card)
        g.note(seat, DISCARD, card=card_str(a.card))
    if a.kind in (DRAW_STOCK, DRAW_DISCARD):
        return
    if not hand:
        g.end_hand(_out_result(g, seat))
    elif a.kind == DISCARD:
        if g.played_this_turn:
            g.played_before[seat] = True
        begin_turn(g, (seat + 1) % g.players)


def _out_result(g: "Game", winner: int) -> dict[str, Any]:
    """Rules 7, 8, 10 and ``scoring``: the player who went out wins the hand."""
    rummy = not g.played_before[winner]
    mult = 2 if rummy and g.rules["going_rummy_doubles"] else 1
    values = [hand_value(g, h) for h in g.hands]
    points = [0] * g.players
    if g.rules["scoring"] == "penalty":
        for s in range(g.players):
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
    return {"end": "rummy" if rummy else "out", "winner": winner, "points": points, "values": values,
            "hands": g.hands_text(), "table": [m.to_text() for m in g.table],
            "detail": f"Seat {winner} went out{' in one turn: rummy' if rummy else ''}; {how}."}


def _stalemate(g: "Game") -> dict[str, Any]:
    return {"end": "stalemate", "winner": None, "points": [0] * g.players,
            "values": [hand_value(g, h) for h in g.hands], "hands": g.hands_text(),
            "table": [m.to_text() for m in g.table],
            "detail": "Stalemate: the stock ran out and may not be rebuilt; nobody scores."}


def _block_result(g: "Game") -> dict[str, Any]:
    """Block rummy (``reuse_discards: never``): the lowest hand wins; a shared lowest is a stalemate."""
    values = [hand_value(g, h) for h in g.hands]
    low = min(values)
    if values.count(low) > 1:
        res = _stalemate(g)
        res["detail"] = "Stalemate: the stock ran out and the lowest hands are tied; nobody scores."
        return res
    w = values.index(low)
    if g.rules["scoring"] == "penalty":
        points = list(values)
        how = "every player adds their own hand's value"
    else:
        points = [0] * g.players
        points[w] = sum(values) - values[w]
        how = f"seat {w} scores the {points[w]} points in the other hands"
    return {"end": "block", "winner": w, "points": points, "values": values, "hands": g.hands_text(),
            "table": [m.to_text() for m in g.table],
            "detail": f"The stock ran out (block rummy): seat {w} holds the lowest hand ({low}); {how}."}


def settle_match(g: "Game") -> None:
    """End the match by ``rounds`` or ``target``; the best total wins (lowest under penalty)."""
    r = g.rules
    if r["rounds"] is not None:
        over = len(g.results) >= r["rounds"]
    else:
        over = any(s >= r["target"] for s in g.scores)
    if not over:
        return
    g.final = list(g.scores)
    best = min(g.scores) if r["scoring"] == "penalty" else max(g.scores)
    g.winner = g.scores.index(best) if g.scores.count(best) == 1 else None
