"""Online play in real Chromium: a host's page and its friends' pages in separate browser contexts, joined by real
RTCDataChannels inside a network namespace of the test's own (e2e/netns.py), with no STUN server and no game
server. People's steps, as people take them: the host fills the new-game form, copies the invite link, the friend
opens it and copies the reply code back, and both play by clicking. Every text a guest's page receives over its
channel is kept (an init script wraps the data channel) and checked: it holds no card the guest may not see.

Run (as root): ``python -m pytest e2e -q --import-mode=importlib -o "pythonpath=tests e2e" -k play_online``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_play_support import button, gin_turn, rummy_turn, shot

pytest_plugins = ["netns"]
WAIT = 60_000  # ms: the longest a wait may take before the test fails (a limit, not a delay)
CARD = re.compile(r'"((?:[A2-9TJQK][CDHS])|JK)"')

# Every text a guest's page receives over its data channel, kept in window.__received (before any page script).
RECORD = """(() => {
  window.__received = [];
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, fn, opts) {
    if (type === 'message') {
      const inner = fn;
      fn = function (ev) { if (typeof ev.data === 'string') window.__received.push(ev.data); return inner.call(this, ev); };
    }
    return add.call(this, type, fn, opts);
  };
  const desc = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    set(fn) { desc.set.call(this, function (ev) { if (typeof ev.data === 'string') window.__received.push(ev.data);
                                                   return fn && fn.call(this, ev); }); },
    get() { return desc.get.call(this); }, configurable: true });
})();"""

STATE = """() => {
  const d = document.querySelector('#rm-dialog[open]');
  if (d) return 'dialog:' + (d.dataset.kind || '');
  const t = document.querySelector('[data-testid=table-screen]');
  if (!t || !t.dataset.phase) return false;
  if (t.dataset.waiting === 'true') return false;
  if (['hand-over', 'match-over'].includes(t.dataset.phase)) return 'over';
  return (t.dataset.turn === t.dataset.seat ? 'turn:' : 'wait:') + t.dataset.phase + ':' + t.dataset.step + ':'
    + t.dataset.turn;
}"""


def open_game(ctx: Any, url: str = "index.html?speed=0") -> Page:
    page = ctx.new_page()
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'", timeout=WAIT * 3)
    return page


def host_sets_up(host: Page, game: str, seats: list[str], names: list[str]) -> None:
    """The host's new-game form: the game, each seat (a friend online, a computer), the names."""
    button(host, "Choose opponent and rules").click()
    if game == "gin":
        host.get_by_label("Gin Rummy (2 players)").check()
    else:
        host.get_by_label("Basic Rummy (2–6 players)").check()
        host.get_by_label("Players", exact=True).select_option(str(len(seats) + 1))
    for i, choice in enumerate(seats):
        label = "Opponent" if game == "gin" else "Opponent " + str(i + 1)
        host.get_by_label(label, exact=True).select_option(choice)
    host.get_by_label("Your name").fill(names[0])
    host.keyboard.press("Tab")
    for i, name in enumerate(names[1:]):
        label = "Name of opponent" if game == "gin" else "Name of opponent " + str(i + 1)
        host.get_by_label(label, exact=True).fill(name)
        host.keyboard.press("Tab")
    expect(host.get_by_test_id("online-note")).to_be_visible()
    button(host, "Start game").click()
    expect(host.get_by_test_id("lobby")).to_be_visible()


