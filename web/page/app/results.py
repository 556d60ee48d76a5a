"""The end of a hand, drawn: on the table, every hand spread out (:func:`showdown`, laid out step by step by
:mod:`web.page.app.stage`); in the dialog, the score card (:func:`score_card_html`: the headline and the tally of
the points, each player's total growing towards the target) and its details: every hand laid open (the knock
reveal), Gin's lay-offs drawn onto the knocker's numbered melds, and the score sheet.

The entrances (cards turning over one after the other, lay-offs sliding onto their meld, the totals growing) are
CSS animations of transforms and opacity, timed by the page's motion setting (none at instant speed or under
reduced motion). Written in the Python both MicroPython and CPython run.
"""

from web.page.app.render import cards_row, face
from web.page.app.text import card_face, card_words, esc, isolated
from web.page.i18n import N_, _, ngettext, pgettext
from web.page.shared.cards import by_rank

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
    # i18n: the name of the list of each player's points this hand and their totals, for screen readers
    label = _("Points this hand and totals")
    return "".join(('<ol class="tally" data-testid="tally" aria-label="', esc(label), '">', "".join(rows), "</ol>"))


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
                    # i18n: after cards added to the knocker's meld (Gin): the other player, {name}, laid them off
                    by = _("laid off by {name}").format(name=isolated(names[1 - k.knocker]))
                    extra = "".join(('<span class="laid" data-testid="laid-', str(i), '">', cards_row(laid[i], "laid", (), n),
                                     ' <span class="muted">', esc(by), "</span></span>"))
                    n += len(laid[i])
                lines.append("".join(('<div class="meld-line"><span class="muted">', str(i), ".</span>", row, extra,
                                      "</div>")))
            melds = "".join(lines)
            un = k.unmatched[s]
            dead = ""
            if un:
                # i18n: the label before a player's cards in no meld at the end of a hand (Gin)
                dead = "".join(('<div class="meld-line dead"><span class="lbl">', esc(_("Deadwood")), "</span> ",
                                cards_row(un, "dw", (), n), "</div>"))
                n += len(un)
            who = isolated(names[s])
            # i18n: a player's name at the end of a hand (Gin): the one who knocked
            title = _("{name} (knocked)").format(name=who) if s == k.knocker else who
            # i18n: at the end of a hand (Gin): the points of a player's cards in no meld
            deadwood = _("deadwood {n}").format(n=k.deadwood[s])
            # i18n: at the end of a hand (Gin): the player has no meld
            none = pgettext("no melds", "none")
            body.append("".join(('<section class="eoh-player', role, '" aria-label="', esc(who), '"><h3>',
                                 esc(title), ' <span class="muted">', esc(deadwood),
                                 '</span> <span class="pts">+', str(result.points[s]),
                                 # i18n: the label before a player's melds at the end of a hand (Gin)
                                 '</span></h3><div class="melds-label">', esc(_("Melds")), "</div>",
                                 (melds or "".join(('<p class="muted">', esc(none), "</p>"))), dead, "</section>")))
        if k.card is not None:
            # i18n: at the end of a hand (Gin): the card the knocker discarded ({card}: "7 of hearts") and the most
            # deadwood a knock may have
            knocked = _("Knock card: {card} (knock limit {limit})").format(card=card_words(k.card), limit=k.limit)
            body.append("".join(('<p class="muted">', esc(knocked), "</p>")))
    elif view.game != "gin":
        n = 0
        if result.table:
            rows = []
            for i, meld in enumerate(result.table, 1):
                rows.append("".join(('<div class="meld-line"><span class="muted">', str(i), ".</span>",
                                     cards_row(meld.cards, "", meld.wild, n), "</div>")))
                n += len(meld.cards)
            on_table = esc(_("Melds on the table"))
            body.append("".join(('<section class="eoh-table" aria-label="', on_table, '"><h3>', on_table, "</h3>",
                                 "".join(rows), "</section>")))
        values = result.values or [0] * view.players
        for s in range(view.players):
            left = result.hands[s]
            who = esc(isolated(names[s]))
            # i18n: at the end of a hand (Basic Rummy): the cards a player still holds, and their value in points
            worth = ngettext("{n} card left, worth {points}", "{n} cards left, worth {points}", len(left)).format(
                n=len(left), points=values[s])
            # i18n: at the end of a hand (Basic Rummy): the player got rid of all their cards
            gone = "".join(('<p class="muted">', esc(_("went out")), "</p>")) if not left else ""
            body.append("".join(('<section class="eoh-player" aria-label="', who, '"><h3>', who,
                                 ' <span class="muted">', esc(worth),
                                 '</span> <span class="pts">+', str(result.points[s]), "</span></h3>",
                                 (cards_row(left, "dw", (), n) if left else gone), "</section>")))
            n += len(left)
    return "".join(body)


