"""Gin Rummy: a scenario for every rule (1-8), every option and every preset of the rulebook, on stacked decks."""

from __future__ import annotations

import pytest
from helpers import C, assert_illegal, hand_of, legal, new_game, next_hand, play, shown, stacked_deck

from rummy import Game, IllegalAction, card_str, resolve_rules
from rummy.rng import Rng
from rummy.rules import RulesError

# A defender hand with no meld and nothing that lays off on the knocker melds used below: 68 deadwood.
LOSER = "2S 4S 6S 8S TS 3H 5H QD JC KD"
LOSER_DW = 2 + 4 + 6 + 8 + 10 + 3 + 5 + 10 + 10 + 10
# Three melds and a king: take TH (the upcard) and knock KS for gin.
GIN9 = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"


def knock_deal(knocker_is_dealer: bool, knocker_dealt: str, upcard: str, defender: str, rules=None, dealer: int = 0):
    """A game where the knocker (dealer or not) is dealt ``knocker_dealt`` and will take ``upcard``."""
    hands = ["", ""]
    knocker = dealer if knocker_is_dealer else 1 - dealer
    hands[knocker] = knocker_dealt
    hands[1 - knocker] = defender
    g = new_game("gin", 2, rules, dealer=dealer, hands=hands, upcard=upcard)
    if knocker_is_dealer:
        play(g, "pass")
    play(g, "draw discard")
    assert g.turn == knocker
    return g, knocker


# ----- rule 1: the deal -----

def test_rule1_deal_one_at_a_time_from_the_non_dealer():
    deck = list(range(52))
    g = Game("gin", 2, resolve_rules("gin", 2), Rng(0), 0)
    g.deal(deck)
    # dealer 0: the non-dealer (seat 1) gets deck[0], deck[2], ...; the dealer deck[1], deck[3], ...
    assert g.hands[1] == deck[0:20:2]
    assert g.hands[0] == deck[1:20:2]
    assert g.discard == [deck[20]]          # the 21st card is the first upcard
    assert g.stock == deck[21:]             # the rest is the stock, top first
    assert len(g.stock) == 31
    assert g.upcard == deck[20]
    assert g.turn == 1 and g.phase == "first-upcard"


def test_rule1_first_dealer_random_but_seeded_and_deal_alternates():
    dealers = {Game.new("gin", seed=s).dealer for s in range(30)}
    assert dealers == {0, 1}
    assert Game.new("gin", seed=3).dealer == Game.new("gin", seed=3).dealer
    g = Game.new("gin", seed=5, dealer=1)
    seen = [g.dealer]
    for _ in range(4):
        _draw_and_throw_until_over(g)
        assert shown(g.results[-1])["end"] == "tie"  # nobody knocks: the stock floor ends it, the deal still passes
        g.deal()
        seen.append(g.dealer)
    assert seen == [1, 0, 1, 0, 1]
    assert [r.dealer for r in g.results] == [1, 0, 1, 0]
    # the non-dealer is offered the upcard each hand
    assert g.turn == 1 - g.dealer


def test_rule1_gin_is_for_two_players_only():
    with pytest.raises(RulesError):
        resolve_rules("gin", 3)


# ----- rule 2: the first upcard -----

def test_rule2_pass_pass_then_non_dealer_must_draw_from_stock():
    g = new_game("gin", dealer=0, hands=["", ""], upcard="5C", stock="9D")
    assert legal(g) == ["draw discard", "pass"]
    assert_illegal(g, "draw stock", "upcard")
    assert_illegal(g, "discard " + hand_of(g, 1)[0], "upcard")
    assert_illegal(g, "pass", "It is not your turn", seat=0)
    play(g, "pass")
    assert g.turn == 0 and g.phase == "first-upcard"  # now the dealer may take it
    play(g, "pass")
    assert g.turn == 1 and g.phase == "draw"
    assert g.must_draw_stock
    assert legal(g) == ["draw stock"]
    assert_illegal(g, "draw discard", "Both players passed the first upcard, so you must draw from the stock")
    assert_illegal(g, "pass", "only pass on the first upcard")
    play(g, "draw stock")
    assert C("9D") in g.hands[1]
    play(g, "discard 9D")
    # play goes on normally: the dealer may now take the discard
    assert g.turn == 0 and g.phase == "draw" and not g.must_draw_stock
    assert legal(g) == ["draw stock", "draw discard"]
    play(g, "draw discard")
    assert C("9D") in g.hands[0]


