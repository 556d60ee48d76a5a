"""The table's messages between the page and the engine: their types, fields and checks (protocol 1).

Every message is a JSON object with a ``"type"``. The page sends:

* ``hello`` — who is there (the worker answers ``hello`` with its engine version and protocol);
* ``new`` ``{"config": {"game", "opponents": [ids], "rules": {...}, "seed": int|null, "seats"?: [...]}}`` — start
  a match (``seats``, when people play: every seat in order, ``{"kind": "person"|"guest", "name"}`` or
  ``{"kind": "computer", "id"}``; the first is the person at this device; ``opponents`` are the computers' ids);
  the config may also say ``"practice": true`` (undo allowed; off by default) and ``"daily": "YYYY-MM-DD"`` (the
  daily deal it is, as ``daily`` answered);
* ``resume`` ``{"save": <text>}`` — go on with a match: the ``save`` text of its last ``table`` message, or the
  JSON text of an earlier save ``{"engine": <rummy-save>, "table": {"opponents", "seeds", "config"}}``; the
  earlier protocol's object (that earlier save itself, not made text) is still read;
* ``act`` ``{"action": "discard 7H", "step": n, "seat": s}`` — a person's move, drawn from the view of step
  ``n`` (``seat``: whose, when people share the device or a guest's move is relayed; the viewer's by default);
* ``deal`` ``{"step": n}`` — deal the next hand;
* ``advance`` ``{"step": n}`` — let the computer opponent to act make its move (the page paces them); with
  ``"auto": true`` a computer player also moves for the person (benchmarks and demos: ``?debug=autoplay``);
* online (a match with guests, see web.worker.online): ``prepare`` ``{"players": n|null}`` — commit to the next
  deal (``players`` for a new match); then ``new`` with ``config.contributions`` or ``deal`` with
  ``"contributions"`` (the guests' random values); ``seat`` ``{"step", "seat", "opponent"}`` — a dropped guest's seat
  goes to the computer opponent ``opponent`` (its id; a message's own ``id`` is the request's).
* ``hint`` ``{"step": n}`` — what the expert would do now, and why (the viewer's turn only; the match becomes
  *assisted*);
* ``undo`` ``{"step": n}`` — practice games: back to the start of the person's last turn in the hand in play
  (the match becomes *assisted*);
* ``review`` ``{"hand": h}`` — the coach's review of finished hand ``h`` of the match (answered ``review``, or
  ``review-progress`` until it is done);
* ``replay`` ``{"hand": h}`` — the positions of finished hand ``h`` of the match, every hand face up; or
  ``{"record": <rummy-record/1>, "hand": h}`` for an imported record (file or pasted text, parsed by the page);
* ``record`` ``{}`` — the record of the match's finished hands with their deal proofs (export, history);
* ``verify`` ``{"hand": h}`` — check a finished hand's deal; or ``{"record": <record with "proofs">}``;
* ``daily`` ``{"game", "date": "YYYY-MM-DD"|null}`` — the daily deal's config (null: today in UTC);
* ``link`` ``{}`` — the URL parameters of a link to the match's deals (seed, rules, opponents);
* ``tutorial`` ``{"game"}`` — start the guided first hand of a game.

The engine answers with:

* ``table`` ``{"view": <rummy-view of the viewer>, "viewer": seat, "events": [...], "by": seat|null,
  "save": <text>, "config": {...}, "hint": {...}, "next": "you"|"computer"|"guest"|"deal"|"over",
  "guests": {seat: view}}`` — the table after a move (``viewer``: the person at this device whose view it is:
  seat 0, or, when people share the device, the one to act; ``events``: what happened since the last ``table``, in
  the engine's event JSON; ``save``: what to send back with ``resume`` to go on with the match, a text the page
  keeps as it is and never reads (format ``rummy-table``: the game's compact save and the table's settings);
  ``config``: the match's config as the engine keeps it, ``new``'s config with the seed drawn and the seats
  settled (for the next match, deal links and invites);
  ``hint``: the engine's arrangement of the viewer's hand; ``guests``: online, each guest seat's own view, for
  the host's page to relay and nothing else: ``{seat: {"view", "hint"}}``; ``fair``: online, the proof of the
  hand's deal, ``{"hand", "commitment", "contributions", "secret"}`` with the secret once the hand is over), and
  ``"deal"``: the hand's deal proof ``{"hand", "commitment", "short", "secret": null until the hand is over,
  "contributions"}`` (null for a stacked tutorial deal), ``"practice"``, ``"undo"`` (an undo is possible now),
  ``"assisted"`` (hints or undo used this match), ``"undone"`` (this table follows an undo: draw it afresh) and,
  in a tutorial, ``"tutorial"`` ``{"index", "steps", "step": {"seat", "action", "say", "highlight"}|null,
  "intro", "outro", "done"}``; in the daily deal, ``"daily"`` ``{"date", "share": null or, once the match is
  over, a spoiler-free result line to share}``;
* ``hint`` ``{"step", "action", "words", "reasons": [{"code", "params", "words"}], "cards"}`` — the expert's
  move for the viewer's view of that step (``rummy.bots.advice``);
* ``review`` ``{"hand", "review": {"decisions", "total", "marked", "mistakes": [{"index", "step", "played",
  "advice", "cost", "marked", "words", "view"}]}}`` — the coach (``rummy.coach``);
* ``review-progress`` ``{"hand", "done", "of"}`` — the coach has looked at ``done`` of the hand's ``of`` decisions:
  the page asks ``review`` again to go on (the same review, a few decisions per answer);
* ``replay`` ``{"ok": true, "hands", "replay": <rummy-replay/1>}`` or ``{"ok": false, "error"}`` — a hand's
  positions (``rummy.replays``: ``frames[i]`` is the position just before action ``i``, the last one the end;
  a review's mistake at ``index`` i is shown by ``frames[i]``, and what was played by ``frames[i + 1]``);
* ``record`` ``{"record"}`` — the finished hands' record (``rummy-record/1``) with ``"proofs"`` (one per hand
  dealt from the seed, secrets revealed) and ``"names"`` (one per seat);
* ``verified`` ``{"ok": true, "hands": [{"hand", "ok", "commitment", "short", "secret", "problems", "deck",
  "code", "params"}]}`` or ``{"ok": false, "error"}`` — deal checks (``rummy.fairdeal``): ``code`` (null when the
  hand checks out) says which kind of card broke the deal (``dealt-card``, ``stock-draw``, ``deck-card``,
  ``restock``, ``draws-count``, ``replay``, ``commitment``, ``not-a-secret``), ``params`` which card (``card`` as
  it was, ``committed`` as the committed deck has it; ``position``, ``upcard``, ``draw``, ``rebuilt`` ...);
* ``daily`` ``{"game", "date", "config", "query"}`` — the daily deal: send ``new`` with its config;
* ``link`` ``{"query"}`` — e.g. ``game=gin&opponents=ada&seed=42``: the page's address with it plays the same
  deals;
* ``refused`` ``{"code", "message", "params", "step"}`` — the move is not legal (the engine's refusal);
* ``stale`` ``{"step"}`` — the move was drawn from an older view: ignored;
* ``bad-save`` ``{"why"}`` — the save could not be read (the page sets it aside);
* ``error`` ``{"code", "error"}`` — a message the engine could not read or a fault (logged, never fatal);
* ``prepared`` ``{"commitment", "dealer"}`` — online: the commitment to the next deal (and a new match's dealer).

A message that is not one of these, or has a field of the wrong type, is dropped and logged by whoever
receives it. Written in the Python that both MicroPython and CPython run.
"""

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

