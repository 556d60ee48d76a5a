"""Fair deals (rummy.fairdeal), practice undo (rummy.practice) and the daily deal (rummy.daily)."""

from __future__ import annotations

import datetime
import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import Game, RecordError, export_record, resolve_rules, seat_view
from rummy.bots import make_bot
from rummy.cards import card_str, new_deck
from rummy.cli import main
from rummy.daily import daily_config, daily_seed, deal_query, parse_day, share_line
from rummy.fairdeal import (
    check_hand,
    commitment,
    deal_next,
    first_dealer,
    hand_secret,
    new_match,
    proof,
    proofs_for,
    rebuild,
    restock_state,
    short,
    shuffled_deck,
    verify_record,
)
from rummy.practice import turn_starts, undo_last_turn
from rummy.replays import finished_record

# one process runs the module (make test's --dist loadgroup): its matches are played once, cached
pytestmark = pytest.mark.xdist_group("test_fairdeal")

# ----- fixed vectors: the same numbers in CPython and Pyodide (e2e compares the browser's with these) -----

SECRET_42_0 = "63e9e9c3ba73b406c59d7c3f73f1385ef293181a547cb9d5fdc10f912ca381ae"


def test_fixed_vectors():
    assert hand_secret(42, 0) == SECRET_42_0
    assert commitment(SECRET_42_0) == "de0df993f6a1ae86ed182fc0acf45a8c1ea1fc74afcd879305c50cb4b7d56c22"
    assert short(commitment(SECRET_42_0)) == "de0df993f6a1"
    top = [card_str(c) for c in shuffled_deck(new_deck(), SECRET_42_0)[:10]]
    assert top == ["QH", "AC", "8D", "KH", "JD", "KC", "2H", "3S", "QC", "TS"]
    assert restock_state(SECRET_42_0) == 3303360728142120009
    # a guest's contribution changes the deal
    mixed = [card_str(c) for c in shuffled_deck(new_deck(), SECRET_42_0, ["guest-a", "b"])[:5]]
    assert mixed == ["TH", "JC", "AD", "3S", "4H"]
    assert daily_seed("gin", "2026-01-01") == 157070811228600
    assert daily_seed("rummy", "2026-01-01") == 189634799261761


def _bots_match(game: str, players: int, seed: int, rules: dict) -> Game:
    g = new_match(game, players, resolve_rules(game, players, rules), seed)
    bots = [make_bot("skilled", game, 10 + s) for s in range(players)]  # a proof does not care how well they play
    while g.phase != "match-over":
        if g.phase == "hand-over":
            deal_next(g, seed)
            continue
        s = g.turn
        assert s is not None
        g.apply(bots[s].choose(seat_view(g, s)), s)
    return g


@functools.cache
def _finished_match(game: str, players: int, seed: int, rules_json: str) -> Game:
    return _bots_match(game, players, seed, json.loads(rules_json))


def finished_match(game: str, players: int, seed: int, rules: dict) -> Game:
    """``_bots_match`` to the end, played once per test process: a clone of
    it, so no test sees another's changes."""
    return _finished_match(game, players, seed, json.dumps(rules, sort_keys=True)).clone()


# The Gin match that the tests of records, proofs and the command line share (seed 99; its hands are checked
# one by one in test_every_hand_is_dealt_from_its_secret_and_checks_out).
GIN_SEED = 99
GIN_RULES = {"target": 60}


@pytest.mark.parametrize("game,players,rules", [
    ("gin", 2, GIN_RULES), ("rummy", 3, {"rounds": 3}), ("rummy", 4, {"rounds": 2, "jokers": True}),
])
def test_every_hand_is_dealt_from_its_secret_and_checks_out(game, players, rules):
    seed = GIN_SEED
    g = finished_match(game, players, seed, rules)
    assert g.first_dealer == first_dealer(seed, players) == Game.new(game, players, rules, seed=seed).first_dealer
    for h, r in enumerate(g.records):
        assert r.deck == shuffled_deck(g.full_deck(), hand_secret(seed, h))
    rec = finished_record(g)
    rec["proofs"] = proofs_for(seed, len(g.results))
    rec = json.loads(json.dumps(rec))
    checks = verify_record(rec)
    assert [c.hand for c in checks] == list(range(len(g.results)))
    assert all(c.ok and not c.problems for c in checks)


