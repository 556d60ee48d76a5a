"""Saved games: the format (``rummy-save``, version 2), strict reading, and the migration from version 1.

A save is one JSON object holding the whole match and the hand in play. Reading is strict: a save that is not
exactly what the engine writes (a missing or extra field, a wrong type at any depth, cards that do not add up
to one deck, a seat that does not exist) raises :class:`~rummy.errors.SaveError` saying what is wrong, and
nothing is half-restored. Version-1 saves (before typed events and results) are migrated on reading, without
loss.

:class:`~rummy.game.Game` calls this module (``to_dict`` / ``from_dict``); this module never imports the game.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from . import codec
from .actions import Action
from .cards import Card, card_str, cards_str, parse_card
from .errors import ActionError, CardError, CodecError, RulesError, SaveError
from .melds import TableMeld
from .model import Event, EventKind, HandResult, MatchResult, Phase
from .position import Position
from .rng import Rng
from .rules import Rules, resolve_rules

SAVE_FORMAT = "rummy-save"
SAVE_VERSION = 2

_MATCH_KEYS = ("format", "version", "game", "players", "rules", "rng", "first_dealer", "dealer", "scores",
               "hands_won", "results", "records", "match", "step")
_HAND_KEYS = ("phase", "turn", "hands", "stock", "discard", "table", "log", "taken_discard", "swapped_jokers",
              "melds_this_turn", "played_this_turn", "must_draw_stock", "has_melded", "played_before", "passes",
              "upcard", "knock_limit", "restocks_done", "restocks_since_play", "pending_restocks")
SAVE_KEYS = frozenset(_MATCH_KEYS + _HAND_KEYS)


class SavedRecord(Protocol):
    deck: list[int]
    restocks: list[list[int]]
    actions: list[Action]


class SavedGame(Protocol):
    """What a save reads of a game (:class:`rummy.game.Game` has it)."""

    game: str
    players: int
    rules: Rules
    rng: Rng
    first_dealer: int
    scores: list[int]
    hands_won: list[int]
    results: list[HandResult]
    records: list[Any]
    match: MatchResult | None
    step: int
    pos: Position


def dumps(d: dict[str, Any]) -> str:
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError) as e:
        raise SaveError(f"the saved game is not valid JSON ({e})") from None


def encode_game(g: SavedGame) -> dict[str, Any]:
    """The whole state of ``g`` as plain JSON-ready data."""
    p = g.pos
    cs = cards_str
    return {
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "game": g.game, "players": g.players, "rules": dict(g.rules), "rng": format(g.rng.state, "016x"),
        "first_dealer": g.first_dealer, "dealer": p.dealer,
        "scores": list(g.scores), "hands_won": list(g.hands_won),
        "results": [codec.encode(HandResult, r) for r in g.results],
        "records": [{"deck": cs(r.deck), "restocks": [cs(x) for x in r.restocks],
                     "actions": [str(a) for a in r.actions]} for r in g.records],
        "match": None if g.match is None else codec.encode(MatchResult, g.match),
        "step": g.step,
        "phase": p.phase.value, "turn": p.turn,
        "hands": [cs(h) for h in p.hands], "stock": cs(p.stock), "discard": cs(p.discard),
        "table": [m.to_text() for m in p.table],
        "log": [codec.encode(Event, e) for e in p.log],
        "taken_discard": None if p.taken_discard is None else card_str(p.taken_discard),
        "swapped_jokers": p.swapped_jokers, "melds_this_turn": p.melds_this_turn,
        "played_this_turn": p.played_this_turn, "must_draw_stock": p.must_draw_stock,
        "has_melded": list(p.has_melded), "played_before": list(p.played_before),
        "passes": p.passes, "upcard": None if p.upcard is None else card_str(p.upcard),
        "knock_limit": p.knock_limit, "restocks_done": p.restocks_done,
        "restocks_since_play": p.restocks_since_play,
        "pending_restocks": [cs(x) for x in p.pending_restocks],
    }


@dataclass
class SaveFields:
    """A save read and checked, ready to become a game."""

    game: str
    players: int
    rules: Rules
    rng: int
    first_dealer: int
    scores: list[int]
    hands_won: list[int]
    results: list[HandResult]
    records: list[tuple[list[int], list[list[int]], list[Action]]]
    match: MatchResult | None
    step: int
    hand: dict[str, Any]  # the hand in play, checked
    settle: bool  # a version-1 save: work the match result out again (v1 kept no bonus breakdown)
    old_final: Any = None  # ... and check it against what version 1 stored
    old_winner: Any = None

    def position(self, rng: Rng) -> Position:
        """The hand in play as a :class:`Position` sharing the match's generator."""
        h = self.hand
        p = Position(self.rules, self.players, rng, h["dealer"])
        for name, value in h.items():
            setattr(p, name, value)
        return p


