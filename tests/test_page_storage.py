"""The page's storage layer (web/page/storage.py, formats.py, stats.py, tabs.py) in CPython: exact readers of
every key (fuzzed at every depth), set-aside copies, failed writes, two tabs, statistics, export and import."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import page_samples as P
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.page import formats, stats, storage, transfer
from web.page.storage import ASIDE, KEY_HISTORY, KEY_MATCH, KEY_SETTINGS, KEY_STATS, MAX_ASIDE, MAX_COPY, Store
from web.page.tabs import ELSEWHERE, TAKEN, owner_key

OWNER = owner_key(KEY_MATCH)
STYLES = ("throw", "answer")


def store(backend: Any = None, tab: str = "tab-a") -> Store:
    return Store(backend if backend is not None else P.FakeStorage(), tab)


def asides(b: P.FakeStorage) -> list[str]:
    return sorted(k for k in b.items if k.startswith(ASIDE))


# ---------------------------------------------------------------- every key, damaged at every depth

# (key, kind, version, valid data, what reading gives)
VALID = [
    (KEY_SETTINGS, "settings", 5, P.settings(), P.settings()),
    (KEY_SETTINGS, "settings", 4, P.settings_v4(), formats.upgrade_settings(P.settings_v4(), 4)),
    (KEY_SETTINGS, "settings", 3, P.settings_v3(), formats.upgrade_settings(P.settings_v3(), 3)),
    (KEY_SETTINGS, "settings", 2, P.settings_v2(), formats.upgrade_settings(P.settings_v2(), 2)),
    (KEY_SETTINGS, "settings", 1, P.settings_v1(), formats.upgrade_settings(P.settings_v1())),
    (KEY_SETTINGS, "settings", 1, P.settings_v1_people(), formats.upgrade_settings(P.settings_v1_people())),
    (KEY_STATS, "stats", 4, P.stats(), P.stats()),
    (KEY_STATS, "stats", 3, P.stats_v3(), stats.upgrade(P.stats_v3(), 3)),
    (KEY_STATS, "stats", 2, P.stats_v2(), stats.upgrade(P.stats_v2(), 2)),
    (KEY_STATS, "stats", 1, P.stats_v1(), stats.upgrade(P.stats_v1(), 1)),
    (KEY_MATCH, "match", 4, P.match(), P.match()),
    (KEY_MATCH + "@game=rummy", "match", 4, P.match("rummy"), P.match("rummy")),
    (KEY_MATCH + "@people", "match", 4, P.match_people(), P.match_people()),
    (KEY_MATCH, "match", 3, P.match_v3(), formats.upgrade_match(P.match_v3(), 3)),
    (KEY_MATCH + "@people", "match", 3, P.match_people_v3(), formats.upgrade_match(P.match_people_v3(), 3)),
    (KEY_MATCH, "match", 2, P.match_v2(), formats.upgrade_match(P.match_v3(), 3)),
    (KEY_MATCH, "match", 1, P.match_v1(), formats.upgrade_match(P.match_v1(), 1)),
    (KEY_HISTORY, "history", 1, P.history(), P.history()),
]

# Paths (dotted; list items as [i]) where more than one JSON type is right, and zones the page does not check.
POLYMORPHIC = re.compile(r"(\.last|\.lang|\.relays|\.turn|\.seed|\.sound|\.stun|\.best_match|\.best|^data\.view|\.rules\.[^.\[]+|"
                         r"^data\.matches\[\d+\]\.(when|winner))$")
FREE = re.compile(r"^data\.(engine\.(?!format$|version$)|view\.view\.|matches\[\d+\]\.record\.(?!format$|game$|hands$))")
# fields that may be left out: a match config's extras, and version 3's deal proof (an online match's only)
OPTIONAL = re.compile(r"^data\.((table\.)?config\.(practice|daily|tutorial)|table\.fair)$")
MAPS = re.compile(r"(\.rules|^data\.(games|opponents|people|daily)|^data\.matches\[\d+\]\.record)$")


def paths(v: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(v, dict):
        for k in v:
            out += paths(v[k], (*here, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += paths(x, (*here, i))
    return out


def dotted(path: tuple[Any, ...]) -> str:
    s = ""
    for p in path:
        s += f"[{p}]" if isinstance(p, int) else ("." if s else "") + p
    return s


def jtype(v: Any) -> str:
    return "null" if v is None else type(v).__name__


def node(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@st.composite
def damaged(draw: Any) -> tuple[str, str, Any, bool]:
    """(key, stored text, the damaged document, must it be refused)."""
    key, kind, version, data, _ = draw(st.sampled_from(VALID))
    doc = P.envelope(kind, version, json.loads(json.dumps(data)))
    path = draw(st.sampled_from(paths(doc)))
    where = dotted(path)
    target = node(doc, path)
    op = draw(st.sampled_from(("replace", "delete", "add")))
    if op == "delete" and path:
        parent = node(doc, path[:-1])
        del parent[path[-1]]
        parent_where = dotted(path[:-1])
        refuse = isinstance(parent, dict) and not (MAPS.search(parent_where) or FREE.search(where)
                                                   or OPTIONAL.search(where))
    elif op == "add" and isinstance(target, (dict, list)):
        value = draw(json_values)
        if isinstance(target, dict):
            name = draw(st.text(min_size=1, max_size=6).filter(lambda n: n not in target))
            target[name] = value
            refuse = not (MAPS.search(where) or FREE.search(where + ".x"))
        else:
            target.append(value)
            refuse = False  # a list may take one more item (a log line, a card)
    else:
        new = draw(json_values)
        if path:
            node(doc, path[:-1])[path[-1]] = new
        else:
            doc = new
        refuse = jtype(new) != jtype(target) and not POLYMORPHIC.search(where) and not FREE.search(where)
        if isinstance(new, float) and jtype(target) == "int" and not FREE.search(where):
            refuse = True  # 3.0 is not a whole number of the game's
    return key, json.dumps(doc), doc, refuse


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(), st.sampled_from(STYLES))
def test_a_damaged_value_is_read_exactly_or_set_aside(case: tuple[str, str, Any, bool], style: str) -> None:
    key, raw, _doc, refuse = case
    b = P.FakeStorage(style=style)
    b.items[key] = raw
    got = store(b).read(key)
    if got.data is not None:
        assert not refuse, f"accepted a value that must be refused: {raw}"
        assert got.notice is None and got.offer is None
        assert b.items[key] == raw  # a good value is left as it is
        kind = storage.kind_of(key)
        assert storage.parse(key, storage.dumps(formats.envelope(str(kind), got.data))) == got.data
    else:
        assert got.notice and key not in b.items
        assert [b.items[k] for k in asides(b)] == [raw]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([k for k, *_ in VALID] + [OWNER, "rummy.owner@x"]), st.one_of(st.text(max_size=50), json_values.map(json.dumps)))
def test_any_text_under_any_key_never_raises(key: str, raw: str) -> None:
    b = P.FakeStorage()
    b.items[key] = raw
    got = store(b).read(key)
    if got.data is None:
        assert key not in b.items or got.offer is not None
        assert storage.kind_of(key) == "owner" or got.notice
    else:
        assert b.items[key] == raw


@pytest.mark.parametrize(("key", "kind", "version", "data", "expected"), VALID)
def test_every_valid_value_reads_back(key: str, kind: str, version: int, data: Any, expected: Any) -> None:
    b = P.FakeStorage()
    b.items[key] = P.stored(kind, version, data)
    got = store(b).read(key)
    assert got.data == expected and got.notice is None


# ---------------------------------------------------------------- the six values that crashed web/ui


def match_with(**meta: Any) -> str:
    m = P.match_v1()
    for k, v in meta.items():
        if v is None:
            del m["meta"][k]
        else:
            m["meta"][k] = v
    return P.stored("match", 1, m)


def bad_rules() -> str:
    s = P.settings_v1()
    s["last"]["rules"] = ["a"]
    return P.stored("settings", 1, s)


CRASHES = {
    "settings whose last.rules is ['a']": (KEY_SETTINGS, bad_rules(), "data.last.rules is not an object"),
    "match without meta.names": (KEY_MATCH, match_with(names=None), "data.meta has no field “names”"),
    "match with one name": (KEY_MATCH, match_with(names=["You"]), "data.meta.names has fewer than 2 items"),
    "meta.log = 'oops'": (KEY_MATCH, match_with(log="oops"), "data.meta.log is not a list"),
    "data: []": (KEY_MATCH, P.stored("match", 1, []), "data is not an object"),
}


@pytest.mark.parametrize("case", list(CRASHES))
def test_the_values_that_crashed_web_ui_are_set_aside(case: str) -> None:
    key, raw, why = CRASHES[case]
    b = P.FakeStorage()
    b.items[key] = raw
    o = store(b).open()
    assert o.match is None and o.settings == formats.default_settings()
    assert len(o.notices) == 1 and why in o.notices[0] and not o.offers
    assert key not in b.items and b.items[f"{ASIDE}1.{key}"] == raw


def test_three_megabytes_of_junk_are_offered_then_removed_and_storage_works_again() -> None:
    b = P.FakeStorage(quota=len(KEY_SETTINGS) + 3_000_000 + 200)  # full: room for the owner record only
    b.items[KEY_SETTINGS] = "x" * 3_000_000
    s = store(b)
    o = s.open()
    assert o.settings == formats.default_settings() and len(o.offers) == 1 and not asides(b)
    offer = o.offers[0]
    assert offer.text == b.items[KEY_SETTINGS] and offer.name == "rummy-unreadable-rummy.settings.txt"
    assert "too big" in o.notices[0]
    s.tab().start()
    saved = s.write_match("", P.match())
    assert not saved.ok and saved.notice == "Your last move could not be saved: storage is full."
    s.offered(offer)
    assert KEY_SETTINGS not in b.items
    saved = s.retry()
    assert saved.ok and saved.notice is None and json.loads(b.items[KEY_MATCH])["data"] == P.match()


@pytest.mark.parametrize("raw", ["[" * 100_000 + "]" * 100_000, '{"a":' * 40_000 + "1" + "}" * 40_000,
                                 P.stored("settings", 1, [[[[[[[[[[[]]]]]]]]]]])], ids=["lists", "objects", "inside"])
def test_deeply_nested_junk_is_set_aside(raw: str) -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = raw
    got = store(b).read(KEY_SETTINGS)
    assert got.data is None and got.notice and KEY_SETTINGS not in b.items


def test_a_bad_value_that_cannot_be_copied_is_offered() -> None:
    raw = "{" * 1000
    b = P.FakeStorage(quota=len(KEY_SETTINGS) + len(raw) + 10)
    b.items[KEY_SETTINGS] = raw
    got = store(b).read(KEY_SETTINGS)
    assert got.offer is not None and got.offer.text == raw and not asides(b)
    assert "there is no room for a copy" in str(got.notice)
    assert KEY_SETTINGS in b.items  # until the runner offered it


def test_a_bad_value_just_under_the_copy_limit_is_copied() -> None:
    raw = "y" * (MAX_COPY - 10)
    b = P.FakeStorage()
    b.items[KEY_STATS] = raw
    got = store(b).read(KEY_STATS)
    assert got.offer is None and b.items[f"{ASIDE}1.{KEY_STATS}"] == raw


def test_an_offer_does_not_remove_a_value_written_since() -> None:
    b = P.FakeStorage()
    b.items[KEY_MATCH] = "z" * (MAX_COPY + 1)
    s = store(b)
    offer = s.open().offers[0]
    s.tab().start()
    assert s.write_match("", P.match()).ok
    s.offered(offer)
    assert json.loads(b.items[KEY_MATCH])["data"] == P.match()


def test_at_most_max_aside_copies_are_kept_the_oldest_removed_first() -> None:
    b = P.FakeStorage()
    s = store(b)
    for i in range(8):
        b.items[KEY_SETTINGS] = f"bad {i}"
        assert s.read(KEY_SETTINGS).notice
    kept = sorted(s.asides())
    assert len(kept) == MAX_ASIDE == 3
    assert [b.items[k] for _, k in kept] == ["bad 5", "bad 6", "bad 7"]


def test_a_newer_version_is_set_aside_and_says_so() -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 6, P.settings())
    got = store(b).read(KEY_SETTINGS)
    assert got.data is None and "newer version of the game: version 6, and this one reads up to version 5" in str(got.notice)


def test_the_engine_refusing_a_match_sets_it_aside_with_its_reason() -> None:
    b = P.FakeStorage()
    raw = P.stored("match", 4, P.match())
    b.items[KEY_MATCH] = raw
    s = store(b)
    assert s.read(KEY_MATCH).data == P.match()
    got = s.refused(KEY_MATCH, "cards do not add up to one deck")
    assert "cards do not add up to one deck" in str(got.notice) and b.items[f"{ASIDE}1.{KEY_MATCH}"] == raw
    assert KEY_MATCH not in b.items


def test_the_page_view_reader_checks_the_stored_view() -> None:
    def view_check(doc: Any) -> str | None:
        return None if type(doc["view"].get("seat")) is int else "view.seat is not a seat"

    b = P.FakeStorage()
    m = P.match()
    b.items[KEY_MATCH] = P.stored("match", 4, m)
    assert Store(b, "t", view_check).read(KEY_MATCH).data == m
    m["view"]["view"]["seat"] = 0.0
    b.items[KEY_MATCH] = P.stored("match", 4, m)
    got = Store(b, "t", view_check).read(KEY_MATCH)
    assert got.data is None and "data.view view.seat is not a seat" in str(got.notice)
    b.items[KEY_MATCH] = P.stored("match", 4, m)
    got = Store(b, "t", lambda doc: 1 / 0).read(KEY_MATCH)  # a reader that raises refuses too
    assert got.data is None and "division by zero" in str(got.notice)


def test_a_bad_owner_record_is_removed_without_a_notice() -> None:
    b = P.FakeStorage()
    b.items[OWNER] = "junk"
    got = store(b).read(OWNER)
    assert got.data is None and got.notice is None and OWNER not in b.items and not asides(b)


# ---------------------------------------------------------------- matches: version 4, and the older ones


def compact(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"))


def test_a_version_3_match_becomes_this_version_4() -> None:
    b = P.FakeStorage()
    b.items[KEY_MATCH] = P.stored("match", 3, P.match_v3())
    assert store(b).open().match == {
        "save": '{"engine":{"format":"rummy-save","version":2,"game":"gin","players":2,"rng":"2344b9addb213445",'
                '"scores":[0,0],"hand":{"stock":["QD","8H"],"discard":["6H"]}},"table":{"opponents":["ada"],'
                '"seeds":[11,12],"config":{"game":"gin","opponents":["ada"],"rules":{"preset":"cardgames",'
                '"knock_limit":5,"oklahoma":false,"target":null},"seed":7},"assisted":false}}',
        "config": {"game": "gin", "opponents": ["ada"],
                   "rules": {"preset": "cardgames", "knock_limit": 5, "oklahoma": False, "target": None}, "seed": 7},
        "meta": {"names": ["You", "Ada"], "counted": 2, "match_counted": False,
                 "log": ["Hand 1: Ada dealt.", "You drew 7♥."]},
        "view": P.view(),
        "orders": [["7H", "TD", "JK", "JK", "AS"], []]}


def test_a_version_3_match_loses_nothing_in_version_4() -> None:
    v3 = P.match_people_v3()  # seats, practice, assisted, the deal's proof
    b = P.FakeStorage()
    b.items[KEY_MATCH] = P.stored("match", 3, v3)
    m = store(b).open().match
    assert m is not None and type(m["save"]) is str and len(m["orders"]) == 3
    assert json.loads(m["save"]) == {"engine": v3["engine"], "table": v3["table"]}
    assert m["save"] == compact({"engine": v3["engine"], "table": v3["table"]})
    assert m["config"] == v3["table"]["config"] and m["config"]["practice"] is True
    assert (m["meta"], m["view"], m["orders"]) == (v3["meta"], v3["view"], v3["orders"])


def test_a_version_1_match_becomes_version_4() -> None:
    v1 = P.match_v1()
    v1["meta"]["log"] = [f"line {i}" for i in range(200)]
    b = P.FakeStorage()
    b.items[KEY_MATCH] = P.stored("match", 1, v1)
    m = store(b).open().match
    table = {"opponents": ["ada"], "seeds": [11, 12], "config": P.config(), "assisted": False}
    assert m == {"save": compact({"engine": v1["engine"], "table": table}), "config": P.config(),
                 "meta": {"names": ["You", "Ada"], "counted": 2, "match_counted": True, "log": v1["meta"]["log"]},
                 "view": None, "orders": [v1["order"], []]}


FIXTURES = Path(__file__).parent / "fixtures" / "page_matches"


def as_version_4(version: int, d: Any) -> Any:
    """What the module's docstring says version ``version`` of a match becomes (written out again here)."""
    if version == 1:
        m = d["meta"]
        table = {"opponents": m["opponents"], "seeds": m["seeds"], "config": m["config"], "assisted": False}
        meta = {k: m[k] for k in ("names", "counted", "match_counted", "log")}
        view, orders = None, [d["order"]] + [[]] * len(m["opponents"])
    else:
        table, meta, view = dict(d["table"]), d["meta"], d["view"]
        orders = d["orders"] if version == 3 else [d["order"]] + [[]] * len(table["opponents"])
        table.setdefault("assisted", False)
    return {"save": compact({"engine": d["engine"], "table": table}), "config": table["config"], "meta": meta,
            "view": view, "orders": orders}


