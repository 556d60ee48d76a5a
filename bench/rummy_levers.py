"""The levers tried for the Basic Rummy expert (Iris), each measured on its own against Sage.

    python -m bench.rummy_levers --list
    python -m bench.rummy_levers --lever iris --players 4 --matches 400 --seed 1 [--json]

One bot plays a lever, every other seat is Sage (the heuristic expert), seats rotating as in
``python -m rummy arena`` (the same matches: ``--lever iris`` gives the figures of
``python -m rummy arena --game rummy --players 4 --bots iris,sage,sage,sage``). The levers are variations of
:class:`rummy.bots.rummy_search.SearchStyle`, plus determinized Monte Carlo for the draw (:class:`McDrawBot`:
deal the cards the seat cannot see at random, consistent with its view, play each choice and the rest of the
hand out with the fast simulator of :mod:`bench.rummy_sim`, keep the choice whose hands end best), which lost
and so is not part of the bot.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from rummy import arena
from rummy.actions import DRAW_DISCARD, DRAW_STOCK, Action
from rummy.bots import Bot, make_bot
from rummy.bots.basic import RummyStyle, _Table
from rummy.bots.rummy_search import RummySearchBot, SearchStyle
from rummy.rng import Rng
from rummy.view import SeatView

from .rummy_mc import Deals, simulable, utility
from .rummy_sim import SAGE_LIKE, SimPolicy


class McDrawBot(RummySearchBot):
    """Iris, but the draw is settled by Monte Carlo: ``samples`` deals, each choice played out on each deal."""

    def __init__(self, samples: int, seed: int = 0, playout: SimPolicy = SAGE_LIKE) -> None:
        super().__init__(SearchStyle(), seed)
        self.samples = samples
        self.playout = playout
        self.playouts = 0  # playouts of the last decision

    def choose(self, view: SeatView) -> Action:
        self.playouts = 0
        return super().choose(view)

    def _draw(self, view: SeatView, t: _Table, rng: Rng) -> Action:
        take, stock = Action(DRAW_DISCARD), Action(DRAW_STOCK)
        if take not in view.legal or stock not in view.legal or not simulable(view):
            return super()._draw(view, t, rng)
        deals = Deals(view)
        policies = [self.playout] * view.players
        totals = [0.0, 0.0]
        for _ in range(self.samples):
            seed = rng.next64()
            for i, choice in enumerate((True, False)):
                sim = deals.deal(Rng(seed), policies)  # both choices meet the same deal
                out = sim.play_turn(take=choice)
                if out is None:
                    out = sim.playout()
                self.playouts += 1
                totals[i] += utility(view, out)
        return take if totals[0] > totals[1] else stock


def _style(**kw: Any) -> Callable[[int], Bot]:
    return lambda seed: RummySearchBot(SearchStyle(**kw), seed)


LEVERS: dict[str, tuple[str, Callable[[int], Bot]]] = {
    "sage": ("Sage itself: par", lambda seed: make_bot("sage", "rummy", seed)),
    "reach-discards": ("discards by reach (fewest missing cards, most outs); takes a discard only for a new meld",
                       _style(take="meld")),
    "iris": ("Iris: reach discards, and takes any discard that is an out", _style()),
    "take-outs-only": ("takes a discard only when it is an out (not for a new meld that is not one)",
                       _style(take="outs-only")),
    "missing-15": ("one missing card weighs 15 outs instead of 100 (trades closeness for outs)",
                   _style(missing_weight=15.0)),
    "danger-0": ("no weight on feeding the next player", _style(danger_weight=0.0)),
    "danger-3": ("three times the weight on feeding the next player", _style(danger_weight=3.0)),
    "points-0.1": ("points kept in hand weigh ten times more (0.1 out a point)", _style(points_weight=0.1)),
    "close-2": ("lay the melds down only when another hand has 2 cards or fewer", _style(close=2)),
    "close-4": ("lay the melds down when another hand has 4 cards or fewer", _style(close=4)),
    "stock-any": ("lay down when the stock is low even if it will be rebuilt", _style(stock_final=False)),
    "meld-early": ("lay every meld down at once (no holding for rummy)",
                   _style(base=RummyStyle(meld="early"))),
    "mc-draw-8": ("the draw by Monte Carlo, 8 deals, Sage-like playouts", lambda seed: McDrawBot(8, seed)),
    "mc-draw-16": ("the draw by Monte Carlo, 16 deals, Sage-like playouts", lambda seed: McDrawBot(16, seed)),
}


def run(lever: str, players: int, matches: int, seed: int, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The arena's summary of ``lever`` in one seat against Sage in every other seat."""
    if lever not in LEVERS:
        raise ValueError(f"no lever {lever!r}: choose one of {', '.join(LEVERS)}")
    factory = LEVERS[lever][1]
    real: Callable[..., Bot] = arena.make_bot

    def make(id_or_tier: str, game: str, seed: int = 0) -> Bot:  # make_bot's own signature
        return factory(seed) if id_or_tier == lever else real(id_or_tier, game, seed)

    arena.make_bot = make  # the arena builds its bots by name: give the lever's name its bot
    try:
        names = [lever] + ["sage"] * (players - 1)
        return arena.run_arena("rummy", players, names, matches, seed, rules)
    finally:
        arena.make_bot = real


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lever", default="iris")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--matches", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default=None, help='rule options as JSON, e.g. \'{"preset": "classic-book"}\'')
    p.add_argument("--list", action="store_true", help="list the levers")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.list:
        for name, (what, _) in LEVERS.items():
            print(f"{name:<16}{what}")
        return 0
    r = run(a.lever, a.players, a.matches, a.seed, json.loads(a.rules) if a.rules else None)
    b = r["bots"][0]
    if a.json:
        print(json.dumps({"lever": a.lever, **r}))
    else:
        print(f"{a.lever}: {b['match_wins']}/{r['matches']} matches ({b['win_rate'] * 100:.1f}%, 95% CI "
              f"{b['ci95'][0] * 100:.1f}-{b['ci95'][1] * 100:.1f}%), hands won {b['hand_win_rate'] * 100:.1f}%, "
              f"points/hand {b['points_per_hand']:.2f}, CPU ms p95 {b['cpu_ms']['p95']:.2f} max {b['cpu_ms']['max']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