def end_word(end: str) -> str:
    """How a hand ended, in a word of the score sheet (the engine's ``end``; one the page does not know, as it
    is)."""
    if end == "knock":
        # i18n: how a hand ended, in a row of the score sheet (Gin): the hand was won by knocking
        return pgettext("how a hand ended", "knock")
    if end == "gin":
        # i18n: how a hand ended, in a row of the score sheet (Gin): every card of the winner's hand in melds
        return pgettext("how a hand ended", "gin")
    if end == "big gin":
        # i18n: how a hand ended, in a row of the score sheet (Gin): all 11 cards in melds, without a discard
        return pgettext("how a hand ended", "big gin")
    if end == "undercut":
        # i18n: how a hand ended, in a row of the score sheet (Gin): the defender had as little deadwood as the
        # knocker, or less
        return pgettext("how a hand ended", "undercut")
    if end == "tie":
        # i18n: how a hand ended, in a row of the score sheet: nobody won the hand
        return pgettext("how a hand ended", "tie")
    if end == "out":
        # i18n: how a hand ended, in a row of the score sheet (Basic Rummy): a player got rid of all their cards
        return pgettext("how a hand ended", "out")
    if end == "rummy":
        # i18n: how a hand ended, in a row of the score sheet (Basic Rummy): a player went out in one turn
        return pgettext("how a hand ended", "rummy")
    if end == "stalemate":
        # i18n: how a hand ended, in a row of the score sheet (Basic Rummy): the stock ran out and nobody won
        return pgettext("how a hand ended", "stalemate")
    if end == "block":
        # i18n: how a hand ended, in a row of the score sheet (block rummy): the stock ran out and the lowest hand won
        return pgettext("how a hand ended", "block")
    return end


def score_sheet_html(view: "View", names: "Sequence[str]") -> str:
    head = "".join("".join(('<th scope="col">', esc(isolated(n)), "</th>")) for n in names)
    rows = []
    last = len(view.results) - 1
    for i, r in enumerate(view.results):
        cells = "".join("".join(("<td", (' class="won"' if s == r.winner else ""), ">", (str(p) if p else "·"), "</td>"))
                        for s, p in enumerate(r.points))
        rows.append("".join(('<tr', (' class="latest"' if i == last else ""), '><th scope="row">', str(r.hand + 1),
                             ' <span class="muted">', esc(end_word(r.end)), "</span></th>", cells, "</tr>")))
    totals = "".join("".join(("<td><strong>", str(t), "</strong></td>")) for t in view.scores)
    # i18n: a row of the score sheet: each player's total of the hands
    rows.append("".join(('<tr class="total"><th scope="row">', esc(_("Total")), "</th>", totals, "</tr>")))
    m = view.match
    if m is not None:
        if view.game == "gin":
            lb = view.rules.get("line_bonus", 0)
            line = "".join("".join(("<td>+", str(b["line"]), "</td>")) for b in m.bonuses)
            # i18n: a row of the score sheet (Gin): the bonus a player gets for each hand they won
            bonus = _("Line bonus")
            # i18n: beside "Line bonus" in the score sheet (Gin): the points of the bonus for each hand won
            each = _("{points} a hand won").format(points=lb)
            rows.append("".join(('<tr><th scope="row">', esc(bonus), ' <span class="muted">(', esc(each), ")</span></th>",
                                 line, "</tr>")))
            other = "".join("".join(("<td>", (("+" + str(b["game"] + b["shutout"])) if b["game"] + b["shutout"] else "·"),
                                     "</td>")) for b in m.bonuses)
            # i18n: a row of the score sheet (Gin): the bonus for winning the match
            bonus = _("Game bonus")
            # i18n: beside "Game bonus" in the score sheet (Gin): the row also holds the bonus for a shutout (a match
            # won with the loser scoring nothing)
            shutout = _("and shutout")
            rows.append("".join(('<tr><th scope="row">', esc(bonus), ' <span class="muted">(', esc(shutout),
                                 ")</span></th>", other, "</tr>")))
        fin = "".join("".join(("<td><strong>", str(t), "</strong></td>")) for t in m.final)
        # i18n: the last row of the score sheet: each player's final score, with the bonuses
        rows.append("".join(('<tr class="total final"><th scope="row">', esc(_("Final")), "</th>", fin, "</tr>")))
    # i18n: the column of the score sheet that numbers the hands
    hand = pgettext("a deal of the match", "Hand")
    return "".join(('<table class="score-sheet" data-testid="score-sheet"><caption>', esc(_("Score sheet")),
                    '</caption><thead><tr><th scope="col">', esc(hand), "</th>", head, "</tr></thead><tbody>",
                    "".join(rows), "</tbody></table>"))


