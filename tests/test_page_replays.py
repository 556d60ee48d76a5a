"""The table app's replays part (web/page/app/replays.py, replayview.py) in CPython, wired to the real worker
table: the coach after a hand, the replay viewer, hand-record export and import, past matches and replay links."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import page_samples as P
import pytest
from page_harness import Harness
from test_page_app import play_match, play_person

from rummy.replays import hand_frames, load_record
from web.page.app import core, replays, table
from web.page.app.store import PageStore
from web.page.shared import b64url

NO_KEY = {"card_pos": None, "in_dialog": False, "shift": False}


def key(h: Harness, name: str) -> list[tuple[Any, ...]]:
    return h.do("key", name, dict(NO_KEY))


def play_hand(h: Harness, rnd: random.Random) -> None:
    """Play until the hand in play is over (the person's moves at random)."""
    for _ in range(2000):
        if h.app.match.next in ("deal", "over"):
            return
        if h.app.match.next == "computer":
            h.run_opponents()
        else:
            play_person(h, rnd)
    raise AssertionError("the hand did not end")


def finished_hand(coach: bool = False, seed: int = 11, game: str = "gin", opponents: tuple[str, ...] = ("ada",),
                  rules: dict[str, Any] | None = None) -> Harness:
    h = Harness()
    h.start(settings=dict(h.app.page.settings, coach=coach))
    h.new_match(game, opponents, seed=seed, rules=rules or {"target": 200})
    play_hand(h, random.Random(seed))
    h.score_card(details=True)  # the coach, the replay and the record are in the score card's details
    return h


def seat_cards(html: str) -> dict[int, list[str]]:
    return {int(s): c.split() for s, c in re.findall(r'data-testid="replay-seat-(\d)" data-cards="([^"]*)"', html)}


def reviews(h: Harness) -> list[dict[str, Any]]:
    return [m for m in h.received if m["type"] == "review"]


# ---------------------------------------------------------------- the coach


def test_the_coach_reviews_each_hand_when_on_and_lists_the_costly_decisions() -> None:
    h = finished_hand(coach=True)
    sent = [m for m in h.sent if m["type"] == "review"]
    progress = [m for m in h.received if m["type"] == "review-progress"]
    assert sent == [{"type": "review", "hand": 0}] * (len(progress) + 1)  # asked again after each step
    review = reviews(h)[-1]["review"]
    assert review["mistakes"], "seed 11 with random play should leave the expert something to say"
    d = h.dialog
    assert d is not None and 'data-testid="coach"' in d and 'data-testid="coach-busy"' not in d
    items = re.findall(r'<li class="mistake( marked)?" data-testid="mistake" data-index="(\d+)"', d)
    assert [int(i) for _, i in items] == [m["index"] for m in review["mistakes"]]
    marked = [int(i) for m, i in items if m]
    assert 1 <= len(marked) <= 3 and marked == sorted(review["mistakes"][i]["index"] for i in review["marked"])
    assert d.count('data-testid="coach-show"') == len(review["mistakes"])
    total = re.search(r'data-testid="coach-total">([0-9.]+) points', d)
    assert total is not None and float(total.group(1)) == pytest.approx(review["total"], abs=0.05)


def test_show_opens_the_replay_at_the_decision_with_what_was_played_and_the_advice() -> None:
    h = finished_hand(coach=True)
    review = reviews(h)[-1]["review"]
    m = max(review["mistakes"], key=lambda x: x["cost"])
    h.do("command", "coach-show", {"hand": 0, "index": m["index"]})
    a = h.app
    assert a.replays.replay is not None
    assert a.page.screen == "replay" and a.page.dialog is None and a.replays.replay["index"] == m["index"]
    frames = hand_frames(load_record(h.table.handle({"type": "record"})[0]["record"]), 0)["frames"]
    assert 'data-index="' + str(m["index"]) + '"' in h.html
    assert seat_cards(h.html) == dict(enumerate(frames[m["index"]]["hands"]))
    note = re.search(r'data-testid="coach-note">(.*?)</div>', h.html)
    assert note is not None and "Better:" in note.group(1)
    # the next step is what was played
    key(h, "ArrowRight")
    assert frames[m["index"] + 1]["action"] == m["played"]
    assert seat_cards(h.html) == dict(enumerate(frames[m["index"] + 1]["hands"]))


def test_the_coach_button_asks_for_a_review_when_the_setting_is_off() -> None:
    h = finished_hand(coach=False)
    assert not [m for m in h.sent if m["type"] == "review"]
    assert h.dialog is not None
    assert 'data-testid="coach-ask"' in h.dialog
    h.do("command", "coach", {"hand": 0})
    asked = [m for m in h.sent if m["type"] == "review"]
    assert asked and all(m == {"type": "review", "hand": 0} for m in asked)
    assert h.dialog is not None
    assert 'data-testid="coach-ask"' not in h.dialog and 'data-testid="coach"' in h.dialog
    h.do("command", "coach", {"hand": 0})  # asked once only
    assert len([m for m in h.sent if m["type"] == "review"]) == len(asked)


def test_the_coach_says_how_far_it_got_while_it_looks_at_the_hand() -> None:
    h = finished_hand(coach=False)
    h.deliver = False
    h.do("command", "coach", {"hand": 0})
    h.deliver_one(h.outbox.pop(0))  # the first few decisions looked at
    (progress,) = [m for m in h.received if m["type"] == "review-progress"]
    d = h.dialog
    assert d is not None and 'data-testid="coach-busy"' in d
    shown = re.search(r'data-testid="coach-progress" max="(\d+)" value="(\d+)"></progress> <span>([^<]*)</span>', d)
    assert shown is not None and (int(shown.group(2)), int(shown.group(1))) == (progress["done"], progress["of"])
    assert shown.group(3) == f"{progress['done']} of your {progress['of']} decisions"
    assert h.waiting() == [{"type": "review", "hand": 0}]  # asked to go on
    h.flush()
    assert 'data-testid="coach-busy"' not in (h.dialog or "") and reviews(h) and h.app.replays.reviewed == {}


def test_a_hand_played_as_the_expert_plays_it_costs_nothing_and_says_so() -> None:
    h = Harness()
    h.start()
    h.new_match("gin", ("ada",), seed=5, rules={"target": 200})
    for _ in range(400):
        if h.app.match.next in ("deal", "over"):
            break
        if h.app.match.next == "computer":
            h.run_opponents()
            continue
        h.do("command", "hint", {})
        hint = [m for m in h.received if m["type"] == "hint"][-1]
        assert h.app.match.view is not None
        h.perform([core.send(h.app, {"type": "act", "action": hint["action"], "step": h.app.match.view.step, "seat": 0})])
    assert h.app.match.next in ("deal", "over")
    h.score_card(details=True)
    h.do("command", "coach", {"hand": 0})
    review = reviews(h)[-1]["review"]
    assert review["mistakes"] == [] and review["total"] == 0
    assert h.dialog is not None
    assert 'data-testid="coach-none"' in h.dialog and ">0 points<" in h.dialog


def test_no_coach_for_people_sharing_the_device() -> None:
    h = Harness()
    h.start(settings=dict(h.app.page.settings, coach=True))
    h.app.setup.game = "gin"
    cfg = {"game": "gin", "opponents": [], "rules": {"target": 200}, "seed": 3,
           "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]}
    h.perform(table.start_match(h.app, cfg))
    rnd = random.Random(3)
    for _ in range(500):
        if h.app.match.next in ("deal", "over"):
            break
        if h.app.match.cover is not None:
            h.do("command", "ready", {})
        play_person(h, rnd)
    assert h.app.match.next in ("deal", "over")
    assert not [m for m in h.sent if m["type"] == "review"]
    h.score_card(details=True)
    assert 'data-testid="coach"' not in (h.dialog or "") and 'data-testid="replay-hand"' in (h.dialog or "")


def test_a_review_of_an_earlier_match_arriving_late_is_dropped() -> None:
    h = Harness(deliver=False)
    h.start(settings=dict(h.app.page.settings, coach=True))
    h.new_match("gin", ("ada",), seed=11, rules={"target": 200})
    h.flush()
    rnd = random.Random(11)
    for _ in range(2000):
        if h.app.match.next in ("deal", "over"):
            break
        if h.app.match.next == "computer":
            assert h.fire("advance")
        else:
            play_person(h, rnd)
        while h.outbox and h.app.match.next not in ("deal", "over"):
            h.deliver_one(h.outbox.pop(0))
    assert h.waiting() == [{"type": "review", "hand": 0}]
    h.new_match("gin", ("ada",), seed=12)  # before the engine has answered the review
    h.flush()
    assert [m for m in h.received if m["type"] in ("review", "review-progress")]
    assert h.app.replays.reviews == {} and h.app.replays.reviewed == {}
    assert len([m for m in h.sent if m["type"] == "review"]) == 1  # not asked to go on


# ---------------------------------------------------------------- the replay viewer


def test_the_viewer_steps_forwards_and_backwards_by_buttons_and_keys_with_every_hand_face_up() -> None:
    h = finished_hand()
    rec = h.table.handle({"type": "record"})[0]["record"]
    frames = hand_frames(load_record(rec), 0)["frames"]
    last = len(frames) - 1
    h.do("command", "replay-hand", {"hand": 0})
    a = h.app
    assert a.replays.replay is not None
    assert a.page.screen == "replay" and a.replays.replay["index"] == 0 and a.page.dialog is None

    def shows(i: int) -> None:
        assert a.replays.replay is not None
        assert a.replays.replay["index"] == i
        assert f'data-index="{i}"' in h.html and f"Step {i} of {last}" in h.html
        assert seat_cards(h.html) == dict(enumerate(frames[i]["hands"]))
        current = re.findall(r'data-index="(\d+)" aria-current="step"', h.html)
        assert current == [str(i)]

    shows(0)
    assert key(h, "ArrowLeft") == []  # nothing before the deal
    key(h, "ArrowRight")
    shows(1)
    h.do("command", "replay-next", {})
    shows(2)
    h.do("command", "replay-prev", {})
    shows(1)
    key(h, "End")
    shows(last)
    assert 'data-testid="replay-result"' in h.html
    assert key(h, "ArrowRight") == []
    key(h, "Home")
    shows(0)
    h.do("command", "replay-step", {"index": 3})
    shows(3)
    # the log has one line per position, each a step to jump to
    assert h.html.count('data-act="replay-step"') == len(frames)
    # other keys do nothing here (no move is queued for later)
    key(h, "d")
    assert a.match.pending is None and a.page.screen == "replay"
    key(h, "Escape")
    assert a.page.screen == "table" and a.replays.replay is None


def test_the_viewer_says_each_step_for_screen_readers() -> None:
    h = finished_hand()
    h.do("command", "replay-hand", {"hand": 0})
    key(h, "ArrowRight")
    assert re.match(r"Step 1 of \d+: ", h.announced[-1])


def test_a_hand_still_in_play_is_never_replayed() -> None:
    h = finished_hand(seed=4)
    h.do("command", "next", {})
    assert h.app.match.view is not None
    assert h.app.match.view.in_hand and len(h.app.match.view.results) == 1
    before = len(h.sent)
    h.do("command", "replay-hand", {"hand": 1})
    assert len(h.sent) == before and h.app.page.screen == "table"
    # and the engine refuses it anyway
    assert h.table.handle({"type": "replay", "hand": 1})[0]["code"] == "not-finished"


def test_the_scores_dialog_replays_any_finished_hand() -> None:
    h = finished_hand(seed=4)
    h.do("command", "next", {})
    play_hand(h, random.Random(4))
    h.do("command", "close", {})
    h.do("command", "scores", {})
    assert h.dialog is not None
    assert h.dialog.count('data-act="replay-hand"') == 2
    h.do("command", "replay-hand", {"hand": 0})
    assert h.app.replays.replay is not None
    assert h.app.replays.replay is not None
    assert h.app.page.screen == "replay" and h.app.replays.replay["data"]["hand"] == 0 and h.app.replays.replay["hands"] == 2
    h.do("command", "replay-pick", {"hand": 1})  # the viewer's own hand picker
    assert h.app.replays.replay is not None
    assert h.app.replays.replay["data"]["hand"] == 1 and 'aria-label="Hand 2" aria-current="true"' in h.html


def test_the_settings_dialog_turns_the_coach_on() -> None:
    h = Harness()
    h.start()
    h.do("command", "settings", {})
    assert h.dialog is not None
    assert 'name="coach"' in h.dialog and h.app.page.settings["coach"] is False
    h.do("change", "coach", "on", True)
    assert h.app.page.settings["coach"] is True and h.settings_saved[-1]["coach"] is True


# ---------------------------------------------------------------- records: export and import


def test_export_downloads_a_valid_record_of_the_finished_hands() -> None:
    h = finished_hand()
    h.do("command", "export-record", {})
    effects = [e for e in h.do("engine", h.table.handle({"type": "record"})[0]) if e[0] == "download"]
    assert not effects  # an answer nobody asked for is dropped
    h2 = finished_hand()
    h2.deliver = False
    h2.do("command", "export-record", {})
    assert h2.waiting() == [{"type": "record"}]
    answer = h2.answer(h2.outbox.pop())[0]
    effects = [e for e in h2.do("engine", answer) if e[0] == "download"]
    assert len(effects) == 1
    _, name, text = effects[0]
    assert name == "rummy-record-gin-1-hand.json"
    rec = load_record(text)
    assert rec["format"] == "rummy-record/1" and len(rec["hands"]) == 1 and rec["names"] == ["You", "Ada"]
    assert h2.dialog is not None
    assert "Saved as rummy-record-gin-1-hand.json." in h2.dialog


def good_record() -> dict[str, Any]:
    h = finished_hand(seed=4)
    return h.table.handle({"type": "record"})[0]["record"]  # type: ignore[no-any-return]


def test_a_pasted_record_plays_back_from_the_help_dialog() -> None:
    rec = good_record()
    h = Harness()
    h.start()
    h.do("command", "help", {})
    assert h.dialog is not None
    assert 'data-act="watch-record"' in h.dialog
    h.do("command", "watch-record", {})
    assert h.dialog is not None
    assert 'data-testid="record-text"' in h.dialog
    h.do("command", "record-paste", {"text": json.dumps(rec)})
    assert h.sent[-1] == {"type": "replay", "record": rec, "hand": 0}
    a = h.app
    assert a.replays.replay is not None
    assert a.page.screen == "replay" and a.replays.replay["source"] == "record" and a.page.dialog is None
    assert "a hand record" in h.html and "You, Ada" in h.html
    key(h, "End")
    assert 'data-testid="replay-result"' in h.html
    h.do("command", "replay-close", {})
    assert a.page.screen == "setup"  # no match in play: back where it was opened


def test_a_record_file_is_read_like_pasted_text() -> None:
    rec = good_record()
    h = Harness()
    h.start()
    h.do("command", "watch-record", {})
    assert h.do("command", "record-file", {}) == [("pick-record",)]
    h.do("command", "record-text", {"text": json.dumps(rec)})  # what the runner sends with the file's text
    assert h.app.replays.replay is not None
    assert h.app.page.screen == "replay" and h.app.replays.replay["source"] == "record"


@pytest.mark.parametrize("text,says", [
    ("{not json", "it is not valid JSON"),
    ("[1, 2]", "a hand record is a JSON object"),
    ("", "Paste a hand record first"),
])
def test_text_that_is_not_a_record_is_explained_by_the_page(text: str, says: str) -> None:
    h = Harness()
    h.start()
    h.do("command", "watch-record", {})
    before = len(h.sent)
    h.do("command", "record-paste", {"text": text})
    assert len(h.sent) == before and h.app.page.screen == "setup"
    assert h.dialog is not None
    assert 'data-testid="record-error"' in h.dialog and says in h.dialog


@pytest.mark.parametrize("damage", ["format", "deck", "action"])
def test_a_malformed_record_shows_the_engines_error_never_a_crash(damage: str) -> None:
    rec = good_record()
    if damage == "format":
        rec["format"] = "rummy-record/9"
    elif damage == "deck":
        rec["hands"][0]["deck"] = rec["hands"][0]["deck"][:-1]
    else:
        rec["hands"][0]["actions"][3] = "discard ZZ"
    h = Harness()
    h.start()
    h.do("command", "watch-record", {})
    h.do("command", "record-paste", {"text": json.dumps(rec)})
    answer = [m for m in h.received if m["type"] == "replay"][-1]
    assert answer["ok"] is False
    assert h.app.page.screen == "setup" and h.app.page.dialog == "watch"
    assert h.dialog is not None
    assert "This record cannot be watched: " + answer["error"].replace("'", "&#x27;") in h.dialog
    assert h.dialog is not None
    assert json.dumps(rec)[:40].replace('"', "&quot;") in h.dialog  # the pasted text stays to be fixed


# ---------------------------------------------------------------- past matches


def keeping(h: Harness) -> list[tuple[Any, ...]]:
    """The keep-match effects ``h`` performs from now on (a list that grows as they come)."""
    kept: list[tuple[Any, ...]] = []
    real = h.perform

    def perform(effects: list[tuple[Any, ...]]) -> None:
        kept.extend(e for e in effects if e[0] == "keep-match")
        real(effects)
    h.perform = perform  # type: ignore[method-assign]
    return kept


def finished_match(seed: int = 3) -> tuple[Harness, list[tuple[Any, ...]]]:
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=seed, rules={"target": 50})
    kept = keeping(h)
    play_match(h, random.Random(seed))
    return h, kept


def test_a_finished_match_is_kept_and_listed_after_a_reload_to_replay_any_hand() -> None:
    h, kept = finished_match()
    v = h.app.match.view
    assert v is not None and v.match is not None
    assert len(kept) == 1
    entry = kept[0][1]
    assert entry["game"] == "gin" and entry["final"] == list(v.match.final) and entry["hands"] == len(v.results)
    load_record(entry["record"])
    # the runner keeps it in storage; the next page load reads it back
    backend = P.FakeStorage()
    PageStore(backend, False, "tab-1").keep_match(entry, "2026-05-01 18:30")
    boot = PageStore(backend, False, "tab-2").boot("")
    assert boot["notices"] == [] and len(boot["past"]) == 1
    h2 = Harness()
    h2.start(**{k: boot[k] for k in ("settings", "stats", "past")})
    h2.do("command", "past-matches", {})
    assert h2.dialog is not None
    assert h2.dialog.count('data-testid="past-match"') == 1 and "2026-05-01 18:30" in h2.dialog
    assert h2.dialog is not None
    assert h2.dialog.count('data-act="past-replay"') == len(v.results)
    last = len(v.results) - 1
    h2.do("command", "past-replay", {"match": 0, "hand": last})
    a = h2.app
    assert a.replays.replay is not None
    assert a.page.screen == "replay" and a.replays.replay["source"] == "past" and a.replays.replay["data"]["hand"] == last
    assert a.replays.replay is not None
    assert a.replays.replay["hands"] == len(v.results)
    key(h2, "End")
    assert 'data-testid="replay-result"' in h2.html


def keeps_on_reload(record: dict[str, Any], past: list[Any]) -> tuple[Harness, list[tuple[Any, ...]]]:
    """A page opened on the saved ``record`` of a finished match, with ``past`` in its history: the keep-match
    effects it performs once its engine has resumed the match."""
    h = Harness()
    kept = keeping(h)
    h.start(match=record, past=past)
    return h, kept


def test_a_finished_match_whose_record_never_came_is_kept_when_its_save_is_opened_again() -> None:
    # The match ends; the page asks the engine for its record, and reloads before the answer is written.
    h, kept = finished_match()
    assert h.app.match.view is not None
    assert h.app.match.view.phase == "match-over" and len(kept) == 1
    record = h.saves[-1][1]
    h2, kept2 = keeps_on_reload(record, past=[])
    assert [m["type"] for m in h2.sent] == ["resume", "record"]
    assert len(kept2) == 1 and kept2[0][1]["record"] == kept[0][1]["record"]
    assert kept2[0][1]["final"] == kept[0][1]["final"] and kept2[0][1]["hands"] == kept[0][1]["hands"]
    # kept already: asked again, and the store keeps it once, where it was, with the time it ended
    backend = P.FakeStorage()
    PageStore(backend, False, "tab-1").keep_match(kept[0][1], "2026-05-01 18:30")
    boot = PageStore(backend, False, "tab-2").boot("")
    _, kept3 = keeps_on_reload(record, past=boot["past"])
    now = PageStore(backend, False, "tab-2").keep_match(kept3[0][1], "2026-05-02 09:00")
    assert len(now) == 1 and now[0]["when"] == "2026-05-01 18:30"


def test_the_past_matches_on_show_take_in_a_match_kept_meanwhile() -> None:
    _, kept = finished_match()
    h = Harness()
    h.start()
    h.do("command", "past-matches", {})
    assert h.dialog is not None
    assert 'data-testid="past-none"' in h.dialog
    h.do("past", [dict(kept[0][1], when="2026-05-01 18:30")])  # the runner's answer to keep-match
    assert h.dialog is not None
    assert h.app.page.dialog == "past" and h.dialog.count('data-testid="past-match"') == 1
    assert h.dialog is not None
    assert "2026-05-01 18:30" in h.dialog


def test_a_match_kept_while_another_dialog_is_open_leaves_that_dialog_alone() -> None:
    _, kept = finished_match()
    h = Harness()
    h.start()
    h.do("command", "watch-record", {})
    shown = h.dialog
    effects = h.do("past", [kept[0][1]])
    assert effects == [] and h.dialog == shown and h.app.page.dialog == "watch" and len(h.app.replays.past) == 1


def test_a_save_of_a_match_still_in_play_asks_no_record() -> None:
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3, rules={"target": 50})
    h2, kept = keeps_on_reload(h.saves[-1][1], past=[])
    assert h2.app.match.view is not None
    assert h2.app.match.view.phase != "match-over"
    assert [m["type"] for m in h2.sent] == ["resume"] and kept == []


