"""Gin Rummy's rules (rulebook, Gin Rummy): the first upcard, turns, knocking, gin, big gin, undercuts,
Oklahoma, the stock floor, and the match bonuses. Called by :class:`rummy.game.Game`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, PASS, Action
from .cards import card_str, card_value, cards_str, suit_of
from .deadwood import knock_outcome, min_deadwood

if TYPE_CHECKING:
    from .game import Game

SPADES = 3


def knock_limit_for(rules: dict[str, Any], upcard: int) -> int:
    """The most deadwood a knock may leave: ``knock_limit``, or under Oklahoma the first upcard's value
    (face cards 10, an ace 1 meaning gin only: the limit is then 0)."""
    if not rules["oklahoma"]:
        return int(rules["knock_limit"])
    value = card_value(upcard)
    return 0 if value == 1 else value


def start_hand(g: "Game") -> None:
    """The non-dealer is offered the first upcard (rule 2)."""
    g.must_draw_stock = False
    g.start_turn((g.dealer + 1) % 2, phase="first-upcard")


def candidates(g: "Game") -> list[Action]:
    """Every action that might be legal now; :func:`problem` filters them."""
    if g.phase == "first-upcard":
        return [Action(DRAW_DISCARD), Action(PASS)]
    if g.phase == "draw":
        return [Action(DRAW_STOCK), Action(DRAW_DISCARD)]
    hand = sorted(g.hands[g.turn])
    return ([Action(DISCARD, (c,)) for c in hand] + [Action(KNOCK, (c,)) for c in hand] + [Action(BIG_GIN)])


def problem(g: "Game", a: Action) -> str | None:
    """Why ``a`` is illegal for the player to act, or None. The one home of every Gin turn rule."""
    hand = g.hands[g.turn]
    if g.phase == "first-upcard":
        if a.kind in (DRAW_DISCARD, PASS):
            return None
        return "Take the upcard (draw discard) or pass: the first upcard is offered before anyone draws from the stock"
    if g.phase == "draw":
        if a.kind == DRAW_STOCK:
            return None
        if a.kind == DRAW_DISCARD:
            return "Both players passed the first upcard, so you must draw from the stock" if g.must_draw_stock else None
        if a.kind == PASS:
            return "You can only pass on the first upcard"
        return "Draw a card first, from the stock or the discard pile"
    # phase "play": 11 cards in hand
    if a.kind in (DRAW_STOCK, DRAW_DISCARD):
        return "You have already drawn this turn; now discard or knock"
    if a.kind == PASS:
        return "You can only pass on the first upcard"
    if a.kind == BIG_GIN:
        if not g.rules["big_gin"]:
            return "Big gin is not played under these rules; knock with a card instead"
        dw = min_deadwood(hand)
        return None if dw == 0 else f"Big gin needs all 11 cards in melds; you have {dw} deadwood"
    if a.kind in (DISCARD, KNOCK):
        c = a.card
        if c not in hand:
            return f"You don't have {card_str(c)}"
        if c == g.taken_discard:
            verb = "discard" if a.kind == DISCARD else "knock with"
            return f"You took {card_str(c)} from the discard pile; you can't {verb} it this turn"
        if a.kind == KNOCK:
            rest = [x for x in hand if x != c]
            dw = min_deadwood(rest)
            if dw > g.knock_limit:
                if g.knock_limit == 0:
                    why = "this hand (Oklahoma ace)" if g.rules["oklahoma"] else "under these rules (knock limit 0)"
                    return f"Only gin may knock {why}; without {card_str(c)} you have {dw} deadwood"
                return (f"You can knock only with {g.knock_limit} or less deadwood; "
                        f"after discarding {card_str(c)} you would have {dw}")
        return None
    return f"{a} is not a Gin Rummy action"


def perform(g: "Game", a: Action, seat: int) -> None:
    """Carry out a legal action (checked by :func:`problem`)."""
    hand = g.hands[seat]
    other = 1 - seat
    if a.kind == PASS:
        g.passes += 1
        g.note(seat, PASS)
        if g.passes == 1:
            g.start_turn(g.dealer, phase="first-upcard")
        else:
            g.must_draw_stock = True
            g.start_turn((g.dealer + 1) % 2)
    elif a.kind == DRAW_DISCARD:
        c = g.discard.pop()
        hand.append(c)
        g.phase = "play"
        g.taken_discard = c
        g.note(seat, DRAW_DISCARD, card=card_str(c))
    elif a.kind == DRAW_STOCK:
        hand.append(g.stock.pop(0))
        g.phase = "play"
        g.must_draw_stock = False
        g.note(seat, DRAW_STOCK)
    elif a.kind == DISCARD:
        hand.remove(a.card)
        g.discard.append(a.card)
        g.note(seat, DISCARD, card=card_str(a.card))
        if len(g.stock) <= g.rules["stock_floor"]:
            g.end_hand(_tie(g, "the stock is down to its last cards"))
        else:
            g.start_turn(other)
    elif a.kind == KNOCK:
        hand.remove(a.card)
        g.discard.append(a.card)  # face down, under the knock
        g.note(seat, KNOCK, card=card_str(a.card))
        g.end_hand(score_knock(g, seat, a.card))
    elif a.kind == BIG_GIN:
        g.note(seat, BIG_GIN)
        g.end_hand(score_knock(g, seat, None))


def _tie(g: "Game", why: str, **extra: Any) -> dict[str, Any]:
    return {"end": "tie", "winner": None, "points": [0, 0], "detail": f"Tie: {why}; no points.",
            "hands": g.hands_text(), **extra}


def score_knock(g: "Game", knocker: int, knock_card: int | None) -> dict[str, Any]:
    """Arrange both hands and score a knock, gin or big gin (rules 4-6, Oklahoma doubling)."""
    r = g.rules
    defender = 1 - knocker
    big = knock_card is None
    out = knock_outcome(g.hands[knocker], g.hands[defender])  # no lay-offs after gin or big gin
    kdw = out["knocker_deadwood"]
    is_gin = out["gin"]
    ddw = out["defender_deadwood"]
    points = [0, 0]
    winner: int | None
    if big:
        end, winner = "big gin", knocker
        points[knocker] = r["big_gin_bonus"] + ddw
        how = f"big gin: {r['big_gin_bonus']} bonus + {ddw} deadwood"
    elif is_gin:
        end, winner = "gin", knocker
        points[knocker] = r["gin_bonus"] + ddw
        how = f"gin: {r['gin_bonus']} bonus + {ddw} deadwood"
    elif ddw < kdw or (ddw == kdw and r["undercut_on_tie"]):
        end, winner = "undercut", defender
        points[defender] = r["undercut_bonus"] + (kdw - ddw)
        how = f"undercut: {r['undercut_bonus']} bonus + {kdw - ddw} difference ({kdw} against {ddw})"
    elif ddw == kdw:
        end, winner = "tie", None
        how = f"equal deadwood ({kdw}): a tie, no points"
    else:
        end, winner = "knock", knocker
        points[knocker] = ddw - kdw
        how = f"knock: {ddw} - {kdw} deadwood"
    doubled = bool(r["oklahoma"] and r["oklahoma_double_spades"] and g.upcard is not None and suit_of(g.upcard) == SPADES)
    if doubled:
        points = [2 * p for p in points]
        how += ", doubled for the spade upcard"
    if winner is not None:
        how += f": seat {winner} scores {points[winner]}"
    melds: list[Any] = [None, None]
    melds[knocker] = out["knocker_melds"]
    melds[defender] = out["defender_melds"]
    deadwood = [0, 0]
    deadwood[knocker], deadwood[defender] = kdw, ddw
    unmatched: list[Any] = [None, None]
    unmatched[knocker], unmatched[defender] = out["knocker_unmatched"], out["defender_unmatched"]
    return {
        "end": end, "winner": winner, "points": points, "knocker": knocker,
        "knock_card": None if knock_card is None else card_str(knock_card),
        "knock_limit": g.knock_limit, "doubled": doubled,
        "hands": g.hands_text(),
        "melds": [[cards_str(m) for m in ms] for ms in melds],
        "unmatched": [cards_str(u) for u in unmatched],
        "deadwood": deadwood,
        "layoffs": [[card_str(c), i + 1] for c, i in out["defender_layoffs"]],
        "detail": how[0].upper() + how[1:] + ".",
    }


def settle_match(g: "Game") -> None:
    """After a hand: the first to reach the target ends the match; add the game, line and shutout bonuses (rule 8)."""
    r = g.rules
    leaders = [s for s in range(2) if g.scores[s] >= r["target"]]
    if not leaders:
        return
    w = leaders[0]
    final = list(g.scores)
    ties = any(res["winner"] is None for res in g.results)
    if r["shutout_doubles"] and not ties and g.hands_won[w] == len(g.results):
        final[w] *= 2
    final[w] += r["game_bonus"]
    for s in range(2):
        final[s] += r["line_bonus"] * g.hands_won[s]
    g.final = final
    g.winner = None if final[0] == final[1] else (0 if final[0] > final[1] else 1)
