"""The table as a stage, in Chromium: a knock asked before it goes, the hands laid out on the table and each
lay-off flown onto its meld, the score card that fits a desktop and a phone without scrolling, Rummy's going out
likewise, and a deal whose cards land before the turn's prompt and buttons come.

No test waits on time: each reads what the page exposes (the table's ``data-stage``, ``data-moving`` and
``data-dealt`` on the game's root, the drawing itself). Where a step must hold still for its screenshot, the test
holds the page's clock (Playwright's ``page.clock``) and moves it on itself.
"""

from __future__ import annotations

import datetime
import re
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers, whatever pytest's import mode
from test_play_support import button, discard_highest, hand_names, settled, shot, wait_turn

KNOCK = "index.html?game=gin&opponents=rex&seed=24"  # the person knocks first, and Rex lays a card off
OUT = "index.html?game=rummy&opponents=mel&seed=6"  # the person goes out, Mel holds three cards
SIZES = ((1280, 800), (390, 844))

# What the score card needs: nothing of it scrolls (the dialog, its body, the card).
NO_SCROLL = """() => [document.querySelector('#rm-dialog'), document.querySelector('#rm-dialog .dlg-body'),
  document.querySelector('[data-testid=score-card]')].map(e => [e.scrollHeight, e.clientHeight])"""

# Every value the table's data-stage takes, in order (a MutationObserver misses none).
STAGES = """
(() => {
  if (window.top !== window) return;
  const seen = window.__stages = [];
  new MutationObserver(() => {
    const t = document.querySelector('[data-testid=table-screen]');
    const s = t ? t.dataset.stage || '' : '';
    if (seen[seen.length - 1] !== s) seen.push(s);
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-stage'], childList: true });
})();
"""


def set_speed(page, words: str) -> None:
    """Settings: the opponents' speed (and with it, how cards move)."""
    if not button(page, "Settings").is_visible():
        button(page, "Menu").click()
    button(page, "Settings").click()
    page.get_by_role("dialog", name="Settings").get_by_label(words, exact=True).check()
    button(page, "Done").click()


def stage_of(page) -> str:
    return page.get_attribute("[data-testid=table-screen]", "data-stage") or ""


def hold_until(page, stage: str) -> None:
    """Move the held clock on, a little at a time, until the table shows ``stage``; then let its cards land."""
    for _ in range(80):
        if stage_of(page) == stage:
            break
        page.clock.run_for(200)
    assert stage_of(page) == stage
    page.wait_for_selector("#rm[data-moving=false]", state="attached")


def cards_in(page, testid: str) -> list[str]:
    return page.locator(f"[data-testid={testid}] [data-card]").evaluate_all(
        "els => els.map(e => e.getAttribute('data-card'))")


def check_score_card(page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("score-card")).to_be_visible()
    for scroll, client in page.evaluate(NO_SCROLL):
        assert scroll <= client, (width, height, scroll, client)
    first = dialog.locator(".dlg-buttons .btn").first
    expect(first).to_have_text(re.compile("Next hand|New match"))
    if width < 600:  # the README shows the phone's
        shot(page, f"score-card-{width}x{height}.png")


def play_to_the_knock(page) -> None:
    """At instant speed, the person's turns until Knock is enabled."""
    set_speed(page, "Instant")
    for _ in range(200):
        phase = wait_turn(page).split(":")[-1]
        if phase == "first-upcard":
            button(page, "Pass").click()
        elif phase == "draw":
            button(page, "Draw from stock").click()
        elif button(page, "Knock").is_enabled():
            return
        else:
            discard_highest(page)
    raise AssertionError("no knock")