@pytest.mark.parametrize("name", ["v1", "v2", "v3", "v3_online"])
def test_the_stored_matches_of_older_versions_are_read_as_version_4(name: str) -> None:
    raw = (FIXTURES / f"{name}.json").read_text(encoding="utf-8").strip()
    doc = json.loads(raw)
    b = P.FakeStorage()
    b.items[KEY_MATCH] = raw
    s = store(b)
    o = s.open()
    assert o.notices == [] and b.items[KEY_MATCH] == raw  # read as it is; written again by the next move only
    assert o.match is not None and o.match == as_version_4(doc["version"], doc["data"])
    assert json.loads(o.match["save"])["engine"] == doc["data"]["engine"]  # the engine's save, whole
    s.tab().start()
    assert s.write_match("", o.match).ok  # written back as version 4, and read again the same
    assert json.loads(b.items[KEY_MATCH])["version"] == 4 and store(b).open().match == o.match


def v4(**changes: Any) -> Any:
    m = P.match()
    m.update(changes)
    return m


def gin_seats(*names: str) -> Any:
    return dict(P.config(), opponents=[], seats=[{"kind": "person", "name": n} for n in names])


V4_REFUSED = {
    "save an object": (v4(save=P.engine()), "data.save is not a text"),
    "save null": (v4(save=None), "data.save is not a text"),
    "save a number": (v4(save=5), "data.save is not a text"),
    "save a list": (v4(save=["{}"]), "data.save is not a text"),
    "save empty": (v4(save=""), "data.save is empty"),
    "save too long": (v4(save="x" * (formats.MAX_SAVE + 1)), "data.save is longer than 900000 characters"),
    "no save": ({k: v for k, v in P.match().items() if k != "save"}, "data has no field “save”"),
    "no config": ({k: v for k, v in P.match().items() if k != "config"}, "data has no field “config”"),
    "the engine and table of version 3": (dict(P.match_v3(), save="{}", config=P.config()),
                                         "data has an unknown field “engine”"),
    "three names for two seats": (v4(meta=dict(P.match()["meta"], names=["You", "Ada", "Mel"])),
                                  "data.meta.names has more than 2 items"),
    "two names for three seats": (v4(config=P.config("rummy")), "data.meta.names has fewer than 3 items"),
    "two names for three seats, one of them a computer": (v4(config=P.match_people()["config"]),
                                                          "data.meta.names has fewer than 3 items"),
    "orders for three seats of two": (v4(config=gin_seats("Ann", "Bob"), orders=[[], [], []]),
                                      "data.orders has more than 2 items"),
    "orders for two seats of three": (dict(P.match_people(), orders=[[], []]), "data.orders has fewer than 3 items"),
    "a config that is not a match's": (v4(config=dict(P.config(), coach=True)), "data.config has an unknown field "
                                                                                 "“coach”"),
    "a seat plan without the opponents": (v4(config=dict(gin_seats("Ann", "Bob"), opponents=["ada"])),
                                          "data.config.seats do not seat the opponents of the config"),
    "a room for the host's own seat": (v4(meta=dict(P.match()["meta"], rooms={"0": "A" * 22})),
                                        "data.meta.rooms has a field that is not a friend's seat"),
    "a room for a seat the table lacks": (v4(meta=dict(P.match()["meta"], rooms={"2": "A" * 22})),
                                          "data.meta.rooms has a field that is not a friend's seat"),
    "a room's secret too short": (v4(meta=dict(P.match()["meta"], rooms={"1": "A" * 21})),
                                  "data.meta.rooms.1 is not a room's secret (16 bytes in base64url)"),
    "a room's secret not base64url": (v4(meta=dict(P.match()["meta"], rooms={"1": "+" * 22})),
                                      "data.meta.rooms.1 is not a room's secret (16 bytes in base64url)"),
    "no room at all": (v4(meta=dict(P.match()["meta"], rooms={})), "data.meta.rooms is empty"),
}