def test_hands_do_not_depend_on_how_earlier_hands_were_played():
    """Hand n's deck comes from the seed alone: two different matches from one seed deal the same hands."""
    a = _bots_match("rummy", 2, 5, {"rounds": 3})
    g = new_match("rummy", 2, resolve_rules("rummy", 2, {"rounds": 3}), 5)
    while len(g.records) < 3:
        if g.phase == "hand-over":
            deal_next(g, 5)
            continue
        g.apply(g.legal_actions()[0])
    assert [r.deck for r in g.records] == [r.deck for r in a.records]


def test_tampering_is_caught():
    seed = 3
    g = _bots_match("rummy", 3, seed, {"rounds": 2, "reuse_discards": "shuffle"})
    rec = finished_record(g)
    rec["proofs"] = proofs_for(seed, 2)
    with_restock = [h for h, r in enumerate(g.records) if r.restocks]
    # a swapped pair of cards in the deck
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["deck"][0], bad["hands"][0]["deck"][1] = bad["hands"][0]["deck"][1], bad["hands"][0]["deck"][0]
    assert not verify_record(bad)[0].ok
    assert "not the deck this secret shuffles" in verify_record(bad)[0].words
    # a secret that is not the committed one
    other = check_hand(rec, 0, rec["proofs"][0]["commitment"], hand_secret(seed + 1, 0))
    assert not other.ok and any("commitment" in p for p in other.problems)
    # a secret that is not a secret
    assert not check_hand(rec, 0, rec["proofs"][0]["commitment"], "xyz").ok
    if with_restock:  # a rebuilt stock other than the one the secret shuffles
        h = with_restock[0]
        bad = json.loads(json.dumps(rec))
        bad["hands"][h]["restocks"][0] = list(reversed(bad["hands"][h]["restocks"][0]))
        assert not verify_record(bad)[h].ok


def test_restocks_are_checked():
    """Find a seeded Rummy match that rebuilds its stock; its rebuilt stocks check out."""
    for seed in range(40):
        g = _bots_match("rummy", 4, seed, {"rounds": 1, "reuse_discards": "shuffle"})
        if g.records[0].restocks:
            break
    else:
        pytest.skip("no restock in 40 matches")
    rec = finished_record(g)
    rec["proofs"] = proofs_for(seed, 1)
    assert verify_record(rec)[0].ok
    rec["hands"][0]["restocks"][0] = list(reversed(rec["hands"][0]["restocks"][0]))
    assert not verify_record(rec)[0].ok


def test_a_proof_shows_the_commitment_and_reveals_the_secret_only_when_asked():
    p = proof(0, SECRET_42_0, revealed=False)
    assert p["secret"] is None and p["commitment"] == commitment(SECRET_42_0) and p["short"] == p["commitment"][:12]
    assert proof(0, SECRET_42_0, revealed=True)["secret"] == SECRET_42_0


@pytest.mark.parametrize("proofs,words", [
    (None, "no proofs"), ([], "no proofs"), (["x"], "object"), ([{"hand": "0", "commitment": "c", "secret": "s"}],
                                                                  "hand"),
    ([{"hand": 0, "commitment": "c", "secret": None}], "not revealed"),
    ([{"hand": 0, "commitment": "c", "secret": "s", "contributions": "x"}], "contributions"),
    ([{"hand": 9, "commitment": "c", "secret": SECRET_42_0}], "no hand 9"),
])
def test_bad_proofs_are_record_errors(proofs, words):
    rec = finished_record(finished_match("gin", 2, GIN_SEED, GIN_RULES))
    if proofs is not None:
        rec["proofs"] = proofs
    with pytest.raises(RecordError) as e:
        verify_record(rec)
    assert words in str(e.value)


