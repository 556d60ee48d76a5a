"""Being a guest at a friend's online table: the invite link, the reply code, the host's tables drawn like the
engine's, and every deal checked (see :mod:`web.page.app.online`).

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, table
from web.page.app.online import NET, table_talk
from web.page.app.text import isolated
from web.page.i18n import _
from web.page.shared import online as wire
from web.page.shared.protocol import MAX_NAME, clean_text
from web.page.shared.viewdata import read_view

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Config, Effects
    from web.page.app.model import App
    from web.page.shared.viewdata import View


class GuestState:
    """The guest's side: the invite, its reply, its seat, and what it saw of each deal."""

    def __init__(self) -> None:
        self.invite: dict[str, Any] | None = None  # the invite link's parts
        # this page's side of the link; "of": the tag of the offer it answers (web.page.app.meet)
        self.join = {"state": "new", "code": "", "qr": "", "error": "", "of": ""}
        self.my_seat: int | None = None  # its seat (from the host's welcome)
        self.table_config: Config | None = None  # {"game", "rules", "seats"} from the host's welcome
        self.promised: dict[int, dict[str, Any]] = {}  # hand -> {"commitment", "dealer"} before it gave its value
        self.my_values: dict[int, str] = {}  # hand -> the value it gave
        self.first_seen: dict[int, dict[str, Any]] = {}  # hand -> what it saw at the deal
        self.deal_checks: dict[int, tuple[bool | None, str]] = {}  # hand -> (ok, words); ok None: not checked
        self.sealed = False  # the host's table has no dealer: this page runs the engine for its seat

    def my_name(self) -> str:
        """This guest's name, as the invite gives it."""
        if self.invite is None:
            return ""
        name: str = self.invite["players"][self.invite["seat"]][0]
        return name


def _guest(app: "App") -> GuestState:
    """The guest's state, on a page opened from an invite link (where it is made first)."""
    guest = app.guest
    assert guest is not None
    return guest


def start_guest(app: "App", fragment: str) -> "Effects":
    """A page opened from an invite link: show the table it invites to, and make the reply code."""
    app.guest = GuestState()
    from web.page.app.invite import read_invite  # online play's modules: imported when first needed
    from web.page.shared import rtc

    inv = read_invite(fragment)
    app.online.role = "guest"
    app.page.screen = "join"
    if inv is None:
        app.guest.join = {"state": "error", "code": "", "qr": "",
                          "error": _("This invite link is damaged: ask for it again (copy it whole).")}
        return [("render",)]
    app.guest.invite = inv
    app.match.meta = {"names": [p[0] for p in inv["players"]], "counted": 0, "match_counted": False, "log": []}
    try:
        kind, sdp = rtc.unpack(inv["code"])
    except ValueError:
        kind, sdp = "", ""
    if kind != "offer":
        app.guest.join = {"state": "error", "code": "", "qr": "",
                          "error": _("This invite link is damaged: ask for it again (copy it whole).")}
        return [("render",)]
    app.guest.join = {"state": "making", "code": "", "qr": "", "error": "", "of": ""}
    out: Effects = [("rtc", "configure", core.stun_json(app))]
    if inv["room"]:  # the reply goes back through the host's relays (and this page's own), and new offers come
        import json

        from web.page.app import meet

        app.guest.join["of"] = meet.offer_tag(inv["code"])
        relays = list(inv["relays"])
        relays += [r for r in core.relays(app) if r not in relays]
        out += [("signal", "configure", json.dumps(relays)), ("signal", "join", "host", meet.room_key(inv["room"]))]
    return out + [("rtc", "answer", "host", sdp), ("render",)]


def meeting(app: "App") -> bool:
    """Whether this guest's page meets its host through a room on the relays (the link had one)."""
    guest = app.guest
    return guest is not None and guest.invite is not None and bool(guest.invite.get("room"))


