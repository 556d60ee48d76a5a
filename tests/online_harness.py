"""A host's page and its guests' pages in one process, linked the way web/rtc.js links them, minus WebRTC.

The host is the table app wired to the worker table (tests/page_harness.py); each guest is a table app with no
engine. The runner's ``rtc`` effects are played by :class:`Net`: an offer and an answer are real Chromium
descriptions (tests/fixtures/chromium_sdp.json, so the codes are real codes), accepting opens both ends, and each
``send`` is queued and delivered in order when the test calls :meth:`Net.run` (never at once: the pages answer
each other as they would across a network). Every text a guest receives is kept, to check what it holds.

The relays (web/signal.js) are played by :class:`Net` too when it is made with ``relays=True``: each page's Settings
then list one relay, a post in a room reaches the other pages listening to that room (in order, with the rest), and
``relay_up = False`` drops every post. With ``relays=False`` (the default) the pages list none, and invites go by
reply code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from page_harness import Harness

SDP = json.loads((Path(__file__).parent / "fixtures" / "chromium_sdp.json").read_text())


class Page(Harness):
    """A page whose online effects go to the network."""

    def __init__(self, net: Net, name: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.net = net
        self.name = name
        self.inbox: list[str] = []  # every text this page received over its links
        self.copied: list[str] = []
        net.pages += 1
        self.key = f"{net.pages:064x}"  # its key on the relays: the pages made first have the smaller keys
        self.followed: list[str] = []  # the seats' invite links this page took in place

    def start(self, **boot: Any) -> None:
        if "settings" not in boot:
            from web.page.formats import default_settings

            settings = default_settings()
            settings["relays"] = list(self.net.relays)
            boot["settings"] = settings
        super().start(**boot)

    def perform(self, effects: list[tuple[Any, ...]]) -> None:
        rest = []
        for e in effects:
            if e[0] == "signal":
                self.net.signal(self, e)
            elif e[0] == "guest-mode":  # the page takes a seat in place: it is that seat's guest from now on
                self.followed.append(e[1])
                self.net.guests[int(e[1].split("&s=", 1)[1].split("&", 1)[0])] = self
            elif e[0] in ("rtc", "qr", "entropy"):
                self.net.effect(self, e)
            elif e[0] == "copy":
                self.copied.append(e[1])
            else:
                rest.append(e)
        super().perform(rest)


class Net:
    """The links between a host and its guests."""

    def __init__(self, relays: bool = False) -> None:
        self.relays = ["wss://relay.test"] if relays else []
        self.relay_up = True
        self.offers = 0
        self.pages = 0
        self.seekers: dict[str, list[Page]] = {}  # a topic -> the pages looking under it
        self.keyed: dict[str, Page] = {}  # a key -> its page, once it used the relays
        self.rooms: dict[str, list[tuple[Page, str]]] = {}  # a room's key -> (page, its name of the room)
        self.posts: list[tuple[str, str]] = []  # (page's name, text) of every post in a room, in order
        self.queue: list[tuple[Page, tuple[Any, ...]]] = []
        self.host: Page | None = None
        self.guests: dict[int, Page] = {}  # seat -> guest page, once joined
        self.open: set[int] = set()
        self.values = 0
        self.dropped: list[tuple[str, Any]] = []
        self.configured: list[tuple[str, list[Any]]] = []  # (page's name, ICE servers) per "configure", in order
        self.order: list[tuple[str, str]] = []  # (page's name, rtc op), in order

    def effect(self, page: Page, e: tuple[Any, ...]) -> None:
        if e[0] == "qr":
            self.queue.append((page, ("qr", e[1], "<svg data-qr='" + str(len(e[2])) + "'></svg>")))
            return
        if e[0] == "entropy":
            self.values += 1
            self.queue.append((page, ("entropy", e[1], f"{self.values:032x}")))
            return
        op = e[1]
        self.order.append((page.name, op))
        if op == "configure":
            self.configured.append((page.name, json.loads(e[2])))
        if op == "offer":  # each offer its own password, as a browser's: offers differ (web.page.app.meet's tags)
            self.offers += 1
            sdp = SDP["offer"].replace("a=ice-pwd:OuKsgzDxci+drrCrrdYumF+z", f"a=ice-pwd:OuKsgzDxci+drrCrrdYu{self.offers:06d}")
            self.queue.append((page, ("rtc-offer", e[2], sdp, "")))
        elif op == "answer":
            self.queue.append((page, ("rtc-answer", e[2], SDP["answer"], "")))
        elif op == "accept":
            seat = int(e[2][4:])
            self.queue.append((page, ("rtc-accepted", e[2], True, "")))
            if seat in self.guests:
                self.open.add(seat)
                self.queue.append((page, ("rtc-event", e[2], "open", "")))
                self.queue.append((self.guests[seat], ("rtc-event", "host", "open", "")))
        elif op == "send":
            if page is self.host:
                seat = int(e[2][4:])
                if seat in self.open:
                    self.queue.append((self.guests[seat], ("deliver", e[3])))
                else:
                    self.dropped.append((e[2], e[3]))
            else:
                seat = next(s for s, g in self.guests.items() if g is page)
                if seat in self.open:
                    assert self.host is not None  # a guest's link goes to the host
                    self.queue.append((self.host, ("rtc-event", "seat" + str(seat), "message", e[3])))
        elif op == "close" and page is self.host:
            seat = int(e[2][4:])
            if seat in self.open:
                self.open.discard(seat)
                self.queue.append((self.guests[seat], ("rtc-event", "host", "closed", "the host closed")))

    def signal(self, page: Page, e: tuple[Any, ...]) -> None:
        op = e[1]
        if page.key not in self.keyed:
            self.keyed[page.key] = page
            self.queue.append((page, ("signal-event", "", "ready", page.key, "")))
        if op == "seek":
            members = self.seekers.setdefault(e[2], [])
            if page not in members:
                members.append(page)
            if self.relay_up:
                for p in members:
                    if p is not page:
                        self.queue.append((p, ("signal-event", e[2], "seeking", e[3], page.key)))
        elif op == "unseek":
            self.seekers[e[2]] = [p for p in self.seekers.get(e[2], []) if p is not page]
        elif op == "direct":
            if self.relay_up and e[2] in self.keyed:
                self.queue.append((self.keyed[e[2]], ("signal-event", "", "direct", e[3], page.key)))
        elif op == "join":
            self.rooms.setdefault(e[3], []).append((page, e[2]))
        elif op == "leave":
            for key in self.rooms:
                self.rooms[key] = [(p, n) for p, n in self.rooms[key] if not (p is page and n == e[2])]
        elif op == "post":
            key = next(k for k, members in self.rooms.items() if (page, e[2]) in members)
            self.posts.append((page.name, e[3]))
            if self.relay_up:
                for p, name in self.rooms[key]:
                    if p is not page:
                        self.queue.append((p, ("signal-event", name, "message", e[3], page.name)))

    def run(self, limit: int = 20000) -> None:
        """Deliver everything in flight, in order, until the pages are quiet."""
        for _ in range(limit):
            if not self.queue:
                return
            page, msg = self.queue.pop(0)
            if msg[0] == "deliver":
                page.inbox.append(msg[1])
                page.do("rtc-event", "host", "message", msg[1])
            else:
                page.do(*msg)
        raise AssertionError("the pages never went quiet")

    # ----- people -----

    def host_page(self) -> Page:
        self.host = Page(self, "host")
        self.host.start()
        return self.host

    def join(self, seat: int) -> Page:
        """A friend opens the invite link of ``seat`` and the host pastes their reply code."""
        host = self.host
        assert host is not None
        self.run()
        assert host.app.host is not None
        link = host.app.host.links[seat]["link"]
        guest = Page(self, "guest" + str(seat), engine_ready=False)
        self.guests[seat] = guest
        guest.start(hash=link.split("#", 1)[1])
        self.run()
        assert guest.app.guest is not None
        code = guest.app.guest.join["code"]
        assert code.startswith("a1.")
        host.do("change", "reply" + str(seat), code, False)
        host.do("command", "reply", {"seat": seat})
        self.run()
        return guest

    def drop(self, seat: int, reason: str = "channel closed") -> None:
        """The guest of ``seat`` leaves (closes its page, loses its network)."""
        self.open.discard(seat)
        assert self.host is not None
        self.queue.append((self.host, ("rtc-event", "seat" + str(seat), "closed", reason)))
        self.run()
