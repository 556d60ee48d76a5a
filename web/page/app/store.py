"""What the runner asks of storage, in one place: the data to start from, and each kind of save.

A thin front over the page's storage rules (:mod:`web.page.storage`: formats, bad data set aside, failed writes
told, two tabs) and statistics (:mod:`web.page.stats`). Written in the Python both MicroPython and CPython run.
"""

import json

KEY_SETTINGS = "rummy.settings"
KEY_STATS = "rummy.stats"
KEY_MATCH = "rummy.match"
ASIDE = "rummy.aside."
FORMATS = {KEY_SETTINGS: ("rummy-ui/settings", 1), KEY_STATS: ("rummy-ui/stats", 1)}
MATCH_FORMAT = ("rummy-ui/match", 2)
STAT_FIELDS = ("matches", "matches_won", "hands", "hands_won", "gins", "big_gins", "undercuts", "rummies",
               "stalemates", "points", "streak", "best_streak", "abandoned")


def match_key(slot):
    return KEY_MATCH if not slot else KEY_MATCH + "@" + slot


def _line():
    d = {}
    for k in STAT_FIELDS:
        d[k] = 0
    d["best_match"] = None
    return d


class PageStore:
    """Storage for the page over ``backend`` (the browser's localStorage, or None where it is refused)."""

    def __init__(self, backend, framed=False):
        self.backend = backend
        self.framed = framed
        self.ok = backend is not None
        self.problem = None if self.ok else "blocked"
        self.memory = {}
        self.stats = {"games": {}, "opponents": {}}

    # ----- raw -----

    def _get(self, key):
        if self.ok:
            try:
                v = self.backend.getItem(key)
                return v if isinstance(v, str) else None
            except Exception:
                self.ok, self.problem = False, "blocked"
        return self.memory.get(key)

    def _set(self, key, value):
        self.memory[key] = value
        if not self.ok:
            return False
        try:
            self.backend.setItem(key, value)
            return True
        except Exception as e:
            self.ok = False
            self.problem = "full" if "quota" in str(e).lower() else "blocked"
            return False

    def _remove(self, key):
        self.memory.pop(key, None)
        if self.ok:
            try:
                self.backend.removeItem(key)
            except Exception:
                pass

    def _read(self, key, fmt):
        raw = self._get(key)
        if raw is None:
            return None, None
        try:
            d = json.loads(raw)
        except ValueError:
            d = None
        if not isinstance(d, dict) or d.get("format") != fmt[0] or d.get("version") != fmt[1] or "data" not in d:
            return None, self.set_aside(key, raw, "it could not be read")
        return d["data"], None

    def _write(self, key, fmt, data):
        return self._set(key, json.dumps({"format": fmt[0], "version": fmt[1], "data": data}))

    def set_aside(self, key, raw, why):
        n = 1
        while self._get(ASIDE + str(n) + "." + key) is not None and n < 9:
            n += 1
        kept = self._set(ASIDE + str(n) + "." + key, raw)
        self._remove(key)
        what = {KEY_SETTINGS: "settings", KEY_STATS: "statistics"}.get(key, "saved game")
        return ("Your " + what + " could not be read (" + why + ")." + (
            " It was kept aside." if kept else "") + " The game starts clean.")

    # ----- what the runner asks -----

    def boot(self, slot):
        notices = []
        settings, why = self._read(KEY_SETTINGS, FORMATS[KEY_SETTINGS])
        if why:
            notices.append(why)
        stats, why = self._read(KEY_STATS, FORMATS[KEY_STATS])
        if why:
            notices.append(why)
        if isinstance(stats, dict) and isinstance(stats.get("games"), dict) and isinstance(stats.get("opponents"), dict):
            self.stats = stats
        match, why = self._read(match_key(slot), MATCH_FORMAT)
        if why:
            notices.append(why)
        ok = isinstance(match, dict) and all(k in match for k in ("engine", "table", "meta", "view", "order"))
        return {"settings": settings if isinstance(settings, dict) else None, "stats": self.stats,
                "match": match if ok else None, "notices": notices}

    def save_match(self, slot, record):
        if self._write(match_key(slot), MATCH_FORMAT, record):
            return None
        return self.failed_words("Your last move could not be saved")

    def save_settings(self, settings):
        if self._write(KEY_SETTINGS, FORMATS[KEY_SETTINGS], settings):
            return None
        return self.failed_words("Your settings could not be saved")

    def failed_words(self, what):
        if self.backend is None:
            return None  # said once, in the banner
        return what + ": storage is " + ("full" if self.problem == "full" else "blocked") + "."

    def set_aside_match(self, slot, why):
        key = match_key(slot)
        raw = self._get(key)
        if raw is not None:
            self.set_aside(key, raw, why)

    def notice(self):
        if self.ok:
            return ""
        if self.problem == "full":
            return "Storage is full: your progress from now on won't be kept."
        if self.framed:
            return "This page is embedded where the browser blocks storage: you can play, but progress won't be kept."
        return "Storage is disabled in this browser: you can play, but progress won't be kept."

    def stats_update(self, op, args):
        st = self.stats
        if op == "reset":
            st = {"games": {}, "opponents": {}}
        else:
            game, opps = args[0], args[1]
            lines = [st["games"].setdefault(game, _line())]
            for o in opps:
                key = game + ":" + o
                if key not in st["opponents"]:
                    st["opponents"][key] = _line()
                if st["opponents"][key] not in lines:
                    lines.append(st["opponents"][key])
            for line in lines:
                for k in STAT_FIELDS:
                    line.setdefault(k, 0)
                if op == "hand":
                    end, winner, points = args[2], args[3], args[4]
                    won = winner == 0
                    line["hands"] += 1
                    line["hands_won"] += int(won)
                    line["points"] += points
                    if won and end in ("gin", "big gin", "undercut", "rummy"):
                        line[{"gin": "gins", "big gin": "big_gins", "undercut": "undercuts", "rummy": "rummies"}[end]] += 1
                    if end in ("stalemate", "tie"):
                        line["stalemates"] += 1
                elif op == "match":
                    final, winner, lowest = args[2], args[3], args[4]
                    others = [s for i, s in enumerate(final) if i != 0]
                    best_other = (min(others) if lowest else max(others)) if others else 0
                    margin = (best_other - final[0]) if lowest else (final[0] - best_other)
                    line["matches"] += 1
                    if winner == 0:
                        line["matches_won"] += 1
                        line["streak"] += 1
                        line["best_streak"] = max(line["best_streak"], line["streak"])
                        bm = line.get("best_match")
                        if bm is None or margin > bm["margin"]:
                            line["best_match"] = {"score": final[0], "margin": margin}
                    else:
                        line["streak"] = 0
                elif op == "abandoned":
                    line["abandoned"] += 1
                    line["streak"] = 0
        self.stats = st
        self._write(KEY_STATS, FORMATS[KEY_STATS], st)
        return st

    def export_text(self):
        out = {"format": "rummy-ui/export", "version": 1, "data": {}}
        for key in (KEY_SETTINGS, KEY_STATS, KEY_MATCH):
            raw = self._get(key)
            if raw is not None:
                out["data"][key] = raw
        return json.dumps(out)

    def claim(self):
        """This tab takes the match over (see the two-tab rules); the app's ``tab`` state after it."""
        return {"writable": True, "notice": ""}

    def import_plan(self, text):
        return None
