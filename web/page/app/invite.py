"""The invite link of online play: what its fragment carries (the part after ``#``, which browsers never send
to a web server) and how a guest's page reads it back.

A link is the site's address, then ``#j=CODE&s=SEAT&g=GAME&k=ROOM&y=RELAYS&p=PLAYERS&r=RULES``: the connection
code (web.page.shared.rtc), the guest's seat, the game, the secret of the seat's room on the relays
(web.page.app.meet; absent when the host uses no relay), the relays when the host's are not the defaults, each
seat's name and kind, and the rules (the preset and the changed options). It must stay short enough for any chat:
at most ``MAX_INVITE`` characters after the address.
Written in the Python both MicroPython and CPython run.
"""

from web.page.app.meet import secret_ok
from web.page.app.params import quote, unquote
from web.page.formats import relay_problem
from web.page.shared.protocol import clean_text

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

MAX_INVITE = 300  # characters of an invite link beyond the site's address
KIND_LETTER = {"person": "p", "guest": "g", "computer": "c"}
LETTER_KIND = {"p": "person", "g": "guest", "c": "computer"}


def invite_fragment(code: str, seat: int, game: str, names: "Iterable[str]", kinds: "Iterable[str]", preset: str,
                    changes: "Iterable[tuple[str, str]]", room: str = "", relays: "Iterable[str]" = ()) -> str:
    """The fragment of an invite link (without ``#``): the connection code, the guest's seat, the game, the room's
    secret and relays (when given), the players (name and kind: ``p`` the host, ``g`` a guest, ``c`` a computer)
    and the rules (the preset and the changed options, as many as fit in ``MAX_INVITE`` with the site's address
    left out: ``~`` ends a list that was cut). Names and values are percent-encoded."""
    people = ",".join(quote(n, "") + "." + KIND_LETTER[k] for n, k in zip(names, kinds))
    meet = ""
    if room:
        meet = "&k=" + room
        listed = ""
        for r in relays:  # as many as fit beside the rest (the guest adds its own)
            part = ("," if listed else "") + quote(r, "")
            if len(listed) + len(part) > 64:
                break
            listed += part
        if listed:
            meet += "&y=" + listed
    base = "".join(("j=", code, "&s=", str(seat), "&g=", game, meet, "&p=", people, "&r=", quote(preset)))
    for name, value in changes:
        part = "," + quote(name) + ":" + quote(value)
        if len(base) + len(part) > MAX_INVITE - 12:  # room for "index.html#" and the "~" of a cut list
            base += ",~"
            break
        base += part
    return base


def read_invite(fragment: str) -> "dict[str, Any] | None":
    """The parts of an invite link's fragment (``j=...&s=...``), or None when it is not one. A link comes from
    outside: its names are made clean as a typed one is (web.page.shared.protocol.clean_text)."""
    parts = {}
    for piece in fragment.lstrip("#").split("&"):
        k, _, v = piece.partition("=")
        parts[k] = v
    if not parts.get("j") or not parts.get("s", "").isdigit() or parts.get("g") not in ("gin", "rummy"):
        return None
    people: list[tuple[str, str]] = []
    for item in parts.get("p", "").split(","):
        name, _, kind = item.rpartition(".")
        if not name or kind not in ("p", "g", "c"):
            return None
        people.append((clean_text(unquote(name)) or "Player " + str(len(people) + 1), LETTER_KIND[kind]))
    seat = int(parts["s"])
    if not 1 <= seat < len(people) <= 6 or people[seat][1] != "guest":
        return None
    rules = parts.get("r", "").split(",")
    changes = []
    for item in rules[1:]:
        if item == "~":  # more changes than the link had room for: the guest sees them once connected
            changes.append(("~", ""))
            continue
        name, _, value = item.partition(":")
        changes.append((unquote(name), unquote(value)))
    room = parts.get("k", "")
    relays = [unquote(r) for r in parts.get("y", "").split(",") if r] if secret_ok(room) else []
    return {"code": parts["j"], "seat": seat, "game": parts["g"], "players": people,
            "preset": unquote(rules[0]) if rules else "", "changes": changes,
            "room": room if secret_ok(room) else "", "relays": [r for r in relays if relay_problem(r) is None][:4]}