# ---------------------------------------------------------------- on the table

# A won hand's celebration, by how it ended: the words in English, translated where they are drawn
RIBBONS = {
    # i18n: a ribbon celebrating a hand won by gin (every card in melds)
    "gin": N_("Gin!"),
    # i18n: a ribbon celebrating a hand won by big gin (all 11 cards in melds, without a discard)
    "big gin": N_("Big gin!"),
    # i18n: a ribbon celebrating a hand won by going rummy (all cards at once, in one turn)
    "rummy": N_("Rummy!"),
    # i18n: a ribbon celebrating a hand won by undercutting the knocker (Gin)
    "undercut": N_("Undercut!"),
}


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
            count = ("deadwood", k.deadwood[s])
        else:
            left = result.hands[s] if s < len(result.hands) else []
            if left:
                groups.append(("left", [(c, "") for c in left]))
            if view.game == "rummy" and s < len(result.values):
                count = ("worth", result.values[s])
        out[s] = _spread(view, names, result, s, groups, count, step, counted)
    return out


def _spread(view: "View", names: "Sequence[str]", result: "Result", s: int,
            groups: "list[tuple[str, list[tuple[int, str]]]]", count: "tuple[str, int] | None", step: str,
            counted: bool) -> str:
    """A seat's cards spread out at the end of a hand (``count``: ("deadwood" | "worth", the number counted))."""
    k = result.knock
    won = result.winner == s
    role = ""  # what the player did to end the hand
    if k is not None and s == k.knocker:
        role = {"gin": "gin", "big gin": "big gin"}.get(result.end, "knock")
    elif view.game == "rummy" and won:
        role = "rummy" if result.end == "rummy" else "out"
    ribbon = RIBBONS.get(result.end, "") if won and (counted or result.end != "undercut") else ""
    name = isolated(names[s])
    head = ['<p class="spread-head"><strong>', esc(name), "</strong>"]
    if role:
        head += [' <span class="role">', esc(role_words(role)), "</span>"]
    if count is not None and (groups or view.game == "gin"):
        if count[0] == "deadwood":
            # i18n: the label before the points of a player's cards in no meld, at the end of a hand (Gin)
            what = _("Deadwood")
        else:
            # i18n: the label before the value in points of the cards a player still holds, at the end of a hand
            # (Basic Rummy)
            what = _("Worth")
        head += [' <span class="tally-dw', ("" if counted else " pending"), '">', esc(what), ' <b class="count',
                 ("" if counted else " pending"), '" data-testid="deadwood-', str(s), '" style="--to:', str(count[1]),
                 '"><span class="n">', str(count[1]), "</span></b></span>"]
    if counted and result.points[s]:
        head += [' <span class="pts">+', str(result.points[s]), "</span>"]
    if ribbon:
        head += [' <span class="ribbon" data-testid="celebration">', esc(_(ribbon)), "</span>"]
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
        shown = " ".join(card_face(c) for c, _c in cards)
        if kind == "meld":
            # i18n: a part of a player's cards at the end of a hand, for screen readers: a meld ("meld 5♥ 6♥ 7♥")
            words.append(_("meld {cards}").format(cards=shown))
        elif kind == "dead":
            # i18n: a part of a player's cards at the end of a hand, for screen readers: cards in no meld
            # ("deadwood K♦ 9♣")
            words.append(_("deadwood {cards}").format(cards=shown))
        else:
            # i18n: a player's cards left at the end of a hand (Basic Rummy), for screen readers ("cards K♦ 9♣")
            words.append(_("cards {cards}").format(cards=shown))
    # i18n: a player's cards at the end of a hand, for screen readers, when they have none
    cards_words = "; ".join(words) if words else _("no cards")
    label = spread_label(role, name, cards_words)
    if count is not None and counted:
        if count[0] == "deadwood":
            # i18n: at the end of a hand (Gin): the points of a player's cards in no meld
            label += "; " + _("deadwood {n}").format(n=count[1])
        else:
            # i18n: at the end of a hand (Basic Rummy): the value in points of the cards a player still holds
            label += "; " + _("worth {n}").format(n=count[1])
    return "".join(('<section class="spread" data-testid="spread-', str(s), '" data-seat="', str(s), '" aria-label="',
                    esc(label), '" style="--n:', str(max(n, 1)), ";--g:", str(max(len(groups), 1)), '">', "".join(head),
                    '<div class="spread-cards">', "".join(cards_html), "</div></section>"))


