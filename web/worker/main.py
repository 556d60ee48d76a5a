"""The engine worker's Python entry: one JSON message in, the JSON messages to send back out.

``web/engine-worker.mjs`` imports this module once (inside the memory snapshot), then calls
:func:`handle` for every text the page posts, in order, and posts each returned text back.
:func:`after_restore` runs once after a start from a memory snapshot. :func:`idle` runs when no message has come
for a moment: the engine thinks ahead while the person does.

Every message is a JSON object with a ``"type"``; a reply to a message that carried an ``"id"``
carries it back as ``"re"``. Where each type goes is :data:`ROUTES`: the worker's own messages (``hello``, and
``ping``, ``entropy`` and the benchmarks for the tests), and every message of the table's protocol to the table,
whose :data:`web.worker.table.ROUTES` says where each goes from there.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

import rummy
from web.worker.table import ROUTES as TABLE_ROUTES
from web.worker.table import Table

PROTOCOL = 1

Message = dict[str, Any]
Handler = Callable[[Message], list[Message]]


def _hello(msg: Message) -> list[Message]:
    """Who answers: the engine's version and the protocol it speaks."""
    return [{"type": "hello", "engine": rummy.__version__, "protocol": PROTOCOL,
             "python": ".".join(str(p) for p in sys.version_info[:3])}]


def _ping(msg: Message) -> list[Message]:
    """Echo ``data`` back (tests of the transport)."""
    return [{"type": "pong", "data": msg.get("data")}]


def _entropy(msg: Message) -> list[Message]:
    """Diagnostic: a draw from Python's ``random`` (tests check that each restore is reseeded)."""
    return [{"type": "entropy", "random": random.getrandbits(64)}]


TABLE = Table()  # the match this worker runs for the page


def _bench_bots(msg: Message) -> list[Message]:
    """Benchmarks (bench/browser_bots.py): the opponents' decision times, measured in this worker."""
    from web.worker.bench import bench_bots

    return [{"type": "bench-bots", "result": bench_bots(int(msg.get("decisions", 200)), int(msg.get("players", 3)))}]


def _table(msg: Message) -> list[Message]:
    """A message of the table's protocol: the table routes it (web.worker.table.ROUTES)."""
    return TABLE.handle(msg)


def _bench_learn(msg: Message) -> list[Message]:
    """Benchmarks: how long a hint and a coach review take, measured in this worker."""
    from web.worker.bench import bench_learn

    return [{"type": "bench-learn", "result": bench_learn(int(msg.get("hints", 200)), int(msg.get("reviews", 20)))}]


ROUTES: dict[str, Handler] = {
    "hello": _hello,  # who answers is the worker
    "ping": _ping,
    "entropy": _entropy,
    "bench-bots": _bench_bots,
    "bench-learn": _bench_learn,
    **{kind: _table for kind in TABLE_ROUTES if kind != "hello"},
}


def _error(code: str, detail: str, msg_id: Any = None) -> str:
    out: Message = {"type": "error", "code": code, "error": detail}
    if msg_id is not None:
        out["re"] = msg_id
    return json.dumps(out)


def handle(text: str) -> list[str]:
    """Answer one message (a JSON text) with a list of JSON texts; never raises.

    A text that is not a JSON object with a known ``type`` is answered with an ``error`` message
    (``bad-json``, ``bad-message``, ``unknown-type``); a handler that raises gives ``internal``.
    """
    try:
        msg = json.loads(text)
    except ValueError as e:
        return [_error("bad-json", str(e))]
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        return [_error("bad-message", "a message is a JSON object with a string 'type'")]
    msg_id = msg.get("id")
    handler = ROUTES.get(msg["type"])
    if handler is None:
        return [_error("unknown-type", f"unknown message type {msg['type']!r}", msg_id)]
    try:
        replies = handler(msg)
    except Exception as e:
        return [_error("internal", f"{type(e).__name__}: {e}", msg_id)]
    out = []
    for reply in replies:
        if msg_id is not None:
            reply = {**reply, "re": msg_id}
        out.append(json.dumps(reply))
    return out


def idle() -> list[str]:
    """The engine's work while the page is quiet: the expert's advice for the person's present decision
    (:func:`web.worker.learn.think`), kept for a hint and the coach. The texts to post (``ahead``, or nothing); never
    raises (a failure is logged: nothing the page asked for is lost)."""
    from web.worker.learn import think

    try:
        return [json.dumps(m) for m in think(TABLE)]
    except Exception as e:
        print(f"engine: thinking ahead failed: {type(e).__name__}: {e}", file=sys.stderr)
        return []


def after_restore() -> None:
    """Run once after a start from a memory snapshot, before the first message.

    Every player restores the same memory, so every generator seeded at import time would repeat
    the same numbers: reseed them from the system's entropy. (Games themselves draw their seeds
    from ``secrets``, which reads the system's entropy on each call.)
    """
    random.seed()
