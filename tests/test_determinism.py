"""Determinism: the seeded generator is SplitMix64 in pure integer arithmetic, so a seed gives the same deals
everywhere (CPython and Pyodide alike). Golden deals catch any change to the shuffle or the dealing."""

from __future__ import annotations

from rummy import Event, EventKind, Game, card_str, parse_cards, seat_view
from rummy.rng import Rng


def deck_text(g: Game, hand: int = 0) -> list[str]:
    return [card_str(c) for c in g.records[hand].deck]


def test_splitmix64_reference_vector():
    # the published SplitMix64 outputs for seed 1234567
    r = Rng(1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821]


def test_rng_helpers_golden():
    r = Rng(42)
    assert [r.below(10) for _ in range(10)] == [3, 1, 8, 4, 0, 2, 5, 8, 5, 4]
    assert r.random() == 0.20490183179877552
    assert Rng.from_state(Rng(9).state).next64() == Rng(9).next64()


GOLDEN_2024 = ["JH", "9S", "6H", "8S", "TC", "AS", "QS", "QD", "7D", "7S", "TH", "6S", "4S", "JC", "AC", "AH", "JS", "8D", "7H", "2H", "3S", "KS", "QH", "9C", "2D", "8H", "2C", "6C", "3D", "6D", "4D", "9H", "5C", "AD", "3C", "2S", "8C", "JD", "KC", "4H", "4C", "TS", "5D", "9D", "3H", "TD", "7C", "5S", "QC", "KD", "5H", "KH"]
GOLDEN_JOKERS_7 = ["8S", "8H", "2D", "7H", "JK", "AH", "2S", "4H", "7C", "9H", "3C", "TH", "3S", "5D", "AD", "7D", "9D", "TD", "6S", "QC", "AS", "9C", "2H", "5S", "7S", "2C", "6D", "KS", "JH", "3D", "4C", "QH", "TS", "TC", "4S", "4D", "KC", "KH", "6H", "AC", "KD", "JC", "JD", "8D", "3H", "QS", "5C", "5H", "JS", "6C", "JK", "9S", "8C", "QD"]


def test_golden_first_deal_gin():
    g = Game.new("gin", seed=2024)
    assert g.dealer == 1
    assert deck_text(g) == GOLDEN_2024


def test_golden_first_deal_rummy_four_players():
    g = Game.new("rummy", 4, seed=2024)
    assert g.dealer == 1 and deck_text(g) == GOLDEN_2024
    # dealt one at a time from the left of the dealer (seat 2)
    assert [card_str(c) for c in g.hands[2]] == GOLDEN_2024[0:28:4]
    assert [card_str(c) for c in g.hands[1]] == GOLDEN_2024[3:28:4]
    assert card_str(g.discard[-1]) == GOLDEN_2024[28]


def test_golden_first_deal_rummy_jokers():
    g = Game.new("rummy", 3, {"jokers": True}, seed=7)
    assert g.dealer == 0 and deck_text(g) == GOLDEN_JOKERS_7


def test_same_seed_same_match_different_seed_different_deal():
    for game, players in (("gin", 2), ("rummy", 2), ("rummy", 5)):
        a, b = Game.new(game, players, seed=99), Game.new(game, players, seed=99)
        assert a.to_dict() == b.to_dict()
        for _ in range(40):
            if a.phase not in ("draw", "play", "first-upcard"):
                break
            act = a.legal_actions()[0]
            a.apply(act)
            b.apply(act)
        assert a.to_dict() == b.to_dict()
        assert deck_text(Game.new(game, players, seed=100)) != deck_text(a)


def test_next_deals_follow_from_the_seed():
    decks = []
    for _ in range(2):
        g = Game.new("gin", seed=31)
        seq = [deck_text(g)]
        for _ in range(2):
            while g.phase not in ("hand-over", "match-over"):
                g.apply(g.legal_actions()[0])
            g.deal()
            seq.append(deck_text(g, len(g.records) - 1))
        decks.append(seq)
    assert decks[0] == decks[1]
    assert len({tuple(d) for d in decks[0]}) == 3


def test_view_contents_golden():
    g = Game.new("gin", seed=2024)  # dealer 1: seat 0 is offered the upcard
    v0, v1 = seat_view(g, 0), seat_view(g, 1)
    assert v0.seat == 0 and v0.dealer == 1 and v0.turn == 0 and v0.phase == "first-upcard"
    assert list(v0.hand) == parse_cards(GOLDEN_2024[0:20:2])
    assert list(v1.hand) == parse_cards(GOLDEN_2024[1:20:2])
    assert [str(a) for a in v0.legal] == ["draw discard", "pass"] and v1.legal == ()
    assert v0.my_turn and not v1.my_turn
    assert v0.discard == tuple(parse_cards([GOLDEN_2024[20]])) and v0.top_discard == parse_cards(["3S"])[0]
    assert v0.stock_count == 31 and v0.hand_counts == (10, 10)
    assert v0.upcard == parse_cards(["3S"])[0] and v0.knock_limit == 10
    assert v0.scores == (0, 0) and v0.hand_number == 1 and v0.log == () and v0.result is None
    g.apply("draw discard")
    v1 = seat_view(g, 1)
    assert v1.log == (Event(EventKind.DRAW_DISCARD, 0, parse_cards(["3S"])[0]),)
    assert v1.known_cards(0) == parse_cards(["3S"]) and v1.taken_discard is None
    assert seat_view(g, 0).taken_discard == parse_cards(["3S"])[0]
