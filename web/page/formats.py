"""The stored formats of the page (settings, saved matches, the export file) and their exact checks.

Every stored value is an envelope ``{"format": "rummy-ui/<kind>", "version": N, "data": DATA}`` and nothing
else. The DATA of each format:

``rummy-ui/settings`` version 5 (key ``rummy.settings``)::

    {"speed": "slow"|"normal"|"fast"|"instant", "contrast": bool, "bigcards": bool,
     "sort": "suit"|"rank"|"melds"|"custom", "last": null or CONFIG,
     "sound": null or bool, "volume": whole number 0-100, "back": "red"|"blue"|"green"|"gold",
     "fourcolor": bool, "hints": bool, "felt": "green"|"blue"|"red"|"charcoal",
     "stun": null or [STUN address, ...] (0 to 8; online play's STUN servers: null the defaults, [] none),
     "coach": bool (the coach reviews each hand of a match against the computer),
     "relays": null or [RELAY address, ...] (0 to 8; the Nostr relays through which online pages meet: null the
               defaults, [] none: invites then need a reply code),
     "turn": null or {"urls": "turn:host:port" or "turns:...", "username": text, "credential": text} (a TURN
             server that relays online play's traffic where a direct connection is blocked),
     "lang": null or a language's code (web.page.i18n.CODES: "en", "es", "zh-Hans"...; null: the browser's)}
    CONFIG = {"game": "gin"|"rummy", "opponents": [ID, ...], "rules": {OPTION: null|bool|int|text, ...},
              "seed": null or a whole number from 0 to 2**64 - 1, and, when people play, "seats": [SEAT, ...]}
    SEAT = {"kind": "person"|"guest", "name": NAME} or {"kind": "computer", "id": ID}, one per seat (2 to 6),
           the first a person; the computers' ids are "opponents", in order; NAME: 1 to 24 characters (MAX_NAME), no
           control character, no two alike (whatever the case)

  ``"custom"`` is the order the player made by dragging cards (web/ui writes it). ``sound`` null follows the
  default (on, but off in an embedded game); ``back`` is the card back, ``fourcolor`` the four-colour deck,
  ``hints`` marks the cards that could be melded or laid off now (Rummy), ``felt`` the table's colour.
  Version 4 is the same without ``lang``; version 3 is version 4 without ``relays`` and ``turn``; version 2 is version 3 without ``coach``; version 1 is version 2 without the seven fields from ``sound`` on;
  :func:`upgrade_settings` gives the missing fields their defaults. ID and OPTION are names of the game's (lower-case letters, digits, ``_``, ``-``); Gin has 1
  opponent, Rummy 1 to 5 (with seats: 2 players in Gin, 2 to 6 in Rummy, any of them computers); ``rules``
  holds ``"preset"`` (a text) and any option changed from it.

``rummy-ui/stats`` version 4 (key ``rummy.stats``): see :mod:`web.page.stats` (versions 1 to 3 are read and
upgraded).

``rummy-ui/match`` version 4 (keys ``rummy.match`` and ``rummy.match@<slot>``)::

    {"save": TEXT,                 the engine's save, opaque to the page
     "config": MATCH_CONFIG,       the match's config
     "meta": {"names": [text, one per seat], "counted": hands counted in statistics,
              "match_counted": bool, "log": [text, ...] (the move log, at most 200 lines),
              "rooms"?: {seat ("1" to "5"): SECRET}},   (an online match: each friend's room on the relays)
     "view": null or {"format": "rummy-view", "version": 1, "view": {...}}   (the last view shown),
     "orders": [[card text ("7H", "TD", "JK"), ...], one per seat]}     (each person's hand order)

  SECRET is a room's secret as an invite link carries it (22 characters of base64url, web.page.app.meet).
  TEXT is a non-empty string of at most 900,000 characters (MAX_SAVE): the JSON text of the engine's own save,
  which the engine worker sends the page with every table and checks when it gets it back. The page never parses
  it: a save the engine cannot read comes back as ``bad-save``, and the runner sets the match aside with the
  engine's reason. MATCH_CONFIG is the match's CONFIG as the engine worker sends it, which may also hold
  ``"practice": true`` (undo allowed), ``"daily": "YYYY-MM-DD"`` (the daily deal) and ``"tutorial": true`` (the
  guided first hand). The match has one seat per item of its ``seats`` when people play, else 1 + its
  ``opponents``: as many as meta's names and as orders.

  Older versions are read and made version 4 by :func:`upgrade_match`, without loss:

  * version 3: ``{"engine": <the engine's save: {"format": "rummy-save", "version": N, ...}>, "table":
    {"opponents": [ID, ...] (the config's), "seeds": [whole numbers, one per seat], "config": MATCH_CONFIG,
    "assisted": bool (a hint or an undo was used), "fair"?: {"hand", "commitment", "secret", "contributions"}
    (online: the deal's proof)}, "meta", "view", "orders"}`` (meta, view and orders as in version 4; the page
    checks the engine's save by its envelope only). Its ``save`` becomes the compact JSON text
    (``separators=(",", ":")``) of ``{"engine": ..., "table": ...}``, which the engine worker still reads
    and resumes from; its ``config`` is ``table.config``.
  * version 2: version 3 with ``"order"`` (seat 0's hand order) instead of ``"orders"``, no seats, no
    ``"assisted"`` and none of the three fields of a match's config; it becomes version 3 (the other seats'
    orders empty, ``assisted`` false), then version 4.
  * version 1 (web/ui): ``{"engine", "meta": {"config", "opponents", "names", "seeds", "counted",
    "match_counted", "log"}, "order"}``; it becomes version 2 with ``"view": null`` (the page then waits for the
    engine to draw the table), then version 4.

``rummy-ui/history`` version 1 (key ``rummy.history``): the last finished matches, newest first::

    {"matches": [{"when": null or text (when it ended, e.g. "2026-05-01 18:30"), "game": "gin"|"rummy",
                  "names": [text, one per seat], "final": [whole number, one per seat],
                  "winner": null or a seat, "hands": the number of hands (1 or more),
                  "record": the engine's record of the match (``rummy-record/1``: its "format" and as many
                            "hands" as said; the engine checks the rest when it is replayed)}, ...]}   (at most 10)

``rummy-ui/export`` version 1 (a file, never stored): ``{KEY: ENVELOPE, ...}`` for the keys above.

A check returns the data when it is exactly what the game writes and raises :class:`~web.page.shape.Bad`
otherwise. Pure Python for CPython and MicroPython alike.
"""

