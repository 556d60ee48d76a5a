"""Online play through a relay: a friend joins from the invite link alone, and comes back by themselves.

Real pages in the tests' network namespace (e2e/netns.py) and a real Nostr relay started there (e2e/relay.py):
the host chooses that relay in Settings, as a player would; the friend's page learns it from the link (its own
list is empty). No reply code is pasted anywhere, and no test contacts a public relay.
"""

from __future__ import annotations

import re
from typing import Any

from netns import settings_script
from playwright.sync_api import Page, expect
from test_play_online import WAIT, host_sets_up, open_game
from test_play_support import choose_relays, hand_names

pytest_plugins = ["netns", "relay"]


def with_relay(relay: str) -> str:
    """A player whose Settings list ``relay`` alone."""
    return settings_script([relay])


def guest_page(ctx: Any, url: str) -> Page:
    page = ctx.new_page()
    page.set_viewport_size({"width": 1000, "height": 860})
    page.goto(url)
    return page


def test_a_friend_joins_from_the_link_alone_and_comes_back_after_a_reload(rtc_contexts, nostr_relay):
    host_ctx, bob_ctx = rtc_contexts(2)  # their Settings list no relay: Bob's page uses the one his link names
    host = open_game(host_ctx)
    choose_relays(host, [nostr_relay])
    host_sets_up(host, "gin", ["guest"], ["Ann", "Bob"])
    # the lobby says how friends connect, and what a relay learns
    expect(host.get_by_test_id("lobby")).to_contain_text("their page joins yours by itself")
    expect(host.get_by_test_id("lobby")).to_contain_text("a relay learns that two pages met")
    invite = host.get_by_test_id("invite-1")
    expect(invite).to_have_value(re.compile(r"#j=o1\..*&k=[A-Za-z0-9_-]{22}&y="), timeout=WAIT)
    link = invite.input_value()
    assert len(link.split("#", 1)[1]) <= 300
    assert "&y=" + nostr_relay.replace(":", "%3A").replace("/", "%2F") in link

    # Bob's tab shows the game already: the link, pasted into its address bar, changes only the fragment
    bob = guest_page(bob_ctx, link.split("#")[0])
    bob.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=WAIT * 3)
    expect(bob.get_by_test_id("join")).to_have_count(0)
    bob.goto(link)
    expect(bob.get_by_test_id("join")).to_be_visible(timeout=WAIT)
    # no reply code changes hands: the host's page connects when Bob's answer comes through the relay
    expect(host.get_by_test_id("player-state-1")).to_have_text("at the table", timeout=WAIT)
    expect(bob.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
    expect(bob.locator("[data-testid=table-screen][data-phase]")).to_have_count(1, timeout=WAIT)
    bob.wait_for_function("() => document.querySelectorAll('[data-testid=hand] .card').length >= 10",
                          timeout=WAIT)
    cards = sorted(hand_names(bob))
    step = host.get_attribute("[data-testid=table-screen]", "data-step")

    # Bob reloads: his page comes back to the same seat with the same cards, nobody clicking anything
    bob.reload()
    expect(bob.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
    expect(bob.get_by_test_id("table-screen")).to_have_attribute("data-step", step, timeout=WAIT)
    bob.wait_for_function("() => document.querySelectorAll('[data-testid=hand] .card').length >= 10",
                          timeout=WAIT)
    assert sorted(hand_names(bob)) == cards
    expect(host.get_by_test_id("player-state-1")).to_have_text("at the table", timeout=WAIT)
    assert host.get_by_test_id("reply-1").count() == 0


def test_two_strangers_meet_through_play_someone_now(rtc_contexts, nostr_relay):
    pages = []
    for ctx in rtc_contexts(2, relays=[nostr_relay]):
        page = open_game(ctx)
        page.evaluate("() => { window.sameVisit = true; }")  # gone if the page loads again
        page.get_by_test_id("seek-gin").click()
        expect(page.get_by_test_id("seek")).to_contain_text("Play someone now: Gin Rummy")
        expect(page.get_by_test_id("seek-deal")).to_contain_text("No dealer")
        pages.append(page)
    ann, bob = pages
    # each hears of the other, one hosts, the other takes the seat it is sent in place: both at one table
    for page in pages:
        expect(page.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
        expect(page.locator("[data-testid=table-screen][data-phase]")).to_have_count(1, timeout=WAIT)
    seats = sorted(p.get_attribute("[data-testid=table-screen]", "data-seat") for p in pages)
    assert seats == ["0", "1"]
    guest = bob if bob.get_attribute("[data-testid=table-screen]", "data-seat") == "1" else ann
    assert guest.evaluate("() => window.sameVisit") is True  # seated with no reload
    assert "#j=" in guest.url  # its address is its seat's link: a reload comes back to the seat
    expect(guest.get_by_test_id("online-strip")).to_be_visible()
    guest.wait_for_function("() => document.querySelectorAll('[data-testid=hand] .card').length >= 10",
                            timeout=WAIT)
    host = ann if guest is bob else bob
    # strangers at a table of two have no dealer: the host's page shows none of the guest's cards
    faces = set(host.evaluate("() => [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"))
    assert not faces & set(guest.evaluate("() => [...document.querySelectorAll('[data-testid=hand] [data-card]')]"
                                          ".map(e => e.dataset.card)"))
    # a reload takes the guest's keys with it: its page comes back to the seat and both say the match is over
    guest.reload()
    expect(guest.get_by_test_id("join")).to_contain_text("This page was reloaded during a match with no dealer",
                                                        timeout=WAIT)
    expect(host.get_by_test_id("message")).to_contain_text("cannot go on", timeout=WAIT)