PROTOCOL = 1

# page -> engine
PAGE_TYPES = ("hello", "new", "resume", "act", "deal", "advance", "prepare", "seat", "hint", "undo", "review",
              "replay", "record", "verify", "daily", "link", "tutorial", "sealed-new", "sealed-in", "sealed-play",
              "sealed-next", "sealed-check")
# engine -> page
ENGINE_TYPES = ("hello", "table", "refused", "stale", "bad-save", "error", "prepared", "hint", "review",
                "review-progress", "replay", "record", "verified", "daily", "link", "sealed", "ahead")
SEALED_NEXT = ("you", "wait", "deal", "over", "stopped")  # a sealed table's next step, as its page sees it
GAMES = ("gin", "rummy")
NEXT = ("you", "computer", "guest", "deal", "over")
MAX_MESSAGE = 1000000  # characters: anything longer is dropped


def _is_int(v: "Any") -> bool:
    return type(v) is int


def _config_problem(cfg: "Any") -> str | None:
    if not isinstance(cfg, dict):
        return "config: an object was expected"
    if cfg.get("game") not in ("gin", "rummy"):
        return "config.game: gin or rummy"
    opps = cfg.get("opponents")
    seats = cfg.get("seats")
    least = 0 if seats is not None else 1
    if not isinstance(opps, list) or not least <= len(opps) <= 5 or any(type(o) is not str for o in opps):
        return "config.opponents: " + str(least) + " to 5 opponent ids"
    if seats is not None:
        why = seats_problem(seats, opps)
        if why is not None:
            return why
    if not isinstance(cfg.get("rules", {}), dict):
        return "config.rules: an object was expected"
    seed = cfg.get("seed")
    if seed is not None and not _is_int(seed):
        return "config.seed: a whole number or null"
    if type(cfg.get("practice", False)) is not bool:
        return "config.practice: true or false"
    daily = cfg.get("daily")
    if daily is not None and not _is_date(daily):
        return "config.daily: a date YYYY-MM-DD or null"
    if "contributions" in cfg and _contributions_problem(cfg["contributions"]):
        return "config." + str(_contributions_problem(cfg["contributions"]))
    return None


