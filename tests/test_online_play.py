"""Online play through the table apps: a host's page (with the engine) and its guests' pages (with none), linked
as web/rtc.js links them (tests/online_harness.py). The lobby and the invite link, the fair deal and its check,
whole hands, forged and stale moves, drops, re-invites, a computer taking a seat, a host's reload, table talk,
bad messages, and every text a guest receives checked for cards it must not see. No browser, no timing."""

from __future__ import annotations

import json
import random
import re

import pytest
from online_harness import Net, Page
from page_harness import saved_game
from test_page_app import play_person
from test_pass_and_play import set_up

from web.page.app import core
from web.page.shared import online
from web.page.shared.cards import text_of

CARD = '"{}"'


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch):
    """The host's secrets and first dealers from a seeded generator, so that every run plays the same deals."""
    from web.worker import online as worker_online

    rnd = random.Random(99)
    monkeypatch.setattr(worker_online, "new_secret", lambda: f"{rnd.getrandbits(256):064x}")
    monkeypatch.setattr(worker_online.secrets, "randbelow", lambda n: rnd.randrange(n))


def hidden_cards(host: Page, seat: int) -> set[str]:
    """The cards of other seats' hands that were never shown at the table in this hand."""
    g = host.table.game
    if g is None:
        return set()
    shown = {e.card for e in g.log if e.card is not None} | {c for e in g.log for c in e.cards}
    shown |= set(g.pos.discard) | set(g.hands[seat])
    return {text_of(c) for other in range(g.players) if other != seat for c in g.hands[other] if c not in shown}


class CheckedNet(Net):
    """The network, checking every text the host sends a guest at the moment it is sent."""

    def __init__(self, relays: bool = False) -> None:
        super().__init__(relays)
        self.checked = 0

    def effect(self, page, e):
        if page is self.host and e[0] == "rtc" and e[1] == "send":
            seat = int(e[2][4:])
            doc = json.loads(e[3])
            if doc.get("t") == "table":
                doc["view"]["view"]["results"] = []  # earlier hands: every hand was shown at their end
                assert doc["view"]["view"]["seat"] == seat
            text = json.dumps(doc)
            for card in hidden_cards(self.host, seat):
                assert CARD.format(card) not in text, (seat, card, doc.get("t"))
            self.checked += 1
        super().effect(page, e)


def host_table(net: Net, game: str, seats: list[str], names: list[str], rules: dict | None = None) -> Page:
    host = net.host_page()
    set_up(host, game, seats, names)
    for k, v in (rules or {}).items():
        host.app.setup.overrides[game][k] = v
    host.do("command", "start", {})
    net.run()
    return host


def play_until(net: Net, pages: dict[int, Page], rnd: random.Random, stop, limit: int = 3000) -> None:
    """Everyone plays (random legal moves) until ``stop()``; the host's computers move when their timer fires."""
    host = net.host
    assert host is not None
    for _ in range(limit):
        net.run()
        if stop():
            return
        a = host.app
        if a.match.next == "computer":
            assert host.fire("advance")
            continue
        if a.match.next == "you":
            play_person(host, rnd)
            continue
        if a.match.next == "guest":
            assert a.match.view is not None
            seat = a.match.view.turn
            assert seat is not None
            guest = pages[seat]
            assert guest.app.match.view is not None
            assert guest.app.match.next == "you" and guest.app.match.view.turn == seat == guest.app.match.view.seat
            before = a.match.view.step
            play_person(guest, rnd)
            net.run()
            assert a.match.view.step > before or guest.app.page.level == "error", guest.app.page.message
            continue
        return
    raise AssertionError("play did not stop")


def hand_over(host: Page):
    return lambda: host.app.match.view is not None and host.app.match.next in ("deal", "over")


