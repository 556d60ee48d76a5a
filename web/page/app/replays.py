"""Looking back: the coach's review of a hand, replays of finished hands (this match, past matches, an imported
record or a link), and exporting a hand record.

The engine does the work (:mod:`web.worker.learn`: ``review``, ``replay`` and ``record``); this part asks, keeps
what it answered and draws it (:mod:`web.page.app.replayview`). Only finished hands are ever asked for, and the
engine refuses any other. Each request waits in ``ReplayState.asked`` under its id with what it is for, until the
answer that carries that id back (``re``). A replay link is ``index.html#replay=<the record of one hand as JSON, in base64url>``.
Written in the Python both MicroPython and CPython run.
"""

import json

from web.page.app import core
from web.page.i18n import _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Effects
    from web.page.app.model import App

REPLAY_DIALOGS = ("watch", "past", "replay-link")
LINK_KEY = "replay="
MAX_RECORD_TEXT = 900000  # characters: the engine's messages are at most 1,000,000


# ---------------------------------------------------------------- links

def b64url(data: bytes) -> str:
    """``data`` (bytes) in base64url, without padding."""
    from web.page.shared import b64url as b64url_codec  # when first needed: not while the page starts

    return b64url_codec.encode(data)


def from_b64url(text: str) -> bytes:
    """The bytes of base64url ``text`` (padding and standard base64's ``+/`` accepted); ValueError if it is not."""
    text = text.rstrip("=").replace("+", "-").replace("/", "_")
    if len(text) % 4 == 1:
        # i18n: why a replay link cannot be opened (its end is damaged); base64url is the name of an encoding
        raise ValueError(_("its length is not that of base64url"))
    from web.page.shared import b64url as b64url_codec  # when first needed: not while the page starts

    try:
        return b64url_codec.decode(text)
    except ValueError:
        # i18n: why a replay link cannot be opened (its end is damaged); base64url is the name of an encoding
        raise ValueError(_("it holds characters that are not base64url")) from None


def link_record(fragment: str) -> "tuple[dict[str, Any] | None, str | None]":
    """The record a replay link's fragment holds: ``(record, None)`` or ``(None, why not)``."""
    try:
        raw = from_b64url(fragment)
        doc = json.loads(raw.decode("utf-8"))
    except Exception as e:  # ValueError, UnicodeError; MicroPython's too
        # i18n: why a replay link cannot be opened: what is damaged in it follows, in parentheses
        return None, _("it is damaged ({why})").format(why=str(e) or _("not JSON"))
    if not isinstance(doc, dict):
        # i18n: why a replay link cannot be opened; a hand record: the moves of a game's hands
        return None, _("it holds no hand record")
    return doc, None


def hand_record(rec: "dict[str, Any]", hand: int, dealer: "Any") -> "dict[str, Any]":
    """The record of one hand of ``rec`` (for a link): the same game, rules, players and names, that hand's deck,
    restocks and actions, and its dealer (from the engine's replay of it)."""
    out = {"format": rec.get("format", "rummy-record/1"), "game": rec.get("game"), "rules": rec.get("rules") or {},
           "players": rec.get("players", 2), "dealer": dealer, "hands": [rec["hands"][hand]]}
    if isinstance(rec.get("names"), list):
        out["names"] = rec["names"]
    return out


def page_base(url: str) -> str:
    return url.split("?")[0].split("#")[0]



