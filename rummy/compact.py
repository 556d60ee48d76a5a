"""Compact saves (format ``rummy-game``, version 1): a match as its hand record and what a replay cannot recover.

A match is its rules, its first dealer and every hand's deck, restocks and actions: replaying its hand record
(:func:`rummy.record.export_record`) rebuilds every hand, the results, the scores and the match result. The record
also lists the card each draw from the stock gave (``drawn``; saves made before it have none): a save whose deck
does not give those cards is refused, naming the draw. What the record does not hold is kept beside it:

* ``rng``: the generator's state (16 hex digits). Every past restock is in the record, but the next one Basic
  Rummy shuffles comes from the generator, whose state at a deal need not follow from the record (a fair deal
  sets it from the hand's secret);
* ``step``: the count of deals and actions, which an undo moves on past the replay's count (so a move drawn
  before the undo is stale after it);
* ``scores``: the running totals, compared after the replay. The record gives them again, so they are a check
  that the replay is the match that was saved (an engine that scored a hand differently would not be);
* ``pending`` (only when there are some): restocks given by a record and not yet reached in the hand in play.

    {"format": "rummy-game", "version": 1, "record": <rummy-record/1>, "rng": "9e3779b97f4a7c15",
     "step": 57, "scores": [0, 31]}

:func:`load` is strict: anything that is not exactly such a save, or a record that does not replay to the end
(an illegal action, a hand cut short, a hand after the match is over) or not to the saved scores, raises
:class:`~rummy.errors.SaveError` saying what is wrong. A compact save is a fraction of the size of
:meth:`Game.to_dict <rummy.game.Game.to_dict>` (which holds every hand and the stock), and ``load(compact(g))``
gives a game whose ``to_dict()`` is ``g``'s (``tests/test_compact.py``), but for a game read from a version-1
save, whose hand results lacked details that the replay now fills in.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import card_str, new_deck, parse_card
from .errors import CardError, RecordError, SaveError
from .game import Game
from .record import export_record, replay

COMPACT_FORMAT = "rummy-game"
COMPACT_VERSION = 1

_KEYS = frozenset({"format", "version", "record", "rng", "step", "scores"})
_RECORD_KEYS = frozenset({"format", "game", "rules", "players", "dealer", "hands"})
_HAND_KEYS = frozenset({"deck", "restocks", "actions"})
_DECK = Counter(new_deck(jokers=True))


def compact(g: Game) -> dict[str, Any]:
    """The compact save of ``g`` (plain JSON-ready data); :func:`load` turns it back into the same game."""
    out: dict[str, Any] = {"format": COMPACT_FORMAT, "version": COMPACT_VERSION, "record": export_record(g, drawn=True),
                           "rng": format(g.rng.state, "016x"), "step": g.step, "scores": list(g.scores)}
    if g.pending_restocks:
        out["pending"] = [[card_str(c) for c in r] for r in g.pending_restocks]
    return out


def is_compact(d: Any) -> bool:
    """Whether ``d`` says it is a compact save (of any version): what :func:`load` reads, or explains."""
    return isinstance(d, dict) and d.get("format") == COMPACT_FORMAT


def load(d: Any) -> Game:
    """The game of a compact save, replayed from its record. Raises :class:`SaveError` with the reason."""
    if not is_compact(d):
        raise SaveError("this is not a saved Rummy game")
    version = d.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("the saved game has no readable version")
    if version > COMPACT_VERSION:
        raise SaveError(f"the saved game comes from a newer version (format {COMPACT_FORMAT} {version}; "
                        f"this one reads up to {COMPACT_VERSION})")
    keys = set(d)
    if not _KEYS <= keys <= _KEYS | {"pending"}:
        extra, missing = sorted(keys - _KEYS - {"pending"}), sorted(_KEYS - keys)
        why = f"unknown field {extra[0]!r}" if extra else f"missing field {missing[0]!r}"
        raise SaveError(f"the saved game is damaged ({why})")
    rec = _record(d["record"])
    rng = d["rng"]
    if type(rng) is not str or len(rng) != 16 or any(c not in "0123456789abcdef" for c in rng):
        raise SaveError("the saved game's generator state is damaged")
    if "pending" in d:
        pending = d["pending"]
        if type(pending) is not list or not pending or not rec["hands"] or any(not _one_deck(r) for r in pending):
            raise SaveError("the saved game's restocks to come are damaged")
        last = dict(rec["hands"][-1])
        last["restocks"] = list(last["restocks"]) + pending  # the replay consumes them as the hand went
        rec = dict(rec, hands=rec["hands"][:-1] + [last])
    try:
        res = replay(rec)
    except RecordError as e:
        raise SaveError(f"the saved game's record is damaged ({e})") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:  # what the record's checks missed
        raise SaveError(f"the saved game's record is damaged ({type(e).__name__}: {e})") from None
    if res.error is not None:
        err = res.error
        raise SaveError(f"the saved game does not replay: hand {err['hand']}, action {err['index']} "
                        f"({err['action']!r}): {err['error']}")
    g = res.game
    if g.pending_restocks != [[parse_card(c) for c in r] for r in d.get("pending", [])]:
        raise SaveError("the saved game's restocks to come are not the record's")
    step = d["step"]
    if type(step) is not int or step < g.step:
        raise SaveError("the saved game's step is damaged")
    scores = d["scores"]
    if type(scores) is not list or scores != g.scores or any(type(s) is not int for s in scores):
        raise SaveError(f"the saved game's actions do not give its scores ({scores!r}, replayed {g.scores!r})")
    g.rng.state = int(rng, 16)  # the position shares the match's generator
    g.step = step
    return g


def _one_deck(texts: Any) -> bool:
    """Whether ``texts`` lists cards of one deck, none twice but its two jokers (a restock holds the discard pile;
    which cards exactly, only the hand can tell when the restock is reached, where a wrong one is refused)."""
    try:
        return type(texts) is list and bool(texts) and all(type(t) is str for t in texts) and \
            not Counter(parse_card(t) for t in texts) - _DECK
    except CardError:
        return False


def _record(rec: Any) -> dict[str, Any]:
    """The record part, checked for exactly the fields export_record writes (the replay checks their values)."""
    if type(rec) is not dict or set(rec) != _RECORD_KEYS or type(rec["rules"]) is not dict:
        raise SaveError("the saved game's record is damaged (not a hand record)")
    hands = rec["hands"]
    if type(hands) is not list or any(type(h) is not dict or not _HAND_KEYS <= set(h) <= _HAND_KEYS | {"drawn"}
                                      for h in hands):
        raise SaveError("the saved game's record is damaged (its hands)")
    if any(type(h["restocks"]) is not list or type(h["actions"]) is not list for h in hands):
        raise SaveError("the saved game's record is damaged (its hands)")
    return rec