def test_rule2_non_dealer_takes_upcard_and_plays_a_normal_turn():
    g = new_game("gin", dealer=1, hands=["", ""], upcard="5C")
    assert g.turn == 0
    play(g, "draw discard")
    assert g.phase == "play" and len(g.hands[0]) == 11 and g.discard == []
    play(g, "discard " + next(c for c in hand_of(g, 0) if c != "5C"))
    assert g.turn == 1 and g.phase == "draw"


def test_rule2_dealer_takes_upcard_then_non_dealer_plays():
    g = new_game("gin", dealer=0, hands=["", ""], upcard="5C")
    play(g, "pass", "draw discard")
    assert g.turn == 0 and len(g.hands[0]) == 11
    assert_illegal(g, "discard 5C", "You took 5C from the discard pile; you can't discard it this turn")
    play(g, "discard " + hand_of(g, 0)[0])
    assert g.turn == 1 and g.phase == "draw" and not g.must_draw_stock
    assert "draw discard" in legal(g)


def test_rule2_taking_the_upcard_allows_knock_and_big_gin():
    g, _k = knock_deal(False, GIN9, "TH", LOSER)
    assert "knock KS" in legal(g)
    g2, _ = knock_deal(True, "AC 2C 3C 4D 5D 6D 7H 8H 9H JH", "TH", LOSER)
    assert "big gin" in legal(g2)


# ----- rule 3: a turn -----

def test_rule3_card_from_discard_cannot_be_discarded_nor_knock_card():
    g, _k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H 2D", "KH", LOSER)
    # after taking KH, knocking 2D leaves 10 deadwood (legal); KH itself is barred
    assert_illegal(g, "discard KH", "You took KH from the discard pile; you can't discard it this turn")
    assert_illegal(g, "knock KH", "You took KH from the discard pile; you can't knock with it this turn")
    assert "discard KH" not in legal(g) and "knock KH" not in legal(g)
    assert "knock 2D" in legal(g)


def test_rule3_turn_order_and_phase_errors():
    g = new_game("gin", dealer=0, hands=["", ""], upcard="5C", stock="9D")
    play(g, "pass", "pass")
    assert_illegal(g, "discard " + hand_of(g, 1)[0], "Draw a card first")
    assert_illegal(g, "knock " + hand_of(g, 1)[0], "Draw a card first")
    play(g, "draw stock")
    assert_illegal(g, "draw stock", "already drawn")
    assert_illegal(g, "draw discard", "already drawn")
    assert_illegal(g, "discard 5C", "You don't have 5C")
    assert_illegal(g, "meld 3H 4H 5H", "not a Gin Rummy action")
    assert_illegal(g, "discard 9D", "It is not your turn", seat=0)
    with pytest.raises(IllegalAction):
        g.apply("flip the table")
    play(g, "discard 9D")
    assert g.turn == 0


# ----- rule 4: knocking, gin, big gin -----

def test_rule4_knock_needs_deadwood_at_most_ten():
    # melds AC-5C and 7H 8H 9H; after taking 6D and knocking KS: 4H 6D = 10 -> legal; 5D 6D = 11 -> not
    g, k = knock_deal(False, "AC 2C 3C 4C 5C 7H 8H 9H 4H KS", "6D", LOSER)
    assert "knock KS" in legal(g)
    play(g, "knock KS")
    r = shown(g.results[-1])
    assert r["end"] == "knock" and r["deadwood"][k] == 10 and r["knock_card"] == "KS"
    g, k = knock_deal(False, "AC 2C 3C 4C 5C 7H 8H 9H 5D KS", "6D", LOSER)
    assert not any(a.startswith("knock") for a in legal(g))
    assert_illegal(g, "knock KS", "You can knock only with 10 or less deadwood; after discarding KS you would have 11")
    play(g, "discard KS")  # an ordinary discard is fine
    assert g.turn == 1 - k


def test_rule4_knock_card_does_not_count_and_goes_on_the_discard_pile():
    g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H KS", "2H", LOSER)
    play(g, "knock KS")
    r = shown(g.results[-1])
    assert r["deadwood"][k] == 2 and len(r["hands"][k]) == 10
    assert g.discard[-1] == C("KS")
    assert g.phase == "hand-over" and g.turn is None and g.legal_actions() == []