def role_words(role: str) -> str:
    """What a player did to end the hand, beside their name on the table ("went gin")."""
    if role == "gin":
        # i18n: beside a player's name at the end of a hand (Gin): they went gin (every card in melds)
        return _("went gin")
    if role == "big gin":
        # i18n: beside a player's name at the end of a hand (Gin): they went big gin (all 11 cards in melds)
        return _("went big gin")
    if role == "knock":
        # i18n: beside a player's name at the end of a hand (Gin): they knocked (ended the hand)
        return _("knocked")
    if role == "rummy":
        # i18n: beside a player's name at the end of a hand (Basic Rummy): they went out in one turn
        return _("went rummy")
    # i18n: beside a player's name at the end of a hand (Basic Rummy): they got rid of all their cards
    return _("went out")


def spread_label(role: str, name: str, cards: str) -> str:
    """The name of a seat's cards at the end of a hand, for screen readers: who, what they did and their cards
    (``cards``: "meld 5♥ 6♥ 7♥; deadwood K♦")."""
    if role == "gin":
        # i18n: a player's cards at the end of a hand (Gin), for screen readers: {name} went gin; {cards} lists them
        return _("{name} went gin: {cards}").format(name=name, cards=cards)
    if role == "big gin":
        # i18n: a player's cards at the end of a hand (Gin), for screen readers: {name} went big gin
        return _("{name} went big gin: {cards}").format(name=name, cards=cards)
    if role == "knock":
        # i18n: a player's cards at the end of a hand (Gin), for screen readers: {name} knocked
        return _("{name} knocked: {cards}").format(name=name, cards=cards)
    if role == "rummy":
        # i18n: a player's cards at the end of a hand (Basic Rummy), for screen readers: {name} went out in one turn
        return _("{name} went rummy: {cards}").format(name=name, cards=cards)
    if role == "out":
        # i18n: a player's cards at the end of a hand (Basic Rummy), for screen readers: {name} went out
        return _("{name} went out: {cards}").format(name=name, cards=cards)
    # i18n: a player's cards at the end of a hand, for screen readers ({cards} lists them: "meld 5♥ 6♥ 7♥;
    # deadwood K♦")
    return _("{name}: {cards}").format(name=name, cards=cards)


# ---------------------------------------------------------------- the score card

def score_card_html(view: "View", names: "Sequence[str]", headline: str, detail: str, result: "Result",
                    ribbon: str, extra: str = "") -> str:
    """The end of a hand at a glance: who won it and how, the points and the totals (``ribbon``: a celebration's
    words, or ""); ``extra``: a line or two that must not wait for the details (a guided hand's last words, the
    daily deal, an online deal's check)."""
    # the ribbon's words are RIBBONS' (English): translated here
    top = "".join(('<p class="ribbon big" data-testid="celebration">', esc(_(ribbon)), "</p>")) if ribbon else ""
    return "".join(('<div class="score-card" data-testid="score-card">', top,
                    '<p class="headline" data-testid="headline">', esc(headline), "</p>",
                    '<p class="detail" data-testid="detail">', esc(detail), "</p>", tally_html(view, names, result),
                    extra, "</div>"))
