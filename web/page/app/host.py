"""Hosting an online table: the lobby, the invites, the deal prepared with the friends' values, and the relay of
each guest's own view and moves (see :mod:`web.page.app.online`).

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core
from web.page.app.online import NET, key_of, seat_of, table_talk
from web.page.app.text import isolated
from web.page.i18n import N_, _
from web.page.shared import online as wire
from web.page.shared.protocol import MAX_NAME

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Config, Effect, Effects
    from web.page.app.model import App

REPLACEMENT = {"gin": "ada", "rummy": "tilly"}  # the computer opponent that takes a dropped guest's seat
# in English: translated where shown
# i18n: {name}: a friend whose page could not connect to this one; "Same network only" is a choice of the lobby,
# "Settings (Advanced)" a part of Settings
CANNOT_CONNECT = N_("Your page and {name}'s could not reach each other: a network on the way blocks direct "
                    "connections. On one network, tick Same network only; across the internet, add a TURN server in "
                    "Settings (Advanced), or try another network.")
TALK_PER_TABLE = 5  # quick messages a guest may send between two tables; more are a flood, dropped


class HostState:
    """The host's side of the friends' links and of the deal."""

    def __init__(self) -> None:
        # seat -> {"state", "code", "link", "qr", "reply", "error", "name", "room"}; "room": the secret of the
        # seat's room on the relays (web.page.app.meet), "" until made or when no relay is used
        self.links: dict[int, dict[str, Any]] = {}
        self.online_cfg: Config | None = None  # the config of the match being set up in the lobby
        # {"hand", "commitment", "dealer", "values": {seat: value}, "players"} while dealing
        self.deal_wait: dict[str, Any] | None = None
        self.relay_seat: int | None = None  # the guest whose move is with the engine
        # guests' moves that came while another request was with the engine
        self.guest_queue: list[tuple[int, dict[str, Any]]] = []
        # each guest's last view and hint (by seat, as text), for a guest who rejoins
        self.last_guests: dict[str, Any] = {}
        self.last_fair: dict[str, Any] | None = None  # the deal's proof of the last table message
        self.talked: dict[int, int] = {}  # seat -> quick messages relayed since the last table
        self.sealed = False  # the lobby's choice: a table with no dealer (web.page.app.sealedplay)


def _host(app: "App") -> HostState:
    """The host's state, on the page that hosts (where it is made first: :func:`hosting`)."""
    host = app.host
    assert host is not None
    return host


# ---------------------------------------------------------------- the lobby

def hosting(app: "App") -> HostState:
    """This page's host state, made when it first hosts."""
    if app.host is None:
        app.host = HostState()
    return app.host


def resume_hosting(app: "App") -> "Effects":
    """A saved online match opened again on the host's page: its friends' seats wait to be invited again. A seat
    whose room on the relays was saved with the match is invited there at once: the friend's page, which kept
    listening to the room, answers the new offer by itself."""
    from web.page.app import meet  # online play's modules: imported when first needed

    host = hosting(app)
    app.online.role = "host"
    names = core.names(app)
    out: Effects = []
    for seat in core.guest_seats(app):
        room = app.match.rooms.get(str(seat), "")
        host.links[seat] = {"state": "dropped", "code": "", "link": "", "qr": "", "reply": "", "error": "",
                            "name": names[seat], "room": room if meet.secret_ok(room) and core.relays(app) else ""}
        if host.links[seat]["room"]:
            out += [("signal", "join", key_of(seat), meet.room_key(room))] + invite_seat(app, seat)
    if out:
        out = [("rtc", "configure", core.stun_json(app)), ("signal", "configure", relays_json(app))] + out
    return out