def test_the_lobby_makes_an_invite_link_for_each_friend():
    net = CheckedNet()
    host = host_table(net, "rummy", ["guest", "tilly", "guest"], ["Ann", "Bob", "", "Cy"])
    a = host.app
    assert a.page.screen == "lobby" and sorted(a.host.links) == [1, 3]
    for seat in (1, 3):
        link = a.host.links[seat]["link"]
        assert link.startswith("./index.html#j=o1.") or "#j=o1." in link
        assert len(link.split("#", 1)[1]) <= 300 - len("index.html#")
        assert a.host.links[seat]["qr"].startswith("<svg")
        assert a.host.links[seat]["state"] == "inviting"
    assert 'data-testid="invite-1"' in host.html and 'data-testid="reply-3"' in host.html
    assert host.sent == []  # nothing dealt before everyone is at the table


def test_a_reply_that_is_not_a_reply_code_is_explained():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    for text, words in (("hello", "not a reply code"), (host.app.host.links[1]["link"], "invite link"),
                        (host.app.host.links[1]["code"], "invite code")):
        host.do("change", "reply1", text, False)
        host.do("command", "reply", {"seat": 1})
        assert words in host.app.host.links[1]["error"]
        assert host.app.host.links[1]["state"] == "inviting"


def test_a_whole_gin_hand_host_against_guest_with_a_verified_deal():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"], {"target": 25})
    bob = net.join(1)
    # Bob's page showed the table it was invited to before connecting
    assert bob.app.guest.invite["players"] == [("Ann", "person"), ("Bob", "guest")]
    net.run()
    assert host.app.page.screen == "table" and host.app.match.view is not None and host.app.match.view.hand_number == 1
    assert bob.app.match.view is not None and bob.app.match.view.seat == 1 and core.names(bob.app) == ["Ann", "Bob"]
    assert 'data-act="hint"' not in bob.html and 'data-act="hint"' in host.html  # a guest's page has no engine
    assert bob.app.guest.first_seen[1]["hand"] == sorted(bob.app.guest.first_seen[1]["hand"]) or bob.app.guest.first_seen[1]["hand"]
    play_until(net, {1: bob}, random.Random(1), hand_over(host))
    net.run()
    assert bob.app.match.view.phase in ("hand-over", "match-over")
    ok, words = bob.app.guest.deal_checks[1]
    assert ok is True and words.startswith("Deal verified")
    assert 'data-testid="deal-check"' in bob.html or (bob.dialog and "Deal verified" in bob.dialog)
    assert net.checked > 5
    # the guest's page saved nothing and asked no engine
    assert bob.saves == [] and bob.sent == []
    # each counts the hand for its own person, with people
    assert [op[1][5:7] for op in host.stats_ops if op[0] == "hand"] == [[0, "Ann"]]
    assert [op[1][5:7] for op in bob.stats_ops if op[0] == "hand"] == [[1, "Bob"]]


class Eager(random.Random):
    """Random legal moves, but a knock or gin whenever one is legal: hands that end with a score, so that a match
    to a low target is over in a few deals."""

    def choice(self, seq):  # type: ignore[no-untyped-def, override]
        ends = [m for m in seq if getattr(m, "kind", None) in ("knock", "gin", "big gin")]
        return super().choice(ends or seq)


def test_a_whole_gin_match_over_several_deals_each_verified():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"], {"target": 15})
    bob = net.join(1)
    rnd = Eager(2)
    for _ in range(40):
        play_until(net, {1: bob}, rnd, hand_over(host))
        if host.app.match.next == "over":
            break
        host.do("command", "next", {})
        net.run()
    assert host.app.match.view.phase == "match-over" and bob.app.match.view.phase == "match-over"
    hands = host.app.match.view.hand_number
    assert sorted(bob.app.guest.deal_checks) == list(range(1, hands + 1))
    assert all(ok for ok, _ in bob.app.guest.deal_checks.values())
    assert hands >= 2  # several deals
    assert [op[0] for op in bob.stats_ops].count("match") == 1


