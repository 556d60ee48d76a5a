"""A self-check of the page's storage layer that prints what it sees, run by CPython and by the page's
MicroPython (tests/test_page_mpy.py compares the two outputs line by line).

Under MicroPython the backend is the JavaScript in-memory localStorage of tests/mpy.py behind the page's guard,
so JavaScript's strings, nulls and exceptions cross into Python as they will on the page; under CPython it is
page_samples.FakeStorage. Everything printed is made canonical (sorted keys, stored JSON parsed), since
MicroPython's dicts keep no order and its json writes non-ASCII characters as they are.
"""

import json

import page_samples as P

from web.page import formats, stats, transfer
from web.page.storage import ASIDE, KEY_HISTORY, KEY_MATCH, KEY_SETTINGS, KEY_STATS, Store, dumps
from web.page.tabs import owner_key

try:
    import js

    def backend():
        raw = js.makeStorage()
        return raw, js.guardedStorage(lambda: raw)

    def size(raw):
        return raw.size()

except ImportError:

    def backend():
        raw = P.FakeStorage()
        return raw, raw

    def size(raw):
        return raw.size()


FIELDS = {
    "Out": ("writable", "notice", "play_here", "broadcast", "timer", "lock", "reload"),
    "Saved": ("ok", "notice", "retry", "download", "read", "tabs"),
    "Loaded": ("data", "notice", "offer"),
    "Offer": ("name", "text", "key"),
    "Opened": ("settings", "stats", "match", "notices", "offers", "banner"),
    "Plan": ("problems", "changes", "writes"),
}


def text_of(s):
    """A string as JSON-like text, the same in both interpreters (JSON documents are parsed and shown)."""
    if len(s) > 1 and s[0] in "{[":
        try:
            return canon(json.loads(s))
        except ValueError:
            pass
    if len(s) > 300:
        return "<" + str(len(s)) + " characters>"
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def canon(v):
    name = type(v).__name__
    if v is None:
        return "null"
    if v is True or v is False:
        return "true" if v else "false"
    if type(v) is int:
        return str(v)
    if type(v) is str:
        return text_of(v)
    if type(v) is list or type(v) is tuple:
        return "[" + ",".join(canon(x) for x in v) + "]"
    if type(v) is dict:
        return "{" + ",".join(text_of(k) + ":" + canon(v[k]) for k in sorted(v)) + "}"
    if name in FIELDS:
        return name + "{" + ",".join(f + ":" + canon(getattr(v, f)) for f in FIELDS[name]) + "}"
    return "<" + name + ">"


def show(label, v):
    print(label + " = " + canon(v))


def stored(s):
    """Every stored key with its value (parsed when JSON)."""
    out = {}
    for k in s.stored_keys():
        out[k] = s.get(k)[1]
    return out


def put(s, key, text):
    assert s.put(key, text) is None


# ---------------------------------------------------------------- scenarios


def crashes():
    bad_rules = P.settings()
    bad_rules["last"]["rules"] = ["a"]
    no_names, one_name, oops = P.match_v1(), P.match_v1(), P.match_v1()
    del no_names["meta"]["names"]
    one_name["meta"]["names"] = ["You"]
    oops["meta"]["log"] = "oops"
    cases = [(KEY_SETTINGS, P.stored("settings", 2, bad_rules)), (KEY_MATCH, P.stored("match", 1, no_names)),
             (KEY_MATCH, P.stored("match", 1, one_name)), (KEY_MATCH, P.stored("match", 1, oops)),
             (KEY_MATCH, P.stored("match", 1, [])), (KEY_STATS, "x" * 3000000)]
    for key, text in cases:
        b = backend()[1]
        s = Store(b, "t")
        put(s, key, text)
        o = s.open()
        show("crash " + key, o)
        for offer in o.offers:
            s.offered(offer)
        show("crash stored", stored(s))


def aside_limit():
    b = backend()[1]
    s = Store(b, "t")
    for i in range(8):
        put(s, KEY_SETTINGS, "bad " + str(i))
        show("aside read " + str(i), s.read(KEY_SETTINGS))
    show("asides", [k for k in sorted(s.stored_keys()) if k.startswith(ASIDE)])


def versions():
    b = backend()[1]
    s = Store(b, "t")
    put(s, KEY_MATCH, P.stored("match", 1, P.match_v1()))
    put(s, KEY_STATS, P.stored("stats", 1, P.stats_v1()))
    put(s, KEY_SETTINGS, P.stored("settings", 5, P.settings()))
    show("v1 opened", s.open())
    put(s, KEY_SETTINGS, P.stored("settings", 7, P.settings()))
    show("newer", s.read(KEY_SETTINGS))
    for version, data in [(2, P.match_v2()), (3, P.match_v3()), (3, P.match_people_v3()), (4, P.match_people())]:
        put(s, KEY_MATCH, P.stored("match", version, data))
        got = s.read(KEY_MATCH)
        show("match v" + str(version), got)
        show("its save", [type(got.data["save"]).__name__, json.loads(got.data["save"])])
    put(s, KEY_MATCH, P.stored("match", 5, P.match()))
    show("newer match", s.read(KEY_MATCH))


