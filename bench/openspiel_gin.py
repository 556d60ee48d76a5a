"""Our Gin bots against an opponent nobody here wrote: OpenSpiel's ``gin_rummy`` and its simple rule bot.

    python -m bench.openspiel_gin --tier expert --games 500 --seed 1 [--json] [--jobs 2]

Each OpenSpiel game is one hand under OpenSpiel's rules (knock at 10, gin 25, undercut 25 for strictly
less deadwood, no big gin, at 2 cards left in the stock the upcard may be taken only to knock). A *game*
here is a match to 100 points summed from the hands' returns, the seats alternating every hand (and the
first hand's seat alternating between games). We report the share of games our bot wins, with a 95%
Wilson interval.

The adapter gives our bot a :class:`rummy.view.SeatView` built only from what its seat may see: its own
hand, the first upcard and the discard pile, the public actions (who drew from where, what was thrown),
and the stock size. Our actions go back to OpenSpiel's: a knock is 55, the knock card, the melds of the
best arrangement (56 + meld id) one by one, then 54; as the defender we lay off (card actions) to the least
deadwood, pass, lay our melds, pass. Card ints: OpenSpiel's are ``suit * 13 + rank`` with suits s c d h;
ours use C D H S.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from rummy.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, PASS, Action
from rummy.arena import wilson
from rummy.bots import make_bot
from rummy.deadwood import best_arrangement, is_meld, layoff_deadwood, min_deadwood
from rummy.model import Event, EventKind, GameName, Phase
from rummy.rules import resolve_rules
from rummy.view import SeatView

RULES = resolve_rules("gin", 2, {"preset": "tournament", "undercut_on_tie": False})
DRAW_UP, DRAW_STOCK_OS, PASS_OS, KNOCK_OS, MELD_BASE = 52, 53, 54, 55, 56


def to_os(card: int) -> int:
    suit, rank = divmod(card, 13)
    return ((suit + 1) % 4) * 13 + rank


def from_os(card: int) -> int:
    suit, rank = divmod(card, 13)
    return ((suit - 1) % 4) * 13 + rank


def os_melds(melds: list[list[int]]) -> list[list[int]]:
    """OpenSpiel's melds have at most 5 cards: split longer runs into runs of 3 to 5 (same ends, same lay-offs)."""
    out = []
    for m in melds:
        m = sorted(m)
        while len(m) > 5:
            k = 5 if len(m) - 5 >= 3 else len(m) - 3
            out.append(m[:k])
            m = m[k:]
        out.append(m)
    return out


