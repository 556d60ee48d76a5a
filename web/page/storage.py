"""The page's saved data in the browser's localStorage: read exactly, set aside what is bad, never lose a write
silently, one tab at a time on a match (:mod:`web.page.tabs`), statistics merged between tabs. Export and
import of everything: :mod:`web.page.transfer`.

Keys (the formats are written down in :mod:`web.page.formats` and :mod:`web.page.stats`)::

    rummy.settings           rummy-ui/settings v5 (v1 to v4 read and upgraded)
    rummy.stats              rummy-ui/stats v4 (v1 to v3 read and upgraded)
    rummy.match              rummy-ui/match v4 (v1 to v3 read and upgraded): the match of the plain page
    rummy.match@<slot>       the same, for a game chosen by the address (slot: its canonical parameters)
    rummy.owner[@<slot>]     which tab holds that match (web.page.tabs)
    rummy.history            rummy-ui/history v1: the records of the last finished matches (Past matches)
    rummy.aside.<n>.<key>    a copy of a bad value of <key>, exactly as it was stored (at most MAX_ASIDE)

Reading a key gives exactly-valid data or nothing. Anything else (not JSON, wrong type or shape at any depth,
missing or extra fields, empty where content is needed, unknown or newer version, bigger than MAX_VALUE) is set
aside: copied to ``rummy.aside.<n>.<key>`` (the oldest copies removed first), the key removed, and a notice says
so. A bad value too big to copy (over MAX_COPY characters, or when the copy fails) comes back as an
:class:`Offer` to download; the runner calls :meth:`Store.offered` once it has offered it, and it is removed.

Writing keeps the value in memory first. When storage refuses it (full, or blocked), the :class:`Saved` answer
carries the notice to show at once, ``retry`` (call :meth:`Store.retry` later) and ``download`` (offer
"Download my game": :meth:`Store.download_game`). A later successful write or retry clears the notice.

Statistics are counted as events (:mod:`web.page.stats`) that wait in this tab until written; each write reads
the stored statistics again and adds the waiting events, so counts made in other tabs are kept.

The browser's localStorage is passed in as ``backend`` (``getItem``, ``setItem``, ``removeItem``, ``key``,
``length``). Any call may throw (a Python exception) or answer an error instead: any answer that is not what
localStorage answers (text or null; nothing from setItem and removeItem; a whole number for length) is a
failure, and its ``error`` field names it. Under MicroPython 1.27 a JavaScript exception thrown by a function
that Python calls cannot be caught in Python (it ends the whole run, ``finally`` blocks included), so the page
must pass localStorage through a guard such as::

    function guardedStorage(open) {            // open: () => window.localStorage (that may throw too)
      const guard = (f) => { try { return f(); } catch (e) { return {error: String((e && e.name) || e)}; } };
      return {
        getItem: (k) => guard(() => open().getItem(k)),
        setItem: (k, v) => guard(() => { open().setItem(k, v); return null; }),
        removeItem: (k) => guard(() => { open().removeItem(k); return null; }),
        key: (i) => guard(() => open().key(i)),
        get length() { return guard(() => open().length); },
      };
    }

(tests/mpy.py runs this module under MicroPython through exactly that guard). Everything else the browser
must do (broadcasting, Web Locks, timers, downloads) comes back as values for the runner. Pure Python for
CPython and MicroPython alike.
"""

import json

from . import formats, stats
from .formats import FORMATS, check_envelope, envelope
from .i18n import N_, _
from .shape import Bad, need
from .tabs import Out, Tab, owner_key, parse_record

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