import json

from . import stats
from .i18n import CODES
from .shape import Bad, at, dot, flag, items, mapping, need, record, text, whole, word
from .shared import b64url
from .shared.protocol import MAX_NAME, clean_text

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

GAMES = ("gin", "rummy")
SPEEDS = ("slow", "normal", "fast", "instant")
SORTS = ("suit", "rank", "melds", "custom")
SETTINGS_V1_KEYS = ("speed", "contrast", "bigcards", "sort", "last")
SETTINGS_V2_KEYS = ("speed", "contrast", "bigcards", "sort", "last", "sound", "volume", "back", "fourcolor", "hints",
                    "felt", "stun")
SETTINGS_V3_KEYS = SETTINGS_V2_KEYS + ("coach",)
SETTINGS_V4_KEYS = SETTINGS_V3_KEYS + ("relays", "turn")
SETTINGS_KEYS = SETTINGS_V4_KEYS + ("lang",)
STUN_SCHEMES = ("stun:", "stuns:")
DEFAULT_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")  # well-known public servers
MAX_STUN = 8
RELAY_SCHEMES = ("wss://", "ws://")
# well-known public Nostr relays, run by different people: an invite needs only one of them to reach both pages
DEFAULT_RELAYS = ("wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net")
MAX_RELAYS = 8
TURN_SCHEMES = ("turn:", "turns:")
MAX_TURN_SECRET = 200
BACKS = ("red", "blue", "green", "gold")
FELTS = ("green", "blue", "red", "charcoal")
CONFIG_KEYS = ("game", "opponents", "rules", "seed")
SEAT_KINDS = ("person", "guest", "computer")
MATCH_CONFIG_EXTRAS = ("practice", "daily", "tutorial")  # match version 3 on: fields a match's config may add
MAX_SAVE = 900000  # characters of the engine's save in a match (version 4)
LOG_MAX = 200
MAX_SEED = 2 ** 64 - 1
RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER = "JK"
MOST_CARDS = 108  # two decks with jokers: more than any hand holds
MAX_PAST = 10  # finished matches kept in the history
RECORD_FORMAT = "rummy-record/1"

