"""The table as a stage (web/page/app/stage.py), through the app wired to the worker's table
(tests/page_harness.py): a knock asked before it goes, with the engine's deadwood; a deal whose prompt and
buttons wait for its cards; the end of a hand laid out on the table, then the score card; celebrations."""

from __future__ import annotations

from page_harness import Harness

from web.page.app import views
from web.page.shared.cards import face_of, text_of


def to_a_knock(query: dict[str, str] | None = None, seed: int = 21, target: int = 500, gin: bool = False,
               settings: dict[str, object] | None = None) -> Harness:
    """A Gin match at the person's turn with a knock legal (``gin``: with a gin in hand; a computer plays the
    person's seat until then)."""
    h = Harness()
    h.start(query={"debug": "autoplay", **(query or {})}, settings=dict(h.app.page.settings, **(settings or {})))
    h.new_match("gin", ("pip",), seed=seed, rules={"target": target})
    for _ in range(3000):
        v = h.app.match.view
        assert v is not None  # a match at the table
        if v.turn == 0 and "knock" in v.kinds() and (not gin or h.app.match.hint.get("after_discard") == 0):
            break
        assert h.fire("advance") or h.fire("deal")
    h.app.page.autoplay = False
    h.timers.clear()
    return h


def test_a_knock_is_asked_with_the_deadwood_the_engine_gives_then_sent():
    h = to_a_knock()
    a = h.app
    v = a.match.view
    best = a.match.hint["best_knock"]
    card = best.split(" ")[1]
    sent = len(h.sent)
    h.do("command", "knock", {})
    assert len(h.sent) == sent  # nothing goes yet
    dw = a.match.hint["knocks"][card]
    assert dw == a.match.hint["after_discard"]  # the best knock leaves the least deadwood
    from web.page.shared.cards import card_of

    question = "Knock with " + face_of(card_of(card)) + "?"
    assert question in h.html and "Deadwood " + str(dw) in h.html and 'data-testid="knock-confirm"' in h.html
    assert 'class="card in-hand' in h.html and "knocking" in h.html  # the card to knock with stands out
    assert 'data-key="act-discard"' not in h.html  # the question takes the action buttons' place
    # the question is said to a screen reader, the card in words
    assert h.announced[-1].startswith("Knock with ") and "Deadwood " + str(dw) in h.announced[-1]
    # the confirmation's Knock: the knock goes, and the engine counts the same deadwood
    h.do("command", "knock", {})
    assert h.sent[-1] == {"type": "act", "action": best, "step": v.step, "seat": 0}
    r = a.match.view.results[-1]
    assert r.knock is not None and r.knock.knocker == 0 and r.knock.deadwood[0] == dw


def test_not_yet_escape_and_another_click_take_the_question_back():
    h = to_a_knock()
    a = h.app
    sent = len(h.sent)
    h.do("command", "knock", {})
    assert 'data-testid="knock-confirm"' in h.html
    effects = h.do("command", "knock-no", {})
    assert ("focus", "[data-act=knock]") in effects
    assert 'data-testid="knock-confirm"' not in h.html and 'data-key="act-knock"' in h.html
    # Escape takes it back too
    h.do("command", "knock", {})
    h.do("key", "Escape", {"card_pos": None, "in_dialog": False, "shift": False})
    assert 'data-testid="knock-confirm"' not in h.html
    # so does selecting a card: the knock asked about is not the one the person now means
    h.do("command", "knock", {})
    h.do("command", "card", {"pos": 0})
    assert 'data-testid="knock-confirm"' not in h.html
    assert len(h.sent) == sent and a.match.view.phase == "play"


def test_k_twice_knocks_with_the_selected_card_and_its_own_deadwood():
    h = to_a_knock()
    a = h.app
    v = a.match.view
    knocks = v.moves("knock")
    chosen = knocks[-1]  # the knock leaving the most deadwood, when there are several
    card = chosen.cards[0]
    a.match.selected = {a.match.order.index(card)}
    ctx = {"card_pos": None, "in_dialog": False, "shift": False}
    h.do("key", "k", ctx)
    assert "Knock with " + face_of(card) + "?" in h.html
    assert "Deadwood " + str(a.match.hint["knocks"][text_of(card)]) in h.html
    h.do("key", "k", ctx)
    assert h.sent[-1]["action"] == chosen.text


def test_a_card_dragged_onto_knock_is_the_one_asked_about():
    h = to_a_knock()
    a = h.app
    v = a.match.view
    h.do("command", "knock", {})  # asked about the best knock
    other = next(m for m in v.moves("knock") if m.text != a.match.hint["best_knock"])
    sent = len(h.sent)
    h.do("drop", "hand", a.match.order.index(other.cards[0]), "knock")  # then another card dragged onto Knock
    assert len(h.sent) == sent and "Knock with " + face_of(other.cards[0]) + "?" in h.html
    h.do("command", "knock", {})
    assert h.sent[-1]["action"] == other.text


