"""The table app (web/page/app), in CPython: ``App.update`` for every kind of message, wired to the worker's
table through JSON as in the browser (tests/page_harness.py). No browser, no timing: timers fire when a test
says so."""

from __future__ import annotations

import json
import random
import re

import pytest
from page_harness import CATALOG, Harness, saved_game

from web.page.app import core, hand
from web.page.app.model import App
from web.page.app.setup import Catalog
from web.page.app.text import card_words
from web.page.shared.cards import text_of


def play_person(h: Harness, rnd: random.Random) -> None:
    """The person makes one legal move, as a person would: select the card, press the button."""
    a = h.app
    v = a.match.view
    assert v is not None
    m = rnd.choice(v.legal)
    if m.kind in ("discard", "knock"):
        a.match.selected = {a.match.order.index(m.cards[0])}
        h.do("command", m.kind, {})
        if m.kind == "knock":  # asked first: the confirmation's Knock
            h.do("command", "knock", {})
    elif m.kind == "meld":
        a.match.selected = {a.match.order.index(c) for c in m.hand_cards()}
        h.do("command", "meld", {})
    elif m.kind in ("layoff", "swap"):
        a.match.selected = {a.match.order.index(m.hand_cards()[0])}
        h.do("command", "meld-target", {"meld": m.meld})
    else:
        act = {"draw stock": "draw", "draw discard": "take", "pass": "pass", "big gin": "biggin"}[m.kind]
        h.do("command", act, {})


def play_match(h: Harness, rnd: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        a = h.app
        if a.match.next == "computer":
            h.run_opponents()
        elif a.match.next == "deal":
            h.do("command", "next", {})
        elif a.match.next == "over":
            return
        else:
            assert a.match.view is not None
            before = a.match.view.step
            play_person(h, rnd)
            assert a.match.view.step > before or a.page.level == "error", a.page.message
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game,opponents,seed", [("gin", ("rex",), 3), ("rummy", ("mel", "dot"), 4),
                                                 ("rummy", ("tilly",), 5)])
def test_whole_matches_through_the_app(game, opponents, seed):
    h = Harness()
    h.start()
    h.new_match(game, opponents, seed=seed, rules={"target": 60} if game == "rummy" else {"target": 50})
    play_match(h, random.Random(seed))
    a = h.app
    assert a.match.view.phase == "match-over" and a.match.view.match is not None
    # every hand and the match counted in the statistics once
    hands = [op for op in h.stats_ops if op[0] == "hand"]
    assert len(hands) == len(a.match.view.results)
    assert [op for op in h.stats_ops if op[0] == "match"] == [("match", [game, list(opponents), list(a.match.view.match.final),
                                                                          a.match.view.match.winner, False, 0, "", False])]
    # the match was saved after every move, and the last save is the end of the match
    assert h.saves and saved_game(h.saves[-1][1]).phase == "match-over"
    assert "match-over" in h.html and 'data-testid="score-sheet"' not in h.html  # the sheet is in the dialog
    # the last hand is laid out on the table first; its score card opens when the last step has been shown
    assert h.dialog is None and 'data-stage="show"' in h.html and 'data-testid="spread-0"' in h.html
    while h.fire("stage"):
        pass
    assert 'data-stage="done"' in h.html
    assert h.dialog is not None and "Match over." in h.dialog and 'data-testid="score-card"' in h.dialog


def test_a_double_click_on_draw_sends_one_move_and_says_nothing_wrong():
    h = Harness(deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=7)
    h.flush()
    while h.app.match.next == "computer":
        assert h.fire("advance")
        h.flush()
    a = h.app
    if a.match.view.phase == "first-upcard":
        h.do("command", "pass", {})
        h.flush()
        while a.match.next == "computer":
            assert h.fire("advance")
            h.flush()
    assert a.match.view.phase == "draw" and a.match.view.turn == 0
    sent = len(h.sent)
    h.do("command", "draw", {})
    h.do("command", "draw", {})  # the second click arrives before the engine answered
    assert len(h.sent) == sent + 1
    h.flush()
    assert a.match.view.phase == "play" and a.page.level != "error" and a.page.message == ""


def test_a_double_click_on_next_hand_deals_once():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=11)
    rnd = random.Random(1)
    while h.app.match.next != "deal":
        if h.app.match.next == "computer":
            h.run_opponents()
        else:
            play_person(h, rnd)
    hand = h.app.match.view.hand_number
    h.deliver = False
    h.do("command", "close", {})  # "View the table", then the toolbar's Next hand, twice
    h.do("command", "next", {})
    h.do("command", "next", {})
    assert [m["type"] for m in h.outbox] == ["deal"]
    h.flush()
    assert h.app.match.view.hand_number == hand + 1
    assert h.app.match.view.phase == "first-upcard" and len(h.app.match.view.discard) == 1  # nobody passed the new upcard


