"""Exact checks of stored JSON: each helper returns the value when it is exactly of the kind asked, and raises
:class:`Bad` (where, and why) otherwise.

Used by the readers of :mod:`web.page.storage` and :mod:`web.page.stats`. Pure Python that runs the same under
CPython and MicroPython: whole numbers are checked with ``type(v) is int`` (so ``True`` is not a number, and
``1.0`` is not a whole number), never with ``isinstance``.
"""

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any


class Bad(Exception):
    """A stored value is not exactly what the game writes: ``where`` (a path such as ``data.meta.log[3]``) and
    ``why`` (a few words)."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(where + ": " + why)
        self.where = where
        self.why = why

    def reason(self) -> str:
        """The problem in words, for the player's notice."""
        return (self.where or "it") + " " + self.why


def need(ok: bool, where: str, why: str) -> None:
    """Raise ``Bad(where, why)`` unless ``ok``."""
    if not ok:
        raise Bad(where, why)


def record(v: "Any", where: str, keys: tuple[str, ...]) -> "dict[str, Any]":
    """An object with exactly the fields ``keys``, no more, no fewer."""
    if type(v) is not dict:
        raise Bad(where, "is not an object")
    for k in keys:
        if k not in v:
            raise Bad(where, "has no field “" + k + "”")
    unknown = sorted(str(k) for k in v if k not in keys)  # sorted: the same one named in every Python
    if unknown:
        raise Bad(where, "has an unknown field “" + unknown[0][:40] + "”")
    return v


def mapping(v: "Any", where: str) -> "dict[str, Any]":
    """An object used as a map (any keys, each checked by the caller)."""
    need(type(v) is dict, where, "is not an object")
    return v  # type: ignore[no-any-return]


def whole(v: "Any", where: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (either may be open)."""
    # (the reasons are made only for a value that fails: the page checks every value it writes)
    if type(v) is not int:
        raise Bad(where, "is not a whole number")
    if low is not None and v < low:
        raise Bad(where, "is below " + str(low))
    if high is not None and v > high:
        raise Bad(where, "is above " + str(high))
    return v


def flag(v: "Any", where: str) -> bool:
    """``true`` or ``false``."""
    need(type(v) is bool, where, "is not true or false")
    return v  # type: ignore[no-any-return]


def text(v: "Any", where: str, longest: int = 200, choices: tuple[str, ...] | None = None) -> str:
    """A non-empty string of at most ``longest`` characters, one of ``choices`` when given."""
    if type(v) is not str:
        raise Bad(where, "is not a text")
    if v == "":
        raise Bad(where, "is empty")
    if len(v) > longest:
        raise Bad(where, "is longer than " + str(longest) + " characters")
    if choices is not None and v not in choices:
        raise Bad(where, "is not one of " + ", ".join(choices))
    return v


def word(v: "Any", where: str, longest: int = 40) -> str:
    """A name of the game's own: lower-case letters, digits, ``_`` and ``-``, starting with a letter."""
    s = text(v, where, longest)
    need("a" <= s[0] <= "z", where, "does not start with a lower-case letter")
    for c in s:
        need("a" <= c <= "z" or "0" <= c <= "9" or c in "_-", where, "is not a name of the game's")
    return s


def items(v: "Any", where: str, fewest: int = 0, most: int | None = None) -> "list[Any]":
    """A list of ``fewest`` to ``most`` items (each checked by the caller)."""
    if type(v) is not list:
        raise Bad(where, "is not a list")
    if len(v) < fewest:
        raise Bad(where, "has fewer than " + str(fewest) + " items")
    if most is not None and len(v) > most:
        raise Bad(where, "has more than " + str(most) + " items")
    return v


def at(where: str, i: int) -> str:
    """The path of item ``i`` of ``where``."""
    return where + "[" + str(i) + "]"


def dot(where: str, key: str) -> str:
    """The path of field ``key`` of ``where``."""
    return where + "." + key if where else key
