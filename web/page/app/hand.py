"""The person's hand and moves: game actions from buttons, keys, clicks and drags, sent to the engine or
explained; the hand's order, selection and marks. A part of the match at the table (its state is
:class:`web.page.app.table.MatchState`).

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, expect, motion, stage
from web.page.app.text import card_face, who
from web.page.i18n import N_, _
from web.page.shared.cards import JOKER, by_rank, by_suit, card_of, text_of
from web.page.shared.viewdata import read_view

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from web.page.app.core import Effects
    from web.page.app.model import App
    from web.page.shared.viewdata import View

SHORTCUTS = {"d": "draw", "t": "take", "p": "pass", "x": "discard", "k": "knock", "g": "biggin",
             "m": "meld", "l": "layoff", "s": "cycle-sort", "n": "next", "?": "help", "h": "focus-hand",
             "i": "hint", "u": "undo"}
GAME_ACTS = ("draw", "take", "pass", "biggin", "discard-pile", "discard", "knock", "gin", "meld", "layoff",
             "meld-target")
ACT_KINDS = {"draw": ("draw stock",), "take": ("draw discard",), "pass": ("pass",), "biggin": ("big gin",),
             "discard": ("discard",), "knock": ("knock",), "meld": ("meld",), "layoff": ("layoff", "swap")}


def set_sort(app: "App", mode: str) -> "Effects":
    page = app.page
    page.settings["sort"] = mode
    app.match.selected = set()
    apply_sort(app)
    out = [("save-settings", page.settings), ("render",)]
    if app.match.save is not None and page.writable:
        out.insert(1, ("save-match", page.slot, core.record(app)))
    return out


def cycle_sort(app: "App") -> "Effects":
    """The sort shortcut: by suit, by rank, melds first (Gin), in turn."""
    v = app.match.view
    modes = ["suit", "rank"] + (["melds"] if v is not None and v.game == "gin" else [])
    cur = app.page.settings.get("sort")
    return set_sort(app, modes[(modes.index(cur) + 1) % len(modes)] if cur in modes else "suit")


def play(app: "App", act: str, data: "dict[str, Any]") -> "Effects":
    """A game action from a button, a key, a click on a pile or a meld: sent to the engine, or explained."""
    m = app.match
    v = m.view
    if v is None or app.page.screen != "table":
        if m.save is not None or m.waiting in ("new", "resume"):
            m.pending = (act, data)
            core.say(app, waiting_words(app))
            return [("render",)]
        return []
    if m.engine != "ready" or m.waiting is not None:
        if m.waiting in (None, "new", "resume"):
            m.pending = (act, data)
            core.say(app, waiting_words(app))
            return [("render",)]
        if m.waiting == "act" and m.confirmed is not None and (selected_cards(app) or act in ("knock", "gin")):
            # a move made on the table the person's last move put on show (with cards chosen on it, or a knock):
            # made once that move is confirmed
            m.pending = (act, data)
        return []  # otherwise a move is on its way: a second click (a double click) does nothing
    if m.cover is not None:
        return []  # pass and play: no hand shows until the next person taps
    if not app.page.writable:
        # i18n: the same match is open in another browser tab; "Play here" is the name of a button
        return core.complain(app, _("This game is open in another tab: press Play here to play it here."))
    if not v.in_hand:
        return core.complain(app, _("The hand is over."))
    if v.turn != v.seat:
        return core.complain(app, not_your_turn(app, v.turn))
    sel = selected_cards(app)
    if act == "draw":
        return send_move(app, "draw stock")
    if act == "take":
        return send_move(app, "draw discard")
    if act == "pass":
        return send_move(app, "pass")
    if act == "biggin":
        return send_move(app, "big gin")
    if act == "discard-pile":
        if v.phase == "play" and len(sel) == 1:
            return send_move(app, "discard " + text_of(sel[0]))
        return send_move(app, "draw discard")
    if act == "discard":
        if len(sel) != 1:
            return core.complain(app, _("Select the one card to discard (click it, or move to it with the arrows "
                                        "and press Space)."))
        return send_move(app, "discard " + text_of(sel[0]))
    if act == "gin":
        # Gin is a knock that leaves no deadwood: the engine's best knock when the hint says it does
        best = m.hint.get("best_knock")
        if gin_ready(app) and best and v.move(best) is not None:
            return send_move(app, best)
        # i18n: the Gin button was pressed, but the hand is not gin (every card in a meld) yet
        return core.complain(app, _("Not gin yet: a knock now would leave deadwood."))
    if act == "knock":
        going = stage.confirmed(app)
        if going is not None:  # the confirmation's Knock, or K again
            return send_move(app, going)
        if len(sel) == 1:
            return knock(app, "knock " + text_of(sel[0]))
        if sel:
            # i18n: more than one card was selected when knocking (the knock discards one card)
            return core.complain(app, _("Select the one card to knock with, or none to let the game pick the best."))
        best = m.hint.get("best_knock")
        if best and v.move(best) is not None:
            return knock(app, best)
        knocks = v.moves("knock")
        return knock(app, knocks[0].text if knocks else "knock " + text_of(v.hand[0]))
    if act == "meld":
        return meld(app, sel)
    if act == "layoff":
        return layoff(app, sel, None)
    if act == "meld-target":
        return layoff(app, sel, data.get("meld"))
    return []


def knock(app: "App", text: str) -> "Effects":
    """A knock is said, with its deadwood, before it goes (web.page.app.stage); one the engine would refuse goes
    at once, for the engine's reason."""
    if core.view(app).move(text) is None:
        return send_move(app, text)
    return stage.confirm_knock(app, text)