class Adapter:
    """Plays one OpenSpiel hand for our bot in seat ``me``, recording only what that seat may see."""

    def __init__(self, pyspiel: Any, bot: Any, me: int, hand_number: int, scores: tuple[int, int]) -> None:
        self.ps = pyspiel
        self.gr = pyspiel.gin_rummy
        self.utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.bot = bot
        self.me = me
        self.hand_number = hand_number
        self.scores = scores
        self.log: list[Event] = []
        self.pile: list[int] = []  # our card ints, bottom first
        self.first_upcard: int | None = None
        self.taken: int | None = None
        self.opp_melds: list[list[int]] = []
        self.times: list[float] = []
        self.cpu: list[float] = []

    # ----- observing (public actions of both players) -----

    def observe(self, state: Any, player: int, action: int) -> None:
        """Record a player's action before it is applied (only its public part)."""
        phase = state.current_phase()
        if phase in (self.gr.FIRST_UPCARD, self.gr.DRAW, self.gr.WALL):
            if action == DRAW_UP:
                card = self.pile.pop()
                self.log.append(Event(EventKind.DRAW_DISCARD, player, card))
                if player == self.me:
                    self.taken = card
            elif action == DRAW_STOCK_OS:
                self.log.append(Event(EventKind.DRAW_STOCK, player))
            elif action == PASS_OS:
                self.log.append(Event(EventKind.PASS, player))
        elif phase == self.gr.DISCARD and action < 52:
            card = from_os(action)
            self.pile.append(card)
            self.log.append(Event(EventKind.DISCARD, player, card))
            if player == self.me:
                self.taken = None
        elif phase == self.gr.KNOCK and action >= MELD_BASE and player != self.me:
            self.opp_melds.append([from_os(c) for c in self.utils.int_to_meld[action - MELD_BASE]])
        elif phase == self.gr.LAYOFF and action < 52 and player == self.me:
            card = from_os(action)  # our lay-off: the knocker's meld it joins grows (chains: 6H then 5H)
            for m in self.opp_melds:
                if is_meld(m + [card]):
                    m.append(card)
                    break

    def start(self, state: Any) -> None:
        up = from_os(state.upcard())
        self.first_upcard = up
        self.pile = [up]

    # ----- our decisions -----

    def my_hand(self, state: Any) -> list[int]:
        return sorted(from_os(c) for c in state.hands()[self.me])

    def view(self, state: Any, phase: str, legal: list[Action]) -> SeatView:
        hand = self.my_hand(state)
        counts = [10, 10]
        counts[self.me] = len(hand)
        return SeatView(
            game=GameName.GIN, rules=RULES, players=2, seat=self.me, step=len(self.log), hand_number=self.hand_number,
            dealer=1, phase=Phase(phase), turn=self.me, hand=tuple(hand), hand_counts=tuple(counts),
            stock_count=state.stock_size(), discard=tuple(self.pile), table=(), log=tuple(self.log),
            legal=tuple(legal), scores=self.scores, hands_won=(0, 0), has_melded=(False, False),
            played_before=(False, False), taken_discard=self.taken if phase == "play" else None,
            must_draw_stock=False, knock_limit=10, upcard=self.first_upcard, restocks_done=0, results=(), match=None,
        )

    def choose(self, view: SeatView) -> Action:
        c0 = time.thread_time()
        t0 = time.perf_counter()
        a = self.bot.choose(view)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.thread_time() - c0)
        return a

    def act(self, state: Any) -> list[int]:
        """Our bot's turn: the OpenSpiel actions to apply, in order (applied one by one by the caller)."""
        gr = self.gr
        phase = state.current_phase()
        legal_os = state.legal_actions()
        if phase == gr.FIRST_UPCARD:
            a = self.choose(self.view(state, "first-upcard", [Action(DRAW_DISCARD), Action(PASS)]))
            return [DRAW_UP if a.kind == DRAW_DISCARD else PASS_OS]
        if phase in (gr.DRAW, gr.WALL):
            legal = []
            if DRAW_UP in legal_os:
                legal.append(Action(DRAW_DISCARD))
            stock_like = DRAW_STOCK_OS if DRAW_STOCK_OS in legal_os else PASS_OS
            legal.append(Action(DRAW_STOCK))  # at the wall, "draw stock" means pass: the hand ends 0-0
            v = self.view(state, "draw", legal)
            if phase == gr.WALL and DRAW_UP in legal_os:
                # the upcard may be taken only to knock with it: take it exactly when that is possible
                up = self.pile[-1]
                hand = self.my_hand(state)
                can = any(min_deadwood([c for c in hand + [up] if c != x]) <= 10 for x in hand)
                return [DRAW_UP if can else PASS_OS]
            a = self.choose(v)
            return [DRAW_UP if a.kind == DRAW_DISCARD and DRAW_UP in legal_os else stock_like]
        if phase == gr.DISCARD:
            hand = self.my_hand(state)
            discards = [c for c in hand if to_os(c) in legal_os and c != self.taken]
            knock_cards: list[int] = []
            if KNOCK_OS in legal_os:
                probe = state.clone()
                probe.apply_action(KNOCK_OS)
                knock_cards = [from_os(c) for c in probe.legal_actions() if c < 52]
                knock_cards = [c for c in knock_cards if c != self.taken] or knock_cards
            legal = [Action(DISCARD, (c,)) for c in discards] + [Action(KNOCK, (c,)) for c in knock_cards]
            if not legal:
                legal = [Action(DISCARD, (from_os(c),)) for c in legal_os if c < 52]
            a = self.choose(self.view(state, "play", legal))
            if a.kind == KNOCK:
                return [KNOCK_OS, to_os(a.card)]
            return [to_os(a.card)]
        if phase == gr.KNOCK:
            # lay the melds of our best arrangement, then pass
            hand = self.my_hand(state)
            if any(c < 52 for c in legal_os):  # still to choose the knock card (should not happen)
                return [next(c for c in legal_os if c < 52)]
            _, melds, _ = best_arrangement(hand)
            for m in os_melds(melds):
                mid = MELD_BASE + self.utils.meld_to_int(sorted(to_os(c) for c in m))
                if mid in legal_os:
                    return [mid]
            if PASS_OS in legal_os:
                return [PASS_OS]
            return [legal_os[0]]
        if phase == gr.LAYOFF:
            hand = self.my_hand(state)
            lay_cards = [c for c in legal_os if c < 52]
            if lay_cards and self.opp_melds:
                _, _, layoffs, _ = layoff_deadwood(hand, self.opp_melds)
                for card, _idx in layoffs:
                    if to_os(card) in legal_os:
                        return [to_os(card)]
                    # the meld grew after an earlier lay-off: the chain continues next call
            melds_legal = [a for a in legal_os if a >= MELD_BASE]
            if melds_legal:
                _, melds, _ = best_arrangement(hand)
                for m in os_melds(melds):
                    mid = MELD_BASE + self.utils.meld_to_int(sorted(to_os(c) for c in m))
                    if mid in legal_os:
                        return [mid]
            return [PASS_OS] if PASS_OS in legal_os else [legal_os[0]]
        return [legal_os[0]]


