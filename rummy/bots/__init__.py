"""Computer opponents for Gin Rummy and Basic Rummy.

    >>> from rummy import Game
    >>> from rummy.bots import make_bot, roster
    >>> g = Game.new("gin", seed=1)
    >>> bot = make_bot("expert", "gin", seed=7)     # a tier name, or a profile id like "ada"
    >>> seat = g.turn
    >>> g.apply(bot.choose(g.view(seat)), seat)     # a bot sees one seat's view, nothing else

A bot is any object with ``choose(view: SeatView) -> Action`` returning one of ``view.legal``
(see :class:`Bot`). :func:`roster` lists the named opponents of a game, weakest first, each a
:class:`Profile` with a tier, a style, a one-line description and a measured strength rating.
"""

from __future__ import annotations

from .advice import Advice, Option, Reason
from .base import TIERS, Advisor, Bot, Profile, decision_rng
from .basic import RummyBot, RummyStyle
from .gin import CASUAL, GinBot, GinStyle
from .gin_search import GinSearchBot
from .gin_search import SearchStyle as GinSearchStyle
from .rummy_search import RummySearchBot
from .rummy_search import SearchStyle as RummySearchStyle

# ----- styles -----

_GIN_STYLES: dict[str, GinStyle] = {
    "pip": GinStyle(mistakes=0.5, miss_knock=0.35, lookahead=False, model=False, danger=0.0,
                    upcard="meld", knock="asap"),
    "rex": GinStyle(mistakes=0.1, lookahead=False, model=False, danger=0.0, upcard="meld", knock="asap"),
    "goldie": GinStyle(lookahead=False, model=False, danger=0.0, upcard="meld", knock="gin", gin_until_stock=14),
    "sam": GinStyle(model=False, danger=0.0, knock="asap"),
    "vera": GinStyle(model=False, danger=0.0, knock="low", knock_low=3, lookahead_weight=0.35),
    "magpie": GinStyle(danger=8.0, deny=1.0, knock="asap"),
    "ada": GinStyle(danger=2.0, knock_ev_min=-6.0, undercut_max=0.5),
}

_RUMMY_STYLES: dict[str, RummyStyle] = {
    "tilly": RummyStyle(mistakes=0.45, take="meld", meld="early", potential=0.0, danger=0.0, swap=False),
    "mel": RummyStyle(take="meld", meld="early", potential=0.3, danger=0.0),
    "dot": RummyStyle(take="cover", meld="early", potential=1.0, danger=0.5),
    "corvo": RummyStyle(take="cover", meld="early", potential=2.5, danger=1.5, hoard=1.0),
    "rufus": RummyStyle(take="meld", meld="rummy", potential=1.0, danger=0.0),
    "sage": RummyStyle(take="meld", meld="rummy", potential=1.0, danger=0.5),
}

# Gin opponents that search (rummy/bots/gin_search.py) rather than follow GinBot's rules
_GIN_SEARCH_STYLES: dict[str, GinSearchStyle] = {
    "hugo": GinSearchStyle(),
}

# Basic Rummy opponents that search (rummy/bots/rummy_search.py)
_RUMMY_SEARCH_STYLES: dict[str, RummySearchStyle] = {
    "iris": RummySearchStyle(),
}

# ----- the roster (ratings: Elo-like, from the arena; see docs/bots.md) -----

