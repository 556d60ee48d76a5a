"""Text and messages from outside, handled once: a name that holds a right-to-left override is isolated wherever
the page shows it (the table, the log, the online strip, the re-invite buttons, the end of a hand, the scores,
announcements); control characters never get in (typed names, invite links, the host's messages, stored and
imported records); a name's limit is one number for the page, the stored formats and the engine; and a guest's
page that floods the host with forged moves, or says hello again, changes nothing: every move is answered, the
engine is never taken for stalled, and the host plays on. Through the page harness: the page's real Python, no
browser, no timing."""

from __future__ import annotations

import json
import random

import pytest
from online_harness import Net, Page
from page_harness import Harness
from test_online_play import CheckedNet, hand_over, host_table, play_until
from test_pass_and_play import set_up

from web.page import formats
from web.page.app import replayview, views
from web.page.app.invite import invite_fragment, read_invite
from web.page.app.text import FSI, PDI, bidi_html, isolated
from web.page.shared import online, protocol
from web.page.shared.cards import text_of

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: shown un-isolated, it turns round the text after it
ANN = RLO + "Ann"  # the host
BOB = "Bob" + RLO + "x"  # a friend online


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch):
    """The host's secrets and first dealers from a seeded generator, so that every run plays the same deals."""
    from web.worker import online as worker_online

    rnd = random.Random(7)
    monkeypatch.setattr(worker_online, "new_secret", lambda: f"{rnd.getrandbits(256):064x}")
    monkeypatch.setattr(worker_online.secrets, "randbelow", lambda n: rnd.randrange(n))


def isolated_in(text: str, name: str) -> int:
    """How many times ``name`` shows in ``text``, after checking that each is isolated: a ``<bdi>`` element of its
    own in an element's text, between FSI and PDI in an attribute or in plain text (an announcement, a log line),
    or the whole value of a field (a form control is a box of its own in the line)."""
    n = 0
    i = text.find(name)
    while i >= 0:
        before, after = text[:i], text[i + len(name):]
        assert (before.endswith("<bdi>") and after.startswith("</bdi>")) or \
            (before.endswith(FSI) and after.startswith(PDI)) or \
            (before.endswith('value="') and after.startswith('"')), text[max(0, i - 120):i + 120]
        n += 1
        i = text.find(name, i + 1)
    return n


def no_stray_marks(html: str) -> None:
    """Drawn HTML whose isolate marks are all inside tags (attributes): in an element's text each became a
    ``<bdi>``, and every ``<bdi>`` is closed."""
    for mark in (FSI, PDI):
        k = html.find(mark)
        while k >= 0:
            assert html.rfind("<", 0, k) > html.rfind(">", 0, k), html[max(0, k - 120):k + 120]
            k = html.find(mark, k + 1)
    assert html.count("<bdi>") == html.count("</bdi>")


class Watch:
    """Every screen and dialog a page draws, and everything it announces, checked as it comes: the names are
    isolated wherever they show; ``shown`` counts where each was seen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...]) -> None:
        self.names = names
        self.shown = dict.fromkeys(names, 0)
        self.texts: list[str] = []  # every screen, dialog and announcement, for a test to look for a sentence
        watch = self
        perform = Harness.perform

        def checked(page: Harness, effects: list) -> None:
            perform(page, effects)
            drawn = [page.html] + ([page.dialog] if page.dialog else [])
            for e in effects:
                if e[0] == "announce":
                    drawn.append(e[1])
            for text in drawn:
                watch.check(text)

        monkeypatch.setattr(Harness, "perform", checked)

    def check(self, text: str) -> None:
        if text.startswith("<"):
            no_stray_marks(text)
        self.texts.append(text)
        for name in self.names:
            self.shown[name] += isolated_in(text, name)

    def saw(self, words: str) -> bool:
        return any(words in t for t in self.texts)


def forge(net: Net, host: Page, seat: int, kind: str, fields: dict) -> None:
    """A message from the guest's page of ``seat`` that its page never made."""
    net.queue.append((host, ("rtc-event", "seat" + str(seat), "message", online.encode(kind, fields))))


# ---------------------------------------------------------------- names isolated wherever they show