def test_a_move_from_an_older_view_is_ignored():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=5)
    h.run_opponents()
    step = h.app.match.view.step
    before = h.table.game.to_dict()
    replies = h.table.handle({"type": "act", "action": "pass", "step": step - 1})
    assert replies == [{"type": "stale", "step": step}]
    assert h.table.game.to_dict() == before
    h.do("engine", replies[0])
    assert h.app.match.view.step == step


def test_refusals_are_worded_from_their_code_not_their_text():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    a = h.app
    # an engine refusal of "not your turn" is said with the names the page knows
    h.do("engine", {"type": "refused", "code": "not-your-turn", "message": "whatever the engine says",
                    "params": {"turn": 1}, "step": a.match.view.step})
    if a.match.view.turn == 1:
        assert a.page.message == "It is not your turn: Rex is playing."
    # any other refusal shows the engine's reason (cards in symbols, seats by name)
    h.do("engine", {"type": "refused", "code": "knock-too-high", "message": "After discarding 7H seat 1 has 12",
                    "params": {}, "step": a.match.view.step})
    assert a.page.message == "After discarding 7♥ Rex has 12" and a.page.level == "error"
    # a refusal of an older step is not shown
    h.do("engine", {"type": "refused", "code": "draw-first", "message": "late", "params": {},
                    "step": a.match.view.step - 1})
    assert a.page.message == "After discarding 7♥ Rex has 12"


def test_an_illegal_move_is_explained_by_the_engine_and_changes_nothing():
    h = Harness()
    h.start()
    h.new_match("rummy", ("mel",), seed=21)
    h.run_opponents()
    a = h.app
    h.do("command", "draw", {})
    h.run_opponents()
    if a.match.view.turn != 0 or a.match.view.phase != "play":
        pytest.skip("the deal put the person elsewhere")
    step = a.match.view.step
    a.match.selected = {0, 1, len(a.match.order) - 1}
    bad = sorted(hand.selected_cards(a))
    if any(sorted(m.hand_cards()) == bad for m in a.match.view.moves("meld")):
        pytest.skip("those cards meld")
    h.do("command", "meld", {})
    assert a.page.level == "error" and ("not a meld" in a.page.message or "don't" in a.page.message)
    assert a.match.view.step == step and h.received[-1]["type"] == "refused"


def test_a_command_before_the_engine_is_ready_is_done_once_it_is():
    h = Harness(engine_ready=False, deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=8)
    h.flush()  # the engine answers the new match
    a = h.app
    while a.match.next == "computer":
        assert h.fire("advance")
        h.flush()
    # a reload: the saved table is drawn at once, before the engine is up
    record = h.saves[-1][1]
    h2 = Harness(engine_ready=False, deliver=False)
    h2.table = h.table  # the same engine state (the worker restarted on the same save)
    h2.start(match=record)
    b = h2.app
    assert b.match.view is not None and b.match.view.step == a.match.view.step and "data-testid=\"hand\"" in h2.html
    assert 'Getting the game ready' in h2.html
    first = b.match.view.legal[0]
    act = {"draw stock": "draw", "draw discard": "take", "pass": "pass"}[first.kind]
    h2.do("command", act, {})
    h2.do("command", act, {})
    assert b.page.message == "Getting the game ready…"
    assert [m["type"] for m in h2.outbox] == ["resume"]
    h2.flush()  # the engine resumes, then the queued command is done, once
    acts = [m for m in h2.sent if m["type"] == "act"]
    assert len(acts) == 1 and acts[0]["action"] == first.text


def test_a_dead_engine_is_restarted_from_the_last_save():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=2)
    effects = h.do("engine-status", "failed", {"error": "out of memory"})
    assert ("restart-engine",) in effects
    assert h.sent[-1]["type"] == "resume" and h.sent[-1]["save"] == h.saves[-1][1]["save"]
    assert h.app.match.engine == "ready" and h.app.match.restarts == 0  # it answered from the save


def test_a_stalled_engine_is_restarted():
    h = Harness(deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=2)
    h.flush()
    h.do("engine-status", "ready", {})
    assert h.app.match.next == "computer"
    assert h.fire("advance")  # the opponent's move is asked for, and no answer comes
    assert h.outbox[-1]["type"] == "advance"
    effects = h.do("tick", "stall", h.ids[-1])  # the watchdog of the request in flight
    assert ("restart-engine",) in effects
    assert h.sent[-1]["type"] == "resume"