_PROFILES: list[Profile] = [
    Profile("pip", "Pip", "gin", "beginner", "Still learning",
            "Knows the rules, misses a knock now and then and throws away cards it should keep.", 1000),
    Profile("rex", "Rex", "gin", "casual", "Knocks at the first chance",
            "Throws its highest loose card (now and then the wrong one), takes the upcard only for a meld, "
            "knocks the moment it can.", 1225),
    Profile("goldie", "Goldie", "gin", "expert", "Holds out for gin",
            "Will not knock for less than gin until the stock runs low: big scores, big risks.", 1445),
    Profile("vera", "Vera", "gin", "skilled", "Hunts undercuts",
            "Keeps her deadwood low and knocks only when very low, waiting for you to knock into an undercut.", 1349),
    Profile("sam", "Sam", "gin", "skilled", "Solid fundamentals",
            "Thinks a draw ahead, keeps the cards with the most ways to meld, and knocks as soon as it can.", 1332),
    Profile("magpie", "Magpie", "gin", "skilled", "Hoards cards you want",
            "Watches what you pick up and holds on to the cards you could use: of all the opponents, the one "
            "that feeds you least.", 1323),
    Profile("ada", "Ada", "gin", "expert", "Reads the table",
            "Tracks every card, estimates your hand, and knocks only when the expected score says so.", 1430),
    Profile("hugo", "Hugo", "gin", "expert", "Plays it out in his head",
            "Guesses your hand from what you threw, passed on and took, and plays each choice out a few hundred "
            "times: takes the discard more than anyone, knocks seldom, and catches your knocks with undercuts.",
            1500),
    Profile("tilly", "Tilly", "rummy", "beginner", "Still learning",
            "Lays down what she can and often throws away the wrong card.", 1000),
    Profile("mel", "Mel", "rummy", "casual", "Melds early",
            "Puts every meld and lay-off on the table the moment it has one.", 1727),
    Profile("rufus", "Rufus", "rummy", "expert", "Goes for rummy",
            "Keeps his melds hidden to go out in one turn for double points, unless you get close.", 2170),
    Profile("dot", "Dot", "rummy", "skilled", "Sheds points, keeps chances",
            "Melds at once, throws the cards with the most points and the fewest chances, watches the table.", 1823),
    Profile("corvo", "Corvo", "rummy", "skilled", "Hoards his chances",
            "Melds at once, but hangs on to every pair and near-run, high cards too, hoping to complete them: "
            "caught with more points when you go out.", 1820),
    Profile("sage", "Sage", "rummy", "expert", "Weighs every meld",
            "Hides its melds to go out in one turn for double points and lays them down when you get close.",
            2186),
    Profile("iris", "Iris", "rummy", "expert", "Counts every out",
            "Counts the cards still to come, keeps the hand with the most ways out, takes any discard that "
            "brings her closer, and hides her melds for rummy.", 2290),
]

# the reference bot of each tier (the arena's ladder uses these)
TIER_BOTS = {
    "gin": {"beginner": "pip", "casual": "rex", "skilled": "sam", "expert": "hugo"},
    "rummy": {"beginner": "tilly", "casual": "mel", "skilled": "dot", "expert": "iris"},
}


def roster(game: str) -> list[Profile]:
    """The named opponents of ``game`` ("gin" or "rummy"), weakest first."""
    if game not in TIER_BOTS:
        raise ValueError(f"unknown game {game!r}: choose 'gin' or 'rummy'")
    return sorted((p for p in _PROFILES if p.game == game), key=lambda p: (p.rating, p.id))


def get_profile(id: str) -> Profile:
    """The profile with this id (like "ada"); ``KeyError`` when there is none."""
    for p in _PROFILES:
        if p.id == id:
            return p
    raise KeyError(f"no opponent called {id!r}")


def make_bot(id_or_tier: str, game: str, seed: int = 0) -> Bot:
    """A bot for ``game`` from a profile id ("ada") or a tier name ("expert": the tier's reference bot)."""
    if game not in TIER_BOTS:
        raise ValueError(f"unknown game {game!r}: choose 'gin' or 'rummy'")
    key = id_or_tier.strip().lower()
    key = TIER_BOTS[game].get(key, key)
    if game == "gin" and key in _GIN_SEARCH_STYLES:
        return GinSearchBot(_GIN_SEARCH_STYLES[key], seed)
    if game == "rummy" and key in _RUMMY_SEARCH_STYLES:
        return RummySearchBot(_RUMMY_SEARCH_STYLES[key], seed)
    styles: dict[str, GinStyle] | dict[str, RummyStyle] = _GIN_STYLES if game == "gin" else _RUMMY_STYLES
    if key not in styles:
        extra = list(_GIN_SEARCH_STYLES) if game == "gin" else list(_RUMMY_SEARCH_STYLES)
        names = ", ".join(list(TIERS) + sorted(list(styles) + extra))
        raise ValueError(f"no {game} opponent called {id_or_tier!r}: choose one of {names}")
    if game == "gin":
        return GinBot(_GIN_STYLES[key], seed)
    return RummyBot(_RUMMY_STYLES[key], seed)


def expert_advisor(game: str, seed: int = 0) -> Advisor:
    """The expert of ``game`` as an :class:`Advisor`: hints and the coach ask it (its ``advise(view).action``
    is its ``choose(view)``). Raises ``TypeError`` if the game's expert cannot explain itself."""
    bot = make_bot("expert", game, seed)
    if not isinstance(bot, Advisor):
        raise TypeError(f"the {game} expert {bot!r} does not implement advise()")
    return bot


__all__ = [
    "CASUAL",
    "TIERS",
    "TIER_BOTS",
    "Advice",
    "Advisor",
    "Bot",
    "GinBot",
    "GinSearchBot",
    "GinSearchStyle",
    "GinStyle",
    "Option",
    "Profile",
    "Reason",
    "RummyBot",
    "RummySearchBot",
    "RummySearchStyle",
    "RummyStyle",
    "decision_rng",
    "expert_advisor",
    "get_profile",
    "make_bot",
    "roster",
]
