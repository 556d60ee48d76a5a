"""Fair deals you can check: every hand is dealt from a secret committed to before the hand, revealed after it.

For the README: *Each hand's deck is shuffled from a secret number, and the game shows a fingerprint of that
secret (its SHA-256 hash) from the moment the hand is dealt, so the deck cannot be changed during the hand
without the fingerprint giving it away. When the hand is over the secret is revealed, and "Check this deal"
(or ``python -m rummy verify``) hashes it again and reshuffles the deck from it, which must give the very cards
that were dealt and every card drawn from the stock (the record lists them, as ``drawn``), a stock rebuilt from
the discards included: the first card that differs is named.*

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

from .actions import DRAW_STOCK
from .cards import card_face, card_str, parse_card
from .errors import ActionError, CardError, DealRefusal, IllegalAction, RecordError
from .game import Game
from .record import ordinal, parse_record
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
    """The check of one hand: ``ok`` when the secret matches the commitment and every card the hand showed is the
    committed deck's: each card dealt, each card drawn from the stock (from a rebuilt stock too: the secret's
    generator shuffles it again), and the rest of the deck. ``problems`` says what does not match, in words;
    ``code`` (a :class:`~rummy.errors.DealRefusal`) and ``params`` say it for programs: the first problem's kind,
    and which card broke it (``card`` as it was, ``committed`` as the committed deck has it, and where)."""

    hand: int
    commitment: str
    secret: str
    ok: bool
    problems: tuple[str, ...] = ()
    deck: tuple[int, ...] = field(default=(), repr=False)
    code: DealRefusal | None = None
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_data(self) -> dict[str, Any]:
        return {"hand": self.hand, "ok": self.ok, "commitment": self.commitment, "short": short(self.commitment),
                "secret": self.secret, "problems": list(self.problems), "deck": [card_str(c) for c in self.deck],
                "code": None if self.code is None else self.code.value, "params": dict(self.params)}

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


@dataclass
class _Played:
    """A hand played from a deck: each draw from the stock (action index, card, whether from a rebuilt stock),
    the stocks rebuilt by shuffling, and the first action that could not be played (index, text, why, and the
    :class:`~rummy.errors.Refusal` code)."""

    draws: list[tuple[int, int, bool]] = field(default_factory=list)
    restocks: list[list[int]] = field(default_factory=list)
    failure: tuple[int, str, str, str] | None = None


def _play_hand(g: Game, deck: list[int], restocks: list[list[int]], actions: list[str], state: int) -> _Played:
    """Play ``actions`` on ``g`` (a match before the hand) dealt ``deck``; a rebuilt stock is the next of
    ``restocks`` or, past them, the shuffle of the generator with ``state`` (as the hand was dealt)."""
    g.rng.state = state
    g.deal(deck, restocks)
    out = _Played(restocks=g.records[-1].restocks)
    for ai, text in enumerate(actions):
        try:
            action = g.apply(text)
        except IllegalAction as e:
            out.failure = (ai, text, str(e), e.code.value)
            break
        except ActionError as e:
            out.failure = (ai, text, str(e), "syntax")
            break
        drawn = g.records[-1].drawn
        if action.kind == DRAW_STOCK and drawn:
            out.draws.append((ai, drawn[-1], g.restocks_done > 0))
    return out


def _action_words(text: str) -> str:
    """An action as people read it: its cards as faces (``discard 7♦``)."""
    words = []
    for w in text.split():
        try:
            words.append(card_face(parse_card(w)))
        except CardError:
            words.append(w)
    return " ".join(words)


def check_hand(rec: dict[str, Any], hand: int, commit: str, secret: str,
               contributions: Sequence[str] = ()) -> DealCheck:
    """Check hand ``hand`` of record ``rec`` against its commitment and revealed secret: the secret, then every
    card the hand showed, in the order it showed them (each card dealt, the upcard, each card drawn from the stock:
    the record's ``drawn`` when it lists them, else what its own deck and restocks give), against the deck the
    secret shuffles and the stocks its generator rebuilds. The first card that differs is named."""
    game, players, rules, dealer, hands = parse_record(rec)
    if not 0 <= hand < len(hands):
        raise RecordError(f"the record has no hand {hand}")
    if not is_secret(secret):
        return DealCheck(hand, commit, str(secret), False, ("the secret is not 64 hex digits",),
                         code=DealRefusal.NOT_A_SECRET)
    problems: list[tuple[DealRefusal, str, dict[str, Any]]] = []
    if commitment(secret) != commit:
        problems.append((DealRefusal.COMMITMENT, "the secret does not match the commitment shown during the hand",
                         {}))
    h = hands[hand]

    def fresh() -> Game:  # the hand alone (the dealer moves on one seat a hand)
        return Game(game, players, rules, Rng(0), (dealer + hand) % players)

    g = fresh()
    deck = shuffled_deck(g.full_deck(), secret, contributions)
    state = restock_state(secret, contributions)
    problems += _card_problems(fresh, h, deck, state, players * g.hand_size + 1)
    ok = not problems
    code, params = (None, {}) if ok else (problems[0][0], problems[0][2])
    return DealCheck(hand, commit, secret, ok, tuple(p[1] for p in problems), tuple(deck), code, params)


def _card_problems(fresh: Any, h: dict[str, Any], deck: list[int], state: int,
                   dealt: int) -> list[tuple[DealRefusal, str, dict[str, Any]]]:
    """What differs between the cards hand record ``h`` showed and the committed ``deck`` (with the generator
    ``state`` for rebuilt stocks; ``dealt`` cards go to the hands and the upcard): the first card, in the order the
    hand showed them."""
    mine: list[int] = h["deck"]
    for i in range(dealt):
        if mine[i] != deck[i]:
            what = "the upcard" if i == dealt - 1 else f"the {ordinal(i + 1)} card dealt"
            params = {"position": i + 1, "upcard": i == dealt - 1, "card": card_str(mine[i]),
                      "committed": card_str(deck[i])}
            return [(DealRefusal.DEALT_CARD, f"the cards dealt are not the deck this secret shuffles: {what} was "
                     f"{card_face(mine[i])}, the committed deck has {card_face(deck[i])}", params)]
    committed = _play_hand(fresh(), deck, [], h["actions"], state)
    if h["drawn"] is not None:
        shown: list[int] = h["drawn"]
    else:
        shown = [card for _, card, _ in _play_hand(fresh(), mine, h["restocks"], h["actions"], state).draws]
    for k, (ai, card, rebuilt) in enumerate(committed.draws[:len(shown)]):
        if shown[k] != card:
            source = "the secret's shuffle of the discards gives" if rebuilt else "the committed deck has"
            params = {"draw": k + 1, "action": ai, "rebuilt": rebuilt, "card": card_str(shown[k]),
                      "committed": card_str(card)}
            return [(DealRefusal.STOCK_DRAW, f"the {ordinal(k + 1)} card drawn from the stock"
                     f"{' (rebuilt from the discards)' if rebuilt else ''} was {card_face(shown[k])}, {source} "
                     f"{card_face(card)}", params)]
    if committed.failure is not None:
        ai, text, why, refusal = committed.failure
        return [(DealRefusal.REPLAY, f"the hand cannot be replayed with the secret's stock: its {ordinal(ai + 1)} "
                 f"move, {_action_words(text)}, cannot be played with the cards the committed deck deals ({why})",
                 {"action": ai, "text": text, "refusal": refusal})]
    if len(shown) != len(committed.draws):
        return [(DealRefusal.DRAWS_COUNT, f"the record lists {len(shown)} cards drawn from the stock, but its "
                 f"actions draw {len(committed.draws)}", {"listed": len(shown), "drawn": len(committed.draws)})]
    for i in range(dealt, len(deck)):
        if mine[i] != deck[i]:
            params = {"position": i + 1, "card": card_str(mine[i]), "committed": card_str(deck[i])}
            return [(DealRefusal.DECK_CARD, f"the cards dealt are not the deck this secret shuffles: the "
                     f"{ordinal(i + 1)} card of the deck is {card_face(mine[i])}, the committed deck has "
                     f"{card_face(deck[i])}", params)]
    if h["restocks"] and h["restocks"] != committed.restocks:
        r = next((i for i, (a, b) in enumerate(zip(h["restocks"], committed.restocks)) if a != b),
                 min(len(h["restocks"]), len(committed.restocks)))
        return [(DealRefusal.RESTOCK, f"a rebuilt stock is not the one the secret shuffles (the {ordinal(r + 1)} "
                 "rebuilding)", {"restock": r + 1})]
    return []


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