def start_online(app: "App", cfg: "Config") -> "Effects":
    """A new match with friends online: open the lobby and invite each friend's seat."""
    host = hosting(app)
    m = app.match
    app.online.role = "host"
    host.online_cfg = cfg
    from web.page.app import sealedplay

    host.sealed = bool(app.setup.sealed) and sealedplay.possible(cfg)
    app.online.sealed = None
    names = [s.get("name") or "" for s in cfg["seats"]]
    for i, s in enumerate(cfg["seats"]):
        if s["kind"] == "computer":
            p = app.catalog.profile(cfg["game"], s["id"])
            names[i] = p["name"] if p else s["id"]
    m.begin(names)
    host.deal_wait = None
    app.page.screen = "lobby"
    app.page.dialog = None
    out = [("rtc", "configure", core.stun_json(app)), ("signal", "configure", relays_json(app)), ("dialog", None)]
    kept = {}
    for seat in range(len(cfg["seats"])):
        if cfg["seats"][seat]["kind"] != "guest":
            continue
        link = host.links.get(seat)
        if link is not None and link["state"] == "ready" and link["name"] == core.names(app)[seat]:
            kept[seat] = link  # a new match with the same friends: they are still at the table
        else:
            if link is not None:  # another friend, or the same one gone: a new room too
                out.append(("rtc", "close", key_of(seat)))
                if link.get("room"):
                    out.append(("signal", "leave", key_of(seat)))
                link["room"] = ""
            out += invite_seat(app, seat)
            kept[seat] = host.links[seat]
    host.links = kept
    return out + maybe_deal(app) + [("render",)]


def invite_seat(app: "App", seat: int) -> "Effects":
    """Make (or make again) the invite of a guest's seat: a new offer, a new link. The seat keeps its room on
    the relays (a friend who had the old link finds the new offer there); a seat's first invite makes the room's
    secret, when relays are used."""
    host = _host(app)
    name = core.names(app)[seat]
    old = host.links.get(seat)
    room = old.get("room", "") if old is not None else ""
    host.links[seat] = {"state": "making", "code": "", "link": "", "qr": "", "reply": "", "error": "",
                        "name": name, "room": room}
    out: Effects = [("rtc", "offer", key_of(seat))]
    if not room and core.relays(app):
        out.append(("entropy", "room" + str(seat)))
    return out


def relays_json(app: "App") -> str:
    import json

    return json.dumps(core.relays(app))


def on_room_secret(app: "App", seat: int, value: str) -> "Effects":
    """A seat's room secret from the runner's randomness: listen to the room, and put it in the invite link."""
    from web.page.app import meet  # online play's modules: imported when first needed

    host = _host(app)
    link = host.links.get(seat)
    if link is None or link.get("room") or len(value) != 32:
        return []
    link["room"] = meet.secret_from_hex(value)
    out: Effects = [("signal", "join", key_of(seat), meet.room_key(link["room"]))]
    if link["code"]:  # the offer came first: its link is made again with the room
        link["link"] = invite_link(app, seat, link["code"])
        out += [("qr", key_of(seat), link["link"]), ("render",)]
    return out + sent_to_seekers(app)


def sent_to_seekers(app: "App") -> "Effects":
    """A table of "Play someone now": each invite made goes to the page chosen for its seat."""
    if app.seeker is None:
        return []
    from web.page.app import seek

    return seek.invite_made(app)


def on_rtc_offer(app: "App", key: str, sdp: str | None, err: object) -> "Effects":
    from web.page.shared import rtc  # online play's modules: imported when first needed

    host = _host(app)
    seat = seat_of(key)
    link = None if seat is None else host.links.get(seat)
    if seat is None or link is None or app.online.role != "host":
        return [("rtc", "close", key)]
    if not sdp and err == "replaced":  # a newer offer for this seat is being made: it answers for itself
        return []
    if not sdp:
        link["state"] = "error"
        # i18n: {error}: the browser's reason (in English)
        link["error"] = _("The invite could not be made ({error}).").format(error=str(err))
        return [("render",)]
    try:
        code = rtc.pack(sdp, "offer")
    except ValueError as e:
        link["state"] = "error"
        # i18n: {error}: the reason (in English)
        link["error"] = _("The invite could not be made ({error}).").format(error=str(e))
        return [("render",), ("log", "offer not packed: " + str(e))]
    link["code"] = code
    link["link"] = invite_link(app, seat, code)
    link["state"] = "inviting"
    out: Effects = [("qr", key, link["link"]), ("render",)]
    if link.get("room"):  # a friend already waiting in the room (a reload, a dropped link) answers this offer
        from web.page.app import meet

        out.append(("signal", "post", key, meet.encode("offer", {"code": code})))
    return out + sent_to_seekers(app)