def test_a_question_from_an_older_step_sends_nothing():
    h = to_a_knock()
    a = h.app
    h.do("command", "knock", {})
    a.stage.confirm = dict(a.stage.confirm, step=a.match.view.step - 1)  # the table moved on meanwhile
    assert 'data-testid="knock-confirm"' not in views.screen_html(a)
    sent = len(h.sent)
    h.do("command", "knock", {})  # asked again, for this step
    assert len(h.sent) == sent and 'data-testid="knock-confirm"' in h.html


def test_at_instant_speed_the_end_is_drawn_at_once_and_the_score_card_opens():
    h = to_a_knock({"speed": "0"})
    h.do("command", "knock", {})
    h.do("command", "knock", {})
    assert not [t for t in h.timers if t[0] == "stage"]
    assert 'data-stage="done"' in h.html and 'data-testid="spread-0"' in h.html and 'data-testid="spread-1"' in h.html
    assert h.dialog is not None and 'data-testid="score-card"' in h.dialog
    # Next hand comes first; the details are one tap away
    assert h.dialog.index("Next hand") < h.dialog.index("Details")
    assert 'data-testid="score-sheet"' not in h.dialog
    h.do("command", "details", {})
    assert 'data-testid="score-sheet"' in h.dialog and "Melds" in h.dialog


def test_the_staged_end_can_be_skipped_with_show_result():
    h = to_a_knock()
    h.do("command", "knock", {})
    h.do("command", "knock", {})
    assert h.dialog is None and 'data-stage="show"' in h.html and "Show result" in h.html
    h.do("command", "show-result", {})
    assert 'data-stage="done"' in h.html and h.dialog is not None and 'data-testid="score-card"' in h.dialog
    assert not h.fire("stage") or 'data-stage="done"' in h.html  # the stage's timer is spent


def test_a_deal_waits_for_its_cards_before_the_prompt_and_the_buttons():
    h = Harness(land=False)  # the cards land when the runner or the timer says so
    h.start()
    h.new_match("gin", ("rex",), seed=3)  # the person plays first: the upcard is offered
    a = h.app
    assert a.match.view.turn == 0
    assert 'data-dealing="true"' in h.html and ">Dealing…<" in h.html
    assert 'data-key="act-pass"' in h.html and 'data-act="pass" data-key="act-pass" aria-keyshortcuts="P" ' \
        'aria-label="Pass" disabled' in h.html
    effects = h.do("landed", "deal")
    assert 'data-dealing="false"' in h.html and "Your turn" in h.html
    assert 'aria-label="Pass" disabled' not in h.html
    assert ("focus", ".hand .card") in effects
    # a second report changes nothing; nor does the timer kept in case the report never came
    assert h.do("landed", "deal") == []
    assert h.fire("stage-dealt") and "Your turn" in h.html


def test_the_engines_table_of_the_pages_own_deal_leaves_the_cards_flying():
    from test_page_app import seed_where

    h = Harness(engine_ready=False, deliver=False, land=False)
    h.start()
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, True))
    assert h.app.match.dealt_here and ">Dealing…<" in h.html
    drawn, motions = h.html, len(h.motions)
    h.do("engine-status", "ready", {})
    h.flush()  # the engine's table: the very same cards, while they fly
    assert not h.app.match.dealt_here and h.app.stage.dealing is not None
    assert h.html == drawn and len(h.motions) == motions  # not drawn: a drawing would finish every flight
    h.do("landed", "deal")
    assert "Your turn" in h.html and ">Dealing…<" not in h.html and "Rex dealt." in h.html


def test_the_next_hand_the_engine_deals_waits_for_its_cards_too():
    h = to_a_knock({"speed": "0"})
    h.do("command", "knock", {})
    h.do("command", "knock", {})
    h.app.page.speed_q = None  # the cards move again for the next deal
    h.app.page.settings["speed"] = "normal"
    h.land = False  # the cards land when the runner says so
    h.do("command", "next", {})
    v = h.app.match.view
    assert v.in_hand and v.hand_number == 2 and h.motions[-1].get("deal")
    assert 'data-dealing="true"' in h.html and ">Dealing…<" in h.html and 'data-stage=""' in h.html
    h.do("landed", "deal")
    assert 'data-dealing="false"' in h.html and ">Dealing…<" not in h.html


def test_the_deal_timer_stands_in_when_the_runner_never_says():
    h = Harness(land=False)  # the cards land when the runner or the timer says so
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    assert ">Dealing…<" in h.html
    assert h.fire("stage-dealt")
    assert "Your turn" in h.html and 'data-dealing="false"' in h.html


def test_no_dealing_at_instant_speed_or_under_reduced_motion():
    for boot in ({"query": {"speed": "0"}}, {"reduced_motion": True}):
        h = Harness(land=False)
        h.start(**boot)
        h.new_match("gin", ("rex",), seed=3)
        assert 'data-dealing="false"' in h.html and "Your turn" in h.html
        assert not [t for t in h.timers if t[0] == "stage-dealt"]