def test_three_players_rummy_with_two_guests():
    net = CheckedNet()
    host = host_table(net, "rummy", ["guest", "guest"], ["Ann", "Bob", "Cy"], {"target": 50})
    bob = net.join(1)
    assert host.app.page.screen == "lobby"  # Cy is not there yet: no deal
    cy = net.join(2)
    net.run()
    assert host.app.match.view is not None and bob.app.match.view.seat == 1 and cy.app.match.view.seat == 2
    play_until(net, {1: bob, 2: cy}, random.Random(3), hand_over(host))
    net.run()
    for guest in (bob, cy):
        assert guest.app.guest.deal_checks[1][0] is True
        assert guest.app.match.view.hand_number == 1 and not guest.app.match.view.in_hand


def test_a_forged_an_illegal_and_a_stale_move_are_refused_with_the_engines_reason():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    net.run()
    a = host.app
    step = a.match.view.step
    engine_before = json.dumps(host.table.game.to_dict())

    def forge(action: str, at: int) -> str:
        net.queue.append((host, ("rtc-event", "seat1", "message", online.encode("act", {"action": action,
                                                                                        "step": at}))))
        net.run()
        return bob.inbox[-1]

    # a move for the host's turn, or out of turn
    mine = bob.app.match.view
    if mine.turn != 1:
        reply = json.loads(forge("draw stock", step))
        assert reply["t"] == "refused" and reply["code"] == "not-your-turn"
    # a card Bob does not hold
    held = {text_of(c) for c in mine.hand}
    other = next(t for t in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AH")
                 if t not in held)
    reply = json.loads(forge("discard " + other, step))
    assert reply["t"] == "refused" and reply["message"]
    # an old step
    reply = json.loads(forge("pass", step - 1))
    assert reply["t"] == "refused"
    assert json.dumps(host.table.game.to_dict()) == engine_before  # nothing changed
    # a refusal reaches the guest's screen with the engine's words
    assert bob.app.page.level == "error" or reply["step"] != bob.app.match.view.step


def test_malformed_oversized_and_unknown_messages_are_dropped_and_logged():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    net.run()
    before = json.dumps(host.table.game.to_dict())
    for junk in ("", "{", "[1,2]", '{"v": 3, "t": "steal", "cards": "all"}', '{"v": 3, "t": "act", "step": "x"}',
                 "x" * (online.MAX_TEXT + 5), '{"v": 3, "t": "entropy", "hand": 99, "value": "' + "a" * 32 + '"}'):
        host.do("rtc-event", "seat1", "message", junk)
    assert json.dumps(host.table.game.to_dict()) == before
    assert len([line for line in host.logs if "dropped" in line or "no deal" in line]) >= 6
    for junk in ("", "{}", '{"v": 3, "t": "table", "view": 5}', '{"v": 3, "t": "welcome"}'):
        bob.do("rtc-event", "host", "message", junk)
    assert bob.app.match.view is not None and bob.app.match.view.seat == 1


def test_a_guest_of_another_version_is_told_to_reload():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    host.do("rtc-event", "seat1", "open", "")
    host.do("rtc-event", "seat1", "message", '{"v": 1, "t": "hello", "net": 1, "build": "old"}')
    sent = [e for e in net.dropped if e[0] == "seat1"]
    told = json.loads(sent[-1][1]) if sent else {}
    assert told.get("t") == "reload" and told.get("why") == "version" and told.get("host") == "Ann"
    assert host.app.host.links[1]["state"] != "ready"
    guest = Page(net, "old", engine_ready=False)
    guest.start(hash=host.app.host.links[1]["link"].split("#", 1)[1])
    guest.do("rtc-event", "host", "message", online.encode("reload", {"why": "version", "host": "Ann"}))
    assert guest.app.guest.join["state"] == "reload" and "Reload" in guest.html
    assert guest.app.page.message.startswith("This page is another version of the game than Ann's.")


