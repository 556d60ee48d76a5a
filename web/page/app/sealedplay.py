"""A table with no dealer, online: the host and one friend, each page running the engine for its own seat
(web.worker.sealed_play), so that no page, the host's included, ever holds a card its seat may not see.

The host chooses it in the lobby (two seats, a friend's, no jokers). When the friend's page is at the table the
host's page sends ``sealed`` ``{"begin": {"seed", "dealer"}}`` and asks its engine for ``sealed-new`` (seat 0);
the friend's page starts its own engine and does the same for its seat. From then on each page passes what its
engine sends the other (``sealed`` ``{"m": ...}``) to the other page, whose page gives it to its engine
(``sealed-in``); a person's move goes to their own engine (``sealed-play``). Each engine's ``sealed`` answer is
drawn as the table; when a hand's audit is done both pages say "Deal verified"; a page that breaks the rules stops
the match on the other, which says so. The host deals each next hand (``sealed-next``): the friend's engine joins
in when the shuffle comes.

A lost link pauses the match: both engines still hold their keys. Each page counts the messages it sends the
other (``n``) and keeps them; when the friend's page is back at the table (through the seat's room on the relays),
each page says how many of the other's it got (``resume``) and sends again what the other missed. A page that
comes back without its table (a reload: its keys are gone) says so (``got`` -1), and the match ends on both. An
engine that stops ends it too.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, stage, table
from web.page.app.online import key_of
from web.page.app.text import isolated
from web.page.i18n import _
from web.page.shared import online as wire
from web.page.shared.viewdata import read_view

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Config, Effect, Effects
    from web.page.app.model import App

NEXT = {"you": "you", "wait": "guest", "deal": "deal", "over": "over", "stopped": "over"}
KEY_SECONDS = 30  # how long a page may keep back a key it owes (a card dealt, drawn or shown) before it is a cheat
AWAY_SECONDS = 120  # how long a match waits for the other page after a lost link (a page closed or reloaded
# never comes back with its keys)
FRIEND = 1  # the friend's seat; the host's is 0


class SealedState:
    """This page's table with no dealer: its seat, the match's public start, and what it has said."""

    def __init__(self, seat: int, config: "dict[str, Any]", seats: "list[dict[str, Any]]") -> None:
        self.seat = seat
        self.seats = seats  # who sits where (the seat plan of the match)
        self.config = config  # {"game", "players", "rules", "seed", "dealer"}: what both engines start from
        self.step = -1  # the step of the last view drawn
        self.next = ""  # ... and what came next then
        self.checks: dict[int, str] = {}  # hand -> the words of its audit, once done (the end of hand shows them)
        self.token = 0  # the engine's last answer: the timer of a wait for keys set after it carries it
        self.evidence: dict[str, Any] | None = None  # what stopped the match here: the page, the code, the messages
        self.stopped = False
        self.sent: list[Any] = []  # every message of this page's engine to the other page, in order (sent again
        # from where the other got to, after a lost link)
        self.got = 0  # how many of the other page's messages came (each carries its number)
        self.paused = False  # the link is lost: waiting for the other page to come back
        self.away = 0  # the lost links so far: the timer of the wait for the last one carries it


def possible(cfg: "Config") -> bool:
    """Whether a table may have no dealer: two seats, the second a friend's, and no jokers."""
    seats = cfg.get("seats") or []
    return len(seats) == 2 and seats[1].get("kind") == "guest" and not (cfg.get("rules") or {}).get("jokers")


def _start(app: "App", seat: int, config: "dict[str, Any]", seats: "list[dict[str, Any]]") -> "Effects":
    app.online.sealed = SealedState(seat, config, seats)
    m = app.match
    m.waiting = "new"
    app.page.screen = "table"
    # i18n: while the two pages shuffle and lock the deck, each with its own keys (a table with no dealer)
    core.say(app, _("Shuffling: each page locks the deck with its own keys…"))
    return [core.send(app, {"type": "sealed-new", "config": config, "seat": seat}), ("render",)]


