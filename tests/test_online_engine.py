"""Online play, the engine's side: the host's worker table with guests (fair deals, guests' views, a dropped
guest's seat given to a computer), the host<->guest messages and their checks, and the guest's check of a fair
deal, which must agree with the engine's (rummy.fairdeal) in every case."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import seat_view
from rummy.cards import new_deck
from rummy.fairdeal import commitment, shuffled_deck
from web.page.shared import online
from web.page.shared.cards import text_of
from web.page.shared.protocol import engine_message_problem
from web.worker.table import Table

SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "guest", "name": "Bob"}]
HEX = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)


@settings(max_examples=60, deadline=None)
@given(secret=HEX, cons=st.lists(st.text(min_size=1, max_size=40), max_size=5), jokers=st.booleans())
def test_the_guests_shuffle_is_the_engines(secret, cons, jokers):
    assert online.shuffled_deck(jokers, secret, cons) == shuffled_deck(new_deck(jokers), secret, cons)
    assert online.commitment_of(secret) == commitment(secret)


def ask(t: Table, msg: dict) -> dict:
    (reply,) = t.handle(json.loads(json.dumps(msg)))
    reply = json.loads(json.dumps(reply))
    assert engine_message_problem(reply) is None, reply
    return reply


def online_table(game: str = "gin", seats=SEATS, values=("0" * 32,)) -> tuple[Table, dict, dict]:
    t = Table()
    prepared = ask(t, {"type": "prepare", "players": len(seats)})
    assert prepared["type"] == "prepared" and len(prepared["commitment"]) == 64
    opps = [s["id"] for s in seats if s["kind"] == "computer"]
    cfg = {"game": game, "opponents": opps, "rules": {}, "seed": None, "seats": seats,
           "contributions": list(values)}
    table = ask(t, {"type": "new", "config": cfg})
    assert table["type"] == "table"
    return t, prepared, table


def test_an_online_match_cannot_be_dealt_without_a_commitment():
    t = Table()
    cfg = {"game": "gin", "opponents": [], "rules": {}, "seed": None, "seats": SEATS, "contributions": ["a" * 32]}
    reply = ask(t, {"type": "new", "config": cfg})
    assert reply["type"] == "error" and reply["code"] == "bad-config" and "prepare" in reply["error"]


def play_out(t: Table, rnd: random.Random, on_table=None) -> dict | None:
    """Play the hand in play to its end with random legal moves, for every seat (a guest's moves as the host's
    page relays them); answers the last table message (None if no hand was in play)."""
    g = t.game
    assert g is not None
    last: dict | None = None
    for _ in range(2000):
        if not g.phase.in_hand:
            return last
        seat = g.turn
        assert seat is not None
        action = rnd.choice(seat_view(g, seat).legal)
        if t.seats[seat]["kind"] == "computer":
            last = ask(t, {"type": "advance", "step": g.step})
        else:
            last = ask(t, {"type": "act", "action": str(action), "step": g.step, "seat": seat})
        assert last["type"] == "table", last
        if on_table:
            on_table(last)
    raise AssertionError("the hand did not end")


def test_a_guest_checks_the_deal_after_the_hand():
    t, prepared, first = online_table(values=("ab" * 16,))
    g = t.game
    guest = first["guests"]["1"]
    view = guest["view"]["view"]
    assert view["seat"] == 1 and "secret" not in first["fair"]
    assert first["fair"]["commitment"] == prepared["commitment"]
    # what the guest saw at the deal: its cards and the upcard (Gin: the first upcard is the discard pile)
    from web.page.shared.viewdata import read_view

    v = read_view(guest["view"])
    seen = {"players": 2, "dealer": v.dealer, "seat": 1, "jokers": False, "hand": list(v.hand),
            "upcard": v.discard[-1]}
    last = play_out(t, random.Random(3))
    fair = last["fair"]
    assert fair["secret"] and online.commitment_of(fair["secret"]) == prepared["commitment"]
    promised = {"commitment": prepared["commitment"], "dealer": prepared["dealer"]}
    ok, words = online.check_deal(fair, promised, "ab" * 16, seen)
    assert ok, words
    assert words.startswith("Deal verified")
    # a host that cheats is caught: another secret, the guest's value left out, other cards dealt
    assert not online.check_deal(dict(fair, secret="0" * 64), promised, "ab" * 16, seen)[0]
    assert not online.check_deal(dict(fair, contributions=["cd" * 16]), promised, "ab" * 16, seen)[0]
    assert not online.check_deal(fair, promised, "ef" * 16, seen)[0]
    swapped = dict(seen, hand=seen["hand"][1:] + [seen["upcard"]], upcard=seen["hand"][0])
    assert not online.check_deal(fair, promised, "ab" * 16, swapped)[0]
    assert not online.check_deal(fair, dict(promised, dealer=1 - v.dealer), "ab" * 16, seen)[0]
    assert g.hand_number == 1


def _guest_watches(game: str, values: tuple[str, ...], rnd: random.Random):
    """An online match of ``game`` played out with random moves while the guest at seat 1 keeps what its page keeps
    for the deal check (web.page.app.guest.follow_stock); answers (what it saw, the reveal, the promise)."""
    from web.page.app.guest import follow_stock
    from web.page.shared.viewdata import read_view

    t, prepared, first = online_table(game, values=values)
    v = read_view(first["guests"]["1"]["view"])
    seen = {"players": 2, "dealer": v.dealer, "seat": 1, "jokers": bool(v.rules.get("jokers")), "hand": list(v.hand),
            "upcard": v.discard[0], "shuffle": v.rules.get("reuse_discards") != "turn-over", "draws": [], "piles": {},
            "sizes": {}}
    before = [v]

    def on_table(msg: dict) -> None:
        if "1" in msg.get("guests", {}):
            now = read_view(msg["guests"]["1"]["view"])
            follow_stock(seen, before[0], now)
            before[0] = now

    last = play_out(t, rnd, on_table)
    assert last is not None
    return seen, last["fair"], {"commitment": prepared["commitment"], "dealer": prepared["dealer"]}


def test_a_guest_checks_every_card_it_drew_from_the_stock():
    seen, fair, promised = _guest_watches("gin", ("ab" * 16,), random.Random(5))
    assert seen["draws"], "the guest drew from the stock"
    ok, words = online.check_deal(fair, promised, "ab" * 16, seen)
    assert ok and words.endswith("every card you drew from the stock."), words
    # the host gave the guest another card than the committed one on its first draw from the stock
    draw = seen["draws"][0]
    deck = online.shuffled_deck(False, fair["secret"], fair["contributions"])
    committed = deck[len(deck) - draw["left"] - 1]
    other = next(c for c in range(52) if c != committed)
    bad = dict(seen, draws=[dict(draw, card=other)] + seen["draws"][1:])
    ok, words = online.check_deal(fair, promised, "ab" * 16, bad)
    first = len(deck) - draw["left"] - 21  # its place in the stock (the deck less 20 cards dealt and the upcard)
    assert not ok
    assert words == (f"the {online._ordinal(first)} card drawn from the stock was {online.face_of(other)}, "
                     f"the committed deck has {online.face_of(committed)}")


def test_a_guest_checks_its_draws_from_a_rebuilt_stock():
    """Basic Rummy rebuilds the stock from the discards, shuffled by the secret's second generator: a guest
    who saw the pile checks the cards it drew from the rebuilt stock too."""
    for n in range(30):
        seen, fair, promised = _guest_watches("rummy", ("cd" * 16,), random.Random(n))
        rebuilt = [d for d in seen["draws"] if d["restocks"] and d["restocks"] in seen["piles"]]
        if rebuilt:
            break
    else:
        pytest.skip("no draw from a rebuilt stock in 30 hands")
    ok, words = online.check_deal(fair, promised, "cd" * 16, seen)
    assert ok, words
    i = seen["draws"].index(rebuilt[0])
    card = rebuilt[0]["card"]
    other = next(c for c in seen["piles"][rebuilt[0]["restocks"]] if c != card)
    bad = dict(seen, draws=seen["draws"][:i] + [dict(rebuilt[0], card=other)] + seen["draws"][i + 1:])
    ok, words = online.check_deal(fair, promised, "cd" * 16, bad)
    assert not ok and "drawn from the rebuilt stock was " + online.face_of(other) in words, words


def test_a_guest_names_a_dealt_card_the_committed_deck_does_not_give():
    seen, fair, promised = _guest_watches("gin", ("ab" * 16,), random.Random(6))
    deck = online.shuffled_deck(False, fair["secret"], fair["contributions"])
    stranger = next(c for c in deck[21:] if c not in seen["hand"])
    bad = dict(seen, hand=[stranger] + seen["hand"][1:])
    ok, words = online.check_deal(fair, promised, "ab" * 16, bad)
    assert not ok
    assert words == f"you were dealt {online.face_of(stranger)}, which the committed deck does not deal you"


def test_the_next_hand_needs_its_own_commitment_and_is_checked_too():
    t, _, _ = online_table(values=("11" * 16,))
    play_out(t, random.Random(4))
    g = t.game
    if g.phase == "match-over":
        pytest.skip("the match ended in one hand")
    refused = ask(t, {"type": "deal", "step": g.step, "contributions": ["22" * 16]})
    assert refused["type"] == "error" and refused["code"] == "not-prepared"
    prepared = ask(t, {"type": "prepare", "players": None})
    assert prepared["dealer"] is None  # the next dealer is the rule's, known to all
    table = ask(t, {"type": "deal", "step": g.step, "contributions": ["22" * 16]})
    assert table["fair"]["hand"] == 2 and table["fair"]["commitment"] == prepared["commitment"]
    assert "secret" not in table["fair"]


def test_guests_get_their_own_views_and_nothing_else():
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "guest", "name": "Bob"},
             {"kind": "computer", "id": "tilly"}, {"kind": "guest", "name": "Cy"}]
    t, _, first = online_table("rummy", seats, values=("aa" * 16, "bb" * 16))
    g = t.game

    def check(msg: dict) -> None:
        assert sorted(msg["guests"]) == ["1", "3"]
        for s in (1, 3):
            assert msg["guests"][str(s)]["view"] == seat_view(g, s).to_data()
            # no card of another seat's hand that was never shown at the table is anywhere in what it gets
            doc = json.loads(json.dumps(msg["guests"][str(s)]))
            doc["view"]["view"]["results"] = []  # earlier hands, every hand shown at their end
            text = json.dumps(doc)
            shown = {e.card for e in g.log if e.card is not None}
            shown |= {c for e in g.log for c in e.cards} | set(g.pos.discard) | set(g.hands[s])
            for other in range(g.players):
                if other == s:
                    continue
                for c in g.hands[other]:
                    if c not in shown:
                        assert '"' + text_of(c) + '"' not in text, (s, other, text_of(c))

    check(first)
    play_out(t, random.Random(5), check)


def test_a_dropped_guests_seat_goes_to_a_computer():
    t, _, _ = online_table(values=("33" * 16,))
    g = t.game
    reply = ask(t, {"type": "seat", "step": g.step, "seat": 0, "opponent": "ada"})
    assert reply["type"] == "error" and reply["code"] == "bad-seat"
    reply = ask(t, {"type": "seat", "step": g.step, "seat": 1, "opponent": "nobody"})
    assert reply["type"] == "error"
    reply = ask(t, {"type": "seat", "step": g.step, "seat": 1, "opponent": "ada"})
    assert reply["type"] == "table" and "guests" not in reply
    assert reply["config"]["seats"][1] == {"kind": "computer", "id": "ada"} and reply["config"]["opponents"] == ["ada"]
    assert json.loads(reply["save"])["table"]["opponents"] == ["ada"]
    last = play_out(t, random.Random(6))
    assert last["next"] in ("deal", "over")


def test_a_saved_online_match_keeps_its_proof_and_reveals_after_a_reload():
    t, prepared, _ = online_table(values=("44" * 16,))
    g = t.game
    moves = 0
    while g.phase.in_hand and moves < 3:
        seat = g.turn
        msg = {"type": "act", "action": str(seat_view(g, seat).legal[0]), "step": g.step, "seat": seat}
        last = ask(t, msg)
        moves += 1
    t2 = Table()
    resumed = ask(t2, {"type": "resume", "save": last["save"]})
    assert resumed["fair"]["commitment"] == prepared["commitment"] and "secret" not in resumed["fair"]
    end = play_out(t2, random.Random(7))
    assert online.commitment_of(end["fair"]["secret"]) == prepared["commitment"]


# ---------------------------------------------------------------- the messages


@pytest.mark.parametrize("text,why", [
    (5, "not text"), ("x" * (online.MAX_TEXT + 1), "too long"), ("{", "not JSON"), ("[]", "an unknown message"),
    ('{"v": 3, "t": "steal"}', "an unknown message"), ('{"v": 3, "t": "act", "action": 5, "step": 1}', "act:"),
    ('{"v": 3, "t": "act", "action": "draw stock"}', "act:"),
    ('{"v": 3, "t": "entropy", "hand": 1, "value": "xyz"}', "entropy:"),
    ('{"v": 3, "t": "talk", "say": 99}', "talk:"), ('{"v": 3, "t": "hello", "net": "1", "build": "b"}', "hello:"),
])
def test_malformed_messages_from_a_guest_are_dropped_with_a_reason(text, why):
    msg, problem = online.decode(text, online.TO_HOST)
    assert msg is None and problem is not None and problem.startswith(why)


def test_a_message_of_another_version_is_told_apart():
    other = online.NET + 1
    msg, problem = online.decode(json.dumps({"v": other, "t": "hello", "net": other, "build": "x"}), online.TO_HOST)
    assert problem == "version" and msg is not None


def test_messages_round_trip():
    for kind, fields in (("act", {"action": "discard 7H", "step": 4}), ("entropy", {"hand": 1, "value": "a" * 32}),
                         ("talk", {"say": 2}), ("hello", {"net": 1, "build": "abc", "name": "Bob"})):
        msg, problem = online.decode(online.encode(kind, fields), online.TO_HOST)
        assert problem is None and msg["t"] == kind
    msg, problem = online.decode(online.encode("act", {"action": "draw stock", "step": 1}), online.TO_GUEST)
    assert msg is None and problem == "an unknown message"  # a guest never takes a guest's message
