"""Online play, what host and guest share: who this page is at an online table, the table talk, and the links'
names. Hosting is :mod:`web.page.app.host`, being a guest :mod:`web.page.app.guest`.

**Host.** A new game with seats for friends online (``"guest"``) opens the *lobby*: for each friend the page
makes a WebRTC offer (web/rtc.js through the runner's ``rtc`` effects), packs it into an invite link
(web.page.app.invite) and a QR code, and waits for the friend's reply code, which the host pastes. When every
friend's page has said hello, the deal is prepared: the engine commits to a secret, each guest sends a random
value, and the match is dealt from both (web.worker.online). From then on the host's page relays: each guest gets
its own seat's view (the engine's SeatView, and nothing else) after every move, and sends its moves, which the
engine checks like any other (a refusal goes back to that guest with the engine's reason). A guest who drops is
shown as such; the host re-invites (a new link for the same seat) or lets a computer opponent take the seat.

**Guest.** A page opened from an invite link (``#j=...``) starts no engine: it shows the table's game, rules and
players, makes its reply code, and once connected draws the table from the views the host sends. It checks every
deal it saw from the start (web.page.shared.online.check_deal) and says "Deal verified", or warns loudly.

Messages: ``("rtc-offer", key, sdp, err)``, ``("rtc-answer", key, sdp, err)``, ``("rtc-accepted", key, ok, err)``,
``("rtc-event", key, kind, data)``, ``("qr", key, svg)``, ``("entropy", hand, value)``. Effects: ``("rtc", op,
...)`` (op: "configure", "offer", "answer", "accept", "send", "close"), ``("qr", key, text)``, ``("entropy",
hand)``, ``("reload",)``. Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core
from web.page.app.text import who
from web.page.i18n import _, pgettext
from web.page.shared import online as wire

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Effects
    from web.page.app.model import App
    from web.page.app.sealedplay import SealedState

NET = wire.NET


class OnlineState:
    """This page at an online table: its role, and what host and guest share."""

    def __init__(self) -> None:
        self.role = "local"  # "local" | "host" | "guest"
        self.talk: dict[int, int] = {}  # seat -> index of QUICK: the last quick message of each player
        self.same_network = False  # the host's choice in the lobby: no STUN server for this table
        self.stun_note = ""  # Settings: addresses left out of the STUN list, said once
        self.relay_note = ""  # Settings: addresses left out of the relay list, said once
        self.turn_draft: dict[str, str] | None = None  # Settings: a TURN server typed in part, not yet stored
        self.relay_state: dict[str, str] = {}  # relay address -> "open" | "closed" | "failed" (as last heard)
        self.relays_missing = False  # the relays' library could not be loaded
        self.sealed: SealedState | None = None  # a table with no dealer (web.page.app.sealedplay)


def key_of(seat: int) -> str:
    """The name of the link to a guest's seat."""
    return "seat" + str(seat)


def seat_of(key: str) -> int | None:
    return int(key[4:]) if key.startswith("seat") and key[4:].isdigit() else None


def on_relay(app: "App", url: str, kind: str, data: str) -> "Effects":
    """A relay opened, closed or failed (or the relays' library loaded or not): kept to tell the player when
    no relay can be reached, and what to do then."""
    if kind == "unavailable":
        app.online.relays_missing = True
    elif kind == "relay" and data in ("open", "closed", "failed"):
        app.online.relay_state[url] = data
    else:
        return []
    return [("render",)]


def relays_down(app: "App") -> bool:
    """Whether the relays of Settings cannot be reached: none is open, and each has closed or failed."""
    listed = core.relays(app)
    if app.online.relays_missing:
        return bool(listed)
    states = app.online.relay_state
    return bool(listed) and all(states.get(u) in ("closed", "failed") for u in listed)


# ---------------------------------------------------------------- table talk

def table_talk(app: "App", seat: int, say: object) -> "Effects":
    """A quick message: shown beside the player, and passed on to every guest."""
    if type(say) is not int or not 0 <= say < len(wire.QUICK):
        return []
    app.online.talk[seat] = say
    # i18n: said to screen readers: a player's quick message ("Ann: Good luck!")
    said = _("{name}: {message}").format(name=who(core.names(app), seat), message=_(wire.QUICK[say]))
    out: Effects = [("announce", said), ("render",)]
    if app.online.role == "host":
        host = app.host
        assert host is not None  # a host's page has its HostState
        for s in core.guest_seats_of_plan(app):
            if host.links.get(s, {}).get("state") == "ready" and s != seat:
                out.append(("rtc", "send", key_of(s), wire.encode("talk", {"seat": seat, "say": say})))
    return out


def my_talk(app: "App", say: "Any") -> "Effects":
    if app.online.role == "guest":
        guest = app.guest
        assert guest is not None  # a guest's page has its GuestState
        if guest.my_seat is None:
            return []
        app.online.talk[guest.my_seat] = say
        return [("rtc", "send", "host", wire.encode("talk", {"say": say})), ("render",)]
    return table_talk(app, 0, say)


def talk(app: "App", data: "dict[str, Any]") -> "Effects":
    """A quick message of the person's."""
    say = data.get("say")
    return my_talk(app, int(say) if type(say) is str and say.isdigit() else say)


def option_words(app: "App", game: str, name: str, value: str) -> str:
    """A rule of the invite in words: its label and value."""
    o = app.catalog.option(game, name)
    # i18n: a rule of the table a friend invites you to, and its value ("Jokers: on", "Game to: 100")
    rule = _("{rule}: {value}")
    if o is None:
        return rule.format(rule=name, value=value)
    # i18n: a rule of the game switched on, among the rules of the table a friend invites you to ("Jokers: on")
    words = {"true": pgettext("a rule of the game", "on"),
             # i18n: a rule of the game switched off, among the rules of the table a friend invites you to
             "false": pgettext("a rule of the game", "off"),
             # i18n: a rule of the game that takes no value, among the rules of the table a friend invites you to
             "null": o.get("none_label") or pgettext("a rule of the game", "none")}
    label: str = o["label"]
    return rule.format(rule=label, value=words.get(value, value))
