"""Statistics of the people playing at this device: the stored format, its exact check, and counting.

Format ``rummy-ui/stats`` version 2 (the ``data`` of its envelope)::

    {"games":     {GAME: LINE},                 GAME is "gin" or "rummy": matches against the computer
     "opponents": {"GAME:ID": LINE},            ID an opponent's profile id ("gin:ada")
     "people":    {"GAME:NAME": LINE}}          matches with other people, one line per person's name
                                                ("gin:Ann"; NAME 1 to 24 characters), counted only there
    LINE = {"matches", "matches_won", "hands", "hands_won", "gins", "big_gins", "undercuts", "rummies",
            "stalemates", "streak", "best_streak", "abandoned": whole numbers >= 0,
            "points": a whole number (the player's points over all hands),
            "best_match": null or {"score": whole number, "margin": whole number}}
    with matches_won <= matches, hands_won <= hands, streak <= best_streak.

Version 1 (written by web/ui) is the same without ``"people"`` and without ``"abandoned"``; :func:`upgrade`
turns it into version 2.

Counting goes through *events*, plain data made by :func:`hand_event`, :func:`match_event` and
:func:`abandoned_event` and applied by :func:`apply`. The storage layer keeps a tab's events until they are
written, and applies them to the statistics it re-reads just before writing, so that a count made in another
tab is never lost. Pure Python for CPython and MicroPython alike.
"""

from .shape import dot, flag, items, mapping, need, record, text, whole, word

try:
    from typing import Any
except ImportError:  # pragma: no cover - MicroPython
    pass

FORMAT = "rummy-ui/stats"
VERSION = 2
GAMES = ("gin", "rummy")
GROUPS = ("games", "opponents", "people")
COUNTS = ("matches", "matches_won", "hands", "hands_won", "gins", "big_gins", "undercuts", "rummies",
          "stalemates", "streak", "best_streak", "abandoned")
LINE_KEYS = COUNTS + ("points", "best_match")
V1_LINE_KEYS = tuple(k for k in LINE_KEYS if k != "abandoned")
# How a hand ended, as the engine names it: the ends that count for the winner, and the ones nobody wins.
WIN_ENDS = {"gin": "gins", "big gin": "big_gins", "undercut": "undercuts", "rummy": "rummies"}
DRAWN_ENDS = ("stalemate", "tie")


def empty() -> dict[str, Any]:
    """No statistics yet."""
    return {"games": {}, "opponents": {}, "people": {}}


def new_line() -> dict[str, Any]:
    """A line with nothing counted."""
    line: dict[str, Any] = {}
    for k in COUNTS:
        line[k] = 0
    line["points"] = 0
    line["best_match"] = None
    return line


# ---------------------------------------------------------------- the exact check


def check(data: Any, version: int = VERSION, where: str = "data") -> dict[str, Any]:
    """``data`` when it is exactly statistics of ``version`` (1 or 2); raises :class:`Bad` otherwise."""
    groups = GROUPS if version >= 2 else GROUPS[:2]
    d = record(data, where, groups)
    for group in groups:
        g = mapping(d[group], dot(where, group))
        for name in g:
            check_name(group, name, dot(where, group))
            check_line(g[name], dot(dot(where, group), name), version)
    return d


MAX_NAME = 24


def check_name(group: str, name: str, where: str) -> None:
    """A line's name: a game; ``game:opponent`` in the group "opponents"; ``game:person`` in "people"."""
    if group == "people":
        game, _, person = name.partition(":")
        need(game in GAMES and 0 < len(person) <= MAX_NAME and person.strip() == person, where,
             "has a line “" + name[:40] + "” that is not GAME:NAME")
    elif group == "opponents":
        game, _, pid = name.partition(":")
        need(game in GAMES, where, "has a line “" + name[:40] + "” that is not GAME:OPPONENT")
        word(pid, dot(where, name))
    else:
        need(name in GAMES, where, "has a line “" + name[:40] + "” that is not a game")


def check_line(v: Any, where: str, version: int = VERSION) -> None:
    """One line of counts."""
    line = record(v, where, LINE_KEYS if version >= 2 else V1_LINE_KEYS)
    for k in COUNTS:
        if k in line:
            whole(line[k], dot(where, k), 0)
    whole(line["points"], dot(where, "points"))
    need(line["matches_won"] <= line["matches"], where, "has more matches won than played")
    need(line["hands_won"] <= line["hands"], where, "has more hands won than played")
    need(line["streak"] <= line["best_streak"], where, "has a streak longer than the best streak")
    bm = line["best_match"]
    if bm is not None:
        record(bm, dot(where, "best_match"), ("score", "margin"))
        whole(bm["score"], dot(where, "best_match.score"))
        whole(bm["margin"], dot(where, "best_match.margin"))


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Version-1 statistics (already checked) as version 2: nothing abandoned yet, no games with people."""
    out = empty()
    for group in ("games", "opponents"):
        for name in data[group]:
            line = dict(data[group][name])
            line["abandoned"] = 0
            out[group][name] = line
    return out


# ---------------------------------------------------------------- events


def hand_event(game: str, opponents: list[str], won: bool, end: str, points: int,
               person: str = "") -> dict[str, Any]:
    """One finished hand for one player at this device: did they win it, how it ended (``"gin"``, ``"knock"``,
    ``"undercut"``, ``"big gin"``, ``"rummy"``, ``"stalemate"``, ...), and their points for it. ``person``: the
    player's name when people play together (counted in their line of "people"), else ``""``."""
    return {"kind": "hand", "game": game, "opponents": list(opponents), "person": person,
            "won": won, "end": end, "points": points}


