"""The table app: its state, made of parts, and :meth:`App.update`, which routes one message to the part that
handles it and returns the effects to perform.

Every route is in the tables of this module: :data:`ROUTES` (a message's kind), :data:`ENGINE` (an engine
message's type), :data:`COMMANDS` (a click or a shortcut, by its ``data-act``). A handler reads the state, changes
its own part and returns *effects* (tuples) that the runner performs; ``("then", msg)`` asks for ``msg`` to be
routed at once, its effects taking that place. ``update`` never touches the browser, so every path is tested in
CPython with no browser (``tests/test_page_app.py``). What shows is drawn from the state by
:mod:`web.page.app.views`. The page holds no rule and never reads an engine message's words to decide.

The parts (each a module with its state and handlers):
    page (:mod:`~web.page.app.prefs`)       the screen, the dialog, settings, statistics, storage notices
    setup (:mod:`~web.page.app.setup`)      the new-game screen's choices
    match (:mod:`~web.page.app.table`)      the match at the table; the person's moves in :mod:`~web.page.app.hand`
    stage (:mod:`~web.page.app.stage`)      the moments: a knock confirmed, a deal landing, the end of a hand laid
                                            out step by step, celebrations
    online, host, guest                     online play (:mod:`~web.page.app.online`, ``host``, ``guest``)
    learn (:mod:`~web.page.app.learn`)      hints, undo, deal proofs, the daily deal, the guided hand
    replays (:mod:`~web.page.app.replays`)  the coach, replays, hand records, past matches

Messages (``(kind, ...)``):
    ("start", boot)                     boot: {"query", "settings", "stats", "match", "notices", "banner",
                                         "reduced_motion", "slot", "hash", "url", "framed", "first", "past"}
    ("join", fragment)                  take the seat of an invite link in place (a quick match's leader sent it)
    ("engine", msg)                     a message of the engine (already checked by the protocol)
    ("engine-status", event, detail)    "ready" | "failed" | "progress" from the worker link
    ("command", act, data)              a click or a shortcut: act is a button's data-act; data its details
    ("key", key, ctx)                   ctx: {"card_pos": int|None, "in_dialog": bool, "shift": bool}
    ("drop", src_kind, src_pos, where)  a drag that ended on a drop target (or on nothing: where "")
    ("change", name, value, checked)    a form field changed
    ("tick", name, token)               a timer fired
    ("dialog-closed",)
    ("tab", event)                      the other-tab state changed (see the runner)
    ("past", matches)                   the past matches, once the runner kept a finished one
    ("landed", kind)                    the runner: the cards of a "deal" have all landed
    online play's: see :mod:`web.page.app.online`
Effects (``(kind, ...)``):
    ("send", msg) ("render",) ("timer", name, seconds, token) ("announce", text) ("focus", selector)
    ("dialog", which or None) ("save-match", slot, record) ("save-settings", settings) ("stats", op, args)
    ("set-aside-match", slot, why) ("look", look) ("copy", text) ("export",) ("import",)
    ("restart-engine",) ("log", text) ("keep-match", entry) ("download", name, text) ("pick-record",)
    ("engine-on",)                      a guest's page starts its engine after all (a table with no dealer)
    ("guest-mode", fragment)           this page is a guest's from now on: no engine, no match saved; the
                                        address shows the seat's link (a reload rejoins)
    ("clear-fragment",) ("claim-tab",) ("download-aside",) ("download-game",) ("import-apply",) ("close-banner",)
    ("motion", plan)                    how the next drawing moves (web.page.app.motion); performed with the render
    ("sound", name, volume, delay)      a sound effect (web/bridge.js synthesises it), volume 0-100, delay in s
    ("celebrate", kind, selector)       confetti ("gin", "big gin", "rummy", "match") over an element; none
                                        under reduced motion or at instant speed
Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, hand, learn, online, prefs, replays, seek, stage, table
from web.page.app.hand import GAME_ACTS, SHORTCUTS
from web.page.app.learn import LearnState
from web.page.app.online import OnlineState, talk
from web.page.app.params import game_config, speed_override
from web.page.app.prefs import DEFAULT_SETTINGS, PageState
from web.page.app.replays import ReplayState
from web.page.app.setup import SetupState
from web.page.app.stage import StageState
from web.page.app.table import MatchState

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from web.page.app.core import Effects, Msg
    from web.page.app.guest import GuestState
    from web.page.app.host import HostState
    from web.page.app.seek import SeekState
    from web.page.app.setup import Catalog

    Handler = Callable[..., Effects]  # a route's handler: (app, the message's fields...) -> effects
    Command = Callable[["App", dict[str, Any]], Effects]  # a command's handler: (app, its data) -> effects

__all__ = ["SHORTCUTS", "App"]


class App:
    """The table app's whole state (plain data, one record per part); :meth:`update` routes a message to its
    handler."""

    def __init__(self, catalog: "Catalog") -> None:
        self.catalog = catalog
        self.page = PageState()
        self.setup = SetupState(catalog)
        self.match = MatchState()
        self.stage = StageState()
        self.online = OnlineState()
        self.host: HostState | None = None  # once this page hosts an online table (web.page.app.host)
        self.guest: GuestState | None = None  # on a page opened from an invite link (web.page.app.guest)
        self.seeker: SeekState | None = None  # while this page looks for a game ("Play someone now")
        self.learn = LearnState()
        self.replays = ReplayState()

    def update(self, msg: "Msg") -> "Effects":
        """Apply one message; return the effects to perform, in order."""
        handler = ROUTES.get(msg[0])
        if handler is None:
            return [("log", "the app has no handler for " + repr(msg[0]))]
        out: Effects = []
        for effect in handler(self, *msg[1:]):
            if effect[0] == "then":
                out += self.update(effect[1])
            else:
                out.append(effect)
        if msg[0] not in stage.DRAWN_AT_ONCE:
            out = stage.while_dealing(self, out)
        return out


# ---------------------------------------------------------------- starting

def on_start(app: App, boot: "dict[str, Any]") -> "Effects":
    page = app.page
    out: Effects = []
    page.query = boot.get("query") or {}
    page.page_url = boot.get("url") or page.page_url
    page.reduced_motion = bool(boot.get("reduced_motion"))
    page.embedded = page.query.get("embed", "") not in ("", "0", "false") or bool(boot.get("framed"))
    page.speed_q = speed_override(page.query)
    page.autoplay = page.query.get("debug") == "autoplay"  # benchmarks: a computer player in seat 0 too
    page.slot = boot.get("slot", "")
    page.first_visit = boot.get("first") is True
    entropy = boot.get("entropy")
    if type(entropy) is str and len(entropy) == 32:
        page.entropy = int(entropy, 16)
    stored = boot.get("settings")
    if isinstance(stored, dict):
        for k in DEFAULT_SETTINGS:
            if k in stored:
                page.settings[k] = stored[k]
    stats = boot.get("stats")
    if isinstance(stats, dict):
        page.stats = stats
    page.notices = list(boot.get("notices") or [])
    page.offers = list(boot.get("offers") or [])
    page.banner = boot.get("banner") or ""
    app.setup = SetupState(app.catalog, page.settings.get("last"))
    cfg, err = game_config(page.query, app.catalog)
    if err:
        page.notices.append(err)
    record = boot.get("match")
    fragment = boot.get("hash") or ""
    if "j=" in fragment:  # an invite link: this page is a guest's (no engine, nothing saved)
        from web.page.app import guest  # online play: imported when first needed (not while the page starts)

        out += guest.start_guest(app, fragment)
        out.append(("look", core.look(app)))
        return out
    if record is not None:
        table.adopt_record(app, record)
        if [s for s in core.seats(app) if s["kind"] == "guest"]:
            from web.page.app import host  # an online match: the host's page came back; its friends are re-invited

            out += host.resume_hosting(app)
        out.append(core.send(app, {"type": "resume", "save": app.match.save}))
        app.match.waiting = "resume"
        out.append(core.stall_timer(app))
    elif cfg is not None:
        out += table.start_match(app, cfg)
    elif page.embedded and not err:
        out += table.start_match(app, app.catalog.standard("gin"))  # an embed opens on a Gin game at once
    else:
        page.screen = "setup"
    out += replays.replay_start(app, boot)
    out.append(("look", core.look(app)))
    out.append(("render",))
    if page.notices or page.offers:
        out += core.open(app, "notice")
    return out


def on_join(app: App, fragment: str) -> "Effects":
    """This page takes a seat at an online table in place, as a page opened from the seat's invite link would
    ("Play someone now": the leader sent the link; no reload, the relays already connected). Its parts start
    afresh but for the page's (settings, statistics); the runner stops using the engine (``guest-mode``)."""
    from web.page.app import guest  # online play: imported when first needed

    app.match = MatchState()
    app.stage = StageState()
    app.online = OnlineState()
    app.learn = LearnState()
    app.host = None
    app.seeker = None
    app.page.slot = "online-guest"
    app.page.dialog = None
    out: Effects = [("guest-mode", fragment)]
    out += guest.start_guest(app, fragment)
    out.append(("look", core.look(app)))
    return out


