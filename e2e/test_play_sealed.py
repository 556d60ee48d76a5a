"""An online Gin hand with no dealer in real Chromium: the host ticks "No trusted dealer" in the new-game form, the
friend joins from the invite link, and both pages run their own engine, joined by real RTCDataChannels inside
the test's network namespace (e2e/netns.py). Every text each page receives is kept and checked: only the sealed
deal's messages pass, and a card's name travels only in the move that shows it; the host's page never shows
a card of the friend's hand before the hand's end, and neither page's storage holds a card of the other's hand. Both pages end the hand with "Deal verified".

Run (as root): ``python -m pytest e2e -q --import-mode=importlib -o "pythonpath=tests e2e" -k play_sealed``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_play_online import RECORD, WAIT, friend_joins, play_hand
from test_play_support import button

from rummy.actions import Action
from rummy.cards import card_str

pytest_plugins = ["netns"]
CARD = re.compile(r'"((?:[A2-9TJQK][CDHS])|JK)"')
HAND = "() => [...document.querySelectorAll('[data-testid=hand] [data-card]')].map(e => e.dataset.card)"
STORED = """() => { const out = []; for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++)
  out.push(s.getItem(s.key(i))); return out; }"""


def stored_cards(page: Page) -> set[str]:
    """The cards named in anything the page keeps in its storage."""
    return {c for value in page.evaluate(STORED) if type(value) is str for c in CARD.findall(value)}


def open_recorded(ctx: Any) -> Page:
    page = ctx.new_page()
    page.add_init_script(RECORD)
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto("index.html?speed=0")
    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=WAIT * 3)
    return page


def check_texts(page: Page) -> int:
    """Every text the page received over its channel: the sealed deal's messages only; a card's name only in a
    move, and only the cards its action names. Returns the number of moves."""
    moves = 0
    for text in page.evaluate("window.__received"):
        msg = json.loads(text)
        assert msg["t"] in ("hello", "welcome", "sealed", "talk"), msg["t"]
        m = msg.get("m") or {}
        if m.get("t") == "move":
            moves += 1
            named = {card_str(c) for c in Action.parse(m["action"]).cards}
            assert set(CARD.findall(json.dumps(m))) <= named
        else:
            assert not CARD.findall(json.dumps(msg)), msg
    return moves


def test_a_gin_hand_with_no_dealer_between_two_browsers(rtc_contexts):
    host_ctx, guest_ctx = rtc_contexts(2)
    host = open_recorded(host_ctx)
    button(host, "Choose opponent and rules").click()
    host.get_by_label("Gin Rummy (2 players)").check()
    host.get_by_label("Opponent", exact=True).select_option("guest")
    host.get_by_label("Your name").fill("Ann")
    host.keyboard.press("Tab")
    host.get_by_label("Name of opponent", exact=True).fill("Bob")
    host.keyboard.press("Tab")
    host.get_by_label("No trusted dealer").check()
    button(host, "Start game").click()
    expect(host.get_by_test_id("lobby")).to_be_visible()
    bob = friend_joins(host, guest_ctx, 1)
    for page in (host, bob):
        expect(page.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
        expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(10, timeout=WAIT)
    bobs = set(bob.evaluate(HAND))
    anns = set(host.evaluate(HAND))
    assert len(bobs) == len(anns) == 10 and not bobs & anns
    # the host's page shows none of Bob's cards: not in its hand, not face up
    faces = set(host.evaluate("() => [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"))
    assert not faces & bobs
    # ... nor does any value either page keeps in its storage hold a card of the other's hand
    assert not stored_cards(host) & bobs and not stored_cards(bob) & anns
    play_hand(host, {1: bob}, "gin")
    for page in (host, bob):
        dialog = page.get_by_role("dialog", name="End of hand")
        expect(dialog).to_be_visible(timeout=WAIT)
        expect(dialog.get_by_test_id("deal-check-end")).to_contain_text("Deal verified", timeout=WAIT)
    assert check_texts(host) >= 3 and check_texts(bob) >= 3