def test_an_online_matchs_rooms_are_kept_with_it() -> None:
    m = v4(meta=dict(P.match()["meta"], rooms={"1": "AAAAAAAAAAAAAAAAAAAAAA"}))
    assert formats.check_match(json.loads(json.dumps(m)))["meta"]["rooms"] == {"1": "A" * 22}


@pytest.mark.parametrize("case", list(V4_REFUSED))
def test_a_version_4_match_that_is_not_exact_is_set_aside_with_its_reason(case: str) -> None:
    data, why = V4_REFUSED[case]
    raw = P.stored("match", 4, data)
    b = P.FakeStorage()
    b.items[KEY_MATCH] = raw
    o = store(b).open()
    assert o.match is None and len(o.notices) == 1 and why in o.notices[0], o.notices
    if len(raw) <= MAX_COPY:
        assert KEY_MATCH not in b.items and b.items[f"{ASIDE}1.{KEY_MATCH}"] == raw
    else:
        assert o.offers and o.offers[0].text == raw and "too big to keep a copy" in o.notices[0]
    with pytest.raises(formats.Bad) as e:
        formats.check_match(json.loads(json.dumps(data)))
    assert e.value.reason() == why


def test_a_save_the_page_cannot_read_is_the_engines_to_refuse() -> None:
    b = P.FakeStorage()
    m = v4(save="not even JSON")  # the page never parses it: the engine answers bad-save, and it is set aside
    b.items[KEY_MATCH] = raw = P.stored("match", 4, m)
    s = store(b)
    assert s.open().match == m
    got = s.refused(KEY_MATCH, "it is not a save of this game")
    assert "it is not a save of this game" in str(got.notice) and b.items[f"{ASIDE}1.{KEY_MATCH}"] == raw


