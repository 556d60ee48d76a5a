"""An online table with no dealer through the table apps (web/page/app/sealedplay.py): the host chooses it in the
lobby, the friend's page starts its own engine, each page's engine deals its part and checks every move, and
the pages pass each other only the sealed deal's messages. Whole Gin hands, the deal verified on both pages, no
message carrying a card before it is shown, a cheat and a lost link stopping the match. No browser, no timing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from online_harness import Net, Page
from sodium_group import seeded_groups
from test_online_meet import open_link
from test_online_play import Eager, hand_over, play_until
from test_page_app import play_person
from test_pass_and_play import set_up

from rummy.deadwood import best_arrangement
from web.page.shared import online
from web.worker import sealed_play

HEX = set("0123456789abcdef")


@pytest.fixture(autouse=True)
def _libsodium(monkeypatch: pytest.MonkeyPatch) -> None:
    """libsodium's group, seeded: the same deals every run."""
    monkeypatch.setattr(sealed_play, "make_group", seeded_groups())


class SealedNet(Net):
    """The network, keeping every text the pages send each other."""

    def __init__(self, relays: bool = False) -> None:
        super().__init__(relays)
        self.texts: list[tuple[str, dict[str, Any]]] = []  # (sender's name, message)
        self.withhold = ""  # the name of a page whose keys are kept back from now on

    def effect(self, page: Page, e: tuple[Any, ...]) -> None:
        if e[0] == "rtc" and e[1] == "send":
            msg = json.loads(e[3])
            if page.name == self.withhold and (msg.get("m") or {}).get("t") == "keys":
                return
            self.texts.append((page.name, msg))
        super().effect(page, e)


def sealed_table(net: Net, game: str = "gin", rules: dict[str, Any] | None = None) -> tuple[Page, Page]:
    host = net.host_page()
    set_up(host, game, ["guest"], ["Ann", "Bob"])
    for k, v in (rules or {}).items():
        host.app.setup.overrides[game][k] = v
    assert 'data-key="f-sealed"' in host.html
    host.do("change", "sealed", "on", True)
    host.do("command", "start", {})
    net.run()
    bob = net.join(1)
    net.run()
    return host, bob


def hand_of(page: Page) -> list[Any]:
    v = page.app.match.view
    assert v is not None
    return list(v.hand)


def results(page: Page) -> Any:
    """The hands' results as the page's last view holds them (its data)."""
    doc = page.app.match.view_doc
    assert doc is not None
    return doc["view"]["results"]


def moves_show_only_shown_cards(texts: list[tuple[str, dict[str, Any]]]) -> int:
    """No message carries a card but a move naming the cards it shows; the host sends no table, no commitment."""
    moves = 0
    for _sender, msg in texts:
        assert msg["t"] in ("hello", "welcome", "sealed", "talk"), msg["t"]
        if msg["t"] != "sealed" or "m" not in msg:
            continue
        m = msg["m"]
        if m["t"] == "move":
            moves += 1
            continue
        values = [m.get("key")] + list(m.get("deck") or []) + list(m.get("keys") or [])
        assert all(v is None or (len(v) == 64 and set(v) <= HEX) for v in values)
    return moves


def test_a_whole_gin_hand_with_no_dealer_between_host_and_friend() -> None:
    net = SealedNet()
    host, bob = sealed_table(net, rules={"target": 25})
    assert host.app.page.screen == "table" and bob.app.page.screen == "table"
    hv, bv = host.app.match.view, bob.app.match.view
    assert hv is not None and bv is not None and hv.seat == 0 and bv.seat == 1
    assert len(hv.hand) == len(bv.hand) == 10 and not set(hv.hand) & set(bv.hand)
    # each page's engine holds the other's hand as stand-ins: Ann's engine never had Bob's cards
    assert host.table.sealed is not None and bob.table.sealed is not None
    assert not set(host.table.sealed.seat.known.values()) & set(bob.table.sealed.seat.game.hands[1])
    # each page shows its own deadwood, from its engine's arrangement of its own hand
    for page in (host, bob):
        v = page.app.match.view
        assert v is not None and page.app.match.hint["deadwood"] == best_arrangement(list(v.hand))[0]
        assert 'data-testid="deadwood"' in page.html
        assert 'data-act="hint"' not in page.html  # neither player is advised
    play_until(net, {1: bob}, Eager(3), hand_over(host))
    net.run()
    for page in (host, bob):
        assert page.app.match.next in ("deal", "over")
        assert any(line.startswith("Hand 1: Deal verified") for line in page.app.match.meta["log"]), page.app.match.meta["log"]
    assert results(host) == results(bob)
    assert moves_show_only_shown_cards(net.texts) >= 4
    # each counts the hand for its own person, with people
    assert [op[1][5:7] for op in host.stats_ops if op[0] == "hand"] == [[0, "Ann"]]
    assert [op[1][5:7] for op in bob.stats_ops if op[0] == "hand"] == [[1, "Bob"]]
    # the guest's page asked its own engine, and saved nothing
    assert bob.sent and all(m["type"].startswith("sealed-") for m in bob.sent) and bob.saves == []


