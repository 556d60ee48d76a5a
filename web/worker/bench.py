"""Benchmarks run inside the engine worker (Pyodide), asked for by ``bench/browser_bots.py``: how long each
computer opponent takes to decide, and how long a hint and a coach review take, measured where they really run
in the browser (the same functions run under CPython: ``python -m bench.learn``)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from rummy import Game, seat_view
from rummy.bots import expert_advisor, make_bot, roster
from rummy.coach import review_hand
from rummy.replays import finished_record


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


def bench_learn(hints: int = 200, reviews: int = 20, seed: int = 1) -> dict[str, Any]:
    """Milliseconds (wall clock, and CPU time: ``*_cpu``) of ``hints`` hints (the expert's advice for seat 0's
    view, as the table's ``hint`` makes it) and of ``reviews`` coach reviews of finished hands (seat 0 played by
    a skilled bot, so the review finds decisions to explain), for each game (Rummy with 2 and 4 players)."""
    out: dict[str, Any] = {}
    for game, n in (("gin", 2), ("rummy", 2), ("rummy", 4)):
        advisor = expert_advisor(game, seed)
        bots = [make_bot("skilled" if s == 0 else "expert", game, seed + s) for s in range(n)]
        hint_ms: list[float] = []
        review_ms: list[float] = []
        hint_cpu: list[float] = []
        review_cpu: list[float] = []
        mistakes = 0
        g = Game.new(game, n, seed=seed)
        k = 0
        while len(hint_ms) < hints or len(review_ms) < reviews:
            if g.phase == "match-over":
                k += 1
                g = Game.new(game, n, seed=seed + k)
                continue
            if g.phase == "hand-over":
                if len(review_ms) < reviews:
                    rec = finished_record(g)
                    t0, c0 = time.perf_counter(), time.process_time()
                    r = review_hand(rec, len(g.results) - 1, advisor, 0)
                    review_ms.append((time.perf_counter() - t0) * 1000.0)
                    review_cpu.append((time.process_time() - c0) * 1000.0)
                    mistakes += len(r.mistakes)
                g.deal()
                continue
            s = g.turn
            assert s is not None
            view = seat_view(g, s)
            if s == 0 and len(hint_ms) < hints:
                t0, c0 = time.perf_counter(), time.process_time()
                advisor.advise(view, ["You", "Ada", "Dot", "Mel"][:n])
                hint_ms.append((time.perf_counter() - t0) * 1000.0)
                hint_cpu.append((time.process_time() - c0) * 1000.0)
            g.apply(bots[s].choose(view), s)
        out[f"{game}:{n}"] = {"hint": _summary(hint_ms), "review": _summary(review_ms),
                              "hint_cpu": _summary(hint_cpu), "review_cpu": _summary(review_cpu),
                              "mistakes_per_review": round(mistakes / max(1, len(review_ms)), 1)}
    return out
