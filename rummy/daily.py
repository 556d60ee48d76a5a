"""The daily deal and deal links: the same cards for everyone who plays the same day, or who opens the same link.

    >>> daily_seed("gin", "2026-11-23")       # a whole number below 2**48, the same in CPython and Pyodide
    >>> daily_config("gin")                   # today's (UTC) daily match: game, opponents, rules, seed, daily
    >>> deal_query(config)                    # "game=gin&opponents=ada&seed=…": the page's own URL parameters

A daily seed is the first 6 bytes of ``sha256("rummy-daily/1|<game>|<YYYY-MM-DD>")``: pure arithmetic on the
date in UTC, so every player, every browser and the command line get the same number on the same day. The table
deals every hand of a seeded match from that seed alone (:mod:`rummy.fairdeal`: hand *n*'s deck does not depend
on how the earlier hands were played), so everyone gets the same cards in every hand, against the same opponent
(a fixed expert whose decisions depend only on what it sees). A deal link carries the same three things for any
match: the seed, the rules (a preset plus the options that differ from it) and the opponents.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from typing import Any

from .rules import GAMES, resolve_rules, rules_delta

DAILY_FORMAT = "rummy-daily/1"
#: the opponent of each game's daily deal (a fixed expert)
DAILY_OPPONENTS = {"gin": ("ada",), "rummy": ("sage",)}
#: short matches: Gin to 50, Basic Rummy three hands
DAILY_RULES: dict[str, dict[str, Any]] = {"gin": {"preset": "cardgames", "target": 50},
                                          "rummy": {"preset": "cardgames", "rounds": 3}}
GAME_NAMES = {"gin": "Gin Rummy", "rummy": "Rummy"}


def utc_today() -> datetime.date:
    """Today's date in UTC (the daily deal changes at midnight UTC everywhere)."""
    return datetime.datetime.now(datetime.UTC).date()


def parse_day(day: datetime.date | str | None) -> datetime.date:
    """A date from ``YYYY-MM-DD`` (or a date; None: today in UTC); ``ValueError`` for anything else."""
    if day is None:
        return utc_today()
    if isinstance(day, datetime.date):
        return day
    if not isinstance(day, str) or len(day) != 10:
        raise ValueError(f"a day is written YYYY-MM-DD, not {day!r}")
    return datetime.date.fromisoformat(day)


def daily_seed(game: str, day: datetime.date | str | None = None) -> int:
    """The seed of ``game``'s daily deal on ``day`` (UTC; None: today): a whole number below 2**48."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose 'gin' or 'rummy'")
    text = f"{DAILY_FORMAT}|{game}|{parse_day(day).isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:6], "big")


def daily_config(game: str, day: datetime.date | str | None = None) -> dict[str, Any]:
    """The new-game configuration of the daily deal (``daily``: its date), ready for the table's ``new``."""
    d = parse_day(day)
    return {"game": game, "opponents": list(DAILY_OPPONENTS[game]), "rules": dict(DAILY_RULES[game]),
            "seed": daily_seed(game, d), "daily": d.isoformat()}


def _quote(text: str) -> str:
    safe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,"
    return "".join(ch if ch in safe else "".join(f"%{b:02X}" for b in ch.encode("utf-8")) for ch in text)


def _value(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def deal_query(game: str, opponents: Sequence[str], rules: dict[str, Any], seed: int) -> str:
    """The URL parameters of a deal link (``game=gin&opponents=ada&seed=42&preset=oklahoma&knock_limit=5``):
    the page reads them back as the same match (``rules`` is reduced to its preset and the options that differ
    from it)."""
    full = resolve_rules(game, len(opponents) + 1, rules)
    delta = rules_delta(game, full, len(opponents) + 1)
    parts = [("game", game), ("opponents", ",".join(opponents)), ("seed", str(seed))]
    if game == "rummy" and len(opponents) + 1 != 2:
        parts.append(("players", str(len(opponents) + 1)))
    preset = str(delta.pop("preset", "cardgames"))
    if preset != "cardgames":
        parts.append(("preset", preset))
    for k in sorted(delta):
        parts.append((k, _value(delta[k])))
    return "&".join(f"{k}={_quote(v)}" for k, v in parts)


def share_line(game: str, day: datetime.date | str, final: Sequence[int], winner: int | None, hands: int,
               opponent: str) -> str:
    """A spoiler-free result line to share (no cards): "Gin Rummy daily, 2026-11-23: I won 92 to 40 against Ada
    in 4 hands." ``final`` is the final totals, the player's first."""
    d = parse_day(day).isoformat()
    mine, best_other = final[0], max(final[1:]) if len(final) > 1 else 0
    outcome = "won" if winner == 0 else ("tied" if winner is None else "lost")
    return (f"{GAME_NAMES[game]} daily, {d}: I {outcome} {mine} to {best_other} against {opponent} "
            f"in {hands} hand{'s' if hands != 1 else ''}.")
