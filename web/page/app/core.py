"""What every part of the table app shares: the match's seats and names, the line under the table, requests to
the engine, the pace of the game, dialogs, and the match as stored.

Each function reads the app's state (:class:`web.page.app.model.App`) and returns effects; none calls into a
part. Written in the Python both MicroPython and CPython run.
"""

from web.page.app import looks
from web.page.app.params import SPEEDS
from web.page.formats import DEFAULT_RELAYS, DEFAULT_STUN, relay_problem, stun_problem, turn_problem
from web.page.shared import online as wire
from web.page.shared.cards import text_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.model import App
    from web.page.shared.viewdata import View

    Msg = tuple[Any, ...]  # a message to the app: (kind, ...)
    Effect = tuple[Any, ...]  # an effect for the runner: (kind, ...)
    Effects = list[Effect]
    Config = dict[str, Any]  # a match's config: game, opponents, rules, seed, and seats, practice, daily, tutorial
    Seat = dict[str, Any]  # {"kind": "person"|"guest", "name"} or {"kind": "computer", "id"}

STALL_SECONDS = 12.0  # a move the engine has not answered by then: the engine is restarted from the last save
LOG_KEEP = 200


def seats_of(cfg: "Config") -> "list[Seat]":
    """Who sits where in a match config: its ``seats`` when people play, else the person (seat 0, "You") and
    the computer opponents."""
    seats = cfg.get("seats")
    if isinstance(seats, list):
        return seats
    out = [{"kind": "person", "name": "You"}]
    for pid in cfg.get("opponents") or []:
        out.append({"kind": "computer", "id": pid})
    return out


def config_names(app: "App", cfg: "Config") -> list[str]:
    """The name of each seat of a match config: the people's own, the characters' (numbered when twice)."""
    names = []
    for seat in seats_of(cfg):
        if seat["kind"] != "computer":
            names.append(seat["name"])
            continue
        p = app.catalog.profile(cfg["game"], seat["id"])
        base = p["name"] if p else seat["id"]
        name, n = base, 2
        while name in names:
            name = base + " " + str(n)
            n += 1
        names.append(name)
    return names


def seats(app: "App") -> "list[Seat]":
    """Who sits where in this match (see :func:`seats_of`); a guest knows it from the host's welcome."""
    if app.online.sealed is not None:  # a table with no dealer: no save, its plan kept from its start
        return list(app.online.sealed.seats)
    if app.match.save is None:
        guest = app.guest
        return list(guest.table_config["seats"]) if guest is not None and guest.table_config is not None else []
    return seats_of(app.match.config)


def pass_and_play(app: "App") -> bool:
    """True when two or more people share this device in this match."""
    return len([s for s in seats(app) if s["kind"] == "person"]) > 1


def motion_ms(app: "App") -> int:
    page = app.page
    return looks.motion_ms(page.settings.get("speed"), page.speed_q, page.reduced_motion)


def look(app: "App") -> "dict[str, Any]":
    """What the page's look needs: the settings, the motion's pace, and whether sound is on."""
    out = dict(app.page.settings)
    out["motion"] = motion_ms(app)
    out["sound_on"] = looks.sound_on(app.page.settings, app.page.embedded)
    return out


def counted_seats(app: "App") -> list[tuple[int, str]]:
    """Whose statistics a match counts in: ``[(seat, name)]`` for each person at this device when people
    play together (online, the host), else ``[(0, "")]`` (the player against the computer)."""
    plan = seats(app)
    if app.guest is not None:  # a friend's page online: its own seat
        me, name = app.guest.my_seat, app.guest.my_name()
        return [(me, name)] if me is not None and name else []
    if not [s for s in plan if s["kind"] != "computer"][1:]:
        return [(0, "")]
    return [(i, s["name"]) for i, s in enumerate(plan) if s["kind"] == "person"]


def record(app: "App") -> "dict[str, Any]":
    """The match as stored: what the engine needs to go on, the page's own data, and the last view."""
    m = app.match
    m.meta["log"] = m.meta["log"][-LOG_KEEP:]
    if m.view is not None:
        m.orders[m.view.seat] = list(m.order)
    players = m.view.players if m.view is not None else len(m.meta["names"])
    orders = [[text_of(c) for c in m.orders.get(s, [])] for s in range(players)]
    meta = m.meta
    rooms = {str(seat): link["room"] for seat, link in sorted(app.host.links.items()) if link.get("room")} \
        if app.host is not None else {}
    if rooms:  # the host's page, reloaded, meets its friends again in the same rooms (web.page.app.host)
        meta = dict(meta)
        meta["rooms"] = rooms
    return {"save": m.save, "config": m.config, "meta": meta,
            "view": m.view_doc, "orders": orders}


def send(app: "App", msg: "dict[str, Any]") -> "Effect":
    """The effect that sends ``msg`` to the engine with a new request id: the engine's answer carries it back as
    ``re``, so every answer is matched to what asked for it."""
    app.match.asked += 1
    msg["id"] = app.match.asked
    return ("send", msg)