def test_verify_on_the_command_line(tmp_path, capsys):
    seed = GIN_SEED
    g = finished_match("gin", 2, seed, GIN_RULES)
    rec = finished_record(g)
    rec["proofs"] = proofs_for(seed, len(g.results))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec))
    assert main(["verify", str(good)]) == 0
    out = capsys.readouterr().out
    assert "Hand 1: the deal matches its fingerprint " + rec["proofs"][0]["short"] in out
    assert "Every deal checks out." in out
    assert main(["verify", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and len(data["hands"]) == len(g.results) and data["hands"][0]["deck"] == rec["hands"][0]["deck"]
    rec["hands"][0]["deck"].reverse()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    assert main(["verify", str(bad), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False
    (tmp_path / "junk.json").write_text("{not json")
    assert main(["verify", str(tmp_path / "junk.json")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    del rec["proofs"]
    good.write_text(json.dumps(rec))
    assert main(["verify", str(good)]) == 2
    assert "no proofs" in capsys.readouterr().err


# ----- practice undo -----


@pytest.mark.parametrize("game,players", [("gin", 2), ("rummy", 2), ("rummy", 3)])
def test_undo_goes_back_to_the_saved_state_and_keeps_the_stock(game, players):
    """At the start of each of seat 0's turns the state is saved; an undo later in that turn, or after the
    opponents moved, gives exactly that state back, and the stock is in the same order (the card drawn is the
    next card of the stock again)."""
    seed = 31
    rules = {"target": 60} if game == "gin" else {"rounds": 2}
    g = new_match(game, players, resolve_rules(game, players, rules), seed)
    bots = [make_bot("skilled", game, s) for s in range(players)]
    saved: dict | None = None
    saved_stock: list[int] = []
    undone = 0
    rng = random.Random(4)
    while g.phase != "match-over" and undone < 12:
        if g.phase == "hand-over":
            deal_next(g, seed)
            saved = None
            continue
        s = g.turn
        fresh = s == 0 and (not g.records[-1].actions or _turn_before(g) != 0)
        if fresh:
            if saved is not None and rng.random() < 0.5:
                # undo from here: back to the start of the previous turn of seat 0
                back = undo_last_turn(g, seed, 0)
                assert back is not None
                assert back.to_dict() == saved and back.stock == saved_stock
                undone += 1
            saved, saved_stock = g.clone().to_dict(), list(g.stock)
        elif s == 0 and saved is not None and rng.random() < 0.3:
            back = undo_last_turn(g, seed, 0)  # mid-turn: back to this turn's start
            assert back is not None and back.to_dict() == saved and back.stock == saved_stock
            undone += 1
        g.apply(bots[s].choose(seat_view(g, s)), s)
    assert undone >= 5


def _turn_before(g: Game) -> int | None:
    """Who played the last action of the hand in play (replayed from the start of the hand)."""
    rec = export_record(g)
    h = rebuild(rec, 31, len(g.records) - 1, len(g.records[-1].actions) - 1)
    return h.turn


def test_undo_after_a_stock_draw_puts_the_same_card_back_on_top():
    seed = 8
    g = new_match("gin", 2, resolve_rules("gin", 2, {}), seed)
    while not (g.turn == 0 and g.phase == "draw" and not g.must_draw_stock and len(g.records[-1].actions) > 2):
        g.apply(make_bot("expert", "gin", 1).choose(seat_view(g, g.turn)), g.turn)
    top = g.stock[0]
    g.apply("draw stock", 0)
    assert top in g.hands[0]
    back = undo_last_turn(g, seed, 0)
    assert back is not None and back.stock[0] == top and top not in back.hands[0]
    back.apply("draw stock", 0)
    assert back.hands[0] == g.hands[0]  # drawing again gives the same card


def test_no_undo_before_a_first_turn_or_across_hands():
    seed = 2
    g = new_match("rummy", 2, resolve_rules("rummy", 2, {}), seed)
    first = g.turn
    assert undo_last_turn(g, seed, first) is None  # nothing played yet
    assert turn_starts(g, seed, first) == []
    g.apply("draw stock")
    assert undo_last_turn(g, seed, first) is not None  # mid-turn: back to its start
    # the shared Gin match as it was when its first hand ended (rebuilt from its record and seed)
    rec = export_record(finished_match("gin", 2, GIN_SEED, GIN_RULES))
    assert len(rec["hands"]) > 1
    ended = rebuild(rec, GIN_SEED, 0, len(rec["hands"][0]["actions"]))
    assert ended.phase == "hand-over"
    assert undo_last_turn(ended, GIN_SEED, 0) is None  # the hand is over: every hand has been shown


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), game=st.sampled_from(["gin", "rummy"]), steps=st.integers(1, 60),
       pick=st.randoms(use_true_random=False))
def test_undo_rebuilds_an_earlier_state_of_random_play(seed, game, steps, pick):
    """Random legal play: an undo is always a state the match was in, at the start of a turn of seat 0."""
    g = new_match(game, 2, resolve_rules(game, 2, {}), seed)
    states: dict[tuple[int, int], dict] = {}
    for _ in range(steps):
        if not g.phase.in_hand:
            break
        states[(len(g.records), len(g.records[-1].actions))] = g.clone().to_dict()
        g.apply(pick.choice(g.legal_actions()))
    back = undo_last_turn(g, seed, 0)
    if back is not None:
        assert back.turn == 0
        assert back.to_dict() == states[(len(back.records), len(back.records[-1].actions))]


# ----- the daily deal and deal links -----


def test_the_daily_deal_is_the_same_for_the_same_day():
    assert daily_seed("gin", "2026-03-01") == daily_seed("gin", datetime.date(2026, 3, 1))
    assert daily_seed("gin", "2026-03-01") != daily_seed("gin", "2026-03-02")
    assert daily_seed("gin", "2026-03-01") != daily_seed("rummy", "2026-03-01")
    assert 0 <= daily_seed("gin", "2026-03-01") < 2**48
    a, b = daily_config("gin", "2026-03-01"), daily_config("gin", "2026-03-01")
    assert a == b and a["daily"] == "2026-03-01" and a["opponents"] == ["ada"]
    ga = new_match("gin", 2, resolve_rules("gin", 2, a["rules"]), a["seed"])
    gb = new_match("gin", 2, resolve_rules("gin", 2, b["rules"]), b["seed"])
    assert ga.to_dict() == gb.to_dict()
    assert daily_config("rummy", "2026-03-01")["opponents"] == ["sage"]
    assert parse_day(None) == datetime.datetime.now(datetime.UTC).date()
    for bad in ("2026-3-1", "yesterday", 20260301, "2026-02-30"):
        with pytest.raises(ValueError):
            daily_seed("gin", bad)
    with pytest.raises(ValueError):
        daily_seed("chess", "2026-03-01")


def test_a_deal_link_is_read_back_by_the_page_as_the_same_match():
    from rummy.catalog import catalog
    from web.page.app.params import game_config, parse_query
    from web.page.app.setup import Catalog

    cat = Catalog(catalog())
    cases = [("gin", ["ada"], {"preset": "oklahoma", "knock_limit": 5}, 42),
             ("rummy", ["mel", "dot"], {"preset": "cardgames", "jokers": True}, 2**40 + 7),
             ("rummy", ["sage"], {"preset": "cardgames", "rounds": 3}, 9)]
    for game, opps, rules, seed in cases:
        q = deal_query(game, opps, rules, seed)
        cfg, problem = game_config(parse_query("?" + q), cat)
        assert problem is None, problem
        assert cfg["game"] == game and cfg["opponents"] == opps and cfg["seed"] == seed
        assert resolve_rules(game, len(opps) + 1, cfg["rules"]) == resolve_rules(game, len(opps) + 1, rules)
    assert deal_query("gin", ["ada"], {"preset": "cardgames"}, 5) == "game=gin&opponents=ada&seed=5"


def test_the_share_line_says_no_cards():
    line = share_line("gin", "2026-03-01", [92, 40], 0, 4, "Ada")
    assert line == "Gin Rummy daily, 2026-03-01: I won 92 to 40 against Ada in 4 hands."
    assert "lost" in share_line("rummy", "2026-03-01", [10, 40], 1, 1, "Sage")
    assert "in 1 hand." in share_line("rummy", "2026-03-01", [10, 40], 1, 1, "Sage")
