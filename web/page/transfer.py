"""Export and import of all of a player's data (matches, settings, statistics) as one file.

The file is ``{"format": "rummy-ui/export", "version": 1, "data": {KEY: ENVELOPE, ...}}`` with the envelope of
every key of :mod:`web.page.storage` that holds good data (matches upgraded to the version the page writes, and
the statistics with this tab's waiting counts). Importing checks every part with the same readers as reading
from storage, and upgrades it as they do (a file may hold a match, settings or statistics of any version the page
reads); a file with any bad part imports nothing. :func:`plan_import` says what each part adds or replaces,
for the player to confirm; :func:`apply_import` then writes it. "Download my game" files (a match envelope) import
as the match of the plain page. Pure Python for CPython and MicroPython alike.
"""

import json

from . import stats
from .formats import FORMATS, check_envelope, envelope
from .i18n import N_, _, ngettext
from .shape import Bad, mapping, need, record, whole
from .storage import KEY_MATCH, KEY_STATS, MAX_VALUE, Offer, Saved, Store, dumps, kind_of, parsed
from .tabs import Out

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

MAX_IMPORT = 8 * 1024 * 1024  # characters
# why a part of an import file cannot be imported, by its kind (in English here, translated where said)
UNREADABLE = {
    # i18n: in the import dialog; {why}: what is wrong with the data (a technical reason, in English)
    "settings": N_("Your settings in the file cannot be read ({why})."),
    # i18n: in the import dialog; {why}: what is wrong with the data (a technical reason, in English)
    "stats": N_("Your statistics in the file cannot be read ({why})."),
    # i18n: in the import dialog; {why}: what is wrong with the data (a technical reason, in English)
    "match": N_("Your saved game in the file cannot be read ({why})."),
}
TOO_BIG = {
    # i18n: in the import dialog
    "settings": N_("Your settings in the file cannot be read (it is far bigger than anything the game writes)."),
    # i18n: in the import dialog
    "stats": N_("Your statistics in the file cannot be read (it is far bigger than anything the game writes)."),
    # i18n: in the import dialog
    "match": N_("Your saved game in the file cannot be read (it is far bigger than anything the game writes)."),
}


class Plan:
    """An import checked and not yet done: ``problems`` (when any, nothing can be imported), ``changes`` (one
    line per key: what it adds or replaces, for the player to confirm) and the texts to write."""

    __slots__ = ("changes", "problems", "writes")

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.changes: list[str] = []
        self.writes: dict[str, str] = {}


def export(store: Store) -> Offer:
    """All of the player's data (matches, settings, statistics) as one ``rummy-ui/export`` file."""
    parts: dict[str, Any] = {}
    for key in sorted(set(store.stored_keys()) | set(store.latest)):
        kind = kind_of(key)
        if kind in ("settings", "match"):
            data = parsed(key, store.latest.get(key) or store.get(key)[1], store.view_check)
            if data is not None:
                parts[key] = envelope(str(kind), data)
    now = store.stats()
    if now != stats.empty():
        parts[KEY_STATS] = envelope("stats", now)
    return Offer("rummy-data.json", dumps(envelope("export", parts)))


def plan_import(store: Store, text: str) -> Plan:
    """Check a file made by :func:`export` (or "Download my game") with the readers, and say what it would
    add or replace; nothing is written yet."""
    plan = Plan()
    parts = import_parts(text, plan)
    for key in sorted(parts):
        kind = kind_of(key)
        if kind not in ("settings", "stats", "match"):
            # i18n: in the import dialog; {key}: a name in the file (of a stored value the game does not know)
            plan.problems.append(_("The file holds “{key}”, which is not data of this game.").format(key=key[:60]))
            continue
        try:
            data = check_envelope(str(kind), parts[key], store.view_check)
        except Bad as b:
            plan.problems.append(_(UNREADABLE[str(kind)]).format(why=b.reason()))
            continue
        text = dumps(envelope(str(kind), data))
        if len(text) > MAX_VALUE:  # (an old match upgraded: its engine save is now escaped text)
            plan.problems.append(_(TOO_BIG[str(kind)]))
            continue
        plan.writes[key] = text
        plan.changes.append(change_line(store, key, str(kind), data))
    if plan.problems:
        plan.writes = {}
        plan.changes = []
    return plan


def change_line(store: Store, key: str, kind: str, data: "dict[str, Any]") -> str:
    """One line of a plan: what the file holds under ``key`` and what of the player's it replaces."""
    raw = store.get(key)[1]
    line = describe(kind, data)
    now = parsed(key, raw, store.view_check)
    if now is not None or raw is not None or (kind == "stats" and store.events):
        # i18n: a line of the import dialog: {what}, a part of the file ("Settings", "Saved game of ..."), replaces
        # {yours}, the player's own ("your settings", "your saved game of ...")
        return _("{what}: replaces {yours}.").format(what=line, yours=describe(kind, now, True))
    # i18n: a line of the import dialog: {what}, a part of the file ("Settings", "Saved game of ..."), is new here
    return _("{what}: added.").format(what=line)


