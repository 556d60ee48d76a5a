"""Fair deals you can check: every hand is dealt from a secret committed to before the hand, revealed after it.

For the README: *Each hand's deck is shuffled from a secret number, and the game shows a fingerprint of that
secret (its SHA-256 hash) from the moment the hand is dealt, so the deck cannot be changed during the hand
without the fingerprint giving it away. When the hand is over the secret is revealed, and "Check this deal"
(or ``python -m rummy verify``) hashes it again and reshuffles the deck from it, which must give the very cards
that were dealt.*

How (format ``rummy-deal/1``; SHA-256 from :mod:`hashlib`, which CPython and Pyodide both have):

* a hand's **secret** is 64 hex digits: for a seeded match ``sha256("rummy-deal/1|secret|<seed>|<hand>")``
  (:func:`hand_secret`: the same seed deals the same hands, for deal links and the daily deal, and revealing
  one hand's secret says nothing of the next), or any 256 random bits (:func:`new_secret`: online play);
* its **commitment** is ``sha256("rummy-deal/1|commit|<secret>")`` (:func:`commitment`), shown from the deal on
  (:func:`short` gives its first 12 digits for people);
* the deal: ``sha256("rummy-deal/1|mix|<secret>" + "|<len>:<contribution>" for each contribution)`` — its
  first 8 bytes seed the :class:`~rummy.rng.Rng` that shuffles the game's deck (in id order), its next 8 bytes
  the generator Basic Rummy rebuilds the stock with during the hand;
* **contributions** are texts other players add after seeing the commitment (online play: the host commits,
  each guest sends some randomness, then the host deals): the host cannot pick a deck it likes, because it
  committed before seeing them, and no guest can, because nobody knows the secret. A match against the
  computer has none.

:func:`verify_record` checks every hand of a record that carries ``"proofs"`` (:func:`proofs_for`), as the
command ``python -m rummy verify`` does.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import card_str
from .errors import ActionError, IllegalAction, RecordError
from .game import Game
from .record import parse_record
from .rng import Rng
from .rules import Rules

DEAL_FORMAT = "rummy-deal/1"
SHORT = 12  # hex digits of a commitment shown to people
MAX_CONTRIBUTION = 200  # characters


def _sha(text: str) -> hashlib._Hash:
    return hashlib.sha256(text.encode("utf-8"))


def hand_secret(seed: int, hand: int) -> str:
    """The secret of hand ``hand`` (from 0) of a match with ``seed``: 64 hex digits."""
    return _sha(f"{DEAL_FORMAT}|secret|{seed}|{hand}").hexdigest()


def new_secret() -> str:
    """A fresh random secret (online play: never derived from anything)."""
    return secrets.token_hex(32)


def is_secret(text: Any) -> bool:
    return isinstance(text, str) and len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def commitment(secret: str) -> str:
    """What is shown from the deal on: the SHA-256 of the secret (64 hex digits)."""
    return _sha(f"{DEAL_FORMAT}|commit|{secret}").hexdigest()


def short(commit: str) -> str:
    """The first digits of a commitment, for people (``"3fa29c0b17de"``)."""
    return commit[:SHORT]


def _mix(secret: str, contributions: Sequence[str] = ()) -> bytes:
    h = _sha(f"{DEAL_FORMAT}|mix|{secret}")
    for c in contributions:
        h.update(f"|{len(c)}:{c}".encode())
    return h.digest()


def shuffled_deck(full_deck: Sequence[int], secret: str, contributions: Sequence[str] = ()) -> list[int]:
    """The deck dealt from ``secret`` (and the contributions): ``full_deck`` (in id order) shuffled."""
    deck = list(full_deck)
    Rng(int.from_bytes(_mix(secret, contributions)[:8], "big")).shuffle(deck)
    return deck


def restock_state(secret: str, contributions: Sequence[str] = ()) -> int:
    """The state of the generator that rebuilds the stock during the hand (Basic Rummy, ``shuffle``)."""
    return int.from_bytes(_mix(secret, contributions)[8:16], "big")


def deal_hand(g: Game, secret: str, contributions: Sequence[str] = ()) -> None:
    """Deal ``g``'s next hand from ``secret``: its deck, and the generator for rebuilding its stock."""
    deck = shuffled_deck(g.full_deck(), secret, contributions)
    g.rng.state = restock_state(secret, contributions)
    g.deal(deck)


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a seeded match: the same seat ``Game.new(seed=seed)`` picks."""
    return Rng(seed).below(players)


def new_match(game: str, players: int, rules: Rules, seed: int) -> Game:
    """A match whose every hand is dealt from :func:`hand_secret` of ``seed``; its first hand dealt."""
    g = Game(game, players, rules, Rng(0), first_dealer(seed, players))
    deal_hand(g, hand_secret(seed, 0))
    return g


def deal_next(g: Game, seed: int) -> None:
    """Deal the next hand of a match made by :func:`new_match`."""
    deal_hand(g, hand_secret(seed, g.hand_number))


def rebuild(rec: dict[str, Any], seed: int, hand: int, index: int) -> Game:
    """The match of record ``rec`` (made by :func:`new_match` with ``seed``) just before action ``index`` of hand
    ``hand``, exactly as it was then (its generator included): each hand dealt from the record's deck with the
    stock generator of its secret, then the record's actions. For practice undo; :class:`RecordError` when the
    record does not go that far or was not dealt from ``seed``."""
    game, players, rules, dealer, hands = parse_record(rec)
    if not 0 <= hand < len(hands) or not 0 <= index <= len(hands[hand]["actions"]):
        raise RecordError(f"the record has no action {index} in hand {hand}")
    g = Game(game, players, rules, Rng(0), dealer)
    for hi in range(hand + 1):
        h = hands[hi]
        secret = hand_secret(seed, hi)
        if shuffled_deck(g.full_deck(), secret) != h["deck"]:
            raise RecordError(f"hand {hi} was not dealt from this seed")
        g.rng.state = restock_state(secret)
        g.deal(h["deck"])
        for ai, text in enumerate(h["actions"][:index] if hi == hand else h["actions"]):
            try:
                g.apply(text)
            except (ActionError, IllegalAction) as e:
                raise RecordError(f"hand {hi}, action {ai} ({text!r}): {e}") from None
    return g


# ----- checking -----


@dataclass(frozen=True)
class DealCheck:
    """The check of one hand: ``ok`` when the secret matches the commitment, the deck is the one the secret deals
    and every rebuilt stock is the one its generator shuffles; ``problems`` says what does not match."""

    hand: int
    commitment: str
    secret: str
    ok: bool
    problems: tuple[str, ...] = ()
    deck: tuple[int, ...] = field(default=(), repr=False)

    def to_data(self) -> dict[str, Any]:
        return {"hand": self.hand, "ok": self.ok, "commitment": self.commitment, "short": short(self.commitment),
                "secret": self.secret, "problems": list(self.problems), "deck": [card_str(c) for c in self.deck]}

    @property
    def words(self) -> str:
        if self.ok:
            return (f"Hand {self.hand + 1}: the deal matches its fingerprint {short(self.commitment)}: "
                    "the secret gives these very cards.")
        return f"Hand {self.hand + 1}: " + "; ".join(self.problems) + "."


def proof(hand: int, secret: str, revealed: bool, contributions: Sequence[str] = ()) -> dict[str, Any]:
    """What the table shows of a hand's deal: its commitment, and its secret once ``revealed``."""
    c = commitment(secret)
    return {"hand": hand, "commitment": c, "short": short(c), "secret": secret if revealed else None,
            "contributions": list(contributions)}


