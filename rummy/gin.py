"""Gin Rummy's rules (rulebook, Gin Rummy): the first upcard, turns, knocking, gin, big gin, undercuts,
Oklahoma, the stock floor, and the match bonuses. :data:`GIN` is the :class:`~rummy.variant.Variant`."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import BIG_GIN, DISCARD, DISCARDS, DRAW_DISCARD, DRAW_STOCK, KNOCK, KNOCKS, PASS, Action
from .cards import CARD_VALUES, card_str, new_deck, suit_of
from .deadwood import best_discards, knock_outcome, min_deadwood
from .errors import Problem, Refusal
from .model import Bonus, Event, EventKind, HandEnd, HandResult, HandScore, KnockReport, Layoff, MatchResult, Phase
from .position import Position
from .rules import GIN_HAND_SIZE, Rules

SPADES = 3
_TAKE = Action.draw_discard()
_STOCK = Action.draw_stock()
_PASS = Action.pass_upcard()
_BIG = Action.big_gin()


def knock_limit_for(rules: Rules, upcard: int) -> int:
    """The most deadwood a knock may leave: ``knock_limit``, or under Oklahoma the first upcard's value
    (face cards 10, an ace 1 meaning gin only: the limit is then 0)."""
    if not rules["oklahoma"]:
        return int(rules["knock_limit"])
    value = CARD_VALUES[upcard]
    return 0 if value == 1 else value


def _problem(code: Refusal, message: str, **params: object) -> Problem:
    return Problem(code, message, params)


class GinRules:
    """Gin Rummy as a :class:`~rummy.variant.Variant`."""

    name = "gin"

    def deck(self, rules: Rules) -> list[int]:
        return new_deck()

    def hand_size(self, players: int) -> int:
        return GIN_HAND_SIZE

    def start_hand(self, pos: Position) -> None:
        """The non-dealer is offered the first upcard (rule 2); Oklahoma sets the knock limit."""
        assert pos.upcard is not None
        pos.knock_limit = knock_limit_for(pos.rules, pos.upcard)
        pos.must_draw_stock = False
        pos.start_turn((pos.dealer + 1) % 2, Phase.FIRST_UPCARD)

    def candidates(self, pos: Position) -> list[Action]:
        if pos.phase == Phase.FIRST_UPCARD:
            return [_TAKE, _PASS]
        if pos.phase == Phase.DRAW:
            return [_STOCK, _TAKE]
        assert pos.turn is not None
        hand = sorted(pos.hands[pos.turn])
        return [DISCARDS[c] for c in hand] + [KNOCKS[c] for c in hand] + [_BIG]

    def legal(self, pos: Position) -> list[Action]:
        """The legal actions, in :meth:`candidates` order, from one deadwood pass over the hand."""
        if pos.phase == Phase.FIRST_UPCARD:
            return [_TAKE, _PASS]
        if pos.phase == Phase.DRAW:
            return [_STOCK] if pos.must_draw_stock else [_STOCK, _TAKE]
        assert pos.turn is not None and pos.knock_limit is not None
        hand = sorted(pos.hands[pos.turn])
        taken = pos.taken_discard
        after = {c: dw for dw, c in best_discards(hand)}
        limit = pos.knock_limit
        out = [DISCARDS[c] for c in hand if c != taken]
        out += [KNOCKS[c] for c in hand if c != taken and after[c] <= limit]
        if pos.rules["big_gin"] and min(after.values()) == 0 and min_deadwood(hand) == 0:
            out.append(_BIG)
        return out

    def problem(self, pos: Position, a: Action) -> Problem | None:
        """Why ``a`` is illegal for the player to act, or None. The one home of every Gin turn rule."""
        assert pos.turn is not None
        hand = pos.hands[pos.turn]
        kind = a.kind
        if pos.phase == Phase.FIRST_UPCARD:
            if kind in (DRAW_DISCARD, PASS):
                return None
            return _problem(Refusal.UPCARD_OFFERED, "Take the upcard (draw discard) or pass: the first upcard is "
                            "offered before anyone draws from the stock")
        if pos.phase == Phase.DRAW:
            if kind == DRAW_STOCK:
                return None
            if kind == DRAW_DISCARD:
                if pos.must_draw_stock:
                    return _problem(Refusal.MUST_DRAW_STOCK,
                                    "Both players passed the first upcard, so you must draw from the stock")
                return None
            if kind == PASS:
                return _problem(Refusal.PASS_ONLY_ON_UPCARD, "You can only pass on the first upcard")
            return _problem(Refusal.DRAW_FIRST, "Draw a card first, from the stock or the discard pile")
        # phase "play": 11 cards in hand
        if kind in (DRAW_STOCK, DRAW_DISCARD):
            return _problem(Refusal.ALREADY_DREW, "You have already drawn this turn; now discard or knock")
        if kind == PASS:
            return _problem(Refusal.PASS_ONLY_ON_UPCARD, "You can only pass on the first upcard")
        if kind == BIG_GIN:
            if not pos.rules["big_gin"]:
                return _problem(Refusal.BIG_GIN_NOT_PLAYED,
                                "Big gin is not played under these rules; knock with a card instead")
            dw = min_deadwood(hand)
            if dw == 0:
                return None
            return _problem(Refusal.NOT_BIG_GIN, f"Big gin needs all 11 cards in melds; you have {dw} deadwood",
                            deadwood=dw)
        if kind not in (DISCARD, KNOCK):
            return _problem(Refusal.WRONG_GAME, f"{a} is not a Gin Rummy action", action=str(a))
        c = a.card
        if c not in hand:
            return _problem(Refusal.NOT_HELD, f"You don't have {card_str(c)}", cards=[card_str(c)])
        if c == pos.taken_discard:
            verb = "discard" if kind == DISCARD else "knock with"
            return _problem(Refusal.TAKEN_THIS_TURN,
                            f"You took {card_str(c)} from the discard pile; you can't {verb} it this turn",
                            card=card_str(c))
        if kind == KNOCK:
            assert pos.knock_limit is not None
            dw = min_deadwood([x for x in hand if x != c])
            if dw > pos.knock_limit:
                if pos.knock_limit == 0:
                    why = "this hand (Oklahoma ace)" if pos.rules["oklahoma"] else "under these rules (knock limit 0)"
                    return _problem(Refusal.GIN_ONLY, f"Only gin may knock {why}; without {card_str(c)} you have "
                                    f"{dw} deadwood", card=card_str(c), deadwood=dw)
                return _problem(Refusal.KNOCK_TOO_HIGH, f"You can knock only with {pos.knock_limit} or less "
                                f"deadwood; after discarding {card_str(c)} you would have {dw}",
                                card=card_str(c), deadwood=dw, limit=pos.knock_limit)
        return None

    def perform(self, pos: Position, a: Action, seat: int) -> HandScore | None:
        """Carry out a legal action (checked by :meth:`problem`)."""
        hand = pos.hands[seat]
        kind = a.kind
        if kind == DRAW_STOCK:
            hand.append(pos.stock.pop(0))
            pos.phase = Phase.PLAY
            pos.must_draw_stock = False
            pos.log.append(Event(EventKind.DRAW_STOCK, seat))
        elif kind == DRAW_DISCARD:
            c = pos.discard.pop()
            hand.append(c)
            pos.phase = Phase.PLAY
            pos.taken_discard = c
            pos.log.append(Event(EventKind.DRAW_DISCARD, seat, c))
        elif kind == DISCARD:
            c = a.cards[0]
            hand.remove(c)
            pos.discard.append(c)
            pos.log.append(Event(EventKind.DISCARD, seat, c))
            if len(pos.stock) <= pos.rules["stock_floor"]:
                return self._tie(pos, "the stock is down to its last cards")
            pos.start_turn(1 - seat)
        elif kind == PASS:
            pos.passes += 1
            pos.log.append(Event(EventKind.PASS, seat))
            if pos.passes == 1:
                pos.start_turn(pos.dealer, Phase.FIRST_UPCARD)
            else:
                pos.must_draw_stock = True
                pos.start_turn((pos.dealer + 1) % 2)
        elif kind == KNOCK:
            c = a.cards[0]
            hand.remove(c)
            pos.discard.append(c)  # face down, under the knock
            pos.log.append(Event(EventKind.KNOCK, seat, c))
            return self.score_knock(pos, seat, c)
        elif kind == BIG_GIN:
            pos.log.append(Event(EventKind.BIG_GIN, seat))
            return self.score_knock(pos, seat, None)
        return None

    @staticmethod
    def _tie(pos: Position, why: str) -> HandScore:
        return HandScore(HandEnd.TIE, None, (0, 0), f"Tie: {why}; no points.")

    def score_knock(self, pos: Position, knocker: int, knock_card: int | None) -> HandScore:
        """Arrange both hands and score a knock, gin or big gin (rules 4-6, Oklahoma doubling)."""
        r = pos.rules
        defender = 1 - knocker
        out = knock_outcome(pos.hands[knocker], pos.hands[defender])  # no lay-offs after gin or big gin
        kdw: int = out["knocker_deadwood"]
        ddw: int = out["defender_deadwood"]
        points = [0, 0]
        winner: int | None
        bonus = {name: int(r[name]) for name in ("big_gin_bonus", "gin_bonus", "undercut_bonus")}
        if knock_card is None:
            end, winner = HandEnd.BIG_GIN, knocker
            points[knocker] = bonus["big_gin_bonus"] + ddw
            how = f"big gin: {bonus['big_gin_bonus']} bonus + {ddw} deadwood"
        elif out["gin"]:
            end, winner = HandEnd.GIN, knocker
            points[knocker] = bonus["gin_bonus"] + ddw
            how = f"gin: {bonus['gin_bonus']} bonus + {ddw} deadwood"
        elif ddw < kdw or (ddw == kdw and r["undercut_on_tie"]):
            end, winner = HandEnd.UNDERCUT, defender
            points[defender] = bonus["undercut_bonus"] + (kdw - ddw)
            how = f"undercut: {bonus['undercut_bonus']} bonus + {kdw - ddw} difference ({kdw} against {ddw})"
        elif ddw == kdw:
            end, winner = HandEnd.TIE, None
            how = f"equal deadwood ({kdw}): a tie, no points"
        else:
            end, winner = HandEnd.KNOCK, knocker
            points[knocker] = ddw - kdw
            how = f"knock: {ddw} - {kdw} deadwood"
        doubled = bool(r["oklahoma"] and r["oklahoma_double_spades"] and pos.upcard is not None
                       and suit_of(pos.upcard) == SPADES)
        if doubled:
            points = [2 * p for p in points]
            how += ", doubled for the spade upcard"
        if winner is not None:
            how += f": seat {winner} scores {points[winner]}"
        melds: list[tuple[tuple[int, ...], ...]] = [(), ()]
        melds[knocker] = tuple(tuple(m) for m in out["knocker_melds"])
        melds[defender] = tuple(tuple(m) for m in out["defender_melds"])
        unmatched: list[tuple[int, ...]] = [(), ()]
        unmatched[knocker] = tuple(out["knocker_unmatched"])
        unmatched[defender] = tuple(out["defender_unmatched"])
        deadwood = [0, 0]
        deadwood[knocker], deadwood[defender] = kdw, ddw
        assert pos.knock_limit is not None
        report = KnockReport(
            knocker=knocker, card=knock_card, limit=pos.knock_limit, doubled=doubled,
            melds=tuple(melds), unmatched=tuple(unmatched), deadwood=tuple(deadwood),
            layoffs=tuple(Layoff(c, i + 1) for c, i in out["defender_layoffs"]),
        )
        return HandScore(end, winner, tuple(points), how[0].upper() + how[1:] + ".", knock=report)

    def settle(self, rules: Rules, results: Sequence[HandResult], scores: Sequence[int],
               hands_won: Sequence[int]) -> MatchResult | None:
        """The first to reach the target ends the match; add the game, line and shutout bonuses (rule 8)."""
        leaders = [s for s in range(2) if scores[s] >= rules["target"]]
        if not leaders:
            return None
        w = leaders[0]
        ties = any(res.winner is None for res in results)
        shutout = scores[w] if rules["shutout_doubles"] and not ties and hands_won[w] == len(results) else 0
        line = int(rules["line_bonus"])
        bonuses = tuple(Bonus(game=int(rules["game_bonus"]) if s == w else 0,
                              line=line * hands_won[s], shutout=shutout if s == w else 0) for s in range(2))
        final = tuple(scores[s] + bonuses[s].total for s in range(2))
        winner = None if final[0] == final[1] else (0 if final[0] > final[1] else 1)
        return MatchResult(final, winner, tuple(hands_won), bonuses, len(results))

#: The rules of Gin Rummy.
GIN = GinRules()