def send_move(app: "App", text: str) -> "Effects":
    """Send a move drawn from the view of this step; the engine checks it and answers. Meanwhile the table shows
    what the move does to the cards it names (:mod:`web.page.app.expect`), put back if the engine refuses."""
    m = app.match
    core.say(app, "")
    v = core.view(app)
    out = core.request(app, {"type": "act", "action": text, "step": v.step, "seat": v.seat}, "act")
    shown = m.view_doc
    doc = expect.expected(shown, text) if shown is not None and m.waiting == "act" else None
    if doc is not None and shown is not None:
        m.confirmed = (v, shown, list(m.order), set(m.selected))
        m.view = read_view(doc)
        m.view_doc = doc
        m.selected = set()
        sync_order(app)
    return out


def put_back(app: "App") -> None:
    """The engine did not play the person's move: the table as it was before it, the cards where they were."""
    m = app.match
    if m.confirmed is not None:
        m.view, m.view_doc, m.order, m.selected = m.confirmed
        m.confirmed = None
        m.pending = None  # a move made on the table that was on show has no table to be made on


def refuse_drop(app: "App", text: str) -> "Effects":
    """A card dropped where it cannot go: it goes back where it came from, and the reason is said."""
    return [("motion", refused_motion())] + core.complain(app, text)


# What the engine worker is doing as it starts, in words (shown in "Getting the game ready: ...")
STAGES = {
    # i18n: what the game does as it starts, in "Getting the game ready: downloading the game engine…"
    "runtime": N_("downloading the game engine"),
    # i18n: what the game does as it starts, in "Getting the game ready: starting Python…" (Python: the
    # programming language the game is written in)
    "python": N_("starting Python"),
    # i18n: what the game does as it starts, in "Getting the game ready: loading the rules and the opponents…"
    "engine": N_("loading the rules and the opponents"),
}


def says_waiting(app: "App") -> bool:
    """True when the message line says a move waits for the engine's start (:func:`waiting_words`,
    at any of its stages)."""
    return app.page.message in [waiting_words_for(s) for s in [""] + list(STAGES.values())]


def waiting_words(app: "App") -> str:
    """What a move made before the engine is up waits for (the engine worker's start, in words)."""
    return waiting_words_for(app.match.starting)