def on_signal(app: "App", name: str, kind: str, data: str) -> "Effects":
    """A message in the room: the host's offer (its seat's invite made again), answered unless connected."""
    from web.page.app import meet  # online play's modules: imported when first needed
    from web.page.shared import rtc

    guest = _guest(app)
    msg = meet.decode(data)
    if name != "host" or msg is None or msg["t"] != "offer" or not meeting(app):
        return [] if msg is not None else [("log", "a message in the room was dropped")]
    if guest.join["state"] not in ("replying", "lost", "error", "making"):
        return []
    tag = meet.offer_tag(msg["code"])
    if tag == guest.join.get("of") and guest.join["state"] in ("replying", "making"):
        return []  # the offer this page answers already (its answer is on its way, or was lost: sent again)
    try:
        kind_, sdp = rtc.unpack(msg["code"])
    except ValueError:
        return [("log", "an offer in the room was not one")]
    if kind_ != "offer":
        return []
    guest.join.update({"state": "making", "code": "", "qr": "", "error": "", "of": tag})
    return [("rtc", "answer", "host", sdp), ("render",)]


def on_rtc_answer(app: "App", key: str, sdp: str | None, err: object) -> "Effects":
    from web.page.shared import rtc  # online play's modules: imported when first needed

    if app.online.role != "guest":
        return []
    guest = _guest(app)
    if not sdp and err == "replaced":  # a newer answer (to the room's newer offer) is being made: it answers for itself
        return []
    if not sdp:
        guest.join["state"] = "error"
        # i18n: {error}: the browser's reason (in English)
        guest.join["error"] = _("Your reply could not be made ({error}).").format(error=str(err))
        return [("render",)]
    try:
        code = rtc.pack(sdp, "answer")
    except ValueError as e:
        guest.join["state"] = "error"
        # i18n: {error}: the reason (in English)
        guest.join["error"] = _("Your reply could not be made ({error}).").format(error=str(e))
        return [("render",)]
    guest.join["code"] = code
    guest.join["state"] = "replying"
    out: Effects = [("qr", "host", code), ("render",)]
    if meeting(app):
        from web.page.app import meet

        out.append(("signal", "post", "host", meet.encode("answer", {"of": guest.join["of"], "code": code})))
    return out


def on_link_event(app: "App", key: str, kind: str, data: "Any") -> "Effects":
    guest = _guest(app)
    # i18n: stands for the host's name in a sentence, when this page does not know it
    host = isolated(core.names(app)[0]) if core.names(app) else _("the host")
    if kind == "open":
        guest.join["state"] = "connected"
        return [("rtc", "send", "host", wire.encode("hello", {"net": NET, "build": "", "name":
                                                                 guest.my_name()})), ("render",)]
    if kind == "message":
        return guest_message(app, data)
    if kind == "failed" and guest.join["state"] in ("replying", "connecting"):  # it never opened
        guest.join["state"] = "error"
        # i18n: {host}: the friend who hosts the table; "Settings (Advanced)" is a part of Settings
        guest.join["error"] = _("Your page and {host}'s could not reach each other: a network on the way blocks "
                                "direct connections. Ask {host} to add a TURN server in Settings (Advanced), or try "
                                "another network.").format(host=host)
        return [("announce", guest.join["error"]), ("render",)]
    guest.join["state"] = "lost"
    app.match.waiting = None
    from web.page.app import sealedplay

    if sealedplay.active(app):  # the host's keys are with its page: the match waits for it, if it can come back
        if not meeting(app):
            return sealedplay.lost(app, sealedplay.other_name(app)) + [("render",)]
        from web.page.app import meet

        return sealedplay.pause(app) + [("signal", "post", "host", meet.encode("knock")), ("render",)]
    if meeting(app):  # the host's page makes a new offer for this seat; asking makes sure it is sent
        from web.page.app import meet

        core.say(app, _("The connection to {host} was lost. Reconnecting… (If it takes long, {host}'s page may have "
                        "closed: ask {host} for a new invite link.)").format(host=host), "error")
        return [("announce", _("The connection to {host} was lost. Reconnecting…").format(host=host)),
                ("signal", "post", "host", meet.encode("knock")), ("render",)]
    core.say(app, _("The connection to {host} was lost. Ask {host} for a new invite link to rejoin.").format(
        host=host), "error")
    return [("announce", _("The connection to {host} was lost.").format(host=host)), ("render",)]


def on_qr(app: "App", key: str, svg: str) -> "Effects":
    guest = _guest(app)
    if key == "host":
        guest.join["qr"] = svg
    return [("render",)]


def copy_reply(app: "App", data: "dict[str, Any]") -> "Effects":
    return [("copy", _guest(app).join["code"])]


