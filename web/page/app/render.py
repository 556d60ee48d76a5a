"""Drawing the table as HTML from a seat's view (:mod:`web.page.shared.viewdata`) and the app's own state.

Only drawing: every function returns a string of HTML. What is legal comes from ``view.legal``; the words
come from :mod:`web.page.app.text`; the cards are references into the deck's sprite (:mod:`web.page.app.deck`).
Stable hooks for tests and assistive technology: ``data-testid``, button names ("Draw from stock", "Take
discard", "Discard", "Knock", "Meld", "Lay off", "Pass", "Gin") and cards named like "8 of hearts"; ``data-key``
on everything focusable, so focus survives a redraw; ``data-card`` on every face-up card, so the runner can fly a
card from where it was to where it is now.

The table is one screen tall: opponents, the middle (piles, and in Rummy the melds), the status line, the hand and
the actions, each in a row of fixed height where it matters, so nothing moves when a message comes or a meld is
laid. The hand is a fan laid out by the stylesheet from three numbers per card (its place, its meld group's gap,
the count), so 11 cards fit one row at 320 px and spread out on a desktop.
Written in the Python both MicroPython and CPython run. Long pieces of HTML are put together with
``"".join((...))``, here and in every module that draws: under MicroPython each ``+`` of a chain copies the string
made so far, and a screen drawn that way took twice as long (``python -m bench.page_draw``).
"""

from web.page.app import characters
from web.page.app.deck import back_svg, face_svg, suit_class
from web.page.app.text import card_words, esc, isolated, plural, tier_word
from web.page.shared.cards import JOKER, face_of, text_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Collection, Sequence
    from typing import Any

    from web.page.shared.viewdata import View

ACTION_BUTTONS = {
    # key: (label, short label, accessible name, shortcut, engine kinds)
    "draw": ("Draw", "Draw", "Draw from stock", "D", ("draw stock",)),
    "take": ("Take discard", "Take", "Take discard", "T", ("draw discard",)),
    "pass": ("Pass", "Pass", "Pass", "P", ("pass",)),
    "meld": ("Meld", "Meld", "Meld", "M", ("meld",)),
    "layoff": ("Lay off", "Lay off", "Lay off", "L", ("layoff", "swap")),
    "discard": ("Discard", "Discard", "Discard", "X", ("discard",)),
    "knock": ("Knock", "Knock", "Knock", "K", ("knock",)),
    "gin": ("Gin!", "Gin!", "Gin", "", ("knock",)),
    "biggin": ("Big gin", "Big gin", "Big gin", "G", ("big gin",)),
}
GIN_BUTTONS = ("pass", "draw", "take", "discard", "knock", "gin", "biggin")
RUMMY_BUTTONS = ("draw", "take", "meld", "layoff", "discard")


# ---------------------------------------------------------------- cards

def card_key(card: int) -> str:
    """The ``data-card`` of a face-up card: its text (``7H``; ``JK`` for a joker, wherever it plays)."""
    return text_of(card)


def face(card: int, cls: str = "", attrs: str = "", inner: str = "") -> str:
    """A face-up card that is not a button (piles, melds, dialogs), named for screen readers by its caller."""
    return "".join(('<span class="card ', suit_class(card), ((" " + cls) if cls else ""), '" data-card="', card_key(card),
                    '"', attrs, ">", face_svg(card), inner, "</span>"))


def back(back_id: str, cls: str = "") -> str:
    return "".join(('<span class="card back', ((" " + cls) if cls else ""), '">', back_svg(back_id), "</span>"))


def dlg_card(card: int, wild: bool = False, extra: str = "", style: str = "") -> str:
    """A face-up card in a dialog (not interactive), named for screen readers."""
    label = ("Joker as " + card_words(card)) if wild else card_words(card)
    shown = JOKER if wild else card
    mark = "".join(('<i class="wild-as">', esc(_short(card)), "</i>")) if wild else ""
    return "".join(('<span class="card dcard ', suit_class(shown), (" wild" if wild else ""), ((" " + extra) if extra else ""),
                    '" role="img" aria-label="', esc(label), '"', ((' style="' + style + '"') if style else ""), ">",
                    face_svg(shown), mark, "</span>"))


def _short(card: int) -> str:
    return face_of(card)


