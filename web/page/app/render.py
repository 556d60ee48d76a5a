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
from web.page.app.text import card_face, card_words, esc, isolated, tier_word
from web.page.i18n import N_, _, ngettext, pgettext
from web.page.shared.cards import JOKER, text_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Collection, Sequence
    from typing import Any

    from web.page.shared.viewdata import View

ACTION_BUTTONS = {
    # key: (label, short label, accessible name, shortcut, engine kinds); the words in English, translated where
    # they are drawn (the shortcut is a key of the keyboard, web.page.app.hand.SHORTCUTS: it stays)
    # i18n: a button: draw a card from the stock (its name for screen readers is "Draw from stock")
    "draw": (N_("Draw"), N_("Draw"),
             # i18n: the name of the Draw button for screen readers: draw a card from the stock
             N_("Draw from stock"), "D", ("draw stock",)),
    # i18n: a button: take the top card of the discard pile
    "take": (N_("Take discard"),
             # i18n: the Take discard button on a narrow screen: take the top card of the discard pile
             N_("Take"), N_("Take discard"), "T", ("draw discard",)),
    # i18n: a button (Gin): do not take the first upcard of the hand
    "pass": (N_("Pass"), N_("Pass"), N_("Pass"), "P", ("pass",)),
    # i18n: a button (Basic Rummy): lay the selected cards on the table as a meld
    "meld": (N_("Meld"), N_("Meld"), N_("Meld"), "M", ("meld",)),
    # i18n: a button (Basic Rummy): add the selected card to a meld on the table
    "layoff": (N_("Lay off"), N_("Lay off"), N_("Lay off"), "L", ("layoff", "swap")),
    # i18n: a button: put the selected card on the discard pile, ending the turn
    "discard": (N_("Discard"), N_("Discard"), N_("Discard"), "X", ("discard",)),
    # i18n: a button (Gin): end the hand by knocking (the deadwood is low enough)
    "knock": (N_("Knock"), N_("Knock"), N_("Knock"), "K", ("knock",)),
    # i18n: a button (Gin): knock with every card in a meld, shown when the hand is gin
    "gin": (N_("Gin!"), N_("Gin!"),
            # i18n: the name of the Gin! button for screen readers
            N_("Gin"), "", ("knock",)),
    # i18n: a button (Gin): end the hand with big gin (all 11 cards in melds, no discard)
    "biggin": (N_("Big gin"), N_("Big gin"), N_("Big gin"), "G", ("big gin",)),
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
    # i18n: a joker in a meld, named for screen readers by the card it stands for ("Joker as 7 of hearts")
    label = _("Joker as {card}").format(card=card_words(card)) if wild else card_words(card)
    shown = JOKER if wild else card
    mark = "".join(('<i class="wild-as">', esc(_short(card)), "</i>")) if wild else ""
    return "".join(('<span class="card dcard ', suit_class(shown), (" wild" if wild else ""), ((" " + extra) if extra else ""),
                    '" role="img" aria-label="', esc(label), '"', ((' style="' + style + '"') if style else ""), ">",
                    face_svg(shown), mark, "</span>"))


def _short(card: int) -> str:
    return card_face(card)


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
    melds: list[dict[int, int | None]] = [{} for _m in view.table]
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
        dealer = ""
        if view.dealer == s:
            # i18n: the tooltip of the badge beside the name of the player who deals this hand
            title = _("Dealer")
            # i18n: the badge beside the name of the player who deals this hand: one letter, for "Dealer"
            badge = pgettext("the dealer's badge", "D")
            dealer = "".join((' <span class="badge" title="', esc(title), '">', esc(badge), "</span>"))
        state = '<span class="thinking" aria-hidden="true"><i></i><i></i><i></i></span>' if active else ""
        said = speech.get(s)
        bubble = "".join(('<p class="bubble" data-testid="speech-', str(s), '">', esc(said), "</p>")) if said else ""
        out.append(
            "".join(('<div class="opp', (" active" if active else ""), '" data-testid="opponent-', str(s),
                     '" data-seat="', str(s), '" role="group" aria-label="', esc(ngettext(
                         "{name}: {n} card, score {score}", "{name}: {n} cards, score {score}", n).format(
                         name=isolated(names[s]), n=n, score=view.scores[s])), '" style="--seat:', colors[s], '">'
                     '<div class="opp-who">', (characters.portrait(pid) if p else characters.initial(names[s], colors[s])), state,
                     '<div class="opp-id"><strong class="opp-name">', esc(isolated(names[s])), "</strong>", dealer,
                     ' <span class="opp-meta">', esc(tier), ((" · " + esc(style)) if style else ""), "</span></div>",
                     bubble, "</div>"
                     '<div class="fan" aria-hidden="true" style="--n:', str(max(shown, 1)), '">', backs, "</div>",
                     ("".join(('<div class="showdown theirs">', spread, "</div>")) if spread else ""),
                     '<div class="opp-foot"><span data-testid="count-', str(s), '">',
                     esc(ngettext("{n} card", "{n} cards", n).format(n=n)), "</span>"
                     # i18n: a player's score, short ("120 pts"), under their cards
                     '<span class="opp-pts"> · ', esc(_("{points} pts").format(points=view.scores[s])),
                     "</span></div></div>")))
    return "".join(('<section class="opponents" aria-label="', esc(_("Opponents")), '" style="--opps:',
                    str(view.players - 1), '">',
                    "".join(out), "</section>"))


def piles_html(view: "View", kinds: "Collection[str]", back_id: str) -> str:
    can_stock = "draw stock" in kinds
    can_take = "draw discard" in kinds
    top = view.top_discard
    depth = 3 if view.stock_count > 20 else (2 if view.stock_count > 6 else (1 if view.stock_count else 0))
    stock_face = (back(back_id, "pcard") if view.stock_count else '<span class="card pcard empty"></span>')
    stock = "".join(('<button type="button" class="pile stock', (" can" if can_stock else ""), '" data-act="draw" '
                     'data-key="pile-stock" data-drag="stock" data-testid="stock" aria-label="',
                     # i18n: the name of the stock (the face-down pile) for screen readers; in every form {n} as a number
                     # standing on its own (the pile shows it, and its name must say what it shows)
                     esc(ngettext("Stock, {n} card", "Stock, {n} cards", view.stock_count).format(n=view.stock_count)),
                     '" style="--depth:', str(depth), '">', stock_face,
                     '<span class="pile-count" data-testid="stock-count">', str(view.stock_count), "</span></button>"))
    if top is None:
        dface = '<span class="card pcard empty"></span>'
        # i18n: the name of the discard pile for screen readers, when it has no card
        dname = _("Discard pile, empty")
    else:
        dface = face(top, "pcard top")
        n = len(view.discard)
        # i18n: the name of the discard pile for screen readers: how many cards, and the top one ("7 of hearts"); in
        # every form {n} as a number standing on its own (the pile shows it, and its name must say what it shows)
        dname = ngettext("Discard pile, {n} card, top card {card}", "Discard pile, {n} cards, top card {card}",
                         n).format(n=n, card=card_words(top))
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
            who = isolated(names[seat]) if seat is not None and 0 <= seat < len(names) else ""
            if wild and who:
                # i18n: a card of a meld on the table, for screen readers: a joker that stands for {card}, laid by
                # the player {name}
                words.append(_("joker as {card} laid by {name}").format(card=card_words(c), name=who))
            elif wild:
                # i18n: a card of a meld on the table, for screen readers: a joker that stands for {card}
                words.append(_("joker as {card}").format(card=card_words(c)))
            elif who:
                # i18n: a card of a meld on the table, for screen readers, laid by the player {name}
                words.append(_("{card} laid by {name}").format(card=card_words(c), name=who))
            else:
                words.append(card_words(c))
            mark = ""
            if seat is not None and 0 <= seat < len(colors):
                mark = "".join(('<i class="by" style="background:', colors[seat], '"></i>'))
            if wild:
                mark += "".join(('<i class="wild-as">', esc(_short(c)), "</i>"))
            if wild and who:
                # i18n: the tooltip of a card of a meld on the table: a joker that stands for {card} ("7♥"), laid by
                # the player {name}
                title = _("Joker as {card} laid by {name}").format(card=_short(c), name=who)
            elif wild:
                # i18n: the tooltip of a joker in a meld on the table: the card it stands for ("7♥")
                title = _("Joker as {card}").format(card=_short(c))
            elif who:
                # i18n: the tooltip of a card ("7♥") of a meld on the table, laid by the player {name}
                title = _("{card} laid by {name}").format(card=_short(c), name=who)
            else:
                title = _short(c)
            cards.append(face(JOKER if wild else c, "tcard" + (" wild" if wild else ""),
                              "".join((' style="--i:', str(k), '" title="', esc(title), '"')), mark))
        melds.append("".join(('<button type="button" class="meld" data-act="meld-target" data-meld="', str(i),
                              '" data-drop="meld:', str(i), '" data-key="meld-', str(i), '" data-testid="meld-', str(i),
                              # i18n: a meld on the table for screen readers: its number and its cards
                              '" aria-label="', esc(_("Meld {n}: {cards}").format(n=i, cards=", ".join(words))),
                              '" style="--n:',
                              str(len(m.cards)), '"><span class="meld-no" aria-hidden="true">', str(i), "</span>",
                              "".join(cards), "</button>")))
    # i18n: Basic Rummy, where the melds go on the table while it has none; "Meld" is the name of a button
    hint = "" if melds else "".join(('<p class="table-empty">',
                                     esc(_("No melds yet. Drag cards here, or select them and press Meld.")), "</p>"))
    # the section is the place to drop cards on (the rest of the row); the box in it is as large as its melds
    return "".join(('<section class="table-melds" data-drop="table" data-testid="table" aria-label="',
                    esc(_("Melds on the table")), '"><div class="melds">', "".join(melds), hint, "</div></section>"))


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
        tip = [card_words(c)]  # the card's name and what its marks mean, for its tooltip ("7 of hearts, deadwood")
        if c in dead:
            # i18n: in a card's tooltip, after its name ("7 of hearts, deadwood"): Gin, a card in no meld
            tip.append(_("deadwood"))
        if c in hinted:
            # i18n: in a card's tooltip, after its name ("7 of hearts, can be played now"): Basic Rummy, a card that
            # could be melded or laid off now
            tip.append(_("can be played now"))
        if c in advised:
            # i18n: in a card's tooltip, after its name ("7 of hearts, the hint's card"): the card the hint advises
            tip.append(_("the hint's card"))
        if c == taken:
            # i18n: in a card's tooltip, after its name ("7 of hearts, just taken from the discard pile")
            tip.append(_("just taken from the discard pile"))
        out.append("".join(('<button type="button" class="', " ".join(cls), '" data-act="card" data-pos="', str(pos),
                            '" data-drag="hand" data-drop="hand:', str(pos), '" data-key="card-', text_of(c), "-",
                            str(pos if c == JOKER else 0), '" aria-pressed="',
                            ("true" if pos in selected else "false"), '" aria-label="', esc(card_words(c)), '" title="',
                            esc(", ".join(tip)), '" style="--i:', str(pos), ";--g:", str(gap), '"><span class="cf ',
                            suit_class(c),
                            '" data-card="', card_key(c), '">', face_svg(c), '<i class="mark" aria-hidden="true"></i></span></button>')))
    n = len(order)
    # i18n: the name of the player's hand for screen readers, with the keys that work in it (Space, Shift: keys of
    # the keyboard)
    label = ngettext("Your hand: {n} card; arrows move, Space selects, Shift+arrows reorder",
                     "Your hand: {n} cards; arrows move, Space selects, Shift+arrows reorder", n).format(n=n)
    return "".join(('<section class="hand" data-drop="hand:end" data-testid="hand" role="group" aria-label="',
                    esc(label), '" style="--n:', str(max(n, 1)), ";--G:", str(gap), '">', "".join(out), "</section>"))


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
                            drop, ((' aria-keyshortcuts="' + key + '"') if key else ""), ' aria-label="', esc(_(name)),
                            '"', ("" if enabled else " disabled"), '><span class="long">', esc(_(label)),
                            '</span><span class="short" aria-hidden="true">', esc(_(short)), "</span>", kbd, "</button>")))
    # i18n: the name of the row of buttons of the game's moves, for screen readers
    return "".join(('<div class="actions" role="toolbar" aria-label="', esc(_("Actions")), '">', "".join(out), "</div>"))


