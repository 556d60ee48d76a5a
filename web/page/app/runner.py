"""The runner: the table app's hands in the browser (MicroPython on the page's thread).

It turns the browser's events into the app's messages (:mod:`web.page.app.model`), performs the effects the app
returns (the DOM, storage, timers, the engine worker, the clipboard, files), and nothing else: every decision is
the app's. Only this module and :mod:`web.page.app.dom` touch ``js``.
"""

import json

import js

from web.page.app import deck, dom, netlink, views
from web.page.app.model import SHORTCUTS, App
from web.page.app.params import parse_query, slot_of
from web.page.app.render import folded
from web.page.app.setup import Catalog
from web.page.app.shell import shell
from web.page.app.store import PageStore
from web.page.app.text import esc
from web.page.i18n import _
from web.page.shared.protocol import engine_message_problem
from web.page.transport import EngineLink

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Effects, Msg
    from web.page.storage import Saved
    from web.page.tabs import Out, Tab

DRAG_THRESHOLD = 8
SPRITE_USE = '<use href="#'  # how a drawing refers to the deck's symbols (web/page/app/deck.py)
RETRY_SECONDS = 5.0
# At instant speed the opponents' moves come as fast as the engine makes them: the match is then written at
# most this often while the computer plays on (the person's own moves, and every moment the game waits for the
# person, are written at once; a waiting write is also done when the page is hidden or goes away).
SAVE_EVERY = 1.0


def load_catalog() -> Catalog:
    # json.loads of the whole text: MicroPython's json.load(f) reads a file one byte at a time, and in the
    # browser every read is a call from WebAssembly into JavaScript (12,000 of them for the catalog).
    with open("web/page/catalog.json") as f:
        return Catalog(json.loads(f.read()))


