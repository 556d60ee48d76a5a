"""Drawing the table as HTML from a :class:`rummy.view.SeatView` and the UI's own state.

Only drawing: every function returns a string of HTML. What is legal comes from ``view.legal``; the
words come from :mod:`web.ui.text`. Stable hooks for tests and assistive technology: ``data-testid``,
button names ("Draw from stock", "Take discard", "Discard", "Knock", "Meld", "Lay off", "Pass") and
cards named like "8 of hearts".
"""

from __future__ import annotations

from typing import Any

from rummy.cards import JOKER, card_str, cards_str
from rummy.model import HandResult

from .opponents import tier_word
from .text import card_text, card_words, esc, is_red, placed_text, plural

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


def card_face(card: int | str, cls: str = "", small: bool = False) -> str:
    """The inside of a card drawn with CSS: rank and suit in two corners and a big suit in the middle."""
    code = card if isinstance(card, str) else card_str(card)
    if code.upper().startswith("JK"):
        inner = '<span class="c-corner">★</span><span class="c-mid">JOKER</span>'
        return inner
    face = card_text(code)
    rank, suit = face[:-1], face[-1]
    if small:
        return f'<span class="c-corner">{esc(rank)}<i>{suit}</i></span>'
    return (f'<span class="c-corner">{esc(rank)}<i>{suit}</i></span>'
            f'<span class="c-mid" aria-hidden="true">{suit}</span>'
            f'<span class="c-corner c-br" aria-hidden="true">{esc(rank)}<i>{suit}</i></span>')


def card_color(card: int | str) -> str:
    code = card if isinstance(card, str) else card_str(card)
    if code.upper().startswith("JK"):
        return "joker"
    return "red" if is_red(code) else "black"


def mini_card(code: str, extra: str = "") -> str:
    """A small face-up card (not interactive) named for screen readers."""
    label = "Joker as " + card_words(code[3:]) if code.upper().startswith("JK=") else card_words(code)
    shown = code[3:] if code.upper().startswith("JK=") else code
    wild = " wild" if code.upper().startswith("JK=") else ""
    return (f'<span class="card mini {card_color(shown)}{wild} {extra}" role="img" aria-label="{esc(label)}">'
            f'{card_face(shown, small=True)}</span>')


def opponents_html(view: Any, names: list[str], profiles: list[Any], anim: dict[str, Any]) -> str:
    out = []
    for s in range(1, view.players):
        n = view.hand_counts[s]
        p = profiles[s]
        tier = tier_word(p.tier) if p is not None else ""
        style = p.style if p is not None else ""
        active = view.turn == s
        moved = " drew" if anim.get("drew") == s else (" melded" if anim.get("melded") == s else "")
        backs = "".join('<span class="card back mini"></span>' for _ in range(min(n, 11)))
        dealer = ' <span class="badge" title="Dealer">D</span>' if view.dealer == s else ""
        state = '<span class="thinking">playing…</span>' if active else ""
        out.append(
            f'<div class="opp{" active" if active else ""}{moved}" data-testid="opponent-{s}" data-seat="{s}" '
            f'role="group" aria-label="{esc(names[s])}: {plural(n, "card")}, score {view.scores[s]}">'
            f'<div class="opp-head"><strong>{esc(names[s])}</strong>{dealer} '
            f'<span class="opp-meta">{esc(tier)}{" · " + esc(style) if style else ""}</span></div>'
            f'<div class="fan" aria-hidden="true">{backs}</div>'
            f'<div class="opp-foot"><span data-testid="count-{s}">{plural(n, "card")}</span>'
            f' · <span>{view.scores[s]} pts</span> {state}</div></div>')
    return f'<section class="opponents" aria-label="Opponents">{"".join(out)}</section>'


