"""The sealed deal's group in the engine worker: ristretto255 of @noble/curves through web/seal.js, which the
worker loads (``worker:seal``, web/engine-worker.mjs) before its first sealed table. Pyodide only: the unit tests
use libsodium's (tests/sodium_group.py)."""

from __future__ import annotations

import json
from typing import Any

from web.page.shared.sealed import GroupError


def _call(name: str, *args: Any) -> Any:
    try:
        import js  # the worker's global scope: rummySeal is there once web/seal.js is loaded
    except ImportError:
        raise GroupError("no JavaScript here") from None
    seal = getattr(js, "rummySeal", None)
    if seal is None:
        raise GroupError("the group is not loaded")
    answer = json.loads(str(getattr(seal, name)(*args)))
    if "error" in answer:
        raise GroupError(str(answer["error"]))
    return answer["ok"]


class JsGroup:
    """The six operations of ``web.page.shared.sealed.Group``; the cards' points are worked out once."""

    def __init__(self) -> None:
        self._cards: dict[int, list[str]] = {}

    def card_points(self, count: int) -> list[str]:
        if count not in self._cards:
            self._cards[count] = list(_call("cardPoints", count))
        return list(self._cards[count])

    def random_scalar(self) -> str:
        return str(_call("randomScalar"))

    def inverse(self, scalar: str) -> str:
        return str(_call("inverse", scalar))

    def product(self, a: str, b: str) -> str:
        return str(_call("product", a, b))

    def times(self, points: list[str], scalar: str) -> list[str]:
        return list(_call("times", json.dumps(points), scalar))

    def times_each(self, points: list[str], scalars: list[str]) -> list[str]:
        return list(_call("timesEach", json.dumps(points), json.dumps(scalars)))