def cards_row(cards: "Sequence[int]", extra: str = "", wild: "Collection[int]" = (), start: int = 0) -> str:
    """Cards in a row (dialogs); ``start`` numbers them for a staggered entrance."""
    return "".join(('<span class="cards-row">', "".join(dlg_card(c, c in wild, extra, "--k:" + str(start + i))
                                                         for i, c in enumerate(cards)), "</span>"))


# ---------------------------------------------------------------- who is who

def seat_colors(view: "View", profiles: "dict[int, dict[str, Any] | None]") -> list[str]:
    """A colour per seat: gold for the person, each character's own colour for the others."""
    out = []
    for s in range(view.players):
        if s == view.seat:
            out.append(characters.YOU_COLOR)
        else:
            p = profiles.get(s)
            out.append(characters.color_of(p["id"]) if p else characters.SEAT_COLORS[s % len(characters.SEAT_COLORS)])
    return out


def meld_authors(view: "View") -> list[dict[int, int | None]]:
    """Rummy: who put each card of each table meld down, from the hand's public log (meld, lay-off and joker-swap
    events name the seat): a list, per meld (numbered from 1), of ``{card: seat}``."""
    melds: list[dict[int, int | None]] = [{} for _ in view.table]
    for e in view.log:
        if e.kind in ("meld", "layoff") and 1 <= e.meld <= len(melds):
            for c in e.cards:
                melds[e.meld - 1][c] = e.seat
        elif e.kind == "swap" and e.card is not None and 1 <= e.meld <= len(melds):
            melds[e.meld - 1][e.card] = e.seat
    return melds


# ---------------------------------------------------------------- the table

def opponents_html(view: "View", names: "Sequence[str]", profiles: "dict[int, dict[str, Any] | None]",
                   ui: "dict[str, Any]") -> str:
    out = []
    speech = ui.get("speech", {})
    colors = ui.get("colors") or seat_colors(view, profiles)
    back_id = ui.get("back", "red")
    for s in range(view.players):
        if s == view.seat:
            continue
        n = view.hand_counts[s]
        p = profiles.get(s)
        pid = p["id"] if p else ""
        tier = tier_word(p["tier"]) if p else ""
        style = p["style"] if p else ""
        active = view.turn == s and view.in_hand
        spread = ui.get("spreads", {}).get(s) if view.game == "rummy" else None
        shown = 0 if s in ui.get("spreads", {}) else min(n, 13)  # the end of a hand: the cards are face up
        backs = "".join("".join(('<span class="card back ocard" style="--i:', str(i), '">', back_svg(back_id), "</span>"))
                        for i in range(shown))
        dealer = ' <span class="badge" title="Dealer">D</span>' if view.dealer == s else ""
        state = '<span class="thinking" aria-hidden="true"><i></i><i></i><i></i></span>' if active else ""
        said = speech.get(s)
        bubble = "".join(('<p class="bubble" data-testid="speech-', str(s), '">', esc(said), "</p>")) if said else ""
        out.append(
            "".join(('<div class="opp', (" active" if active else ""), '" data-testid="opponent-', str(s),
                     '" data-seat="', str(s), '" role="group" aria-label="', esc(isolated(names[s])), ": ", plural(n, "card"),
                     ", score ", str(view.scores[s]), '" style="--seat:', colors[s], '">'
                     '<div class="opp-who">', (characters.portrait(pid) if p else characters.initial(names[s], colors[s])), state,
                     '<div class="opp-id"><strong class="opp-name">', esc(isolated(names[s])), "</strong>", dealer,
                     ' <span class="opp-meta">', esc(tier), ((" · " + esc(style)) if style else ""), "</span></div>",
                     bubble, "</div>"
                     '<div class="fan" aria-hidden="true" style="--n:', str(max(shown, 1)), '">', backs, "</div>",
                     ("".join(('<div class="showdown theirs">', spread, "</div>")) if spread else ""),
                     '<div class="opp-foot"><span data-testid="count-', str(s), '">', plural(n, "card"), "</span>"
                     '<span class="opp-pts"> · ', str(view.scores[s]), " pts</span></div></div>")))
    return "".join(('<section class="opponents" aria-label="Opponents" style="--opps:', str(view.players - 1), '">',
                    "".join(out), "</section>"))