KEY_SETTINGS = "rummy.settings"
KEY_STATS = "rummy.stats"
KEY_MATCH = "rummy.match"
KEY_HISTORY = "rummy.history"
ASIDE = "rummy.aside."
PROBE = "rummy.probe"
MAX_ASIDE = 3  # set-aside copies kept
MAX_COPY = 256 * 1024  # characters: a bad value bigger than this is offered as a download, not copied
# characters: no value the game writes comes near this (a match's engine save is at most formats.MAX_SAVE
# characters, about 1.2 times as many once its quotes are escaped in the stored JSON); nothing bigger is written
MAX_VALUE = 2 * 1024 * 1024
MAX_HISTORY = 512 * 1024  # characters: the past matches are cut, the oldest first, to fit in this
# The sentences for the player, by kind of value: in English here, translated where said. {why} is what is wrong
# with the data (its technical reason, in English: web.page.formats); {copy} the key a copy is kept under.
SET_ASIDE = {
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English); {copy}: the name a
    # copy is kept under in the browser's storage
    "settings": N_("Your settings could not be read ({why}). A copy was kept as “{copy}”; the game starts clean."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English); {copy}: the name a
    # copy is kept under in the browser's storage
    "stats": N_("Your statistics could not be read ({why}). A copy was kept as “{copy}”; the game starts clean."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English); {copy}: the name a
    # copy is kept under in the browser's storage
    "match": N_("Your saved game could not be read ({why}). A copy was kept as “{copy}”; the game starts clean."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English); {copy}: the name a
    # copy is kept under in the browser's storage
    "history": N_("Your past matches could not be read ({why}). A copy was kept as “{copy}”; the game starts "
                  "clean."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English); {copy}: the name a
    # copy is kept under in the browser's storage
    "": N_("A saved value could not be read ({why}). A copy was kept as “{copy}”; the game starts clean."),
}
TOO_BIG_TO_COPY = {
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "settings": N_("Your settings could not be read ({why}), and it is too big to keep a copy in this browser. "
                   "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "stats": N_("Your statistics could not be read ({why}), and it is too big to keep a copy in this browser. "
                "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "match": N_("Your saved game could not be read ({why}), and it is too big to keep a copy in this browser. "
                "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "history": N_("Your past matches could not be read ({why}), and it is too big to keep a copy in this browser. "
                  "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "": N_("A saved value could not be read ({why}), and it is too big to keep a copy in this browser. "
           "Download it to keep it; it is then removed to free the space."),
}
NO_ROOM_TO_COPY = {
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "settings": N_("Your settings could not be read ({why}), and there is no room for a copy in this browser. "
                   "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "stats": N_("Your statistics could not be read ({why}), and there is no room for a copy in this browser. "
                "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "match": N_("Your saved game could not be read ({why}), and there is no room for a copy in this browser. "
                "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "history": N_("Your past matches could not be read ({why}), and there is no room for a copy in this browser. "
                  "Download it to keep it; it is then removed to free the space."),
    # i18n: at start; {why}: what is wrong with the stored data (a technical reason, in English)
    "": N_("A saved value could not be read ({why}), and there is no room for a copy in this browser. "
           "Download it to keep it; it is then removed to free the space."),
}
STORAGE_FULL = {
    # i18n: above the table: the browser's storage for this site is full
    "settings": N_("Your settings could not be saved: storage is full."),
    # i18n: above the table: the browser's storage for this site is full
    "stats": N_("Your statistics could not be saved: storage is full."),
    # i18n: above the table: the browser's storage for this site is full
    "match": N_("Your last move could not be saved: storage is full."),
    # i18n: above the table: the browser's storage for this site is full
    "history": N_("Your past matches could not be saved: storage is full."),
}
STORAGE_BLOCKED = {
    # i18n: above the table: the browser refuses to store anything for this site
    "settings": N_("Your settings could not be saved: storage is blocked."),
    # i18n: above the table: the browser refuses to store anything for this site
    "stats": N_("Your statistics could not be saved: storage is blocked."),
    # i18n: above the table: the browser refuses to store anything for this site
    "match": N_("Your last move could not be saved: storage is blocked."),
    # i18n: above the table: the browser refuses to store anything for this site
    "history": N_("Your past matches could not be saved: storage is blocked."),
}
NOT_VALID = {
    # i18n: a fault of the page itself; {why}: what is wrong with the data (a technical reason, in English)
    "settings": N_("Your settings could not be saved: it is not valid ({why})."),
    # i18n: a fault of the page itself; {why}: what is wrong with the data (a technical reason, in English)
    "stats": N_("Your statistics could not be saved: it is not valid ({why})."),
    # i18n: a fault of the page itself; {why}: what is wrong with the data (a technical reason, in English)
    "match": N_("Your last move could not be saved: it is not valid ({why})."),
    # i18n: a fault of the page itself; {why}: what is wrong with the data (a technical reason, in English)
    "history": N_("Your past matches could not be saved: it is not valid ({why})."),
}
BLOCKED = N_("Storage is disabled in this browser: you can play, but progress won't be kept.")
# the words that matter first: in a narrow frame the one line of the notice may be cut short
# i18n: above a game embedded in another site's page, whose browser blocks storage there
BLOCKED_FRAMED = N_("Your progress won't be kept here: the browser blocks storage for games embedded in other pages.")