def waiting_words_for(stage: str) -> str:
    """The words of :func:`waiting_words` while the engine worker is at ``stage`` (its words in English, from
    :data:`STAGES`, or "")."""
    if stage:
        # i18n: a move waits for the game to start; {stage} says what it is doing ("downloading the game engine")
        return _("Getting the game ready: {stage}…").format(stage=_(stage))
    return _("Getting the game ready…")


def not_your_turn(app: "App", turn: int | None) -> str:
    """The reason a move is refused when another player is to play."""
    return _("It is not your turn: {name} is playing.").format(name=who(core.names(app), turn))


def refused_motion() -> "dict[str, Any]":
    """A refused move: a dragged card goes back, the selected cards shake."""
    plan = motion.new_plan()
    plan["snap"] = True
    plan["shake"] = [".hand .card.selected"]
    return plan


def gin_ready(app: "App") -> bool:
    """Gin: a knock is legal and the engine's hint says the best discard leaves no deadwood."""
    m = app.match
    v = m.view
    return (v is not None and v.game == "gin" and v.turn == v.seat and "knock" in v.kinds()
            and m.hint.get("after_discard") == 0 and bool(m.hint.get("best_knock")))


def meld(app: "App", sel: list[int]) -> "Effects":
    if len(sel) < 3:
        # i18n: "Meld" is the name of a button
        return core.complain(app, _("Select 3 or more cards that make a set or a run, then press Meld."))
    want = sorted(sel)
    for m in core.view(app).moves("meld"):
        if sorted(m.hand_cards()) == want:
            return send_move(app, m.text)
    if JOKER in sel:
        return core.complain(app, _("Those cards do not make a meld, even with the joker."))
    return send_move(app, "meld " + " ".join(text_of(c) for c in sorted(sel)))  # the engine says why not


def layoff(app: "App", sel: list[int], meld: int | None) -> "Effects":
    v = core.view(app)
    if len(sel) != 1:
        if meld is None:
            return core.complain(app, _("Select one card to lay off, then choose a meld on the table."))
        return core.complain(app, _("Select one card to lay off."))
    c = sel[0]
    fits = [m for m in v.legal if m.kind in ("layoff", "swap") and m.hand_cards() == [c]
            and (meld is None or m.meld == meld)]
    if fits:
        targets = sorted({m.meld for m in fits})
        if meld is None and len(targets) > 1:
            # i18n: {card} can be laid off on more than one meld of the table; {melds} are their numbers ("1, 3")
            core.say(app, _("{card} fits melds {melds}: click the meld, or press its number.").format(
                card=card_face(c), melds=", ".join(str(t) for t in targets)))
            return [("render",)]
        return send_move(app, fits[0].text)
    if not v.table:
        return core.complain(app, _("There are no melds on the table to lay off on yet."))
    if c == JOKER:
        return core.complain(app, _("The joker fits no meld there."))
    return send_move(app, "layoff " + text_of(c) + " " + str(meld or 1))  # the engine says why not


def run_pending(app: "App") -> "Effects":
    """A command given while the engine was getting ready: done now, once."""
    m = app.match
    if m.pending is None:
        return []
    act, data = m.pending
    m.pending = None
    return play(app, act, data)