def test_a_name_with_a_right_to_left_override_is_isolated_wherever_it_shows_online(monkeypatch):
    watch = Watch(monkeypatch, (ANN, BOB))
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], [ANN, BOB], {"target": 15})
    # the guest's page from the invite link: "… invites you", "You play as …", the players
    guest = Page(net, "guest1", engine_ready=False)
    net.guests[1] = guest
    net.run()
    guest.start(hash=host.app.host.links[1]["link"].split("#", 1)[1])
    net.run()
    assert guest.app.guest.invite["players"][1][0] == BOB  # the override kept: the name is the friend's own
    assert watch.shown[ANN] >= 2 and watch.shown[BOB] >= 2
    host.do("change", "reply1", guest.app.guest.join["code"], False)
    host.do("command", "reply", {"seat": 1})
    net.run()
    assert watch.saw(isolated(BOB) + " joined.")  # the host's announcement
    assert watch.saw("Waiting for <bdi>" + ANN + "</bdi> to deal")  # the guest's
    # a whole hand: the log, whose turn, the scoreline "(to 15)", the end of the hand and its figures
    play_until(net, {1: guest}, random.Random(3), hand_over(host))
    net.run()
    assert not host.app.match.view.in_hand and not guest.app.match.view.in_hand
    for page in (host, guest):
        for line in page.app.match.meta["log"]:
            if BOB in line or ANN in line:
                assert isolated_in(line, BOB) + isolated_in(line, ANN) >= 1
        watch.check(views.screen_html(page.app))
        watch.check(views.dialog_html(page.app, "scores"))
        watch.check(views.dialog_html(page.app, "end"))
    assert any("<bdi>" + BOB + "</bdi> " in t and "(to 15)" in t for t in watch.texts)
    assert watch.saw('class="tally-name"><bdi>' + BOB + "</bdi>")  # the end of a hand's figures
    # the friend drops: "… disconnected.", the re-invite and the computer's buttons name them
    net.drop(1)
    watch.check(views.screen_html(host.app))
    assert watch.saw(isolated(BOB) + " disconnected.")
    assert watch.saw("Invite <bdi>" + BOB + "</bdi> again")
    assert watch.saw("Let a computer play for <bdi>" + BOB + "</bdi>")
    assert watch.shown[BOB] > 50 and watch.shown[ANN] > 50
    # the guest seated at the host's table (the line a welcome says, "You are at …'s table")
    guest.do("rtc-event", "host", "message", online.encode("welcome", {
        "seat": 1, "names": [ANN, BOB], "game": "gin", "rules": {}, "seats": ["person", "guest"], "build": ""}))
    assert "You are at " + isolated(ANN) + "'s table" in guest.app.page.message


def test_names_are_isolated_in_pass_and_play_the_resume_tile_past_matches_and_statistics(monkeypatch):
    from test_pass_and_play import start_people

    watch = Watch(monkeypatch, (BOB,))
    h = start_people("gin", ["person"], ["You", BOB], seed=5)
    watch.check(views.screen_html(h.app))  # the cover: "pass the device to …"
    assert watch.shown[BOB] >= 1 and h.app.match.cover is not None
    h.app.page.screen = "setup"  # the new-game screen's Continue tile names the players
    watch.check(views.screen_html(h.app))
    assert watch.saw("against <bdi>" + BOB + "</bdi>")
    past = [{"when": "2026-01-02", "game": "gin", "names": ["You", BOB], "final": [100, 30], "winner": 1,
             "hands": 2, "record": {}}]
    watch.check(bidi_html(replayview.past_html(past)))
    assert watch.saw("<bdi>" + BOB + "</bdi> won")
    h.app.page.stats = {"games": {}, "opponents": {}, "people": {
        "gin:" + BOB: {"matches": 1, "matches_won": 0, "hands": 3, "hands_won": 1}}}
    watch.check(views.dialog_html(h.app, "stats"))  # the statistics of games with people
    assert watch.saw('<th scope="row"><bdi>' + BOB + "</bdi></th>")


def test_bidi_html_keeps_marks_in_attributes_and_closes_every_bdi():
    assert isolated("Bob") == "Bob"  # left-to-right letters alone: nothing to isolate
    assert isolated("Ann" + RLO) == FSI + "Ann" + RLO + PDI
    html = '<p title="' + FSI + 'x' + PDI + '">' + FSI + "a" + PDI + " and " + FSI + "b</p><p>" + PDI + "c</p>"
    out = bidi_html(html)
    assert out == '<p title="' + FSI + 'x' + PDI + '"><bdi>a</bdi> and <bdi>b</bdi></p><p>c</p>'
    no_stray_marks(out)
    field = "<textarea readonly>" + FSI + "a" + PDI + "</textarea><p>" + FSI + "b" + PDI + "</p>"
    assert bidi_html(field) == "<textarea readonly>" + FSI + "a" + PDI + "</textarea><p><bdi>b</bdi></p>"


# ---------------------------------------------------------------- control characters and the limit of a name