def invite_link(app: "App", seat: int, code: str) -> str:
    from web.page.app.invite import invite_fragment  # imported when first needed

    host = _host(app)
    seats = core.online_seats(app)
    cfg = host.online_cfg or app.match.config
    rules = dict(cfg.get("rules") or {})
    preset = str(rules.pop("preset", "cardgames"))
    changes = []
    for name in sorted(rules):
        v = rules[name]
        changes.append((name, "null" if v is None else ("true" if v is True else ("false" if v is False
                                                                                   else str(v)))))
    kinds = [s["kind"] for s in seats]
    kinds[0] = "person"
    base = app.page.page_url.split("#")[0].split("?")[0]
    room = host.links[seat].get("room", "") if seat in host.links else ""
    relays = [] if app.page.settings.get("relays") is None else core.relays(app)  # the defaults go without saying
    return base + "#" + invite_fragment(code, seat, cfg.get("game", "gin"), core.names(app), kinds, preset, changes,
                                        room, relays)


def host_reply(app: "App", seat: int, text: str | None) -> "Effects":
    """The host pasted a friend's reply code: connect."""
    from web.page.shared import rtc  # online play's modules: imported when first needed

    host = _host(app)
    link = host.links.get(seat)
    if link is None:
        return []
    text = (text or link.get("reply") or "").strip()
    link["reply"] = text
    if "#" in text or "/" in text:
        link["error"] = _("That is an invite link, not a reply code: send it to your friend, and paste here "
                          "the code their page shows.")
        return [("render",)]
    try:
        kind, sdp = rtc.unpack(text)
    except ValueError:
        link["error"] = _("That is not a reply code. Ask {name} to copy the whole code.").format(
            name=isolated(link["name"]))
        return [("render",)]
    if kind != "answer":
        link["error"] = _("That is an invite code, not a reply code.")
        return [("render",)]
    link["error"] = ""
    link["state"] = "connecting"
    return [("rtc", "accept", key_of(seat), sdp), ("render",)]


def on_rtc_accepted(app: "App", key: str, ok: bool, err: object) -> "Effects":
    host = _host(app)
    seat = seat_of(key)
    link = None if seat is None else host.links.get(seat)
    if link is None:
        return []
    if not ok:
        link["state"] = "inviting"
        # i18n: {error}: the browser's reason (in English)
        link["error"] = _("The reply code did not work ({error}). Ask for it again.").format(error=str(err))
    return [("render",)]


# ---------------------------------------------------------------- link events and what guests send

def on_link_event(app: "App", key: str, kind: str, data: "Any") -> "Effects":
    """A link to a guest's page opened, brought a message, or closed."""
    host = _host(app)
    seat = seat_of(key)
    link = None if seat is None else host.links.get(seat)
    if seat is None or link is None:
        return [("log", "an event of an unknown link " + str(key))]
    if kind == "open":
        link["state"] = "open"  # hello comes next
        return [("render",)]
    if kind == "message":
        return host_message(app, seat, data)
    never_opened = kind == "failed" and link["state"] == "connecting"
    link["state"] = "dropped"
    link["error"] = ""
    name = isolated(link["name"])
    if never_opened:  # the codes went through, but the two browsers found no way to each other
        link["error"] = _(CANNOT_CONNECT).format(name=name)
        return after_drop(app, seat) + [("announce", link["error"]), ("render",)]
    # i18n: a friend's page is no longer connected to the table
    gone = _("{name} disconnected.").format(name=name)
    core.say(app, gone, "error")
    from web.page.app import sealedplay

    out = after_drop(app, seat) + [("announce", gone)]
    if sealedplay.active(app):  # the friend's keys are with their page: the match waits for it, if it can come back
        if not link.get("room"):
            return sealedplay.lost(app, link["name"]) + [("render",)]
        out = sealedplay.pause(app)
    if link.get("room"):  # the friend's page comes back through the room by itself: the seat waits for it there
        out += invite_seat(app, seat)
        host.links[seat]["error"] = ""
    return out + [("render",)]


