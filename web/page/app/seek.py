"""Play someone now: players looking for a game meet through the relays, and one of them hosts.

Each page looking for a game says so under the game's *topic* on the relays (web/signal.js ``seek``: Gin, or
Basic Rummy for a given number of players), again every ``ANNOUNCE_SECONDS``, with its name; it hears the
others who do. A page heard of for ``FORGET_AFTER`` announcements no more is forgotten; a page that found its
game says ``gone`` once.

Who hosts needs no clock and no talk: the *leader* is the page with the smallest key of this visit among the
pages looking (its own included), as every page computes it from what it heard. The leader takes the others in
the order of their keys, as many as its table has seats, and hosts a match with friends online for them
(web.page.app.host: a room on the relays for each seat); it sends each one its seat's invite link, privately
(``direct``: only the page of that key can read it), and that page takes the seat as a friend opening the link
would, in place (web.page.app.model ``join``: no reload, its relays already connected). At a Basic
Rummy table for more than two, the leader may start before every seat is taken: computer opponents take the
empty seats. A table of two has no dealer (web.page.app.sealedplay: neither page can see the other's cards), and
so no jokers; at a larger table the leader's page deals.

Messages: ``("signal-event", topic, "seeking", text, key)`` and ``("signal-event", "", "direct", text, key)`` (see
web.page.app.model.on_signal), ticks named "seek". Effects: ``("signal", "seek" | "unseek" | "direct", ...)``,
``("then", ("join", fragment))``. Written in the Python both MicroPython and CPython run.
"""

import json

from web.page.app import core
from web.page.shared.protocol import MAX_NAME, clean_text

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Effects
    from web.page.app.model import App

TOPIC = "rummy-seek/1/"
ANNOUNCE_SECONDS = 4.0
FORGET_AFTER = 3  # announcements missed
MAX_SEEN = 40  # pages remembered at once (a flood of announcements is cut there)
KEY_CHARS = 64


class SeekState:
    """This page looking for a game: what it wants, who it heard, and how far it got."""

    def __init__(self, game: str, players: int, name: str) -> None:
        self.game = game
        self.players = players
        self.name = name
        self.me = ""  # this page's key on the relays, once web/signal.js has it
        self.seen: dict[str, dict[str, Any]] = {}  # key -> {"name", "ticks": ticks since last heard}
        self.left: set[str] = set()  # keys that said "gone": an older announcement of theirs, heard late, is not news
        self.state = "looking"  # "looking" | "hosting" (invites sent) | "joining" (a seat's link followed)
        self.seats: dict[int, str] = {}  # the leader's: seat -> the key of the page it invited there
        self.sent: set[int] = set()  # seats whose link went out
        self.token = 0


def topic(game: str, players: int) -> str:
    return TOPIC + ("gin" if game == "gin" else "rummy-" + str(players))


def leader(me: str, seen: "dict[str, Any]") -> str:
    """The page that hosts: the smallest key among those looking, this one's included."""
    return min([me] + sorted(seen))


def chosen(me: str, seen: "dict[str, Any]", seats: int) -> list[str]:
    """The pages the leader invites: the others, in the order of their keys, as many as fit."""
    return sorted(k for k in seen if k != me)[:seats - 1]


def _seeker(app: "App") -> SeekState:
    s = app.seeker
    assert s is not None  # made by start_seeking
    return s


def announce(s: SeekState) -> str:
    return json.dumps({"name": s.name})


def start_seeking(app: "App", data: "dict[str, Any]") -> "Effects":
    """"Play someone now": look for players of the chosen game."""
    game = data.get("game") if data.get("game") in ("gin", "rummy") else "gin"
    players = 2
    if game == "rummy":
        raw = data.get("players") or app.setup.players
        players = max(2, min(6, int(raw))) if str(raw).isdigit() else 3
    name = clean_text(app.setup.my_name or "", MAX_NAME) or "Player"
    app.seeker = SeekState(str(game), players, name)
    app.page.screen = "seek"
    app.page.dialog = None
    if not core.relays(app):
        return [("render",)]  # the screen says why nothing can happen: no relay in Settings
    return [("signal", "configure", json.dumps(core.relays(app))), ("signal", "seek", topic(str(game), players),
                                                                       announce(app.seeker)),
            ("timer", "seek", ANNOUNCE_SECONDS, app.seeker.token), ("render",)]


def stop_seeking(app: "App", data: "dict[str, Any]") -> "Effects":
    """Cancel: back to the new-game screen; the others hear that this page has gone."""
    s = app.seeker
    out: Effects = []
    if s is not None:
        t = topic(s.game, s.players)
        out += [("signal", "seek", t, json.dumps({"gone": True})), ("signal", "unseek", t)]
        s.token += 1
    app.seeker = None
    app.page.screen = "setup"
    return out + [("render",)]


def on_ready(app: "App", me: str) -> "Effects":
    """web/signal.js is loaded: this page's key."""
    s = app.seeker
    if s is not None and len(me) == KEY_CHARS:
        s.me = me
    return []