def piles_html(view: Any, legal_kinds: set[str], anim: dict[str, Any]) -> str:
    can_stock = "draw stock" in legal_kinds
    can_take = "draw discard" in legal_kinds
    top = view.top_discard
    stock = (f'<button type="button" class="pile stock{" can" if can_stock else ""}" data-act="draw" '
             f'data-key="pile-stock" data-drag="stock" data-testid="stock" '
             f'aria-label="Stock, {plural(view.stock_count, "card")}">'
             f'<span class="card back{" empty" if not view.stock_count else ""}"></span>'
             f'<span class="pile-count" data-testid="stock-count">{view.stock_count}</span></button>')
    if top is None:
        dface = '<span class="card empty"></span>'
        dname = "Discard pile, empty"
    else:
        a = anim.get("discard")
        acls = f" fly-from-{a}" if a is not None else ""
        dface = f'<span class="card {card_color(top)}{acls}">{card_face(top)}</span>'
        dname = f"Discard pile, top card {card_words(top)}"
    under = ""
    if len(view.discard) > 1:
        under = f'<span class="card under {card_color(view.discard[-2])}" aria-hidden="true">{card_face(view.discard[-2])}</span>'
    disc = (f'<button type="button" class="pile discard{" can" if can_take else ""}" data-act="discard-pile" '
            f'data-key="pile-discard" data-drop="discard" data-drag="discard" data-testid="discard-pile" '
            f'aria-label="{esc(dname)}">{under}{dface}'
            f'<span class="pile-count">{len(view.discard)}</span></button>')
    return f'<div class="piles">{stock}{disc}</div>'


def table_html(view: Any) -> str:
    if view.game != "rummy":
        return ""
    melds = []
    for i, m in enumerate(view.table, start=1):
        cards = "".join(mini_card(t) for t in m.to_text())
        words = ", ".join(("joker as " + card_words(t[3:])) if t.startswith("JK=") else card_words(t) for t in m.to_text())
        melds.append(f'<button type="button" class="meld" data-act="meld-target" data-meld="{i}" data-drop="meld:{i}" '
                     f'data-key="meld-{i}" data-testid="meld-{i}" aria-label="Meld {i}: {esc(words)}">'
                     f'<span class="meld-no" aria-hidden="true">{i}</span>{cards}</button>')
    hint = "" if melds else '<p class="table-empty">No melds yet. Drag cards here, or select them and press Meld.</p>'
    return (f'<section class="table-melds" data-drop="table" data-testid="table" aria-label="Melds on the table">'
            f'{"".join(melds)}{hint}</section>')


def hand_html(order: list[int], selected: set[int], marks: dict[str, Any], view: Any) -> str:
    """The player's hand: each card a toggle button named like "8 of hearts"."""
    out = []
    dead = marks.get("deadwood", set())
    new = marks.get("new")
    taken = view.taken_discard
    groups = marks.get("groups", {})
    for pos, c in enumerate(order):
        code = card_str(c)
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
            cls.append(f"grp grp{g % 4}")
        tip = card_words(c) + (", deadwood" if c in dead else "") + (", just taken from the discard pile" if c == taken else "")
        out.append(f'<button type="button" class="{" ".join(cls)}" data-act="card" data-pos="{pos}" data-drag="hand" '
                   f'data-drop="hand:{pos}" data-key="card-{code}-{pos if c == JOKER else 0}" '
                   f'aria-pressed="{"true" if pos in selected else "false"}" aria-label="{esc(card_words(c))}" '
                   f'title="{esc(tip)}">{card_face(c)}</button>')
    return (f'<section class="hand" data-drop="hand:end" data-testid="hand" role="group" aria-label="Your hand: '
            f'{plural(len(order), "card")}; arrows move, Space selects, Shift+arrows reorder">{"".join(out)}</section>')


def actions_html(view: Any, legal_kinds: set[str], busy: bool) -> str:
    keys = GIN_BUTTONS if view.game == "gin" else RUMMY_BUTTONS
    out = []
    for k in keys:
        label, name, key, kinds = ACTION_BUTTONS[k]
        if k == "pass" and view.phase != "first-upcard":
            continue
        if k == "biggin" and not view.rules.get("big_gin", False):
            continue
        enabled = (not busy) and any(kind in legal_kinds for kind in kinds)
        drop = ' data-drop="knock"' if k == "knock" else (' data-drop="discard"' if k == "discard" else "")
        out.append(f'<button type="button" class="act act-{k}" data-act="{k}" data-key="act-{k}"{drop} '
                   f'aria-keyshortcuts="{key}" aria-label="{esc(name)}"{"" if enabled else " disabled"}>'
                   f'{esc(label)} <kbd aria-hidden="true">{key}</kbd></button>')
    return f'<div class="actions" role="toolbar" aria-label="Actions">{"".join(out)}</div>'


