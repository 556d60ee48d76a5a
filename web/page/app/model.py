"""The table app: its state, and :meth:`App.update`, which turns one message into a new state and effects.

Messages come from the person (clicks, keys, drags, form changes, all already turned into plain tuples by the
runner), from the engine (the protocol of :mod:`web.page.shared.protocol`), from timers and from other tabs.
``update`` never touches the browser: it returns *effects* (tuples) that the runner performs, so every path is
tested in CPython with no browser (``tests/test_page_app.py``). The table is drawn from the seat's view alone
(:mod:`web.page.shared.viewdata`); the page holds no rule and never reads an engine message's words to decide.

Messages (``(kind, ...)``):
    ("start", boot)                     boot: {"query", "settings", "stats", "match", "notices", "banner",
                                         "reduced_motion", "slot"}
    ("engine", msg)                     a message of the engine (already checked by the protocol)
    ("engine-status", event, detail)    "ready" | "failed" | "progress" from the worker link
    ("command", act, data)              a click or a shortcut: act is a button's data-act; data its details
    ("key", key, ctx)                   ctx: {"card_pos": int|None, "in_dialog": bool, "shift": bool}
    ("drop", src_kind, src_pos, where)  a drag that ended on a drop target (or on nothing: where "")
    ("change", name, value, checked)    a form field changed
    ("tick", name, token)               a timer fired
    ("dialog-closed",)
    ("tab", event)                      the other-tab state changed (see the runner)
Effects (``(kind, ...)``):
    ("send", msg) ("render",) ("timer", name, seconds, token) ("announce", text) ("focus", selector)
    ("dialog", html or None) ("save-match", slot, record) ("save-settings", settings) ("stats", op, args)
    ("set-aside-match", slot, why) ("look", look) ("copy", text) ("export",) ("import",)
    ("restart-engine",) ("log", text)
    ("motion", plan)                    how the next drawing moves (web.page.app.motion); performed with the render
    ("sound", name, volume, delay)      a sound effect (web/bridge.js synthesises it), volume 0-100, delay in s
Written in the Python both MicroPython and CPython run.
"""

from web.page.app import dialogs, looks, motion
from web.page.app.hand import GAME_ACTS, SHORTCUTS, Hand
from web.page.app.learn import Learn
from web.page.app.online import Online
from web.page.app.params import SPEEDS, game_config, speed_override
from web.page.app.replays import Replays
from web.page.app.screen import Screen
from web.page.app.setup import SetupState
from web.page.app.text import describe_event, headline, names_in, spoken
from web.page.formats import default_settings
from web.page.shared import online
from web.page.shared.cards import card_of, text_of
from web.page.shared.viewdata import Event, read_view

ME = 0
__all__ = ["SHORTCUTS", "App"]
DEFAULT_SETTINGS = default_settings()
LOOK_SETTINGS = ("speed", "contrast", "bigcards", "sound", "volume", "back", "fourcolor", "hints", "felt", "coach")
STALL_SECONDS = 12.0  # a move the engine has not answered by then: the engine is restarted from the last save
MAX_RESTARTS = 3
LOG_KEEP = 200


def seats_of(cfg):
    """Who sits where in a match config: its ``seats`` when people play, else the person (seat 0, "You") and
    the computer opponents."""
    seats = cfg.get("seats")
    if isinstance(seats, list):
        return seats
    out = [{"kind": "person", "name": "You"}]
    for pid in cfg.get("opponents") or []:
        out.append({"kind": "computer", "id": pid})
    return out


