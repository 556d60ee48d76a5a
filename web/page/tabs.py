"""One tab at a time plays (and saves) a match: the ownership record and each tab's state machine.

The record of who holds the match saved under ``rummy.match`` is ``rummy.owner`` (``rummy.owner@<slot>`` for
``rummy.match@<slot>``), an envelope ``{"format": "rummy-ui/owner", "version": 1, "data": {"tab": ID, "at": N}}``:
ID is the holding tab's id (the runner makes one per page load, e.g. ``crypto.randomUUID()``), N counts claims
(each claim writes the last N + 1). The record in storage is the arbiter: a tab writes the match only while the
record names it, and it reads the record again just before each write. Holding no player data, a record that is
not exactly that is simply replaced (never set aside).

Messages between tabs (BroadcastChannel "rummy", sent as JSON text)::

    {"app": "rummy-ui", "type": "claim"|"ask"|"here"|"release", "key": OWNER KEY, "tab": ID, "at": N}

claim: I now hold the match (I wrote the record); ask: is the tab of this record alive?; here: yes, I hold it;
release: I closed and let the match go.

The machine (:class:`Tab`) takes inputs as method calls and answers each with an :class:`Out`, which describes
the whole state (may this tab write; the notice to show, None for none; show "Play here") plus one-shot work for
the runner (messages to broadcast, a timer after which to call :meth:`Tab.tick`, a Web Lock to request, steal or
release, and whether to read the match again because this tab just took it over).

Without Web Locks: at start a tab claims the match when no other tab's record is stored; otherwise it asks, and
claims when no "here" comes before the timer (the record was left by a closed tab). With Web Locks (lock name =
the owner key) the lock tells whether a holder is alive: the tab asks for it with ``ifAvailable`` and reports
the answer with :meth:`Tab.locked`; "Play here" steals it, and the tab it was stolen from calls
:meth:`Tab.lock_lost`. Either way a claim writes the record and broadcasts.
"""

import json

from .i18n import N_, _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

OWNER_FORMAT = "rummy-ui/owner"
APP = "rummy-ui"
ASK_WAIT_MS = 1000  # how long to wait for the holder's "here" before taking a match over from a closed tab
# the notices of a tab that does not hold its match (in English here, translated where said)
# i18n: above the table, when the same game is open in two tabs of the browser (with a "Play here" button)
ELSEWHERE = N_("This game is open in another tab.")
# i18n: above the table, when the game was taken over by another tab of the browser (with a "Play here" button)
TAKEN = N_("This game is now being played in another tab: this tab has stopped saving it.")
MESSAGE_TYPES = ("claim", "ask", "here", "release")


class Out:
    """What a tab is now and what the runner must do: see the module's docstring."""

    __slots__ = ("broadcast", "lock", "notice", "play_here", "reload", "timer", "writable")

    def __init__(self, writable: bool, notice: str | None, play_here: bool) -> None:
        self.writable = writable
        self.notice = notice
        self.play_here = play_here
        self.broadcast: list[str] = []  # JSON texts to post on BroadcastChannel("rummy")
        self.timer: int | None = None  # milliseconds, then call tick()
        self.lock: str | None = None  # "request" (ifAvailable), "steal" or "release"
        self.reload = False  # read the saved match again: this tab just took it over

    def __repr__(self) -> str:
        return ("Out(writable=" + str(self.writable) + ", notice=" + repr(self.notice) + ", play_here="
                + str(self.play_here) + ", broadcast=" + repr(self.broadcast) + ", timer=" + repr(self.timer)
                + ", lock=" + repr(self.lock) + ", reload=" + str(self.reload) + ")")


def owner_key(match_key: str) -> str:
    """``rummy.owner`` for ``rummy.match``, ``rummy.owner@<slot>`` for ``rummy.match@<slot>``."""
    return "rummy.owner" + match_key[len("rummy.match"):]


def parse_record(raw: str | None) -> "dict[str, Any] | None":
    """The owner record stored as ``raw``, or None when there is none or it is not exactly one."""
    if raw is None or len(raw) > 1000:
        return None
    try:
        doc = json.loads(raw)
    except Exception:
        return None
    if type(doc) is not dict or sorted(doc) != ["data", "format", "version"]:
        return None
    if doc["format"] != OWNER_FORMAT or type(doc["version"]) is not int or doc["version"] != 1:
        return None
    return valid_record(doc["data"])


def valid_record(d: "Any") -> "dict[str, Any] | None":
    """``d`` when it is exactly ``{"tab": non-empty text, "at": whole number >= 1}``."""
    if type(d) is not dict or sorted(d) != ["at", "tab"]:
        return None
    if type(d["tab"]) is not str or not d["tab"] or len(d["tab"]) > 100:
        return None
    if type(d["at"]) is not int or d["at"] < 1:
        return None
    return d


def record_text(tab: str, at: int) -> str:
    return json.dumps({"format": OWNER_FORMAT, "version": 1, "data": {"tab": tab, "at": at}})


def parse_message(text: "Any") -> "dict[str, Any] | None":
    """A message of another tab, or None when it is not exactly one."""
    if type(text) is not str or len(text) > 1000:
        return None
    try:
        m = json.loads(text)
    except Exception:
        return None
    if type(m) is not dict or sorted(m) != ["app", "at", "key", "tab", "type"]:
        return None
    if m["app"] != APP or m["type"] not in MESSAGE_TYPES or type(m["key"]) is not str:
        return None
    if valid_record({"tab": m["tab"], "at": m["at"]}) is None and not (m["type"] == "ask" and m["at"] == 0):
        return None
    return m