def test_the_longest_save_is_written_and_read_back() -> None:
    m = v4(save='"' * formats.MAX_SAVE)  # every character escaped in the stored JSON
    b = P.FakeStorage()
    s = store(b)
    s.tab().start()
    saved = s.write_match("", m)
    assert saved.ok and saved.notice is None
    assert len(b.items[KEY_MATCH]) > 2 * formats.MAX_SAVE and store(b).open().match == m


def test_a_match_too_big_to_read_back_is_not_written() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.tab().start()
    assert s.write_match("", P.match()).ok
    m = P.match()
    m["view"]["view"]["junk"] = "x" * storage.MAX_VALUE
    saved = s.write_match("", m)
    assert not saved.ok and saved.notice == ("Your last move could not be saved: it is not valid (it is far bigger "
                                             "than anything the game writes).")
    assert json.loads(b.items[KEY_MATCH])["data"] == P.match()


def test_only_a_version_4_match_is_written() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.tab().start()
    saved = s.write_match("", P.match_v3())  # what the app gave before the engine's save became a text
    assert not saved.ok and saved.notice == ("Your last move could not be saved: it is not valid (data has no field "
                                             "“save”).")
    assert KEY_MATCH not in b.items and s.download_game() is None
    assert s.write_match("", P.match()).ok
    assert json.loads(b.items[KEY_MATCH]) == {"format": "rummy-ui/match", "version": 4, "data": P.match()}


def test_a_version_3_match_whose_engine_save_is_too_long_for_version_4_is_set_aside() -> None:
    v3 = P.match_v3()
    v3["engine"]["padding"] = "x" * formats.MAX_SAVE
    b = P.FakeStorage()
    b.items[KEY_MATCH] = raw = P.stored("match", 3, v3)
    o = store(b).open()
    assert o.match is None and "(data.engine is longer than 900000 characters)" in o.notices[0]
    assert o.offers[0].text == raw  # too big to copy: offered for download


def test_a_newer_match_is_set_aside_and_says_so() -> None:
    b = P.FakeStorage()
    b.items[KEY_MATCH] = P.stored("match", 5, P.match())
    o = store(b).open()
    assert o.match is None and "version 5, and this one reads up to version 4" in o.notices[0]


