"""What the worker sends a seat says nothing of the cards that seat may not see (web/worker/table.py), proved by
non-interference through the worker's real message path.

Matches are played through ``web.worker.main.handle`` (JSON text in, JSON texts out, as the engine worker relays
them). At every table message sent while a hand is in play, the match is copied with the cards hidden from the
receiving seat dealt otherwise (tests/test_bots.py's ``_scrambled``, as for the bots: the other seats' hands and
the stock shuffled among themselves, each keeping its size, a card a seat is known to hold left with it). The
worker's message for that copy must be the very same, but for ``save`` (the whole match, which the page stores and
never shows) and ``guests`` (online: each guest's view and hint, which the host's page relays to that guest): a
view, an event, a hint or a legal move that depended on a hidden card in any way would differ. Each guest's
relayed view is checked the same way against the cards hidden from that guest.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from test_bots import _scrambled

from rummy import Game, SeatView
from rummy.bots import make_bot
from web.worker import main as worker_main
from web.worker import table as worker_table

Message = dict[str, Any]


def for_the_viewer(msg: Message) -> Message:
    """A table message but for what the page keeps or passes on unseen: the save (the whole match, stored) and,
    online, each guest's view (relayed to that guest, checked on its own)."""
    return {k: v for k, v in msg.items() if k not in ("save", "guests")}


class Checked:
    """The worker's module table, played through ``handle``; every table message checked against twins."""

    def __init__(self, rnd: random.Random) -> None:
        self.table = worker_table.Table()
        self.rnd = rnd
        self.checked = 0  # table messages compared with a twin's
        self.guests_checked = 0

    def send(self, msg: Message) -> list[Message]:
        table = self.table
        # the events a table message carries are those since the last one (Table._sent); a new match starts afresh
        sent = (0, 0) if msg["type"] == "new" else table._sent
        kept, worker_main.TABLE = worker_main.TABLE, table
        try:
            replies = [json.loads(t) for t in worker_main.handle(json.dumps(msg))]
        finally:
            worker_main.TABLE = kept
        for reply in replies:
            assert reply["type"] != "error", reply
            if reply["type"] == "table":
                self.check(sent, reply)
        return replies

    def twin_message(self, sent: tuple[int, int], game: Game, by: int | None) -> Message:
        """The table message the worker would have sent for ``game`` instead (the table otherwise as it is)."""
        t = copy.copy(self.table)
        t.game, t._sent = game, sent
        return json.loads(json.dumps(t.table_message(by=by)))

    def check(self, sent: tuple[int, int], msg: Message) -> None:
        g = self.table.game
        assert g is not None
        if not g.phase.in_hand:  # every hand is shown once it is over
            return
        viewer = msg["viewer"]
        assert msg["view"]["view"]["seat"] == viewer
        twin = _scrambled(g, viewer, self.rnd)
        assert for_the_viewer(self.twin_message(sent, twin, msg["by"])) == for_the_viewer(msg), \
            f"the table message for seat {viewer} depends on cards hidden from it"
        self.checked += 1
        for key, relayed in (msg.get("guests") or {}).items():
            twin = _scrambled(g, int(key), self.rnd)
            assert self.twin_message(sent, twin, msg["by"])["guests"][key] == relayed, \
                f"the view relayed to guest seat {key} depends on cards hidden from it"
            self.guests_checked += 1


def play(c: Checked, first: list[Message], hands: int, people: tuple[int, ...] = (0,)) -> None:
    """Play ``hands`` hands from the table message ``first``: each person (or guest) moves as a casual player would from
    the view it was sent, the computers move when asked."""
    msg = first[-1]
    game = msg["view"]["view"]["game"]
    bots = {s: make_bot("casual", game, s) for s in people}
    done = 0
    for _ in range(3000):
        step = msg["view"]["view"]["step"]
        nxt = msg["next"]
        if nxt == "over":
            return
        if nxt == "deal":
            done += 1
            if done >= hands:
                return
            if c.table.fair is not None:  # online: a fair deal is prepared first
                c.send({"type": "prepare", "players": None})
                msg = c.send({"type": "deal", "step": step, "contributions": ["guest-" + str(done)]})[-1]
            else:
                msg = c.send({"type": "deal", "step": step})[-1]
        elif nxt == "computer":
            msg = c.send({"type": "advance", "step": step})[-1]
        else:
            turn = msg["view"]["view"]["turn"]
            data = msg["view"] if turn == msg["viewer"] else msg["guests"][str(turn)]["view"]
            view = SeatView.from_data(data)
            assert view.seat == turn and turn in people
            action = str(bots[turn].choose(view))
            msg = c.send({"type": "act", "action": action, "step": step, "seat": turn})[-1]
    raise AssertionError("the match did not end")


def test_rummy_with_jokers_against_three_computers() -> None:
    c = Checked(random.Random(1))
    first = c.send({"type": "new", "config": {"game": "rummy", "opponents": ["mel", "dot", "sage"],
                                              "rules": {"jokers": True}, "seed": 9}})
    play(c, first, hands=2)
    assert c.checked >= 50


def test_gin_against_a_computer_with_hints() -> None:
    c = Checked(random.Random(2))
    first = c.send({"type": "new", "config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 5}})
    play(c, first, hands=2)
    assert c.checked >= 30


def test_online_rummy_each_guest_is_relayed_its_own_seat_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # the host's secret and first dealer from a seeded generator: the same deal, so the same length of hand, each run
    from web.worker import online as worker_online

    rnd = random.Random(99)
    monkeypatch.setattr(worker_online, "new_secret", lambda: f"{rnd.getrandbits(256):064x}")
    monkeypatch.setattr(worker_online.secrets, "randbelow", lambda n: rnd.randrange(n))
    c = Checked(random.Random(3))
    c.send({"type": "prepare", "players": 3})
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "guest", "name": "Bob"}, {"kind": "guest", "name": "Cy"}]
    first = c.send({"type": "new", "config": {"game": "rummy", "opponents": [], "seats": seats, "rules": {},
                                              "contributions": ["bob", "cy"]}})
    play(c, first, hands=1, people=(0, 1, 2))
    assert c.checked >= 50 and c.guests_checked >= 100


def test_a_guest_relayed_the_hosts_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check has teeth: a worker that relayed each guest the host's view (seat 0's) fails it."""
    real = worker_table.seat_view
    monkeypatch.setattr(worker_table, "seat_view", lambda g, seat: real(g, 0))
    c = Checked(random.Random(4))
    c.send({"type": "prepare", "players": 2})
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "guest", "name": "Bob"}]
    with pytest.raises(AssertionError, match="the view relayed to guest seat 1 depends on cards hidden from it"):
        c.send({"type": "new", "config": {"game": "gin", "opponents": [], "seats": seats, "rules": {},
                                          "contributions": ["bob"]}})


def test_a_hint_drawn_from_the_whole_game_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """... and so does a hint that looked at the stock (here: the deadwood the next stock card would leave)."""
    real = worker_table.arrangement

    def peeking(g: Game, me: int) -> Message:
        out = real(g, me)
        out["peek"] = g.stock[0] if g.stock else None
        return out

    monkeypatch.setattr(worker_table, "arrangement", peeking)
    c = Checked(random.Random(5))
    with pytest.raises(AssertionError, match="the table message for seat 0 depends on cards hidden from it"):
        c.send({"type": "new", "config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 5}})
