"""The same seed deals the same cards in the browser (Pyodide) as in CPython: the hand the page shows
for a seeded game is the hand the table's fair deal (``rummy.fairdeal.new_match``) deals to seat 0 here."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_play_support import hand_names

from rummy import card_name, resolve_rules
from rummy.fairdeal import new_match

NAME_TO_CARD = {card_name(c): c for c in range(53)}


@pytest.mark.parametrize(
    ("query", "game", "players"),
    [
        ("game=gin&opponents=rex&seed=20261122", "gin", 2),
        ("game=rummy&opponents=mel,dot,corvo&seed=77", "rummy", 4),
    ],
)
def test_seeded_deal_matches_cpython(page, wait_ready, query: str, game: str, players: int) -> None:
    seed = int(query.rsplit("seed=", 1)[1])
    expected = new_match(game, players, resolve_rules(game, players, {}), seed).hands[0]
    page.goto(f"index.html?{query}&speed=0")
    wait_ready(page)
    expect(page.locator("[data-testid=hand] .card").first).to_be_visible()
    shown = sorted(NAME_TO_CARD[n] for n in hand_names(page))
    # seat 0 has not acted yet, so the page shows the dealt hand (opponents' moves never change it)
    assert shown == sorted(expected)