def test_a_dropped_guest_rejoins_with_a_new_invite_and_play_resumes():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    rnd = random.Random(4)
    play_until(net, {1: bob}, rnd, lambda: host.app.match.view.step >= 4)
    step = host.app.match.view.step
    net.drop(1)
    assert host.app.host.links[1]["state"] == "dropped" and "Bob disconnected" in host.app.page.message
    assert "Invite Bob again" in host.html and "Let a computer play for Bob" in host.html
    host.do("command", "invite", {"seat": 1})
    net.run()
    assert host.app.host.links[1]["state"] == "inviting"
    del net.guests[1]
    bob2 = net.join(1)  # Bob reloaded his page and opened the new link
    net.run()
    assert bob2.app.match.view is not None and bob2.app.match.view.step == step  # the table as it was
    play_until(net, {1: bob2}, rnd, hand_over(host))
    assert host.app.match.next in ("deal", "over")
    # the deal of a hand he rejoined during is not said to be verified, nor said to be false
    assert bob2.app.guest.deal_checks[1][0] is None


def test_a_dropped_guests_seat_goes_to_a_computer():
    net = CheckedNet()
    host = host_table(net, "rummy", ["guest", "tilly"], ["Ann", "Bob"], {"target": 40})
    bob = net.join(1)
    play_until(net, {1: bob}, random.Random(5), lambda: host.app.match.view.step >= 3)
    net.drop(1)
    host.do("command", "replace", {"seat": 1})
    net.run()
    assert core.seats(host.app)[1] == {"kind": "computer", "id": "tilly"}
    assert core.names(host.app)[1].startswith("Tilly for Bob")
    play_until(net, {}, random.Random(5), hand_over(host))
    assert host.app.match.next in ("deal", "over")


def test_the_host_reloads_and_re_invites_nothing_lost():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    play_until(net, {1: bob}, random.Random(6), lambda: host.app.match.view.step >= 5)
    record = json.loads(json.dumps(host.saves[-1][1]))
    engine = saved_game(record).to_dict()
    # the host's page is reloaded: the match comes back from the save, Bob's seat waits for a new invite
    net2 = CheckedNet()
    host2 = Page(net2, "host")
    net2.host = host2
    host2.start(match=record)
    assert host2.app.online.role == "host" and host2.app.host.links[1]["state"] == "dropped"
    assert "Invite Bob again" in host2.html
    host2.do("command", "invite", {"seat": 1})
    bob2 = net2.join(1)
    net2.run()
    assert bob2.app.match.view is not None and host2.table.game.to_dict() == engine
    play_until(net2, {1: bob2}, random.Random(6), hand_over(host2))
    assert host2.app.match.next in ("deal", "over")
    # the deal proof survived the reload: Bob's new page could not check a deal it did not see from the start
    assert host2.app.host.last_fair is not None and "secret" in host2.app.host.last_fair


def test_table_talk_goes_to_everyone_else():
    net = CheckedNet()
    host = host_table(net, "rummy", ["guest", "guest"], ["Ann", "Bob", "Cy"])
    bob = net.join(1)
    cy = net.join(2)
    net.run()
    bob.do("command", "talk", {"say": 2})
    net.run()
    assert host.app.online.talk[1] == 2 and cy.app.online.talk[1] == 2 and bob.app.online.talk[1] == 2
    assert "Nice gin!" in host.html and "Nice gin!" in cy.html
    host.do("command", "talk", {"say": 7})
    net.run()
    assert bob.app.online.talk[0] == 7 and cy.app.online.talk[0] == 7


def test_a_cheating_host_is_caught_by_the_guest():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    play_until(net, {1: bob}, random.Random(7), hand_over(host))
    last = json.loads(bob.inbox[-1])
    assert last["fair"]["secret"]
    fake = dict(last, fair=dict(last["fair"], secret="0" * 64, hand=last["fair"]["hand"]))
    bob.app.guest.deal_checks.clear()
    bob.do("rtc-event", "host", "message", json.dumps(fake))
    ok, words = bob.app.guest.deal_checks[1]
    assert ok is False and words.startswith("Warning: this deal does not check out")