def sort_html(game: str, mode: str) -> str:
    modes = [("suit", "By suit"), ("rank", "By rank")] + ([("melds", "Melds first")] if game == "gin" else [])
    btns = "".join(
        f'<button type="button" class="chip" data-act="sort" data-sort="{m}" data-key="sort-{m}" '
        f'aria-pressed="{"true" if mode == m else "false"}">{esc(lbl)}</button>' for m, lbl in modes)
    return f'<div class="sorts" role="group" aria-label="Sort your hand"><span aria-hidden="true">Sort:</span>{btns}</div>'


def status_html(prompt: str, message: str, level: str, deadwood: str) -> str:
    dw = f'<span class="deadwood" data-testid="deadwood">{esc(deadwood)}</span>' if deadwood else ""
    msg = (f'<p class="message {esc(level)}" data-testid="message" role="{"alert" if level == "error" else "status"}">'
           f'{esc(message)}</p>') if message else '<p class="message" data-testid="message" role="status"></p>'
    return f'<div class="status"><p class="prompt" data-testid="prompt">{esc(prompt)}</p>{dw}{msg}</div>'


def log_html(lines: list[str]) -> str:
    items = "".join(f"<li>{esc(t)}</li>" for t in reversed(lines[-60:]))
    return (f'<details class="log" open><summary>Moves</summary>'
            f'<ol class="log-list" data-testid="log" aria-label="Moves, newest first" reversed>{items}</ol></details>')


def scoreline_html(view: Any, names: list[str]) -> str:
    target = (view.rules.get("rounds") and f'{view.rules["rounds"]} hands') or f'to {view.rules.get("target")}'
    parts = " · ".join(f"{esc(names[s])} {view.scores[s]}" for s in range(view.players))
    return (f'<p class="scoreline" data-testid="scoreline">Hand {view.hand_number} · {parts} '
            f'<span class="muted">({esc(target)})</span></p>')


def table_screen(view: Any, names: list[str], profiles: list[Any], ui: dict[str, Any]) -> str:
    kinds = {a.kind for a in view.legal}
    return (
        f'<div class="table game-{view.game}" data-testid="table-screen" data-phase="{esc(view.phase)}" '
        f'data-turn="{"" if view.turn is None else view.turn}">'
        f'{scoreline_html(view, names)}'
        f'{opponents_html(view, names, profiles, ui.get("anim", {}))}'
        f'<div class="middle">{piles_html(view, kinds, ui.get("anim", {}))}{table_html(view)}</div>'
        f'{status_html(ui["prompt"], ui["message"], ui["level"], ui["deadwood"])}'
        f'{hand_html(ui["order"], ui["selected"], ui["marks"], view)}'
        f'<div class="controls">{actions_html(view, kinds, ui["busy"])}{sort_html(view.game, ui["sort"])}</div>'
        f'{log_html(ui["log"])}'
        f'</div>')


# ---------------------------------------------------------------- end of hand


def _cards_row(codes: list[str], cls: str = "") -> str:
    return f'<span class="cards-row">{"".join(mini_card(c, cls) for c in codes)}</span>'


def end_of_hand_html(view: Any, names: list[str], headline: str, detail: str, result: HandResult) -> str:
    body = [f'<p class="headline" data-testid="headline">{esc(headline)}</p>',
            f'<p class="detail" data-testid="detail">{esc(detail)}</p>']
    k = result.knock
    if k is not None:
        for s in range(view.players):
            role = " (knocked)" if s == k.knocker else ""
            melds = "".join(f'<div class="meld-line">{_cards_row(cards_str(m))}</div>' for m in k.melds[s])
            lay = ""
            if s != k.knocker and k.layoffs:
                lay = ('<div class="meld-line"><span class="lbl">Laid off:</span> ' + " ".join(
                    f'{mini_card(card_str(x.card))}<span class="muted"> on meld {x.meld}</span>'
                    for x in k.layoffs) + "</div>")
            un = cards_str(k.unmatched[s])
            dead = (f'<div class="meld-line"><span class="lbl">Deadwood:</span> {_cards_row(un, "dw")}</div>'
                    if un else "")
            body.append(f'<section class="eoh-player" aria-label="{esc(names[s])}">'
                        f'<h3>{esc(names[s])}{role} <span class="muted">deadwood {k.deadwood[s]}</span>'
                        f' <span class="pts">+{result.points[s]}</span></h3>'
                        f'<div class="melds-label">Melds</div>{melds or "<p class=muted>none</p>"}{lay}{dead}</section>')
        if k.card is not None:
            body.append(f'<p class="muted">Knock card: {esc(card_text(k.card))} (knock limit {k.limit})</p>')
    elif view.game != "gin":
        if result.table:
            rows = "".join(f'<div class="meld-line"><span class="muted">{i}.</span> {_cards_row(m.to_text())}</div>'
                           for i, m in enumerate(result.table, start=1))
            body.append(f'<section class="eoh-table" aria-label="Melds on the table"><h3>Melds on the table</h3>{rows}</section>')
        values = result.values or (0,) * view.players
        for s in range(view.players):
            left = cards_str(result.hands[s])
            body.append(f'<section class="eoh-player" aria-label="{esc(names[s])}">'
                        f'<h3>{esc(names[s])} <span class="muted">{plural(len(left), "card")} left, worth {values[s]}</span>'
                        f' <span class="pts">+{result.points[s]}</span></h3>'
                        f'{_cards_row(left, "dw") if left else "<p class=muted>went out</p>"}</section>')
    return "".join(body)