def test_no_past_match_yet_says_so() -> None:
    h = Harness()
    h.start()
    h.do("command", "past-matches", {})
    assert h.dialog is not None
    assert 'data-testid="past-none"' in h.dialog


# ---------------------------------------------------------------- replay links


def test_base64url_round_trips_any_bytes() -> None:
    rnd = random.Random(1)
    for n in range(0, 40):
        data = bytes(rnd.randrange(256) for _ in range(n))
        text = replays.b64url(data)
        assert set(text) <= set(b64url.ALPHABET) and replays.from_b64url(text) == data
    with pytest.raises(ValueError):
        replays.from_b64url("a")
    with pytest.raises(ValueError):
        replays.from_b64url("ab!c")


def test_a_replay_link_holds_one_hand_and_opens_the_viewer() -> None:
    h = finished_hand(seed=4)
    h.do("command", "next", {})
    play_hand(h, random.Random(4))
    h.do("command", "replay-hand", {"hand": 1})
    h.do("command", "replay-link", {})
    assert h.app.page.dialog == "replay-link"
    url = h.app.replays.link_box["url"]
    assert h.dialog is not None
    assert url.startswith("./index.html#replay=") and url in h.dialog
    fragment = url.split("#", 1)[1]
    rec, why = replays.link_record(fragment[len("replay="):])
    assert why is None and rec is not None and len(rec["hands"]) == 1 and len(fragment) < 3000
    # the link's hand is hand 2 of the match, dealt by its dealer
    want = hand_frames(load_record(h.table.handle({"type": "record"})[0]["record"]), 1)["frames"]
    guest = Harness(engine_ready=False, deliver=False)
    guest.start(hash=fragment)
    assert guest.app.page.screen == "replay" and 'data-loading="true"' in guest.html
    guest.do("engine-status", "ready", {})
    guest.flush()
    a = guest.app
    assert a.replays.replay is not None
    assert a.page.screen == "replay" and a.replays.replay["source"] == "link" and a.replays.replay["hands"] == 1
    assert a.replays.replay is not None
    assert [f["hands"] for f in a.replays.replay["data"]["frames"]] == [f["hands"] for f in want]
    assert a.replays.replay is not None
    assert a.replays.replay["names"] == ["You", "Ada"]
    effects = guest.do("command", "replay-close", {})
    assert ("clear-fragment",) in effects and a.page.screen == "setup"


