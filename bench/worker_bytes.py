"""Bytes the engine worker sends the page per discard of the person, and the part of them that is the save.

    python -m bench.worker_bytes [--json]

Plays a seeded Gin match against one computer opponent and a seeded 3-player Basic Rummy match against two,
through :func:`web.worker.main.handle` as the page does: ``new``, then for each of the person's turns the ``act``
messages, ``advance`` for each opponent's move and ``deal`` between hands. The person is played by a computer
opponent given only what the page has (the view of each ``table`` message), so the same seed gives the same match.

Per discard of the person (the messages from just after the previous one up to and including it: the opponents'
moves, a deal, the person's draw and melds): the messages exchanged and the bytes of the replies, in total and
the part that is ``save``; per ``table`` message too. Bytes are UTF-8 bytes of the JSON texts the worker returns;
a save's part is its JSON as it stands in the reply (a text save with its escapes). The figures of the hand
record and compact save against ``Game.to_dict`` are those of the match at its end (where the engine has
:mod:`rummy.compact`). It uses nothing but the worker's entry, so it measures any version of the worker alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rummy import SeatView
from rummy.bots import make_bot
from web.worker import main as worker
from web.worker.table import Table

MATCHES: dict[str, dict[str, Any]] = {
    "gin": {"game": "gin", "opponents": ["sam"], "rules": {}, "seed": 2026},
    "rummy-3": {"game": "rummy", "opponents": ["mel", "dot"], "rules": {}, "seed": 2026},
}
PERSON = {"gin": "rex", "rummy": "mel"}  # who plays the person's seat (quick, and sees the page's view only)
THROWS = ("discard", "knock")  # the person's moves that throw a card


@dataclass
class Cycle:
    """The exchange up to and including one discard of the person."""

    messages: int = 0  # sent and answered
    reply_bytes: int = 0
    save_bytes: int = 0


@dataclass
class Run:
    name: str
    cycles: list[Cycle] = field(default_factory=list)
    table_bytes: list[int] = field(default_factory=list)  # each table message's size
    table_save_bytes: list[int] = field(default_factory=list)  # ... and its save's
    hands: int = 0
    sizes: dict[str, int] = field(default_factory=dict)  # the saves at the end of the match


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


def play(name: str, config: dict[str, Any], limit: int = 20000) -> Run:
    """Play the match of ``config`` to its end through the worker's entry, counting what comes back."""
    worker.TABLE = Table()
    run = Run(name)
    cycle = Cycle()
    person = make_bot(PERSON[config["game"]], config["game"], 7)

    def send(msg: dict[str, Any]) -> dict[str, Any]:
        texts = worker.handle(json.dumps(msg))
        cycle.messages += 1 + len(texts)
        last: dict[str, Any] = {}
        for text in texts:
            reply = json.loads(text)
            size = _bytes(text)
            cycle.reply_bytes += size
            if reply["type"] == "table":
                save = _bytes(json.dumps(reply["save"]))
                cycle.save_bytes += save
                run.table_bytes.append(size)
                run.table_save_bytes.append(save)
                last = reply
            elif reply["type"] not in ("stale",):
                raise RuntimeError(f"the worker answered {reply}")
        return last

    t = send({"type": "new", "config": config})
    for _ in range(limit):
        view = SeatView.from_data(t["view"])
        if t["next"] == "over":
            break
        if t["next"] == "you":
            action = person.choose(view)
            t = send({"type": "act", "action": str(action), "step": view.step})
            if action.kind in THROWS:
                run.cycles.append(cycle)
                cycle = Cycle()
        elif t["next"] == "computer":
            t = send({"type": "advance", "step": view.step})
        else:
            t = send({"type": "deal", "step": view.step})
    else:
        raise RuntimeError(f"{name}: the match did not end in {limit} messages")
    g = worker.TABLE.game
    assert g is not None
    run.hands = len(g.results)
    run.sizes["to_dict"] = _bytes(g.to_json())
    try:
        from rummy.compact import compact
    except ImportError:  # an engine before compact saves
        return run
    run.sizes["compact"] = _bytes(json.dumps(compact(g), separators=(",", ":")))
    return run


def figures(run: Run) -> dict[str, Any]:
    per = run.cycles
    replies = [c.reply_bytes for c in per]
    return {
        "match": run.name, "hands": run.hands, "discards": len(per),
        "messages_per_discard": {"median": statistics.median(c.messages for c in per),
                                 "max": max(c.messages for c in per)},
        "reply_bytes_per_discard": {"median": statistics.median(replies), "max": max(replies)},
        "save_share": round(sum(c.save_bytes for c in per) / sum(replies), 3),
        "table_message_bytes": {"median": statistics.median(run.table_bytes), "max": max(run.table_bytes)},
        "table_save_bytes": {"median": statistics.median(run.table_save_bytes), "max": max(run.table_save_bytes)},
        "saves_at_end": dict(run.sizes),
    }


def _kb(n: float) -> str:
    return f"{n / 1000:.1f} kB"


def text(fig: dict[str, Any]) -> str:
    m, r, t, s = (fig["messages_per_discard"], fig["reply_bytes_per_discard"], fig["table_message_bytes"],
                  fig["table_save_bytes"])
    lines = [
        f"{fig['match']}: {fig['hands']} hands, {fig['discards']} discards by the person",
        f"  per discard: {m['median']:g} messages (max {m['max']}), replies {_kb(r['median'])} (max {_kb(r['max'])}),"
        f" of which save {fig['save_share']:.0%}",
        f"  per table message: {_kb(t['median'])} (max {_kb(t['max'])}), its save {_kb(s['median'])}"
        f" (max {_kb(s['max'])})",
        "  the match's save at its end: " + ", ".join(f"{k} {_kb(v)}" for k, v in fig["saves_at_end"].items()),
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    out = [figures(play(name, cfg)) for name, cfg in MATCHES.items()]
    print(json.dumps(out, indent=1) if args.json else "\n".join(text(f) for f in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
