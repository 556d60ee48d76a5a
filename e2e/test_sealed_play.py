"""A Gin hand with no dealer in Chromium: two engine workers (Pyodide), each with the sealed deal's group from
the site's own files, one per seat, the page relaying their messages as two players' pages do. Every message
relayed is audited against the deck the hand's audit revealed: no message carries a card before its holder
showed it, and each worker's view holds its own seat's cards only. The hand is replayed in CPython from the
audited deck and the moves: the same result."""

from __future__ import annotations

from typing import Any

from bench.sealed_hand import HARNESS, play_hand
from rummy import Game
from rummy.actions import Action
from rummy.cards import card_str, parse_card
from rummy.rng import Rng

DEALER = 1
CONFIG: dict[str, Any] = {"game": "gin", "players": 2, "rules": {}, "seed": 2024, "dealer": DEALER}
HEX = set("0123456789abcdef")


def _hidden_card_audit(log: list[list[Any]], deck: list[str]) -> int:
    """Every move names only cards shown by then; every other message holds no card at all. Returns the number of
    moves checked."""
    shown = {20}  # the upcard's place
    moves = 0
    for _sender, m in log:
        if m["t"] != "move":
            for v in (m.get("deck"), m.get("keys"), [m.get("key")] if "key" in m else []):
                assert v is None or all(isinstance(x, str) and len(x) == 64 and set(x) <= HEX for x in v)
            continue
        moves += 1
        shown |= set(m["places"])
        for card in Action.parse(m["action"]).cards:
            assert deck.index(card_str(card)) in shown, f"{m['action']} names a card not shown"
    return moves


def test_a_gin_hand_with_no_dealer_between_two_engine_workers(page, wait_ready) -> None:
    page.goto("index.html")
    wait_ready(page)
    page.evaluate(HARNESS)
    first = page.evaluate("(c) => window.__sealed.start(c)", CONFIG)
    hands = [first[s]["view"]["view"]["hand"] for s in (0, 1)]
    assert [len(h) for h in hands] == [10, 10] and not set(hands[0]) & set(hands[1])
    assert [first[s]["view"]["view"]["hand_counts"] for s in (0, 1)] == [[10, 10], [10, 10]]

    played = play_hand(page, CONFIG, started=first)
    last = played["last"]
    assert all(a["verified"] and a["cheat"] is None for a in last)
    assert last[0]["result"] == last[1]["result"] and last[0]["scores"] == last[1]["scores"]
    deck = last[0]["result"]["deck"]
    assert sorted(deck) == sorted(last[1]["result"]["deck"]) and len(set(deck)) == 52
    # each seat was dealt exactly the cards at its places of the audited deck (the non-dealer, seat 0, first)
    assert sorted(hands[0]) == sorted(deck[0:20:2]) and sorted(hands[1]) == sorted(deck[1:20:2])
    assert _hidden_card_audit(played["log"], deck) >= 10

    # CPython plays the same hand from the audited deck and the moves: the same result
    g = Game("gin", 2, {}, Rng(0), DEALER)
    g.deal([parse_card(c) for c in deck])
    for sender, m in played["log"]:
        if m["t"] == "move":
            g.apply(m["action"], sender)
    result = g.results[-1]
    assert list(result.points) == last[0]["result"]["points"] and str(result.end) == last[0]["result"]["end"]