# ---------------------------------------------------------------- the engine

def on_engine(app: App, msg: "dict[str, Any]") -> "Effects":
    handler = ENGINE.get(msg["type"])
    return [] if handler is None else handler(app, msg)


def on_table(app: App, msg: "dict[str, Any]") -> "Effects":
    before = app.match.view
    here = app.match.dealt_here  # the engine's table of the first hand the page dealt: no move, the same cards
    out = stage.after_table(app, before, table.on_table(app, msg), here)
    if app.online.role == "host":
        from web.page.app import host

        out += host.relay_table(app, msg)
    return out


def on_refused(app: App, msg: "dict[str, Any]") -> "Effects":
    """A move refused (or come too late): a friend's, whose page is told; else this page's."""
    if app.online.role == "host" and app.host is not None and app.host.relay_seat is not None:
        from web.page.app import host

        app.match.waiting = None
        return host.relay_refusal(app, msg)
    return table.on_refused(app, msg) if msg["type"] == "refused" else table.on_stale(app, msg)


def on_prepared(app: App, msg: "dict[str, Any]") -> "Effects":
    from web.page.app import host

    return host.on_prepared(app, msg)


def _sealed_command(app: App, data: "dict[str, Any]") -> "Effects":
    from web.page.app import sealedplay  # online play: imported when first needed

    return sealedplay.save_evidence(app, data)