def test_copying_the_link_says_whether_it_worked() -> None:
    h = finished_hand()
    h.do("command", "replay-hand", {"hand": 0})
    h.do("command", "replay-link", {})
    assert h.do("command", "copy-replay-link", {}) == [("copy", h.app.replays.link_box["url"])]
    h.do("command", "copied", {"ok": True})
    assert h.dialog is not None
    assert 'data-testid="replay-link-status">Copied.<' in h.dialog


@pytest.mark.parametrize("fragment", ["replay=!!!", "replay=" + replays.b64url(b"[1,2]"),
                                      "replay=" + replays.b64url(b'{"format": "rummy-record/1", "game": "gin"}')])
def test_a_damaged_replay_link_says_so_and_the_game_goes_on(fragment: str) -> None:
    h = Harness()
    h.start(hash=fragment)
    a = h.app
    assert a.page.screen == "setup" and a.replays.replay is None and a.page.dialog == "notice"
    assert h.dialog is not None
    assert "This replay link cannot be opened" in h.dialog


# ---------------------------------------------------------------- a replay that cannot be shown


def refused(why: str) -> str:
    """How the page says the engine's ``why`` (escaped, one full stop)."""
    return why.rstrip(".").replace("'", "&#x27;") + "."


def test_a_past_hand_the_engine_cannot_rebuild_is_said_beside_its_button() -> None:
    rec = good_record()
    rec["hands"][0]["actions"][3] = "discard ZZ"
    entry = {"when": "2026-05-01 18:30", "game": "gin", "names": ["You", "Ada"], "final": [0, 0], "winner": None,
             "hands": 1, "record": rec}
    h = Harness()
    h.start(past=[entry])
    h.do("command", "past-matches", {})
    assert h.dialog is not None and 'data-testid="replay-problem"' not in h.dialog
    h.do("command", "past-replay", {"match": 0, "hand": 0})
    answer = [m for m in h.received if m["type"] == "replay"][-1]
    assert answer["ok"] is False
    a = h.app
    assert a.page.screen == "setup" and a.page.dialog == "past" and h.dialog is not None
    assert 'data-testid="replay-problem">This hand cannot be replayed: ' + refused(answer["error"]) in h.dialog
    assert h.announced[-1].startswith("This hand cannot be replayed: ")


