"""The new-game screen: game, players (each seat a computer opponent, or a person at this device with a name),
preset, every rule option.

The options, their labels, ranges and presets come from the engine's catalog (``rummy.catalog``, written next
to the page by the site build), so the page draws this screen before the engine is up; the engine checks the
rules when the match starts. Written in the Python both MicroPython and CPython run.
"""

from web.page.app.characters import portrait
from web.page.app.text import esc, tier_word

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Config

# The form shows the match length first, then the rest in the rulebook's order.
FIRST = ("target", "rounds", "scoring")
PERSON = "person"  # the value of a seat's choice that makes it a person at this device (pass and play)
GUEST = "guest"  # ... that makes it a friend online (an invite link)
MAX_NAME = 24


class Catalog:
    """The engine's catalog (options, presets, roster), read once."""

    def __init__(self, data: "dict[str, Any]") -> None:
        self.data = data
        self.games = data["games"]

    def options(self, game: str) -> "list[dict[str, Any]]":
        """The options in the form's order (the key is unique: MicroPython's sort is not stable)."""
        opts = list(self.games[game]["options"])
        order = {}
        for i, o in enumerate(opts):
            order[o["name"]] = (FIRST.index(o["name"]) if o["name"] in FIRST else len(FIRST), i)
        return sorted(opts, key=lambda o: order[o["name"]])

    def option(self, game: str, name: str) -> "dict[str, Any] | None":
        opts: list[dict[str, Any]] = self.games[game]["options"]
        for o in opts:
            if o["name"] == name:
                return o
        return None

    def presets(self, game: str) -> "dict[str, Any]":
        presets: dict[str, Any] = self.games[game]["presets"]
        return presets

    def preset_names(self, game: str) -> list[str]:
        """The presets in the rulebook's order."""
        return list(self.games[game]["preset_order"])

    def roster(self, game: str) -> "list[dict[str, Any]]":
        roster: list[dict[str, Any]] = self.games[game]["roster"]
        return roster

    def profile(self, game: str, pid: str) -> "dict[str, Any] | None":
        for p in self.roster(game):
            if p["id"] == pid:
                return p
        return None

    def ids(self, game: str) -> list[str]:
        return [p["id"] for p in self.roster(game)]

    def resolved(self, game: str, players: int, rules: "dict[str, Any]") -> "dict[str, Any]":
        """Every option's value under ``rules`` (a preset plus changes), as the engine will resolve it."""
        preset = rules.get("preset", "cardgames")
        presets = self.presets(game)
        out = {}
        for o in self.games[game]["options"]:
            out[o["name"]] = o["default"]
        if preset in presets:
            for k, v in presets[preset]["rules"].items():
                out[k] = v
        for k, v in rules.items():
            if k != "preset" and k in out:
                out[k] = v
        if game == "rummy" and out.get("target") is None:
            out["target"] = self.games["rummy"]["targets"].get(str(players))
        return out


def option_problem(o: "dict[str, Any]", value: "Any") -> str | None:
    """Why ``value`` is not allowed for option ``o`` (a catalog entry), or None (the engine has the last word)."""
    label: str = o["label"]
    if value is None:
        return None if o["nullable"] else label + " must be set."
    if o["kind"] == "bool":
        return None if type(value) is bool else label + " must be on or off."
    if o["kind"] == "choice":
        return None if value in o["choices"] and type(value) is not bool else label + " has no such choice."
    if type(value) is not int:
        return label + " must be a whole number."
    if (o["low"] is not None and value < o["low"]) or (o["high"] is not None and value > o["high"]):
        if o["high"] is None:
            return label + " must be at least " + str(o["low"]) + "."
        return "".join((label, " must be from ", str(o["low"]), " to ", str(o["high"]), "."))
    return None