# ---------------------------------------------------------------- the rooms on the relays

def on_signal(app: "App", name: str, kind: str, data: str) -> "Effects":
    """A message in a seat's room (web.page.app.meet): a friend's reply code, or a friend asking for an offer."""
    from web.page.app import meet  # online play's modules: imported when first needed

    host = _host(app)
    seat = seat_of(name)
    link = None if seat is None else host.links.get(seat)
    if kind != "message" or seat is None or link is None or not link.get("room"):
        return []
    msg = meet.decode(data)
    if msg is None:
        return [("log", "a message in the room of seat " + str(seat) + " was dropped")]
    state = link["state"]
    if state in ("connecting", "open", "ready", "replaced"):
        return [("log", "seat " + str(seat) + " is connected or being connected: its room's message is ignored")]
    if state == "dropped":
        return invite_seat(app, seat)  # the new offer is posted in the room once made
    if state != "inviting":  # making (posted once made), error (the host tries again)
        return []
    if msg["t"] == "answer" and msg["of"] == meet.offer_tag(link["code"]):
        return host_reply(app, seat, msg["code"])
    return [("signal", "post", name, meet.encode("offer", {"code": link["code"]}))]


def on_qr(app: "App", key: str, svg: str) -> "Effects":
    host = _host(app)
    seat = seat_of(key)
    link = None if seat is None else host.links.get(seat)
    if link is not None:
        link["qr"] = svg
    return [("render",)]


def after_drop(app: "App", seat: int) -> "Effects":
    host = _host(app)
    if host.deal_wait is not None:
        host.deal_wait["values"].pop(seat, None)
    return []


def host_message(app: "App", seat: int, text: "Any") -> "Effects":
    host = _host(app)
    msg, why = wire.decode(text, wire.TO_HOST)
    if why == "version" and msg is not None:
        return [to_guest(seat, "reload", {"why": "version", "host": core.names(app)[0]}),
                ("log", "guest " + str(seat) + " has another protocol")]
    if msg is None:
        return [("log", "a message from seat " + str(seat) + " was dropped: " + str(why))]
    t = msg["t"]
    link = host.links[seat]
    if t == "hello":
        if msg["net"] != NET:
            return [to_guest(seat, "reload", {"why": "version", "host": core.names(app)[0]})]
        if link["state"] == "ready":  # said once per link: a second one (forged, or repeated) changes nothing
            return [("log", "seat " + str(seat) + " said hello again: ignored")]
        link["state"] = "ready"
        return welcome(app, seat)
    if link["state"] != "ready":
        return [("log", "seat " + str(seat) + " spoke before hello")]
    if t == "sealed":
        from web.page.app import sealedplay

        if "stop" in msg:
            return sealedplay.stopped_by_peer(app, msg["stop"])
        if "resume" in msg:
            return sealedplay.resumed(app, msg["resume"]["got"])
        if "m" not in msg:
            return [("log", "seat " + str(seat) + " sent a table's start: dropped")]
        return sealedplay.from_peer(app, msg["m"], msg["n"])
    if t == "act":
        return guest_act(app, seat, msg)
    if t == "entropy":
        return guest_entropy(app, seat, msg)
    if t == "talk":
        said = host.talked.get(seat, 0)
        if said >= TALK_PER_TABLE:
            return [("log", "seat " + str(seat) + " talks too fast: dropped")]
        host.talked[seat] = said + 1
        return table_talk(app, seat, msg["say"])
    return []


