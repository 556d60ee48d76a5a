"""A table with no dealer through the worker's protocol (web/worker/sealed_play.py): two workers' tables, each
page relaying what its worker sends, computer opponents choosing from each page's view; every answer checked by
the protocol; a malformed message dropped, a cheat stopping the table, an illegal move refused."""

from __future__ import annotations

from typing import Any

import pytest
from sodium_group import SodiumGroup

from rummy.bots import make_bot
from rummy.view import SeatView
from web.page.shared.protocol import engine_message_problem
from web.worker import sealed_play
from web.worker.table import Table

Message = dict[str, Any]
CONFIG = {"game": "gin", "players": 2, "rules": {}, "seed": 11, "dealer": 0}


@pytest.fixture(autouse=True)
def _libsodium(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sealed_play, "make_group", SodiumGroup)


class TwoWorkers:
    def __init__(self, config: dict[str, Any] = CONFIG) -> None:
        self.tables = [Table(), Table()]
        self.last: list[Message] = [{}, {}]
        self.sent_bytes = 0
        out = [self.ask(s, {"type": "sealed-new", "config": config, "seat": s}) for s in (0, 1)]
        for s in (0, 1):
            self.relay(s, out[s]["send"])

    def ask(self, seat: int, msg: Message) -> Message:
        (answer,) = self.tables[seat].handle(msg)
        assert engine_message_problem(answer) is None, answer
        if answer["type"] == "sealed":
            self.last[seat] = answer
        return answer

    def relay(self, seat: int, send: list[Message]) -> None:
        """What a page's worker sends goes to the other page's worker, and what that one answers comes back."""
        queue = [(seat, m) for m in send]
        while queue:
            frm, msg = queue.pop(0)
            self.sent_bytes += len(str(msg))
            answer = self.ask(1 - frm, {"type": "sealed-in", "message": msg})
            queue += [(1 - frm, m) for m in answer["send"]]

    def play(self, seat: int, action: str) -> Message:
        answer = self.ask(seat, {"type": "sealed-play", "action": action})
        if answer["type"] == "sealed":
            self.relay(seat, answer["send"])
        return answer


def play_hand(w: TwoWorkers) -> None:
    bots = [make_bot("pip", "gin", seed=s) for s in (0, 1)]
    for _i in range(300):
        nexts = [w.last[s]["next"] for s in (0, 1)]
        if "you" not in nexts:
            break
        s = nexts.index("you")
        view = SeatView.from_data(w.last[s]["view"])
        w.play(s, str(bots[s].choose(view)))


def test_two_workers_play_gin_hands_with_no_dealer_and_both_verify_each() -> None:
    w = TwoWorkers()
    play_hand(w)
    assert [w.last[s]["next"] for s in (0, 1)] in (["deal", "deal"], ["over", "over"])
    assert w.last[0]["verified"] and w.last[1]["verified"] and w.last[0]["result"] == w.last[1]["result"]
    assert w.last[0]["scores"] == w.last[1]["scores"]
    # the next hand: the first page asks its worker to deal it; the other's takes part when the shuffle comes
    w.relay(0, w.ask(0, {"type": "sealed-next"})["send"])
    assert {w.last[s]["next"] for s in (0, 1)} == {"you", "wait"}
    play_hand(w)
    assert w.last[0]["verified"] and w.last[0]["scores"] == w.last[1]["scores"]


def test_a_view_sent_to_the_page_holds_only_its_seats_cards() -> None:
    w = TwoWorkers()
    for s in (0, 1):
        view = SeatView.from_data(w.last[s]["view"])
        other = w.tables[1 - s].sealed
        assert other is not None and not set(view.hand) & set(other.seat.game.hands[1 - s])
        assert len(view.hand) == 10


def test_a_malformed_message_is_dropped_and_changes_nothing() -> None:
    w = TwoWorkers()
    before = w.last[0]
    answer = w.ask(0, {"type": "sealed-in", "message": {"t": "keys", "page": 1, "places": "all"}})
    assert answer["dropped"] and answer["next"] == before["next"] and answer["view"] == before["view"]


def test_a_cheat_stops_the_table_and_says_who_and_how() -> None:
    w = TwoWorkers()
    mover = 0 if w.last[0]["next"] == "you" else 1
    forged = {"t": "move", "page": mover, "action": "knock 2C", "places": []}
    answer = w.ask(1 - mover, {"type": "sealed-in", "message": forged})
    assert answer["next"] == "stopped" and answer["cheat"]["page"] == mover
    assert answer["cheat"]["code"] in ("not-shown", "illegal-move")
    assert w.ask(1 - mover, {"type": "sealed-next"})["next"] == "stopped"


def test_an_illegal_move_is_refused_with_the_engines_reason() -> None:
    w = TwoWorkers()
    mover = 0 if w.last[0]["next"] == "you" else 1
    answer = w.ask(mover, {"type": "sealed-play", "action": "draw stock"})  # the first upcard: take or pass
    assert answer["type"] == "refused" and answer["code"]
    answer = w.ask(1 - mover, {"type": "sealed-play", "action": "pass"})
    assert answer["type"] == "refused" and answer["code"] == "not-your-turn"