def test_control_characters_never_get_into_a_name():
    clean = protocol.clean_text
    assert clean("Bo\x00b\x1b[31m\x7f\x9b") == "Bob[31m"
    assert clean("Ann\tLee\nJr\u2028") == "Ann Lee Jr"
    assert clean("  " + FSI + "Cy" + PDI + " ") == "Cy"  # the page puts its own isolate marks around a name
    assert clean("\ud800Dee") == "Dee" and clean(5) == "" and clean(None) == ""
    assert clean(RLO + "Eve") == RLO + "Eve"  # a name's own direction marks stay: it is shown isolated
    # typed on the new-game screen
    h = Harness()
    h.start()
    set_up(h, "gin", ["person"], ["Me\x07", "Z\x00oe\r\n"])
    assert h.app.setup.names()[:2] == ["Me", "Zoe"]
    # read from an invite link
    frag = invite_fragment("o1.x", 1, "gin", ["An\x1bn", "B\x00ob\x85"], ["person", "guest"], "cardgames", [])
    assert [p[0] for p in read_invite(frag)["players"]] == ["Ann", "Bob"]
    # checked by the engine's protocol and by the stored formats
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "guest", "name": "B\x1bob"}]
    assert protocol.seats_problem(seats, []) is not None
    with pytest.raises(formats.Bad):
        formats.check_seat_plan(seats, [], 6, "config.seats")
    with pytest.raises(formats.Bad):
        formats.check_meta({"names": ["You", "Rex\x00"], "counted": 0, "match_counted": False, "log": []}, 2, "m")
    # an imported record's names
    assert replayview.names_for(["A\x00da", "\x1bRex"], 2) == ["Ada", "Rex"]
    assert replayview.names_for(["\x00", "Rex"], 2) == ["Player 1", "Player 2"]


def test_the_host_s_names_and_words_reach_a_guest_clean(monkeypatch):
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    bob.do("rtc-event", "host", "message", online.encode("welcome", {
        "seat": 1, "names": ["A\x00nn\x1b", "x" * 500], "game": "gin", "rules": {}, "seats": ["person", "guest"],
        "build": ""}))
    assert bob.app.match.meta["names"] == ["Ann", "x" * protocol.MAX_NAME]
    bob.do("rtc-event", "host", "message", online.encode("status", {"text": "Wait\x07 for\x1b[2J me"}))
    assert bob.app.page.message == "Wait for[2J me"
    bob.do("rtc-event", "host", "message", online.encode("reload", {"why": "Old\x00 page." + "y" * 1000}))
    assert "\x00" not in bob.app.page.message and len(bob.app.page.message) < online.MAX_WORDS + 40
    assert host.app.match.meta["names"] == ["Ann", "Bob"]


def test_a_name_s_limit_is_the_same_on_the_page_in_storage_and_in_the_engine():
    most = protocol.MAX_NAME
    long_name = "N" * (most + 5)
    h = Harness()
    h.start()
    set_up(h, "gin", ["person"], ["You", long_name])
    assert 'maxlength="' + str(most) + '"' in views.screen_html(h.app)
    assert h.app.setup.names()[1] == "N" * most  # typed: cut to the limit
    h.do("command", "start", {})
    assert h.app.match.view is not None and h.app.match.meta["names"][1] == "N" * most  # the engine took it
    assert h.app.match.config["seats"][1]["name"] == "N" * most
    formats.check_seat_plan(h.app.match.config["seats"], [], 6, "config.seats")  # storage takes it
    over = [{"kind": "person", "name": "You"}, {"kind": "person", "name": "N" * (most + 1)}]
    assert protocol.seats_problem(over, []) is not None  # one more: the engine refuses it
    with pytest.raises(formats.Bad):
        formats.check_seat_plan(over, [], 6, "config.seats")  # and so does storage
    refused = h.table.handle({"type": "new", "config": {"game": "gin", "opponents": [], "rules": {}, "seed": 1,
                                                        "seats": over}})
    assert refused[0]["type"] == "error"
    frag = invite_fragment("o1.x", 1, "gin", ["You", "N" * (most + 1)], ["person", "guest"], "cardgames", [])
    assert read_invite(frag)["players"][1][0] == "N" * most  # a link: cut to the same limit


# ---------------------------------------------------------------- a flood of forged messages

