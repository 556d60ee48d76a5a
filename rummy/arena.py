"""Bots against bots: ``python -m rummy arena --game gin --bots expert,skilled --matches 400 --seed 1 --json``.

Plays whole matches with the seats rotating between matches (matches come in groups that share one deal
seed, each bot taking each seat once: a duplicate format that cancels much of the luck of the deal), and
reports per bot: match wins with a 95% Wilson interval, hand wins, points per hand, and decision time
percentiles (wall clock, and the thread's CPU time, which other work on the machine does not inflate).
``--bots`` takes tier names (beginner, casual, skilled, expert) or profile ids (ada, sage ...);
with fewer bots than seats they are repeated around the table.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from .bots import make_bot
from .bots.base import _mix
from .errors import RulesError, UsageError
from .game import Game
from .rules import PRESETS, parse_options
from .view import seat_view


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", choices=("gin", "rummy"), default="gin")
    p.add_argument("--players", type=int, default=2, help="seats (Rummy: 2 to 6; Gin: 2)")
    p.add_argument("--bots", default="expert,skilled",
                   help="comma-separated tiers or profile ids, e.g. expert,skilled or ada,rex")
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--preset", default=None, help="a named preset of rules (e.g. tournament, novel-games)")
    p.add_argument("--rules", default=None, help='rule options as JSON, e.g. \'{"jokers": true}\'')
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="one rule option by its rulebook name, e.g. --option knock_limit=5 (repeatable)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--max-hands", type=int, default=200, help="stop a match after this many hands (a draw)")
    p.add_argument("--json", action="store_true", help="print JSON")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def _labels(names: list[str]) -> list[str]:
    out = []
    for i, n in enumerate(names):
        out.append(n if names.count(n) == 1 else f"{n}#{i + 1}")
    return out


def seat_plan(n_bots: int, players: int, match: int) -> list[int]:
    """Which bot (index) sits in each seat in match number ``match``: rotates by one seat every match."""
    rot = match % max(n_bots, players)
    return [(s + rot) % n_bots for s in range(players)]


def play_match(job: tuple[Any, ...]) -> dict[str, Any]:
    """Play one match; returns per-bot-index counts and decision times (seconds)."""
    game, players, rules, names, seed, match, max_hands = job
    group = match // max(len(names), players)
    deal_seed = _mix(seed * 1000003 + group)
    plan = seat_plan(len(names), players, match)
    g = Game.new(game, players, rules, seed=deal_seed, dealer=0)
    bots = [make_bot(names[b], game, _mix(deal_seed ^ (b + 1) * 0x51ED27)) for b in plan]
    times: list[list[float]] = [[] for _ in names]
    cpu: list[list[float]] = [[] for _ in names]
    n = len(names)
    hand_wins = [0] * n
    points = [0] * n
    seats = [0] * n
    for b in plan:
        seats[b] += 1
    hands = 0
    while g.phase != "match-over":
        if g.phase == "hand-over":
            if hands >= max_hands:
                break
            g.deal()
            continue
        s = g.turn
        assert s is not None
        view = seat_view(g, s)
        c0 = time.thread_time()
        t0 = time.perf_counter()
        action = bots[s].choose(view)
        times[plan[s]].append(time.perf_counter() - t0)
        cpu[plan[s]].append(time.thread_time() - c0)
        g.apply(action, s)
        if g.phase in ("hand-over", "match-over"):
            hands += 1
            res = g.results[-1]
            if res.winner is not None:
                hand_wins[plan[res.winner]] += 1
            for seat, p in enumerate(res.points):
                points[plan[seat]] += p
    winner = None if g.phase != "match-over" or g.winner is None else plan[g.winner]
    penalty = game == "rummy" and g.rules.get("scoring") == "penalty"
    return {"winner": winner, "hands": hands, "hand_wins": hand_wins, "points": points, "seats": seats,
            "times": times, "cpu": cpu, "penalty": penalty}


def _pct(sorted_xs: list[float], q: float) -> float:
    if not sorted_xs:
        return 0.0
    i = min(len(sorted_xs) - 1, max(0, math.ceil(q * len(sorted_xs)) - 1))
    return sorted_xs[i]


def run_arena(game: str, players: int, names: list[str], matches: int, seed: int,
              rules: dict[str, Any] | None = None, jobs: int = 1, max_hands: int = 200) -> dict[str, Any]:
    """Play ``matches`` matches and summarise them (the data behind ``--json``)."""
    jobs_list = [(game, players, rules, names, seed, m, max_hands) for m in range(matches)]
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_match, jobs_list, chunksize=max(1, matches // (jobs * 8)))
    else:
        results = [play_match(j) for j in jobs_list]
    n = len(names)
    labels = _labels(names)
    wins = [0] * n
    draws = 0
    hand_wins = [0] * n
    points = [0] * n
    seat_hands = [0] * n
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    total_hands = 0
    seat_matches = [0] * n
    for r in results:
        if r["winner"] is None:
            draws += 1
        else:
            wins[r["winner"]] += 1
        total_hands += r["hands"]
        for b in range(n):
            hand_wins[b] += r["hand_wins"][b]
            points[b] += r["points"][b]
            seat_hands[b] += r["hands"] * r["seats"][b]
            seat_matches[b] += r["seats"][b]
            times[b].extend(r["times"][b])
            cpu[b].extend(r["cpu"][b])
    bots = []
    for b in range(n):
        ts = sorted(times[b])
        cs = sorted(cpu[b])
        lo, hi = wilson(wins[b], matches)
        bots.append({
            "bot": labels[b], "seats_per_match": round(seat_matches[b] / max(1, matches), 3),
            "match_wins": wins[b], "win_rate": round(wins[b] / max(1, matches), 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "hand_wins": hand_wins[b],
            "hand_win_rate": round(hand_wins[b] / max(1, seat_hands[b]) , 4),
            "points_per_hand": round(points[b] / max(1, seat_hands[b]), 3),
            "decisions": len(ts),
            "time_ms": {"p50": round(_pct(ts, 0.5) * 1e3, 3), "p95": round(_pct(ts, 0.95) * 1e3, 3),
                        "max": round((ts[-1] if ts else 0.0) * 1e3, 3)},
            "cpu_ms": {"p50": round(_pct(cs, 0.5) * 1e3, 3), "p95": round(_pct(cs, 0.95) * 1e3, 3),
                       "max": round((cs[-1] if cs else 0.0) * 1e3, 3)},
        })
    out: dict[str, Any] = {
        "game": game, "players": players, "rules": rules or {}, "seed": seed, "matches": matches,
        "hands": total_hands, "draws": draws, "bots": bots,
    }
    if n == 2 and players == 2:
        p = (wins[0] + 0.5 * draws) / max(1, matches)
        if 0 < p < 1:
            out["elo_diff"] = round(400 * math.log10(p / (1 - p)), 1)
    return out


def _words(r: dict[str, Any]) -> str:
    lines = [f"{r['game']}, {r['players']} players, {r['matches']} matches ({r['hands']} hands, "
             f"{r['draws']} drawn), seed {r['seed']}"]
    lines.append(f"{'bot':<12}{'match wins':>12}{'95% CI':>18}{'hand wins':>11}{'pts/hand':>10}"
                 f"{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'cpu p95':>9}{'cpu max':>9}")
    for b in r["bots"]:
        ci = f"{b['ci95'][0] * 100:.1f}-{b['ci95'][1] * 100:.1f}%"
        lines.append(f"{b['bot']:<12}{b['match_wins']:>5} {b['win_rate'] * 100:5.1f}%{ci:>18}"
                     f"{b['hand_win_rate'] * 100:>10.1f}%{b['points_per_hand']:>10.2f}"
                     f"{b['time_ms']['p50']:>9.2f}{b['time_ms']['p95']:>9.2f}{b['time_ms']['max']:>9.2f}"
                     f"{b['cpu_ms']['p95']:>9.2f}{b['cpu_ms']['max']:>9.2f}")
    if "elo_diff" in r:
        lines.append(f"Elo difference (first minus second): {r['elo_diff']:+.0f}")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    names = [x.strip() for x in args.bots.split(",") if x.strip()]
    if not names:
        raise UsageError("give at least one bot, like --bots expert,skilled")
    if args.game == "gin" and args.players != 2:
        raise UsageError("Gin Rummy is for 2 players")
    if args.matches < 1:
        raise UsageError("--matches must be at least 1")
    rules: dict[str, Any] = {}
    if args.rules:
        try:
            rules = json.loads(args.rules)
        except json.JSONDecodeError as e:
            raise UsageError(f"--rules is not valid JSON: {e}") from None
        if not isinstance(rules, dict):
            raise UsageError("--rules must be a JSON object")
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--option takes NAME=VALUE, like knock_limit=5, not {item!r}")
        try:
            rules.update(parse_options(args.game, [(name.strip(), value)]))
        except RulesError as e:
            raise UsageError(str(e)) from None
    if args.preset:
        if args.preset not in PRESETS[args.game]:
            raise UsageError(f"unknown preset {args.preset!r}: choose one of {', '.join(PRESETS[args.game])}")
        rules["preset"] = args.preset
    try:
        Game.new(args.game, args.players, rules, seed=0)
        for n in names:
            make_bot(n, args.game, 0)
    except (RulesError, ValueError) as e:
        raise UsageError(str(e)) from None
    r = run_arena(args.game, args.players, names, args.matches, args.seed, rules or None, args.jobs, args.max_hands)
    print(json.dumps(r) if args.json else _words(r))
    return 0
