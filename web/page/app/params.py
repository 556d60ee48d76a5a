"""URL parameters: ``?game=gin&opponents=ada&preset=oklahoma&knock_limit=5&seed=7&embed=1&speed=0``.

``game``, ``opponents`` (profile ids, comma separated), ``players``, ``preset``, ``seed`` and any rule option by
its rulebook name choose a game; ``embed``, ``speed``, ``debug`` and ``snapshot`` change the page only. The
options are read by the engine's catalog (the same schema the engine checks with). Written in the Python both
MicroPython and CPython run (no urllib there: the few encodings needed are here).
"""

from web.page.app.setup import option_problem, parse_option
from web.page.i18n import _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.setup import Catalog

PAGE_PARAMS = ("embed", "speed", "debug", "snapshot")
GAME_PARAMS = ("game", "opponents", "preset", "seed", "players")
SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.0}
_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"


def unquote(text: str) -> str:
    """Percent-decoding of a query string part (``+`` is a space)."""
    raw = text.replace("+", " ").encode("utf-8")
    out = bytearray()
    i = 0
    while i < len(raw):
        b = raw[i]
        if b == 37 and i + 2 < len(raw) and _is_hex(raw[i + 1:i + 3]):  # "%"
            out.append(int(raw[i + 1:i + 3].decode(), 16))
            i += 3
        else:
            out.append(b)
            i += 1
    return bytes(out).decode("utf-8")


def _is_hex(two: bytes) -> bool:
    return len(two) == 2 and all(c in b"0123456789abcdefABCDEF" for c in two)


def quote(text: str, safe: str = "") -> str:
    """Percent-encoding for a URL query value."""
    out = []
    for ch in text:
        if ch in _SAFE or ch in safe:
            out.append(ch)
        else:
            for b in ch.encode("utf-8"):
                out.append("%" + "0123456789ABCDEF"[b >> 4] + "0123456789ABCDEF"[b & 15])
    return "".join(out)


def parse_query(search: str) -> dict[str, str]:
    """``?a=1&b=x`` -> ``{"a": "1", "b": "x"}`` (names in lower case; the last of a repeated name wins)."""
    out = {}
    for part in search.lstrip("?").split("&"):
        if not part:
            continue
        name, _sep, value = part.partition("=")
        out[unquote(name).lower()] = unquote(value)
    return out


def game_config(q: dict[str, str], catalog: "Catalog") -> "tuple[dict[str, Any] | None, str | None]":
    """The game the URL asks for, as ``{"game", "opponents", "rules", "seed"}``, or None when it asks for none;
    plus a sentence for the player when the URL could not be used."""
    names = set()
    for g in ("gin", "rummy"):
        for o in catalog.games[g]["options"]:
            names.add(o["name"])
    if not [k for k in q if k in GAME_PARAMS or k in names]:
        return None, None
    game = q.get("game", "gin").strip().lower()
    if game in ("basic", "basic-rummy"):
        game = "rummy"
    if game not in ("gin", "rummy"):
        # i18n: "gin" and "rummy" are what to write in the address (game=gin): keep them as they are
        return None, _("Unknown game “{game}” in the address: choose gin or rummy.").format(game=q.get("game", ""))
    ids = catalog.ids(game)
    opponents = [o.strip().lower() for o in q.get("opponents", "").split(",") if o.strip()]
    bad = [o for o in opponents if o not in ids]
    if bad:
        # i18n: {opponents}: the opponents' ids, as written in the address (ada, bob, ...)
        return None, _("Unknown opponent “{opponent}” in the address; the opponents are {opponents}.").format(
            opponent=bad[0], opponents=", ".join(ids))
    if not opponents:
        n = 1
        if game == "rummy" and q.get("players", "").isdigit():
            n = max(1, min(5, int(q["players"]) - 1))
        start = min(1, len(ids) - 1)  # the second profile: usually a casual player, not the weakest
        opponents = [ids[(start + i) % len(ids)] for i in range(n)]
    if game == "gin" and len(opponents) != 1:
        return None, _("Gin Rummy is for 2 players: name one opponent.")
    if game == "rummy" and not 1 <= len(opponents) <= 5:
        return None, _("Basic Rummy is for 2 to 6 players: name 1 to 5 opponents.")
    preset = q.get("preset", "cardgames").strip().lower()
    if preset not in catalog.presets(game):
        # i18n: {game} ("gin" or "rummy") and {presets} are as written in the address (preset=oklahoma)
        return None, _("Unknown preset “{preset}” for {game}; the presets are {presets}.").format(
            preset=preset, game=game, presets=", ".join(catalog.presets(game)))
    rules = {"preset": preset}
    for k, v in q.items():
        o = catalog.option(game, k)
        if o is not None:
            try:
                rules[k] = parse_option(o, v)
            except ValueError as e:
                return None, _("The address asks for rules this game does not have: {problem}").format(problem=str(e))
            why = option_problem(o, rules[k])
            if why is not None:
                return None, _("The address asks for rules this game does not have: {problem}").format(problem=why)
    seed = None
    if q.get("seed", "").strip():
        try:
            seed = int(q["seed"]) & 0xFFFFFFFFFFFFFFFF
        except ValueError:
            return None, _("The seed in the address must be a whole number, not “{seed}”.").format(seed=q["seed"])
    return {"game": game, "opponents": opponents, "rules": rules, "seed": seed}, None


def slot_of(q: dict[str, str]) -> str:
    """The save slot of a URL-chosen game: its game parameters in a canonical order ('' for none)."""
    keep = sorted((k, v) for k, v in q.items() if k not in PAGE_PARAMS)
    return "&".join(quote(k) + "=" + quote(v) for k, v in keep)


def speed_override(q: dict[str, str]) -> float | None:
    """``?speed=0`` (or instant/fast/normal/slow, or seconds) sets the opponents' pace for this page."""
    s = q.get("speed")
    if s is None:
        return None
    s = s.strip().lower()
    if s in SPEEDS:
        return SPEEDS[s]
    try:
        return max(0.0, min(5.0, float(s)))
    except ValueError:
        return None


def format_value(v: object) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def embed_url(page_url: str, config: "dict[str, Any]", rules: "dict[str, Any]") -> str:
    """The address of an embedded game like ``config`` (``page_url`` is the page's own address); ``rules``:
    a preset plus the options that differ from it."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    parts = [("embed", "1"), ("game", config["game"]), ("opponents", ",".join(config["opponents"]))]
    preset = rules.get("preset", "cardgames")
    if preset != "cardgames":
        parts.append(("preset", preset))
    for k, v in rules.items():
        if k != "preset":
            parts.append((k, format_value(v)))
    return base + "?" + "&".join(k + "=" + quote(v, ",") for k, v in parts)


def rules_delta(catalog: "Catalog", game: str, players: int, rules: "dict[str, Any]") -> "dict[str, Any]":
    """The options of ``rules`` that differ from its preset's (what a link needs to carry)."""
    preset = rules.get("preset", "cardgames")
    base = catalog.resolved(game, players, {"preset": preset})
    out = {"preset": preset}
    for k, v in rules.items():
        if k != "preset" and base.get(k) != v:
            out[k] = v
    return out


def iframe_snippet(url: str, title: str, width: int = 400, height: int = 700) -> str:
    from web.page.app.text import esc

    return ('<iframe src="' + esc(url) + '" width="' + str(width) + '" height="' + str(height)
            + '" style="border:0;max-width:100%" title="' + esc(title) + '" loading="lazy"></iframe>')