def sort_html(game: str, mode: str, chips: str = "", log_open: bool = False) -> str:
    """The sort chips, what learning adds beside them (``chips``) and the button of the move log's drawer."""
    # on a phone the words in class "lw" fold away ("Suit", "Rank", "Melds"): the name stays whole
    # i18n: a button that sorts the hand by suit; the words in [ ] are left out on a phone ("suit"), the button's
    # name is the whole ("By suit"); keep the brackets (or leave them out: nothing folds)
    modes = [("suit", _("[By ]suit")),
             # i18n: a button that sorts the hand by rank; the words in [ ] are left out on a phone ("rank"), the
             # button's name is the whole ("By rank"); keep the brackets (or leave them out: nothing folds)
             ("rank", _("[By ]rank"))] + (
        # i18n: a button (Gin) that sorts the hand with the cards in melds first; the words in [ ] are left out on a
        # phone ("Melds"), the button's name is the whole ("Melds first"); keep the brackets (or leave them out)
        [("melds", _("Melds[ first]"))] if game == "gin" else [])
    btns = []
    for m, words in modes:
        label, inner = folded(words)
        btns.append("".join(('<button type="button" class="chip" data-act="sort" data-sort="', m, '" data-key="sort-', m,
                             '" aria-pressed="', ("true" if mode == m else "false"), '" aria-label="', esc(label), '">',
                             inner, "</button>")))
    return "".join(('<div class="sorts"><div class="sort-modes" role="group" aria-label="', esc(_("Sort your hand")),
                    # i18n: the label before the buttons that sort the hand (By suit, By rank, Melds first)
                    '"><span class="sort-lbl" aria-hidden="true">', esc(_("Sort:")), "</span>", "".join(btns), "</div>",
                    chips, '<button type="button" class="chip moves-chip" data-act="moves" data-key="chip-moves" '
                    'aria-controls="moves-log" aria-expanded="', ("true" if log_open else "false"), '">',
                    # i18n: the button that opens the list of the hand's moves so far (the move log)
                    esc(_("Moves")), "</button></div>"))


