"""Statistics of the people playing at this device: the stored format, its exact check, and counting.

Format ``rummy-ui/stats`` version 4 (the ``data`` of its envelope)::

    {"games":     {GAME: LINE},                 GAME is "gin" or "rummy": matches against the computer
     "opponents": {"GAME:ID": LINE},            ID an opponent's profile id ("gin:ada")
     "people":    {"GAME:NAME": LINE},          matches with other people, one line per person's name
                                                ("gin:Ann"; NAME 1 to 24 characters), counted only there
     "daily":     {GAME: DAILY}}                the daily deals (see :func:`check_daily`)
    LINE = {"matches", "matches_won", "hands", "hands_won", "gins", "big_gins", "undercuts", "rummies",
            "stalemates", "streak", "best_streak", "abandoned",
            "knocks", "knock_deadwood", "undercut_against", "assisted": whole numbers >= 0,
            "points": a whole number (the player's points over all hands),
            "best_match": null or {"score": whole number, "margin": whole number}}
    with matches_won <= matches, hands_won <= hands, streak <= best_streak, undercut_against <= knocks,
    assisted <= matches.

``knocks``: Gin hands the player knocked with some deadwood (gin is counted in ``gins``); ``knock_deadwood``:
the player's deadwood over those knocks (its average is the "average knock deadwood"); ``undercut_against``:
those knocks the other player undercut; ``assisted``: matches in which the player asked for a hint or undid a
move. ``undercuts`` counts the player's own undercuts of a knocker; ``rummies`` the hands the player went rummy.

Version 3 is version 4 without ``"daily"``; version 2 is version 3 without the four new counts; version 1
(written by web/ui) is version 2 without ``"people"`` and without ``"abandoned"``. :func:`upgrade` turns any of
them into version 4 (the new counts 0, no daily deal played).

Counting goes through *events*, plain data made by :func:`hand_event`, :func:`match_event` and
:func:`abandoned_event` and applied by :func:`apply`. The storage layer keeps a tab's events until they are
written, and applies them to the statistics it re-reads just before writing, so that a count made in another
tab is never lost. Pure Python for CPython and MicroPython alike.
"""

from .i18n import _, ngettext
from .shape import dot, flag, items, mapping, need, record, text, whole, word
from .shared.protocol import GAMES, MAX_NAME

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

FORMAT = "rummy-ui/stats"
VERSION = 4
READABLE = (1, 2, 3, 4)
GROUPS = ("games", "opponents", "people")
NEW_IN_3 = ("knocks", "knock_deadwood", "undercut_against", "assisted")
COUNTS = ("matches", "matches_won", "hands", "hands_won", "gins", "big_gins", "undercuts", "rummies",
          "stalemates", "streak", "best_streak", "abandoned") + NEW_IN_3
LINE_KEYS = COUNTS + ("points", "best_match")
V2_LINE_KEYS = tuple(k for k in LINE_KEYS if k not in NEW_IN_3)
V1_LINE_KEYS = tuple(k for k in V2_LINE_KEYS if k != "abandoned")
# How a hand ended, as the engine names it: the ends that count for the winner, and the ones nobody wins.
WIN_ENDS = {"gin": "gins", "big gin": "big_gins", "undercut": "undercuts", "rummy": "rummies"}
DRAWN_ENDS = ("stalemate", "tie")


def empty() -> "dict[str, Any]":
    """No statistics yet."""
    return {"games": {}, "opponents": {}, "people": {}, "daily": {}}


DAILY_KEYS = ("played", "won", "streak", "best_streak", "last", "best")


def new_daily() -> "dict[str, Any]":
    """A daily-deal line with nothing played."""
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "last": None, "best": None}


def new_line() -> "dict[str, Any]":
    """A line with nothing counted."""
    line: dict[str, Any] = {}
    for k in COUNTS:
        line[k] = 0
    line["points"] = 0
    line["best_match"] = None
    return line


# ---------------------------------------------------------------- the exact check


def line_keys(version: int) -> tuple[str, ...]:
    """The fields of a line in ``version``."""
    if version >= 3:
        return LINE_KEYS
    return V2_LINE_KEYS if version == 2 else V1_LINE_KEYS


