"""The new-game screen: first a welcome to play at once (Continue a match, Play again the last set-up, or Play
Gin Rummy or Basic Rummy against a recommended opponent), and folded behind "Choose opponent and rules" the
whole set-up: game, players (each seat a computer opponent, or a person at this device with a name), preset,
every rule option.

The options, their labels, ranges and presets come from the engine's catalog (``rummy.catalog``, written next
to the page by the site build), so the page draws this screen before the engine is up; the engine checks the
rules when the match starts. Written in the Python both MicroPython and CPython run.
"""

from web.page import i18n
from web.page.app.characters import portrait
from web.page.app.text import esc, isolated, tier_word
from web.page.i18n import N_, _, ngettext
from web.page.shared.protocol import MAX_NAME, clean_text

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Config

# The form shows the match length first, then the rest in the rulebook's order.
FIRST = ("target", "rounds", "scoring")
PERSON = "person"  # the value of a seat's choice that makes it a person at this device (pass and play)
GUEST = "guest"  # ... that makes it a friend online (an invite link)
GAME_WORDS = {"gin": N_("Gin Rummy"), "rummy": N_("Basic Rummy")}  # in English: translated where shown, _(word)


def in_page_language(data: "dict[str, Any]") -> "dict[str, Any]":
    """The catalog with its words (the options' labels, help and choices, the presets' names and descriptions,
    the opponents' styles and descriptions) in the page's language: tools/i18n.py puts them in the catalogues.
    Ids, names and values stay as they are: nothing decides on a word."""
    if i18n.lang() == "en":
        return data

    def say(text: "Any") -> "Any":  # (not _ with a literal inside: the catalogue would take the field's name)
        return _(text) if type(text) is str and text else text

    out = dict(data)
    out["games"] = {}
    for game, g in data["games"].items():
        g = dict(g)
        g["options"] = [dict(o, label=say(o["label"]), help=say(o.get("help")), none_label=say(o.get("none_label")),
                             choice_words=[say(w) for w in o.get("choice_words") or []])
                        for o in g["options"]]
        g["presets"] = {name: dict(p, label=say(p["label"]), description=say(p["description"]))
                        for name, p in g["presets"].items()}
        g["roster"] = [dict(p, style=say(p["style"]), description=say(p["description"])) for p in g["roster"]]
        out["games"][game] = g
    return out


