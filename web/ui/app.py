"""The controller: screens, the match in play, the opponents' turns, saving, statistics.

State lives here, in Python; the DOM is only drawn from it (:mod:`web.ui.render`). Every rule question
goes to the engine: ``legal_actions`` / ``view.legal`` for what to offer, ``problem`` for why not.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from rummy import Game, Refusal, SaveError, seat_view
from rummy.actions import Action
from rummy.cards import card_str, parse_card, sort_by_rank, sort_by_suit
from rummy.deadwood import best_arrangement
from rummy.errors import RulesError
from rummy.rules import rules_delta

from . import dialogs, dom, render
from . import stats as stats_mod
from .opponents import make_bot, profile, roster
from .params import SPEEDS, embed_url, game_config, iframe_snippet, parse_query, slot_of, speed_override
from .setup import SetupState, setup_html
from .storage import FORMATS, KEY_SETTINGS, KEY_STATS, MATCH_FORMAT, Store, match_key, storage_notice
from .text import describe_event, headline, names_in, spoken

ME = 0
PLAYING = ("first-upcard", "draw", "play")
DEFAULT_SETTINGS = {"speed": "normal", "contrast": False, "bigcards": False, "sort": "suit", "last": None}

SHELL = """
<div class="rm" id="rm">
  <header class="rm-top">
    <h1 class="rm-title"><span aria-hidden="true">♠</span> Rummy</h1>
    <nav class="rm-menu" aria-label="Game menu">
      <button type="button" class="btn small" data-act="new" data-key="menu-new">New game</button>
      <button type="button" class="btn small" data-act="scores" data-key="menu-scores">Scores</button>
      <button type="button" class="btn small" data-act="stats" data-key="menu-stats">Statistics</button>
      <button type="button" class="btn small" data-act="settings" data-key="menu-settings">Settings</button>
      <button type="button" class="btn small" data-act="embed" data-key="menu-embed">Embed</button>
      <button type="button" class="btn small" data-act="help" data-key="menu-help" aria-keyshortcuts="?">Help</button>
    </nav>
  </header>
  <p id="rm-banner" class="banner" data-testid="storage-banner" role="status" hidden></p>
  <div id="rm-screen" class="rm-screen"></div>
  <div id="rm-live" class="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer"></div>
  <dialog id="rm-dialog" class="rm-dialog" aria-labelledby="dlg-title"></dialog>
