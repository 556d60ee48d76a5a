"""Hand records (rulebook, Hand records): export any match, finished or not, and replay a record exactly."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import card_str, new_deck, parse_card
from .errors import ActionError, CardError, IllegalAction, RecordError, Refusal, RulesError
from .game import Game
from .model import Phase
from .rng import Rng
from .rules import GIN, Rules, resolve_rules, rules_delta

RECORD_FORMAT = "rummy-record/1"


def export_record(g: Game) -> dict[str, Any]:
    """The record of ``g``: rules as a preset plus changes, the first dealer, and every hand's deck,
    restocks and actions."""
    return {
        "format": RECORD_FORMAT, "game": g.game, "rules": rules_delta(g.game, g.rules, g.players),
        "players": g.players, "dealer": g.first_dealer,
        "hands": [{"deck": [card_str(c) for c in h.deck],
                   "restocks": [[card_str(c) for c in r] for r in h.restocks],
                   "actions": [str(a) for a in h.actions]} for h in g.records],
    }


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
        hands.append({"deck": deck, "restocks": restocks, "actions": actions})
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
            raise RecordError(f"hand {hi - 1} stops before it ends, but another hand follows it")
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
    return ReplayResult(g)


def _err(hand: int, index: int, action: str, error: str) -> dict[str, Any]:
    return {"hand": hand, "index": index, "action": action, "error": error}