def version_4():
    raw, b = backend()
    s = Store(b, "t")
    s.tab().start()
    show("v3 written", s.write_match("", P.match_v3()))
    show("v4 written", s.write_match("", P.match()))
    show("stored", stored(s))
    m = P.match()
    # the longest save round trips (the worst case of its escaping, every character a quote, is
    # test_page_storage's: MicroPython's json takes seconds over it)
    m["save"] = "x" * formats.MAX_SAVE
    show("longest save written", s.write_match("", m).ok)
    show("longest save read", [size(raw) > formats.MAX_SAVE, s.read(KEY_MATCH).data == m])
    people = P.match_people()
    cases = [("save object", "save", P.engine()), ("save null", "save", None), ("save number", "save", 7),
             ("save empty", "save", ""), ("save too long", "save", "x" * (formats.MAX_SAVE + 1)),
             ("names count", "config", P.config("rummy")), ("seats count", "config", people["config"])]
    for label, field, value in cases:
        m = P.match()
        m[field] = value
        put(s, KEY_MATCH, P.stored("match", 4, m))
        got = s.read(KEY_MATCH)
        show("refused " + label, [got.data, got.notice, got.offer is not None])
        if got.offer is not None:
            s.offered(got.offer)


def failed_writes():
    raw, b = backend()
    s = Store(b, "t")
    show("tab", s.tab().start())
    show("write", s.write_match("", P.match()))
    raw.quota = size(raw)
    later = P.match()
    later["meta"]["log"].append("Ada knocked.")
    show("full", s.write_match("", later))
    show("download", s.download_game())
    show("count while full", s.count(stats.hand_event("gin", ["ada"], True, "big gin", 31)))
    show("stats while full", s.stats())
    show("retry while full", s.retry())
    raw.quota = -1
    show("retry freed", s.retry())
    show("stored", stored(s))
    raw.mode = "noset"
    show("noset", s.write_settings(formats.default_settings()))
    raw.mode = "blocked"
    show("blocked open", s.open(framed=True))
    show("blocked write", s.write_match("", P.match()))
    show("blocked export", transfer.export(s))
    raw.mode = "ok"
    show("retry ok", s.retry())
    show("stored after", stored(s))


def two_tabs():
    b = backend()[1]
    ch = P.Channel()
    a, c = Store(b, "tab-a"), Store(b, "tab-c")
    holders = {"a": a.tab(), "c": c.tab()}
    out = a.tab().start()
    ch.post("a", out.broadcast)
    show("a start", out)
    out = c.tab().start()
    ch.post("c", out.broadcast)
    show("c start", out)
    show("delivered", ch.deliver(holders))
    show("c tick", c.tab().tick())
    show("a write", a.write_match("", P.match()))
    show("c write", c.write_match("", P.match("rummy")))
    out = c.tab().play_here()
    ch.post("c", out.broadcast)
    show("c play here", out)
    show("delivered", ch.deliver(holders))
    show("a write late", a.write_match("", P.match()))
    show("c write", c.write_match("", P.match("rummy")))
    out = a.tab().play_here(locks=True)
    show("a takes it back", out)
    show("c storage event", c.on_storage(owner_key(KEY_MATCH), s_get(a, owner_key(KEY_MATCH))))
    show("c lock lost", c.tab().lock_lost())
    show("a leaves", a.tab().leave())
    show("stored", stored(a))
    a.count(stats.hand_event("gin", ["ada"], True, "gin", 25, knocked=True, deadwood=0))
    c.count(stats.hand_event("gin", ["ada"], False, "undercut", -12, knocked=True, deadwood=7))
    a.count(stats.hand_event("gin", ["ada"], True, "knock", 9, knocked=True, deadwood=4))
    a.count(stats.match_event("gin", ["ada"], [120, 80], 0, assisted=True))
    c.count(stats.abandoned_event("gin", ["ada"]))
    show("stats a", a.stats())
    show("stats c", c.stats())
    show("rows", stats.rows(a.stats()["games"]["gin"], "gin"))
    show("head to head", stats.head_to_head(a.stats(), "gin"))


def s_get(s, key):
    return s.get(key)[1]


def export_import():
    b = backend()[1]
    s = Store(b, "t")
    put(s, KEY_SETTINGS, P.stored("settings", 5, P.settings()))
    put(s, KEY_STATS, P.stored("stats", 4, P.stats()))
    put(s, KEY_MATCH, P.stored("match", 1, P.match_v1()))
    put(s, KEY_MATCH + "@game=rummy", P.stored("match", 3, P.match_v3("rummy")))
    put(s, KEY_MATCH + "@people", P.stored("match", 4, P.match_people()))
    put(s, KEY_MATCH + "@two", P.stored("match", 2, P.match_v2()))
    file = transfer.export(s)
    show("export", file)
    b2 = backend()[1]
    t = Store(b2, "u")
    plan = transfer.plan_import(t, file.text)
    show("plan", plan)
    show("apply", transfer.apply_import(t, plan))
    show("round trip", json.loads(transfer.export(t).text) == json.loads(file.text))
    show("plan again", transfer.plan_import(s, file.text).changes)
    show("bad file", transfer.plan_import(t, '{"format": "rummy-ui/export", "version": 1, "data": {"rummy.match": []}}'))