def play_hand(pyspiel: Any, game: Any, bot: Any, me: int, rng: random.Random, hand_number: int,
              scores: tuple[int, int]) -> tuple[list[float], list[float], list[float]]:
    """One OpenSpiel hand: (returns per OpenSpiel player, our decision times, their CPU times)."""
    state = game.new_initial_state()
    simple = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - me)
    ad = Adapter(pyspiel, bot, me, hand_number, scores)
    started = False
    pending: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if not started:
            ad.start(state)
            started = True
        p = state.current_player()
        if p == ad.me:
            if not pending:
                pending = ad.act(state)
            a = pending.pop(0)
            if a not in state.legal_actions():
                pending = []
                a = state.legal_actions()[0]
        else:
            a = simple.step(state)
        ad.observe(state, p, a)
        state.apply_action(a)
    return list(state.returns()), ad.times, ad.cpu


def play_game(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """One game to ``target`` points; our bot starts in seat ``g % 2`` and the seats alternate every hand."""
    import pyspiel

    tier, seed, g, target = job
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed * 1_000_003 + g)
    bot = make_bot(tier, "gin", seed * 7919 + g)
    ours, theirs = 0, 0
    hands = wins = 0
    times: list[float] = []
    cpu: list[float] = []
    h = 0
    while ours < target and theirs < target and h < 500:
        me = (g + h) % 2
        scores = (ours, theirs) if me == 0 else (theirs, ours)  # by seat, as a view holds them
        ret, t, c = play_hand(pyspiel, game, bot, me, rng, h, scores)
        times.extend(t)
        cpu.extend(c)
        if ret[me] > 0:
            ours += int(ret[me])
            wins += 1
        elif ret[1 - me] > 0:
            theirs += int(ret[1 - me])
        hands += 1
        h += 1
    return {"won": ours >= target and ours > theirs, "hands": hands, "hand_wins": wins, "ours": ours,
            "theirs": theirs, "times": times, "cpu": cpu}


def run(tier: str, games: int, seed: int, jobs: int = 1, target: int = 100) -> dict[str, Any]:
    work = [(tier, seed, g, target) for g in range(games)]
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_game, work, chunksize=max(1, games // (jobs * 8)))
    else:
        results = [play_game(w) for w in work]
    won = sum(r["won"] for r in results)
    hands = sum(r["hands"] for r in results)
    times = sorted(t for r in results for t in r["times"])
    cpu = sorted(t for r in results for t in r["cpu"])
    lo, hi = wilson(won, games)

    def pct(xs: list[float], q: float) -> float:
        return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1e3, 3) if xs else 0.0

    return {
        "opponent": "pyspiel.make_simple_gin_rummy_bot", "game": "OpenSpiel gin_rummy (its rules)",
        "tier": tier, "games": games, "seed": seed, "target": target, "wins": won,
        "win_rate": round(won / games, 4), "ci95": [round(lo, 4), round(hi, 4)],
        "hands": hands, "hand_win_rate": round(sum(r["hand_wins"] for r in results) / max(1, hands), 4),
        "points_per_hand": round(sum(r["ours"] - r["theirs"] for r in results) / max(1, hands), 3),
        "time_ms": {"p50": pct(times, 0.5), "p95": pct(times, 0.95), "max": pct(times, 1.0)},
        "cpu_ms": {"p50": pct(cpu, 0.5), "p95": pct(cpu, 0.95), "max": pct(cpu, 1.0)},
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.openspiel_gin", description=__doc__.split("\n")[0])
    p.add_argument("--tier", default="expert", help="a tier (beginner ... expert) or a Gin profile id")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", type=int, default=100)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("error: OpenSpiel is not installed (pip install open_spiel)", file=sys.stderr)
        return 2
    r = run(args.tier, args.games, args.seed, args.jobs, args.target)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"{r['tier']} against OpenSpiel's simple bot: {r['wins']}/{r['games']} games "
              f"({r['win_rate'] * 100:.1f}%, 95% CI {r['ci95'][0] * 100:.1f}-{r['ci95'][1] * 100:.1f}%), "
              f"hands won {r['hand_win_rate'] * 100:.1f}%, {r['points_per_hand']:+.2f} points per hand, "
              f"decisions p50 {r['time_ms']['p50']} ms, p95 {r['time_ms']['p95']} ms, max {r['time_ms']['max']} ms "
              f"(CPU time p95 {r['cpu_ms']['p95']} ms, max {r['cpu_ms']['max']} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
