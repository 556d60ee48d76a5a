"""Whole hands with no dealer (web/worker/sealed_table.py, rummy/seatgame.py): two pages, each with its own engine
and its own keys, computer opponents choosing from each page's view; what each page may read, the audit's replay,
and a page that breaks the rules."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sodium_group import SeededGroup

from rummy import Game
from rummy.bots import make_bot
from rummy.errors import IllegalAction
from rummy.seatgame import SeatGame
from web.page.shared.sealed import Cheat
from web.worker.sealed_table import SealedTable

Message = dict[str, Any]


class Pages:
    """Two (or more) pages wired together: every message reaches every other page, in order."""

    def __init__(self, game: str = "gin", players: int = 2, rules: dict[str, Any] | None = None, seed: int = 5,
                 dealer: int = 1) -> None:
        group = SeededGroup(seed)  # the keys shuffle the deck: seeded, each test's hands are the same every run
        self.tables = [SealedTable(group, SeatGame(game, s, players, rules, seed, dealer)) for s in range(players)]
        self.bots = [make_bot("pip" if game == "gin" else "tilly", game, seed=s) for s in range(players)]
        self.log: list[Message] = []

    def deliver(self, out: list[Message]) -> None:
        queue = list(out)
        while queue:
            msg = queue.pop(0)
            self.log.append(copy.deepcopy(msg))
            for t in self.tables:
                if t.me != msg["page"]:
                    queue += t.receive(copy.deepcopy(msg))
            self.check_nothing_seen()

    def check_nothing_seen(self) -> None:
        """No page has read a place of another page's hand that the other has not shown, nor a place of the stock
        no one has drawn; and each engine knows exactly the cards its deal has opened."""
        for t in self.tables:
            if t.dealt:
                assert set(t.seat.known) == set(t.deal.opened)
            for place in t.deal.opened:
                holder = t.deal.holder.get(place)
                assert holder is not None
                assert holder in (t.me, -1) or place in t.deal.sent.get(holder, {})

    def start_hand(self) -> None:
        out: list[Message] = []
        for t in self.tables:
            out += t.start_hand()
        self.deliver(out)
        assert all(t.dealt for t in self.tables)

    def play_hand(self, limit: int = 400) -> None:
        self.start_hand()
        for _i in range(limit):
            if not self.tables[0].seat.game.phase.in_hand:
                break
            mover = next(t for t in self.tables if t.my_turn())
            action = self.bots[mover.me].choose(mover.seat.view())
            self.deliver(mover.play(action))
        assert all(t.verified is not None or not t.seat.game.results for t in self.tables)


def test_a_whole_gin_hand_with_no_dealer_ends_alike_on_both_pages_and_verifies() -> None:
    pages = Pages()
    pages.play_hand()
    a, b = pages.tables
    assert a.verified is not None and b.verified is not None
    assert (a.verified.points, a.verified.end, a.verified.hands) == (b.verified.points, b.verified.end,
                                                                     b.verified.hands)
    assert a.seat.game.scores == b.seat.game.scores
    # each page's record is now the real hand: the same deck and the same actions on both pages
    assert a.seat.record.deck == b.seat.record.deck and a.seat.record.actions == b.seat.record.actions
    replay = Game("gin", 2, a.seat.game.rules, a.seat.game.rng, a.seat.game.pos.dealer)
    assert sorted(a.seat.record.deck) == sorted(replay.full_deck())


def test_a_gin_match_with_no_dealer_plays_to_its_end() -> None:
    pages = Pages(seed=9, dealer=0)
    for _hand in range(30):
        pages.play_hand()
        if pages.tables[0].seat.game.match is not None:
            break
    a, b = pages.tables
    assert a.seat.game.match is not None and b.seat.game.match is not None
    assert a.seat.game.match.final == b.seat.game.match.final
    assert len(a.seat.game.results) >= 2


def test_a_two_player_basic_rummy_hand_with_melds_and_lay_offs_verifies() -> None:
    pages = Pages("rummy", seed=3, dealer=0)
    pages.play_hand(limit=600)
    a, b = pages.tables
    assert a.verified is not None and b.verified is not None and a.verified.points == b.verified.points
    assert a.verified.table == b.verified.table and a.verified.table
    kinds = {x.kind for x in a.seat.record.actions}
    assert {"meld", "layoff"} <= {k.value for k in kinds}


def test_a_page_knows_only_its_own_cards_the_upcard_and_what_was_shown() -> None:
    pages = Pages()
    pages.start_hand()
    a, b = pages.tables
    own_a = set(a.seat.game.hands[0])
    assert len(a.seat.known) == 11  # ten cards and the upcard
    # where b's cards are, a's engine holds stand-ins: none of b's real cards is where a's engine puts it
    b_real = set(b.seat.game.hands[1])
    b_in_a = set(a.seat.game.hands[1])
    assert not own_a & b_real
    assert a.seat.unknown_places(1) == sorted(a.seat.place_of(c) for c in b_in_a)
    # the stand-ins are the unseen cards in the deck's order, whatever b holds: nothing of b's hand decides them
    unseen = [c for c in a.seat.cards if c not in set(a.seat.known.values())]
    placed = [a.seat.record.deck[p] for p in range(len(a.seat.cards)) if p not in a.seat.known]
    assert placed == unseen


def to_a_discard(pages: Pages) -> tuple[SealedTable, SealedTable]:
    """Play until a page is to discard: that page and the other."""
    a, b = pages.tables
    while True:
        mover = a if a.my_turn() else b
        view = mover.seat.view()
        if any(x.kind.value == "discard" for x in view.legal):
            return mover, (b if mover is a else a)
        pages.deliver(mover.play(pages.bots[mover.me].choose(view)))


def test_a_discard_of_a_card_not_shown_is_caught() -> None:
    pages = Pages()
    pages.start_hand()
    mover, other = to_a_discard(pages)
    card = next(c for c in mover.seat.game.hands[mover.me] if mover.seat.place_of(c) not in other.seat.known)
    forged = {"t": "move", "page": mover.me, "action": f"discard {_text(card)}", "places": []}
    with pytest.raises(Cheat) as caught:
        other.receive(forged)
    assert (caught.value.page, caught.value.code) == (mover.me, "not-shown")


def test_a_shown_card_other_than_the_one_named_is_caught() -> None:
    pages = Pages()
    pages.start_hand()
    mover, other = to_a_discard(pages)
    hidden = [c for c in mover.seat.game.hands[mover.me] if mover.seat.place_of(c) not in other.seat.known]
    named, shown = hidden[0], hidden[1]
    place = mover.seat.place_of(shown)
    out = [{"t": "move", "page": mover.me, "action": f"discard {_text(named)}", "places": [place]}]
    out += mover.deal.show([place])
    with pytest.raises(Cheat) as caught:
        for msg in out:
            other.receive(msg)
    assert (caught.value.page, caught.value.code, caught.value.place) == (mover.me, "wrong-card", place)


def test_a_knock_that_does_not_show_the_whole_hand_is_caught() -> None:
    pages = Pages()
    pages.start_hand()
    mover, other = to_a_discard(pages)
    card = mover.seat.game.hands[mover.me][0]
    place = mover.seat.place_of(card)
    out = [{"t": "move", "page": mover.me, "action": f"knock {_text(card)}", "places": [place]}]
    out += mover.deal.show([place])
    with pytest.raises(Cheat) as caught:
        for msg in out:
            other.receive(msg)
    assert (caught.value.page, caught.value.code) == (mover.me, "not-shown")


def test_a_knock_over_the_limit_is_refused_by_its_page_and_caught_by_the_other_with_the_whole_hand() -> None:
    pages = Pages()
    pages.start_hand()
    mover, other = to_a_discard(pages)
    g = mover.seat.game
    knock = next((x for x in ("knock " + _text(c) for c in g.hands[mover.me]) if g.problem(x, mover.me)), None)
    assert knock is not None
    with pytest.raises(IllegalAction):
        mover.play(knock)
    places = mover._own_hidden(g.hands[mover.me])
    out = [{"t": "move", "page": mover.me, "action": knock, "places": places}] + mover.deal.show(places)
    with pytest.raises(Cheat) as caught:
        for msg in out:
            other.receive(msg)
    assert (caught.value.page, caught.value.code) == (mover.me, "illegal-move")


def test_an_illegal_move_is_refused_by_its_own_page_and_caught_by_the_other() -> None:
    pages = Pages()
    pages.start_hand()
    a, b = pages.tables
    mover = a if a.my_turn() else b
    other = b if mover is a else a
    with pytest.raises(IllegalAction):
        mover.play("knock " + _text(mover.seat.game.hands[mover.me][0]))
    with pytest.raises(Cheat) as caught:
        other.receive({"t": "move", "page": mover.me, "action": "draw stock", "places": []})
        other.receive({"t": "move", "page": mover.me, "action": "draw stock", "places": []})
    assert caught.value.code == "illegal-move"


def test_a_move_out_of_turn_is_caught() -> None:
    pages = Pages()
    pages.start_hand()
    a, b = pages.tables
    idle = b if a.my_turn() else a
    other = a if idle is b else b
    with pytest.raises(Cheat) as caught:
        other.receive({"t": "move", "page": idle.me, "action": "pass", "places": []})
    assert (caught.value.page, caught.value.code) == (idle.me, "illegal-move")


def _text(card: int) -> str:
    from rummy.cards import card_str

    return card_str(card)


@settings(max_examples=8, deadline=None)
@given(game=st.sampled_from(["gin", "rummy"]), seed=st.integers(0, 10**6), dealer=st.integers(0, 1))
def test_any_hand_with_no_dealer_verifies_and_ends_alike_on_both_pages(game: str, seed: int, dealer: int) -> None:
    pages = Pages(game, seed=seed, dealer=dealer)
    pages.play_hand(limit=800)
    a, b = pages.tables
    assert a.verified is not None and b.verified is not None
    assert a.seat.game.results == b.seat.game.results and a.seat.record == b.seat.record


@pytest.mark.parametrize("players", [3, 4, 6])
def test_basic_rummy_with_no_dealer_for_three_to_six_pages(players: int) -> None:
    """Every page takes part in the shuffle and in releasing each card; a hand's end shows every hand."""
    pages = Pages("rummy", players=players, seed=21, dealer=players - 1)
    pages.play_hand(limit=900)
    results = [t.verified for t in pages.tables]
    assert all(r is not None for r in results)
    assert all(t.seat.game.results == pages.tables[0].seat.game.results for t in pages.tables)
    size = pages.tables[0].seat.game.hand_size
    assert all(len(t.seat.record.deck) == 52 for t in pages.tables) and size == (7 if players < 5 else 6)
