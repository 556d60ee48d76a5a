"""Pass and play: two or more people at one device, through the table app and the worker table.

Between two people's turns the page shows a cover that holds no card of anyone's hand; the next person's hand
shows only when they tap. The end of a hand shows everything. Statistics count each person by name, apart from
games against the computer. No browser and no timing: timers fire when the test says so.
"""

from __future__ import annotations

import json
import random
import re

from page_harness import Harness
from test_page_app import play_person as play_any

from web.page import formats
from web.page.app import core, table
from web.page.shared.cards import text_of


def play_person(h: Harness, rnd: random.Random) -> None:
    """A person's move at random, except that a knock or gin is always taken (so random hands end, as people's
    do, instead of running the stock out hand after hand)."""
    assert h.app.match.view is not None
    ends = [m for m in h.app.match.view.legal if m.kind in ("knock", "big gin")]
    if ends:
        a = h.app
        m = ends[0]
        if m.kind == "knock":
            a.match.selected = {a.match.order.index(m.cards[0])}
            h.do("command", "knock", {})
        else:
            h.do("command", "biggin", {})
        return
    play_any(h, rnd)

CARD_KEY = re.compile(r'data-key="card-([2-9TJQKA][CDHS]|JK)-')


def hand_cards_shown(html: str) -> list[str]:
    """The cards of the hand the page draws (their data-key)."""
    return CARD_KEY.findall(html)


def set_up(h: Harness, game: str, seats: list[str], names: list[str]) -> None:
    """Fill the new-game form as a person does: unfolded, then the game, the players, each seat's choice and each
    name."""
    if not h.app.setup.open:
        h.do("command", "setup-choose", {})
    h.do("change", "game", game, True)
    if game == "rummy":
        h.do("change", "players", str(len(seats) + 1), True)
    for i, choice in enumerate(seats):
        h.do("change", "opp" + str(i), choice, True)
    for s, name in enumerate(names):
        h.do("change", "name" + str(s), name, True)


def start_people(game: str, seats: list[str], names: list[str], seed: int, rules: dict | None = None) -> Harness:
    h = Harness()
    h.start()
    set_up(h, game, seats, names)
    for k, v in (rules or {}).items():
        h.app.setup.overrides[game][k] = v
    cfg = h.app.setup.config()
    cfg["seed"] = seed
    h.perform(table.start_match(h.app, cfg) + [("render",)])
    return h


def play_people(h: Harness, rnd: random.Random, people: list[int], limit: int = 4000,
                check=None) -> list[int]:
    """Play a match as the people at the device would; answers the order in which the device was passed.
    ``check(h)`` runs at every cover and every reveal."""
    passed: list[int] = []
    a = h.app
    for _ in range(limit):
        if a.match.cover is not None:
            assert a.match.next == "you" or a.match.next == "computer"
            passed.append(a.match.cover)
            if check:
                check(h)
            h.do("command", "ready", {})
            assert a.match.cover is None
            if check:
                check(h)
        elif a.match.next == "computer":
            h.run_opponents()
        elif a.match.next == "deal":
            h.do("command", "next", {})
        elif a.match.next == "over":
            return passed
        else:
            assert a.match.view is not None
            assert a.match.view.turn == a.match.view.seat and a.match.view.seat in people
            before = a.match.view.step
            play_person(h, rnd)
            assert a.match.view.step > before or a.page.level == "error", a.page.message
    raise AssertionError("the match did not end")


def test_the_new_game_form_seats_people_with_names() -> None:
    h = Harness()
    h.start()
    set_up(h, "rummy", ["person", "tilly", "person"], ["Ann", "Bob", "", "Cy"])
    cfg = h.app.setup.config()
    assert cfg["seats"] == [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"},
                            {"kind": "computer", "id": "tilly"}, {"kind": "person", "name": "Cy"}]
    assert cfg["opponents"] == ["tilly"]
    assert 'name="name0"' in h.html and 'name="name1"' in h.html and 'name="name3"' in h.html
    assert 'data-testid="pass-note"' in h.html
    # a computer again: the seat's name field goes, and the config is the plain one
    for i, pid in enumerate(["mel", "tilly", "dot"]):
        h.do("change", "opp" + str(i), pid, True)
    cfg = h.app.setup.config()
    assert "seats" not in cfg and cfg["opponents"] == ["mel", "tilly", "dot"]
    assert 'name="name1"' not in h.html


