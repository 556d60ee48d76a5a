"""Drawing the table as HTML from a seat's view (:mod:`web.page.shared.viewdata`) and the app's own state.

Only drawing: every function returns a string of HTML. What is legal comes from ``view.legal``; the words
come from :mod:`web.page.app.text`. Stable hooks for tests and assistive technology: ``data-testid``, button
names ("Draw from stock", "Take discard", "Discard", "Knock", "Meld", "Lay off", "Pass") and cards named like
"8 of hearts"; ``data-key`` on everything focusable, so focus survives a redraw.
Written in the Python both MicroPython and CPython run.
"""

from web.page.app.text import card_words, esc, plural, tier_word
from web.page.shared.cards import JOKER, RANK_FACE, SUIT_SYMBOL, SUITS, is_red, text_of

ACTION_BUTTONS = {
    # key: (label, accessible name, shortcut, engine kinds)
    "draw": ("Draw", "Draw from stock", "D", ("draw stock",)),
    "take": ("Take discard", "Take discard", "T", ("draw discard",)),
    "pass": ("Pass", "Pass", "P", ("pass",)),
    "meld": ("Meld", "Meld", "M", ("meld",)),
    "layoff": ("Lay off", "Lay off", "L", ("layoff", "swap")),
    "discard": ("Discard", "Discard", "X", ("discard",)),
    "knock": ("Knock", "Knock", "K", ("knock",)),
    "biggin": ("Big gin", "Big gin", "G", ("big gin",)),
}
GIN_BUTTONS = ("pass", "draw", "take", "discard", "knock", "biggin")
RUMMY_BUTTONS = ("draw", "take", "meld", "layoff", "discard")


# ---------------------------------------------------------------- cards