def piles_html(view: "View", kinds: "Collection[str]", back_id: str) -> str:
    can_stock = "draw stock" in kinds
    can_take = "draw discard" in kinds
    top = view.top_discard
    depth = 3 if view.stock_count > 20 else (2 if view.stock_count > 6 else (1 if view.stock_count else 0))
    stock_face = (back(back_id, "pcard") if view.stock_count else '<span class="card pcard empty"></span>')
    stock = "".join(('<button type="button" class="pile stock', (" can" if can_stock else ""), '" data-act="draw" '
                     'data-key="pile-stock" data-drag="stock" data-testid="stock" aria-label="Stock, ',
                     plural(view.stock_count, "card"), '" style="--depth:', str(depth), '">', stock_face,
                     '<span class="pile-count" data-testid="stock-count">', str(view.stock_count), "</span></button>"))
    if top is None:
        dface = '<span class="card pcard empty"></span>'
        dname = "Discard pile, empty"
    else:
        dface = face(top, "pcard top")
        dname = "Discard pile, " + plural(len(view.discard), "card") + ", top card " + card_words(top)
    under = ""
    if len(view.discard) > 1:
        under = face(view.discard[-2], "pcard under", ' aria-hidden="true"')
    disc = "".join(('<button type="button" class="pile discard', (" can" if can_take else ""), '" data-act="discard-pile" '
                    'data-key="pile-discard" data-drop="discard" data-drag="discard" data-testid="discard-pile" aria-label="',
                    esc(dname), '">', under, dface, '<span class="pile-count">', str(len(view.discard)),
                    "</span></button>"))
    return "".join(('<div class="piles">', stock, disc, "</div>"))


def table_html(view: "View", names: "Sequence[str]", colors: "Sequence[str]") -> str:
    if view.game != "rummy":
        return ""
    authors = meld_authors(view)
    melds = []
    for i, m in enumerate(view.table, 1):
        by = authors[i - 1] if i - 1 < len(authors) else {}
        words = []
        cards = []
        for k, c in enumerate(m.cards):
            wild = c in m.wild
            seat = by.get(c)
            who = (" laid by " + isolated(names[seat])) if seat is not None and 0 <= seat < len(names) else ""
            words.append((("joker as " + card_words(c)) if wild else card_words(c)) + who)
            mark = ""
            if seat is not None and 0 <= seat < len(colors):
                mark = "".join(('<i class="by" style="background:', colors[seat], '"></i>'))
            if wild:
                mark += "".join(('<i class="wild-as">', esc(_short(c)), "</i>"))
            title = esc(("Joker as " + _short(c)) if wild else _short(c)) + esc(who)
            cards.append(face(JOKER if wild else c, "tcard" + (" wild" if wild else ""),
                              "".join((' style="--i:', str(k), '" title="', title, '"')), mark))
        melds.append("".join(('<button type="button" class="meld" data-act="meld-target" data-meld="', str(i),
                              '" data-drop="meld:', str(i), '" data-key="meld-', str(i), '" data-testid="meld-', str(i),
                              '" aria-label="Meld ', str(i), ": ", esc(", ".join(words)), '" style="--n:',
                              str(len(m.cards)), '"><span class="meld-no" aria-hidden="true">', str(i), "</span>",
                              "".join(cards), "</button>")))
    hint = "" if melds else '<p class="table-empty">No melds yet. Drag cards here, or select them and press Meld.</p>'
    # the section is the place to drop cards on (the rest of the row); the box in it is as large as its melds
    return "".join(('<section class="table-melds" data-drop="table" data-testid="table" aria-label="Melds on the table">'
                    '<div class="melds">', "".join(melds), hint, "</div></section>"))


