"""The worker table's learning messages (web/worker/learn.py, table.py), through the worker's JSON entry: hints,
practice undo, the coach, replays, records, deal proofs and checks, the daily deal, deal links and the tutorial.
What the page receives during a hand is only what seat 0 may see; finished hands show everything."""

from __future__ import annotations

import json
import random

import pytest
from test_bots import _scrambled

from rummy import Action, Game, seat_view
from rummy.bots import expert_advisor
from rummy.cards import card_str
from rummy.coach import review_hand
from rummy.daily import daily_config, daily_seed
from rummy.fairdeal import commitment, hand_secret, shuffled_deck
from rummy.replays import finished_record
from web.page.shared.protocol import engine_message_problem, page_message_problem
from web.worker import main
from web.worker.learn import REVIEW_STEP
from web.worker.table import Table


@pytest.fixture(autouse=True)
def _restore_the_workers_table():
    saved = main.TABLE
    yield
    main.TABLE = saved


class Worker:
    """One worker table, spoken to in JSON text as the page does (every reply checked by the protocol)."""

    def __init__(self) -> None:
        self.table = Table()

    def send(self, msg: dict) -> list[dict]:
        assert page_message_problem(msg) is None, (msg, page_message_problem(msg))
        main.TABLE = self.table  # main.handle dispatches to this worker's table
        replies = [json.loads(t) for t in main.handle(json.dumps(msg))]
        for r in replies:
            assert engine_message_problem(r) is None, (r, engine_message_problem(r))
            assert r["type"] != "error" or r["code"] != "internal", r
        return replies

    def one(self, msg: dict) -> dict:
        replies = self.send(msg)
        assert len(replies) == 1
        return replies[0]

    def review(self, hand: int) -> tuple[dict, list[dict]]:
        """The coach's review of ``hand``, asked again after each ``review-progress`` as the page does; with the
        progress messages on the way."""
        progress: list[dict] = []
        for _ in range(200):
            r = self.one({"type": "review", "hand": hand})
            if r["type"] != "review-progress":
                return r, progress
            progress.append(r)
        raise AssertionError("the review never finished")

    @property
    def game(self) -> Game:
        g = self.table.game
        assert g is not None
        return g

    def new(self, game: str = "gin", opponents: tuple[str, ...] = ("ada",), seed: int | None = 3,
            **extra: object) -> dict:
        cfg = {"game": game, "opponents": list(opponents), "rules": {}, "seed": seed, **extra}
        return self.one({"type": "new", "config": cfg})

    def step(self) -> int:
        return self.game.step

    def play_until(self, done, person=None, limit: int = 400) -> dict | None:
        """Let the computer opponents move, and the person play ``person(view)`` (the expert's hint by default),
        until ``done(game)``."""
        last = None
        for _ in range(limit):
            g = self.game
            if done(g):
                return last
            if g.phase == "match-over":
                raise AssertionError("the match ended first")
            if g.phase == "hand-over":
                last = self.one({"type": "deal", "step": g.step})
            elif g.turn == 0:
                v = seat_view(g, 0)
                a = person(v) if person else Action.parse(self.one({"type": "hint", "step": g.step})["action"])
                last = self.one({"type": "act", "action": str(a), "step": g.step})
                assert last["type"] == "table", last
            else:
                last = self.one({"type": "advance", "step": g.step})
        raise AssertionError("not done")


def _hand_over(g: Game) -> bool:
    return not g.phase.in_hand


# ----- hints -----


def test_a_hint_is_the_experts_move_for_seat_zero_and_marks_the_match_assisted():
    w = Worker()
    t = w.new("gin", ("ada",), seed=5)
    assert t["assisted"] is False and json.loads(t["save"])["table"]["assisted"] is False
    w.play_until(lambda g: g.turn == 0, person=lambda v: v.legal[0])
    g = w.game
    view = seat_view(g, 0)
    h = w.one({"type": "hint", "step": g.step})
    assert h["type"] == "hint" and h["step"] == g.step
    want = expert_advisor("gin", w.table.seeds[0]).advise(view, ["You", "Ada"])
    assert Action.parse(h["action"]) == want.action and want.action in view.legal
    assert h["words"] == want.words and [r["code"] for r in h["reasons"]] == [r.code for r in want.reasons]
    # a hint for an old view, or out of turn, is stale
    assert w.one({"type": "hint", "step": g.step - 1})["type"] == "stale"
    t = w.one({"type": "act", "action": h["action"], "step": g.step})
    assert t["assisted"] is True and json.loads(t["save"])["table"]["assisted"] is True
    if w.game.turn != 0:
        assert w.one({"type": "hint", "step": w.game.step})["type"] == "stale"


