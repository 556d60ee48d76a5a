"""Statistics of the person playing (seat 0): per game and per opponent.

Pure data in, pure data out (stored by :mod:`web.ui.storage`). A line holds matches and hands played
and won, gins, big gins, undercuts, going rummy, stalemates (a loss for everyone), best match, the
points the player scored, and the current and best streak of matches won.
"""

from __future__ import annotations

from typing import Any

from rummy.model import HandResult

ME = 0
FIELDS = ("matches", "matches_won", "hands", "hands_won", "gins", "big_gins", "undercuts", "rummies",
          "stalemates", "points", "streak", "best_streak")


def empty() -> dict[str, Any]:
    return {"games": {}, "opponents": {}}


def _line() -> dict[str, Any]:
    d: dict[str, Any] = dict.fromkeys(FIELDS, 0)
    d["best_match"] = None  # {"score": s, "margin": m}
    return d


def clean(data: Any) -> dict[str, Any]:
    """Stored statistics made safe to use (unknown or bad fields dropped)."""
    out = empty()
    if not isinstance(data, dict):
        return out
    for group in ("games", "opponents"):
        src = data.get(group)
        if not isinstance(src, dict):
            continue
        for name, line in src.items():
            if not isinstance(line, dict):
                continue
            good = _line()
            for k in FIELDS:
                v = line.get(k)
                if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                    good[k] = v
            bm = line.get("best_match")
            if isinstance(bm, dict) and isinstance(bm.get("score"), int) and isinstance(bm.get("margin"), int):
                good["best_match"] = {"score": bm["score"], "margin": bm["margin"]}
            out[group][str(name)] = good
    return out


def _lines(stats: dict[str, Any], game: str, opponents: list[str]) -> list[dict[str, Any]]:
    out = [stats["games"].setdefault(game, _line())]
    for opp in dict.fromkeys(opponents):
        out.append(stats["opponents"].setdefault(f"{game}:{opp}", _line()))
    return out


def record_hand(stats: dict[str, Any], game: str, opponents: list[str], result: HandResult) -> None:
    """Count one finished hand (``result`` as the engine gives it) for the player at seat 0."""
    won = result.winner == ME
    end = result.end
    pts = result.points or (0,)
    for line in _lines(stats, game, opponents):
        line["hands"] += 1
        line["hands_won"] += int(won)
        line["points"] += int(pts[ME]) if len(pts) > ME else 0
        if won and end == "gin":
            line["gins"] += 1
        if won and end == "big gin":
            line["big_gins"] += 1
        if won and end == "undercut":
            line["undercuts"] += 1
        if won and end == "rummy":
            line["rummies"] += 1
        if end in ("stalemate", "tie"):
            line["stalemates"] += 1


def record_match(stats: dict[str, Any], game: str, opponents: list[str], final: list[int], winner: int | None,
                 lowest_wins: bool = False) -> None:
    """Count one finished match."""
    won = winner == ME
    others = [s for i, s in enumerate(final) if i != ME]
    best_other = (min(others) if lowest_wins else max(others)) if others else 0
    margin = (best_other - final[ME]) if lowest_wins else (final[ME] - best_other)
    for line in _lines(stats, game, opponents):
        line["matches"] += 1
        if won:
            line["matches_won"] += 1
            line["streak"] += 1
            line["best_streak"] = max(line["best_streak"], line["streak"])
            bm = line["best_match"]
            if bm is None or margin > bm["margin"]:
                line["best_match"] = {"score": final[ME], "margin": margin}
        else:
            line["streak"] = 0


def rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


def average(total: int, n: int) -> str:
    return f"{total / n:.1f}" if n else "–"


def rows(line: dict[str, Any], game: str) -> list[tuple[str, str]]:
    """The lines of a statistics table, as (label, value)."""
    bm = line.get("best_match")
    out = [
        ("Matches played", str(line["matches"])),
        ("Matches won", f"{line['matches_won']} ({rate(line['matches_won'], line['matches'])})"),
        ("Hands played", str(line["hands"])),
        ("Hands won", f"{line['hands_won']} ({rate(line['hands_won'], line['hands'])})"),
    ]
    if game == "gin":
        out += [("Gins", str(line["gins"])), ("Big gins", str(line["big_gins"])), ("Undercuts", str(line["undercuts"]))]
    else:
        out += [("Going rummy", str(line["rummies"]))]
    out += [
        ("Stalemates" if game == "rummy" else "Stalemates and ties", str(line["stalemates"])),
        ("Average points per hand", average(line["points"], line["hands"])),
        ("Best match", f"{bm['score']} points, won by {bm['margin']}" if bm else "–"),
        ("Current streak", str(line["streak"])),
        ("Best streak", str(line["best_streak"])),
    ]
    return out