def card_face(card, small=False):
    """The inside of a card drawn with CSS: rank and suit in two corners and a big suit in the middle. The
    letters are CSS content (``data-r``, ``data-s``), not text: the card's name is its label ("queen of
    hearts"), and the drawn "Q♥" would otherwise be text that a label must contain (WCAG 2.5.3)."""
    if card == JOKER:
        return '<span class="c-corner" data-r="★"></span><span class="c-mid" data-r="JOKER"></span>'
    rank = esc(RANK_FACE[card % 13])
    suit = SUIT_SYMBOL[SUITS[card // 13]]
    corner = '<span class="c-corner" data-r="' + rank + '" data-s="' + suit + '"></span>'
    if small:
        return corner
    return (corner + '<span class="c-mid" data-s="' + suit + '"></span>'
            + '<span class="c-corner c-br" data-r="' + rank + '" data-s="' + suit + '"></span>')


def card_color(card):
    if card == JOKER:
        return "joker"
    return "red" if is_red(card) else "black"


def mini_card(card, wild=False, extra=""):
    """A small face-up card (not interactive) named for screen readers."""
    label = ("Joker as " + card_words(card)) if wild else card_words(card)
    return ('<span class="card mini ' + card_color(card) + (" wild" if wild else "") + " " + extra
            + '" role="img" aria-label="' + esc(label) + '">' + card_face(card, True) + "</span>")


def cards_row(cards, extra="", wild=()):
    return '<span class="cards-row">' + "".join(mini_card(c, c in wild, extra) for c in cards) + "</span>"


# ---------------------------------------------------------------- the table

def opponents_html(view, names, profiles, anim):
    out = []
    for s in range(view.players):
        if s == view.seat:
            continue
        n = view.hand_counts[s]
        p = profiles.get(s)
        tier = tier_word(p["tier"]) if p else ""
        style = p["style"] if p else ""
        active = view.turn == s
        moved = " drew" if anim.get("drew") == s else (" melded" if anim.get("melded") == s else "")
        backs = "".join('<span class="card back mini"></span>' for _ in range(min(n, 11)))
        dealer = ' <span class="badge" title="Dealer">D</span>' if view.dealer == s else ""
        state = '<span class="thinking">playing…</span>' if active and view.in_hand else ""
        out.append(
            '<div class="opp' + (" active" if active else "") + moved + '" data-testid="opponent-' + str(s)
            + '" data-seat="' + str(s) + '" role="group" aria-label="' + esc(names[s]) + ": " + plural(n, "card")
            + ", score " + str(view.scores[s]) + '">'
            '<div class="opp-head"><strong>' + esc(names[s]) + "</strong>" + dealer + ' <span class="opp-meta">'
            + esc(tier) + ((" · " + esc(style)) if style else "") + "</span></div>"
            '<div class="fan" aria-hidden="true">' + backs + "</div>"
            '<div class="opp-foot"><span data-testid="count-' + str(s) + '">' + plural(n, "card") + "</span>"
            " · <span>" + str(view.scores[s]) + " pts</span> " + state + "</div></div>")
    return '<section class="opponents" aria-label="Opponents">' + "".join(out) + "</section>"


def piles_html(view, kinds, anim):
    can_stock = "draw stock" in kinds
    can_take = "draw discard" in kinds
    top = view.top_discard
    stock = ('<button type="button" class="pile stock' + (" can" if can_stock else "") + '" data-act="draw" '
             'data-key="pile-stock" data-drag="stock" data-testid="stock" aria-label="Stock, '
             + plural(view.stock_count, "card") + '"><span class="card back' + ("" if view.stock_count else " empty")
             + '"></span><span class="pile-count" data-testid="stock-count">' + str(view.stock_count)
             + "</span></button>")
    if top is None:
        dface = '<span class="card empty"></span>'
        dname = "Discard pile, empty"
    else:
        a = anim.get("discard")
        acls = (" fly-from-" + str(a)) if a is not None else ""
        dface = '<span class="card ' + card_color(top) + acls + '">' + card_face(top) + "</span>"
        dname = "Discard pile, " + plural(len(view.discard), "card") + ", top card " + card_words(top)
    under = ""
    if len(view.discard) > 1:
        below = view.discard[-2]
        under = ('<span class="card under ' + card_color(below) + '" aria-hidden="true">' + card_face(below)
                 + "</span>")
    disc = ('<button type="button" class="pile discard' + (" can" if can_take else "") + '" data-act="discard-pile" '
            'data-key="pile-discard" data-drop="discard" data-drag="discard" data-testid="discard-pile" aria-label="'
            + esc(dname) + '">' + under + dface + '<span class="pile-count">' + str(len(view.discard))
            + "</span></button>")
    return '<div class="piles">' + stock + disc + "</div>"


def table_html(view):
    if view.game != "rummy":
        return ""
    melds = []
    for i, m in enumerate(view.table, 1):
        words = ", ".join(("joker as " + card_words(c)) if c in m.wild else card_words(c) for c in m.cards)
        melds.append('<button type="button" class="meld" data-act="meld-target" data-meld="' + str(i)
                     + '" data-drop="meld:' + str(i) + '" data-key="meld-' + str(i) + '" data-testid="meld-' + str(i)
                     + '" aria-label="Meld ' + str(i) + ": " + esc(words) + '"><span class="meld-no" aria-hidden="true">'
                     + str(i) + "</span>" + "".join(mini_card(c, c in m.wild) for c in m.cards) + "</button>")
    hint = "" if melds else '<p class="table-empty">No melds yet. Drag cards here, or select them and press Meld.</p>'
    return ('<section class="table-melds" data-drop="table" data-testid="table" aria-label="Melds on the table">'
            + "".join(melds) + hint + "</section>")


def hand_html(order, selected, marks, view):
    """The player's hand: each card a toggle button named like "8 of hearts"."""
    out = []
    dead = marks.get("deadwood", ())
    new = marks.get("new")
    taken = view.taken_discard
    groups = marks.get("groups", {})
    for pos, c in enumerate(order):
        cls = ["card", "in-hand", card_color(c)]
        if pos in selected:
            cls.append("selected")
        if c in dead:
            cls.append("dw")
        if c == new:
            cls.append("new")
        if c == taken and c != JOKER:
            cls.append("taken")
        g = groups.get(c)
        if g is not None:
            cls.append("grp grp" + str(g % 4))
        tip = card_words(c) + (", deadwood" if c in dead else "") + (
            ", just taken from the discard pile" if c == taken else "")
        out.append('<button type="button" class="' + " ".join(cls) + '" data-act="card" data-pos="' + str(pos)
                   + '" data-drag="hand" data-drop="hand:' + str(pos) + '" data-key="card-' + text_of(c) + "-"
                   + str(pos if c == JOKER else 0) + '" aria-pressed="' + ("true" if pos in selected else "false")
                   + '" aria-label="' + esc(card_words(c)) + '" title="' + esc(tip) + '">' + card_face(c) + "</button>")
    return ('<section class="hand" data-drop="hand:end" data-testid="hand" role="group" aria-label="Your hand: '
            + plural(len(order), "card") + '; arrows move, Space selects, Shift+arrows reorder">' + "".join(out)
            + "</section>")


def actions_html(view, kinds, busy):
    keys = GIN_BUTTONS if view.game == "gin" else RUMMY_BUTTONS
    out = []
    for k in keys:
        label, name, key, engine_kinds = ACTION_BUTTONS[k]
        if k == "pass" and view.phase != "first-upcard":
            continue
        if k == "biggin" and not view.rules.get("big_gin", False):
            continue
        enabled = (not busy) and any(kind in kinds for kind in engine_kinds)
        drop = ' data-drop="knock"' if k == "knock" else (' data-drop="discard"' if k == "discard" else "")
        out.append('<button type="button" class="act act-' + k + '" data-act="' + k + '" data-key="act-' + k + '"'
                   + drop + ' aria-keyshortcuts="' + key + '" aria-label="' + esc(name) + '"'
                   + ("" if enabled else " disabled") + ">" + esc(label) + ' <kbd aria-hidden="true" data-k="' + key
                   + '"></kbd></button>')  # the key is CSS content: the name ("Draw from stock") holds the label
    return '<div class="actions" role="toolbar" aria-label="Actions">' + "".join(out) + "</div>"


def sort_html(game, mode):
    modes = [("suit", "By suit"), ("rank", "By rank")] + ([("melds", "Melds first")] if game == "gin" else [])
    btns = "".join('<button type="button" class="chip" data-act="sort" data-sort="' + m + '" data-key="sort-' + m
                   + '" aria-pressed="' + ("true" if mode == m else "false") + '">' + esc(lbl) + "</button>"
                   for m, lbl in modes)
    return ('<div class="sorts" role="group" aria-label="Sort your hand"><span aria-hidden="true">Sort:</span>'
            + btns + "</div>")


def status_html(prompt, message, level, deadwood):
    dw = ('<span class="deadwood" data-testid="deadwood">' + esc(deadwood) + "</span>") if deadwood else ""
    role = "alert" if level == "error" else "status"
    # the message line always takes its place, so the hand below never moves when a message comes and goes
    msg = ('<p class="message ' + esc(level) + '" data-testid="message" role="' + role + '">' + esc(message)
           + "</p>")
    return '<div class="status"><p class="prompt" data-testid="prompt">' + esc(prompt) + "</p>" + dw + msg + "</div>"


def log_html(lines):
    items = "".join("<li>" + esc(t) + "</li>" for t in reversed(lines[-60:]))
    return ('<details class="log" open><summary>Moves</summary><ol class="log-list" data-testid="log" '
            'aria-label="Moves, newest first" reversed>' + items + "</ol></details>")


def scoreline_html(view, names):
    rules = view.rules
    target = (str(rules["rounds"]) + " hands") if rules.get("rounds") else ("to " + str(rules.get("target")))
    parts = " · ".join(esc(names[s]) + " " + str(view.scores[s]) for s in range(view.players))
    return ('<p class="scoreline" data-testid="scoreline">Hand ' + str(view.hand_number) + " · " + parts
            + ' <span class="muted">(' + esc(target) + ")</span></p>")


def table_screen(view, names, profiles, ui):
    kinds = view.kinds()
    after = ui.get("after", "")
    return (
        '<div class="table game-' + view.game + '" data-testid="table-screen" data-phase="' + esc(view.phase)
        + '" data-turn="' + ("" if view.turn is None else str(view.turn)) + '" data-seat="' + str(view.seat)
        + '" data-step="' + str(view.step)
        + '" data-waiting="' + ("true" if ui.get("waiting") else "false") + '">'
        + scoreline_html(view, names)
        + opponents_html(view, names, profiles, ui.get("anim", {}))
        + '<div class="middle">' + piles_html(view, kinds, ui.get("anim", {})) + table_html(view) + "</div>"
        + status_html(ui["prompt"], ui["message"], ui["level"], ui["deadwood"])
        + hand_html(ui["order"], ui["selected"], ui["marks"], view)
        + '<div class="controls">' + after + actions_html(view, kinds, ui["busy"]) + sort_html(view.game, ui["sort"])
        + "</div>" + log_html(ui["log"]) + "</div>")


def cover_html(name, view):
    """Pass and play: the screen between two people's turns. It holds no card of anyone's hand."""
    return ('<div class="table cover" data-testid="cover" data-phase="' + esc(view.phase) + '" data-turn="'
            + ("" if view.turn is None else str(view.turn)) + '" data-step="' + str(view.step)
            + '" data-waiting="false"><div class="cover-card" role="group" aria-labelledby="cover-title">'
            '<h2 id="cover-title" data-testid="cover-title">Pass to ' + esc(name) + " — tap when ready</h2>"
            '<p class="muted">Every hand is hidden until ' + esc(name) + " taps.</p>"
            '<button type="button" class="btn primary" data-act="ready" data-key="cover-ready">Show '
            + esc(name) + "’s hand</button></div></div>")


def after_html(phase):
    """The buttons under the table when a hand is over and its dialog is closed."""
    return ('<div class="actions after" role="toolbar" aria-label="Hand over">'
            + button("next", "Next hand" if phase == "hand-over" else "New match", True)
            + button("show-result", "Show result") + "</div>")


# ---------------------------------------------------------------- end of hand and scores

def end_of_hand_html(view, names, headline, detail, result):
    body = ['<p class="headline" data-testid="headline">' + esc(headline) + "</p>",
            '<p class="detail" data-testid="detail">' + esc(detail) + "</p>"]
    k = result.knock
    if k is not None:
        laid = {}
        for c, i in k.layoffs:
            laid.setdefault(i, []).append(c)
        for s in range(view.players):
            role = " (knocked)" if s == k.knocker else ""
            lines = []
            for i, m in enumerate(k.melds[s], 1):
                extra = ""
                if s == k.knocker and i in laid:  # the defender's lay-offs, drawn onto the meld they joined
                    extra = (' <span class="laid" data-testid="laid-' + str(i) + '">+ ' + cards_row(laid[i], "laid")
                             + ' <span class="muted">laid off by ' + esc(names[1 - k.knocker]) + "</span></span>")
                lines.append('<div class="meld-line"><span class="muted">' + str(i) + ".</span> " + cards_row(m)
                             + extra + "</div>")
            melds = "".join(lines)
            lay = ""
            un = k.unmatched[s]
            dead = ('<div class="meld-line"><span class="lbl">Deadwood:</span> ' + cards_row(un, "dw") + "</div>"
                    if un else "")
            body.append('<section class="eoh-player" aria-label="' + esc(names[s]) + '"><h3>' + esc(names[s]) + role
                        + ' <span class="muted">deadwood ' + str(k.deadwood[s]) + '</span> <span class="pts">+'
                        + str(result.points[s]) + '</span></h3><div class="melds-label">Melds</div>'
                        + (melds or "<p class=muted>none</p>") + lay + dead + "</section>")
        if k.card is not None:
            body.append('<p class="muted">Knock card: ' + esc(card_words(k.card)) + " (knock limit "
                        + str(k.limit) + ")</p>")
    elif view.game != "gin":
        if result.table:
            rows = "".join('<div class="meld-line"><span class="muted">' + str(i) + ".</span> "
                           + cards_row(m.cards, "", m.wild) + "</div>" for i, m in enumerate(result.table, 1))
            body.append('<section class="eoh-table" aria-label="Melds on the table"><h3>Melds on the table</h3>'
                        + rows + "</section>")
        values = result.values or [0] * view.players
        for s in range(view.players):
            left = result.hands[s]
            body.append('<section class="eoh-player" aria-label="' + esc(names[s]) + '"><h3>' + esc(names[s])
                        + ' <span class="muted">' + plural(len(left), "card") + " left, worth " + str(values[s])
                        + '</span> <span class="pts">+' + str(result.points[s]) + "</span></h3>"
                        + (cards_row(left, "dw") if left else "<p class=muted>went out</p>") + "</section>")
    return "".join(body)


def score_sheet_html(view, names):
    head = "".join('<th scope="col">' + esc(n) + "</th>" for n in names)
    rows = []
    for r in view.results:
        cells = "".join("<td>" + (str(p) if p else "·") + "</td>" for p in r.points)
        rows.append('<tr><th scope="row">' + str(r.hand + 1) + ' <span class="muted">' + esc(r.end) + "</span></th>"
                    + cells + "</tr>")
    totals = "".join("<td><strong>" + str(t) + "</strong></td>" for t in view.scores)
    rows.append('<tr class="total"><th scope="row">Total</th>' + totals + "</tr>")
    m = view.match
    if m is not None:
        if view.game == "gin":
            lb = view.rules.get("line_bonus", 0)
            line = "".join("<td>+" + str(b["line"]) + "</td>" for b in m.bonuses)
            rows.append('<tr><th scope="row">Line bonus <span class="muted">(' + str(lb) + " a hand won)</span></th>"
                        + line + "</tr>")
            other = "".join("<td>" + (("+" + str(b["game"] + b["shutout"])) if b["game"] + b["shutout"] else "·")
                            + "</td>" for b in m.bonuses)
            rows.append('<tr><th scope="row">Game bonus <span class="muted">(and shutout)</span></th>' + other
                        + "</tr>")
        fin = "".join("<td><strong>" + str(t) + "</strong></td>" for t in m.final)
        rows.append('<tr class="total"><th scope="row">Final</th>' + fin + "</tr>")
    return ('<table class="score-sheet" data-testid="score-sheet"><caption>Score sheet</caption><thead><tr>'
            '<th scope="col">Hand</th>' + head + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


# ---------------------------------------------------------------- dialogs

def dialog_frame(title, body, buttons, testid):
    # the body scrolls on small screens: focusable, so a keyboard can scroll it too
    return ('<div class="dlg" data-testid="' + testid + '"><h2 id="dlg-title">' + esc(title) + "</h2>"
            '<div class="dlg-body" tabindex="0" role="region" aria-labelledby="dlg-title">' + body + "</div>"
            '<div class="dlg-buttons">' + buttons + "</div></div>")


def button(act, label, primary=False, extra=""):
    return ('<button type="button" class="btn' + (" primary" if primary else "") + '" data-act="' + act
            + '" data-key="dlg-' + act + '" ' + extra + ">" + esc(label) + "</button>")