def test_a_replay_this_page_cannot_read_is_said_in_the_dialog_or_the_viewer_that_asked() -> None:
    h = finished_hand(seed=4)
    h.do("command", "next", {})
    play_hand(h, random.Random(4))
    h.score_card(details=True)  # the replay is in the score card's details
    assert h.app.page.dialog == "end"

    def unreadable(act: str, hand: int) -> None:
        """Ask for ``hand``'s replay and answer it with positions this page cannot read."""
        h.deliver = False
        h.do("command", act, {"hand": hand})
        [answer] = h.answer(h.outbox.pop())
        h.deliver = True
        answer["replay"]["frames"][0]["hands"] = []
        h.do("engine", answer)

    unreadable("replay-hand", 1)
    assert h.app.page.screen == "table" and h.app.page.dialog == "end" and h.dialog is not None
    assert 'data-testid="replay-problem">This hand cannot be replayed: its positions cannot be read' in h.dialog
    # a hand that can be shown opens the viewer; another one that cannot is said there, the one on show stays
    h.do("command", "replay-hand", {"hand": 0})
    assert h.app.page.screen == "replay" and 'data-testid="replay-problem"' not in h.html
    unreadable("replay-pick", 1)
    assert h.app.replays.replay is not None
    assert h.app.page.screen == "replay" and h.app.replays.replay["data"]["hand"] == 0
    assert 'data-testid="replay-problem">This hand cannot be replayed: ' in h.html
    assert h.announced[-1].startswith("This hand cannot be replayed: ")
    h.do("command", "replay-close", {})
    h.do("command", "scores", {})
    assert h.dialog is not None and h.dialog.count('data-testid="replay-problem"') == 1  # Scores say it too, beside the hands