def on_key(app: "App", key: str, ctx: "dict[str, Any]") -> "Effects":
    """A key at the table: arrows move among (and with Shift, move) the cards, Escape clears the selection (or,
    with none, closes the move log), a digit picks a meld; a shortcut gives the name of the command it stands for
    (``("command", act)``), or, when its button is off, the reason."""
    m = app.match
    in_dialog = ctx.get("in_dialog")
    pos = ctx.get("card_pos")
    if key in ("ArrowLeft", "ArrowRight") and pos is not None:
        return arrow(app, pos, -1 if key == "ArrowLeft" else 1, bool(ctx.get("shift")))
    if key == "Escape" and not in_dialog:
        if m.selected:
            m.selected = set()
            core.say(app, "")
            return [("render",)]
        if app.page.log_open:  # then the move log's drawer
            return [("then", ("command", "moves", {}))]
        return []
    k = key.lower() if len(key) == 1 else key
    if in_dialog and k != "n":
        return []
    if len(k) == 1 and k.isdigit() and k != "0":
        return play(app, "meld-target", {"meld": int(k)})
    act = SHORTCUTS.get(k)
    if act is None:
        return []
    if act == "next" and (m.view is None or m.view.in_hand):
        return []
    if act in ACT_KINDS and m.view is not None and m.engine == "ready" and m.waiting is None \
            and not (set(ACT_KINDS[act]) & m.view.kinds()):
        return explain_disabled(app, act)
    return [("then", ("command", act, {}))]


def explain_disabled(app: "App", act: str) -> "Effects":
    """A shortcut for a button that is off: say why instead of doing nothing."""
    v = core.view(app)
    if act in ("draw", "take", "pass", "biggin") and v.turn == v.seat:
        return play(app, act, {})  # the engine's reason
    if v.turn != v.seat:
        if v.turn is None:
            return core.complain(app, _("The hand is over."))
        return core.complain(app, not_your_turn(app, v.turn))
    if act == "knock":
        return core.complain(app, _("You cannot knock now: draw first, and knock only with low enough deadwood."))
    if act == "meld":
        return core.complain(app, _("Nothing to meld now."))
    if act == "layoff":
        return core.complain(app, _("Nothing to lay off now."))
    if act == "discard":
        return core.complain(app, _("Draw a card first, from the stock or the discard pile."))
    return core.complain(app, _("Not now."))


def arrow(app: "App", pos: int, step: int, shift: bool) -> "Effects":
    n = len(app.match.order)
    new = max(0, min(n - 1, pos + step))
    out = []
    if shift and new != pos:
        out += move_card(app, pos, new)
    out.append(("focus", '.hand .card[data-pos="' + str(new) + '"]'))
    return out


def move_card(app: "App", src: int, dst: int) -> "Effects":
    m = app.match
    page = app.page
    order = m.order
    chosen = {order[p] for p in m.selected} if m.selected else set()
    c = order.pop(src)
    order.insert(dst, c)
    m.selected = {i for i, x in enumerate(order) if x in chosen and x != JOKER}
    if src in m.selected:
        m.selected.add(dst)
    page.settings["sort"] = "custom"
    out = [("save-settings", page.settings), ("render",)]
    if m.save is not None and page.writable:
        out.insert(1, ("save-match", page.slot, core.record(app)))
    return out


def on_drop(app: "App", kind: str, pos: int | None, where: str) -> "Effects":
    m = app.match
    if m.view is None:
        return []
    if kind in ("stock", "discard"):
        if where.startswith("hand"):
            return play(app, "draw" if kind == "stock" else "take", {})
        return refuse_drop(app, _("Drag the stock or the discard pile onto your hand to draw."))
    if pos is None or pos >= len(m.order):
        return []
    if where.startswith("hand:"):
        dst = where[5:]
        return move_card(app, pos, len(m.order) - 1 if dst == "end" else int(dst))
    if where == "discard":
        m.selected = {pos}
        return play(app, "discard", {})
    if where == "knock":
        m.selected = {pos}
        app.stage.confirm = None  # the card dropped is the one asked about, not a knock asked before the drag
        return play(app, "knock", {})
    if where.startswith("meld:"):
        m.selected = {pos}
        return play(app, "meld-target", {"meld": int(where[5:])})
    if where == "table":
        m.selected.add(pos)
        return play(app, "meld", {})
    # dropped on nothing that takes a card: say where it could go
    # i18n: a card was dropped where it cannot go; "Knock" is the name of a button
    return refuse_drop(app, _("Drop a card on the discard pile, on Knock or a meld, on the table, or between your "
                              "cards to move it."))