def match_key(slot: str) -> str:
    """The key of the match of ``slot`` ("" for the plain page)."""
    return KEY_MATCH + "@" + slot if slot else KEY_MATCH


def kind_of(key: str) -> str | None:
    """"settings", "stats", "match", "history" or "owner" for a key of the game's; None for any other key."""
    if key == KEY_SETTINGS:
        return "settings"
    if key == KEY_HISTORY:
        return "history"
    if key == KEY_STATS:
        return "stats"
    if key == KEY_MATCH or key.startswith(KEY_MATCH + "@"):
        return "match"
    if key == "rummy.owner" or key.startswith("rummy.owner@"):
        return "owner"
    return None


def dumps(doc: "Any") -> str:
    return json.dumps(doc, separators=(",", ":"))


def parse(key: str, raw: str, view_check: "Any" = None) -> "dict[str, Any]":
    """The data stored as ``raw`` under ``key``, checked and upgraded; raises :class:`Bad` unless exact."""
    kind = kind_of(key)
    if kind not in FORMATS:
        raise Bad("", "is not a value of the game")
    if len(raw) > MAX_VALUE:
        raise Bad("", "is far bigger than anything the game writes")
    try:
        doc = json.loads(raw)
    except Exception:  # ValueError, or MemoryError and the like on deep or huge junk
        raise Bad("", "is not valid JSON") from None
    return check_envelope(str(kind), doc, view_check)


def problem_of(error: "Any") -> str:
    """"full" for a quota error (QuotaExceededError, NS_ERROR_DOM_QUOTA_REACHED), else "blocked"."""
    return "full" if "quota" in str(error).lower() else "blocked"


def safe_name(key: str) -> str:
    """``key`` with only letters, digits, ``.`` and ``-`` (for a file name)."""
    out = ""
    for c in key:
        ok = "a" <= c <= "z" or "A" <= c <= "Z" or "0" <= c <= "9" or c in ".-"
        out += c if ok else "_"
    return out[:80]


class Offer:
    """A file for the player to download: ``name``, ``text``; ``key``: the stored bad value to remove once the
    download was offered (None for a file made from good data)."""

    __slots__ = ("key", "name", "text")

    def __init__(self, name: str, text: str, key: str | None = None) -> None:
        self.name = name
        self.text = text
        self.key = key


class Loaded:
    """What reading a key gave: ``data`` (exactly valid, or None), ``notice`` for the player (or None) and
    ``offer`` (an :class:`Offer` of a bad value too big to keep, or None)."""

    __slots__ = ("data", "notice", "offer")

    def __init__(self, data: "Any" = None, notice: str | None = None, offer: Offer | None = None) -> None:
        self.data = data
        self.notice = notice
        self.offer = offer


