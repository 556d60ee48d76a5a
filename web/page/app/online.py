"""Online play on the page: the host's lobby, invites and relay, and the guest's side. Part of
:class:`web.page.app.model.App`.

**Host.** A new game with seats for friends online (``"guest"``) opens the *lobby*: for each friend the page
makes a WebRTC offer (web/rtc.js through the runner's ``rtc`` effects), packs it into an invite link
(web.page.app.invite) and a QR code, and waits for the friend's reply code, which the host pastes. When every
friend's page has said hello, the deal is prepared: the engine commits to a secret, each guest sends a random
value, and the match is dealt from both (web.worker.online). From then on the host's page relays: each guest gets
its own seat's view (the engine's SeatView, and nothing else) after every move, and sends its moves, which the
engine checks like any other (a refusal goes back to that guest with the engine's reason). A guest who drops is
shown as such; the host re-invites (a new link for the same seat) or lets a computer opponent take the seat.

**Guest.** A page opened from an invite link (``#j=...``) starts no engine: it shows the table's game, rules and
players, makes its reply code, and once connected draws the table from the views the host sends. It checks every
deal it saw from the start (web.page.shared.online.check_deal) and says "Deal verified", or warns loudly.

Messages (see :mod:`web.page.app.model`): ``("rtc-offer", key, sdp, err)``, ``("rtc-answer", key, sdp, err)``,
``("rtc-accepted", key, ok, err)``, ``("rtc-event", key, kind, data)``, ``("qr", key, svg)``,
``("entropy", hand, value)``. Effects: ``("rtc", op, ...)`` (op: "configure", "offer", "answer", "accept",
"send", "close"), ``("qr", key, text)``, ``("entropy", hand)``, ``("reload",)``.
Written in the Python both MicroPython and CPython run.
"""

from web.page.formats import DEFAULT_STUN, MAX_STUN, stun_problem
from web.page.shared import online
from web.page.shared.viewdata import read_view

NET = online.NET
REPLACEMENT = {"gin": "ada", "rummy": "tilly"}  # the computer opponent that takes a dropped guest's seat


def key_of(seat):
    return "seat" + str(seat)


def seat_of(key):
    return int(key[4:]) if key.startswith("seat") and key[4:].isdigit() else None