def begin_host(app: "App", cfg: "Config") -> "Effects":
    """The friend is at the table: the match starts, with a seed and a first dealer both engines use."""
    seed = table.new_seed(app)
    config = {"game": cfg["game"], "players": 2, "rules": dict(cfg.get("rules") or {}), "seed": seed,
              "dealer": table.new_seed(app) % 2}
    begin = _to_peer(app, {"begin": {"seed": seed, "dealer": config["dealer"]}})
    app.match.config = dict(cfg)  # the match's set-up (a friend who comes back is welcomed with it)
    return [begin] + _start(app, 0, config, list(cfg["seats"]))


def begin_guest(app: "App", seat: int, plan: "Config", begin: "dict[str, Any]") -> "Effects":
    """The host's page started a match with no dealer (``plan``: the welcome's game, rules and seats): this
    page's engine takes this seat."""
    config = {"game": plan["game"], "players": 2, "rules": dict(plan["rules"]), "seed": begin["seed"],
              "dealer": begin["dealer"]}
    return [("engine-on",)] + _start(app, seat, config, list(plan["seats"]))


def active(app: "App") -> bool:
    return app.online.sealed is not None and not app.online.sealed.stopped


def from_peer(app: "App", message: "dict[str, Any]", n: int) -> "Effects":
    """The other page's engine's message number ``n``: to this page's engine, once, in order."""
    s = app.online.sealed
    if s is None or not active(app):
        return [("log", "a message of the sealed deal with no table: dropped")]
    if n != s.got:  # sent again after a lost link (this page had it), or after one that never came
        return [("log", "a message of the sealed deal out of order (" + str(n) + ", expected " + str(s.got) +
                 "): dropped")]
    s.got += 1
    return [core.send(app, {"type": "sealed-in", "message": message})]


def next_hand(app: "App") -> "Effects":
    """The host deals the next hand."""
    app.page.dialog = None
    return [("dialog", None), core.send(app, {"type": "sealed-next"})]


def play(app: "App", msg: "dict[str, Any]") -> "Effects":
    """This person's move, to this page's engine (the move's request, as core.request makes it)."""
    return [core.send(app, {"type": "sealed-play", "action": msg["action"]}), core.stall_timer(app), ("render",)]


def _to_peer(app: "App", fields: "dict[str, Any]") -> "Effect":
    """A ``sealed`` message to the other page: the friend's, or the host's."""
    text = wire.encode("sealed", fields)
    if app.online.role == "host":
        return ("rtc", "send", key_of(FRIEND), text)
    return ("rtc", "send", "host", text)


