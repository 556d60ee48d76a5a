"""How long a hint and a coach review take under CPython (the same code the engine worker runs).

    python -m bench.learn [--hints 200] [--reviews 20] [--json out.json]

A hint is the expert's advice for seat 0's view (``web/worker/bench.py: bench_learn``, what the table's ``hint``
message does); a review is the coach's review of a finished hand (``review``), with seat 0 played by a skilled
bot so the review has decisions to explain, and the same review once the expert has thought along during the hand as
the table's engine does while the person decides (``review_ahead``). Reported per game (Rummy with 2 and 4 players): p50 / p95 / max in
milliseconds, and the mistakes a review found on average. In Chromium: ``python -m bench.browser_learn``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web.worker.bench import bench_learn  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hints", type=int, default=200)
    ap.add_argument("--reviews", type=int, default=20)
    ap.add_argument("--json", help="also write the result to this file")
    args = ap.parse_args()
    r = bench_learn(args.hints, args.reviews)
    text = json.dumps(r, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