def test_a_save_the_engine_refuses_is_set_aside():
    h = Harness()
    damaged = {"format": "rummy-table", "version": 1, "game": {"format": "rummy-game", "version": 1}, "table": {}}
    record = {"save": json.dumps(damaged), "config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 1},
              "meta": {"names": ["You", "Rex"], "counted": 0, "match_counted": False, "log": []},
              "view": None, "orders": [[], []]}
    h.start(match=record)
    assert h.set_aside and h.set_aside[0][0] == ""
    assert h.app.page.screen == "setup" and "could not be read" in h.dialog


def test_melds_first_in_gin_then_rummy_sorts_by_suit_and_shows_it():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    h.do("command", "sort", {"sort": "melds"})
    assert 'data-sort="melds" data-key="sort-melds" aria-pressed="true"' in h.html
    h.new_match("rummy", ("mel",), seed=4)
    h.do("render",) if False else h.perform([("render",)])
    a = h.app
    assert a.match.order == sorted(a.match.order)  # by suit
    assert 'data-sort="suit" data-key="sort-suit" aria-pressed="true"' in h.html


def test_the_message_line_keeps_its_place():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    core.say(h.app, "")
    h.perform([("render",)])
    assert re.search(r'<p class="message [^"]*" data-testid="message"', h.html)


def test_the_game_choices_keep_focus_keys():  # the runner puts focus back by data-key
    h = Harness()
    h.start()
    assert 'data-key="play-gin"' in h.html and 'data-key="setup-choose"' in h.html
    h.do("command", "setup-choose", {})
    assert 'data-key="f-game-gin"' in h.html and 'data-key="f-game-rummy"' in h.html


def spread_of(html: str, seat: int) -> str:
    """The table's spread of one seat's cards at the end of a hand."""
    return html.split('data-testid="spread-' + str(seat) + '"')[1].split("</section>")[0]


def test_knock_words_are_true_and_lay_offs_fly_onto_the_numbered_melds():
    from web.page.app.text import describe_event
    from web.page.shared.viewdata import Event

    e = Event({"kind": "knock", "seat": 1, "card": "4S", "cards": [], "wild": [], "meld": 0, "count": 0}, "e")
    assert describe_event(e, ["You", "Ada"]) == "Ada knocked, discarding 4♠"
    h = Harness()
    h.start()
    # find a knock with a lay-off: play seeded matches of two knocking bots through the table
    for seed in range(40):
        h.new_match("gin", ("rex",), seed=seed)
        rnd = random.Random(seed)
        while h.app.match.next not in ("deal", "over"):
            if h.app.match.next == "computer":
                h.run_opponents()
            else:
                v = h.app.match.view
                moves = v.moves("knock") or v.moves("discard") or v.legal
                m = moves[0] if v.moves("knock") else rnd.choice(moves)
                if m.kind in ("discard", "knock"):
                    h.app.match.selected = {h.app.match.order.index(m.cards[0])}
                    h.do("command", m.kind, {})
                    if m.kind == "knock":
                        h.do("command", "knock", {})
                else:
                    play_person(h, rnd)
        r = h.app.match.view.results[-1]
        if r.knock is None or not r.knock.layoffs:
            continue
        k = r.knock
        defender = 1 - k.knocker
        card, meld = k.layoffs[0]
        key = 'data-card="' + text_of(card) + '"'
        # on the table: first the hands spread out, the lay-off still in the defender's deadwood...
        assert h.dialog is None and 'data-stage="show"' in h.html
        assert key in spread_of(h.html, defender) and key not in spread_of(h.html, k.knocker)
        assert 'class="count pending"' in h.html  # not counted yet
        # ... then it goes onto the knocker's meld, one lay-off a step
        assert h.fire("stage")
        assert 'data-stage="layoff"' in h.html
        assert key in spread_of(h.html, k.knocker) and key not in spread_of(h.html, defender)
        while 'data-stage="layoff"' in h.html:
            assert h.fire("stage")
        # the deadwood counted, then the score card
        assert 'data-stage="count"' in h.html and 'data-testid="deadwood-' + str(defender) + '" style="--to:' + \
            str(k.deadwood[defender]) in h.html
        assert h.fire("stage")
        assert h.dialog is not None and 'data-testid="score-card"' in h.dialog and "Next hand" in h.dialog
        # the details, one tap away, draw the lay-offs on the numbered melds
        h.do("command", "details", {})
        html = h.dialog
        knocker = core.names(h.app)[k.knocker]
        section = html.split('aria-label="' + knocker + '"')[1].split("</section>")[0]
        assert 'data-testid="laid-' + str(meld) + '"' in section
        assert '<span class="muted">' + str(meld) + ".</span>" in section
        assert 'data-testid="score-sheet"' in html
        h.do("command", "score-card", {})
        assert 'data-testid="score-card"' in h.dialog
        return
    pytest.fail("no knock with a lay-off in 40 seeded hands")