def decode_game(d: Any) -> SaveFields:
    """Read a save of any version this engine knows; :class:`SaveError` when it is not exactly a save."""
    if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a saved Rummy game")
    version = d.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("the saved game has no readable version")
    if version > SAVE_VERSION:
        raise SaveError(f"the saved game comes from a newer version (format {version}; "
                        f"this one reads up to {SAVE_VERSION})")
    old_final, old_winner = d.get("final"), d.get("winner")
    try:
        while d["version"] < SAVE_VERSION:
            d = MIGRATIONS[d["version"]](d)
        return _decode(d, settle=version == 1, old_final=old_final, old_winner=old_winner)
    except SaveError:
        raise
    except (CodecError, CardError, ActionError, RulesError) as e:
        raise SaveError(f"the saved game is damaged ({e})") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise SaveError(f"the saved game is damaged ({type(e).__name__}: {e})") from None


def _is_int(x: Any) -> bool:
    return type(x) is int


def _int(d: dict[str, Any], key: str, low: int = 0, high: int | None = None) -> int:
    x = d[key]
    if not _is_int(x) or x < low or (high is not None and x > high):
        raise SaveError(f"the saved game's {key.replace('_', ' ')} is damaged")
    return int(x)


def _bool(d: dict[str, Any], key: str) -> bool:
    if type(d[key]) is not bool:
        raise SaveError(f"the saved game's {key.replace('_', ' ')} is damaged")
    return bool(d[key])


def _cards(texts: Any, what: str) -> list[int]:
    if type(texts) is not list:
        raise SaveError(f"the saved game's {what} is damaged (a list of cards was expected)")
    return [codec.decode(Card, t) for t in texts]


def _seat_list(d: dict[str, Any], key: str, players: int, kind: type) -> list[Any]:
    x = d[key]
    if type(x) is not list or len(x) != players or not all(type(v) is kind for v in x):
        raise SaveError(f"the saved game's {key.replace('_', ' ')} do not match its number of players")
    return list(x)