def _contributions_problem(v: "Any") -> str | None:
    if not isinstance(v, list) or len(v) > 5 or any(type(c) is not str or not 0 < len(c) <= 200 for c in v):
        return "contributions: up to 5 texts of 1 to 200 characters"
    return None


SEAT_KINDS = ("person", "computer", "guest")
MAX_NAME = 24  # characters of a player's name, wherever one is typed, read or checked (the page and the worker)
_BREAKS = "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029"  # control characters that part words: a space


def clean_text(value: "Any", limit: int = MAX_NAME) -> str:
    """Text from outside the page as it may be shown: a name typed on the new-game screen, or read from an invite
    link, a friend's page, a stored config or an imported record; the words a host's page sends its guests. A
    line break or a tab becomes a space; every other control character is removed, and so are the marks that
    isolate text (U+2066 to U+2069: the page puts its own around a name, see web.page.app.text.isolated) and
    lone surrogates; then the ends are trimmed and at most ``limit`` characters kept (anything but a text: "").
    Letters of every script stay, and so do a name's own direction marks: the page shows a name isolated."""
    if type(value) is not str:
        return ""
    out = []
    for ch in value:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o < 0xA0 or o == 0x2028 or o == 0x2029:
            if ch in _BREAKS:
                out.append(" ")
        elif not (0x2066 <= o <= 0x2069 or 0xD800 <= o <= 0xDFFF):
            out.append(ch)
    return "".join(out).strip()[:limit].strip()


def seats_problem(seats: "Any", opponents: list[str]) -> str | None:
    """Why ``seats`` is not a seat plan: 2 to 6 seats, the first a person at this device, each a person or a
    guest (with a name) or a computer (with the id of one of ``opponents``, in order)."""
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        return "config.seats: 2 to 6 seats"
    ids = []
    for i, seat in enumerate(seats):
        where = "config.seats[" + str(i) + "]"
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            return where + ": a person, a guest or a computer"
        if seat["kind"] == "computer":
            if type(seat.get("id")) is not str or sorted(seat) != ["id", "kind"]:
                return where + ": a computer has an id and nothing else"
            ids.append(seat["id"])
        else:
            name = seat.get("name")
            if type(name) is not str or not name or clean_text(name) != name or sorted(seat) != ["kind", "name"]:
                return where + ": a person has a name (1 to " + str(MAX_NAME) + " characters, no control " \
                    "character, no space at either end) and nothing else"
    if seats[0]["kind"] != "person":
        return "config.seats[0]: the person at this device"
    if ids != opponents:
        return "config.seats: the computers are not the opponents"
    return None


