"""What one seat may know, and nothing more: :class:`SeatView`, the input of every computer opponent, of hints,
and of the table a player sees, in this page or in another browser.

A view is built by copying from the game only what the seat can see: its own hand, the table, the discard pile,
card counts, the public log (who drew from where, what was taken from and thrown on the discard pile, what was
melded and laid off), scores and results. It is deeply immutable (tuples and frozen values only, nothing shared
with the game) and hashable, and it travels as JSON: ``SeatView.from_json(view.to_json()) == view``. A bot given
a view cannot reach the stock order or another hand: fair play by construction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from . import codec
from .actions import Action
from .cards import JOKER, Card, Cards
from .errors import CodecError, RulesError
from .game import Game
from .melds import TableMeld
from .model import Event, EventKind, GameName, HandResult, MatchResult, Phase
from .rules import Rules, resolve_rules

VIEW_FORMAT = "rummy-view"
VIEW_VERSION = 1


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the game (all immutable values)."""

    game: GameName
    rules: Rules
    players: int
    seat: int
    step: int  # the game's step when the view was drawn: an action drawn from an older view is stale
    hand_number: int  # hands dealt so far (the one in play counts)
    dealer: int
    phase: Phase
    turn: int | None
    hand: Cards  # this seat's cards, in the order the game holds them
    hand_counts: tuple[int, ...]  # every seat's number of cards
    stock_count: int
    discard: Cards  # bottom first; discard[-1] is face up
    table: tuple[TableMeld, ...]
    log: tuple[Event, ...]  # the hand's public events
    legal: tuple[Action, ...]  # this seat's legal actions (empty when it is not to act)
    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    has_melded: tuple[bool, ...]  # put a meld down this hand (option layoff_needs_meld)
    played_before: tuple[bool, ...]  # put cards on the table in an earlier turn (so can no longer go rummy)
    taken_discard: Card | None  # this seat's card taken from the pile this turn (it may not be thrown back)
    must_draw_stock: bool  # Gin: both passed the first upcard
    knock_limit: int | None  # Gin: this hand's knock limit
    upcard: Card | None  # Gin: the first upcard of the hand
    restocks_done: int  # Rummy: times the stock was rebuilt this hand
    results: tuple[HandResult, ...]  # every finished hand of the match
    match: MatchResult | None  # once the match is over

    # ----- reading -----

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and bool(self.legal)

    @property
    def top_discard(self) -> int | None:
        return self.discard[-1] if self.discard else None

    @property
    def result(self) -> HandResult | None:
        """The last hand's result, between hands."""
        return self.results[-1] if self.results and not self.phase.in_hand else None

    @property
    def final(self) -> tuple[int, ...] | None:
        return None if self.match is None else self.match.final

    @property
    def winner(self) -> int | None:
        return None if self.match is None else self.match.winner

    def picked_up(self, seat: int) -> list[int]:
        """Cards ``seat`` took from the discard pile this hand (jokers swapped off the table included)."""
        out = []
        for e in self.log:
            if e.seat == seat:
                if e.kind == EventKind.DRAW_DISCARD and e.card is not None:
                    out.append(e.card)
                elif e.kind == EventKind.SWAP:
                    out.append(JOKER)
        return out

    def thrown(self, seat: int) -> list[int]:
        """Cards ``seat`` discarded (or knocked with) this hand, in order."""
        return [e.card for e in self.log
                if e.seat == seat and e.kind in (EventKind.DISCARD, EventKind.KNOCK) and e.card is not None]

    def known_cards(self, seat: int) -> list[int]:
        """Cards known to be in ``seat``'s hand: taken from the discard pile (or a joker swapped off the table)
        and not put down since, followed through the log in order."""
        held: list[int] = []
        for e in self.log:
            if e.seat != seat:
                continue
            if e.kind == EventKind.DRAW_DISCARD and e.card is not None:
                held.append(e.card)
                continue
            if e.kind == EventKind.SWAP:
                held.append(JOKER)
            for c in e.hand_cards:
                if c in held:
                    held.remove(c)
        return held

    # ----- travelling -----

    def to_data(self) -> dict[str, Any]:
        """The view as JSON-ready data, with its format name and version."""
        return {"format": VIEW_FORMAT, "version": VIEW_VERSION, "view": codec.encode(SeatView, self)}

    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_data(cls, data: Any) -> SeatView:
        """A view from :meth:`to_data`'s output; :class:`~rummy.errors.CodecError` when it is not exactly one."""
        if not isinstance(data, dict) or data.get("format") != VIEW_FORMAT:
            raise CodecError(f"not a {VIEW_FORMAT} document")
        if data.get("version") != VIEW_VERSION:
            raise CodecError(f"{VIEW_FORMAT} version {data.get('version')!r} is not read here "
                             f"(this reads {VIEW_VERSION})")
        if set(data) != {"format", "version", "view"}:
            raise CodecError(f"a {VIEW_FORMAT} document has format, version and view only")
        view: SeatView = codec.decode(SeatView, data["view"])
        try:
            rules = resolve_rules(view.game, view.players, view.rules)
        except RulesError as e:
            raise CodecError(f"rules: {e}") from None
        if rules != view.rules:
            raise CodecError("rules: not a complete set of options")
        if not 0 <= view.seat < view.players:
            raise CodecError(f"seat: there is no seat {view.seat}")
        return view

    @classmethod
    def from_json(cls, text: str | bytes) -> SeatView:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as e:
            raise CodecError(f"not valid JSON ({e})") from None
        return cls.from_data(data)


def seat_view(g: Game, seat: int) -> SeatView:
    """What ``seat`` may know of ``g``: copies only what that seat may see."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < g.players:
        raise ValueError(f"there is no seat {seat!r}")
    p = g.pos
    mine = p.turn == seat
    return SeatView(
        game=GameName(g.game), rules=g.rules, players=g.players, seat=seat, step=g.step,
        hand_number=g.hand_number, dealer=p.dealer, phase=p.phase, turn=p.turn,
        hand=tuple(p.hands[seat]), hand_counts=tuple(len(h) for h in p.hands), stock_count=len(p.stock),
        discard=tuple(p.discard), table=tuple(p.table), log=tuple(p.log),
        legal=tuple(g.legal_actions()) if mine else (),
        scores=tuple(g.scores), hands_won=tuple(g.hands_won),
        has_melded=tuple(p.has_melded), played_before=tuple(p.played_before),
        taken_discard=p.taken_discard if mine else None, must_draw_stock=p.must_draw_stock,
        knock_limit=p.knock_limit, upcard=p.upcard if g.game == "gin" else None,
        restocks_done=p.restocks_done, results=tuple(g.results), match=g.match,
    )