def friend_joins(host: Page, ctx: Any, seat: int) -> Page:
    """The friend opens the invite link; their reply code goes back to the host, who connects."""
    invite = host.get_by_test_id("invite-" + str(seat))
    expect(invite).to_have_value(re.compile(r"#j=o1\."), timeout=WAIT)
    link = invite.input_value()
    assert len(link.split("#", 1)[1]) <= 300
    guest = ctx.new_page()
    guest.add_init_script(RECORD)
    guest.set_viewport_size({"width": 1000, "height": 860})
    guest.goto(link)
    expect(guest.get_by_test_id("join")).to_be_visible(timeout=WAIT)
    expect(guest.get_by_test_id("join-rules")).to_contain_text("rules")
    reply = guest.get_by_test_id("reply-code")
    expect(reply).to_have_value(re.compile(r"^a1\."), timeout=WAIT)
    host.get_by_test_id("reply-" + str(seat)).fill(reply.input_value())
    host.locator('[data-act=reply][data-seat="' + str(seat) + '"]').click()
    status = host.locator(f"[data-testid=link-state-{seat}], [data-testid=player-state-{seat}]").first
    expect(status).to_have_text("at the table", timeout=WAIT)
    return guest


def state(page: Page) -> str:
    return page.wait_for_function(STATE, timeout=WAIT).json_value()


def play_hand(host: Page, guests: dict[int, Page], game: str, limit: int = 600) -> None:
    """Everyone plays (a simple player's moves) until the hand ends on the host's page."""
    turn = gin_turn if game == "gin" else rummy_turn
    for _ in range(limit):
        s = state(host)
        if s.startswith("dialog:") or s == "over":
            return
        _, _, step, who = s.split(":")  # read at once: the table may move on while the test looks
        if s.startswith("turn:"):
            turn(host, s.split(":")[1])
        else:
            seat = int(who or 0)
            if seat not in guests:
                host.wait_for_function("s => document.querySelector('[data-testid=table-screen]')?.dataset.step !== s",
                                       arg=step, timeout=WAIT)
                continue
            g = guests[seat]
            gs = g.wait_for_function("s => { const t = document.querySelector('[data-testid=table-screen]');"
                                     " return t && t.dataset.step === s && t.dataset.waiting === 'false'"
                                     " && t.dataset.turn === t.dataset.seat ? t.dataset.phase : false; }",
                                     arg=step, timeout=WAIT).json_value()
            turn(g, gs)
        host.wait_for_function("s => { const t = document.querySelector('[data-testid=table-screen]');"
                               " return !t || t.dataset.step !== s || !!document.querySelector('#rm-dialog[open]'); }",
                               arg=step, timeout=WAIT)
    raise AssertionError("the hand did not end")


def check_received(guest: Page, seat: int) -> int:
    """Every table a guest received: its own seat's view, and no card it could not know of (a card is known when
    it is in its hand, on the discard pile or the table, or named by the hand's public log)."""
    texts = guest.evaluate("window.__received")
    tables = 0
    for text in texts:
        msg = json.loads(text)
        if msg.get("t") != "table":
            continue
        tables += 1
        view = msg["view"]["view"]
        assert view["seat"] == seat
        view.pop("results")  # earlier hands, shown whole at their end
        known = set(view["hand"]) | set(view["discard"])
        # the table's melds and the public log name their cards (melds as card texts, a joker as JK=5H)
        known |= set(CARD.findall(json.dumps([view.get("table"), view.get("log"), msg.get("events")])))
        seen = set(CARD.findall(json.dumps(dict(msg, view=dict(msg["view"], view=view)))))
        assert seen <= known, (seat, sorted(seen - known))
    return tables