def test_a_gin_match_with_no_dealer_plays_hand_after_hand_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sealed_play, "make_group", seeded_groups(37))  # deals of a match of five hands (random
    # play ends most hands with the stock run down: a tie)
    net = SealedNet()
    host, bob = sealed_table(net, rules={"target": 60})
    for _hand in range(40):
        play_until(net, {1: bob}, Eager(7), hand_over(host))
        net.run()
        if host.app.match.next == "over":
            break
        host.do("command", "next", {})
        net.run()
    assert host.app.match.next == "over" and bob.app.match.next == "over"
    hv, bv = host.app.match.view, bob.app.match.view
    assert hv is not None and bv is not None and hv.scores == bv.scores and len(hv.results) >= 2


def test_a_friend_whose_page_cheats_stops_the_match_on_both_pages_with_the_evidence() -> None:
    net = SealedNet()
    host, bob = sealed_table(net)
    a = host.app
    forged = {"t": "move", "page": 1, "action": "knock 2C", "places": []}  # a knock that shows no card
    sealed = a.online.sealed
    assert sealed is not None
    forged_text = online.encode("sealed", {"m": forged, "n": sealed.got})
    host.do("rtc-event", "seat1", "message", forged_text)
    assert a.match.next == "over" and a.page.level == "error"
    assert "Bob's page broke the rules" in a.page.message and "Bob's page broke the rules" in " ".join(host.announced)
    before = len(host.sent)
    host.do("rtc-event", "seat1", "message", forged_text)
    assert len(host.sent) == before  # a stopped table asks its engine nothing more
    # Bob's page is told, and stops too
    net.run()
    assert bob.app.match.next == "over" and "Ann's page stopped the match" in bob.app.page.message
    # Ann may keep the evidence: the forged move itself, and what the table was
    assert 'data-act="sealed-evidence"' in host.html and 'data-act="sealed-evidence"' not in bob.html
    (download,) = a.update(("command", "sealed-evidence", {}))
    assert download[0] == "download" and download[1] == "rummy-evidence.json"
    evidence = json.loads(download[2])
    assert evidence["page"] == 1 and evidence["code"] in ("not-shown", "illegal-move") and forged in evidence["evidence"]


def test_a_key_kept_back_stops_the_match_once_the_wait_is_over() -> None:
    """Bob's page, still connected, never sends the key of the card Ann draws: after the wait, Ann's page says so."""
    net = SealedNet()
    host, bob = sealed_table(net)
    rnd = random.Random(4)
    for _i in range(40):  # to Ann's turn to draw from the stock
        v = host.app.match.view
        assert v is not None
        if host.app.match.next == "you" and any(m.kind == "draw stock" for m in v.legal):
            break
        if host.app.match.next == "you":
            play_person(host, rnd)
            net.run()
        else:
            play_until(net, {1: bob}, rnd, lambda: host.app.match.next == "you")
    net.withhold = "guest1"
    hand = list(hand_of(host))
    host.do("command", "draw", {})
    net.run()
    assert host.app.match.next == "guest" and hand_of(host) == hand  # the card has not come
    sealed = host.table.sealed
    assert sealed is not None
    assert host.fire("sealed-wait")  # nothing came: asked early, the key is not yet overdue
    assert host.app.match.next == "guest" and host.app.page.level != "error"
    now = sealed.clock()
    sealed.clock = lambda: now + 31
    assert host.fire("sealed-wait")
    assert host.app.match.next == "over" and "Bob's page kept back the key of a card" in host.app.page.message


def test_a_lost_link_ends_a_match_with_no_dealer_when_the_pages_met_without_relays() -> None:
    """With a reply code and no relay, neither page can come back by itself: the match cannot wait."""
    net = SealedNet()
    host, bob = sealed_table(net)
    net.drop(1)
    assert host.app.match.next == "over" and "cannot go on" in host.app.page.message
    bob.do("rtc-event", "host", "closed", "gone")
    assert bob.app.match.next == "over" and "cannot go on" in bob.app.page.message


def test_the_choice_is_offered_only_for_two_seats_with_a_friend_and_no_jokers() -> None:
    net = Net()
    host = net.host_page()
    set_up(host, "rummy", ["guest", "tilly"], ["Ann", "Bob", ""])
    assert 'data-key="f-sealed"' not in host.html
    assert 'data-testid="sealed-note"' in host.html and "is for two players without jokers" in host.html
    set_up(host, "gin", ["guest"], ["Ann", "Bob"])
    assert 'data-key="f-sealed"' in host.html


@pytest.mark.parametrize("seed", [1, 2])
def test_a_two_player_basic_rummy_hand_with_no_dealer(seed: int) -> None:
    net = SealedNet()
    host, bob = sealed_table(net, game="rummy")
    play_until(net, {1: bob}, random.Random(seed), hand_over(host))
    net.run()
    assert results(host) == results(bob)
    assert any("Deal verified" in line for line in bob.app.match.meta["log"])


