"""Input: one delegated listener per kind of event (click, change, key, pointer), turned into actions.

Clicks and keys go through the same methods (``command``), so a mouse, a finger and a keyboard all do
the same things. Dragging is done with pointer events (works for mouse, pen and touch).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from pyscript import document

from rummy.actions import Action
from rummy.cards import JOKER, card_str
from rummy.errors import RulesError

from . import dom

SHORTCUTS = {"d": "draw", "t": "take", "p": "pass", "x": "discard", "k": "knock", "g": "biggin",
             "m": "meld", "l": "layoff", "s": "cycle-sort", "n": "next", "?": "help", "h": "focus-hand"}
DRAG_THRESHOLD = 8


class Events:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.press: dict[str, Any] | None = None
        self.dragging = False
        self.ghost: Any = None
        self.hover: Any = None
        self.suppress_click = False

    def attach(self) -> None:
        root = dom.el("rm")
        dom.listen(root, "click", self.on_click)
        dom.listen(root, "change", self.on_change)
        dom.listen(document, "keydown", self.on_key)
        dom.listen(root, "pointerdown", self.on_pointer_down)
        dom.listen(document, "pointermove", self.on_pointer_move)
        dom.listen(document, "pointerup", self.on_pointer_up)
        dom.listen(document, "pointercancel", self.on_pointer_cancel)
        dom.listen(dom.el("rm-dialog"), "close", lambda ev: self.guard(self.app.on_dialog_closed))
        dom.listen(dom.window_(), "pagehide", lambda ev: self.app.flush())
        dom.listen(document, "visibilitychange", lambda ev: self.app.flush())

    def guard(self, fn: Any, *args: Any) -> Any:
        """Run a handler, timing it (the longest Python step on the main thread is reported)."""
        t0 = dom.now()
        try:
            return fn(*args)
        finally:
            self.app.note_step(dom.now() - t0)

    # ------------------------------------------------------------------ clicks

    def on_click(self, ev: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        btn = dom.closest(ev.target, "[data-act]")
        if btn is None or btn.disabled:
            return
        act = dom.attr(btn, "data-act")
        self.guard(self.command, act, btn)

    def command(self, act: str, node: Any = None) -> None:
        a = self.app
        g = a.game
        if act == "card" and node is not None:
            pos = int(dom.attr(node, "data-pos") or 0)
            if pos in a.selected:
                a.selected.discard(pos)
            else:
                a.selected.add(pos)
            a.say("")
            a.render()
            return
        if act in ("new",):
            a.screen = "setup"
            a.render()
            dom.focus_first("#setup-title") or dom.focus_first(".setup input")
            return
        if act == "start":
            try:
                cfg = a.setup.config()
            except RulesError as e:
                a.setup.error = str(e)
                a.render()
                return
            a.settings["last"] = cfg
            a.save_settings()
            a.new_match(cfg)
            dom.focus_first(".hand .card")
            return
        if act == "back-to-game":
            a.screen = "table"
            a.render()
            return
        if act in ("scores", "stats", "settings", "embed", "help"):
            if act == "scores" and g is None:
                return
            a.open_dialog(act)
            return
        if act == "close":
            a.close_dialog_node()
            return
        if act == "stats-reset":
            a.confirm_reset = True
            a.open_dialog("stats")
            return
        if act == "stats-reset-no":
            a.confirm_reset = False
            a.open_dialog("stats")
            return
        if act == "stats-reset-yes":
            from .stats import empty
            a.stats = empty()
            a.save_stats()
            a.confirm_reset = False
            a.open_dialog("stats")
            return
        if act == "copy-embed":
            self.copy_embed()
            return
        if act == "next":
            a.close_dialog_node()
            a.next_hand()
            return
        if act == "show-result":
            a.open_dialog("end")
            return
        if act == "sort" and node is not None:
            self.set_sort(dom.attr(node, "data-sort") or "suit")
            return
        if act == "cycle-sort":
            modes = ["suit", "rank"] + (["melds"] if g is not None and g.game == "gin" else [])
            cur = a.settings["sort"]
            self.set_sort(modes[(modes.index(cur) + 1) % len(modes)] if cur in modes else "suit")
            return
        if act == "focus-hand":
            dom.focus_first(".hand .card")
            return
        if g is None or a.screen != "table":
            return
        self.play(act, node)

    def set_sort(self, mode: str) -> None:
        a = self.app
        a.settings["sort"] = mode
        a.save_settings()
        a.selected.clear()
        a.apply_sort()
        a.save()
        a.render()

    # ------------------------------------------------------------------ game actions

    def play(self, act: str, node: Any = None) -> None:
        a = self.app
        g = a.game
        sel = a.selected_cards()
        if act == "draw":
            a.try_act(Action.draw_stock())
        elif act == "take":
            a.try_act(Action.draw_discard())
        elif act == "pass":
            a.try_act(Action.pass_upcard())
        elif act == "biggin":
            a.try_act(Action.big_gin())
        elif act == "discard-pile":
            if g.phase == "play" and len(sel) == 1 and g.turn == 0:
                a.try_act(Action.discard(sel[0]))
            else:
                a.try_act(Action.draw_discard())
        elif act == "discard":
            if len(sel) != 1:
                a.say("Select the one card to discard (click it, or move to it with the arrows and press Space).", "error")
                a.render()
            else:
                a.try_act(Action.discard(sel[0]))
        elif act == "knock":
            if len(sel) == 1:
                a.try_act(Action.knock(sel[0]))
            elif not sel:
                knocks = [x for x in a.view().legal if x.kind == "knock"]
                if knocks:
                    from rummy.deadwood import best_discards
                    rank = {c: i for i, (_, c) in enumerate(best_discards(list(g.hands[0])))}
                    a.try_act(min(knocks, key=lambda x: rank.get(x.card, 99)))
                else:
                    a.try_act(Action.knock(g.hands[0][0]))
            else:
                a.say("Select the one card to knock with, or none to let the game pick the best.", "error")
                a.render()
        elif act == "meld":
            self.meld(sel)
        elif act == "layoff":
            self.layoff(sel, None)
        elif act == "meld-target" and node is not None:
            self.layoff(sel, int(dom.attr(node, "data-meld") or 0))

    def meld(self, sel: list[int]) -> None:
        a = self.app
        if len(sel) < 3:
            a.say("Select 3 or more cards that make a set or a run, then press Meld.", "error")
            a.render()
            return
        want = Counter(sel)
        for x in a.view().legal:
            if x.kind == "meld" and Counter(x.hand_cards()) == want:
                a.try_act(x)
                return
        if JOKER in sel:
            a.say("Those cards do not make a meld, even with the joker.", "error")
            a.render()
            return
        a.try_act(Action.meld_of(sel))

    def layoff(self, sel: list[int], meld: int | None) -> None:
        a = self.app
        g = a.game
        if len(sel) != 1:
            a.say("Select one card to lay off" + (", then choose a meld on the table." if meld is None else "."), "error")
            a.render()
            return
        c = sel[0]
        legal = [x for x in a.view().legal if x.kind in ("layoff", "swap") and x.hand_cards() == [c]
                 and (meld is None or x.meld == meld)]
        if legal:
            targets = {x.meld for x in legal}
            if meld is None and len(targets) > 1:
                a.say(f"{card_str(c)} fits melds {', '.join(map(str, sorted(targets)))}: click the meld, or press its number.")
                a.render()
                return
            a.try_act(legal[0])
            return
        if not g.table:
            a.say("There are no melds on the table to lay off on yet.", "error")
            a.render()
            return
        if c == JOKER:
            a.say("The joker fits no meld there.", "error")
            a.render()
            return
        if meld is not None:
            a.try_act(Action.layoff(c, meld))
            return
        reasons = {g.problem(Action.layoff(c, i), 0) for i in range(1, len(g.table) + 1)}
        reasons.discard(None)
        if len(reasons) == 1:
            a.try_act(Action.layoff(c, 1))
        else:
            a.say(f"{card_str(c)} fits no meld on the table.", "error")
            a.render()

    def copy_embed(self) -> None:
        a = self.app
        promise = dom.copy_text(getattr(a, "embed_snippet", ""))

        def done(ok: bool) -> None:
            a.embed_status = "Copied." if ok else "Copy did not work here: select the snippet and press Ctrl+C."
            if a.dialog == "embed":
                a.open_dialog("embed")

        if promise is None:
            done(False)
            return

        async def wait() -> None:
            try:
                await promise
                done(True)
            except Exception:
                done(False)
        dom.keep_task(asyncio.ensure_future(wait()))

    # ------------------------------------------------------------------ form changes

    def on_change(self, ev: Any) -> None:
        t = ev.target
        name = dom.attr(t, "name")
        if not name:
            return
        self.guard(self.change, name, str(t.value), bool(getattr(t, "checked", False)))

    def change(self, name: str, value: str, checked: bool) -> None:
        a = self.app
        if a.dialog == "settings" and name in ("speed", "contrast", "bigcards"):
            if name == "speed":
                a.settings["speed"] = value
            else:
                a.settings[name] = checked
            a.save_settings()
            a.apply_look()
            return
        if a.screen == "setup":
            a.setup.change(name, value, checked)
            a.render()

    # ------------------------------------------------------------------ keyboard

    def on_key(self, ev: Any) -> None:
        if ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        t = ev.target
        tag = str(getattr(t, "tagName", "") or "").lower()
        key = str(ev.key)
        if tag in ("input", "select", "textarea"):
            return
        a = self.app
        in_dialog = dom.closest(t, "dialog") is not None
        card = dom.closest(t, ".hand .card")
        if key in ("ArrowLeft", "ArrowRight") and card is not None:
            ev.preventDefault()
            self.guard(self.arrow, card, -1 if key == "ArrowLeft" else 1, bool(ev.shiftKey))
            return
        if key == "Escape" and not in_dialog:
            if a.selected:
                a.selected.clear()
                a.say("")
                a.render()
            return
        if in_dialog and key.lower() != "n":
            return
        k = key.lower() if len(key) == 1 else key
        if k.isdigit() and k != "0":
            ev.preventDefault()
            self.guard(self.play, "meld-target", dom.query(f'[data-meld="{k}"]'))
            return
        act = SHORTCUTS.get(k)
        if act is None:
            return
        if act == "next" and not (a.game and a.game.phase in ("hand-over", "match-over")):
            return
        ev.preventDefault()
        btn = dom.query(f'.actions [data-act="{act}"]')
        if btn is not None and btn.disabled:
            # say why, in the engine's words, instead of silently doing nothing
            self.guard(self.explain_disabled, act)
            return
        self.guard(self.command, act, None)

    def explain_disabled(self, act: str) -> None:
        a = self.app
        g = a.game
        plain = {"draw": Action.draw_stock(), "take": Action.draw_discard(), "pass": Action.pass_upcard(),
                 "biggin": Action.big_gin()}.get(act)
        if g is None:
            return
        if plain is not None:
            a.try_act(plain)
            return
        if g.turn != 0:
            a.say(f"It is not your turn: {a.names()[g.turn]} is playing." if g.turn is not None else "The hand is over.", "error")
        else:
            a.say({"knock": "You cannot knock now: draw first, and knock only with low enough deadwood.",
                   "meld": "Nothing to meld now.", "layoff": "Nothing to lay off now.",
                   "discard": "Draw a card first, from the stock or the discard pile."}.get(act, "Not now."), "error")
        a.render()

    def arrow(self, card: Any, step: int, shift: bool) -> None:
        a = self.app
        pos = int(dom.attr(card, "data-pos") or 0)
        n = len(a.order)
        new = max(0, min(n - 1, pos + step))
        if shift and new != pos:
            self.move_card(pos, new)
        target = dom.query(f'.hand .card[data-pos="{new}"]')
        if target is not None:
            target.focus()

    def move_card(self, src: int, dst: int) -> None:
        a = self.app
        order = a.order
        chosen = {order[p] for p in a.selected} if a.selected else set()
        c = order.pop(src)
        order.insert(dst, c)
        a.selected = {i for i, x in enumerate(order) if x in chosen and x != JOKER} | (
            {dst} if src in a.selected else set())
        a.settings["sort"] = "custom"
        a.save_settings()
        a.save()
        a.render()

    # ------------------------------------------------------------------ dragging

    def on_pointer_down(self, ev: Any) -> None:
        if ev.button != 0:
            return
        src = dom.closest(ev.target, "[data-drag]")
        if src is None:
            return
        self.press = {"x": float(ev.clientX), "y": float(ev.clientY), "src": src,
                      "kind": dom.attr(src, "data-drag"), "pos": dom.attr(src, "data-pos")}

    def on_pointer_move(self, ev: Any) -> None:
        p = self.press
        if p is None:
            return
        x, y = float(ev.clientX), float(ev.clientY)
        if not self.dragging:
            if abs(x - p["x"]) + abs(y - p["y"]) < DRAG_THRESHOLD:
                return
            self.dragging = True
            src = p["src"]
            rect = src.getBoundingClientRect()
            p["dx"], p["dy"] = p["x"] - rect.left, p["y"] - rect.top
            ghost = src.cloneNode(True)
            ghost.classList.add("drag-ghost")
            ghost.removeAttribute("data-key")
            ghost.setAttribute("aria-hidden", "true")
            ghost.style.width = f"{rect.width}px"
            ghost.style.height = f"{rect.height}px"
            document.body.appendChild(ghost)
            self.ghost = ghost
            src.classList.add("drag-src")
            dom.el("rm").classList.add("dragging")
        self.ghost.style.transform = f"translate({x - p['dx']}px, {y - p['dy']}px)"
        target = dom.closest(dom.element_at(x, y), "[data-drop]")
        if target is not self.hover:
            if self.hover is not None:
                self.hover.classList.remove("drop-hover")
            if target is not None:
                target.classList.add("drop-hover")
            self.hover = target
        ev.preventDefault()

    def on_pointer_up(self, ev: Any) -> None:
        p = self.press
        self.press = None
        if p is None or not self.dragging:
            return
        target = dom.closest(dom.element_at(float(ev.clientX), float(ev.clientY)), "[data-drop]")
        self.end_drag()
        self.suppress_click = True
        asyncio.get_event_loop().call_later(0.05, self.clear_suppress)
        if target is not None:
            self.guard(self.drop, p, dom.attr(target, "data-drop") or "")

    def on_pointer_cancel(self, ev: Any) -> None:
        self.press = None
        if self.dragging:
            self.end_drag()

    def clear_suppress(self) -> None:
        self.suppress_click = False

    def end_drag(self) -> None:
        self.dragging = False
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None
        if self.hover is not None:
            self.hover.classList.remove("drop-hover")
            self.hover = None
        dom.el("rm").classList.remove("dragging")
        for n in document.querySelectorAll(".drag-src"):
            n.classList.remove("drag-src")

    def drop(self, p: dict[str, Any], where: str) -> None:
        a = self.app
        if a.game is None:
            return
        kind = p["kind"]
        if kind in ("stock", "discard"):
            if where.startswith("hand"):
                a.try_act(Action.draw_stock() if kind == "stock" else Action.draw_discard())
            else:
                a.render()
            return
        pos = int(p["pos"] or 0)
        if pos >= len(a.order):
            return
        c = a.order[pos]
        if where.startswith("hand:"):
            dst = where[5:]
            self.move_card(pos, len(a.order) - 1 if dst == "end" else int(dst))
        elif where == "discard":
            a.try_act(Action.discard(c))
        elif where == "knock":
            a.try_act(Action.knock(c))
        elif where.startswith("meld:"):
            self.layoff([c], int(where[5:]))
        elif where == "table":
            cards = a.selected_cards()
            if pos not in a.selected:
                cards.append(c)
            self.meld(cards)
        else:
            a.render()