def test_rule4_gin_is_recognised_not_declared():
    g, k = knock_deal(False, GIN9, "TH", LOSER)
    play(g, "knock KS")
    r = shown(g.results[-1])
    assert r["end"] == "gin" and r["winner"] == k and r["deadwood"] == [0, LOSER_DW][::1 if k == 0 else -1]
    assert r["points"][k] == 25 + LOSER_DW


def test_rule4_big_gin_all_eleven_cards_no_discard():
    g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H JH", "TH", LOSER)
    n_discard = len(g.discard)
    play(g, "big gin")
    r = shown(g.results[-1])
    assert r["end"] == "big gin" and r["winner"] == k and r["points"][k] == 31 + LOSER_DW
    assert r["knock_card"] is None and len(r["hands"][k]) == 11 and len(g.discard) == n_discard


def test_rule4_big_gin_refused_with_deadwood():
    g, _k = knock_deal(False, GIN9, "TH", LOSER)
    assert_illegal(g, "big gin", "Big gin needs all 11 cards in melds; you have 10 deadwood")


def test_option_big_gin_off():
    g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H JH", "TH", LOSER, rules={"big_gin": False})
    assert_illegal(g, "big gin", "Big gin is not played under these rules")
    play(g, "knock JH")  # still gin with 10 cards
    assert shown(g.results[-1])["end"] == "gin" and shown(g.results[-1])["points"][k] == 25 + LOSER_DW


# ----- rule 5: arranging both hands -----

def test_rule5_knocker_arrangement_leaves_defender_the_most_deadwood():
    # Knocker: 7C 7D 7H 7S 8S 9S TS + 2C 3D 4H. Two least-deadwood arrangements (9 each):
    #   777 + 7-8-9-T of spades  (then the defender's 6S lays off), or 7777 + 8-9-T  (6S stays).
    # The program must pick the second: the defender keeps 6S.
    defender = "6S 9C JC QD KH 5D 2H AD 4S 8C"
    d_dw = 6 + 9 + 10 + 10 + 10 + 5 + 2 + 1 + 4 + 8
    g, k = knock_deal(False, "7C 7D 7H 7S 8S 9S TS 2C 3D KD", "4H", defender)
    play(g, "knock KD")
    r = shown(g.results[-1])
    assert r["end"] == "knock"
    assert sorted(map(sorted, r["melds"][k])) == sorted([sorted(["7C", "7D", "7H", "7S"]), sorted(["8S", "9S", "TS"])])
    assert r["layoffs"] == []
    assert r["deadwood"] == ([9, d_dw] if k == 0 else [d_dw, 9])
    assert r["points"][k] == d_dw - 9


def test_rule5_defender_melds_and_lays_off_for_least_deadwood_with_chaining():
    # Knocker melds 7H 8H 9H, 2C 2D 2S, JC QC KC; deadwood AD. Defender lays off 6H then 5H (chain) and 2H
    # on the set of 2s, and melds 4S 5S 6S of their own.
    knocker_dealt = "7H 8H 9H 2C 2D 2S JC QC KC KD"
    defender = "6H 5H 2H 4S 5S 6S 9C 3D TD 8C"
    g, k = knock_deal(False, knocker_dealt, "AD", defender)
    play(g, "knock KD")
    r = shown(g.results[-1])
    d = 1 - k
    assert r["deadwood"][k] == 1
    laid = sorted(card for card, _ in r["layoffs"])
    assert laid == ["2H", "5H", "6H"]
    cards_order = [card for card, _ in r["layoffs"]]
    assert cards_order.index("6H") < cards_order.index("5H")  # 6H must go before 5H can
    assert r["deadwood"][d] == 9 + 3 + 10 + 8
    assert r["points"][k] == 30 - 1 and r["end"] == "knock"
    assert ["4S", "5S", "6S"] in r["melds"][d]


def test_rule5_no_layoffs_after_gin():
    # the defender's JH would lay off on 7H 8H 9H TH after a knock, but not after gin
    defender = "JD JH 2S 4S 6S 8S 3H 5H QC KD"
    g, k = knock_deal(False, GIN9, "TH", defender)
    play(g, "knock KS")
    r = shown(g.results[-1])
    assert r["end"] == "gin" and r["layoffs"] == []
    assert r["deadwood"][1 - k] == 68 and r["points"][k] == 25 + 68


