"""Setup and settings: the page's own state (the screen on show, its dialog, the line under the table), the
new-game screen's fields, Settings, statistics, the embed snippet, import and export, and the notices.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, looks
from web.page.app.params import SPEEDS, embed_url, iframe_snippet, rules_delta
from web.page.formats import MAX_RELAYS, MAX_STUN, MAX_TURN_SECRET, default_settings, relay_problem, stun_problem
from web.page.i18n import _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from web.page.app.core import Config, Effects
    from web.page.app.model import App, Command

DEFAULT_SETTINGS = default_settings()
LOOK_SETTINGS = ("speed", "contrast", "bigcards", "sound", "volume", "back", "fourcolor", "hints", "felt", "coach")


class PageState:
    """The page around the match: where it was opened, what is stored, what shows."""

    def __init__(self) -> None:
        self.query: dict[str, str] = {}  # the page address's parameters
        self.slot = ""  # where the match is stored (a link's own deals are kept apart)
        self.page_url = "./index.html"
        self.settings = dict(DEFAULT_SETTINGS)
        self.stats: dict[str, Any] = {"games": {}, "opponents": {}}
        self.first_visit = False  # no settings stored yet: the new-game screen offers the guided hand
        self.notices: list[str] = []  # what the person must be told once (a save set aside, a bad link)
        self.offers: list[str] = []  # names of unreadable values too big to keep aside, to offer as downloads
        self.banner = ""  # the storage sentence above the table
        self.screen = "setup"  # "setup" | "table" | "lobby" | "join" | "replay"
        self.dialog: str | None = None  # the dialog on show (see web.page.app.views.dialog_html)
        self.message = ""  # the line under the table
        self.level = "info"  # "info" | "error" | "hint"
        self.confirm_reset = False  # Statistics: "reset?" asked
        self.embed_status = ""  # the embed dialog's "Copied."
        self.advanced = False  # Settings: the Advanced part unfolded
        self.autoplay = False  # ?debug=autoplay (benchmarks): a computer player in seat 0 too
        self.reduced_motion = False
        self.speed_q: float | None = None  # the speed a ?speed= parameter sets, over the settings'
        self.embedded = False  # in an iframe or asked for the embed layout: sound is off until turned on
        self.writable = True  # False when another tab holds the match
        self.pending_config: Config | None = None  # a new game waiting for "start the new match?"
        # {"problems", "changes"} of a file to import, for the player to confirm
        self.import_plan: dict[str, Any] | None = None
        self.log_open = False  # the move log's drawer, beside or over the table (closed on every new page)
        self.entropy = 0  # the page's generator of new matches' seeds (from the browser's random numbers at start)


# ---------------------------------------------------------------- screens and dialogs

def show_setup(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.screen = "setup"
    app.setup.open = False  # the welcome first, its ways to play at once
    return [("render",), ("focus", "#setup-title")]


def back_to_game(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.screen = "table"
    return [("render",)]


def setup_choose(app: "App", data: "dict[str, Any]") -> "Effects":
    """Choose opponent and rules: the whole set-up, unfolded under the welcome (or folded again)."""
    st = app.setup
    shown = st.open or bool(st.error)  # a problem to show unfolds it by itself
    st.open = not shown
    if shown:
        st.error = ""
    return [("render",)]


def setup_more(app: "App", data: "dict[str, Any]") -> "Effects":
    app.setup.more = not app.setup.more
    return [("render",)]


def toggle_log(app: "App", data: "dict[str, Any]") -> "Effects":
    """Open or close the move log's drawer; closed, the focus goes back to its button on the table."""
    app.page.log_open = not app.page.log_open
    return [("render",)] + ([] if app.page.log_open else [("focus", '[data-key="chip-moves"]')])


def dialog(which: str) -> "Command":
    """The command that opens the dialog ``which``."""
    return lambda app, data: core.open(app, which)


def close(app: "App", data: "dict[str, Any]") -> "Effects":
    return [("dialog", None)] + on_dialog_closed(app)


def on_dialog_closed(app: "App") -> "Effects":
    page = app.page
    was = page.dialog
    page.dialog = None
    page.confirm_reset = False
    page.embed_status = ""
    if was == "notice":
        page.notices = []
    out: Effects = [("render",)]
    if app.match.view is not None and page.screen == "table":
        out.append(("focus", ".after .btn.primary, .hand .card, .actions button:not([disabled])"))
    return out


