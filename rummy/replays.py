"""Replays of finished hands: a hand record (``rummy-record/1``, :mod:`rummy.record`) turned into the sequence of
positions of one hand, every hand of cards face up, to step through forwards and backwards.

    >>> rec = load_record(text)                 # a record as JSON text, bytes or data; RecordError if malformed
    >>> frames = hand_frames(rec, hand=0)       # JSON-ready: frames[i] is the position before action i
    >>> for index, g, action in positions(rec, 0): ...   # the live game before each action (coach, tests)

A replay shows everything, as a real table does once a hand is over, so it is only ever made of finished hands
(or of a record the player brought). :func:`finished_record` is the record of a match without the hand in play.
Every problem of a record is a :class:`~rummy.errors.RecordError` naming the hand and the action, never a crash.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from . import codec
from .actions import Action
from .cards import card_str
from .errors import ActionError, IllegalAction, RecordError
from .game import Game
from .model import Event, HandResult, Phase
from .record import RECORD_FORMAT, export_record, follow_draw, follow_hand_end, parse_record
from .rng import Rng

REPLAY_FORMAT = "rummy-replay/1"
MAX_RECORD_TEXT = 2_000_000  # characters: a record's text longer than this is refused unread


def load_record(source: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """A record from JSON text, bytes or already parsed data, checked for its shape (every deck complete, the
    rules known ...). Raises :class:`RecordError` saying what is wrong; never anything else."""
    data: Any = source
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("a record is UTF-8 text") from None
    if isinstance(source, str):
        if len(source) > MAX_RECORD_TEXT:
            raise RecordError(f"the text is too long for a record ({len(source)} characters)")
        try:
            data = json.loads(source)
        except (ValueError, RecursionError) as e:
            raise RecordError(f"not valid JSON ({e})") from None
    try:
        parse_record(data)
    except RecordError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as e:  # a shape parse_record missed
        raise RecordError(f"not a hand record ({type(e).__name__}: {e})") from None
    if not isinstance(data, dict):  # parse_record refuses it; kept for the type checker
        raise RecordError("a record must be a JSON object")
    return data


def finished_record(g: Game) -> dict[str, Any]:
    """The record of ``g``'s finished hands only: the hand in play (its deck is secret) left out. Each hand says
    which card each draw from the stock gave (``drawn``), so a replay or a deal check covers every one."""
    rec = export_record(g, drawn=True)
    rec["hands"] = rec["hands"][:len(g.results)]
    return rec


def _game_for(rec: Any) -> tuple[Game, list[dict[str, Any]]]:
    game, players, rules, dealer, hands = parse_record(rec)
    return Game(game, players, rules, Rng(0), dealer), hands


def _play(g: Game, hi: int, ai: int, text: str, drawn: list[int] | None = None) -> Action:
    try:
        action = Action.parse(text)
        g.apply(action)
    except (ActionError, IllegalAction) as e:
        raise RecordError(f"hand {hi}, action {ai} ({text!r}): {e}") from None
    follow_draw(g, hi, ai, action, drawn)  # a draw that is not the one the record says: RecordError
    return action


def _deal(g: Game, hi: int, h: dict[str, Any]) -> None:
    if g.phase == Phase.MATCH_OVER:
        raise RecordError(f"hand {hi}: the match is over before it")
    if g.phase != Phase.HAND_OVER:
        raise RecordError(f"hand {hi - 1} breaks off before its end, but another hand follows it")
    g.deal(h["deck"], h["restocks"])


def game_at(rec: Any, hand: int, index: int | None = None) -> Game:
    """The match of ``rec`` just before action ``index`` of hand ``hand`` (None: after its last action)."""
    g, hands = _game_for(rec)
    if not 0 <= hand < len(hands):
        raise RecordError(f"the record has no hand {hand} (it has {len(hands)})")
    for hi in range(hand + 1):
        _deal(g, hi, hands[hi])
        actions = hands[hi]["actions"]
        stop = len(actions) if hi < hand or index is None else index
        if not 0 <= stop <= len(actions):
            raise RecordError(f"hand {hi} has no action {index} (it has {len(actions)})")
        for ai in range(stop):
            _play(g, hi, ai, actions[ai], hands[hi]["drawn"])
        if stop == len(actions):
            follow_hand_end(g, hi, hands[hi]["drawn"])
    return g


def positions(rec: Any, hand: int) -> Iterator[tuple[int, Game, Action | None]]:
    """Each position of hand ``hand`` of ``rec``: ``(index, game, action)`` with the game just before action
    ``index`` and that action, then ``(len(actions), game, None)`` at the end. The game is the same object,
    moved on between steps: read what you need before the next."""
    g = game_at(rec, hand, 0)
    _, _, _, _, hands = parse_record(rec)
    actions = hands[hand]["actions"]
    for ai, text in enumerate(actions):
        try:
            action = Action.parse(text)
        except ActionError as e:
            raise RecordError(f"hand {hand}, action {ai} ({text!r}): {e}") from None
        yield ai, g, action
        _play(g, hand, ai, text, hands[hand]["drawn"])
    follow_hand_end(g, hand, hands[hand]["drawn"])
    yield len(actions), g, None


def frame(g: Game, index: int, by: int | None, action: Action | None, events: list[Event]) -> dict[str, Any]:
    """One position of a replay, JSON-ready: every hand face up (in the game's order), the stock's size, the
    discard pile (bottom first), the table's melds, scores, whose turn, and the events since the last frame."""
    p = g.pos
    return {
        "index": index, "action": None if action is None else str(action), "by": by,
        "phase": p.phase.value, "turn": p.turn,
        "hands": [[card_str(c) for c in h] for h in p.hands],
        "stock": len(p.stock), "discard": [card_str(c) for c in p.discard],
        "table": [list(m.to_text()) for m in p.table],
        "scores": list(g.scores),
        "events": [codec.encode(Event, e) for e in events],
    }


def hand_frames(rec: Any, hand: int) -> dict[str, Any]:
    """A replay of hand ``hand`` (format ``rummy-replay/1``): the deal and the position after each action, and
    the hand's result when the record finishes it. Raises :class:`RecordError`."""
    frames: list[dict[str, Any]] = []
    seen = 0
    by: int | None = None
    action: Action | None = None
    g: Game | None = None
    for index, g, nxt in positions(rec, hand):
        log = g.log
        frames.append(frame(g, index, by, action, list(log[seen:])))
        seen = len(log)
        by, action = g.turn, nxt
    assert g is not None
    result = g.results[hand] if len(g.results) > hand else None
    return {"format": REPLAY_FORMAT, "game": g.game, "players": g.players, "hand": hand,
            "dealer": g.pos.dealer, "rules": dict(g.rules), "frames": frames,
            "result": None if result is None else codec.encode(HandResult, result)}


def hands_in(rec: Any) -> int:
    """How many hands a (checked) record holds."""
    return len(parse_record(rec)[4])


__all__ = ["MAX_RECORD_TEXT", "RECORD_FORMAT", "REPLAY_FORMAT", "finished_record", "frame", "game_at", "hand_frames",
           "hands_in", "load_record", "positions"]