def _is_date(v: "Any") -> bool:
    if type(v) is not str or len(v) != 10 or v[4] != "-" or v[7] != "-":
        return False
    return all("0" <= c <= "9" for c in v[:4] + v[5:7] + v[8:])


def _is_hand(v: "Any") -> bool:
    return _is_int(v) and v >= 0


# ----- the page's messages: one check per type -----

def _none(msg: "Any") -> str | None:
    return None  # a message with no fields to check


def _new_problem(msg: "Any") -> str | None:
    return _config_problem(msg.get("config"))


def _resume_problem(msg: "Any") -> str | None:
    save = msg.get("save")
    if type(save) is str:
        return None  # what it holds is the engine's to read (a damaged one is answered bad-save)
    # the earlier protocol: the save as an object
    if not isinstance(save, dict) or not isinstance(save.get("engine"), dict) or \
            not isinstance(save.get("table"), dict):
        return "resume: a save (text) was expected"
    return None


def _act_problem(msg: "Any") -> str | None:
    if type(msg.get("action")) is not str or not _is_int(msg.get("step")):
        return "act: an action (text) and a step were expected"
    if msg.get("seat") is not None and not _is_int(msg.get("seat")):
        return "act: seat must be a seat number"
    return None


def _step_problem(msg: "Any") -> str | None:
    return None if _is_int(msg.get("step")) else str(msg["type"]) + ": a step was expected"


def _deal_problem(msg: "Any") -> str | None:
    if "contributions" in msg and _contributions_problem(msg["contributions"]):
        return "deal: " + str(_contributions_problem(msg["contributions"]))
    return _step_problem(msg)


def _advance_problem(msg: "Any") -> str | None:
    if type(msg.get("auto", False)) is not bool:
        return "advance: auto must be true or false"
    return _step_problem(msg)


def _seat_problem(msg: "Any") -> str | None:
    if not _is_int(msg.get("seat")) or type(msg.get("opponent")) is not str:
        return "seat: a seat and a computer opponent's id were expected"
    return _step_problem(msg)


def _prepare_problem(msg: "Any") -> str | None:
    p = msg.get("players")
    return None if p is None or (_is_int(p) and 2 <= p <= 6) else "prepare: players from 2 to 6, or null"


def _review_problem(msg: "Any") -> str | None:
    return None if _is_hand(msg.get("hand")) else "review: a hand number was expected"


def _replay_problem(msg: "Any") -> str | None:
    if not _is_hand(msg.get("hand")):
        return "replay: a hand number was expected"
    if "record" in msg and not isinstance(msg["record"], dict):
        return "replay: a record is a JSON object"
    return None


def _verify_problem(msg: "Any") -> str | None:
    if "record" in msg:
        return None if isinstance(msg["record"], dict) else "verify: a record is a JSON object"
    return None if _is_hand(msg.get("hand")) else "verify: a hand number or a record was expected"


def _daily_problem(msg: "Any") -> str | None:
    if msg.get("game") not in GAMES:
        return "daily: game must be gin or rummy"
    date = msg.get("date")
    return None if date is None or _is_date(date) else "daily: date must be YYYY-MM-DD or null"


def _tutorial_problem(msg: "Any") -> str | None:
    return None if msg.get("game") in GAMES else "tutorial: game must be gin or rummy"


def _sealed_new_problem(msg: "Any") -> str | None:
    cfg, seat = msg.get("config"), msg.get("seat")
    if not isinstance(cfg, dict) or cfg.get("game") not in GAMES or cfg.get("players") != 2:
        return "sealed-new: a config of gin or rummy for two players was expected"
    if not isinstance(cfg.get("rules", {}), dict) or not _is_int(cfg.get("seed")):
        return "sealed-new: rules (an object) and a seed were expected"
    if cfg.get("dealer") not in (0, 1) or type(cfg["dealer"]) is not int or seat not in (0, 1) or type(seat) is not int:
        return "sealed-new: a first dealer and this page's seat (0 or 1) were expected"
    return None


def _sealed_in_problem(msg: "Any") -> str | None:
    return None if isinstance(msg.get("message"), dict) else "sealed-in: another page's message was expected"