def sync_order(app: "App") -> None:
    """Keep the person's arrangement; new cards join at the end; then sort unless arranged by hand."""
    m = app.match
    if m.view is None:
        return
    left = list(m.view.hand)
    kept = []
    for c in m.order:
        if c in left:
            left.remove(c)
            kept.append(c)
    m.order = kept + left
    apply_sort(app)
    m.selected = {p for p in m.selected if p < len(m.order)}


def select_cards(app: "App", cards: "Sequence[int]") -> None:
    """Select these cards wherever the hand's order now has them (a card held twice, from two decks, once each)."""
    m = app.match
    left = list(cards)
    m.selected = set()
    for p, c in enumerate(m.order):
        if c in left:
            left.remove(c)
            m.selected.add(p)


def sort_mode(app: "App") -> str:
    """The sort in force: "melds first" is Gin's; in Rummy it sorts by suit (and shows so)."""
    mode = str(app.page.settings.get("sort"))
    if mode == "melds" and (app.match.view is None or app.match.view.game != "gin"):
        return "suit"
    return mode


def apply_sort(app: "App") -> None:
    mode = sort_mode(app)
    if mode == "suit":
        app.match.order = by_suit(app.match.order)
    elif mode == "rank":
        app.match.order = by_rank(app.match.order)
    elif mode == "melds":
        melds = [[card_of(t) for t in m] for m in app.match.hint.get("melds") or []]
        in_melds = [c for m in melds for c in m if c in app.match.order]
        rest = [c for c in app.match.order if c not in in_melds]
        app.match.order = in_melds + by_suit(rest)


def selected_cards(app: "App") -> list[int]:
    m = app.match
    return [m.order[p] for p in sorted(m.selected) if p < len(m.order)]


def marks(app: "App") -> "tuple[dict[str, Any], list[tuple[str, str]] | str]":
    """Gin: the deadwood cards, the meld of each melded card (and gaps between the melds when they come
    first), and the live deadwood line (from the hint) as (text, class) parts. Rummy: the cards that could be melded or laid off now
    (from ``view.legal``), when hints are on."""
    marks: dict[str, Any] = {"new": app.match.new_card}
    v = app.match.view
    h = app.match.hint
    if v is not None and v.game == "rummy" and app.page.settings.get("hints", True):
        marks["hints"] = playable(v)
    if v is None or v.game != "gin" or not h or not v.hand:
        return marks, ""
    marks["deadwood"] = {card_of(t) for t in h.get("unmatched") or []}
    groups: dict[int, int] = {}
    for i, m in enumerate(h.get("melds") or []):
        for t in m:
            groups[card_of(t)] = i
    marks["groups"] = groups
    marks["gaps"] = sort_mode(app) == "melds"
    # i18n: beside the hand (Gin): the points of the cards in no meld
    parts = [(_("Deadwood {n}").format(n=h.get("deadwood")), "")]
    if h.get("after_discard") is not None:
        # i18n: beside "Deadwood 12" (Gin): the deadwood left after the best card to discard
        parts.append((" · " + _("after your best discard {n}").format(n=h["after_discard"]), "more"))
    limit = v.knock_limit
    if limit is not None:
        if limit:
            # i18n: beside "Deadwood 12" (Gin): the most deadwood a player may knock with
            parts.append((" · " + _("knock at {n} or less").format(n=limit), ""))
        else:
            # i18n: beside "Deadwood 12" (Gin): no knock is allowed, only gin (every card in a meld)
            parts.append((" · " + _("gin only (knock limit 0)"), ""))
    return marks, parts


def playable(view: "View") -> set[int]:
    """The cards of the hand that some legal meld or lay-off would play now (nothing else is read: no rule)."""
    out: set[int] = set()
    for m in view.legal:
        if m.kind in ("meld", "layoff", "swap"):
            for c in m.hand_cards():
                out.add(c)
    return out
