"""Looking back: the coach's review of a hand, replays of finished hands (this match, past matches, an imported
record or a link), and exporting a hand record. Part of :class:`web.page.app.model.App`.

The engine does the work (:mod:`web.worker.learn`: ``review``, ``replay`` and ``record``); this part asks, keeps
what it answered and draws it (:mod:`web.page.app.replayview`). Only finished hands are ever asked for, and the
engine refuses any other. Answers come back in the order they were asked: each request waits in ``self.asked``
with what it is for. A replay link is ``index.html#replay=<the record of one hand as JSON, in base64url>``.
Written in the Python both MicroPython and CPython run.
"""

import json

REPLAY_ACTS = ("coach", "coach-show", "replay-hand", "replay-pick", "replay-step", "replay-first", "replay-prev",
               "replay-next", "replay-last", "replay-close", "export-record", "watch-record", "record-file",
               "record-text", "record-paste", "past-matches", "past-replay", "replay-link", "copy-replay-link")
REPLAY_DIALOGS = ("watch", "past", "replay-link")
LINK_KEY = "replay="
MAX_RECORD_TEXT = 900000  # characters: the engine's messages are at most 1,000,000


# ---------------------------------------------------------------- links

def b64url(data):
    """``data`` (bytes) in base64url, without padding."""
    from web.page.shared import b64url as b64url_codec  # when first needed: not while the page starts

    return b64url_codec.encode(data)


def from_b64url(text):
    """The bytes of base64url ``text`` (padding and standard base64's ``+/`` accepted); ValueError if it is not."""
    text = text.rstrip("=").replace("+", "-").replace("/", "_")
    if len(text) % 4 == 1:
        raise ValueError("its length is not that of base64url")
    from web.page.shared import b64url as b64url_codec  # when first needed: not while the page starts

    try:
        return b64url_codec.decode(text)
    except ValueError:
        raise ValueError("it holds characters that are not base64url") from None


def link_record(fragment):
    """The record a replay link's fragment holds: ``(record, None)`` or ``(None, why not)``."""
    try:
        raw = from_b64url(fragment)
        doc = json.loads(raw.decode("utf-8"))
    except Exception as e:  # ValueError, UnicodeError; MicroPython's too
        return None, "it is damaged (" + (str(e) or "not JSON") + ")"
    if not isinstance(doc, dict):
        return None, "it holds no hand record"
    return doc, None


def hand_record(rec, hand, dealer):
    """The record of one hand of ``rec`` (for a link): the same game, rules, players and names, that hand's deck,
    restocks and actions, and its dealer (from the engine's replay of it)."""
    out = {"format": rec.get("format", "rummy-record/1"), "game": rec.get("game"), "rules": rec.get("rules") or {},
           "players": rec.get("players", 2), "dealer": dealer, "hands": [rec["hands"][hand]]}
    if isinstance(rec.get("names"), list):
        out["names"] = rec["names"]
    return out


def page_base(url):
    return url.split("?")[0].split("#")[0]



def _view():
    """The replays' drawing, imported the first time it is needed (not while the page starts)."""
    from web.page.app import replayview

    return replayview