def guest_message(app: "App", text: "Any") -> "Effects":
    guest = _guest(app)
    msg, why = wire.decode(text, wire.TO_GUEST)
    if msg is None:
        return [("log", "a message from the host was dropped: " + str(why))]
    if why == "version":
        return must_reload(app, _("This page is another version of the game than the host's."))
    t = msg["t"]
    if t == "reload":  # only ever for another version; worded here, in this page's language
        host = clean_text(msg.get("host") or "", MAX_NAME)
        if host:
            # i18n: a friend's page is told to reload by the host's page; {name} is the host's player's name
            return must_reload(app, _("This page is another version of the game than {name}'s.").format(name=host))
        return must_reload(app, _("This page is another version of the game than the host's."))
    if t == "welcome":
        from web.page.app import sealedplay

        if msg.get("sealed") and sealedplay.active(app):  # back after a lost link: the match goes on from here
            guest.join["state"] = "playing"
            return [sealedplay.resume(app), ("render",)]
        names = host_names(msg["names"])
        guest.my_seat = msg["seat"]
        guest.table_config = {"game": msg["game"], "rules": msg["rules"],
                             "seats": [{"kind": k, "name": n} if k != "computer" else {"kind": k, "id": n}
                                       for k, n in zip(msg["seats"], names)]}
        app.match.meta["names"] = names
        app.match.meta["counted"] = -1  # set by the first table: hands that ended before joining are not counted
        guest.join["state"] = "seated"
        guest.sealed = bool(msg.get("sealed", False))
        if guest.sealed:  # this page deals its part and checks every move: its engine starts now, in the lobby
            # i18n: a friend's page at a table with no dealer; {host}: the friend who hosts it
            core.say(app, _("You are at {host}'s table, with no dealer: your page shuffles too and keeps your cards "
                            "to itself. Waiting for the deal…").format(host=isolated(names[0])))
            return [("engine-on",), ("render",)]
        core.say(app, _("You are at {host}'s table. Waiting for the deal…").format(host=isolated(names[0])))
        return [("render",)]
    if t == "sealed":
        from web.page.app import sealedplay

        cfg = guest.table_config
        if "begin" in msg:
            if not guest.sealed or cfg is None or guest.my_seat is None:
                return [("log", "a start of a table with no dealer that was not announced: dropped")]
            guest.join["state"] = "playing"
            return sealedplay.begin_guest(app, guest.my_seat, cfg, msg["begin"])
        if "stop" in msg:
            return sealedplay.stopped_by_peer(app, msg["stop"])
        if "resume" in msg:
            if app.online.sealed is None:  # this page came back without its table (a reload)
                return sealedplay.came_back_without_table(app) if msg["resume"]["got"] >= 0 else []
            return sealedplay.resumed(app, msg["resume"]["got"])
        return sealedplay.from_peer(app, msg["m"], msg["n"])
    if t in ("commit", "table"):
        app.online.sealed = None  # the host deals this match: an earlier one with no dealer is over
    if t == "commit":
        guest.promised[msg["hand"]] = {"commitment": msg["commitment"], "dealer": msg["dealer"]}
        return [("entropy", msg["hand"])]
    if t == "table":
        return guest_table_message(app, msg)
    if t == "refused":
        return table.on_refused(app, {"type": "refused", "code": msg["code"],
                                      "message": clean_text(msg["message"], wire.MAX_WORDS),
                               "params": msg.get("params", {}), "step": msg["step"]})
    if t == "talk":
        if type(msg.get("seat")) is int:
            return table_talk(app, msg["seat"], msg["say"])
        return []
    if t == "status":
        core.say(app, clean_text(msg["text"], wire.MAX_WORDS))
        return [("render",)]
    return []


def host_names(names: "list[Any]") -> list[str]:
    """The players' names as the host's page sends them, made clean (web.page.shared.protocol.clean_text: the
    same limit and the same characters as a name typed here); a seat whose name comes empty is "Player N"."""
    # a computer's name is the character's, made longer when two share one ("Ada 2", "Ada for Bob"): within the
    # limit of a person's name all the same
    return [clean_text(n) or ("Player " + str(i + 1)) for i, n in enumerate(names)]


def on_entropy(app: "App", hand: int, value: str) -> "Effects":
    """The runner's random value for a committed deal: kept, and sent to the host."""
    if app.online.role != "guest":
        return []
    guest = _guest(app)
    if hand not in guest.promised:
        return []
    guest.my_values[hand] = value
    return [("rtc", "send", "host", wire.encode("entropy", {"hand": hand, "value": value}))]


