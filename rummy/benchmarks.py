"""``python -m rummy bench``: deadwood speed against OpenSpiel, and random-play speed of each game.

    python -m rummy bench            # both, in words
    python -m rummy bench play --json
    python -m rummy bench deadwood --hands 20000
    python -m rummy bench copy      # microseconds to copy a position and a whole match

Random play: every hand is dealt from a seeded shuffle and played to its end by choosing uniformly among
``legal_actions()`` (the same path a bot or the page takes, legality checks included). Figures are
hands and actions per second of wall time in this process.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

from .game import HAND_OVER, MATCH_OVER, Game
from .rng import Rng

PLAY_CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("gin", "Gin Rummy", 2, {}),
    ("rummy", "Basic Rummy, 2 players", 2, {}),
    ("rummy", "Basic Rummy, 4 players", 4, {}),
    ("rummy", "Basic Rummy, 4 players, jokers and aces high", 4, {"jokers": True, "aces": "high-or-low"}),
]


def random_play(game: str, players: int, rules: dict[str, Any], hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` random hands; return hands/s, actions/s and how the hands ended."""
    rng = Rng(seed)
    ends: dict[str, int] = {}
    actions = 0
    played = 0
    t0 = time.perf_counter()
    while played < hands:
        g = Game.new(game, players, rules, seed=rng.next64())
        while g.phase != MATCH_OVER and played < hands:
            if g.phase == HAND_OVER:
                g.deal()
                continue
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            actions += 1
            if g.phase in (HAND_OVER, MATCH_OVER):
                played += 1
                end = g.results[-1].end.value
                ends[end] = ends.get(end, 0) + 1
    dt = time.perf_counter() - t0
    return {"hands": played, "actions": actions, "seconds": round(dt, 3),
            "hands_per_s": round(played / dt, 1), "actions_per_s": round(actions / dt),
            "ends": dict(sorted(ends.items()))}


def bench_play(hands: int, seed: int) -> list[dict[str, Any]]:
    return [{"case": label, "game": game, "players": n, "rules": rules, **random_play(game, n, rules, hands, seed)}
            for game, label, n, rules in PLAY_CASES]


def bench_deadwood(hands: int, seed: int) -> dict[str, Any]:
    try:
        from bench.deadwood import run  # the repository's bench/ folder (run from the repository root)
    except ImportError:
        return {"error": "bench/deadwood.py not found: run from the repository root"}
    return run(hands, seed)


def bench_copy(seed: int, rounds: int = 2000) -> list[dict[str, Any]]:
    """Microseconds to copy a position mid-hand (:meth:`Position.clone`, what search copies) and a whole match
    (:meth:`Game.clone`, records included), for each case of :data:`PLAY_CASES`."""
    out = []
    for game, label, n, rules in PLAY_CASES:
        g = Game.new(game, n, rules, seed=seed)
        rng = Rng(seed)
        for _ in range(12 * n):  # a few turns in
            if not g.phase.in_hand:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
        t0 = time.perf_counter()
        for _ in range(rounds):
            g.pos.clone()
        t1 = time.perf_counter()
        for _ in range(rounds):
            g.clone()
        t2 = time.perf_counter()
        out.append({"case": label, "position_clone_us": round((t1 - t0) / rounds * 1e6, 2),
                    "game_clone_us": round((t2 - t1) / rounds * 1e6, 2)})
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", nargs="?", choices=("all", "deadwood", "play", "copy"), default="all")
    p.add_argument("--hands", type=int, default=None, help="hands per case (default: 20000 deadwood, 300 play)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")


def main(args: argparse.Namespace) -> int:
    out: dict[str, Any] = {"python": f"{platform.python_implementation()} {platform.python_version()}"}
    if args.what in ("all", "deadwood"):
        out["deadwood"] = bench_deadwood(args.hands or 20000, args.seed)
    if args.what in ("all", "play"):
        out["random_play"] = bench_play(args.hands or 300, args.seed)
    if args.what in ("all", "copy"):
        out["copy"] = bench_copy(args.seed)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"Python: {out['python']}")
    if "deadwood" in out:
        d = out["deadwood"]
        if "error" in d:
            print(f"deadwood: {d['error']}")
        else:
            print(f"min_deadwood, random 10-card hands ({d['hands']}): ours {d['ours_min_deadwood_us_cold']} µs cold, "
                  f"{d['ours_min_deadwood_us_warm']} µs warm; OpenSpiel {d.get('openspiel_min_deadwood_us')} µs")
            print(f"best_discards, 11-card hands: {d['ours_best_discards_us_cold']} µs")
    for r in out.get("random_play", []):
        print(f"{r['case']}: {r['hands_per_s']} hands/s, {r['actions_per_s']} actions/s "
              f"({r['hands']} hands; ends {r['ends']})")
    for r in out.get("copy", []):
        print(f"copy, {r['case']}: position {r['position_clone_us']} µs, whole match {r['game_clone_us']} µs")
    return 0
