"""The sealed deal (web/page/shared/sealed.py) with libsodium's ristretto255: an honest deal among two to four
pages, what each page can and cannot read, the audit, and every cheat the protocol must catch."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sodium_group import SodiumGroup

from web.page.shared.sealed import DECK, TABLE, Cheat, Malformed, SealedDeal

Message = dict[str, Any]


class Table:
    """Pages wired together: every message a page sends reaches every other page, in order."""

    def __init__(self, pages: int = 2) -> None:
        self.group = SodiumGroup()
        self.pages = [SealedDeal(self.group, pages, me) for me in range(pages)]
        self.sent: list[Message] = []
        self.deliver(self.pages[0].start())
        assert all(p.sealed for p in self.pages)

    def deliver(self, messages: list[Message]) -> None:
        queue = list(messages)
        while queue:
            msg = queue.pop(0)
            self.sent.append(msg)
            for page in self.pages:
                if page.me != msg["page"]:
                    queue.extend(page.receive(copy.deepcopy(msg)))

    def give(self, places: list[int], to: int) -> None:
        out: list[Message] = []
        for page in self.pages:
            out += page.give(places, to)
        self.deliver(out)

    def show(self, page: int, places: list[int]) -> None:
        for other in self.pages:
            if other.me != page:
                other.expect_shown(page, places)
        self.deliver(self.pages[page].show(places))

    def audit(self) -> list[list[int]]:
        for page in self.pages:
            self.deliver(page.audit())
        return [page.verify() for page in self.pages]


def gin_deal(table: Table) -> None:
    """Gin's deal: ten cards each, one at a time from the non-dealer (page 1), then the upcard."""
    for i in range(20):
        table.give([i], 1 - i % 2)
    table.give([20], TABLE)


def test_an_honest_gin_deal_gives_each_page_its_ten_cards_and_the_upcard_and_nothing_else() -> None:
    table = Table()
    gin_deal(table)
    a, b = table.pages
    a_cards = [a.card(i) for i in range(1, 20, 2)]
    b_cards = [b.card(i) for i in range(0, 20, 2)]
    assert min(a_cards + b_cards) >= 0 and len(set(a_cards + b_cards)) == 20
    assert a.card(20) == b.card(20) >= 0 and a.card(20) not in a_cards + b_cards
    # each page reads its own places and the upcard, none of the other's, none of the stock
    assert sorted(a.opened) == list(range(1, 20, 2)) + [20]
    assert sorted(b.opened) == list(range(0, 20, 2)) + [20]
    deck_a, deck_b = table.audit()
    assert deck_a == deck_b and sorted(deck_a) == list(range(DECK))
    assert all(deck_a[i] == a.card(i) for i in a.opened) and all(deck_a[i] == b.card(i) for i in b.opened)


def test_no_page_can_lift_the_other_pages_lock_with_what_it_holds() -> None:
    """By construction: with every key it has, a page's lifting of a place it was not given is no card."""
    table = Table()
    gin_deal(table)
    a, b = table.pages
    g = table.group
    cards = set(a.points)
    final = a.locks[-1]
    for page, other_places in ((a, range(0, 20, 2)), (b, range(1, 20, 2))):
        own = page._keys
        for i in list(other_places) + list(range(21, DECK)):
            others = page.sent.get(1 - page.me, {})
            lift = g.product(own[i], others[i]) if i in others else own[i]
            assert g.times([final[i]], g.inverse(lift))[0] not in cards
            assert page.card(i) == -1


def test_a_draw_and_a_discard_open_only_for_the_right_pages() -> None:
    table = Table()
    gin_deal(table)
    a, b = table.pages
    table.give([21], 1)  # b draws the stock's top card
    drawn = b.card(21)
    assert drawn >= 0 and a.card(21) == -1
    table.show(1, [21])  # and discards it
    assert a.card(21) == drawn
    a.check_shown(1, 21, drawn)
    with pytest.raises(Cheat) as caught:
        a.check_shown(1, 21, (drawn + 1) % DECK)
    assert (caught.value.page, caught.value.code, caught.value.place) == (1, "wrong-card", 21)
    table.audit()


@pytest.mark.parametrize("pages", [3, 4])
def test_three_and_four_pages_deal_and_audit(pages: int) -> None:
    table = Table(pages)
    for i in range(7 * pages):
        table.give([i], i % pages)
    table.give([7 * pages], TABLE)
    seen = [page.card(i) for page in table.pages for i in range(7 * pages) if i % pages == page.me]
    assert min(seen) >= 0 and len(set(seen)) == 7 * pages
    for page in table.pages:
        assert sorted(page.opened) == [i for i in range(7 * pages) if i % pages == page.me] + [7 * pages]
    decks = table.audit()
    assert all(d == decks[0] for d in decks) and sorted(decks[0]) == list(range(DECK))


