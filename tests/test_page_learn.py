"""The table app's learning part (web/page/app/learn.py) in CPython, wired to the real worker table: hints,
practice undo, the deal's proof and its check, daily deals and their streaks, deal links, the guided hand."""

from __future__ import annotations

import random
import re

from page_harness import Harness, saved_game
from test_page_app import play_match, play_person

from rummy.daily import daily_config
from web.page import stats
from web.page.app import core, learn, table, text
from web.page.app.text import esc
from web.page.shared.cards import face_of, text_of


def my_turn(h: Harness) -> None:
    h.run_opponents()
    assert h.app.match.next == "you"


def started(game: str = "gin", opponents: tuple[str, ...] = ("ada",), seed: int = 11, **kw: object) -> Harness:
    h = Harness()
    h.start(**kw)  # type: ignore[arg-type]
    h.new_match(game, opponents, seed=seed)
    my_turn(h)
    return h


# ---------------------------------------------------------------- hints


def test_a_hint_is_the_experts_legal_move_with_its_reasons_shown_and_its_cards_marked():
    h = started()
    a = h.app
    v = a.match.view
    h.do("command", "hint", {})
    hint = [m for m in h.received if m["type"] == "hint"][-1]
    assert hint["step"] == v.step
    assert v.move(hint["action"]) is not None  # one of the legal moves
    assert a.page.message == "Hint: " + hint["words"] and a.page.level == "hint"
    assert "Hint: " + hint["words"] in h.announced
    assert hint["words"] in h.html
    for t in hint["cards"]:
        assert re.search(r'class="[^"]*\badvised\b[^"]*"[^>]*data-key="card-' + t + "-", h.html), t
    # the match is now assisted, and it shows
    h.do("command", "hint", {})  # asked again for the same step: shown again without asking the engine
    assert len([m for m in h.sent if m["type"] == "hint"]) == 1


def test_a_hint_is_gone_once_the_person_moves_and_the_match_is_assisted():
    h = started()
    h.do("command", "hint", {})
    assert h.app.learn.advice is not None
    play_person(h, random.Random(1))
    assert h.app.learn.advice is None and 'class="card in-hand' in h.html and " advised" not in h.html
    assert 'data-testid="assisted"' in h.html


def test_the_hint_key_asks_for_a_hint_and_is_refused_with_a_reason_on_the_opponents_turn():
    h = Harness()
    h.start()
    h.new_match("gin", ("ada",), seed=11)
    if h.app.match.next == "computer":
        h.do("key", "i", {"card_pos": None, "in_dialog": False, "shift": False})
        assert not [m for m in h.sent if m["type"] == "hint"]
        assert h.app.page.message == "A hint is for your turn." and h.app.page.level == "error"
        my_turn(h)
    h.do("key", "i", {"card_pos": None, "in_dialog": False, "shift": False})
    assert [m for m in h.sent if m["type"] == "hint"]


def test_an_assisted_match_counts_as_assisted_in_the_statistics():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3, rules={"target": 50})
    my_turn(h)
    h.do("command", "hint", {})
    play_match(h, random.Random(3))
    match = [op for op in h.stats_ops if op[0] == "match"]
    assert len(match) == 1 and match[0][1][-1] is True


def test_knocks_reach_the_statistics_with_their_deadwood():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3, rules={"target": 50})
    play_match(h, random.Random(3))
    a = h.app
    hands = [op[1] for op in h.stats_ops if op[0] == "hand"]
    assert len(hands) == len(a.match.view.results)
    for args, r in zip(hands, a.match.view.results, strict=True):
        mine = r.knock is not None and r.knock.knocker == 0
        assert args[7] is mine
        assert args[8] == (r.knock.deadwood[0] if mine else None)


# ---------------------------------------------------------------- practice undo


def practice(seed: int = 11) -> Harness:
    h = Harness()
    h.start()
    h.app.setup.game = "gin"
    h.app.setup.opponents["gin"] = ["ada"]
    h.do("change", "practice", "on", True)
    h.perform(table.start_match(h.app, dict(h.app.setup.config(), seed=seed)) + [("render",)])
    my_turn(h)
    return h


def test_the_new_game_screen_offers_practice_and_a_practice_game_has_undo():
    h = Harness()
    h.start()
    h.do("command", "setup-choose", {})  # the whole set-up, under the welcome
    assert 'name="practice"' in h.html
    h.do("change", "practice", "on", True)
    assert h.app.setup.config()["practice"] is True
    h2 = practice()
    assert 'data-act="undo"' in h2.html