def test_a_drop_on_nothing_says_where_a_card_can_go():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    h.do("drop", "hand", 0, "")
    assert h.app.page.level == "error" and "Drop a card on the discard pile" in h.app.page.message


def test_an_opponents_discard_is_shown_at_once_from_its_seat():
    h = Harness()
    h.start()
    h.new_match("rummy", ("mel", "dot"), seed=6)
    rnd = random.Random(6)
    seen = 0
    for _ in range(200):
        if h.app.match.next in ("deal", "over") or seen >= 4:
            break
        if h.app.match.next == "you":
            play_person(h, rnd)
            continue
        h.fire("advance")
        last = h.received[-1]
        discards = [e for e in last["events"] if e["kind"] == "discard"]
        if discards:
            seat = discards[-1]["seat"]
            # the card flies onto the pile from that opponent's hand (web.page.app.motion)
            assert h.motions[-1]["from"].get(discards[-1]["card"]) == f"[data-testid=opponent-{seat}] .fan"
            top = h.app.match.view.top_discard
            assert text_of(top) == discards[-1]["card"]
            assert "top card " in h.html and h.app.match.view.discard[-1] == top
            seen += 1
    assert seen


def test_docs_name_each_opponents_tier_as_the_game_does():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "ui.md").read_text(encoding="utf-8")
    for game in ("gin", "rummy"):
        for p in CATALOG.roster(game):
            pattern = r"\b" + p["name"] + r"\b[^.\n]*?\b(beginner|casual|skilled|expert)\b"
            for m in re.finditer(pattern, text, re.IGNORECASE):
                assert m.group(1).lower() == p["tier"], (p["name"], m.group(0))


def test_starting_a_new_game_during_a_match_asks_and_counts_it_abandoned():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    h.do("command", "new", {})
    h.do("command", "start", {})
    assert h.app.page.dialog == "confirm-new" and "Start a new match?" in h.dialog
    assert not [op for op in h.stats_ops if op[0] == "abandoned"]
    h.do("command", "confirm-new", {})
    assert [op[0] for op in h.stats_ops if op[0] == "abandoned"] == ["abandoned"]
    assert h.sent[-1]["type"] == "new" and h.app.match.view is not None and h.app.match.view.hand_number == 1


def test_keys_map_to_the_same_commands_as_buttons():
    h = Harness(deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=13)
    h.flush()
    while h.app.match.next == "computer":
        h.fire("advance")
        h.flush()
    v = h.app.match.view
    kinds = v.kinds()
    if "pass" in kinds:
        h.do("key", "p", {"card_pos": None, "in_dialog": False, "shift": False})
        assert h.waiting()[-1] == {"type": "act", "action": "pass", "step": v.step, "seat": 0}
    h.outbox.clear()
    h.app.match.waiting = None
    # a shortcut for a button that is off says why, without sending anything
    h.do("key", "k", {"card_pos": None, "in_dialog": False, "shift": False})
    assert not h.outbox and h.app.page.level == "error"
    # arrows move between cards; shift+arrows reorder and keep the order
    order = list(h.app.match.order)
    h.do("key", "ArrowRight", {"card_pos": 0, "in_dialog": False, "shift": True})
    assert h.app.match.order[:2] == [order[1], order[0]] and h.app.page.settings["sort"] == "custom"


def test_every_effect_kind_the_app_returns_is_one_the_runner_performs():
    from pathlib import Path

    runner = (Path(__file__).resolve().parent.parent / "web" / "page" / "app" / "runner.py").read_text()
    app = Path(__file__).resolve().parent.parent / "web" / "page" / "app"
    parts = ("model", "core", "table", "hand", "prefs", "learn", "replays", "online", "host", "guest")
    model = "".join((app / f"{name}.py").read_text() for name in parts)
    kinds = set(re.findall(r'\(\s*"([a-z-]+)",', model)) - {"start", "engine", "command", "key", "drop", "change",
                                                             "tick", "tab", "engine-status", "dialog-closed"}
    effects = {k for k in kinds if k in ("send", "render", "timer", "announce", "focus", "dialog", "save-match",
                                          "save-settings", "stats", "set-aside-match", "look", "copy", "export",
                                          "import", "restart-engine", "log", "claim-tab", "download-aside",
                                          "download-game", "import-apply", "motion", "sound")}
    assert {"motion", "sound"} <= effects
    for k in effects:
        assert f'"{k}"' in runner, f"the runner does not perform {k}"


def test_every_page_message_the_app_sends_passes_the_protocol_check():
    from web.page.shared.protocol import page_message_problem

    h = Harness()
    h.start()
    h.new_match("rummy", ("mel", "dot"), seed=17, rules={"target": 40})
    play_match(h, random.Random(17))
    for m in h.sent:
        assert page_message_problem(m) is None, m