def test_version_1_statistics_gain_abandoned_and_people() -> None:
    b = P.FakeStorage()
    b.items[KEY_STATS] = P.stored("stats", 1, P.stats_v1())
    got = store(b).open().stats
    assert got["people"] == {} and got["games"]["gin"]["abandoned"] == 0
    assert got["games"]["gin"]["hands"] == P.stats()["games"]["gin"]["hands"]


def test_the_web_ui_custom_sort_is_read() -> None:
    s = P.settings_v1()
    s["sort"] = "custom"
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 1, s)
    assert store(b).open().settings == formats.upgrade_settings(s)


def test_version_1_settings_are_upgraded_with_the_look_and_sound_defaults() -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 1, P.settings_v1())
    got = store(b).open().settings
    want = dict(P.settings_v1())
    want.update({"sound": None, "volume": 70, "back": "red", "fourcolor": False, "hints": True, "felt": "green",
                 "stun": None, "coach": False, "relays": None, "turn": None, "lang": None})
    assert got == want
    # written back as version 5, and read again unchanged
    s = store(b)
    assert s.write_settings(got).ok
    assert json.loads(b.items[KEY_SETTINGS])["version"] == 5 and store(b).open().settings == got


def test_version_2_settings_are_upgraded_with_the_coach_off() -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 2, P.settings_v2())
    got = store(b).open().settings
    want = dict(P.settings_v2())
    want.update({"coach": False, "relays": None, "turn": None, "lang": None})
    assert got == want


def test_version_3_settings_are_upgraded_with_the_default_relays_and_no_turn_server() -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 3, P.settings_v3())
    got = store(b).open().settings
    assert got == dict(P.settings_v3(), relays=None, turn=None, lang=None)


def test_version_4_settings_are_upgraded_with_the_browsers_language() -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 4, P.settings_v4())
    assert store(b).open().settings == dict(P.settings_v4(), lang=None)


def test_a_language_the_page_does_not_speak_is_refused() -> None:
    for lang in ("xx", "EN", "zh", 5):
        with pytest.raises(formats.Bad) as e:
            formats.check_settings(dict(P.settings(), lang=lang))
        assert e.value.reason().startswith("data.lang is not")


def test_version_2_settings_with_the_coach_are_refused() -> None:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 2, P.settings())
    o = store(b).open()
    assert o.settings == formats.default_settings() and o.notices and "coach" in o.notices[0]


@pytest.mark.parametrize("field,value", [("sound", "yes"), ("volume", 101), ("volume", -1), ("volume", 50.0),
                                         ("back", "purple"), ("fourcolor", None), ("hints", 1), ("felt", ""),
                                         ("stun", "stun:a.example"), ("stun", ["http://a.example"]),
                                         ("stun", ["stun:x.example"] * 9), ("coach", 1), ("coach", None),
                                         ("relays", "wss://a.example"), ("relays", ["https://a.example"]),
                                         ("relays", ["wss://a.example"] * 9), ("relays", ["wss://"]),
                                         ("turn", "turn:a.example"), ("turn", {"urls": "stun:a.example:3478",
                                                                                "username": "u", "credential": "c"}),
                                         ("turn", {"urls": "turn:a.example:3478", "username": "u"}),
                                         ("turn", {"urls": "turn:a.example:3478", "username": "", "credential": "c"})])
def test_version_4_settings_are_checked_exactly(field: str, value: Any) -> None:
    s = P.settings()
    s[field] = value
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 5, s)
    o = store(b).open()
    assert o.settings == formats.default_settings() and o.notices and ("data." + field) in o.notices[0]


def test_version_1_settings_with_a_version_2_field_are_refused() -> None:
    s = P.settings_v1()
    s["felt"] = "blue"
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 1, s)
    assert store(b).open().settings == formats.default_settings()


# ---------------------------------------------------------------- failed writes


@pytest.mark.parametrize("style", STYLES)
def test_storage_blocked_on_every_call_plays_from_memory(style: str) -> None:
    b = P.FakeStorage(mode="blocked", style=style)
    s = store(b)
    o = s.open(framed=True)
    assert o.settings == formats.default_settings() and o.match is None and o.banner == storage.BLOCKED_FRAMED
    s.tab().start()
    saved = s.write_match("", P.match())
    assert not saved.ok and saved.notice == "Your last move could not be saved: storage is blocked."
    assert saved.retry and saved.download
    offer = s.download_game()
    assert offer is not None and json.loads(offer.text)["data"] == P.match()
    saved = s.count(stats.hand_event("gin", ["ada"], True, "gin", 25))
    assert not saved.ok and s.stats()["games"]["gin"]["hands"] == 1
    assert transfer.export(s).text  # still answers


@pytest.mark.parametrize("style", STYLES)
def test_storage_full_says_so_keeps_the_move_and_a_retry_clears_the_notice(style: str) -> None:
    b = P.FakeStorage(style=style)
    s = store(b)
    s.tab().start()
    assert s.write_match("", P.match()).ok
    b.quota = b.size()  # full from now on
    later = P.match()
    later["meta"]["counted"] = 3
    later["meta"]["log"].append("Ada drew from the stock.")  # longer than the stored match: does not fit
    saved = s.write_match("", later)
    assert not saved.ok and saved.notice == "Your last move could not be saved: storage is full."
    assert saved.retry and saved.download
    assert json.loads(b.items[KEY_MATCH])["data"]["meta"]["counted"] == 2
    assert json.loads(s.download_game().text)["data"] == later  # type: ignore[union-attr]
    again = s.retry()
    assert not again.ok and again.notice == saved.notice
    b.quota = -1  # space freed
    again = s.retry()
    assert again.ok and again.notice is None and not again.retry and not again.download
    assert json.loads(b.items[KEY_MATCH])["data"] == later


def test_storage_that_starts_throwing_mid_game_then_recovers() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.open()
    s.tab().start()
    assert s.write_settings(P.settings()).ok
    b.mode = "noset"
    saved = s.write_settings(formats.default_settings())
    assert saved.notice == "Your settings could not be saved: storage is blocked."
    b.mode = "blocked"
    assert s.write_match("", P.match()).notice == "Your last move could not be saved: storage is blocked."
    assert not s.retry().ok
    b.mode = "ok"
    assert s.retry().ok
    assert json.loads(b.items[KEY_SETTINGS])["data"] == formats.default_settings()
    assert json.loads(b.items[KEY_MATCH])["data"] == P.match()