# kind -> (format, the version this page writes, the versions it reads)
FORMATS = {
    "settings": ("rummy-ui/settings", 5, (1, 2, 3, 4, 5)),
    "stats": (stats.FORMAT, stats.VERSION, stats.READABLE),
    "match": ("rummy-ui/match", 4, (1, 2, 3, 4)),
    "export": ("rummy-ui/export", 1, (1,)),
    "history": ("rummy-ui/history", 1, (1,)),
}


def default_settings() -> "dict[str, Any]":
    return {"speed": "normal", "contrast": False, "bigcards": False, "sort": "suit", "last": None,
            "sound": None, "volume": 70, "back": "red", "fourcolor": False, "hints": True, "felt": "green",
            "stun": None, "coach": False, "relays": None, "turn": None, "lang": None}


# ---------------------------------------------------------------- settings


def check_settings(data: "Any", version: int = 5) -> "dict[str, Any]":
    """Settings of ``version`` (1 to 5), as stored (not upgraded here)."""
    keys = {1: SETTINGS_V1_KEYS, 2: SETTINGS_V2_KEYS, 3: SETTINGS_V3_KEYS, 4: SETTINGS_V4_KEYS}.get(version,
                                                                                                 SETTINGS_KEYS)
    d = record(data, "data", keys)
    text(d["speed"], "data.speed", choices=SPEEDS)
    flag(d["contrast"], "data.contrast")
    flag(d["bigcards"], "data.bigcards")
    text(d["sort"], "data.sort", choices=SORTS)
    if d["last"] is not None:
        check_config(d["last"], "data.last")
    if version == 1:
        return d
    if d["sound"] is not None:
        flag(d["sound"], "data.sound")
    whole(d["volume"], "data.volume", 0, 100)
    text(d["back"], "data.back", choices=BACKS)
    flag(d["fourcolor"], "data.fourcolor")
    flag(d["hints"], "data.hints")
    text(d["felt"], "data.felt", choices=FELTS)
    if d["stun"] is not None:
        for i, address in enumerate(items(d["stun"], "data.stun", 0, MAX_STUN)):
            need(stun_problem(address) is None, at("data.stun", i), "is not a STUN address")
    if version >= 3:
        flag(d["coach"], "data.coach")
    if version >= 4:
        if d["relays"] is not None:
            for i, address in enumerate(items(d["relays"], "data.relays", 0, MAX_RELAYS)):
                need(relay_problem(address) is None, at("data.relays", i), "is not a relay address")
        if d["turn"] is not None:
            t = record(d["turn"], "data.turn", ("urls", "username", "credential"))
            need(turn_problem(t["urls"]) is None, "data.turn.urls", "is not a TURN address")
            text(t["username"], "data.turn.username", MAX_TURN_SECRET)
            text(t["credential"], "data.turn.credential", MAX_TURN_SECRET)
    if version >= 5 and d["lang"] is not None:
        text(d["lang"], "data.lang", 10, CODES)
    return d


def stun_problem(address: "Any") -> str | None:
    """Why ``address`` is not a STUN server's address (``stun:host:port``), or None."""
    if type(address) is not str or not 6 <= len(address) <= 200:
        return "a STUN address is 6 to 200 characters"
    if not any(address.startswith(s) for s in STUN_SCHEMES):
        return "a STUN address starts with stun: or stuns:"
    if any(ch in address for ch in " \t\"'<>\\") or len(address.split(":")[1]) == 0:
        return "a STUN address is stun:host or stun:host:port"
    return None


def relay_problem(address: "Any") -> str | None:
    """Why ``address`` is not a relay's address (``wss://host``, or ``ws://host`` on a network of one's own),
    or None."""
    if type(address) is not str or not 8 <= len(address) <= 200:
        return "a relay address is 8 to 200 characters"
    if not any(address.startswith(s) for s in RELAY_SCHEMES):
        return "a relay address starts with wss://"
    host = address.split("://", 1)[1]
    if not host or host[0] in "/:" or any(ch in address for ch in " \t\"'<>\\"):
        return "a relay address is wss://host or wss://host/path"
    return None


