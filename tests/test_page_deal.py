"""The page's own deal (web/page/shared/deal.py) against the engine's: the very same first view of a match,
for any game, player count, rules and seed, before the engine is up; and the guest's deal check's pieces."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy.catalog import catalog
from rummy.fairdeal import first_dealer, hand_secret, new_match
from rummy.rng import Rng
from rummy.rules import resolve_rules
from rummy.view import seat_view
from web.page.shared import deal

CATALOG = catalog()
UNKNOWN = ("step", "knock_limit")  # what only the engine knows: its step count, Oklahoma's knock limit


@st.composite
def matches(draw: Any) -> tuple[str, int, dict[str, Any], int]:
    game = draw(st.sampled_from(("gin", "rummy")))
    players = draw(st.sampled_from(CATALOG["games"][game]["players"]))
    rules: dict[str, Any] = {"preset": draw(st.sampled_from(CATALOG["games"][game]["preset_order"]))}
    if game == "rummy":
        rules["jokers"] = draw(st.booleans())
    elif draw(st.booleans()):
        rules["oklahoma"] = True
    return game, players, rules, draw(st.integers(0, deal.SEED_LIMIT - 1))


@settings(max_examples=150, deadline=None)
@given(matches())
def test_the_page_deals_the_engines_first_hand(case: tuple[str, int, dict[str, Any], int]) -> None:
    game, players, rules, seed = case
    resolved = resolve_rules(game, players, rules)
    engine = seat_view(new_match(game, players, resolved, seed), 0).to_data()["view"]
    page = deal.first_view(game, players, dict(resolved), seed, CATALOG["games"][game]["opening"])["view"]
    assert sorted(page) == sorted(engine)
    for key in engine:
        if key not in UNKNOWN:
            assert page[key] == engine[key], key
    assert page["step"] == 0 and page["knock_limit"] is None


@given(st.integers(0, 2**64 - 1), st.integers(0, 40))
def test_the_secret_and_the_dealer_are_the_engines(seed: int, hand: int) -> None:
    assert deal.hand_secret(seed, hand) == hand_secret(seed, hand)
    for n in (2, 3, 6):
        assert deal.first_dealer(seed, n) == first_dealer(seed, n) == Rng(seed).below(n)


def test_every_player_count_opens_alike() -> None:
    """The catalog reads a game's opening off one player count: every count opens the same way."""
    for game, g in CATALOG["games"].items():
        op = g["opening"]
        for n in g["players"]:
            seed = next(s for s in range(1000) if first_dealer(s, n) == n - 1)
            m = new_match(game, n, resolve_rules(game, n, {}), seed)
            v = seat_view(m, 0)
            assert m.phase.value == op["phase"] and m.turn is not None and (m.turn - m.dealer) % n == op["first"]
            assert [str(a) for a in v.legal] == op["legal"] and len(v.hand) == op["hand"][str(n)]