def apply_import(store: Store, plan: Plan) -> Saved:
    """Write what ``plan`` holds (the player confirmed it). Matches are taken over by this tab."""
    tabs: list[Out] = []
    for key in sorted(plan.writes):  # (in order: MicroPython's dicts keep none)
        kind = kind_of(key)
        if kind == "match":
            tabs.append(store.tab(key[len(KEY_MATCH) + 1:]).play_here())
        if kind == "stats":
            store.events = []
            store.stats_base = json.loads(plan.writes[key])["data"]
        store.latest[key] = plan.writes[key]
        store.pending[key] = plan.writes[key]
    ok = True
    for key in sorted(plan.writes):  # (in order: MicroPython's dicts keep none)
        ok = store.flush(key) and ok
    saved = store.status(ok)
    saved.tabs = tabs
    return saved


def import_parts(text: str, plan: Plan) -> "dict[str, Any]":
    """The envelopes of an import file by key; problems go to ``plan``."""
    if type(text) is not str or len(text) > MAX_IMPORT:
        plan.problems.append("The file is too big to be a file of this game.")
        return {}
    try:
        doc = json.loads(text)
    except Exception:
        plan.problems.append("The file is not a file of this game (it is not valid JSON).")
        return {}
    fmt = doc.get("format") if type(doc) is dict else None
    if fmt == FORMATS["match"][0]:
        return {KEY_MATCH: doc}  # "Download my game"
    try:
        parts = check_export(doc)
    except Bad as b:
        plan.problems.append("The file is not a file of this game (" + b.reason() + ").")
        return {}
    if not parts:
        plan.problems.append("The file holds no data.")
    return parts


def check_export(doc: "Any") -> "dict[str, Any]":
    """The parts of a ``rummy-ui/export`` file, by key (each checked by the caller)."""
    env = record(doc, "", ("format", "version", "data"))
    need(env["format"] == FORMATS["export"][0], "format", "is not “rummy-ui/export”")
    v = whole(env["version"], "version", 1)
    need(v <= FORMATS["export"][1], "", "comes from a newer version of the game")
    return mapping(env["data"], "data")


def describe(kind: str, data: "dict[str, Any] | None", yours: bool = False) -> str:
    """A few words about stored data (``data`` None: unknown), for a plan's line: what the file holds ("Settings",
    "Saved game of ..."), or with ``yours`` what of the player's it replaces ("your settings", "your saved game of
    ...")."""
    # the texts of a plan's lines: in the import dialog, {what} and {yours} of "{what}: replaces {yours}."
    if kind == "settings":
        if yours:
            # i18n: what of the player's an import replaces (see "{what}: replaces {yours}.")
            return _("your settings")
        # i18n: what an import file holds (see "{what}: replaces {yours}.")
        return _("Settings")
    if kind == "stats":
        if data is None:
            # i18n: what of the player's an import replaces (see "{what}: replaces {yours}.")
            return _("your statistics")
        matches = sum(line["matches"] for line in data["games"].values())
        hands = sum(line["hands"] for line in data["games"].values())
        if yours:
            # i18n: what of the player's an import replaces (see "{what}: replaces {yours}."); English says
            # "matches" and "hands" for any number: a language may write "matches: {matches}, hands: {hands}"
            return _("your statistics of {matches} matches and {hands} hands").format(matches=matches, hands=hands)
        # i18n: what an import file holds (see "{what}: replaces {yours}."); English says "matches" and "hands" for
        # any number: a language may write "matches: {matches}, hands: {hands}"
        return _("Statistics of {matches} matches and {hands} hands").format(matches=matches, hands=hands)
    if data is None:
        # i18n: what of the player's an import replaces (see "{what}: replaces {yours}.")
        return _("your saved game")
    gin = data["config"]["game"] == "gin"
    names = ", ".join(data["meta"]["names"][1:])
    n = data["meta"]["counted"]
    if yours:
        if gin:
            # i18n: what of the player's an import replaces (see "{what}: replaces {yours}."); {names}: the other
            # players; English says "hands" for any number
            text = ngettext("your saved game of Gin Rummy against {names} ({n} hands played)",
                            "your saved game of Gin Rummy against {names} ({n} hands played)", n)
        else:
            # i18n: what of the player's an import replaces (see "{what}: replaces {yours}."); {names}: the other
            # players; English says "hands" for any number
            text = ngettext("your saved game of Rummy against {names} ({n} hands played)",
                            "your saved game of Rummy against {names} ({n} hands played)", n)
    elif gin:
        # i18n: what an import file holds (see "{what}: replaces {yours}."); {names}: the other players; English
        # says "hands" for any number
        text = ngettext("Saved game of Gin Rummy against {names} ({n} hands played)",
                        "Saved game of Gin Rummy against {names} ({n} hands played)", n)
    else:
        # i18n: what an import file holds (see "{what}: replaces {yours}."); {names}: the other players; English
        # says "hands" for any number
        text = ngettext("Saved game of Rummy against {names} ({n} hands played)",
                        "Saved game of Rummy against {names} ({n} hands played)", n)
    return text.format(names=names, n=n)
