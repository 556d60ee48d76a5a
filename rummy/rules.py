"""Rules as data: every option of the rulebook with its default, its allowed values, and the named presets.

``resolve_rules(game, players, {"preset": "oklahoma", "target": 150})`` gives the complete, checked
option dict that a game carries. Option names are the rulebook's, the same in saves, records and URLs.
"""

from __future__ import annotations

from typing import Any

RUMMY = "rummy"
GIN = "gin"
GAMES = (RUMMY, GIN)


class RulesError(ValueError):
    """Options that the rulebook does not allow."""


# Basic Rummy: target by number of players (rule 10).
RUMMY_TARGETS = {2: 100, 3: 150, 4: 200, 5: 250, 6: 300}
RUMMY_HAND_SIZE = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
GIN_HAND_SIZE = 10

RUMMY_DEFAULTS: dict[str, Any] = {
    "melds_per_turn": "any",
    "layoff_needs_meld": False,
    "aces": "low",
    "jokers": False,
    "discard_to_go_out": False,
    "reuse_discards": "shuffle",
    "reuse_limit": 1,
    "going_rummy_doubles": True,
    "scoring": "winner-takes-all",
    "target": None,  # None: by the number of players
    "rounds": None,
}

GIN_DEFAULTS: dict[str, Any] = {
    "knock_limit": 10,
    "oklahoma": False,
    "oklahoma_double_spades": False,
    "big_gin": True,
    "gin_bonus": 25,
    "big_gin_bonus": 31,
    "undercut_bonus": 25,
    "undercut_on_tie": True,
    "stock_floor": 2,
    "target": 100,
    "game_bonus": 100,
    "line_bonus": 25,
    "shutout_doubles": True,
}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    RUMMY: {
        "cardgames": {},
        "novel-games": {"reuse_discards": "turn-over", "reuse_limit": None, "target": 100},
        "classic-book": {"melds_per_turn": 1, "layoff_needs_meld": True, "scoring": "penalty", "target": 100},
    },
    GIN: {
        "cardgames": {},
        "oklahoma": {"oklahoma": True, "oklahoma_double_spades": True},
        "tournament": {
            "big_gin": False, "game_bonus": 0, "line_bonus": 0, "shutout_doubles": False,
            "target": 100, "undercut_on_tie": True, "stock_floor": 2,
        },
    },
}

PRESET_DESCRIPTIONS: dict[str, dict[str, str]] = {
    RUMMY: {
        "cardgames": "The usual online rules: any number of melds a turn, winner takes all.",
        "novel-games": "Discards turned over unshuffled as often as needed; first to 100.",
        "classic-book": "One meld a turn, lay-offs only after your first meld, penalty scoring to 100.",
    },
    GIN: {
        "cardgames": "Standard Gin: knock at 10, gin 25, big gin 31, undercut 25, game to 100.",
        "oklahoma": "The upcard sets the knock limit; a spade upcard doubles the hand.",
        "tournament": "EAAI 2021 challenge rules: no big gin and no match bonuses, game to 100.",
    },
}


def _check_int(name: str, value: Any, lo: int | None = None, hi: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"option {name} must be a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RulesError(f"option {name} must be between {lo} and {hi}, not {value}")


def _check_bool(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"option {name} must be true or false, not {value!r}")


def _check_choice(name: str, value: Any, choices: tuple[Any, ...]) -> None:
    if value not in choices or isinstance(value, bool):
        shown = ", ".join(repr(c) for c in choices)
        raise RulesError(f"option {name} must be one of {shown}, not {value!r}")


def _validate_rummy(r: dict[str, Any]) -> None:
    _check_choice("melds_per_turn", r["melds_per_turn"], ("any", 1))
    _check_bool("layoff_needs_meld", r["layoff_needs_meld"])
    _check_choice("aces", r["aces"], ("low", "high-or-low"))
    _check_bool("jokers", r["jokers"])
    _check_bool("discard_to_go_out", r["discard_to_go_out"])
    _check_choice("reuse_discards", r["reuse_discards"], ("shuffle", "turn-over", "never"))
    if r["reuse_limit"] is not None:
        _check_int("reuse_limit", r["reuse_limit"], 0, None)
    _check_bool("going_rummy_doubles", r["going_rummy_doubles"])
    _check_choice("scoring", r["scoring"], ("winner-takes-all", "penalty"))
    _check_int("target", r["target"], 1, None)
    if r["rounds"] is not None:
        _check_int("rounds", r["rounds"], 1, None)


def _validate_gin(r: dict[str, Any]) -> None:
    _check_int("knock_limit", r["knock_limit"], 0, 10)
    for name in ("oklahoma", "oklahoma_double_spades", "big_gin", "undercut_on_tie", "shutout_doubles"):
        _check_bool(name, r[name])
    if r["oklahoma_double_spades"] and not r["oklahoma"]:
        raise RulesError("option oklahoma_double_spades needs oklahoma on")
    for name in ("gin_bonus", "big_gin_bonus", "undercut_bonus", "game_bonus", "line_bonus"):
        _check_int(name, r[name], 0, None)
    _check_int("stock_floor", r["stock_floor"], 0, 30)
    _check_int("target", r["target"], 1, None)


def default_rules(game: str) -> dict[str, Any]:
    """A copy of the default options of ``game``."""
    if game == RUMMY:
        return dict(RUMMY_DEFAULTS)
    if game == GIN:
        return dict(GIN_DEFAULTS)
    raise RulesError(f"unknown game {game!r}: choose 'rummy' or 'gin'")


def resolve_rules(game: str, players: int, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The full option dict for ``game`` from a preset name and overrides; checks every value.

    The result also holds ``"preset"`` (the preset it started from).
    """
    if game not in GAMES:
        raise RulesError(f"unknown game {game!r}: choose 'rummy' or 'gin'")
    if game == GIN and players != 2:
        raise RulesError("Gin Rummy is for 2 players")
    if game == RUMMY and players not in RUMMY_HAND_SIZE:
        raise RulesError("Basic Rummy is for 2 to 6 players")
    given = dict(rules or {})
    preset = given.pop("preset", "cardgames")
    if preset not in PRESETS[game]:
        raise RulesError(f"unknown preset {preset!r} for {game}: choose one of {', '.join(PRESETS[game])}")
    out = default_rules(game)
    out.update(PRESETS[game][preset])
    unknown = sorted(set(given) - set(out))
    if unknown:
        raise RulesError(f"unknown option {unknown[0]!r} for {game}")
    out.update(given)
    if game == RUMMY and out["target"] is None:
        out["target"] = RUMMY_TARGETS[players]
    (_validate_rummy if game == RUMMY else _validate_gin)(out)
    out["preset"] = preset
    return out


def rules_delta(game: str, rules: dict[str, Any], players: int) -> dict[str, Any]:
    """The shortest ``rules`` dict (preset plus changed options) that resolves to ``rules``."""
    preset = rules.get("preset", "cardgames")
    base = resolve_rules(game, players, {"preset": preset})
    delta: dict[str, Any] = {"preset": preset}
    for k, v in rules.items():
        if k != "preset" and base.get(k) != v:
            delta[k] = v
    return delta


def hand_size(game: str, players: int) -> int:
    """Cards dealt to each player."""
    return GIN_HAND_SIZE if game == GIN else RUMMY_HAND_SIZE[players]