def check(data: "Any", version: int = VERSION, where: str = "data") -> "dict[str, Any]":
    """``data`` when it is exactly statistics of ``version`` (1 to 4); raises :class:`Bad` otherwise."""
    groups = GROUPS if version >= 2 else GROUPS[:2]
    d = record(data, where, groups + (("daily",) if version >= 4 else ()))
    for group in groups:
        g = mapping(d[group], dot(where, group))
        for name in g:
            check_name(group, name, dot(where, group))
            check_line(g[name], dot(dot(where, group), name), version)
    if version >= 4:
        days = mapping(d["daily"], dot(where, "daily"))
        for name in days:
            need(name in GAMES, dot(where, "daily"), "has a line “" + name[:40] + "” that is not a game")
            check_daily(days[name], dot(dot(where, "daily"), name))
    return d


def is_date(v: "Any") -> bool:
    """A date ``YYYY-MM-DD`` (its digits in place; the calendar is not checked)."""
    return (type(v) is str and len(v) == 10 and v[4] == "-" and v[7] == "-"
            and (v[:4] + v[5:7] + v[8:]).isdigit())


def check_daily(v: "Any", where: str) -> None:
    """A game's daily-deal line: days played and won, the streak of days in a row, the last day played and the
    best result (the widest winning margin, with its day)."""
    line = record(v, where, DAILY_KEYS)
    for k in ("played", "won", "streak", "best_streak"):
        whole(line[k], dot(where, k), 0)
    need(line["won"] <= line["played"], where, "has more days won than played")
    need(line["streak"] <= line["best_streak"] <= line["played"], where, "has a streak longer than it can be")
    need(line["last"] is None or is_date(line["last"]), dot(where, "last"), "is not a date YYYY-MM-DD")
    need((line["last"] is None) == (line["played"] == 0), where, "has a last day without a day played")
    best = line["best"]
    need((best is None) == (line["played"] == 0), where, "has a best result without a day played")
    if best is not None:
        record(best, dot(where, "best"), ("score", "margin", "date"))
        whole(best["score"], dot(where, "best.score"))
        whole(best["margin"], dot(where, "best.margin"))
        need(is_date(best["date"]), dot(where, "best.date"), "is not a date YYYY-MM-DD")


def check_name(group: str, name: str, where: str) -> None:
    """A line's name: a game; ``game:opponent`` in the group "opponents"; ``game:person`` in "people"."""
    if group == "people":
        game, _sep, person = name.partition(":")
        need(game in GAMES and 0 < len(person) <= MAX_NAME and person.strip() == person, where,
             "has a line “" + name[:40] + "” that is not GAME:NAME")
    elif group == "opponents":
        game, _sep, pid = name.partition(":")
        need(game in GAMES, where, "has a line “" + name[:40] + "” that is not GAME:OPPONENT")
        word(pid, dot(where, name))
    else:
        need(name in GAMES, where, "has a line “" + name[:40] + "” that is not a game")


def check_line(v: "Any", where: str, version: int = VERSION) -> None:
    """One line of counts."""
    line = record(v, where, line_keys(version))
    for k in COUNTS:
        if k in line:
            whole(line[k], dot(where, k), 0)
    whole(line["points"], dot(where, "points"))
    need(line["matches_won"] <= line["matches"], where, "has more matches won than played")
    need(line["hands_won"] <= line["hands"], where, "has more hands won than played")
    need(line["streak"] <= line["best_streak"], where, "has a streak longer than the best streak")
    if version >= 3:
        need(line["undercut_against"] <= line["knocks"], where, "has more knocks undercut than knocks")
        need(line["assisted"] <= line["matches"], where, "has more assisted matches than matches")
    bm = line["best_match"]
    if bm is not None:
        record(bm, dot(where, "best_match"), ("score", "margin"))
        whole(bm["score"], dot(where, "best_match.score"))
        whole(bm["margin"], dot(where, "best_match.margin"))


def upgrade(data: "dict[str, Any]", version: int = 1) -> "dict[str, Any]":
    """Statistics of ``version`` (1, 2 or 3, already checked) as the latest: the counts they lack are 0 (version 1
    had nothing abandoned and no games with people)."""
    out = empty()
    for group in GROUPS:
        if group not in data:
            continue
        for name in data[group]:
            line = dict(data[group][name])
            for k in COUNTS:
                if k not in line:
                    line[k] = 0
            out[group][name] = line
    return out


