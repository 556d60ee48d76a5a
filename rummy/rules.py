"""Rules as data: every option of the rulebook described once, the named presets, and the checked rules a match carries.

:data:`OPTIONS` holds one :class:`Option` per game and option name: its type, range or choices, default, a label
and a help sentence. The engine's validation (:func:`resolve_rules`), the new-game screen, URL parameters and the
command line all read it, so an option is added or changed in one place.

``resolve_rules(game, players, {"preset": "oklahoma", "target": 150})`` gives the complete, checked
:class:`Rules` (an immutable, hashable mapping) that a match carries. Option names are the rulebook's, the same
in saves, records and URLs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NoReturn

from .errors import RulesError

RUMMY = "rummy"
GIN = "gin"
GAMES = (RUMMY, GIN)

OptionValue = bool | int | str | None

# Basic Rummy: target by number of players (rule 10), hand size (rule 1).
RUMMY_TARGETS = {2: 100, 3: 150, 4: 200, 5: 250, 6: 300}
RUMMY_HAND_SIZE = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
GIN_HAND_SIZE = 10


class OptionKind(StrEnum):
    BOOL = "bool"
    INT = "int"  # a whole number from ``low`` to ``high`` (either may be open); None too when ``nullable``
    CHOICE = "choice"  # one of ``choices``


@dataclass(frozen=True)
class Option:
    """One rule option of one game, as the rulebook's option tables give it."""

    game: str
    name: str
    kind: OptionKind
    default: OptionValue
    label: str  # a short label for a form
    help: str  # one sentence: what it does
    low: int | None = None
    high: int | None = None
    nullable: bool = False  # None is allowed ...
    none_label: str = ""  # ... and means this, in words
    choices: tuple[OptionValue, ...] = ()
    choice_words: tuple[str, ...] = ()  # words for each choice, in order
    suggested: tuple[int, ...] = ()  # the values a form offers (any value in range is accepted)
    requires: str = ""  # a true/false option that must be on for this one to be on

    def check(self, value: Any) -> None:
        """Raise :class:`RulesError` unless ``value`` is allowed (:func:`resolve_rules` checks the rules that
        join two options)."""
        if value is None and self.nullable:
            return
        if self.kind == OptionKind.BOOL:
            if not isinstance(value, bool):
                self._refuse(f"must be true or false, not {value!r}")
        elif self.kind == OptionKind.INT:
            if isinstance(value, bool) or not isinstance(value, int):
                self._refuse(f"must be a whole number{' or null' if self.nullable else ''}, not {value!r}")
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                lo = "" if self.low is None else str(self.low)
                if self.high is None:
                    self._refuse(f"must be at least {lo}, not {value}")
                self._refuse(f"must be between {lo} and {self.high}, not {value}")
        elif isinstance(value, bool) or value not in self.choices:
            self._refuse("must be one of " + ", ".join(repr(c) for c in self.choices) + f", not {value!r}")

    def _refuse(self, why: str) -> NoReturn:
        raise RulesError(f"option {self.name} {why}")

    def parse(self, text: str) -> OptionValue:
        """Read a value written as text (a URL parameter, a command-line flag, a form field) and check it."""
        t = text.strip().lower()
        value: OptionValue
        if t in ("null", "none", "") and self.nullable:
            value = None
        elif self.kind == OptionKind.BOOL:
            if t in ("1", "true", "yes", "on"):
                value = True
            elif t in ("0", "false", "no", "off"):
                value = False
            else:
                self._refuse(f"must be true or false, not {text!r}")
        elif self.kind == OptionKind.INT:
            try:
                value = int(t)
            except ValueError:
                self._refuse(f"must be a whole number, not {text!r}")
        else:
            by_text = {str(c).lower(): c for c in self.choices}
            if t not in by_text:
                self._refuse("must be one of " + ", ".join(str(c) for c in self.choices) + f", not {text!r}")
            value = by_text[t]
        self.check(value)
        return value

    def format(self, value: OptionValue) -> str:
        """The text form of a value, as :meth:`parse` reads it (``true``, ``5``, ``null``, ``turn-over``)."""
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def words(self, value: OptionValue) -> str:
        """A value in a player's words."""
        if value is None:
            return self.none_label or "none"
        if self.kind == OptionKind.BOOL:
            return "on" if value else "off"
        if self.kind == OptionKind.CHOICE and value in self.choices and self.choice_words:
            return self.choice_words[self.choices.index(value)]
        return str(value)


