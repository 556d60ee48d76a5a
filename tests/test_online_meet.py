"""Online play through the relays (web.page.app.meet, web/signal.js as tests/online_harness.py plays it): a friend
joins from the invite link alone, a dropped or reloaded friend comes back by themselves, the reply code stays as
the fallback and says so when the relays cannot be reached, and what Settings say of relays and TURN. No browser,
no timing."""

from __future__ import annotations

import json
import random

from online_harness import Net, Page
from sodium_group import seeded_groups
from test_online_play import CheckedNet, hand_over, host_table, play_until, seeded_secrets  # noqa: F401 (a fixture)

from web.page.app import core, meet
from web.page.app.invite import invite_fragment, read_invite
from web.page.formats import DEFAULT_RELAYS, default_settings
from web.worker import sealed_play


def open_link(net: Net, seat: int, link: str | None = None) -> Page:
    """A friend's page opens the seat's invite link: nobody pastes anything."""
    host = net.host
    assert host is not None and host.app.host is not None
    net.run()
    link = link or host.app.host.links[seat]["link"]
    guest = Page(net, "guest" + str(seat), engine_ready=False)
    net.guests[seat] = guest
    guest.start(hash=link.split("#", 1)[1])
    net.run()
    return guest


def test_a_friend_joins_from_the_link_alone():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    link = host.app.host.links[1]
    assert link["state"] == "inviting" and meet.secret_ok(link["room"])
    inv = read_invite(link["link"].split("#", 1)[1])
    assert inv is not None and inv["room"] == link["room"] and inv["relays"] == ["wss://relay.test"]
    bob = open_link(net, 1)
    assert host.app.host.links[1]["state"] == "ready"
    assert bob.app.match.view is not None and bob.app.match.view.seat == 1
    # what went through the relay: Bob's answer to the link's offer, and nothing of the game
    kinds = [json.loads(text)["t"] for _, text in net.posts]
    assert kinds == ["answer"] and net.posts[0][0] == "guest1"
    assert json.loads(net.posts[0][1])["of"] == meet.offer_tag(link["code"])
    # the room's key is not the secret the link carries, and each seat's room is its own
    assert meet.room_key(link["room"]) != link["room"] and len(meet.room_key(link["room"])) == 64


def test_three_friends_have_a_room_each():
    net = CheckedNet(relays=True)
    host = host_table(net, "rummy", ["guest", "guest"], ["Ann", "Bob", "Cy"], {"target": 40})
    rooms = {s: host.app.host.links[s]["room"] for s in (1, 2)}
    assert len(set(rooms.values())) == 2
    bob = open_link(net, 1)
    cy = open_link(net, 2)
    assert host.app.host.links[1]["state"] == host.app.host.links[2]["state"] == "ready"
    assert bob.app.match.view is not None and cy.app.match.view is not None
    assert {bob.app.match.view.seat, cy.app.match.view.seat} == {1, 2}


def test_a_dropped_friend_comes_back_by_themselves_to_the_same_seat_and_cards():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = open_link(net, 1)
    rnd = random.Random(4)
    play_until(net, {1: bob}, rnd, lambda: host.app.match.view.step >= 4)
    step, cards = host.app.match.view.step, list(bob.app.match.view.hand)
    # his link breaks (both sides see it): the host makes a new offer for his seat and posts it in the room; his
    # page, which asked for one, answers it
    net.drop(1)
    net.queue.append((bob, ("rtc-event", "host", "closed", "channel closed")))
    net.run()
    assert any("was lost. Reconnecting…" in said for said in bob.announced)
    assert host.app.host.links[1]["state"] == "ready"
    assert bob.app.guest.join["state"] == "playing" and bob.app.match.view.step == step
    assert list(bob.app.match.view.hand) == cards
    kinds = [json.loads(text)["t"] for _, text in net.posts]
    assert kinds[:1] == ["answer"] and "offer" in kinds and kinds[-1] == "answer"
    play_until(net, {1: bob}, rnd, hand_over(host))
    assert host.app.match.next in ("deal", "over")