def test_undo_goes_back_to_the_start_of_the_persons_turn_and_the_stock_stays_the_same():
    h = practice()
    a = h.app
    while a.match.view.phase != "draw":  # past the first upcard
        h.do("command", "pass", {})
        my_turn(h)
    start = a.match.view
    saved = saved_game(h.saves[-1][1]).to_dict()
    h.do("command", "draw", {})
    drawn = [c for c in a.match.view.hand if c not in start.hand]
    assert len(drawn) == 1
    assert 'data-act="undo"' in h.html and "disabled" not in h.html.split('data-act="undo"')[1].split(">")[0]
    h.do("key", "u", {"card_pos": None, "in_dialog": False, "shift": False})
    assert a.match.view.phase == "draw" and a.match.view.turn == 0
    assert sorted(map(text_of, a.match.view.hand)) == sorted(map(text_of, start.hand))
    assert saved_game(h.saves[-1][1]).to_dict()["stock"] == saved["stock"]  # the card drawn is still the next one
    h.do("command", "draw", {})
    assert [c for c in a.match.view.hand if c not in start.hand] == drawn
    assert 'data-testid="assisted"' in h.html


def test_undo_outside_practice_is_refused_with_the_reason():
    h = started()
    assert 'data-act="undo"' not in h.html
    h.do("key", "u", {"card_pos": None, "in_dialog": False, "shift": False})
    assert not [m for m in h.sent if m["type"] == "undo"]
    assert "practice" in h.app.page.message and h.app.page.level == "error"


def test_practice_is_not_remembered_as_the_last_game():
    h = Harness()
    h.start()
    h.do("change", "practice", "on", True)
    h.do("command", "start", {})
    assert h.settings_saved and "practice" not in h.settings_saved[-1]["last"]
    assert h.sent[-1]["config"]["practice"] is True


# ---------------------------------------------------------------- the deal's proof