def folded(words: str) -> tuple[str, str]:
    """A button's words with a part in brackets that folds away on a phone (``"[By ]suit"``): its whole name
    (``"By suit"``) and its HTML, the bracketed part in class "lw" (``<span class="lw">By </span>suit``). Words
    without a whole pair of brackets fold nothing."""
    start = words.find("[")
    end = words.find("]", start + 1) if start >= 0 else -1
    if end < 0:
        return words, esc(words)
    before, part, after = words[:start], words[start + 1:end], words[end + 1:]
    return before + part + after, "".join((esc(before), '<span class="lw">', esc(part), "</span>", esc(after)))


def legend_chip() -> str:
    """The way from the table to what its marks mean (the legend)."""
    # i18n: the button (a "?") that opens the legend of the table's marks (the coloured edges, dots and bars)
    words = esc(_("What the marks mean"))
    return "".join(('<button type="button" class="chip legend-chip" data-act="legend" data-key="chip-legend" title="',
                    words, '"><span aria-hidden="true">?</span><span class="sr-only">', words, "</span></button>"))


def status_html(prompt: str, message: str, level: str, deadwood: "Sequence[tuple[str, str]]",
                download: float | None = None) -> str:
    """The prompt, the live deadwood (Gin: parts of (text, class); the class "more" may be folded on a phone)
    and the message line, with a bar of how far the engine's download is when a move waits for it (``download``,
    0 to 1) and the rules to read meanwhile."""
    dw = ""
    if deadwood:
        dw = "".join(('<span class="deadwood" data-testid="deadwood">',
                      "".join("".join(('<span class="', cls, '">', esc(t), "</span>")) if cls else esc(t) for t, cls in deadwood),
                      "</span>"))
    role = "alert" if level == "error" else "status"
    # the message line always takes its place, so the hand below never moves when a message comes and goes
    bar = ""
    if download is not None:
        percent = str(round(download * 100))
        bar = "".join((' <span class="download" role="progressbar" data-testid="engine-download" aria-label="',
                       esc(_("downloading the game engine")), '" aria-valuemin="0" aria-valuemax="100" aria-valuenow="',
                       percent, '"><span style="width:', percent, '%"></span></span>',
                       # something to read meanwhile: on a slow link the download takes half a minute
                       ' <button type="button" class="wait-help" data-act="help" data-key="wait-help">',
                       esc(_("How to play")), "</button>"))
    msg = "".join(('<p class="message ', esc(level), '" data-testid="message" role="', role, '">', esc(message), bar,
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
                    # i18n: the title of the list of the hand's moves so far (the move log)
                    '><div class="log-head"><h2 class="log-title" id="log-title">', esc(_("Moves")), "</h2>"
                    '<button type="button" class="btn small log-close" data-act="moves" data-key="log-close" '
                    # i18n: the name of the button (×) that closes the list of the hand's moves, for screen readers
                    'aria-label="', esc(_("Close the moves")), '">×</button></div>'
                    '<ol class="log-list" data-testid="log" aria-label="', esc(_("Moves, newest first")), '" reversed>',
                    log_items(lines), "</ol></section>"))