def score_sheet_html(view: Any, names: list[str]) -> str:
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in names)
    rows = []
    for r in view.results:
        cells = "".join(f"<td>{p if p else '·'}</td>" for p in r.points)
        rows.append(f'<tr><th scope="row">{r.hand + 1} <span class="muted">{esc(r.end.value)}</span></th>{cells}</tr>')
    totals = "".join(f"<td><strong>{t}</strong></td>" for t in view.scores)
    rows.append(f'<tr class="total"><th scope="row">Total</th>{totals}</tr>')
    m = view.match
    if m is not None:
        if view.game == "gin":
            lb = view.rules.get("line_bonus", 0)
            line = "".join(f"<td>+{b.line}</td>" for b in m.bonuses)
            rows.append(f'<tr><th scope="row">Line bonus <span class="muted">({lb} a hand won)</span></th>{line}</tr>')
            other = "".join(f"<td>{'+' + str(b.game + b.shutout) if b.game + b.shutout else '·'}</td>"
                            for b in m.bonuses)
            rows.append(f'<tr><th scope="row">Game bonus <span class="muted">(and shutout)</span></th>{other}</tr>')
        fin = "".join(f"<td><strong>{t}</strong></td>" for t in m.final)
        rows.append(f'<tr class="total"><th scope="row">Final</th>{fin}</tr>')
    return (f'<table class="score-sheet" data-testid="score-sheet"><caption>Score sheet</caption>'
            f'<thead><tr><th scope="col">Hand</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def placed_words(word: str) -> str:
    return placed_text(word)


def prompt_text(view: Any, names: list[str]) -> str:
    """The line above the hand: whose turn, and what the person can do now (from ``view.legal``)."""
    if view.phase == "match-over":
        w = view.winner
        return "Match over: " + ("a draw." if w is None else ("you win!" if w == view.seat else f"{names[w]} wins."))
    if view.phase == "hand-over":
        return "Hand over. Press Next hand to deal the next one."
    if view.turn != view.seat:
        return f"{names[view.turn]} is playing…"
    kinds = {a.kind for a in view.legal}
    top = card_text(view.top_discard) if view.top_discard is not None else ""
    if view.phase == "first-upcard":
        return f"Your turn: take the upcard {top}, or pass."
    if view.phase == "draw":
        if "draw discard" in kinds:
            return f"Your turn: draw from the stock or take {top}."
        return "Your turn: draw from the stock."
    if view.game == "gin":
        return ("Discard a card" + (", or knock." if "knock" in kinds else ".")
                + (" Big gin is yours!" if "big gin" in kinds else ""))
    return "Meld and lay off if you can, then discard."


def hand_marks(view: Any, new_card: int | None) -> tuple[dict[str, Any], str]:
    """Gin: the deadwood cards, the meld of each melded card, and the live deadwood line."""
    from rummy.deadwood import best_arrangement, best_discards

    marks: dict[str, Any] = {"new": new_card}
    if view.game != "gin" or not view.hand:
        return marks, ""
    dw, melds, unmatched = best_arrangement(list(view.hand))
    marks["deadwood"] = set(unmatched)
    marks["groups"] = {c: i for i, m in enumerate(melds) for c in m}
    text = f"Deadwood {dw}"
    if len(view.hand) == 11 and view.phase == "play":
        best = best_discards(list(view.hand))
        if best:
            text += f" · after your best discard {best[0][0]}"
    limit = view.knock_limit
    if limit is not None:
        text += f" · knock at {limit} or less" if limit else " · gin only (knock limit 0)"
    return marks, text