def test_a_page_bug_is_never_stored() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.tab().start()
    m = P.match()
    m["meta"]["names"] = ["You"]
    saved = s.write_match("", m)
    assert not saved.ok and "not valid (data.meta.names has fewer than 2 items)" in str(saved.notice)
    assert KEY_MATCH not in b.items


def test_a_long_log_is_cut_to_200_lines() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.tab().start()
    m = P.match()
    m["meta"]["log"] = [f"line {i}" for i in range(250)]
    assert s.write_match("", m).ok
    assert json.loads(b.items[KEY_MATCH])["data"]["meta"]["log"] == [f"line {i}" for i in range(50, 250)]
    assert len(m["meta"]["log"]) == 250  # the caller's data is left alone


# ---------------------------------------------------------------- two tabs


def two_tabs(locks: bool = False) -> tuple[P.FakeStorage, P.Channel, Store, Store]:
    b, ch = P.FakeStorage(), P.Channel()
    a, c = store(b, "tab-a"), store(b, "tab-b")
    ch.post("a", a.tab().start(locks).broadcast)
    ch.deliver({"a": a.tab(), "b": c.tab()})
    return b, ch, a, c


def test_a_second_tab_says_the_game_is_open_elsewhere_and_play_here_takes_it_over() -> None:
    b, ch, a, c = two_tabs()
    out = c.tab().start()
    assert not out.writable and out.timer and out.broadcast
    ch.post("b", out.broadcast)
    ch.deliver({"a": a.tab(), "b": c.tab()})
    out = c.tab().out()
    assert (out.writable, out.notice, out.play_here) == (False, ELSEWHERE, True)
    assert c.tab().tick().notice == ELSEWHERE  # the holder answered: no takeover when the timer runs out
    assert a.write_match("", P.match()).ok
    refused = c.write_match("", P.match("rummy"))
    assert not refused.ok and refused.tabs[0].notice == ELSEWHERE
    assert json.loads(b.items[KEY_MATCH])["data"] == P.match()
    out = c.tab().play_here()
    assert out.writable and out.reload and out.notice is None
    ch.post("b", out.broadcast)
    answers = ch.deliver({"a": a.tab(), "b": c.tab()})
    assert [(n, o.notice, o.play_here) for n, o in answers] == [("a", TAKEN, True)]
    assert c.write_match("", P.match("rummy")).ok
    late = a.write_match("", P.match())
    assert not late.ok and late.tabs[0].notice == TAKEN
    assert json.loads(b.items[KEY_MATCH])["data"] == P.match("rummy")


def test_a_takeover_seen_by_a_storage_event_only() -> None:
    b, ch, a, c = two_tabs()
    c.tab().play_here()
    ch.queue.clear()  # the message is lost
    out = a.on_storage(OWNER, b.items[OWNER])[0]
    assert out.notice == TAKEN and not out.writable


def test_a_takeover_whose_message_and_event_were_both_missed_still_stops_the_first_tab() -> None:
    _b, ch, a, c = two_tabs()
    c.tab().play_here()
    ch.queue.clear()
    assert not a.write_match("", P.match()).ok
    assert a.tab().out().notice == TAKEN


def test_a_record_left_by_a_closed_tab_is_taken_when_nobody_answers() -> None:
    b = P.FakeStorage()
    old = store(b, "closed")
    old.tab().start()
    s = store(b, "new")
    out = s.tab().start()
    assert out.timer and not out.writable
    out = s.tab().tick()
    assert out.writable and s.write_match("", P.match()).ok


def test_a_tab_that_leaves_lets_the_next_one_claim_at_once() -> None:
    b, _ch, a, c = two_tabs()
    out = a.tab().leave()
    assert out.lock == "release" and OWNER not in b.items
    assert c.tab().start().writable


def test_web_locks() -> None:
    _b, _ch, a, c = two_tabs(locks=True)
    assert a.tab().out().writable is False  # waiting for the lock
    assert a.tab().locked(True).writable
    out = c.tab().start(locks=True)
    assert out.lock == "request"
    assert c.tab().locked(False).notice == ELSEWHERE
    out = c.tab().play_here(locks=True)
    assert out.lock == "steal" and out.writable
    assert a.tab().lock_lost().notice == TAKEN


def test_messages_that_are_not_ours_are_ignored() -> None:
    _b, _ch, a, _c = two_tabs()
    for junk in ["", "{}", "[1]", json.dumps({"app": "rummy-ui", "type": "claim", "key": OWNER, "tab": "x"}), 5, None]:
        assert a.on_message(junk)[0].writable


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from(
    ("write", "play_here", "deliver", "drop", "event", "tick", "start"))), max_size=40))
def test_two_and_three_tabs_never_overwrite_each_other(steps: list[tuple[str, str]]) -> None:
    b, ch = P.FakeStorage(), P.Channel()
    tabs = {n: store(b, "tab-" + n) for n in "abc"}
    holders = {n: tabs[n].tab() for n in "abc"}
    for who, what in steps:
        s, t = tabs[who], holders[who]
        if what == "start" and t.state == "new":
            ch.post(who, t.start().broadcast)
        elif what == "play_here":
            ch.post(who, t.play_here().broadcast)
        elif what == "tick":
            ch.post(who, t.tick().broadcast)
        elif what == "deliver":
            ch.deliver(holders)
        elif what == "drop":
            ch.queue.clear()
        elif what == "event":
            for n in "abc":
                if n != who:
                    holders[n].storage(OWNER, b.items.get(OWNER))
        elif what == "write":
            owner = json.loads(b.items[OWNER])["data"]["tab"] if OWNER in b.items else None
            m = P.match()
            m["meta"]["names"][1] = who
            saved = s.write_match("", m)
            assert saved.ok == (owner == "tab-" + who)  # only the tab the record names writes
    ch.deliver(holders)
    for n in "abc":
        holders[n].storage(OWNER, b.items.get(OWNER))
    mine = ["tab-" + n for n in "abc" if holders[n].state == "mine"]
    assert len(mine) <= 1  # once every message and event arrived, one tab at most thinks it holds the match
    if mine:
        assert json.loads(b.items[OWNER])["data"]["tab"] == mine[0]