def _decode(d: dict[str, Any], settle: bool, old_final: Any, old_winner: Any) -> SaveFields:
    keys = set(d)
    if keys != SAVE_KEYS:
        extra, missing = sorted(keys - SAVE_KEYS), sorted(SAVE_KEYS - keys)
        why = f"unknown field {extra[0]!r}" if extra else f"missing field {missing[0]!r}"
        raise SaveError(f"the saved game is damaged ({why})")
    game, players = d["game"], d["players"]
    if type(game) is not str or not _is_int(players):
        raise SaveError("the saved game does not say which game it is")
    if type(d["rules"]) is not dict:
        raise SaveError("the saved game's rules are damaged")
    rules = resolve_rules(game, players, d["rules"])
    if dict(rules) != d["rules"]:
        raise SaveError("the saved game's rules are damaged (they are not a complete set of options)")
    rng_text = d["rng"]
    if type(rng_text) is not str or len(rng_text) != 16:
        raise SaveError("the saved game's generator state is damaged")
    rng = int(rng_text, 16)
    first_dealer = _int(d, "first_dealer", 0, players - 1)
    dealer = _int(d, "dealer", 0, players - 1)
    scores = _seat_list(d, "scores", players, int)
    hands_won = _seat_list(d, "hands_won", players, int)
    if type(d["results"]) is not list or type(d["log"]) is not list or type(d["records"]) is not list:
        raise SaveError("the saved game's results, log or records are damaged")
    results: list[HandResult] = [codec.decode(HandResult, r) for r in d["results"]]
    if any(len(r.points) != players for r in results):
        raise SaveError("the saved game's results do not match its number of players")
    records: list[tuple[list[int], list[list[int]], list[Action]]] = []
    for r in d["records"]:
        if type(r) is not dict or set(r) != {"deck", "restocks", "actions"} or type(r["restocks"]) is not list \
                or type(r["actions"]) is not list:
            raise SaveError("the saved game's records are damaged")
        actions = []
        for a in r["actions"]:
            if type(a) is not str:
                raise SaveError("the saved game's records are damaged")
            actions.append(Action.parse(a))
        records.append((_cards(r["deck"], "records"), [_cards(x, "records") for x in r["restocks"]], actions))
    match = None if d["match"] is None else codec.decode(MatchResult, d["match"])
    if type(d["phase"]) is not str or d["phase"] not in set(Phase):
        raise SaveError(f"the saved game has an unknown phase {d['phase']!r}")
    phase = Phase(d["phase"])
    turn = d["turn"]
    if phase.in_hand:
        if not _is_int(turn) or not 0 <= turn < players:
            raise SaveError(f"the saved game has no valid player to act ({turn!r})")
    elif turn is not None:
        raise SaveError("the saved game has a player to act between hands")
    hands = d["hands"]
    if type(hands) is not list or len(hands) != players:
        raise SaveError("the saved game's seats do not match its number of players")
    if type(d["table"]) is not list:
        raise SaveError("the saved game's table is damaged")
    hand = {
        "dealer": dealer, "phase": phase, "turn": turn,
        "hands": [_cards(h, "hands") for h in hands],
        "stock": _cards(d["stock"], "stock"), "discard": _cards(d["discard"], "discard pile"),
        "table": [codec.decode(TableMeld, m) for m in d["table"]],
        "log": [codec.decode(Event, e) for e in d["log"]],
        "taken_discard": None if d["taken_discard"] is None else codec.decode(Card, d["taken_discard"]),
        "swapped_jokers": _int(d, "swapped_jokers"), "melds_this_turn": _int(d, "melds_this_turn"),
        "played_this_turn": _bool(d, "played_this_turn"), "must_draw_stock": _bool(d, "must_draw_stock"),
        "has_melded": _seat_list(d, "has_melded", players, bool),
        "played_before": _seat_list(d, "played_before", players, bool),
        "passes": _int(d, "passes", 0, 2), "upcard": None if d["upcard"] is None else codec.decode(Card, d["upcard"]),
        "knock_limit": None if d["knock_limit"] is None else _int(d, "knock_limit", 0, 10),
        "restocks_done": _int(d, "restocks_done"), "restocks_since_play": _int(d, "restocks_since_play"),
        "pending_restocks": [_cards(x, "pending restocks") for x in _list(d, "pending_restocks")],
    }
    return SaveFields(game, players, rules, rng, first_dealer, scores, hands_won, results, records, match,
                      _int(d, "step"), hand, settle, old_final, old_winner)


def _list(d: dict[str, Any], key: str) -> list[Any]:
    if type(d[key]) is not list:
        raise SaveError(f"the saved game's {key.replace('_', ' ')} is damaged")
    return list(d[key])