@pytest.mark.parametrize("game,opponents", [("gin", ("ada",)), ("rummy", ("sage", "dot"))])
def test_a_hint_depends_only_on_what_seat_zero_sees(game, opponents):
    """The same table with other hidden cards (another stock order, other opponents' hands) gives the same
    hint: nothing the person may not see goes into it."""
    w = Worker()
    w.new(game, opponents, seed=9)
    rng = random.Random(1)
    checked = 0
    for _ in range(12):
        w.play_until(lambda g: g.turn == 0 and g.phase.in_hand, person=lambda v: v.legal[-1])
        g = w.game
        other = _scrambled(g, 0, rng)
        a = w.one({"type": "hint", "step": g.step})
        w.table.game = other
        b = w.one({"type": "hint", "step": other.step})
        w.table.game = g
        assert a == b
        checked += 1
        w.one({"type": "act", "action": str(seat_view(g, 0).legal[-1]), "step": g.step})
    assert checked == 12


# ----- deal proofs -----


def test_every_hand_shows_its_commitment_and_reveals_its_secret_after_the_hand():
    w = Worker()
    t = w.new("gin", ("rex",), seed=77)
    d = t["deal"]
    assert d["hand"] == 0 and d["secret"] is None and len(d["commitment"]) == 64 and d["short"] == d["commitment"][:12]
    assert d["commitment"] == commitment(hand_secret(77, 0))
    assert json.dumps(t).count(hand_secret(77, 0)) == 0  # the secret is not sent during the hand
    for _ in range(2):
        last = w.play_until(_hand_over, person=lambda v: v.legal[0])
        assert last is not None
        hand = len(w.game.records) - 1
        assert last["deal"]["secret"] == hand_secret(77, hand)
        assert commitment(last["deal"]["secret"]) == last["deal"]["commitment"]
        assert w.game.records[hand].deck == shuffled_deck(w.game.full_deck(), last["deal"]["secret"])
        v = w.one({"type": "verify", "hand": hand})
        assert v["ok"] and v["hands"][0]["ok"] and "matches its fingerprint" in v["hands"][0]["words"]
        if w.game.phase == "match-over":
            break
        nxt = w.one({"type": "deal", "step": w.game.step})
        assert nxt["deal"]["hand"] == hand + 1 and nxt["deal"]["secret"] is None