class Replays:
    """The coach, the replay viewer and hand records (a part of the app's state)."""

    def init_replays(self):
        self.replay = None  # the replay on show: {"source", "data", "hands", "index", "names", ...}, or None
        self.replay_back = "table"  # the screen the viewer goes back to
        self.reviews = {}  # hand -> the coach's review of this match's hand (the engine's data, or {"error"})
        self.asked = []  # this part's requests not answered yet, oldest first: [type, what it is for]
        self.past = []  # the last finished matches kept in this browser (rummy-ui/history), newest first
        self.watch = {"text": "", "error": "", "busy": False}  # the "Watch a hand record" dialog
        self.link_box = {"url": "", "status": ""}  # the "Share this replay" dialog
        self.export_note = ""  # said under the end-of-hand buttons after an export
        self.replay_gen = 0  # the match's number on this page: answers about an earlier match are dropped

    # ================================================================ starting, and a new match

    def replay_start(self, boot):
        """At start: the past matches, and a replay link's replay (asked of the engine once it is up: the
        runner's outbox keeps the message until then)."""
        past = boot.get("past")
        self.past = list(past) if isinstance(past, list) else []
        fragment = str(boot.get("hash") or "")
        if not fragment.startswith(LINK_KEY):
            return []
        rec, why = link_record(fragment[len(LINK_KEY):])
        if rec is None:
            self.notices.append("This replay link cannot be opened: " + why + ".")
            return []
        self.replay_back = "table" if self.save_data is not None else "setup"
        self.screen = "replay"
        self.replay = {"loading": True, "source": "link"}
        return self.ask("replay", {"type": "replay", "record": rec, "hand": 0},
                        {"source": "link", "record": rec, "hand": 0})

    def replay_new_match(self):
        """A new match starts: nothing of the last one's reviews; answers about it still to come are dropped
        (they come before the new match's first table: the engine answers in order)."""
        self.reviews = {}
        self.export_note = ""
        self.replay_gen += 1

    # ================================================================ asking the engine

    def ask(self, kind, msg, ctx):
        ctx["gen"] = self.replay_gen
        self.asked.append([kind, ctx])
        return [("send", msg), ("render",)]

    def take_asked(self, kind):
        for i, a in enumerate(self.asked):
            if a[0] == kind:
                return self.asked.pop(i)[1]
        return None

    def asking(self, kind, key=None, value=None):
        return [a for a in self.asked if a[0] == kind and (key is None or a[1].get(key) == value)]

    def has_engine(self):
        """This page has an engine that knows the match (not a guest's page)."""
        return self.role != "guest"

    def coach_allowed(self):
        """The coach reviews the person playing the computer on this device (not online, not pass and play, not
        the guided hand)."""
        return (self.role == "local" and self.counted_seats() == [(0, "")] and not self.extras.get("tutorial")
                and self.view is not None)

    def replay_hand_over(self):
        """A hand has just ended: the coach's review when it is on; the match's record for the history when the
        match is over."""
        if self.role == "guest" or self.autoplay or self.view is None or not self.view.results:
            return []
        out = []
        v = self.view
        if self.settings.get("coach") and self.coach_allowed():
            out += self.ask_review(len(v.results) - 1)
        return out + self.keep_finished_match()

    def keep_finished_match(self):
        """The match is over: its record, asked of the engine, goes into the history. Asked when the match ends
        and again whenever a finished match is opened from its save (the answer may never have come: the page
        closed or reloaded first); keeping the very same record twice changes nothing (Store.keep_match)."""
        v = self.view
        if (self.role == "guest" or self.autoplay or v is None or v.phase != "match-over" or v.match is None
                or not v.results or self.extras.get("tutorial")):
            return []
        entry = {"when": None, "game": v.game, "names": self.names(), "final": list(v.match.final),
                 "winner": v.match.winner}
        return self.ask("record", {"type": "record"}, {"for": "past", "entry": entry})

    def ask_review(self, hand):
        if hand in self.reviews or self.asking("review", "hand", hand):
            return [("render",)]
        return self.ask("review", {"type": "review", "hand": hand}, {"hand": hand})

    def ask_match_replay(self, hand, index=0):
        v = self.view
        if not self.has_engine() or v is None or not 0 <= hand < len(v.results):
            return []
        return self.ask("replay", {"type": "replay", "hand": hand}, {"source": "match", "hand": hand, "index": index})

    def ask_record_replay(self, source, rec, hand, extra=None):
        ctx = {"source": source, "record": rec, "hand": hand}
        if extra:
            for k in extra:
                ctx[k] = extra[k]
        return self.ask("replay", {"type": "replay", "record": rec, "hand": hand}, ctx)

    # ================================================================ the engine's answers

    def replay_reply(self, msg):
        """An engine answer of this part (``review``, ``replay``, ``record``): effects, or None."""
        kind = msg["type"]
        if kind == "review":
            ctx = self.take_asked("review")
            if ctx is None or ctx["gen"] != self.replay_gen:
                return []
            self.reviews[msg["hand"]] = msg["review"]
            self.replay_marks()
            return self.redraw_after_answer()
        if kind == "replay":
            ctx = self.take_asked("replay")
            if ctx is None or (ctx["source"] == "match" and ctx["gen"] != self.replay_gen):
                return []
            return self.replay_answer(ctx, msg)
        if kind == "record":
            ctx = self.take_asked("record")
            if ctx is None or (ctx.get("for") != "past" and ctx["gen"] != self.replay_gen):
                return []
            return self.record_answer(ctx, msg["record"])
        if kind == "error" and msg.get("code") in ("no-match", "not-finished") and self.asked:
            asked, ctx = self.asked.pop(0)
            why = "The engine could not do it: " + str(msg.get("error")) + "."
            if asked == "review":
                self.reviews[ctx["hand"]] = {"error": why}
                return self.redraw_after_answer()
            if self.screen == "replay" and self.replay is not None and self.replay.get("loading"):
                self.close_replay()
            self.say(why, "error")
            return [("log", "engine: " + str(msg.get("error")))] + self.redraw_after_answer()
        return None

    def redraw_after_answer(self):
        if self.dialog in ("end", "scores"):
            return self.open(self.dialog)
        return [("render",)]

    def replay_answer(self, ctx, msg):
        source = ctx["source"]
        if not msg["ok"]:
            error = str(msg.get("error"))
            if source == "record":
                self.watch["busy"] = False
                self.watch["error"] = "This record cannot be watched: " + error
                return self.open("watch")
            if source == "link":
                self.close_replay()
                self.notices = ["This replay link cannot be opened: " + error + "."]
                return self.open("notice")
            self.say("This hand cannot be replayed: " + error, "error")
            return [("render",)]
        data = msg["replay"]
        why = _view().replay_problem(data)
        if why is not None:
            self.say("This hand cannot be replayed: " + why + ".", "error")
            return [("log", "a replay was dropped: " + why), ("render",)]
        rec = ctx.get("record")
        if source == "match":
            names = self.names()
        else:
            names = rec.get("names") if isinstance(rec, dict) else None
        frames = data["frames"]
        self.replay = {"source": source, "data": data, "hands": msg["hands"] if type(msg.get("hands")) is int else 1,
                       "index": max(0, min(len(frames) - 1, ctx.get("index", 0))),
                       "names": _view().names_for(names, data["players"]), "record": rec,
                       "past": ctx.get("past"), "from": ctx.get("from", ""), "marks": {}}
        self.replay_marks()
        out = []
        if source == "record":
            self.watch = {"text": "", "error": "", "busy": False}
        if self.screen != "replay":
            self.replay_back = self.screen if self.screen in ("table", "setup") else "table"
            self.screen = "replay"
        if self.dialog is not None:
            self.dialog = None
            out.append(("dialog", None))
        out += [("render",), ("focus", "[data-key=replay-next]:not([disabled]), [data-key=replay-prev]"),
                ("announce", self.step_announcement())]
        return out

    def record_answer(self, ctx, rec):
        purpose = ctx.get("for")
        if purpose == "export":
            hands = len(rec.get("hands") or [])
            name = "rummy-record-" + str(rec.get("game")) + "-" + str(hands) + "-hand" + ("" if hands == 1 else "s") \
                   + ".json"
            self.export_note = "Saved as " + name + "."
            return [("download", name, json.dumps(rec))] + self.redraw_after_answer()
        if purpose == "past":
            entry = dict(ctx["entry"])
            entry["record"] = rec
            entry["hands"] = len(rec.get("hands") or [])
            if entry["hands"] < 1:
                return []
            return [("keep-match", entry)]  # the runner answers with ("past", the history now)
        if purpose == "link":
            return self.share_link(rec)
        return []

    def on_past(self, matches):
        """The history as the store now holds it (a finished match was just kept): shown at once if open."""
        self.past = list(matches)
        return self.open("past") if self.dialog == "past" else []

    def replay_marks(self):
        """The coach's notes on the replay on show: position -> mistake (this match's reviewed hands only)."""
        r = self.replay
        if r is None or r.get("loading"):
            return
        marks = {}
        review = self.reviews.get(r["data"]["hand"]) if r["source"] == "match" else None
        if isinstance(review, dict):
            for m in review.get("mistakes") or []:
                if type(m.get("index")) is int:
                    marks[str(m["index"])] = m
        r["marks"] = marks

    # ================================================================ the person

    def replay_command(self, act, data):
        """A command of this part: effects, or None when it is not one."""
        if act not in REPLAY_ACTS:
            return None
        hand = data.get("hand")
        if act == "coach":
            v = self.view
            if v is None or not v.results or not self.coach_allowed():
                return []
            sends = self.ask_review(hand if type(hand) is int else len(v.results) - 1)
            return self.redraw_after_answer() + sends  # drawn as asked, then sent
        if act == "coach-show":
            if type(hand) is not int:
                return []
            return self.ask_match_replay(hand, data.get("index") or 0)
        if act == "replay-hand":
            if type(hand) is not int:
                return []
            return self.ask_match_replay(hand)
        if act == "replay-pick":
            return self.pick_hand(hand)
        if act in ("replay-step", "replay-first", "replay-prev", "replay-next", "replay-last"):
            return self.step_to(act, data.get("index"))
        if act == "replay-close":
            return self.close_replay()
        if act == "export-record":
            if not self.has_engine() or self.view is None or not self.view.results or self.asking("record", "for",
                                                                                                  "export"):
                return []
            self.export_note = ""
            sends = self.ask("record", {"type": "record"}, {"for": "export"})
            return self.redraw_after_answer() + sends
        if act == "watch-record":
            self.watch["error"] = ""
            return self.open("watch")
        if act == "record-file":
            return [("pick-record",)]
        if act in ("record-text", "record-paste"):
            return self.watch_text(data.get("text"), act == "record-text")
        if act == "past-matches":
            return self.open("past")
        if act == "past-replay":
            i = data.get("match")
            if type(i) is not int or not 0 <= i < len(self.past) or type(hand) is not int:
                return []
            m = self.past[i]
            return self.ask_record_replay("past", m["record"], hand, {"past": i, "from": self.past_words(m)})
        if act == "replay-link":
            return self.replay_link()
        if act == "copy-replay-link":
            return [("copy", self.link_box["url"])] if self.link_box["url"] else []
        return []

    def past_words(self, m):
        return "a past match" + ((" of " + str(m["when"])) if m.get("when") else "")

    def pick_hand(self, hand):
        r = self.replay
        if r is None or r.get("loading") or type(hand) is not int or not 0 <= hand < r["hands"]:
            return []
        if r["source"] == "match":
            return self.ask_match_replay(hand)
        return self.ask_record_replay(r["source"], r["record"], hand, {"past": r.get("past"), "from": r.get("from")})

    def step_to(self, act, index):
        r = self.replay
        if self.screen != "replay" or r is None or r.get("loading"):
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
        return [("render",), ("announce", self.step_announcement())]

    def step_announcement(self):
        r = self.replay
        data = r["data"]
        frame = _view().read_frame(data["frames"][r["index"]], data["players"])
        words = "Step " + str(r["index"]) + " of " + str(len(data["frames"]) - 1) + ": " + _view().step_words(
            frame, r["index"], r["names"])
        if r["index"] == len(data["frames"]) - 1:
            h = _view().result_words(data, r["names"])[0]
            if h:
                words += ". " + h
        return words

    def close_replay(self):
        back = self.replay_back
        if back == "table" and self.save_data is None and self.view is None:
            back = "setup"
        self.screen = back
        self.replay = None
        out = [("clear-fragment",), ("render",)]
        if back == "table" and self.view is not None and not self.view.in_hand:
            out.append(("focus", ".after .btn.primary"))
        return out

    def replay_key(self, key, ctx):
        """Keys while the viewer is shown: ← → step, Home and End jump, Esc goes back, ? helps."""
        if ctx.get("in_dialog"):
            return []
        moves = {"ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "Home": "replay-first",
                 "End": "replay-last"}
        if key in moves:
            return self.step_to(moves[key], None)
        if key == "Escape":
            return self.close_replay()
        if key == "?":
            return self.open("help")
        return []

    def watch_text(self, text, from_file):
        """A record to watch, as text (a file's or pasted): parsed here, read by the engine."""
        if text is None:
            self.watch["error"] = "The file could not be read." if from_file else "Paste a hand record first."
            return self.open("watch")
        text = str(text)
        if not from_file:
            self.watch["text"] = text[:MAX_RECORD_TEXT]
        self.watch["error"] = ""
        if not text.strip():
            self.watch["error"] = "Paste a hand record first, or open its file."
            return self.open("watch")
        if len(text) > MAX_RECORD_TEXT:
            self.watch["error"] = "This text is too long to be a hand record."
            return self.open("watch")
        try:
            doc = json.loads(text)
        except Exception:  # ValueError, and MicroPython's errors on deep or huge junk
            doc = None
            self.watch["error"] = ("This is not a hand record: it is not valid JSON. A hand record is the "
                                   "rummy-record/1 file that Export hand record saves.")
        if doc is not None and not isinstance(doc, dict):
            self.watch["error"] = "This is not a hand record: a hand record is a JSON object (rummy-record/1)."
        if self.watch["error"]:
            return self.open("watch")
        self.watch["busy"] = True
        sends = self.ask_record_replay("record", doc, 0)
        return self.open("watch") + sends

    def replay_link(self):
        r = self.replay
        if r is None or r.get("loading"):
            return []
        if r["source"] == "match":
            if not self.has_engine():
                return []
            return self.ask("record", {"type": "record"}, {"for": "link"})
        return self.share_link(r["record"])

    def share_link(self, rec):
        r = self.replay
        if r is None or r.get("loading") or not isinstance(rec, dict):
            return []
        data = r["data"]
        try:
            one = hand_record(rec, data["hand"], data["dealer"])
        except (KeyError, IndexError, TypeError):
            return []
        text = json.dumps(one, separators=(",", ":"))
        self.link_box = {"url": page_base(self.page_url) + "#" + LINK_KEY + b64url(text.encode("utf-8")),
                         "status": ""}
        return self.open("replay-link")

    def replay_copied(self, ok):
        self.link_box["status"] = "Copied." if ok else "Copy did not work here: select the link and press Ctrl+C."
        return self.open("replay-link")

    # ================================================================ drawing

    def replay_end_html(self):
        """What the end-of-hand dialog adds for this part: the coach, replay this hand, export its record."""
        v = self.view
        if v is None or not v.results or not self.has_engine():
            return ""
        hand = len(v.results) - 1
        out = _view().review_html(self.reviews.get(hand), bool(self.asking("review", "hand", hand)),
                                     self.coach_allowed(), hand, self.names())
        return out + _view().end_tools_html(hand, bool(self.asking("record", "for", "export")), self.export_note)

    def replay_scores_html(self):
        """The Scores dialog: replay any finished hand of the match."""
        if self.view is None or not self.has_engine():
            return ""
        return _view().scores_replays_html(len(self.view.results))

    def replay_help_html(self):
        return _view().help_text_html()

    def replay_help_buttons(self):
        return _view().help_buttons_html()

    def replay_dialog_html(self, which):
        if which == "watch":
            return _view().watch_html(self.watch)
        if which == "past":
            return _view().past_html(self.past)
        if which == "replay-link":
            return _view().link_html(self.link_box)
        return None

    def replay_screen_html(self):
        """The replay viewer (``self.screen == "replay"``)."""
        r = self.replay
        back = "Back to the table" if self.replay_back == "table" and (self.view is not None or
                                                                         self.save_data is not None) else "Close"
        if r is None:
            return _view().viewer_html({"loading": True}, False, back)
        return _view().viewer_html(r, not r.get("loading") and (r["source"] != "match" or self.has_engine()), back)
