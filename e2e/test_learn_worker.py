"""The learning messages answered by the engine worker in Chromium (Pyodide), compared with CPython: the daily
deal's seed and cards, a seeded deal and its commitment, a hint, a finished hand's record with its revealed
secret and its check (and a changed card drawn caught). The page draws these later; here the worker is spoken to directly, as the page does."""

from __future__ import annotations

import json

from rummy import resolve_rules, seat_view
from rummy.bots import expert_advisor
from rummy.cards import card_str
from rummy.daily import daily_config
from rummy.fairdeal import commitment, hand_secret, new_match, verify_record

CONVERSATION = """async (messages) => {
  const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
  const replies = [];
  let want = 0;
  return await new Promise((resolve, reject) => {
    const next = () => {
      if (want >= messages.length) { w.terminate(); resolve(replies); return; }
      const m = messages[want];
      w.postMessage(JSON.stringify(typeof m === 'function' ? m(replies) : m));
    };
    w.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'worker:error') { reject(new Error(m.error)); return; }
      if (m.type && m.type.startsWith('worker:')) return;
      if (m.type === 'ahead') return;  // the engine thinking ahead while no message came: not a reply
      replies.push(m);
      want += 1;
      next();
    };
    w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'off' }));
    next();
  });
}"""


def test_daily_deal_commitment_and_hint_are_the_same_as_in_cpython(page, wait_ready) -> None:
    page.goto("index.html")
    wait_ready(page)
    day = "2026-01-02"  # a day whose first deal offers the upcard to the person: a hint is asked at once
    cfg = daily_config("gin", day)
    replies = page.evaluate(CONVERSATION, [
        {"type": "daily", "game": "gin", "date": day},
        {"type": "new", "config": cfg},
        {"type": "new", "config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 42}},
    ])
    daily, table, seeded = replies
    assert daily["type"] == "daily" and daily["config"] == cfg
    g = new_match("gin", 2, resolve_rules("gin", 2, cfg["rules"]), cfg["seed"])
    assert table["view"]["view"]["hand"] == [card_str(c) for c in g.hands[0]]
    assert table["deal"]["commitment"] == commitment(hand_secret(cfg["seed"], 0))
    assert seeded["deal"]["commitment"] == commitment(hand_secret(42, 0))
    # the hint Pyodide gives for the daily deal's first view is CPython's
    assert table["next"] == "you"
    hint = page.evaluate(CONVERSATION, [{"type": "new", "config": cfg},
                                        {"type": "hint", "step": table["view"]["view"]["step"]}])[1]
    want = expert_advisor("gin", json.loads(table["save"])["table"]["seeds"][0]).advise(seat_view(g, 0), ["You", "Ada"])
    assert hint["type"] == "hint" and hint["action"] == str(want.action) and hint["words"] == want.words


def test_a_finished_hand_is_checked_in_the_worker(page, wait_ready) -> None:
    page.goto("index.html")
    wait_ready(page)
    # a seeded one-hand Rummy match played to its end by the worker's autoplay
    msgs: list[object] = [{"type": "new", "config": {"game": "rummy", "opponents": ["tilly"],
                                                     "rules": {"rounds": 1}, "seed": 5}}]
    replies = page.evaluate("""async ([first, cap]) => {
      const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
      const out = [];
      return await new Promise((resolve, reject) => {
        w.onmessage = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.type === 'worker:error') { reject(new Error(m.error)); return; }
          if (m.type && m.type.startsWith('worker:')) return;
          out.push(m);
          if (m.type === 'table' && (m.next === 'you' || m.next === 'computer') && out.length < cap) {
            w.postMessage(JSON.stringify({ type: 'advance', step: m.view.view.step, auto: true }));
          } else if (m.type === 'table') {
            w.postMessage(JSON.stringify({ type: 'record' }));
          } else if (m.type === 'record') {
            w.postMessage(JSON.stringify({ type: 'verify', record: m.record }));
          } else { w.terminate(); resolve(out); }
        };
        w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'off' }));
        w.postMessage(JSON.stringify(first));
      });
    }""", [msgs[0], 2000])
    record, verified = replies[-2], replies[-1]
    assert record["type"] == "record" and len(record["record"]["hands"]) == 1
    assert record["record"]["proofs"][0]["secret"] == hand_secret(5, 0)
    assert verified["type"] == "verified" and verified["ok"] and verified["hands"][0]["ok"]
    # a card drawn from the stock that is not the committed deck's: Pyodide names it as CPython does
    changed = json.loads(json.dumps(record["record"]))
    drawn = changed["hands"][0]["drawn"]
    assert drawn, "the hand drew from the stock"
    committed, other = drawn[0], next(c for c in changed["hands"][0]["deck"] if c != drawn[0])
    drawn[0] = other
    (caught,) = page.evaluate(CONVERSATION, [{"type": "verify", "record": changed}])
    check = caught["hands"][0]
    assert caught["type"] == "verified" and not check["ok"] and check["code"] == "stock-draw"
    assert check["params"] == {"draw": 1, "action": check["params"]["action"], "rebuilt": False, "card": other,
                               "committed": committed}
    assert check["words"] == verify_record(changed)[0].words


def test_the_engine_thinks_ahead_while_the_person_decides(page, wait_ready) -> None:
    """When no message has come for a moment, the worker works out the expert's advice for the person's decision
    (web.worker.main.idle) and says so (``ahead``); a hint then gives that advice, CPython's for the same view."""
    page.goto("index.html")
    wait_ready(page)
    cfg = {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 42}
    got = page.evaluate("""async (cfg) => {
      const w = new Worker('./web/engine-worker.mjs', { type: 'module' });
      const out = [];
      return await new Promise((resolve, reject) => {
        w.onmessage = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.type === 'worker:error') { reject(new Error(m.error)); return; }
          if (m.type && m.type.startsWith('worker:')) return;
          out.push(m);
          if (m.type === 'ahead') w.postMessage(JSON.stringify({ type: 'hint', step: m.step, id: 'h' }));
          if (m.type === 'hint') { w.terminate(); resolve(out); }
        };
        w.postMessage(JSON.stringify({ type: 'worker:start', snapshot: 'off' }));
        w.postMessage(JSON.stringify({ type: 'new', config: cfg }));
      });
    }""", cfg)
    table, ahead, hint = got
    assert table["type"] == "table" and table["next"] == "you"  # the person decides first: the engine thinks
    step = table["view"]["view"]["step"]
    assert ahead == {"type": "ahead", "step": step}
    g = new_match("gin", 2, resolve_rules("gin", 2, {}), 42)
    want = expert_advisor("gin", json.loads(table["save"])["table"]["seeds"][0]).advise(seat_view(g, 0),
                                                                                        ["You", "Rex"])
    assert hint["re"] == "h" and hint["action"] == str(want.action) and hint["words"] == want.words