class Tab:
    """The holder of one match in this tab: states "new", "locking" (asked for the Web Lock), "asking" (asked
    whether the record's tab is alive), "mine", "elsewhere" (another tab holds it), "lost" (another tab took
    it from this one), "left" (this tab closed)."""

    def __init__(self, store: "Any", key: str, me: str) -> None:
        """``store`` gives ``get(key) -> (ok, text or None)``, ``put(key, text) -> problem or None`` and
        ``remove(key)``; ``key`` is the owner key; ``me`` this tab's id."""
        self.store = store
        self.key = key
        self.me = me
        self.state = "new"
        self.at = 0  # the count of this tab's last claim

    # ------------------------------------------------------------ inputs

    def start(self, locks: bool = False) -> Out:
        """The page opened the match (``locks``: Web Locks are there)."""
        if locks:
            self.state = "locking"
            out = self.out()
            out.lock = "request"
            return out
        rec = self.record()[1]
        if rec is None or rec["tab"] == self.me:
            return self.claim(False)
        self.state = "asking"
        out = self.out()
        out.broadcast.append(self.say("ask", 0))
        out.timer = ASK_WAIT_MS
        return out

    def locked(self, got: bool) -> Out:
        """The Web Lock asked for at start was granted (``got``) or is held by another tab."""
        if self.state == "locking":
            if got:
                return self.claim(False)
            self.state = "elsewhere"
        return self.out()

    def lock_lost(self) -> Out:
        """Another tab stole this tab's Web Lock."""
        if self.state == "mine":
            self.state = "lost"
        return self.out()

    def message(self, text: "Any") -> Out:
        """A message on the channel (anything: what is not a message of this app is ignored)."""
        m = parse_message(text)
        if m is None or m["key"] != self.key or m["tab"] == self.me:
            return self.out()
        kind = m["type"]
        if kind == "claim":
            self.seen_claim(m["tab"], m["at"])
        elif kind == "ask" and self.state == "mine":
            out = self.out()
            out.broadcast.append(self.say("here", self.at))
            return out
        elif kind == "here" and self.state in ("asking", "locking"):
            self.state = "elsewhere"
        return self.out()

    def storage(self, key: str | None, value: str | None) -> Out:
        """A storage event of another tab (``key`` None: storage was cleared)."""
        if key == self.key:
            rec = parse_record(value)
            if rec is not None and rec["tab"] != self.me:
                self.seen_claim(rec["tab"], rec["at"])
        return self.out()

    def play_here(self, locks: bool = False) -> Out:
        """The player pressed "Play here": take the match over (and read it again)."""
        out = self.claim(True)
        if locks:
            out.lock = "steal"
        return out

    def tick(self) -> Out:
        """The timer of :meth:`start` ran out: no tab said "here", so the record was left by a closed tab."""
        if self.state == "asking":
            return self.claim(False)
        return self.out()

    def may_write(self) -> Out:
        """Just before writing the match: ``writable`` says whether to. Reads the record again, so that a
        takeover whose message was missed still stops this tab."""
        if self.state == "mine":
            ok, rec = self.record()
            if ok and rec is not None and rec["tab"] != self.me:
                self.state = "lost"
        return self.out()

    def leave(self) -> Out:
        """The page is going away: let the match go."""
        out = Out(False, None, False)
        if self.state == "mine":
            ok, rec = self.record()
            if ok and rec is not None and rec["tab"] == self.me:
                self.store.remove(self.key)
            out.broadcast.append(self.say("release", self.at))
            out.lock = "release"
        self.state = "left"
        return out

    # ------------------------------------------------------------ steps

    def claim(self, takeover: bool) -> Out:
        """Write the record naming this tab, and say so to the other tabs."""
        rec = self.record()[1]
        self.at = max(rec["at"] if rec is not None else 0, self.at) + 1
        self.store.put(self.key, record_text(self.me, self.at))  # a refused write: play on from memory
        self.state = "mine"
        out = self.out()
        out.broadcast.append(self.say("claim", self.at))
        out.reload = takeover
        return out

    def seen_claim(self, tab: str, at: int) -> None:
        """Another tab claimed the match. The stored record decides; when it cannot be read, the later claim
        (then the greater tab id) wins."""
        if self.state in ("asking", "locking"):
            self.state = "elsewhere"
        if self.state != "mine":
            return
        ok, rec = self.record()
        if ok:
            lost = rec is not None and rec["tab"] != self.me
        else:
            lost = (at, tab) > (self.at, self.me)
        if lost:
            self.state = "lost"

    def record(self) -> "tuple[bool, dict[str, Any] | None]":
        """(could storage be read, the stored record or None)."""
        ok, raw = self.store.get(self.key)
        return ok, parse_record(raw) if ok else None

    def say(self, kind: str, at: int) -> str:
        """A message of this tab, as JSON text."""
        return json.dumps({"app": APP, "type": kind, "key": self.key, "tab": self.me, "at": at})

    def out(self) -> Out:
        """The state as an :class:`Out` with nothing to do."""
        if self.state == "mine":
            return Out(True, None, False)
        if self.state == "elsewhere":
            return Out(False, _(ELSEWHERE), True)
        if self.state == "lost":
            return Out(False, _(TAKEN), True)
        return Out(False, None, False)