def test_a_knock_is_asked_then_laid_out_on_the_table_and_scored_on_a_card(page, wait_ready):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.clock.install()  # running as usual; held below, where each step must stay for its picture
    page.goto(KNOCK)
    wait_ready(page)
    play_to_the_knock(page)
    best = int(re.search(r"after your best discard (\d+)", page.get_by_test_id("deadwood").inner_text()).group(1))
    set_speed(page, "Normal")
    # one click on Knock asks first: the card and the deadwood it leaves, the engine's number
    button(page, "Knock").click()
    confirm = page.get_by_test_id("knock-confirm")
    expect(confirm).to_contain_text(re.compile(r"Knock with \S+\? Deadwood \d+"))
    asked = re.search(r"Knock with (\S+)\? Deadwood (\d+)", confirm.inner_text())
    assert int(asked.group(2)) == best
    expect(page.get_by_test_id("table-screen")).to_have_attribute("data-phase", "play")  # nothing sent yet
    shot(page, "knock-confirm.png")
    # Not yet takes it back; Knock again asks again
    button(page, "Not yet").click()
    expect(confirm).to_be_hidden()
    button(page, "Knock").click()
    expect(confirm).to_be_visible()
    page.clock.pause_at(datetime.datetime.now() + datetime.timedelta(seconds=1))
    button(page, "Knock").click()
    # the hands laid out on the table, as melds, at the size of the cards in hand
    hold_until(page, "show")
    mine, theirs = cards_in(page, "spread-0"), cards_in(page, "spread-1")
    assert len(mine) == 10 and len(theirs) == 10 and not set(mine) & set(theirs)
    width = page.locator("[data-testid=spread-0] .scard").first.evaluate("e => e.offsetWidth")
    assert width >= 100, width
    assert page.locator("[data-testid=spread-1] .scard.to-lay").count() == 1  # Rex's lay-off, still in his hand
    expect(page.get_by_role("dialog", name="End of hand")).to_be_hidden()
    # the lay-off flies onto the knocker's meld
    laid = page.locator("[data-testid=spread-1] .scard.to-lay").get_attribute("data-card")
    hold_until(page, "layoff")
    assert laid in cards_in(page, "spread-0") and laid not in cards_in(page, "spread-1")
    expect(page.locator(f"[data-testid=spread-0] .scard.laid[data-card='{laid}']")).to_be_visible()
    shot(page, "knock-staged.png")
    # the deadwood counted, then the score card
    hold_until(page, "count")
    expect(page.get_by_test_id("deadwood-0")).to_have_text(asked.group(2))
    hold_until(page, "done")
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("headline")).to_contain_text("You knocked")
    assert page.evaluate("document.activeElement.textContent") == "Next hand"
    page.clock.resume()
    check_score_card(page, 1280, 800)
    check_score_card(page, 390, 844)
    page.set_viewport_size({"width": 1280, "height": 800})
    # the details are one tap away: every hand, the lay-off on its numbered meld, the score sheet
    button(page, "Details").click()
    expect(dialog.get_by_test_id("score-sheet")).to_be_visible()
    expect(dialog.locator("[data-testid^=laid-]")).to_have_count(1)
    button(page, "Back").click()
    expect(dialog.get_by_test_id("score-card")).to_be_visible()
    # the table keeps the hands laid out, counted
    button(page, "View the table").click()
    expect(page.get_by_test_id("deadwood-1")).to_be_visible()
    # on a phone too, every card laid out is on the screen, none cut off at the side
    page.set_viewport_size({"width": 390, "height": 844})
    boxes = page.locator("[data-testid^=spread-] .scard").evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect(); return [b.left, b.right, b.width]; })")
    assert len(boxes) == 20 and all(left >= 0 and right <= 390 and width > 20 for left, right, width in boxes), boxes


# How many confetti pieces were ever drawn, in the end-of-hand dialog and anywhere (a MutationObserver misses
# none, however short their flight).
CONFETTI = """
(() => {
  if (window.top !== window) return;
  const rec = window.__confetti = { inDialog: 0, anywhere: 0 };
  new MutationObserver((list) => {
    for (const m of list) for (const n of m.addedNodes) {
      if (n.classList && n.classList.contains('confetto')) {
        rec.anywhere++;
        if (n.closest('#rm-dialog[open]')) rec.inDialog++;
      }
    }
  }).observe(document, { subtree: true, childList: true });
})();
"""
FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"


def win_the_match(page, wait_ready) -> None:
    """The person knocks and wins the one hand of a match to 1 point; the score card, once the hand is laid out."""
    page.goto(KNOCK + "&target=1")
    wait_ready(page)
    play_to_the_knock(page)
    set_speed(page, "Normal")
    button(page, "Knock").click()
    button(page, "Knock").click()
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("match-over")).to_contain_text("You win the match!", timeout=30_000)
    expect(page.locator("#rm")).to_have_attribute("data-celebrated", "match")


def test_a_won_match_throws_confetti_over_its_score_card(page, wait_ready):
    page.add_init_script(CONFETTI)
    win_the_match(page, wait_ready)
    page.wait_for_function("() => window.__confetti.inDialog > 0")  # over the modal dialog, not under it
    expect(page.get_by_role("dialog", name="End of hand").get_by_test_id("score-card")).to_be_visible()