class ReplayState:
    """The replay on show, the coach's reviews of this match, the past matches and the record dialogs."""

    def __init__(self) -> None:
        # the replay on show: {"source", "data", "hands", "index", "names", ...}, or None
        self.replay: dict[str, Any] | None = None
        self.replay_back = "table"  # the screen the viewer goes back to
        # hand -> the coach's review of this match's hand (the engine's data, or {"error"})
        self.reviews: dict[int, dict[str, Any]] = {}
        self.reviewed: dict[int, tuple[int, int]] = {}  # a review under way: hand -> (decisions looked at, of)
        # this part's requests not answered yet: request id -> [type, what it is for]
        self.asked: dict[object, list[Any]] = {}
        # the last finished matches kept in this browser (rummy-ui/history), newest first
        self.past: list[dict[str, Any]] = []
        self.watch: dict[str, Any] = {"text": "", "error": "", "busy": False}  # the "Watch a hand record" dialog
        self.link_box = {"url": "", "status": ""}  # the "Share this replay" dialog
        self.export_note = ""  # said under the end-of-hand buttons after an export
        self.replay_gen = 0  # the match's number on this page: answers about an earlier match are dropped
        # why a hand could not be replayed, said beside the button that asked: "match:<hand>" or
        # "past:<match>:<hand>" -> the words
        self.problems: dict[str, str] = {}


# ---------------------------------------------------------------- starting, and a new match

def replay_start(app: "App", boot: "dict[str, Any]") -> "Effects":
    """At start: the past matches, and a replay link's replay (asked of the engine once it is up: the
    runner's outbox keeps the message until then)."""
    rp = app.replays
    past = boot.get("past")
    rp.past = list(past) if isinstance(past, list) else []
    fragment = str(boot.get("hash") or "")
    if not fragment.startswith(LINK_KEY):
        return []
    rec, why = link_record(fragment[len(LINK_KEY):])
    if rec is None:
        # i18n: a notice when the page is opened with a broken replay link; {why} says what is wrong ("it is damaged
        # (...)")
        app.page.notices.append(_("This replay link cannot be opened: {why}.").format(why=str(why)))
        return []
    rp.replay_back = "table" if app.match.save is not None else "setup"
    app.page.screen = "replay"
    rp.replay = {"loading": True, "source": "link"}
    return ask(app, "replay", {"type": "replay", "record": rec, "hand": 0},
                    {"source": "link", "record": rec, "hand": 0})


def replay_new_match(app: "App") -> None:
    """A new match starts: nothing of the last one's reviews; answers about it still to come are dropped
    (they come before the new match's first table: the engine answers in order)."""
    rp = app.replays
    rp.reviews = {}
    rp.export_note = ""
    rp.problems = {k: v for k, v in rp.problems.items() if not k.startswith("match:")}
    rp.replay_gen += 1


# ---------------------------------------------------------------- asking the engine

def ask(app: "App", kind: str, msg: "dict[str, Any]", ctx: "dict[str, Any]") -> "Effects":
    ctx["gen"] = app.replays.replay_gen
    send = core.send(app, msg)
    app.replays.asked[msg["id"]] = [kind, ctx]
    return [send, ("render",)]


def take_asked(app: "App", kind: str, msg: "dict[str, Any]") -> "dict[str, Any] | None":
    """What the request ``msg`` answers was for (None if it answers no request of this part of that kind)."""
    asked = app.replays.asked.pop(msg.get("re"), None)
    return asked[1] if asked is not None and asked[0] == kind else None


def asking(app: "App", kind: str, key: str | None = None, value: object = None) -> "list[list[Any]]":
    return [a for a in app.replays.asked.values() if a[0] == kind and (key is None or a[1].get(key) == value)]


def has_engine(app: "App") -> bool:
    """This page has an engine that knows the match (not a guest's page)."""
    return app.online.role != "guest"


def coach_allowed(app: "App") -> bool:
    """The coach reviews the person playing the computer on this device (not online, not pass and play, not
    the guided hand)."""
    return (app.online.role == "local" and core.counted_seats(app) == [(0, "")] and not app.learn.extras.get("tutorial")
            and app.match.view is not None)


def replay_hand_over(app: "App") -> "Effects":
    """A hand has just ended: the coach's review when it is on; the match's record for the history when the
    match is over."""
    m = app.match
    if app.online.role == "guest" or app.page.autoplay or m.view is None or not m.view.results:
        return []
    out = []
    v = m.view
    if app.page.settings.get("coach") and coach_allowed(app):
        out += ask_review(app, len(v.results) - 1)
    return out + keep_finished_match(app)