def test_app_state_is_plain_data():
    a = App(CATALOG)
    json.dumps(a.page.settings)
    json.dumps(a.match.meta)


def test_autoplay_plays_whole_matches_with_no_person():
    h = Harness()
    h.start(query={"debug": "autoplay"})
    h.new_match("gin", ("rex",), seed=12, rules={"target": 40})
    for _ in range(5000):
        if h.app.match.next == "over":
            break
        assert h.fire("advance") or h.fire("deal"), h.app.match.next
    assert h.app.match.view.phase == "match-over"
    assert not [m for m in h.sent if m["type"] == "act"]  # every move of seat 0 was the computer's


# ---------------------------------------------------------------- the first deal, before the engine is up

def seed_where(game: str, players: int, first: bool) -> int:
    """A seed whose first hand the person (seat 0) opens (``first``), or not."""
    from rummy.fairdeal import first_dealer

    return next(s for s in range(1000) if (first_dealer(s, players) == players - 1) == first)


def person_opens(game: str, opponent: str) -> Harness:
    """A match against one computer, started in the harness, whose first hand the person opens."""
    h = Harness()
    h.start()
    h.new_match(game, (opponent,), seed=seed_where(game, 2, True))
    return h


def test_the_first_deal_is_on_the_table_at_once_and_a_first_move_waits_for_the_engine():
    h = Harness(engine_ready=False, deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, True))
    a = h.app
    v = a.match.view
    assert v is not None and len(v.hand) == 10 and v.turn == 0 and a.match.dealt_here  # no engine yet
    assert h.html.count('data-act="card"') == 10 and "Dealing…" not in h.html
    assert "Getting the game ready" not in h.html  # the person's own prompt: take the upcard or pass
    assert [m["type"] for m in h.waiting()] == ["new"]
    h.do("command", "card", {"pos": 2})  # sorting and selecting need no engine
    assert a.match.selected == {2}
    h.do("command", "pass", {})
    h.do("command", "pass", {})  # a second click changes nothing: one move is queued
    assert [m["type"] for m in h.waiting()] == ["new"] and a.page.message == "Getting the game ready…"
    dealt = sorted(v.hand)
    h.flush()  # the engine deals the very same cards, then the queued move is played, once
    assert [m["type"] for m in h.sent] == ["new", "act"] and h.sent[1]["action"] == "pass"
    assert sorted(h.table.game.hands[0]) == dealt and not a.match.dealt_here
    assert [line for line in a.match.meta["log"] if line.startswith("Hand 1:")] == ["Hand 1: Rex dealt."]
    assert a.page.level != "error"


def progress_bar(html: str) -> str | None:
    """The value of the engine download's bar on the table, or None when there is none."""
    found = re.search(r'data-testid="engine-download"[^>]*aria-valuenow="(\d+)"', html)
    return found.group(1) if found else None


def test_a_move_waiting_for_the_engine_says_how_far_its_download_is():
    h = Harness(engine_ready=False, deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, True))
    a = h.app
    h.do("engine-status", "progress", {"stage": "runtime", "fraction": 0.1})
    assert progress_bar(h.html) is None  # no move waits: nothing to say
    h.do("command", "pass", {})
    assert a.page.message == "Getting the game ready: downloading the game engine…"
    assert progress_bar(h.html) == "10"
    h.do("engine-status", "progress", {"stage": "runtime", "fraction": 0.42})
    assert progress_bar(h.html) == "42" and 'role="progressbar"' in h.html and "width:42%" in h.html
    h.do("engine-status", "progress", {"stage": "python", "fraction": 0})
    assert a.page.message == "Getting the game ready: starting Python…" and progress_bar(h.html) is None
    h.flush()
    assert [m["type"] for m in h.sent] == ["new", "act"] and progress_bar(h.html) is None
    assert a.page.message == ""


def test_the_computers_first_move_waits_for_the_pages_deal_to_land():
    h = Harness(engine_ready=False, deliver=False, land=False)
    h.start(query={"speed": "normal"})
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, False))  # the computer opens
    assert h.app.match.view is not None and h.app.match.view.turn == 1
    assert h.fire("landed")  # the cards land before the engine's table comes
    assert not [t for t in h.timers if t[0] == "advance"]
    h.flush()  # then the engine's table: the computer moves after the usual pause
    assert [t[1] for t in h.timers if t[0] == "advance"] == [0.7]