def test_two_people_with_one_name_cannot_start() -> None:
    h = Harness()
    h.start()
    set_up(h, "gin", ["person"], ["Ann", "ann"])
    sent = len(h.sent)
    h.do("command", "start", {})
    assert len(h.sent) == sent  # nothing asked of the engine
    assert "Two players are called ann" in h.html
    h.do("change", "name1", "Bob", True)
    h.do("command", "start", {})
    assert h.sent[-1]["type"] == "new"
    assert h.sent[-1]["config"]["seats"] == [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def test_blank_names_are_filled_and_spaces_trimmed() -> None:
    h = Harness()
    h.start()
    set_up(h, "gin", ["person"], ["  Ann   Lee ", ""])
    assert [s["name"] for s in h.app.setup.config()["seats"]] == ["Ann Lee", "Player 2"]


def test_a_pass_and_play_gin_match_hides_every_hand_between_turns() -> None:
    h = start_people("gin", ["person"], ["Ann", "Bob"], seed=11, rules={"target": 40})
    a = h.app
    assert a.match.meta["names"] == ["Ann", "Bob"]
    seen: dict[str, int] = {"covers": 0, "reveals": 0}

    def check(h: Harness) -> None:
        v = h.app.match.view
        assert v is not None
        if h.app.match.cover is not None:
            seen["covers"] += 1
            assert 'data-testid="cover"' in h.html
            assert "Pass to " + core.names(h.app)[h.app.match.cover] + " — tap when ready" in h.html
            assert hand_cards_shown(h.html) == []  # no card of anyone's hand on the screen
            assert not any(text_of(c) in h.html for c in v.hand)
            # keys and buttons do nothing while the device is being passed
            sent = len(h.sent)
            h.do("command", "draw", {})
            h.do("key", "d", {"card_pos": None, "in_dialog": False, "shift": False})
            assert len(h.sent) == sent
        else:
            seen["reveals"] += 1
            assert sorted(hand_cards_shown(h.html)) == sorted(text_of(c) for c in v.hand)

    passed = play_people(h, random.Random(11), [0, 1], check=check)
    assert a.match.view is not None
    assert a.match.view.phase == "match-over"
    assert seen["covers"] == seen["reveals"] > 2
    assert set(passed) == {0, 1}
    # the end of the hand and of the match show everything: no cover
    assert a.match.cover is None and h.dialog is not None and "Match over." in h.dialog
    # each person's statistics, by name, in the "people" lines only
    hands = [op for op in h.stats_ops if op[0] == "hand"]
    assert len(hands) == 2 * len(a.match.view.results)
    assert {op[1][6] for op in hands} == {"Ann", "Bob"}
    matches = [op for op in h.stats_ops if op[0] == "match"]
    assert [(op[1][5], op[1][6]) for op in matches] == [(0, "Ann"), (1, "Bob")]


PROMPT = re.compile(r'data-testid="prompt">([^<]*)<')


def test_the_prompt_names_the_person_holding_the_device_and_the_whole_cover_is_the_way_in() -> None:
    h = start_people("rummy", ["person", "mel"], ["Ann", "Bob"], seed=5, rules={"target": 40})
    a = h.app
    prompts: dict[str, set[str]] = {"Ann": set(), "Bob": set()}
    for _ in range(80):
        if a.match.cover is not None:
            # the cover's outermost element is the button: a tap anywhere on it shows the hand (and its own
            # button stays, for a keyboard)
            assert re.search(r'^<div class="table cover" data-act="ready"', h.html)
            assert 'data-act="ready" data-key="cover-ready"' in h.html
            h.do("command", "ready", {})
        elif a.match.next == "computer":
            h.run_opponents()
        elif a.match.next == "you":
            said = PROMPT.search(h.html)
            assert said is not None
            assert a.match.view is not None
            name = core.names(a)[a.match.view.seat]
            prompts[name].add(said.group(1).replace("&#x27;", "'"))
            play_person(h, random.Random(len(h.sent)))
        else:
            break
    for name, shown in prompts.items():
        assert shown and all(p.startswith(name + "'s turn: ") for p in shown), shown
    assert {p.split(": ")[1][:4] for p in prompts["Ann"] | prompts["Bob"]} >= {"draw", "meld"}


def test_every_table_message_is_the_view_of_the_person_to_act() -> None:
    h = start_people("rummy", ["person", "mel"], ["Ann", "Bob"], seed=5, rules={"target": 40})
    play_people(h, random.Random(5), [0, 1])
    for msg in h.received:
        if msg["type"] != "table":
            continue
        view = msg["view"]["view"]
        assert view["seat"] == msg["viewer"]
        if msg["next"] == "you":
            assert view["turn"] == msg["viewer"]  # the page is handed the hand of the one to play, no other
        # the other hands are never in the message: only counts
        assert json.loads(msg["save"])["format"] == "rummy-table"  # (the save is the engine's own, kept by the page)


def test_a_move_for_another_seat_is_refused_by_the_engine() -> None:
    h = start_people("gin", ["person"], ["Ann", "Bob"], seed=3)
    a = h.app
    h.do("command", "ready", {})
    v = a.match.view
    assert v is not None and v.turn is not None
    other = 1 - v.turn
    legal = v.legal[0].text
    h.deliver_one({"type": "act", "action": legal, "step": v.step, "seat": other})
    assert h.received[-1]["type"] == "refused" and h.received[-1]["code"] == "not-your-turn"
    assert a.match.view is not None
    assert a.match.view.step == v.step


def test_a_reload_while_the_device_is_passed_keeps_the_cover_and_each_hand_order() -> None:
    h = start_people("rummy", ["person", "dot"], ["Ann", "Bob"], seed=8)
    a = h.app
    rnd = random.Random(8)
    # play until Bob has arranged his hand and it is Ann's turn again
    for _ in range(200):
        assert a.match.view is not None
        if a.match.cover is not None:
            h.do("command", "ready", {})
        elif a.match.next == "computer":
            h.run_opponents()
        elif a.match.view.seat == 1 and a.match.view.phase == "draw" and len(a.match.order) > 3:
            a.match.order = list(reversed(a.match.order))
            h.do("command", "sort", {"sort": "custom"})
            bob_order = list(a.match.order)
            play_person(h, rnd)
            break
        else:
            play_person(h, rnd)
    else:
        raise AssertionError("Bob never played")
    h.run_opponents()
    record = json.loads(json.dumps(h.saves[-1][1]))
    formats.check_match(record)  # what is saved is exactly the stored format
    assert record["config"]["seats"][1] == {"kind": "person", "name": "Bob"}
    # a reload: the page opens on a cover, whoever holds the device
    h2 = Harness()
    h2.start(match=record, settings=dict(h.app.page.settings))
    assert h2.app.match.view is not None
    assert h2.app.match.cover == h2.app.match.view.seat and 'data-testid="cover"' in h2.html
    assert hand_cards_shown(h2.html) == []
    # Bob's arrangement is kept: the one he made, and the card he drew at its end
    assert h2.app.match.view.seat == 1
    assert h2.app.match.order[:len(bob_order)] == bob_order and len(h2.app.match.order) == len(bob_order) + 1
    h2.do("command", "ready", {})
    assert hand_cards_shown(h2.html) == [text_of(c) for c in h2.app.match.order]


def test_stats_of_people_are_kept_apart_per_name() -> None:
    from web.page import stats

    s = stats.empty()
    stats.apply(s, stats.hand_event("gin", [], True, "gin", 25, "Ann"))
    stats.apply(s, stats.hand_event("gin", [], False, "gin", 0, "Bob"))
    stats.apply(s, stats.match_event("gin", [], [120, 80], 0, False, "Bob", 1))
    stats.apply(s, stats.hand_event("gin", ["ada"], True, "knock", 10))
    assert s["people"]["gin:Ann"]["hands_won"] == 1 and s["people"]["gin:Bob"]["hands_won"] == 0
    bob = s["people"]["gin:Bob"]
    assert bob["matches_won"] == 0 and bob["best_match"] is None  # seat 1 scored 80 against 120: lost
    assert s["games"]["gin"]["hands"] == 1 and s["opponents"]["gin:ada"]["hands"] == 1
    assert "gin:Ann" not in s["games"]
    stats.check(s)
