"""The page's partial redraw (web/bridge.js, ``rummyBridge.morph``): what changed is replaced or updated in place,
and every element that did not change stays the same element, the focused control among them when it is the same
control in the new drawing (so the browser does not lay the page out to move the focus away and back); a focused
form field, or a control that is gone, is replaced."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

BEFORE = """
<div data-testid="t">
  <h2>Your hand</h2>
  <div class="hand"><button data-key="c1">7C</button><button data-key="c2" class="dw">8C</button><button data-key="c3">9C</button></div>
  <p class="log">Ada drew.</p>
  <label><input type="checkbox" data-key="opt"> Sound</label>
</div>""".strip()

# a card taken into the hand before the focused one, the focused card changed (a class and its text), the log
AFTER = """
<div data-testid="t">
  <h2>Your hand</h2>
  <div class="hand"><button data-key="c0">6C</button><button data-key="c1">7C</button><button data-key="c2" class="new">8C!</button><button data-key="c3">9C</button></div>
  <p class="log">Ada threw 2D.</p>
  <label><input type="checkbox" data-key="opt" checked> Sound</label>
</div>""".strip()

SETUP = """([html, focus]) => {
  let box = document.getElementById('morph-test');
  if (!box) { box = document.createElement('div'); box.id = 'morph-test'; document.body.appendChild(box); }
  box.innerHTML = html;
  window.__kept = document.querySelector('#morph-test [data-key="' + focus + '"]');
  window.__kept.focus();
  if (window.__watch) window.__watch.disconnect();
  window.__removed = 0;
  window.__watch = new MutationObserver((records) => {
    for (const r of records) for (const n of r.removedNodes) if (n === window.__kept || (n.contains && n.contains(window.__kept))) window.__removed++;
  });
  window.__watch.observe(box, { childList: true, subtree: true });
}"""

STATE = """() => ({
  html: document.querySelector('#morph-test > div').outerHTML.replace(/\\s+/g, ' '),
  same: document.activeElement === window.__kept,
  focus: document.activeElement.getAttribute('data-key'),
  removed: window.__removed,
})"""


def morph(page: Page, before: str, after: str, focus: str) -> dict[str, Any]:
    page.evaluate(SETUP, [before, focus])
    page.evaluate("(html) => rummyBridge.morph('morph-test', html)", after)
    state: dict[str, Any] = page.evaluate(STATE)
    return state


def expected(page: Page, html: str) -> str:
    return str(page.evaluate("(html) => { const t = document.createElement('template'); t.innerHTML = html; "
                             "return t.content.firstElementChild.outerHTML.replace(/\\s+/g, ' '); }", html))


def test_the_focused_card_stays_the_same_element_while_the_hand_around_it_changes(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    state = morph(page, BEFORE, AFTER, "c2")
    assert state["html"] == expected(page, AFTER)  # the page shows the new drawing exactly
    assert state["same"] and state["focus"] == "c2" and state["removed"] == 0


def test_a_control_that_is_gone_or_a_focused_field_is_replaced(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    gone = AFTER.replace('data-key="c2"', 'data-key="c9"')  # another control where the focused one was
    state = morph(page, BEFORE, gone, "c2")
    assert state["html"] == expected(page, gone)
    assert not state["same"] and state["removed"] == 1
    state = morph(page, BEFORE, AFTER, "opt")  # a checkbox: its checked state is not an attribute
    assert state["html"] == expected(page, AFTER)
    assert not state["same"] and state["removed"] == 1
    assert page.evaluate("document.querySelector('#morph-test [data-key=opt]').checked")


KEPT = """([html, keys]) => {
  const box = document.getElementById('morph-test');
  const before = keys.map((k) => box.querySelector('[data-key="' + k + '"]'));
  const log = box.querySelector('.log');
  const done = rummyBridge.morph('morph-test', html);
  return { done, kept: keys.filter((k, i) => box.querySelector('[data-key="' + k + '"]') === before[i]),
           log: box.querySelector('.log') === log };
}"""


def test_a_redraw_keeps_every_element_that_did_not_change(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(SETUP, [BEFORE, "c1"])
    got = page.evaluate(KEPT, [AFTER, ["c1", "c2", "c3"]])
    assert page.evaluate(STATE)["html"] == expected(page, AFTER)
    # a card put in before them, one card changed: each card of the hand is still the same element, and so is
    # the log, whose text alone changed
    assert got["kept"] == ["c1", "c2", "c3"] and got["log"]
    assert got["done"] > 0
    # the cards in another order, one gone: the page shows exactly the new drawing, the cards kept are the same
    moved = AFTER.replace('<button data-key="c1">7C</button>', "").replace(
        '<button data-key="c0">6C</button>', '<button data-key="c3">9C</button><button data-key="c0">6C</button>', 1)
    moved = moved.replace('<button data-key="c3">9C</button></div>', "</div>")
    got = page.evaluate(KEPT, [moved, ["c0", "c2", "c3"]])
    assert page.evaluate(STATE)["html"] == expected(page, moved)
    assert got["kept"] == ["c0", "c2", "c3"]
    assert page.evaluate(KEPT, [moved, ["c0"]])["done"] == 0  # the same drawing again: nothing touched
