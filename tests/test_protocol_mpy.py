"""The protocol's checks (web/page/shared/protocol.py) give the same answers under the page's MicroPython as
under CPython, for the learning messages both ways: real replies of the worker table, and damaged ones; so do a
guest's deal check and the words of the engine's deal check, and names from outside cleaned and isolated."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import mpy
import pytest
from test_worker_learn import Worker

from web.page.shared.protocol import engine_message_problem, page_message_problem

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.needs_npm  # fails, saying what to install, without node and node_modules (conftest.py)

CHECK = """
import json
from web.page.shared.protocol import engine_message_problem, page_message_problem
with open("/lib/samples.json") as f:
    samples = json.load(f)
for side, msg in samples:
    print(page_message_problem(msg) if side == "page" else engine_message_problem(msg))
print("done")
"""


def _samples() -> list[tuple[str, object]]:
    w = Worker()
    t = w.one({"type": "new", "config": {"game": "gin", "opponents": ["rex"], "rules": {}, "seed": 3,
                                         "practice": True}})
    page: list[object] = [
        {"type": "hint", "step": 3}, {"type": "undo", "step": 1}, {"type": "review", "hand": 0},
        {"type": "replay", "hand": 0}, {"type": "replay", "hand": 0, "record": {}}, {"type": "record"},
        {"type": "verify", "hand": 2}, {"type": "verify", "record": {"format": "x"}}, {"type": "daily", "game": "gin"},
        {"type": "daily", "game": "gin", "date": "2026-02-30"}, {"type": "link"}, {"type": "tutorial", "game": "gin"},
        {"type": "hint"}, {"type": "review", "hand": -1}, {"type": "review", "hand": True},
        {"type": "replay", "hand": 0, "record": []}, {"type": "daily", "game": "chess"},
        {"type": "daily", "game": "gin", "date": "2026/02/03"}, {"type": "tutorial"},
        {"type": "new", "config": {"game": "gin", "opponents": ["ada"], "practice": 1}},
        {"type": "new", "config": {"game": "gin", "opponents": ["ada"], "daily": "20260101"}},
    ]
    engine: list[object] = [t, w.one({"type": "hint", "step": w.step()}) if w.game.turn == 0 else t,
                            w.one({"type": "daily", "game": "rummy", "date": "2026-01-01"}), w.one({"type": "link"}),
                            w.one({"type": "replay", "hand": 0, "record": {}}), w.one({"type": "record"}),
                            w.one({"type": "verify", "record": {}}),
                            {"type": "hint", "step": 1, "action": 5, "words": "x", "reasons": []},
                            {"type": "review", "hand": 0, "review": {}}, {"type": "replay", "ok": 1},
                            {"type": "review-progress", "hand": 0, "done": 4, "of": 9},
                            {"type": "review-progress", "hand": 0, "done": 5, "of": 4},
                            {"type": "verified", "ok": True}, {"type": "record"}, {"type": "link", "query": 3},
                            dict(t, deal=[1]), dict(t, undo="yes"), dict(t, tutorial=7)]
    return [("page", m) for m in page] + [("engine", m) for m in engine]


def test_the_learning_messages_are_checked_alike_under_micropython():
    samples = _samples()
    want = [str(page_message_problem(m) if side == "page" else engine_message_problem(m)) for side, m in samples]
    assert want.count("None") >= 15 and len(set(want)) > 10  # real messages pass, damaged ones do not
    files = {"web/page/shared/protocol.py": (ROOT / "web/page/shared/protocol.py").read_text(encoding="utf-8"),
             "web/page/shared/__init__.py": "", "web/page/__init__.py": "", "web/__init__.py": "",
             "samples.json": json.dumps(samples)}
    got = mpy.run(CHECK, files).splitlines()
    assert got[-1] == "done"
    assert got[:-1] == want


HOSTILE = """
import json
from web.page.shared.protocol import clean_text
from web.page.app.text import bidi_html, isolated
from web.page.app.characters import initial
with open("/lib/texts.json") as f:
    texts = json.load(f)
for t in texts:
    print(json.dumps([clean_text(t), isolated(clean_text(t)), bidi_html("<p title='" + isolated(t) + "'>" + isolated(t)
                      + " is playing</p>"), initial(t, "red")]))
print("done")
"""


DEAL_CHECKS = """
import json
from web.page.app.text import deal_check_words
from web.page.shared.online import check_deal
with open("/lib/deals.json") as f:
    samples = json.load(f)