class Saved:
    """What a write gave: ``ok`` (it is in storage); the state of all writes: ``notice`` (show it now; None
    clears an earlier one), ``problem`` (the notice tells that storage is "full" or "blocked", else None),
    ``retry`` (some value waits: call :meth:`Store.retry` later), ``download`` (a match waits: offer "Download my
    game"); and ``read`` (a :class:`Loaded` when a bad value was met and set aside),
    ``tabs`` (:class:`~web.page.tabs.Out` answers of match holders, to perform)."""

    __slots__ = ("download", "notice", "ok", "problem", "read", "retry", "tabs")

    def __init__(self, ok: bool) -> None:
        self.ok = ok
        self.notice: str | None = None
        self.problem: str | None = None  # "full" or "blocked": the storage problem the notice tells, if it is one
        self.retry = False
        self.download = False
        self.read: Loaded | None = None
        self.tabs: list[Out] = []


class Opened:
    """Everything read at start: ``settings`` (defaults when none), ``stats``, ``match`` (or None),
    ``notices`` and ``offers`` for the player, and ``banner`` (storage is blocked), or None."""

    __slots__ = ("banner", "match", "notices", "offers", "settings", "stats")

    def __init__(self) -> None:
        self.settings: dict[str, Any] = formats.default_settings()
        self.stats: dict[str, Any] = stats.empty()
        self.match: dict[str, Any] | None = None
        self.notices: list[str] = []
        self.offers: list[Offer] = []
        self.banner: str | None = None

    def take(self, loaded: Loaded) -> "Any":
        if loaded.notice:
            self.notices.append(loaded.notice)
        if loaded.offer is not None:
            self.offers.append(loaded.offer)
        return loaded.data