def odds_and_ends():
    b = backend()[1]

    def view_check(doc):
        return None if type(doc["view"].get("seat")) is int else "view.seat is not a seat"

    s = Store(b, "t", view_check)
    m = P.match()
    m["view"]["view"]["seat"] = "0"
    put(s, KEY_MATCH, P.stored("match", 4, m))
    show("view check", s.read(KEY_MATCH))
    t = Store(b, "t2", lambda doc: 1 // 0)
    put(t, KEY_MATCH, P.stored("match", 4, P.match()))
    show("view check raises", t.read(KEY_MATCH).data is None)
    show("forget before holding", s.forget_match("").ok)
    s.tab().start()
    show("write then forget", [s.write_match("", P.match()).ok, s.forget_match("").ok, s.get(KEY_MATCH)])
    for junk in ["", "{}", "[1]", '{"app": "rummy-ui"}', 5, None]:
        show("junk message", s.on_message(junk))
    show("storage cleared", s.on_storage(None, None))
    show("bad event", s.count({"kind": "match", "game": "gin"}))
    show("rows", stats.rows(P.line(points=-7, hands=2, best_match=None), "rummy"))
    show("bad knock event", s.count(stats.hand_event("gin", ["ada"], True, "knock", 9, knocked=True)))
    show("head to head", stats.head_to_head(P.stats(), "rummy"))
    show("owner junk", [s.put("rummy.owner@x", "junk"), s.read("rummy.owner@x").data, s.get("rummy.owner@x")])
    saved, now = s.keep_match(P.past_match())
    show("keep a past match", [saved, now, s.history()])
    saved, now = s.keep_match(dict(P.past_match("rummy", 1), record=P.record("rummy", 1)))
    show("keep another", [saved, len(now), s.history().data[0]["game"]])


# ---------------------------------------------------------------- the same damage in both interpreters

VALID = [(KEY_SETTINGS, "settings", 5, P.settings()), (KEY_SETTINGS, "settings", 4, P.settings_v4()), (KEY_SETTINGS, "settings", 3, P.settings_v3()), (KEY_SETTINGS, "settings", 1, P.settings_v1()),
         (KEY_STATS, "stats", 4, P.stats()),
         (KEY_STATS, "stats", 2, P.stats_v2()), (KEY_STATS, "stats", 1, P.stats_v1()),
         (KEY_MATCH, "match", 4, P.match()), (KEY_MATCH, "match", 4, P.match_people()),
         (KEY_MATCH, "match", 3, P.match_v3()), (KEY_MATCH, "match", 3, P.match_people_v3()),
         (KEY_MATCH, "match", 2, P.match_v2()),
         (KEY_MATCH, "match", 1, P.match_v1("rummy")), (KEY_SETTINGS, "settings", 2, P.settings_v2()),
         (KEY_HISTORY, "history", 1, P.history())]
REPLACEMENTS = [None, True, 0, -1, 2.5, "", "x", [], {}, ["a"], {"a": 1}]


def paths(v, here):
    out = [here]
    if type(v) is dict:
        for k in sorted(v):
            out += paths(v[k], here + [k])
    elif type(v) is list:
        # a long list is of one kind of item (a deck, the actions): its first two and its last stand for the rest
        for i in range(len(v)) if len(v) <= 4 else (0, 1, len(v) - 1):
            out += paths(v[i], here + [i])
    return out


def damaged(doc, path, op, value):
    doc = json.loads(dumps(doc))
    if not path:
        return value if op == "replace" else doc
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if op == "replace":
        parent[last] = value
    elif op == "delete":
        del parent[last]
    elif type(parent[last]) is dict:
        parent[last]["extra"] = value
    elif type(parent[last]) is list:
        parent[last].append(value)
    return doc


def damage():
    b = backend()[1]
    s = Store(b, "t")
    for key, kind, version, data in VALID:
        doc = P.envelope(kind, version, data)
        for path in paths(doc, []):
            marks = ""
            for op, value in [("delete", None), ("add", 1)] + [("replace", v) for v in REPLACEMENTS]:
                put(s, key, dumps(damaged(doc, path, op, value)))
                got = s.read(key)
                marks += "k" if got.data is not None else ("a" if got.notice else "?")
                s.remove(key)
            for k in s.stored_keys():
                if k.startswith(ASIDE):
                    s.remove(k)
            print(key + " v" + str(version) + " " + ".".join(str(p) for p in path) + " " + marks)


crashes()
aside_limit()
versions()
version_4()
failed_writes()
two_tabs()
export_import()
odds_and_ends()
damage()
print("done")
