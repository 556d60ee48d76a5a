"""A small seeded generator whose whole state is one integer, so it lives in the saved game.

SplitMix64 (Steele, Lea & Flood, 2014): pure integer arithmetic, the same sequence in CPython and
in Pyodide. Python's ``random`` is avoided because its state is 625 words and its seeding of
strings and its method details are version-specific.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """Seeded SplitMix64. ``Rng(seed).state`` is a plain int; ``Rng.from_state(s)`` restores it."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    @classmethod
    def from_state(cls, state: int) -> Rng:
        return cls(state)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)