class Store:
    """The saved data of one page (one tab): see the module's docstring."""

    def __init__(self, backend: "Any", tab_id: str, view_check: "Any" = None) -> None:
        """``backend``: localStorage (guarded under MicroPython); ``tab_id``: this page load's id;
        ``view_check``: the page's reader of a stored view (see :func:`web.page.formats.check_view`)."""
        self.backend = backend
        self.tab_id = tab_id
        self.view_check = view_check
        self.pending: dict[str, str] = {}  # key -> text that storage refused, to write again
        self.problems: dict[str, str] = {}  # key -> "full" or "blocked": why it waits
        self.latest: dict[str, str] = {}  # key -> the last text this tab wrote or tried to write
        self.events: list[dict[str, Any]] = []  # statistics counted here and not yet written
        self.stats_base: dict[str, Any] = stats.empty()  # the statistics last read or written
        self.tabs: dict[str, Tab] = {}

    # ------------------------------------------------------------ the backend, guarded

    def get(self, key: str) -> tuple[bool, str | None]:
        """(could storage be read, the stored text or None)."""
        try:
            v = self.backend.getItem(key)
        except Exception:
            return False, None
        if v is None or type(v) is str:
            return True, v
        return False, None  # a guard's answer {error: name}

    def put(self, key: str, text: str) -> str | None:
        """Write; None when done, else "full" or "blocked"."""
        try:
            answer = self.backend.setItem(key, text)
        except Exception as e:
            return problem_of(e)
        return None if answer is None else problem_of(getattr(answer, "error", answer))

    def remove(self, key: str) -> bool:
        try:
            answer = self.backend.removeItem(key)
        except Exception:
            return False
        return answer is None

    def stored_keys(self) -> list[str]:
        """The stored keys (none when storage cannot be read)."""
        out: list[str] = []
        try:
            n = self.backend.length
            for i in range(n if type(n) is int else 0):
                k = self.backend.key(i)
                if type(k) is str:
                    out.append(k)
        except Exception:
            return []
        return out

    # ------------------------------------------------------------ reading

    def open(self, slot: str = "", framed: bool = False) -> Opened:
        """Read settings, statistics and the match of ``slot``, and check that storage can be used."""
        o = Opened()
        o.settings = o.take(self.read(KEY_SETTINGS)) or o.settings
        o.stats = o.take(self.read(KEY_STATS)) or o.stats
        o.match = o.take(self.read(match_key(slot)))
        if self.blocked():
            o.banner = _(BLOCKED_FRAMED if framed else BLOCKED)
        return o

    def blocked(self) -> bool:
        """Storage cannot be used at all (reading or writing throws something other than "full")."""
        ok, _raw = self.get(PROBE)
        if not ok or self.put(PROBE, "1") == "blocked":
            return True
        self.remove(PROBE)
        return False

    def read(self, key: str) -> Loaded:
        """The data under ``key``; a bad value is set aside (see the module's docstring)."""
        ok, raw = self.get(key)
        if not ok or raw is None:
            return Loaded()
        if kind_of(key) == "owner":  # no player data: a bad record is just removed
            rec = parse_record(raw)
            if rec is None:
                self.remove(key)
            return Loaded(rec)
        try:
            data = parse(key, raw, self.view_check)
        except Bad as b:
            return self.set_aside(key, raw, b.reason())
        if key == KEY_STATS:
            self.stats_base = data
        return Loaded(data)

    def refused(self, key: str, reason: str) -> Loaded:
        """The engine refused the match under ``key`` (``reason``: its words): set it aside."""
        ok, raw = self.get(key)
        if not ok or raw is None:
            return Loaded()
        return self.set_aside(key, raw, reason)

    def set_aside(self, key: str, raw: str, why: str) -> Loaded:
        """Copy a bad value to ``rummy.aside.<n>.<key>`` and remove it; when too big, offer it instead."""
        kind = str(kind_of(key))
        kind = kind if kind in SET_ASIDE else ""
        if len(raw) <= MAX_COPY:
            asides = self.asides()
            while len(asides) >= MAX_ASIDE:
                self.remove(asides.pop(0)[1])
            n = asides[-1][0] + 1 if asides else 1
            copy = ASIDE + str(n) + "." + key
            if self.put(copy, raw) is None:
                self.remove(key)
                return Loaded(None, _(SET_ASIDE[kind]).format(why=why, copy=copy))
        name = "rummy-unreadable-" + safe_name(key) + ".txt"
        notice = _((TOO_BIG_TO_COPY if len(raw) > MAX_COPY else NO_ROOM_TO_COPY)[kind]).format(why=why)
        return Loaded(None, notice, Offer(name, raw, key))

    def asides(self) -> list[tuple[int, str]]:
        """The set-aside copies as (n, key), oldest first."""
        out: list[tuple[int, str]] = []
        for k in self.stored_keys():
            if k.startswith(ASIDE):
                n = k[len(ASIDE):].split(".", 1)[0]
                out.append((int(n) if n.isdigit() else 0, k))
        out.sort()
        return out

    def offered(self, offer: Offer) -> None:
        """The runner offered ``offer`` to the player: remove the bad value it holds (if still stored)."""
        if offer.key is not None and self.get(offer.key) == (True, offer.text):
            self.remove(offer.key)

    # ------------------------------------------------------------ writing

    def write_settings(self, data: "dict[str, Any]") -> Saved:
        return self.write(KEY_SETTINGS, data)

    def write_match(self, slot: str, data: "dict[str, Any]") -> Saved:
        """Save the match of ``slot`` if this tab holds it (the log is cut to its last 200 lines)."""
        tab = self.tab(slot)
        out = tab.may_write()
        key = match_key(slot)
        if not out.writable:
            self.drop(key)
            saved = self.status(False)
            saved.tabs.append(out)
            return saved
        return self.write(key, trim_log(data))

    def forget_match(self, slot: str) -> Saved:
        """Remove the match of ``slot`` (if this tab holds it)."""
        key = match_key(slot)
        out = self.tab(slot).may_write()
        done = out.writable and self.remove(key)
        if done:
            self.drop(key)
        saved = self.status(done)
        saved.tabs.append(out)
        return saved

    def write(self, key: str, data: "dict[str, Any]") -> Saved:
        """Check ``data`` as a reader would, then write it (or keep it waiting)."""
        kind = str(kind_of(key))
        doc = envelope(kind, data)
        try:
            check_envelope(kind, doc, self.view_check)
            text = dumps(doc)
            need(len(text) <= MAX_VALUE, "", "is far bigger than anything the game writes")
        except Bad as b:  # a bug of the page: never store what would be set aside on the next start
            saved = self.status(False)
            saved.notice = _(NOT_VALID[kind]).format(why=b.reason())
            saved.problem = None
            return saved
        self.latest[key] = text
        self.pending[key] = text
        return self.status(self.flush(key))

    def flush(self, key: str) -> bool:
        problem = self.put(key, self.pending[key])
        if problem is None:
            self.drop(key)
            return True
        self.problems[key] = problem
        return False

    def drop(self, key: str) -> None:
        self.pending.pop(key, None)
        self.problems.pop(key, None)

    def retry(self) -> Saved:
        """Write what waits (matches only while this tab holds them, and statistics)."""
        for key in list(self.pending):
            if kind_of(key) == "match" and not self.tab(key[len(KEY_MATCH) + 1:]).may_write().writable:
                self.drop(key)
            else:
                self.flush(key)
        read = self.flush_stats() if self.events else None
        saved = self.status(not self.pending and not self.events)
        saved.read = read
        return saved

    def status(self, ok: bool) -> Saved:
        """A :class:`Saved` telling the state of every write."""
        saved = Saved(ok)
        waiting = [(k, self.problems.get(k, "blocked")) for k in self.pending]
        if self.events:
            waiting.append((KEY_STATS, self.problems.get(KEY_STATS, "blocked")))
        if waiting:
            key, problem = waiting[0]
            for k, p in waiting:
                if kind_of(k) == "match":
                    key, problem = k, p
                    saved.download = True
                    break
            sentences = STORAGE_FULL if problem == "full" else STORAGE_BLOCKED
            saved.notice = _(sentences[str(kind_of(key))])
            saved.problem = "full" if problem == "full" else "blocked"
            saved.retry = True
        return saved

    def download_game(self, slot: str = "") -> Offer | None:
        """"Download my game": the match envelope of ``slot`` as a file (the latest, even if not stored)."""
        key = match_key(slot)
        text = self.latest.get(key)
        if text is None:
            raw = self.get(key)[1]
            text = raw if readable(key, raw, self.view_check) else None
        return Offer("rummy-game.json", text) if text is not None else None

    # ------------------------------------------------------------ past matches

    def history(self) -> Loaded:
        """The past matches, newest first (``Loaded.data``: a list); bad stored ones are set aside."""
        loaded = self.read(KEY_HISTORY)
        loaded.data = list(loaded.data["matches"]) if loaded.data is not None else []
        return loaded

    def keep_match(self, entry: "dict[str, Any]") -> "tuple[Saved, list[dict[str, Any]]]":
        """Add a finished match to the history (the newest first, at most MAX_PAST; the same match again
        replaces its older copy; the oldest go when the whole would be too big). Answers the write's state and
        the history as it now is. The very same match kept again (a finished match opened anew from its save:
        all but the time alike) changes nothing: its entry keeps its place and time."""
        loaded = self.history()
        again = but_when(entry)
        if any(but_when(m) == again for m in loaded.data):
            saved = self.status(True)
            saved.read = loaded if loaded.notice else None
            return saved, loaded.data
        kept = [m for m in loaded.data if not same_match(m, entry)]
        matches = [entry] + kept[:formats.MAX_PAST - 1]
        while len(matches) > 1 and len(dumps(matches)) > MAX_HISTORY:
            matches.pop()
        saved = self.write(KEY_HISTORY, {"matches": matches})
        saved.read = loaded if loaded.notice else None
        return saved, (matches if saved.notice is None or saved.retry else loaded.data)

    # ------------------------------------------------------------ statistics

    def count(self, event: "dict[str, Any]") -> Saved:
        """Count a statistics event (:func:`web.page.stats.hand_event` and the like) and write."""
        try:
            self.events.append(stats.check_event(event))
        except Bad as b:  # a bug of the page: say so, count nothing
            saved = self.status(False)
            # i18n: a fault of the page itself; {why}: what is wrong with the count (a technical reason, in English)
            saved.notice = _("Your statistics could not be saved: the count is not valid ({why}).").format(
                why=b.reason())
            saved.problem = None
            return saved
        read = self.flush_stats()
        saved = self.status(not self.events)
        saved.read = read
        return saved

    def flush_stats(self) -> Loaded | None:
        """Read the stored statistics again, add this tab's waiting events, write. A :class:`Loaded` when
        the stored statistics were bad (and set aside)."""
        ok, raw = self.get(KEY_STATS)
        if not ok:
            self.problems[KEY_STATS] = "blocked"
            return None
        base, read = stats.empty(), None
        if raw is not None:
            try:
                base = parse(KEY_STATS, raw)
            except Bad as b:
                read = self.set_aside(KEY_STATS, raw, b.reason())
        for e in self.events:
            stats.apply(base, e)
        problem = self.put(KEY_STATS, dumps(envelope("stats", base)))
        if problem is None:
            self.events = []
            self.stats_base = base
            self.problems.pop(KEY_STATS, None)
        else:
            self.problems[KEY_STATS] = problem
        return read

    def stats(self) -> "dict[str, Any]":
        """The statistics to show: the stored ones (the last known when storage cannot be read) with this
        tab's waiting events."""
        ok, raw = self.get(KEY_STATS)
        base = self.stats_base
        if ok:
            base = parsed(KEY_STATS, raw) or stats.empty()
        out = json.loads(dumps(base))
        for e in self.events:
            stats.apply(out, e)
        return out  # type: ignore[no-any-return]

    # ------------------------------------------------------------ tabs

    def tab(self, slot: str = "") -> Tab:
        """The holder of the match of ``slot`` in this tab (one per slot)."""
        if slot not in self.tabs:
            self.tabs[slot] = Tab(self, owner_key(match_key(slot)), self.tab_id)
        return self.tabs[slot]

    def on_message(self, text: "Any") -> list[Out]:
        """A BroadcastChannel message: the answers of the holders it concerns."""
        return [t.message(text) for t in self.tabs.values()]

    def on_storage(self, key: str | None, value: str | None) -> list[Out]:
        """A storage event (another tab changed ``key``): the answers of the holders it concerns."""
        return [t.storage(key, value) for t in self.tabs.values()]