def test_rule5_no_layoffs_after_big_gin():
    defender = "JD QH 2S 4S 6S 8S 3H 5H QC KD"  # QH would lay off on 7H-JH
    g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H JH", "TH", defender)
    play(g, "big gin")
    r = shown(g.results[-1])
    assert r["layoffs"] == [] and r["deadwood"][1 - k] == 68


def test_rule5_same_cards_lay_off_after_a_plain_knock():
    defender = "JD JH 2S 4S 6S 8S 3H 5H QC KD"
    g, k = knock_deal(False, "AC 2C 4C 4D 5D 6D 7H 8H 9H KS", "TH", defender)
    play(g, "knock KS")  # deadwood AC 2C 4C = 7
    r = shown(g.results[-1])
    assert r["end"] == "knock" and r["deadwood"][k] == 7
    assert [c for c, _ in r["layoffs"]] == ["JH"]
    assert r["deadwood"][1 - k] == 58 and r["points"][k] == 58 - 7


def test_rule5_knocker_never_lays_off():
    # the knocker's deadwood 3D would fit the defender's own run 4D 5D 6D: it still counts
    g, k = knock_deal(False, "AC 2C 3C 7H 8H 9H JC QC KC KD", "3D", "4D 5D 6D 2S 4S 6S 8S TS QD 9C")
    play(g, "knock KD")
    r = shown(g.results[-1])
    assert r["deadwood"][k] == 3


# ----- rule 6: scoring -----

def test_rule6_undercut_on_tie_and_not():
    # knocker deadwood 5 (5D); defender lays off nothing and keeps 5 (AH 4S)
    kd = "7H 8H 9H 2C 2D 2S JC QC KC KD"
    d = "4C 5C 6C 9S TS JS 8S AH 4S QS"  # 8S-QS run of 5 (8 9 T J Q), 4C-6C, deadwood AH 4S = 5
    g, k = knock_deal(False, kd, "5D", d)
    play(g, "knock KD")
    r = shown(g.results[-1])
    assert r["deadwood"] == ([5, 5])
    assert r["end"] == "undercut" and r["winner"] == 1 - k
    assert r["points"][1 - k] == 25 and r["points"][k] == 0
    g, k = knock_deal(False, kd, "5D", d, rules={"undercut_on_tie": False})
    play(g, "knock KD")
    r = shown(g.results[-1])
    assert r["end"] == "tie" and r["winner"] is None and r["points"] == [0, 0]


def test_rule6_undercut_scores_bonus_plus_difference():
    kd = "7H 8H 9H 2C 2D 2S JC QC KC KD"
    d = "4C 5C 6C 9S TS JS 8S AH 3H QS"  # deadwood AH 3H = 4
    g, k = knock_deal(False, kd, "9D", d)
    play(g, "knock KD")
    r = shown(g.results[-1])
    assert r["deadwood"][k] == 9 and r["deadwood"][1 - k] == 4
    assert r["end"] == "undercut" and r["winner"] == 1 - k
    assert r["points"][1 - k] == 25 + 5 and r["points"][k] == 0
    assert g.scores[1 - k] == 30


def test_rule6_knock_scores_difference():
    g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H KS", "2H", LOSER)
    play(g, "knock KS")
    r = shown(g.results[-1])
    assert r["end"] == "knock" and r["winner"] == k and r["points"][k] == LOSER_DW - 2 and r["points"][1 - k] == 0
    assert g.scores[k] == LOSER_DW - 2


@pytest.mark.parametrize("opts,end,expected", [
    ({"gin_bonus": 20}, "gin", 20 + LOSER_DW),
    ({"big_gin_bonus": 50}, "big gin", 50 + LOSER_DW),
])
def test_options_gin_and_big_gin_bonus(opts, end, expected):
    if end == "gin":
        g, k = knock_deal(False, GIN9, "TH", LOSER, rules=opts)
        play(g, "knock KS")
    else:
        g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H JH", "TH", LOSER, rules=opts)
        play(g, "big gin")
    assert shown(g.results[-1])["end"] == end and shown(g.results[-1])["points"][k] == expected


def test_option_undercut_bonus():
    kd = "7H 8H 9H 2C 2D 2S JC QC KC KD"
    d = "4C 5C 6C 9S TS JS 8S AH 3H QS"
    g, k = knock_deal(False, kd, "9D", d, rules={"undercut_bonus": 10})
    play(g, "knock KD")
    assert shown(g.results[-1])["points"][1 - k] == 10 + 5