def finish_hand(h: Harness, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(2000):
        if h.app.match.next == "computer":
            h.run_opponents()
        elif h.app.match.next in ("deal", "over"):
            return
        else:
            play_person(h, rnd)
    raise AssertionError("the hand did not end")


def test_the_deal_is_committed_while_played_and_checked_after_the_hand():
    h = started()
    deal = h.app.learn.extras["deal"]
    assert deal["secret"] is None
    # the table and its move log say nothing of it: the fingerprint waits in Scores for the curious
    assert deal["short"] not in h.html and not [line for line in h.app.match.meta["log"] if deal["short"] in line]
    h.do("command", "scores", {})
    assert 'data-testid="deal-fingerprint"' in h.dialog and deal["short"] in h.dialog
    h.do("command", "close", {})
    finish_hand(h, 5)
    assert h.app.page.dialog == "end"
    assert 'data-testid="check-deal"' in h.dialog and deal["short"] in h.dialog
    assert "fingerprint" in h.dialog and deal["secret"] is None and h.app.learn.extras["deal"]["secret"][:16] in h.dialog
    h.do("command", "check-deal", {})
    assert h.sent[-1] == {"type": "verify", "hand": 0}
    assert 'data-testid="deal-check"' in h.dialog and "✓" in h.dialog
    assert 'data-testid="check-deal"' not in h.dialog


def test_a_card_drawn_that_is_not_the_committed_decks_is_named_on_screen():
    """The stock changed behind the table (the card the match recorded as drawn is not the committed deck's):
    "Check this deal" shows which card, from the check's code and parameters."""
    h = started()
    finish_hand(h, 5)
    g = h.table.game
    assert g is not None
    drawn = g.records[0].drawn
    assert drawn, "the hand drew from the stock"
    committed = drawn[0]
    other = next(c for c in g.records[0].deck if c != committed)
    drawn[0] = other
    h.do("command", "check-deal", {})
    answer = h.received[-1]
    assert answer["type"] == "verified" and answer["hands"][0]["code"] == "stock-draw"
    words = ("Hand 1: the 1st card drawn from the stock was " + face_of(other) + ", the committed deck has "
             + face_of(committed) + ".")
    assert 'data-testid="deal-check"' in (h.dialog or "") and "✗ " + esc(words) in (h.dialog or "")


def test_the_deal_check_is_worded_from_its_code_not_the_engines_words():
    for params, code, words in [
        ({"position": 4, "upcard": False, "card": "7D", "committed": "QC"}, "dealt-card",
         "the 4th card dealt was 7♦, the committed deck has Q♣"),
        ({"position": 21, "upcard": True, "card": "TS", "committed": "AH"}, "dealt-card",
         "the upcard was 10♠, the committed deck has A♥"),
        ({"draw": 14, "rebuilt": False, "card": "7D", "committed": "QC"}, "stock-draw",
         "the 14th card drawn from the stock was 7♦, the committed deck has Q♣"),
        ({"draw": 33, "rebuilt": True, "card": "7D", "committed": "QC"}, "stock-draw",
         "the 33rd card drawn from the stock (rebuilt from the discards) was 7♦, the secret's shuffle of the discards "
         "gives Q♣"),
        ({"position": 40, "card": "2S", "committed": "3S"}, "deck-card",
         "the 40th card of the deck is 2♠, the committed deck has 3♠"),
        ({"restock": 1}, "restock", "the 1st rebuilt stock is not the one the secret shuffles"),
        ({"listed": 12, "drawn": 11}, "draws-count",
         "the record lists 12 cards drawn from the stock, but its moves draw 11"),
        ({}, "commitment", "the revealed secret does not match the fingerprint shown during the hand"),
        ({"action": 7, "text": "discard KD", "refusal": "not-held"}, "replay",
         "its 8th move, discard K♦, cannot be played with the cards the committed deck deals"),
    ]:
        check = {"hand": 2, "ok": False, "code": code, "params": params, "words": "not these"}
        assert text.deal_check_words(check) == "Hand 3: " + words + "."
    assert text.deal_check_words({"hand": 0, "ok": True, "short": "abc"}) == \
        "Hand 1: the deal matches its fingerprint abc: the secret gives these very cards."


# ---------------------------------------------------------------- daily deals


def test_the_daily_deal_starts_the_days_deal_and_counts_a_streak_once_a_day():
    h = Harness()
    h.start()
    assert 'data-testid="daily-gin"' in h.html and 'data-testid="daily-rummy"' in h.html
    h.do("command", "daily", {"game": "gin"})
    assert h.sent[-2] == {"type": "daily", "game": "gin", "date": None}
    new = [m for m in h.sent if m["type"] == "new"][-1]
    today = daily_config("gin")
    assert new["config"]["seed"] == today["seed"] and new["config"]["daily"] == today["daily"]
    assert h.app.learn.extras["daily"]["date"] == today["daily"]
    play_match(h, random.Random(2))
    daily = [op for op in h.stats_ops if op[0] == "daily"]
    assert len(daily) == 1 and daily[0][1][:2] == ["gin", today["daily"]]
    assert 'data-testid="daily-share-line"' in h.dialog
    h.do("command", "share-daily", {})
    assert h.app.page.dialog == "share" and h.app.learn.extras["daily"]["share"] in h.dialog
    assert "♠" not in h.app.learn.extras["daily"]["share"] and "♥" not in h.app.learn.extras["daily"]["share"]


def test_streaks_count_days_in_a_row_and_each_day_once():
    s = stats.empty()
    for day, won, margin in (("2026-11-20", True, 40), ("2026-11-21", False, -10), ("2026-11-21", True, 90),
                             ("2026-11-22", True, 5), ("2026-11-24", True, 1)):
        stats.apply(s, stats.check_event(stats.daily_event("gin", day, won, 100, margin)))
    line = s["daily"]["gin"]
    assert line == {"played": 4, "won": 3, "streak": 1, "best_streak": 3, "last": "2026-11-24",
                    "best": {"score": 100, "margin": 40, "date": "2026-11-20"}}
    stats.check(s)
    # the end of a month and of a leap February are days in a row too
    s = stats.empty()
    for day in ("2028-02-28", "2028-02-29", "2028-03-01", "2028-03-02"):
        stats.apply(s, stats.daily_event("rummy", day, True, 1, 1))
    assert s["daily"]["rummy"]["streak"] == 4


def test_a_streak_shows_on_the_new_game_screen():
    h = Harness()
    s = stats.empty()
    for day in ("2026-11-21", "2026-11-22"):
        stats.apply(s, stats.daily_event("gin", day, True, 100, 10))
    h.start(stats=s, first=True)
    assert 'data-testid="streak-gin"' in h.html and "streak 2" in h.html
    assert 'data-testid="welcome"' in h.html  # nothing stored yet: a first visit
    h2 = Harness()
    h2.start()
    assert 'data-testid="welcome"' not in h2.html


# ---------------------------------------------------------------- deal links


def test_a_deal_link_plays_the_same_first_deal():
    h = started(seed=4242)
    first = next(m for m in h.received if m["type"] == "table")["view"]
    h.do("command", "deal-link", {})
    assert h.app.page.dialog == "share"
    url = h.app.learn.share["url"]
    assert url.startswith("./index.html?") and "seed=4242" in url and 'data-testid="share-text"' in h.dialog
    query = dict(p.split("=", 1) for p in url.split("?", 1)[1].split("&"))
    friend = Harness()
    friend.start(query=query)
    assert next(m for m in friend.received if m["type"] == "table")["view"] == first
    h.do("command", "copy-share", {})
    h.do("command", "copied", {"ok": True})
    assert "Copied." in h.dialog


# ---------------------------------------------------------------- the guided hand


def test_the_guided_hand_walks_through_every_step_and_refuses_any_other_move():
    h = Harness()
    h.start()
    assert 'data-testid="learn-gin"' in h.html
    h.do("command", "tutorial", {"game": "gin"})
    assert h.sent[-1] == {"type": "tutorial", "game": "gin"}
    a = h.app
    assert len(core.names(a)) == 2 and 'data-testid="lesson"' in h.html
    seen = 0
    for _ in range(100):
        lesson = learn.lesson(a)
        if lesson is None:
            break
        step = lesson["step"]
        assert esc(step["say"]) in h.html
        if step["seat"] != 0:
            assert not [t for t in h.timers if t[0] == "advance"]  # the opponent waits for Continue
            h.do("command", "lesson-next", {})
        else:
            lit = [t for t in step["highlight"] if t in [text_of(c) for c in a.match.view.hand]]
            for t in lit:
                assert re.search(r'class="[^"]*\blit\b[^"]*"[^>]*data-key="card-' + t + "-", h.html), t
            assert step["highlight"], step  # every step of the learner's shows where to look
            assert 'data-lit="' + esc(" ".join(step["highlight"])) + '"' in h.html
            wrong = next(m.text for m in a.match.view.legal if m.text != step["action"]) if len(a.match.view.legal) > 1 else None
            if wrong is not None:
                before = a.match.view.step
                h.perform([core.send(h.app, {"type": "act", "action": wrong, "step": a.match.view.step})])
                assert a.match.view.step == before and a.page.message == step["say"] and a.page.level == "error"
            h.perform([core.send(h.app, {"type": "act", "action": step["action"], "step": a.match.view.step})])
            h.timers = [t for t in h.timers if t[0] != "advance"]
        seen += 1
    assert learn.lesson(a) is None and seen > 5
    assert h.app.page.dialog == "end" and 'data-testid="lesson-outro"' in h.dialog


def test_the_guided_hand_asks_before_replacing_a_match_in_progress():
    h = started()
    h.do("command", "tutorial", {"game": "rummy"})
    assert h.app.page.dialog == "confirm-new" and not [m for m in h.sent if m["type"] == "tutorial"]
    h.do("command", "confirm-new", {})
    assert h.sent[-1] == {"type": "tutorial", "game": "rummy"}
    assert ("abandoned", ["gin", ["ada"], 0, ""]) in h.stats_ops


def test_the_move_log_holds_moves_only_across_hands_and_a_reload():
    h = started()
    record = h.saves[-1][1]
    again = Harness()
    again.start(match=record)
    assert again.app.match.view is not None and again.app.learn.extras.get("deal")
    finish_hand(h, 3)
    h.do("command", "next", {})
    my_turn(h)
    for log in (h.app.match.meta["log"], again.app.match.meta["log"]):
        assert log and log[0].startswith("Hand 1: ")
        assert not [line for line in log if "Deal" in line or "commit" in line or "check it" in line]
    # the new hand's fingerprint, not the last one's, is the one in Scores
    h.do("command", "scores", {})
    assert h.app.learn.extras["deal"]["hand"] == 1 and h.app.learn.extras["deal"]["short"] in h.dialog


def test_the_statistics_show_the_daily_deals():
    from page_harness import CATALOG

    from web.page.app.dialogs import stats_html

    s = stats.empty()
    assert 'data-testid="stats-daily"' not in stats_html(s, CATALOG, False)
    for day, won, margin in (("2026-11-21", True, 30), ("2026-11-22", False, -12)):
        stats.apply(s, stats.daily_event("gin", day, won, 100, margin))
    html = stats_html(s, CATALOG, False)
    assert 'data-testid="stats-daily"' in html
    row = html.split('data-testid="stats-daily"')[1]
    assert "<td>2</td><td>1</td><td>2</td><td>2</td><td>won by 30, 2026-11-21</td>" in row


def test_a_deal_link_is_for_a_game_against_the_computer():
    h = Harness()
    h.start()
    h.do("command", "deal-link", {})
    assert h.app.page.level == "error" and "Start a game first" in h.app.page.message
    h.do("command", "tutorial", {"game": "gin"})
    h.do("command", "deal-link", {})
    assert not [m for m in h.sent if m["type"] == "link"] and "against the computer" in h.app.page.message