def test_a_guest_who_loses_the_host_is_told_how_to_rejoin():
    net = CheckedNet()
    host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    net.run()
    bob.do("rtc-event", "host", "closed", "channel closed")
    assert "connection to Ann was lost" in bob.app.page.message and "new invite link" in bob.app.page.message
    before = len(bob.inbox)
    bob.do("command", "draw", {})
    assert len(bob.inbox) == before


# ---------------------------------------------------------------- STUN servers (Settings)

GOOGLE, CLOUDFLARE = "stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"


def test_stun_servers_come_from_settings_and_only_online_tables_use_them():
    net = CheckedNet()
    host = net.host_page()
    assert net.configured == []  # a page that does not play online gives the browser no STUN server
    # Settings: the list, edited (a line that is not a STUN address is left out, and said)
    host.do("command", "settings", {})
    # folded away under Advanced, with what a STUN server learns
    assert re.search(r'aria-expanded="false"[^>]*>.*?Advanced</button><div id="settings-more" hidden>.*?stun-list',
                     host.dialog)
    host.do("command", "settings-advanced", {})
    assert 'aria-expanded="true"' in host.dialog and '<div id="settings-more">' in host.dialog
    assert 'data-testid="stun-list"' in host.dialog and GOOGLE in host.dialog  # the defaults, shown
    assert "learns your IP address and nothing of the game" in host.dialog
    effects = host.do("change", "stun", "stun:stun.example.org:3478\nhttp://not-stun.example\n", False)
    assert host.app.page.settings["stun"] == ["stun:stun.example.org:3478"]
    assert ("save-settings", host.app.page.settings) in effects
    assert "http://not-stun.example" in host.dialog and 'data-testid="stun-note"' in host.dialog
    assert '<div id="settings-more">' in host.dialog  # still unfolded as it is drawn again
    host.do("command", "close", {})
    host.do("command", "settings", {})
    assert '<div id="settings-more" hidden>' in host.dialog  # folded again the next time Settings open
    host.do("command", "close", {})
    set_up(host, "gin", ["guest"], ["Ann", "Bob"])
    host.do("command", "start", {})
    net.run()
    assert net.configured == [("host", [{"urls": "stun:stun.example.org:3478"}])]
    # the lobby's "same network only": none for this table
    host.do("change", "same-network", "", True)
    assert net.configured[-1] == ("host", [])
    assert host.app.page.settings["stun"] == ["stun:stun.example.org:3478"]  # the setting itself is kept
    # the guest's page configures its own (default) servers before it answers the invite
    net.join(1)
    guest_ops = [op for name, op in net.order if name == "guest1"]
    assert guest_ops[:2] == ["configure", "answer"]
    assert ("guest1", [{"urls": GOOGLE}, {"urls": CLOUDFLARE}]) in net.configured


def test_an_empty_stun_list_means_same_network_only_and_defaults_come_back():
    net = CheckedNet()
    host = net.host_page()
    host.do("command", "settings", {})
    host.do("change", "stun", "  \n", False)
    assert host.app.page.settings["stun"] == []
    assert core.stun_servers(host.app) == []
    host.do("command", "stun-defaults", {})
    assert host.app.page.settings["stun"] is None
    assert core.stun_servers(host.app) == [GOOGLE, CLOUDFLARE]


def test_stored_settings_with_a_bad_stun_list_are_refused_by_the_check():
    from web.page.formats import check_settings, default_settings
    from web.page.shape import Bad

    good = default_settings()
    good["stun"] = ["stun:stun.example.org:3478", "stuns:secure.example.org"]
    assert check_settings(good) == good
    for bad in (["http://x.example"], ["stun:"], "stun:a.example", [GOOGLE] * 9, [1], ["stun:a b"]):
        d = default_settings()
        d["stun"] = bad
        with pytest.raises(Bad):
            check_settings(d)