# ----- option knock_limit, Oklahoma -----

@pytest.mark.parametrize("limit", [0, 3, 5, 9, 10])
def test_option_knock_limit(limit):
    # deadwood after knocking KS: the 9D in hand -> 9; legal iff limit >= 9
    g, _ = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H KS", "9D", LOSER, rules={"knock_limit": limit})
    assert g.knock_limit == limit
    if limit >= 9:
        play(g, "knock KS")
        assert shown(g.results[-1])["end"] == "knock"
    else:
        msg = assert_illegal(g, "knock KS")
        if limit:
            assert f"You can knock only with {limit} or less deadwood; after discarding KS you would have 9" == msg
        else:
            assert "Only gin may knock" in msg and "Oklahoma" not in msg and "9 deadwood" in msg
    # gin is always allowed
    g, _k = knock_deal(False, GIN9, "TH", LOSER, rules={"knock_limit": limit})
    play(g, "knock KS")
    assert shown(g.results[-1])["end"] == "gin"


def test_option_knock_limit_range():
    for bad in (-1, 11, "5", True):
        with pytest.raises(RulesError):
            resolve_rules("gin", 2, {"knock_limit": bad})


@pytest.mark.parametrize("upcard,limit", [("5C", 5), ("9H", 9), ("TD", 10), ("JC", 10), ("QH", 10), ("KD", 10), ("AC", 0), ("2H", 2)])
def test_oklahoma_upcard_sets_knock_limit(upcard, limit):
    g = new_game("gin", rules={"oklahoma": True}, hands=["", ""], upcard=upcard)
    assert g.knock_limit == limit


def test_oklahoma_limit_enforced_and_ace_means_gin_only():
    # upcard 3C: limit 3. Knocker (non-dealer) takes 3C: 4D 5D 6D 7H 8H 9H AC 2C 3C + 4S + KS
    g, _ = knock_deal(False, "AC 2C 4D 5D 6D 7H 8H 9H 4H KS", "3C", LOSER, rules={"oklahoma": True})
    assert g.knock_limit == 3
    assert_illegal(g, "knock KS", "only with 3 or less", "you would have 4")
    # ace upcard: gin only
    g, _ = knock_deal(False, "2C 3C 4D 5D 6D 7H 8H 9H 2D KS", "AC", LOSER, rules={"oklahoma": True})
    assert g.knock_limit == 0
    assert_illegal(g, "knock KS", "Only gin may knock this hand", "you have 2 deadwood")
    g, _k = knock_deal(False, "2C 3C 4C 4D 5D 6D 7H 8H 9H KS", "AC", LOSER, rules={"oklahoma": True})
    play(g, "knock KS")
    assert shown(g.results[-1])["end"] == "gin"


def test_oklahoma_limit_only_from_first_upcard():
    g = new_game("gin", rules={"oklahoma": True}, hands=["", ""], upcard="4C", stock="9D")
    play(g, "pass", "pass", "draw stock", "discard 9D")
    assert g.knock_limit == 4  # later discards change nothing


def test_oklahoma_double_spades():
    g, k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7S 8S 9S KH", "TS", "2H 4H 6H 8H TH QC JD KD 5C 9C",
                      rules={"preset": "oklahoma"})
    assert g.knock_limit == 10
    play(g, "knock KH")
    r = shown(g.results[-1])
    assert r["end"] == "gin" and r["doubled"] is True
    assert r["points"][k] == 2 * (25 + 74) and g.scores[k] == 198
    # not a spade: not doubled
    g, k = knock_deal(False, GIN9, "TH", LOSER, rules={"preset": "oklahoma"})
    play(g, "knock KS")
    assert shown(g.results[-1])["doubled"] is False and shown(g.results[-1])["points"][k] == 25 + LOSER_DW


