"""The person's move shown before the engine answers (web/page/app/expect.py): what it shows of the cards is what
the engine's next view holds, for every kind of move in random play of both games; a move it cannot show is
left to the engine."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy.fairdeal import new_match
from rummy.rules import resolve_rules
from rummy.view import seat_view
from web.page.app.expect import expected


def cards_of(melds: list[list[str]]) -> list[Counter[str]]:
    return sorted((Counter(m) for m in melds), key=lambda c: sorted(c.elements()))


def check_move(before: dict[str, Any], action: str, after: dict[str, Any]) -> str:
    """Compare the expected view with the engine's; the kind of move compared."""
    shown = expected(before, action)
    kind = action.split()[0]
    if shown is None:
        # only a move that moves no card the view shows is left wholly to the engine: a pass, a draw from a stock
        # the engine must first rebuild from the discard pile
        assert kind == "pass" or (action == "draw stock" and before["view"]["stock_count"] == 0), action
        return kind
    s, e = shown["view"], after["view"]
    assert s["legal"] == []
    if action == "draw stock":
        assert Counter(e["hand"]) - Counter(s["hand"]) and len(e["hand"]) == len(s["hand"]) + 1
        assert s["stock_count"] == e["stock_count"] or e["restocks_done"] > before["view"]["restocks_done"]
    elif kind in ("knock", "big"):
        assert Counter(s["hand"]) <= Counter(before["view"]["hand"])
    elif e["phase"] in ("draw", "play", "first-upcard"):  # the hand goes on: every card where it was shown
        assert Counter(s["hand"]) == Counter(e["hand"]), action
        assert s["discard"] == e["discard"], action
        assert cards_of(s["table"]) == cards_of(e["table"]), action
    return kind


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(("gin", "rummy")), st.integers(0, 2**52 - 1), st.booleans())
def test_the_move_shown_is_the_move_the_engine_plays(game: str, seed: int, jokers: bool) -> None:
    players = 2
    rules = {"jokers": jokers} if game == "rummy" else {}
    g = new_match(game, players, resolve_rules(game, players, rules), seed)
    rnd = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(400):
        if g.phase.value == "match-over":
            break
        if g.phase.value == "hand-over":
            from rummy.fairdeal import deal_next

            deal_next(g, seed)
            continue
        acts = g.legal_actions()
        # play toward melds and knocks, where the interesting moves are
        good = [a for a in acts if a.kind in ("meld", "layoff", "knock", "big gin")]
        action = rnd.choice(good) if good and rnd.random() < 0.7 else rnd.choice(acts)
        if g.turn == 0:
            before = seat_view(g, 0).to_data()
            g.apply(action)
            kinds.add(check_move(before, str(action), seat_view(g, 0).to_data()))
        else:
            g.apply(action)
    assert kinds & {"discard", "draw"}


def test_known_answers() -> None:
    doc: dict[str, Any] = {"format": "rummy-view", "version": 1, "view": {
        "seat": 0, "hand": ["7H", "8H", "9H", "KS", "JK"], "hand_counts": [5, 7], "discard": ["2C", "4D"],
        "stock_count": 20, "table": [["5C", "5D", "5S"]], "phase": "play", "legal": ["discard 7H"]}}
    v = expected(doc, "discard KS")["view"]  # type: ignore[index]
    assert v["hand"] == ["7H", "8H", "9H", "JK"] and v["discard"] == ["2C", "4D", "KS"] and v["hand_counts"] == [4, 7]
    v = expected(doc, "meld 7H 8H 9H")["view"]  # type: ignore[index]
    assert v["table"] == [["5C", "5D", "5S"], ["7H", "8H", "9H"]] and v["hand"] == ["KS", "JK"]
    v = expected(doc, "layoff JK=5H 1")["view"]  # type: ignore[index]
    assert v["table"] == [["5C", "5D", "5S", "JK=5H"]] and "JK" not in v["hand"]
    v = expected(doc, "draw discard")["view"]  # type: ignore[index]
    assert v["hand"][-1] == "4D" and v["discard"] == ["2C"]
    assert expected(doc, "draw stock")["view"]["stock_count"] == 19  # type: ignore[index]
    swap = {"format": "rummy-view", "version": 1, "view": dict(doc["view"], table=[["JK=5H", "5D", "5S"]],
                                                                   hand=["5H", "KS"])}
    v = expected(swap, "swap 5H 1")["view"]  # type: ignore[index]
    assert v["table"] == [["5H", "5D", "5S"]] and v["hand"] == ["KS", "JK"]
    assert expected(doc, "discard QS") is None  # not in the hand: nothing to show, the engine answers
    assert expected(doc, "layoff 7H 2") is None  # no meld 2
    assert doc["view"]["hand"] == ["7H", "8H", "9H", "KS", "JK"]  # the view shown is never changed in place