def turn_problem(address: "Any") -> str | None:
    """Why ``address`` is not a TURN server's address (``turn:host:port``, ``turns:...``), or None."""
    if type(address) is not str or not 6 <= len(address) <= 200:
        return "a TURN address is 6 to 200 characters"
    if not any(address.startswith(s) for s in TURN_SCHEMES):
        return "a TURN address starts with turn: or turns:"
    if any(ch in address for ch in " \t\"'<>\\") or len(address.split(":")[1]) == 0:
        return "a TURN address is turn:host:port"
    return None


def upgrade_settings(d: "dict[str, Any]", version: int = 1) -> "dict[str, Any]":
    """Checked settings of ``version`` (1 to 4) as version 5: the fields they lack at their defaults."""
    out = default_settings()
    for k in {1: SETTINGS_V1_KEYS, 2: SETTINGS_V2_KEYS, 3: SETTINGS_V3_KEYS}.get(version, SETTINGS_V4_KEYS):
        out[k] = d[k]
    return out


def check_config(v: "Any", where: str, extras: bool = False) -> "dict[str, Any]":
    """A new-game config: game, opponents, rules, seed, every seat when people play (and with ``extras``, any of
    practice, daily, tutorial)."""
    m = mapping(v, where)
    keys = CONFIG_KEYS + (("seats",) if "seats" in m else ())
    if extras:
        keys = keys + tuple(k for k in MATCH_CONFIG_EXTRAS if k in m)
    c = record(v, where, keys)
    if "practice" in c:
        flag(c["practice"], dot(where, "practice"))
    if "tutorial" in c:
        flag(c["tutorial"], dot(where, "tutorial"))
    if "daily" in c:
        day = text(c["daily"], dot(where, "daily"), 10)
        need(len(day) == 10 and day[4] == "-" and day[7] == "-" and (day[:4] + day[5:7] + day[8:]).isdigit(),
             dot(where, "daily"), "is not a date YYYY-MM-DD")
    game = text(c["game"], dot(where, "game"), choices=GAMES)
    most = 1 if game == "gin" else 5
    least = 0 if "seats" in c else 1
    for i, pid in enumerate(items(c["opponents"], dot(where, "opponents"), least, most)):
        word(pid, at(dot(where, "opponents"), i))
    if "seats" in c:
        check_seat_plan(c["seats"], c["opponents"], 2 if game == "gin" else 6, dot(where, "seats"))
    check_rules(c["rules"], dot(where, "rules"))
    if c["seed"] is not None:
        whole(c["seed"], dot(where, "seed"), 0, MAX_SEED)
    return c


def check_seat_plan(v: "Any", opponents: list[str], most: int, where: str) -> None:
    """Every seat: a person first, people and guests with names no two alike, computers with the opponents' ids."""
    ids = []
    names: list[str] = []
    for i, seat in enumerate(items(v, where, 2, most)):
        here = at(where, i)
        need(type(seat) is dict and seat.get("kind") in SEAT_KINDS, here, "is not a person, a guest or a computer")
        if seat["kind"] == "computer":
            record(seat, here, ("kind", "id"))
            ids.append(word(seat["id"], dot(here, "id")))
        else:
            record(seat, here, ("kind", "name"))
            name = text(seat["name"], dot(here, "name"), MAX_NAME)
            need(name.strip() == name, dot(here, "name"), "starts or ends with a space")
            need(clean_text(name) == name, dot(here, "name"), "has a control character")
            need(name.lower() not in names, dot(here, "name"), "is the name of another player")
            names.append(name.lower())
    need(v[0]["kind"] == "person", at(where, 0), "is not the person at this device")
    need(ids == opponents, where, "do not seat the opponents of the config")


