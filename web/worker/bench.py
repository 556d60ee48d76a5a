"""Benchmarks run inside the engine worker (Pyodide), asked for by ``bench/browser_bots.py``: how long each
computer opponent takes to decide, and how long a hint and a coach review take, measured where they really run
in the browser (the same functions run under CPython: ``python -m bench.learn``)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from rummy import Game, seat_view
from rummy.bots import expert_advisor, make_bot, roster
from rummy.coach import AdviceMemo, review_hand
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
    a skilled bot, so the review finds decisions to explain), for each game (Rummy with 2 and 4 players).

    Each hand is reviewed twice: from nothing (``review``: every decision asks the expert), and as the table reviews it
    after the engine thought along while the person played (``review_ahead``: web.worker.learn.think asked the expert
    about each of the person's decisions while the person decided, so the review only replays the hand)."""
    out: dict[str, Any] = {}
    for game, n in (("gin", 2), ("rummy", 2), ("rummy", 4)):
        advisor = expert_advisor(game, seed)
        names = ["You", "Ada", "Dot", "Mel"][:n]
        bots = [make_bot("skilled" if s == 0 else "expert", game, seed + s) for s in range(n)]
        ms: dict[str, list[float]] = {k: [] for k in ("hint", "review", "review_ahead", "hint_cpu", "review_cpu")}
        mistakes = 0
        g = Game.new(game, n, seed=seed)
        ahead = AdviceMemo(advisor)  # the expert thinking along, as the table's advisor does (one memo per hand)
        k = 0
        while len(ms["hint"]) < hints or len(ms["review"]) < reviews:
            if g.phase == "match-over":
                k += 1
                g = Game.new(game, n, seed=seed + k)
                ahead = AdviceMemo(advisor)
                continue
            if g.phase == "hand-over":
                if len(ms["review"]) < reviews:
                    rec = finished_record(g)
                    hand = len(g.results) - 1
                    t0, c0 = time.perf_counter(), time.process_time()
                    r = review_hand(rec, hand, advisor, 0, names)
                    ms["review"].append((time.perf_counter() - t0) * 1000.0)
                    ms["review_cpu"].append((time.process_time() - c0) * 1000.0)
                    mistakes += len(r.mistakes)
                    t0 = time.perf_counter()
                    again = review_hand(rec, hand, ahead, 0, names)
                    ms["review_ahead"].append((time.perf_counter() - t0) * 1000.0)
                    assert again.to_data() == r.to_data(), "the expert thinking along changed the review"
                g.deal()
                ahead = AdviceMemo(advisor)
                continue
            s = g.turn
            assert s is not None
            view = seat_view(g, s)
            if s == 0:
                t0, c0 = time.perf_counter(), time.process_time()
                ahead.advise(view, names)  # a hint, or the engine thinking while the person decides: the same advice
                if len(ms["hint"]) < hints:
                    ms["hint"].append((time.perf_counter() - t0) * 1000.0)
                    ms["hint_cpu"].append((time.process_time() - c0) * 1000.0)
            g.apply(bots[s].choose(view), s)
        out[f"{game}:{n}"] = {**{k: _summary(v) for k, v in ms.items()},
                              "mistakes_per_review": round(mistakes / max(1, len(ms["review"])), 1)}
    return out
