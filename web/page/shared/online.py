"""Online play between browsers: the messages of the host's page and its guests' pages (protocol ``NET``), their
checks, the invite link's fragment, and the guest's check of a fair deal.

The host's page runs the engine; each guest's page holds only what its seat may see. Over each data channel
travels JSON text, one message per text, ``{"v": NET, "t": TYPE, ...}``, at most ``MAX_TEXT`` characters:

host -> guest
    ``welcome``  ``{"seat", "names": [...], "game", "rules": {...}, "seats": [kinds], "build", "sealed"?}``: you sit
                 here; ``sealed``: the table has no dealer (each page runs the engine: web.worker.sealed_play)
    ``table``    ``{"view": <rummy-view of the guest's seat>, "events": [...], "by", "next", "hint", "names",
                 "fair": FAIR|null}``: the table after a move (``next``: "you", "wait", "deal" or "over", as the
                 guest sees it); ``FAIR = {"hand", "commitment", "secret"?, "contributions"?}``
    ``refused``  ``{"code", "message", "params", "step"}``: the guest's move was not legal (the engine's reason),
                 or came while its last one was still unanswered (code ``busy``, the host's page's own answer)
    ``commit``   ``{"hand", "commitment", "dealer"}``: the host's commitment to the next deal; answer ``entropy``
    ``talk``     ``{"seat", "say"}``: a quick message of a player (``say`` indexes ``QUICK``)
    ``status``   ``{"text", "level"}``: what the host's table is waiting for ("Ann is re-inviting Bob")
    ``sealed``   ``{"begin": {"seed", "dealer"}}``: a match with no dealer starts (its seed, its first dealer), or
                 ``{"m": {...}, "n"}``: a message of the host's engine to the guest's (both ways; ``n`` counts them
                 from 0, so that a page sends again from where the other says it got to), or ``{"resume":
                 {"got"}}``: the link is back, and this page got the other's first ``got`` messages (-1: this page
                 has no table, its keys are gone), or ``{"stop": {"code"}}``: this page stopped the match, finding
                 the other broke the rules (both ways)
    ``reload``   ``{"why", "host"?}``: the guest's page is another version (``why`` "version"), the host's
                 page's player named ``host``: reload it (the guest's page words it, whatever ``why`` says)
guest -> host
    ``hello``    ``{"net", "build", "name"}``: the guest's page is up (protocol and build, for the version check);
                 once per link (a second one is ignored)
    ``act``      ``{"action", "step"}``: a move drawn from the view of ``step``
    ``entropy``  ``{"hand", "value"}``: the guest's random contribution to the committed deal (32 hex digits)
    ``sealed``   ``{"m": {...}, "n"}``, ``{"resume": {"got"}}`` or ``{"stop": {"code"}}``: as the host's
    ``talk``     ``{"say"}``

Anything else, or a message with a field of the wrong type, is dropped and logged by whoever receives it; a
message over ``MAX_TEXT`` is dropped unread. Written in the Python both MicroPython and CPython run.
"""

import json

from web.page.shared.cards import face_of
from web.page.shared.deal import HEX, below, commitment_of, dealt_to, restock_start, shuffled_deck

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

NET = 3  # 2: a table may have no dealer (welcome's sealed, the sealed message); 3: its messages are counted and
# sent again after a lost link (sealed's n and resume). A page of another version is told to reload
MAX_TEXT = 200000  # characters: a view with every card of a long hand is under 20 000


def N_(text: str) -> str:
    """A text marked for the page's catalogues (tools/i18n.py), kept in English here: the worker runs this module
    too, and the page translates where it shows the text (web.page.i18n)."""
    return text


# the quick messages of table talk, sent as their index; the page shows each in its own language
QUICK = (N_("Good luck!"), N_("Good game"), N_("Nice gin!"), N_("Nice play"), N_("Well played"), N_("Oops"),
         N_("Thinking…"), "👍", "😄", "😮")
TO_GUEST = ("welcome", "table", "refused", "commit", "talk", "status", "reload", "sealed")
TO_HOST = ("hello", "act", "entropy", "talk", "sealed")
GUEST_NEXT = ("you", "wait", "deal", "over")
MAX_WORDS = 300  # characters of a sentence one page sends the other to show (a status, a reason)


def _is_int(v: "Any") -> bool:
    return type(v) is int


def _is_hex(v: "Any", n: int) -> bool:
    return type(v) is str and len(v) == n and all(c in HEX for c in v)


def encode(kind: str, fields: "dict[str, Any]") -> str:
    """A message as the text sent over the channel."""
    msg = {"v": NET, "t": kind}
    for k in fields:
        msg[k] = fields[k]
    return json.dumps(msg)