def test_a_thousand_forged_moves_are_each_answered_and_the_engine_is_never_taken_for_stalled():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    net.run()
    a = host.app
    step = a.match.view.step
    engine_before = json.dumps(host.table.game.to_dict())
    held = {text_of(c) for c in bob.app.match.view.hand}
    not_held = [t for t in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AH", "2H")
                if t not in held]
    asked = len(host.sent)
    host.deliver = False  # the engine answers when the test says (as a worker does, later)
    rnd = random.Random(11)
    replies_before = len(bob.inbox)
    for i in range(1000):
        action = rnd.choice(["discard " + rnd.choice(not_held), "knock " + rnd.choice(not_held), "steal all",
                             "meld 2S 3S 4S", ""])
        forge(net, host, 1, "act", {"action": action, "step": step + rnd.choice((-2, -1, 0, 1, 5))})
        net.run()
        # every watchdog of a request already answered fires now (their 12 seconds are long past): only the one
        # of the request still with the engine (the newest) has not
        stalls = [t for t in host.timers if t[0] == "stall"]
        for t in stalls[:-1]:
            host.timers.remove(t)
            host.do("tick", "stall", t[2])
        if i % 3 == 2:
            host.flush()
            net.run()
    host.flush()
    net.run()
    assert a.match.restarts == 0 and a.match.engine == "ready"
    assert not [line for line in host.logs if "restarted" in line]
    assert "stopped" not in host.html
    replies = [json.loads(t) for t in bob.inbox[replies_before:]]
    assert len(replies) == 1000 and {r["t"] for r in replies} == {"refused"}  # every one answered, once
    assert {r["code"] for r in replies} >= {"busy"}  # most never reached the engine
    assert len(host.sent) - asked < 1000
    assert json.dumps(host.table.game.to_dict()) == engine_before  # nothing changed
    # and the host still plays: a whole hand with Bob, no watchdog left that could take the engine for stalled
    host.deliver = True
    for _, _, token in [t for t in host.timers if t[0] == "stall"]:
        host.do("tick", "stall", token)
    assert a.match.restarts == 0
    play_until(net, {1: bob}, random.Random(5), hand_over(host))
    assert a.match.view.step > step + 4 and a.match.next in ("deal", "over")
    assert a.match.restarts == 0


def test_a_forged_move_answered_long_ago_does_not_make_the_next_request_look_stalled():
    """The watchdog of each request is its own: a refusal ends it, whatever is asked after."""
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    net.join(1)
    net.run()
    a = host.app
    host.deliver = False
    forge(net, host, 1, "act", {"action": "steal all", "step": a.match.view.step})
    net.run()
    first = [t for t in host.timers if t[0] == "stall"][-1]
    host.flush()  # refused
    net.run()
    forge(net, host, 1, "act", {"action": "steal more", "step": a.match.view.step})
    net.run()
    assert a.match.waiting == "act"  # the second move is with the engine
    host.timers.remove(first)
    assert host.do("tick", "stall", first[2]) == []  # the first's watchdog: answered, nothing to do
    assert a.match.restarts == 0
    effects = host.do("tick", "stall", host.ids[-1])  # the second's, unanswered: the engine is restarted
    assert ("restart-engine",) in effects


def test_a_hello_said_again_mid_game_is_ignored():
    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    net.run()
    a = host.app
    assert host.announced.count("Bob joined.") == 1
    welcomes = [t for t in bob.inbox if json.loads(t)["t"] == "welcome"]
    before = (a.match.view.step, list(a.match.meta["names"]), len(bob.inbox))
    for _ in range(3):
        forge(net, host, 1, "hello", {"net": online.NET, "build": "", "name": "Mallory"})
        net.run()
    assert host.announced.count("Bob joined.") == 1 and "joined" not in a.page.message
    assert [t for t in bob.inbox if json.loads(t)["t"] == "welcome"] == welcomes
    assert (a.match.view.step, a.match.meta["names"], len(bob.inbox)) == before
    assert a.host.links[1]["state"] == "ready"
    assert len([line for line in host.logs if "hello again" in line]) == 3


def test_a_flood_of_table_talk_is_cut_off_until_the_next_move():
    from web.page.app.host import TALK_PER_TABLE

    net = CheckedNet()
    host = host_table(net, "gin", ["guest"], ["Ann", "Bob"])
    bob = net.join(1)
    net.run()
    heard = len(host.announced)
    for i in range(200):
        forge(net, host, 1, "talk", {"say": i % len(online.QUICK)})
    net.run()
    assert len(host.announced) - heard == TALK_PER_TABLE
    assert len([line for line in host.logs if "talks too fast" in line]) == 200 - TALK_PER_TABLE
    start = host.app.match.view.step
    play_until(net, {1: bob}, random.Random(2), lambda: host.app.match.view.step > start)  # a move: a new table
    forge(net, host, 1, "talk", {"say": 1})
    net.run()
    assert host.announced[-1] == "Bob: " + online.QUICK[1]