def test_statistics_from_two_tabs_add_up() -> None:
    b = P.FakeStorage()
    a, c = store(b, "a"), store(b, "c")
    a.open()
    c.open()
    a.count(stats.hand_event("gin", ["ada"], True, "gin", 25))
    c.count(stats.hand_event("gin", ["ada"], False, "knock", -10))
    a.count(stats.match_event("gin", ["ada"], [110, 60], 0))
    got = json.loads(b.items[KEY_STATS])["data"]["games"]["gin"]
    assert (got["hands"], got["hands_won"], got["gins"], got["points"], got["matches_won"]) == (2, 1, 1, 15, 1)
    assert a.stats() == c.stats()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from(("hand", "match", "abandon", "full", "free",
                                                                   "retry"))), max_size=40))
def test_no_count_is_ever_lost_between_tabs_and_failures(steps: list[tuple[str, str]]) -> None:
    b = P.FakeStorage()
    tabs = {"a": store(b, "a"), "b": store(b, "b")}
    hands = matches = abandoned = 0
    for who, what in steps:
        s = tabs[who]
        if what == "hand":
            s.count(stats.hand_event("rummy", ["tilly", "mel"], True, "rummy", 5))
            hands += 1
        elif what == "match":
            s.count(stats.match_event("rummy", ["tilly", "mel"], [100, 20, 30], 0))
            matches += 1
        elif what == "abandon":
            s.count(stats.abandoned_event("rummy", ["tilly", "mel"]))
            abandoned += 1
        elif what == "full":
            b.quota = b.size()
        elif what == "free":
            b.quota = -1
        else:
            s.retry()
    b.quota = -1
    for s in tabs.values():
        assert s.retry().ok
    stored = json.loads(b.items[KEY_STATS])["data"] if KEY_STATS in b.items else stats.empty()
    for line in [stored["games"].get("rummy"), stored["opponents"].get("rummy:tilly"),
                 stored["opponents"].get("rummy:mel")]:
        got = (line["hands"], line["matches"], line["abandoned"]) if line else (0, 0, 0)
        assert got == (hands, matches, abandoned)


def test_a_bad_statistics_value_met_while_counting_is_set_aside() -> None:
    b = P.FakeStorage()
    s = store(b)
    b.items[KEY_STATS] = "oops"
    saved = s.count(stats.abandoned_event("gin", ["ada"]))
    assert saved.ok and saved.read is not None and "statistics could not be read" in str(saved.read.notice)
    assert json.loads(b.items[KEY_STATS])["data"]["games"]["gin"]["abandoned"] == 1


def test_counting_refuses_a_malformed_event_and_says_so() -> None:
    b = P.FakeStorage()
    saved = store(b).count({"kind": "hand"})
    assert not saved.ok and saved.notice == (
        "Your statistics could not be saved: the count is not valid (event has no field “game”).")
    assert KEY_STATS not in b.items


def test_statistics_rows() -> None:
    rows = dict(stats.rows(P.line(points=-7, hands=2), "gin"))
    assert rows["Matches won"] == "2 (67%)" and rows["Average points per hand"] == "-3.5"
    assert rows["Best match"] == "120 points, won by 40" and rows["Matches abandoned"] == "1"


# ---------------------------------------------------------------- export and import


def full_store() -> tuple[P.FakeStorage, Store]:
    b = P.FakeStorage()
    b.items[KEY_SETTINGS] = P.stored("settings", 5, P.settings())
    b.items[KEY_STATS] = P.stored("stats", 4, P.stats())
    b.items[KEY_MATCH] = P.stored("match", 1, P.match_v1())
    b.items[KEY_MATCH + "@game=rummy"] = P.stored("match", 4, P.match("rummy"))
    b.items["unrelated"] = "kept"
    return b, store(b)


def test_export_then_import_round_trips() -> None:
    _b, s = full_store()
    file = transfer.export(s)
    assert file.name == "rummy-data.json"
    fresh = P.FakeStorage()
    t = store(fresh, "other")
    plan = transfer.plan_import(t, file.text)
    assert not plan.problems
    assert plan.changes == [
        "Saved game of Gin Rummy against Ada (2 hands played): added.",
        "Saved game of Rummy against Tilly, Mel (2 hands played): added.",
        "Settings: added.",
        "Statistics of 6 matches and 18 hands: added.",
    ]
    assert fresh.items == {}  # nothing written before the player confirms
    saved = transfer.apply_import(t, plan)
    assert saved.ok and len(saved.tabs) == 2 and all(o.writable for o in saved.tabs)
    o = t.open()
    assert o.settings == P.settings() and o.stats == P.stats()
    assert o.match == formats.upgrade_match(P.match_v1(), 1)
    assert t.read(KEY_MATCH + "@game=rummy").data == P.match("rummy")
    assert json.loads(transfer.export(t).text) == json.loads(file.text)


def test_import_says_what_it_replaces() -> None:
    _b, s = full_store()
    other = P.FakeStorage()
    o = store(other)
    o.tab().start()
    o.write_match("", P.match("rummy"))
    o.write_settings(formats.default_settings())
    plan = transfer.plan_import(s, transfer.export(o).text)
    assert plan.changes == [
        "Saved game of Rummy against Tilly, Mel (2 hands played): replaces your saved game of Gin Rummy against "
        "Ada (2 hands played).",
        "Settings: replaces your settings.",
    ]


def test_an_import_with_one_bad_part_imports_nothing() -> None:
    b, s = full_store()
    doc = json.loads(transfer.export(s).text)
    doc["data"][KEY_MATCH]["data"]["meta"]["log"] = "oops"
    before = dict(b.items)
    plan = transfer.plan_import(s, json.dumps(doc))
    assert plan.problems == ["Your saved game in the file cannot be read (data.meta.log is not a list)."]
    assert not plan.writes and not plan.changes
    assert transfer.apply_import(s, plan).ok and b.items == before


@pytest.mark.parametrize(("text", "problem"), [
    ("not json", "not valid JSON"),
    ("[]", "it is not an object"),
    (json.dumps({"format": "rummy-ui/export", "version": 9, "data": {}}), "newer version"),
    (json.dumps({"format": "rummy-ui/export", "version": 1, "data": {}}), "holds no data"),
    (json.dumps({"format": "rummy-ui/export", "version": 1, "data": {"rummy.aside.1.x": {}}}), "not data of this game"),
])
def test_files_that_are_not_ours_are_refused(text: str, problem: str) -> None:
    plan = transfer.plan_import(store(), text)
    assert plan.problems and problem in plan.problems[0] and not plan.writes


