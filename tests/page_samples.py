"""Valid values of every stored format of the page, and in-memory stand-ins for the browser (localStorage,
BroadcastChannel), for the tests of web/page/. Plain Python that MicroPython runs too (the self-check)."""

import json


def config(game="gin", opponents=None, seed=7):
    return {"game": game, "opponents": opponents or (["ada"] if game == "gin" else ["tilly", "mel"]),
            "rules": {"preset": "cardgames", "knock_limit": 5, "oklahoma": False, "target": None},
            "seed": seed}


def settings():
    return {"speed": "fast", "contrast": True, "bigcards": False, "sort": "melds", "last": config(),
            "sound": False, "volume": 40, "back": "blue", "fourcolor": True, "hints": False, "felt": "charcoal",
            "stun": ["stun:stun.example.org:3478"], "coach": True, "relays": ["wss://relay.example.org"],
            "turn": {"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "s3cret"},
            "lang": "pt"}


def settings_v4():
    """Settings as version 4 wrote them (before the language)."""
    d = settings()
    del d["lang"]
    return d


def settings_v3():
    """Settings as version 3 wrote them (before the relays and the TURN server)."""
    d = settings_v4()
    del d["relays"], d["turn"]
    return d


def settings_v2():
    """Settings as version 2 wrote them (before the coach)."""
    d = settings_v3()
    del d["coach"]
    return d


def settings_v1():
    """Settings as version 1 wrote them (before the look and sound fields)."""
    return {"speed": "fast", "contrast": True, "bigcards": False, "sort": "melds", "last": config()}


def settings_v1_people():
    """Settings as version 1 wrote them after a Gin game of two people at one device (the last config's seats)."""
    d = settings_v1()
    d["last"] = config()
    d["last"]["opponents"] = []
    d["last"]["seats"] = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
    return d


def engine(game="gin", players=2):
    """The first fields of an engine save (the page checks only format and version)."""
    return {"format": "rummy-save", "version": 2, "game": game, "players": players, "rng": "2344b9addb213445",
            "scores": [0] * players, "hand": {"stock": ["QD", "8H"], "discard": ["6H"]}}


def view():
    return {"format": "rummy-view", "version": 1,
            "view": {"game": "gin", "seat": 0, "step": 4, "hand": ["7H", "JK"], "discard": ["6H"], "turn": 0}}


def line(**counts):
    out = {"matches": 3, "matches_won": 2, "hands": 9, "hands_won": 5, "gins": 1, "big_gins": 0, "undercuts": 1,
           "rummies": 0, "stalemates": 1, "streak": 1, "best_streak": 2, "abandoned": 1, "points": 140,
           "best_match": {"score": 120, "margin": 40}, "knocks": 3, "knock_deadwood": 17, "undercut_against": 1,
           "assisted": 1}
    for k in counts:
        out[k] = counts[k]
    return out


def stats_v3():
    return {"games": {"gin": line(), "rummy": line(best_match=None, gins=0, undercuts=0)},
            "opponents": {"gin:ada": line(), "rummy:tilly": line(streak=0)},
            "people": {"gin:Ann": line(matches=1, matches_won=0, streak=0, best_streak=0, best_match=None)}}


def daily(**fields):
    out = {"played": 4, "won": 3, "streak": 2, "best_streak": 3, "last": "2026-11-22",
           "best": {"score": 131, "margin": 77, "date": "2026-11-20"}}
    for k in fields:
        out[k] = fields[k]
    return out


def stats():
    """Statistics as stored today (version 4)."""
    out = stats_v3()
    out["daily"] = {"gin": daily(), "rummy": daily(played=1, won=0, streak=1, best_streak=1, last="2026-01-01",
                                                  best={"score": 12, "margin": -40, "date": "2026-01-01"})}
    return out


def stats_v2():
    s = stats_v3()
    out = {"games": {}, "opponents": {}, "people": {}}
    for group in out:
        for name in s[group]:
            ln = dict(s[group][name])
            for k in ("knocks", "knock_deadwood", "undercut_against", "assisted"):
                del ln[k]
            out[group][name] = ln
    return out


def stats_v1():
    s = stats_v2()
    out = {"games": {}, "opponents": {}}
    for group in out:
        for name in s[group]:
            ln = dict(s[group][name])
            del ln["abandoned"]
            out[group][name] = ln
    return out


def match_v2(game="gin"):
    cfg = config(game)
    players = len(cfg["opponents"]) + 1
    return {"engine": engine(game, players),
            "table": {"opponents": list(cfg["opponents"]), "seeds": [11 + i for i in range(players)], "config": cfg},
            "meta": {"names": ["You", "Ada", "Mel"][:players] if game == "gin" else ["You", "Tilly", "Mel"],
                     "counted": 2, "match_counted": False, "log": ["Hand 1: Ada dealt.", "You drew 7♥."]},
            "view": view(), "order": ["7H", "TD", "JK", "JK", "AS"]}


def match_v3(game="gin"):
    """A saved match as version 3 wrote it (the engine's save and the table part as objects)."""
    m = match_v2(game)
    players = len(m["table"]["seeds"])
    orders = [m.pop("order")] + [[] for _ in range(players - 1)]
    m["orders"] = orders
    table = dict(m["table"])
    table["assisted"] = False
    m["table"] = table
    return m


def match_people_v3():
    """A version-3 match of two people at one device and a computer (Rummy), online: with the deal's proof."""
    m = match_v3("rummy")
    cfg = m["table"]["config"]
    cfg["opponents"] = ["tilly"]
    cfg["seats"] = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"},
                    {"kind": "computer", "id": "tilly"}]
    cfg["practice"] = True
    m["table"]["opponents"] = ["tilly"]
    m["table"]["assisted"] = True
    m["table"]["fair"] = {"hand": 2, "commitment": "0123456789abcdef" * 4, "secret": "fedcba9876543210" * 4,
                          "contributions": ["x7Q", "pZ0"]}
    m["meta"]["names"] = ["Ann", "Bob", "Tilly"]
    m["orders"] = [["7H"], ["AS", "2S"], []]
    return m