def on_seeking(app: "App", name: str, text: str, key: str) -> "Effects":
    """Another page's announcement under this page's topic."""
    s = app.seeker
    if s is None or s.state != "looking" or name != topic(s.game, s.players) or len(key) != KEY_CHARS:
        return []
    try:
        msg = json.loads(text)
    except ValueError:
        return [("log", "an announcement was dropped")]
    if type(msg) is not dict:
        return []
    if msg.get("gone"):
        s.seen.pop(key, None)
        s.left.add(key)
        return [("render",)]
    if key in s.left:
        return []
    fresh = key not in s.seen
    if fresh and len(s.seen) >= MAX_SEEN:
        return []
    s.seen[key] = {"name": clean_text(msg.get("name") if type(msg.get("name")) is str else "", MAX_NAME) or "Player",
                   "ticks": 0}
    out: Effects = [("render",)]
    if fresh:  # a newcomer hears of this page at once, not in a few seconds
        out.append(("signal", "seek", name, announce(s)))
    return out + maybe_host(app)


def on_tick(app: "App", name: str, token: int) -> "Effects":
    """Every ANNOUNCE_SECONDS while looking: say it again, forget the silent."""
    s = app.seeker
    if s is None or token != s.token or s.state != "looking":
        return []
    for k in sorted(s.seen):
        s.seen[k]["ticks"] += 1
        if s.seen[k]["ticks"] > FORGET_AFTER:
            del s.seen[k]
    return [("signal", "seek", topic(s.game, s.players), announce(s)),
            ("timer", "seek", ANNOUNCE_SECONDS, s.token), ("render",)] + maybe_host(app)


def maybe_host(app: "App", now: bool = False) -> "Effects":
    """The leader hosts once its table is full (or at once with ``now``: computers take the empty seats)."""
    s = _seeker(app)
    if s.state != "looking" or not s.me or leader(s.me, s.seen) != s.me:
        return []
    guests = chosen(s.me, s.seen, s.players)
    if not guests or (len(guests) < s.players - 1 and not now):
        return []
    return host(app, guests)


def start_now(app: "App", data: "dict[str, Any]") -> "Effects":
    """The leader of a Rummy table starts with whoever came; computers take the other seats."""
    if app.seeker is None:
        return []
    return maybe_host(app, True) + [("render",)]


def host(app: "App", guests: list[str]) -> "Effects":
    """Host a match for the chosen pages: each one's seat is invited (web.page.app.host) and its link sent to it
    once made (:func:`invite_made`)."""
    from web.page.app import table
    from web.page.app.host import REPLACEMENT

    s = _seeker(app)
    setup = app.setup
    setup.change("game", s.game, True)
    if s.game == "rummy":
        setup.change("players", str(s.players), True)
    for i in range(s.players - 1):
        setup.change("opp" + str(i), "guest" if i < len(guests) else REPLACEMENT[s.game], True)
    setup.change("name0", s.name, True)
    for i, key in enumerate(guests):
        setup.change("name" + str(i + 1), s.seen[key]["name"], True)
    s.state = "hosting"
    s.seats = {i + 1: key for i, key in enumerate(guests)}
    t = topic(s.game, s.players)
    out: Effects = [("signal", "seek", t, json.dumps({"gone": True})), ("signal", "unseek", t)]
    cfg = setup.config()
    chosen_before = setup.sealed  # the new-game form's own choice, for a table with friends later
    setup.sealed = s.players == 2  # strangers at a table of two: no dealer (web.page.app.sealedplay), no jokers
    if setup.sealed:
        cfg["rules"] = dict(cfg.get("rules") or {})
        if s.game == "rummy":
            cfg["rules"]["jokers"] = False
    out += table.start_match(app, cfg)
    setup.sealed = chosen_before
    return out + invite_made(app)


def invite_made(app: "App") -> "Effects":
    """The host's page made a seat's invite: the page chosen for that seat gets its link, once, privately."""
    s = app.seeker
    host = app.host
    if s is None or s.state != "hosting" or host is None:
        return []
    out: Effects = []
    for seat in sorted(s.seats):
        link = host.links.get(seat)
        if seat in s.sent or link is None or link["state"] != "inviting" or not link.get("room"):
            continue
        s.sent.add(seat)
        out.append(("signal", "direct", s.seats[seat], json.dumps({"t": "seat", "link": link["link"].split("#", 1)[1]})))
    return out


def on_direct(app: "App", text: str, key: str) -> "Effects":
    """A private message: the leader's invite to its table (followed as a friend's link is)."""
    s = app.seeker
    # from a page with a smaller key only: two pages that each missed the other's announcement cannot both invite
    # and both follow (a page may miss its leader's announcements, sent before the relay passed it any)
    if s is None or s.state != "looking" or not s.me or len(key) != KEY_CHARS or key >= s.me:
        return [("log", "a private message from a page this one does not wait for was dropped")]
    try:
        msg = json.loads(text)
    except ValueError:
        return []
    link = msg.get("link") if type(msg) is dict and msg.get("t") == "seat" else None
    if type(link) is not str or not link.startswith("j=") or len(link) > 600:
        return []
    s.state = "joining"
    t = topic(s.game, s.players)
    return [("signal", "seek", t, json.dumps({"gone": True})), ("signal", "unseek", t), ("then", ("join", link))]


def change_players(app: "App", value: str) -> "Effects":
    """Basic Rummy: the size of the table looked for (another topic: those heard of so far wanted another)."""
    s = app.seeker
    if s is None or s.game != "rummy" or not value.isdigit() or s.state != "looking":
        return []
    old = topic(s.game, s.players)
    s.players = max(2, min(6, int(value)))
    s.seen = {}
    return [("signal", "seek", old, json.dumps({"gone": True})), ("signal", "unseek", old),
            ("signal", "seek", topic(s.game, s.players), announce(s)), ("render",)]


COMMANDS = {"seek": start_seeking, "seek-cancel": stop_seeking, "seek-now": start_now}