def parsed(key: str, raw: str | None, view_check: "Any" = None) -> "dict[str, Any] | None":
    """The data of ``raw`` as :func:`parse` gives it, or None when there is none or it is bad (nothing is set
    aside: for looking, not for reading at start)."""
    if raw is None:
        return None
    try:
        return parse(key, raw, view_check)
    except Bad:
        return None


def readable(key: str, raw: str | None, view_check: "Any" = None) -> bool:
    return parsed(key, raw, view_check) is not None


def but_when(entry: "Any") -> "Any":
    """A past match without its time (the time is the only field that differs when one is kept again)."""
    return {k: v for k, v in entry.items() if k != "when"} if type(entry) is dict else entry


def same_match(a: "Any", b: "Any") -> bool:
    """True when two past matches are one match (the same first dealer and first deck)."""
    try:
        ra, rb = a["record"], b["record"]
        return bool(ra["game"] == rb["game"] and ra.get("dealer") == rb.get("dealer")
                    and ra["hands"][0]["deck"] == rb["hands"][0]["deck"])
    except (KeyError, IndexError, TypeError):
        return False


def trim_log(data: "dict[str, Any]") -> "dict[str, Any]":
    """``data`` with its move log cut to the last 200 lines (a copy; the caller's data is left alone)."""
    meta = data.get("meta") if type(data) is dict else None
    if type(meta) is not dict or type(meta.get("log")) is not list or len(meta["log"]) <= formats.LOG_MAX:
        return data
    meta = dict(meta)
    meta["log"] = meta["log"][-formats.LOG_MAX:]
    out = dict(data)
    out["meta"] = meta
    return out
