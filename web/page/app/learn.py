"""Learning at the table: hints that explain, practice undo, the deal's proof and its check, the daily deal,
deal links and the guided first hand.

The engine does the thinking (:mod:`web.worker.learn`); this part asks, keeps what it answered, and the view draws
it (:mod:`web.page.app.learnview`). It decides on the engine's fields and codes, never on its words.
Written in the Python both MicroPython and CPython run.
"""

from web.page.app import advice, core
from web.page.app.text import deal_check_words
from web.page.i18n import _
from web.page.shared.cards import card_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from web.page.app.core import Effects
    from web.page.app.model import App


class LearnState:
    """What the engine said about learning at this table."""

    def __init__(self) -> None:
        # the hint on show: the engine's "hint" message, for the view of its "step"
        self.advice: dict[str, Any] | None = None
        # the last table message's learning fields: deal, practice, undo, assisted, tutorial, daily
        self.extras: dict[str, Any] = {}
        self.deal_check: dict[int, tuple[bool, str]] = {}  # hand -> (ok, words): "Check this deal" answered
        self.share = {"title": "", "url": "", "line": "", "status": ""}  # the Share dialog's content


def cards_of(texts: "Iterable[object]") -> list[int]:
    """The cards among a hint's or a lesson's marks ("stock", "discard", "meld:1", "button:knock" are not)."""
    out = []
    for t in texts:
        try:
            out.append(card_of(t))
        except (ValueError, KeyError, IndexError):
            pass
    return out


# ---------------------------------------------------------------- from the table

def learn_table(app: "App", msg: "dict[str, Any]") -> None:
    """Keep the learning fields of a ``table`` message (a hint is for one step only)."""
    m = app.match
    learn = app.learn
    extras: dict[str, Any] = {}
    for k in ("deal", "practice", "undo", "assisted", "tutorial", "daily", "undone"):
        if k in msg:
            extras[k] = msg[k]
    learn.extras = extras
    if learn.advice is not None and (m.view is None or learn.advice.get("step") != m.view.step):
        learn.advice = None
    if extras.get("tutorial") and m.save is not None and len(core.names(app)) < 2:
        m.meta["names"] = core.config_names(app, m.config)


def lesson(app: "App") -> "dict[str, Any] | None":
    """The tutorial's data while the guided hand is played, else None."""
    t = app.learn.extras.get("tutorial")
    return t if isinstance(t, dict) and not t.get("done") else None


def lesson_waits(app: "App") -> bool:
    """In the guided hand the opponent moves when the learner has read its sentence and pressed Continue."""
    t = lesson(app)
    return t is not None and t.get("step") is not None and t["step"]["seat"] != (app.match.view.seat if app.match.view
                                                                                 else 0)


# ---------------------------------------------------------------- the engine's answers

def on_hint(app: "App", msg: "dict[str, Any]") -> "Effects":
    m = app.match
    m.waiting = None
    if m.view is None or msg["step"] != m.view.step:
        return [("render",)]
    app.learn.advice = msg
    app.learn.extras["assisted"] = True  # the engine marked the match (its next table says so too)
    words = hint_words(app, msg)
    core.say(app, words, "hint")
    return [("announce", words), ("render",)]


def hint_words(app: "App", hint: "dict[str, Any]") -> str:
    """The hint as said: the engine's advice worded by the page from its action and reasons (web.page.app.advice;
    in the guided hand, the lesson's sentence: in the page's language when the catalogue has it, as
    learnview.engine_words)."""
    v = app.match.view
    said = advice.advice_words(hint, v.game if v is not None else None, core.names(app),
                               v.top_discard if v is not None else None)
    # i18n: the expert's advice at the table, asked with the Hint button; {advice} is the advice itself
    return _("Hint: {advice}").format(advice=said)


def on_verified(app: "App", msg: "dict[str, Any]") -> "Effects":
    """The deal checks the person asked for."""
    app.match.waiting = None
    checks = app.learn.deal_check
    if not msg["ok"]:
        # i18n: after Check this deal at the end of a hand: {error} is why, in the engine's words (English)
        checks[-1] = (False, _("This deal could not be checked: {error}").format(error=str(msg.get("error"))))
    for h in msg.get("hands") or []:
        checks[h["hand"]] = (bool(h["ok"]), deal_check_words(h))
    return core.open(app, "end") if app.page.dialog == "end" else [("render",)]