def scoreline_html(view: "View", names: "Sequence[str]", extra: str = "") -> str:
    rules = view.rules
    rounds = rules.get("rounds")
    if rounds:
        # i18n: the length of a match of a fixed number of hands, in the score line ("Hand 2 · You 10 · Ada 25 (5
        # hands)"). The English says "hands" whatever the number
        target = ngettext("{n} hands", "{n} hands", rounds if isinstance(rounds, int) else 0).format(n=rounds)
    else:
        # i18n: the score a match is played to, in the score line ("Hand 2 · You 10 · Ada 25 (to 100)")
        target = _("to {target}").format(target=str(rules.get("target")))
    parts = " · ".join(esc(isolated(names[s])) + " " + str(view.scores[s]) for s in range(view.players))
    # i18n: the number of the hand in play, at the start of the score line ("Hand 2 · You 10 · Ada 25")
    hand = _("Hand {n}").format(n=view.hand_number)
    return "".join(('<p class="scoreline" data-testid="scoreline">', esc(hand), " · ", parts,
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
                 status_html(ui["prompt"], ui["message"], ui["level"], ui["deadwood"], ui.get("download")),
                 hand,
                 '<div class="controls">', controls, sort_html(view.game, ui["sort"], ui.get("chips", ""), log_open),
                 "</div>", log_html(ui["log"], log_open), "</div>")))