def test_a_reloaded_friend_answers_the_old_offer_and_is_sent_the_new_one():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    first = host.app.host.links[1]["link"]
    bob = open_link(net, 1)
    step = host.app.match.view.step
    cards = list(bob.app.match.view.hand)
    net.drop(1)  # his page closes its link as it goes
    assert host.app.host.links[1]["state"] == "inviting"  # a new offer, posted in the room: nobody hears it
    assert "Bob is not connected: their page comes back by itself" in host.html
    assert "Let a computer play for Bob" in host.html
    posts = len(net.posts)
    del net.guests[1]
    bob2 = open_link(net, 1, first)  # the same link, opened again: its offer is spent
    sent = [json.loads(text) for _, text in net.posts[posts:]]
    assert [m["t"] for m in sent] == ["answer", "offer", "answer"]
    assert sent[0]["of"] == meet.offer_tag(read_invite(first.split("#", 1)[1])["code"])
    assert sent[1]["code"] == host.app.host.links[1]["code"] and sent[2]["of"] == meet.offer_tag(sent[1]["code"])
    assert host.app.host.links[1]["state"] == "ready"
    assert bob2.app.match.view.step == step and list(bob2.app.match.view.hand) == cards


def test_the_host_reloads_and_its_friend_comes_back_through_the_room_by_itself():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = open_link(net, 1)
    rnd = random.Random(7)
    play_until(net, {1: bob}, rnd, lambda: host.app.match.view.step >= 4)
    record = json.loads(json.dumps(host.saves[-1][1]))
    assert record["meta"]["rooms"] == {"1": host.app.host.links[1]["room"]}  # the room is saved with the match
    step, cards = host.app.match.view.step, list(bob.app.match.view.hand)
    # the host's page goes away (a reload): it hears its rooms no more, and Bob's link closes
    for members in net.rooms.values():
        members[:] = [(p, n) for p, n in members if p is not host]
    net.open.discard(1)
    net.queue.append((bob, ("rtc-event", "host", "closed", "channel closed")))
    net.run()
    assert bob.app.guest.join["state"] != "playing"
    # the page comes back from the save: it listens to Bob's room again and posts a new offer there, which
    # Bob's page answers; nobody sends a link or clicks anything
    host2 = Page(net, "host2")
    net.host = host2
    host2.start(match=record)
    net.run()
    assert host2.app.host.links[1]["state"] == "ready" and host2.app.host.links[1]["room"] == record["meta"]["rooms"]["1"]
    assert bob.app.guest.join["state"] == "playing" and bob.app.match.view.step == step
    assert list(bob.app.match.view.hand) == cards
    play_until(net, {1: bob}, rnd, hand_over(host2))
    assert host2.app.match.next in ("deal", "over")


def test_a_saved_room_is_not_used_without_relays():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    open_link(net, 1)
    record = json.loads(json.dumps(host.saves[-1][1]))
    settings = default_settings()
    settings["relays"] = []  # the player removed every relay meanwhile: the seat waits for a new invite, by code
    host2 = Page(net, "host2")
    host2.start(match=record, settings=settings)
    assert host2.app.host.links[1] == dict(host2.app.host.links[1], state="dropped", room="")
    assert "Invite Bob again" in host2.html


def test_room_messages_that_are_not_ones_are_dropped_and_a_connected_seat_ignores_its_room():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    open_link(net, 1)
    code = host.app.host.links[1]["code"]
    for junk in ("", "{", "[]", '{"t": "answer"}', '{"t": "offer", "code": 5}', '{"t": "hello"}',
                 json.dumps({"t": "answer", "of": "x" * 13, "code": "a1.x"}),
                 json.dumps({"t": "answer", "of": "x", "code": "a" * 601})):
        assert meet.decode(junk) is None, junk
        host.do("signal-event", "seat1", "message", junk, "someone")
    assert host.logs[-1].startswith("a message in the room of seat 1 was dropped")
    # a stranger who got the link while Bob plays: the seat is taken, the room's answers change nothing
    posts = len(net.posts)
    host.do("signal-event", "seat1", "message", meet.encode("answer", {"of": "x", "code": "a1.AAAA"}), "eve")
    host.do("signal-event", "seat1", "message", meet.encode("knock"), "eve")
    net.run()
    assert host.app.host.links[1]["state"] == "ready" and host.app.host.links[1]["code"] == code
    assert len(net.posts) == posts