def check_rules(v: "Any", where: str) -> None:
    """``{"preset": text, option: null|bool|whole number|text, ...}``."""
    rules = mapping(v, where)
    need("preset" in rules, where, "has no field “preset”")
    text(rules["preset"], dot(where, "preset"), 40)
    for name in rules:
        word(name, dot(where, str(name)[:40]))
        value = rules[name]
        if type(value) is str:
            text(value, dot(where, name), 40)
        else:
            need(value is None or type(value) in (bool, int), dot(where, name), "is not a rule's value")


# ---------------------------------------------------------------- matches


def check_match(data: "Any", version: int = 4, view_check: "Any" = None) -> "dict[str, Any]":
    """A saved match of ``version`` (1 to 4), as stored (not upgraded here). ``view_check``: see
    :func:`check_view`."""
    if version == 1:
        return check_match_v1(data)
    if version >= 4:
        d = record(data, "data", ("save", "config", "meta", "view", "orders"))
        text(d["save"], "data.save", MAX_SAVE)  # the engine's own: it checks the rest when it gets it back
        config = check_config(d["config"], "data.config", extras=True)
        players = len(config["seats"]) if "seats" in config else len(config["opponents"]) + 1
    else:
        d = record(data, "data", ("engine", "table", "meta", "view", "order" if version == 2 else "orders"))
        check_engine(d["engine"], "data.engine")
        fair = version >= 3 and type(d["table"]) is dict and "fair" in d["table"]
        keys = ("opponents", "seeds", "config") + (("assisted",) if version >= 3 else ()) + (("fair",) if fair else ())
        t = record(d["table"], "data.table", keys)
        if version >= 3:
            flag(t["assisted"], "data.table.assisted")
        config = check_config(t["config"], "data.table.config", extras=version >= 3)
        need(version >= 3 or "seats" not in config, "data.table.config", "has an unknown field “seats”")
        if fair:
            check_fair(t["fair"], "data.table.fair")
        players = check_seats(config, t["opponents"], t["seeds"], "data.table")
    rooms = version >= 4 and type(d["meta"]) is dict and "rooms" in d["meta"]
    m = record(d["meta"], "data.meta", ("names", "counted", "match_counted", "log") + (("rooms",) if rooms else ()))
    check_meta(m, players, "data.meta")
    if rooms:
        check_rooms(m["rooms"], players, "data.meta.rooms")
    if d["view"] is not None:
        check_view(d["view"], "data.view", view_check)
    if version == 2:
        check_order(d["order"], "data.order")
    else:
        for i, order in enumerate(items(d["orders"], "data.orders", players, players)):
            check_order(order, at("data.orders", i))
    return d


def check_fair(v: "Any", where: str) -> None:
    """Online: the proof of the hand's deal (web.worker.online): its hand, commitment, secret, contributions."""
    f = record(v, where, ("hand", "commitment", "secret", "contributions"))
    whole(f["hand"], dot(where, "hand"), 1)
    for k in ("commitment", "secret"):
        h = text(f[k], dot(where, k), 64)
        need(len(h) == 64 and all(c in "0123456789abcdef" for c in h), dot(where, k), "is not 64 hex digits")
    for i, c in enumerate(items(f["contributions"], dot(where, "contributions"), 0, 5)):
        text(c, at(dot(where, "contributions"), i), 200)


def check_match_v1(data: "Any") -> "dict[str, Any]":
    """A saved match as web/ui writes it (format version 1)."""
    d = record(data, "data", ("engine", "meta", "order"))
    check_engine(d["engine"], "data.engine")
    m = record(d["meta"], "data.meta",
               ("config", "opponents", "names", "seeds", "counted", "match_counted", "log"))
    config = check_config(m["config"], "data.meta.config")
    check_seats(config, m["opponents"], m["seeds"], "data.meta")
    check_meta(m, len(m["opponents"]) + 1, "data.meta")
    check_order(d["order"], "data.order")
    return d


