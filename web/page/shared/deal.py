"""The engine's seeded deal, worked out on the page: the same deck, dealer and hands as ``rummy.fairdeal`` gives,
without the engine.

Two uses: a guest's page checks the deal its host revealed (:mod:`web.page.shared.online`), and a new match
against the computer is on the table at once (:func:`first_view`), before the engine worker is up; when the
engine's first table comes it must hold the very same cards (tests/test_page_deal.py pins both to the engine).
The deal's order of play (hand sizes, the first phase, who acts first and with which actions) is data the site
build takes from the engine (the catalog's ``opening``), not rules written here. Written in the Python both
MicroPython and CPython run.
"""

import hashlib

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

HEX = "0123456789abcdef"
DEAL_FORMAT = "rummy-deal/1"  # rummy.fairdeal's format
MASK64 = (1 << 64) - 1
SEED_LIMIT = 1 << 52  # a match's seed: a whole number a URL and any JSON reader keep exactly (as the worker's)


def sha_hex(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8) in hexadecimal."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "".join(HEX[b >> 4] + HEX[b & 15] for b in digest)


def commitment_of(secret: str) -> str:
    """rummy.fairdeal.commitment: what the host shows before the deal."""
    return sha_hex(DEAL_FORMAT + "|commit|" + secret)


def hand_secret(seed: int, hand: int) -> str:
    """rummy.fairdeal.hand_secret: the secret of hand ``hand`` (from 0) of a match with ``seed``."""
    return sha_hex(DEAL_FORMAT + "|secret|" + str(seed) + "|" + str(hand))


def _mix(secret: str, contributions: list[str]) -> bytes:
    h = hashlib.sha256((DEAL_FORMAT + "|mix|" + secret).encode("utf-8"))
    for c in contributions:
        h.update(("|" + str(len(c)) + ":" + c).encode("utf-8"))
    return h.digest()


def next64(state: int) -> tuple[int, int]:
    """SplitMix64, as rummy.rng.Rng: the new state and its output."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """rummy.rng.Rng.below: the new state and a uniform whole number in ``range(n)``, without modulo bias."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next64(state)
        if x < limit:
            return state, x % n


def shuffled_deck(jokers: bool, secret: str, contributions: list[str]) -> list[int]:
    """rummy.fairdeal.shuffled_deck: the game's deck in id order (52 cards, two jokers more with ``jokers``),
    shuffled by the generator the secret and the contributions seed (Fisher-Yates, unbiased bounds)."""
    deck = list(range(52)) + ([52, 52] if jokers else [])
    state = int.from_bytes(_mix(secret, contributions)[:8], "big")
    for i in range(len(deck) - 1, 0, -1):
        state, j = below(state, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def restock_start(secret: str, contributions: list[str]) -> int:
    """rummy.fairdeal.restock_state: the state of the generator that rebuilds the stock during the hand."""
    return int.from_bytes(_mix(secret, contributions)[8:16], "big")


def dealt_to(deck: list[int], players: int, dealer: int, size: int, seat: int) -> tuple[list[int], int]:
    """The cards ``seat`` was dealt from ``deck`` (one at a time from the dealer's left, ``size`` each) and the
    upcard, as rummy.game.Game.deal deals."""
    hand = [deck[i] for i in range(players * size) if (dealer + 1 + i) % players == seat]
    return hand, deck[players * size]


def first_dealer(seed: int, players: int) -> int:
    """rummy.fairdeal.first_dealer: the first dealer of a seeded match."""
    return below(seed, players)[1]


def first_view(game: str, players: int, rules: "dict[str, Any]", seed: int, opening: "dict[str, Any]") -> "dict[str, Any]":
    """Seat 0's view of the first hand of a match against the computer dealt from ``seed``, as the engine will
    give it (a ``rummy-view`` document), made before the engine runs. ``rules``: the match's resolved rules;
    ``opening``: the catalog's opening of ``game`` (hand sizes, the first phase, who acts first and the actions
    open to them). What the page cannot know without the engine is left out: the knock limit (Oklahoma takes it
    from the upcard), and the step (0: any move drawn from this view waits for the engine's own)."""
    from web.page.shared.cards import text_of

    size = opening["hand"][str(players)]
    dealer = first_dealer(seed, players)
    deck = shuffled_deck(bool(rules.get("jokers")), hand_secret(seed, 0), [])
    hand, upcard = dealt_to(deck, players, dealer, size, 0)
    turn = (dealer + opening["first"]) % players
    view = {
        "game": game, "rules": dict(rules), "players": players, "seat": 0, "step": 0, "hand_number": 1,
        "dealer": dealer, "phase": opening["phase"], "turn": turn, "hand": [text_of(c) for c in hand],
        "hand_counts": [size] * players, "stock_count": len(deck) - size * players - 1,
        "discard": [text_of(upcard)], "table": [], "log": [], "legal": list(opening["legal"]) if turn == 0 else [],
        "scores": [0] * players, "hands_won": [0] * players, "has_melded": [False] * players,
        "played_before": [False] * players, "taken_discard": None, "must_draw_stock": False, "knock_limit": None,
        "upcard": text_of(upcard) if opening["upcard"] else None, "restocks_done": 0, "results": [], "match": None}
    return {"format": "rummy-view", "version": 1, "view": view}