def test_oklahoma_double_spades_doubles_undercut_and_knock():
    kd = "7H 8H 9H 2C 2D 2S JC QC KC KD"
    # upcard 9S (a spade): limit 9, and the hand's points double
    g, k = knock_deal(False, kd, "9S", "4C 5C 6C 9D TS JS 8S AH 2H QS", rules={"preset": "oklahoma"})
    assert g.knock_limit == 9
    play(g, "knock KD")
    r = shown(g.results[-1])
    # defender: 4C 5C 6C and TS JS QS; 2H lays off on the 2s; deadwood 9D 8S AH = 18
    assert r["deadwood"][k] == 9 and r["deadwood"][1 - k] == 18
    assert r["end"] == "knock" and r["points"][k] == 2 * (18 - 9) and r["doubled"]
    # an undercut doubles too
    g, k = knock_deal(False, kd, "9S", "4C 5C 6C 9D TS JS QS AH 3H 2H", rules={"preset": "oklahoma"})
    play(g, "knock KD")
    r = shown(g.results[-1])
    # defender: 4C5C6C, TS JS QS, AH 2H 3H: deadwood 9D = 9, equal: an undercut, doubled
    assert r["deadwood"] == [9, 9]
    assert r["end"] == "undercut" and r["points"][1 - k] == 2 * 25 and r["doubled"]


def test_oklahoma_double_spades_needs_oklahoma():
    with pytest.raises(RulesError):
        resolve_rules("gin", 2, {"oklahoma_double_spades": True})
    assert resolve_rules("gin", 2, {"preset": "oklahoma"})["oklahoma_double_spades"] is True


# ----- rule 7: stock floor -----

def _draw_and_throw_until_over(g: Game) -> int:
    """Both players pass, then draw from the stock and throw the drawn card; returns the stock size at the end."""
    while g.phase not in ("hand-over", "match-over"):
        if g.phase == "first-upcard":
            g.apply("pass")
        elif g.phase == "draw":
            g.apply("draw stock")
        else:
            assert g.turn is not None
            g.apply(f"discard {card_str(g.hands[g.turn][-1])}")
    return len(g.stock)


@pytest.mark.parametrize("floor", [0, 2, 5, 30])
def test_rule7_stock_floor_tie(floor):
    rules = {} if floor == 2 else {"stock_floor": floor}
    g = new_game("gin", rules=rules, hands=["", ""], upcard="5C")
    left = _draw_and_throw_until_over(g)
    assert left == floor
    r = shown(g.results[-1])
    assert r["end"] == "tie" and r["winner"] is None and r["points"] == [0, 0]
    assert g.scores == [0, 0]


def test_rule7_knock_on_the_last_allowed_turn_beats_the_floor():
    # the stock is at 3; the player draws (2 left) and knocks: a knock, not a tie
    g = new_game("gin", rules={"stock_floor": 29}, hands=[LOSER, "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"], upcard="QH",
                 stock="TH JS")
    play(g, "pass", "pass", "draw stock")  # seat 1 draws TH: stock 30
    play(g, "knock KS")
    assert shown(g.results[-1])["end"] == "gin"


# ----- rule 8: the match -----

def gin_for(g: Game, seat: int, first: bool = False):
    """Deal the next hand (or use the one dealt) so that ``seat`` goes gin (25 + 68)."""
    if not first:
        hands = ["", ""]
        hands[seat] = GIN9
        hands[1 - seat] = LOSER
        next_hand(g, hands, "TH")
    if seat == g.dealer:
        play(g, "pass")
    play(g, "draw discard", "knock KS")
    assert shown(g.results[-1])["end"] == "gin" and shown(g.results[-1])["winner"] == seat


def tie_hand(g: Game):
    next_hand(g, ["", ""], "5C")
    _draw_and_throw_until_over(g)
    assert shown(g.results[-1])["end"] == "tie"


def start(rules=None, winner_first=1):
    hands = ["", ""]
    hands[winner_first] = GIN9
    hands[1 - winner_first] = LOSER
    g = new_game("gin", rules=rules, dealer=0, hands=hands, upcard="TH")
    gin_for(g, winner_first, first=True)
    return g


def test_rule8_shutout_doubles_hand_points_before_bonuses():
    g = start()
    assert g.final is None and g.phase == "hand-over"
    gin_for(g, 1)
    hp = 2 * (25 + LOSER_DW)  # 186
    assert g.scores == [0, hp]
    assert g.phase == "match-over"
    assert g.final == [0, 2 * hp + 100 + 2 * 25]
    assert g.winner == 1
    with pytest.raises(IllegalAction):
        g.deal()


def test_option_shutout_doubles_off():
    g = start({"shutout_doubles": False})
    gin_for(g, 1)
    assert g.final == [0, 186 + 100 + 50]


def test_rule8_no_shutout_after_a_tie():
    g = start()
    tie_hand(g)
    gin_for(g, 1)
    assert g.final == [0, 186 + 100 + 50]