def hand_html(order: "Sequence[int]", selected: "Collection[int]", marks: "dict[str, Any]", view: "View") -> str:
    """The player's hand, fanned: each card a toggle button named like "8 of hearts". A button is the strip of
    its card left in view (the card's picture overflows it, under the next one), so a tap or a click always
    lands on the card it shows."""
    out = []
    dead = marks.get("deadwood", ())
    new = marks.get("new")
    taken = view.taken_discard
    groups = marks.get("groups", {})
    hinted = marks.get("hints", ())
    advised = marks.get("advised", ())  # the cards of the hint on show
    lesson = marks.get("lesson", ())  # the guided hand's cards for this step
    knocking = marks.get("knock")  # the card of the knock being confirmed
    gaps = marks.get("gaps", False)
    gap = 0
    prev = None
    for pos, c in enumerate(order):
        g = groups.get(c)
        here = -1 if g is None else g
        if gaps and pos > 0 and here != prev:
            gap += 1
        prev = here
        cls = ["card", "in-hand", suit_class(c)]
        if pos in selected:
            cls.append("selected")
        if c in dead:
            cls.append("dw")
        if c == new:
            cls.append("new")
        if c == taken and c != JOKER:
            cls.append("taken")
        if g is not None:
            cls.append("grp grp" + str(g % 4))
        if c in hinted:
            cls.append("hint")
        if c in advised:
            cls.append("advised")
        if c in lesson:
            cls.append("lit")
        if c == knocking:
            cls.append("knocking")
        tip = card_words(c) + (", deadwood" if c in dead else "") + (", can be played now" if c in hinted else "") + (
            ", the hint's card" if c in advised else "") + (
            ", just taken from the discard pile" if c == taken else "")
        out.append("".join(('<button type="button" class="', " ".join(cls), '" data-act="card" data-pos="', str(pos),
                            '" data-drag="hand" data-drop="hand:', str(pos), '" data-key="card-', text_of(c), "-",
                            str(pos if c == JOKER else 0), '" aria-pressed="',
                            ("true" if pos in selected else "false"), '" aria-label="', esc(card_words(c)), '" title="',
                            esc(tip), '" style="--i:', str(pos), ";--g:", str(gap), '"><span class="cf ', suit_class(c),
                            '" data-card="', card_key(c), '">', face_svg(c), '<i class="mark" aria-hidden="true"></i></span></button>')))
    return "".join(('<section class="hand" data-drop="hand:end" data-testid="hand" role="group" aria-label="Your hand: ',
                    plural(len(order), "card"), '; arrows move, Space selects, Shift+arrows reorder" style="--n:',
                    str(max(len(order), 1)), ";--G:", str(gap), '">', "".join(out), "</section>"))


def actions_html(view: "View", kinds: "Collection[str]", busy: bool, gin_ready: bool) -> str:
    keys = GIN_BUTTONS if view.game == "gin" else RUMMY_BUTTONS
    out = []
    for k in keys:
        label, short, name, key, engine_kinds = ACTION_BUTTONS[k]
        if k == "pass" and view.phase != "first-upcard":
            continue
        if k == "biggin" and not view.rules.get("big_gin", False):
            continue
        if k == "gin" and not gin_ready:
            continue
        enabled = (not busy) and any(kind in kinds for kind in engine_kinds)
        drop = ' data-drop="knock"' if k in ("knock", "gin") else (' data-drop="discard"' if k == "discard" else "")
        # the key is CSS content (data-k): the button's name ("Draw from stock") must hold its visible text
        kbd = "".join((' <kbd aria-hidden="true" data-k="', key, '"></kbd>')) if key else ""
        out.append("".join(('<button type="button" class="act act-', k, '" data-act="', k, '" data-key="act-', k, '"',
                            drop, ((' aria-keyshortcuts="' + key + '"') if key else ""), ' aria-label="', esc(name), '"',
                            ("" if enabled else " disabled"), '><span class="long">', esc(label), '</span><span class='
                            '"short" aria-hidden="true">', esc(short), "</span>", kbd, "</button>")))
    return "".join(('<div class="actions" role="toolbar" aria-label="Actions">', "".join(out), "</div>"))


def sort_html(game: str, mode: str, chips: str = "", log_open: bool = False) -> str:
    """The sort chips, what learning adds beside them (``chips``) and the button of the move log's drawer."""
    # on a phone the words in class "lw" fold away ("Suit", "Rank", "Melds"): the name stays whole
    modes = [("suit", "By suit", '<span class="lw">By </span>suit'),
             ("rank", "By rank", '<span class="lw">By </span>rank')] + (
        [("melds", "Melds first", 'Melds<span class="lw"> first</span>')] if game == "gin" else [])
    btns = "".join("".join(('<button type="button" class="chip" data-act="sort" data-sort="', m, '" data-key="sort-', m,
                            '" aria-pressed="', ("true" if mode == m else "false"), '" aria-label="', lbl, '">', inner,
                            "</button>")) for m, lbl, inner in modes)
    return "".join(('<div class="sorts"><div class="sort-modes" role="group" aria-label="Sort your hand">'
                    '<span class="sort-lbl" aria-hidden="true">Sort:</span>', btns, "</div>", chips,
                    '<button type="button" class="chip moves-chip" data-act="moves" data-key="chip-moves" '
                    'aria-controls="moves-log" aria-expanded="', ("true" if log_open else "false"), '">Moves</button>',
                    "</div>"))