def to_guest(seat: int, kind: str, fields: "dict[str, Any]") -> "Effect":
    return ("rtc", "send", key_of(seat), wire.encode(kind, fields))


def welcome(app: "App", seat: int) -> "Effects":
    """A guest's page said hello: who sits where, the rules, and the table if the match is on."""
    host = _host(app)
    seats = core.online_seats(app)
    cfg = host.online_cfg or app.match.config
    out = [to_guest(seat, "welcome", {"seat": seat, "names": core.names(app), "game": cfg["game"],
                                           "rules": dict(cfg.get("rules") or {}),
                                           "seats": [s["kind"] for s in seats], "build": "",
                                           "sealed": host.sealed})]
    # i18n: a friend's page joined the online table
    joined = _("{name} joined.").format(name=isolated(core.names(app)[seat]))
    core.say(app, joined)
    out.append(("announce", joined))
    if app.online.sealed is not None:  # a match with no dealer, the friend back: where each page got to
        from web.page.app import sealedplay

        if sealedplay.active(app):
            out.append(sealedplay.resume(app))
    elif app.match.save is None:  # still in the lobby
        out += maybe_deal(app)
    else:
        last = host.last_guests.get(str(seat))
        if last is not None:
            out.append(guest_table(app, seat, last, [], None))
        if host.deal_wait is not None:
            out.append(to_guest(seat, "commit", commit_fields(app)))
    return out + [("render",)]


def all_ready(app: "App") -> bool:
    host = _host(app)
    return all(host.links.get(s, {}).get("state") == "ready" for s in core.guest_seats_of_plan(app))


def maybe_deal(app: "App") -> "Effects":
    """In the lobby: once every friend is at the table, the first deal is prepared."""
    host = _host(app)
    if app.match.save is None and host.online_cfg is not None and all_ready(app) and \
            host.deal_wait is None and app.match.waiting is None:
        if host.sealed:  # no dealer: each page's engine deals its part (web.page.app.sealedplay)
            from web.page.app import sealedplay

            cfg = host.online_cfg
            host.online_cfg = None
            return sealedplay.begin_host(app, cfg)
        return prepare_deal(app, len(host.online_cfg["seats"]))
    return []


def prepare_deal(app: "App", players: int | None) -> "Effects":
    """Ask the engine to commit to the next deal (``players`` for a new match, None for the next hand)."""
    host = _host(app)
    host.deal_wait = {"hand": 1 if players else (app.match.view.hand_number + 1 if app.match.view else 1),
                      "commitment": "", "dealer": None, "values": {}, "players": players}
    core.say(app, _("Shuffling with your friends…"))
    return core.request(app, {"type": "prepare", "players": players}, "prepare")


def on_prepared(app: "App", msg: "dict[str, Any]") -> "Effects":
    host = _host(app)
    w = host.deal_wait
    app.match.waiting = None
    if w is None:
        return []
    w["commitment"] = msg["commitment"]
    w["dealer"] = msg["dealer"]
    out = []
    for seat in core.guest_seats_of_plan(app):
        if host.links.get(seat, {}).get("state") == "ready":
            out.append(to_guest(seat, "commit", commit_fields(app)))
    return out + deal_if_ready(app) + [("render",)]


def commit_fields(app: "App") -> "dict[str, Any]":
    host = _host(app)
    w = host.deal_wait
    assert w is not None  # a deal is being prepared
    return {"hand": w["hand"], "commitment": w["commitment"], "dealer": w["dealer"]}


def guest_entropy(app: "App", seat: int, msg: "dict[str, Any]") -> "Effects":
    host = _host(app)
    w = host.deal_wait
    if w is None or msg["hand"] != w["hand"] or not w["commitment"]:
        return [("log", "a value for no deal from seat " + str(seat))]
    w["values"][seat] = msg["value"]
    return deal_if_ready(app)