def save(game="gin", players=2):
    """An engine's save as the page stores it (version 4): a text the page never reads."""
    return json.dumps(engine(game, players), separators=(",", ":"))


def match(game="gin"):
    """A saved match as this page writes it (version 4)."""
    m = match_v3(game)
    return {"save": save(game, len(m["orders"])), "config": m["table"]["config"], "meta": m["meta"],
            "view": m["view"], "orders": m["orders"]}


def match_people():
    """A version-4 match of two people at one device and a computer (Rummy)."""
    m = match("rummy")
    m["save"] = save("rummy", 3)
    m["config"]["opponents"] = ["tilly"]
    m["config"]["seats"] = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"},
                            {"kind": "computer", "id": "tilly"}]
    m["config"]["daily"] = "2026-05-04"
    m["meta"]["names"] = ["Ann", "Bob", "Tilly"]
    m["orders"] = [["7H"], ["AS", "2S"], []]
    return m


def match_v1(game="gin"):
    m = match_v2(game)
    return {"engine": m["engine"],
            "meta": {"config": m["table"]["config"], "opponents": m["table"]["opponents"], "names": m["meta"]["names"],
                     "seeds": m["table"]["seeds"], "counted": 2, "match_counted": True, "log": m["meta"]["log"]},
            "order": m["order"]}


def record(game="gin", hands=1):
    """A hand record (rummy-record/1) as the engine exports it, of ``hands`` finished hands (shape only)."""
    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    hand = {"deck": deck, "restocks": [], "actions": ["pass", "pass", "draw stock", "discard 9S"]}
    return {"format": "rummy-record/1", "game": game, "rules": {"preset": "cardgames", "target": 50}, "players": 2,
            "dealer": 1, "hands": [hand] * hands, "proofs": [], "names": ["You", "Ada"]}


def past_match(game="gin", hands=2, when="2026-05-01 18:30"):
    return {"when": when, "game": game, "names": ["You", "Ada"], "final": [120, 35], "winner": 0, "hands": hands,
            "record": record(game, hands)}


def history():
    """The past matches (rummy-ui/history version 1), newest first."""
    return {"matches": [past_match(), past_match("gin", 1, None)]}


def envelope(kind, version, data):
    return {"format": "rummy-ui/" + kind, "version": version, "data": data}


def stored(kind, version, data):
    return json.dumps(envelope(kind, version, data))


# ---------------------------------------------------------------- stand-ins for the browser


class QuotaExceededError(Exception):
    """What a browser throws when storage is full (its name holds "Quota")."""


class SecurityError(Exception):
    """What a browser throws when storage is blocked."""


class Refusal:
    """A guard's answer instead of an exception: ``{error: name}``."""

    def __init__(self, error):
        self.error = error


class FakeStorage:
    """localStorage in memory. ``quota``: most characters of keys and values (-1: no limit); ``mode``: "ok",
    "blocked" (every call fails), "noset" (setItem fails); ``style``: "throw" (exceptions, as localStorage) or
    "answer" (errors answered as :class:`Refusal`, as the page's guard does)."""

    def __init__(self, quota=-1, mode="ok", style="throw"):
        self.items = {}
        self.quota = quota
        self.mode = mode
        self.style = style
        self.calls = 0

    def fail(self, error):
        if self.style == "throw":
            raise error
        return Refusal(type(error).__name__)

    def size(self):
        return sum(len(k) + len(v) for k, v in self.items.items())

    def getItem(self, key):
        self.calls += 1
        if self.mode == "blocked":
            return self.fail(SecurityError("The operation is insecure."))
        return self.items.get(str(key))

    def setItem(self, key, value):
        self.calls += 1
        if self.mode != "ok":
            return self.fail(SecurityError("The operation is insecure."))
        key, value = str(key), str(value)
        before = len(key) + len(self.items[key]) if key in self.items else 0
        if self.quota >= 0 and self.size() - before + len(key) + len(value) > self.quota:
            return self.fail(QuotaExceededError("Setting the value of '" + key + "' exceeded the quota."))
        self.items[key] = value
        return None

    def removeItem(self, key):
        self.calls += 1
        if self.mode == "blocked":
            return self.fail(SecurityError("The operation is insecure."))
        self.items.pop(str(key), None)
        return None

    def key(self, i):
        if self.mode == "blocked":
            return self.fail(SecurityError("The operation is insecure."))
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    @property
    def length(self):
        if self.mode == "blocked":
            return self.fail(SecurityError("The operation is insecure."))
        return len(self.items)


class Channel:
    """BroadcastChannel("rummy") between tabs: a message posted by one tab reaches every other tab."""

    def __init__(self):
        self.queue = []  # (sender, text)

    def post(self, sender, texts):
        for t in texts:
            self.queue.append((sender, t))

    def deliver(self, tabs):
        """Deliver every queued message (and those their answers post) to every tab but its sender.
        ``tabs``: name -> holder (a web.page.tabs.Tab); returns the answers (name, Out)."""
        answers = []
        while self.queue:
            sender, text = self.queue.pop(0)
            for name in tabs:
                if name != sender:
                    out = tabs[name].message(text)
                    answers.append((name, out))
                    self.post(name, out.broadcast)
        return answers