def test_without_the_relays_the_reply_code_still_connects_and_both_pages_say_so():
    net = CheckedNet(relays=True)
    net.relay_up = False
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    link = host.app.host.links[1]["link"]
    guest = Page(net, "guest1", engine_ready=False)
    net.guests[1] = guest
    guest.start(hash=link.split("#", 1)[1])
    net.run()
    assert guest.app.guest.join["state"] == "replying" and "Connecting to Ann" in guest.html
    assert "Nothing happens? Send a reply code" in guest.html and 'data-testid="relays-down"' not in guest.html
    for page in (host, guest):  # the relay fails on both sides
        page.do("signal-event", "wss://relay.test", "relay", "failed", "")
    assert 'data-testid="relays-down"' in guest.html and "send this reply code to Ann instead" in guest.html
    assert 'data-testid="relays-down-1"' in host.html and '<details class="fallback" open>' in host.html
    host.do("change", "reply1", guest.app.guest.join["code"], False)
    host.do("command", "reply", {"seat": 1})
    net.run()
    assert host.app.host.links[1]["state"] == "ready" and guest.app.match.view is not None


def test_no_relays_in_settings_means_invites_by_reply_code_and_no_room():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    link = host.app.host.links[1]
    assert link["room"] == "" and "&k=" not in link["link"]
    assert "sends you back the short reply code" in host.html
    assert ("host", "signal join") not in net.order and not net.rooms


def test_the_invite_link_carries_the_room_and_relays_that_are_not_the_defaults():
    room = meet.secret_from_hex("00" * 15 + "01")
    assert meet.secret_ok(room) and not meet.secret_ok(room[:-1]) and not meet.secret_ok(room[:-1] + "*")
    frag = invite_fragment("o1.AAAA", 1, "gin", ["Ann", "Bob"], ["person", "guest"], "cardgames", [], room,
                           ["ws://127.0.0.1:7000", "wss://relay.example.org"])
    inv = read_invite(frag)
    assert inv["room"] == room and inv["relays"] == ["ws://127.0.0.1:7000", "wss://relay.example.org"]
    # a damaged secret: no room (the reply code is the way); relays that are not relay addresses are left out
    bad = read_invite(frag.replace("&k=" + room, "&k=" + room[:10]))
    assert bad is not None and bad["room"] == "" and bad["relays"] == []
    odd = read_invite(frag.replace("ws%3A%2F%2F127.0.0.1%3A7000", "javascript%3Aalert(1)"))
    assert odd["relays"] == ["wss://relay.example.org"]
    # the relays fit in what is left of the link: a long list is cut
    many = invite_fragment("o1.AAAA", 1, "gin", ["Ann", "Bob"], ["person", "guest"], "cardgames", [], room,
                           ["wss://relay-" + str(i) + ".example.org" for i in range(8)])
    assert 0 < len(read_invite(many)["relays"]) < 8


def test_a_guest_uses_the_links_relays_and_its_own():
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = Page(net, "guest1", engine_ready=False)
    settings = default_settings()
    settings["relays"] = ["wss://mine.example.org"]
    effects: list = []
    real = bob.perform
    bob.perform = lambda e: (effects.extend(e), real(e))  # type: ignore[method-assign]
    bob.start(hash=host.app.host.links[1]["link"].split("#", 1)[1], settings=settings)
    configured = [json.loads(e[2]) for e in effects if e[:2] == ("signal", "configure")]
    assert configured == [["wss://relay.test", "wss://mine.example.org"]]


