"""Benchmarks run inside the engine worker (Pyodide), asked for by ``bench/browser_bots.py``: how long each
computer opponent takes to decide, measured where it really runs in the browser."""

from __future__ import annotations

import statistics
import time
from typing import Any

from rummy import Game, seat_view
from rummy.bots import make_bot, roster


def _summary(ms: list[float]) -> dict[str, float]:
    s = sorted(ms)
    if not s:
        return {"n": 0, "p50": 0.0, "p95": 0.0, "max": 0.0}
    return {"n": len(s), "p50": round(statistics.median(s), 2), "p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 2),
            "max": round(s[-1], 2)}


def bench_bots(decisions: int = 200, players: int = 3, seed: int = 1) -> dict[str, Any]:
    """Each opponent of both games decides ``decisions`` times in bot-against-bot hands (Rummy: ``players``
    seats); the milliseconds of each decision, per opponent and per tier."""
    out: dict[str, Any] = {"profiles": {}, "tiers": {}}
    for game in ("gin", "rummy"):
        n = 2 if game == "gin" else players
        by_tier: dict[str, list[float]] = {}
        for p in roster(game):
            bots = [make_bot(p.id, game, seed + s) for s in range(n)]
            times: list[float] = []
            g = Game.new(game, n, seed=seed)
            while len(times) < decisions:
                if g.phase == "match-over":
                    g = Game.new(game, n, seed=seed + len(times))
                    continue
                if g.phase == "hand-over":
                    g.deal()
                    continue
                s = g.turn
                assert s is not None
                view = seat_view(g, s)
                t0 = time.perf_counter()
                action = bots[s].choose(view)
                times.append((time.perf_counter() - t0) * 1000.0)
                g.apply(action, s)
            out["profiles"][p.id] = {"game": game, "tier": p.tier, **_summary(times)}
            by_tier.setdefault(f"{game}:{p.tier}", []).extend(times)
        for tier, ms in by_tier.items():
            out["tiers"][tier] = _summary(ms)
    return out
