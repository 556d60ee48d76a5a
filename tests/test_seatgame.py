"""A match kept from one seat's knowledge (rummy/seatgame.py) and the engine's exchange of two face-down cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import Game
from rummy.cards import parse_card
from rummy.seatgame import TABLE, SeatGame


def test_exchange_swaps_two_face_down_cards_everywhere_in_the_hand_and_its_record() -> None:
    g = Game.new("gin", seed=4, dealer=0)
    a, b = g.hands[1][0], g.stock[3]
    census = g.card_census()
    g.exchange(a, b)
    assert g.hands[1][0] == b and g.stock[3] == a
    assert g.records[-1].deck.index(b) < 20 and g.card_census() == census


def test_exchange_refuses_a_face_up_card_and_changes_nothing() -> None:
    g = Game.new("gin", seed=4, dealer=0)
    before = (g.to_dict(), list(g.records[-1].deck))
    with pytest.raises(ValueError):
        g.exchange(g.discard[-1], g.stock[0])
    assert (g.to_dict(), g.records[-1].deck) == before


def test_the_deal_plan_follows_the_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    s = SeatGame("rummy", seat=2, players=3, seed=1, dealer=2)
    plan = s.deal_plan()
    assert plan[0] == ([i for i in range(21) if i % 3 == 0], 0)  # seat 0 is left of the dealer (2)
    assert plan[-1] == ([21], TABLE)
    s.deal(dict(zip(plan[2][0] + [21], range(8))))
    assert sorted(s.game.hands[2]) == list(range(7)) and s.game.discard == [7]


def test_learning_a_card_puts_it_in_its_place_and_the_stand_in_where_it_was() -> None:
    s = SeatGame("gin", seat=0, seed=2, dealer=1)
    mine = s.deal_plan()[0][0]
    s.deal({p: 51 - i for i, p in enumerate(mine)} | {20: 0})
    other = s.game.hands[1][0]
    card = parse_card("7H")
    where_before = s.place_of(card)
    s.learn(s.place_of(other), card)
    assert card in s.game.hands[1] and s.record.deck[where_before] == other
    with pytest.raises(ValueError):
        s.learn(s.place_of(card), parse_card("8H"))  # seen there already
    with pytest.raises(ValueError):
        s.learn(s.unknown_places(1)[0], card)  # seen at another place


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(["gin", "rummy"]), seed=st.integers(0, 10**6), seat=st.integers(0, 1))
def test_stand_ins_are_only_the_unseen_cards_in_the_decks_order(game: str, seed: int, seat: int) -> None:
    """Whatever the other seat holds, the stand-ins are the same: nothing but what this seat saw places them."""
    real = Game.new(game, seed=seed, dealer=0)
    s = SeatGame(game, seat=seat, seed=seed, dealer=0)
    known = {p: real.records[0].deck[p] for places, to in s.deal_plan() if to in (seat, TABLE) for p in places}
    s.deal(known)
    unseen = [c for c in s.cards if c not in set(known.values())]
    assert [c for p, c in enumerate(s.record.deck) if p not in known] == unseen
    assert sorted(s.game.hands[seat]) == sorted(real.hands[seat]) and s.game.discard == real.discard