def parse_option(o: "dict[str, Any]", text: str) -> "Any":
    """An option's value from a form field or a URL parameter (``true``, ``5``, ``null``, ``turn-over``)."""
    t = text.strip().lower()
    if t in ("", "null", "none") and o["nullable"]:
        return None
    if o["kind"] == "bool":
        if t in ("1", "true", "yes", "on"):
            return True
        if t in ("0", "false", "no", "off"):
            return False
        raise ValueError(o["label"] + " must be true or false, not “" + text + "”.")
    if o["kind"] == "choice":
        for c in o["choices"]:
            if str(c).lower() == t:
                return c
        raise ValueError(o["label"] + ": “" + text + "” is not one of the choices.")
    try:
        return int(t)
    except ValueError:
        raise ValueError(o["label"] + " must be a whole number, not “" + text + "”.") from None


class SetupState:
    """What the new-game form shows (plain data; :meth:`change` applies one form event)."""

    def __init__(self, catalog: Catalog, last: "Any" = None) -> None:
        self.catalog = catalog
        self.game = "gin"
        self.players = 2
        self.opponents: dict[str, list[str]] = {}
        self.preset = {"gin": "cardgames", "rummy": "cardgames"}
        self.overrides: dict[str, dict[str, Any]] = {"gin": {}, "rummy": {}}
        # seat (1..5) -> the name of a person (here or online)
        self.people: dict[str, dict[int, str]] = {"gin": {}, "rummy": {}}
        # the seats of people online (guests), a part of people
        self.friends: dict[str, list[int]] = {"gin": [], "rummy": []}
        self.my_name = ""  # seat 0's name when people play
        self.error = ""
        self.more = False  # the options beyond the preset and the match's length are folded
        self.practice = False  # a practice game: undo allowed (off by default; not remembered)
        if isinstance(last, dict):
            self.load(last)

    def load(self, cfg: "dict[str, Any]") -> None:
        """Show a stored game's settings (ignored when they no longer make sense)."""
        game = cfg.get("game")
        if game not in ("gin", "rummy"):
            return
        ids = self.catalog.ids(game)
        opps = [o for o in cfg.get("opponents", []) if o in ids]
        rules = dict(cfg.get("rules") or {})
        preset = rules.pop("preset", "cardgames")
        if preset not in self.catalog.presets(game):
            return
        for k, v in rules.items():
            o = self.catalog.option(game, k)
            if o is None or option_problem(o, v) is not None:
                return
        seats = cfg.get("seats")
        people = {}
        if isinstance(seats, list):
            friends = []
            for s, seat in enumerate(seats):
                if not isinstance(seat, dict) or seat.get("kind") not in (PERSON, GUEST, "computer"):
                    return
                if seat["kind"] != "computer" and s > 0:
                    people[s] = str(seat.get("name", ""))[:MAX_NAME]
                    if seat["kind"] == GUEST:
                        friends.append(s)
            self.friends[game] = friends
            if (game == "gin" and len(seats) != 2) or not 2 <= len(seats) <= 6:
                return
            self.my_name = str(seats[0].get("name", ""))[:MAX_NAME]
            filled = []
            for s in range(1, len(seats)):
                filled.append(seats[s]["id"] if s not in people and seats[s].get("id") in ids else
                              (opps[0] if opps else ids[0]))
            opps = filled
        elif not opps or (game == "gin" and len(opps) != 1) or len(opps) > 5:
            return
        self.game = game
        self.players = len(opps) + 1
        self.opponents[game] = opps
        self.people[game] = people
        self.preset[game] = preset
        self.overrides[game] = rules

    def opps(self) -> list[str]:
        ids = self.catalog.ids(self.game)
        n = 1 if self.game == "gin" else self.players - 1
        cur = [o for o in self.opponents.get(self.game, []) if o in ids]
        default = ids[len(ids) // 2:] + ids[: len(ids) // 2] if ids else []
        while len(cur) < n and default:
            cur.append(default[len(cur) % len(default)])
        return cur[:n]

    def rules(self) -> "dict[str, Any]":
        out = {"preset": self.preset[self.game]}
        for k, v in self.overrides[self.game].items():
            out[k] = v
        return out

    def resolved(self) -> "dict[str, Any]":
        return self.catalog.resolved(self.game, self.players, self.rules())

    def person_seats(self) -> list[int]:
        """The seats (1..) that are people at this device, in order."""
        return [s for s in range(1, self.players) if s in self.people[self.game]]

    def names(self) -> list[str]:
        """Each seat's name when people play (seat 0 first), as the form shows them; blanks filled."""
        out = [self.my_name.strip() or "Player 1"]
        for s in range(1, self.players):
            if s in self.people[self.game]:
                out.append(self.people[self.game][s].strip() or "Player " + str(s + 1))
            else:
                out.append("")
        return out

    def problem(self) -> str | None:
        """Why the game cannot start as the form stands (two people with one name), or None."""
        if not self.person_seats():
            return None
        names = [n for n in self.names() if n]
        for i, n in enumerate(names):
            if n.lower() in [m.lower() for m in names[:i]]:
                return "Two players are called " + n + ": give each a different name."
        return None

    def config(self) -> "Config":
        """The game to start (the engine checks its rules). With people at this device it names every seat."""
        out: Config = {"game": self.game, "opponents": self.opps(), "rules": self.rules(), "seed": None}
        people = self.person_seats()
        if people:
            names = self.names()
            seats = [{"kind": PERSON, "name": names[0]}]
            opps = []
            for s, pid in enumerate(self.opps(), 1):
                if s in people:
                    seats.append({"kind": GUEST if s in self.friends[self.game] else PERSON, "name": names[s]})
                else:
                    seats.append({"kind": "computer", "id": pid})
                    opps.append(pid)
            out["opponents"] = opps
            out["seats"] = seats
        elif self.practice:
            out["practice"] = True
        return out

    def change(self, name: str, value: str, checked: bool) -> None:
        """Apply one form change (``name`` is the input's name)."""
        self.error = ""
        if name == "practice":
            self.practice = bool(checked)
        elif name == "game" and value in ("gin", "rummy"):
            self.game = value
            self.players = 2 if value == "gin" else max(2, self.players)
        elif name == "players" and value.isdigit():
            self.players = max(2, min(6, int(value))) if self.game == "rummy" else 2
        elif name.startswith("opp"):
            i = int(name[3:]) if name[3:].isdigit() else 0
            cur = self.opps()
            friends = self.friends[self.game]
            if 0 <= i < len(cur) and value in (PERSON, GUEST):
                self.people[self.game][i + 1] = self.people[self.game].get(i + 1, "")
                if value == GUEST and i + 1 not in friends:
                    friends.append(i + 1)
                elif value == PERSON and i + 1 in friends:
                    friends.remove(i + 1)
            elif 0 <= i < len(cur) and value in self.catalog.ids(self.game):
                cur[i] = value
                self.opponents[self.game] = cur
                self.people[self.game].pop(i + 1, None)
                if i + 1 in friends:
                    friends.remove(i + 1)
        elif name.startswith("name") and name[4:].isdigit():
            s = int(name[4:])
            clean = " ".join(value.split())[:MAX_NAME]
            if s == 0:
                self.my_name = clean
            elif s in self.people[self.game]:
                self.people[self.game][s] = clean
        elif name == "preset" and value in self.catalog.presets(self.game):
            self.preset[self.game] = value
            self.overrides[self.game] = {}
        elif name.startswith("opt:"):
            o = self.catalog.option(self.game, name[4:])
            if o is None:
                return
            try:
                v = checked if o["kind"] == "bool" else parse_option(o, value)
            except ValueError as e:
                self.error = str(e)
                return
            why = option_problem(o, v)
            if why is not None:
                self.error = why
                return
            self.overrides[self.game][o["name"]] = v
            if o["name"] == "oklahoma" and not v:
                self.overrides[self.game]["oklahoma_double_spades"] = False


def _select(name: str, label: str, options: list[str], key: str) -> str:
    return "".join(('<label class="field">', esc(label), ' <select name="', name, '" aria-label="', esc(label), '" ',
                    key, ">", "".join(options), "</select></label>"))


def _name_field(seat: int, label: str, value: str, placeholder: str) -> str:
    return "".join(('<label class="field">', esc(label), ' <input type="text" name="name', str(seat), '" aria-label="',
                    esc(label), '" data-key="f-name', str(seat), '" maxlength="', str(MAX_NAME), '" value="',
                    esc(value), '" placeholder="', esc(placeholder), '" autocomplete="off"></label>'))


def _option(value: object, words: object, selected: bool) -> str:
    return "".join(('<option value="', esc(value), '"', (" selected" if selected else ""), ">", esc(words), "</option>"))


def option_field(o: "dict[str, Any]", v: "Any") -> str:
    """One rule option as a form field."""
    name = o["name"]
    key = "".join(('data-key="f-', name, '" title="', esc(o["help"]), '"'))
    label = o["label"]
    if o["nullable"] and o["none_label"] and name != "target":
        label += " (blank: " + o["none_label"] + ")"
    if o["kind"] == "bool":
        return "".join(('<label class="field check"><input type="checkbox" name="opt:', name, '" ', key,
                        (" checked" if v else ""), "> ", esc(label), "</label>"))
    if o["kind"] == "choice":
        words = o["choice_words"] or [str(c) for c in o["choices"]]
        opts = [_option(c, w, c == v) for c, w in zip(o["choices"], words)]
        return _select("opt:" + name, label, opts, key)
    if o["suggested"]:
        return _select("opt:" + name, label, [_option(c, c, c == v) for c in o["suggested"]], key)
    low = "" if o["low"] is None else str(o["low"])
    high = "9999" if o["high"] is None else str(o["high"])
    return "".join(('<label class="field">', esc(label), ' <input type="number" inputmode="numeric" name="opt:', name,
                    '" aria-label="', esc(label), '" ', key, ' min="', low, '" max="', high, '" value="',
                    ("" if v is None else str(v)), '"></label>'))


def _practice_field(st: SetupState) -> str:
    if st.person_seats():
        return ""  # undo is for a person against the computer
    return "".join(('<label class="check practice"><input type="checkbox" name="practice" data-key="f-practice"',
                    (" checked" if st.practice else ""), "> Practice game: you may undo back to the start of your turn "
                    "(the match counts as assisted)</label>"))


def setup_html(st: SetupState, can_resume: bool, lead: str = "") -> str:
    """The new-game screen: the game, the opponents (each a character) and the preset first; the rule options
    folded behind "More rule options" (the match's length stays in view)."""
    cat = st.catalog
    g = st.game
    games = "".join(
        "".join(('<label class="choice game-tile"><input type="radio" name="game" value="', k, '" data-key="f-game-', k,
                 '"', (" checked" if g == k else ""), "> ", esc(lbl), "</label>"))
        for k, lbl in (("gin", "Gin Rummy (2 players)"), ("rummy", "Basic Rummy (2–6 players)")))
    players = ""
    if g == "rummy":
        opts = [_option(n, n, st.players == n) for n in range(2, 7)]
        players = _select("players", "Players", opts, 'data-key="f-players"')
    ros = cat.roster(g)
    chosen = st.opps()
    opp_fields = []
    people = st.person_seats()
    computers = [pid for i, pid in enumerate(chosen) if (i + 1) not in people]  # the characters playing
    if people:
        opp_fields.append(_name_field(0, "Your name", st.my_name, "Player 1"))
    for i, pid in enumerate(chosen):
        person = (i + 1) in people
        friend = (i + 1) in st.friends[g]
        opts = [_option(p["id"], "".join((p["name"], " — ", tier_word(p["tier"]), ", ", p["style"])),
                        p["id"] == pid and not person) for p in ros]
        opts.append(_option(PERSON, "A person at this device (pass and play)", person and not friend))
        opts.append(_option(GUEST, "A friend online (invite link)", friend))
        label = "Opponent" if g == "gin" else "Opponent " + str(i + 1)
        opp_fields.append(_select("opp" + str(i), label, opts, 'data-key="f-opp' + str(i) + '"'))
        if person:
            opp_fields.append(_name_field(i + 1, "Name of " + label.lower(), st.people[g][i + 1],
                                          "Player " + str(i + 2)))
    if [s for s in people if s not in st.friends[g]]:
        opp_fields.append('<p class="muted" data-testid="pass-note">Pass and play: between two people\'s turns the '
                          "screen hides every hand until the next player taps.</p>")
    if st.friends[g]:
        opp_fields.append('<p class="muted" data-testid="online-note">Friends online: you get an invite link for '
                          "each. Your page runs the game and sends each friend only their own cards; the "
                          "connection goes straight between the browsers (no game server).</p>")
    gallery = []
    for p in ros:
        picked = p["id"] in computers
        face = "".join((portrait(p["id"]), '<span class="who"><strong>', esc(p["name"]), '</strong> <span class="tier tier-',
                        esc(p["tier"]), '">', esc(tier_word(p["tier"])), '</span><span class="style">', esc(p["style"]),
                        "</span></span>"))
        if g == "gin":  # one opponent: the gallery chooses it too
            gallery.append("".join(('<li><label class="char', (" picked" if picked else ""), '" title="', esc(p["description"]),
                                    '"><input type="radio" name="opp0" value="', esc(p["id"]), '" data-key="f-pick-',
                                    esc(p["id"]), '"', (" checked" if picked else ""), ">", face, "</label></li>")))
        else:
            gallery.append("".join(('<li><span class="char', (" picked" if picked else ""), '" title="', esc(p["description"]),
                                    '">', face, "</span></li>")))
    about = "".join("".join(('<p class="about"><strong>', esc(p["name"]), ":</strong> ", esc(p["description"]), "</p>"))
                    for pid in computers for p in ros if p["id"] == pid)
    cards = "".join(gallery)
    presets = cat.presets(g)
    popts = [_option(k, k, st.preset[g] == k) for k in cat.preset_names(g)]
    pdesc = presets.get(st.preset[g], {}).get("description", "")
    rules = st.resolved()
    first: list[str] = []
    rest: list[str] = []
    for o in cat.options(g):
        (first if o["name"] in FIRST else rest).append(option_field(o, rules.get(o["name"])))
    err = "".join(('<p class="message error" role="alert">', esc(st.error), "</p>")) if st.error else ""
    resume = ('<button type="button" class="btn" data-act="back-to-game" data-key="setup-back">Back to the game</button>'
              if can_resume else "")
    more = "".join(('<button type="button" class="btn small fold" data-act="setup-more" data-key="setup-more" '
                    'aria-expanded="', ("true" if st.more else "false"), '" aria-controls="setup-options">',
                    ("Fewer rule options" if st.more else "More rule options (" + str(len(rest)) + ")"), "</button>"))
    return (
        "".join(('<section class="setup" data-testid="setup" aria-labelledby="setup-title">'
                 '<h2 id="setup-title">New game</h2>', lead, '<div class="setup-form">'
                 '<fieldset class="games"><legend>Game</legend>', games, players, "</fieldset>"
                 "<fieldset><legend>Players</legend>", '<ul class="roster" aria-label="The characters">', cards, "</ul>",
                 '<div class="opp-fields">', "".join(opp_fields), "</div>", about, "</fieldset>"
                 "<fieldset><legend>Rules</legend>", _select("preset", "Preset", popts, 'data-key="f-preset"'),
                 '<p class="muted">', esc(pdesc), '</p><div class="options">', "".join(first), "</div>", more,
                 '<div class="options" id="setup-options"', ("" if st.more else " hidden"), ">", "".join(rest),
                 "</div>", _practice_field(st), "</fieldset>",
                 err, '<div class="setup-go"><button type="button" class="btn primary" data-act="start" '
                 'data-key="setup-start">Start game</button>', resume, "</div></div></section>")))