def test_settings_relays_and_turn_server():
    net = CheckedNet()
    page = net.host_page()
    app = page.app
    settings = app.page.settings
    settings["relays"] = None
    assert core.relays(app) == list(DEFAULT_RELAYS)
    page.do("command", "settings", {})
    assert page.dialog is not None and 'data-testid="relay-list"' in page.dialog
    assert "A relay learns that two pages met, when, and their network addresses" in page.dialog
    page.do("change", "relays", "wss://a.example.org\nhttp://b.example.org\nws://10.0.0.2:7000", False)
    assert settings["relays"] == ["wss://a.example.org", "ws://10.0.0.2:7000"]
    assert "Left out (not a relay address like wss://host): http://b.example.org" in page.dialog
    page.do("command", "relay-defaults", {})
    assert settings["relays"] is None and core.relays(app) == list(DEFAULT_RELAYS)
    page.do("change", "relays", "", False)
    assert settings["relays"] == [] and core.relays(app) == []
    # TURN: stored once it is whole, and given to the browser with the STUN servers
    page.do("change", "turn-urls", "turn:turn.example.org:3478", False)
    assert settings["turn"] is None
    page.do("change", "turn-username", "ann", False)
    page.do("change", "turn-credential", "s3cret", False)
    assert settings["turn"] == {"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "s3cret"}
    ice = json.loads(core.stun_json(app))
    assert ice[-1] == {"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "s3cret"}
    assert page.settings_saved[-1]["turn"] == settings["turn"]
    page.do("change", "turn-urls", "", False)
    assert settings["turn"] is None and all("username" not in s for s in json.loads(core.stun_json(app)))


# ---------------------------------------------------------------- Play someone now

def seeker(net: CheckedNet, name: str, engine: bool = True) -> Page:
    page = Page(net, name, engine_ready=engine)
    page.start()
    page.do("change", "name0", name, True)
    return page


def follow(net: CheckedNet, page: Page) -> Page:
    """A page sent to a table takes its seat in place (no reload): it is that seat's guest from then on."""
    (fragment,) = page.followed
    seat = int(fragment.split("&s=", 1)[1].split("&", 1)[0])
    assert net.guests[seat] is page and page.app.online.role == "guest" and page.app.seeker is None
    net.run()
    return page


def test_two_players_looking_for_gin_are_seated_together_at_a_table_with_no_dealer(monkeypatch):
    monkeypatch.setattr(sealed_play, "make_group", seeded_groups())
    net = CheckedNet(relays=True)
    ann = seeker(net, "Ann")
    net.host = ann
    bob = seeker(net, "Bob")
    ann.do("command", "seek", {"game": "gin"})
    net.run()
    assert 'data-testid="seek"' in ann.html and "Nobody else is looking yet" in ann.html
    assert "No dealer: both pages shuffle and lock the deck" in ann.html
    bob.do("command", "seek", {"game": "gin"})
    net.run()
    # Ann's key is the smaller: she hosts, and Bob's page is sent his seat's link, privately
    assert ann.app.seeker.state == "hosting" and ann.app.online.role == "host"
    assert len(bob.followed) == 1 and bob.app.seeker is None and bob.app.page.slot == "online-guest"
    assert read_invite(bob.followed[0])["players"] == [("Ann", "person"), ("Bob", "guest")]
    assert not net.seekers["rummy-seek/1/gin"]  # both stopped looking
    bob2 = follow(net, bob)
    assert ann.app.host.links[1]["state"] == "ready"
    assert bob2.app.match.view is not None and bob2.app.match.view.seat == 1
    # strangers at a table of two: each page's engine deals its part and holds only its seat's cards
    assert ann.app.online.sealed is not None and bob2.app.online.sealed is not None
    assert ann.app.setup.sealed is False  # the new-game form's choice for friends is left as it was
    assert ann.table.sealed is not None and bob2.table.sealed is not None
    assert not set(ann.table.sealed.seat.known.values()) & set(bob2.app.match.view.hand)
    play_until(net, {1: bob2}, random.Random(5), hand_over(ann))
    net.run()
    for page in (ann, bob2):
        assert any(line.startswith("Hand 1: Deal verified") for line in page.app.match.meta["log"])


def test_a_rummy_leader_starts_with_computers_in_the_empty_seats():
    net = CheckedNet(relays=True)
    ann = seeker(net, "Ann")
    net.host = ann
    bob = seeker(net, "Bob")
    for page in (ann, bob):
        page.do("command", "seek", {"game": "rummy", "players": "3"})
        page.do("change", "seek-players", "4", False)
    net.run()
    assert "1 player looking" in ann.html and "Bob" in ann.html
    # a table of four waits for three others: the leader may start now, the other page waits for the leader
    assert ann.app.seeker.state == "looking" and "Start now: computers take the empty seats" in ann.html
    assert "The page of the first of you to arrive deals" in ann.html and "No dealer" not in ann.html
    assert "Start now" not in bob.html and "waiting for them" in bob.html
    ann.do("command", "seek-now", {})
    net.run()
    assert [s["kind"] for s in core.online_seats(ann.app)] == ["person", "guest", "computer", "computer"]
    bob2 = follow(net, bob)
    assert bob2.app.match.view is not None and bob2.app.match.view.players == 4
    assert ann.app.online.sealed is None  # a larger table: the leader's page deals, as the seek screen said


def test_two_strangers_at_basic_rummy_play_with_no_dealer_and_so_without_jokers(monkeypatch):
    monkeypatch.setattr(sealed_play, "make_group", seeded_groups())
    net = CheckedNet(relays=True)
    ann = seeker(net, "Ann")
    net.host = ann
    bob = seeker(net, "Bob")
    ann.app.setup.overrides["rummy"]["jokers"] = True  # the leader's own rules have jokers
    for page in (ann, bob):
        page.do("command", "seek", {"game": "rummy", "players": "2"})
        assert "(A table with no dealer plays without jokers.)" in page.html
    net.run()
    bob2 = follow(net, bob)
    assert ann.app.online.sealed is not None and bob2.app.online.sealed is not None
    assert ann.app.online.sealed.config["rules"]["jokers"] is False
    assert ann.table.sealed is not None and len(ann.table.sealed.seat.cards) == 52


def test_who_leads_and_whom_it_takes_need_no_clock():
    from web.page.app.seek import chosen, leader

    seen = {"c" * 64: {}, "a" * 64: {}, "d" * 64: {}}
    assert leader("b" * 64, seen) == "a" * 64 and leader("0" * 64, seen) == "0" * 64
    assert chosen("0" * 64, seen, 3) == ["a" * 64, "c" * 64] and chosen("0" * 64, seen, 2) == ["a" * 64]


def test_the_silent_are_forgotten_the_gone_at_once_and_strangers_cannot_send_a_seat():
    net = CheckedNet(relays=True)
    ann = seeker(net, "Ann")
    ann.do("command", "seek", {"game": "rummy", "players": "6"})  # a table that the pages below never fill
    net.run()
    t = "rummy-seek/1/rummy-6"
    ann.do("signal-event", t, "seeking", json.dumps({"name": "Cy"}), "c" * 64)
    ann.do("signal-event", t, "seeking", json.dumps({"name": "Dee\u202e"}), "d" * 64)
    assert set(ann.app.seeker.seen) == {"c" * 64, "d" * 64}
    ann.do("signal-event", t, "seeking", json.dumps({"gone": True}), "d" * 64)
    assert set(ann.app.seeker.seen) == {"c" * 64}
    for junk in ("{", "[]", json.dumps({"name": 5})):
        ann.do("signal-event", t, "seeking", junk, "e" * 64)
    assert "Player" in [v["name"] for v in ann.app.seeker.seen.values()]  # a nameless one is "Player"
    # Cy says nothing more: after FORGET_AFTER announcements of Ann's, he is forgotten
    from web.page.app.seek import FORGET_AFTER

    for _ in range(FORGET_AFTER + 1):
        assert ann.fire("seek")
    assert "c" * 64 not in ann.app.seeker.seen
    # a seat's link from a page with a larger key than Ann's is not followed (that page would be the one to follow
    # hers), nor anything that is not a seat's link
    ann.do("signal-event", t, "seeking", json.dumps({"name": "Zed"}), "f" * 64)
    ann.do("signal-event", "", "direct", json.dumps({"t": "seat", "link": "j=o1.x&s=1"}), "f" * 64)
    for junk in ("{", json.dumps({"t": "seat", "link": "https://example.org/#j=o1"}), json.dumps({"t": "hi"})):
        ann.do("signal-event", "", "direct", junk, "0" * 64)
    assert ann.followed == [] and ann.app.seeker.state == "looking"
    # from a smaller key, it is, even unheard of: a leader's announcements may be said before the relay passes
    # this page any
    ann.do("signal-event", "", "direct", json.dumps({"t": "seat", "link": "j=o1.x&s=1"}), "0" * 64)
    assert ann.followed == ["j=o1.x&s=1"] and ann.app.online.role == "guest"
    assert "This invite link is damaged" in ann.html  # taken as a friend's link is: this one is not whole


def test_no_relay_no_looking_and_the_screen_says_why():
    net = CheckedNet()
    ann = seeker(net, "Ann")
    ann.do("command", "seek", {"game": "gin"})
    net.run()
    assert "Playing someone needs a relay" in ann.html and not net.seekers
    ann.do("command", "seek-cancel", {})
    assert ann.app.seeker is None and 'data-testid="seek"' not in ann.html


def test_a_link_that_never_opens_says_what_to_try_on_both_pages():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    link = host.app.host.links[1]["link"]
    bob = Page(net, "guest1", engine_ready=False)
    bob.start(hash=link.split("#", 1)[1])
    net.run()
    host.do("change", "reply1", bob.app.guest.join["code"], False)
    host.app.host.links[1]["state"] = "connecting"  # the reply code pasted: the browsers try to reach each other
    host.do("rtc-event", "seat1", "failed", "could not connect")
    assert host.app.host.links[1]["state"] == "dropped"
    assert "could not reach each other" in host.html and "TURN server" in host.html and "Same network only" in host.html
    assert "Invite Bob again" in host.html
    bob.do("rtc-event", "host", "failed", "connection failed")
    assert bob.app.guest.join["state"] == "error" and "add a TURN server" in bob.html


def test_an_announcement_heard_after_its_pages_gone_is_not_news():
    """A relay that keeps what it should not sends old announcements again, in any order: a page that said it has
    gone stays gone."""
    net = CheckedNet(relays=True)
    ann = seeker(net, "Ann")
    ann.do("command", "seek", {"game": "rummy", "players": "6"})
    net.run()
    t = "rummy-seek/1/rummy-6"
    ann.do("signal-event", t, "seeking", json.dumps({"gone": True}), "c" * 64)
    ann.do("signal-event", t, "seeking", json.dumps({"name": "Cy"}), "c" * 64)
    assert ann.app.seeker.seen == {} and "Nobody else is looking yet" in ann.html


def test_an_answer_replaced_by_a_newer_one_is_not_an_error():
    """A reloaded friend's page answers the link's offer, then the room's newer one: the browser drops the first
    answer ("replaced"), and the page waits for the second instead of saying it failed."""
    net = CheckedNet(relays=True)
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = open_link(net, 1)
    net.drop(1)
    bob.app.guest.join["state"] = "making"
    bob.do("rtc-answer", "host", None, "replaced")
    assert bob.app.guest.join["state"] == "making" and not bob.app.guest.join["error"]
    host.do("rtc-offer", "seat1", None, "replaced")
    assert host.app.host.links[1]["state"] != "error" and not host.app.host.links[1]["error"]
    bob.do("rtc-answer", "host", None, "no network address")
    assert bob.app.guest.join["state"] == "error" and "no network address" in bob.app.guest.join["error"]
