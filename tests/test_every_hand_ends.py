"""Rule 12: every hand ends. Computer opponents of every tier, under every preset and player count, finish
every hand they start.

Why a hand must end: a meld, lay-off or swap puts a card on the table for good (at most 54 melds and lay-offs,
and at most 52 swaps, since each swap fixes a natural card in a joker's place), and between two such plays the stock
may be rebuilt at most ``stalemate_restocks`` times before an empty stock ends the hand; each stock lasts at most
54 turns of at most 60 actions. :func:`action_bound` is that count; bots (before rule 12) could pass cards round
past 5,000 actions under the ``novel-games`` preset.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import Game, seat_view
from rummy.bots import TIERS, make_bot
from rummy.rules import PRESETS


def action_bound(g: Game) -> int:
    """The most actions a hand of ``g`` can take under rule 12 (Gin: the stock floor ends it sooner)."""
    if g.game == "gin":
        return 2 * 52 + 4
    plays = 54 + 52
    rebuilds = int(g.rules["stalemate_restocks"]) + 1  # type: ignore[arg-type]
    return (plays + 1) * rebuilds * 54 * 60


def play_hand(g: Game, tiers: list[str], seed: int) -> int:
    """Play one hand with bots of ``tiers`` around the table; the number of actions it took."""
    bots = [make_bot(tiers[s % len(tiers)], g.game, seed + s) for s in range(g.players)]
    bound = action_bound(g)
    n = 0
    while g.phase.in_hand:
        s = g.turn
        assert s is not None
        g.apply(bots[s].choose(seat_view(g, s)), s)
        n += 1
        assert n <= bound, f"hand still going after {n} actions"
    return n


CASES = [("gin", 2, preset) for preset in PRESETS["gin"]] + \
        [("rummy", n, preset) for preset in PRESETS["rummy"] for n in range(2, 7)]


@pytest.mark.parametrize("game,players,preset", CASES, ids=lambda x: str(x))
@pytest.mark.parametrize("tier", TIERS)
def test_bots_of_each_tier_finish_their_hands(game, players, preset, tier):
    g = Game.new(game, players, {"preset": preset}, seed=players * 101 + len(preset), dealer=0)
    for hand in range(3):
        play_hand(g, [tier], seed=7 + hand)
        assert g.phase in ("hand-over", "match-over") and g.results[-1].hand == hand
        if g.phase == "match-over":
            break
        g.deal()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), tiers=st.lists(st.sampled_from(TIERS), min_size=1, max_size=6),
       seed=st.integers(0, 2**32), restocks=st.integers(1, 10))
def test_every_hand_ends_whoever_plays(case, tiers, seed, restocks):
    game, players, preset = case
    rules = {"preset": preset} if game == "gin" else {"preset": preset, "stalemate_restocks": restocks}
    g = Game.new(game, players, rules, seed=seed)
    play_hand(g, tiers, seed)
    assert not g.phase.in_hand
    r = g.results[-1]
    if r.end == "stalemate" and g.rules.get("reuse_limit") is None:
        assert g.pos.restocks_since_play >= restocks or len(g.discard) < 2


def test_novel_games_four_players_arena_finishes():
    # unlimited stock rebuilds can go on for ever: `python -m rummy arena --game rummy --players 4 --preset
    # novel-games` must still finish
    from rummy.arena import run_arena

    r = run_arena("rummy", 4, ["expert", "skilled", "casual", "beginner"], 4, 1, {"preset": "novel-games"})
    assert r["matches"] == 4 and r["hands"] > 0