def on_sealed(app: "App", msg: "dict[str, Any]") -> "Effects":
    """This page's engine's answer: its messages to the other page, then the table as this seat sees it."""
    s = app.online.sealed
    if s is None:
        return [("log", "an answer of the sealed deal with no table: dropped")]
    out: Effects = []
    for x in msg["send"]:
        out.append(_to_peer(app, {"m": x, "n": len(s.sent)}))
        s.sent.append(x)
    if msg.get("dropped"):
        out.append(("log", "a message from the other page was dropped: " + str(msg["dropped"])))
    names = core.names(app)
    cheat = msg.get("cheat")
    if cheat is not None and not s.stopped:
        s.stopped = True
        if cheat["code"] == "withheld" and 0 <= cheat["page"] < len(names):
            # i18n: a table with no dealer stops: {name}'s page did not send a key it owed (for a card dealt, drawn or
            # shown) for {seconds} seconds
            words = _("{name}'s page kept back the key of a card for more than {seconds} seconds: the match is "
                      "stopped.").format(name=isolated(names[cheat["page"]]), seconds=KEY_SECONDS)
        elif 0 <= cheat["page"] < len(names):
            # i18n: a table with no dealer stops: {name}'s page broke the rules or the deal's protocol; {code}: how
            # (a code such as "wrong-key")
            words = _("{name}'s page broke the rules ({code}): the match is stopped.").format(
                name=isolated(names[cheat["page"]]), code=cheat["code"])
        else:
            # i18n: a table with no dealer stops: a page (which, the keys cannot tell) broke the rules; {code}: how
            words = _("The other page broke the rules ({code}): the match is stopped.").format(code=cheat["code"])
        core.say(app, words, "error")
        core.log_line(app, words)
        app.match.waiting = None
        app.match.next = "over"
        s.evidence = {"format": "rummy-sealed-evidence/1", "config": s.config, "seat": s.seat,
                      "page": cheat["page"], "code": cheat["code"], "place": cheat["place"],
                      "evidence": cheat.get("evidence") or []}
        return out + [_to_peer(app, {"stop": {"code": str(cheat["code"])}}), ("announce", words), ("render",)]
    view_doc = msg.get("view")
    if view_doc is not None:
        try:
            view = read_view(view_doc)
        except ValueError as e:
            return out + [("log", "a sealed table's view was dropped: " + str(e))]
        nxt = NEXT[msg["next"]]
        if not view.in_hand and nxt == "guest":  # the hand is over, its audit under way: the end of hand shows
            nxt = "over" if view.phase == "match-over" else "deal"
        if view.step != s.step or msg["events"]:
            s.step, s.next = view.step, msg["next"]
            if app.match.meta["counted"] < 0:  # a friend's page counts the hands from its first table
                app.match.meta["counted"] = len(view.results)
            before = app.match.view
            shown = table.on_table(app, {"type": "table", "view": view_doc, "events": msg["events"],
                                         "by": msg["by"], "next": nxt, "hint": msg.get("hint") or {}, "save": None,
                                         "config": app.match.config, "viewer": s.seat})
            out += stage.after_table(app, before, shown, False)
        elif msg["next"] != s.next:  # the same table, what comes next changed (the audit done): no new drawing
            s.next = msg["next"]    # of the table, which would start the end of the hand's steps again
            app.match.next = nxt
            app.match.waiting = None  # a move's answer (a draw waits for the other page's key)
            out.append(("render",))
        if msg["verified"] and view.hand_number not in s.checks:
            # i18n: the audit of a hand with no dealer: every page's keys checked
            s.checks[view.hand_number] = _("Deal verified: every card was dealt and shown with the keys of both "
                                           "pages, and neither page could see another's cards.")
            # i18n: a line of the move log: the check of a hand's deal ({words}: what it found)
            words = _("Hand {n}: {words}").format(n=view.hand_number, words=s.checks[view.hand_number])
            core.log_line(app, words)
            out.append(("announce", words))
            if app.page.dialog == "end":  # drawn afresh with the check
                out.append(("dialog", "end"))
        s.token += 1
        if view.in_hand and msg["next"] == "wait":  # a key may be owed: asked about if nothing comes meanwhile
            out.append(("timer", "sealed-wait", KEY_SECONDS, s.token))
    return out


def stopped_by_peer(app: "App", stop: "dict[str, Any]") -> "Effects":
    """The other page stopped the match: it says this page broke the rules (``code``)."""
    s = app.online.sealed
    if s is None or s.stopped:
        return []
    s.stopped = True
    name = other_name(app)
    # i18n: the other page of a table with no dealer stopped the match, saying this page broke the rules ({code}:
    # how, a code such as "wrong-key"); {name}: the other player
    words = _("{name}'s page stopped the match: it says your page broke the rules ({code}).").format(
        name=isolated(name) if name else "?", code=stop["code"])
    core.say(app, words, "error")
    core.log_line(app, words)
    app.match.waiting = None
    app.match.next = "over"
    return [("announce", words), ("render",)]


def save_evidence(app: "App", data: "dict[str, Any]") -> "Effects":
    """The messages that showed the other page broke the rules, as a file (to show anyone)."""
    import json

    s = app.online.sealed
    if s is None or s.evidence is None:
        return []
    return [("download", "rummy-evidence.json", json.dumps(s.evidence, indent=1))]


def on_tick(app: "App", token: int) -> "Effects":
    """Nothing came from the engine for a while as this page waited: has the other page kept a key back?"""
    s = app.online.sealed
    if s is None or s.stopped or s.paused or token != s.token:  # (a lost link: the wait starts again once back)
        return []
    return [core.send(app, {"type": "sealed-check", "limit": KEY_SECONDS})]


