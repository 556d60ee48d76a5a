"""The worker table's learning messages: hints, undo, the coach's review, replays, records, deal checks, the
daily deal and deal links (protocol in :mod:`web.page.shared.protocol`).

What each may show: a hint is made from seat 0's own view of the moment (the expert is asked exactly what a
computer opponent in that seat would be given), and an undo goes back to a state the person was in (the stock
unchanged); reviews, replays, records and deal checks are made of the match's *finished* hands only, where every
hand has been shown, as at a real table, or of a record the person brought.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy import seat_view
from rummy.bots import get_profile
from rummy.coach import HandReview
from rummy.daily import daily_config, deal_query
from rummy.errors import RecordError, RulesError
from rummy.fairdeal import verify_record
from rummy.replays import finished_record, hand_frames, hands_in, load_record
from web.worker.table import PERSON

if TYPE_CHECKING:
    from .table import Table

Message = dict[str, Any]
ME = 0  # the person at this device (web.worker.table.ME)
REVIEW_STEP = 4  # the coach's decisions looked at per answer: between two, the page shows how far it got

# Each message arrives here through web.worker.table.ROUTES, checked by the protocol, and with what its route needs
# there already: a match in play, the present step (hint, undo), a finished hand (review, replay, verify).


def hint(table: Table, msg: Message) -> list[Message]:
    """What the expert would do now for the person at this device to act (seat 0, or in pass and play the one
    whose view the page shows), from that seat's view only, and why (the match becomes assisted)."""
    g = table.game
    assert g is not None
    view = seat_view(g, table.viewer)
    if not view.my_turn:
        return [{"type": "stale", "step": g.step}]
    table.assisted = True
    step = table.lesson_step()
    if step is not None:  # the guided hand: the lesson's own move
        return [{"type": "hint", "step": g.step, "action": step["action"], "words": step["say"],
                 "reasons": [{"code": "tutorial", "params": {}, "words": step["say"]}],
                 "cards": [h for h in step["highlight"] if len(h) == 2 and h not in ("stock",)]}]
    advice = table.advisor(view.seat).advise(view, table.names())
    return [{"type": "hint", "step": g.step, **advice.to_data()}]


def think(table: Table) -> list[Message]:
    """While the person decides, the expert thinks too: its advice for the present decision of the person whose view
    the page shows, kept by :meth:`Table.advisor` for a hint and for the coach's review of the hand. Answers
    ``ahead`` once it has it; nothing when there is nothing to think about (no match, not a person's turn here, a
    lesson, a table with no dealer, advice already at hand). The engine worker calls it when no message has come
    for a moment (web/engine-worker.mjs): a message that arrives meanwhile waits for one piece of advice at most."""
    g = table.game
    if g is None or table.lesson is not None or table.sealed is not None:
        return []
    view = seat_view(g, table.viewer)
    if not view.my_turn or table.seats[view.seat].get("kind") != PERSON:
        return []
    memo, names = table.advisor(view.seat), table.names()
    if memo.knows(view, names):
        return []
    memo.advise(view, names)
    return [{"type": "ahead", "step": g.step}]


def review_message(table: Table, msg: Message) -> list[Message]:
    """The coach's review of a finished hand, ``REVIEW_STEP`` decisions per message: until it is done, the answer
    says how far it got (``review-progress``) and the page asks again, which goes on with the same review."""
    hand = msg["hand"]
    r = table.reviewing
    if r is None or r.hand != hand:
        g = table.game
        assert g is not None
        r = table.reviewing = HandReview(finished_record(g), hand, table.advisor(ME), ME, table.names())
    r.advance(REVIEW_STEP)
    if not r.finished:
        return [{"type": "review-progress", "hand": hand, "done": r.done, "of": r.decisions}]
    table.reviewing = None
    return [{"type": "review", "hand": hand, "review": r.review().to_data()}]


def record_message(table: Table, msg: Message) -> list[Message]:
    """The record of the match's finished hands."""
    return [{"type": "record", "record": record(table)}]


def link_message(table: Table, msg: Message) -> list[Message]:
    """A link to the match's deals."""
    return [{"type": "link", "query": link(table)}]


def daily_message(table: Table, msg: Message) -> list[Message]:
    """The daily deal of a day (today by default)."""
    return daily(msg["game"], msg.get("date"))


def replay(table: Table, msg: Message) -> list[Message]:
    """A finished hand's positions: of this match, or of the record the message brings."""
    if "record" in msg:
        return replay_record(msg["record"], msg["hand"])
    assert table.game is not None
    rec = finished_record(table.game)
    return [{"type": "replay", "ok": True, "hands": hands_in(rec), "replay": hand_frames(rec, msg["hand"])}]


def verify_message(table: Table, msg: Message) -> list[Message]:
    """Check a finished hand's deal: of this match, or every hand of the record the message brings."""
    if "record" in msg:
        return verify(msg["record"])
    return verify(record(table, hands=[msg["hand"]]))



def record(table: Table, hands: list[int] | None = None) -> Message:
    """The record of the finished hands, with the deal proof (secret revealed) of each hand dealt from the seed."""
    g = table.game
    assert g is not None
    rec = finished_record(g)
    rec["proofs"] = [p for h in (range(len(g.results)) if hands is None else hands)
                     if (p := table.seed_proof(h)) is not None]
    names = table.names()
    rec["names"] = names
    return rec


def link(table: Table) -> str:
    """The URL parameters of a link to this match's deals: its seed, rules and opponents."""
    g = table.game
    assert g is not None
    cfg = table.config
    seed = table.seed if table.seed is not None else 0
    return deal_query(g.game, list(cfg.get("opponents") or table.opponents), dict(cfg.get("rules") or {}), seed)


def replay_record(rec: Any, hand: int) -> list[Message]:
    """A hand of a record the person brought (file or pasted text): its positions, or the engine's error."""
    try:
        data = load_record(rec)
        return [{"type": "replay", "ok": True, "hands": hands_in(data), "replay": hand_frames(data, hand)}]
    except RecordError as e:
        return [{"type": "replay", "ok": False, "error": str(e)}]


def verify(rec: Any) -> list[Message]:
    """Check the deals of a record that carries proofs (the page's "Check this deal")."""
    try:
        checks = verify_record(load_record(rec))
    except RecordError as e:
        return [{"type": "verified", "ok": False, "error": str(e)}]
    return [{"type": "verified", "ok": True, "hands": [dict(c.to_data(), words=c.words) for c in checks]}]


def daily(game: str, date: str | None) -> list[Message]:
    """The daily deal of ``game`` on ``date`` (None: today in UTC): its config and its deal link."""
    try:
        cfg = daily_config(game, date)
        query = deal_query(game, cfg["opponents"], cfg["rules"], cfg["seed"])
    except (ValueError, RulesError) as e:
        return [{"type": "error", "code": "bad-date", "error": str(e)}]
    return [{"type": "daily", "game": game, "date": cfg["daily"], "config": cfg, "query": query,
             "opponent": get_profile(cfg["opponents"][0]).name}]