def test_an_engine_that_deals_otherwise_is_said_and_its_deal_is_the_one_in_play():
    import copy

    catalog = copy.deepcopy(CATALOG.data)
    catalog["games"]["gin"]["opening"]["hand"]["2"] = 9  # a page that misreads how many cards a hand holds
    h = Harness(deliver=False)
    h.app = App(Catalog(catalog))
    h.start()
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, True))
    shown = h.app.match.view
    h.flush()
    engine = h.app.match.view
    assert shown is not None and engine is not None and sorted(engine.hand) == sorted(h.table.game.hands[0])
    assert sorted(shown.hand) != sorted(engine.hand)
    assert "engine dealt other cards" in " ".join(h.logs) and h.app.page.level == "error"


def test_a_match_with_no_seed_gets_one_from_the_pages_random_numbers():
    h = Harness(deliver=False)
    h.start(entropy="0123456789abcdef0123456789abcdef")
    h.app.setup.game = "gin"
    h.do("command", "start", {})
    (new,) = h.waiting()
    seed = new["config"]["seed"]
    assert type(seed) is int and 0 <= seed < 2 ** 52 and h.app.match.view is not None
    h2 = Harness(deliver=False)
    h2.start(entropy="fedcba9876543210fedcba9876543210")
    h2.app.setup.game = "gin"
    h2.do("command", "start", {})
    assert h2.waiting()[0]["config"]["seed"] != seed
    h3 = Harness(deliver=False)
    h3.start()  # no random numbers (a browser without them): the engine picks, the page waits for its deal
    h3.app.setup.game = "gin"
    h3.do("command", "start", {})
    assert h3.waiting()[0]["config"]["seed"] is None and h3.app.match.view is None and "Dealing…" in h3.html


# ---------------------------------------------------------------- the person's move shown at once

def test_a_discard_shows_at_once_and_the_engine_confirms_it():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, True))
    a = h.app
    h.do("command", "pass", {})
    h.run_opponents()
    while a.match.view.phase != "play" or a.match.view.turn != 0:  # until the person has a card to throw
        legal = a.match.view.legal[0].kind
        h.do("command", {"draw stock": "draw", "draw discard": "take", "pass": "pass"}[legal], {})
        h.run_opponents()
    h.deliver = False
    card = a.match.order[0]
    h.do("command", "card", {"pos": 0})
    h.do("command", "discard", {})
    (act,) = h.waiting()
    assert act["action"] == "discard " + text_of(card)
    v = a.match.view  # before the engine has answered
    assert card not in v.hand and v.discard[-1] == card and not v.legal
    pile = h.html.split('data-testid="discard-pile"')[1].split("</button>")[0]
    assert card not in a.match.order and "top card " + card_words(card) in pile
    h.flush()
    assert a.match.confirmed is None and a.match.view.discard[-1] == card and a.page.level != "error"


def test_a_refused_move_puts_the_cards_back_and_says_why():
    h = person_opens("rummy", "mel")
    a = h.app
    top = a.match.view.discard[-1]
    h.do("command", "take", {})  # the upcard, taken from the discard pile
    order = list(a.match.order)
    pos = order.index(top)
    h.deliver = False
    h.do("command", "card", {"pos": pos})
    h.do("command", "discard", {})  # the card just taken may not be thrown back this turn (the engine says so)
    assert top not in a.match.view.hand and a.match.view.discard[-1] == top  # shown at once
    h.flush()
    assert a.match.order == order and top in a.match.view.hand and top not in a.match.view.discard
    assert a.match.selected == {pos} and a.page.level == "error" and "discard pile" in a.page.message
    assert a.match.confirmed is None


def test_a_card_selected_and_a_discard_pressed_while_the_draw_is_confirmed_are_applied_once_after_it():
    h = person_opens("gin", "rex")
    a = h.app
    assert a.match.view.phase == "first-upcard" and a.match.view.turn == 0
    h.deliver = False
    h.do("command", "take", {})  # shown at once; the engine has not answered
    top = a.match.view.discard[-1] if a.match.view.discard else None
    card = next(c for c in a.match.order if c != top)
    h.do("command", "card", {"pos": a.match.order.index(card)})
    h.do("command", "discard", {})  # pressed before the engine confirmed the draw
    assert [m["action"] for m in h.waiting()] == ["draw discard"]  # one move on its way, the other kept
    h.deliver_one(h.outbox.pop(0))  # the draw confirmed: the discard follows, once
    assert [m["action"] for m in h.waiting()] == ["discard " + text_of(card)]
    h.flush()
    assert card not in a.match.view.hand and card in a.match.view.discard
    assert a.match.pending is None and a.page.level != "error"


def test_a_card_selected_while_the_draw_is_confirmed_stays_selected():
    h = person_opens("gin", "rex")
    a = h.app
    taken = a.match.view.discard[-1]
    h.deliver = False
    h.do("command", "take", {})
    card = next(c for c in a.match.order if c != taken)
    h.do("command", "card", {"pos": a.match.order.index(card)})
    h.flush()
    assert a.match.confirmed is None and hand.selected_cards(a) == [card]
    h.do("command", "discard", {})
    h.flush()
    assert card in a.match.view.discard and a.page.level != "error"