def lost(app: "App", name: str | None) -> "Effects":
    """The link to the other page (named ``name``) was lost, or this page's engine stopped (``name`` None): the
    match cannot go on, its keys are gone with that page or engine."""
    s = app.online.sealed
    if s is None or s.stopped or app.match.next == "over":
        return []
    s.stopped = True
    if name is None:
        # i18n: a table with no dealer ends when this page's game engine stops
        words = _("The game engine stopped: a match with no dealer cannot go on without its keys. Start a new "
                  "match to play again.")
    else:
        # i18n: a table with no dealer ends when the other page is gone; {name}: the other player
        words = _("The connection to {name} was lost: a match with no dealer cannot go on without their page's "
                  "keys. Start a new match to play again.").format(name=isolated(name))
    core.say(app, words, "error")
    app.match.waiting = None
    app.match.next = "over"
    return [("announce", words)]


def other_name(app: "App") -> str:
    """The other page's player (the friend's, or the host's)."""
    s = app.online.sealed
    names = core.names(app)
    other = 1 - s.seat if s is not None else -1
    return names[other] if 0 <= other < len(names) else ""


def pause(app: "App") -> "Effects":
    """The link to the other page was lost; that page may come back (through the relays)."""
    s = app.online.sealed
    if s is None or not active(app):
        return []
    s.paused = True
    s.away += 1
    name = other_name(app)
    # i18n: a table with no dealer when the link to the other page is lost; {name}: the other player; {minutes}: how
    # long the match waits for their page
    words = _("The connection to {name} was lost. Reconnecting… The match waits {minutes} minutes for {name}'s page, "
              "which keeps its own keys.").format(name=isolated(name), minutes=AWAY_SECONDS // 60)
    core.say(app, words, "error")
    return [("announce", words), ("timer", "sealed-away", AWAY_SECONDS, s.away)]


def on_away(app: "App", token: int) -> "Effects":
    """The other page has not come back since the link was lost: it was closed or reloaded, its keys are gone."""
    s = app.online.sealed
    if s is None or not s.paused or token != s.away:
        return []
    return lost(app, other_name(app)) + [("render",)]


def resume(app: "App") -> "Effect":
    """The other page is back at the table: where this page, whose table is on, got to in its messages."""
    s = app.online.sealed
    assert s is not None  # asked only while active
    return _to_peer(app, {"resume": {"got": s.got}})


def resumed(app: "App", got: int) -> "Effects":
    """The other page says how many of this page's messages it got: the rest again, and play goes on; -1: it came
    back without its table, and the match cannot go on."""
    s = app.online.sealed
    if s is None or not active(app):
        return []
    name = other_name(app)
    if got < 0 or got > len(s.sent):
        return lost(app, name) + [("render",)]
    s.paused = False
    out: Effects = [_to_peer(app, {"m": s.sent[n], "n": n}) for n in range(got, len(s.sent))]
    # i18n: a table with no dealer goes on after a lost link; {name}: the other player, back
    words = _("{name} is back: the match goes on.").format(name=isolated(name))
    core.say(app, words)
    s.token += 1
    if app.match.next == "guest":  # waiting for the other page: a key it owes is asked about if it still does not come
        out.append(("timer", "sealed-wait", KEY_SECONDS, s.token))
    return out + [("announce", words), ("render",)]


def came_back_without_table(app: "App") -> "Effects":
    """This page is at a table with no dealer it does not hold (it was reloaded): the other page is told, and the
    person too."""
    # i18n: a friend's page that was reloaded during a match with no dealer: its keys are gone
    words = _("This page was reloaded during a match with no dealer: its keys are gone, and the match cannot go on. "
              "Start a new match to play again.")
    core.say(app, words, "error")
    app.match.waiting = None
    if app.guest is not None:
        app.guest.join["state"] = "over"  # not waiting for a deal: nothing more comes
    return [_to_peer(app, {"resume": {"got": -1}}), ("announce", words), ("render",)]
