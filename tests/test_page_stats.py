"""Statistics version 3 (web/page/stats.py): knocks and their deadwood, undercuts against the player, assisted
matches, rates and averages, head-to-head per opponent, and the upgrade of versions 1 and 2."""

from __future__ import annotations

import json

import page_samples as P
import pytest

from rummy import Game, seat_view
from rummy.bots import make_bot
from web.page import formats, stats
from web.page.shape import Bad
from web.page.shared.viewdata import read_view


def _count(events: list[dict]) -> dict:
    s = stats.empty()
    for e in events:
        stats.apply(s, stats.check_event(e))
    stats.check(s)
    return s


def test_knocks_undercuts_and_assisted_matches_are_counted():
    s = _count([
        stats.hand_event("gin", ["ada"], True, "knock", 12, knocked=True, deadwood=4),
        stats.hand_event("gin", ["ada"], False, "undercut", -27, knocked=True, deadwood=9),
        stats.hand_event("gin", ["ada"], True, "gin", 40, knocked=True, deadwood=0),
        stats.hand_event("gin", ["ada"], True, "undercut", 30),  # the player undercut Ada's knock
        stats.hand_event("gin", ["ada"], False, "knock", -8),
        stats.match_event("gin", ["ada"], [120, 40], 0, assisted=True),
        stats.match_event("gin", ["ada"], [60, 110], 1),
    ])
    line = s["games"]["gin"]
    assert (line["knocks"], line["knock_deadwood"], line["undercut_against"]) == (2, 13, 1)
    assert (line["gins"], line["undercuts"], line["assisted"], line["matches"]) == (1, 1, 1, 2)
    assert s["opponents"]["gin:ada"] == line
    rows = dict(stats.rows(line, "gin"))
    assert rows["Average knock deadwood"] == "6.5"
    assert rows["Undercut when knocking"] == "1 (50%)"
    assert rows["Gins"] == "1 (20% of hands)" and rows["Undercuts"] == "1 (20% of hands)"
    assert rows["Average points per hand"] == "9.4"
    assert rows["Matches with hints or undo"] == "1"


def test_going_rummy_rate():
    s = _count([stats.hand_event("rummy", ["sage"], True, "rummy", 40),
                stats.hand_event("rummy", ["sage"], False, "out", 0)])
    assert dict(stats.rows(s["games"]["rummy"], "rummy"))["Going rummy"] == "1 (50% of hands)"


def test_head_to_head_per_opponent():
    s = _count([
        stats.match_event("rummy", ["sage", "dot"], [100, 20, 30], 0),
        stats.match_event("rummy", ["dot"], [10, 100], 1),
        stats.hand_event("rummy", ["dot"], True, "out", 30),
        stats.match_event("gin", ["ada"], [120, 40], 0),
    ])
    assert stats.head_to_head(s, "rummy") == [("dot", "1–1", "50%", "30.0"), ("sage", "1–0", "100%", "–")]
    assert stats.head_to_head(s, "gin") == [("ada", "1–0", "100%", "–")]


@pytest.mark.parametrize("event,why", [
    (stats.hand_event("gin", ["ada"], True, "knock", 9, knocked=True), "event.deadwood"),
    (stats.hand_event("gin", ["ada"], True, "knock", 9, knocked=False, deadwood=3), "event.deadwood"),
    (stats.hand_event("gin", ["ada"], True, "knock", 9, knocked=True, deadwood=-1), "event.deadwood"),
    ({**stats.hand_event("gin", ["ada"], True, "knock", 9), "knocked": 1}, "event.knocked"),
    ({**stats.match_event("gin", ["ada"], [1, 0], 0), "assisted": None}, "event.assisted"),
])
def test_malformed_new_fields_are_refused(event, why):
    with pytest.raises(Bad) as e:
        stats.check_event(event)
    assert e.value.where == why


def test_versions_1_and_2_upgrade_with_zero_new_counts():
    for version, data in ((1, P.stats_v1()), (2, P.stats_v2())):
        doc = {"format": stats.FORMAT, "version": version, "data": json.loads(json.dumps(data))}
        got = formats.check_envelope("stats", doc)
        stats.check(got)  # a valid version 3
        for group in ("games", "opponents"):
            for name in data[group]:
                line = got[group][name]
                assert all(line[k] == 0 for k in stats.NEW_IN_3)
                assert all(line[k] == data[group][name][k] for k in data[group][name])
    with pytest.raises(Bad):  # a version-2 line with version-3 fields is not version 2
        stats.check(P.stats(), 2)
    bad = P.stats()
    bad["games"]["gin"]["undercut_against"] = 99
    with pytest.raises(Bad):
        stats.check(bad)


def test_the_hand_event_is_made_from_the_pages_own_result():
    """hand_event_from reads the result the page has (viewdata), so the page counts knocks without the engine."""
    g = Game.new("gin", 2, {"target": 500}, seed=4)
    bots = [make_bot("rex", "gin", s) for s in range(2)]  # knocks at the first chance
    events = []
    while len(g.results) < 6:
        if g.phase == "hand-over":
            v = read_view(seat_view(g, 0).to_data())
            r = v.results[-1]
            e = stats.hand_event_from("gin", ["rex"], r)
            stats.check_event(e)
            k = g.results[-1].knock
            assert e["knocked"] == (k is not None and k.knocker == 0)
            assert e["deadwood"] == (k.deadwood[0] if e["knocked"] else None)
            assert e["won"] == (g.results[-1].winner == 0) and e["points"] == g.results[-1].points[0]
            events.append(e)
            g.deal()
            continue
        g.apply(bots[g.turn].choose(seat_view(g, g.turn)), g.turn)
    assert any(e["knocked"] for e in events)