def cover_html(name: str, view: "View") -> str:
    """Pass and play: the screen between two people's turns. It holds no card of anyone's hand. A tap anywhere on
    it shows the hand, as its words say; its button is the way there for a keyboard and a screen reader."""
    name = isolated(name)
    # i18n: pass and play: the screen between two players' turns; hand the device to {name}, who taps the screen
    title = _("Pass to {name} — tap when ready").format(name=name)
    # i18n: pass and play: no hand shows until the next player, {name}, taps the screen
    hidden = _("Every hand is hidden until {name} taps.").format(name=name)
    # i18n: pass and play: the button that shows the hand of the next player, {name}
    show = _("Show {name}’s hand").format(name=name)
    return "".join(('<div class="table cover" data-act="ready" data-testid="cover" data-phase="', esc(view.phase), '" data-turn="',
                    ("" if view.turn is None else str(view.turn)), '" data-step="', str(view.step),
                    '" data-waiting="false"><div class="cover-card" role="group" aria-labelledby="cover-title">'
                    '<h2 id="cover-title" data-testid="cover-title">', esc(title), "</h2>"
                    '<p class="muted">', esc(hidden), "</p>"
                    '<button type="button" class="btn primary" data-act="ready" data-key="cover-ready">', esc(show),
                    "</button></div></div>"))


def confirm_html(question: str, deadwood: str) -> str:
    """A knock, asked before it goes: its card and the deadwood it leaves, Knock (the Knock button's act: K again
    does it too) and Not yet (Escape)."""
    # i18n: a button (Gin): end the hand by knocking (the deadwood is low enough)
    knock = esc(_("Knock"))
    # i18n: a button (Gin): do not knock yet, after "Knock with 4♦?"
    not_yet = esc(_("Not yet"))
    return "".join(('<div class="actions confirm" role="group" aria-labelledby="knock-q" data-testid="knock-confirm">'
                    '<p class="confirm-q" id="knock-q">', esc(question),
                    (("".join((' <span class="confirm-dw">', esc(deadwood), "</span>"))) if deadwood else ""), "</p>"
                    '<button type="button" class="act act-knock" data-act="knock" data-key="knock-yes" aria-label="',
                    knock, '">', knock, "</button>"
                    '<button type="button" class="act act-no" data-act="knock-no" data-key="knock-no" aria-label="',
                    not_yet, '">', not_yet, "</button></div>"))


def after_html(phase: str) -> str:
    """The buttons under the table when a hand is over and its dialog is closed."""
    # i18n: the name of the row of buttons under the table once a hand is over, for screen readers
    over = _("Hand over")
    return "".join(('<div class="actions after" role="toolbar" aria-label="', esc(over), '">',
                    button("next", _("Next hand") if phase == "hand-over" else _("New match"), True),
                    # i18n: a button: show the end of the hand's score card again
                    button("show-result", _("Show result")), "</div>"))


# ---------------------------------------------------------------- dialogs

def dialog_frame(title: str, body: str, buttons: str, testid: str) -> str:
    # the body scrolls on small screens: focusable, so a keyboard can scroll it too
    return "".join(('<div class="dlg" data-testid="', testid, '"><h2 id="dlg-title">', esc(title), "</h2>"
                    '<div class="dlg-body" tabindex="0" role="region" aria-labelledby="dlg-title">', body, "</div>"
                    '<div class="dlg-buttons">', buttons, "</div></div>"))


def button(act: str, label: str, primary: bool = False, extra: str = "") -> str:
    return "".join(('<button type="button" class="btn', (" primary" if primary else ""), '" data-act="', act,
                    '" data-key="dlg-', act, '" ', extra, ">", esc(label), "</button>"))
