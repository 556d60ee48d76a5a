"""The person's hand and moves: game actions from buttons, keys, clicks and drags, sent to the engine or
explained; the hand's order, selection and marks. Part of :class:`web.page.app.model.App`.

Written in the Python both MicroPython and CPython run.
"""

from web.page.shared.cards import JOKER, by_rank, by_suit, card_of, face_of, text_of

SHORTCUTS = {"d": "draw", "t": "take", "p": "pass", "x": "discard", "k": "knock", "g": "biggin",
             "m": "meld", "l": "layoff", "s": "cycle-sort", "n": "next", "?": "help", "h": "focus-hand",
             "i": "hint", "u": "undo"}
GAME_ACTS = ("draw", "take", "pass", "biggin", "discard-pile", "discard", "knock", "gin", "meld", "layoff",
             "meld-target")
ACT_KINDS = {"draw": ("draw stock",), "take": ("draw discard",), "pass": ("pass",), "biggin": ("big gin",),
             "discard": ("discard",), "knock": ("knock",), "meld": ("meld",), "layoff": ("layoff", "swap")}


class Hand:
    """The person's moves and hand (a part of the app's state machine)."""

    def set_sort(self, mode):
        self.settings["sort"] = mode
        self.selected = set()
        self.apply_sort()
        out = [("save-settings", self.settings), ("render",)]
        if self.save_data is not None and self.writable:
            out.insert(1, ("save-match", self.slot, self.record()))
        return out

    def play(self, act, data):
        """A game action from a button, a key, a click on a pile or a meld: sent to the engine, or explained."""
        v = self.view
        if v is None or self.screen != "table":
            if self.save_data is not None or self.waiting in ("new", "resume"):
                self.pending = (act, data)
                self.say("Getting the game ready…")
                return [("render",)]
            return []
        if self.engine != "ready" or self.waiting is not None:
            if self.waiting in (None, "new", "resume"):
                self.pending = (act, data)
                self.say("Getting the game ready…")
                return [("render",)]
            return []  # a move is on its way: a second click does nothing
        if self.cover is not None:
            return []  # pass and play: no hand shows until the next person taps
        if not self.writable:
            return self.complain("This game is open in another tab: press Play here to play it here.")
        if not v.in_hand:
            return self.complain("The hand is over.")
        if v.turn != v.seat:
            return self.complain("It is not your turn: " + self.names()[v.turn] + " is playing.")
        sel = self.selected_cards()
        if act == "draw":
            return self.send_move("draw stock")
        if act == "take":
            return self.send_move("draw discard")
        if act == "pass":
            return self.send_move("pass")
        if act == "biggin":
            return self.send_move("big gin")
        if act == "discard-pile":
            if v.phase == "play" and len(sel) == 1:
                return self.send_move("discard " + text_of(sel[0]))
            return self.send_move("draw discard")
        if act == "discard":
            if len(sel) != 1:
                return self.complain("Select the one card to discard (click it, or move to it with the arrows and "
                                     "press Space).")
            return self.send_move("discard " + text_of(sel[0]))
        if act == "gin":
            # Gin is a knock that leaves no deadwood: the engine's best knock when the hint says it does
            best = self.hint.get("best_knock")
            if self.gin_ready() and best and v.move(best) is not None:
                return self.send_move(best)
            return self.complain("Not gin yet: a knock now would leave deadwood.")
        if act == "knock":
            if len(sel) == 1:
                return self.send_move("knock " + text_of(sel[0]))
            if sel:
                return self.complain("Select the one card to knock with, or none to let the game pick the best.")
            best = self.hint.get("best_knock")
            if best and v.move(best) is not None:
                return self.send_move(best)
            knocks = v.moves("knock")
            return self.send_move(knocks[0].text if knocks else "knock " + text_of(v.hand[0]))
        if act == "meld":
            return self.meld(sel)
        if act == "layoff":
            return self.layoff(sel, None)
        if act == "meld-target":
            return self.layoff(sel, data.get("meld"))
        return []

    def send_move(self, text):
        """Send a move drawn from the view of this step; the engine checks it and answers."""
        self.say("")
        return self.request({"type": "act", "action": text, "step": self.view.step, "seat": self.view.seat}, "act")

    def complain(self, text):
        self.say(text, "error")
        return [("render",)]

    def refuse_drop(self, text):
        """A card dropped where it cannot go: it goes back where it came from, and the reason is said."""
        return [("motion", self.refused_motion())] + self.complain(text)

    def gin_ready(self):
        """Gin: a knock is legal and the engine's hint says the best discard leaves no deadwood."""
        v = self.view
        return (v is not None and v.game == "gin" and v.turn == v.seat and "knock" in v.kinds()
                and self.hint.get("after_discard") == 0 and bool(self.hint.get("best_knock")))

    def meld(self, sel):
        if len(sel) < 3:
            return self.complain("Select 3 or more cards that make a set or a run, then press Meld.")
        want = sorted(sel)
        for m in self.view.moves("meld"):
            if sorted(m.hand_cards()) == want:
                return self.send_move(m.text)
        if JOKER in sel:
            return self.complain("Those cards do not make a meld, even with the joker.")
        return self.send_move("meld " + " ".join(text_of(c) for c in sorted(sel)))  # the engine says why not

    def layoff(self, sel, meld):
        v = self.view
        if len(sel) != 1:
            return self.complain("Select one card to lay off" + (", then choose a meld on the table."
                                                                   if meld is None else "."))
        c = sel[0]
        fits = [m for m in v.legal if m.kind in ("layoff", "swap") and m.hand_cards() == [c]
                and (meld is None or m.meld == meld)]
        if fits:
            targets = sorted({m.meld for m in fits})
            if meld is None and len(targets) > 1:
                self.say(face_of(c) + " fits melds " + ", ".join(str(t) for t in targets)
                         + ": click the meld, or press its number.")
                return [("render",)]
            return self.send_move(fits[0].text)
        if not v.table:
            return self.complain("There are no melds on the table to lay off on yet.")
        if c == JOKER:
            return self.complain("The joker fits no meld there.")
        return self.send_move("layoff " + text_of(c) + " " + str(meld or 1))  # the engine says why not

    def run_pending(self):
        """A command given while the engine was getting ready: done now, once."""
        if self.pending is None:
            return []
        act, data = self.pending
        self.pending = None
        return self.play(act, data)

    def on_key(self, key, ctx):
        if self.screen == "replay":  # the replay viewer: arrows step through the hand
            return self.replay_key(key, ctx)
        in_dialog = ctx.get("in_dialog")
        pos = ctx.get("card_pos")
        if key in ("ArrowLeft", "ArrowRight") and pos is not None:
            return self.arrow(pos, -1 if key == "ArrowLeft" else 1, ctx.get("shift"))
        if key == "Escape" and not in_dialog:
            if self.selected:
                self.selected = set()
                self.say("")
                return [("render",)]
            return []
        k = key.lower() if len(key) == 1 else key
        if in_dialog and k != "n":
            return []
        if len(k) == 1 and k.isdigit() and k != "0":
            return self.play("meld-target", {"meld": int(k)})
        act = SHORTCUTS.get(k)
        if act is None:
            return []
        if act == "next":
            if self.view is None or self.view.in_hand:
                return []
            return self.on_command("next")
        if act in ACT_KINDS and self.view is not None and self.engine == "ready" and self.waiting is None \
                and not (set(ACT_KINDS[act]) & self.view.kinds()):
            return self.explain_disabled(act)
        return self.on_command(act)

    def explain_disabled(self, act):
        """A shortcut for a button that is off: say why instead of doing nothing."""
        v = self.view
        if act in ("draw", "take", "pass", "biggin") and v.turn == v.seat:
            return self.play(act, {})  # the engine's reason
        if v.turn != v.seat:
            if v.turn is None:
                return self.complain("The hand is over.")
            return self.complain("It is not your turn: " + self.names()[v.turn] + " is playing.")
        words = {"knock": "You cannot knock now: draw first, and knock only with low enough deadwood.",
                 "meld": "Nothing to meld now.", "layoff": "Nothing to lay off now.",
                 "discard": "Draw a card first, from the stock or the discard pile."}
        return self.complain(words.get(act, "Not now."))

    def arrow(self, pos, step, shift):
        n = len(self.order)
        new = max(0, min(n - 1, pos + step))
        out = []
        if shift and new != pos:
            out += self.move_card(pos, new)
        out.append(("focus", '.hand .card[data-pos="' + str(new) + '"]'))
        return out

    def move_card(self, src, dst):
        order = self.order
        chosen = {order[p] for p in self.selected} if self.selected else set()
        c = order.pop(src)
        order.insert(dst, c)
        self.selected = {i for i, x in enumerate(order) if x in chosen and x != JOKER}
        if src in self.selected:
            self.selected.add(dst)
        self.settings["sort"] = "custom"
        out = [("save-settings", self.settings), ("render",)]
        if self.save_data is not None and self.writable:
            out.insert(1, ("save-match", self.slot, self.record()))
        return out

    def on_drop(self, kind, pos, where):
        if self.view is None:
            return []
        if kind in ("stock", "discard"):
            if where.startswith("hand"):
                return self.play("draw" if kind == "stock" else "take", {})
            return self.refuse_drop("Drag the stock or the discard pile onto your hand to draw.")
        if pos is None or pos >= len(self.order):
            return []
        c = self.order[pos]
        if where.startswith("hand:"):
            dst = where[5:]
            return self.move_card(pos, len(self.order) - 1 if dst == "end" else int(dst))
        if where == "discard":
            self.selected = {pos}
            return self.play("discard", {})
        if where == "knock":
            self.selected = {pos}
            return self.play("knock", {})
        if where.startswith("meld:"):
            self.selected = {pos}
            return self.play("meld-target", {"meld": int(where[5:])})
        if where == "table":
            self.selected.add(pos)
            return self.play("meld", {})
        # dropped on nothing that takes a card: say where it could go
        if c is not None:
            return self.refuse_drop("Drop a card on the discard pile, on Knock or a meld, on the table, or between "
                                    "your cards to move it.")
        return []

    def sync_order(self):
        """Keep the person's arrangement; new cards join at the end; then sort unless arranged by hand."""
        if self.view is None:
            return
        left = list(self.view.hand)
        kept = []
        for c in self.order:
            if c in left:
                left.remove(c)
                kept.append(c)
        self.order = kept + left
        self.apply_sort()
        self.selected = {p for p in self.selected if p < len(self.order)}

    def sort_mode(self):
        """The sort in force: "melds first" is Gin's; in Rummy it sorts by suit (and shows so)."""
        mode = self.settings.get("sort")
        if mode == "melds" and (self.view is None or self.view.game != "gin"):
            return "suit"
        return mode

    def apply_sort(self):
        mode = self.sort_mode()
        if mode == "suit":
            self.order = by_suit(self.order)
        elif mode == "rank":
            self.order = by_rank(self.order)
        elif mode == "melds":
            melds = [[card_of(t) for t in m] for m in self.hint.get("melds") or []]
            in_melds = [c for m in melds for c in m if c in self.order]
            rest = [c for c in self.order if c not in in_melds]
            self.order = in_melds + by_suit(rest)

    def selected_cards(self):
        return [self.order[p] for p in sorted(self.selected) if p < len(self.order)]

    def marks(self):
        """Gin: the deadwood cards, the meld of each melded card (and gaps between the melds when they come
        first), and the live deadwood line (from the hint) as (text, class) parts. Rummy: the cards that could be melded or laid off now
        (from ``view.legal``), when hints are on."""
        marks = {"new": self.new_card}
        v = self.view
        h = self.hint
        if v is not None and v.game == "rummy" and self.settings.get("hints", True):
            marks["hints"] = playable(v)
        if v is None or v.game != "gin" or not h or not v.hand:
            return marks, ""
        marks["deadwood"] = {card_of(t) for t in h.get("unmatched") or []}
        groups = {}
        for i, m in enumerate(h.get("melds") or []):
            for t in m:
                groups[card_of(t)] = i
        marks["groups"] = groups
        marks["gaps"] = self.sort_mode() == "melds"
        parts = [("Deadwood " + str(h.get("deadwood")), "")]
        if h.get("after_discard") is not None:
            parts.append((" · after your best discard " + str(h["after_discard"]), "more"))
        limit = v.knock_limit
        if limit is not None:
            parts.append(((" · knock at " + str(limit) + " or less") if limit else " · gin only (knock limit 0)", ""))
        return marks, parts


def playable(view):
    """The cards of the hand that some legal meld or lay-off would play now (nothing else is read: no rule)."""
    out = set()
    for m in view.legal:
        if m.kind in ("meld", "layoff", "swap"):
            for c in m.hand_cards():
                out.add(c)
    return out