def check_restored(g: SavedGame, fields: SaveFields) -> None:
    """What only the whole game can show: the cards add up to one deck, the match result is consistent."""
    p = g.pos
    if g.records and p.census() != Counter(g.records[-1].deck):
        raise SaveError("the saved game's cards do not add up to one deck")
    if (p.phase == Phase.MATCH_OVER) != (g.match is not None):
        raise SaveError("the saved game's match result does not match its phase")
    if fields.settle and g.match is not None and (list(g.match.final) != fields.old_final
                                                  or g.match.winner != fields.old_winner):
        raise SaveError("the saved game's final totals are damaged")
    if fields.settle and g.match is None and (fields.old_final is not None or fields.old_winner is not None):
        raise SaveError("the saved game's final totals are damaged")


# ----- version 1 -> 2: typed log events and results, the match result, rule 12's count, the step -----

def _event_v1(e: Any) -> dict[str, Any]:
    if type(e) is not dict or type(e.get("action")) is not str:
        raise SaveError("the saved game's log is damaged")
    act, seat = e["action"], e.get("seat")
    if act == "restock":
        ev = Event(EventKind.RESTOCK, None, count=int(e["count"]))
    elif act in ("draw stock", "pass", "big gin"):
        ev = Event(EventKind(act), seat)
    elif act in ("draw discard", "discard", "knock"):
        ev = Event(EventKind(act), seat, parse_card(e["card"]))
    else:
        a = Action.parse(act)
        if a.kind == "meld":
            ev = Event(EventKind.MELD, seat, None, a.cards, a.wild, int(e["meld"]))
        elif a.kind == "layoff":
            ev = Event(EventKind.LAYOFF, seat, None, a.cards, a.wild, a.meld)
        elif a.kind == "swap":
            ev = Event(EventKind.SWAP, seat, a.card, (), (), a.meld)
        else:
            raise SaveError("the saved game's log is damaged")
    return dict(codec.encode(Event, ev))


def _result_v1(r: Any) -> dict[str, Any]:
    if type(r) is not dict:
        raise SaveError("the saved game's results are damaged")
    out: dict[str, Any] = {k: r[k] for k in ("hand", "dealer", "end", "winner", "points", "totals", "hands", "detail")}
    out["knock"] = None
    out["values"] = list(r.get("values", []))
    out["table"] = list(r.get("table", []))
    if "knocker" in r:
        out["knock"] = {
            "knocker": r["knocker"], "card": r["knock_card"], "limit": r["knock_limit"], "doubled": r["doubled"],
            "melds": r["melds"], "unmatched": r["unmatched"], "deadwood": r["deadwood"],
            "layoffs": [{"card": c, "meld": i} for c, i in r["layoffs"]],
        }
    return out


def _since_play(log: list[dict[str, Any]]) -> int:
    n = 0
    for e in log:
        if e["kind"] == "restock":
            n += 1
        elif e["kind"] in ("meld", "layoff", "swap"):
            n = 0
    return n


def migrate_1_to_2(d: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept the log and the results as loose dicts and no match result (its bonuses are worked out
    again on reading); it had no rule-12 count and no step."""
    out = dict(d)
    out["version"] = 2
    if type(d["log"]) is not list or type(d["results"]) is not list or type(d["records"]) is not list:
        raise SaveError("the saved game's log or results are damaged")
    out["log"] = [_event_v1(e) for e in d["log"]]
    out["results"] = [_result_v1(r) for r in d["results"]]
    out.pop("final", None)
    out.pop("winner", None)
    out["match"] = None
    out["restocks_since_play"] = _since_play(out["log"])
    out["step"] = sum(len(r["actions"]) + 1 for r in d["records"] if type(r) is dict and type(r.get("actions")) is list)
    if type(d.get("rules")) is dict and d.get("game") == "rummy":
        rules = dict(d["rules"])
        rules.setdefault("stalemate_restocks", 2)
        out["rules"] = rules
    return out


#: version -> function(dict) -> dict of version + 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: migrate_1_to_2}