def test_a_gin_hand_between_two_browsers_with_a_verified_deal(rtc_contexts):
    host_ctx, guest_ctx = rtc_contexts(2)
    host = open_game(host_ctx)
    host_sets_up(host, "gin", ["guest"], ["Ann", "Bob"])
    bob = friend_joins(host, guest_ctx, 1)
    expect(bob.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
    expect(host.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
    # a forged move from Bob's page (a card he does not hold, on a turn that may not be his) is refused with the
    # engine's reason, shown on his screen; the table does not change
    step = host.get_attribute("[data-testid=table-screen]", "data-step")
    bob.evaluate("s => rummyRtc.send('host', JSON.stringify({v: 2, t: 'act', action: 'knock ZZ', step: +s}))", step)
    expect(bob.locator(".message.error")).to_be_visible(timeout=WAIT)
    assert host.get_attribute("[data-testid=table-screen]", "data-step") == step
    play_hand(host, {1: bob}, "gin")
    expect(host.get_by_role("dialog", name="End of hand")).to_be_visible(timeout=WAIT)
    dialog = bob.get_by_role("dialog", name="End of hand")
    expect(dialog).to_be_visible(timeout=WAIT)
    expect(dialog.get_by_test_id("deal-check-end")).to_contain_text("Deal verified")
    assert "Ann deals the next hand" in dialog.inner_text()
    assert check_received(bob, 1) > 5


# The longest online test: a group of its own (e2e/conftest.py), so that it runs beside the others, not after them
@pytest.mark.xdist_group("netns-rummy")
def test_three_players_rummy_with_two_friends_online(rtc_contexts):
    host_ctx, bob_ctx, cy_ctx = rtc_contexts(3)
    host = open_game(host_ctx)
    host_sets_up(host, "rummy", ["guest", "guest"], ["Ann", "Bob", "Cy"])
    bob = friend_joins(host, bob_ctx, 1)
    expect(host.get_by_test_id("lobby")).to_be_visible()  # Cy is not there yet: no deal
    cy = friend_joins(host, cy_ctx, 2)
    for page in (host, bob, cy):
        expect(page.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
    bob.locator("[data-act=talk][data-say='3']").click()
    expect(cy.get_by_test_id("talk-1")).to_contain_text("Nice play", timeout=WAIT)
    # the quick message sits in the strip of players (not floating over the table like a character's line)
    strip = cy.get_by_test_id("online-strip").bounding_box()
    said = cy.get_by_test_id("talk-1").bounding_box()
    assert strip and said and strip["y"] <= said["y"] and said["y"] + said["height"] <= strip["y"] + strip["height"] + 1
    shot(cy, "online-rummy-friend.png")
    play_hand(host, {1: bob, 2: cy}, "rummy")
    for guest, seat in ((bob, 1), (cy, 2)):
        expect(guest.get_by_test_id("deal-check-end")).to_contain_text("Deal verified", timeout=WAIT)
        assert check_received(guest, seat) > 3


def test_a_friend_who_reloads_rejoins_and_a_dropped_friend_is_replaced(rtc_contexts):
    host_ctx, bob_ctx, bob2_ctx = rtc_contexts(3)
    host = open_game(host_ctx)
    host_sets_up(host, "gin", ["guest"], ["Ann", "Bob"])
    bob = friend_joins(host, bob_ctx, 1)
    expect(bob.get_by_test_id("table-screen")).to_be_visible(timeout=WAIT)
    step = host.get_attribute("[data-testid=table-screen]", "data-step")
    # Bob reloads his page: the host sees him go, and invites him again
    bob.reload()
    expect(host.get_by_test_id("link-state-1")).to_have_text("disconnected", timeout=WAIT)
    expect(host.get_by_test_id("message")).to_have_text("Bob disconnected.")
    host.get_by_role("button", name="Invite Bob again").click()
    bob2 = friend_joins(host, bob2_ctx, 1)
    expect(bob2.get_by_test_id("table-screen")).to_have_attribute("data-step", step, timeout=WAIT)
    # then he leaves for good: a computer opponent takes his seat and the hand goes on to its end
    bob2.close()
    expect(host.get_by_test_id("link-state-1")).to_have_text("disconnected", timeout=WAIT)
    host.get_by_role("button", name="Let a computer play for Bob").click()
    expect(host.get_by_test_id("opponent-1")).to_contain_text("for Bob", timeout=WAIT)
    play_hand(host, {}, "gin")
    expect(host.get_by_role("dialog", name="End of hand")).to_be_visible(timeout=WAIT)