def _bool(game: str, name: str, default: bool, label: str, help: str, requires: str = "") -> Option:
    return Option(game, name, OptionKind.BOOL, default, label, help, requires=requires)


def _int(game: str, name: str, default: int | None, label: str, help: str, low: int | None = 0,
         high: int | None = None, nullable: bool = False, none_label: str = "",
         suggested: tuple[int, ...] = ()) -> Option:
    return Option(game, name, OptionKind.INT, default, label, help, low=low, high=high, nullable=nullable,
                  none_label=none_label, suggested=suggested)


def _choice(game: str, name: str, default: OptionValue, label: str, help: str,
            choices: tuple[OptionValue, ...], words: tuple[str, ...]) -> Option:
    return Option(game, name, OptionKind.CHOICE, default, label, help, choices=choices, choice_words=words)


#: Every option of both games, in the rulebook's order.
OPTIONS: tuple[Option, ...] = (
    # ----- Basic Rummy -----
    _choice(RUMMY, "melds_per_turn", "any", "New melds per turn",
            "How many new melds a player may put down in one turn.", ("any", 1), ("Any number", "One")),
    _bool(RUMMY, "layoff_needs_meld", False, "Lay off only after your own first meld",
          "No lay-offs until the player has put a meld of their own down this hand."),
    _choice(RUMMY, "aces", "low", "Aces", "Whether Q-K-A is also a run (never K-A-2); a high-or-low ace counts 15.",
            ("low", "high-or-low"), ("Low only", "High or low (worth 15)")),
    _bool(RUMMY, "jokers", False, "Two jokers, wild",
          "Two wild jokers join the deck, worth 15; a natural card can swap a joker off the table."),
    _bool(RUMMY, "discard_to_go_out", False, "Going out needs a final discard",
          "A player can never go out by melding and laying off every card: the last card must be discarded."),
    _choice(RUMMY, "reuse_discards", "shuffle", "When the stock runs out",
            "What happens when a turn starts with an empty stock.", ("shuffle", "turn-over", "never"),
            ("Shuffle the discards into a new stock", "Turn the discards over", "End the hand (block rummy)")),
    _int(RUMMY, "reuse_limit", 1, "Times the stock may be rebuilt",
         "How often the discard pile may become a new stock in one hand; blank for no limit.",
         low=0, nullable=True, none_label="no limit"),
    _int(RUMMY, "stalemate_restocks", 2, "Rebuilds without a play before a stalemate",
         "Rule 12: after this many rebuilds with no meld, lay-off or joker swap, the next empty stock ends the hand.",
         low=1, high=10),
    _bool(RUMMY, "going_rummy_doubles", True, "Going rummy doubles the score",
          "Going out in one turn, without having melded before, doubles the hand's points."),
    _choice(RUMMY, "scoring", "winner-takes-all", "Scoring",
            "Winner takes all the points left in the other hands, or every loser adds their own (lowest total wins).",
            ("winner-takes-all", "penalty"), ("Winner takes all", "Penalty points (lowest wins)")),
    _int(RUMMY, "target", None, "Target score",
         "The match ends after the hand in which a player reaches it (by default 100, 150, 200, 250 or 300 "
         "for 2 to 6 players).", low=1, nullable=True, none_label="by the number of players"),
    _int(RUMMY, "rounds", None, "Play a fixed number of hands instead",
         "A number of hands to play instead of a target; the best total wins. Blank: play to the target.",
         low=1, nullable=True, none_label="no"),
    # ----- Gin Rummy -----
    _int(GIN, "knock_limit", 10, "Knock limit", "The most deadwood a player may knock with.", low=0, high=10),
    _bool(GIN, "oklahoma", False, "Oklahoma: the first upcard sets the knock limit",
          "The first upcard's value replaces the knock limit; an ace upcard means gin only."),
    _bool(GIN, "oklahoma_double_spades", False, "Oklahoma: a spade upcard doubles the hand",
          "When the first upcard is a spade, every point of that hand is doubled.", requires="oklahoma"),
    _bool(GIN, "big_gin", True, "Big gin (11 cards in melds)",
          "A player whose 11 cards all meld after drawing may end the hand with no discard."),
    _int(GIN, "gin_bonus", 25, "Gin bonus", "Points for gin, on top of the other player's deadwood."),
    _int(GIN, "big_gin_bonus", 31, "Big gin bonus", "Points for big gin, on top of the other player's deadwood."),
    _int(GIN, "undercut_bonus", 25, "Undercut bonus",
         "An undercut: the defender's deadwood is as low as the knocker's or lower, and the defender scores the "
         "difference plus this bonus."),
    _bool(GIN, "undercut_on_tie", True, "Equal deadwood is an undercut",
          "When off, equal deadwood is a tie: no points, no winner."),
    _int(GIN, "stock_floor", 2, "The hand is a tie when the stock is down to",
         "A discard that leaves this many cards or fewer in the stock ends the hand as a tie.", low=0, high=30),
    _int(GIN, "target", 100, "Target score", "The first player to reach it ends the match.",
         low=1, suggested=(50, 100, 150, 200, 250, 300)),
    _int(GIN, "game_bonus", 100, "Game bonus", "Bonus for the player who reaches the target."),
    _int(GIN, "line_bonus", 25, "Line bonus per hand won",
         "At the end of the match, each player scores this for every hand they won."),
    _bool(GIN, "shutout_doubles", True, "A shutout doubles the winner's points",
          "A shutout: the winner won every hand and none was a tie; their points then count twice."),
)