def upgrade_match(d: "dict[str, Any]", version: int) -> "dict[str, Any]":
    """A checked match of ``version`` (1 to 3) as version 4, without loss (see the module's docstring). Raises
    :class:`Bad` when the engine's save would be longer than a version 4 save may be (no engine save comes near
    it)."""
    if version == 1:
        m = d["meta"]
        d = {
            "engine": d["engine"],
            "table": {"opponents": m["opponents"], "seeds": m["seeds"], "config": m["config"]},
            "meta": {"names": m["names"], "counted": m["counted"], "match_counted": m["match_counted"],
                     "log": m["log"][-LOG_MAX:]},
            "view": None,
            "order": d["order"],
        }
    if version <= 2:
        players = len(d["table"]["opponents"]) + 1
        table = dict(d["table"])
        table["assisted"] = False
        d = {"engine": d["engine"], "table": table, "meta": d["meta"], "view": d["view"],
             "orders": [d["order"]] + [[] for _ in range(players - 1)]}
    save = json.dumps({"engine": d["engine"], "table": d["table"]}, separators=(",", ":"))
    need(len(save) <= MAX_SAVE, "data.engine", "is longer than " + str(MAX_SAVE) + " characters")
    return {"save": save, "config": d["table"]["config"], "meta": d["meta"], "view": d["view"],
            "orders": d["orders"]}


def check_engine(v: "Any", where: str) -> None:
    """The engine's save, by its shape only (the page has no engine): an object whose format is "rummy-save"
    and whose version is a whole number. The engine checks the rest, and the runner sets the match aside
    with the engine's reason when it refuses it."""
    e = mapping(v, where)
    need(e.get("format") == "rummy-save", where, "is not an engine's save (format “rummy-save”)")
    need("version" in e, where, "has no field “version”")
    whole(e["version"], dot(where, "version"), 1)


def check_seats(config: "dict[str, Any]", opponents: "Any", seeds: "Any", where: str) -> int:
    """The opponents (those of the config) and one seed per seat; answers the number of seats."""
    items(opponents, dot(where, "opponents"), 0 if "seats" in config else 1, 5)
    need(opponents == config["opponents"], dot(where, "opponents"), "are not the opponents of the config")
    players = len(config["seats"]) if "seats" in config else len(opponents) + 1
    for i, seed in enumerate(items(seeds, dot(where, "seeds"), players, players)):
        whole(seed, at(dot(where, "seeds"), i), 0, MAX_SEED)
    return players


def check_shown_name(name: "Any", where: str) -> None:
    """A player's name as the page shows it (a person's, or a character's made longer: "Ada 2", "Ada for Bob"): text
    the page could have made, with no control character (web.page.shared.protocol.clean_text)."""
    text(name, where, 60)
    need(clean_text(name, 60) == name, where, "has a control character or a space at either end")


def check_rooms(v: "Any", players: int, where: str) -> None:
    """An online match's rooms on the relays: a friend's seat ("1" to "5") -> the room's secret."""
    rooms = mapping(v, where)
    need(len(rooms) > 0, where, "is empty")
    for seat in sorted(rooms):
        need(seat in [str(i) for i in range(1, players)], where, "has a field that is not a friend's seat")
        secret = text(rooms[seat], dot(where, seat), 22)
        try:
            size = len(b64url.decode(secret))
        except ValueError:
            size = 0
        need(size == 16, dot(where, seat), "is not a room's secret (16 bytes in base64url)")


def check_meta(m: "dict[str, Any]", players: int, where: str) -> None:
    """Names (one per seat), the counts of statistics, the move log."""
    for i, name in enumerate(items(m["names"], dot(where, "names"), players, players)):
        check_shown_name(name, at(dot(where, "names"), i))
    whole(m["counted"], dot(where, "counted"), 0)
    flag(m["match_counted"], dot(where, "match_counted"))
    for i, line in enumerate(items(m["log"], dot(where, "log"), 0, LOG_MAX)):
        if type(line) is not str or not 0 < len(line) <= 500:  # (the line's path is made only for a bad one)
            text(line, at(dot(where, "log"), i), 500)


def check_view(v: "Any", where: str, view_check: "Any" = None) -> None:
    """Seat 0's last view document: its envelope here, the rest by ``view_check`` (the page's view reader, given
    to :class:`~web.page.storage.Store`: ``view_check(doc)`` answers None or what is wrong, or raises)."""
    doc = record(v, where, ("format", "version", "view"))
    need(doc["format"] == "rummy-view", dot(where, "format"), "is not “rummy-view”")
    whole(doc["version"], dot(where, "version"), 1, 1)
    need(bool(mapping(doc["view"], dot(where, "view"))), dot(where, "view"), "is empty")
    if view_check is not None:
        try:
            why = view_check(doc)
        except Exception as e:
            why = str(e) or "is not a view of the game"
        need(why is None, where, str(why))


