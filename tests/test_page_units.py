"""The page's small pure parts, in CPython: URL parameters, the embed snippet, the new-game form, words, the view
decoder and the protocol checks (the same modules run under MicroPython: tests/test_page_mpy.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from page_harness import CATALOG
from test_properties import matches, play_random

from rummy import Game, seat_view
from web.page.app import params, text
from web.page.app.setup import SetupState, setup_html
from web.page.shared.protocol import engine_message_problem, page_message_problem
from web.page.shared.viewdata import Move, read_view


def test_embed_snippet_uses_the_page_address():
    url = params.embed_url("https://x.github.io/rummy/index.html?seed=3#top", {"game": "gin", "opponents": ["ada"]},
                           {"preset": "oklahoma", "knock_limit": 5, "big_gin": False})
    assert url == ("https://x.github.io/rummy/index.html?embed=1&game=gin&opponents=ada&preset=oklahoma"
                   "&knock_limit=5&big_gin=false")
    snip = params.iframe_snippet(url, "Gin Rummy against Ada")
    assert snip.startswith('<iframe src="https://x.github.io/rummy/index.html?embed=1&amp;game=gin')


def test_url_parameters_choose_a_game():
    cfg, err = params.game_config(params.parse_query("?game=gin&opponents=ada&preset=oklahoma&knock_limit=5&seed=9"),
                                  CATALOG)
    assert err is None and cfg == {"game": "gin", "opponents": ["ada"], "seed": 9,
                                   "rules": {"preset": "oklahoma", "knock_limit": 5}}
    cfg, err = params.game_config(params.parse_query("game=rummy&players=4&jokers=true&reuse_limit=null"), CATALOG)
    assert err is None and len(cfg["opponents"]) == 3
    assert cfg["rules"]["jokers"] is True and cfg["rules"]["reuse_limit"] is None
    assert params.game_config(params.parse_query("embed=1&speed=0"), CATALOG) == (None, None)
    for bad in ("game=chess", "game=gin&opponents=zed", "game=gin&knock_limit=99", "game=gin&preset=nope",
                "game=gin&opponents=ada,rex", "game=gin&seed=abc", "game=gin&big_gin=maybe"):
        cfg, err = params.game_config(params.parse_query(bad), CATALOG)
        assert cfg is None and err, bad
    assert params.speed_override({"speed": "0"}) == 0.0 and params.speed_override({"speed": "fast"}) == 0.3


@given(st.text(max_size=30))
def test_quote_and_unquote_round_trip(s):
    assert params.unquote(params.quote(s)) == s


def test_setup_screen_state():
    st_ = SetupState(CATALOG)
    st_.change("game", "rummy", False)
    st_.change("players", "5", False)
    st_.change("preset", "classic-book", False)
    st_.change("opt:jokers", "on", True)
    cfg = st_.config()
    assert cfg["game"] == "rummy" and len(cfg["opponents"]) == 4
    assert cfg["rules"] == {"preset": "classic-book", "jokers": True}
    folded = setup_html(st_)
    assert 'name="opt:jokers"' not in folded and "Start game" not in folded  # under "Choose opponent and rules"
    st_.open = True
    html = setup_html(st_)
    assert 'name="opt:jokers"' in html and "Start game" in html and 'name="opt:stalemate_restocks"' in html
    st2 = SetupState(CATALOG, cfg)
    assert st2.game == "rummy" and st2.players == 5
    g = Game.new(cfg["game"], len(cfg["opponents"]) + 1, cfg["rules"], seed=1)
    assert g.rules["jokers"] is True
    # a value out of range is refused with the schema's words, and nothing changes
    st_.change("opt:stalemate_restocks", "11", False)
    assert "from 1 to 10" in st_.error and "stalemate_restocks" not in st_.rules()


def test_the_form_shows_what_the_engine_will_resolve():
    """The page reads the rules from the engine's catalog: what it shows equals what the engine resolves."""
    from rummy import resolve_rules

    for game, players in (("gin", 2), ("rummy", 2), ("rummy", 5)):
        for preset in CATALOG.presets(game):
            shown = CATALOG.resolved(game, players, {"preset": preset})
            engine = dict(resolve_rules(game, players, {"preset": preset}))
            engine.pop("preset")
            assert shown == engine, (game, preset)


def test_every_preset_has_a_players_name_and_the_recommended_opponent_plays_the_game():
    from rummy.rules import PRESETS

    for game in ("gin", "rummy"):
        labels = [CATALOG.preset_label(game, p) for p in PRESETS[game]]
        assert len(set(labels)) == len(labels) and not set(labels) & set(PRESETS[game]), labels  # words, not ids
        assert CATALOG.recommended(game) in CATALOG.ids(game)
        assert CATALOG.standard(game)["rules"] == {"preset": "cardgames"}
    assert SetupState(CATALOG).opps() == [CATALOG.recommended("gin")]  # the form starts from it too


