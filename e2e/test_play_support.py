"""Helpers for the play tests: read what the page shows, act like a person would (no timing, no sleeps).

Not a test module: the tests import these functions. Every wait is a Playwright wait on what the page
shows: whose turn it is (``data-turn`` of the table), the phase, an open dialog.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "screenshots"
RANKS = {"ace": 1, "jack": 11, "queen": 12, "king": 13}
VALUES = {"ace": 1, "jack": 10, "queen": 10, "king": 10}

WAIT_TURN = """() => {
  const d = document.querySelector('#rm-dialog[open]');
  if (d) return 'dialog:' + (d.dataset.kind || '');
  const t = document.querySelector('[data-testid=table-screen]');
  if (!t || t.dataset.waiting === 'true') return false;  // a move is on its way to the engine
  if (['hand-over', 'match-over'].includes(t.dataset.phase)) return 'over';
  if (t.dataset.turn === '0' && ['first-upcard', 'draw', 'play'].includes(t.dataset.phase)) return 'turn:' + t.dataset.phase;
  return false;
}"""


def wait_turn(page, timeout: float = 60_000) -> str:
    """Wait until it is the person's turn or a dialog is open; returns 'turn:<phase>', 'dialog:<kind>' or 'over'."""
    return page.wait_for_function(WAIT_TURN, timeout=timeout).json_value()


SETTLED = "() => { const t = document.querySelector('[data-testid=table-screen]'); return !t || t.dataset.waiting !== 'true'; }"


def settled(page, timeout: float = 60_000) -> None:
    """Wait until the move just made has its answer (the table is no longer waiting for the engine or the host)."""
    page.wait_for_function(SETTLED, timeout=timeout)


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def hand_names(page) -> list[str]:
    return page.locator("[data-testid=hand] .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


def taken_names(page) -> list[str]:
    return page.locator("[data-testid=hand] .card.taken").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


def rank_of(name: str) -> int:
    r = name.split(" of ")[0]
    return RANKS.get(r) or int(r)


def value_of(name: str) -> int:
    r = name.split(" of ")[0]
    return VALUES.get(r) or int(r)


def highest_card(page, avoid: tuple[str, ...] = ()) -> str:
    names = [n for n in hand_names(page) if n not in avoid and n not in taken_names(page)]
    return max(names, key=lambda n: (value_of(n), rank_of(n), n))


def discard_highest(page, keyboard: bool = False) -> None:
    card = highest_card(page)
    if keyboard:
        select_by_keyboard(page, card)
        page.keyboard.press("x")
    else:
        button(page, card).click()
        button(page, "Discard").click()


def select_by_keyboard(page, card: str) -> None:
    """Focus the hand (H), walk with the arrow keys to ``card``, select it with Space."""
    page.keyboard.press("h")
    names = hand_names(page)
    target = names.index(card)
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == card
    page.keyboard.press("Space")


def gin_turn(page, phase: str) -> None:
    """One turn of a simple player: pass the upcard, draw from the stock, knock when allowed, else throw the highest card."""
    if phase == "first-upcard":
        button(page, "Pass").click()
    elif phase == "draw":
        button(page, "Draw from stock").click()
    elif button(page, "Big gin").count() and button(page, "Big gin").is_enabled():
        button(page, "Big gin").click()
    elif button(page, "Knock").is_enabled():
        button(page, "Knock").click()  # the knock is asked first: its card and deadwood, Knock again or Not yet
        expect(button(page, "Not yet")).to_be_visible()
        button(page, "Knock").click()
    else:
        discard_highest(page)


def meld_in(names: list[str]) -> list[str] | None:
    """A set of three or more of a rank, else a run of three or more of a suit (ace low), among ``names``."""
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, dict[int, str]] = {}
    for n in names:
        by_rank.setdefault(rank_of(n), []).append(n)
        by_suit.setdefault(n.split(" of ")[1], {})[rank_of(n)] = n
    group = next((g for g in by_rank.values() if len(g) >= 3), None)
    if group is not None:
        return group
    for cards in by_suit.values():
        for low in sorted(cards):
            run = [cards[r] for r in range(low, 14) if all(x in cards for x in range(low, r + 1))]
            if len(run) >= 3:
                return run
    return None