def check_order(v: "Any", where: str) -> None:
    """The player's hand order: card texts, each card once (jokers may repeat)."""
    seen: list[str] = []
    for i, card in enumerate(items(v, where, 0, MOST_CARDS)):
        here = at(where, i)
        need(type(card) is str and is_card(card), here, "is not a card")
        need(card == JOKER or card not in seen, here, "is a card already in the hand")
        seen.append(card)


def is_card(s: str) -> bool:
    return s == JOKER or (len(s) == 2 and s[0] in RANKS and s[1] in SUITS)


# ---------------------------------------------------------------- past matches


def check_history(data: "Any") -> "dict[str, Any]":
    """The last finished matches (see the module's docstring): each one's summary, and its record by its shape
    only (the engine checks the rest when it is replayed, and says what is wrong)."""
    d = record(data, "data", ("matches",))
    for i, m in enumerate(items(d["matches"], "data.matches", 0, MAX_PAST)):
        check_past_match(m, at("data.matches", i))
    return d


def check_past_match(v: "Any", where: str) -> "dict[str, Any]":
    """One finished match of the history."""
    m = record(v, where, ("when", "game", "names", "final", "winner", "hands", "record"))
    if m["when"] is not None:
        text(m["when"], dot(where, "when"), 40)
    text(m["game"], dot(where, "game"), choices=GAMES)
    names = items(m["names"], dot(where, "names"), 2, 6)
    for i, name in enumerate(names):
        check_shown_name(name, at(dot(where, "names"), i))
    for i, points in enumerate(items(m["final"], dot(where, "final"), len(names), len(names))):
        whole(points, at(dot(where, "final"), i))
    if m["winner"] is not None:
        whole(m["winner"], dot(where, "winner"), 0, len(names) - 1)
    hands = whole(m["hands"], dot(where, "hands"), 1)
    rec = mapping(m["record"], dot(where, "record"))
    need(rec.get("format") == RECORD_FORMAT, dot(where, "record"), "is not a hand record (" + RECORD_FORMAT + ")")
    need(rec.get("game") == m["game"], dot(where, "record.game"), "is not the match's game")
    items(rec.get("hands"), dot(where, "record.hands"), hands, hands)
    return m


# ---------------------------------------------------------------- any kind


def check_data(kind: str, version: int, data: "Any", view_check: "Any" = None) -> "dict[str, Any]":
    """The data of a ``kind`` envelope of ``version``, upgraded to the version the page writes."""
    if kind == "settings":
        d = check_settings(data, version)
        return upgrade_settings(d, version) if version < FORMATS["settings"][1] else d
    if kind == "stats":
        d = stats.check(data, version)
        return stats.upgrade(d, version) if version < stats.VERSION else d
    if kind == "match":
        d = check_match(data, version, view_check)
        return upgrade_match(d, version) if version < FORMATS["match"][1] else d
    if kind == "history":
        return check_history(data)
    raise Bad("", "is not a value of the game")


def check_envelope(kind: str, doc: "Any", view_check: "Any" = None) -> "dict[str, Any]":
    """The data of envelope ``doc`` of ``kind`` (upgraded); raises :class:`Bad` unless it is exactly one."""
    fmt, latest, readable = FORMATS[kind]
    env = record(doc, "", ("format", "version", "data"))
    need(env["format"] == fmt, "", "was not written by this game (format " + str(env["format"])[:40]
         + ", not " + fmt + ")")
    v = whole(env["version"], "version", 1)
    need(v <= latest, "", "comes from a newer version of the game: version " + str(v)
         + ", and this one reads up to version " + str(latest))
    need(v in readable, "version", "is not one this game reads")
    return check_data(kind, v, env["data"], view_check)


def envelope(kind: str, data: "Any") -> "dict[str, Any]":
    fmt, latest = FORMATS[kind][0], FORMATS[kind][1]
    return {"format": fmt, "version": latest, "data": data}