def copied(app: "App", data: "dict[str, Any]") -> "Effects":
    """The clipboard answered: said in the dialog that asked."""
    ok = data.get("ok")
    # i18n: said in the embed dialog once its snippet of HTML is copied (or could not be)
    app.page.embed_status = _("Copied.") if ok else _("Copy did not work here: select the snippet and press Ctrl+C.")
    which = app.page.dialog
    if which == "replay-link":
        from web.page.app import replays

        return replays.replay_copied(app, ok)
    if which == "share":
        from web.page.app import learn

        return learn.share_copied(app, ok)
    return core.open(app, "embed") if which == "embed" else []


def on_tab(app: "App", event: "dict[str, Any]") -> "Effects":
    """The runner's two-tab state: ``{"writable": bool, "notice": str}``."""
    app.page.writable = bool(event.get("writable", True))
    return [("render",)]


# ---------------------------------------------------------------- statistics

def stats_reset(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.confirm_reset = True
    return core.open(app, "stats")


def stats_reset_no(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.confirm_reset = False
    return core.open(app, "stats")


def stats_reset_yes(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.confirm_reset = False
    app.page.stats = {"games": {}, "opponents": {}}
    return [("stats", "reset", [])] + core.open(app, "stats")


# ---------------------------------------------------------------- the embed snippet

def embed_parts(app: "App") -> tuple[str, str]:
    """The embed dialog's link to this match's set-up and its ``<iframe>`` snippet: ``(url, snippet)``."""
    cfg = app.match.config or app.setup.config()
    players = len(cfg["opponents"]) + 1
    delta = rules_delta(app.catalog, cfg["game"], players, dict(cfg.get("rules") or {}))
    url = embed_url(app.page.page_url, cfg, delta)
    opponents = ", ".join((app.catalog.profile(cfg["game"], o) or {"name": o})["name"] for o in cfg["opponents"])
    # i18n: the title of the game embedded in another site's page (for screen readers); {opponents}: the
    # computer opponents' names
    title = (_("Gin Rummy against {opponents}") if cfg["game"] == "gin" else
             # i18n: the title of the game embedded in another site's page (for screen readers); {opponents}: the
             # computer opponents' names
             _("Rummy against {opponents}")).format(opponents=opponents)
    return url, iframe_snippet(url, title)


def copy_embed(app: "App", data: "dict[str, Any]") -> "Effects":
    return [("copy", embed_parts(app)[1])]


# ---------------------------------------------------------------- what is stored

def download_aside(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.offers = []
    return [("download-aside",)] + core.open(app, "notice")


def import_plan(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.import_plan = data
    return core.open(app, "import")


def import_apply(app: "App", data: "dict[str, Any]") -> "Effects":
    return [("import-apply",), ("dialog", None)]


# ---------------------------------------------------------------- Settings

def change(app: "App", name: str, value: str, checked: bool) -> "Effects | None":
    """A field of the Settings dialog (its look, the STUN list) or of the new-game screen; None when it is
    neither."""
    page = app.page
    if page.dialog == "settings" and name in LOOK_SETTINGS:
        return change_setting(app, name, value, checked)
    if page.dialog == "settings" and name == "lang":
        return change_language(app, value)
    if page.dialog == "settings" and name == "stun":
        return change_stun(app, value)
    if page.dialog == "settings" and name == "relays":
        return change_relays(app, value)
    if page.dialog == "settings" and name in ("turn-urls", "turn-username", "turn-credential"):
        return change_turn(app, name[5:], value)
    if page.screen == "setup":
        app.setup.change(name, value, checked)
        return [("render",)]
    return None


def change_setting(app: "App", name: str, value: str, checked: bool) -> "Effects":
    """One field of the Settings dialog: stored, applied to the page, and heard (sound and volume)."""
    settings = app.page.settings
    if name == "speed":
        if value not in SPEEDS:
            return []
        settings["speed"] = value
    elif name == "volume":
        try:
            settings["volume"] = max(0, min(100, int(value)))
        except ValueError:
            return []
    elif name in ("back", "felt"):
        if value not in (looks.BACK_IDS if name == "back" else looks.FELT_IDS):
            return []
        settings[name] = value
    else:
        settings[name] = checked
    out: Effects = [("save-settings", settings), ("look", core.look(app))]
    if name in ("back", "hints", "fourcolor", "bigcards"):
        out.append(("render",))
    if name in ("sound", "volume") and looks.sound_on(settings, app.page.embedded):
        out.append(("sound", "draw", settings.get("volume", 70), 0.0))
    return out


def change_language(app: "App", value: str) -> "Effects":
    """Another language: stored, then the page loads again in it (web/boot.js fetches its catalogue as the page
    starts; every screen is drawn in it from the first)."""
    from web.page.i18n import CODES

    if value not in CODES or value == app.page.settings.get("lang"):
        return []
    app.page.settings["lang"] = value
    return [("save-settings", app.page.settings), ("reload",)]


def address_list(text: str, problem: "Callable[[str], str | None]", most: int, left_out: str) -> "tuple[list[str], str]":
    """The addresses of a Settings list typed one per line (or with commas): those ``problem`` accepts, at most
    ``most``, and a note naming the lines left out (empty when none was): ``left_out`` with them as ``{lines}``."""
    lines = [ln.strip() for ln in text.replace(",", "\n").split("\n") if ln.strip()]
    good = [a for a in lines if problem(a) is None][:most]
    note = "" if len(good) == len(lines) else left_out.format(lines=", ".join(a for a in lines if a not in good))
    return good, note


def change_stun(app: "App", text: str) -> "Effects":
    """Settings: the STUN servers, one per line (empty: none, same network only). Lines that are not STUN
    addresses are left out, and the dialog shows the list in use."""
    # i18n: under the list of STUN servers in Settings: {lines}, the lines typed there that were not used
    left_out = _("Left out (not a STUN address like stun:host:port): {lines}")
    app.page.settings["stun"], app.online.stun_note = address_list(text, stun_problem, MAX_STUN, left_out)
    return [("save-settings", app.page.settings)] + core.open(app, "settings")


def change_relays(app: "App", text: str) -> "Effects":
    """Settings: the relays, one per line (empty: none; invites then need a reply code). Lines that are not
    relay addresses are left out, and the dialog shows the list in use."""
    # i18n: under the list of relays in Settings: {lines}, the lines typed there that were not used
    left_out = _("Left out (not a relay address like wss://host): {lines}")
    app.page.settings["relays"], app.online.relay_note = address_list(text, relay_problem, MAX_RELAYS, left_out)
    return [("save-settings", app.page.settings)] + core.open(app, "settings")


def list_defaults(app: "App", key: str) -> "Effects":
    """Settings: a list of online play's servers ("stun" or "relays") back to its defaults (null), its note gone."""
    if app.page.dialog != "settings":
        return []
    app.page.settings[key] = None
    if key == "stun":
        app.online.stun_note = ""
    else:
        app.online.relay_note = ""
    return [("save-settings", app.page.settings)] + core.open(app, "settings")


def relay_defaults(app: "App", data: "dict[str, Any]") -> "Effects":
    return list_defaults(app, "relays")


def change_turn(app: "App", part: str, value: str) -> "Effects":
    """Settings: one field of the TURN server. Kept once its three fields make one (an address, a user name
    and a password); an empty address removes it."""
    from web.page.formats import turn_problem

    settings = app.page.settings
    turn = dict(settings.get("turn") or app.online.turn_draft or {"urls": "", "username": "", "credential": ""})
    turn[part] = value.strip()[:MAX_TURN_SECRET]
    app.online.turn_draft = turn
    if not turn["urls"]:
        settings["turn"] = None
        app.online.turn_draft = None
    elif turn_problem(turn["urls"]) is None and turn["username"] and turn["credential"]:
        settings["turn"] = turn
    else:
        return []  # not a whole TURN server yet: kept as typed, stored once it is one
    return [("save-settings", settings)]


def stun_defaults(app: "App", data: "dict[str, Any]") -> "Effects":
    return list_defaults(app, "stun")


def open_settings(app: "App", data: "dict[str, Any]") -> "Effects":
    app.page.advanced = False  # Settings open with their Advanced part folded, and what was left out said once
    app.online.stun_note = ""
    return core.open(app, "settings")


def settings_advanced(app: "App", data: "dict[str, Any]") -> "Effects":
    if app.page.dialog != "settings":
        return []
    app.page.advanced = not app.page.advanced
    return core.open(app, "settings")


def effect(kind: str) -> "Command":
    """A command the runner performs as it is (export, import, download my game, play here, reload, close the
    notice above the table)."""
    return lambda app, data: [(kind,)]


COMMANDS = {
    "new": show_setup, "back-to-game": back_to_game, "setup-choose": setup_choose, "setup-more": setup_more,
    "scores": dialog("scores"), "stats": dialog("stats"), "embed": dialog("embed"), "help": dialog("help"),
    "legend": dialog("legend"),
    "settings": open_settings, "settings-advanced": settings_advanced,
    "moves": toggle_log, "close": close,
    "stats-reset": stats_reset, "stats-reset-no": stats_reset_no, "stats-reset-yes": stats_reset_yes,
    "copy-embed": copy_embed, "copied": copied,
    "export": effect("export"), "import": effect("import"), "download-game": effect("download-game"),
    "play-here": effect("claim-tab"), "reload": effect("reload"), "close-banner": effect("close-banner"),
    "stun-defaults": stun_defaults, "relay-defaults": relay_defaults, "download-aside": download_aside, "import-plan": import_plan,
    "import-apply": import_apply,
}
