"""The engine's data a user interface needs before the engine runs: every rule option, the presets and the
computer opponents, as one JSON-ready object.

The page draws its new-game screen from this at once, while the engine starts in a worker; the site build
writes it next to the page (``web/page/catalog.json``), so it always matches the engine that ships.
"""

from __future__ import annotations

from typing import Any

from .bots import TIER_BOTS, roster
from .rules import GAMES, PRESET_DESCRIPTIONS, PRESET_LABELS, PRESETS, RUMMY_TARGETS, hand_size, options, resolve_rules

CATALOG_FORMAT = "rummy-catalog"
CATALOG_VERSION = 1


def catalog() -> dict[str, Any]:
    """Options (in the rulebook's order), presets with their words, the roster (weakest first), tier bots and
    the opponent recommended to a newcomer."""
    out: dict[str, Any] = {"format": CATALOG_FORMAT, "version": CATALOG_VERSION, "games": {}}
    for game in GAMES:
        out["games"][game] = {
            "options": [
                {"name": o.name, "kind": o.kind.value, "default": o.default, "label": o.label, "help": o.help,
                 "low": o.low, "high": o.high, "nullable": o.nullable, "none_label": o.none_label,
                 "choices": list(o.choices), "choice_words": list(o.choice_words), "suggested": list(o.suggested),
                 "requires": o.requires}
                for o in options(game)
            ],
            "presets": {name: {"rules": dict(rules), "label": PRESET_LABELS[game][name],
                               "description": PRESET_DESCRIPTIONS[game][name]}
                        for name, rules in PRESETS[game].items()},
            "preset_order": list(PRESETS[game]),  # JSON objects have no order on every reader
            "roster": [{"id": p.id, "name": p.name, "tier": p.tier, "style": p.style, "description": p.description,
                        "rating": p.rating} for p in roster(game)],
            "tier_bots": dict(TIER_BOTS[game]),
            # a newcomer's opponent: the skilled tier's reference, a fair game that neither gives nor takes much
            "recommended": TIER_BOTS[game]["skilled"],
            "players": [2] if game == "gin" else [2, 3, 4, 5, 6],
        }
    out["games"]["rummy"]["targets"] = {str(n): t for n, t in RUMMY_TARGETS.items()}
    for game in GAMES:
        out["games"][game]["opening"] = opening(game, out["games"][game]["players"])
    return out


def opening(game: str, players: list[int]) -> dict[str, Any]:
    """How a hand of ``game`` opens, for a page that deals the first hand before the engine runs
    (web/page/shared/deal.py): each player count's hand size, and, read off the engine's own first hand, the
    phase, who acts first (seats after the dealer) with which actions, and whether an upcard is offered."""
    from .fairdeal import first_dealer, new_match
    from .view import seat_view

    n = players[0]
    seed = next(s for s in range(1000) if first_dealer(s, n) == n - 1)  # seat 0 acts first
    g = new_match(game, n, resolve_rules(game, n, {}), seed)
    v = seat_view(g, 0)
    assert g.turn is not None
    return {"hand": {str(p): hand_size(game, p) for p in players}, "phase": g.phase.value,
            "first": (g.turn - g.dealer) % n, "legal": [str(a) for a in v.legal], "upcard": v.upcard is not None}