def match_event(game: str, opponents: list[str], final: list[int], winner: int | None,
                lowest_wins: bool = False, person: str = "", seat: int = 0) -> dict[str, Any]:
    """One finished match for the player at ``seat``, from the final scores (one per seat) and the winning seat."""
    others = [p for i, p in enumerate(final) if i != seat]
    if others:
        best_other = min(others) if lowest_wins else max(others)
    else:
        best_other = 0
    mine = final[seat]
    margin = best_other - mine if lowest_wins else mine - best_other
    return {"kind": "match", "game": game, "opponents": list(opponents), "person": person,
            "won": winner == seat, "score": mine, "margin": margin}


def abandoned_event(game: str, opponents: list[str], person: str = "") -> dict[str, Any]:
    """A match given up before its end (a new game started over it)."""
    return {"kind": "abandoned", "game": game, "opponents": list(opponents), "person": person}


EVENT_KEYS = {
    "hand": ("kind", "game", "opponents", "person", "won", "end", "points"),
    "match": ("kind", "game", "opponents", "person", "won", "score", "margin"),
    "abandoned": ("kind", "game", "opponents", "person"),
}


def check_event(e: Any) -> dict[str, Any]:
    """An event exactly as the functions above make it; raises :class:`Bad` otherwise."""
    need(type(e) is dict and e.get("kind") in EVENT_KEYS, "event", "is not a statistics event")
    ev = record(e, "event", EVENT_KEYS[e["kind"]])
    text(ev["game"], "event.game", choices=GAMES)
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
    elif ev["kind"] == "match":
        flag(ev["won"], "event.won")
        whole(ev["score"], "event.score")
        whole(ev["margin"], "event.margin")
    return ev


# ---------------------------------------------------------------- counting


def lines_of(stats: dict[str, Any], e: dict[str, Any]) -> list[dict[str, Any]]:
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


def apply(stats: dict[str, Any], e: dict[str, Any]) -> None:
    """Count event ``e`` in ``stats`` (changed in place)."""
    for line in lines_of(stats, e):
        if e["kind"] == "hand":
            count_hand(line, e)
        elif e["kind"] == "match":
            count_match(line, e)
        else:
            line["abandoned"] += 1


def count_hand(line: dict[str, Any], e: dict[str, Any]) -> None:
    line["hands"] += 1
    line["points"] += e["points"]
    if e["won"]:
        line["hands_won"] += 1
        if e["end"] in WIN_ENDS:
            line[WIN_ENDS[e["end"]]] += 1
    if e["end"] in DRAWN_ENDS:
        line["stalemates"] += 1


def count_match(line: dict[str, Any], e: dict[str, Any]) -> None:
    line["matches"] += 1
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
    return str(round(100 * won / played)) + "%" if played else "–"


def average(total: int, n: int) -> str:
    if not n:
        return "–"
    tenths = round(total * 10 / n)
    sign = "-" if tenths < 0 else ""
    return sign + str(abs(tenths) // 10) + "." + str(abs(tenths) % 10)


def rows(line: dict[str, Any], game: str) -> list[tuple[str, str]]:
    """The rows of a statistics table, as (label, value)."""
    bm = line["best_match"]
    out = [
        ("Matches played", str(line["matches"])),
        ("Matches won", str(line["matches_won"]) + " (" + rate(line["matches_won"], line["matches"]) + ")"),
        ("Matches abandoned", str(line["abandoned"])),
        ("Hands played", str(line["hands"])),
        ("Hands won", str(line["hands_won"]) + " (" + rate(line["hands_won"], line["hands"]) + ")"),
    ]
    if game == "gin":
        out += [("Gins", str(line["gins"])), ("Big gins", str(line["big_gins"])),
                ("Undercuts", str(line["undercuts"]))]
    else:
        out += [("Going rummy", str(line["rummies"]))]
    out += [
        ("Stalemates" if game == "rummy" else "Stalemates and ties", str(line["stalemates"])),
        ("Average points per hand", average(line["points"], line["hands"])),
        ("Best match", str(bm["score"]) + " points, won by " + str(bm["margin"]) if bm else "–"),
        ("Current streak", str(line["streak"])),
        ("Best streak", str(line["best_streak"])),
    ]
    return out