CARD_WORDS = re.compile(r"\b(ace|king|queen|jack|[0-9]+) of (clubs|diamonds|hearts|spades)\b")


def fits_one_meld(card: str, melds: list[list[str]]) -> bool:
    """``card`` extends exactly one of the table's ``melds`` (card names): a set of fewer than four of its rank, or
    a run of its suit with the card next to one end (aces low)."""
    rank, suit = rank_of(card), card.split(" of ")[1]
    fits = 0
    for meld in melds:
        ranks = {rank_of(n) for n in meld}
        suits = {n.split(" of ")[1] for n in meld}
        if len(ranks) == 1:
            fits += rank in ranks and len(meld) < 4
        elif suits == {suit}:
            fits += rank in (min(ranks) - 1, max(ranks) + 1)
    return fits == 1


def table_melds(page) -> list[list[str]]:
    labels = page.locator("[data-testid=table] .meld").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return [[f"{r} of {s}" for r, s in CARD_WORDS.findall(label)] for label in labels]


def lay_off(page) -> bool:
    """Lay off each card that fits one meld on the table, as a person would (a hand goes out sooner); False when the
    hand is over."""
    while button(page, "Lay off").is_enabled():
        melds = table_melds(page)
        card = next((n for n in hand_names(page) if fits_one_meld(n, melds)), None)
        if card is None:
            break
        button(page, card).click()
        button(page, "Lay off").click()
        settled(page)
        if page.get_attribute("[data-testid=table-screen]", "data-phase") != "play":
            return False
        if card in hand_names(page):  # the engine said no (a wild card's meld, say): leave it
            page.keyboard.press("Escape")
            break
    return True


def rummy_turn(page, phase: str) -> None:
    """Draw from the stock; meld every set and run of three or more; lay off what fits; throw the highest card."""
    if phase == "draw":
        button(page, "Draw from stock").click()
        return
    while True:
        names = hand_names(page)
        group = meld_in(names)
        if group is None or not button(page, "Meld").is_enabled():
            break
        for n in group:
            button(page, n).click()
        button(page, "Meld").click()
        settled(page)
        state = page.get_attribute("[data-testid=table-screen]", "data-phase")
        if state != "play":
            return
        if page.locator("[data-testid=hand] .card.selected").count():  # the meld was refused: clear the selection
            page.keyboard.press("Escape")
            break
    if page.get_attribute("[data-testid=table-screen]", "data-phase") == "play" and lay_off(page):
        discard_highest(page)


def play_hand(page, game: str, max_turns: int = 400) -> str:
    """Play the person's turns until the end-of-hand dialog opens; returns the final wait state."""
    for _ in range(max_turns):
        state = wait_turn(page)
        if state.startswith("dialog:") or state == "over":
            return state
        phase = state.split(":", 1)[1]
        (gin_turn if game == "gin" else rummy_turn)(page, phase)
    raise AssertionError("the hand did not end")


def shot(page, name: str, **kw) -> None:
    """A README screenshot (docs/screenshots), once the loading screen has faded out."""
    expect(page.locator("#loading")).to_be_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    kw.setdefault("animations", "disabled")
    page.screenshot(path=str(SHOTS / name), **kw)


def choose_relays(page, relays: list[str]) -> None:
    """Settings → Advanced: online play's relay list holds ``relays`` (none: invites go by reply code, and no
    test page ever contacts a public relay)."""
    import json

    from playwright.sync_api import expect

    from web.page.formats import FORMATS

    if not button(page, "Settings").is_visible() and button(page, "Menu").is_visible():
        button(page, "Menu").click()
    button(page, "Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.get_by_test_id("settings-advanced").click()
    field = dialog.get_by_test_id("relay-list")
    field.fill("\n".join(relays))
    field.press("Tab")
    expect(dialog.get_by_test_id("relay-list")).to_have_value("\n".join(relays))
    dialog.get_by_role("button", name="Done").click()
    stored = json.loads(page.evaluate("() => localStorage.getItem('rummy.settings')"))
    assert stored["version"] == FORMATS["settings"][1] and stored["data"]["relays"] == relays