def legend_chip() -> str:
    """The way from the table to what its marks mean (the legend)."""
    return ('<button type="button" class="chip legend-chip" data-act="legend" data-key="chip-legend" '
            'title="What the marks mean"><span aria-hidden="true">?</span><span class="sr-only">What the marks mean'
            "</span></button>")


def status_html(prompt: str, message: str, level: str, deadwood: "Sequence[tuple[str, str]]") -> str:
    """The prompt, the live deadwood (Gin: parts of (text, class); the class "more" may be folded on a phone)
    and the message line."""
    dw = ""
    if deadwood:
        dw = "".join(('<span class="deadwood" data-testid="deadwood">',
                      "".join("".join(('<span class="', cls, '">', esc(t), "</span>")) if cls else esc(t) for t, cls in deadwood),
                      "</span>"))
    role = "alert" if level == "error" else "status"
    # the message line always takes its place, so the hand below never moves when a message comes and goes
    msg = "".join(('<p class="message ', esc(level), '" data-testid="message" role="', role, '">', esc(message),
                   "</p>"))
    return "".join(('<div class="status"><p class="prompt" data-testid="prompt">', esc(prompt), "</p>", dw, msg,
                    "</div>"))


def log_items(lines: "Sequence[str]") -> str:
    """The last 60 lines, newest first; each keyed by its place in the hand's log, so a redraw after a move puts the
    new line in and leaves the others' elements alone (web/bridge.js, morph)."""
    n = len(lines)
    return "".join("".join(('<li data-key="log-', str(i), '">', esc(lines[i]), "</li>")) for i in range(n - 1, max(n - 61, -1), -1))


def log_html(lines: "Sequence[str]", shown: bool) -> str:
    """The move log: a drawer, opened and closed by the Moves button (and its own close button)."""
    return "".join(('<section class="log" id="moves-log" aria-labelledby="log-title"', ("" if shown else " hidden"),
                    '><div class="log-head"><h2 class="log-title" id="log-title">Moves</h2>'
                    '<button type="button" class="btn small log-close" data-act="moves" data-key="log-close" '
                    'aria-label="Close the moves">×</button></div>'
                    '<ol class="log-list" data-testid="log" aria-label="Moves, newest first" reversed>', log_items(lines),
                    "</ol></section>"))


def scoreline_html(view: "View", names: "Sequence[str]", extra: str = "") -> str:
    rules = view.rules
    target = (str(rules["rounds"]) + " hands") if rules.get("rounds") else ("to " + str(rules.get("target")))
    parts = " · ".join(esc(isolated(names[s])) + " " + str(view.scores[s]) for s in range(view.players))
    return "".join(('<p class="scoreline" data-testid="scoreline">Hand ', str(view.hand_number), " · ", parts,
                    ' <span class="muted">(', esc(target), ")</span>", extra, "</p>"))