def on_link(app: "App", msg: "dict[str, Any]") -> "Effects":
    """A link to the match's deals: shown to share."""
    app.match.waiting = None
    url = app.page.page_url.split("?")[0].split("#")[0] + "?" + msg["query"]
    # i18n: the title of the dialog with a link that deals the same cards against the same opponents
    app.learn.share = {"title": _("Share this deal"), "url": url, "line": "", "status": ""}
    return core.open(app, "share")


# ---------------------------------------------------------------- the person

def ask_hint(app: "App") -> "Effects":
    m = app.match
    learn = app.learn
    v = m.view
    if v is None or app.page.screen != "table" or m.cover is not None or app.online.role == "guest" or \
            app.online.sealed is not None:
        return []
    if m.waiting is not None or m.engine != "ready":
        return []
    if not v.in_hand or v.turn != v.seat:
        return core.complain(app, _("A hint is for your turn."))
    if learn.advice is not None and learn.advice.get("step") == v.step:
        core.say(app, hint_words(app, learn.advice), "hint")
        return [("render",)]
    # i18n: said while the expert works out a hint
    core.say(app, _("Thinking about your hand…"))
    return core.request(app, {"type": "hint", "step": v.step}, "hint")


def ask_undo(app: "App") -> "Effects":
    m = app.match
    v = m.view
    if v is None or app.page.screen != "table" or m.waiting is not None or m.engine != "ready":
        return []
    if not app.learn.extras.get("practice"):
        # i18n: “Practice game” is the name of a checkbox of the new-game screen
        return core.complain(app, _("Undo is for practice games (tick “Practice game” on the new-game screen)."))
    if not app.learn.extras.get("undo"):
        return core.complain(app, _("There is nothing of yours to undo in this hand yet."))
    core.say(app, "")
    return core.request(app, {"type": "undo", "step": v.step}, "undo")


def check_deal(app: "App", data: "dict[str, Any]") -> "Effects":
    m = app.match
    v = m.view
    if v is None or not v.results or m.waiting is not None:
        return []
    return core.request(app, {"type": "verify", "hand": len(v.results) - 1}, "verify")


def daily(app: "App", data: "dict[str, Any]") -> "Effects":
    game = data.get("game") or app.setup.game
    return core.request(app, {"type": "daily", "game": game, "date": None}, "daily")


def share_daily(app: "App", data: "dict[str, Any]") -> "Effects":
    learn = app.learn
    today = learn.extras.get("daily") or {}
    if not today.get("share"):
        return []
    # i18n: the title of the dialog with a line to share: the result of today's daily deal
    learn.share = {"title": _("Share your daily deal"), "url": "", "line": today["share"], "status": ""}
    return core.open(app, "share")


def copy_share(app: "App", data: "dict[str, Any]") -> "Effects":
    return [("copy", app.learn.share["line"] or app.learn.share["url"])]


def share_copied(app: "App", ok: object) -> "Effects":
    # i18n: in the Share dialog, after Copy: copied, or not (Ctrl+C: the keys that copy)
    app.learn.share["status"] = _("Copied.") if ok else _("Copy did not work here: select the text and press Ctrl+C.")
    return core.open(app, "share")


def deal_link(app: "App", data: "dict[str, Any]") -> "Effects":
    m = app.match
    if m.save is None or m.waiting is not None:
        return core.complain(app, _("Start a game first: a deal link shares the deals of the match in progress."))
    cfg = m.config
    if cfg.get("tutorial") or app.online.role != "local" or [s for s in core.seats(app) if s["kind"] != "computer"][1:]:
        return core.complain(app, _("A deal link is for a game against the computer."))
    return core.request(app, {"type": "link"}, "link")


def lesson_next(app: "App", data: "dict[str, Any]") -> "Effects":
    """The guided hand: the learner read the opponent's sentence; the opponent moves."""
    m = app.match
    if m.view is None or m.next != "computer" or m.waiting is not None:
        return []
    return core.request(app, {"type": "advance", "step": m.view.step}, "advance")


COMMANDS = {"hint": lambda app, data: ask_hint(app), "undo": lambda app, data: ask_undo(app),
            "check-deal": check_deal, "daily": daily, "share-daily": share_daily, "copy-share": copy_share,
            "deal-link": deal_link, "lesson-next": lesson_next}