def stall_timer(app: "App") -> "Effect":
    """The watchdog of the request just sent (the last id asked): it fires for that request alone, so an answer
    of any kind (a table, a refusal, a stale move) ends it, and the timer of a request answered long ago cannot
    find a later one still in flight and take the engine for stalled (a guest sending move after move keeps the
    engine busy, each move answered at once)."""
    app.match.watched = app.match.asked
    return ("timer", "stall", STALL_SECONDS, app.match.asked)


def request(app: "App", msg: "dict[str, Any]", what: str) -> "Effects":
    """Send a request the engine answers with one message; no other is sent until it does. A guest's page
    has no engine: its moves go to the host's page, whose engine answers."""
    app.match.waiting = what
    if app.online.sealed is not None:  # a table with no dealer: the moves go to this page's own engine
        if msg["type"] != "act":
            app.match.waiting = None
            return []
        from web.page.app import sealedplay

        played: Effects = sealedplay.play(app, msg)
        return played
    if app.online.role == "guest":
        if msg["type"] != "act":
            app.match.waiting = None
            return []
        text = wire.encode("act", {"action": msg["action"], "step": msg["step"]})
        app.match.asked += 1  # no engine here: the id is the watchdog's alone
        return [("rtc", "send", "host", text), stall_timer(app), ("render",)]
    return [send(app, msg), stall_timer(app), ("render",)]


def delay(app: "App") -> float:
    """Seconds between the computer's moves."""
    page = app.page
    if page.speed_q is not None:
        return float(page.speed_q)
    if page.reduced_motion:
        return 0.0
    return SPEEDS.get(str(page.settings.get("speed")), 0.7)


def view(app: "App") -> "View":
    """The seat's view, for a handler that is only reached while a table shows."""
    v = app.match.view
    assert v is not None
    return v


def match_in_progress(app: "App") -> bool:
    m = app.match
    return m.save is not None and (m.view is None or m.view.phase != "match-over")


def complain(app: "App", text: str) -> "Effects":
    say(app, text, "error")
    return [("render",)]


def open(app: "App", which: str) -> "Effects":
    """Show the dialog ``which`` (the runner draws it: :func:`web.page.app.views.dialog_html`). The end of a
    hand and the scores need a table to show."""
    v = app.match.view
    if which in ("end", "scores") and (v is None or (which == "end" and not v.results)):
        return []
    app.page.dialog = which
    return [("dialog", which), ("render",)]


def names(app: "App") -> list[str]:
    return [str(n) for n in app.match.meta.get("names") or ["You"]]


def say(app: "App", text: str, level: str = "info") -> None:
    app.page.message = text
    app.page.level = level


def log_line(app: "App", text: str) -> None:
    app.match.meta["log"].append(text)


def guest_seats(app: "App") -> list[int]:
    return [i for i, s in enumerate(seats(app)) if s["kind"] == "guest"]


def online_seats(app: "App") -> "list[Seat]":
    """The seat plan of the match or of the table being set up."""
    if app.match.save is not None or app.online.sealed is not None:
        return seats(app)
    plan: list[Seat] = []
    if app.host is not None and app.host.online_cfg is not None:
        plan = app.host.online_cfg["seats"]
    elif app.guest is not None and app.guest.table_config is not None:
        plan = app.guest.table_config["seats"]
    return plan


def stun_servers(app: "App") -> list[str]:
    """The STUN servers online play uses: none on the same network only, else those of Settings (null: the
    defaults). Given to the browser only while a table is online (the lobby, a guest's page)."""
    if app.online.same_network:
        return []
    listed = app.page.settings.get("stun")
    return list(DEFAULT_STUN) if listed is None else [a for a in listed if stun_problem(a) is None]


def stun_json(app: "App") -> str:
    """The ICE servers given to the browser: the STUN servers, and the TURN server of Settings if any (used on
    the same network too: a player who set one needs it)."""
    import json

    servers: list[dict[str, str]] = [{"urls": u} for u in stun_servers(app)]
    turn = app.page.settings.get("turn")
    if isinstance(turn, dict) and turn_problem(turn.get("urls")) is None:
        servers.append({"urls": turn["urls"], "username": str(turn.get("username", "")),
                        "credential": str(turn.get("credential", ""))})
    return json.dumps(servers)


def relays(app: "App") -> list[str]:
    """The Nostr relays through which this page meets others (Settings; null: the defaults, []: none)."""
    listed = app.page.settings.get("relays")
    return list(DEFAULT_RELAYS) if listed is None else [a for a in listed if relay_problem(a) is None]


def guest_seats_of_plan(app: "App") -> list[int]:
    """The friends' seats of the match or of the table being set up."""
    return [i for i, s in enumerate(online_seats(app)) if s["kind"] == "guest"]