def deal_if_ready(app: "App") -> "Effects":
    """Every guest at the table has given its value: deal from the secret and the values."""
    m = app.match
    host = _host(app)
    w = host.deal_wait
    if w is None or not w["commitment"] or m.waiting is not None:
        return []
    wanted = [s for s in core.guest_seats_of_plan(app) if s not in replaced_seats(app)]
    if any(s not in w["values"] for s in wanted):
        return []
    values = [w["values"][s] for s in wanted]
    host.deal_wait = None
    if w["players"]:
        assert host.online_cfg is not None  # the first deal of the match set up in the lobby
        cfg = dict(host.online_cfg)
        cfg["contributions"] = values
        host.online_cfg = None
        app.page.screen = "table"
        m.waiting = "new"
        core.say(app, _("Dealing…"))
        return [core.send(app, {"type": "new", "config": cfg}), core.stall_timer(app), ("render",)]
    assert m.view is not None  # the next hand of the match on
    return core.request(app, {"type": "deal", "step": m.view.step, "contributions": values}, "deal")


def replaced_seats(app: "App") -> list[int]:
    return [i for i, s in enumerate(core.online_seats(app)) if s["kind"] == "computer"]


def guest_act(app: "App", seat: int, msg: "dict[str, Any]") -> "Effects":
    """A guest's move: the engine checks it for that seat (the guest cannot name another). A guest's page sends
    one move and waits for its answer, so a move from a seat whose last one is still with the engine or waiting
    for it is a flood (a forged page): refused at once, unasked, and the engine stays free for everyone else."""
    host = _host(app)
    if app.match.view is None:
        return [to_guest(seat, "refused", {"code": "no-match", "message": "The match has not started.",
                                                "params": {}, "step": msg["step"]})]
    if (host.relay_seat == seat and app.match.waiting is not None) or [s for s, _msg in host.guest_queue if s == seat]:
        return [to_guest(seat, "refused", {"code": "busy", "message": "Your last move has not been answered yet.",
                                                "params": {}, "step": msg["step"]})]
    if app.match.waiting is not None:
        host.guest_queue.append((seat, msg))
        return []
    host.relay_seat = seat
    return core.request(app, {"type": "act", "action": msg["action"], "step": msg["step"], "seat": seat}, "act")


def next_guest_move(app: "App") -> "Effects":
    """A guest's move that waited for the engine: now."""
    host = _host(app)
    if app.match.waiting is not None or not host.guest_queue:
        return []
    seat, msg = host.guest_queue.pop(0)
    return guest_act(app, seat, msg)


def relay_refusal(app: "App", msg: "dict[str, Any]") -> "Effects":
    """The engine refused a guest's move: the reason goes to that guest only (none: no guest's move is with the
    engine; the model asks only when one is)."""
    host = _host(app)
    seat = host.relay_seat
    host.relay_seat = None
    if seat is None:
        return []
    fields = {"code": msg.get("code", "stale"), "message": msg.get("message", "That move came too late."),
              "params": msg.get("params", {}), "step": msg["step"]}
    return [to_guest(seat, "refused", fields), ("render",)] + next_guest_move(app)


def relay_table(app: "App", msg: "dict[str, Any]") -> "Effects":
    """After every table message: each guest at the table gets its own view, and the deal's proof."""
    host = _host(app)
    host.relay_seat = None
    host.talked = {}
    guests = msg.get("guests") or {}
    host.last_guests = guests
    host.last_fair = msg.get("fair")
    out = []
    for key in guests:
        seat = int(key)
        if host.links.get(seat, {}).get("state") == "ready":
            out.append(guest_table(app, seat, guests[key], msg["events"], msg["by"]))
    return out + next_guest_move(app)