class Runner:
    """Wires one :class:`App` to the page, the storage and the engine worker."""

    def __init__(self, query_string: str, snapshot: str = "auto") -> None:
        self.query = parse_query(query_string)
        self.app = App(load_catalog())
        self.store = PageStore(dom.local_storage(), dom.html_attr("data-framed") == "1", dom.tab_id())
        self.tab: Tab | None = None
        self.tab_state: dict[str, Any] = {"writable": True, "notice": "", "play_here": False}
        self.slot = ""
        self.link = EngineLink(self.on_engine, self.on_status, snapshot=snapshot)
        self.rendering = False
        self.closing_dialog = False
        self.press: dict[str, Any] | None = None  # a pointer pressed on a card or pile that may be dragged
        self.dragging = False
        self.ghost: Any = None  # the element that follows the pointer while dragging
        self.hover: Any = None  # the drop target under the pointer
        self.suppress_click = False
        self.timers: dict[str, Any] = {}
        self.retrying = False
        self.outbox: list[dict[str, Any]] | None = []  # messages for the engine until its worker is started
        self.guest = False  # a page opened from an invite link: no engine of its own
        self.engine_on = False  # ... until a table with no dealer needs one (the app's "engine-on")
        self.last_click: str | None = None  # the data-act of the last click (a double click's second must hit it)
        self.shown: str | None = None  # the screen's HTML last put on the page
        self.sprite_in = False  # the deck's SVG symbols are in the page (see need_sprite)
        self.owed: dict[str, Any] | None = None  # a drawing to make soon: {"focus": selector or None} (see perform)
        self.banner_shown: str | None = None
        self.banner_parts: list[str] = []  # the sentences of the notice above the table
        self.banner_closed: set[str] = set()  # the sentences the person closed (a new one opens the notice again)
        # (slot, record) of the last automatic move, not written yet
        self.waiting_save: tuple[str, dict[str, Any]] | None = None
        self.save_timer = False
        self.motion: dict[str, Any] | None = None  # how the next redraw moves (the app's "motion" effect)

    # ------------------------------------------------------------ starting

    def start(self) -> None:
        if dom.html_attr("data-prerendered") != "1" or dom.el("rm") is None:
            dom.el("app").innerHTML = shell()  # else a first visit's frame and screen, drawn by the build, are kept
        self.attach()
        fragment = str(dom.bridge().fragment() or "")
        netlink.start(self.dispatch)
        if "j=" in fragment:  # a friend's invite link: a guest's page runs no engine and saves no match
            boot: dict[str, Any] = {"settings": self.store.boot("online-guest").get("settings"), "query": {},
                                    "hash": fragment, "url": dom.page_url(), "reduced_motion": dom.reduced_motion(),
                                    "slot": "online-guest"}
            self.outbox = None
            self.guest = True
            self.dispatch(("start", boot))
            dom.set_drawn()
            dom.set_ready()
            return
        cfg_given = any(k for k in self.query if k not in ("embed", "speed", "debug", "snapshot"))
        self.slot = slot_of(self.query) if cfg_given else ""
        boot = self.store.boot(self.slot)
        boot["offers"] = [o.name for o in self.store.offers]
        boot["query"] = self.query
        boot["slot"] = self.slot
        boot["url"] = dom.page_url()
        boot["reduced_motion"] = dom.reduced_motion()
        boot["framed"] = dom.html_attr("data-framed") == "1"
        boot["hash"] = fragment  # a replay link (#replay=...)
        boot["entropy"] = str(dom.bridge().randomHex(16) or "")  # the seeds of the matches this page deals
        self.dispatch(("start", boot))  # the first paint (a new match or a resume waits in the outbox)
        dom.set_drawn()
        self.link.start()  # the engine worker, right after the first paint; it queues messages until it is up
        assert self.outbox is not None  # kept until now
        for msg in self.outbox:
            self.link.send(msg)
        self.outbox = None
        # answered after the messages before it: data-ready comes once the table is the engine's
        self.link.send({"type": "hello"})
        self.start_tabs()
        if not self.sprite_in:  # the first screen shows no card: the deck goes in once it has been painted
            dom.later(0, self.put_sprite)

    def need_sprite(self, html: str) -> None:
        """Put the deck's SVG symbols into the page before ``html``, which is about to be shown, if it shows a
        card: they are 80 kB of SVG that the page's Python makes (~10 ms, ~20 ms on a first visit), so a first
        screen without cards (the new-game screen) is painted without waiting for them."""
        if not self.sprite_in and SPRITE_USE in html:
            self.put_sprite()

    def put_sprite(self) -> None:
        """The deck's SVG symbols, into the page once."""
        if not self.sprite_in:
            self.sprite_in = True
            dom.put_sprite(deck.sprite())

    def dispatch(self, msg: "Msg") -> None:
        try:
            effects = self.app.update(msg)
        except Exception as e:  # a bug must never freeze the page: say so, keep going
            dom.console_warn("the app failed on " + str(msg[0]) + ": " + repr(e))
            return
        self.perform(effects)

    # ------------------------------------------------------------ effects

    def perform(self, effects: "Effects") -> None:
        # a computer's move at instant speed after which it plays on: the app asks for its drawing and its save
        # "soon" (see web.page.app.table.automatic); drawing and save wait a little, so the moves that follow at
        # once share them
        soon = ("render", "soon") in effects
        render = False
        focus = None
        answers = []  # the app's messages that effects answer with, dispatched once these are done
        for e in effects:
            kind = e[0]
            if kind == "render":
                render = True
            elif kind in ("rtc", "signal", "qr", "entropy"):
                netlink.perform(e, self.dispatch)
            elif kind == "reload":
                dom.reload()
            elif kind == "guest-mode":
                self.become_guest(e[1])
            elif kind == "engine-on":
                self.engine_on = True
                self.link.start()  # once: a page that had started its engine keeps it
            elif kind == "send":
                if self.guest and not self.engine_on:
                    dom.console_warn("a guest's page has no engine: " + str(e[1].get("type")))
                elif self.outbox is not None:  # before the engine worker is started
                    self.outbox.append(e[1])
                else:
                    self.link.send(e[1])
            elif kind == "timer":
                self.timer(e[1], e[2], e[3])
            elif kind == "focus":
                focus = e[1]
            elif kind == "dialog":
                self.show_dialog(e[1])
            elif kind == "announce":
                dom.set_text("rm-live", e[1])
            elif kind == "save-match":
                self.save_match(e[1], e[2], len(e) > 3 and e[3] == "soon")
            elif kind == "save-settings":
                self.saved(self.store.save_settings(e[1]))
            elif kind == "stats":
                self.app.page.stats = self.store.count(e[1], e[2])
                self.saved(None)
            elif kind == "set-aside-match":
                self.store.set_aside_match(e[1], e[2])
            elif kind == "download-aside":
                for offer in self.store.offers:
                    dom.download(offer.name, offer.text)
                    self.store.offered(offer)
                self.store.offers = []
            elif kind == "close-banner":
                self.banner_closed.update(self.banner_parts)
                focus = "#rm-screen [data-act]"
            elif kind == "download-game":
                self.flush_save()
                game = self.store.download_game()
                if game is not None:
                    dom.download(game.name, game.text)
            elif kind == "import-apply":
                if self.store.apply_import() is not None:
                    dom.reload()
            elif kind == "look":
                dom.apply_look(e[1])
            elif kind == "copy":
                dom.copy_text(e[1], lambda ok: self.dispatch(("command", "copied", {"ok": ok})))
            elif kind == "export":
                self.flush_save()
                offer = self.store.export_offer()
                dom.download(offer.name, offer.text)
            elif kind == "import":
                dom.pick_file(self.on_import_file)
            elif kind == "pick-record":
                dom.pick_file(lambda text: self.dispatch(("command", "record-text", {"text": text})))
            elif kind == "download":
                dom.download(e[1], e[2])
            elif kind == "keep-match":
                answers.append(("past", self.store.keep_match(e[1], dom.now_text())))
                self.saved(None)
            elif kind == "clear-fragment":
                dom.clear_fragment()
            elif kind == "restart-engine":
                self.link.restart()
            elif kind == "claim-tab":
                if self.tab is not None:
                    self.tab_out(self.tab.play_here())
            elif kind == "log":
                dom.console_warn(e[1])
            elif kind == "motion":
                self.motion = e[1]
            elif kind == "sound":
                dom.play_sound(e[1], e[2], e[3])
            elif kind == "celebrate":
                dom.celebrate(e[1], e[2])
        if soon and (render or self.owed is not None):
            # an automatic move at instant speed: the next move is asked for at once, and that asks for a
            # drawing too; one drawing, in its own task, shows both (the person's cards do not move meanwhile)
            self.owe(focus)
        elif render or self.owed is not None:
            if focus is None and self.owed is not None:
                focus = self.owed["focus"]
            self.owed = None
            self.render()
        if focus is not None and self.owed is None and not dom.dialog_open():
            dom.focus_first(focus)
        self.show_banner()
        for msg in answers:
            self.dispatch(msg)

    def owe(self, focus: str | None) -> None:
        """Draw soon (see perform), then focus ``focus`` if given."""
        if self.owed is None:
            self.owed = {"focus": None}
            dom.later(0, self.pay)
        if focus is not None:
            self.owed["focus"] = focus

    def pay(self) -> None:
        """The drawing owed, unless another drawing has been made meanwhile."""
        owed = self.owed
        if owed is None:
            return
        self.owed = None
        self.render()
        if owed["focus"] is not None and not dom.dialog_open():
            dom.focus_first(owed["focus"])

    def save_match(self, slot: str, record: "dict[str, Any]", soon: bool) -> None:
        """Write the match now, or (an automatic move at instant speed) soon: see SAVE_EVERY."""
        if soon:
            self.waiting_save = (slot, record)
            if not self.save_timer:
                self.save_timer = True
                dom.later(SAVE_EVERY, self.on_save_timer)
            return
        self.waiting_save = None
        self.saved(self.store.save_match(slot, record, self.read_view()))

    def read_view(self) -> "dict[str, Any] | None":
        """The view document the app has read (it draws from it): the store need not read it again."""
        m = self.app.match
        return m.view_doc if m.view is not None else None

    def on_save_timer(self) -> None:
        self.save_timer = False
        self.flush_save()

    def flush_save(self) -> None:
        """Write the match that waits, if any."""
        if self.waiting_save is not None:
            slot, record = self.waiting_save
            self.waiting_save = None
            self.saved(self.store.save_match(slot, record, self.read_view()))

    def saved(self, saved: "Saved | None") -> None:
        """After a write: a failure is said at once (the game goes on from memory), retried, and the game
        offered as a file; the match holder's answers are performed."""
        if saved is not None:
            for out in saved.tabs:
                self.tab_out(out)
        if self.store.retry_due and not self.retrying:
            self.retrying = True
            dom.later(RETRY_SECONDS, self.retry)
        self.show_banner()

    def retry(self) -> None:
        self.retrying = False
        self.saved(self.store.retry())

    def show_banner(self) -> None:
        """The storage and tab sentences above the table, with their buttons."""
        parts = []
        notice = self.store.notice
        banner = self.app.page.banner
        if banner and notice and self.store.problem == "blocked":
            notice = None  # the banner already says storage is blocked: one sentence, not one per save
        for text in (banner, notice, self.tab_state.get("notice")):
            if text and text not in parts and text not in self.banner_closed:
                parts.append(text)
        self.banner_parts = parts
        # one line: the words (cut short if they must be, whole in the title), the buttons, and a close button
        words = " ".join(parts)
        html = "".join(('<span class="banner-words" title="', esc(words), '">', esc(words), "</span>")) if parts else ""
        if parts and self.store.download:
            # i18n: a button beside a notice that the game could not be saved: it downloads the game as a file;
            # the words in [ ] are left out on a phone, the button's name is the whole ("Download my game"); keep
            # the brackets (or leave them out: nothing folds)
            label, inner = folded(_("Download[ my game]"))
            html += "".join(('<button type="button" class="btn small" data-act="download-game" '
                             'data-key="banner-download" aria-label="', esc(label), '">', inner, "</button>"))
        if parts and self.tab_state.get("play_here"):
            # i18n: a button beside the notice that the game is open in another tab: play it in this tab instead
            html += "".join(('<button type="button" class="btn small" data-act="play-here" data-key="banner-play-here">',
                             esc(_("Play here")), "</button>"))
        if parts and not self.tab_state.get("play_here"):  # closed, the notice would hide the one way back to the match
            html += "".join(('<button type="button" class="btn small banner-close" data-act="close-banner" '
                             'data-key="banner-close" aria-label="', esc(_("Close this notice")), '">×</button>'))
        if html != self.banner_shown:
            self.banner_shown = html
            dom.set_banner(html)

    # ------------------------------------------------------------ other tabs

    def start_tabs(self) -> None:
        self.tab = self.store.tab()
        dom.listen_tabs(self.on_tab_message, self.on_tab_storage)
        dom.on_leave(self.leave)
        dom.on_hidden(self.flush_save)
        self.tab_out(self.tab.start(False))

    def become_guest(self, fragment: str) -> None:
        """This page takes a seat at an online table in place: the match it held (if any) is written and let go
        to the other tabs, the engine is no longer used, and the address shows the seat's link, so that a reload
        rejoins as a friend opening the link does."""
        self.leave()
        self.tab = None
        self.guest = True
        self.slot = "online-guest"
        dom.bridge().showFragment(fragment)

    def leave(self) -> None:
        """The page is going away: write the match if a move waits, then let the match go, so that a reload or
        another tab takes it at once."""
        self.flush_save()
        if self.tab is not None:
            for text in self.tab.leave().broadcast:
                dom.post_tabs(text)

    def on_tab_message(self, text: "Any") -> None:
        if self.tab is None:  # a guest's page holds no match
            return
        for out in self.store.on_message(text):
            self.tab_out(out)

    def on_tab_storage(self, key: str | None, value: str | None) -> None:
        if self.tab is None:
            return
        for out in self.store.on_storage(key, value):
            self.tab_out(out)

    def tab_out(self, out: "Out") -> None:
        """Perform the match holder's answer: messages, its timer, and the state the app shows."""
        for text in out.broadcast:
            dom.post_tabs(text)
        if out.timer is not None:
            def tick() -> None:
                if self.tab is not None:  # else this page became a guest's (become_guest) since
                    self.tab_out(self.tab.tick())
            dom.later(out.timer / 1000.0, tick)
        if out.reload:
            dom.reload()  # this tab just took the match over: start again from the saved match
            return
        state = {"writable": out.writable, "notice": out.notice or "", "play_here": out.play_here}
        if state != self.tab_state:
            self.tab_state = state
            self.dispatch(("tab", state))

    def timer(self, name: str, seconds: float, token: int) -> None:
        def fire() -> None:
            self.dispatch(("tick", name, token))
        dom.later(seconds, fire)

    def render(self) -> None:
        """Draw the screen; only what changed reaches the page, and focus stays where it was."""
        html = views.screen_html(self.app)
        if html == self.shown:
            self.motion = None
            return
        self.need_sprite(html)
        key = dom.focused_key()
        dom.motion_before(self.motion)
        self.motion = None
        dom.morph("rm-screen", html)
        self.shown = html
        dom.motion_after()
        if key and dom.focused_key() != key:
            dom.focus_key(key)

    def show_dialog(self, which: str | None) -> None:
        """Open (or draw afresh) the dialog ``which``, or close the one on show (None)."""
        html = views.dialog_html(self.app, which) if which is not None else None
        if html is None:
            if dom.dialog_open():
                self.closing_dialog = True
                dom.close_dialog()
            return
        assert which is not None  # a dialog was drawn
        self.need_sprite(html)
        dom.open_dialog(html, which)

    def on_import_file(self, text: str | None) -> None:
        if text is None:
            return
        plan = self.store.import_plan(text)
        self.dispatch(("command", "import-plan", {"problems": list(plan.problems), "changes": list(plan.changes)}))

    # ------------------------------------------------------------ the engine

    def on_engine(self, msg: "dict[str, Any]") -> None:
        """A message of the engine (the transport dropped texts too long or not JSON): checked, then the app's."""
        problem = engine_message_problem(msg)
        if problem is not None:
            dom.console_warn("engine: a malformed message was dropped: " + problem)
            return
        if msg["type"] == "hello":
            dom.set_ready()
        self.dispatch(("engine", msg))

    def on_status(self, event: str, detail: "dict[str, Any]") -> None:
        if event == "ready":  # how the engine started (snapshot, normal, fallback) and its times, for tests
            dom.set_html_attr("data-engine-start", str(detail.get("start")))
            dom.set_html_attr("data-engine-ms", json.dumps(detail.get("ms")))
        if event == "snapshot":  # a first start's snapshot stored (or not): a reload may now restore it, for tests
            dom.set_html_attr("data-engine-snapshot", "stored" if detail.get("saved") else "not stored")
        if event == "failed" and not dom.is_ready() and self.app.match.restarts >= 2:
            # i18n: on the loading screen; {error}: the reason (in English)
            dom.boot_fail(_("The game engine could not start: {error}").format(error=str(detail.get("error"))))
        self.dispatch(("engine-status", event, detail))

    # ------------------------------------------------------------ input

    def attach(self) -> None:
        root = dom.el("rm")
        dom.listen(root, "click", self.on_click)
        dom.listen(root, "change", self.on_change)
        dom.listen(js.document, "keydown", self.on_key)
        dom.listen(root, "pointerdown", self.on_pointer_down)
        dom.listen(js.document, "pointermove", self.on_pointer_move)
        dom.listen(js.document, "pointerup", self.on_pointer_up)
        dom.listen(js.document, "pointercancel", self.on_pointer_cancel)
        dom.listen(dom.el("rm-dialog"), "close", self.on_dialog_close)
        dom.on_landed(lambda kind: self.dispatch(("landed", kind)))

    def on_click(self, ev: "Any") -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        btn = dom.closest(ev.target, "[data-act]")
        if btn is None or dom.prop(btn, "disabled", False):
            return
        act = dom.attr(btn, "data-act")
        clicks = dom.prop(ev, "detail", 1)
        if type(clicks) is int and clicks > 1 and act != self.last_click:
            # the second click of a double click, on a button drawn in between (the table moved on after the
            # first click: "Next hand" then "Pass" in its place): the person never aimed at it
            return
        self.last_click = act
        data: dict[str, Any] = {}
        if act == "card":
            data["pos"] = int(dom.attr(btn, "data-pos") or 0)
        elif act == "meld-target":
            data["meld"] = int(dom.attr(btn, "data-meld") or 0)
        elif act == "sort":
            data["sort"] = dom.attr(btn, "data-sort") or "suit"
        seat = dom.attr(btn, "data-seat")
        if seat is not None and seat.isdigit():
            data["seat"] = int(seat)
            if act == "reply":  # the reply code as it stands in its field (pasted, maybe not yet "changed")
                field = js.document.querySelector('[name="reply' + seat + '"]')
                data["text"] = str(dom.prop(field, "value", "") or "")
        game = dom.attr(btn, "data-game")
        if game:
            data["game"] = game
        for name in ("hand", "index", "match"):  # the replays' buttons
            v = dom.attr(btn, "data-" + name)
            if v is not None and v.isdigit():
                data[name] = int(v)
        field = dom.attr(btn, "data-field")  # a button that sends a text field's value (a pasted record)
        if field:
            data["text"] = str(dom.prop(js.document.getElementById(field), "value", "") or "")
        say = dom.attr(btn, "data-say")
        if say is not None and say.isdigit():
            data["say"] = int(say)
        self.dispatch(("command", act, data))

    def on_change(self, ev: "Any") -> None:
        t = ev.target
        name = dom.attr(t, "name")
        if name:
            self.dispatch(("change", name, str(dom.prop(t, "value", "")), bool(dom.prop(t, "checked", False))))

    def on_key(self, ev: "Any") -> None:
        if ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        t = ev.target
        tag = str(dom.prop(t, "tagName", "")).lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(ev.key)
        card = dom.closest(t, ".hand .card")
        ctx = {"card_pos": int(dom.attr(card, "data-pos") or 0) if card is not None else None,
               "in_dialog": dom.closest(t, "dialog") is not None, "shift": bool(ev.shiftKey)}
        k = key.lower() if len(key) == 1 else key
        handled = (key in ("ArrowLeft", "ArrowRight") and card is not None) or k in SHORTCUTS or \
            (len(k) == 1 and k.isdigit() and k != "0")
        if self.app.page.screen == "replay":  # the replay viewer steps with these (Home and End do not scroll)
            handled = key in ("ArrowLeft", "ArrowRight", "Home", "End")
        if handled and not (ctx["in_dialog"] and k != "n"):
            ev.preventDefault()
        self.dispatch(("key", key, ctx))

    def on_dialog_close(self, ev: "Any") -> None:
        if self.closing_dialog:  # the app closed it itself and knows
            self.closing_dialog = False
            return
        self.dispatch(("dialog-closed",))

    # ----- dragging (pointer events: mouse, pen and touch alike) -----

    def on_pointer_down(self, ev: "Any") -> None:
        if ev.button != 0:
            return
        src = dom.closest(ev.target, "[data-drag]")
        if src is None:
            return
        pos = dom.attr(src, "data-pos")
        self.press = {"x": float(ev.clientX), "y": float(ev.clientY), "src": src,
                      "kind": dom.attr(src, "data-drag"), "pos": int(pos) if pos else None}

    def on_pointer_move(self, ev: "Any") -> None:
        p = self.press
        if p is None:
            return
        x, y = float(ev.clientX), float(ev.clientY)
        if not self.dragging:
            if abs(x - p["x"]) + abs(y - p["y"]) < DRAG_THRESHOLD:
                return
            self.dragging = True
            p["dx"], p["dy"] = dom.start_drag(p["src"], p["x"], p["y"])
            self.ghost = dom.make_ghost(p["src"])
        dom.move_ghost(self.ghost, x - p["dx"], y - p["dy"])
        target = dom.closest(dom.element_at(x, y), "[data-drop]")
        if target is not self.hover:
            dom.hover(self.hover, False)
            dom.hover(target, True)
            self.hover = target
        ev.preventDefault()

    def on_pointer_up(self, ev: "Any") -> None:
        p = self.press
        self.press = None
        if p is None or not self.dragging:
            return
        target = dom.closest(dom.element_at(float(ev.clientX), float(ev.clientY)), "[data-drop]")
        self.suppress_click = True
        dom.later(0.05, self.clear_suppress)
        where = dom.attr(target, "data-drop") if target is not None else ""
        self.dispatch(("drop", p["kind"], p["pos"], where or ""))  # the ghost still there: the card flies on from it
        self.end_drag()

    def on_pointer_cancel(self, ev: "Any") -> None:
        self.press = None
        if self.dragging:
            self.end_drag()

    def clear_suppress(self) -> None:
        self.suppress_click = False

    def end_drag(self) -> None:
        self.dragging = False
        dom.release_ghost(self.ghost)
        self.ghost = None
        dom.hover(self.hover, False)
        self.hover = None
        dom.end_drag()