def must_reload(app: "App", why: str) -> "Effects":
    guest = _guest(app)
    guest.join["state"] = "reload"
    # i18n: {why}: why this page cannot play at the table (another version of the game than the host's page)
    core.say(app, _("{why} Reload this page to play.").format(why=why), "error")
    return [("render",)]


def guest_table_message(app: "App", msg: "dict[str, Any]") -> "Effects":
    """The host's table after a move: drawn like the engine's, the deal remembered and checked."""
    guest = _guest(app)
    m = app.match
    names = msg.get("names")
    if isinstance(names, list) and len(names) == len(m.meta["names"]):
        m.meta["names"] = host_names(names)
    try:
        view = read_view(msg["view"])
    except ValueError as e:
        return [("log", "a table from the host was dropped: " + str(e))]
    if guest.my_seat is None or view.seat != guest.my_seat:
        return [("log", "a table for another seat was dropped")]
    if m.meta["counted"] < 0:
        m.meta["counted"] = len(view.results)
    if view.in_hand and not view.log and view.hand_number not in guest.first_seen:
        guest.first_seen[view.hand_number] = {
            "players": view.players, "dealer": view.dealer, "seat": view.seat,
            "jokers": bool(view.rules.get("jokers")), "hand": list(view.hand),
            "upcard": view.discard[0] if view.discard else None,
            "shuffle": view.rules.get("reuse_discards") != "turn-over", "draws": [], "piles": {}, "sizes": {}}
    follow_stock(guest.first_seen.get(view.hand_number), m.view, view)
    guest.join["state"] = "playing"
    app.page.screen = "table"
    nxt = {"you": "you", "wait": "guest", "deal": "deal", "over": "over"}[msg["next"]]
    fair = msg.get("fair")
    out = check_fair(app, fair) if isinstance(fair, dict) and "secret" in fair else []
    return out + table.on_table(app, {"type": "table", "view": msg["view"], "events": msg["events"], "by": msg["by"],
                                "next": nxt, "hint": msg.get("hint") or {}, "save": None, "viewer": view.seat})


def follow_stock(seen: "dict[str, Any] | None", before: "View | None", view: "View") -> None:
    """Keep, for the deal check, what this guest saw come from the stock since its last table ``before``: each card
    it drew (with the cards left after it and the stocks rebuilt before it), each rebuilt stock's size, and the
    discard pile a stock was rebuilt from when nothing else happened since ``before`` (the pile it then showed)."""
    if seen is None or before is None or before.hand_number != view.hand_number or len(before.log) > len(view.log):
        return
    new = view.log[len(before.log):]
    restocks = before.restocks_done
    for i in range(len(new)):
        e = new[i]
        if e.kind == "restock":
            restocks += 1
            seen["sizes"][restocks] = e.count
            if i == 0 and len(before.discard) == e.count + 1:
                seen["piles"][restocks] = list(before.discard[:-1])
    mine = [e for e in new if e.kind != "restock"]
    if len(mine) == 1 and mine[0].kind == "draw stock" and mine[0].seat == view.seat:
        left = list(view.hand)
        for c in before.hand:
            if c in left:
                left.remove(c)
        if len(left) == 1:
            seen["draws"].append({"card": left[0], "left": view.stock_count, "restocks": view.restocks_done})


def check_fair(app: "App", fair: "dict[str, Any]") -> "Effects":
    guest = _guest(app)
    hand = fair["hand"]
    if hand in guest.deal_checks:
        return []
    promised = guest.promised.get(hand)
    seen = guest.first_seen.get(hand)
    if promised is None or seen is None or hand not in guest.my_values:
        guest.deal_checks[hand] = (None, _("This deal was not checked: you joined after it was dealt."))
        return []
    ok, words = wire.check_deal(fair, promised, guest.my_values[hand], seen)
    if not ok:
        # i18n: a deal of an online table failed its check; {why}: what did not match (in English)
        words = _("Warning: this deal does not check out: {why}.").format(why=words)
    guest.deal_checks[hand] = (ok, words)
    # i18n: a line of the move log: the check of a hand's deal ({words}: what it found)
    core.log_line(app, _("Hand {n}: {words}").format(n=hand, words=words))
    return [("announce", words)]


COMMANDS = {"copy-reply": copy_reply}