def test_a_set_up_in_a_players_words():
    from web.page.app.setup import setup_words

    def words(game, opps, rules):  # type: ignore[no-untyped-def]
        return setup_words(CATALOG, {"game": game, "opponents": opps, "rules": rules, "seed": None})

    assert words("gin", ["ada"], {"preset": "oklahoma"}) == "Gin Rummy against Ada (Oklahoma)"
    assert words("gin", ["ada"], {"preset": "oklahoma", "target": 150, "big_gin": False}) == \
        "Gin Rummy against Ada (Oklahoma, to 150, 1 more change)"
    assert words("gin", ["sam"], {"preset": "cardgames", "knock_limit": 10}) == "Gin Rummy against Sam (Standard rules)"
    assert words("rummy", ["mel", "sage"], {"preset": "classic-book", "rounds": 3}) == \
        "Basic Rummy against Mel and Sage (Classic rules, 3 hands)"
    people = {"game": "gin", "opponents": [], "rules": {"preset": "cardgames"},
              "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]}
    assert setup_words(CATALOG, people).startswith("Gin Rummy against Bob (")


def test_words_for_moves_and_results():
    names = ["You", "Ada"]
    assert text.spoken("Ada took 7♥ and Q♠, 10♦") == "Ada took 7 of hearts and queen of spades, 10 of diamonds"
    assert text.names_in("Knock: 20 - 3 deadwood: seat 0 scores 17.", names) == "Knock: 20 - 3 deadwood: you score 17."
    assert text.names_in("You took 6D from the discard pile", names) == "You took 6♦ from the discard pile"
    assert text.esc('<a href="x">&</a>') == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"


@settings(max_examples=40, deadline=None)
@given(matches(), st.integers(0, 300), st.integers(0, 5))
def test_the_page_reads_every_view_the_engine_writes(match, steps, seat):
    game, players, rules, seed = match
    g = play_random(game, players, rules, seed, steps)
    v = seat_view(g, seat % players)
    p = read_view(json.loads(v.to_json()))
    assert p.hand == list(v.hand) and p.discard == list(v.discard) and p.step == v.step
    assert [m.text for m in p.legal] == [str(a) for a in v.legal]
    assert [(m.kind, m.cards, m.wild, m.meld) for m in p.legal] == \
        [(a.kind.value, list(a.cards), list(a.wild), a.meld) for a in v.legal]
    assert [[*t.cards] for t in p.table] == [list(t.cards) for t in v.table]
    assert [(e.kind, e.seat, e.card) for e in p.log] == [(e.kind.value, e.seat, e.card) for e in v.log]
    assert [(r.end, r.winner, r.points) for r in p.results] == [(r.end.value, r.winner, list(r.points))
                                                                 for r in v.results]


@pytest.mark.parametrize("damage", [
    lambda d: d["view"].update(hand=["7X"]),
    lambda d: d["view"].update(phase="nap"),
    lambda d: d["view"].update(players=9),
    lambda d: d["view"].update(legal=["juggle"]),
    lambda d: d["view"].pop("scores"),
    lambda d: d["view"].update(extra=1),
    lambda d: d.update(version=2),
])
def test_a_damaged_view_is_refused(damage):
    g = Game.new("gin", seed=1)
    d = json.loads(seat_view(g, 0).to_json())
    damage(d)
    with pytest.raises(ValueError):
        read_view(d)


def test_moves_read_out_their_parts():
    m = Move("layoff JK=6H 2")
    assert (m.kind, m.meld, m.wild) == ("layoff", 2, [m.cards[0]]) and m.hand_cards() == [52]
    assert Move("draw stock").kind == "draw stock" and Move("big gin").kind == "big gin"
    with pytest.raises(ValueError):
        Move("fold 7H")


def test_protocol_checks():
    assert page_message_problem({"type": "act", "action": "pass", "step": 3}) is None
    assert page_message_problem({"type": "act", "action": 5, "step": 3})
    assert page_message_problem({"type": "new", "config": {"game": "chess", "opponents": ["x"]}})
    assert page_message_problem({"type": "resume", "save": {}})
    assert page_message_problem("nope")
    assert engine_message_problem({"type": "stale", "step": 1}) is None
    assert engine_message_problem({"type": "table", "view": {}, "events": [], "save": {}, "hint": {}, "next": "x"})
    assert engine_message_problem({"type": "refused", "code": "x", "message": "y", "params": {}, "step": "1"})