def on_sealed(app: App, msg: "dict[str, Any]") -> "Effects":
    from web.page.app import sealedplay  # online play: imported when first needed

    return sealedplay.on_sealed(app, msg)


def on_ahead(app: App, msg: "dict[str, Any]") -> "Effects":
    """The engine thought ahead about the person's decision while they did: nothing to show (a hint, or the coach's
    review of the hand, will answer at once)."""
    return []


def on_error(app: App, msg: "dict[str, Any]") -> "Effects":
    got = replays.on_error(app, msg)
    return table.on_error(app, msg) if got is None else got


ENGINE: "dict[str, Handler]" = {
    "hello": table.on_hello, "table": on_table, "refused": on_refused, "stale": on_refused,
    "bad-save": table.on_bad_save, "error": on_error, "prepared": on_prepared,
    "hint": learn.on_hint, "verified": learn.on_verified, "link": learn.on_link, "daily": table.on_daily,
    "review": replays.on_review, "review-progress": replays.on_review_progress, "replay": replays.on_replay, "record": replays.on_record, "sealed": on_sealed,
    "ahead": on_ahead,
}


# ---------------------------------------------------------------- the person

def on_command(app: App, act: str, data: "dict[str, Any] | None" = None) -> "Effects":
    handler = COMMANDS.get(act)
    if act != "knock":
        app.stage.confirm = None  # anything else done meanwhile takes the knock's question back
    return [] if handler is None else handler(app, data or {})