def _sealed_play_problem(msg: "Any") -> str | None:
    return None if type(msg.get("action")) is str else "sealed-play: an action (text) was expected"


def _sealed_check_problem(msg: "Any") -> str | None:
    limit = msg.get("limit")
    ok = type(limit) in (int, float) and limit > 0
    return None if ok else "sealed-check: a limit (seconds) was expected"


#: every type the page sends (PAGE_TYPES), and the check of its fields
PAGE_CHECKS = {
    "hello": _none, "new": _new_problem, "resume": _resume_problem, "act": _act_problem, "deal": _deal_problem,
    "advance": _advance_problem, "prepare": _prepare_problem, "seat": _seat_problem, "hint": _step_problem,
    "undo": _step_problem, "review": _review_problem, "replay": _replay_problem, "record": _none,
    "verify": _verify_problem, "daily": _daily_problem, "link": _none, "tutorial": _tutorial_problem,
    "sealed-new": _sealed_new_problem, "sealed-in": _sealed_in_problem, "sealed-play": _sealed_play_problem,
    "sealed-next": _none, "sealed-check": _sealed_check_problem,
}


def page_message_problem(msg: "Any") -> str | None:
    """Why ``msg`` (parsed JSON) is not a message the page may send; None when it is one."""
    if not isinstance(msg, dict) or msg.get("type") not in PAGE_TYPES:
        return "not a page message"
    return PAGE_CHECKS[msg["type"]](msg)


# ----- the engine's messages: one check per type -----

def _table_problem(msg: "Any") -> str | None:
    if not isinstance(msg.get("view"), dict) or not isinstance(msg.get("events"), list):
        return "table: a view and events were expected"
    if not (msg.get("save") is None or type(msg.get("save")) is str) or not isinstance(msg.get("hint"), dict):
        return "table: a save (text or null) and a hint were expected"
    if not isinstance(msg.get("config"), dict):
        return "table: a config was expected"
    if msg.get("next") not in NEXT:
        return "table: next must be one of " + ", ".join(NEXT)
    by = msg.get("by")
    if by is not None and not _is_int(by):
        return "table: by must be a seat or null"
    for key in ("deal", "tutorial", "daily"):
        if msg.get(key) is not None and not isinstance(msg[key], dict):
            return "table: " + key + " must be an object or null"
    for key in ("practice", "undo", "assisted", "undone"):
        if type(msg.get(key, False)) is not bool:
            return "table: " + key + " must be true or false"
    if not _is_int(msg.get("viewer", 0)):
        return "table: viewer must be a seat"
    guests = msg.get("guests", {})
    if not isinstance(guests, dict) or any(not isinstance(v, dict) or not isinstance(v.get("view"), dict) or
                                           not isinstance(v.get("hint"), dict) for v in guests.values()):
        return "table: guests must map seats to their views and hints"
    fair = msg.get("fair")
    if fair is not None and not isinstance(fair, dict):
        return "table: fair must be an object"
    return None


def _prepared_problem(msg: "Any") -> str | None:
    if type(msg.get("commitment")) is not str or not (msg.get("dealer") is None or _is_int(msg.get("dealer"))):
        return "prepared: a commitment and a dealer (or null) were expected"
    return None


def _refused_problem(msg: "Any") -> str | None:
    if type(msg.get("code")) is not str or type(msg.get("message")) is not str:
        return "refused: a code and a message were expected"
    if not isinstance(msg.get("params", {}), dict) or not _is_int(msg.get("step")):
        return "refused: params and a step were expected"
    return None


def _stale_problem(msg: "Any") -> str | None:
    return None if _is_int(msg.get("step")) else "stale: a step was expected"


def _bad_save_problem(msg: "Any") -> str | None:
    return None if type(msg.get("why")) is str else "bad-save: a reason was expected"


def _hint_problem(msg: "Any") -> str | None:
    if not _is_int(msg.get("step")) or type(msg.get("action")) is not str or type(msg.get("words")) is not str:
        return "hint: a step, an action and words were expected"
    return None if isinstance(msg.get("reasons"), list) else "hint: reasons were expected"