def test_a_match_the_host_deals_after_one_with_no_dealer_sends_the_friends_moves_to_the_host_again() -> None:
    net = SealedNet()
    _host, bob = sealed_table(net)
    assert bob.app.online.sealed is not None
    bob.do("rtc-event", "host", "message", online.encode("commit", {"hand": 1, "commitment": "a" * 64, "dealer": 0}))
    assert bob.app.online.sealed is None  # the next moves go to the host's page, as at any host's table


def relay_table(net: SealedNet) -> tuple[Page, Page]:
    """A table with no dealer whose friend came through the seat's room on the relays."""
    host = net.host_page()
    set_up(host, "gin", ["guest"], ["Ann", "Bob"])
    host.do("change", "sealed", "on", True)
    host.do("command", "start", {})
    bob = open_link(net, 1)
    return host, bob


def test_a_lost_link_pauses_the_match_and_what_was_in_flight_is_sent_again_once_back() -> None:
    net = SealedNet(relays=True)
    host, bob = relay_table(net)
    rnd = random.Random(3)
    play_until(net, {1: bob}, rnd, lambda: host.app.match.next == "you")
    # the link breaks; Ann moves meanwhile: her page's messages go nowhere
    net.drop(1)
    lost = len(net.dropped)
    play_person(host, rnd)
    assert len(net.dropped) > lost  # sent while the link was down: lost on the way
    assert any("Reconnecting… The match waits" in w for w in host.announced) and host.app.match.next != "over"
    assert "Let a computer play for Bob" not in host.html  # this page never had Bob's cards
    sealed = host.table.sealed
    assert sealed is not None
    now = sealed.clock()
    sealed.clock = lambda: now + 600
    assert host.fire("sealed-wait")
    assert host.app.match.next != "over"  # no key is overdue while the other page is away
    sealed.clock = lambda: now
    # Bob's page sees the link close and comes back through the room by itself; each page sends what the other
    # missed, once
    net.queue.append((bob, ("rtc-event", "host", "closed", "channel closed")))
    net.run()
    assert any("Reconnecting… The match waits" in w for w in bob.announced)
    assert host.app.host is not None and host.app.host.links[1]["state"] == "ready"
    for page in (host, bob):
        assert not page.fire("sealed-away") or page.app.match.next != "over"  # back in time: the wait is over
    for page, other in ((host, "Bob"), (bob, "Ann")):
        assert page.app.online.sealed is not None and not page.app.online.sealed.paused
        assert f"{other} is back: the match goes on." in page.announced
    play_until(net, {1: bob}, rnd, hand_over(host))
    net.run()
    for page in (host, bob):
        assert any(line.startswith("Hand 1: Deal verified") for line in page.app.match.meta["log"])
    assert results(host) == results(bob)
    assert not [line for line in host.logs + bob.logs if "out of order" in line]


def test_a_message_sent_again_or_out_of_order_is_dropped_and_changes_nothing() -> None:
    net = SealedNet()
    host, _bob = sealed_table(net)
    sealed = host.app.online.sealed
    assert sealed is not None and sealed.got > 0
    got, asked = sealed.got, len(host.sent)
    last = next(msg["m"] for name, msg in reversed(net.texts) if name == "guest1" and "m" in msg)
    for n in (got - 1, got + 1):
        host.do("rtc-event", "seat1", "message", online.encode("sealed", {"m": last, "n": n}))
    assert sealed.got == got and len(host.sent) == asked and host.app.match.next != "over"
    assert len([line for line in host.logs if "out of order" in line]) == 2


def test_a_friend_who_comes_back_without_the_table_ends_the_match_on_both_pages() -> None:
    """Bob's page reloads: its keys are gone with it, and both pages say the match cannot go on."""
    net = SealedNet(relays=True)
    host, bob = relay_table(net)
    link = host.app.host.links[1]["link"] if host.app.host is not None else ""
    net.drop(1)
    assert host.app.match.next != "over"
    del net.guests[1]
    bob2 = open_link(net, 1, link)
    assert host.app.match.next == "over" and "cannot go on without their page's keys" in host.app.page.message
    assert "This page was reloaded during a match with no dealer" in bob2.app.page.message
    assert bob.app.online.sealed is not None  # (the old page is gone: nothing reaches it)


def test_a_page_that_never_comes_back_ends_the_match_once_the_wait_is_over() -> None:
    """Ann's page closes (or reloads: its keys are gone): Bob's page waits for it a while, then says so."""
    net = SealedNet(relays=True)
    host, bob = relay_table(net)
    for members in net.rooms.values():  # Ann's page is gone: nobody answers in the room
        members[:] = [(p, n) for p, n in members if p is not host]
    net.open.discard(1)
    net.queue.append((bob, ("rtc-event", "host", "closed", "channel closed")))
    net.run()
    assert bob.app.match.next != "over" and "The match waits 2 minutes for Ann's page" in bob.app.page.message
    assert bob.fire("sealed-away")
    assert bob.app.match.next == "over" and "cannot go on without their page's keys" in bob.app.page.message