def keep_finished_match(app: "App") -> "Effects":
    """The match is over: its record, asked of the engine, goes into the history. Asked when the match ends
    and again whenever a finished match is opened from its save (the answer may never have come: the page
    closed or reloaded first); keeping the very same record twice changes nothing (Store.keep_match)."""
    v = app.match.view
    if (app.online.role == "guest" or app.page.autoplay or v is None or v.phase != "match-over" or v.match is None
            or not v.results or app.learn.extras.get("tutorial")):
        return []
    entry = {"when": None, "game": v.game, "names": core.names(app), "final": list(v.match.final),
             "winner": v.match.winner}
    return ask(app, "record", {"type": "record"}, {"for": "past", "entry": entry})


def ask_review(app: "App", hand: int) -> "Effects":
    if hand in app.replays.reviews or asking(app, "review", "hand", hand):
        return [("render",)]
    return ask(app, "review", {"type": "review", "hand": hand}, {"hand": hand})


def ask_match_replay(app: "App", hand: int, index: int = 0) -> "Effects":
    v = app.match.view
    if not has_engine(app) or v is None or not 0 <= hand < len(v.results):
        return []
    return ask(app, "replay", {"type": "replay", "hand": hand}, {"source": "match", "hand": hand, "index": index})


def ask_record_replay(app: "App", source: str, rec: "Any", hand: int,
                      extra: "dict[str, Any] | None" = None) -> "Effects":
    ctx = {"source": source, "record": rec, "hand": hand}
    if extra:
        for k in extra:
            ctx[k] = extra[k]
    return ask(app, "replay", {"type": "replay", "record": rec, "hand": hand}, ctx)


# ---------------------------------------------------------------- the engine's answers

def on_review(app: "App", msg: "dict[str, Any]") -> "Effects":
    rp = app.replays
    ctx = take_asked(app, "review", msg)
    if ctx is None or ctx["gen"] != rp.replay_gen:
        return []
    rp.reviews[msg["hand"]] = msg["review"]
    rp.reviewed.pop(msg["hand"], None)
    replay_marks(app)
    return redraw_after_answer(app)


def on_review_progress(app: "App", msg: "dict[str, Any]") -> "Effects":
    """The coach got some way through a hand's decisions: shown, and asked to go on."""
    rp = app.replays
    ctx = take_asked(app, "review", msg)
    if ctx is None or ctx["gen"] != rp.replay_gen or ctx["hand"] != msg["hand"]:
        return []
    rp.reviewed[msg["hand"]] = (msg["done"], msg["of"])
    return ask(app, "review", {"type": "review", "hand": msg["hand"]}, {"hand": msg["hand"]})[:1] + \
        redraw_after_answer(app)


def on_replay(app: "App", msg: "dict[str, Any]") -> "Effects":
    ctx = take_asked(app, "replay", msg)
    if ctx is None or (ctx["source"] == "match" and ctx["gen"] != app.replays.replay_gen):
        return []
    return replay_answer(app, ctx, msg)


def on_record(app: "App", msg: "dict[str, Any]") -> "Effects":
    ctx = take_asked(app, "record", msg)
    if ctx is None or (ctx.get("for") != "past" and ctx["gen"] != app.replays.replay_gen):
        return []
    return record_answer(app, ctx, msg["record"])