def test_a_move_made_on_a_refused_move_is_dropped_with_it():
    h = person_opens("rummy", "mel")
    a = h.app
    top = a.match.view.discard[-1]
    h.do("command", "take", {})
    h.deliver = False
    h.do("command", "card", {"pos": a.match.order.index(top)})
    h.do("command", "discard", {})  # refused by the engine: the card just taken
    h.do("command", "card", {"pos": 0})
    h.do("command", "discard", {})  # made on the refused move's table
    h.flush()
    assert a.page.level == "error" and "discard pile" in a.page.message
    assert a.match.pending is None and not h.waiting() and top in a.match.view.hand


# ---------------------------------------------------------------- the welcome (the new-game screen's first view)

def tile(html: str, key: str) -> str:
    """The welcome's tile whose button has ``data-key=key`` (its button, portrait and words), or ""."""
    for part in html.split('<li class="play-tile')[1:]:
        if 'data-key="' + key + '"' in part:
            return part.split("</li>", 1)[0]
    return ""


def primary(html: str) -> list[str]:
    """The keys of the welcome's primary buttons (there should be one)."""
    return re.findall(r'class="btn big primary"[^>]*data-key="([^"]+)"', html)


def test_a_newcomer_sees_play_gin_first_and_one_click_deals_it():
    h = Harness()
    h.start(first=True)
    assert primary(h.html) == ["play-gin"]
    gin, rummy = tile(h.html, "play-gin"), tile(h.html, "play-rummy")
    who = CATALOG.profile("gin", CATALOG.recommended("gin"))["name"]
    assert ">Play Gin Rummy</button>" in gin and "Against " + who + " (" in gin and "standard rules" in gin
    assert '<svg class="portrait' in gin  # the opponent's face
    assert ">Play Basic Rummy</button>" in rummy
    assert 'data-testid="learn-gin"' in h.html and 'data-testid="daily-gin"' in h.html  # learning and the daily deal
    assert not tile(h.html, "play-again") and not tile(h.html, "continue-match")
    # the whole set-up is folded: no field of it is drawn
    assert 'aria-expanded="false" aria-controls="setup-form"' in h.html and 'name="opt:' not in h.html
    h.do("command", "play", {"game": "gin"})
    assert h.app.page.screen == "table" and h.app.match.view is not None and h.app.match.view.game == "gin"
    assert h.app.match.config["opponents"] == [CATALOG.recommended("gin")]
    assert h.app.match.config["rules"] == {"preset": "cardgames"}
    assert h.settings_saved[-1]["last"] == CATALOG.standard("gin")  # Play again, next time


def test_play_basic_rummy_deals_a_two_player_game_against_the_recommended_opponent():
    h = Harness()
    h.start(first=True)
    h.app.setup.change("game", "rummy", False)
    h.app.setup.change("players", "4", False)  # what the folded form holds does not change the quick game
    h.do("command", "play", {"game": "rummy"})
    assert h.app.match.view is not None and h.app.match.view.game == "rummy"
    assert h.app.match.config["opponents"] == [CATALOG.recommended("rummy")]


def test_choose_opponent_and_rules_unfolds_the_whole_set_up():
    h = Harness()
    h.start()
    h.do("command", "setup-choose", {})
    assert 'aria-expanded="true" aria-controls="setup-form"' in h.html
    assert 'name="opt:knock_limit"' in h.html and 'data-act="start"' in h.html
    # presets read in a player's words; their ids stay the values (URLs, saves)
    assert '<option value="oklahoma">Oklahoma</option>' in h.html
    assert '<option value="cardgames" selected>Standard rules</option>' in h.html
    h.do("change", "preset", "oklahoma", False)
    assert "first upcard" in h.html.split('id="preset-help"', 1)[1].split("</p>", 1)[0]
    # the bonuses say what they are where they are chosen
    assert re.search(r'aria-describedby="help-undercut_bonus"', h.html)
    assert "as low as the knocker" in h.html.split('id="help-undercut_bonus">', 1)[1].split("<", 1)[0]
    assert "every hand they won" in h.html.split('id="help-line_bonus">', 1)[1].split("<", 1)[0]
    assert "won every hand" in h.html.split('id="help-shutout_doubles">', 1)[1].split("<", 1)[0]
    h.do("command", "setup-choose", {})
    assert 'aria-expanded="false"' in h.html and 'name="opt:' not in h.html
    # a game the engine could not start comes back with the reason, the set-up unfolded to show it
    h = Harness(deliver=False)
    h.start()
    h.do("command", "play", {"game": "gin"})
    assert h.app.match.waiting == "new"
    h.do("engine", {"type": "error", "code": "bad-config", "error": "no such rules"})
    assert h.app.page.screen == "setup" and 'role="alert"' in h.html and 'aria-expanded="true"' in h.html
    h.do("command", "setup-choose", {})  # folded again, the reason with it
    assert 'aria-expanded="false"' in h.html and 'role="alert"' not in h.html