# --- cheats -----------------------------------------------------------------------------------------------------


def test_a_wrong_key_for_a_dealt_card_is_caught_at_once_and_names_the_page() -> None:
    table = Table()
    a, b = table.pages
    b.give([0], 0)
    forged = {"t": "keys", "page": 1, "places": [0], "keys": [table.group.random_scalar()]}
    a.give([0], 0)
    with pytest.raises(Cheat) as caught:
        a.receive(forged)
    assert (caught.value.page, caught.value.code, caught.value.place) == (1, "wrong-key", 0)
    assert caught.value.evidence == [forged]


def test_a_key_sent_again_with_another_value_is_caught() -> None:
    table = Table()
    gin_deal(table)
    a, _b = table.pages
    again = {"t": "keys", "page": 1, "places": [1], "keys": [table.group.random_scalar()]}
    with pytest.raises(Cheat) as caught:
        a.receive(again)
    assert (caught.value.code, caught.value.place) == ("changed-key", 1)


def test_a_re_deal_after_the_deck_is_sealed_is_refused() -> None:
    table = Table()
    _a, b = table.pages
    fresh = SealedDeal(table.group, 2, 0)
    shuffle = fresh.start()[0]
    with pytest.raises(Cheat) as caught:
        b.receive(shuffle)
    assert (caught.value.page, caught.value.code) == (0, "out-of-turn")
    for page in table.pages:  # a lock out of turn likewise, and nothing changed
        assert len(page.shuffles) == len(page.locks) == 2


def test_a_stacked_deck_with_a_card_twice_is_caught_on_arrival() -> None:
    g = SodiumGroup()
    a, b = SealedDeal(g, 2, 0), SealedDeal(g, 2, 1)
    shuffle = a.start()[0]
    stacked = dict(shuffle, deck=[shuffle["deck"][0]] + shuffle["deck"][:-1])
    with pytest.raises(Cheat) as caught:
        b.receive(stacked)
    assert (caught.value.page, caught.value.code) == (0, "duplicate")
    assert b.shuffles == []


def test_a_card_swapped_in_the_shuffle_is_caught_when_it_is_read_and_by_the_audit() -> None:
    """Page 0 replaces one card of its shuffle with another card locked by a second key: no duplicate to see, but
    the place opens on no card, and the audit shows the shuffle is not a reordering."""
    g = SodiumGroup()
    a, b = SealedDeal(g, 2, 0), SealedDeal(g, 2, 1)
    shuffle = a.start()[0]
    swapped = list(shuffle["deck"])
    swapped[5] = g.times([a.points[0]], g.random_scalar())[0]
    forged = dict(shuffle, deck=swapped)
    a.shuffles[0] = swapped
    queue = [forged]
    while queue:
        msg = queue.pop(0)
        queue += [a, b][1 - msg["page"]].receive(msg)
    assert a.sealed and b.sealed
    caught_reading = None
    for i in range(DECK):
        out = a.give([i], 1) + b.give([i], 1)
        try:
            for msg in out:
                b.receive(msg) if msg["page"] == 0 else a.receive(msg)
        except Cheat as e:
            caught_reading = e
            break
    assert caught_reading is not None and (caught_reading.page, caught_reading.code) == (0, "wrong-key")
    b.receive(a.audit()[0])
    b.audit()
    with pytest.raises(Cheat) as caught:
        b.verify()
    assert (caught.value.page, caught.value.code) == (0, "bad-shuffle")


def test_a_lock_with_another_key_than_the_one_audited_is_caught_by_the_audit() -> None:
    table = Table()
    gin_deal(table)
    a, b = table.pages
    table.deliver(a.audit())
    forged = b.audit()[0]
    forged = dict(forged, keys=list(forged["keys"]))
    forged["keys"][30] = table.group.random_scalar()
    a.receive(forged)
    with pytest.raises(Cheat) as caught:
        a.verify()
    assert (caught.value.page, caught.value.code, caught.value.place) == (1, "bad-lock", 30)


def test_an_audit_whose_key_differs_from_one_sent_during_the_hand_is_caught() -> None:
    """A page that released a key and then audits another for the same place (and locks consistent with it)."""
    table = Table()
    gin_deal(table)
    a, b = table.pages
    b.sent[1][0] = table.group.random_scalar()  # what a saw b send for place 0 differs from b's lock key
    table.deliver(b.audit())
    table.deliver(a.audit())
    with pytest.raises(Cheat) as caught:
        b.verify()
    assert (caught.value.page, caught.value.code, caught.value.place) == (1, "changed-key", 0)


def test_a_card_shown_from_a_place_the_page_does_not_hold_is_caught() -> None:
    table = Table()
    gin_deal(table)
    a, _b = table.pages
    with pytest.raises(Cheat) as caught:
        a.expect_shown(1, [1])  # place 1 is a's own
    assert (caught.value.page, caught.value.code, caught.value.place) == (1, "not-held", 1)
    with pytest.raises(Cheat) as caught:
        a.check_shown(1, 25, 0)  # a stock card
    assert caught.value.code == "not-held"


