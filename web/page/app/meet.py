"""Meeting through relays: how the pages of one online table find each other without a reply code.

Each friend's seat has a *room*: a secret of 16 random bytes made by the host's page and carried in the invite
link's fragment (``k=``, which browsers never send to a web server). Both pages listen to the room through the
Nostr relays of Settings (web/signal.js); what they say there is encrypted with a key derived from the secret, so
a relay sees only that some pages met, when, and their addresses. What they say is only the connection codes of
web.page.shared.rtc; the game itself goes over the WebRTC link, page to page.

The room's messages (:func:`encode`, :func:`decode`), each a small JSON object:

``{"t": "answer", "of": TAG, "code": CODE}``
    guest → host: a reply code to the offer whose tag (:func:`offer_tag`) is ``TAG``. The host connects when the
    offer is the one its seat has out; otherwise it sends that one (``offer``), or makes a new one.
``{"t": "offer", "code": CODE}``
    host → guest: the seat's current offer (an invite made again after a drop, or the one a late guest missed).
    A guest not connected answers it.
``{"t": "knock"}``
    guest → host: this page lost its link, or has no offer it can answer: send one.

Relays carry these only while someone listens (ephemeral events, stored nowhere): a page that was away asks again.
Written in the Python both MicroPython and CPython run.
"""

import json

from web.page.shared import b64url
from web.page.shared.deal import sha_hex

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

ROOM_FORMAT = "rummy-room/1"
SECRET_CHARS = 22  # 16 bytes in base64url
MAX_CODE = 600  # characters of a connection code (web.page.shared.rtc packs one into about 100-200)
TAG_CHARS = 12
KINDS = ("answer", "offer", "knock")


def secret_from_hex(value: str) -> str:
    """A room's secret (as the link carries it) from 32 hexadecimal digits of randomness."""
    return b64url.encode(bytes(int(value[i:i + 2], 16) for i in range(0, 32, 2)))


def secret_ok(secret: object) -> bool:
    """Whether ``secret`` has the shape of a room's secret (from a link: anything may come)."""
    if type(secret) is not str or len(secret) != SECRET_CHARS:
        return False
    try:
        return len(b64url.decode(secret)) == 16
    except ValueError:
        return False


def room_key(secret: str) -> str:
    """The room's key (64 hexadecimal digits) that web/signal.js listens with: a one-way function of the secret,
    so that it differs from anything else the secret is used for."""
    return sha_hex(ROOM_FORMAT + "|" + secret)


def offer_tag(code: str) -> str:
    """A short name of an offer's code (each offer has its own ICE password, so two offers never share one)."""
    return sha_hex(ROOM_FORMAT + "|offer|" + code)[:TAG_CHARS]


def encode(kind: str, fields: "dict[str, Any] | None" = None) -> str:
    msg: dict[str, Any] = {"t": kind}
    if fields:
        msg.update(fields)
    return json.dumps(msg)


def decode(text: object) -> "dict[str, str] | None":
    """A room's message, checked, or None (anything that is not one is dropped)."""
    if type(text) is not str or len(text) > MAX_CODE + 100:
        return None
    try:
        msg = json.loads(text)
    except ValueError:
        return None
    if type(msg) is not dict or msg.get("t") not in KINDS:
        return None
    kind = msg["t"]
    if kind == "knock":
        return {"t": kind}
    code = msg.get("code")
    if type(code) is not str or not 0 < len(code) <= MAX_CODE:
        return None
    if kind == "offer":
        return {"t": kind, "code": code}
    of = msg.get("of")
    if type(of) is not str or len(of) > TAG_CHARS:
        return None
    return {"t": kind, "code": code, "of": of}