def table_screen(view: "View", names: "Sequence[str]", profiles: "dict[int, dict[str, Any] | None]",
                 ui: "dict[str, Any]") -> str:
    kinds = view.kinds()
    colors = seat_colors(view, profiles)
    ui["colors"] = colors
    back_id = ui.get("back", "red")
    after = ui.get("after", "")
    controls = after or ui.get("confirm") or actions_html(view, kinds, ui["busy"], ui.get("gin_ready", False))
    log_open = bool(ui.get("log_open"))
    spreads = ui.get("spreads") or {}
    mine = spreads.get(view.seat)
    hand = "".join(('<div class="showdown mine">', mine, "</div>")) if mine is not None else hand_html(
        ui["order"], ui["selected"], ui["marks"], view)
    theirs = ""
    if view.game == "gin" and spreads:
        theirs = "".join(('<div class="showdown theirs">', "".join(spreads[s] for s in sorted(spreads) if s != view.seat),
                          "</div>"))
    return (
        "".join(('<div class="table game-', view.game, (" log-open" if log_open else ""), '" data-testid="table-screen" '
                 'data-phase="', esc(view.phase),
                 '" data-turn="', ("" if view.turn is None else str(view.turn)), '" data-seat="', str(view.seat),
                 '" data-step="', str(view.step),
                 '" data-waiting="', ("true" if ui.get("waiting") else "false"), '" data-players="', str(view.players),
                 '" data-lit="', esc(ui.get("lit", "")), '" data-dealing="', ("true" if ui.get("dealing") else "false"),
                 '" data-stage="', ui.get("stage", ""), '">',
                 scoreline_html(view, names, ui.get("scoreline_extra", "")),
                 opponents_html(view, names, profiles, ui),
                 '<div class="middle">', piles_html(view, kinds, back_id), table_html(view, names, colors), theirs,
                 "</div>",
                 ui.get("lesson", ""),
                 status_html(ui["prompt"], ui["message"], ui["level"], ui["deadwood"]),
                 hand,
                 '<div class="controls">', controls, sort_html(view.game, ui["sort"], ui.get("chips", ""), log_open),
                 "</div>", log_html(ui["log"], log_open), "</div>")))


def cover_html(name: str, view: "View") -> str:
    """Pass and play: the screen between two people's turns. It holds no card of anyone's hand. A tap anywhere on
    it shows the hand, as its words say; its button is the way there for a keyboard and a screen reader."""
    name = isolated(name)
    return "".join(('<div class="table cover" data-act="ready" data-testid="cover" data-phase="', esc(view.phase), '" data-turn="',
                    ("" if view.turn is None else str(view.turn)), '" data-step="', str(view.step),
                    '" data-waiting="false"><div class="cover-card" role="group" aria-labelledby="cover-title">'
                    '<h2 id="cover-title" data-testid="cover-title">Pass to ', esc(name), " — tap when ready</h2>"
                    '<p class="muted">Every hand is hidden until ', esc(name), " taps.</p>"
                    '<button type="button" class="btn primary" data-act="ready" data-key="cover-ready">Show ',
                    esc(name), "’s hand</button></div></div>"))


def confirm_html(question: str, deadwood: str) -> str:
    """A knock, asked before it goes: its card and the deadwood it leaves, Knock (the Knock button's act: K again
    does it too) and Not yet (Escape)."""
    return "".join(('<div class="actions confirm" role="group" aria-labelledby="knock-q" data-testid="knock-confirm">'
                    '<p class="confirm-q" id="knock-q">', esc(question),
                    (("".join((' <span class="confirm-dw">', esc(deadwood), "</span>"))) if deadwood else ""), "</p>"
                    '<button type="button" class="act act-knock" data-act="knock" data-key="knock-yes" aria-label="Knock">'
                    "Knock</button>"
                    '<button type="button" class="act act-no" data-act="knock-no" data-key="knock-no" aria-label="Not yet">'
                    "Not yet</button></div>"))


def after_html(phase: str) -> str:
    """The buttons under the table when a hand is over and its dialog is closed."""
    return "".join(('<div class="actions after" role="toolbar" aria-label="Hand over">',
                    button("next", "Next hand" if phase == "hand-over" else "New match", True),
                    button("show-result", "Show result"), "</div>"))


# ---------------------------------------------------------------- dialogs

def dialog_frame(title: str, body: str, buttons: str, testid: str) -> str:
    # the body scrolls on small screens: focusable, so a keyboard can scroll it too
    return "".join(('<div class="dlg" data-testid="', testid, '"><h2 id="dlg-title">', esc(title), "</h2>"
                    '<div class="dlg-body" tabindex="0" role="region" aria-labelledby="dlg-title">', body, "</div>"
                    '<div class="dlg-buttons">', buttons, "</div></div>"))


def button(act: str, label: str, primary: bool = False, extra: str = "") -> str:
    return "".join(('<button type="button" class="btn', (" primary" if primary else ""), '" data-act="', act,
                    '" data-key="dlg-', act, '" ', extra, ">", esc(label), "</button>"))