_BY_GAME: dict[str, dict[str, Option]] = {g: {o.name: o for o in OPTIONS if o.game == g} for g in GAMES}

PRESETS: dict[str, dict[str, dict[str, OptionValue]]] = {
    RUMMY: {
        "cardgames": {},
        "novel-games": {"reuse_discards": "turn-over", "reuse_limit": None, "target": 100},
        "classic-book": {"melds_per_turn": 1, "layoff_needs_meld": True, "scoring": "penalty", "target": 100},
    },
    GIN: {
        "cardgames": {},
        "oklahoma": {"oklahoma": True, "oklahoma_double_spades": True},
        "tournament": {
            "big_gin": False, "game_bonus": 0, "line_bonus": 0, "shutout_doubles": False,
            "target": 100, "undercut_on_tie": True, "stock_floor": 2,
        },
    },
}

# What a player reads of a preset: its name on the new-game screen, and what it means. The ids above stay the
# same in URLs, saves and records; only these words are shown.
PRESET_LABELS: dict[str, dict[str, str]] = {
    RUMMY: {
        "cardgames": "Standard rules",
        "novel-games": "Discards turned over",
        "classic-book": "Classic rules",
    },
    GIN: {
        "cardgames": "Standard rules",
        "oklahoma": "Oklahoma",
        "tournament": "Tournament rules",
    },
}

PRESET_DESCRIPTIONS: dict[str, dict[str, str]] = {
    RUMMY: {
        "cardgames": "The usual online rules: meld as much as you like in a turn; whoever goes out scores the "
                     "points left in the other hands.",
        "novel-games": "When the stock runs out, the discard pile is turned over as it is (not shuffled), as "
                       "often as needed; first to 100.",
        "classic-book": "One new meld a turn, lay-offs only after your own first meld; every loser adds the points "
                        "left in their own hand, and the lowest total when someone reaches 100 wins.",
    },
    GIN: {
        "cardgames": "Knock with 10 or less deadwood; gin (no deadwood) scores 25 more. Undercut: when the "
                     "other player's deadwood is as low as the knocker's, they score 25 more. First to 100 ends the "
                     "match: 100 for the game, 25 for each hand won (the line bonus), and a shutout (every hand "
                     "won) doubles the winner's hand points.",
        "oklahoma": "Standard Gin, but the first upcard's value is the most deadwood you may knock with (an ace: "
                    "gin only), and a spade upcard doubles that hand.",
        "tournament": "Standard Gin without the extras: no big gin, and no game, line or shutout bonus; the "
                      "hand points alone, to 100.",
    },
}


