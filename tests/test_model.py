"""The engine's typed model: views, events and results round-trip through the one JSON codec, views are deeply
immutable and hashable, errors carry codes, actions are checked when built, and the modules import one way."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import new_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import choose, matches, play_random

from rummy import (
    Action,
    ActionError,
    ActionKind,
    CodecError,
    Event,
    EventKind,
    Game,
    HandResult,
    IllegalAction,
    MatchResult,
    Phase,
    Refusal,
    RummyError,
    SeatView,
    codec,
    seat_view,
)
from rummy.cards import JOKER, parse_card
from rummy.errors import CardError, RecordError, RulesError, SaveError, UsageError

RUMMY_DIR = Path(__file__).resolve().parent.parent / "rummy"


_play = play_random


# ----- the codec -----

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 400), st.integers(0, 5))
def test_views_round_trip_through_json(match, steps, seat):
    game, players, rules, seed = match
    g = _play(game, players, rules, seed, steps)
    v = seat_view(g, seat % players)
    text = v.to_json()
    back = SeatView.from_json(text)
    assert back == v and hash(back) == hash(v)
    assert back.to_json() == text
    json.loads(text)  # plain JSON
    for e in v.log:
        assert codec.decode(Event, json.loads(json.dumps(codec.encode(Event, e)))) == e
    for r in v.results:
        assert codec.decode(HandResult, json.loads(json.dumps(codec.encode(HandResult, r)))) == r
    if v.match is not None:
        assert codec.decode(MatchResult, codec.encode(MatchResult, v.match)) == v.match


def _finished(game: str = "gin", players: int = 2, seed: int = 3, **rules: Any) -> Game:
    g = _play(game, players, {"target": 30, **rules}, seed, 100000)
    assert g.phase == "match-over"
    return g


def test_match_result_carries_its_bonus_breakdown():
    g = _finished()
    m = g.match
    assert m is not None
    w = m.winner
    assert m.bonuses[w].game == 100
    for s in range(2):
        assert m.bonuses[s].line == 25 * g.hands_won[s]
        assert m.final[s] == g.scores[s] + m.bonuses[s].total
    assert m.hands == len(g.results) and m.hands_won == tuple(g.hands_won)


@pytest.mark.parametrize("damage", [
    lambda d: d["view"].pop("stock_count"),
    lambda d: d["view"].update(extra=1),
    lambda d: d["view"].update(stock_count="31"),
    lambda d: d["view"].update(stock_count=True),
    lambda d: d["view"].update(hand=["7h"] + d["view"]["hand"][1:]),  # not the canonical text
    lambda d: d["view"].update(hand=["ZZ"]),
    lambda d: d["view"].update(phase="napping"),
    lambda d: d["view"].update(legal=["dance"]),
    lambda d: d["view"].update(log=[{"kind": "draw stock"}]),
    lambda d: d["view"]["rules"].update(knock_limit=99),
    lambda d: d["view"].update(seat=7),
    lambda d: d.update(version=2),
    lambda d: d.update(format="something"),
])
def test_a_damaged_view_is_refused_with_codec_error(damage):
    g = _play("gin", 2, {}, 1, 6)
    data = json.loads(seat_view(g, 0).to_json())
    damage(data)
    with pytest.raises(CodecError):
        SeatView.from_json(json.dumps(data))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_damage_gives_a_view_or_a_codec_error(data):
    g = _play("rummy", 3, {"jokers": True}, 11, 40)
    doc = json.loads(seat_view(g, 1).to_json())
    node: Any = doc
    path = []
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans(), label="deeper"):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        parent, node = node, node[key]
    junk = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=4),
                               st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2), st.none(),
                                                                                     max_size=1)))
    if path:
        parent[path[-1]] = junk
    else:
        doc = junk
    try:
        v = SeatView.from_json(json.dumps(doc))
    except CodecError:
        return
    assert isinstance(v, SeatView)
    hash(v)


def test_not_json_is_a_codec_error():
    for text in ("", "{", "[1, 2", "null", "\"view\""):
        with pytest.raises(CodecError):
            SeatView.from_json(text)


# ----- a view is a copy, deeply immutable -----

def test_view_shares_nothing_with_the_game():
    g = _finished(game="rummy", players=3, seed=4)
    g2 = Game.from_json(g.to_json())
    v = seat_view(g, 0)
    with pytest.raises(TypeError):
        v.results[0].points[0] = 999  # type: ignore[index]
    with pytest.raises(TypeError):
        v.rules["target"] = 1  # type: ignore[index]
    with pytest.raises((AttributeError, TypeError)):
        v.results[0].end = "out"  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):
        v.hand = ()  # type: ignore[misc]
    assert g.to_dict() == g2.to_dict()
    hash(v)


# ----- known cards -----

def test_known_cards_follow_the_log_in_order():
    # seat 1 throws 9H; seat 0 takes it and throws it back; seat 1 takes it again: it is known to be held
    g = new_game("gin", 2, dealer=0, hands=["2C 3C 4C 5H 6H 7H JD QD KD 8S", "2S 3S 4S 5D 6D 7D AC AH 8C 9H"],
                 upcard="9D", stock="KS KH QS QH JS JH")
    for a in ("pass", "pass", "draw stock", "discard 9H", "draw discard", "discard QD"):
        g.apply(a)
    assert seat_view(g, 1).known_cards(0) == [parse_card("9H")]
    for a in ("draw stock", "discard KS", "draw stock", "discard 9H"):
        g.apply(a)
    assert seat_view(g, 1).known_cards(0) == []
    g.apply("draw discard")  # seat 1 takes back the card it threw first
    g.apply("discard KH")
    assert seat_view(g, 0).known_cards(1) == [parse_card("9H")]
    assert seat_view(g, 1).known_cards(0) == []


def test_known_cards_count_a_swapped_joker_and_drop_melded_cards():
    g = new_game("rummy", 2, {"jokers": True}, dealer=0,
                 hands=["5H 5C JK 9S 2D 3D", "5D 6D 7D 8C 8H 8S KS"], upcard="4D", stock="AS QH")
    g.apply("draw discard")  # seat 1 takes 4D
    g.apply("meld 4D 5D 6D 7D")
    g.apply("discard KS")
    assert seat_view(g, 0).known_cards(1) == []  # 4D went on the table


# ----- errors -----

def test_every_error_is_a_rummy_error():
    for cls in (IllegalAction, SaveError, RecordError, RulesError, CardError, ActionError, CodecError, UsageError):
        assert issubclass(cls, RummyError)


def _refusal(g: Game, action: str, seat: int | None = None) -> IllegalAction:
    before = g.to_dict()
    with pytest.raises(IllegalAction) as e:
        g.apply(action, seat)
    assert g.to_dict() == before
    assert str(e.value) == e.value.problem.message and e.value.code in set(Refusal)
    return e.value


GIN_HANDS = ["7C 7D 7H 8S 9S TS 2H 3H 4H KC", "AS 2S 3S 4D 5D 6D JC QC KH KD"]


def test_gin_refusals_carry_codes_and_parameters():
    g = new_game("gin", 2, dealer=0, hands=GIN_HANDS, upcard="5C", stock="QS JS")
    assert _refusal(g, "draw stock").code == Refusal.UPCARD_OFFERED
    assert _refusal(g, "draw discard", seat=0).code == Refusal.NOT_YOUR_TURN
    assert _refusal(g, "discard 7C").code == Refusal.UPCARD_OFFERED
    assert _refusal(g, "dance").code == Refusal.SYNTAX
    g.apply("pass")
    g.apply("pass")
    e = _refusal(g, "draw discard")
    assert e.code == Refusal.MUST_DRAW_STOCK
    assert _refusal(g, "pass").code == Refusal.PASS_ONLY_ON_UPCARD
    assert _refusal(g, "discard AS").code == Refusal.DRAW_FIRST
    g.apply("draw stock")  # seat 1 draws QS
    assert _refusal(g, "draw stock").code == Refusal.ALREADY_DREW
    e = _refusal(g, "discard 7C")
    assert e.code == Refusal.NOT_HELD and e.params == {"cards": ["7C"]}
    e = _refusal(g, "knock KH")
    assert e.code == Refusal.KNOCK_TOO_HIGH and e.params["limit"] == 10 and e.params["card"] == "KH"
    assert e.params["deadwood"] > 10
    e = _refusal(g, "big gin")
    assert e.code == Refusal.NOT_BIG_GIN and e.params["deadwood"] > 0
    assert _refusal(g, "meld AS 2S 3S").code == Refusal.WRONG_GAME


def test_taken_card_refusal_and_gin_only():
    g = new_game("gin", 2, {"knock_limit": 0}, dealer=0, hands=GIN_HANDS, upcard="5C", stock="QS JS")
    g.apply("draw discard")  # seat 1 takes 5C
    e = _refusal(g, "discard 5C")
    assert e.code == Refusal.TAKEN_THIS_TURN and e.params == {"card": "5C"}
    e = _refusal(g, "knock KH")
    assert e.code == Refusal.GIN_ONLY


def test_rummy_refusals_carry_codes():
    g = new_game("rummy", 2, {"layoff_needs_meld": True}, dealer=0,
                 hands=["3H 4H 5H 7C 7D 7S 9S TS JS 2D", "AC 2C 4D 6S 8D TC QH KD 5C 9H"], upcard="KC")
    assert _refusal(g, "knock 2D").code == Refusal.WRONG_GAME
    assert _refusal(g, "meld 3H 4H 5H").code == Refusal.DRAW_FIRST
    g.apply("draw discard")  # seat 1 takes KC
    e = _refusal(g, "meld 3H 4H 5H")
    assert e.code == Refusal.NOT_HELD and e.params["cards"] == ["3H", "4H", "5H"]
    e = _refusal(g, "meld AC 2C 4D")
    assert e.code == Refusal.NOT_A_MELD and e.params == {"why": "mixed", "cards": ["AC", "2C", "4D"]}
    assert str(e) == "AC 2C 4D is not a meld: a set needs one rank, a run one suit"  # the words come from the code
    g = new_game("rummy", 2, {"layoff_needs_meld": True, "melds_per_turn": 1}, dealer=1,
                 hands=["3H 4H 5H 7C 7D 7S 9S TS JS 2D", "AC 2C 4D 6S 8D TC QH KD 5C 9H"], upcard="KC")
    g.apply("draw stock")  # seat 0
    e = _refusal(g, "meld 3H 4H 7C")
    assert e.code == Refusal.NOT_A_MELD and e.params["why"] == "mixed"
    assert _refusal(g, "meld 3H 4H").params == {"why": "too-few", "cards": ["3H", "4H"]}
    assert _refusal(g, "meld JK=6H 3H 4H 5H").code == Refusal.JOKERS_NOT_PLAYED
    e = _refusal(g, "layoff 6H 1")
    assert e.code == Refusal.NO_SUCH_MELD and e.params == {"meld": 1, "melds": 0}
    g.apply("meld 3H 4H 5H")
    assert _refusal(g, "meld 7C 7D 7S").code == Refusal.ONE_MELD_PER_TURN
    e = _refusal(g, "layoff 2D 1")
    assert e.code == Refusal.DOES_NOT_FIT and e.params == {"card": "2D", "meld": 1, "why": "run-ends", "rank": "3"}
    assert str(e) == "2D does not fit that run: a run grows only by the next card at either end"
    assert _refusal(g, "swap 5H 1").code == Refusal.JOKERS_NOT_PLAYED
    g.apply("discard 2D")
    g.apply("draw stock")  # seat 1, who has not melded
    assert _refusal(g, "layoff 6H 1").code == Refusal.MELD_BEFORE_LAYOFF


def test_rummy_table_refusals():
    g = new_game("rummy", 3, {"jokers": True}, dealer=2,
                 hands=["3H 4H JK JK 5C 5D 9S", "AC 2C 4D 6S 8D 6H 9D", "AS 2S QD QC KD KH 5S"], upcard="KC")
    g.apply("draw discard")  # seat 0 takes KC
    g.apply("meld 3H 4H JK=5H")
    assert _refusal(g, "swap 6H 1").code == Refusal.NO_JOKER_THERE
    e = _refusal(g, "meld 5C 5D JK=5H")
    assert e.code == Refusal.ALREADY_ON_TABLE and e.params == {"card": "5H", "meld": 1, "joker": True}
    e = _refusal(g, "discard KC")
    assert e.code == Refusal.TAKEN_THIS_TURN and e.params == {"card": "KC"}
    with pytest.raises(IllegalAction) as deal:
        g.deal()
    assert deal.value.code == Refusal.HAND_IN_PLAY


def test_rummy_turn_must_be_able_to_end():
    hands = ["7C 7D 7S 8H 9H TH JH JS QS KS", "AC 2C 4D 6S 8D TC QD KD 5C 9C"]
    g = new_game("rummy", 2, None, dealer=1, hands=hands, upcard="KH")
    g.apply("draw discard")  # seat 0 takes KH
    g.apply("meld 7C 7D 7S")
    g.apply("meld 8H 9H TH JH")
    e = _refusal(g, "meld JS QS KS")  # it would leave only KH, which may not be thrown this turn (rule 6)
    assert e.code == Refusal.LEAVES_UNDISCARDABLE and e.params == {"cards": ["KH"]}
    out = ["7C 7D 7S 8H 9H TH JH QH 2S 3S", "AC 2C 4D 6S 8D TC QD KD 5C 9C"]
    for rules, legal in (({"discard_to_go_out": True}, False), ({}, True)):
        g = new_game("rummy", 2, rules, dealer=1, hands=out, upcard="KH", stock="4S")
        for a in ("draw stock", "meld 7C 7D 7S", "meld 8H 9H TH JH QH"):
            g.apply(a)
        if legal:
            g.apply("meld 2S 3S 4S")
            assert g.results[-1].end == "rummy"
        else:
            assert _refusal(g, "meld 2S 3S 4S").code == Refusal.KEEP_A_DISCARD


def test_between_hands_and_after_the_match():
    g = _finished()
    assert _refusal(g, "draw stock").code == Refusal.MATCH_OVER
    with pytest.raises(IllegalAction) as e:
        g.deal()
    assert e.value.code == Refusal.MATCH_OVER


# ----- actions are checked when built -----

@pytest.mark.parametrize("make", [
    lambda: Action(ActionKind.KNOCK, (99,)),
    lambda: Action(ActionKind.KNOCK, ()),
    lambda: Action(ActionKind.KNOCK, (1, 2)),
    lambda: Action(ActionKind.DISCARD, (-1,)),
    lambda: Action(ActionKind.DRAW_STOCK, (3,)),
    lambda: Action(ActionKind.PASS, (), (), 2),
    lambda: Action(ActionKind.LAYOFF, (5,), (), 0),
    lambda: Action(ActionKind.SWAP, (5,)),
    lambda: Action(ActionKind.MELD, ()),
    lambda: Action(ActionKind.MELD, (1, 2, JOKER)),
    lambda: Action(ActionKind.MELD, (1, 2, 3), (9,)),
    lambda: Action(ActionKind.DISCARD, (4,), (4,)),
    lambda: Action("fold"),  # type: ignore[arg-type]
    lambda: Action("discard", ("7H",)),  # type: ignore[arg-type]
])
def test_malformed_actions_raise_action_error(make):
    with pytest.raises(ActionError):
        make()


def test_named_constructors_match_the_text_forms():
    c = parse_card
    pairs = [
        (Action.draw_stock(), "draw stock"), (Action.draw_discard(), "draw discard"),
        (Action.pass_upcard(), "pass"), (Action.big_gin(), "big gin"),
        (Action.discard(c("KD")), "discard KD"), (Action.knock(c("2C")), "knock 2C"),
        (Action.discard(JOKER), "discard JK"),
        (Action.meld_of([c("5H"), c("3H"), c("4H")]), "meld 3H 4H 5H"),
        (Action.meld_of([c("5C"), c("5D"), c("5H")], [c("5H")]), "meld 5C 5D JK=5H"),
        (Action.layoff(c("6H"), 2), "layoff 6H 2"), (Action.layoff(c("6H"), 2, joker=True), "layoff JK=6H 2"),
        (Action.swap(c("5H"), 2), "swap 5H 2"),
    ]
    for action, text in pairs:
        assert str(action) == text and Action.parse(text) == action


# ----- one-way imports -----

def _imports(path: Path) -> set[str]:
    """The rummy modules a module imports, anywhere in it (function-level imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(RUMMY_DIR.parent).with_suffix("").parts
    if package[-1] == "__init__":
        package = package[:-1]
    else:
        package = package[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.startswith("rummy"):
                if node.module is None or (node.level and not node.module):
                    for alias in node.names:
                        out.add(f"{mod}.{alias.name}")
                else:
                    out.add(mod)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("rummy"))
    return out


def _module_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(RUMMY_DIR.rglob("*.py")):
        parts = path.relative_to(RUMMY_DIR.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        graph[name] = _imports(path)
    names = set(graph)
    return {m: {d for d in deps if d in names and d != m} for m, deps in graph.items()}


def test_no_module_of_rummy_imports_in_a_cycle():
    graph = _module_graph()
    # packages import their modules to re-export them: that is not a cycle back into the package
    graph = {m: {d for d in deps if not m.startswith(d + ".") and d not in ("rummy", "rummy.bots")}
             for m, deps in graph.items() if m not in ("rummy", "rummy.bots", "rummy.__main__")}
    state: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(d):] + [d]))
            if d not in state:
                visit(d, stack + [d])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


