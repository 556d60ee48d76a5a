"""A match kept from one seat's knowledge: the engine's side of a sealed deal, where no page holds the whole deck.

In a sealed deal (web/page/shared/sealed.py) each page reads only the cards its seat may see, by *place*: the
deck's order of dealing, place ``i`` being ``Game.deal``'s ``deck[i]`` (the hands one card at a time from the
dealer's left, then the upcard, then the stock, top first). :class:`SeatGame` keeps a whole :class:`Game` all the
same, so every rule runs as in any match: the cards the seat has not seen are *stand-ins*, the cards it has not
seen put in the places it does not know, in the deck's order (nothing but what the seat knows decides where).
When the seat learns a place's card (:meth:`learn`), the card and the stand-in there change places
(``Game.exchange``). A move of another seat is applied once the cards it shows are learnt; a hand ends once every
hand is shown; and when the deal's audit gives the whole deck, :meth:`check` replays the hand from it and must
find the same result.

    >>> from rummy.seatgame import SeatGame
    >>> s = SeatGame("gin", seat=0, seed=1, dealer=1)
    >>> [(places[:3], to) for places, to in s.deal_plan()][:2]
    [([0, 2, 4], 0), ([1, 3, 5], 1)]
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .cards import JOKER
from .game import Game, HandRecord
from .model import HandResult
from .rng import Rng
from .rules import resolve_rules
from .view import SeatView, seat_view

TABLE = -1  # the upcard's holder in a deal plan: every seat reads it


class SeatGame:
    """``seat``'s match: every card it has seen where it is, stand-ins for the rest."""

    def __init__(self, game: str, seat: int, players: int = 2, rules: dict[str, Any] | None = None, seed: int = 0,
                 dealer: int = 0) -> None:
        full = resolve_rules(game, players, rules)
        self.game = Game(game, players, full, Rng(seed), dealer)
        if JOKER in self.game.full_deck():
            raise ValueError("a sealed deal has no jokers")
        if not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat!r}")
        self.seat = seat
        self.known: dict[int, int] = {}  # place -> the card this seat has seen there, this hand

    # ----- the deal -----

    @property
    def cards(self) -> list[int]:
        """The deck's cards in the sealed deal's numbering: card number i is ``cards[i]``."""
        return self.game.full_deck()

    def next_dealer(self) -> int:
        g = self.game
        return (g.pos.dealer + 1) % g.players if g.records else g.pos.dealer

    def deal_plan(self) -> list[tuple[list[int], int]]:
        """The next hand's places and who gets them, in the deal's order: each seat's, then the upcard (TABLE)."""
        n, size = self.game.players, self.game.hand_size
        first = (self.next_dealer() + 1) % n
        plan = [([i for i in range(n * size) if (first + i) % n == s], s) for s in range(n)]
        return plan + [([n * size], TABLE)]

    def deal(self, known: dict[int, int]) -> None:
        """Deal the next hand: ``known`` holds the places this seat has read (its hand and the upcard)."""
        seen = set(known.values())
        if len(seen) != len(known) or not seen <= set(self.cards):
            raise ValueError("the cards read must be distinct cards of the deck")
        stand_ins = iter(c for c in self.cards if c not in seen)
        deck = [known[p] if p in known else next(stand_ins) for p in range(len(self.cards))]
        self.game.deal(deck)
        self.known = dict(known)

    # ----- learning cards -----

    @property
    def record(self) -> HandRecord:
        return self.game.records[-1]

    def place_of(self, card: int) -> int:
        """The place of ``card`` (or of the stand-in that has its number) in the hand's deal."""
        return self.record.deck.index(card)

    def stock_top_place(self) -> int | None:
        """The place of the stock's top card while it is one of the deal's (not a stock rebuilt from the discards,
        whose cards every seat has seen), else None."""
        g = self.game
        if not g.stock or g.pos.restocks_done:
            return None
        return self.place_of(g.stock[0])

    def learn(self, place: int, card: int) -> None:
        """The card at ``place`` is ``card``: it takes the place of the stand-in there. ValueError (nothing changed)
        when the seat has seen another card there, or this card elsewhere."""
        if self.known.get(place, card) != card:
            raise ValueError(f"place {place} holds another card")
        if place in self.known:
            return
        if card in self.known.values():
            raise ValueError("that card was seen at another place")
        self.game.exchange(self.record.deck[place], card)
        self.known[place] = card

    def unknown_places(self, seat: int) -> list[int]:
        """The places of ``seat``'s hand whose cards this seat has not seen."""
        return sorted(p for p in (self.place_of(c) for c in self.game.hands[seat]) if p not in self.known)

    # ----- playing -----

    def view(self) -> SeatView:
        return seat_view(self.game, self.seat)

    def ends_hand(self, action: Action, seat: int) -> bool:
        """Whether ``action`` by ``seat`` ends the hand (it is legal): tried on a copy."""
        g = self.game.clone()
        g.apply(action, seat)
        return not g.phase.in_hand

    def check(self, deck: list[int]) -> HandResult | None:
        """The hand replayed from the audited ``deck`` (card numbers by place) with the actions played: its result
        must be the one this seat's game reached (ValueError otherwise). The hand's record then holds the real
        deck and draws. Returns the hand's result (None for a hand that has not ended)."""
        g = self.game
        cards = self.cards
        real = [cards[i] for i in deck]
        replay = Game(g.game, g.players, g.rules, Rng(0), g.pos.dealer)
        replay.deal(real, [list(r) for r in self.record.restocks])
        for a in self.record.actions:
            replay.apply(a)
        mine = g.results[-1] if g.results and not g.phase.in_hand else None
        theirs = replay.results[-1] if replay.results else None
        if (mine is None) != (theirs is None) or (mine and theirs and (mine.points, mine.end, mine.winner, mine.hands)
                                                  != (theirs.points, theirs.end, theirs.winner, theirs.hands)):
            raise ValueError("the audited deck does not give the hand that was played")
        for p, c in self.known.items():
            if real[p] != c:
                raise ValueError(f"the audited deck has another card at place {p}")
        g.records[-1] = replay.records[0]
        g.pos.stock[:] = replay.pos.stock
        return mine