def test_rule8_no_shutout_when_loser_won_a_hand_line_bonus_each():
    g = start()
    gin_for(g, 0)
    assert g.scores == [93, 93] and g.final is None
    gin_for(g, 1)
    assert g.final == [93 + 25, 186 + 100 + 50] and g.winner == 1
    assert g.hands_won == [1, 2]


def test_option_target_game_bonus_line_bonus():
    g = start({"target": 50, "game_bonus": 7, "line_bonus": 3, "shutout_doubles": False})
    assert g.phase == "match-over"
    assert g.final == [0, 93 + 7 + 3]


def test_rule8_winner_by_grand_total_not_target():
    # seat 0 wins two hands by a point each, seat 1 reaches the target with one gin; line bonus 50 decides
    rules = {"target": 50, "game_bonus": 0, "line_bonus": 100}
    kd = "7H 8H 9H 2C 2D 2S JC QC KC KD"
    # seat 0 knocks with 4 deadwood (4D) against 5: one point
    d5 = "4C 5C 6C 9S TS JS 8S AH 4H QS"  # deadwood 5
    g = new_game("gin", rules=rules, dealer=1, hands=[kd, d5], upcard="4D")  # seat 0 is non-dealer
    play(g, "draw discard", "knock KD")
    assert shown(g.results[-1])["end"] == "knock" and shown(g.results[-1])["points"] == [1, 0]
    next_hand(g, [kd, d5], "4D")  # dealer 0 now: seat 0 is the dealer
    play(g, "pass", "draw discard", "knock KD")
    assert shown(g.results[-1])["points"] == [1, 0]
    gin_for(g, 1)
    assert g.scores == [2, 93] and g.phase == "match-over"
    assert g.final == [2 + 200, 93 + 0 + 100]
    assert g.winner == 0  # seat 1 reached the target, seat 0 has the higher grand total


def test_rule8_target_values_offered():
    for t in (50, 100, 150, 200, 250, 300):
        assert resolve_rules("gin", 2, {"target": t})["target"] == t


# ----- presets -----

def test_preset_cardgames_is_the_defaults():
    r = resolve_rules("gin", 2, {"preset": "cardgames"})
    assert r == {**resolve_rules("gin", 2), "preset": "cardgames"}
    assert (r["knock_limit"], r["big_gin"], r["gin_bonus"], r["big_gin_bonus"], r["undercut_bonus"]) == (10, True, 25, 31, 25)
    assert (r["undercut_on_tie"], r["stock_floor"], r["target"], r["game_bonus"], r["line_bonus"], r["shutout_doubles"]) == (
        True, 2, 100, 100, 25, True)
    assert r["oklahoma"] is False and r["oklahoma_double_spades"] is False


def test_preset_oklahoma():
    r = resolve_rules("gin", 2, {"preset": "oklahoma"})
    assert r["oklahoma"] is True and r["oklahoma_double_spades"] is True


def test_preset_tournament_plays_without_big_gin_or_bonuses():
    r = resolve_rules("gin", 2, {"preset": "tournament"})
    assert (r["big_gin"], r["game_bonus"], r["line_bonus"], r["shutout_doubles"], r["target"],
            r["undercut_on_tie"], r["stock_floor"]) == (False, 0, 0, False, 100, True, 2)
    g = start({"preset": "tournament"})
    gin_for(g, 1)
    assert g.final == [0, 186]
    g, _k = knock_deal(False, "AC 2C 3C 4D 5D 6D 7H 8H 9H JH", "TH", LOSER, rules={"preset": "tournament"})
    assert "big gin" not in legal(g)


def test_unknown_option_and_preset_refused():
    with pytest.raises(RulesError):
        resolve_rules("gin", 2, {"knock_limt": 5})
    with pytest.raises(RulesError):
        resolve_rules("gin", 2, {"preset": "casino"})


def test_stacked_deck_helper_round_trip():
    deck = stacked_deck("gin", 2, 1, [GIN9, LOSER], "TH", "2D 3D")
    g = Game("gin", 2, resolve_rules("gin", 2), Rng(0), 1)
    g.deal(deck)
    assert hand_of(g, 0) == sorted(GIN9.split()) and hand_of(g, 1) == sorted(LOSER.split())
    assert g.stock[:2] == [C("2D"), C("3D")]