</div>
"""


class App:
    def __init__(self) -> None:
        self.q = parse_query(dom.search())
        self.store = Store(dom.local_storage())
        self.notices: list[str] = []
        self.settings = dict(DEFAULT_SETTINGS)
        s, problem = self.store.read(KEY_SETTINGS, FORMATS[KEY_SETTINGS])
        if problem:
            self.notices.append(problem)
        if isinstance(s, dict):
            for k, v in s.items():
                if k in DEFAULT_SETTINGS and (v is None or type(v) is type(DEFAULT_SETTINGS[k]) or k == "last"):
                    self.settings[k] = v
        if self.settings["speed"] not in SPEEDS:
            self.settings["speed"] = "normal"
        data, problem = self.store.read(KEY_STATS, FORMATS[KEY_STATS])
        if problem:
            self.notices.append(problem)
        self.stats = stats_mod.clean(data)
        self.speed_q = speed_override(self.q)
        self.slot = ""
        self.game: Game | None = None
        self.meta: dict[str, Any] = {}
        self.bots: dict[int, Any] = {}
        self.order: list[int] = []
        self.selected: set[int] = set()
        self.message, self.level = "", "info"
        self.new_card: int | None = None
        self.screen = "table"
        self.dialog: str | None = None
        self.confirm_reset = False
        self.embed_status = ""
        self.busy = False
        self.token = 0
        self.anim: dict[str, Any] = {}
        last = self.settings.get("last")
        self.setup = SetupState(last if isinstance(last, dict) else None)
        self.perf: dict[str, Any] = {"bot_ms": [], "max_step_ms": 0.0, "steps": 0}
        self.autoplay = False
        self.save_pending = False

    # ------------------------------------------------------------------ start

    def start(self) -> None:
        dom.el("app").innerHTML = SHELL
        from .events import Events
        self.events = Events(self)
        self.events.attach()
        roster_ids = {g: [p.id for p in roster(g)] for g in ("gin", "rummy")}
        cfg, err = game_config(self.q, roster_ids)
        if err:
            self.notices.append(err)
        if cfg is not None:
            self.slot = slot_of(self.q)
        if not self.resume() :
            if cfg is not None:
                self.new_match(cfg, render_now=False)
            else:
                self.screen = "setup"
        self.apply_look()
        self.render()
        banner = storage_notice(self.store, dom.html_attr("data-framed") == "1")
        if banner:
            self.show_banner(banner)
        if self.notices:
            self.open_dialog("notice")
        if self.q.get("debug"):
            from .debug import expose
            expose(self)
        dom.set_ready()
        self.kick()

    def resume(self) -> bool:
        """Load the saved match of this slot; report and set aside one that cannot be read."""
        key = match_key(self.slot)
        data, problem = self.store.read(key, MATCH_FORMAT)
        if problem:
            self.notices.append(problem)
            return False
        if not isinstance(data, dict):
            return False
        try:
            g = Game.from_dict(data.get("engine"))
            meta = data.get("meta")
            if not isinstance(meta, dict):
                raise SaveError("its page data is missing")
            opps = meta["opponents"]
            if len(opps) != g.players - 1 or any(profile(g.game, o) is None for o in opps):
                raise SaveError("it names opponents this version does not have")
            self.adopt(g, meta)
            self.order = [parse_card(c) for c in data.get("order", [])]
        except (SaveError, KeyError, TypeError, ValueError) as e:
            raw = self.store.get(key) or ""
            self.notices.append(self.store.set_aside(key, raw, str(e).rstrip(".")))
            self.game = None
            return False
        self.sync_order()
        return True

    def adopt(self, g: Game, meta: dict[str, Any]) -> None:
        self.game, self.meta = g, meta
        self.bots = {s + 1: make_bot(pid, g.game, int(meta["seeds"][s + 1])) for s, pid in enumerate(meta["opponents"])}
        self.token += 1
        self.selected.clear()
        self.new_card = None
        self.message, self.level = "", "info"

    def new_match(self, cfg: dict[str, Any], render_now: bool = True) -> None:
        players = len(cfg["opponents"]) + 1
        seed = cfg.get("seed")
        try:
            g = Game.new(cfg["game"], players, dict(cfg["rules"]), seed=seed)
        except (RulesError, ValueError) as e:
            self.notices.append(f"That game could not start: {e}.")
            self.screen = "setup"
            return
        base = seed if seed is not None else random.getrandbits(48)
        names = ["You"]
        for pid in cfg["opponents"]:
            p = profile(cfg["game"], pid)
            name = p.name if p is not None else pid
            n = 2
            while name in names:
                name = f"{p.name if p else pid} {n}"
                n += 1
            names.append(name)
        meta = {"config": cfg, "opponents": list(cfg["opponents"]), "names": names,
                "seeds": [(base * 7919 + s * 104729) & 0xFFFFFFFF for s in range(players)],
                "counted": 0, "match_counted": False, "log": []}
        self.adopt(g, meta)
        self.order = []
        self.screen = "table"
        self.dialog = None
        self.log_line(f"Hand 1: {names[g.dealer]} dealt.")
        self.sync_order()
        self.save()
        if render_now:
            self.render()
            self.kick()

    # ------------------------------------------------------------------ persistence

    def save(self, delay: float = 0.0) -> None:
        """Save the match in a task of its own, so that a move, its drawing and its saving are separate
        short steps on the main thread. The person's moves are saved at once; the opponents' moves within
        ``delay`` (at instant speed several share one save). ``pagehide`` flushes a pending save, so a
        reload or a closed tab always finds the latest state."""
        if self.save_pending:
            return
        self.save_pending = True
        asyncio.get_event_loop().call_later(delay, self.save_now)

    def flush(self) -> None:
        """Write a pending save at once (the page is being hidden or closed)."""
        if self.save_pending:
            self.save_now()

    def save_now(self) -> None:
        t0 = dom.now()
        self.save_pending = False
        if self.game is None:
            return
        self.meta["log"] = self.meta["log"][-80:]
        data = {"engine": self.game.to_dict(), "meta": self.meta, "order": [card_str(c) for c in self.order]}
        self.store.write(match_key(self.slot), MATCH_FORMAT, data)
        self.note_step(dom.now() - t0, "save")

    def save_settings(self) -> None:
        self.store.write(KEY_SETTINGS, FORMATS[KEY_SETTINGS], self.settings)

    def save_stats(self) -> None:
        self.store.write(KEY_STATS, FORMATS[KEY_STATS], self.stats)

    def count_results(self) -> None:
        g = self.game
        if g is None:
            return
        changed = False
        while self.meta["counted"] < len(g.results):
            stats_mod.record_hand(self.stats, g.game, self.meta["opponents"], g.results[self.meta["counted"]])
            self.meta["counted"] += 1
            changed = True
        if g.phase == "match-over" and not self.meta["match_counted"] and g.final is not None:
            stats_mod.record_match(self.stats, g.game, self.meta["opponents"], list(g.final), g.winner,
                                   lowest_wins=g.game == "rummy" and g.rules.get("scoring") == "penalty")
            self.meta["match_counted"] = True
            changed = True
        if changed:
            self.save_stats()

    # ------------------------------------------------------------------ hand order

    def sync_order(self) -> None:
        """Keep the player's arrangement; new cards join at the end; then sort unless arranged by hand."""
        if self.game is None:
            return
        hand = list(self.game.hands[ME])
        left = list(hand)
        kept = []
        for c in self.order:
            if c in left:
                left.remove(c)
                kept.append(c)
        self.order = kept + left
        self.apply_sort()

    def apply_sort(self) -> None:
        mode = self.settings["sort"]
        if mode == "suit":
            self.order = sort_by_suit(self.order)
        elif mode == "rank":
            self.order = sort_by_rank(self.order)
        elif mode == "melds" and self.game is not None and self.game.game == "gin":
            _, melds, unmatched = best_arrangement(self.order)
            self.order = [c for m in melds for c in m] + sort_by_suit(unmatched)

    def selected_cards(self) -> list[int]:
        return [self.order[p] for p in sorted(self.selected) if p < len(self.order)]

    # ------------------------------------------------------------------ acting

    def view(self) -> Any:
        return seat_view(self.game, ME) if self.game is not None else None

    def say(self, text: str, level: str = "info") -> None:
        self.message, self.level = text, level

    def try_act(self, action: Action) -> bool:
        """Play ``action`` for the person, or say why it is not allowed."""
        g = self.game
        if g is None:
            return False
        if self.busy and g.turn != ME:
            self.say("Wait for your turn.", "error")
            self.render()
            return False
        problem = g.problem(action, ME)
        if problem is not None:
            why = problem.message
            if problem.code == Refusal.NOT_YOUR_TURN and g.turn is not None:
                why = f"It is not your turn: {self.meta['names'][g.turn]} is playing."
            self.say(names_in(why, self.meta["names"]), "error")
            self.render()
            return False
        before_hand = list(g.hands[ME])
        self.perform(action, ME)
        added = [c for c in g.hands[ME] if c not in before_hand]
        self.new_card = added[0] if added and action.kind.startswith("draw") else None
        self.selected.clear()
        self.say("")
        self.render()
        self.kick()
        return True

    def perform(self, action: Action, seat: int) -> None:
        g = self.game
        assert g is not None
        before = len(g.log)
        hand_no = g.hand_number
        g.apply(action, seat)
        names = self.meta["names"]
        lines = [describe_event(e, names) for e in g.log[before:]] if g.hand_number == hand_no else []
        for t in lines:
            self.log_line(t)
        if g.phase in ("hand-over", "match-over"):
            r = g.results[-1]
            self.log_line(headline(r, names))
            lines.append(headline(r, names))
            self.count_results()
            self.dialog = "end"
        if seat != ME or g.phase in ("hand-over", "match-over"):
            self.announce(" ".join(lines))
        self.sync_order()
        self.save(0.0 if seat == ME and not self.autoplay else 0.25)

    def log_line(self, text: str) -> None:
        self.meta.setdefault("log", []).append(text)

    def announce(self, text: str) -> None:
        node = dom.el("rm-live")
        if node:
            node.textContent = spoken(text)

    def next_hand(self) -> None:
        g = self.game
        if g is None:
            return
        if g.phase == "match-over":
            cfg = dict(self.meta["config"])
            cfg["seed"] = None
            self.new_match(cfg)
            return
        if g.phase != "hand-over":
            return
        g.deal()
        self.log_line(f"Hand {g.hand_number}: {self.meta['names'][g.dealer]} dealt.")
        self.dialog = None
        self.close_dialog_node()
        self.new_card = None
        self.selected.clear()
        self.say("")
        self.sync_order()
        self.save()
        self.render()
        dom.focus_first(".hand .card")
        self.kick()

    # ------------------------------------------------------------------ the opponents

    def delay(self) -> float:
        if self.speed_q is not None:
            return self.speed_q
        if dom.reduced_motion():
            return 0.0
        return SPEEDS.get(str(self.settings["speed"]), 0.7)

    def kick(self) -> None:
        g = self.game
        if g is None or self.busy:
            return
        if g.phase in PLAYING and (g.turn != ME or self.autoplay):
            dom.keep_task(asyncio.ensure_future(self.run_bots()))
        elif self.dialog == "end" and g.phase in ("hand-over", "match-over"):
            self.open_dialog("end")

    async def run_bots(self) -> None:
        if self.busy:
            return
        self.busy = True
        token = self.token
        try:
            while True:
                g = self.game
                if g is None or token != self.token or g.phase not in PLAYING:
                    break
                if g.turn == ME and not self.autoplay:
                    break
                self.render()
                d = self.delay()
                await asyncio.sleep(d)
                if token != self.token or self.game is not g or g.phase not in PLAYING:
                    break
                seat = g.turn
                assert seat is not None
                t0 = dom.now()
                bot = self.bots.get(seat) or make_bot(self.meta["opponents"][0], g.game, 1)
                view = seat_view(g, seat)
                t1 = dom.now()
                try:
                    action = bot.choose(view)
                except Exception as e:  # a bot bug must not stop the game
                    dom.console_warn(f"bot {seat} failed: {e!r}")
                    action = view.legal[0]
                t2 = dom.now()
                if g.problem(action, seat) is not None:
                    dom.console_warn(f"bot {seat} chose an illegal action {action}")
                    action = view.legal[0]
                self.perform(action, seat)
                if action.kind in ("discard", "knock"):
                    self.anim = {"discard": seat}
                elif action.kind.startswith("draw"):
                    self.anim = {"drew": seat, "from": action.kind}
                elif action.kind in ("meld", "layoff", "swap"):
                    self.anim = {"melded": seat}
                self.perf["bot_ms"].append(t2 - t1)
                self.note_step(dom.now() - t0, "bot move")
                if seat == ME:
                    self.new_card = None
        finally:
            self.busy = False
        if token != self.token:  # a new match began while an opponent was thinking: let it start
            self.kick()
            return
        if token == self.token:
            self.render()
            self.anim = {}
            g = self.game
            if g is not None and g.phase in ("hand-over", "match-over"):
                if self.autoplay and g.phase == "hand-over":
                    self.next_hand()
                    return
                self.open_dialog("end")
            elif g is not None and g.turn == ME and dom.query(".rm-dialog[open]") is None \
                    and not self.events.dragging and dom.focused_key() is None:
                dom.focus_first(".hand .card")

    def note_step(self, ms: float, what: str = "handler") -> None:
        self.perf["steps"] += 1
        self.perf.setdefault("by_kind", {}).setdefault(what, []).append(round(ms, 2))
        if ms > self.perf["max_step_ms"]:
            self.perf["max_step_ms"] = ms
        worst = self.perf.setdefault("max_by_kind", {})
        if ms > worst.get(what, 0.0):
            worst[what] = round(ms, 1)

    # ------------------------------------------------------------------ drawing

    def names(self) -> list[str]:
        return [str(n) for n in self.meta.get("names", ["You"])]

    def render(self) -> None:
        t0 = dom.now()
        screen = dom.el("rm-screen")
        key = dom.focused_key()
        if self.screen == "setup" or self.game is None:
            html = setup_html(self.setup, self.game is not None)
        else:
            view = self.view()
            marks, dw = render.hand_marks(view, self.new_card)
            self.selected = {p for p in self.selected if p < len(self.order)}
            profiles = [None] + [profile(view.game, pid) for pid in self.meta["opponents"]]
            ui = {"prompt": render.prompt_text(view, self.names()), "message": self.message, "level": self.level, "deadwood": dw,
                  "order": self.order, "selected": self.selected, "marks": marks, "busy": self.busy and view.turn != ME,
                  "sort": self.settings["sort"], "log": self.meta.get("log", []), "anim": self.anim}
            html = render.table_screen(view, self.names(), profiles, ui)
            if view.phase in ("hand-over", "match-over") and self.dialog != "end":
                extra = ('<div class="actions after" role="toolbar" aria-label="Hand over">'
                         + dialogs.button("next", "Next hand" if view.phase == "hand-over" else "New match", True)
                         + dialogs.button("show-result", "Show result") + "</div>")
                html = html.replace('<div class="controls">', '<div class="controls">' + extra, 1)
        screen.innerHTML = html
        if key and not dom.focus_key(key) and key.startswith("card-"):
            dom.focus_first(".hand .card")
        self.note_step(dom.now() - t0, "render")

    def apply_look(self) -> None:
        root = dom.el("rm")
        if root:
            cls = "rm" + (" contrast" if self.settings["contrast"] else "") + (" bigcards" if self.settings["bigcards"] else "")
            root.className = cls

    def show_banner(self, text: str) -> None:
        b = dom.el("rm-banner")
        b.textContent = text
        b.hidden = False

    # ------------------------------------------------------------------ dialogs

    def dialog_html(self, which: str) -> str:
        g = self.game
        if which == "end" and g is not None and g.results:
            view = self.view()
            r = g.results[-1]
            names = self.names()
            body = render.end_of_hand_html(view, names, headline(r, names), names_in(r.detail, names), r)
            sheet = render.score_sheet_html(view, names)
            if view.phase == "match-over":
                w = view.winner
                over = ("The match is a draw." if w is None else
                        ("You win the match!" if w == ME else f"{names[w]} wins the match."))
                body += f'<p class="match-over" data-testid="match-over"><strong>Match over.</strong> {over}</p>'
                btn = dialogs.button("next", "New match", True)
            else:
                btn = dialogs.button("next", "Next hand", True)
            return dialogs.dialog_frame("End of hand", body + sheet, btn + dialogs.button("close", "View the table"), "end-of-hand")
        if which == "scores" and g is not None:
            return dialogs.scores_html(render.score_sheet_html(self.view(), self.names()))
        if which == "stats":
            return dialogs.stats_html(self.stats, self.confirm_reset)
        if which == "settings":
            line = ("Your match, settings and statistics are saved in this browser." if self.store.ok
                    else storage_notice(self.store, dom.html_attr("data-framed") == "1") or "")
            return dialogs.settings_html(self.settings, line)
        if which == "embed":
            cfg = self.meta.get("config") if g is not None else None
            if cfg is None:
                try:
                    cfg = self.setup.config()
                except RulesError:
                    cfg = {"game": "gin", "opponents": [roster("gin")[0].id], "rules": {}}
            players = len(cfg["opponents"]) + 1
            full = g.rules if g is not None else None
            try:
                from rummy.rules import resolve_rules
                full = full or resolve_rules(cfg["game"], players, cfg["rules"])
                delta = rules_delta(cfg["game"], full, players)
            except RulesError:
                delta = {"preset": "cardgames"}
            url = embed_url(dom.page_url(), cfg, delta)
            title = ("Gin Rummy" if cfg["game"] == "gin" else "Rummy") + " against " + ", ".join(
                _name(profile(cfg["game"], o), o) for o in cfg["opponents"])
            self.embed_snippet = iframe_snippet(url, title)
            return dialogs.embed_html(self.embed_snippet, url, self.embed_status)
        if which == "help":
            return dialogs.help_html()
        if which == "notice":
            return dialogs.notice_html("Please note", self.notices)
        return dialogs.help_html()

    def open_dialog(self, which: str) -> None:
        node = dom.el("rm-dialog")
        self.dialog = which
        key = dom.focused_key()
        node.innerHTML = self.dialog_html(which)
        node.setAttribute("data-kind", which)
        if not node.open:
            node.showModal()
            dom.focus_first("#rm-dialog .btn.primary")
        elif key:
            dom.focus_key(key)
        if which == "end":
            self.render()

    def close_dialog_node(self) -> None:
        node = dom.el("rm-dialog")
        if node.open:
            node.close()

    def on_dialog_closed(self) -> None:
        was = self.dialog
        self.dialog = None
        self.confirm_reset = False
        self.embed_status = ""
        if was == "notice":
            self.notices = []
        self.render()
        if self.game is not None and self.screen == "table" and not dom.focus_first(".after .btn.primary"):
            dom.focus_first(".hand .card") or dom.focus_first(".actions button:not([disabled])")

    def debug_state(self) -> str:
        g = self.game
        return json.dumps({"phase": g.phase if g else None, "turn": g.turn if g else None,
                           "hand": [card_str(c) for c in self.order], "perf": self.perf,
                           "storage": self.store.ok})


def _name(p: Any, fallback: str) -> str:
    """A profile's name, or ``fallback`` when there is no such profile."""
    return str(p.name) if p is not None else fallback