for fair, promised, mine, seen in samples["guest"]:
    seen["piles"] = dict((int(k), v) for k, v in seen["piles"].items())
    seen["sizes"] = dict((int(k), v) for k, v in seen["sizes"].items())
    ok, words = check_deal(fair, promised, mine, seen)
    print(str(ok) + " " + words)
for check in samples["words"]:
    print(deal_check_words(check))
print("done")
"""


def test_text_from_outside_is_made_clean_and_isolated_alike_under_micropython() -> None:
    """Names as a hostile page or link could send them: control characters, direction overrides, isolate marks,
    other scripts, an emoji, too long; the page's MicroPython cleans, isolates and draws them as CPython does."""
    from web.page.app.characters import initial
    from web.page.app.text import bidi_html, isolated
    from web.page.shared.protocol import clean_text

    texts = ["Bob", "\u202eAnn", "Bo\x00b\x1b[31m\x7f\x85", "Ann\tLee\nJr", "\u2068Cy\u2069 ", "\u05d3\u05df 12",
             "\u200f\u202b\u0627\u0644\u0639\u0628", "Zo\u00eb \U0001f600", "N" * 40, "  ", "\u2069\u2069x\u2068"]
    want = [json.dumps([clean_text(t), isolated(clean_text(t)),
                        bidi_html("<p title='" + isolated(t) + "'>" + isolated(t) + " is playing</p>"), initial(t, "red")])
            for t in texts]
    assert len(set(want)) == len(texts)
    files = mpy.app_files()
    files["texts.json"] = json.dumps(texts, ensure_ascii=False)  # (its JSON reads no surrogate pair)
    got = mpy.run(HOSTILE, files).rstrip("\n").split("\n")  # (not splitlines: a name may hold U+0085)
    assert got[-1] == "done"
    assert [json.loads(line) for line in got[:-1]] == [json.loads(w) for w in want]  # (its JSON escapes no letter)


def test_deal_checks_are_worded_alike_under_micropython() -> None:
    """A guest's check of the cards it was dealt and drew (honest, and with a draw changed) and the words of the
    engine's check, as the page makes them, are the same under MicroPython as under CPython."""
    from test_online_engine import _guest_watches

    from web.page.app.text import deal_check_words
    from web.page.shared.online import check_deal

    guest = []
    for game, seed in (("gin", 5), ("rummy", 3)):
        seen, fair, promised = _guest_watches(game, ("ab" * 16,), random.Random(seed))
        guest.append([fair, promised, "ab" * 16, seen])
        if seen["draws"]:
            changed = dict(seen, draws=[dict(seen["draws"][-1], card=(seen["draws"][-1]["card"] + 1) % 52)])
            guest.append([fair, promised, "ab" * 16, changed])
    words: list[dict[str, Any]] = [
             {"hand": 0, "ok": True, "short": "abc"},
             {"hand": 1, "ok": False, "code": "stock-draw", "params": {"draw": 21, "card": "TD", "committed": "JK"}},
             {"hand": 1, "ok": False, "code": "stock-draw", "params": {"draw": 2, "rebuilt": True, "card": "TD",
                                                                      "committed": "QS"}},
             {"hand": 2, "ok": False, "code": "dealt-card", "params": {"position": 12, "card": "AC", "committed": "2H"}},
             {"hand": 2, "ok": False, "code": "restock", "params": {"restock": 2}}, {"hand": 3, "ok": False}]
    data = json.loads(json.dumps({"guest": guest, "words": words}))  # as it travels: piles keyed by text
    want = []
    for fair, promised, mine, seen in data["guest"]:
        seen = dict(seen, piles={int(k): v for k, v in seen["piles"].items()},
                    sizes={int(k): v for k, v in seen["sizes"].items()})
        ok, said = check_deal(fair, promised, mine, seen)
        want.append(str(ok) + " " + said)
    want += [deal_check_words(c) for c in words]
    assert any("Deal verified" in w for w in want) and any("drawn from the stock was" in w for w in want)
    files = {p: (ROOT / p).read_text(encoding="utf-8") for p in (
        "web/page/shared/online.py", "web/page/shared/deal.py", "web/page/shared/cards.py", "web/page/app/text.py",
        "web/page/i18n.py", "web/page/app/__init__.py")}
    files.update({"web/page/shared/__init__.py": "", "web/page/__init__.py": "", "web/__init__.py": "",
                  "deals.json": json.dumps(data)})
    got = mpy.run(DEAL_CHECKS, files).splitlines()
    assert got[-1] == "done"
    assert got[:-1] == want
