"""Learning at the table: hints that explain, practice undo, the deal's proof and its check, the daily deal,
deal links and the guided first hand. Part of :class:`web.page.app.model.App`.

The engine does the thinking (:mod:`web.worker.learn`); this part asks, keeps what it answered, and draws it
(:mod:`web.page.app.learnview`). It decides on the engine's fields and codes, never on its words.
Written in the Python both MicroPython and CPython run.
"""

from web.page.app import learnview
from web.page.shared.cards import card_of

LEARN_ACTS = ("hint", "undo", "check-deal", "daily", "share-daily", "deal-link", "tutorial", "lesson-next",
              "copy-share")


def _cards(texts):
    out = []
    for t in texts:
        try:
            out.append(card_of(t))
        except (ValueError, KeyError, IndexError):
            pass  # "stock", "discard", "meld:1", "button:knock": not cards
    return out


class Learn:
    """Hints, undo, deal proofs, the daily deal, deal links and the tutorial (a part of the app's state)."""

    def init_learn(self):
        self.advice = None  # the hint on show: the engine's "hint" message, for the view of its "step"
        self.extras = {}  # the last table message's learning fields: deal, practice, undo, assisted, tutorial, daily
        self.deal_check = {}  # hand -> (ok, words): "Check this deal" answered
        self.share = {"title": "", "url": "", "line": "", "status": ""}  # the Share dialog's content
        self.first_visit = False  # no settings stored yet: the new-game screen offers the guided hand
        self.deal_line = ""  # a new hand's commitment, to log

    # ================================================================ from the engine

    def learn_table(self, msg):
        """Keep the learning fields of a ``table`` message (a hint is for one step only)."""
        extras = {}
        for k in ("deal", "practice", "undo", "assisted", "tutorial", "daily", "undone"):
            if k in msg:
                extras[k] = msg[k]
        before = self.extras
        self.extras = extras
        if self.advice is not None and (self.view is None or self.advice.get("step") != self.view.step):
            self.advice = None
        deal = extras.get("deal")
        if isinstance(deal, dict) and self.waiting != "resume" and (
                not isinstance(before.get("deal"), dict) or before["deal"].get("hand") != deal.get("hand")):
            self.deal_line = "Deal committed: " + str(deal.get("short")) + " (check it after the hand)."
        if extras.get("tutorial") and self.save_data is not None and len(self.names()) < 2:
            self.meta["names"] = self.config_names(self.save_data["table"]["config"])

    def learn_log(self):
        """Log the new hand's commitment (after the line that says who dealt)."""
        if self.deal_line:
            self.log_line(self.deal_line)
            self.deal_line = ""

    def learn_reply(self, msg):
        """An engine answer of this part (``hint``, ``verified``, ``daily``, ``link``): effects, or None."""
        kind = msg["type"]
        if kind == "hint":
            self.waiting = None
            if self.view is None or msg["step"] != self.view.step:
                return [("render",)]
            self.advice = msg
            self.extras["assisted"] = True  # the engine marked the match (its next table says so too)
            self.say("Hint: " + msg["words"], "hint")
            return [("announce", "Hint: " + msg["words"]), ("render",)]
        if kind == "verified":
            self.waiting = None
            if not msg["ok"]:
                self.deal_check[-1] = (False, "This deal could not be checked: " + str(msg.get("error")))
            for h in msg.get("hands") or []:
                self.deal_check[h["hand"]] = (bool(h["ok"]), str(h["words"]))
            return self.open("end") if self.dialog == "end" else [("render",)]
        if kind == "daily":
            self.waiting = None
            cfg = dict(msg["config"])
            return self.start_match(cfg) + [("render",)]
        if kind == "link":
            self.waiting = None
            url = self.page_url.split("?")[0].split("#")[0] + "?" + msg["query"]
            self.share = {"title": "Share this deal", "url": url, "line": "", "status": ""}
            return self.open("share")
        return None

    # ================================================================ the person

    def learn_command(self, act, data):
        """A command of this part: effects, or None when it is not one."""
        if act not in LEARN_ACTS:
            return None
        if act == "hint":
            return self.ask_hint()
        if act == "undo":
            return self.ask_undo()
        if act == "check-deal":
            v = self.view
            if v is None or not v.results or self.waiting is not None:
                return []
            return self.request({"type": "verify", "hand": len(v.results) - 1}, "verify")
        if act == "daily":
            game = data.get("game") or self.setup.game
            return self.request({"type": "daily", "game": game, "date": None}, "daily")
        if act == "share-daily":
            daily = self.extras.get("daily") or {}
            if not daily.get("share"):
                return []
            self.share = {"title": "Share your daily deal", "url": "", "line": daily["share"], "status": ""}
            return self.open("share")
        if act == "copy-share":
            return [("copy", self.share["line"] or self.share["url"])]
        if act == "deal-link":
            if self.save_data is None or self.waiting is not None:
                return self.complain("Start a game first: a deal link shares the deals of the match in progress.")
            cfg = self.save_data["table"]["config"]
            if cfg.get("tutorial") or self.role != "local" or [s for s in self.seats() if s["kind"] != "computer"][1:]:
                return self.complain("A deal link is for a game against the computer.")
            return self.request({"type": "link"}, "link")
        if act == "tutorial":
            game = data.get("game") or self.setup.game
            if game not in ("gin", "rummy"):
                return []
            if self.match_in_progress():
                self.pending_config = {"tutorial": game}
                return self.open("confirm-new")
            return self.start_tutorial(game)
        if act == "lesson-next":
            if self.view is None or self.next != "computer" or self.waiting is not None:
                return []
            return self.request({"type": "advance", "step": self.view.step}, "advance")
        return []

    def learn_key(self, k):
        """A key of this part ("i": a hint, "u": undo), or None."""
        if k == "i":
            return self.ask_hint()
        if k == "u" and self.extras.get("practice"):
            return self.ask_undo()
        return None

    def ask_hint(self):
        v = self.view
        if v is None or self.screen != "table" or self.cover is not None or self.role == "guest":
            return []
        if self.waiting is not None or self.engine != "ready":
            return []
        if not v.in_hand or v.turn != v.seat:
            return self.complain("A hint is for your turn.")
        if self.advice is not None and self.advice.get("step") == v.step:
            self.say("Hint: " + self.advice["words"], "hint")
            return [("render",)]
        self.say("Thinking about your hand…")
        return self.request({"type": "hint", "step": v.step}, "hint")

    def ask_undo(self):
        v = self.view
        if v is None or self.screen != "table" or self.waiting is not None or self.engine != "ready":
            return []
        if not self.extras.get("practice"):
            return self.complain("Undo is for practice games (tick “Practice game” on the new-game screen).")
        if not self.extras.get("undo"):
            return self.complain("There is nothing of yours to undo in this hand yet.")
        self.say("")
        return self.request({"type": "undo", "step": v.step}, "undo")

    def start_tutorial(self, game):
        """Ask the engine for the guided first hand of ``game`` (its names come with its first table)."""
        out = self.start_match({"game": game, "opponents": [], "rules": {}, "seed": None, "tutorial": True})
        self.meta["names"] = ["You"]
        return [e if e[0] != "send" else ("send", {"type": "tutorial", "game": game}) for e in out] + [("render",)]

    def lesson(self):
        """The tutorial's data while the guided hand is played, else None."""
        t = self.extras.get("tutorial")
        return t if isinstance(t, dict) and not t.get("done") else None

    def lesson_waits(self):
        """In the guided hand the opponent moves when the learner has read its sentence and pressed Continue."""
        t = self.lesson()
        return t is not None and t.get("step") is not None and t["step"]["seat"] != (self.view.seat if self.view
                                                                                     else 0)

    # ================================================================ drawing

    def learn_ui(self, ui):
        """What the table adds for this part: the hint and undo chips, the lesson's bar, marks and the deal chip."""
        v = self.view
        lesson = self.lesson()
        mine = v.in_hand and v.turn == v.seat and self.cover is None
        # a friend's page online has no engine to ask: no hint there
        ui["chips"] = "" if self.role == "guest" else learnview.chips_html(
            mine and self.waiting is None, bool(self.extras.get("practice")),
            bool(self.extras.get("undo")) and self.waiting is None)
        ui["scoreline_extra"] = learnview.deal_chip_html(self.extras.get("deal") if self.role != "guest" else None,
                                                         bool(self.extras.get("assisted")))
        lit = []
        if self.advice is not None and self.advice.get("step") == v.step:
            ui["marks"]["advised"] = _cards(self.advice.get("cards") or [])
        if lesson is not None:
            step = lesson.get("step")
            if step is not None and step["seat"] == v.seat:
                lit = list(step["highlight"])
                ui["marks"]["lesson"] = _cards(lit)
            ui["lesson"] = learnview.lesson_html(lesson, v.seat, self.next == "computer" and self.waiting is None)
        ui["lit"] = " ".join(lit)
        return ui

    def learn_end_html(self):
        """What the end-of-hand dialog adds: the lesson's last words, the daily result to share, the deal's proof."""
        out = ""
        t = self.extras.get("tutorial")
        if isinstance(t, dict) and t.get("done") and t.get("outro"):
            out += learnview.outro_html(t["outro"])
        daily = self.extras.get("daily")
        if isinstance(daily, dict):
            out += learnview.daily_end_html(daily, self.stats.get("daily", {}).get(self.view.game))
        deal = self.extras.get("deal")
        if isinstance(deal, dict) and self.view is not None and self.view.results:
            out += learnview.proof_html(deal, self.deal_check.get(len(self.view.results) - 1),
                                        self.deal_check.get(-1), self.waiting == "verify")
        return out

    def learn_dialog_html(self, which):
        if which == "share":
            return learnview.share_html(self.share)
        return None

    def learn_setup_html(self):
        """The new-game screen's lead: the guided first hands and the daily deals."""
        return learnview.start_html(self.first_visit, self.stats.get("daily") or {}, self.waiting == "daily")
