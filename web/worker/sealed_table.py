"""One page's side of an online hand with no dealer: the sealed deal (web.page.shared.sealed) and the match kept
from the page's seat (rummy.seatgame), played move by move with the other pages.

Every page runs the engine for its own seat and checks every move with what its seat knows. Messages, sent to
every other page, are the sealed deal's (``shuffle``, ``lock``, ``keys``, ``audit``) and ``move``:
``{"t": "move", "page": SEAT, "action": TEXT, "places": [...]}``, a seat's move and the places of the cards it
shows with it (their keys follow in a ``keys`` message). A move is applied on every page in the same order:

- drawing from the stock: every page gives the drawer the stock's top place; the drawer applies the draw once it
  has read the card, the others at once (a stand-in goes into the drawer's hand);
- a discard, a meld, a lay-off: the mover shows each card that leaves its hand; every other page applies the move
  once it has read them, and checks that each is the card named;
- a move that ends the hand (a knock, gin, going out): the mover shows its whole hand; every other page checks
  the move with it, applies it and shows its own whole hand; the mover applies the move once it has read them;
- then every page sends its audit, checks the whole deal (``SealedDeal.verify``) and replays the hand from the
  deck it gives (``SeatGame.check``): ``verified`` holds the hand's result.

A page that breaks a rule or the protocol raises :class:`web.page.shared.sealed.Cheat` on the others (codes of
the sealed deal, and ``illegal-move`` and ``not-shown`` here); a message of the wrong shape raises
:class:`web.page.shared.sealed.Malformed`. Two pages or more (the sealed deal's keys name a cheating page only
between two).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rummy.actions import Action, ActionKind
from rummy.errors import ActionError, IllegalAction
from rummy.model import HandResult
from rummy.seatgame import SeatGame
from web.page.shared.sealed import Cheat, Malformed, SealedDeal

if TYPE_CHECKING:
    from web.page.shared.sealed import Group

Message = dict[str, Any]
SHOWING = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.MELD, ActionKind.LAYOFF, ActionKind.SWAP)


class SealedTable:
    """``seat``'s page at a table with no dealer."""

    def __init__(self, group: Group, seat: SeatGame) -> None:
        self.group = group
        self.seat = seat
        self.me = seat.seat
        self.pages = seat.game.players
        self.deal = SealedDeal(group, self.pages, self.me, len(seat.cards))
        self.dealt = False
        self.moves: list[Message] = []  # other pages' moves, in order, waiting to be applied
        self._expected = False  # the first of them has told the deal which places it shows
        self._shown_mine = False  # ... and, a move that ends the hand, this page has shown its hand for it
        self.mine: Action | None = None  # this page's move waiting for cards to be read (a draw, a hand's end)
        self.verified: HandResult | None = None
        self.audited = False
        self.clock: Callable[[], float] = time.monotonic  # when a wait for a key began (seconds; tests set it)

    # ----- the hand -----

    def start_hand(self) -> list[Message]:
        """A new sealed deal for the next hand; the messages to send (page 0 starts the shuffle)."""
        self.deal = SealedDeal(self.group, self.pages, self.me, len(self.seat.cards))
        self.dealt = self.audited = False
        self.verified = None
        self.moves, self.mine, self._expected, self._shown_mine = [], None, False, False
        return self.deal.start() + self._progress()

    def _hand_done(self) -> bool:
        """The hand is over and verified, and the match goes on: the next deal may start."""
        g = self.seat.game
        return self.verified is not None and g.match is None and not g.phase.in_hand

    @property
    def waiting(self) -> bool:
        """Whether this page waits for the other pages (its cards, their keys or moves) before it may act."""
        return not self.dealt or self.mine is not None or bool(self.moves)

    def my_turn(self) -> bool:
        return self.dealt and not self.waiting and self.seat.game.turn == self.me

    def play(self, action: Action | str) -> list[Message]:
        """This page's move: checked by its engine (IllegalAction, nothing sent), then the messages to send."""
        a = Action.parse(action) if isinstance(action, str) else action
        if not self.my_turn():
            raise ValueError("not this page's turn to move")
        g = self.seat.game
        problem = g.problem(a, self.me)
        if problem is not None:
            raise IllegalAction(problem)
        places: list[int] = []
        out: list[Message] = []
        if a.kind == ActionKind.DRAW_STOCK:
            top = self.seat.stock_top_place()
            if top is None:
                g.apply(a, self.me)
            else:
                out += self.deal.give([top], self.me, self.clock())
                self.mine = a
        elif self.seat.ends_hand(a, self.me):
            places = self._own_hidden(self.seat.game.hands[self.me])
            self.mine = a
        else:
            if a.kind in SHOWING:
                places = self._own_hidden(list(a.cards))
            g.apply(a, self.me)
        move: Message = {"t": "move", "page": self.me, "action": str(a), "places": places}
        out = [move] + out + (self.deal.show(places) if places else [])
        return out + self._progress()

    def overdue(self, limit: float) -> None:
        """Raise Cheat ``withheld`` naming a page whose key this page has waited for more than ``limit`` seconds."""
        self.deal.overdue(self.clock(), limit)

    def receive(self, msg: Any) -> list[Message]:
        """Another page's message; returns what this page sends in reply."""
        if type(msg) is dict and msg.get("t") == "shuffle" and msg.get("page") == 0 and self._hand_done():
            return self.start_hand() + self.receive(msg)  # page 0 deals the next hand: this page takes part
        if type(msg) is dict and msg.get("t") == "move":
            page = msg.get("page")
            places = msg.get("places")
            if type(page) is not int or not 0 <= page < self.pages or page == self.me or type(msg.get("action")) \
                    is not str or type(places) is not list or not all(type(p) is int for p in places):
                raise Malformed("not a move")
            try:
                Action.parse(msg["action"])
            except ActionError:
                raise Malformed("not an action") from None
            self.moves.append(msg)
            return self._progress()
        return self.deal.receive(msg) + self._progress()

    # ----- moving the hand on -----

    def _own_hidden(self, cards: list[int]) -> list[int]:
        """The places of these cards of this page's hand that the other pages have not seen."""
        mine = self.deal.sent.get(self.me, {})
        places = [self.seat.place_of(c) for c in cards]
        return sorted(p for p in places if self.deal.holder.get(p) == self.me and p not in mine)

    def _learn(self) -> None:
        """Put every card this page has read in its place in its game."""
        cards = self.seat.cards
        for place, number in sorted(self.deal.opened.items()):
            if place not in self.seat.known:
                self.seat.learn(place, cards[number])

    def _progress(self) -> list[Message]:
        out: list[Message] = []
        d = self.deal
        if not d.sealed:
            return out
        if not self.dealt:
            if not d.holder:
                for places, to in self.seat.deal_plan():
                    out += d.give(places, to, self.clock())
            mine = [p for places, to in self.seat.deal_plan() if to in (self.me, -1) for p in places]
            if not all(p in d.opened for p in mine):
                return out
            self.seat.deal({p: self.seat.cards[d.opened[p]] for p in mine})
            self.dealt = True
        progressed = True
        while progressed:
            progressed = False
            self._learn()
            if self.mine is not None:
                if self._apply_mine():
                    progressed = True
            elif self.moves:
                done, step = self._apply_theirs(self.moves[0])
                out += step
                if done:
                    self.moves.pop(0)
                    self._expected = self._shown_mine = False
                    progressed = True
        g = self.seat.game
        if not g.phase.in_hand and not self.audited and self.mine is None and not self.moves:
            self.audited = True
            out += d.audit()
        if self.audited and self.verified is None and len(d.audits) == self.pages:
            deck = d.verify()
            result = self.seat.check(deck)
            self.verified = result
        return out

    def _apply_mine(self) -> bool:
        a = self.mine
        assert a is not None
        g = self.seat.game
        if a.kind == ActionKind.DRAW_STOCK:
            top = self.seat.stock_top_place()
            if top is None or top not in self.seat.known:
                return False
        elif any(self.seat.unknown_places(s) for s in range(self.pages) if s != self.me):
            return False
        g.apply(a, self.me)
        self.mine = None
        return True

    def _apply_theirs(self, msg: Message) -> tuple[bool, list[Message]]:
        """Apply another page's move once what it needs has come: whether it was applied, and the messages this
        page sends (its whole hand, once a move that ends the hand is known to be legal)."""
        page: int = msg["page"]
        a = Action.parse(msg["action"])
        places: list[int] = msg["places"]
        g = self.seat.game
        if g.turn != page:
            raise Cheat(page, "illegal-move", -1, [msg])
        out: list[Message] = []
        if a.kind == ActionKind.DRAW_STOCK:
            top = self.seat.stock_top_place()
            if top is not None:
                out += self.deal.give([top], page, self.clock())
        else:
            if places and not self._expected:
                self.deal.expect_shown(page, places, self.clock())
                self._expected = True
            if not all(p in self.deal.opened for p in places):
                return False, out
            self._learn()
            whole = not self.seat.unknown_places(page)  # a hand's end shows the whole hand
            if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN) and not whole:
                raise Cheat(page, "not-shown", -1, [msg])
            for p in places:
                if not whole and self.seat.known[p] not in a.cards:
                    raise Cheat(page, "wrong-card", p, [msg])
            for c in a.cards:
                if a.kind in SHOWING and (self.seat.place_of(c) not in self.seat.known or c not in g.hands[page]):
                    raise Cheat(page, "not-shown", self.seat.place_of(c), [msg])
            if self._ends(a, page, msg):
                if not whole:
                    raise Cheat(page, "not-shown", -1, [msg])
                if not self._shown_mine:  # the move is legal: this page shows its hand for the count
                    self._shown_mine = True
                    mine = self._own_hidden(g.hands[self.me])
                    if mine:
                        out += self.deal.show(mine)
                if any(self.seat.unknown_places(s) for s in range(self.pages) if s not in (self.me, page)):
                    return False, out  # every hand is counted: wait for the other pages' hands too
        try:
            g.apply(a, page)
        except IllegalAction:
            raise Cheat(page, "illegal-move", -1, [msg]) from None
        return True, out

    def _ends(self, a: Action, page: int, msg: Message) -> bool:
        try:
            return self.seat.ends_hand(a, page)
        except IllegalAction:
            raise Cheat(page, "illegal-move", -1, [msg]) from None