def test_the_deal_proof_is_worked_out_once_per_hand(monkeypatch):
    """The shuffle from the hand's secret runs once per hand, not for every message; anew after an undo or a
    resume (the game is replaced)."""
    from web.worker import table as table_module

    calls: list[int] = []
    real = table_module.shuffled_deck

    def counted(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(table_module, "shuffled_deck", counted)
    w = Worker()
    t = w.new("gin", ("rex",), seed=78, practice=True)
    assert len(calls) == 1 and t["deal"]["commitment"] == commitment(hand_secret(78, 0))
    w.play_until(lambda g: g.turn == 0 and g.phase == "play", person=lambda v: v.legal[0])
    moved = w.one({"type": "act", "action": str(seat_view(w.game, 0).legal[-1]), "step": w.step()})
    assert moved["deal"] == t["deal"] and len(calls) == 1
    undone = w.one({"type": "undo", "step": w.step()})
    assert undone["undone"] and undone["deal"] == t["deal"] and len(calls) == 2
    last = w.play_until(_hand_over, person=lambda v: v.legal[0])
    assert last is not None and last["deal"]["secret"] == hand_secret(78, 0) and len(calls) == 2
    assert w.one({"type": "record"})["record"]["proofs"] == [last["deal"]] and len(calls) == 2
    if w.game.phase != "match-over":
        nxt = w.one({"type": "deal", "step": w.step()})
        assert nxt["deal"]["hand"] == 1 and len(calls) == 3
    other = Worker()
    r = other.one({"type": "resume", "save": w.table.save_text()})
    assert r["deal"]["hand"] == len(w.game.records) - 1 and len(calls) == 4


def test_a_save_whose_stock_was_changed_mid_hand_fails_its_deal_check_naming_the_card():
    """The page's save keeps each hand's deck: two cards of the stock swapped in it mid-hand give the person another
    card than the committed one. The hand keeps its proof (most of its deck is where the secret put it), and the
    check names the draw."""
    w = Worker()
    w.new("gin", ("rex",), seed=79)
    w.play_until(lambda g: g.turn == 0 and g.phase == "draw", person=lambda v: v.legal[0])
    save = json.loads(w.table.save_text())
    hand = save["game"]["record"]["hands"][0]
    top = 21 + len(hand["drawn"])  # the next card of the stock: after 20 dealt, the upcard and the cards drawn
    deck = hand["deck"]
    deck[top], deck[top + 5] = deck[top + 5], deck[top]
    other = Worker()
    assert other.one({"type": "resume", "save": json.dumps(save)})["type"] == "table"
    assert other.one({"type": "act", "action": "draw stock", "step": other.step()})["type"] == "table"
    assert card_str(other.game.hands[0][-1]) == deck[top]
    other.play_until(_hand_over, person=lambda v: v.legal[-1])
    v = other.one({"type": "verify", "hand": 0})
    assert v["ok"] and len(v["hands"]) == 1, v
    check = v["hands"][0]
    assert not check["ok"] and check["code"] == "stock-draw"
    assert check["params"]["draw"] == len(hand["drawn"]) + 1
    assert check["params"]["card"] == deck[top] and check["params"]["committed"] == deck[top + 5]


def test_nothing_of_the_hand_in_play_is_given_out():
    from rummy.cards import card_str

    w = Worker()
    w.new("rummy", ("mel",), seed=4)
    w.play_until(_hand_over, person=lambda v: v.legal[0])
    w.one({"type": "deal", "step": w.game.step})
    rec = w.one({"type": "record"})["record"]
    assert len(rec["hands"]) == 1 == len(rec["proofs"])  # the finished hand only
    for kind in ("review", "replay", "verify"):
        r = w.one({"type": kind, "hand": 1})
        assert r["type"] == "error" and r["code"] == "not-finished"
    secret = hand_secret(4, 1)
    stock = json.dumps([card_str(c) for c in w.game.stock[:8]])[1:-1]  # the next cards of the stock, as text
    for msg in ({"type": "record"}, {"type": "link"}, {"type": "replay", "hand": 0}, {"type": "verify", "hand": 0},
                {"type": "review", "hand": 0}):
        text = json.dumps(w.one(msg))
        assert secret not in text and stock not in text


# ----- practice undo -----


def test_undo_is_for_practice_games_only():
    w = Worker()
    w.new("gin", ("rex",), seed=2)
    w.play_until(lambda g: g.turn == 0 and any(e.seat == 0 for e in g.log), person=lambda v: v.legal[0])
    r = w.one({"type": "undo", "step": w.step()})
    assert r["type"] == "refused" and r["code"] == "no-undo"


@pytest.mark.parametrize("game,opponents", [("gin", ("ada",)), ("rummy", ("sage",))])
def test_undo_goes_back_to_the_start_of_the_persons_turn_with_the_stock_unchanged(game, opponents):
    w = Worker()
    t = w.new(game, opponents, seed=12, practice=True)
    assert t["practice"] is True and t["undo"] is False
    # to the person's first draw of a later turn
    w.play_until(lambda g: g.turn == 0 and g.phase == "draw" and any(e.seat == 0 for e in g.log),
                 person=lambda v: next((a for a in v.legal if a.kind == "discard"), v.legal[0]))
    g = w.game
    saved, stock, view = g.to_dict(), list(g.stock), seat_view(g, 0)
    drawn = g.stock[0]
    t = w.one({"type": "act", "action": "draw stock", "step": g.step})
    assert t["undo"] is True and drawn in w.game.hands[0]
    u = w.one({"type": "undo", "step": w.step()})
    assert u["type"] == "table" and u["undone"] is True and u["assisted"] is True and u["next"] == "you"
    back = w.game
    assert back.stock == stock and back.stock[0] == drawn  # the card drawn is the next card of the stock again
    got = back.to_dict()
    assert got.pop("step") > saved.pop("step")  # older moves are stale after an undo
    assert got == saved
    assert seat_view(back, 0).hand == view.hand
    # an old move is ignored; drawing again gives the same card
    assert w.one({"type": "act", "action": "draw stock", "step": t["view"]["view"]["step"]})["type"] == "stale"
    w.one({"type": "act", "action": "draw stock", "step": w.step()})
    assert drawn in w.game.hands[0]
    # undo also works across the opponents' moves, back to the start of the person's turn
    discard = next(a for a in seat_view(w.game, 0).legal if a.kind == "discard")
    w.one({"type": "act", "action": str(discard), "step": w.step()})
    if w.game.phase.in_hand and w.game.turn != 0:
        w.one({"type": "advance", "step": w.step()})
    if w.game.phase.in_hand:
        assert w.one({"type": "undo", "step": w.step()})["undone"] is True
        assert w.game.stock == stock


def test_no_undo_before_the_persons_first_move_of_the_hand():
    w = Worker()
    w.new("rummy", ("mel",), seed=8, practice=True)
    if w.game.turn != 0:
        w.play_until(lambda g: g.turn == 0)
    r = w.one({"type": "undo", "step": w.step()})
    assert r["type"] == "refused" and r["code"] == "nothing-to-undo"


# ----- the coach, replays, records -----


def test_the_coach_reviews_a_finished_hand_and_a_hand_played_with_hints_costs_nothing():
    w = Worker()
    w.new("gin", ("rex",), seed=21)
    w.play_until(_hand_over)  # the person follows every hint
    r, progress = w.review(0)
    assert r["type"] == "review" and r["hand"] == 0 and r["review"]["decisions"] > 0
    assert progress == []  # the expert gave every decision's advice as a hint: the review needs no more thought
    assert r["review"]["mistakes"] == [] and r["review"]["total"] == 0
    w2 = Worker()
    w2.new("gin", ("rex",), seed=21)
    w2.play_until(_hand_over, person=lambda v: v.legal[-1])  # always the last legal move
    r2, progress = w2.review(0)
    # a few decisions per answer, each answer saying how far the coach got
    assert [p["done"] for p in progress] == list(range(REVIEW_STEP, r2["review"]["decisions"], REVIEW_STEP))
    assert progress and all(p["of"] == r2["review"]["decisions"] and p["hand"] == 0 for p in progress)
    # the same review as the coach's in one go (the same expert, the same seed)
    rec = finished_record(w2.game)
    assert r2["review"] == review_hand(rec, 0, expert_advisor("gin", w2.table.seeds[0]), 0, w2.table.names()).to_data()
    assert r2["review"]["mistakes"] and r2["review"]["total"] > 0 and 1 <= len(r2["review"]["marked"]) <= 3
    m = r2["review"]["mistakes"][r2["review"]["marked"][0]]
    assert m["marked"] and m["view"]["format"] == "rummy-view" and m["view"]["view"]["seat"] == 0
    frames = w2.one({"type": "replay", "hand": 0})["replay"]["frames"]
    assert frames[m["index"] + 1]["action"] == m["played"]  # the position to replay it


def test_the_expert_thinks_while_the_person_does_and_the_review_needs_no_more_thought():
    """web.worker.main.idle, as the engine worker calls it when no message has come for a moment: the expert's advice
    for the person's present decision, worked out once; a hint for that decision then asks the expert nothing, and
    the review of a hand played so comes in one answer, the same as the coach's review in one go."""
    w = Worker()
    main.TABLE = w.table
    assert main.idle() == []  # no match
    w.new("gin", ("rex",), seed=21)
    memo = w.table.advisor(0)
    hinted = []

    def person(v):
        assert [json.loads(t) for t in main.idle()] == [{"type": "ahead", "step": v.step}]
        assert main.idle() == []  # once
        if not hinted:
            asked = memo.asked
            hinted.append(w.one({"type": "hint", "step": v.step})["action"])
            assert memo.asked == asked  # the hint was at hand
        return v.legal[-1]

    w.play_until(_hand_over, person=person)
    assert hinted and main.idle() == []  # between hands nobody decides
    r, progress = w.review(0)
    assert progress == [] and r["type"] == "review"
    rec = finished_record(w.game)
    assert r["review"] == review_hand(rec, 0, expert_advisor("gin", w.table.seeds[0]), 0, w.table.names()).to_data()
    assert r["review"]["mistakes"]


def test_the_expert_does_not_think_ahead_in_a_lesson_or_on_a_computers_turn():
    w = Worker()
    w.one({"type": "tutorial", "game": "gin"})
    main.TABLE = w.table
    assert w.game.turn == 0 and main.idle() == []  # the lesson scripts the hand: nothing to advise
    w2 = Worker()
    w2.new("rummy", ("mel", "dot"), seed=6)
    w2.play_until(lambda g: g.turn != 0)
    main.TABLE = w2.table
    assert main.idle() == []


def test_replays_of_the_match_and_of_imported_records():
    w = Worker()
    w.new("rummy", ("mel", "dot"), seed=6)
    w.play_until(_hand_over, person=lambda v: v.legal[0])
    r = w.one({"type": "replay", "hand": 0})
    assert r["ok"] and r["hands"] == 1
    result = r["replay"]["result"]
    assert result["end"] == w.game.results[0].end.value and result["points"] == list(w.game.results[0].points)
    rec = w.one({"type": "record"})["record"]
    assert rec["names"] == ["You", "Mel", "Dot"] and rec["proofs"][0]["secret"] == hand_secret(6, 0)
    other = Worker()  # a fresh worker with no match replays an imported record
    imported = other.one({"type": "replay", "hand": 0, "record": rec})
    assert imported["ok"] and imported["replay"] == r["replay"]
    assert other.one({"type": "verify", "record": rec})["ok"]
    bad = dict(rec, hands=[dict(rec["hands"][0], deck=rec["hands"][0]["deck"][:-1])])
    b = other.one({"type": "replay", "hand": 0, "record": bad})
    assert b == {"type": "replay", "ok": False, "error": b["error"]} and "every card" in b["error"]
    tampered = json.loads(json.dumps(rec))
    tampered["hands"][0]["deck"].reverse()
    v = other.one({"type": "verify", "record": tampered})
    assert v["ok"] and not v["hands"][0]["ok"] and v["hands"][0]["problems"]
    assert other.one({"type": "verify", "record": {"format": "x"}})["ok"] is False


@pytest.mark.parametrize("junk", [{}, {"format": "rummy-record/1"}, {"hands": "x", "game": "gin"},
                                  {"game": "gin", "players": 2, "hands": [{"deck": [], "actions": []}]},
                                  {"game": "gin", "rules": [1], "hands": []}])
def test_junk_records_get_the_engines_error_never_an_internal_one(junk):
    w = Worker()
    assert w.one({"type": "replay", "hand": 0, "record": junk})["ok"] is False
    assert w.one({"type": "verify", "record": junk})["ok"] is False


# ----- the daily deal and deal links -----


def test_the_daily_deal_is_the_same_for_everyone_on_the_same_day():
    a, b = Worker(), Worker()
    da = a.one({"type": "daily", "game": "gin", "date": "2026-05-04"})
    db = b.one({"type": "daily", "game": "gin", "date": "2026-05-04"})
    assert da == db and da["config"] == daily_config("gin", "2026-05-04") and da["opponent"] == "Ada"
    assert da["config"]["seed"] == daily_seed("gin", "2026-05-04") and "seed=" in da["query"]
    ta, tb = a.one({"type": "new", "config": da["config"]}), b.one({"type": "new", "config": db["config"]})
    assert ta["view"] == tb["view"] and ta["deal"] == tb["deal"]
    assert ta["config"]["daily"] == "2026-05-04"
    assert ta["daily"] == {"date": "2026-05-04", "share": None}
    done = a.play_until(lambda g: g.phase == "match-over", person=lambda v: v.legal[0], limit=3000)
    assert done is not None and done["daily"]["share"].startswith("Gin Rummy daily, 2026-05-04: I ")
    assert "against Ada in" in done["daily"]["share"] and "♥" not in done["daily"]["share"]
    # the same config with another seed is not the daily deal
    c = Worker()
    tc = c.one({"type": "new", "config": dict(da["config"], seed=1)})
    assert "daily" not in tc["config"]
    assert a.one({"type": "daily", "game": "rummy", "date": None})["date"]  # today, UTC
    assert page_message_problem({"type": "daily", "game": "gin", "date": "May 4"}) is not None


def test_a_deal_link_plays_the_same_cards():
    from rummy.catalog import catalog
    from web.page.app.params import game_config, parse_query
    from web.page.app.setup import Catalog

    w = Worker()
    first = w.one({"type": "new", "config": {"game": "rummy", "opponents": ["mel", "dot"],
                                             "rules": {"jokers": True}, "seed": None}})
    q = w.one({"type": "link"})["query"]
    cfg, problem = game_config(parse_query("?" + q), Catalog(catalog()))
    assert problem is None
    friend = Worker()
    again = friend.one({"type": "new", "config": cfg})
    assert again["view"] == first["view"] and again["deal"] == first["deal"]


# ----- the tutorial -----


@pytest.mark.parametrize("game", ["gin", "rummy"])
def test_the_tutorial_guides_the_first_hand(game):
    w = Worker()
    t = w.one({"type": "tutorial", "game": game})
    lesson = t["tutorial"]
    assert lesson["index"] == 0 and lesson["steps"] > 5 and lesson["intro"] and not lesson["done"]
    assert t["deal"] is None and t["config"]["tutorial"] is True
    while w.game.phase.in_hand:
        step = t["tutorial"]["step"]
        assert step is not None
        g = w.game
        if step["seat"] == 0:
            # any other legal move is refused with the lesson's sentence; the hint is the lesson's move
            other = next((a for a in seat_view(g, 0).legal if str(a) != step["action"]), None)
            if other is not None:
                r = w.one({"type": "act", "action": str(other), "step": g.step})
                assert r["type"] == "refused" and r["code"] == "tutorial" and r["message"] == step["say"]
            assert w.one({"type": "hint", "step": g.step})["action"] == step["action"]
            t = w.one({"type": "act", "action": step["action"], "step": g.step})
        else:
            t = w.one({"type": "advance", "step": g.step})
        assert t["type"] == "table"
    assert t["tutorial"]["done"] and t["tutorial"]["step"] is None and w.game.results[0].winner == 0
    # then the match goes on as usual, dealt from its seed
    nxt = w.one({"type": "deal", "step": w.game.step})
    assert nxt["deal"] is not None and nxt["deal"]["hand"] == 1


def test_resume_keeps_practice_assisted_and_the_lesson():
    w = Worker()
    t = w.new("gin", ("rex",), seed=5, practice=True)
    w.play_until(lambda g: g.turn == 0, person=lambda v: v.legal[0])
    t = w.one({"type": "hint", "step": w.step()})
    t = w.one({"type": "act", "action": t["action"], "step": w.step()})
    other = Worker()
    r = other.one({"type": "resume", "save": t["save"]})
    assert r["practice"] is True and r["assisted"] is True and r["deal"] == t["deal"]
    lesson = Worker()
    t = lesson.one({"type": "tutorial", "game": "rummy"})
    r = Worker().one({"type": "resume", "save": t["save"]})
    assert r["tutorial"]["step"] == t["tutorial"]["step"]


def test_bad_learning_messages_are_refused_by_the_protocol():
    for msg in ({"type": "hint"}, {"type": "review", "hand": -1}, {"type": "replay", "hand": "0"},
                {"type": "replay", "hand": 0, "record": []}, {"type": "verify"}, {"type": "tutorial", "game": "go"},
                {"type": "new", "config": {"game": "gin", "opponents": ["ada"], "practice": "yes"}}):
        assert page_message_problem(msg) is not None, msg
        assert json.loads(main.handle(json.dumps(msg))[0])["code"] == "bad-message"