def on_error(app: "App", msg: "dict[str, Any]") -> "Effects | None":
    """The engine could not answer this part's oldest request (a hand it does not have): said, or None when the
    error is not about this part's requests."""
    rp = app.replays
    if msg.get("re") not in rp.asked:
        return None
    asked, ctx = rp.asked.pop(msg["re"])
    # i18n: the game's engine (that runs the rules, in the background) could not answer a request of the replays
    # or the coach; {error} is its reason, in English
    why = _("The engine could not do it: {error}.").format(error=str(msg.get("error")))
    if asked == "review":
        rp.reviews[ctx["hand"]] = {"error": why}
        rp.reviewed.pop(ctx["hand"], None)
        return redraw_after_answer(app)
    if asked == "replay":
        return [("log", "engine: " + str(msg.get("error")))] + replay_failed(app, ctx, str(msg.get("error")))
    if ctx.get("for") == "export":  # said under the end of the hand's buttons
        rp.export_note = why
    elif ctx.get("for") == "link" and rp.replay is not None and app.page.screen == "replay":
        rp.replay["problem"] = why  # the viewer's Copy replay link
    core.say(app, why, "error")
    return [("log", "engine: " + str(msg.get("error")))] + redraw_after_answer(app)


def redraw_after_answer(app: "App") -> "Effects":
    if app.page.dialog in ("end", "scores"):
        return core.open(app, app.page.dialog)
    return [("render",)]


def problem_key(ctx: "dict[str, Any]") -> str:
    """Where a replay was asked for, to say there why it cannot be shown (see ReplayState.problems)."""
    if ctx["source"] == "past":
        return "past:" + str(ctx.get("past")) + ":" + str(ctx["hand"])
    return "match:" + str(ctx["hand"])


def replay_failed(app: "App", ctx: "dict[str, Any]", why: str) -> "Effects":
    """A replay that cannot be shown (the engine could not rebuild the hand, or this page cannot read what it
    sent): said where the person asked for it, never only in the console."""
    page = app.page
    rp = app.replays
    source = ctx["source"]
    why = why.rstrip(".")
    if source == "record":  # the watch dialog: the pasted text stays there to be fixed
        rp.watch["busy"] = False
        # i18n: in the dialog Watch a hand record; {why} says what is wrong with the record
        rp.watch["error"] = _("This record cannot be watched: {why}.").format(why=why)
        return core.open(app, "watch")
    if source == "link":
        out = close_replay(app)
        page.notices = [_("This replay link cannot be opened: {why}.").format(why=why)]
        return out + core.open(app, "notice")
    # i18n: said beside the button that asked for a replay; {why} says what is wrong
    words = _("This hand cannot be replayed: {why}.").format(why=why)
    rp.problems[problem_key(ctx)] = words
    r = rp.replay
    if page.screen == "replay" and r is not None and not r.get("loading"):
        r["problem"] = words  # another hand picked in the viewer: the one on show stays, and says why
        return [("render",), ("announce", words)]
    if page.dialog in ("end", "scores", "past"):  # beside the button that asked
        return core.open(app, page.dialog) + [("announce", words)]
    core.say(app, words, "error")
    return [("render",), ("announce", words)]


def replay_answer(app: "App", ctx: "dict[str, Any]", msg: "dict[str, Any]") -> "Effects":
    page = app.page
    rp = app.replays
    source = ctx["source"]
    if not msg["ok"]:
        return replay_failed(app, ctx, str(msg.get("error")))
    data = msg["replay"]
    from web.page.app import replayview  # the replays' drawing: imported when first needed

    why = replayview.replay_problem(data)
    if why is not None:
        # i18n: why a hand cannot be replayed, said after "This hand cannot be replayed: "; {why} says more
        unreadable = _("its positions cannot be read ({why})").format(why=why)
        return [("log", "a replay this page cannot read: " + why)] + replay_failed(app, ctx, unreadable)
    if source in ("match", "past"):
        rp.problems.pop(problem_key(ctx), None)
    rec = ctx.get("record")
    names: object
    if source == "match":
        names = core.names(app)
    else:
        names = rec.get("names") if isinstance(rec, dict) else None
    frames = data["frames"]
    rp.replay = {"source": source, "data": data, "hands": msg["hands"] if type(msg.get("hands")) is int else 1,
                   "index": max(0, min(len(frames) - 1, ctx.get("index", 0))),
                   "names": replayview.names_for(names, data["players"]), "record": rec,
                   "past": ctx.get("past"), "from": ctx.get("from", ""), "marks": {}}
    replay_marks(app)
    out: Effects = []
    if source == "record":
        rp.watch = {"text": "", "error": "", "busy": False}
    if page.screen != "replay":
        rp.replay_back = page.screen if page.screen in ("table", "setup") else "table"
        page.screen = "replay"
    if page.dialog is not None:
        page.dialog = None
        out.append(("dialog", None))
    out += [("render",), ("focus", "[data-key=replay-next]:not([disabled]), [data-key=replay-prev]"),
            ("announce", step_announcement(app))]
    return out