def test_a_replay_link_this_page_cannot_read_says_so_instead_of_opening_forever() -> None:
    rec = good_record()
    h = Harness(engine_ready=False, deliver=False)
    h.start(hash="replay=" + replays.b64url(json.dumps(rec).encode("utf-8")))
    assert 'data-loading="true"' in h.html
    h.do("engine-status", "ready", {})
    [answer] = h.answer(h.outbox.pop())
    answer["replay"]["frames"][-1]["scores"] = ["many"]
    effects = h.do("engine", answer)
    a = h.app
    assert a.page.screen == "setup" and a.replays.replay is None and 'data-loading="true"' not in h.html
    assert a.page.dialog == "notice" and h.dialog is not None
    assert "This replay link cannot be opened: its positions cannot be read" in h.dialog
    assert ("clear-fragment",) in effects  # a reload opens the game, not the same link again


def test_every_effect_of_the_replays_part_is_one_the_runner_performs() -> None:
    from pathlib import Path

    app = Path(__file__).resolve().parent.parent / "web" / "page" / "app"
    runner = (app / "runner.py").read_text()
    mine = (app / "replays.py").read_text()
    kinds = set(re.findall(r'\[?\(\s*"([a-z-]+)",?\)?', mine)) & {"send", "render", "dialog", "focus", "announce",
                                                                   "copy", "log", "download", "pick-record",
                                                                   "keep-match", "clear-fragment"}
    assert {"download", "pick-record", "keep-match", "clear-fragment"} <= kinds
    for k in kinds:
        assert f'"{k}"' in runner, f"the runner does not perform {k}"
