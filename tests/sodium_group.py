"""ristretto255 from libsodium (through rbcl, which bundles it): the sealed deal's group in CPython, the second
implementation that web/seal.js (@noble/curves) is checked against. Points and scalars are hex, as
``web.page.shared.sealed.Group`` says."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Callable

import rbcl

from web.page.shared.sealed import FORMAT, GroupError

ORDER = 2**252 + 27742317777372353535851937790883648493  # ristretto255's prime order l (RFC 9496)


def _point(text: str) -> bytes:
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raise GroupError("not hex") from None
    if len(raw) != 32 or not rbcl.crypto_core_ristretto255_is_valid_point(raw):
        raise GroupError("not a point")
    return raw


def _scalar(text: str) -> bytes:
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raise GroupError("not hex") from None
    if len(raw) != 32 or not 0 < int.from_bytes(raw, "little") < ORDER:
        raise GroupError("not a scalar")
    return raw


class SodiumGroup:
    """The six operations of the sealed deal's group; ``multiplied`` counts the points multiplied."""

    def __init__(self) -> None:
        self.multiplied = 0

    def card_points(self, count: int) -> list[str]:
        return [rbcl.crypto_core_ristretto255_from_hash(
            hashlib.sha512(f"{FORMAT}|card|{i}".encode()).digest()).hex() for i in range(count)]

    def random_scalar(self) -> str:
        return bytes(rbcl.crypto_core_ristretto255_scalar_random()).hex()


    def inverse(self, scalar: str) -> str:
        return bytes(rbcl.crypto_core_ristretto255_scalar_invert(_scalar(scalar))).hex()

    def product(self, a: str, b: str) -> str:
        return bytes(rbcl.crypto_core_ristretto255_scalar_mul(_scalar(a), _scalar(b))).hex()

    def times(self, points: list[str], scalar: str) -> list[str]:
        return self.times_each(points, [scalar] * len(points))

    def times_each(self, points: list[str], scalars: list[str]) -> list[str]:
        if len(points) != len(scalars):
            raise GroupError("as many scalars as points")
        self.multiplied += len(points)
        out = []
        for p, k in zip(points, scalars):
            scalar, point = _scalar(k), _point(p)
            try:
                out.append(bytes(rbcl.crypto_scalarmult_ristretto255(scalar, point)).hex())
            except Exception as e:  # libsodium refuses an identity result
                raise GroupError(str(e)) from None
        return out


class SeededGroup(SodiumGroup):
    """libsodium's group whose random scalars come from a seeded generator: a test's deals are the same every
    run (the scalars shuffle the deck)."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rnd = random.Random(seed)

    def random_scalar(self) -> str:
        return bytes(rbcl.crypto_core_ristretto255_scalar_reduce(self.rnd.randbytes(64))).hex()


def seeded_groups(first: int = 1) -> Callable[[], SodiumGroup]:
    """A maker of groups, each seeded with the next number from ``first`` (one per page, in the order made)."""
    seeds = itertools.count(first)
    return lambda: SeededGroup(next(seeds))
