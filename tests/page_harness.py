"""A runner for the table app in CPython: the page's ``App`` wired to the worker's ``Table`` in one process.

It performs the app's effects the way the browser runner does, minus the browser: ``send`` goes through JSON to
the worker table and its answers come back as ``engine`` messages; timers are kept until a test fires them (no
test waits for time); ``render`` draws the screen's HTML (so every state is also drawn); saves, dialogs,
announcements and statistics are recorded for the test to read.
"""

from __future__ import annotations

import json
from typing import Any

from rummy.catalog import catalog
from web.page.app import table, views
from web.page.app.model import App
from web.page.app.setup import Catalog
from web.page.shared.protocol import engine_message_problem
from web.worker.table import Table

CATALOG = Catalog(catalog())


def saved_game(record: dict[str, Any]) -> Any:
    """The engine's game inside a stored match record (the page never reads it; a test may): its save text is the
    worker's rummy-table save, whose game is a compact save."""
    from rummy.compact import load

    table = json.loads(record["save"])
    assert table["format"] == "rummy-table"
    return load(table["game"])


def without_id(msg: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in msg.items() if k != "id"}


class Harness:
    def __init__(self, engine_ready: bool = True, deliver: bool = True, land: bool = True) -> None:
        self.land = land  # the page's own deal lands at once (its "landed" timer fires as it is set)
        self.app = App(CATALOG)
        self.table = Table()
        self.sent: list[dict[str, Any]] = []  # the requests sent, without their ids (see ids)
        self.ids: list[int] = []  # the id of each request sent, in order
        self.received: list[dict[str, Any]] = []
        self.outbox: list[dict[str, Any]] = []  # sent but not yet delivered (deliver=False)
        self.timers: list[tuple[str, float, int]] = []
        self.saves: list[tuple[str, Any]] = []
        self.settings_saved: list[Any] = []
        self.stats_ops: list[tuple[str, list[Any]]] = []
        self.dialog: str | None = None
        self.announced: list[str] = []
        self.html = ""
        self.logs: list[str] = []
        self.set_aside: list[tuple[str, str]] = []
        self.motions: list[dict[str, Any]] = []  # the motion plans, in order
        self.sounds: list[tuple[str, int, float]] = []  # (name, volume, delay)
        self.looks: list[dict[str, Any]] = []
        self.deliver = deliver
        self.engine_ready = engine_ready

    # ----- feeding the app -----

    def do(self, *msg: Any) -> list[tuple[Any, ...]]:
        effects = self.app.update(msg)
        self.perform(effects)
        return effects

    def perform(self, effects: list[tuple[Any, ...]]) -> None:
        for e in effects:
            kind = e[0]
            if kind == "send":
                msg = json.loads(json.dumps(e[1]))  # it travels as JSON
                assert type(msg.get("id")) is int and msg["id"] not in self.ids, msg  # a new request id each
                self.ids.append(msg["id"])
                self.sent.append(without_id(msg))
                if self.deliver:
                    self.deliver_one(msg)
                else:
                    self.outbox.append(msg)
            elif kind == "timer" and e[1] == "landed" and self.land:
                self.do("tick", "landed", e[3])
            elif kind == "timer":
                self.timers.append((e[1], e[2], e[3]))
            elif kind == "render":
                self.html = views.screen_html(self.app)
            elif kind == "save-match":
                self.saves.append((e[1], json.loads(json.dumps(e[2]))))
            elif kind == "save-settings":
                self.settings_saved.append(dict(e[1]))
            elif kind == "stats":
                self.stats_ops.append((e[1], e[2]))
            elif kind == "dialog":
                self.dialog = views.dialog_html(self.app, e[1]) if e[1] is not None else None
            elif kind == "announce":
                self.announced.append(e[1])
            elif kind == "log":
                self.logs.append(e[1])
            elif kind == "set-aside-match":
                self.set_aside.append((e[1], e[2]))
            elif kind == "motion":
                self.motions.append(json.loads(json.dumps(e[1])))  # it travels as JSON
            elif kind == "sound":
                self.sounds.append((e[1], e[2], e[3]))
            elif kind == "look":
                self.looks.append(dict(e[1]))

    def answer(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """The worker table's answers to ``msg``, as web.worker.main.handle gives them: the request's id comes back
        as ``re``."""
        out = []
        for reply in self.table.handle(msg):
            if "id" in msg:
                reply = {**reply, "re": msg["id"]}
            out.append(json.loads(json.dumps(reply)))
        return out

    def waiting(self) -> list[dict[str, Any]]:
        """The requests held back (deliver=False), as the page asked them (without their ids)."""
        return [without_id(m) for m in self.outbox]

    def deliver_one(self, msg: dict[str, Any]) -> None:
        for reply in self.answer(msg):
            assert engine_message_problem(reply) is None, reply
            self.received.append(reply)
            self.do("engine", reply)

    def flush(self) -> None:
        """Deliver the messages held back (deliver=False)."""
        while self.outbox:
            self.deliver_one(self.outbox.pop(0))

    def fire(self, name: str) -> bool:
        """Fire the newest pending timer called ``name``; False if there is none."""
        for i in range(len(self.timers) - 1, -1, -1):
            if self.timers[i][0] == name:
                _, _, token = self.timers.pop(i)
                self.do("tick", name, token)
                return True
        return False

    # ----- playing -----

    def start(self, **boot: Any) -> None:
        boot.setdefault("query", {})
        self.do("start", boot)
        if self.engine_ready:
            self.do("engine-status", "ready", {})

    def new_match(self, game: str = "gin", opponents: tuple[str, ...] = ("rex",), seed: int = 1,
                  rules: dict[str, Any] | None = None) -> None:
        self.app.setup.game = game
        self.app.setup.players = len(opponents) + 1
        self.app.setup.opponents[game] = list(opponents)
        self.app.setup.overrides[game] = dict(rules or {})
        cfg = self.app.setup.config()
        cfg["seed"] = seed
        self.perform(table.start_match(self.app, cfg) + [("render",)])

    def run_opponents(self, limit: int = 500) -> None:
        """Let the computer opponents move until it is the person's turn or the hand is over."""
        for _ in range(limit):
            if self.app.match.next != "computer":
                return
            assert self.fire("advance"), "an opponent's turn with no timer to move it"
        raise AssertionError("the opponents did not finish")
