"""Property tests: random legal play (a seeded choice among ``legal_actions()``) across both games, every player
count and random option combinations, checking after every action that no card is created or lost, that saves
round-trip, that random illegal actions are refused without a trace, that views hide other seats' cards; and at
the end that every hand ended, the scores follow the rulebook, and the hand record replays to the same match."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from helpers import shown
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import Action, Game, IllegalAction, card_str, export_record, parse_card, replay, seat_view
from rummy.actions import KINDS
from rummy.cards import JOKER, card_value, rank_of, suit_of
from rummy.deadwood import min_deadwood

OVER = ("hand-over", "match-over")
MAX_ACTIONS_PER_HAND = 3000
ENDLESS_CUTOFF = 500

# ---------------------------------------------------------------------------------------------
# strategies
# ---------------------------------------------------------------------------------------------

gin_rules = st.fixed_dictionaries({
    "preset": st.sampled_from(["cardgames", "oklahoma", "tournament"]),
}, optional={
    "knock_limit": st.integers(0, 10),
    "big_gin": st.booleans(),
    "gin_bonus": st.integers(0, 40),
    "big_gin_bonus": st.integers(0, 40),
    "undercut_bonus": st.integers(0, 40),
    "undercut_on_tie": st.booleans(),
    "stock_floor": st.integers(0, 8),
    "target": st.integers(10, 120),
    "game_bonus": st.integers(0, 100),
    "line_bonus": st.integers(0, 30),
    "shutout_doubles": st.booleans(),
})

rummy_rules = st.fixed_dictionaries({
    "preset": st.sampled_from(["cardgames", "novel-games", "classic-book"]),
}, optional={
    "melds_per_turn": st.sampled_from(["any", 1]),
    "layoff_needs_meld": st.booleans(),
    "aces": st.sampled_from(["low", "high-or-low"]),
    "jokers": st.booleans(),
    "discard_to_go_out": st.booleans(),
    "reuse_discards": st.sampled_from(["shuffle", "turn-over", "never"]),
    "reuse_limit": st.sampled_from([None, 0, 1, 2]),
    "going_rummy_doubles": st.booleans(),
    "scoring": st.sampled_from(["winner-takes-all", "penalty"]),
    "target": st.integers(10, 150),
    "rounds": st.sampled_from([None, 1, 2, 3]),
})


@st.composite
def matches(draw) -> tuple[str, int, dict[str, Any], int]:
    game = draw(st.sampled_from(["gin", "rummy"]))
    if game == "gin":
        rules = draw(gin_rules)
        if rules["preset"] == "oklahoma" or draw(st.booleans()):
            rules.setdefault("oklahoma", rules["preset"] == "oklahoma" or draw(st.booleans()))
            if rules["oklahoma"] and draw(st.booleans()):
                rules["oklahoma_double_spades"] = True
        if rules.get("oklahoma") is False:
            rules["oklahoma_double_spades"] = False
        players = 2
    else:
        rules = draw(rummy_rules)
        players = draw(st.integers(2, 6))
    return game, players, rules, draw(st.integers(0, 2**32))


# ---------------------------------------------------------------------------------------------
# the random player
# ---------------------------------------------------------------------------------------------

def choose(g: Game, rnd: random.Random) -> Action:
    """A legal action, biased towards plays that end hands (melds, lay-offs, knocks) so hands finish;
    in Gin often a greedy one (least deadwood), so that knocks, gins and undercuts happen too."""
    acts = g.legal_actions()
    assert acts, f"no legal action in phase {g.phase}"
    if g.game == "gin" and rnd.random() < 0.8:
        assert g.turn is not None
        hand = g.hands[g.turn]
        if g.phase == "play":
            ends = [a for a in acts if a.kind in ("knock", "big gin")]
            if ends and rnd.random() < 0.7:
                return rnd.choice(ends)
            discards = [a for a in acts if a.kind == "discard"]
            return min(discards, key=lambda a: (min_deadwood([c for c in hand if c != a.card]), rnd.random()))
        top = g.discard[-1] if g.discard else None
        if top is not None and any(a.kind == "draw discard" for a in acts):
            now = min_deadwood(hand)
            after = min(min_deadwood([c for c in hand + [top] if c != x]) for x in hand)
            if after < now:
                return next(a for a in acts if a.kind == "draw discard")
        return next((a for a in acts if a.kind in ("draw stock", "pass")), acts[0])
    plays = [a for a in acts if a.kind in ("meld", "layoff", "swap", "knock", "big gin")]
    if plays and rnd.random() < 0.85:
        return rnd.choice(plays)
    return rnd.choice(acts)


def play_random(game: str, players: int, rules: dict[str, Any], seed: int, steps: int) -> Game:
    """A match played ``steps`` actions (or to its end) by :func:`choose`, dealing hands as they end."""
    g = Game.new(game, players, rules, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.phase == "match-over":
            break
        if g.phase == "hand-over":
            g.deal()
            continue
        g.apply(choose(g, rnd))
    return g


def random_action_text(g: Game, rnd: random.Random) -> str:
    """Any action text, usually illegal now."""
    kind = rnd.choice(KINDS)
    names = [card_str(c) for c in range(52)] + ["JK"]
    card = rnd.choice(names[:52])
    meld = rnd.randint(1, 4)
    if kind in ("draw stock", "draw discard", "pass", "big gin"):
        return kind
    if kind in ("discard", "knock"):
        pool = [card_str(c) for c in g.hands[g.turn]] if g.turn is not None and rnd.random() < 0.5 else names[:52]
        return f"{kind} {rnd.choice(pool)}"
    if kind == "swap":
        return f"swap {card} {meld}"
    if kind == "layoff":
        return f"layoff {('JK=' if rnd.random() < 0.2 else '') + card} {meld}"
    k = rnd.randint(2, 5)
    return "meld " + " ".join(("JK=" if rnd.random() < 0.15 else "") + rnd.choice(names[:52]) for _ in range(k))


# ---------------------------------------------------------------------------------------------
# invariants checked at every step
# ---------------------------------------------------------------------------------------------

def check_census(g: Game) -> None:
    assert g.card_census() == Counter(g.full_deck())


def check_save_round_trip(g: Game) -> None:
    assert Game.from_json(g.to_json()).to_dict() == g.to_dict()


def log_cards(g: Game) -> set[int]:
    seen: set[int] = set()
    for e in g.log:
        if e.card is not None:
            seen.add(e.card)
        seen.update(e.cards)
    for m in g.table:
        seen.update(m.cards)
    seen.update(g.discard)
    return seen


def check_views(g: Game, rnd: random.Random) -> None:
    for s in range(g.players):
        v = seat_view(g, s)
        assert list(v.hand) == g.hands[s]
        assert v.hand_counts == tuple(len(h) for h in g.hands)
        assert v.stock_count == len(g.stock)
        if s != g.turn:
            assert v.legal == () and v.taken_discard is None
        assert not hasattr(v, "stock") and not hasattr(v, "hands")
    if g.phase in OVER or g.players < 2:
        return
    # a view depends on nothing hidden: swap a hidden card of another seat with a hidden stock card
    viewer = rnd.randrange(g.players)
    public = log_cards(g)
    others = [(o, i) for o in range(g.players) if o != viewer for i, c in enumerate(g.hands[o])
              if c != JOKER and c not in public]
    stock = [i for i, c in enumerate(g.stock) if c != JOKER and c not in public]
    if not others or not stock:
        return
    o, i = rnd.choice(others)
    j = rnd.choice(stock)
    h = g.copy()
    h.hands[o][i], h.stock[j] = h.stock[j], h.hands[o][i]
    assert seat_view(h, viewer) == seat_view(g, viewer)


def check_illegal_refused(g: Game, rnd: random.Random) -> None:
    legal = {str(a) for a in g.legal_actions()}
    before = g.to_dict()
    for _ in range(3):
        text = random_action_text(g, rnd)
        try:
            a = Action.parse(text)
        except ValueError:
            a = None
        if a is not None and str(a) in legal:
            continue
        try:
            g.apply(text)
        except IllegalAction as e:
            assert str(e) and "Traceback" not in str(e)
        else:  # pragma: no cover - the text was legal after all
            raise AssertionError(f"{text!r} was applied but is not among the legal actions {sorted(legal)}")
        assert g.to_dict() == before
    # the wrong seat is always refused
    if g.turn is not None and legal:
        first = sorted(legal)[0]
        wrong = (g.turn + 1) % g.players
        try:
            g.apply(first, seat=wrong)
            raise AssertionError("a seat played out of turn")
        except IllegalAction as e:
            assert "not your turn" in str(e)
        assert g.to_dict() == before


# ---------------------------------------------------------------------------------------------
# the rulebook's scores, recomputed from each hand's details
# ---------------------------------------------------------------------------------------------

def is_meld(texts: list[str], wild: frozenset[int] = frozenset(), aces_high: bool = False) -> bool:
    cs = [parse_card(t[3:] if t.startswith("JK=") else t) for t in texts]
    if len(cs) < 3 or len(set(cs)) != len(cs):
        return False
    if len({rank_of(c) for c in cs}) == 1:
        return len(cs) <= 4
    if len({suit_of(c) for c in cs}) != 1:
        return False
    ranks = sorted(rank_of(c) for c in cs)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return True
    if aces_high and ranks[0] == 0:
        hi = sorted(ranks[1:] + [13])
        return hi == list(range(hi[0], hi[0] + len(hi)))
    return False


def value_of(texts: list[str], aces_high: bool = False) -> int:
    return sum(card_value(parse_card(t), aces_high) for t in texts)


def check_gin_result(g: Game, r: dict[str, Any]) -> None:
    rules = g.rules
    if r["end"] == "tie" and "knocker" not in r:
        assert r["points"] == [0, 0] and r["winner"] is None
        return
    k = r["knocker"]
    d = 1 - k
    mult = 2 if r["doubled"] else 1
    assert r["doubled"] == bool(rules["oklahoma"] and rules["oklahoma_double_spades"]
                                and suit_of(g.records[r["hand"]].deck[20]) == 3)
    # the knocker's arrangement: valid melds, deadwood = unmatched values = the least possible
    kh = r["hands"][k]
    assert sorted([c for m in r["melds"][k] for c in m] + r["unmatched"][k]) == sorted(kh)
    assert all(is_meld(m) for m in r["melds"][k])
    kdw = value_of(r["unmatched"][k])
    assert kdw == r["deadwood"][k] == min_deadwood([parse_card(t) for t in kh])
    assert kdw <= r["knock_limit"] or r["end"] in ("gin", "big gin")
    # the defender: own melds, lay-offs onto the knocker's melds, the rest is deadwood
    dh = r["hands"][d]
    laid = [c for c, _ in r["layoffs"]]
    assert sorted([c for m in r["melds"][d] for c in m] + r["unmatched"][d] + laid) == sorted(dh)
    assert all(is_meld(m) for m in r["melds"][d])
    table = [list(m) for m in r["melds"][k]]
    for c, i in r["layoffs"]:
        table[i - 1].append(c)
        assert is_meld(table[i - 1])
    ddw = value_of(r["unmatched"][d])
    assert ddw == r["deadwood"][d]
    expected = [0, 0]
    if r["end"] == "big gin":
        assert kdw == 0 and len(kh) == 11 and r["layoffs"] == []
        expected[k] = rules["big_gin_bonus"] + ddw
    elif r["end"] == "gin":
        assert kdw == 0 and len(kh) == 10 and r["layoffs"] == []
        expected[k] = rules["gin_bonus"] + ddw
    elif r["end"] == "undercut":
        assert ddw < kdw or (ddw == kdw and rules["undercut_on_tie"])
        expected[d] = rules["undercut_bonus"] + kdw - ddw
    elif r["end"] == "tie":
        assert ddw == kdw and not rules["undercut_on_tie"]
    else:
        assert r["end"] == "knock" and ddw > kdw
        expected[k] = ddw - kdw
    assert r["points"] == [mult * p for p in expected]
    scorer = [s for s in range(2) if r["points"][s] > 0]
    assert r["winner"] == (None if r["end"] == "tie" else (d if r["end"] == "undercut" else k))
    del scorer


def check_rummy_result(g: Game, r: dict[str, Any]) -> None:
    rules = g.rules
    hi = rules["aces"] == "high-or-low"
    values = [value_of(h, hi) for h in r["hands"]]
    assert r["values"] == values
    for m in r["table"]:
        assert is_meld(m, aces_high=hi), m
    n = g.players
    if r["end"] == "stalemate":
        assert r["points"] == [0] * n and r["winner"] is None
        return
    w = r["winner"]
    if r["end"] == "block":
        assert rules["reuse_discards"] == "never"
        assert values[w] == min(values) and values.count(values[w]) == 1
        if rules["scoring"] == "penalty":
            assert r["points"] == values
        else:
            assert r["points"] == [sum(values) - values[w] if s == w else 0 for s in range(n)]
        return
    assert r["end"] in ("out", "rummy")
    assert r["hands"][w] == [] and values[w] == 0
    mult = 2 if r["end"] == "rummy" and rules["going_rummy_doubles"] else 1
    if rules["scoring"] == "penalty":
        assert r["points"] == [0 if s == w else mult * values[s] for s in range(n)]
    else:
        assert r["points"] == [mult * sum(values) if s == w else 0 for s in range(n)]


def check_match(g: Game) -> None:
    n = g.players
    totals = [0] * n
    for r in map(shown, g.results):
        (check_gin_result if g.game == "gin" else check_rummy_result)(g, r)
        totals = [a + b for a, b in zip(totals, r["points"])]
        assert r["totals"] == totals
    assert g.scores == totals
    won = [sum(1 for r in g.results if r.winner == s) for s in range(n)]
    assert g.hands_won == won
    rules = g.rules
    if g.game == "gin":
        reached = [s for s in range(2) if totals[s] >= rules["target"]]
        if not reached:
            assert g.final is None
            return
        w = reached[0]
        # the match ended in the hand where the target was first reached
        assert all(max(r.totals) < rules["target"] for r in g.results[:-1])
        final = list(totals)
        if rules["shutout_doubles"] and won[w] == len(g.results):
            final[w] *= 2
        final[w] += rules["game_bonus"]
        final = [final[s] + rules["line_bonus"] * won[s] for s in range(2)]
        assert g.final == final
    else:
        if rules["rounds"] is not None:
            over = len(g.results) >= rules["rounds"]
        else:
            over = any(t >= rules["target"] for t in totals)
        if not over:
            assert g.final is None
            return
        assert g.final == totals
        final = totals
    best = (min if g.game == "rummy" and rules["scoring"] == "penalty" else max)(final)
    assert g.winner == (final.index(best) if final.count(best) == 1 else None)
    assert g.phase == "match-over"


# ---------------------------------------------------------------------------------------------
# the driver
# ---------------------------------------------------------------------------------------------

def endless(g: Game) -> bool:
    """Whether the rules let a hand go on without end (Basic Rummy, stock rebuilt without limit)."""
    return g.game == "rummy" and g.rules["reuse_limit"] is None and g.rules["reuse_discards"] != "never"


def play_match(g: Game, rnd: random.Random, hands: int, deep_every: int, on_step=None) -> None:
    """Random play for up to ``hands`` hands; deep checks (saves, views, illegal actions) every few steps."""
    step = 0
    while True:
        count = 0
        while g.phase not in OVER:
            a = choose(g, rnd)
            assert Action.parse(str(a)) == a
            g.apply(a)
            step += 1
            count = len(g.records[-1].actions)  # the same count after a restore
            if endless(g) and count >= ENDLESS_CUTOFF:
                return  # rule 12: no stalemate detection, so with an unlimited rebuild a hand may go on for ever
            assert count < MAX_ACTIONS_PER_HAND, "a hand did not end"
            check_census(g)
            if step % deep_every == 0:
                check_save_round_trip(g)
                check_views(g, rnd)
                if g.phase not in OVER:
                    check_illegal_refused(g, rnd)
            if on_step is not None:
                on_step(g, step)
        check_census(g)
        check_save_round_trip(g)
        if g.phase == "match-over" or len(g.results) >= hands:
            return
        g.deal()
        check_census(g)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(1, 3))
def test_random_play_keeps_every_rule(match, hands):
    game, players, rules, seed = match
    g = Game.new(game, players, rules, seed=seed)
    rnd = random.Random(seed)
    play_match(g, rnd, hands, deep_every=7)
    if g.phase not in OVER:
        assert endless(g)
    check_match(g)
    # the hand record replays to the same match
    res = replay(export_record(g))
    assert res.ok, res.error
    assert res.game.results == g.results
    assert res.game.scores == g.scores and res.game.final == g.final and res.game.winner == g.winner
    assert res.summary()["totals"] == g.scores


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(1, 400))
def test_restored_game_continues_identically(match, at):
    """Save at a random step (maybe mid-turn), restore, and continue both with the same choices: same end."""
    game, players, rules, seed = match
    g = Game.new(game, players, rules, seed=seed)
    rnd = random.Random(seed)
    saved: dict[str, Any] = {}

    def on_step(gg: Game, step: int) -> None:
        if step == at:
            saved["json"] = gg.to_json()
            saved["rnd"] = rnd.getstate()

    play_match(g, rnd, 2, deep_every=10**9, on_step=on_step)
    if "json" not in saved:
        return
    h = Game.from_json(saved["json"])
    rnd2 = random.Random()
    rnd2.setstate(saved["rnd"])
    play_match(h, rnd2, 2, deep_every=10**9)
    assert h.to_dict() == g.to_dict()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(1, 200))
def test_mid_hand_record_replays_to_the_same_state(match, stop):
    """A record exported in the middle of a hand replays to exactly the same position (rng aside)."""
    game, players, rules, seed = match
    g = Game.new(game, players, rules, seed=seed)
    rnd = random.Random(seed)
    for _ in range(stop):
        if g.phase in OVER:
            if g.phase == "match-over":
                break
            g.deal()
        g.apply(choose(g, rnd))
    res = replay(export_record(g))
    assert res.ok
    a, b = res.game.to_dict(), g.to_dict()
    a.pop("rng"), b.pop("rng")
    assert a == b
