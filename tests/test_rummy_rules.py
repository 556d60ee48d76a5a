"""Basic Rummy: a scenario for every rule (1-12), every option, the jokers and every preset, on stacked decks."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import C, assert_illegal, cards, hand_of, legal, new_game, next_hand, play, shown, texts

from rummy import EventKind, Game, HandEnd, IllegalAction, RecordError, card_str, export_record, replay, resolve_rules
from rummy.basic import RESTOCK_MISMATCH
from rummy.cards import JOKER, card_value
from rummy.rng import Rng
from rummy.rules import RulesError


def value(text: str, aces_high: bool = False) -> int:
    return sum(card_value(c, aces_high) for c in cards(text))


# Seat 1 (first to play when seat 0 deals) holds three melds and a loose card; seat 0 holds nothing that melds.
MELDER = "3H 4H 5H 7C 7D 7S 9S TS JS 2D"
ALL_MELDS = "3H 4H 5H 7C 7D 7S 9S TS JS QS"
JUNK = "AC 2C 4D 6S 8D TC QH KD 5C 9H"
JUNK_V = value(JUNK)  # 65


def rummy(rules=None, hands=None, upcard="KC", stock=(), dealer=0, players=2):
    return new_game("rummy", players, rules, dealer=dealer, hands=hands, upcard=upcard, stock=stock)


def draw_throw(g: Game) -> None:
    """One turn: draw from the stock, throw the card drawn."""
    g.apply("draw stock")
    assert g.turn is not None
    g.apply(f"discard {card_str(g.hands[g.turn][-1])}")


def drain(g: Game) -> None:
    """Draw-and-throw turns until the stock is empty (or the hand ends)."""
    while g.stock and g.phase == "draw":
        draw_throw(g)


# ----- rule 1: players, hand sizes; rule 10: targets -----

@pytest.mark.parametrize("players,size,target", [(2, 10, 100), (3, 7, 150), (4, 7, 200), (5, 6, 250), (6, 6, 300)])
def test_rule1_hand_sizes_and_rule10_targets(players, size, target):
    r = resolve_rules("rummy", players)
    assert r["target"] == target
    g = Game.new("rummy", players, seed=players, dealer=0)
    assert [len(h) for h in g.hands] == [size] * players
    assert len(g.discard) == 1 and len(g.stock) == 52 - players * size - 1
    assert g.turn == 1 % players and g.phase == "draw"


@pytest.mark.parametrize("players", [1, 7])
def test_rule1_two_to_six_players(players):
    with pytest.raises(RulesError):
        resolve_rules("rummy", players)


# ----- rules 2, 3, 4: dealer, dealing, who starts -----

def test_rule3_dealing_one_at_a_time_from_left_of_dealer():
    deck = list(range(52))
    g = Game("rummy", 4, resolve_rules("rummy", 4), Rng(0), 2)
    g.deal(deck)
    # dealer 2: seat 3 gets deck[0], seat 0 deck[1], seat 1 deck[2], seat 2 deck[3], then round two...
    assert g.hands[3] == deck[0:28:4]
    assert g.hands[0] == deck[1:28:4]
    assert g.hands[1] == deck[2:28:4]
    assert g.hands[2] == deck[3:28:4]
    assert g.discard == [deck[28]] and g.stock == deck[29:]
    assert g.turn == 3  # rule 4: left of the dealer starts


def test_rule2_first_dealer_random_seeded_and_deal_passes_left():
    assert {Game.new("rummy", 3, seed=s).dealer for s in range(40)} == {0, 1, 2}
    g = Game.new("rummy", 3, {"reuse_limit": 0}, seed=9, dealer=2)
    seen = [g.dealer]
    for _ in range(3):
        drain(g)
        assert shown(g.results[-1])["end"] == "stalemate"  # rule 11: nobody scores, the deal still passes
        g.deal()
        seen.append(g.dealer)
    assert seen == [2, 0, 1, 2]
    assert g.scores == [0, 0, 0]


# ----- rules 4, 5: a turn; melds and lay-offs in any order -----

def test_rule4_turn_melds_and_layoffs_in_any_order():
    g = rummy(hands=[JUNK, MELDER], upcard="KC", stock="6H")
    assert g.turn == 1
    assert_illegal(g, "discard 2D", "Draw a card first")
    assert_illegal(g, "meld 3H 4H 5H", "Draw a card first")
    play(g, "draw stock")
    assert_illegal(g, "draw stock", "You have already drawn this turn")
    assert_illegal(g, "layoff 6H 1", "There is no meld 1 on the table")
    play(g, "meld 3H 4H 5H", "layoff 6H 1", "meld 7C 7D 7S")
    assert [m.to_text() for m in g.table] == [["3H", "4H", "5H", "6H"], ["7C", "7D", "7S"]]
    assert_illegal(g, "layoff 9S 3", "There is no meld 3 on the table (melds 1 to 2)")
    play(g, "discard 2D")
    assert g.turn == 0 and g.phase == "draw"
    assert hand_of(g, 1) == sorted(["9S", "TS", "JS"])


def test_rule7_hand_over_refuses_actions_until_the_next_deal():
    g = rummy({"target": 500}, hands=[JUNK, ALL_MELDS], stock="KS")
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S", "meld 9S TS JS QS KS")
    assert g.phase == "hand-over"
    assert_illegal(g, "draw stock", "The hand is over; the next hand has not been dealt")
    g.deal()
    assert g.dealer == 1 and g.turn == 0


def test_rule4_gin_actions_refused():
    g = rummy(hands=[JUNK, MELDER])
    for a in ("pass", "knock 2D", "big gin"):
        assert_illegal(g, a, "is a Gin Rummy action")


def test_rule5_layoffs_on_anyones_melds_and_validity():
    g = rummy(hands=["7H 6H 2H 8H 9D AC 2C 4D QH KD", MELDER], upcard="KC", stock="JD QD")
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard JD")
    # seat 0 lays off on seat 1's melds: melds belong to nobody
    play(g, "draw stock")
    assert_illegal(g, "layoff 8H 1", "8H does not fit that run")       # not adjacent: nothing is rearranged
    assert_illegal(g, "layoff 9D 2", "9D does not fit a set of 7s")
    assert_illegal(g, "layoff 2C 1", "2C does not fit that run")       # wrong suit
    assert_illegal(g, "layoff 5H 1", "You don't have 5H")
    play(g, "layoff 2H 1", "layoff 6H 1", "layoff 7H 1", "layoff 8H 1")  # both ends, chained
    assert [m.to_text() for m in g.table] == [["2H", "3H", "4H", "5H", "6H", "7H", "8H"], ["7C", "7D", "7S"]]
    play(g, "discard QD")
    assert hand_of(g, 0) == sorted(["9D", "AC", "2C", "4D", "QH", "KD"])


def test_rule5_run_grows_at_both_ends():
    g = rummy(hands=["2H 6H 7H 9D AC 2C 4D QH KD 7S", MELDER.replace("7S", "JD")], upcard="KC", stock="KS QD")
    play(g, "draw stock", "meld 3H 4H 5H", "discard 2D")
    play(g, "draw stock", "layoff 2H 1", "layoff 6H 1", "layoff 7H 1", "discard QD")
    assert g.table[0].to_text() == ["2H", "3H", "4H", "5H", "6H", "7H"]
    assert len(g.hands[0]) == 7


def test_rule5_set_takes_fourth_card_only():
    g = rummy(hands=["7H 2H 9D AC 2C 4D QH KD 5S 8C", MELDER], upcard="KC", stock="JD QD")
    play(g, "draw stock", "meld 7C 7D 7S", "discard JD", "draw stock", "layoff 7H 1")
    assert g.table[0].to_text() == ["7C", "7D", "7H", "7S"]
    assert g.table[0].kind == "set"


# ----- rule 6: the card taken from the discard pile -----

def test_rule6_cannot_discard_the_card_taken():
    g = rummy(hands=[JUNK, MELDER], upcard="KC")
    play(g, "draw discard")
    assert_illegal(g, "discard KC", "You took KC from the discard pile; you can't discard it this turn")
    assert "discard KC" not in legal(g)


def test_rule6_meld_leaving_only_the_taken_card_is_illegal():
    g = rummy(hands=[JUNK, ALL_MELDS], upcard="2S")
    play(g, "draw discard", "meld 3H 4H 5H", "meld 7C 7D 7S")
    assert_illegal(g, "meld 9S TS JS QS", "That would leave you holding only 2S, which you may not discard this turn")
    play(g, "meld 9S TS JS")
    assert_illegal(g, "layoff QS 3", "That would leave you holding only 2S")
    play(g, "discard QS")
    assert hand_of(g, 1) == ["2S"] and g.phase == "draw" and g.turn == 0


def test_rule6_playing_the_taken_card_first_is_fine_and_rule8_rummy_after_taking_discard():
    g = rummy(hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    r = shown(g.results[-1])
    assert r["end"] == "rummy" and r["winner"] == 1
    assert r["points"] == [0, 2 * JUNK_V]
    assert r["values"] == [JUNK_V, 0]


# ----- rules 7, 8, 10: going out, going rummy, scoring -----

def test_rule7_out_by_melding_everything_no_discard():
    g = rummy(hands=[JUNK, ALL_MELDS], stock="KS")
    n_discard = len(g.discard)
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S", "meld 9S TS JS QS KS")
    assert g.phase == "match-over" and len(g.discard) == n_discard  # 130 points: past the target
    r = shown(g.results[-1])
    assert r["end"] == "rummy" and r["points"] == [0, 2 * JUNK_V]
    assert g.legal_actions() == []
    assert_illegal(g, "draw stock", "The match is over")


def test_rule7_out_by_discarding_last_card_after_an_earlier_meld_not_rummy():
    g = rummy(hands=[JUNK, MELDER], stock="KH 6C QS")
    play(g, "draw stock", "meld 3H 4H 5H", "discard KH")   # seat 1 melds in turn 1
    draw_throw(g)                                          # seat 0
    play(g, "draw stock", "meld 9S TS JS QS", "meld 7C 7D 7S", "discard 2D")
    r = shown(g.results[-1])
    assert r["end"] == "out" and r["winner"] == 1 and r["points"] == [0, JUNK_V]
    assert g.scores == [0, JUNK_V] and g.final is None


def test_rule8_rummy_on_a_later_turn_without_earlier_melds():
    g = rummy(hands=[JUNK, ALL_MELDS], stock="6C KH KS")
    draw_throw(g)   # seat 1 draws 6C, throws it: no meld
    draw_throw(g)   # seat 0
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S", "meld 9S TS JS QS KS")
    r = shown(g.results[-1])
    assert r["end"] == "rummy" and r["points"] == [0, 2 * JUNK_V]


def test_rule8_a_layoff_in_an_earlier_turn_spoils_rummy():
    # seat 0 melds 3H 4H 5H; seat 1 lays off 6H on it, then later goes out in one turn: "out", not rummy
    g = rummy(hands=["3H 4H 5H AD QH KD 9H 8D TC 2D", "6H 3C 4C 5C 7C 7D 7S 9S TS JS"], stock="KS QC 2S 8C QS")
    play(g, "draw stock", "discard KS")                       # seat 1
    play(g, "draw stock", "meld 3H 4H 5H", "discard QC")      # seat 0
    play(g, "draw stock", "layoff 6H 1", "discard 2S")        # seat 1 lays off
    play(g, "draw stock", "discard 8C")                       # seat 0
    play(g, "draw stock", "meld 3C 4C 5C", "meld 7C 7D 7S", "meld 9S TS JS QS")
    r = shown(g.results[-1])
    assert r["winner"] == 1 and r["end"] == "out"
    assert r["points"] == [0, value("AD QH KD 9H 8D TC 2D")] == [0, 50]


def test_option_going_rummy_doubles_false():
    g = rummy({"going_rummy_doubles": False}, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    r = shown(g.results[-1])
    assert r["end"] == "rummy" and r["points"] == [0, JUNK_V]


def test_rule10_winner_takes_all_three_players():
    hands = ["3H 4H 5H 6H 7C 7D 7S", "AC 2D 4S 6D 8C TD QC", "KH QD 9C 5S 3C JD 8H"]
    g = rummy(hands=hands, upcard="KC", stock="2S", dealer=2, players=3)
    assert g.turn == 0
    play(g, "draw stock", "meld 3H 4H 5H 6H", "meld 7C 7D 7S", "discard 2S")
    v1, v2 = value(hands[1]), value(hands[2])
    r = shown(g.results[-1])
    assert r["end"] == "rummy" and r["points"] == [2 * (v1 + v2), 0, 0]
    assert r["values"] == [0, v1, v2]
    assert (v1, v2) == (41, 55)
    assert g.scores == [192, 0, 0] and g.final == [192, 0, 0] and g.winner == 0  # past 150: the match ends


def test_rule10_match_ends_at_target_winner_is_top():
    g = rummy(hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    assert g.scores == [0, 130] and g.phase == "match-over" and g.final == [0, 130] and g.winner == 1
    with pytest.raises(IllegalAction):
        g.deal()


def test_option_target():
    g = rummy({"target": 131}, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    assert g.phase == "hand-over" and g.final is None
    next_hand(g, [ALL_MELDS, JUNK], "KC", "KS")  # dealer 1: seat 0 starts
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S", "meld 9S TS JS QS KS")
    assert g.scores == [130, 130] and g.final is None
    assert shown(g.results[-1])["dealer"] == 1


def test_option_scoring_penalty():
    g = rummy({"scoring": "penalty"}, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    r = shown(g.results[-1])
    assert r["points"] == [2 * JUNK_V, 0]  # the loser's penalty doubled for going rummy; the winner adds 0
    assert g.phase == "match-over"  # someone reached 100: lowest score wins
    assert g.final == [130, 0] and g.winner == 1


def test_option_scoring_penalty_plain_out_and_many_players():
    hands = ["3H 4H 5H 6H 7C 7D 7S", "AC 2D 4S 6D 8C TD QC", "KH QD 9C 5S 3C JD 8H", "AS 3D 5D 9D JC KS 2C"]
    g = rummy({"scoring": "penalty", "going_rummy_doubles": False}, hands=hands, stock="2S", dealer=3, players=4)
    play(g, "draw stock", "meld 3H 4H 5H 6H", "meld 7C 7D 7S", "discard 2S")
    assert shown(g.results[-1])["points"] == [0] + [value(h) for h in hands[1:]]


# ----- rule 9: the empty stock -----

def test_rule9_shuffle_rebuild_once_then_stalemate():
    g = rummy(hands=[JUNK, MELDER], upcard="KC")
    drain(g)
    assert g.stock == [] and g.phase == "draw"
    pile = list(g.discard)
    assert len(pile) == 32
    # the player may take the top discard as usual
    assert "draw discard" in legal(g)
    play(g, "draw stock")
    assert g.restocks_done == 1
    assert g.discard == [pile[-1]]  # the top card stays face up
    assert sorted(g.stock + [g.hands[g.turn][-1]]) == sorted(pile[:-1])
    assert g.records[-1].restocks[0] == [g.hands[g.turn][-1]] + g.stock
    # shuffled: not the pile as it lay
    assert g.records[-1].restocks[0] not in (pile[:-1], pile[-2::-1])
    play(g, f"discard {card_str(g.hands[g.turn][-1])}")
    drain(g)
    r = shown(g.results[-1])
    assert r["end"] == "stalemate" and r["winner"] is None and r["points"] == [0, 0]
    assert g.phase == "hand-over" and g.scores == [0, 0]


def test_rule9_turn_over_bottom_card_becomes_top():
    g = rummy({"reuse_discards": "turn-over"}, hands=[JUNK, MELDER], upcard="KC")
    drain(g)
    pile = list(g.discard)
    play(g, "draw stock")
    assert g.hands[g.turn][-1] == pile[0] == C("KC")  # the first upcard was the bottom of the pile
    assert g.stock == pile[1:-1] and g.discard == [pile[-1]]
    assert g.records[-1].restocks == []  # turn-over needs no record entry


@pytest.mark.parametrize("limit", [0, 2])
def test_option_reuse_limit_n(limit):
    g = rummy({"reuse_limit": limit}, hands=[JUNK, MELDER])
    rebuilds = 0
    while g.phase == "draw":
        if not g.stock:
            rebuilds += 1
        draw_throw(g)
    assert rebuilds == limit and g.restocks_done == limit
    assert shown(g.results[-1])["end"] == "stalemate"


def test_option_reuse_limit_null_rebuilds_until_rule12():
    # no limit on rebuilds: only rule 12 (here after 5 rebuilds with no card put down) ends the hand
    g = rummy({"reuse_limit": None, "stalemate_restocks": 5}, hands=[JUNK, MELDER])
    while g.phase == "draw":
        draw_throw(g)
    assert g.restocks_done == 5
    assert g.results[-1].end == HandEnd.STALEMATE and g.results[-1].points == (0, 0)


# ----- rule 12: every hand ends -----

def _rebuilds_before_stalemate(g: Game, meld_after: int | None = None, meld: str = "") -> int:
    """Draw and throw until the hand ends; when ``meld_after`` rebuilds have happened, the player to act melds
    ``meld`` once (before throwing). Returns the rebuilds made."""
    melded = False
    while g.phase == "draw":
        g.apply("draw stock")
        assert g.turn is not None
        if meld_after is not None and not melded and g.restocks_done >= meld_after and \
                set(cards(meld)) <= set(g.hands[g.turn]):
            g.apply(f"meld {meld}")
            melded = True
        g.apply(f"discard {card_str(g.hands[g.turn][-1])}")
    return g.restocks_done


@pytest.mark.parametrize("preset", ["novel-games"])
def test_rule12_no_play_for_two_rebuilds_ends_the_hand(preset):
    # novel-games: the pile is turned over as often as needed (reuse_limit null); nobody ever melds
    g = rummy({"preset": preset}, hands=[JUNK, MELDER])
    assert g.rules["stalemate_restocks"] == 2 and g.rules["reuse_limit"] is None
    assert _rebuilds_before_stalemate(g) == 2
    r = g.results[-1]
    assert r.end == HandEnd.STALEMATE and r.winner is None and r.points == (0, 0)
    assert "2 rebuilds with no card put on the table" in r.detail
    assert g.phase == "hand-over" and g.scores == [0, 0]


@pytest.mark.parametrize("limit", [1, 3, 10])
def test_rule12_limit_is_the_option(limit):
    g = rummy({"reuse_limit": None, "stalemate_restocks": limit}, hands=[JUNK, MELDER])
    assert _rebuilds_before_stalemate(g) == limit


def test_rule12_a_meld_restarts_the_count():
    # seat 1 holds 3H 4H 5H; it melds them only after the first rebuild: two more rebuilds are then allowed
    g = rummy({"reuse_limit": None}, hands=[JUNK, MELDER])
    assert _rebuilds_before_stalemate(g, meld_after=1, meld="3H 4H 5H") == 3
    assert g.results[-1].end == HandEnd.STALEMATE
    assert sum(1 for e in g.log if e.kind == EventKind.MELD) == 1


def test_rule12_counts_through_a_save():
    g = rummy({"reuse_limit": None}, hands=[JUNK, MELDER])
    while g.restocks_done < 1 or g.stock:
        draw_throw(g)
    assert g.restocks_since_play == 1
    h = Game.from_json(g.to_json())
    assert h.restocks_since_play == 1
    assert _rebuilds_before_stalemate(h) == _rebuilds_before_stalemate(g) == 2


def test_rule12_option_range():
    assert resolve_rules("rummy", 2)["stalemate_restocks"] == 2
    for bad in (0, 11, True, "2", None):
        with pytest.raises(RulesError):
            resolve_rules("rummy", 2, {"stalemate_restocks": bad})
    with pytest.raises(RulesError):
        resolve_rules("gin", 2, {"stalemate_restocks": 2})  # a Basic Rummy option only


def test_rule12_hand_record_replays_to_the_same_stalemate():
    g = rummy({"preset": "novel-games"}, hands=[JUNK, MELDER])
    _rebuilds_before_stalemate(g)
    res = replay(export_record(g))
    assert res.ok and res.game.results == g.results


def test_rule9_empty_stock_take_discard_instead():
    g = rummy(hands=[JUNK, MELDER])
    drain(g)
    top = g.discard[-1]
    play(g, "draw discard")
    assert g.restocks_done == 0 and g.hands[g.turn][-1] == top
    other = next(c for c in hand_of(g, g.turn) if c != card_str(top))
    play(g, f"discard {other}")
    assert g.phase == "draw" and g.stock == []  # the next turn may still rebuild
    play(g, "draw stock")
    assert g.restocks_done == 1


def test_restocks_given_are_used_and_recorded_then_replayed():
    base = rummy(hands=[JUNK, MELDER])
    deck = list(base.records[-1].deck)
    drain(base)
    wanted = sorted(base.discard[:-1], reverse=True)
    g = Game("rummy", 2, resolve_rules("rummy", 2), Rng(1), 0)
    g.deal(deck, restocks=[wanted])
    drain(g)
    play(g, "draw stock")
    assert g.hands[g.turn][-1] == wanted[0] and g.stock == wanted[1:]
    assert g.records[-1].restocks == [wanted]
    rec = export_record(g)
    assert rec["hands"][0]["restocks"] == [texts(wanted)]
    res = replay(rec)
    assert res.ok
    assert {**res.game.to_dict(), "rng": None} == {**g.to_dict(), "rng": None}


def test_restocks_missing_are_shuffled_by_the_engine_and_recorded():
    g = rummy(hands=[JUNK, MELDER])
    drain(g)
    play(g, "draw stock")
    rec = export_record(g)
    assert len(rec["hands"][0]["restocks"]) == 1
    res = replay(rec)
    assert res.game.stock == g.stock


def test_restock_not_matching_is_refused_and_malformed_in_a_record():
    base = rummy(hands=[JUNK, MELDER])
    deck = list(base.records[-1].deck)
    drain(base)
    top = base.discard[-1]
    short = sorted(base.discard[:-1])[1:]  # a card short
    g = Game("rummy", 2, resolve_rules("rummy", 2), Rng(1), 0)
    g.deal(deck, restocks=[short])
    drain(g)
    assert_illegal(g, "draw stock", RESTOCK_MISMATCH)
    assert legal(g) == ["draw discard"]
    play(base, "draw stock")
    rec = export_record(base)
    for bad in (short, short + [top]):  # the top discard is never rebuilt
        rec["hands"][0]["restocks"] = [texts(bad)]
        with pytest.raises(RecordError):
            replay(rec)


# ----- reuse_discards "never": block rummy -----

BLOCK_LOW = "AC 2D 3H 4S 6C 8D TH QS AH 2S"      # 1+2+3+4+6+8+10+10+1+2 = 47
BLOCK_HIGH = "KC QD JH 9S 7C 5D 9H KH KD 3C"     # 10+10+10+9+7+5+9+10+10+3 = 83


def test_block_rummy_lowest_hand_wins_winner_takes_all():
    g = rummy({"reuse_discards": "never"}, hands=[BLOCK_HIGH, BLOCK_LOW], upcard="8S")
    drain(g)
    r = shown(g.results[-1])
    assert r["end"] == "block" and r["winner"] == 1
    assert r["values"] == [83, 47] and r["points"] == [0, 83]


def test_block_rummy_penalty_everyone_adds_own_hand():
    g = rummy({"reuse_discards": "never", "scoring": "penalty", "target": 1000}, hands=[BLOCK_HIGH, BLOCK_LOW], upcard="8S")
    drain(g)
    r = shown(g.results[-1])
    assert r["end"] == "block" and r["winner"] == 1 and r["points"] == [83, 47]


def test_block_rummy_tie_is_stalemate():
    tie = "KC QD JH 9S 7C 5D 9H KH 3C AD"  # 10+10+10+9+7+5+9+10+3+1 = 74
    other = "KS QS JS 9C 7D 5H 9D QH 3D AS"  # 10+10+10+9+7+5+9+10+3+1 = 74
    g = rummy({"reuse_discards": "never"}, hands=[tie, other], upcard="8S")
    drain(g)
    r = shown(g.results[-1])
    assert r["end"] == "stalemate" and r["winner"] is None and r["points"] == [0, 0]


# ----- melds_per_turn, layoff_needs_meld -----

def test_option_melds_per_turn_one():
    g = rummy({"melds_per_turn": 1}, hands=[JUNK, MELDER], stock="6H")
    play(g, "draw stock", "meld 3H 4H 5H")
    assert_illegal(g, "meld 7C 7D 7S", "You may put down only one new meld each turn under these rules")
    play(g, "layoff 6H 1", "discard 2D")  # lay-offs are not limited
    draw_throw(g)
    play(g, "draw stock", "meld 7C 7D 7S")  # a new turn: one more meld


def test_option_layoff_needs_meld():
    g = rummy({"layoff_needs_meld": True}, hands=["6H 8S 8C 8D 9D AC 2C 4D QH KD", MELDER], stock="KS JD")
    play(g, "draw stock", "meld 3H 4H 5H", "discard KS")
    play(g, "draw stock")
    assert_illegal(g, "layoff 6H 1", "You must put down a meld of your own before laying off under these rules")
    play(g, "meld 8C 8D 8S", "layoff 6H 1", "discard JD")
    assert g.table[0].to_text() == ["3H", "4H", "5H", "6H"]


# ----- aces -----

def test_aces_low_by_default():
    g = rummy(hands=["AD 2S 4S 6D 8C TS QD KC 5S 9C", "QH KH AH 2C 3C 4C 7D 7S 7C 9D"], stock="JH", upcard="8S")
    play(g, "draw stock")
    assert_illegal(g, "meld QH KH AH", "a run needs cards in sequence (aces are low)")
    play(g, "meld 2C 3C 4C", "meld 7C 7D 7S")
    assert_illegal(g, "layoff AH 1", "AH does not fit that run")
    play(g, "meld JH QH KH", "discard 9D")
    assert g.hands[1] == [C("AH")]


def test_aces_high_or_low_q_k_a_never_k_a_2_and_ace_worth_15():
    loser = "AD 2S 4S 6D 8C TS QD KC 5S 9C"
    g = rummy({"aces": "high-or-low"}, hands=[loser, "QH KH AH 2C 3C 4C 7D 7S 7C 9D"], stock="JH", upcard="8S")
    play(g, "draw stock")
    assert_illegal(g, "meld KH AH 2C", "a set needs one rank, a run one suit")
    play(g, "meld QH KH AH", "meld 2C 3C 4C", "meld 7C 7D 7S", "layoff JH 1", "discard 9D")
    assert shown(g.results[-1])["end"] == "rummy"
    assert g.table[0].to_text() == ["JH", "QH", "KH", "AH"]
    v = value(loser, aces_high=True)
    assert v == 15 + 2 + 4 + 6 + 8 + 10 + 10 + 10 + 5 + 9
    assert shown(g.results[-1])["points"] == [0, 2 * v]


def test_aces_high_k_a_2_never_and_a_2_3_still_low():
    g = rummy({"aces": "high-or-low"}, hands=["4D 2S 4S 6D 8C TS QD KC 5S 9C", "KH AH 2H 3H AC 2C 3C 9D 5D 7S"],
              stock="QS", upcard="8S")
    play(g, "draw stock")
    assert_illegal(g, "meld KH AH 2H", "an ace may be low or high, never both")
    play(g, "meld AC 2C 3C", "meld AH 2H 3H")
    assert_illegal(g, "layoff KH 2", "KH does not fit that run")


def test_aces_option_values():
    with pytest.raises(RulesError):
        resolve_rules("rummy", 2, {"aces": "high"})


# ----- jokers -----

J1 = "JK 5C 5D 9S 2H 4H 6C 8D TC QS"  # seat 1
J0 = "5H 7C 8C 9C JD QD KD AS 2S 3S"   # seat 0


def jgame(rules=None, hands=(J0, J1), stock=("KS",), upcard="KH"):
    return rummy({"jokers": True, **(rules or {})}, hands=list(hands), upcard=upcard, stock=list(stock))


def test_jokers_deck_of_54():
    g = Game.new("rummy", 2, {"jokers": True}, seed=3)
    assert len(g.full_deck()) == 54 and g.full_deck().count(52) == 2
    assert sum(len(h) for h in g.hands) + len(g.stock) + len(g.discard) == 54


def test_joker_meld_names_the_card_and_two_naturals():
    g = jgame(hands=(J0, "JK JK 5C 9S 2H 4H 6C 8D TC QS"), stock=["KS"])
    play(g, "draw stock")
    assert_illegal(g, "meld 5C JK=5D JK=5H", "a meld needs at least two natural cards")
    assert_illegal(g, "meld JK=5D 5C 5C", "names a card twice")
    assert "meld 2H JK=3H 4H" in legal(g)
    play(g, "meld 2H JK=3H 4H")
    assert g.table[0].to_text() == ["2H", "JK=3H", "4H"] and g.table[0].wild == (C("3H"),)
    assert g.card_census()[52] == 2
    play(g, "layoff JK=5H 1")
    assert g.table[0].to_text() == ["2H", "JK=3H", "4H", "JK=5H"]


def test_joker_named_card_must_not_be_on_the_table_nor_named_twice():
    g = jgame(hands=(J0, "JK 4C 4D 9S 2H 4H 6C 8D TC QS"), stock=["3H"])
    play(g, "draw stock", "meld 2H 3H 4H")
    assert_illegal(g, "meld 4C 4D JK=4H", "4H is already on the table (it is in meld 1)")
    assert_illegal(g, "layoff JK=3H 1", "3H is already")
    assert_illegal(g, "meld 4C 4D JK=4D", "names a card twice")
    assert "meld 4C 4D JK=4H" not in legal(g)
    play(g, "meld 4C 4D JK=4S")
    # now a joker plays 4S: no other joker may name it
    assert g.table[1].to_text() == ["4C", "4D", "JK=4S"]


def test_joker_swap_and_swapped_joker_not_discarded_that_turn_and_worth_15():
    g = jgame(stock=["KS", "4S"])
    play(g, "draw stock", "meld 5C 5D JK=5H", "discard KS")  # seat 1
    play(g, "draw stock")  # seat 0 draws 4S
    assert "swap 5H 1" in legal(g)
    assert_illegal(g, "swap 5D 1", "No joker plays 5D in meld 1")
    play(g, "swap 5H 1")
    assert g.table[0].to_text() == ["5C", "5D", "5H"] and 52 in g.hands[0]
    assert_illegal(g, "discard JK", "You took that joker from the table this turn; you can't discard it this turn")
    play(g, "discard 4S")
    assert g.hands[0].count(52) == 1
    # the joker may be discarded on a later turn; the jokers stay two in all
    assert sum(1 for c in g.card_census().elements() if c == 52) == 2


def test_joker_swap_counts_as_a_layoff_for_going_rummy():
    g = jgame(stock=["KS", "6S", "JH", "4S"])
    play(g, "draw stock", "meld 5C 5D JK=5H", "discard KS")      # seat 1
    play(g, "draw stock", "swap 5H 1", "discard 6S")              # seat 0 swaps: that is a play
    play(g, "draw stock", "discard JH")                            # seat 1
    play(g, "draw stock", "meld 7C 8C 9C", "meld JD QD KD", "meld AS 2S 3S", "layoff 4S 4", "layoff JK=TC 2")
    r = shown(g.results[-1])
    assert r["winner"] == 0 and r["end"] == "out"  # not rummy: the swap was an earlier lay-off
    assert r["values"][1] == value("9S 2H 4H 6C 8D TC QS") == 49
    assert r["points"] == [49, 0]


def test_joker_left_in_hand_is_worth_15():
    g = rummy({"jokers": True}, hands=["JK 2C 4D 6S 8D TC QH KD 5C 9H", ALL_MELDS], stock="KS")
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S", "meld 9S TS JS QS KS")
    r = shown(g.results[-1])
    assert r["values"][0] == 15 + value("2C 4D 6S 8D TC QH KD 5C 9H")
    assert r["points"][1] == 2 * r["values"][0]


def test_joker_swap_needs_own_meld_under_layoff_needs_meld():
    g = jgame({"layoff_needs_meld": True}, stock=["KS", "4S"])
    play(g, "draw stock", "meld 5C 5D JK=5H", "discard KS", "draw stock")
    assert_illegal(g, "swap 5H 1", "You must put down a meld of your own before laying off")
    play(g, "meld AS 2S 3S", "swap 5H 1")


def test_jokers_off_refuse_wild():
    g = rummy(hands=[JUNK, MELDER])
    play(g, "draw stock")
    assert_illegal(g, "meld 3H 4H JK=5H", "Jokers are not in play")


# ----- discard_to_go_out -----

def test_option_discard_to_go_out():
    g = rummy({"discard_to_go_out": True}, hands=[JUNK, ALL_MELDS], stock="KS")
    play(g, "draw stock", "meld 3H 4H 5H", "meld 7C 7D 7S")
    assert_illegal(g, "meld 9S TS JS QS KS", "You must keep a card to discard")
    play(g, "meld 9S TS JS QS")
    assert_illegal(g, "layoff KS 3", "You must keep a card to discard")
    play(g, "discard KS")
    assert shown(g.results[-1])["end"] == "rummy" and shown(g.results[-1])["points"] == [0, 2 * JUNK_V]


# ----- rounds -----

def test_option_rounds_counts_stalemates_best_total_wins():
    g = rummy({"rounds": 2, "reuse_limit": 0}, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    assert g.phase == "hand-over" and g.final is None  # 130 is past 100, but rounds replace the target
    g.deal()
    drain(g)
    assert shown(g.results[-1])["end"] == "stalemate"
    assert g.phase == "match-over" and g.final == [0, 130] and g.winner == 1


def test_option_rounds_penalty_lowest_wins_and_shared_best_is_no_winner():
    g = rummy({"rounds": 1, "reuse_limit": 0}, hands=[JUNK, MELDER])
    drain(g)
    assert g.final == [0, 0] and g.winner is None
    g = rummy({"rounds": 1, "scoring": "penalty"}, hands=[JUNK, MELDER], upcard="QS")
    play(g, "draw discard", "meld 9S TS JS QS", "meld 3H 4H 5H", "meld 7C 7D 7S", "discard 2D")
    assert g.final == [130, 0] and g.winner == 1


# ----- presets -----

def test_preset_cardgames_defaults():
    r = resolve_rules("rummy", 2, {"preset": "cardgames"})
    assert (r["melds_per_turn"], r["layoff_needs_meld"], r["aces"], r["jokers"], r["discard_to_go_out"],
            r["reuse_discards"], r["reuse_limit"], r["going_rummy_doubles"], r["scoring"], r["target"], r["rounds"]) == (
        "any", False, "low", False, False, "shuffle", 1, True, "winner-takes-all", 100, None)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_preset_novel_games(players):
    r = resolve_rules("rummy", players, {"preset": "novel-games"})
    assert r["reuse_discards"] == "turn-over" and r["reuse_limit"] is None and r["target"] == 100


def test_preset_classic_book():
    r = resolve_rules("rummy", 4, {"preset": "classic-book"})
    assert (r["melds_per_turn"], r["layoff_needs_meld"], r["scoring"], r["target"]) == (1, True, "penalty", 100)
    g = rummy({"preset": "classic-book"}, hands=[JUNK, MELDER], stock="6H")
    play(g, "draw stock", "meld 3H 4H 5H")
    assert_illegal(g, "meld 7C 7D 7S", "only one new meld")


def test_unknown_options_refused():
    for bad in ({"jokers": "yes"}, {"reuse_discards": "burn"}, {"reuse_limit": -1}, {"scoring": "golf"},
                {"rounds": 0}, {"melds_per_turn": 2}, {"knock_limit": 5}, {"preset": "tournament"}):
        with pytest.raises(RulesError):
            resolve_rules("rummy", 2, bad)


# ----- the meld generator behind the legal actions -----

def _reference_melds(hand: list[int], aces_high: bool, exclude: set[int]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every meld the hand can make, by brute force over every set and run of the deck."""
    from rummy.melds import is_meld, sort_meld

    jokers = hand.count(JOKER)
    held = set(hand) - {JOKER}
    shapes: list[list[int]] = []
    for r in range(13):
        same = [s * 13 + r for s in range(4)]
        for k in (3, 4):
            shapes.extend(map(list, itertools.combinations(same, k)))
    top = 14 if aces_high else 13
    for s in range(4):
        for lo in range(top):
            for hi in range(lo + 2, top):
                if lo == 0 and hi == 13:
                    continue
                shapes.append([s * 13 + p % 13 for p in range(lo, hi + 1)])
    out = set()
    for shape in shapes:
        missing = [c for c in shape if c not in held]
        if len(missing) > jokers or len(shape) - len(missing) < 2 or set(missing) & exclude:
            continue
        if is_meld(shape, missing, aces_high):
            out.add((sort_meld(shape, aces_high), tuple(sorted(missing))))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_all_melds_is_every_meld_the_hand_can_make(seed):
    from rummy.melds import all_melds

    rnd = random.Random(seed)
    deck = list(range(52)) + [JOKER, JOKER]
    for _ in range(25):
        hand = rnd.sample(deck, rnd.randint(3, 14))
        aces_high = rnd.random() < 0.5
        exclude = set(rnd.sample([c for c in range(52) if c not in hand], rnd.randint(0, 6)))
        got = all_melds(hand, aces_high, exclude)
        assert len(got) == len(set(got))
        assert set(got) == _reference_melds(hand, aces_high, exclude)
        assert got == all_melds(list(reversed(hand)), aces_high, exclude)  # a fixed order, whatever the hand's
