"""The end of a hand, drawn: on the table, every hand spread out (:func:`showdown`, laid out step by step by
:mod:`web.page.app.stage`); in the dialog, the score card (:func:`score_card_html`: the headline and the tally of
the points, each player's total growing towards the target) and its details: every hand laid open (the knock
reveal), Gin's lay-offs drawn onto the knocker's numbered melds, and the score sheet.

The entrances (cards turning over one after the other, lay-offs sliding onto their meld, the totals growing) are
CSS animations of transforms and opacity, timed by the page's motion setting (none at instant speed or under
reduced motion). Written in the Python both MicroPython and CPython run.
"""

from web.page.app.render import cards_row, face
from web.page.app.text import card_words, esc, isolated, plural
from web.page.shared.cards import by_rank, face_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from web.page.shared.viewdata import Result, View


def _bar(total: int, before: int, target: int) -> tuple[str, str]:
    """A total's bar towards the target: where it starts and ends, in thousandths of the target (whole numbers:
    the same text in both Pythons)."""
    if not target or target <= 0:
        return "0", "0"

    def frac(v: int) -> str:
        return str(max(0, min(v, target)) * 1000 // target)
    return frac(before), frac(total)


def tally_html(view: "View", names: "Sequence[str]", result: "Result") -> str:
    """Each player's points of this hand and their total, with a bar growing from the old total to the new."""
    rule = view.rules.get("target") if not view.rules.get("rounds") else None
    target = rule if isinstance(rule, int) else None  # a whole number, or None (no target: no bars)
    rows = []
    for s in range(view.players):
        pts = result.points[s]
        total = result.totals[s] if s < len(result.totals) else view.scores[s]
        before = total - pts
        a, b = _bar(total, before, target or 0)
        bar = "".join(('<span class="bar" aria-hidden="true"><span class="fill" style="--from:', a, ";--to:", b,
                       '"></span></span>')) if target else ""
        rows.append("".join(('<li class="tally-row', (" won" if s == result.winner else ""), '" style="--k:', str(s), '">'
                             '<span class="tally-name">', esc(isolated(names[s])), '</span><span class="tally-pts">',
                             ("+" + str(pts) if pts else "0"), '</span>', bar, '<span class="tally-total">',
                             str(total), ((" / " + str(target)) if target else ""), "</span></li>")))
    return "".join(('<ol class="tally" data-testid="tally" aria-label="Points this hand and totals">', "".join(rows), "</ol>"))


def end_of_hand_html(view: "View", names: "Sequence[str]", headline: str, detail: str, result: "Result") -> str:
    body = ["".join(('<p class="headline" data-testid="headline">', esc(headline), "</p>")),
            "".join(('<p class="detail" data-testid="detail">', esc(detail), "</p>")), tally_html(view, names, result)]
    k = result.knock
    if k is not None:
        laid: dict[int, list[int]] = {}
        for c, i in k.layoffs:
            laid.setdefault(i, []).append(c)
        order = [k.knocker] + [s for s in range(view.players) if s != k.knocker]
        n = 0  # cards shown so far: each turns over a little after the one before
        for s in order:
            role = " knocked" if s == k.knocker else ""
            lines = []
            for i, m in enumerate(k.melds[s], 1):
                extra = ""
                row = cards_row(m, "", (), n)
                n += len(m)
                if s == k.knocker and i in laid:  # the defender's lay-offs, drawn onto the meld they joined
                    extra = "".join(('<span class="laid" data-testid="laid-', str(i), '">', cards_row(laid[i], "laid", (), n),
                                     ' <span class="muted">laid off by ', esc(isolated(names[1 - k.knocker])), "</span></span>"))
                    n += len(laid[i])
                lines.append("".join(('<div class="meld-line"><span class="muted">', str(i), ".</span>", row, extra,
                                      "</div>")))
            melds = "".join(lines)
            un = k.unmatched[s]
            dead = ""
            if un:
                dead = "".join(('<div class="meld-line dead"><span class="lbl">Deadwood</span> ', cards_row(un, "dw", (), n),
                                "</div>"))
                n += len(un)
            body.append("".join(('<section class="eoh-player', role, '" aria-label="', esc(isolated(names[s])), '"><h3>',
                                 esc(isolated(names[s])), (" (knocked)" if s == k.knocker else ""), ' <span class="muted">deadwood ',
                                 str(k.deadwood[s]), '</span> <span class="pts">+', str(result.points[s]),
                                 '</span></h3><div class="melds-label">Melds</div>',
                                 (melds or '<p class="muted">none</p>'), dead, "</section>")))
        if k.card is not None:
            body.append("".join(('<p class="muted">Knock card: ', esc(card_words(k.card)), " (knock limit ",
                                 str(k.limit), ")</p>")))
    elif view.game != "gin":
        n = 0
        if result.table:
            rows = []
            for i, meld in enumerate(result.table, 1):
                rows.append("".join(('<div class="meld-line"><span class="muted">', str(i), ".</span>",
                                     cards_row(meld.cards, "", meld.wild, n), "</div>")))
                n += len(meld.cards)
            body.append("".join(('<section class="eoh-table" aria-label="Melds on the table"><h3>Melds on the table</h3>',
                                 "".join(rows), "</section>")))
        values = result.values or [0] * view.players
        for s in range(view.players):
            left = result.hands[s]
            body.append("".join(('<section class="eoh-player" aria-label="', esc(isolated(names[s])), '"><h3>', esc(isolated(names[s])),
                                 ' <span class="muted">', plural(len(left), "card"), " left, worth ", str(values[s]),
                                 '</span> <span class="pts">+', str(result.points[s]), "</span></h3>",
                                 (cards_row(left, "dw", (), n) if left else '<p class="muted">went out</p>'), "</section>")))
            n += len(left)
    return "".join(body)


def score_sheet_html(view: "View", names: "Sequence[str]") -> str:
    head = "".join("".join(('<th scope="col">', esc(isolated(n)), "</th>")) for n in names)
    rows = []
    last = len(view.results) - 1
    for i, r in enumerate(view.results):
        cells = "".join("".join(("<td", (' class="won"' if s == r.winner else ""), ">", (str(p) if p else "·"), "</td>"))
                        for s, p in enumerate(r.points))
        rows.append("".join(('<tr', (' class="latest"' if i == last else ""), '><th scope="row">', str(r.hand + 1),
                             ' <span class="muted">', esc(r.end), "</span></th>", cells, "</tr>")))
    totals = "".join("".join(("<td><strong>", str(t), "</strong></td>")) for t in view.scores)
    rows.append("".join(('<tr class="total"><th scope="row">Total</th>', totals, "</tr>")))
    m = view.match
    if m is not None:
        if view.game == "gin":
            lb = view.rules.get("line_bonus", 0)
            line = "".join("".join(("<td>+", str(b["line"]), "</td>")) for b in m.bonuses)
            rows.append("".join(('<tr><th scope="row">Line bonus <span class="muted">(', str(lb), " a hand won)</span></th>",
                                 line, "</tr>")))
            other = "".join("".join(("<td>", (("+" + str(b["game"] + b["shutout"])) if b["game"] + b["shutout"] else "·"),
                                     "</td>")) for b in m.bonuses)
            rows.append("".join(('<tr><th scope="row">Game bonus <span class="muted">(and shutout)</span></th>', other,
                                 "</tr>")))
        fin = "".join("".join(("<td><strong>", str(t), "</strong></td>")) for t in m.final)
        rows.append("".join(('<tr class="total final"><th scope="row">Final</th>', fin, "</tr>")))
    return "".join(('<table class="score-sheet" data-testid="score-sheet"><caption>Score sheet</caption><thead><tr>'
                    '<th scope="col">Hand</th>', head, "</tr></thead><tbody>", "".join(rows), "</tbody></table>"))


# ---------------------------------------------------------------- on the table

RIBBONS = {"gin": "Gin!", "big gin": "Big gin!", "rummy": "Rummy!", "undercut": "Undercut!"}


def showdown(view: "View", names: "Sequence[str]", result: "Result", show: "dict[str, Any] | None") -> dict[int, str]:
    """Each seat's cards at the end of a hand, spread out on the table, by seat: Gin's melds (the knocker's with
    the lay-offs on them) and deadwood, Rummy's cards left. ``show``: the stage's step (:mod:`web.page.app.stage`:
    "show" lays the hands out, "layoff" has ``laid`` lay-offs on their melds, "count" counts up), or None for the
    hand as it ended. Every card keeps its ``data-card``, so it flies from where it was (web/bridge.js)."""
    step = show["step"] if show is not None else "done"
    counted = step in ("count", "done")
    k = result.knock
    out = {}
    for s in range(view.players):
        groups: list[tuple[str, list[tuple[int, str]]]] = []
        count = None
        if k is not None:
            laid = len(k.layoffs) if counted else (show["laid"] if show is not None and step == "layoff" else 0)
            for i, meld in enumerate(k.melds[s], 1):
                cards = [(c, "") for c in meld]
                if s == k.knocker:
                    on = [c for j, (c, mi) in enumerate(k.layoffs) if mi == i and j < laid]
                    cards = [(c, "laid" if c in on else "") for c in by_rank(list(meld) + on)]
                groups.append(("meld", cards))
            dead = [(c, "dw") for c in k.unmatched[s]]
            if s != k.knocker:
                dead += [(c, "dw to-lay") for j, (c, _mi) in enumerate(k.layoffs) if j >= laid]
            if dead:
                groups.append(("dead", dead))
            count = ("Deadwood", k.deadwood[s])
        else:
            left = result.hands[s] if s < len(result.hands) else []
            if left:
                groups.append(("left", [(c, "") for c in left]))
            if view.game == "rummy" and s < len(result.values):
                count = ("Worth", result.values[s])
        out[s] = _spread(view, names, result, s, groups, count, step, counted)
    return out


def _spread(view: "View", names: "Sequence[str]", result: "Result", s: int,
            groups: "list[tuple[str, list[tuple[int, str]]]]", count: "tuple[str, int] | None", step: str,
            counted: bool) -> str:
    k = result.knock
    won = result.winner == s
    role = ""
    if k is not None and s == k.knocker:
        role = {"gin": "went gin", "big gin": "went big gin"}.get(result.end, "knocked")
    elif view.game == "rummy" and won:
        role = "went rummy" if result.end == "rummy" else "went out"
    ribbon = RIBBONS.get(result.end, "") if won and (counted or result.end != "undercut") else ""
    head = ['<p class="spread-head"><strong>', esc(isolated(names[s])), "</strong>"]
    if role:
        head += [' <span class="role">', role, "</span>"]
    if count is not None and (groups or view.game == "gin"):
        head += [' <span class="tally-dw', ("" if counted else " pending"), '">', count[0], ' <b class="count',
                 ("" if counted else " pending"), '" data-testid="deadwood-', str(s), '" style="--to:', str(count[1]),
                 '"><span class="n">', str(count[1]), "</span></b></span>"]
    if counted and result.points[s]:
        head += [' <span class="pts">+', str(result.points[s]), "</span>"]
    if ribbon:
        head += [' <span class="ribbon" data-testid="celebration">', ribbon, "</span>"]
    head.append("</p>")
    words = []
    cards_html = []
    n = 0
    for kind, cards in groups:
        n += len(cards)
        faces = "".join(face(c, "scard" + ((" " + cls) if cls else ""), "".join((' style="--i:', str(i), '"')))
                        for i, (c, cls) in enumerate(cards))
        cards_html.append("".join(('<span class="sgroup sg-', kind, '" style="--k:', str(len(cards)), '">', faces,
                                   "</span>")))
        label = {"meld": "meld", "dead": "deadwood", "left": "cards"}[kind]
        words.append(label + " " + " ".join(face_of(c) for c, _ in cards))
    label = isolated(names[s]) + (" " + role if role else "") + ": " + ("; ".join(words) if words else "no cards")
    if count is not None and counted:
        label += "; " + count[0].lower() + " " + str(count[1])
    return "".join(('<section class="spread" data-testid="spread-', str(s), '" data-seat="', str(s), '" aria-label="',
                    esc(label), '" style="--n:', str(max(n, 1)), ";--g:", str(max(len(groups), 1)), '">', "".join(head),
                    '<div class="spread-cards">', "".join(cards_html), "</div></section>"))


# ---------------------------------------------------------------- the score card

def score_card_html(view: "View", names: "Sequence[str]", headline: str, detail: str, result: "Result",
                    ribbon: str, extra: str = "") -> str:
    """The end of a hand at a glance: who won it and how, the points and the totals (``ribbon``: a celebration's
    words, or ""); ``extra``: a line or two that must not wait for the details (a guided hand's last words, the
    daily deal, an online deal's check)."""
    top = "".join(('<p class="ribbon big" data-testid="celebration">', esc(ribbon), "</p>")) if ribbon else ""
    return "".join(('<div class="score-card" data-testid="score-card">', top,
                    '<p class="headline" data-testid="headline">', esc(headline), "</p>",
                    '<p class="detail" data-testid="detail">', esc(detail), "</p>", tally_html(view, names, result),
                    extra, "</div>"))
