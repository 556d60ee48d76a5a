"""The look of the table: felts, card backs, the four-colour deck, larger cards, hints, sound, and how fast
things move. Plain data and small functions for the app, the drawing and the runner.

The stored settings (``rummy-ui/settings`` version 2, :mod:`web.page.formats`) hold the player's choices; here
are their words for the Settings dialog and what they become on the page: the classes and data attributes of
the game's root element (the stylesheet does the rest) and the duration of a card's flight.
Written in the Python both MicroPython and CPython run.
"""

from web.page.formats import BACKS, FELTS
from web.page.i18n import N_

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

BACK_IDS = BACKS  # the choices, in the order Settings shows them (one home: the stored format)
FELT_IDS = FELTS

# The words in English, translated where Settings shows them.
FELT_WORDS = {
    # i18n: a colour of the table's felt (the cloth the cards lie on), in Settings
    "green": N_("Green"),
    # i18n: a colour of the table's felt (the cloth the cards lie on), in Settings
    "blue": N_("Blue"),
    # i18n: a colour of the table's felt (the cloth the cards lie on), in Settings
    "red": N_("Burgundy"),
    # i18n: a colour of the table's felt (the cloth the cards lie on), in Settings
    "charcoal": N_("Charcoal"),
}
BACK_WORDS = {
    # i18n: a pattern on the backs of the cards, in Settings
    "red": N_("Crimson lattice"),
    # i18n: a pattern on the backs of the cards, in Settings
    "blue": N_("Navy rings"),
    # i18n: a pattern on the backs of the cards, in Settings
    "green": N_("Forest stripes"),
    # i18n: a pattern on the backs of the cards, in Settings
    "gold": N_("Sunburst"),
}
SOUND_NAMES = ("shuffle", "draw", "discard", "meld", "knock", "gin", "win", "lose", "fanfare")

# A card's flight, in milliseconds, at each speed of the opponents (instant: nothing moves).
MOTION_MS = {"slow": 560, "normal": 380, "fast": 220, "instant": 0}


def motion_ms(speed: object, speed_q: float | None, reduced_motion: bool) -> int:
    """How long a card takes to fly (0: no motion), from the speed setting, the ``speed=`` address parameter
    (seconds between the opponents' moves) and the system's reduced-motion request."""
    if reduced_motion:
        return 0
    if speed_q is not None:
        if speed_q <= 0:
            return 0
        return min(560, max(120, int(speed_q * 550)))
    return MOTION_MS.get(str(speed), 380)


def sound_on(settings: "dict[str, Any]", embedded: bool) -> bool:
    """Sound is on unless the player turned it off; in an embedded game it is off until turned on."""
    s = settings.get("sound")
    if s is None:
        return not embedded
    return bool(s)


def root_class(settings: "dict[str, Any]") -> str:
    """The classes of the game's root element (``rm``, with ``contrast`` and ``bigcards`` when chosen)."""
    return ("rm" + (" contrast" if settings.get("contrast") else "")
            + (" bigcards" if settings.get("bigcards") else ""))


def root_data(look: "dict[str, Any]") -> list[tuple[str, str]]:
    """The data attributes of the game's root element, as (name, value) pairs in a fixed order."""
    felt = look.get("felt")
    return [("data-felt", felt if felt in FELT_IDS else "green"),
            ("data-deck", "4" if look.get("fourcolor") else "2"),
            ("data-motion", str(int(look.get("motion") or 0)))]