def _review_progress_problem(msg: "Any") -> str | None:
    done, of = msg.get("done"), msg.get("of")
    if not _is_hand(msg.get("hand")) or not _is_int(done) or not _is_int(of) or not 0 <= done <= of:
        return "review-progress: a hand, and how many of its decisions of how many were expected"
    return None


def _review_answer_problem(msg: "Any") -> str | None:
    r = msg.get("review")
    if not _is_hand(msg.get("hand")) or not isinstance(r, dict) or not isinstance(r.get("mistakes"), list):
        return "review: a hand and a review with mistakes were expected"
    return None


def _ok_problem(msg: "Any") -> str | None:
    """An answer that is ``{"ok": true, ...}`` or ``{"ok": false, "error"}``: which of the two, and its error."""
    kind = str(msg["type"])
    ok = msg.get("ok")
    if ok is False:
        return None if type(msg.get("error")) is str else kind + ": an error was expected"
    if ok is not True:
        return kind + ": ok must be true or false"
    return None


def _replay_answer_problem(msg: "Any") -> str | None:
    problem = _ok_problem(msg)
    if problem is not None or msg["ok"] is False:
        return problem
    return None if isinstance(msg.get("replay"), dict) else "replay: a replay was expected"


def _verified_problem(msg: "Any") -> str | None:
    problem = _ok_problem(msg)
    if problem is not None or msg["ok"] is False:
        return problem
    return None if isinstance(msg.get("hands"), list) else "verified: hands were expected"


def _record_answer_problem(msg: "Any") -> str | None:
    return None if isinstance(msg.get("record"), dict) else "record: a record was expected"


def _daily_answer_problem(msg: "Any") -> str | None:
    if msg.get("game") not in GAMES or not isinstance(msg.get("config"), dict):
        return "daily: a game and a config were expected"
    return None if type(msg.get("query")) is str else "daily: a query was expected"


def _link_answer_problem(msg: "Any") -> str | None:
    return None if type(msg.get("query")) is str else "link: a query was expected"


def _sealed_answer_problem(msg: "Any") -> str | None:
    send = msg.get("send")
    if not isinstance(send, list) or any(not isinstance(m, dict) for m in send):
        return "sealed: the messages to send (objects) were expected"
    if msg.get("next") not in SEALED_NEXT or type(msg.get("verified")) is not bool:
        return "sealed: next (" + ", ".join(SEALED_NEXT) + ") and verified were expected"
    if msg.get("view") is not None and not isinstance(msg.get("view"), dict):
        return "sealed: a view or null was expected"
    if not isinstance(msg.get("events"), list) or not (msg.get("by") is None or _is_int(msg.get("by"))):
        return "sealed: events and by (a seat or null) were expected"
    if not isinstance(msg.get("hint", {}), dict):
        return "sealed: a hint (an object) was expected"
    cheat = msg.get("cheat")
    if cheat is not None and (not isinstance(cheat, dict) or type(cheat.get("code")) is not str
                              or not _is_int(cheat.get("page")) or not _is_int(cheat.get("place"))):
        return "sealed: a cheat is a page, a code and a place"
    return None


def _ahead_problem(msg: "Any") -> str | None:
    return None if _is_int(msg.get("step")) else "ahead: a step was expected"


#: every type the engine sends (ENGINE_TYPES), and the check of its fields
ENGINE_CHECKS = {
    "hello": _none, "table": _table_problem, "refused": _refused_problem, "stale": _stale_problem,
    "bad-save": _bad_save_problem, "error": _none, "prepared": _prepared_problem, "hint": _hint_problem,
    "review": _review_answer_problem, "review-progress": _review_progress_problem, "replay": _replay_answer_problem, "record": _record_answer_problem,
    "verified": _verified_problem, "daily": _daily_answer_problem, "link": _link_answer_problem,
    "sealed": _sealed_answer_problem, "ahead": _ahead_problem,
}


def engine_message_problem(msg: "Any") -> str | None:
    """Why ``msg`` (parsed JSON) is not a message the engine may send; None when it is one."""
    if not isinstance(msg, dict) or msg.get("type") not in ENGINE_TYPES:
        return "not an engine message"
    return ENGINE_CHECKS[msg["type"]](msg)