def test_a_key_held_back_is_named_once_the_limit_passes() -> None:
    table = Table()
    a, b = table.pages
    a.give([0], 0, now=1000.0)  # b never sends its key for a's card
    a.overdue(now=30999.0, limit=30000.0)
    with pytest.raises(Cheat) as caught:
        a.overdue(now=31001.0, limit=30000.0)
    assert (caught.value.page, caught.value.code, caught.value.place) == (1, "withheld", 0)
    table.deliver(b.give([0], 0))
    a.overdue(now=99999.0, limit=30000.0)
    assert a.card(0) >= 0


def test_a_key_that_comes_before_the_game_gives_its_place_is_kept_and_not_used_until_then() -> None:
    table = Table()
    a, b = table.pages
    early = b.give([3], 0)
    a.receive(early[0])
    assert a.card(3) == -1 and a.sent[1][3]
    a.give([3], 0)
    assert a.card(3) >= 0


def test_a_key_for_a_stock_card_does_not_let_a_page_read_it() -> None:
    """A page given another page's key for a place of the stock keeps it and still reads nothing there."""
    table = Table()
    a, b = table.pages
    leak = {"t": "keys", "page": 1, "places": [40], "keys": [b._keys[40]]}
    a.receive(leak)
    assert a.card(40) == -1 and 40 not in a.opened


@pytest.mark.parametrize("bad", [
    None, [], {"t": "deal", "page": 1}, {"t": "keys", "page": 0, "places": [1], "keys": ["00" * 32]},
    {"t": "keys", "page": 1, "places": [52], "keys": ["00" * 32]},
    {"t": "keys", "page": 1, "places": [1, 1], "keys": ["00" * 32, "00" * 32]},
    {"t": "keys", "page": 1, "places": [1], "keys": ["zz" * 32]},
    {"t": "keys", "page": 1, "places": [], "keys": []},
    {"t": "keys", "page": True, "places": [1], "keys": ["00" * 32]},
    {"t": "lock", "page": 1, "deck": ["00" * 32] * 51},
    {"t": "audit", "page": 1, "key": "00" * 32, "keys": ["00" * 32]},
])
def test_a_message_of_the_wrong_shape_is_refused_and_changes_nothing(bad: Any) -> None:
    table = Table()
    a = table.pages[0]
    before = (copy.deepcopy(a.sent), len(a.messages), dict(a.opened))
    with pytest.raises(Malformed):
        a.receive(bad)
    assert (a.sent, len(a.messages), a.opened) == before


# --- properties -------------------------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(pages=st.integers(2, 3), data=st.data())
def test_any_honest_hand_verifies_and_every_card_read_is_the_audited_one(pages: int, data: st.DataObject) -> None:
    table = Table(pages)
    order = data.draw(st.permutations(range(DECK)))
    given_to = data.draw(st.lists(st.integers(-1, pages - 1), min_size=10, max_size=30))
    for place, to in zip(order, given_to):
        table.give([place], to)
        if to >= 0 and data.draw(st.booleans()):
            table.show(to, [place])
    decks = table.audit()
    for page in table.pages:
        assert all(decks[0][i] == card for i, card in page.opened.items())
    assert all(d == decks[0] for d in decks) and sorted(decks[0]) == list(range(DECK))


@settings(max_examples=10, deadline=None)
@given(step=st.integers(0, 3), place=st.integers(0, DECK - 1))
def test_any_card_replaced_in_any_step_is_caught(step: int, place: int) -> None:
    """Page 0 or 1 replaces one entry of its shuffle or lock deck with another valid point: the audit (or an
    earlier check) names it."""
    g = SodiumGroup()
    a, b = SealedDeal(g, 2, 0), SealedDeal(g, 2, 1)
    pages = [a, b]
    queue = a.start()
    sender_of_step = [0, 1, 0, 1]  # shuffle a, shuffle b, lock a, lock b
    k = 0
    caught: Cheat | None = None
    while queue and caught is None:
        msg = queue.pop(0)
        if k == step:
            deck = list(msg["deck"])
            deck[place] = g.times([deck[place]], g.random_scalar())[0]
            msg = dict(msg, deck=deck)
            sender = pages[msg["page"]]
            (sender.shuffles if msg["t"] == "shuffle" else sender.locks)[-1] = deck
        k += 1
        try:
            queue += pages[1 - msg["page"]].receive(msg)
        except Cheat as e:
            caught = e
    if caught is None:
        a.receive(b.audit()[0])
        a.audit()
        with pytest.raises(Cheat) as found:
            a.verify()
        caught = found.value
    assert caught.page == sender_of_step[step]