class Rules(dict[str, Any]):
    """The checked options of a match: an immutable, hashable mapping (a ``dict`` that refuses changes, so
    reading an option is as fast as a dict lookup and ``json.dumps`` takes it as it is). Each value has the
    type its :class:`Option` gives (typed ``Any`` here so that the rules read ``rules["knock_limit"]`` plainly)."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _immutable(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("Rules cannot be changed; resolve new rules instead")

    __setitem__ = __delitem__ = _immutable
    clear = pop = popitem = setdefault = update = _immutable
    __ior__ = _immutable

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle (the arena's worker processes)
        return (Rules, (dict(self),))

    @property
    def preset(self) -> str:
        return str(self["preset"])


def options(game: str) -> tuple[Option, ...]:
    """The options of ``game``, in the rulebook's order."""
    return tuple(_options_of(game).values())


def option(game: str, name: str) -> Option:
    """The option ``name`` of ``game``; :class:`RulesError` when there is none."""
    try:
        return _options_of(game)[name]
    except KeyError:
        raise RulesError(f"unknown option {name!r} for {game}") from None


def _options_of(game: str) -> dict[str, Option]:
    if not isinstance(game, str) or game not in _BY_GAME:  # read from JSON, it may be any value
        raise RulesError(f"unknown game {game!r}: choose 'rummy' or 'gin'")
    return _BY_GAME[game]


def default_rules(game: str) -> dict[str, OptionValue]:
    """A copy of the default options of ``game``."""
    return {o.name: o.default for o in options(game)}


def check_players(game: str, players: Any) -> None:
    """Raise :class:`RulesError` unless ``players`` seats can play ``game``."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"the number of players must be a whole number, not {players!r}")
    if game == GIN and players != 2:
        raise RulesError("Gin Rummy is for 2 players")
    if game == RUMMY and players not in RUMMY_HAND_SIZE:
        raise RulesError("Basic Rummy is for 2 to 6 players")


def resolve_rules(game: str, players: int, rules: Mapping[str, Any] | None = None) -> Rules:
    """The full, checked :class:`Rules` of ``game`` from a preset name and overrides.

    The result also holds ``"preset"`` (the preset it started from). Raises :class:`RulesError`."""
    schema = _options_of(game)
    check_players(game, players)
    given = dict(rules or {})
    preset = given.pop("preset", "cardgames")
    if not isinstance(preset, str) or preset not in PRESETS[game]:
        raise RulesError(f"unknown preset {preset!r} for {game}: choose one of {', '.join(PRESETS[game])}")
    out = default_rules(game)
    out.update(PRESETS[game][preset])
    unknown = sorted(set(given) - set(schema))
    if unknown:
        raise RulesError(f"unknown option {unknown[0]!r} for {game}")
    out.update(given)
    if game == RUMMY and out["target"] is None:
        out["target"] = RUMMY_TARGETS[players]
    for name, opt in schema.items():
        opt.check(out[name])
        if opt.requires and out[name] and not out[opt.requires]:
            raise RulesError(f"option {name} needs {opt.requires} on")
    if game == GIN and out["target"] is None:
        raise RulesError("option target must be a whole number")
    out["preset"] = preset
    return Rules(out)


def rules_delta(game: str, rules: Mapping[str, Any], players: int) -> dict[str, OptionValue]:
    """The shortest ``rules`` dict (preset plus changed options) that resolves to ``rules``."""
    preset = str(rules.get("preset", "cardgames"))
    base = resolve_rules(game, players, {"preset": preset})
    delta: dict[str, OptionValue] = {"preset": preset}
    for k, v in rules.items():
        if k != "preset" and base.get(k) != v:
            delta[k] = v
    return delta


def parse_options(game: str, pairs: Iterable[tuple[str, str]]) -> dict[str, OptionValue]:
    """Option values written as text (``("knock_limit", "5")``), read by the schema; unknown names refused."""
    return {name: option(game, name).parse(text) for name, text in pairs}


def hand_size(game: str, players: int) -> int:
    """Cards dealt to each player."""
    return GIN_HAND_SIZE if game == GIN else RUMMY_HAND_SIZE[players]