def test_an_export_may_hold_matches_of_every_version_and_imports_them_as_version_4() -> None:
    parts = {KEY_MATCH: P.envelope("match", 1, P.match_v1()),
             KEY_MATCH + "@a": P.envelope("match", 2, P.match_v2("rummy")),
             KEY_MATCH + "@b": P.envelope("match", 3, P.match_people_v3()),
             KEY_MATCH + "@c": P.envelope("match", 4, P.match_people())}
    b = P.FakeStorage()
    t = store(b)
    plan = transfer.plan_import(t, json.dumps(P.envelope("export", 1, parts)))
    assert not plan.problems and plan.changes == [
        "Saved game of Gin Rummy against Ada (2 hands played): added.",
        "Saved game of Rummy against Tilly, Mel (2 hands played): added.",
        "Saved game of Rummy against Bob, Tilly (2 hands played): added.",
        "Saved game of Rummy against Bob, Tilly (2 hands played): added.",
    ]
    assert transfer.apply_import(t, plan).ok
    for key, env in parts.items():
        assert json.loads(b.items[key])["version"] == 4
        assert t.read(key).data == (env["data"] if env["version"] == 4 else
                                    formats.upgrade_match(env["data"], env["version"]))
    assert t.read(KEY_MATCH + "@a").data == formats.upgrade_match(P.match_v3("rummy"), 3)


def test_an_old_download_my_game_imports_as_version_4() -> None:
    t = store(P.FakeStorage())
    plan = transfer.plan_import(t, P.stored("match", 3, P.match_v3()))
    assert plan.changes == ["Saved game of Gin Rummy against Ada (2 hands played): added."]
    transfer.apply_import(t, plan)
    assert t.open().match == formats.upgrade_match(P.match_v3(), 3)


def test_an_import_that_would_be_too_big_to_read_back_imports_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = P.stored("match", 3, P.match_v3())
    monkeypatch.setattr(transfer, "MAX_VALUE", len(raw))  # its engine save escaped, the match is longer
    plan = transfer.plan_import(store(), raw)
    assert plan.problems == ["Your saved game in the file cannot be read (it is far bigger than anything the game "
                             "writes)."] and not plan.writes


def test_download_my_game_can_be_imported() -> None:
    b = P.FakeStorage(mode="noset")
    s = store(b)
    s.tab().start()
    s.write_match("", P.match())
    file = s.download_game()
    assert file is not None and file.name == "rummy-game.json"
    t = store(P.FakeStorage())
    plan = transfer.plan_import(t, file.text)
    assert plan.changes == ["Saved game of Gin Rummy against Ada (2 hands played): added."]
    transfer.apply_import(t, plan)
    assert t.open().match == P.match()


# ---------------------------------------------------------------- past matches (rummy.history)


def test_finished_matches_are_kept_newest_first_at_most_ten_and_read_back() -> None:
    b = P.FakeStorage()
    s = store(b)
    assert s.history().data == []
    for i in range(12):
        m = P.past_match(hands=1 + i % 3)
        m["record"]["hands"] = [dict(h, deck=list(reversed(h["deck"])) if i % 2 else h["deck"], actions=[str(i)])
                                for h in m["record"]["hands"]]
        m["record"]["dealer"] = i  # each one its own match
        saved, now = s.keep_match(m)
        assert saved.ok and now[0] == m
    kept = store(b).history()
    assert kept.notice is None and len(kept.data) == formats.MAX_PAST == 10
    assert [m["record"]["dealer"] for m in kept.data] == list(range(11, 1, -1))
    assert json.loads(b.items[KEY_HISTORY])["format"] == "rummy-ui/history"


def test_the_same_match_kept_again_replaces_its_older_copy() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.keep_match(P.past_match(hands=1))
    later = P.past_match(hands=2)  # the same first deal and dealer: one more hand of the same match
    _, now = s.keep_match(later)
    assert now == [later] and store(b).history().data == [later]


def test_the_very_same_record_kept_again_changes_nothing() -> None:
    b = P.FakeStorage()
    s = store(b)
    first = dict(P.past_match(hands=1), when="2026-05-01 18:30")
    other = P.past_match(hands=2)
    other["record"]["dealer"] = 1 - first["record"]["dealer"]  # another match
    s.keep_match(first)
    s.keep_match(other)
    written = b.items[KEY_HISTORY]
    saved, now = s.keep_match(dict(first, when="2026-05-02 09:00"))  # the first match's save opened again
    assert saved.ok and saved.notice is None
    assert now == [other, first] and b.items[KEY_HISTORY] == written  # in its place, with its time, unwritten


@pytest.mark.parametrize("bad", ["not json", P.stored("history", 2, P.history()), P.stored("stats", 1, P.history()),
                                 P.stored("history", 1, {"matches": [P.past_match()] * 11}),
                                 P.stored("history", 1, {"matches": [dict(P.past_match(), record={"format": "x"})]}),
                                 P.stored("history", 1, {"matches": [dict(P.past_match(), hands=5)]})])
def test_bad_or_foreign_past_matches_are_set_aside_and_never_stop_the_game(bad: str) -> None:
    b = P.FakeStorage()
    b.items[KEY_HISTORY] = bad
    b.items[KEY_SETTINGS] = P.stored("settings", 5, P.settings())
    s = store(b)
    o = s.open()
    got = s.history()
    assert got.data == [] and got.notice and "Your past matches could not be read" in got.notice
    assert KEY_HISTORY not in b.items and [b.items[k] for k in asides(b)] == [bad]
    assert o.settings == P.settings()  # the rest reads as before
    saved, now = s.keep_match(P.past_match())  # and the next finished match is kept
    assert saved.ok and now == [P.past_match()]


def test_a_page_bug_never_stores_a_past_match_that_would_be_set_aside() -> None:
    b = P.FakeStorage()
    s = store(b)
    s.keep_match(P.past_match())
    saved, now = s.keep_match(dict(P.past_match(), game="poker"))
    assert not saved.ok and saved.notice and "past matches could not be saved" in saved.notice
    assert now == [P.past_match()] and store(b).history().data == [P.past_match()]


def test_a_full_storage_keeps_the_past_match_in_memory_and_retries() -> None:
    b = P.FakeStorage(quota=200)
    s = store(b)
    saved, now = s.keep_match(P.past_match())
    assert not saved.ok and saved.retry and now == [P.past_match()]
    b.quota = -1
    assert s.retry().ok and store(b).history().data == [P.past_match()]
