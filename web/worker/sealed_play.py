"""The worker's side of a table with no dealer (web.worker.sealed_table): the page's messages ``sealed-new``,
``sealed-in``, ``sealed-play``, ``sealed-next`` and ``sealed-check`` (has a key been kept back too long?), routes
of web.worker.table, each answered ``sealed``:

``{"type": "sealed", "send": [...], "view": <rummy-view of this page's seat> | null, "events": [...], "by",
"next", "verified", "hint",
"result": {"points", "totals", "end", "winner", "deck"} | null, "scores", "cheat": {"page", "code", "place",
"evidence": [the messages that show it]} | null,
"dropped": TEXT?}`` (``deck``: the hand's cards by place, once the audit has checked it)

``hint`` is the Gin arrangement of this seat's hand (web.worker.table.arrangement: deadwood, melds, the deadwood
each knock would leave), as a table's; ``events`` are the hand's public events since the last answer (``by``: the
seat of the last of them); ``send``
holds the messages this page sends to the other page (the page relays them as they are); ``next`` is
"you" (this seat may move), "wait" (for the other page: its keys, its move), "deal" (the hand is over and
verified: ``sealed-next`` deals the next), "over" (the match is over) or "stopped" (a page broke the protocol or
the rules: ``cheat`` names it, and the table takes no more messages). A message from the other page that is not
one of the protocol's is dropped (``dropped`` says why) and changes nothing. A move this seat may not make is
answered ``refused`` with the engine's code and words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy import codec
from rummy.cards import cards_str
from rummy.errors import ActionError, IllegalAction, RulesError
from rummy.model import Event
from rummy.seatgame import SeatGame
from web.page.shared.sealed import Cheat, GroupError, Malformed
from web.worker.sealed_table import SealedTable
from web.worker.table import arrangement, events_since

if TYPE_CHECKING:
    from web.page.shared.sealed import Group
    from web.worker.table import Table

Message = dict[str, Any]


def make_group() -> Group:
    """The worker's group (the tests put libsodium's here)."""
    from web.worker.seal_group import JsGroup

    return JsGroup()


def new(t: Table, m: Message) -> list[Message]:
    """A new match with no dealer, this page at ``seat``; the first hand's sealing starts."""
    cfg = m["config"]
    try:
        seat = SeatGame(cfg["game"], m["seat"], 2, cfg.get("rules") or {}, cfg["seed"], cfg["dealer"])
        table = SealedTable(make_group(), seat)
    except GroupError as e:  # this page's group is not there (web/seal.js not loaded)
        return [{"type": "error", "code": "group", "error": str(e)}]
    except (RulesError, ValueError) as e:
        return [{"type": "error", "code": "bad-config", "error": str(e)}]
    t.sealed, t.sealed_cheat, t.sealed_sent = table, None, (0, 0)
    return _run(t, lambda s: s.start_hand())


def receive(t: Table, m: Message) -> list[Message]:
    """The other page's message."""
    return _run(t, lambda s: s.receive(m["message"]))


def play(t: Table, m: Message) -> list[Message]:
    """This seat's move."""
    s = t.sealed
    if s is not None and t.sealed_cheat is None:
        try:
            return _answer(t, s.play(m["action"]))
        except IllegalAction as e:
            p = e.problem
            return [{"type": "refused", "code": p.code.value, "message": p.message, "params": dict(p.params),
                     "step": s.seat.game.step}]
        except ActionError as e:
            return [{"type": "refused", "code": "syntax", "message": str(e), "params": {}, "step": s.seat.game.step}]
        except ValueError:
            return [{"type": "refused", "code": "not-your-turn", "message": "It is not your turn",
                     "params": {}, "step": s.seat.game.step}]
    return _no_table(t)


def check(t: Table, m: Message) -> list[Message]:
    """Has the other page kept a key back for more than ``limit`` seconds? Then it is a cheat (``withheld``)."""
    limit = float(m["limit"])

    def overdue(s: SealedTable) -> list[Message]:
        s.overdue(limit)
        return []

    return _run(t, overdue)


def next_hand(t: Table, m: Message) -> list[Message]:
    """Deal the next hand once this one is over and verified."""
    s = t.sealed
    if s is not None and t.sealed_cheat is None and _next(t, s) == "deal":
        return _run(t, lambda s: s.start_hand())
    return _no_table(t) if s is None else _answer(t, [])


def _no_table(t: Table) -> list[Message]:
    if t.sealed is None:
        return [{"type": "error", "code": "no-sealed-table", "error": "there is no sealed table: start one first"}]
    return _answer(t, [])


def _run(t: Table, step: Any) -> list[Message]:
    s = t.sealed
    if s is None:
        return _no_table(t)
    if t.sealed_cheat is not None:
        return _answer(t, [])
    try:
        return _answer(t, step(s))
    except Malformed as e:
        print("sealed table: a message from the other page was dropped:", e)
        return _answer(t, [], dropped=str(e))
    except Cheat as c:
        t.sealed_cheat = {"page": c.page, "code": c.code, "place": c.place, "evidence": c.evidence}
        return _answer(t, [])
    except GroupError as e:  # this page's own group failed (not loaded): nothing the other page did
        return [{"type": "error", "code": "group", "error": str(e)}]


def _next(t: Table, s: SealedTable) -> str:
    g = s.seat.game
    if t.sealed_cheat is not None:
        return "stopped"
    if s.dealt and not g.phase.in_hand:
        if s.verified is None:
            return "wait"  # for the other page's audit
        return "over" if g.match is not None else "deal"
    return "you" if s.my_turn() else "wait"


def _answer(t: Table, send: list[Message], dropped: str | None = None) -> list[Message]:
    s = t.sealed
    assert s is not None
    g = s.seat.game
    result = None
    if s.verified is not None:
        r = s.verified
        result = {"points": list(r.points), "totals": list(r.totals), "end": str(r.end), "winner": r.winner,
                  "deck": cards_str(s.seat.record.deck)}  # the audited deck, by place: the hand is over
    events = events_since(g, t.sealed_sent)
    t.sealed_sent = (g.hand_number, len(g.log))
    by = events[-1].seat if events else None
    out: Message = {"type": "sealed", "send": send, "view": s.seat.view().to_data() if s.dealt else None,
                    "events": [codec.encode(Event, e) for e in events] if s.dealt else [], "by": by,
                    "next": _next(t, s), "verified": s.verified is not None, "result": result,
                    "cheat": t.sealed_cheat, "scores": list(g.scores),
                    "hint": arrangement(g, s.seat.seat) if s.dealt and g.phase.in_hand else {}}
    if dropped is not None:
        out["dropped"] = dropped
    return [out]
