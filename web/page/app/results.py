"""The end of a hand, drawn: every hand laid open (the knock reveal), Gin's lay-offs drawn onto the knocker's
numbered melds, the tally of the points (each player's total growing towards the target) and the score sheet.

The entrances (cards turning over one after the other, lay-offs sliding onto their meld, the totals growing) are
CSS animations of transforms and opacity, timed by the page's motion setting (none at instant speed or under
reduced motion). Written in the Python both MicroPython and CPython run.
"""

from web.page.app.render import cards_row
from web.page.app.text import card_words, esc, isolated, plural

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence

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