def proofs_for(seed: int, hands: int) -> list[dict[str, Any]]:
    """The proofs of the first ``hands`` hands of a seeded match (all revealed: finished hands only)."""
    return [proof(h, hand_secret(seed, h), True) for h in range(hands)]


def check_hand(rec: dict[str, Any], hand: int, commit: str, secret: str,
               contributions: Sequence[str] = ()) -> DealCheck:
    """Check hand ``hand`` of record ``rec`` against its commitment and revealed secret."""
    game, players, rules, dealer, hands = parse_record(rec)
    if not 0 <= hand < len(hands):
        raise RecordError(f"the record has no hand {hand}")
    problems = []
    if not is_secret(secret):
        return DealCheck(hand, commit, str(secret), False, ("the secret is not 64 hex digits",))
    if commitment(secret) != commit:
        problems.append("the secret does not match the commitment shown during the hand")
    # the hand alone (the dealer moves on one seat a hand): its deck, then its rebuilt stocks
    g = Game(game, players, rules, Rng(0), (dealer + hand) % players)
    deck = shuffled_deck(g.full_deck(), secret, contributions)
    if deck != hands[hand]["deck"]:
        problems.append("the cards dealt are not the deck this secret shuffles")
    elif hands[hand]["restocks"]:
        g.rng.state = restock_state(secret, contributions)
        g.deal(deck)  # no restocks given: the generator rebuilds the stock, and the result is compared
        for ai, text in enumerate(hands[hand]["actions"]):
            try:
                g.apply(text)
            except (ActionError, IllegalAction) as e:  # the record's restocks steered the hand: a mismatch
                problems.append(f"the hand cannot be replayed with the secret's stock (action {ai}: {e})")
                break
        if not problems and g.records[0].restocks != hands[hand]["restocks"]:
            problems.append("a rebuilt stock is not the one the secret shuffles")
    return DealCheck(hand, commit, secret, not problems, tuple(problems), tuple(deck))


def verify_record(rec: Any) -> list[DealCheck]:
    """Check every hand of a record that carries ``"proofs"`` (``[{"hand", "commitment", "secret",
    "contributions"}]``). Raises :class:`RecordError` for a malformed record or proofs."""
    parse_record(rec)
    proofs = rec.get("proofs")
    if not isinstance(proofs, list) or not proofs:
        raise RecordError("the record has no proofs to check (a list \"proofs\" of {hand, commitment, secret})")
    out = []
    for i, p in enumerate(proofs):
        if not isinstance(p, dict):
            raise RecordError(f"proof {i} must be an object")
        hand, commit, secret = p.get("hand"), p.get("commitment"), p.get("secret")
        contributions = p.get("contributions", [])
        if isinstance(hand, bool) or not isinstance(hand, int):
            raise RecordError(f"proof {i}: hand must be a whole number")
        if not isinstance(commit, str) or not commit:
            raise RecordError(f"proof {i}: commitment must be a text")
        if not isinstance(secret, str):
            raise RecordError(f"proof {i}: the secret is not revealed yet (it is revealed when the hand is over)")
        if not isinstance(contributions, list) or not all(isinstance(c, str) and len(c) <= MAX_CONTRIBUTION
                                                          for c in contributions):
            raise RecordError(f"proof {i}: contributions must be a list of texts")
        out.append(check_hand(rec, hand, commit, secret, contributions))
    return out