def test_no_confetti_under_reduced_motion(page, wait_ready):
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(CONFETTI)
    win_the_match(page, wait_ready)
    page.evaluate(FRAMES)  # the frames in which confetti would have been thrown
    assert page.evaluate("window.__confetti.anywhere") == 0


RANK = {"ace": 0, "jack": 10, "queen": 11, "king": 12}
SUIT = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}


def a_meld(names: list[str]) -> list[str] | None:
    """Three or more cards of a rank, or in a row of a suit, as a person sees them."""
    ids = {}
    for n in names:
        rank, suit = n.split(" of ")
        ids[SUIT[suit] * 13 + (RANK[rank] if rank in RANK else int(rank) - 1)] = n
    by_rank: dict[int, list[str]] = {}
    for c, n in ids.items():
        by_rank.setdefault(c % 13, []).append(n)
    for group in by_rank.values():
        if len(group) >= 3:
            return group
    for s in range(4):
        run: list[int] = []
        for r in sorted(c % 13 for c in ids if c // 13 == s):
            if run and r == run[-1] + 1:
                run.append(r)
            elif len(run) >= 3:
                break
            else:
                run = [r]
        if len(run) >= 3:
            return [ids[s * 13 + r] for r in run]
    return None


def play_to_go_out(page) -> None:
    """One turn of a player who melds what they see and lays off what the table's marks say will go."""
    state = wait_turn(page)
    if state == "turn:draw":
        button(page, "Draw from stock").click()
        return
    for _ in range(20):
        if page.get_attribute("[data-testid=table-screen]", "data-phase") != "play":
            return
        meld = a_meld(hand_names(page))
        if meld and button(page, "Meld").is_enabled():
            for n in meld:
                button(page, n).click()
            button(page, "Meld").click()
            settled(page)
            if not page.locator("[data-testid=hand] .card.selected").count():
                continue
            page.keyboard.press("Escape")
        placed = False
        for n in page.locator("[data-testid=hand] .card.hint").evaluate_all(
                "els => els.map(e => e.getAttribute('aria-label'))"):
            button(page, n).click()
            button(page, "Lay off").click()
            settled(page)
            fits = re.search(r"fits melds (\d+)", page.get_by_test_id("message").inner_text())
            if fits:
                page.keyboard.press(fits.group(1))
                settled(page)
            if not page.locator("[data-testid=hand] .card.selected").count():
                placed = True
                break
            page.keyboard.press("Escape")
        if not placed:
            break
    if page.get_attribute("[data-testid=table-screen]", "data-phase") == "play":
        discard_highest(page)


def test_going_out_in_rummy_is_laid_out_counted_then_scored(page, wait_ready):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(STAGES)
    page.goto(OUT)
    wait_ready(page)
    set_speed(page, "Instant")
    slow = False
    for _ in range(300):
        state = wait_turn(page)
        if not state.startswith("turn:"):
            break
        if not slow and len(hand_names(page)) <= 4:  # the last turns at the speed where cards move
            set_speed(page, "Normal")
            slow = True
        play_to_go_out(page)
    dialog = page.get_by_role("dialog", name="End of hand")
    expect(dialog.get_by_test_id("score-card")).to_be_visible(timeout=30_000)  # once the end has been laid out
    stages = [s for s in page.evaluate("window.__stages") if s]
    assert stages == ["show", "count", "done"], stages  # laid out, counted (no lay-offs in Rummy), then the card
    expect(dialog.get_by_test_id("headline")).to_contain_text("You went out")
    points = int(re.search(r"score (\d+)", dialog.get_by_test_id("headline").inner_text()).group(1))
    # Mel's cards, face up where his hand was, worth what the person scores
    assert len(cards_in(page, "spread-1")) == 3
    assert int(page.get_by_test_id("deadwood-1").inner_text()) == points
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for scroll, client in page.evaluate(NO_SCROLL):
            assert scroll <= client, (width, height, scroll, client)


# Every frame of the deal: what a person could see. A face-up card in flight (the old upcard sat face up on the
# stock), the discard pile's count showing over an empty pile, copies waiting on the stock (their stacked shadows
# made a dark halo), the turn's prompt or an enabled button before the hand holds its cards.
DEAL_WATCH = """
(() => {
  if (window.top !== window) return;
  const rec = window.__deal = { frames: 0, dealing: 0, faceUp: 0, countAlone: 0, mostCopies: 0, early: [] };
  const shown = (el) => { const s = getComputedStyle(el); return s.visibility !== 'hidden' && s.opacity !== '0'; };
  const tick = () => {
    const root = document.getElementById('rm');
    const t = document.querySelector('[data-testid=table-screen]');
    if (root && t && t.dataset.phase) {
      rec.frames++;
      if (root.dataset.dealt === 'false') rec.dealing++;
      const copies = [...document.querySelectorAll('#rm-fly .flyer')].filter(shown);
      rec.mostCopies = Math.max(rec.mostCopies, copies.length);
      if (root.dataset.dealt === 'false' && copies.some(c => !c.classList.contains('back'))) rec.faceUp++;
      const up = t.querySelector('[data-testid=discard-pile] .pcard.top');
      const count = t.querySelector('[data-testid=discard-pile] .pile-count');
      if (count && shown(count) && up && !shown(up)) rec.countAlone++;
      const cards = [...t.querySelectorAll('[data-testid=hand] .card')];
      const held = cards.length > 0 && cards.every(shown);
      const prompt = t.querySelector('[data-testid=prompt]');
      const enabled = t.querySelector('.actions .act:not([disabled])');
      if (!held && ((prompt && /^Your turn/.test(prompt.textContent)) || enabled)) {
        rec.early.push([prompt ? prompt.textContent : '', cards.filter(shown).length, cards.length]);
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def test_a_deal_lands_card_by_card_before_the_turn_begins(page, wait_ready):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(DEAL_WATCH)
    page.goto("index.html?game=gin&opponents=rex&seed=3")  # the person is offered the upcard first
    wait_ready(page)
    # the first hand, dealt as the page starts (its flight may be over before the page is free to show a frame)
    expect(page.locator("#rm")).to_have_attribute("data-dealt", "true")
    expect(page.get_by_test_id("prompt")).to_contain_text("Your turn")
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    assert button(page, "Pass").is_enabled()
    assert page.evaluate("window.__deal.early") == []
    # the rest of the hand at once; the next deal watched frame by frame, and held mid-flight for its picture
    # (every animation paused at the same moment)
    set_speed(page, "Instant")
    state = wait_turn(page)
    while state.startswith("turn:"):
        phase = state.split(":")[1]
        if phase == "draw":
            button(page, "Draw from stock").click()
        elif phase == "first-upcard":
            button(page, "Pass").click()
        elif button(page, "Knock").is_enabled():
            button(page, "Knock").click()
            button(page, "Knock").click()
        else:
            discard_highest(page)
        state = wait_turn(page)
    button(page, "View the table").click()
    set_speed(page, "Normal")
    page.evaluate("Object.assign(window.__deal, { frames: 0, dealing: 0, faceUp: 0, countAlone: 0, mostCopies: 0, "
                  "early: [] })")
    button(page, "Next hand").click()
    page.wait_for_selector("#rm[data-dealt=false]", state="attached")
    expect(page.get_by_test_id("prompt")).to_have_text("Dealing…")
    page.evaluate("""() => { const all = document.getAnimations().filter(a => isFinite(a.effect.getComputedTiming().endTime));
      const end = Math.max(...all.map(a => a.effect.getComputedTiming().endTime));
      all.forEach(a => { a.pause(); a.currentTime = Math.min(end * 0.55, a.effect.getComputedTiming().endTime); }); }""")
    page.evaluate(FRAMES)  # the held frame, watched
    shot(page, "deal-mid-flight.png", animations="allow")
    page.evaluate("() => document.getAnimations().forEach(a => a.play())")
    expect(page.locator("#rm")).to_have_attribute("data-dealt", "true")
    expect(page.locator("[data-testid=hand] .card")).to_have_count(10)
    expect(page.get_by_test_id("prompt")).not_to_have_text("Dealing…")
    rec = page.evaluate("window.__deal")
    assert rec["dealing"] > 0, rec  # the deal was watched while its cards flew
    assert rec["faceUp"] == 0, rec  # every card flew face down; the upcard turned over on the discard pile
    assert rec["countAlone"] == 0, rec  # the pile's count came with its card
    assert 0 < rec["mostCopies"] < 21, rec  # only the cards in the air: none waiting, stacked on the stock
    assert rec["early"] == [], rec["early"][:5]