def record_answer(app: "App", ctx: "dict[str, Any]", rec: "dict[str, Any]") -> "Effects":
    purpose = ctx.get("for")
    if purpose == "export":
        hands = len(rec.get("hands") or [])
        name = "rummy-record-" + str(rec.get("game")) + "-" + str(hands) + "-hand" + ("" if hands == 1 else "s") \
               + ".json"
        # i18n: under the end of a hand's buttons, after Export hand record: {name} is the file's name
        app.replays.export_note = _("Saved as {name}.").format(name=name)
        return [("download", name, json.dumps(rec))] + redraw_after_answer(app)
    if purpose == "past":
        entry = dict(ctx["entry"])
        entry["record"] = rec
        entry["hands"] = len(rec.get("hands") or [])
        if entry["hands"] < 1:
            return []
        return [("keep-match", entry)]  # the runner answers with ("past", the history now)
    if purpose == "link":
        return share_link(app, rec)
    return []


def on_past(app: "App", matches: "list[dict[str, Any]]") -> "Effects":
    """The history as the store now holds it (a finished match was just kept): shown at once if open."""
    app.replays.past = list(matches)
    # the matches moved down the list: what was said of one would be drawn beside another
    app.replays.problems = {k: v for k, v in app.replays.problems.items() if not k.startswith("past:")}
    return core.open(app, "past") if app.page.dialog == "past" else []


def replay_marks(app: "App") -> None:
    """The coach's notes on the replay on show: position -> mistake (this match's reviewed hands only)."""
    r = app.replays.replay
    if r is None or r.get("loading"):
        return
    marks = {}
    review = app.replays.reviews.get(r["data"]["hand"]) if r["source"] == "match" else None
    if isinstance(review, dict):
        for m in review.get("mistakes") or []:
            if type(m.get("index")) is int:
                marks[str(m["index"])] = m
    r["marks"] = marks


# ---------------------------------------------------------------- the person

def coach(app: "App", data: "dict[str, Any]") -> "Effects":
    v = app.match.view
    hand = data.get("hand")
    if v is None or not v.results or not coach_allowed(app):
        return []
    sends = ask_review(app, hand if type(hand) is int else len(v.results) - 1)
    return redraw_after_answer(app) + sends  # drawn as asked, then sent


def coach_show(app: "App", data: "dict[str, Any]") -> "Effects":
    hand = data.get("hand")
    if type(hand) is not int:
        return []
    return ask_match_replay(app, hand, data.get("index") or 0)


def replay_hand(app: "App", data: "dict[str, Any]") -> "Effects":
    hand = data.get("hand")
    if type(hand) is not int:
        return []
    return ask_match_replay(app, hand)


def export_record(app: "App", data: "dict[str, Any]") -> "Effects":
    rp = app.replays
    v = app.match.view
    if not has_engine(app) or v is None or not v.results or asking(app, "record", "for", "export"):
        return []
    rp.export_note = ""
    sends = ask(app, "record", {"type": "record"}, {"for": "export"})
    return redraw_after_answer(app) + sends


def watch_record(app: "App", data: "dict[str, Any]") -> "Effects":
    app.replays.watch["error"] = ""
    return core.open(app, "watch")