# ---------------------------------------------------------------- events


def hand_event(game: str, opponents: list[str], won: bool, end: str, points: int,
               person: str = "", knocked: bool = False, deadwood: int | None = None) -> "dict[str, Any]":
    """One finished hand for one player at this device: did they win it, how it ended (``"gin"``, ``"knock"``,
    ``"undercut"``, ``"big gin"``, ``"rummy"``, ``"stalemate"``, ...), and their points for it. ``person``: the
    player's name when people play together (counted in their line of "people"), else ``""``. Gin: ``knocked``
    when the player knocked (or went gin), with ``deadwood`` its deadwood then (from the hand's knock report)."""
    return {"kind": "hand", "game": game, "opponents": list(opponents), "person": person,
            "won": won, "end": end, "points": points, "knocked": knocked, "deadwood": deadwood}


def hand_event_from(game: str, opponents: list[str], result: "Any", person: str = "",
                    seat: int = 0) -> "dict[str, Any]":
    """:func:`hand_event` for the player at ``seat`` from a hand's result as the page reads it
    (web.page.shared.viewdata: ``end``, ``winner``, ``points`` per seat, ``knock`` with ``knocker`` and
    ``deadwood`` per seat, or None)."""
    knock = result.knock
    knocked = knock is not None and knock.knocker == seat
    return hand_event(game, opponents, result.winner == seat, result.end, result.points[seat], person, knocked,
                      knock.deadwood[seat] if knocked else None)


def match_event(game: str, opponents: list[str], final: list[int], winner: int | None,
                lowest_wins: bool = False, person: str = "", seat: int = 0,
                assisted: bool = False) -> "dict[str, Any]":
    """One finished match for the player at ``seat``, from the final scores (one per seat) and the winning seat;
    ``assisted`` when the player asked for a hint or undid a move during it."""
    others = [p for i, p in enumerate(final) if i != seat]
    if others:
        best_other = min(others) if lowest_wins else max(others)
    else:
        best_other = 0
    mine = final[seat]
    margin = best_other - mine if lowest_wins else mine - best_other
    return {"kind": "match", "game": game, "opponents": list(opponents), "person": person,
            "won": winner == seat, "score": mine, "margin": margin, "assisted": assisted}


def daily_event(game: str, date: str, won: bool, score: int, margin: int) -> "dict[str, Any]":
    """The daily deal of ``date`` finished: won or not, the player's score and margin over the best other."""
    return {"kind": "daily", "game": game, "date": date, "won": won, "score": score, "margin": margin}


def abandoned_event(game: str, opponents: list[str], person: str = "") -> "dict[str, Any]":
    """A match given up before its end (a new game started over it)."""
    return {"kind": "abandoned", "game": game, "opponents": list(opponents), "person": person}


EVENT_KEYS = {
    "hand": ("kind", "game", "opponents", "person", "won", "end", "points", "knocked", "deadwood"),
    "match": ("kind", "game", "opponents", "person", "won", "score", "margin", "assisted"),
    "abandoned": ("kind", "game", "opponents", "person"),
    "daily": ("kind", "game", "date", "won", "score", "margin"),
}


def check_event(e: "Any") -> "dict[str, Any]":
    """An event exactly as the functions above make it; raises :class:`Bad` otherwise."""
    need(type(e) is dict and e.get("kind") in EVENT_KEYS, "event", "is not a statistics event")
    ev = record(e, "event", EVENT_KEYS[e["kind"]])
    text(ev["game"], "event.game", choices=GAMES)
    if ev["kind"] == "daily":
        need(is_date(ev["date"]), "event.date", "is not a date YYYY-MM-DD")
        flag(ev["won"], "event.won")
        whole(ev["score"], "event.score")
        whole(ev["margin"], "event.margin")
        return ev
    least = 0 if ev["person"] else 1
    for i, pid in enumerate(items(ev["opponents"], "event.opponents", least, 5)):
        word(pid, "event.opponents[" + str(i) + "]")
    need(type(ev["person"]) is str, "event.person", "is not a text")
    if ev["person"]:
        text(ev["person"], "event.person", MAX_NAME)
    if ev["kind"] == "hand":
        flag(ev["won"], "event.won")
        text(ev["end"], "event.end", 40)
        whole(ev["points"], "event.points")
        flag(ev["knocked"], "event.knocked")
        if ev["knocked"]:
            whole(ev["deadwood"], "event.deadwood", 0)
        else:
            need(ev["deadwood"] is None, "event.deadwood", "is not null for a hand the player did not knock")
    elif ev["kind"] == "match":
        flag(ev["won"], "event.won")
        whole(ev["score"], "event.score")
        whole(ev["margin"], "event.margin")
        flag(ev["assisted"], "event.assisted")
    return ev


