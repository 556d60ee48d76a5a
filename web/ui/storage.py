"""Saved data: versioned JSON envelopes in localStorage, wrapped so that storage never stops play.

Every value the game writes is ``{"format": "rummy-ui/<kind>", "version": N, "data": ...}``.
A value that is corrupt, foreign, or from a newer version is *kept aside* under
``rummy.aside.<n>.<key>`` (never silently deleted), reported once to the player, and the game
starts clean. Storage that throws (disabled, full, blocked in a third-party iframe) falls back
to memory: the game plays on and says that progress will not be kept.

Pure Python: the browser's ``localStorage`` is passed in as ``backend`` (anything with
``getItem``/``setItem``/``removeItem``/``key``/``length``), so this is tested in CPython too.
"""

from __future__ import annotations

import json
from typing import Any

PREFIX = "rummy."
KEY_SETTINGS = "rummy.settings"
KEY_STATS = "rummy.stats"
KEY_MATCH = "rummy.match"
ASIDE = "rummy.aside."
FORMATS = {KEY_SETTINGS: ("rummy-ui/settings", 1), KEY_STATS: ("rummy-ui/stats", 1)}
MATCH_FORMAT = ("rummy-ui/match", 1)
MAX_ASIDE = 5


class Store:
    """A string key/value store over ``backend``; any exception marks storage as unusable."""

    def __init__(self, backend: Any = None) -> None:
        self.backend = backend
        self.memory: dict[str, str] = {}
        self.ok = backend is not None
        self.problem: str | None = None if self.ok else "blocked"
        if self.ok:
            try:
                probe = PREFIX + "probe"
                backend.setItem(probe, "1")
                backend.removeItem(probe)
            except Exception:  # SecurityError, QuotaExceededError, anything else
                self._fail("blocked")

    def _fail(self, why: str) -> None:
        if self.ok:
            self.ok = False
            self.problem = why

    def get(self, key: str) -> str | None:
        if self.ok:
            try:
                v = self.backend.getItem(key)
                if v is None or not isinstance(v, str):
                    return None  # JsNull or missing
                return v
            except Exception:
                self._fail("blocked")
        return self.memory.get(key)

    def set(self, key: str, value: str) -> bool:
        """Write; returns False (and keeps the value in memory) when storage refused it."""
        self.memory[key] = value
        if self.ok:
            try:
                self.backend.setItem(key, value)
                return True
            except Exception as e:
                self._fail("full" if "quota" in str(e).lower() else "blocked")
        return False

    def remove(self, key: str) -> None:
        self.memory.pop(key, None)
        if self.ok:
            try:
                self.backend.removeItem(key)
            except Exception:
                self._fail("blocked")

    def keys(self) -> list[str]:
        if self.ok:
            try:
                n = int(self.backend.length)
                out = []
                for i in range(n):
                    k = self.backend.key(i)
                    if isinstance(k, str):
                        out.append(k)
                return out
            except Exception:
                self._fail("blocked")
        return list(self.memory)

    # ----- envelopes -----

    def read(self, key: str, fmt: tuple[str, int]) -> tuple[Any, str | None]:
        """``(data, problem)``: data is None when nothing usable is stored; problem is a sentence for
        the player when something was there but could not be read (it has then been kept aside)."""
        raw = self.get(key)
        if raw is None:
            return None, None
        why = envelope_problem(raw, fmt)
        if why is None:
            return json.loads(raw)["data"], None
        return None, self.set_aside(key, raw, why)

    def write(self, key: str, fmt: tuple[str, int], data: Any) -> bool:
        return self.set(key, json.dumps({"format": fmt[0], "version": fmt[1], "data": data}, separators=(",", ":")))

    def set_aside(self, key: str, raw: str, why: str) -> str:
        """Move an unreadable value to ``rummy.aside.<n>.<key>``; return the sentence telling the player."""
        used = sorted(k for k in self.keys() if k.startswith(ASIDE))
        n = 1
        while any(k.startswith(f"{ASIDE}{n}.") for k in used):
            n += 1
        aside = f"{ASIDE}{n}.{key}"
        kept = self.set(aside, raw)
        self.remove(key)
        what = {KEY_SETTINGS: "settings", KEY_STATS: "statistics"}.get(key, "saved game")
        where = f" It was kept aside as “{aside}”." if kept else ""
        return f"Your {what} could not be read ({why}).{where} The game starts clean."

    def aside_keys(self) -> list[str]:
        return sorted(k for k in self.keys() if k.startswith(ASIDE))


def envelope_problem(raw: str, fmt: tuple[str, int]) -> str | None:
    """Why ``raw`` is not a readable envelope of ``fmt``; None when it is."""
    try:
        d = json.loads(raw)
    except (ValueError, TypeError):
        return "it is corrupt"
    if not isinstance(d, dict) or d.get("format") != fmt[0] or "data" not in d:
        return "it was not written by this game"
    v = d.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        return "it has no readable version"
    if v > fmt[1]:
        return f"it comes from a newer version of the game (format {v}; this one reads up to {fmt[1]})"
    return None


def match_key(slot: str) -> str:
    """The save slot of a match: the plain slot, or one per URL-chosen game (``rummy.match@game=gin&...``)."""
    return KEY_MATCH if not slot else f"{KEY_MATCH}@{slot}"


def storage_notice(store: Store, framed: bool) -> str | None:
    """What to tell the player when storage does not work (None when it does)."""
    if store.ok:
        return None
    if store.problem == "full":
        return "Storage is full: your progress from now on won't be kept."
    if framed:
        return "This page is embedded where the browser blocks storage: you can play, but progress won't be kept."
    return "Storage is disabled in this browser: you can play, but progress won't be kept."