def test_a_returning_player_sees_play_again_with_the_last_set_up_first():
    last = {"game": "gin", "opponents": ["ada"], "rules": {"preset": "oklahoma", "target": 150}, "seed": None}
    h = Harness()
    h.start(settings={"last": last})
    assert primary(h.html) == ["play-again"]
    again = tile(h.html, "play-again")
    assert ">Play again</button>" in again and "Gin Rummy against Ada (Oklahoma, to 150)" in again
    assert tile(h.html, "play-gin") and tile(h.html, "play-rummy")  # the standard games, below it
    assert 'data-testid="welcome"' not in h.html  # not a newcomer's note
    h.do("command", "play-again", {})
    assert h.app.match.view is not None and h.app.match.config["opponents"] == ["ada"]
    assert h.app.match.config["rules"] == {"preset": "oklahoma", "target": 150}


def test_a_last_set_up_that_no_longer_makes_sense_is_not_offered():
    for last in ({"game": "gin", "opponents": ["nobody"], "rules": {"preset": "cardgames"}},
                 {"game": "gin", "opponents": ["ada"], "rules": {"preset": "no-such-preset"}},
                 {"game": "gin", "opponents": ["ada"], "rules": {"preset": "cardgames", "knock_limit": 99}}):
        h = Harness()
        h.start(settings={"last": last})
        assert primary(h.html) == ["play-gin"] and not tile(h.html, "play-again"), last
        h.do("command", "play-again", {})
        assert h.app.match.save is None and h.app.page.screen == "setup"


def test_a_match_in_progress_puts_continue_first():
    h = Harness()
    h.start(first=True)
    h.do("command", "play", {"game": "gin"})
    h.do("command", "new", {})
    assert h.app.page.screen == "setup" and primary(h.html) == ["continue-match"]
    who = CATALOG.profile("gin", CATALOG.recommended("gin"))["name"]
    cont = tile(h.html, "continue-match")
    assert ">Continue</button>" in cont and "Gin Rummy against " + who + ", hand 1: You 0, " + who + " 0" in cont
    # Play again is the same game as Play Gin Rummy: offered once
    assert tile(h.html, "play-again") and not tile(h.html, "play-gin") and tile(h.html, "play-rummy")
    h.do("command", "back-to-game", {})
    assert h.app.page.screen == "table" and 'data-testid="hand"' in h.html
    # another game from the welcome gives this one up only once the person says so
    h.do("command", "new", {})
    h.do("command", "play", {"game": "rummy"})
    assert h.app.page.dialog == "confirm-new" and h.app.match.view.game == "gin"
    h.do("command", "confirm-new", {})
    assert h.app.match.view.game == "rummy"
    assert [op[0] for op in h.stats_ops if op[0] == "abandoned"] == ["abandoned"]


def test_an_embed_deals_gin_at_once_with_no_screen_in_between():
    h = Harness()
    h.start(query={"embed": "1"}, first=True)
    assert 'data-testid="setup"' not in h.html and h.app.match.view is not None and h.app.match.view.game == "gin"
    assert h.app.match.config["opponents"] == [CATALOG.recommended("gin")]


def test_a_reload_with_a_match_stored_opens_on_the_table():
    h = Harness()
    h.start(first=True)
    h.do("command", "play", {"game": "gin"})
    record = h.saves[-1][1]
    h2 = Harness()
    h2.start(match=record, settings=h.settings_saved[-1])
    assert h2.app.page.screen == "table" and 'data-testid="setup"' not in h2.html


def test_a_move_waiting_for_the_engine_says_what_the_engine_is_doing():
    h = Harness(engine_ready=False, deliver=False)
    h.start()
    h.new_match("gin", ("rex",), seed=seed_where("gin", 2, True))
    h.do("engine-status", "progress", {"stage": "runtime", "fraction": 0})
    assert h.app.page.message == ""  # nothing waits yet: nothing is said
    h.do("command", "pass", {})
    assert h.app.page.message == "Getting the game ready: downloading the game engine…"
    h.do("engine-status", "progress", {"stage": "python", "fraction": 0.5})
    assert "Getting the game ready: starting Python…" in h.html
    h.do("engine-status", "progress", {"stage": "nonsense", "fraction": 2})  # not the worker's: not said
    assert h.app.page.message == "Getting the game ready: starting Python…"
    h.flush()
    assert h.app.page.message == "" and [m["type"] for m in h.sent] == ["new", "act"]
