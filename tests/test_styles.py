"""bench/styles.py's counters on scripted hands whose knocks, gins, undercuts, melds and rummies are known."""

from __future__ import annotations

from helpers import new_game, next_hand, play

from bench.styles import GinTally, RummyTally, measure

GIN_RULES = {"target": 1000}  # three hands without the match ending


def test_gin_tally_counts_knocks_gins_undercuts_takes_and_feeding():
    # hand 1 (seat 0 deals): seat 1 takes the upcard TH and goes gin with KS on its first turn
    g = new_game("gin", 2, GIN_RULES, dealer=0, hands=["2S 4S 6S 8S TS 3H 5H QD JC KD",
                                                       "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"], upcard="TH")
    t0, t1 = GinTally(), GinTally()
    play(g, "draw discard", "knock KS")
    assert g.results[-1].end == "gin"
    t0.add(g.log, g.results[-1], 0)
    t1.add(g.log, g.results[-1], 1)
    # hand 2 (seat 1 deals): seat 0 takes 2S and knocks KS with 2 deadwood; seat 1 lays TH off, 0 left: undercut
    next_hand(g, ["AC 2C 3C 4D 5D 6D 7H 8H 9H KS", "AS AD AH 7C 8C 9C TD JD QD TH"], upcard="2S")
    play(g, "draw discard", "knock KS")
    assert g.results[-1].end == "undercut" and g.results[-1].winner == 1
    t0.add(g.log, g.results[-1], 0)
    t1.add(g.log, g.results[-1], 1)
    # hand 3 (seat 0 deals): both pass the upcard, seat 1 draws and throws 9H, seat 0 takes it and knocks
    # KS with 3 deadwood (3S) on its first draw
    next_hand(g, ["AC 2C 3C 4D 5D 6D 7H 8H 3S KS", "2S 4S 6S 8S TS 3H 5H QD JC 9H"], upcard="QH", stock="JD")
    play(g, "pass", "pass", "draw stock", "discard 9H", "draw discard", "knock KS")
    r = g.results[-1]
    assert r.end == "knock" and r.winner == 0 and r.knock is not None and r.knock.deadwood[0] == 3
    t0.add(g.log, r, 0)
    t1.add(g.log, r, 1)

    assert (t0.hands, t0.wins, t0.knocks, t0.gins, t0.knock_deadwood, t0.knock_turns) == (3, 1, 2, 0, 5, 2)
    assert (t0.undercut, t0.other_knocks, t0.undercuts) == (1, 0, 0)
    assert (t0.draws, t0.takes, t0.discards, t0.fed) == (2, 2, 0, 0)
    assert (t1.hands, t1.wins, t1.knocks, t1.gins, t1.knock_deadwood, t1.knock_turns) == (3, 2, 1, 1, 0, 1)
    assert (t1.undercut, t1.other_knocks, t1.undercuts) == (0, 2, 1)
    assert (t1.draws, t1.takes, t1.discards, t1.fed) == (2, 1, 1, 1)
    s0, s1 = t0.summary(), t1.summary()
    assert s0["knock_deadwood"] == 2.5 and s0["undercut_rate"] == 0.5 and s0["take_rate"] == 1.0
    assert s1["gin_rate"] == round(1 / 3, 3) and s1["undercuts_made"] == 0.5 and s1["fed_rate"] == 1.0


JUNK = "AC 2C 4D 6S 8D TC QH KD 5C 9H"  # 65 points, nothing melds
MELDER = "3H 4H 5H 7C 7D 7S 9S TS JS 2D"


def test_rummy_tally_counts_melds_layoffs_rummy_and_points_left():
    t0, t1 = RummyTally(), RummyTally()
    # seat 1 takes QS and goes rummy on its first turn
    g = new_game("rummy", 2, None, dealer=0, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    assert g.results[-1].end == "rummy"
    t0.add(g.log, g.results[-1], 0)
    t1.add(g.log, g.results[-1], 1)
    # seat 0 melds in its first turn, seat 1 lays off in its second and goes out (not rummy) in its third
    g = new_game("rummy", 2, None, dealer=0, hands=["3H 4H 5H AD QH KD 9H 8D TC 2D",
                                                    "6H 3C 4C 5C 7C 7D 7S 9S TS JS"], upcard="KC",
                 stock="KS QC 2S 8C QS")
    play(g, "draw stock", "discard KS", "draw stock", "meld 3H 4H 5H", "discard QC",
         "draw stock", "layoff 6H 1", "discard 2S", "draw stock", "discard 8C",
         "draw stock", "meld 3C 4C 5C", "meld 7C 7D 7S", "meld 9S TS JS QS")
    assert g.results[-1].end == "out"
    t0.add(g.log, g.results[-1], 0)
    t1.add(g.log, g.results[-1], 1)

    assert (t1.hands, t1.wins, t1.rummies, t1.melds, t1.layoffs) == (2, 2, 1, 6, 1)
    assert (t1.melded_hands, t1.first_meld_turns, t1.draws, t1.takes, t1.discards, t1.fed) == (2, 4, 4, 1, 3, 0)
    assert (t0.hands, t0.wins, t0.lost_hands, t0.points_left, t0.melds, t0.first_meld_turns) == (2, 0, 2, 115, 1, 1)
    assert (t0.draws, t0.takes, t0.discards) == (2, 0, 2)
    s1 = t1.summary()
    assert s1["rummy_rate"] == 0.5 and s1["melds_per_hand"] == 3.0 and s1["first_meld_turn"] == 2.0
    assert t0.summary()["points_left_when_beaten"] == 57.5


def test_measure_is_deterministic_and_plays_the_hands_asked_for():
    a = measure("gin", "rex", "sam", 6, seed=5)
    assert a == measure("gin", "rex", "sam", 6, seed=5)
    assert a["hands"] == 6
    assert measure("rummy", "mel", "dot", 4, seed=5)["hands"] == 4