def decode(text: "Any", allowed: tuple[str, ...]) -> "tuple[dict[str, Any] | None, str | None]":
    """``(message, None)`` for a well-formed message of one of the ``allowed`` types, else ``(None, why)``."""
    if type(text) is not str:
        return None, "not text"
    if len(text) > MAX_TEXT:
        return None, "too long (" + str(len(text)) + " characters)"
    try:
        msg = json.loads(text)
    except ValueError:
        return None, "not JSON"
    if not isinstance(msg, dict) or msg.get("t") not in allowed:
        return None, "an unknown message"
    if msg.get("v") != NET:
        return msg, "version"  # the caller tells the other page to reload (or reloads)
    why = message_problem(msg)
    return (None, why) if why is not None else (msg, None)


def message_problem(msg: "dict[str, Any]") -> str | None:
    """Why a message of a known type has a field of the wrong type, or None."""
    t = msg["t"]
    if t == "welcome":
        if not _is_int(msg.get("seat")) or not isinstance(msg.get("names"), list) or \
                msg.get("game") not in ("gin", "rummy") or not isinstance(msg.get("rules"), dict) or \
                not isinstance(msg.get("seats"), list):
            return "welcome: seat, names, game, rules and seats were expected"
        if any(type(n) is not str for n in msg["names"]) or len(msg["names"]) != len(msg["seats"]):
            return "welcome: one name per seat"
        return None if type(msg.get("sealed", False)) is bool else "welcome: sealed must be true or false"
    if t == "sealed":
        begin, m = msg.get("begin"), msg.get("m")
        stop, resume = msg.get("stop"), msg.get("resume")
        if stop is not None:
            ok = isinstance(stop, dict) and type(stop.get("code")) is str and len(stop["code"]) <= 40
            return None if ok and begin is None and m is None else "sealed: why the table stopped"
        if resume is not None:
            ok = isinstance(resume, dict) and _is_int(resume.get("got")) and resume["got"] >= -1
            return None if ok and begin is None and m is None else "sealed: where a page got to"
        if begin is not None:
            if m is not None or not isinstance(begin, dict) or not _is_int(begin.get("seed")) or \
                    begin.get("dealer") not in (0, 1) or not _is_int(begin.get("dealer")):
                return "sealed: a match's seed and first dealer"
            return None
        n = msg.get("n")
        return None if isinstance(m, dict) and type(n) is int and n >= 0 else "sealed: a message of the sealed deal"
    if t == "table":
        if not isinstance(msg.get("view"), dict) or not isinstance(msg.get("events"), list):
            return "table: a view and events were expected"
        if msg.get("next") not in GUEST_NEXT or not isinstance(msg.get("hint", {}), dict):
            return "table: next and hint"
        by = msg.get("by")
        if by is not None and not _is_int(by):
            return "table: by must be a seat or null"
        fair = msg.get("fair")
        if fair is not None and fair_problem(fair) is not None:
            return "table: " + str(fair_problem(fair))
        return None
    if t == "refused":
        if type(msg.get("code")) is not str or type(msg.get("message")) is not str or \
                not _is_int(msg.get("step")) or not isinstance(msg.get("params", {}), dict):
            return "refused: code, message, params and step"
        return None
    if t == "commit":
        if not _is_int(msg.get("hand")) or not _is_hex(msg.get("commitment"), 64):
            return "commit: hand and commitment"
        d = msg.get("dealer")
        return None if d is None or _is_int(d) else "commit: dealer"
    if t == "talk":
        say: Any = msg.get("say")
        if not _is_int(say) or not 0 <= say < len(QUICK):
            return "talk: one of the quick messages"
        s = msg.get("seat")
        return None if s is None or _is_int(s) else "talk: seat"
    if t == "status":
        return None if type(msg.get("text")) is str and len(msg["text"]) <= MAX_WORDS else "status: text"
    if t == "reload":
        if type(msg.get("why")) is not str:
            return "reload: why"
        return None if msg.get("host") is None or type(msg["host"]) is str else "reload: host"
    if t == "hello":
        if not _is_int(msg.get("net")) or type(msg.get("build")) is not str:
            return "hello: net and build"
        return None
    if t == "act":
        if type(msg.get("action")) is not str or len(msg["action"]) > 200 or not _is_int(msg.get("step")):
            return "act: an action (text) and a step"
        return None
    if t == "entropy":
        if not _is_int(msg.get("hand")) or not _is_hex(msg.get("value"), 32):
            return "entropy: hand and 32 hex digits"
        return None
    return "unknown"


