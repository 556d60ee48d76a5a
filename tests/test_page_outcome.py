"""How a hand's points were counted, as the page words it (web/page/app/outcome.py) from the hand's result: over
whole random matches of every kind of ending, the page's line holds exactly the numbers of the engine's own detail
line (the points, the bonuses, the deadwood, the values), and names the player who scored."""

from __future__ import annotations

import random
import re

import pytest

from rummy.game import Game
from rummy.model import Phase
from rummy.view import seat_view
from web.page.app.outcome import detail_words
from web.page.shared.viewdata import read_view

MATCHES = [
    ("gin", 2, {}),
    ("gin", 2, {"preset": "oklahoma"}),  # a spade upcard doubles the hand
    ("gin", 2, {"undercut_on_tie": False}),
    ("rummy", 3, {}),
    ("rummy", 4, {"scoring": "penalty", "going_rummy_doubles": False}),
    ("rummy", 2, {"reuse_discards": "never"}),  # block rummy
    ("rummy", 3, {"scoring": "penalty"}),
]


def numbers(text: str) -> list[int]:
    return sorted(int(n) for n in re.findall(r"\d+", text))


def finished_hands(game: str, players: int, rules: dict, seed: int) -> list[tuple[object, str]]:
    """(the page's Result, the engine's detail line) of every hand of a random match."""
    rnd = random.Random(seed)
    g = Game.new(game, players, rules, seed=seed)
    for _i in range(20000):
        if g.phase == Phase.MATCH_OVER:
            break
        if g.turn is None:
            g.deal()
            continue
        g.apply(rnd.choice(g.legal_actions()))
    view = read_view(seat_view(g, 0).to_data())
    return [(r, e.detail) for r, e in zip(view.results, g.results, strict=True)]


@pytest.mark.parametrize(("game", "players", "rules"), MATCHES)
def test_the_page_counts_every_hand_as_the_engine_does(game, players, rules):
    names = ["You", "Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    ends = set()
    for seed in range(3):
        for r, engine in finished_hands(game, players, rules, seed):
            ends.add(r.end)
            said = detail_words(r, names)
            if r.end == "stalemate":
                assert said.startswith("Stalemate") and "nobody scores" in engine
                continue
            # the engine names seats ("seat 2 scores 40"); the page names players: the other numbers are the same
            assert numbers(said) == numbers(re.sub(r"[Ss]eat \d", "", engine)), (said, engine)
            if r.winner is not None and r.end not in ("tie",):
                assert names[r.winner].lower() in said.lower(), (said, engine)  # "You score", "you hold"
    assert ends  # hands were played and counted


def test_a_doubled_hand_says_so():
    r = read_view(seat_view(_oklahoma_spade_knock(), 0).to_data()).results[-1]
    said = detail_words(r, ["You", "Ada"])
    assert "Doubled for the spade upcard." in said


def _oklahoma_spade_knock() -> Game:
    for seed in range(200):
        rnd = random.Random(seed)
        g = Game.new("gin", 2, {"preset": "oklahoma"}, seed=seed)
        while g.turn is not None:
            g.apply(rnd.choice(g.legal_actions()))
        last = g.results[-1] if g.results else None
        if last is not None and last.knock is not None and last.knock.doubled and last.winner is not None:
            return g
    raise AssertionError("no doubled knock in 200 deals")