# ---------------------------------------------------------------- counting


def lines_of(stats: "dict[str, Any]", e: "dict[str, Any]") -> "list[dict[str, Any]]":
    """The lines an event counts in (made when missing): its game's, and each opponent's once; with people,
    only the person's line of "people"."""
    game = e["game"]
    if e["person"]:
        return [stats["people"].setdefault(game + ":" + e["person"], new_line())]
    out = [stats["games"].setdefault(game, new_line())]
    seen: list[str] = []
    for pid in e["opponents"]:
        if pid not in seen:
            seen.append(pid)
            out.append(stats["opponents"].setdefault(game + ":" + pid, new_line()))
    return out


def apply(stats: "dict[str, Any]", e: "dict[str, Any]") -> None:
    """Count event ``e`` in ``stats`` (changed in place)."""
    if e["kind"] == "daily":
        count_daily(stats.setdefault("daily", {}).setdefault(e["game"], new_daily()), e)
        return
    for line in lines_of(stats, e):
        if e["kind"] == "hand":
            count_hand(line, e)
        elif e["kind"] == "match":
            count_match(line, e)
        else:
            line["abandoned"] += 1


def day_number(date: str) -> int:
    """Days since 1970-01-01 of a date ``YYYY-MM-DD`` (the proleptic Gregorian calendar; no datetime module
    under MicroPython)."""
    y, m, d = int(date[:4]), int(date[5:7]), int(date[8:10])
    y -= 1 if m <= 2 else 0
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def count_daily(line: "dict[str, Any]", e: "dict[str, Any]") -> None:
    """A daily deal finished: each day counts once (the first finished match of that day's deal); the streak
    counts days played in a row."""
    last = line["last"]
    if last is not None and day_number(e["date"]) <= day_number(last):
        return  # that day (or an earlier one) is already counted
    follows = last is not None and day_number(e["date"]) == day_number(last) + 1
    line["streak"] = line["streak"] + 1 if follows else 1
    line["best_streak"] = max(line["best_streak"], line["streak"])
    line["played"] += 1
    line["last"] = e["date"]
    if e["won"]:
        line["won"] += 1
    best = line["best"]
    if best is None or e["margin"] > best["margin"]:
        line["best"] = {"score": e["score"], "margin": e["margin"], "date": e["date"]}


def count_hand(line: "dict[str, Any]", e: "dict[str, Any]") -> None:
    line["hands"] += 1
    line["points"] += e["points"]
    if e["won"]:
        line["hands_won"] += 1
        if e["end"] in WIN_ENDS:
            line[WIN_ENDS[e["end"]]] += 1
    if e["end"] in DRAWN_ENDS:
        line["stalemates"] += 1
    if e["knocked"] and e["end"] not in ("gin", "big gin"):
        line["knocks"] += 1
        line["knock_deadwood"] += e["deadwood"]
        if e["end"] == "undercut":
            line["undercut_against"] += 1


def count_match(line: "dict[str, Any]", e: "dict[str, Any]") -> None:
    line["matches"] += 1
    if e["assisted"]:
        line["assisted"] += 1
    if not e["won"]:
        line["streak"] = 0
        return
    line["matches_won"] += 1
    line["streak"] += 1
    line["best_streak"] = max(line["best_streak"], line["streak"])
    bm = line["best_match"]
    if bm is None or e["margin"] > bm["margin"]:
        line["best_match"] = {"score": e["score"], "margin": e["margin"]}


# ---------------------------------------------------------------- showing


def rate(won: int, played: int) -> str:
    # i18n: a percentage in the statistics ("50%")
    return _("{percent}%").format(percent=str(round(100 * won / played))) if played else "–"