def guest_table(app: "App", seat: int, payload: "dict[str, Any]", events: "list[Any]", by: "Any") -> "Effect":
    v = app.match.view
    if v is None or not v.in_hand:
        nxt = "over" if v is not None and v.phase == "match-over" else "deal"
    else:
        nxt = "you" if v.turn == seat else "wait"
    return to_guest(seat, "table", {"view": payload["view"], "hint": payload["hint"], "events": events,
                                         "by": by, "next": nxt, "names": core.names(app), "fair": _host(app).last_fair})


def host_next_hand(app: "App") -> "Effects":
    """The host deals the next hand of an online match: a new commitment first."""
    host = _host(app)
    m = app.match
    if m.view is None or m.next != "deal" or m.waiting is not None or host.deal_wait is not None:
        return []
    if app.online.sealed is not None:
        from web.page.app import sealedplay

        return sealedplay.next_hand(app) if sealedplay.active(app) else []
    app.page.dialog = None
    return [("dialog", None)] + prepare_deal(app, None)


def replace_guest(app: "App", seat: int) -> "Effects":
    """A computer opponent takes a dropped guest's seat for the rest of the match."""
    m = app.match
    host = _host(app)
    if m.view is None or seat not in core.guest_seats(app) or m.waiting is not None or app.online.sealed is not None:
        return []  # (at a table with no dealer this page cannot play the friend's cards: it never had them)
    pid = REPLACEMENT[m.view.game]
    p = app.catalog.profile(m.view.game, pid)
    m.meta["names"][seat] = ((p["name"] if p else pid) + " for " + core.names(app)[seat])[:MAX_NAME].strip()
    link = host.links.get(seat)
    out: Effects = [("rtc", "close", key_of(seat))]
    if link is not None:
        link["state"] = "replaced"
        if link.get("room"):  # the seat is the computer's now: its room is left
            out.append(("signal", "leave", key_of(seat)))
    out += core.request(app, {"type": "seat", "step": m.view.step, "seat": seat, "opponent": pid}, "seat")
    if host.deal_wait is not None:
        host.deal_wait["values"].pop(seat, None)
    return out


# ---------------------------------------------------------------- the host's buttons and fields

def _seat(data: "dict[str, Any]") -> "Any":
    seat = data.get("seat")
    return int(seat) if type(seat) is str and seat.isdigit() else seat


def invite(app: "App", data: "dict[str, Any]") -> "Effects":
    host = _host(app)
    seat = _seat(data)
    return invite_seat(app, seat) + [("render",)] if seat in host.links else []


def reply(app: "App", data: "dict[str, Any]") -> "Effects":
    host = _host(app)
    seat = _seat(data)
    return host_reply(app, seat, data.get("text")) if seat in host.links else []


def replace(app: "App", data: "dict[str, Any]") -> "Effects":
    host = _host(app)
    seat = _seat(data)
    return replace_guest(app, seat) if seat in host.links else []


def copy_invite(app: "App", data: "dict[str, Any]") -> "Effects":
    host = _host(app)
    seat = _seat(data)
    return [("copy", host.links[seat]["link"])] if seat in host.links else []


def change_reply(app: "App", name: str, value: str) -> "Effects":
    """A reply code typed or pasted into a seat's field (kept as it stands)."""
    host = _host(app)
    links = host.links
    if name[5:].isdigit() and int(name[5:]) in links:
        links[int(name[5:])]["reply"] = value.strip()
    return []


def change_same_network(app: "App", checked: bool) -> "Effects":
    """The lobby's "same network" choice: no STUN server, so the invites not yet answered are made again."""
    if app.online.role != "host":
        return []
    host = _host(app)
    app.online.same_network = bool(checked)
    out: Effects = [("rtc", "configure", core.stun_json(app))]
    for seat in sorted(host.links):
        if host.links[seat]["state"] in ("inviting", "making", "error"):
            out.append(("rtc", "close", key_of(seat)))
            out += invite_seat(app, seat)
    return out + [("render",)]


COMMANDS = {"invite": invite, "reply": reply, "replace": replace, "copy-invite": copy_invite}
