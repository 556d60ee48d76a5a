"""Hand records (rulebook, Hand records): export any match, finished or not, and replay a record exactly."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .actions import DRAW_STOCK, Action
from .cards import card_face, card_str, new_deck, parse_card
from .errors import ActionError, CardError, IllegalAction, RecordError, Refusal, RulesError
from .game import Game
from .model import Phase
from .rng import Rng
from .rules import GIN, Rules, resolve_rules, rules_delta

RECORD_FORMAT = "rummy-record/1"


def export_record(g: Game, drawn: bool = False) -> dict[str, Any]:
    """The record of ``g``: rules as a preset plus changes, the first dealer, and every hand's deck,
    restocks and actions; with ``drawn``, also the card each draw from the stock gave (where the game knows it),
    so that a check of the deal covers every card the players saw come from the stock."""
    hands = []
    for h in g.records:
        hand: dict[str, Any] = {"deck": [card_str(c) for c in h.deck],
                                "restocks": [[card_str(c) for c in r] for r in h.restocks],
                                "actions": [str(a) for a in h.actions]}
        if drawn and h.drawn is not None:
            hand["drawn"] = [card_str(c) for c in h.drawn]
        hands.append(hand)
    return {"format": RECORD_FORMAT, "game": g.game, "rules": rules_delta(g.game, g.rules, g.players),
            "players": g.players, "dealer": g.first_dealer, "hands": hands}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st``."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def follow_draw(g: Game, hand: int, index: int, action: Action, drawn: list[int] | None) -> None:
    """After action ``index`` of hand ``hand`` was played on ``g``: when it drew from the stock and the record says
    which card each draw gave (``drawn``), the card the record's deck (and restocks) gave must be that one.
    Raises :class:`RecordError` naming the draw: such a record cannot be rebuilt (it was changed, or the stock was
    changed while the hand was played)."""
    got = g.records[-1].drawn
    if drawn is None or got is None or action.kind != DRAW_STOCK:
        return
    k = len(got) - 1
    where = f"hand {hand}, action {index} ({str(action)!r})"
    if k >= len(drawn):
        raise RecordError(f"{where}: the record lists only {len(drawn)} cards drawn from the stock, and this is the "
                          f"{ordinal(k + 1)}")
    if drawn[k] != got[k]:
        source = "its rebuilt stock gives" if g.pos.restocks_done else "its deck gives"
        raise RecordError(f"{where}: the record says the {ordinal(k + 1)} card drawn from the stock was "
                          f"{card_face(drawn[k])}, but {source} {card_face(got[k])}")


def follow_hand_end(g: Game, hand: int, drawn: list[int] | None) -> None:
    """After the last action of hand ``hand``: the record lists no more draws than its actions make."""
    got = g.records[-1].drawn
    if drawn is not None and got is not None and len(drawn) > len(got):
        raise RecordError(f"hand {hand}: the record lists {len(drawn)} cards drawn from the stock, but its actions "
                          f"draw {len(got)}")


@dataclass
class ReplayResult:
    """What a replay reached: the game, and the first illegal action if there was one."""

    game: Game
    error: dict[str, Any] | None = None
    hands: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    def summary(self) -> dict[str, Any]:
        """The command line's JSON: hands finished, running totals, final totals, winner (or the error)."""
        if self.error is not None:
            return {"ok": False, **self.error}
        g = self.game
        return {"ok": True,
                "hands": [{"end": r.end.value, "winner": r.winner, "points": list(r.points)} for r in g.results],
                "totals": list(g.scores), "final": g.final, "winner": g.winner}


def _seq(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list")
    return value


def parse_record(rec: Any) -> tuple[str, int, Rules, int, list[dict[str, Any]]]:
    """Check a record's shape and read it; raises :class:`RecordError` with what is wrong."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object")
    if rec.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"unknown record format {rec.get('format')!r} (expected {RECORD_FORMAT!r})")
    game = rec.get("game")
    players = rec.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError("players must be a whole number")
    try:
        rules = resolve_rules(game, players, rec.get("rules") or {})  # type: ignore[arg-type]
    except RulesError as e:
        raise RecordError(f"rules: {e}") from None
    dealer = rec.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat from 0 to {players - 1}")
    full = Counter(new_deck(jokers=game != GIN and bool(rules["jokers"])))
    hands = []
    for i, h in enumerate(_seq(rec.get("hands"), "hands")):
        if not isinstance(h, dict):
            raise RecordError(f"hand {i} must be an object")
        try:
            deck = [parse_card(t) for t in _seq(h.get("deck"), f"hand {i} deck")]
            restocks = [[parse_card(t) for t in _seq(r, f"hand {i} restock")]
                        for r in _seq(h.get("restocks", []), f"hand {i} restocks")]
        except (CardError, TypeError, AttributeError) as e:
            raise RecordError(f"hand {i}: {e}") from None
        if Counter(deck) != full:
            raise RecordError(f"hand {i}: the deck must list every card of the game exactly once "
                              f"({sum(full.values())} cards)")
        actions = _seq(h.get("actions", []), f"hand {i} actions")
        if not all(isinstance(a, str) for a in actions):
            raise RecordError(f"hand {i}: every action must be a string")
        drawn = None
        if h.get("drawn") is not None:
            try:
                drawn = [parse_card(t) for t in _seq(h["drawn"], f"hand {i} drawn")]
            except (CardError, TypeError, AttributeError) as e:
                raise RecordError(f"hand {i} drawn: {e}") from None
        hands.append({"deck": deck, "restocks": restocks, "actions": actions, "drawn": drawn})
    return game, players, rules, dealer, hands  # type: ignore[return-value]


def replay(rec: Any, seed: int = 0) -> ReplayResult:
    """Replay a record. A malformed record raises :class:`RecordError`; an illegal action stops the replay
    and is reported in ``error`` with its hand and index."""
    game, players, rules, dealer, hands = parse_record(rec)
    g = Game(game, players, rules, Rng(seed), dealer)
    for hi, h in enumerate(hands):
        if g.phase == Phase.MATCH_OVER:
            return ReplayResult(g, _err(hi, 0, "(deal)", "The match is over; no more hands can be dealt"))
        if g.phase != Phase.HAND_OVER:
            raise RecordError(f"hand {hi - 1} breaks off before its end, but another hand follows it")
        g.deal(h["deck"], h["restocks"])
        for ai, text in enumerate(h["actions"]):
            try:
                action = Action.parse(text)
            except ActionError as e:
                return ReplayResult(g, _err(hi, ai, text, str(e)))
            try:
                g.apply(action)
            except IllegalAction as e:
                if e.code == Refusal.RESTOCK_MISMATCH:  # the record itself is wrong, not the player
                    raise RecordError(f"hand {hi}: {e}") from None
                return ReplayResult(g, _err(hi, ai, text, str(e)))
            follow_draw(g, hi, ai, action, h["drawn"])  # the record itself is wrong: RecordError
        if not g.phase.in_hand or hi == len(hands) - 1:  # a hand cut short is told when the next one is dealt
            follow_hand_end(g, hi, h["drawn"])
    return ReplayResult(g)


def _err(hand: int, index: int, action: str, error: str) -> dict[str, Any]:
    return {"hand": hand, "index": index, "action": action, "error": error}