def test_rummy_going_out_is_laid_out_then_counted():
    import random

    from test_page_app import play_person

    h = Harness()
    h.start()
    h.new_match("rummy", ("mel",), seed=4, rules={"target": 500})
    rnd = random.Random(4)
    for _ in range(3000):
        m = h.app.match
        if m.next in ("deal", "over"):
            break
        if m.next == "computer":
            h.run_opponents()
        else:
            play_person(h, rnd)
    v = h.app.match.view
    r = v.results[-1]
    assert h.dialog is None and 'data-stage="show"' in h.html
    loser = 1 - r.winner if r.winner is not None else 1
    assert 'data-testid="spread-' + str(loser) + '"' in h.html
    assert h.fire("stage") and 'data-stage="count"' in h.html  # no lay-offs to show in Rummy
    assert 'data-testid="deadwood-' + str(loser) + '" style="--to:' + str(r.values[loser]) in h.html
    assert h.fire("stage") and h.dialog is not None and 'data-testid="score-card"' in h.dialog


def test_a_won_match_and_a_gin_are_celebrated_for_the_person_only():
    from web.page.app import stage
    from web.page.shared.viewdata import read_view

    h = to_a_knock({"speed": "0"})
    a = h.app
    doc = a.match.view_doc
    v = read_view(doc)
    r = dict(doc["view"])
    result = {"hand": 0, "dealer": 1, "end": "gin", "winner": 0, "points": [30, 0], "totals": [30, 0],
              "hands": [[], []], "detail": "Gin.", "knock": None, "values": [], "table": []}
    r.update(phase="match-over", results=[result],
             match={"final": [130, 0], "winner": 0, "hands_won": [1, 0],
                    "bonuses": [{"game": 100, "line": 0, "shutout": 0}, {"game": 0, "line": 0, "shutout": 0}],
                    "hands": 1})
    v = read_view(dict(doc, view=r))
    from web.page.shared.viewdata import Result

    res = Result(result, "r", 2)
    assert stage.hand_celebration(a, v, res) == "gin" and stage.match_won(a, v)
    lost = Result(dict(result, winner=1), "r", 2)
    assert stage.hand_celebration(a, v, lost) == ""
    assert stage.celebrate_match(a)[0] == ("celebrate", "match", "#rm-dialog")
    a.page.settings["sound"] = False
    assert [e for e in stage.celebrate_match(a) if e[0] == "sound"] == []


def test_a_gin_is_celebrated_on_the_table_then_on_the_score_card():
    h = to_a_knock(seed=2, gin=True)
    sounds = len(h.sounds)
    h.do("command", "gin", {})
    r = h.app.match.view.results[-1]
    assert r.end == "gin" and r.winner == 0
    # confetti from the person's hand laid out, a ribbon on it, the gin's sound
    assert h.celebrations == [("gin", "[data-testid=spread-0]")]
    assert 'data-testid="spread-0"' in h.html and 'data-testid="celebration">Gin!<' in h.html
    assert "gin" in [s[0] for s in h.sounds[sounds:]]
    h.score_card()
    assert h.dialog is not None and '<p class="ribbon big" data-testid="celebration">Gin!</p>' in h.dialog
    assert h.celebrations == [("gin", "[data-testid=spread-0]")]  # once: the hand is not the match


def test_an_opponents_knock_is_not_celebrated():
    h = to_a_knock({"speed": "0"}, seed=21)
    h.do("command", "knock", {})
    h.do("command", "knock", {})
    assert h.app.match.view.results[-1].end == "knock" and h.celebrations == []
    assert 'data-testid="celebration"' not in h.html and 'data-testid="celebration"' not in (h.dialog or "")


def test_a_won_match_has_its_fanfare_when_the_score_card_opens():
    h = to_a_knock(seed=21, target=1)
    sounds = len(h.sounds)
    h.do("command", "knock", {})
    h.do("command", "knock", {})
    v = h.app.match.view
    assert v.phase == "match-over" and v.match.winner == 0
    # the hand's end is laid out first, with the hand's win; the match is celebrated once its card opens
    assert [s[0] for s in h.sounds[sounds:]] == ["knock", "win"] and h.celebrations == []
    h.score_card()
    assert h.celebrations == [("match", "#rm-dialog")]
    assert h.sounds[-1][0] == "fanfare" and 'class="match-over won"' in h.dialog


def test_at_instant_speed_the_fanfare_takes_the_wins_place_and_the_sound_setting_silences_it():
    h = to_a_knock({"speed": "0"}, seed=21, target=1)
    sounds = len(h.sounds)
    h.do("command", "knock", {})
    h.do("command", "knock", {})
    assert [s[0] for s in h.sounds[sounds:]] == ["knock", "fanfare"]
    assert h.celebrations == [("match", "#rm-dialog")]  # web/bridge.js throws no confetti at this speed
    quiet = to_a_knock({"speed": "0"}, seed=21, target=1, settings={"sound": False})
    quiet.do("command", "knock", {})
    quiet.do("command", "knock", {})
    assert quiet.sounds == [] and quiet.celebrations == [("match", "#rm-dialog")]