def play_now(app: App, data: "dict[str, Any]") -> "Effects":
    """The welcome's Play Gin Rummy / Play Basic Rummy: the standard game against the recommended opponent,
    started as if chosen in the set-up (remembered for Play again; a match in progress is given up first, if the
    person says so)."""
    game = data.get("game")
    if game not in ("gin", "rummy") or not app.setup.load(app.catalog.standard(game)):
        return []
    return table.start_from_setup(app)


def play_again(app: App, data: "dict[str, Any]") -> "Effects":
    """The welcome's Play again: the set-up last started from the new-game screen."""
    last = app.page.settings.get("last")
    if not isinstance(last, dict) or not app.setup.load(last):
        return []
    return table.start_from_setup(app)


def toggle_card(app: App, data: "dict[str, Any]") -> "Effects":
    m = app.match
    pos = data.get("pos", 0)
    if pos in m.selected:
        m.selected.discard(pos)
    else:
        m.selected.add(pos)
    core.say(app, "")
    return [("render",)]


def next_hand(app: App, data: "dict[str, Any]") -> "Effects":
    stage.leave_hand(app)
    return [("dialog", None)] + table.next_hand(app)


def game_act(act: str) -> "Command":
    """A game action's button (draw, discard, knock...): played, or explained."""
    return lambda app, data: hand.play(app, act, data)


def host_command(act: str) -> "Command":
    """A button of the host's lobby and seats (invite, reply, replace, copy-invite)."""
    def run(app: App, data: "dict[str, Any]") -> "Effects":
        from web.page.app import host

        return host.COMMANDS[act](app, data)

    return run


def copy_reply(app: App, data: "dict[str, Any]") -> "Effects":
    from web.page.app import guest

    return guest.copy_reply(app, data)


COMMANDS: "dict[str, Command]" = {
    "card": toggle_card,
    "start": lambda app, data: table.start_from_setup(app),
    "play": play_now,
    "play-again": play_again,
    "confirm-new": lambda app, data: table.confirm_new(app),
    "ready": lambda app, data: table.reveal(app),
    "next": next_hand,
    "show-result": stage.show_result,
    "details": stage.details,
    "score-card": stage.score_card,
    "knock-no": stage.cancel_knock,
    "sort": lambda app, data: hand.set_sort(app, str(data.get("sort", "suit"))),
    "cycle-sort": lambda app, data: hand.cycle_sort(app),
    "focus-hand": lambda app, data: [("focus", ".hand .card")],
    "tutorial": table.tutorial,
    "talk": talk,
    "copy-reply": copy_reply,
    "sealed-evidence": lambda app, data: _sealed_command(app, data),
}
for _act in ("invite", "reply", "replace", "copy-invite"):
    COMMANDS[_act] = host_command(_act)
for _part in (prefs.COMMANDS, learn.COMMANDS, replays.COMMANDS, seek.COMMANDS):
    for _act in _part:
        COMMANDS[_act] = _part[_act]
for _act in GAME_ACTS:
    COMMANDS[_act] = game_act(_act)


def on_key(app: App, key: str, ctx: "dict[str, Any]") -> "Effects":
    """A key: the replay viewer's while it shows, else the table's (a shortcut runs its command)."""
    if app.page.screen == "replay":
        return replays.replay_key(app, key, ctx)
    if key == "Escape" and not ctx.get("in_dialog") and stage.asking(app):
        return stage.cancel_knock(app, {})
    return hand.on_key(app, key, ctx)


def on_tick(app: App, name: str, token: int) -> "Effects":
    if name.startswith("stage"):
        return stage.on_tick(app, name, token)
    if name == "seek":
        return seek.on_tick(app, name, token)
    if name in ("sealed-wait", "sealed-away"):
        from web.page.app import sealedplay  # online play: imported when first needed

        if name == "sealed-wait":
            return sealedplay.on_tick(app, token)
        return sealedplay.on_away(app, token)
    return table.on_tick(app, name, token)


