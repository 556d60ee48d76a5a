"""The deal check covers every card a hand showed (rummy.fairdeal.check_hand): each card dealt, the upcard, every
card drawn from the stock, from a rebuilt stock too; a card that is not the committed deck's is named, in words
and as a code with its parameters, on the command line as in the worker."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import Game, RecordError, resolve_rules
from rummy.cards import card_str, parse_card
from rummy.cli import main
from rummy.compact import compact, load
from rummy.errors import DealRefusal
from rummy.fairdeal import DealCheck, new_match, proofs_for, verify_record
from rummy.replays import finished_record, game_at


def _play(g: Game, rnd: random.Random, moves: int | None = None) -> Game:
    """Random legal moves for every seat until the hand ends (or ``moves`` of them)."""
    n = 0
    while g.phase.in_hand and (moves is None or n < moves):
        g.apply(rnd.choice(g.legal_actions()))
        n += 1
    return g


def _hand(game: str, seed: int, rules: dict[str, Any] | None = None) -> Game:
    """The first hand of a match of ``game`` dealt from ``seed``'s secret, played out at random (from ``seed``)."""
    g = new_match(game, 2, resolve_rules(game, 2, rules or {}), seed)
    return _play(g, random.Random(seed))


def _checked(g: Game, seed: int) -> DealCheck:
    """The check of hand 0 of ``g``'s record of finished hands, read back from JSON as a file would be."""
    rec = finished_record(g)
    rec["proofs"] = proofs_for(seed, 1)
    return verify_record(json.loads(json.dumps(rec)))[0]


def _record(g: Game, seed: int) -> dict[str, Any]:
    rec = finished_record(g)
    rec["proofs"] = proofs_for(seed, 1)
    return json.loads(json.dumps(rec))


# ----- scenarios with known answers -----


def test_a_stock_changed_in_a_saved_match_is_caught_naming_the_card():
    """A saved match (the full save keeps the stock) whose stock was changed mid-hand: the deck the match recorded
    is still the committed one, but the 3rd card drawn from the stock is not the committed deck's."""
    seed = 7
    g = _play(new_match("gin", 2, resolve_rules("gin", 2, {}), seed), random.Random(seed), moves=6)
    d = g.to_dict()
    d["stock"][0], d["stock"][5] = d["stock"][5], d["stock"][0]  # the next card drawn is another
    changed = _play(Game.from_dict(d), random.Random(seed))
    assert changed.records[0].deck == g.records[0].deck
    check = _checked(changed, seed)
    assert not check.ok
    assert check.code == DealRefusal.STOCK_DRAW
    assert check.params == {"draw": 3, "action": 7, "rebuilt": False, "card": "JD", "committed": "4C"}
    assert check.words == "Hand 1: the 3rd card drawn from the stock was J♦, the committed deck has 4♣."
    # and the hand's replay says so instead of going astray
    with pytest.raises(RecordError, match="3rd card drawn from the stock was J♦, but its deck gives 4♣"):
        game_at(finished_record(changed), 0)


def test_a_stock_changed_in_a_compact_save_is_caught_naming_the_card():
    """The compact save keeps the deck, not the stock: two cards of the stock swapped in it deal the player another
    card than the committed one, and the check names that draw (its deck is the changed one, but the draws come
    first: they are what the players saw)."""
    seed = 11
    g = _play(new_match("gin", 2, resolve_rules("gin", 2, {}), seed), random.Random(seed), moves=4)
    save = compact(g)
    deck = save["record"]["hands"][0]["deck"]
    drawn = len(save["record"]["hands"][0]["drawn"])
    top = 21 + drawn  # the next card of the stock: after 20 dealt, the upcard and the cards drawn
    deck[top], deck[top + 9] = deck[top + 9], deck[top]
    changed = _play(load(save), random.Random(seed))
    check = _checked(changed, seed)
    assert check.code == DealRefusal.STOCK_DRAW and check.params["draw"] == drawn + 1
    assert check.params["card"] == deck[top] and check.params["committed"] == deck[top + 9]


def test_a_changed_dealt_card_is_caught_naming_it():
    seed = 5
    rec = _record(_hand("gin", seed), seed)
    deck = rec["hands"][0]["deck"]
    deck[3], deck[30] = deck[30], deck[3]
    check = verify_record(rec)[0]
    assert check.code == DealRefusal.DEALT_CARD
    assert check.params == {"position": 4, "upcard": False, "card": deck[3], "committed": deck[30]}
    assert check.words == ("Hand 1: the cards dealt are not the deck this secret shuffles: the 4th card dealt was "
                           f"{_face(deck[3])}, the committed deck has {_face(deck[30])}.")
    # the upcard (card 21 of a two-player Gin deal) is named as such
    rec = _record(_hand("gin", seed), seed)
    deck = rec["hands"][0]["deck"]
    deck[20], deck[40] = deck[40], deck[20]
    check = verify_record(rec)[0]
    assert check.code == DealRefusal.DEALT_CARD and check.params["upcard"] is True
    assert "the upcard was " in check.words


