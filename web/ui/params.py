"""URL parameters: ``?game=gin&opponents=ada&preset=oklahoma&knock_limit=5&seed=7&embed=1&speed=0``.

``game``, ``opponents`` (profile ids, comma separated), ``preset``, ``seed`` and any rule option by its
rulebook name choose a game; ``embed``, ``speed`` and ``debug`` change the page only. Pure Python.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from rummy.errors import RulesError
from rummy.rules import GAMES, PRESETS, option, options, resolve_rules

#: Every rule option's name, in either game (a URL parameter with such a name chooses a game).
OPTION_NAMES = frozenset(o.name for g in GAMES for o in options(g))

PAGE_PARAMS = ("embed", "speed", "debug")
GAME_PARAMS = ("game", "opponents", "preset", "seed", "players")
SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.0}


def parse_query(search: str) -> dict[str, str]:
    return {k.lower(): v for k, v in parse_qsl(search.lstrip("?"), keep_blank_values=True)}


def game_config(q: dict[str, str], roster_ids: dict[str, list[str]]) -> tuple[dict[str, Any] | None, str | None]:
    """The game the URL asks for, as ``{"game", "opponents", "rules", "seed"}``, or None when it asks for
    none; plus an error sentence when the URL could not be used."""
    chosen = [k for k in q if k in GAME_PARAMS or k in OPTION_NAMES]
    if not chosen:
        return None, None
    game = q.get("game", "gin").strip().lower()
    if game in ("basic", "basic-rummy"):
        game = "rummy"
    if game not in ("gin", "rummy"):
        return None, f"Unknown game “{q.get('game')}” in the address: choose gin or rummy."
    ids = roster_ids.get(game, [])
    opponents = [o.strip().lower() for o in q.get("opponents", "").split(",") if o.strip()]
    bad = [o for o in opponents if o not in ids]
    if bad:
        return None, f"Unknown opponent “{bad[0]}” in the address; the opponents are {', '.join(ids)}."
    if not opponents:
        n = 1
        if game == "rummy" and q.get("players", "").isdigit():
            n = max(1, min(5, int(q["players"]) - 1))
        start = min(1, len(ids) - 1)  # the second profile: usually a casual player, not the weakest
        opponents = [ids[(start + i) % len(ids)] for i in range(n)]
    if game == "gin" and len(opponents) != 1:
        return None, "Gin Rummy is for 2 players: name one opponent."
    if game == "rummy" and not 1 <= len(opponents) <= 5:
        return None, "Basic Rummy is for 2 to 6 players: name 1 to 5 opponents."
    preset = q.get("preset", "cardgames").strip().lower()
    if preset not in PRESETS[game]:
        return None, f"Unknown preset “{preset}” for {game}; the presets are {', '.join(PRESETS[game])}."
    names = {o.name for o in options(game)}
    rules: dict[str, Any] = {"preset": preset}
    try:
        for k, v in q.items():
            if k in names:
                rules[k] = option(game, k).parse(v)  # the options schema reads the text
        resolve_rules(game, len(opponents) + 1, rules)
    except RulesError as e:
        return None, f"The address asks for rules this game does not have: {e}."
    seed = None
    if q.get("seed", "").strip():
        try:
            seed = int(q["seed"]) & 0xFFFFFFFFFFFFFFFF
        except ValueError:
            return None, f"The seed in the address must be a whole number, not “{q['seed']}”."
    return {"game": game, "opponents": opponents, "rules": rules, "seed": seed}, None


def slot_of(q: dict[str, str]) -> str:
    """The save slot of a URL-chosen game: its game parameters in a canonical order ('' for none)."""
    keep = sorted((k, v) for k, v in q.items() if k not in PAGE_PARAMS)
    return urlencode(keep)


def speed_override(q: dict[str, str]) -> float | None:
    """``?speed=0`` (or instant/fast/normal/slow, or seconds) sets the bots' pace for this page."""
    s = q.get("speed")
    if s is None:
        return None
    s = s.strip().lower()
    if s in SPEEDS:
        return SPEEDS[s]
    try:
        return max(0.0, min(5.0, float(s)))
    except ValueError:
        return None


def embed_url(page_url: str, config: dict[str, Any], rules_delta: dict[str, Any]) -> str:
    """The address of an embedded game like ``config`` (``page_url`` is the page's own address)."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    parts: list[tuple[str, str]] = [("embed", "1"), ("game", config["game"]),
                                    ("opponents", ",".join(config["opponents"]))]
    preset = rules_delta.get("preset", "cardgames")
    if preset != "cardgames":
        parts.append(("preset", preset))
    for k, v in rules_delta.items():
        if k == "preset":
            continue
        parts.append((k, "null" if v is None else ("true" if v is True else "false" if v is False else str(v))))
    return base + "?" + "&".join(f"{k}={quote(v, safe=',')}" for k, v in parts)


def iframe_snippet(url: str, title: str, width: int = 400, height: int = 700) -> str:
    from html import escape
    return (f'<iframe src="{escape(url)}" width="{width}" height="{height}" style="border:0;max-width:100%" '
            f'title="{escape(title)}" loading="lazy"></iframe>')