class Online:
    """The online part of the app's state machine (host and guest)."""

    def init_online(self):
        self.role = "local"  # "local" | "host" | "guest"
        self.links = {}  # host: seat -> {"state", "code", "link", "qr", "reply", "error", "name"}
        self.online_cfg = None  # host: the config of the match being set up in the lobby
        self.deal_wait = None  # host: {"hand", "commitment", "dealer", "values": {seat: value}} while dealing
        self.relay_seat = None  # host: the guest whose move is with the engine
        self.guest_queue = []  # host: guests' moves that came while another request was with the engine
        self.last_guests = {}  # host: each guest's last view and hint, for a guest who rejoins
        self.last_fair = None  # host: the deal's proof of the last table message
        self.talk = {}  # seat -> index of QUICK: the last quick message of each player
        self.invite = None  # guest: the invite link's parts
        self.join = {"state": "new", "code": "", "qr": "", "error": ""}  # guest: its side of the link
        self.my_seat = None  # guest: its seat (from the host's welcome)
        self.table_config = None  # guest: {"game", "rules", "seats"} from the host's welcome
        self.promised = {}  # guest: hand -> {"commitment", "dealer"} before it gave its value
        self.my_values = {}  # guest: hand -> the value it gave
        self.first_seen = {}  # guest: hand -> what it saw at the deal
        self.deal_checks = {}  # guest: hand -> (ok, words)
        self.same_network = False  # the host's choice in the lobby: no STUN server for this table
        self.stun_note = ""  # Settings: addresses left out of the STUN list, said once

    # ================================================================ who sits where

    def guest_seats(self):
        return [i for i, s in enumerate(self.seats()) if s["kind"] == "guest"]

    def online_seats(self):
        """The seat plan of the match or of the table being set up."""
        if self.save_data is not None:
            return self.seats()
        if self.online_cfg is not None:
            return self.online_cfg["seats"]
        if self.table_config is not None:
            return self.table_config["seats"]
        return []

    # ================================================================ host: the lobby

    def start_online(self, cfg):
        """A new match with friends online: open the lobby and invite each friend's seat."""
        self.role = "host"
        self.online_cfg = cfg
        self.meta = {"names": [s.get("name") or "" for s in cfg["seats"]], "counted": 0, "match_counted": False,
                     "log": []}
        for i, s in enumerate(cfg["seats"]):
            if s["kind"] == "computer":
                p = self.catalog.profile(cfg["game"], s["id"])
                self.meta["names"][i] = p["name"] if p else s["id"]
        self.view = None
        self.view_doc = None
        self.save_data = None
        self.order = []
        self.orders = {}
        self.cover = None
        self.deal_wait = None
        self.next = None
        self.token += 1
        self.screen = "lobby"
        self.dialog = None
        out = [("rtc", "configure", self.stun_json()), ("dialog", None)]
        kept = {}
        for seat in range(len(cfg["seats"])):
            if cfg["seats"][seat]["kind"] != "guest":
                continue
            link = self.links.get(seat)
            if link is not None and link["state"] == "ready" and link["name"] == self.names()[seat]:
                kept[seat] = link  # a new match with the same friends: they are still at the table
            else:
                if link is not None:
                    out.append(("rtc", "close", key_of(seat)))
                out += self.invite_seat(seat)
                kept[seat] = self.links[seat]
        self.links = kept
        return out + self.maybe_deal() + [("render",)]

    def stun_servers(self):
        """The STUN servers online play uses: none on the same network only, else those of Settings (null: the
        defaults). Given to the browser only while a table is online (the lobby, a guest's page)."""
        if self.same_network:
            return []
        listed = self.settings.get("stun")
        return list(DEFAULT_STUN) if listed is None else [a for a in listed if stun_problem(a) is None]

    def stun_json(self):
        servers = [{"urls": u} for u in self.stun_servers()]
        parts = ['{"urls": "' + s["urls"].replace('"', "") + '"}' for s in servers]
        return "[" + ", ".join(parts) + "]"

    def invite_seat(self, seat):
        """Make (or make again) the invite of a guest's seat: a new offer, a new link."""
        name = self.names()[seat]
        self.links[seat] = {"state": "making", "code": "", "link": "", "qr": "", "reply": "", "error": "",
                            "name": name}
        return [("rtc", "offer", key_of(seat))]

    def on_rtc_offer(self, key, sdp, err):
        from web.page.shared import rtc  # online play's modules: imported when first needed

        seat = seat_of(key)
        link = self.links.get(seat)
        if link is None or self.role != "host":
            return [("rtc", "close", key)]
        if not sdp:
            link["state"] = "error"
            link["error"] = "The invite could not be made (" + str(err) + ")."
            return [("render",)]
        try:
            code = rtc.pack(sdp, "offer")
        except ValueError as e:
            link["state"] = "error"
            link["error"] = "The invite could not be made (" + str(e) + ")."
            return [("render",), ("log", "offer not packed: " + str(e))]
        link["code"] = code
        link["link"] = self.invite_link(seat, code)
        link["state"] = "inviting"
        return [("qr", key, link["link"]), ("render",)]

    def invite_link(self, seat, code):
        from web.page.app.invite import invite_fragment  # imported when first needed

        seats = self.online_seats()
        cfg = self.online_cfg or (self.save_data["table"]["config"] if self.save_data else {})
        rules = dict(cfg.get("rules") or {})
        preset = str(rules.pop("preset", "cardgames"))
        changes = []
        for name in sorted(rules):
            v = rules[name]
            changes.append((name, "null" if v is None else ("true" if v is True else ("false" if v is False
                                                                                       else str(v)))))
        kinds = [s["kind"] for s in seats]
        kinds[0] = "person"
        base = self.page_url.split("#")[0].split("?")[0]
        return base + "#" + invite_fragment(code, seat, cfg.get("game", "gin"), self.names(), kinds, preset, changes)

    def on_qr(self, key, svg):
        if self.role == "host":
            link = self.links.get(seat_of(key))
            if link is not None:
                link["qr"] = svg
        elif key == "host":
            self.join["qr"] = svg
        return [("render",)]

    def host_reply(self, seat, text):
        """The host pasted a friend's reply code: connect."""
        from web.page.shared import rtc  # online play's modules: imported when first needed

        link = self.links.get(seat)
        if link is None:
            return []
        text = (text or link.get("reply") or "").strip()
        link["reply"] = text
        if "#" in text or "/" in text:
            link["error"] = "That is an invite link, not a reply code: send it to your friend, and paste here " \
                            "the code their page shows."
            return [("render",)]
        try:
            kind, sdp = rtc.unpack(text)
        except ValueError:
            link["error"] = "That is not a reply code. Ask " + link["name"] + " to copy the whole code."
            return [("render",)]
        if kind != "answer":
            link["error"] = "That is an invite code, not a reply code."
            return [("render",)]
        link["error"] = ""
        link["state"] = "connecting"
        return [("rtc", "accept", key_of(seat), sdp), ("render",)]

    def on_rtc_accepted(self, key, ok, err):
        link = self.links.get(seat_of(key))
        if link is None:
            return []
        if not ok:
            link["state"] = "inviting"
            link["error"] = "The reply code did not work (" + str(err) + "). Ask for it again."
        return [("render",)]

    # ================================================================ both: link events

    def on_rtc_event(self, key, kind, data):
        if self.role == "guest":
            return self.guest_link_event(kind, data)
        seat = seat_of(key)
        link = self.links.get(seat)
        if link is None:
            return [("log", "an event of an unknown link " + str(key))]
        if kind == "open":
            link["state"] = "open"  # hello comes next
            return [("render",)]
        if kind == "message":
            return self.host_message(seat, data)
        link["state"] = "dropped"
        link["error"] = ""
        name = link["name"]
        self.say(name + " disconnected.", "error")
        return self.after_drop(seat) + [("announce", name + " disconnected."), ("render",)]

    def after_drop(self, seat):
        if self.deal_wait is not None:
            self.deal_wait["values"].pop(seat, None)
        return []

    # ================================================================ host: what guests send

    def host_message(self, seat, text):
        msg, why = online.decode(text, online.TO_HOST)
        if why == "version" and msg is not None:
            return [self.to_guest(seat, "reload", {"why": "This page is another version of the game than "
                                                         + self.names()[0] + "'s."}),
                    ("log", "guest " + str(seat) + " has another protocol")]
        if msg is None:
            return [("log", "a message from seat " + str(seat) + " was dropped: " + str(why))]
        t = msg["t"]
        link = self.links[seat]
        if t == "hello":
            if msg["net"] != NET:
                return [self.to_guest(seat, "reload", {"why": "another version"})]
            link["state"] = "ready"
            return self.welcome(seat)
        if link["state"] != "ready":
            return [("log", "seat " + str(seat) + " spoke before hello")]
        if t == "act":
            return self.guest_act(seat, msg)
        if t == "entropy":
            return self.guest_entropy(seat, msg)
        if t == "talk":
            return self.table_talk(seat, msg["say"])
        return []

    def to_guest(self, seat, kind, fields):
        return ("rtc", "send", key_of(seat), online.encode(kind, fields))

    def welcome(self, seat):
        """A guest's page said hello: who sits where, the rules, and the table if the match is on."""
        seats = self.online_seats()
        cfg = self.online_cfg or self.save_data["table"]["config"]
        out = [self.to_guest(seat, "welcome", {"seat": seat, "names": self.names(), "game": cfg["game"],
                                               "rules": dict(cfg.get("rules") or {}),
                                               "seats": [s["kind"] for s in seats], "build": ""})]
        self.say(self.names()[seat] + " joined.")
        out.append(("announce", self.names()[seat] + " joined."))
        if self.save_data is None:  # still in the lobby
            out += self.maybe_deal()
        else:
            last = self.last_guests.get(str(seat))
            if last is not None:
                out.append(self.guest_table(seat, last, [], None))
            if self.deal_wait is not None:
                out.append(self.to_guest(seat, "commit", self.commit_fields()))
        return out + [("render",)]

    def all_ready(self):
        return all(self.links.get(s, {}).get("state") == "ready" for s in self.guest_seats_of_plan())

    def guest_seats_of_plan(self):
        return [i for i, s in enumerate(self.online_seats()) if s["kind"] == "guest"]

    def maybe_deal(self):
        """In the lobby: once every friend is at the table, the first deal is prepared."""
        if self.save_data is None and self.online_cfg is not None and self.all_ready() and \
                self.deal_wait is None and self.waiting is None:
            return self.prepare_deal(len(self.online_cfg["seats"]))
        return []

    def prepare_deal(self, players):
        """Ask the engine to commit to the next deal (``players`` for a new match, None for the next hand)."""
        self.deal_wait = {"hand": 1 if players else (self.view.hand_number + 1 if self.view else 1),
                          "commitment": "", "dealer": None, "values": {}, "players": players}
        self.say("Shuffling with your friends…")
        return self.request({"type": "prepare", "players": players}, "prepare")

    def on_prepared(self, msg):
        w = self.deal_wait
        self.waiting = None
        if w is None:
            return []
        w["commitment"] = msg["commitment"]
        w["dealer"] = msg["dealer"]
        out = []
        for seat in self.guest_seats_of_plan():
            if self.links.get(seat, {}).get("state") == "ready":
                out.append(self.to_guest(seat, "commit", self.commit_fields()))
        return out + self.deal_if_ready() + [("render",)]

    def commit_fields(self):
        w = self.deal_wait
        return {"hand": w["hand"], "commitment": w["commitment"], "dealer": w["dealer"]}

    def guest_entropy(self, seat, msg):
        w = self.deal_wait
        if w is None or msg["hand"] != w["hand"] or not w["commitment"]:
            return [("log", "a value for no deal from seat " + str(seat))]
        w["values"][seat] = msg["value"]
        return self.deal_if_ready()

    def deal_if_ready(self):
        """Every guest at the table has given its value: deal from the secret and the values."""
        w = self.deal_wait
        if w is None or not w["commitment"] or self.waiting is not None:
            return []
        wanted = [s for s in self.guest_seats_of_plan() if s not in self.replaced_seats()]
        if any(s not in w["values"] for s in wanted):
            return []
        values = [w["values"][s] for s in wanted]
        self.deal_wait = None
        if w["players"]:
            cfg = dict(self.online_cfg)
            cfg["contributions"] = values
            self.online_cfg = None
            self.screen = "table"
            self.waiting = "new"
            self.say("Dealing…")
            return [("send", {"type": "new", "config": cfg}), self.stall_timer(), ("render",)]
        return self.request({"type": "deal", "step": self.view.step, "contributions": values}, "deal")

    def replaced_seats(self):
        return [i for i, s in enumerate(self.online_seats()) if s["kind"] == "computer"]

    def guest_act(self, seat, msg):
        """A guest's move: the engine checks it for that seat (the guest cannot name another)."""
        if self.view is None:
            return [self.to_guest(seat, "refused", {"code": "no-match", "message": "The match has not started.",
                                                    "params": {}, "step": msg["step"]})]
        if self.waiting is not None:
            self.guest_queue.append((seat, msg))
            return []
        self.relay_seat = seat
        return self.request({"type": "act", "action": msg["action"], "step": msg["step"], "seat": seat}, "act")

    def next_guest_move(self):
        """A guest's move that waited for the engine: now."""
        if self.waiting is not None or not self.guest_queue:
            return []
        seat, msg = self.guest_queue.pop(0)
        return self.guest_act(seat, msg)

    def relay_refusal(self, msg):
        """The engine refused a guest's move: the reason goes to that guest only."""
        seat = self.relay_seat
        self.relay_seat = None
        if seat is None:
            return None
        fields = {"code": msg.get("code", "stale"), "message": msg.get("message", "That move came too late."),
                  "params": msg.get("params", {}), "step": msg["step"]}
        return [self.to_guest(seat, "refused", fields), ("render",)] + self.next_guest_move()

    def relay_table(self, msg):
        """After every table message: each guest at the table gets its own view, and the deal's proof."""
        self.relay_seat = None
        guests = msg.get("guests") or {}
        self.last_guests = guests
        self.last_fair = msg.get("fair")
        out = []
        for key in guests:
            seat = int(key)
            if self.links.get(seat, {}).get("state") == "ready":
                out.append(self.guest_table(seat, guests[key], msg["events"], msg["by"]))
        return out + self.next_guest_move()

    def guest_table(self, seat, payload, events, by):
        v = self.view
        if v is None or not v.in_hand:
            nxt = "over" if v is not None and v.phase == "match-over" else "deal"
        else:
            nxt = "you" if v.turn == seat else "wait"
        return self.to_guest(seat, "table", {"view": payload["view"], "hint": payload["hint"], "events": events,
                                             "by": by, "next": nxt, "names": self.names(), "fair": self.last_fair})

    def host_next_hand(self):
        """The host deals the next hand of an online match: a new commitment first."""
        if self.view is None or self.next != "deal" or self.waiting is not None or self.deal_wait is not None:
            return []
        self.dialog = None
        return [("dialog", None)] + self.prepare_deal(None)

    def replace_guest(self, seat):
        """A computer opponent takes a dropped guest's seat for the rest of the match."""
        if self.view is None or seat not in self.guest_seats() or self.waiting is not None:
            return []
        pid = REPLACEMENT[self.view.game]
        p = self.catalog.profile(self.view.game, pid)
        self.meta["names"][seat] = (p["name"] if p else pid) + " for " + self.names()[seat]
        self.meta["names"][seat] = self.meta["names"][seat][:24]
        link = self.links.get(seat)
        if link is not None:
            link["state"] = "replaced"
        out = [("rtc", "close", key_of(seat))]
        out += self.request({"type": "seat", "step": self.view.step, "seat": seat, "id": pid}, "seat")
        if self.deal_wait is not None:
            self.deal_wait["values"].pop(seat, None)
        return out

    # ================================================================ table talk

    def table_talk(self, seat, say):
        """A quick message: shown beside the player, and passed on to every guest."""
        if type(say) is not int or not 0 <= say < len(online.QUICK):
            return []
        self.talk[seat] = say
        out = [("announce", self.names()[seat] + ": " + online.QUICK[say]), ("render",)]
        if self.role == "host":
            for s in self.guest_seats_of_plan():
                if self.links.get(s, {}).get("state") == "ready" and s != seat:
                    out.append(self.to_guest(s, "talk", {"seat": seat, "say": say}))
        return out

    def my_talk(self, say):
        if self.role == "guest":
            if self.my_seat is None:
                return []
            self.talk[self.my_seat] = say
            return [("rtc", "send", "host", online.encode("talk", {"say": say})), ("render",)]
        return self.table_talk(0, say)

    def option_words(self, game, name, value):
        """A rule of the invite in words: its label and value."""
        o = self.catalog.option(game, name)
        if o is None:
            return name + ": " + value
        words = {"true": "on", "false": "off", "null": o.get("none_label") or "none"}
        return o["label"] + ": " + words.get(value, value)

    def online_command(self, act, data):
        """The buttons of online play; None when ``act`` is not one of them."""
        seat = data.get("seat")
        if type(seat) is str and seat.isdigit():
            seat = int(seat)
        if act == "invite" and seat in self.links:
            return self.invite_seat(seat) + [("render",)]
        if act == "reply" and seat in self.links:
            return self.host_reply(seat, data.get("text"))
        if act == "replace" and seat in self.links:
            return self.replace_guest(seat)
        if act == "copy-invite" and seat in self.links:
            return [("copy", self.links[seat]["link"])]
        if act == "copy-reply":
            return [("copy", self.join["code"])]
        if act == "talk":
            say = data.get("say")
            return self.my_talk(int(say) if type(say) is str and say.isdigit() else say)
        if act == "reload":
            return [("reload",)]
        return None

    def change_stun(self, text):
        """Settings: the STUN servers, one per line (empty: none, same network only). Lines that are not STUN
        addresses are left out, and the dialog shows the list in use."""
        lines = [ln.strip() for ln in text.replace(",", "\n").split("\n") if ln.strip()]
        good = [a for a in lines if stun_problem(a) is None][:MAX_STUN]
        self.stun_note = "" if len(good) == len(lines) else \
            "Left out (not a STUN address like stun:host:port): " + ", ".join(a for a in lines if a not in good)
        self.settings["stun"] = good
        return [("save-settings", self.settings)] + self.open("settings")

    def default_stun(self):
        self.settings["stun"] = None
        self.stun_note = ""
        return [("save-settings", self.settings)] + self.open("settings")

    def online_change(self, name, value, checked):
        """Form fields of online play; None when ``name`` is not one of them."""
        if name.startswith("reply") and name[5:].isdigit() and int(name[5:]) in self.links:
            self.links[int(name[5:])]["reply"] = value.strip()
            return []
        if name == "same-network" and self.role == "host":
            self.same_network = bool(checked)
            out = [("rtc", "configure", self.stun_json())]
            for seat in sorted(self.links):
                if self.links[seat]["state"] in ("inviting", "making", "error"):
                    out.append(("rtc", "close", key_of(seat)))
                    out += self.invite_seat(seat)
            return out + [("render",)]
        return None

    # ================================================================ guest

    def start_guest(self, fragment):
        """A page opened from an invite link: show the table it invites to, and make the reply code."""
        from web.page.app.invite import read_invite  # online play's modules: imported when first needed
        from web.page.shared import rtc

        inv = read_invite(fragment)
        self.role = "guest"
        self.screen = "join"
        if inv is None:
            self.join = {"state": "error", "code": "", "qr": "",
                         "error": "This invite link is damaged: ask for it again (copy it whole)."}
            return [("render",)]
        self.invite = inv
        self.meta = {"names": [p[0] for p in inv["players"]], "counted": 0, "match_counted": False, "log": []}
        try:
            kind, sdp = rtc.unpack(inv["code"])
        except ValueError:
            kind, sdp = "", ""
        if kind != "offer":
            self.join = {"state": "error", "code": "", "qr": "",
                         "error": "This invite link is damaged: ask for it again (copy it whole)."}
            return [("render",)]
        self.join = {"state": "making", "code": "", "qr": "", "error": ""}
        return [("rtc", "configure", self.stun_json()), ("rtc", "answer", "host", sdp), ("render",)]

    def on_rtc_answer(self, key, sdp, err):
        from web.page.shared import rtc  # online play's modules: imported when first needed

        if self.role != "guest":
            return []
        if not sdp:
            self.join["state"] = "error"
            self.join["error"] = "Your reply could not be made (" + str(err) + ")."
            return [("render",)]
        try:
            code = rtc.pack(sdp, "answer")
        except ValueError as e:
            self.join["state"] = "error"
            self.join["error"] = "Your reply could not be made (" + str(e) + ")."
            return [("render",)]
        self.join["code"] = code
        self.join["state"] = "replying"
        return [("qr", "host", code), ("render",)]

    def guest_link_event(self, kind, data):
        host = self.names()[0] if self.names() else "the host"
        if kind == "open":
            self.join["state"] = "connected"
            return [("rtc", "send", "host", online.encode("hello", {"net": NET, "build": "", "name":
                                                                     self.my_name()})), ("render",)]
        if kind == "message":
            return self.guest_message(data)
        self.join["state"] = "lost"
        self.waiting = None
        self.say("The connection to " + host + " was lost. Ask " + host + " for a new invite link to rejoin.",
                 "error")
        return [("announce", "The connection to " + host + " was lost."), ("render",)]

    def my_name(self):
        if self.invite is None:
            return ""
        return self.invite["players"][self.invite["seat"]][0]

    def guest_message(self, text):
        msg, why = online.decode(text, online.TO_GUEST)
        if msg is None:
            return [("log", "a message from the host was dropped: " + str(why))]
        if why == "version":
            return self.must_reload("This page is another version of the game than the host's.")
        t = msg["t"]
        if t == "reload":
            return self.must_reload(msg["why"])
        if t == "welcome":
            self.my_seat = msg["seat"]
            self.table_config = {"game": msg["game"], "rules": msg["rules"],
                                 "seats": [{"kind": k, "name": n} if k != "computer" else {"kind": k, "id": n}
                                           for k, n in zip(msg["seats"], msg["names"])]}
            self.meta["names"] = list(msg["names"])
            self.meta["counted"] = -1  # set by the first table: hands that ended before joining are not counted
            self.join["state"] = "seated"
            self.say("You are at " + msg["names"][0] + "'s table. Waiting for the deal…")
            return [("render",)]
        if t == "commit":
            self.promised[msg["hand"]] = {"commitment": msg["commitment"], "dealer": msg["dealer"]}
            return [("entropy", msg["hand"])]
        if t == "table":
            return self.guest_table_message(msg)
        if t == "refused":
            return self.on_engine({"type": "refused", "code": msg["code"], "message": msg["message"],
                                   "params": msg.get("params", {}), "step": msg["step"]})
        if t == "talk":
            if type(msg.get("seat")) is int:
                return self.table_talk(msg["seat"], msg["say"])
            return []
        if t == "status":
            self.say(msg["text"])
            return [("render",)]
        return []

    def on_entropy(self, hand, value):
        """The runner's random value for a committed deal: kept, and sent to the host."""
        if self.role != "guest" or hand not in self.promised:
            return []
        self.my_values[hand] = value
        return [("rtc", "send", "host", online.encode("entropy", {"hand": hand, "value": value}))]

    def must_reload(self, why):
        self.join["state"] = "reload"
        self.say(why + " Reload this page to play.", "error")
        return [("render",)]

    def guest_table_message(self, msg):
        """The host's table after a move: drawn like the engine's, the deal remembered and checked."""
        names = msg.get("names")
        if isinstance(names, list) and len(names) == len(self.meta["names"]):
            self.meta["names"] = [str(n)[:40] for n in names]
        try:
            view = read_view(msg["view"])
        except ValueError as e:
            return [("log", "a table from the host was dropped: " + str(e))]
        if self.my_seat is None or view.seat != self.my_seat:
            return [("log", "a table for another seat was dropped")]
        if self.meta["counted"] < 0:
            self.meta["counted"] = len(view.results)
        if view.in_hand and not view.log and view.hand_number not in self.first_seen:
            self.first_seen[view.hand_number] = {
                "players": view.players, "dealer": view.dealer, "seat": view.seat,
                "jokers": bool(view.rules.get("jokers")), "hand": list(view.hand),
                "upcard": view.discard[0] if view.discard else None}
        self.join["state"] = "playing"
        self.screen = "table"
        nxt = {"you": "you", "wait": "guest", "deal": "deal", "over": "over"}[msg["next"]]
        fair = msg.get("fair")
        out = self.check_fair(fair) if isinstance(fair, dict) and "secret" in fair else []
        return out + self.on_table({"type": "table", "view": msg["view"], "events": msg["events"], "by": msg["by"],
                                    "next": nxt, "hint": msg.get("hint") or {}, "save": None, "viewer": view.seat})

    def check_fair(self, fair):
        hand = fair["hand"]
        if hand in self.deal_checks:
            return []
        promised = self.promised.get(hand)
        seen = self.first_seen.get(hand)
        if promised is None or seen is None or hand not in self.my_values:
            self.deal_checks[hand] = (None, "This deal was not checked: you joined after it was dealt.")
            return []
        ok, words = online.check_deal(fair, promised, self.my_values[hand], seen)
        if not ok:
            words = "Warning: this deal does not check out: " + words + "."
        self.deal_checks[hand] = (ok, words)
        self.log_line(("Hand " + str(hand) + ": ") + words)
        return [("announce", words)]