def average(total: int, n: int) -> str:
    if not n:
        return "–"
    tenths = round(total * 10 / n)
    sign = "-" if tenths < 0 else ""
    return sign + str(abs(tenths) // 10) + "." + str(abs(tenths) % 10)


def of_hands(n: int, hands: int) -> str:
    """A count and its share of the hands played: "3 (25% of hands)"."""
    # i18n: a count in the statistics, and its share of the hands played ("3 (25% of hands)")
    return _("{n} ({rate} of hands)").format(n=str(n), rate=rate(n, hands))


def rows(line: "dict[str, Any]", game: str) -> list[tuple[str, str]]:
    """The rows of a statistics table, as (label, value), in the page's language."""
    bm = line["best_match"]
    out = [
        (_("Matches played"), str(line["matches"])),
        (_("Matches won"), str(line["matches_won"]) + " (" + rate(line["matches_won"], line["matches"]) + ")"),
        # i18n: in the statistics: matches left before their end (a new match started instead)
        (_("Matches abandoned"), str(line["abandoned"])),
        (_("Hands played"), str(line["hands"])),
        (_("Hands won"), str(line["hands_won"]) + " (" + rate(line["hands_won"], line["hands"]) + ")"),
    ]
    if game == "gin":
        # i18n: in the statistics (Gin): hands the player won by going gin
        out += [(_("Gins"), of_hands(line["gins"], line["hands"])),
                # i18n: in the statistics (Gin): hands the player won by going big gin
                (_("Big gins"), str(line["big_gins"])),
                # i18n: in the statistics (Gin): hands the player ended by knocking
                (_("Knocks"), str(line["knocks"])),
                # i18n: in the statistics (Gin): the player's deadwood points when knocking, on average
                (_("Average knock deadwood"), average(line["knock_deadwood"], line["knocks"])),
                # i18n: in the statistics (Gin): the player's knocks that the other player undercut
                (_("Undercut when knocking"), str(line["undercut_against"]) + " ("
                 + rate(line["undercut_against"], line["knocks"]) + ")"),
                # i18n: in the statistics (Gin): hands the player won by undercutting the other's knock
                (_("Undercuts"), of_hands(line["undercuts"], line["hands"]))]
    else:
        # i18n: in the statistics (Basic Rummy): hands the player won by melding all their cards at once
        out += [(_("Going rummy"), of_hands(line["rummies"], line["hands"]))]
    if bm:
        # i18n: in the statistics: the player's best match, its score and the points it was won by; English says
        # "points" for any number
        best = ngettext("{score} points, won by {margin}", "{score} points, won by {margin}", bm["score"]).format(
            score=str(bm["score"]), margin=str(bm["margin"]))
    else:
        best = "–"
    out += [
        # i18n: in the statistics: hands that ended with no winner
        (_("Stalemates") if game == "rummy" else
         # i18n: in the statistics (Gin): hands that ended with no winner, or with the same points
         _("Stalemates and ties"), str(line["stalemates"])),
        (_("Average points per hand"), average(line["points"], line["hands"])),
        (_("Best match"), best),
        # i18n: in the statistics: matches won in a row, up to now
        (_("Current streak"), str(line["streak"])),
        # i18n: in the statistics: the most matches won in a row
        (_("Best streak"), str(line["best_streak"])),
        # i18n: in the statistics: matches in which the player asked for a hint or took a move back
        (_("Matches with hints or undo"), str(line["assisted"])),
    ]
    return out


def head_to_head(stats: "dict[str, Any]", game: str) -> list[tuple[str, str, str, str]]:
    """Per opponent of ``game``: (profile id, matches "won–lost", match win rate, points per hand), most
    matches first (ties by id: a stable order under MicroPython too)."""
    keyed = []
    for name in stats["opponents"]:
        g, _sep, pid = name.partition(":")
        if g != game:
            continue
        line = stats["opponents"][name]
        keyed.append((-line["matches"], pid, line))
    keyed.sort(key=lambda x: (x[0], x[1]))
    out = []
    for _order, pid, line in keyed:
        lost = line["matches"] - line["matches_won"]
        out.append((pid, str(line["matches_won"]) + "–" + str(lost), rate(line["matches_won"], line["matches"]),
                    average(line["points"], line["hands"])))
    return out