def past_replay(app: "App", data: "dict[str, Any]") -> "Effects":
    rp = app.replays
    i = data.get("match")
    hand = data.get("hand")
    if type(i) is not int or not 0 <= i < len(rp.past) or type(hand) is not int:
        return []
    m = rp.past[i]
    return ask_record_replay(app, "past", m["record"], hand, {"past": i, "from": past_words(m)})


def copy_replay_link(app: "App", data: "dict[str, Any]") -> "Effects":
    url = app.replays.link_box["url"]
    return [("copy", url)] if url else []


def past_words(m: "dict[str, Any]") -> str:
    if m.get("when"):
        # i18n: where the hand shown in a replay comes from, in its header ("Gin Rummy · a past match of 2026-01-31
        # · You, Ada"); {date} is when it was played
        return _("a past match of {date}").format(date=str(m["when"]))
    # i18n: where the hand shown in a replay comes from, in its header ("Gin Rummy · a past match · You, Ada")
    return _("a past match")


def pick_hand(app: "App", hand: object) -> "Effects":
    r = app.replays.replay
    if r is None or r.get("loading") or type(hand) is not int or not 0 <= hand < r["hands"]:
        return []
    if r["source"] == "match":
        return ask_match_replay(app, hand)
    return ask_record_replay(app, r["source"], r["record"], hand, {"past": r.get("past"), "from": r.get("from")})


def step_to(app: "App", act: str, index: object) -> "Effects":
    r = app.replays.replay
    if app.page.screen != "replay" or r is None or r.get("loading"):
        return []
    last = len(r["data"]["frames"]) - 1
    now = r["index"]
    if act == "replay-first":
        new = 0
    elif act == "replay-prev":
        new = now - 1
    elif act == "replay-next":
        new = now + 1
    elif act == "replay-last":
        new = last
    else:
        new = index if type(index) is int else now
    new = max(0, min(last, new))
    if new == now:
        return []
    r["index"] = new
    return [("render",), ("announce", step_announcement(app))]


def step_announcement(app: "App") -> str:
    from web.page.app import replayview  # the replays' drawing: imported when first needed

    r = app.replays.replay
    assert r is not None  # a replay is on show
    data = r["data"]
    frame = replayview.read_frame(data["frames"][r["index"]], data["players"])
    step = replayview.step_words(frame, r["index"], r["names"])
    last = len(data["frames"]) - 1
    h = replayview.result_words(data, r["names"])[0] if r["index"] == last else ""
    if h:
        # i18n: said to screen readers in the replay viewer, at its last step: which step of how many, what happened
        # ({moves}: the moves of the step), and how the hand ended ({result})
        return _("Step {step} of {last}: {moves}. {result}").format(step=r["index"], last=last, moves=step, result=h)
    # i18n: said to screen readers in the replay viewer: which step of how many (step 0 is the deal), and what
    # happened ({moves}: the moves of the step)
    return _("Step {step} of {last}: {moves}").format(step=r["index"], last=last, moves=step)


def close_replay(app: "App") -> "Effects":
    m = app.match
    back = app.replays.replay_back
    if back == "table" and m.save is None and m.view is None:
        back = "setup"
    app.page.screen = back
    app.replays.replay = None
    out: Effects = [("clear-fragment",), ("render",)]
    if back == "table" and m.view is not None and not m.view.in_hand:
        out.append(("focus", ".after .btn.primary"))
    return out


def replay_key(app: "App", key: str, ctx: "dict[str, Any]") -> "Effects":
    """Keys while the viewer is shown: ← → step, Home and End jump, Esc goes back, ? helps."""
    if ctx.get("in_dialog"):
        return []
    moves = {"ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "Home": "replay-first",
             "End": "replay-last"}
    if key in moves:
        return step_to(app, moves[key], None)
    if key == "Escape":
        return close_replay(app)
    if key == "?":
        return core.open(app, "help")
    return []


