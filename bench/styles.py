"""How each computer opponent plays, measured: ``python -m bench.styles --games 400 --seed 1 [--json]``.

Every character of the roster (both games) plays whole matches against one fixed opponent, the skilled
tier's reference bot of its game (Sam for Gin, Dot for Basic Rummy, 2 players), until it has played
``--games`` hands; matches come in pairs sharing one deal seed with the seats swapped. What it did is
counted from the engine's own records only, the hand's public log (``rummy.model.Event``: who drew from
where, melded, laid off, discarded, knocked) and the hand's result (``HandResult``, with the knock report),
never from text. Deterministic: the same seed gives the same table.

Gin, per character: hands won; knocks per hand (gin included); the average deadwood of its knocks (gin
counts 0) and the average turn of a knock (its own turns, the draw of the knocking turn included); gin rate
(hands it went gin, big gin included); how often its knocks were undercut (of its knocks that were not
gin); how often it undercut the other's knocks (of the other's knocks that were not gin); how often it took
the discard (of its draws, the first upcard included); how often the other took a card it threw (its
discards taken at the very next draw).

Basic Rummy, per character: hands it went out; going-rummy rate (hands won by going out in one turn, with
nothing melded before); melds and lay-offs per hand; the average turn of its first meld (hands where it
melded); the points left in its hand when the other went out; how often it took the discard, and how often
the other took its discards.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummy import Game, seat_view
from rummy.bots import TIER_BOTS, make_bot, roster
from rummy.bots.base import _mix
from rummy.model import Event, EventKind, HandEnd, HandResult

DRAWS = (EventKind.DRAW_STOCK, EventKind.DRAW_DISCARD)


def _fed(log: Sequence[Event], seat: int) -> tuple[int, int]:
    """(discards by ``seat``, those taken from the pile by the next seat to draw)."""
    thrown = taken = 0
    for i, e in enumerate(log):
        if e.kind == EventKind.DISCARD and e.seat == seat:
            thrown += 1
            nxt = log[i + 1] if i + 1 < len(log) else None
            if nxt is not None and nxt.kind == EventKind.DRAW_DISCARD and nxt.card == e.card:
                taken += 1
    return thrown, taken


@dataclass
class Tally:
    """What one seat did over hands of either game (the counts both share)."""

    hands: int = 0
    wins: int = 0
    draws: int = 0
    takes: int = 0
    discards: int = 0
    fed: int = 0

    def walk(self, log: Sequence[Event], result: HandResult, seat: int) -> list[tuple[int, Event]]:
        """Count the hand, its draws, takes and discards for ``seat``; its other events, each with the number of
        its own turns so far."""
        self.hands += 1
        self.wins += result.winner == seat
        turns = 0
        out: list[tuple[int, Event]] = []
        for e in log:
            if e.seat != seat:
                continue
            if e.kind in DRAWS:
                turns += 1
                self.draws += 1
                self.takes += e.kind == EventKind.DRAW_DISCARD
            else:
                out.append((turns, e))
        thrown, taken = _fed(log, seat)
        self.discards += thrown
        self.fed += taken
        return out

    def rates(self) -> dict[str, float]:
        return {"take_rate": round(self.takes / max(1, self.draws), 3),
                "fed_rate": round(self.fed / max(1, self.discards), 3)}


@dataclass
class GinTally(Tally):
    """What one seat did over Gin hands: feed it each finished hand with :meth:`add`."""

    knocks: int = 0  # knocks, gin and big gin included
    gins: int = 0  # gin and big gin
    knock_deadwood: int = 0  # summed over its knocks (gin: 0)
    knock_turns: int = 0  # summed over its knocks: its own turns so far, the knocking one included
    undercut: int = 0  # its (non-gin) knocks that were undercut
    other_knocks: int = 0  # the other's knocks that were not gin
    undercuts: int = 0  # of those, the ones it undercut

    def add(self, log: Sequence[Event], result: HandResult, seat: int) -> None:
        for turns, e in self.walk(log, result, seat):
            if e.kind in (EventKind.KNOCK, EventKind.BIG_GIN):
                self.knock_turns += turns
        k = result.knock
        if k is None:
            return
        gin = result.end in (HandEnd.GIN, HandEnd.BIG_GIN)
        if k.knocker == seat:
            self.knocks += 1
            self.gins += gin
            self.knock_deadwood += k.deadwood[seat]
            self.undercut += result.end == HandEnd.UNDERCUT
        elif not gin:
            self.other_knocks += 1
            self.undercuts += result.end == HandEnd.UNDERCUT

    def summary(self) -> dict[str, float]:
        h, kn = max(1, self.hands), max(1, self.knocks)
        return {
            "hands": self.hands, "win_rate": round(self.wins / h, 3), "knocks_per_hand": round(self.knocks / h, 3),
            "knock_deadwood": round(self.knock_deadwood / kn, 2), "knock_turn": round(self.knock_turns / kn, 2),
            "gin_rate": round(self.gins / h, 3), "gin_share_of_knocks": round(self.gins / kn, 3),
            "undercut_rate": round(self.undercut / max(1, self.knocks - self.gins), 3),
            "undercuts_made": round(self.undercuts / max(1, self.other_knocks), 3),
            **self.rates(),
        }


@dataclass
class RummyTally(Tally):
    """What one seat did over Basic Rummy hands: feed it each finished hand with :meth:`add`."""

    rummies: int = 0
    melds: int = 0
    layoffs: int = 0
    melded_hands: int = 0
    first_meld_turns: int = 0
    lost_hands: int = 0  # another seat went out
    points_left: int = 0  # summed over those

    def add(self, log: Sequence[Event], result: HandResult, seat: int) -> None:
        if result.winner == seat:
            self.rummies += result.end == HandEnd.RUMMY
        elif result.winner is not None:
            self.lost_hands += 1
            if result.values:
                self.points_left += result.values[seat]
        first: int | None = None
        for turns, e in self.walk(log, result, seat):
            if e.kind == EventKind.MELD:
                self.melds += 1
                if first is None:
                    first = turns
            elif e.kind == EventKind.LAYOFF:
                self.layoffs += 1
        if first is not None:
            self.melded_hands += 1
            self.first_meld_turns += first

    def summary(self) -> dict[str, float]:
        h = max(1, self.hands)
        return {
            "hands": self.hands, "win_rate": round(self.wins / h, 3), "rummy_rate": round(self.rummies / h, 3),
            "rummy_share_of_wins": round(self.rummies / max(1, self.wins), 3),
            "melds_per_hand": round(self.melds / h, 3), "layoffs_per_hand": round(self.layoffs / h, 3),
            "first_meld_turn": round(self.first_meld_turns / max(1, self.melded_hands), 2),
            "points_left_when_beaten": round(self.points_left / max(1, self.lost_hands), 2),
            **self.rates(),
        }


def measure(game: str, character: str, opponent: str, hands: int, seed: int) -> dict[str, float]:
    """``character`` against ``opponent`` (2 players) for ``hands`` hands: its tally's summary."""
    tally: GinTally | RummyTally = GinTally() if game == "gin" else RummyTally()
    match = 0
    while tally.hands < hands:
        deal_seed = _mix(seed * 1_000_003 + match // 2)
        me = match % 2  # the pair shares a deal, the seats swapped
        names = [character, opponent] if me == 0 else [opponent, character]
        bots = [make_bot(n, game, _mix(deal_seed ^ (s + 1) * 0x51ED27)) for s, n in enumerate(names)]
        g = Game.new(game, 2, seed=deal_seed, dealer=0)
        while g.phase != "match-over" and tally.hands < hands:
            if g.phase == "hand-over":
                g.deal()
                continue
            s = g.turn
            assert s is not None
            g.apply(bots[s].choose(seat_view(g, s)), s)
            if g.phase in ("hand-over", "match-over"):
                tally.add(g.log, g.results[-1], me)
        match += 1
    return tally.summary()


def run(hands: int, seed: int, games: Sequence[str] = ("gin", "rummy"), only: Sequence[str] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {"hands": hands, "seed": seed, "games": {}}
    for game in games:
        opponent = TIER_BOTS[game]["skilled"]
        rows = {}
        for p in roster(game):
            if only and p.id not in only:
                continue
            rows[p.id] = {"name": p.name, "tier": p.tier, "style": p.style,
                          **measure(game, p.id, opponent, hands, seed)}
        out["games"][game] = {"opponent": opponent, "characters": rows}
    return out


GIN_COLUMNS = [("knocks_per_hand", "knocks/hand"), ("knock_deadwood", "knock deadwood"),
               ("knock_turn", "knock turn"), ("gin_rate", "gin rate"), ("undercut_rate", "undercut (its knocks)"),
               ("undercuts_made", "undercuts it made"), ("take_rate", "takes discard"), ("fed_rate", "fed"),
               ("win_rate", "hands won")]
RUMMY_COLUMNS = [("melds_per_hand", "melds/hand"), ("layoffs_per_hand", "lay-offs/hand"),
                 ("rummy_rate", "rummy rate"), ("rummy_share_of_wins", "rummy share of outs"),
                 ("first_meld_turn", "first meld turn"), ("points_left_when_beaten", "points left when beaten"),
                 ("take_rate", "takes discard"), ("fed_rate", "fed"), ("win_rate", "hands won")]


def table(r: dict[str, Any]) -> str:
    """The result as Markdown tables (one per game)."""
    lines: list[str] = []
    for game, g in r["games"].items():
        cols = GIN_COLUMNS if game == "gin" else RUMMY_COLUMNS
        lines.append(f"{'Gin' if game == 'gin' else 'Basic Rummy'} against {g['opponent']}, "
                     f"{r['hands']} hands each, seed {r['seed']}")
        lines.append("")
        lines.append("| character | tier | " + " | ".join(c[1] for c in cols) + " |")
        lines.append("|---|---|" + "---|" * len(cols))
        for row in g["characters"].values():
            vals = []
            for key, _ in cols:
                v = row[key]
                pct = key.endswith("rate") or key.endswith("made") or key.endswith("wins")
                vals.append(f"{v * 100:.1f}%" if pct else f"{v:.2f}")
            lines.append(f"| {row['name']} | {row['tier']} | " + " | ".join(vals) + " |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.styles", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400, help="hands per character")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", choices=("gin", "rummy"), action="append", help="one game only (repeatable)")
    p.add_argument("--only", default="", help="comma-separated profile ids")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    only = [x.strip() for x in args.only.split(",") if x.strip()]
    r = run(args.games, args.seed, args.game or ("gin", "rummy"), only)
    print(json.dumps(r) if args.json else table(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