class App(Hand, Screen, Online, Learn, Replays):
    """The table app's whole state (plain data); its moves are in :class:`Hand`, its drawing in :class:`Screen`,
    online play (host and guest) in :class:`Online`."""

    def __init__(self, catalog):
        self.catalog = catalog
        self.query = {}
        self.slot = ""
        self.settings = dict(DEFAULT_SETTINGS)
        self.stats = {"games": {}, "opponents": {}}
        self.notices = []
        self.banner = ""
        self.screen = "setup"
        self.setup = SetupState(catalog)
        self.engine = "starting"  # "starting" | "ready" | "failed"
        self.restarts = 0
        self.view = None  # the seat's View, or None before the engine has dealt
        self.view_doc = None  # the view as the engine wrote it (kept with the save: the first paint after a reload)
        self.hint = {}
        self.save_data = None  # {"engine", "table"}: what the engine needs to go on
        self.meta = {"names": ["You"], "counted": 0, "match_counted": False, "log": []}
        self.order = []  # the hand order of the person whose hand shows
        self.orders = {}  # seat -> hand order of each person at this device (pass and play)
        self.cover = None  # pass and play: the seat the device goes to next, hands hidden until they tap
        self.selected = set()
        self.new_card = None
        self.message = ""
        self.level = "info"
        self.dialog = None
        self.confirm_reset = False
        self.embed_status = ""
        self.embed_snippet = ""
        self.waiting = None  # the request in flight: its type, e.g. "act"; no second one is sent meanwhile
        self.pending = None  # a command given before the engine was ready, done once it is
        self.next = None  # what comes next, as the engine said: "you" | "computer" | "deal" | "over"
        self.token = 0  # timers of an older state are ignored
        self.autoplay = False
        self.reduced_motion = False
        self.speed_q = None
        self.writable = True  # False when another tab holds the match
        self.pending_config = None  # a new game waiting for "start the new match?"
        self.offers = []  # names of unreadable values too big to keep aside, to offer as downloads
        self.import_plan = None  # {"problems", "changes"} of a file to import, for the player to confirm
        self.page_url = "./index.html"
        self.embedded = False  # in an iframe or asked for the embed layout: sound is off until turned on
        self.speech = {}  # seat -> [what the character said, table updates it stays]
        self.init_online()
        self.init_learn()
        self.init_replays()

    # ================================================================ the one entry point

    def update(self, msg):
        """Apply one message; return the effects to perform, in order."""
        kind = msg[0]
        handler = getattr(self, "on_" + kind.replace("-", "_"), None)
        if handler is None:
            return [("log", "the app has no handler for " + repr(kind))]
        return handler(*msg[1:])

    # ================================================================ starting

    def on_start(self, boot):
        out = []
        self.query = boot.get("query") or {}
        self.page_url = boot.get("url") or self.page_url
        self.reduced_motion = bool(boot.get("reduced_motion"))
        self.embedded = self.query.get("embed", "") not in ("", "0", "false") or bool(boot.get("framed"))
        self.speed_q = speed_override(self.query)
        self.autoplay = self.query.get("debug") == "autoplay"  # benchmarks: a computer player in seat 0 too
        self.slot = boot.get("slot", "")
        s = boot.get("settings")
        self.first_visit = boot.get("first") is True
        if isinstance(s, dict):
            for k in DEFAULT_SETTINGS:
                if k in s:
                    self.settings[k] = s[k]
        st = boot.get("stats")
        if isinstance(st, dict):
            self.stats = st
        self.notices = list(boot.get("notices") or [])
        self.offers = list(boot.get("offers") or [])
        self.banner = boot.get("banner") or ""
        self.setup = SetupState(self.catalog, self.settings.get("last"))
        cfg, err = game_config(self.query, self.catalog)
        if err:
            self.notices.append(err)
        record = boot.get("match")
        fragment = boot.get("hash") or ""
        if "j=" in fragment:  # an invite link: this page is a guest's (no engine, nothing saved)
            out += self.start_guest(fragment)
            out.append(("look", self.look()))
            return out
        if record is not None:
            self.adopt_record(record)
            out.append(("send", {"type": "resume", "save": self.save_data}))
            self.waiting = "resume"
            out.append(self.stall_timer())
        elif cfg is not None:
            out += self.start_match(cfg)
        elif self.embedded and not err:
            out += self.start_match(SetupState(self.catalog).config())  # an embed opens on a Gin game at once
        else:
            self.screen = "setup"
        out += self.replay_start(boot)
        out.append(("look", self.look()))
        out.append(("render",))
        if self.notices or self.offers:
            out += self.open("notice")
        return out

    def adopt_record(self, record):
        """A saved match from storage: draw it at once from its last view; the engine takes it over later."""
        self.save_data = {"engine": record["engine"], "table": record["table"]}
        meta = record["meta"]
        self.meta = {"names": list(meta["names"]), "counted": meta["counted"], "match_counted": meta["match_counted"],
                     "log": list(meta["log"])}
        self.orders = {}
        for s, texts in enumerate(record.get("orders") or []):
            self.orders[s] = [card_of(t) for t in texts]
        self.view = None
        self.view_doc = None
        self.cover = None
        doc = record.get("view")
        if doc is not None:
            try:
                self.view = read_view(doc)
                self.view_doc = doc
            except ValueError:
                self.view = None
        seat = self.view.seat if self.view is not None else 0
        self.order = list(self.orders.get(seat, []))
        if self.view is not None and self.pass_and_play() and self.view.in_hand:
            self.cover = seat  # after a reload the device may be in anyone's hands: the next player taps
        self.screen = "table"
        self.sync_order()
        guests = [i for i, s in enumerate(self.seats()) if s["kind"] == "guest"]
        if guests:  # an online match: the host's page came back; its friends are re-invited
            self.role = "host"
            for seat in guests:
                self.links[seat] = {"state": "dropped", "code": "", "link": "", "qr": "", "reply": "", "error": "",
                                    "name": self.names()[seat]}

    def start_match(self, cfg):
        """Ask the engine for a new match (``cfg``: game, opponents, rules, seed, and every seat when people play).
        With friends online, the lobby comes first (:meth:`Online.start_online`)."""
        if [s for s in seats_of(cfg) if s["kind"] == "guest"]:
            return self.start_online(cfg)
        self.meta = {"names": self.config_names(cfg), "counted": 0, "match_counted": False, "log": []}
        self.replay_new_match()
        self.speech = {}
        self.view = None
        self.view_doc = None
        self.save_data = None
        self.order = []
        self.orders = {}
        self.cover = None
        self.selected = set()
        self.new_card = None
        self.screen = "table"
        self.dialog = None
        self.next = None
        self.token += 1
        self.say("Dealing…")
        self.waiting = "new"
        return [("send", {"type": "new", "config": cfg}), self.stall_timer(), ("dialog", None)]

    def config_names(self, cfg):
        """The name of each seat of a match config: the people's own, the characters' (numbered when twice)."""
        names = []
        for seat in seats_of(cfg):
            if seat["kind"] != "computer":
                names.append(seat["name"])
                continue
            p = self.catalog.profile(cfg["game"], seat["id"])
            base = p["name"] if p else seat["id"]
            name, n = base, 2
            while name in names:
                name = base + " " + str(n)
                n += 1
            names.append(name)
        return names

    # ================================================================ the engine

    def on_engine_status(self, event, detail):
        if event == "ready":
            self.engine = "ready"
            return []
        if event == "failed":
            return self.engine_failed(str(detail.get("error", "")))
        return []

    def engine_failed(self, why):
        """The worker died, failed to start or stalled: start a new one from the last save (a few times)."""
        self.restarts += 1
        self.engine = "failed"
        self.waiting = None
        if self.restarts > MAX_RESTARTS:
            self.say("The game engine keeps stopping (" + why + "). Reload the page to try again.", "error")
            return [("render",), ("log", "engine failed: " + why)]
        self.say("The game engine stopped; starting it again from your last move…", "error")
        out = [("restart-engine",), ("log", "engine restarted: " + why)]
        if self.save_data is not None:
            out.append(("send", {"type": "resume", "save": self.save_data}))
            self.waiting = "resume"
            out.append(self.stall_timer())
        out.append(("render",))
        return out

    def on_engine(self, msg):
        kind = msg["type"]
        if kind == "hello":
            self.engine = "ready"
            return []
        if kind == "table":
            out = self.on_table(msg)
            return out + self.relay_table(msg) if self.role == "host" else out
        if kind == "prepared":
            return self.on_prepared(msg)
        if kind in ("refused", "stale") and self.role == "host" and self.relay_seat is not None:
            self.waiting = None
            return self.relay_refusal(msg)
        if kind == "refused":
            self.waiting = None
            if self.view is None or msg["step"] != self.view.step:
                return []
            self.say(self.refusal_words(msg), "error")
            return [("motion", self.refused_motion()), ("render",)]
        if kind == "stale":
            self.waiting = None
            return []
        if kind == "bad-save":
            return self.save_refused(msg["why"])
        for part in (self.learn_reply, self.replay_reply):
            got = part(msg)
            if got is not None:
                return got
        if kind == "error":
            out = [("log", "engine: " + str(msg.get("code")) + ": " + str(msg.get("error")))]
            if self.waiting == "new" and msg.get("code") == "bad-config":
                self.waiting = None
                self.screen = "setup"
                self.setup.error = "That game could not start: " + str(msg.get("error")) + "."
                out.append(("render",))
            return out
        return []

    def refusal_words(self, msg):
        """What to tell the person about a refused move: the engine's reason, with names for seats."""
        names = self.names()
        if msg["code"] == "not-your-turn" and self.view is not None and self.view.turn is not None:
            return "It is not your turn: " + names[self.view.turn] + " is playing."
        return names_in(msg["message"], names)

    def save_refused(self, why):
        """The engine could not read the saved match: it is set aside, and the game starts clean."""
        self.waiting = None
        self.view = None
        self.view_doc = None
        self.save_data = None
        self.screen = "setup"
        self.notices.append("Your saved game could not be read (" + why.rstrip(".") + "). It was kept aside; "
                            "the game starts clean.")
        self.dialog = "notice"
        return [("set-aside-match", self.slot, why), ("render",),
                ("dialog", dialogs.notice_html("Please note", self.notices), "notice")]

    def on_table(self, msg):
        try:
            view = read_view(msg["view"])
            events = [Event(e, "events") for e in msg["events"]]
        except ValueError as e:
            return [("log", "a table message was dropped: " + str(e))]
        out = []
        before = self.view
        by = msg["by"]
        me = view.seat  # the person whose view this is: seat 0, or, in pass and play, the one to act
        mine = before  # this person's previous view (for what their hand gained)
        if before is not None and before.seat != me:  # pass and play: another person's turn
            self.orders[before.seat] = list(self.order)
            self.order = list(self.orders.get(me, []))
            mine = None
        resumed = self.waiting == "resume"
        dealt = self.waiting in ("new", "deal") or (
            self.role == "guest" and view.in_hand and (before is None or before.hand_number != view.hand_number))
        self.view = view
        self.view_doc = msg["view"]
        self.hint = msg["hint"]
        if self.role != "guest":
            self.save_data = msg["save"]
        self.learn_table(msg)
        self.next = msg["next"]
        self.waiting = None
        self.engine = "ready"
        self.restarts = 0
        self.token += 1
        if self.message in ("Dealing…", "Getting the game ready…") or by == me or mine is None:
            self.say("")
        names = self.names()
        new_hand = before is not None and before.hand_number != view.hand_number
        if view.in_hand and (new_hand or (before is None and not self.meta["log"])):
            self.log_line("Hand " + str(view.hand_number) + ": " + names[view.dealer] + " dealt.")
        self.learn_log()
        lines = [describe_event(e, names) for e in events]
        for t in lines:
            self.log_line(t)
        ended = before is not None and before.in_hand and not view.in_hand
        if ended and view.results:
            h = headline(view.results[-1], names)
            self.log_line(h)
            lines.append(h)
        if (by is not None and by != me) or ended:
            out.append(("announce", spoken(" ".join(lines))))
        # the hand
        drew = [e for e in events if e.seat == me and e.kind in ("draw stock", "draw discard")]
        if by == me and drew and mine is not None:
            before_hand = list(mine.hand)
            added = [c for c in view.hand if c not in before_hand]
            self.new_card = added[0] if added else None
        elif by == me or mine is None or new_hand:
            self.new_card = None
        if by == me or mine is None or new_hand:
            self.selected = set()
        self.sync_order()
        if not view.in_hand:
            self.cover = None  # the end of a hand shows everything, as at a real table
        elif self.pass_and_play() and (mine is None or new_hand):
            self.cover = me  # the device goes to the next person: every hand stays hidden until they tap
        out += self.stage(view, events, dealt, ended, me)
        out += self.count_results()
        if self.writable and self.save_data is not None:
            out.append(("save-match", self.slot, self.record()))
        # what comes next
        if self.next == "computer" and self.lesson_waits():
            pass  # the guided hand: the opponent moves when the learner presses Continue
        elif self.next == "computer" or (self.next == "you" and self.autoplay and self.role == "local"):
            wait = self.delay()
            if dealt and wait > 0:
                wait += self.deal_seconds(view)  # the first move waits for the deal to land
            out.append(("timer", "advance", wait, self.token))
        elif self.next in ("deal", "over") and ended:
            looking_back = self.replay_hand_over()  # the coach and the history: asked now, sent once drawn
            if self.autoplay and self.next == "deal":
                out.append(("timer", "deal", 0.0, self.token))
            else:
                out += self.open("end")
            out += looking_back
        elif self.next == "over" and resumed:
            out += self.keep_finished_match()  # a finished match opened from its save: is it in the history?
        out.append(("render",))
        if self.cover is not None:
            out.append(("focus", "[data-act=ready]"))
        elif self.next == "you":
            out += self.run_pending()
            if not self.dialog:
                out.append(("focus", ".hand .card"))
        return out

    def seats(self):
        """Who sits where in this match (see :func:`seats_of`); a guest knows it from the host's welcome."""
        if self.save_data is None:
            return list(self.table_config["seats"]) if self.table_config is not None else []
        return seats_of(self.save_data["table"]["config"])

    def pass_and_play(self):
        """True when two or more people share this device in this match."""
        return len([s for s in self.seats() if s["kind"] == "person"]) > 1

    def reveal(self):
        """The person the device was passed to taps: their hand shows."""
        if self.cover is None:
            return []
        self.cover = None
        out = [("render",)]
        if self.next == "you":
            out += self.run_pending()
            out.append(("focus", ".hand .card"))
        return out

    def stage(self, view, events, dealt, ended, me):
        """How this update moves, sounds and what the characters say (:mod:`web.page.app.motion`), seen from
        seat ``me`` (the person whose view this is)."""
        out = [("motion", motion.table_plan(view, events, dealt, self.new_card))]
        ids = motion.ids_by_seat(self.seats())
        if dealt:
            self.speech = {}
        said = motion.speech(view, events, ended, ids, me, view.step)
        self.speech = motion.age_speech(self.speech, said)
        out[0][1]["pop"] = ["[data-testid=speech-" + str(s) + "]" for s in sorted(said)]
        if looks.sound_on(self.settings, self.embedded):
            vol = self.settings.get("volume", 70)
            for name, at in motion.sounds(view, events, dealt, ended, me):
                out.append(("sound", name, vol, at))
        return out

    def motion_ms(self):
        return looks.motion_ms(self.settings.get("speed"), self.speed_q, self.reduced_motion)

    def deal_seconds(self, view):
        """How long the shuffle and the deal take on screen (web/bridge.js times them the same way)."""
        ms = self.motion_ms()
        if not ms:
            return 0.0
        cards = len(view.hand) * view.players
        return (ms * 2 + cards * ms * 0.12 + ms) / 1000.0

    def look(self):
        """What the page's look needs: the settings, the motion's pace, and whether sound is on."""
        out = dict(self.settings)
        out["motion"] = self.motion_ms()
        out["sound_on"] = looks.sound_on(self.settings, self.embedded)
        return out

    def refused_motion(self):
        """A refused move: a dragged card goes back, the selected cards shake."""
        plan = motion.new_plan()
        plan["snap"] = True
        plan["shake"] = [".hand .card.selected"]
        return plan

    def count_results(self):
        """Hands and a match finished since the last count go into the statistics (once each): for the player
        against the computer, or for each person at this device by name when people play together."""
        v = self.view
        out = []
        opps = list(self.save_data["table"]["opponents"]) if self.save_data else []
        counted = self.counted_seats()
        while self.meta["counted"] < len(v.results):
            r = v.results[self.meta["counted"]]
            for seat, person in counted:
                knocked = r.knock is not None and r.knock.knocker == seat
                out.append(("stats", "hand", [v.game, opps, r.end, r.winner, r.points[seat], seat, person, knocked,
                                              r.knock.deadwood[seat] if knocked else None]))
            self.meta["counted"] += 1
        if v.phase == "match-over" and not self.meta["match_counted"] and v.match is not None:
            lowest = v.game == "rummy" and v.rules.get("scoring") == "penalty"
            assisted = bool(self.extras.get("assisted"))
            for seat, person in counted:
                out.append(("stats", "match", [v.game, opps, list(v.match.final), v.match.winner, lowest, seat,
                                               person, assisted]))
            daily = self.extras.get("daily")
            if isinstance(daily, dict) and counted == [(0, "")]:
                final = list(v.match.final)
                best_other = max(final[1:]) if len(final) > 1 else 0
                out.append(("stats", "daily", [v.game, str(daily["date"]), v.match.winner == 0, final[0],
                                               final[0] - best_other]))
            self.meta["match_counted"] = True
        return out

    def counted_seats(self):
        """Whose statistics a match counts in: ``[(seat, name)]`` for each person at this device when people
        play together (online, the host), else ``[(0, "")]`` (the player against the computer)."""
        seats = self.seats()
        if self.role == "guest":
            return [(self.my_seat, self.my_name())] if self.my_seat is not None and self.my_name() else []
        if not [s for s in seats if s["kind"] != "computer"][1:]:
            return [(0, "")]
        return [(i, s["name"]) for i, s in enumerate(seats) if s["kind"] == "person"]

    def record(self):
        """The match as stored: what the engine needs to go on, the page's own data, and the last view."""
        self.meta["log"] = self.meta["log"][-LOG_KEEP:]
        if self.view is not None:
            self.orders[self.view.seat] = list(self.order)
        players = self.view.players if self.view is not None else len(self.meta["names"])
        orders = [[text_of(c) for c in self.orders.get(s, [])] for s in range(players)]
        return {"engine": self.save_data["engine"], "table": self.save_data["table"], "meta": self.meta,
                "view": self.view_doc, "orders": orders}

    # ================================================================ timers

    def on_tick(self, name, token):
        if name == "stall":
            if self.waiting is None or token != self.token:
                return []
            if self.role == "guest":  # the host's page is slow or gone: the link says which
                return [("log", "the host has not answered yet")]
            if self.engine != "ready":  # still starting: the worker link reports a start that fails
                return [self.stall_timer()]
            return self.engine_failed("it did not answer within " + str(int(STALL_SECONDS)) + " seconds")
        if token != self.token or self.view is None:
            return []
        if name == "advance" and self.waiting is None:
            if self.next == "computer":
                return self.request({"type": "advance", "step": self.view.step}, "advance")
            if self.next == "you" and self.autoplay:
                return self.request({"type": "advance", "step": self.view.step, "auto": True}, "advance")
        if name == "deal" and self.next == "deal":
            return self.deal()
        return []

    def stall_timer(self):
        return ("timer", "stall", STALL_SECONDS, self.token)

    def request(self, msg, what):
        """Send a request the engine answers with one message; no other is sent until it does. A guest's page
        has no engine: its moves go to the host's page, whose engine answers."""
        self.waiting = what
        if self.role == "guest":
            if msg["type"] != "act":
                self.waiting = None
                return []
            text = online.encode("act", {"action": msg["action"], "step": msg["step"]})
            return [("rtc", "send", "host", text), self.stall_timer(), ("render",)]
        return [("send", msg), self.stall_timer(), ("render",)]

    def delay(self):
        if self.speed_q is not None:
            return self.speed_q
        if self.reduced_motion:
            return 0.0
        return SPEEDS.get(str(self.settings.get("speed")), 0.7)

    # ================================================================ the person

    def on_command(self, act, data=None):
        data = data or {}
        if act == "card":
            pos = data.get("pos", 0)
            if pos in self.selected:
                self.selected.discard(pos)
            else:
                self.selected.add(pos)
            self.say("")
            return [("render",)]
        if act == "new":
            self.screen = "setup"
            return [("render",), ("focus", "#setup-title")]
        if act == "start":
            return self.start_from_setup()
        if act == "confirm-new":
            return self.confirm_new()
        if act == "ready":
            return self.reveal()
        if act == "back-to-game":
            self.screen = "table"
            return [("render",)]
        if act == "setup-more":
            self.setup.more = not self.setup.more
            return [("render",)]
        if act in ("scores", "stats", "settings", "embed", "help", "moves"):
            if act == "scores" and self.view is None:
                return []
            return self.open(act)
        if act == "close":
            return [("dialog", None)] + self.on_dialog_closed()
        if act == "stats-reset":
            self.confirm_reset = True
            return self.open("stats")
        if act == "stats-reset-no":
            self.confirm_reset = False
            return self.open("stats")
        if act == "stats-reset-yes":
            self.confirm_reset = False
            self.stats = {"games": {}, "opponents": {}}
            return [("stats", "reset", [])] + self.open("stats")
        if act == "copy-embed":
            return [("copy", self.embed_snippet)]
        if act == "copied":
            self.embed_status = "Copied." if data.get("ok") else \
                "Copy did not work here: select the snippet and press Ctrl+C."
            if self.dialog == "replay-link":
                return self.replay_copied(data.get("ok"))
            if self.dialog == "share":
                self.share["status"] = "Copied." if data.get("ok") else \
                    "Copy did not work here: select the text and press Ctrl+C."
                return self.open("share")
            return self.open("embed") if self.dialog == "embed" else []
        if act in ("export", "import", "download-game"):
            return [(act,)]
        if act == "stun-defaults" and self.dialog == "settings":
            return self.default_stun()
        if act == "download-aside":
            self.offers = []
            return [("download-aside",)] + self.open("notice")
        if act == "import-plan":
            self.import_plan = data
            return self.open("import")
        if act == "import-apply":
            return [("import-apply",), ("dialog", None)]
        if act == "next":
            return [("dialog", None)] + self.next_hand()
        if act == "show-result":
            return self.open("end")
        if act == "sort":
            return self.set_sort(data.get("sort", "suit"))
        if act == "cycle-sort":
            modes = ["suit", "rank"] + (["melds"] if self.view is not None and self.view.game == "gin" else [])
            cur = self.settings.get("sort")
            return self.set_sort(modes[(modes.index(cur) + 1) % len(modes)] if cur in modes else "suit")
        if act == "focus-hand":
            return [("focus", ".hand .card")]
        if act == "play-here":
            return [("claim-tab",)]
        for part in (self.online_command, self.learn_command, self.replay_command):
            got = part(act, data)
            if got is not None:
                return got
        if act in GAME_ACTS:
            return self.play(act, data)
        return []

    def start_from_setup(self):
        why = self.setup.problem()
        if why is not None:
            self.setup.error = why
            return [("render",), ("focus", "#setup-title")]
        cfg = self.setup.config()
        last = dict(cfg)
        last.pop("practice", None)  # a practice game is chosen each time
        self.settings["last"] = last
        out = [("save-settings", self.settings)]
        if self.match_in_progress():
            self.pending_config = cfg
            return out + self.open("confirm-new")
        return out + self.start_match(cfg) + [("render",)]

    def confirm_new(self):
        cfg = self.pending_config or self.setup.config()
        out = []
        if self.match_in_progress():
            opps = list(self.save_data["table"]["opponents"]) if self.save_data else []
            game = self.view.game if self.view else self.save_data["table"]["config"]["game"]
            for seat, person in self.counted_seats():
                out.append(("stats", "abandoned", [game, opps, seat, person]))
        self.pending_config = None
        if "tutorial" in cfg:
            return out + self.start_tutorial(cfg["tutorial"])
        return out + self.start_match(cfg) + [("render",)]

    def match_in_progress(self):
        return self.save_data is not None and (self.view is None or self.view.phase != "match-over")

    def next_hand(self):
        if self.view is None or self.role == "guest":
            return []  # a guest's host deals
        if self.role == "host" and self.view.phase != "match-over":
            return self.host_next_hand()
        if self.view.phase == "match-over":
            cfg = dict(self.save_data["table"]["config"]) if self.save_data else self.setup.config()
            cfg["seed"] = None
            return self.start_match(cfg) + [("render",)]
        return self.deal()

    def deal(self):
        if self.view is None or self.next != "deal" or self.waiting is not None:
            return []  # a second click on "Next hand" finds the deal already asked for
        self.dialog = None
        self.selected = set()
        self.new_card = None
        self.say("")
        return self.request({"type": "deal", "step": self.view.step}, "deal")


    # ----- keys and drags -----


    # ----- forms and dialogs -----

    def on_change(self, name, value, checked):
        if self.dialog == "settings" and name in LOOK_SETTINGS:
            return self.change_setting(name, value, checked)
        if self.dialog == "settings" and name == "stun":
            return self.change_stun(value)
        net = self.online_change(name, value, checked)
        if net is not None:
            return net
        if self.screen == "setup":
            self.setup.change(name, value, checked)
            return [("render",)]
        return []


    def change_setting(self, name, value, checked):
        """One field of the Settings dialog: stored, applied to the page, and heard (sound and volume)."""
        if name == "speed":
            if value not in SPEEDS:
                return []
            self.settings["speed"] = value
        elif name == "volume":
            try:
                self.settings["volume"] = max(0, min(100, int(value)))
            except ValueError:
                return []
        elif name in ("back", "felt"):
            if value not in (looks.BACK_IDS if name == "back" else looks.FELT_IDS):
                return []
            self.settings[name] = value
        else:
            self.settings[name] = checked
        out = [("save-settings", self.settings), ("look", self.look())]
        if name in ("back", "hints", "fourcolor", "bigcards"):
            out.append(("render",))
        if name in ("sound", "volume") and looks.sound_on(self.settings, self.embedded):
            out.append(("sound", "draw", self.settings.get("volume", 70), 0.0))
        return out

    # ----- other tabs -----

    def on_tab(self, event):
        """The runner's two-tab state: ``{"writable": bool, "notice": str}``."""
        self.writable = bool(event.get("writable", True))
        return [("render",)]

    # ================================================================ drawing


