"""What one seat may know, and nothing more: the input of every computer opponent and of the table display.

A :class:`SeatView` is built by copying from the game only what the seat can see: its own hand, the table,
the discard pile, card counts, and the public log (who drew from where, what was taken from and thrown on
the discard pile). It holds no reference to the game, so a bot given a view cannot reach the stock order
or another hand: fair play by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import JOKER, parse_card
from .melds import TableMeld

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the game (all plain, immutable data)."""

    game: str
    rules: dict[str, Any]
    players: int
    seat: int
    dealer: int
    turn: int | None
    phase: str
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    discard: tuple[int, ...]  # bottom first; discard[-1] is face up
    table: tuple[TableMeld, ...]
    log: tuple[dict[str, Any], ...]
    legal: tuple[Action, ...]
    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    hand_number: int
    taken_discard: int | None = None
    knock_limit: int | None = None
    upcard: int | None = None
    must_draw_stock: bool = False
    has_melded: tuple[bool, ...] = ()
    restocks_done: int = 0
    result: dict[str, Any] | None = None  # the last hand's result, between hands
    final: tuple[int, ...] | None = None
    winner: int | None = None
    results: tuple[dict[str, Any], ...] = field(default=())

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and bool(self.legal)

    @property
    def top_discard(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def picked_up(self, seat: int) -> list[int]:
        """Cards ``seat`` took from the discard pile this hand (jokers swapped off the table included)."""
        out = []
        for e in self.log:
            if e.get("seat") == seat and e["action"] == "draw discard":
                out.append(parse_card(e["card"]))
            elif e.get("seat") == seat and e["action"].startswith("swap "):
                out.append(JOKER)
        return out

    def thrown(self, seat: int) -> list[int]:
        """Cards ``seat`` discarded this hand, in order."""
        return [parse_card(e["card"]) for e in self.log
                if e.get("seat") == seat and e["action"] in ("discard", "knock") and "card" in e]

    def known_cards(self, seat: int) -> list[int]:
        """Cards known to be in ``seat``'s hand: taken from the discard pile and not since put down."""
        held = list(self.picked_up(seat))
        for e in self.log:
            if e.get("seat") != seat:
                continue
            act = e["action"]
            gone: list[int] = []
            if act in ("discard", "knock") and "card" in e:
                gone = [parse_card(e["card"])]
            elif act.startswith(("meld ", "layoff ")):
                a = Action.parse(act)
                gone = a.hand_cards()
            for c in gone:
                if c in held:
                    held.remove(c)
        return held


def seat_view(g: "Game", seat: int) -> SeatView:
    """Build the view of ``seat``: copies only what that seat may see."""
    if not 0 <= seat < g.players:
        raise ValueError(f"there is no seat {seat}")
    between = g.phase in ("hand-over", "match-over")
    return SeatView(
        game=g.game, rules=dict(g.rules), players=g.players, seat=seat, dealer=g.dealer, turn=g.turn,
        phase=g.phase, hand=tuple(g.hands[seat]), hand_counts=tuple(len(h) for h in g.hands),
        stock_count=len(g.stock), discard=tuple(g.discard), table=tuple(g.table),
        log=tuple(dict(e) for e in g.log),
        legal=tuple(g.legal_actions()) if g.turn == seat else (),
        scores=tuple(g.scores), hands_won=tuple(g.hands_won), hand_number=g.hand_number,
        taken_discard=g.taken_discard if g.turn == seat else None,
        knock_limit=g.knock_limit, upcard=g.upcard if g.game == "gin" else None,
        must_draw_stock=g.must_draw_stock, has_melded=tuple(g.has_melded), restocks_done=g.restocks_done,
        result=dict(g.results[-1]) if between and g.results else None,
        final=tuple(g.final) if g.final is not None else None, winner=g.winner,
        results=tuple(dict(r) for r in g.results),
    )