def watch_text(app: "App", text: object, from_file: bool) -> "Effects":
    """A record to watch, as text (a file's or pasted): parsed here, read by the engine."""
    rp = app.replays
    if text is None:
        # i18n: in the dialog Watch a hand record: the file chosen could not be read, or nothing was pasted
        rp.watch["error"] = _("The file could not be read.") if from_file else _("Paste a hand record first.")
        return core.open(app, "watch")
    text = str(text)
    if not from_file:
        rp.watch["text"] = text[:MAX_RECORD_TEXT]
    rp.watch["error"] = ""
    if not text.strip():
        rp.watch["error"] = _("Paste a hand record first, or open its file.")
        return core.open(app, "watch")
    if len(text) > MAX_RECORD_TEXT:
        rp.watch["error"] = _("This text is too long to be a hand record.")
        return core.open(app, "watch")
    try:
        doc = json.loads(text)
    except Exception:  # ValueError, and MicroPython's errors on deep or huge junk
        doc = None
        # i18n: in the dialog Watch a hand record: rummy-record/1 is the name of the file format; Export hand record
        # is the button at the end of a hand that saves it
        rp.watch["error"] = _("This is not a hand record: it is not valid JSON. A hand record is the "
                              "rummy-record/1 file that Export hand record saves.")
    if doc is not None and not isinstance(doc, dict):
        # i18n: in the dialog Watch a hand record: rummy-record/1 is the name of the file format
        rp.watch["error"] = _("This is not a hand record: a hand record is a JSON object (rummy-record/1).")
    if rp.watch["error"]:
        return core.open(app, "watch")
    rp.watch["busy"] = True
    sends = ask_record_replay(app, "record", doc, 0)
    return core.open(app, "watch") + sends


def replay_link(app: "App") -> "Effects":
    r = app.replays.replay
    if r is None or r.get("loading"):
        return []
    if r["source"] == "match":
        if not has_engine(app):
            return []
        return ask(app, "record", {"type": "record"}, {"for": "link"})
    return share_link(app, r["record"])


def share_link(app: "App", rec: object) -> "Effects":
    r = app.replays.replay
    if r is None or r.get("loading") or not isinstance(rec, dict):
        return []
    data = r["data"]
    try:
        one = hand_record(rec, data["hand"], data["dealer"])
    except (KeyError, IndexError, TypeError):
        return []
    text = json.dumps(one, separators=(",", ":"))
    app.replays.link_box = {"url": page_base(app.page.page_url) + "#" + LINK_KEY + b64url(text.encode("utf-8")),
                     "status": ""}
    return core.open(app, "replay-link")


def replay_copied(app: "App", ok: object) -> "Effects":
    # i18n: in the dialog Share this replay, after Copy: the link was copied, or could not be (Ctrl+C: the keys that
    # copy)
    app.replays.link_box["status"] = _("Copied.") if ok else _("Copy did not work here: select the link and press "
                                                               "Ctrl+C.")
    return core.open(app, "replay-link")


COMMANDS = {
    "coach": coach, "coach-show": coach_show, "replay-hand": replay_hand,
    "replay-pick": lambda app, data: pick_hand(app, data.get("hand")),
    "replay-step": lambda app, data: step_to(app, "replay-step", data.get("index")),
    "replay-first": lambda app, data: step_to(app, "replay-first", None),
    "replay-prev": lambda app, data: step_to(app, "replay-prev", None),
    "replay-next": lambda app, data: step_to(app, "replay-next", None),
    "replay-last": lambda app, data: step_to(app, "replay-last", None),
    "replay-close": lambda app, data: close_replay(app),
    "export-record": export_record, "watch-record": watch_record,
    "record-file": lambda app, data: [("pick-record",)],
    "record-text": lambda app, data: watch_text(app, data.get("text"), True),
    "record-paste": lambda app, data: watch_text(app, data.get("text"), False),
    "past-matches": lambda app, data: core.open(app, "past"),
    "past-replay": past_replay,
    "replay-link": lambda app, data: replay_link(app),
    "copy-replay-link": copy_replay_link,
}