class Catalog:
    """The engine's catalog (options, presets, roster), read once."""

    def __init__(self, data: "dict[str, Any]") -> None:
        self.data = in_page_language(data)
        self.games = self.data["games"]

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

    def preset_label(self, game: str, name: str) -> str:
        """A preset's name as a player reads it (its id stays in URLs and saves)."""
        preset = self.presets(game).get(name) or {}
        return str(preset.get("label") or name)

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

    def recommended(self, game: str) -> str:
        """The opponent the engine recommends to a newcomer (else the roster's middle one)."""
        ids = self.ids(game)
        pid = self.games[game].get("recommended")
        return pid if pid in ids else ids[len(ids) // 2]

    def standard(self, game: str) -> "Config":
        """The quick game of ``game``: against the recommended opponent, the first preset's rules."""
        return {"game": game, "opponents": [self.recommended(game)],
                "rules": {"preset": self.preset_names(game)[0]}, "seed": None}

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
        # i18n: {option}: the name of a rule option, as the new-game form labels it ("Target score")
        return None if o["nullable"] else _("{option} must be set.").format(option=label)
    if o["kind"] == "bool":
        return None if type(value) is bool else _("{option} must be on or off.").format(option=label)
    if o["kind"] == "choice":
        return (None if value in o["choices"] and type(value) is not bool
                else _("{option} has no such choice.").format(option=label))
    if type(value) is not int:
        return _("{option} must be a whole number.").format(option=label)
    if (o["low"] is not None and value < o["low"]) or (o["high"] is not None and value > o["high"]):
        if o["high"] is None:
            return _("{option} must be at least {low}.").format(option=label, low=str(o["low"]))
        return _("{option} must be from {low} to {high}.").format(option=label, low=str(o["low"]),
                                                                   high=str(o["high"]))
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
        raise ValueError(_("{option} must be true or false, not “{text}”.").format(option=o["label"], text=text))
    if o["kind"] == "choice":
        for c in o["choices"]:
            if str(c).lower() == t:
                return c
        raise ValueError(_("{option}: “{text}” is not one of the choices.").format(option=o["label"], text=text))
    try:
        return int(t)
    except ValueError:
        raise ValueError(_("{option} must be a whole number, not “{text}”.").format(option=o["label"],
                                                                                   text=text)) from None


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
        self.open = False  # the whole set-up ("Choose opponent and rules") is folded under the welcome
        self.more = False  # the options beyond the preset and the match's length are folded
        self.practice = False  # a practice game: undo allowed (off by default; not remembered)
        self.sealed = False  # a table with a friend online and no dealer (web.page.app.sealedplay; not remembered)
        if isinstance(last, dict):
            self.load(last)

    def load(self, cfg: "dict[str, Any]") -> bool:
        """Show a stored game's settings; False (and nothing changed) when they no longer make sense."""
        game = cfg.get("game")
        if game not in ("gin", "rummy"):
            return False
        ids = self.catalog.ids(game)
        opps = [o for o in cfg.get("opponents", []) if o in ids]
        rules = dict(cfg.get("rules") or {})
        preset = rules.pop("preset", "cardgames")
        if preset not in self.catalog.presets(game):
            return False
        for k, v in rules.items():
            o = self.catalog.option(game, k)
            if o is None or option_problem(o, v) is not None:
                return False
        seats = cfg.get("seats")
        people = {}
        friends = []
        my_name = self.my_name
        if isinstance(seats, list):
            if (game == "gin" and len(seats) != 2) or not 2 <= len(seats) <= 6:
                return False
            for s, seat in enumerate(seats):
                if not isinstance(seat, dict) or seat.get("kind") not in (PERSON, GUEST, "computer"):
                    return False
                if seat["kind"] != "computer" and s > 0:
                    people[s] = clean_text(seat.get("name", ""))
                    if seat["kind"] == GUEST:
                        friends.append(s)
            my_name = clean_text(seats[0].get("name", ""))
            filled = []
            for s in range(1, len(seats)):
                filled.append(seats[s]["id"] if s not in people and seats[s].get("id") in ids else
                              (opps[0] if opps else ids[0]))
            opps = filled
        elif not opps or (game == "gin" and len(opps) != 1) or len(opps) > 5:
            return False
        self.game = game
        self.players = len(opps) + 1
        self.opponents[game] = opps
        self.people[game] = people
        self.friends[game] = friends
        self.my_name = my_name
        self.preset[game] = preset
        self.overrides[game] = rules
        self.practice = False
        return True

    def opps(self) -> list[str]:
        ids = self.catalog.ids(self.game)
        n = 1 if self.game == "gin" else self.players - 1
        cur = [o for o in self.opponents.get(self.game, []) if o in ids]
        first = ids.index(self.catalog.recommended(self.game)) if ids else 0
        default = ids[first:] + ids[:first]  # the recommended opponent, then the stronger ones
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
        # i18n: the name of a person at this device who typed none ("Player 2")
        out = [self.my_name.strip() or _("Player {n}").format(n=1)]
        for s in range(1, self.players):
            if s in self.people[self.game]:
                # i18n: the name of a person at this device who typed none ("Player 2")
                out.append(self.people[self.game][s].strip() or _("Player {n}").format(n=s + 1))
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
                return _("Two players are called {name}: give each a different name.").format(name=isolated(n))
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
        elif name == "sealed":
            self.sealed = bool(checked)
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
            clean = " ".join(clean_text(value).split())
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
    """One rule option as a form field, with its help sentence in view (what an undercut or a line bonus is)."""
    name = o["name"]
    help_id = "help-" + name
    key = "".join(('data-key="f-', name, '" aria-describedby="', help_id, '"'))
    label = o["label"]
    if o["nullable"] and o["none_label"] and name != "target":
        # i18n: a rule option's label, then what leaving it blank means ("Target score (blank: by the number of
        # players)")
        label = _("{option} (blank: {meaning})").format(option=label, meaning=o["none_label"])
    if o["kind"] == "bool":
        field = "".join(('<label class="field check"><input type="checkbox" name="opt:', name, '" ', key,
                         (" checked" if v else ""), "> ", esc(label), "</label>"))
    elif o["kind"] == "choice":
        words = o["choice_words"] or [str(c) for c in o["choices"]]
        field = _select("opt:" + name, label, [_option(c, w, c == v) for c, w in zip(o["choices"], words)], key)
    elif o["suggested"]:
        field = _select("opt:" + name, label, [_option(c, c, c == v) for c in o["suggested"]], key)
    else:
        low = "" if o["low"] is None else str(o["low"])
        high = "9999" if o["high"] is None else str(o["high"])
        field = "".join(('<label class="field">', esc(label), ' <input type="number" inputmode="numeric" name="opt:',
                         name, '" aria-label="', esc(label), '" ', key, ' min="', low, '" max="', high, '" value="',
                         ("" if v is None else str(v)), '"></label>'))
    return "".join(('<div class="opt">', field, '<small class="opt-help" id="', help_id, '">', esc(o["help"]),
                    "</small></div>"))


def _sealed_field(st: SetupState) -> str:
    """The choice of a table with no dealer: two seats, the second a friend's, and no jokers."""
    from web.page.app import sealedplay  # online play's module: small, its words are here

    if not sealedplay.possible(st.config()):
        return "".join(('<p class="muted" data-testid="sealed-note">',
                        # i18n: on the new-game form, for an online table of more than two seats or with jokers
                        esc(_("A table with no trusted dealer is for two players without jokers: at this table your "
                              "page deals.")), "</p>"))
    return "".join(('<label class="check sealed"><input type="checkbox" name="sealed" data-key="f-sealed"',
                    (" checked" if st.sealed else ""), "> ",
                    esc(_("No trusted dealer: both pages shuffle and lock the deck with their own keys, so that "
                          "neither page, yours included, can see a card it should not (the deal takes a second; a "
                          "reload ends the match)")),
                    "</label>"))


def _practice_field(st: SetupState) -> str:
    if st.person_seats():
        return ""  # undo is for a person against the computer
    return "".join(('<label class="check practice"><input type="checkbox" name="practice" data-key="f-practice"',
                    (" checked" if st.practice else ""), "> ",
                    esc(_("Practice game: you may undo back to the start of your turn (the match counts as assisted)")),
                    "</label>"))


def form_html(st: SetupState) -> str:
    """The whole set-up: the game, the opponents (each a character) and the preset first; the rule options
    folded behind "More rule options" (the match's length stays in view)."""
    cat = st.catalog
    g = st.game
    games = "".join(
        "".join(('<label class="choice game-tile"><input type="radio" name="game" value="', k, '" data-key="f-game-', k,
                 '"', (" checked" if g == k else ""), "> ", esc(lbl), "</label>"))
        for k, lbl in (("gin", _("Gin Rummy (2 players)")), ("rummy", _("Basic Rummy (2–6 players)"))))
    players = ""
    if g == "rummy":
        opts = [_option(n, n, st.players == n) for n in range(2, 7)]
        # i18n: how many play, a choice of the new-game form
        players = _select("players", _("Players"), opts, 'data-key="f-players"')
    ros = cat.roster(g)
    chosen = st.opps()
    opp_fields = []
    people = st.person_seats()
    computers = [pid for i, pid in enumerate(chosen) if (i + 1) not in people]  # the characters playing
    if people:
        # i18n: the name shown for a person at this device who types none ("Player 1")
        blank = _("Player {n}").format(n=1)
        opp_fields.append(_name_field(0, _("Your name"), st.my_name, blank))
    for i, pid in enumerate(chosen):
        person = (i + 1) in people
        friend = (i + 1) in st.friends[g]
        # i18n: a computer opponent in a list: its name, how strong it is ("Expert"), how it plays ("cautious")
        opts = [_option(p["id"], _("{name} — {tier}, {style}").format(name=p["name"], tier=tier_word(p["tier"]),
                                                                       style=p["style"]),
                        p["id"] == pid and not person) for p in ros]
        opts.append(_option(PERSON, _("A person at this device (pass and play)"), person and not friend))
        opts.append(_option(GUEST, _("A friend online (invite link)"), friend))
        label = _("Opponent") if g == "gin" else _("Opponent {n}").format(n=i + 1)
        opp_fields.append(_select("opp" + str(i), label, opts, 'data-key="f-opp' + str(i) + '"'))
        if person:
            name_label = _("Name of opponent") if g == "gin" else _("Name of opponent {n}").format(n=i + 1)
            # i18n: the name shown for a person at this device who types none ("Player 2")
            opp_fields.append(_name_field(i + 1, name_label, st.people[g][i + 1], _("Player {n}").format(n=i + 2)))
    if [s for s in people if s not in st.friends[g]]:
        opp_fields.append("".join(('<p class="muted" data-testid="pass-note">',
                                   esc(_("Pass and play: between two people's turns the screen hides every hand until "
                                         "the next player taps.")), "</p>")))
    if st.friends[g]:
        opp_fields.append("".join(('<p class="muted" data-testid="online-note">',
                                   esc(_("Friends online: you get an invite link for each. Your page runs the game "
                                         "and sends each friend only their own cards; the connection goes straight "
                                         "between the browsers (no game server).")), "</p>")))
        opp_fields.append(_sealed_field(st))
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
    # i18n: a computer opponent's name, then what it is like
    about = "".join("".join(('<p class="about">', _("<strong>{name}:</strong> {description}").format(
        name=esc(p["name"]), description=esc(p["description"])), "</p>")) for pid in computers for p in ros if p["id"] == pid)
    cards = "".join(gallery)
    presets = cat.presets(g)
    popts = [_option(k, cat.preset_label(g, k), st.preset[g] == k) for k in cat.preset_names(g)]
    pdesc = presets.get(st.preset[g], {}).get("description", "")
    rules = st.resolved()
    first: list[str] = []
    rest: list[str] = []
    for o in cat.options(g):
        (first if o["name"] in FIRST else rest).append(option_field(o, rules.get(o["name"])))
    err = "".join(('<p class="message error" role="alert">', esc(st.error), "</p>")) if st.error else ""
    more = "".join(('<button type="button" class="btn small fold" data-act="setup-more" data-key="setup-more" '
                    'aria-expanded="', ("true" if st.more else "false"), '" aria-controls="setup-options">',
                    esc(_("Fewer rule options") if st.more else _("More rule options ({n})").format(n=len(rest))),
                    "</button>"))
    # i18n: the part of the new-game form that chooses Gin Rummy or Basic Rummy
    return "".join(('<fieldset class="games"><legend>', esc(_("Game")), "</legend>", games, players, "</fieldset>"
                    # i18n: the part of the new-game form that chooses who plays
                    "<fieldset><legend>", esc(_("Players")), "</legend>",
                    # i18n: the computer opponents one may play against, each with a portrait
                    '<ul class="roster" aria-label="', esc(_("The characters")), '">', cards,
                    "</ul>", '<div class="opp-fields">', "".join(opp_fields), "</div>", about, "</fieldset>"
                    "<fieldset><legend>", esc(_("Rules")), "</legend>",
                    _select("preset", _("Rule set"), popts, 'data-key="f-preset" aria-describedby="preset-help"'),
                    '<p class="muted" id="preset-help" data-testid="preset-help">', esc(pdesc), "</p>"
                    '<div class="options">', "".join(first), "</div>", more,
                    '<div class="options" id="setup-options"', ("" if st.more else " hidden"), ">", "".join(rest),
                    "</div>", _practice_field(st), "</fieldset>",
                    err, '<div class="setup-go"><button type="button" class="btn primary" data-act="start" '
                    'data-key="setup-start">', esc(_("Start game")), "</button></div>"))


# ---------------------------------------------------------------- the welcome

def _and(names: list[str]) -> str:
    # i18n: the end of a list of names: {names} is the others, separated by commas ("Ada, Bob and Cy")
    return names[0] if len(names) == 1 else _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def rules_words(catalog: Catalog, game: str, players: int, rules: "dict[str, Any]") -> str:
    """A set-up's rules in a player's words: the preset's name, the match's length when it was changed, and how
    many other options differ from the preset ("Oklahoma, to 150, 1 more change")."""
    preset = str(rules.get("preset", "cardgames"))
    base = catalog.resolved(game, players, {"preset": preset})
    mine = catalog.resolved(game, players, rules)
    parts = [catalog.preset_label(game, preset)]
    more = False
    if mine.get("rounds") is not None and mine.get("rounds") != base.get("rounds"):
        rounds = int(mine["rounds"])
        # i18n: a match of a fixed number of hands, in a list of rules ("Oklahoma, 5 hands, 1 more change")
        parts.append(ngettext("{n} hand", "{n} hands", rounds).format(n=rounds))
        more = True
    elif mine.get("target") != base.get("target"):
        # i18n: a match played to a target score, in a list of rules ("Oklahoma, to 150, 1 more change")
        parts.append(_("to {target}").format(target=str(mine["target"])))
        more = True
    others = len([k for k in mine if k not in ("target", "rounds") and mine[k] != base.get(k)])
    if others:
        if more:
            # i18n: how many other rules differ from the rule set, after the match's length ("Oklahoma, to 150, 2
            # more changes")
            parts.append(ngettext("{n} more change", "{n} more changes", others).format(n=others))
        else:
            # i18n: how many rules differ from the rule set ("Oklahoma, 2 changes")
            parts.append(ngettext("{n} change", "{n} changes", others).format(n=others))
    return ", ".join(parts)


def opponents_of(catalog: Catalog, cfg: "Config") -> "list[tuple[str, str]]":
    """Who seat 0 plays against in a set-up: (profile id, or "" for a person; name, a person's isolated as it goes
    into a sentence), in seat order."""
    game = cfg["game"]
    seats = cfg.get("seats")
    if not isinstance(seats, list):  # against the computer alone
        seats = [{"kind": PERSON}] + [{"kind": "computer", "id": pid} for pid in cfg.get("opponents") or []]
    out = []
    for seat in seats[1:]:
        if seat.get("kind") == "computer":
            pid = str(seat.get("id", ""))
            p = catalog.profile(game, pid)
            out.append((pid, p["name"] if p else pid))
        else:
            # i18n: a person without a name, in "Gin Rummy against a friend"
            out.append(("", isolated(clean_text(seat.get("name")) or _("a friend"))))
    return out


def setup_words(catalog: Catalog, cfg: "Config") -> str:
    """A set-up in a player's words: "Gin Rummy against Ada (Oklahoma, to 150)"."""
    game = cfg["game"]
    against = opponents_of(catalog, cfg)
    # i18n: in "Gin Rummy against nobody (Oklahoma)": a game without opponents
    names = [n for _pid, n in against] or [_("nobody")]
    # i18n: a set-up in words: "Gin Rummy against Ada (Oklahoma, to 150)"; {rules} is the rule set and its changes
    return _("{game} against {opponents} ({rules})").format(
        game=_(GAME_WORDS[game]), opponents=_and(names),
        rules=rules_words(catalog, game, len(against) + 1, dict(cfg.get("rules") or {})))


def _same_game(a: "Config", b: "Config") -> bool:
    return (a.get("game") == b.get("game") and list(a.get("opponents") or []) == list(b.get("opponents") or [])
            and dict(a.get("rules") or {}) == dict(b.get("rules") or {}) and not a.get("seats") and not b.get("seats"))


def _tile(act: str, label: str, primary: bool, key: str, face: str, words: str, extra: str = "") -> str:
    """One way to play at once: a large button, the portrait of who it is against, and what it is in words."""
    return "".join(('<li class="play-tile', (" first" if primary else ""), '">', face,
                    '<div class="play-what"><button type="button" class="btn big', (" primary" if primary else ""),
                    '" data-act="', act, '" data-key="', key, '" data-testid="', key, '" aria-describedby="', key,
                    '-words"', extra, ">", esc(label), '</button><p class="play-words" id="', key, '-words">',
                    esc(words), "</p></div></li>"))


def _face(pid: str) -> str:
    return portrait(pid) if pid else '<span class="portrait none" aria-hidden="true"></span>'


def welcome_html(st: SetupState, resume: "dict[str, Any] | None", last: "Config | None") -> str:
    """The ways to play at once, the first one the large primary button: Continue the match on this page, Play
    again the last set-up, and Play Gin Rummy or Basic Rummy against the recommended opponent (standard rules)."""
    cat = st.catalog
    tiles = []
    first = True
    if resume is not None:
        over = bool(resume.get("over"))
        # i18n: the button that goes back to the match in progress on this page, when it is over
        back = (_("Back to the table") if over else
                # i18n: the button that goes on with the match in progress on this page
                _("Continue"))
        tiles.append(_tile("back-to-game", back, not over, "continue-match",
                           _face(str(resume.get("face") or "")), str(resume.get("words") or "")))
        first = over
    again = None
    if last is not None:
        probe = SetupState(cat)
        if probe.load(last):
            again = probe.config()
            pids = [pid for pid, _name in opponents_of(cat, again) if pid]
            tiles.append(_tile("play-again", _("Play again"), first, "play-again", _face(pids[0] if pids else ""),
                               setup_words(cat, again)))
            first = False
    for g in ("gin", "rummy"):
        quick = cat.standard(g)
        if again is not None and _same_game(again, quick):
            continue  # Play again is this very game
        pid = quick["opponents"][0]
        p = cat.profile(g, pid) or {"name": pid, "tier": "", "style": ""}
        # i18n: who a quick game is against, how strong ("expert") and how it plays ("cautious"), and its rule set
        words = _("Against {name} ({tier}, {style}), {rules}").format(
            name=p["name"], tier=tier_word(p["tier"]).lower(), style=p["style"].lower(),
            rules=cat.preset_label(g, quick["rules"]["preset"]).lower())
        # i18n: a button: {game} is "Gin Rummy" or "Basic Rummy"
        tiles.append(_tile("play", _("Play {game}").format(game=_(GAME_WORDS[g])), first, "play-" + g, _face(pid), words,
                           ' data-game="' + g + '"'))
        first = False
    return '<ul class="play-tiles" aria-label="' + esc(_("Play now")) + '">' + "".join(tiles) + "</ul>"


def setup_html(st: SetupState, lead: str = "", resume: "dict[str, Any] | None" = None,
               last: "Config | None" = None) -> str:
    """The new-game screen: the ways to play at once (:func:`welcome_html`), then ``lead`` (learning, the daily
    deals), then "Choose opponent and rules", which unfolds the whole set-up (:func:`form_html`; open by itself
    when it has something to say). ``resume``: the match on this page ({"words", "face", "over"}), if any;
    ``last``: the set-up last started from here."""
    shown = st.open or bool(st.error)
    toggle = "".join(('<button type="button" class="btn fold choose" data-act="setup-choose" data-key="setup-choose" '
                      'aria-expanded="', ("true" if shown else "false"), '" aria-controls="setup-form">'
                      '<span class="caret" aria-hidden="true"></span>', esc(_("Choose opponent and rules")), "</button>"))
    return "".join(('<section class="setup" data-testid="setup" aria-labelledby="setup-title">'
                    '<h2 id="setup-title">', esc(_("New game")), "</h2>", welcome_html(st, resume, last), lead, toggle,
                    '<div class="setup-form" id="setup-form" data-testid="setup-form"', ("" if shown else " hidden"),
                    ">", (form_html(st) if shown else ""), "</div></section>"))