def on_change(app: App, name: str, value: str, checked: bool) -> "Effects":
    if app.online.role == "host" and (name.startswith("reply") or name == "same-network"):
        from web.page.app import host

        return host.change_reply(app, name, value) if name != "same-network" else \
            host.change_same_network(app, checked)
    if name == "same-network":
        return []
    if name == "seek-players":
        return seek.change_players(app, value)
    got = prefs.change(app, name, value, checked)
    return [] if got is None else got


# ---------------------------------------------------------------- online play's links

def on_rtc_offer(app: App, key: str, sdp: str, err: str) -> "Effects":
    from web.page.app import host

    return host.on_rtc_offer(app, key, sdp, err)


def on_rtc_accepted(app: App, key: str, ok: bool, err: str) -> "Effects":
    from web.page.app import host

    return host.on_rtc_accepted(app, key, ok, err)


def on_rtc_answer(app: App, key: str, sdp: str, err: str) -> "Effects":
    from web.page.app import guest

    return guest.on_rtc_answer(app, key, sdp, err)


def on_link_event(app: App, key: str, kind: str, data: str) -> "Effects":
    """A link to another page opened, brought a message, or closed: the guest's link to its host, or one of the
    host's links to its guests."""
    if app.online.role == "guest":
        from web.page.app import guest

        return guest.on_link_event(app, key, kind, data)
    from web.page.app import host

    return host.on_link_event(app, key, kind, data)


def on_qr(app: App, key: str, svg: str) -> "Effects":
    if app.online.role == "host":
        from web.page.app import host

        return host.on_qr(app, key, svg)
    from web.page.app import guest

    return guest.on_qr(app, key, svg)


def on_entropy(app: App, tag: "int | str", value: str) -> "Effects":
    """The runner's randomness: a deal's value on a guest's page (``tag`` the hand), or a seat's room secret on
    the host's (``tag`` "room" + the seat)."""
    if type(tag) is str:
        from web.page.app import host

        seat = tag[4:]
        if not (tag.startswith("room") and seat.isdigit() and app.online.role == "host"):
            return []
        return host.on_room_secret(app, int(seat), value)
    from web.page.app import guest

    return guest.on_entropy(app, int(tag), value)


def on_signal(app: App, name: str, kind: str, data: str, sender: str) -> "Effects":
    """An event of the relays (web/signal.js): a message in a room, a player looking for a game, a relay's
    state."""
    if kind == "ready" and app.seeker is not None:
        return seek.on_ready(app, data)
    if kind == "seeking":
        return seek.on_seeking(app, name, data, sender)
    if kind == "direct":
        return seek.on_direct(app, data, sender)
    if kind == "relay" or kind in ("ready", "unavailable"):
        return online.on_relay(app, name, kind, data)
    if app.online.role == "host" and app.host is not None and kind == "message":
        from web.page.app import host

        return host.on_signal(app, name, kind, data)
    if app.online.role == "guest" and app.guest is not None and kind == "message":
        from web.page.app import guest

        return guest.on_signal(app, name, kind, data)
    return []


ROUTES: "dict[str, Handler]" = {
    "start": on_start,
    "join": on_join,
    "engine": on_engine,
    "engine-status": table.on_engine_status,
    "command": on_command,
    "key": on_key,
    "drop": hand.on_drop,
    "change": on_change,
    "tick": on_tick,
    "landed": stage.on_landed,
    "dialog-closed": prefs.on_dialog_closed,
    "tab": prefs.on_tab,
    "past": replays.on_past,
    "rtc-offer": on_rtc_offer,
    "rtc-accepted": on_rtc_accepted,
    "rtc-answer": on_rtc_answer,
    "rtc-event": on_link_event,
    "qr": on_qr,
    "entropy": on_entropy,
    "signal-event": on_signal,
}
