"""How long the page's Python takes to draw a screen, under the MicroPython the page ships (run by Node) and CPython.

    python -m bench.page_draw [--repeat 3] [--json]

It replays the recorded run of the table app that tests/test_page_mpy.py checks line for line (a Gin hand, a Rummy
hand and a pass-and-play hand, played by commands, keys and drops, with every message the app got): after each
message the screen's HTML is drawn (``App.screen_html``, what the runner hands to the page). Reported: the new-game
screen (the first paint of a returning player with no game), and over every message the median, the 90th
percentile and the longest drawing, in milliseconds. Node's MicroPython runs no garbage collection inside one call
(the page's does, between tasks), so these are drawing times alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

# Runs in both Pythons: times come from performance.now() in the page's MicroPython, perf_counter in CPython.
SOURCE = r'''
import json
try:
    import js
    now = js.performance.now
except ImportError:
    import time
    def now():
        return time.perf_counter() * 1000
from web.page.app.model import App
from web.page.app.setup import Catalog

with open(PATH) as f:
    doc = json.load(f)
app = App(Catalog(doc["catalog"]))
first = []
for _ in range(REPEAT):
    t = now()
    views.screen_html(app)
    first.append(now() - t)
each = []
for msg in doc["messages"]:
    app.update(tuple(msg))
    best = None
    for _ in range(REPEAT):
        t = now()
        views.screen_html(app)
        d = now() - t
        best = d if best is None or d < best else best
    each.append(best)
print(json.dumps({"first": min(first), "each": each}))
'''


def summary(run: dict[str, Any]) -> dict[str, Any]:
    each = sorted(run["each"])
    return {"first_screen_ms": round(run["first"], 2), "screens": len(each),
            "median_ms": round(statistics.median(each), 2), "p90_ms": round(each[int(0.9 * (len(each) - 1))], 2),
            "longest_ms": round(each[-1], 2)}


def measure(repeat: int) -> dict[str, Any]:
    import mpy
    from test_page_mpy import _app_transcript

    problem = mpy.missing()
    if problem:
        raise SystemExit(problem)
    transcript = _app_transcript()
    files = mpy.app_files()
    files["app_transcript.json"] = transcript
    source = SOURCE.replace("REPEAT", str(repeat))
    micropython = json.loads(mpy.run(source.replace("PATH", repr("/lib/app_transcript.json")), files))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "app_transcript.json"
        path.write_text(transcript, encoding="utf-8")
        scope: dict[str, Any] = {}
        out: list[str] = []
        scope["print"] = out.append
        exec(compile(source.replace("PATH", repr(str(path))), "page_draw", "exec"), scope)
    cpython = json.loads(out[-1])
    return {"micropython": summary(micropython), "cpython": summary(cpython), "repeat": repeat}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--repeat", type=int, default=3, help="draw each screen this many times; the fastest counts")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.repeat)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Drawing a screen (App.screen_html), {result['micropython']['screens']} screens of a recorded run, "
          f"fastest of {args.repeat} each:")
    print("  python        new-game screen   median     p90   longest")
    for name in ("micropython", "cpython"):
        r = result[name]
        print(f"  {name:12} {r['first_screen_ms']:12.2f} ms {r['median_ms']:6.2f} ms {r['p90_ms']:6.2f} ms"
              f" {r['longest_ms']:6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