def fair_problem(fair: "Any") -> str | None:
    if not isinstance(fair, dict) or not _is_int(fair.get("hand")) or not _is_hex(fair.get("commitment"), 64):
        return "fair: hand and commitment"
    if "secret" in fair and not _is_hex(fair["secret"], 64):
        return "fair: secret"
    cons = fair.get("contributions", [])
    if not isinstance(cons, list) or any(type(c) is not str or len(c) > 200 for c in cons):
        return "fair: contributions"
    return None


# ---------------------------------------------------------------- a fair deal, checked by a guest

def check_deal(fair: "dict[str, Any]", promised: "dict[str, Any]", mine: str, seen: "dict[str, Any]") -> tuple[bool, str]:
    """A guest's check of a revealed deal: ``fair`` the host's reveal (``commitment``, ``secret``,
    ``contributions``), ``promised`` what the host committed to before the guest gave its value (``commitment``,
    ``dealer`` when it named one), ``mine`` the value this guest gave, ``seen`` the hand as the guest first saw it
    (``players``, ``dealer``, ``seat``, ``jokers``, ``hand``: its cards, ``upcard``). Answers ``(ok, words)``."""
    secret = fair.get("secret")
    cons = fair.get("contributions") or []
    if fair.get("commitment") != promised.get("commitment"):
        return False, "the host dealt from another commitment than the one it showed before the deal"
    if type(secret) is not str or commitment_of(secret) != promised["commitment"]:
        return False, "the host's revealed secret does not match its commitment"
    if mine not in cons:
        return False, "your contribution was not used in the deal"
    if promised.get("dealer") is not None and promised["dealer"] != seen["dealer"]:
        return False, "the dealer is not the one the host named before the deal"
    deck = shuffled_deck(bool(seen["jokers"]), secret, cons)
    size = len(seen["hand"])
    hand, upcard = dealt_to(deck, seen["players"], seen["dealer"], size, seen["seat"])
    if sorted(hand) != sorted(seen["hand"]) or upcard != seen["upcard"]:
        for c in seen["hand"]:
            if c not in hand:
                return False, "you were dealt " + face_of(c) + ", which the committed deck does not deal you"
        return False, "the upcard was " + face_of(seen["upcard"]) + ", the committed deck has " + face_of(upcard)
    why = check_draws(deck, seen["players"] * size + 1, restock_start(secret, cons), seen)
    if why is not None:
        return False, why
    return True, "Deal verified: the deck came from the host's committed secret and your random value" + \
        (", and so did every card you drew from the stock." if seen.get("draws") else ".")


def _ordinal(n: int) -> str:
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return str(n) + tail


def check_draws(deck: list[int], dealt: int, state: int, seen: "dict[str, Any]") -> str | None:
    """Why a card this guest drew from the stock is not the committed deck's, or None: ``seen["draws"]`` lists
    each draw (``card``, ``left``: the cards left in the stock after it, ``restocks``: the stocks rebuilt before
    it), ``seen["piles"]`` the discard pile each rebuilt stock was made of (by its number, from 1; a pile this guest
    did not see is not checked) and ``seen["sizes"]`` every rebuilt stock's size. A rebuilt stock is the pile
    shuffled by the secret's second generator (as rummy.fairdeal.restock_state), or turned over."""
    piles = seen.get("piles") or {}
    sizes = seen.get("sizes") or {}
    shuffled = seen.get("shuffle", True)
    for d in seen.get("draws") or []:
        r = d["restocks"]
        if r == 0:
            stock = deck[dealt:]
        elif r in piles and all(earlier in sizes for earlier in range(1, r)):
            stock = list(piles[r])
            if shuffled:
                s = state
                for earlier in range(1, r):
                    s = _shuffle(s, list(range(sizes[earlier])))
                _shuffle(s, stock)
        else:
            continue
        at = len(stock) - d["left"] - 1
        if not 0 <= at < len(stock):
            return "the stock held more cards than the committed deck gives"
        if stock[at] != d["card"]:
            if r == 0:
                return "the " + _ordinal(at + 1) + " card drawn from the stock was " + face_of(d["card"]) + \
                    ", the committed deck has " + face_of(stock[at])
            return "the " + _ordinal(at + 1) + " card drawn from the rebuilt stock was " + face_of(d["card"]) + \
                ", the secret's shuffle of the discards gives " + face_of(stock[at])
    return None


def _shuffle(state: int, items: list[int]) -> int:
    """rummy.rng.Rng.shuffle of ``items`` in place from generator ``state``: the generator's state after it."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def new_value(random_bytes: bytes) -> str:
    """A guest's contribution: 32 hex digits from 16 random bytes."""
    return "".join(HEX[b >> 4] + HEX[b & 15] for b in random_bytes[:16])
