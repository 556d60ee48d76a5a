"""The page's pure-Python parts, in CPython (no browser): saved data, statistics, URL parameters, words."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy import Event, EventKind, Game, HandEnd, HandResult, parse_card
from web.ui import params, stats, storage, text
from web.ui.setup import SetupState, setup_html


class FakeLocalStorage(dict):
    def getItem(self, k):
        return self.get(k)

    def setItem(self, k, v):
        self[k] = v

    def removeItem(self, k):
        self.pop(k, None)

    def key(self, i):
        return list(self)[i]

    @property
    def length(self):
        return len(self)


class Throwing:
    def __getattr__(self, name):
        raise RuntimeError("SecurityError: The operation is insecure.")


class Full(FakeLocalStorage):
    def setItem(self, k, v):
        if k != "rummy.probe":
            raise RuntimeError("QuotaExceededError: quota exceeded")


FMT = storage.FORMATS[storage.KEY_STATS]


def test_envelope_round_trip():
    s = storage.Store(FakeLocalStorage())
    assert s.write(storage.KEY_STATS, FMT, {"a": 1})
    assert s.read(storage.KEY_STATS, FMT) == ({"a": 1}, None)
    assert json.loads(s.get(storage.KEY_STATS))["version"] == 1


@pytest.mark.parametrize("raw, why", [
    ("{nope", "corrupt"),
    (json.dumps({"format": "something-else", "version": 1, "data": 1}), "not written by this game"),
    (json.dumps({"format": "rummy-ui/stats", "version": 7, "data": 1}), "newer version"),
    (json.dumps({"format": "rummy-ui/stats", "data": 1}), "no readable version"),
])
def test_bad_values_are_set_aside_not_deleted(raw, why):
    ls = FakeLocalStorage({storage.KEY_STATS: raw})
    s = storage.Store(ls)
    data, problem = s.read(storage.KEY_STATS, FMT)
    assert data is None and why in problem and "kept aside" in problem
    assert storage.KEY_STATS not in ls
    assert ls["rummy.aside.1.rummy.stats"] == raw
    # a second bad value goes to the next place
    ls[storage.KEY_STATS] = raw
    s.read(storage.KEY_STATS, FMT)
    assert ls["rummy.aside.2.rummy.stats"] == raw


def test_throwing_storage_never_stops_play():
    s = storage.Store(Throwing())
    assert not s.ok
    assert s.write(storage.KEY_STATS, FMT, {"x": 1}) is False
    assert s.read(storage.KEY_STATS, FMT) == ({"x": 1}, None)  # kept in memory for this visit
    assert "won't be kept" in storage.storage_notice(s, framed=True)
    assert storage.Store(None).ok is False


def test_full_storage_is_reported():
    s = storage.Store(Full())
    assert s.ok
    s.write(storage.KEY_STATS, FMT, {"x": 1})
    assert not s.ok and s.problem == "full"
    assert "full" in storage.storage_notice(s, framed=False)


def _result(end: str, winner: int | None, *points: int) -> HandResult:
    return HandResult(0, 0, HandEnd(end), winner, points, points, tuple(() for _ in points), "")


def test_statistics_of_hands_and_matches():
    st = stats.empty()
    stats.record_hand(st, "gin", ["ada"], _result("gin", 0, 40, 0))
    stats.record_hand(st, "gin", ["ada"], _result("undercut", 0, 27, 0))
    stats.record_hand(st, "gin", ["ada"], _result("knock", 1, 0, 12))
    stats.record_match(st, "gin", ["ada"], [217, 37], 0)
    stats.record_match(st, "gin", ["ada"], [50, 160], 1)
    line = st["games"]["gin"]
    assert (line["hands"], line["hands_won"], line["gins"], line["undercuts"]) == (3, 2, 1, 1)
    assert (line["matches"], line["matches_won"], line["streak"], line["best_streak"]) == (2, 1, 0, 1)
    assert line["best_match"] == {"score": 217, "margin": 180}
    assert st["opponents"]["gin:ada"]["hands"] == 3
    rows = dict(stats.rows(line, "gin"))
    assert rows["Average points per hand"] == "22.3" and rows["Hands won"] == "2 (67%)"
    stats.record_hand(st, "rummy", ["mel", "dot"], _result("stalemate", None, 0, 0, 0))
    assert st["games"]["rummy"]["stalemates"] == 1 and st["games"]["rummy"]["hands_won"] == 0
    # what comes back from storage is cleaned
    assert stats.clean({"games": {"gin": {"hands": -3, "gins": "x"}}})["games"]["gin"]["hands"] == 0
    assert stats.clean("garbage") == stats.empty()


def test_url_parameters_choose_a_game():
    ids = {"gin": ["pip", "rex", "ada"], "rummy": ["mel", "dot"]}
    cfg, err = params.game_config(params.parse_query("?game=gin&opponents=ada&preset=oklahoma&knock_limit=5&seed=9"), ids)
    assert err is None and cfg == {"game": "gin", "opponents": ["ada"], "seed": 9,
                                   "rules": {"preset": "oklahoma", "knock_limit": 5}}
    cfg, err = params.game_config(params.parse_query("game=rummy&players=4&jokers=true&reuse_limit=null"), ids)
    assert err is None and len(cfg["opponents"]) == 3 and cfg["rules"]["jokers"] is True and cfg["rules"]["reuse_limit"] is None
    assert params.game_config(params.parse_query("embed=1&speed=0"), ids) == (None, None)
    for bad in ("game=chess", "game=gin&opponents=zed", "game=gin&knock_limit=99", "game=gin&preset=nope",
                "game=gin&opponents=ada,rex", "game=gin&seed=abc", "game=gin&big_gin=maybe"):
        cfg, err = params.game_config(params.parse_query(bad), ids)
        assert cfg is None and err, bad
    assert params.speed_override({"speed": "0"}) == 0.0 and params.speed_override({"speed": "fast"}) == 0.3
    q = params.parse_query("seed=1&game=gin&embed=1&speed=0")
    assert params.slot_of(q) == "game=gin&seed=1"


def test_embed_snippet_uses_the_page_address():
    url = params.embed_url("https://x.github.io/rummy/index.html?seed=3#top", {"game": "gin", "opponents": ["ada"]},
                           {"preset": "oklahoma", "knock_limit": 5, "big_gin": False})
    assert url == "https://x.github.io/rummy/index.html?embed=1&game=gin&opponents=ada&preset=oklahoma&knock_limit=5&big_gin=false"
    snip = params.iframe_snippet(url, "Gin Rummy against Ada")
    assert snip.startswith('<iframe src="https://x.github.io/rummy/index.html?embed=1&amp;game=gin')


def test_words_for_moves_and_results():
    names = ["You", "Ada"]
    c = parse_card
    assert text.describe_event(Event(EventKind.DRAW_DISCARD, 1, c("7H")), names) == "Ada took 7♥ from the discard pile"
    meld = Event(EventKind.MELD, 0, None, (c("3H"), c("4H"), c("5H")), (c("5H"),), 1)
    assert text.describe_event(meld, names) == "You melded 3♥ 4♥ Joker as 5♥"
    assert text.describe_event(Event(EventKind.LAYOFF, 1, None, (c("TD"),), (), 2), names) == "Ada laid off 10♦ on meld 2"
    assert text.describe_event(Event(EventKind.RESTOCK, None, count=31), names) == "The discard pile became the new stock (31 cards)"
    assert text.spoken("Ada took 7♥ and Q♠") == "Ada took 7 of hearts and queen of spades"
    assert text.names_in("Knock: 20 - 3 deadwood: seat 0 scores 17.", names) == "Knock: 20 - 3 deadwood: you score 17."
    assert text.names_in("You took 6D from the discard pile", names) == "You took 6♦ from the discard pile"
    stalemate = HandResult(0, 0, HandEnd.STALEMATE, None, (0, 0), (0, 0), ((), ()), "Stalemate.")
    assert text.headline(stalemate, names).startswith("Stalemate")


def test_setup_screen_state():
    st = SetupState()
    st.change("game", "rummy", False)
    st.change("players", "5", False)
    st.change("preset", "classic-book", False)
    st.change("opt:jokers", "on", True)
    cfg = st.config()
    assert cfg["game"] == "rummy" and len(cfg["opponents"]) == 4
    assert cfg["rules"] == {"preset": "classic-book", "jokers": True}
    html = setup_html(st, can_resume=False)
    assert 'name="opt:jokers"' in html and "Start game" in html
    st2 = SetupState(cfg)
    assert st2.game == "rummy" and st2.players == 5
    g = Game.new(cfg["game"], len(cfg["opponents"]) + 1, cfg["rules"], seed=1)
    assert g.rules["jokers"] is True