def test_a_card_swapped_between_hands_in_a_saved_match_is_caught_at_the_move_it_makes():
    """A full save whose hands were changed (a card of seat 0's swapped with one of seat 1's): the deck and every
    draw are still the committed ones, but seat 0 discards a card the committed deck never dealt it."""
    seed = 13
    rnd = random.Random(seed)
    g = _play(new_match("gin", 2, resolve_rules("gin", 2, {}), seed), rnd, moves=4)
    d = g.to_dict()
    assert d["turn"] == 1 and d["phase"] == "draw"
    d["hands"][0][0], d["hands"][1][0] = d["hands"][1][0], d["hands"][0][0]
    foreign = d["hands"][0][0]
    changed = Game.from_dict(d)
    while changed.phase.in_hand:
        moves = changed.legal_actions()
        changed.apply(next((a for a in moves if str(a) == "discard " + foreign), rnd.choice(moves)))
    check = _checked(changed, seed)
    assert check.code == DealRefusal.REPLAY
    assert check.params == {"action": 7, "text": "discard KD", "refusal": "not-held"}
    assert check.words == ("Hand 1: the hand cannot be replayed with the secret's stock: its 8th move, discard K♦, "
                           "cannot be played with the cards the committed deck deals (You don't have KD).")


def test_an_honest_gin_hand_checks_out():
    seed = 7
    g = _hand("gin", seed)
    assert g.records[0].drawn, "cards were drawn from the stock"
    check = _checked(g, seed)
    assert check.ok and check.code is None and check.params == {} and check.problems == ()
    assert check.to_data()["code"] is None


def test_an_honest_rummy_hand_with_a_rebuilt_stock_checks_out_and_its_rebuilt_draws_are_checked():
    seed = 3
    g = _hand("rummy", seed, {"reuse_discards": "shuffle"})
    record = g.records[0]
    assert record.restocks, "the stock was rebuilt"
    assert _checked(g, seed).ok
    # a card drawn after the rebuilding, changed: the secret's reshuffle gives another
    rec = _record(g, seed)
    stock = len(record.deck) - 21  # the cards of the stock as dealt, all drawn before the rebuilding
    late = stock + 2
    assert len(rec["hands"][0]["drawn"]) > late, "cards were drawn from the rebuilt stock"
    card = rec["hands"][0]["drawn"][late]
    other = next(c for c in rec["hands"][0]["drawn"] if c != card)
    rec["hands"][0]["drawn"][late] = other
    check = verify_record(rec)[0]
    assert check.code == DealRefusal.STOCK_DRAW
    assert check.params == {"draw": late + 1, "action": check.params["action"], "rebuilt": True, "card": other,
                            "committed": card}
    assert "(rebuilt from the discards)" in check.words and "the secret's shuffle of the discards gives" in check.words
    # a rebuilt stock other than the secret's (the record's restocks are what a replay deals from)
    rec = _record(g, seed)
    del rec["hands"][0]["drawn"]
    rec["hands"][0]["restocks"][0].reverse()
    check = verify_record(rec)[0]
    assert not check.ok and check.code in (DealRefusal.STOCK_DRAW, DealRefusal.RESTOCK)


def test_a_record_listing_more_draws_than_its_actions_make_fails():
    seed = 7
    rec = _record(_hand("gin", seed), seed)
    rec["hands"][0]["drawn"].append(rec["hands"][0]["deck"][0])
    check = verify_record(rec)[0]
    assert check.code == DealRefusal.DRAWS_COUNT
    assert check.params["listed"] == check.params["drawn"] + 1


def test_an_old_record_without_its_draws_is_checked_by_its_deck():
    """Records made before they listed their draws: the cards drawn are those their deck gives."""
    seed = 7
    rec = _record(_hand("gin", seed), seed)
    del rec["hands"][0]["drawn"]
    assert verify_record(rec)[0].ok
    deck = rec["hands"][0]["deck"]
    deck[21], deck[22] = deck[22], deck[21]  # the first two cards of the stock
    check = verify_record(rec)[0]
    assert check.code == DealRefusal.STOCK_DRAW and check.params["draw"] == 1


def test_the_command_line_names_the_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed = 7
    rec = _record(_hand("gin", seed), seed)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(rec))
    assert main(["verify", str(path)]) == 0
    assert "Every deal checks out." in capsys.readouterr().out
    k = 2
    committed = rec["hands"][0]["drawn"][k]
    changed = next(c for c in rec["hands"][0]["deck"] if c != committed)
    rec["hands"][0]["drawn"][k] = changed
    path.write_text(json.dumps(rec))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"the 3rd card drawn from the stock was {_face(changed)}, the committed deck has {_face(committed)}" in out
    assert main(["verify", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert data["hands"][0]["code"] == "stock-draw"
    assert data["hands"][0]["params"]["card"] == changed and data["hands"][0]["params"]["committed"] == committed


def _face(text: str) -> str:
    from rummy.cards import card_face

    return card_face(parse_card(text))


# ----- every honest hand checks out; any one card drawn changed does not -----


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["gin", "rummy"]), seed=st.integers(0, 2**40), pick=st.integers(0, 10**6),
       card=st.integers(0, 51))
def test_any_honest_hand_checks_out_and_any_one_card_drawn_changed_is_named(game: str, seed: int, pick: int,
                                                                           card: int) -> None:
    g = _hand(game, seed, {"reuse_discards": "shuffle"} if game == "rummy" else {})
    rec = _record(g, seed)
    assert verify_record(rec)[0].ok
    drawn = rec["hands"][0]["drawn"]
    if not drawn:
        return
    k = pick % len(drawn)
    other = card_str(card)
    if other == drawn[k]:
        other = card_str((card + 1) % 52)
    was = drawn[k]
    drawn[k] = other
    check = verify_record(rec)[0]
    assert not check.ok and check.code == DealRefusal.STOCK_DRAW
    assert check.params["draw"] == k + 1 and check.params["card"] == other and check.params["committed"] == was
