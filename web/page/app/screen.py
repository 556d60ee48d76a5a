"""What the app shows: the screen under the header, the dialogs, and the messages to the person. Part of
:class:`web.page.app.model.App`.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import dialogs, render, results
from web.page.app.params import embed_url, iframe_snippet, rules_delta
from web.page.app.setup import setup_html
from web.page.app.text import headline, names_in, prompt


class Screen:
    """Drawing and dialogs (a part of the app's state machine)."""

    def on_dialog_closed(self):
        was = self.dialog
        self.dialog = None
        self.confirm_reset = False
        self.embed_status = ""
        if was == "notice":
            self.notices = []
        out = [("render",)]
        if self.view is not None and self.screen == "table":
            out.append(("focus", ".after .btn.primary, .hand .card, .actions button:not([disabled])"))
        return out

    def open(self, which):
        """Show a dialog (its HTML is made here; the runner shows it)."""
        html = self.dialog_html(which)
        if html is None:
            return []
        self.dialog = which
        return [("dialog", html, which), ("render",)]

    def dialog_html(self, which):
        learn = self.learn_dialog_html(which)
        if learn is not None:
            return learn
        mine = self.replay_dialog_html(which)
        if mine is not None:
            return mine
        names = self.names()
        v = self.view
        if which == "end":
            if v is None or not v.results:
                return None
            r = v.results[-1]
            body = results.end_of_hand_html(v, names, headline(r, names), names_in(r.detail, names), r)
            sheet = results.score_sheet_html(v, names)
            body += self.learn_end_html() + self.replay_end_html()
            if self.role == "guest" and v.phase != "match-over":
                check = self.deal_checks.get(v.hand_number)
                if check is not None:
                    body += "".join(('<p class="deal-check ', ("ok" if check[0] else ("error" if check[0] is False else
                                                                                       "muted")),
                                     '" data-testid="deal-check-end">', render.esc(check[1]), "</p>"))
                body += "".join(('<p class="muted">', render.esc(names[0]), " deals the next hand.</p>"))
                return render.dialog_frame("End of hand", body + sheet, render.button("close", "Back to the table",
                                                                                       True), "end-of-hand")
            if v.phase == "match-over":
                w = v.match.winner if v.match is not None else None
                over = ("The match is a draw." if w is None else
                        ("You win the match!" if names[w] == "You" else names[w] + " wins the match."))
                body += "".join(('<p class="match-over" data-testid="match-over"><strong>Match over.</strong> ',
                                 over, "</p>"))
                btn = render.button("next", "New match", True)
            else:
                btn = render.button("next", "Next hand", True)
            return render.dialog_frame("End of hand", body + sheet, btn + render.button("close", "View the table"),
                                       "end-of-hand")
        if which == "scores":
            return None if v is None else dialogs.scores_html(results.score_sheet_html(v, names)
                                                              + self.replay_scores_html())
        if which == "moves":
            return dialogs.moves_html(self.meta.get("log", []))
        if which == "stats":
            return dialogs.stats_html(self.stats, self.catalog, self.confirm_reset)
        if which == "settings":
            line = self.banner or "Your match, settings and statistics are saved in this browser."
            return dialogs.settings_html(self.settings, line, self.embedded, self.stun_servers(), self.stun_note)
        if which == "embed":
            return self.embed_dialog()
        if which == "confirm-new":
            return dialogs.confirm_new_html()
        if which == "notice":
            extra = ""
            if self.offers:
                extra = render.button("download-aside", "Download the unreadable data")
            lines = list(self.notices)
            if self.offers:
                lines.append("Some unreadable data was too big to keep aside: download it to keep a copy; it is then "
                             "removed so that the game has room to save.")
            return dialogs.notice_html("Please note", lines, extra)
        if which == "import":
            return dialogs.import_html(self.import_plan)
        return dialogs.help_html(self.replay_help_html(), self.replay_help_buttons())

    def embed_dialog(self):
        cfg = self.save_data["table"]["config"] if self.save_data else self.setup.config()
        players = len(cfg["opponents"]) + 1
        delta = rules_delta(self.catalog, cfg["game"], players, dict(cfg.get("rules") or {}))
        url = embed_url(self.page_url, cfg, delta)
        title = ("Gin Rummy" if cfg["game"] == "gin" else "Rummy") + " against " + ", ".join(
            (self.catalog.profile(cfg["game"], o) or {"name": o})["name"] for o in cfg["opponents"])
        self.embed_snippet = iframe_snippet(url, title)
        return dialogs.embed_html(self.embed_snippet, url, self.embed_status)

    def speech_now(self):
        """The speech bubbles to draw: ``{seat: text}``."""
        out = {}
        for seat in self.speech:
            out[seat] = self.speech[seat][0]
        return out

    def names(self):
        return [str(n) for n in self.meta.get("names") or ["You"]]

    def say(self, text, level="info"):
        self.message = text
        self.level = level

    def log_line(self, text):
        self.meta["log"].append(text)

    def screen_html(self):
        """The whole screen under the header."""
        if self.screen == "replay":
            return self.replay_screen_html()
        if self.screen == "lobby":
            from web.page.app import onlineview  # online play's drawing: imported when first needed

            return onlineview.lobby_html(self)
        if self.screen == "join" or (self.role == "guest" and self.view is None):
            from web.page.app import onlineview

            return onlineview.join_html(self)
        if self.screen == "setup" or (self.view is None and self.save_data is None and self.waiting is None):
            return setup_html(self.setup, self.save_data is not None, self.learn_setup_html())
        strip = ""
        if self.role != "local":
            from web.page.app import onlineview

            strip = onlineview.table_strip(self)
        return strip + self.table_html()

    def table_html(self):
        v = self.view
        if v is None:
            return "".join(('<div class="table dealing" data-testid="table-screen" data-phase="" data-turn="">'
                            '<p class="prompt" data-testid="prompt">', ("Dealing…" if self.waiting == "new" else
                                                                         "Getting the game ready…"), "</p></div>"))
        if self.cover is not None:
            return render.cover_html(self.names()[self.cover], v)
        marks, dw = self.marks()
        profiles = {}
        for i, seat in enumerate(self.seats()):
            if seat["kind"] == "computer":
                profiles[i] = self.catalog.profile(v.game, seat["id"])
        ui = {"prompt": prompt(v, self.names()) if self.engine != "starting" or self.waiting is None
              else "Getting the game ready…",
              "message": self.message, "level": self.level, "deadwood": dw, "order": self.order,
              "selected": self.selected, "marks": marks, "busy": v.turn != v.seat,
              "sort": self.sort_mode(), "log": self.meta.get("log", []),
              "waiting": self.waiting is not None, "back": self.settings.get("back", "red"),
              "speech": self.speech_now(), "gin_ready": self.gin_ready()}
        if not v.in_hand and self.dialog != "end":
            ui["after"] = render.after_html(v.phase)
        return render.table_screen(v, self.names(), profiles, self.learn_ui(ui))
