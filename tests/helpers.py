"""Helpers for scenario tests: stacked decks in the rulebook's dealing order, and games positioned at
the start of a hand.

Dealing order (rulebook, Dealing / Hand records): ``deck[i]`` goes to seat ``(dealer + 1 + i) % players``
for ``i < players * hand_size``; ``deck[players * hand_size]`` is the upcard; the rest is the stock, top first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rummy import Game, HandResult, IllegalAction, codec, parse_card, parse_cards, resolve_rules, seat_view
from rummy.cards import card_str, new_deck
from rummy.rng import Rng
from rummy.rules import hand_size


def cards(text: str | Iterable[str]) -> list[int]:
    """``"7C 7D 7H"`` -> card ids."""
    return parse_cards(text)


def C(text: str) -> int:
    return parse_card(text)


def texts(cs: Iterable[int]) -> list[str]:
    return [card_str(c) for c in cs]


def stacked_deck(game: str, players: int, dealer: int, hands: Sequence[str | Sequence[str]], upcard: str,
                 stock: str | Sequence[str] = (), jokers: bool = False) -> list[int]:
    """A deck in dealing order giving seat ``i`` the cards ``hands[i]``, the upcard ``upcard`` and a stock
    starting with ``stock`` (top first); the cards left over follow in id order (jokers last).

    A hand may be given short: it is then topped up with the highest left-over cards (kings first), so a
    short hand gets predictable filler."""
    size = hand_size(game, players)
    full = new_deck(jokers=jokers)
    hs = [cards(h) if isinstance(h, str) else cards(" ".join(h)) for h in hands]
    assert len(hs) == players, "give one hand per seat"
    up = C(upcard)
    st = cards(stock) if isinstance(stock, str) else cards(" ".join(stock))
    used = Counter(c for h in hs for c in h) + Counter([up]) + Counter(st)
    left = Counter(full) - used
    assert not (used - Counter(full)), f"cards given twice or not in the deck: {texts((used - Counter(full)).elements())}"
    spare = sorted(left.elements())
    for h in hs:
        assert len(h) <= size, f"a hand of {len(h)} cards; this game deals {size}"
        while len(h) < size:
            # filler: take from the end (kings and queens), predictable
            h.append(spare.pop())
    deck: list[int] = [0] * (players * size)
    for i in range(players * size):
        seat = (dealer + 1 + i) % players
        deck[i] = hs[seat][i // players]
    deck.append(up)
    deck.extend(st)
    deck.extend(spare)
    assert Counter(deck) == Counter(full)
    return deck


def new_game(game: str, players: int = 2, rules: dict[str, Any] | None = None, dealer: int = 0,
             hands: list[str] | None = None, upcard: str = "", stock: str | Sequence[str] = (),
             seed: int = 1) -> Game:
    """A Game positioned at the start of a hand dealt from a stacked deck."""
    full = resolve_rules(game, players, rules)
    jokers = game == "rummy" and bool(full["jokers"])
    g = Game(game, players, full, Rng(seed), dealer)
    g.deal(stacked_deck(game, players, dealer, hands or [[] for _ in range(players)], upcard, stock, jokers))
    return g


def next_hand(g: Game, hands: list[str], upcard: str, stock: str | Sequence[str] = ()) -> None:
    """Deal the next hand of ``g`` (the dealer moves on by the rules) from a stacked deck."""
    dealer = (g.dealer + 1) % g.players
    jokers = g.game == "rummy" and bool(g.rules["jokers"])
    g.deal(stacked_deck(g.game, g.players, dealer, hands, upcard, stock, jokers))


def play(g: Game, *actions: str) -> Game:
    """Apply each action text in turn (for whoever is to act)."""
    for a in actions:
        g.apply(a)
    return g


def hand_of(g: Game, seat: int) -> list[str]:
    return sorted(texts(g.hands[seat]))


def assert_illegal(g: Game, action: str, *fragments: str, seat: int | None = None) -> str:
    """``action`` raises IllegalAction whose message holds every fragment, and leaves the state untouched."""
    before = g.to_dict()
    if seat is None or seat == g.turn:
        assert action not in [str(a) for a in g.legal_actions()]
    with pytest.raises(IllegalAction) as e:
        g.apply(action, seat)
    msg = str(e.value)
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    assert g.to_dict() == before
    assert g.why_illegal(action, seat) == msg
    return msg


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def census_ok(g: Game) -> bool:
    return g.card_census() == Counter(g.full_deck())


def shown(r: HandResult) -> dict[str, Any]:
    """A hand's result as the score sheet shows it: plain JSON (cards as text, lists), with a Gin knock's
    report (knocker, knock card, melds, deadwood, lay-offs as ``[card, meld]``) at the top level."""
    d = dict(codec.encode(HandResult, r))
    k = d.pop("knock")
    if k is not None:
        d.update(knocker=k["knocker"], knock_card=k["card"], knock_limit=k["limit"], doubled=k["doubled"],
                 melds=k["melds"], unmatched=k["unmatched"], deadwood=k["deadwood"],
                 layoffs=[[x["card"], x["meld"]] for x in k["layoffs"]])
    return d


def bots_play(g: Game, bots: list[Any], max_actions: int, check: Any = None) -> None:
    """Let ``bots`` (one per seat) play ``g`` for up to ``max_actions`` actions, dealing new hands as needed; every
    choice must be legal. ``check(g, bot, view, action)`` sees each choice before it is played."""
    for _ in range(max_actions):
        if g.phase == "match-over":
            return
        if g.phase == "hand-over":
            g.deal()
            continue
        s = g.turn
        assert s is not None  # someone is to act while a hand is on
        view = seat_view(g, s)
        a = bots[s].choose(view)
        assert a in view.legal, (a, view.legal)
        if check:
            check(g, bots[s], view, a)
        g.apply(a, s)  # raises IllegalAction if not legal