def test_the_game_never_imports_views_records_or_bots():
    graph = _module_graph()
    for low in ("rummy.game", "rummy.gin", "rummy.basic", "rummy.position", "rummy.saves", "rummy.model"):
        assert not graph[low] & {"rummy.view", "rummy.record", "rummy.bots", "rummy.arena", "rummy.cli"}, low
    assert "rummy.game" in graph["rummy.view"] and "rummy.game" in graph["rummy.record"]
    for bot in ("rummy.bots.base", "rummy.bots.gin", "rummy.bots.basic"):
        assert "rummy.game" not in graph[bot]


def test_phase_strings_are_the_saved_ones():
    assert [p.value for p in Phase] == ["first-upcard", "draw", "play", "hand-over", "match-over"]
    assert Phase.DRAW == "draw" and EventKind.DRAW_STOCK == "draw stock"


# ----- the fast legal-move query agrees with the rules -----

@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 2**32))
def test_legal_equals_every_candidate_the_rules_allow(match, seed):
    """Each variant computes its legal actions directly (for speed); they must be exactly the candidates that
    its ``problem`` (the one home of the turn rules) accepts, in the same order, at every step."""
    game, players, rules, deal_seed = match
    g = Game.new(game, players, rules, seed=deal_seed)
    rnd = random.Random(seed)
    for _ in range(300):
        if g.phase == "match-over":
            break
        if g.phase == "hand-over":
            g.deal()
            continue
        v, pos = g.variant, g.pos
        assert v.legal(pos) == [a for a in v.candidates(pos) if v.problem(pos, a) is None]
        g.apply(choose(g, rnd))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 200), st.integers(0, 2**32))
def test_a_clone_is_equal_and_independent(match, steps, seed):
    game, players, rules, deal_seed = match
    g = _play(game, players, rules, deal_seed, steps)
    before = g.to_dict()
    c = g.clone()
    assert c.to_dict() == before
    rnd = random.Random(seed)
    for _ in range(60):  # play the copy on, with its own generator: the original does not move
        if c.phase == "match-over":
            break
        if c.phase == "hand-over":
            c.deal()
            continue
        c.apply(choose(c, rnd))
    assert g.to_dict() == before
    p = g.pos.clone()
    assert p.census() == g.pos.census() and p.hands == g.pos.hands and p.hands is not g.pos.hands
