"""Time the Gin Rummy deadwood solver against OpenSpiel's on the same random hands.

    python -m bench.deadwood [--hands N] [--seed S] [--json]

Figures are microseconds per hand, each call made from a plain Python loop (call overhead included,
for both engines), best of three passes. ``cold``: each pass starts right after
:func:`rummy.deadwood.clear_cache` (the interpreter itself is warmed first on other hands);
``warm``: passes over hands already seen (only hands that hold a possible set are cached).
OpenSpiel (``pyspiel``) is optional: without it its figures are ``None``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummy import deadwood


def to_openspiel(card: int) -> int:
    """Our card (suits C D H S) to OpenSpiel's (suits s c d h); ranks are alike."""
    suit, rank = divmod(card, 13)
    return ((suit + 1) % 4) * 13 + rank


def _time_pass(fn: Callable[[Any], Any], items: Sequence[Any]) -> float:
    """Seconds for one pass of ``fn`` over ``items``."""
    t0 = time.perf_counter()
    for x in items:
        fn(x)
    return time.perf_counter() - t0


def _us(seconds: float, n: int) -> float:
    return round(seconds / n * 1e6, 3)


def run(hands: int = 20000, seed: int = 1) -> dict[str, Any]:
    """Time ``min_deadwood`` (ours cold and warm, OpenSpiel's) on ``hands`` random 10-card hands and
    ``best_discards`` on as many random 11-card hands; return the figures as a dict."""
    rng = random.Random(seed)
    h10 = [rng.sample(range(52), 10) for _ in range(hands)]
    h11 = [rng.sample(range(52), 11) for _ in range(hands)]
    m10 = [deadwood.hand_mask(h) for h in h10]
    warmup = random.Random(seed + 1)
    w10 = [warmup.sample(range(52), 10) for _ in range(min(hands, 5000))]
    w11 = [warmup.sample(range(52), 11) for _ in range(min(hands, 5000))]
    _time_pass(deadwood.min_deadwood, w10)
    _time_pass(deadwood.best_discards, w11)

    def cold_pass(fn: Callable[[Any], Any], items: Sequence[Any]) -> float:
        deadwood.clear_cache()
        return _time_pass(fn, items)

    cold = min(cold_pass(deadwood.min_deadwood, h10) for _ in range(3))
    warm = min(_time_pass(deadwood.min_deadwood, h10) for _ in range(3))
    mask_cold = min(cold_pass(deadwood.min_deadwood, m10) for _ in range(3))
    bd_cold = min(cold_pass(deadwood.best_discards, h11) for _ in range(3))
    bd_warm = min(_time_pass(deadwood.best_discards, h11) for _ in range(3))

    out: dict[str, Any] = {
        "hands": hands,
        "seed": seed,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "ours_min_deadwood_us_cold": _us(cold, hands),
        "ours_min_deadwood_us_warm": _us(warm, hands),
        "ours_min_deadwood_mask_input_us_cold": _us(mask_cold, hands),
        "ours_best_discards_us_cold": _us(bd_cold, hands),
        "ours_best_discards_us_warm": _us(bd_warm, hands),
        "openspiel_min_deadwood_us": None,
        "ratio_cold": None,
        "ratio_warm": None,
        "openspiel_min_deadwood_11_us": None,
        "disagreements_10": None,
    }
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return out
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    o10 = [[to_openspiel(c) for c in h] for h in h10]
    o11 = [[to_openspiel(c) for c in h] for h in h11]
    theirs = min(_time_pass(utils.min_deadwood, o10) for _ in range(3))
    theirs11 = min(_time_pass(utils.min_deadwood, o11) for _ in range(3))
    out["openspiel_min_deadwood_us"] = _us(theirs, hands)
    out["ratio_cold"] = round(cold / theirs, 2)
    out["ratio_warm"] = round(warm / theirs, 2)
    out["openspiel_min_deadwood_11_us"] = _us(theirs11, hands)
    out["disagreements_10"] = sum(
        deadwood.min_deadwood(a) != utils.min_deadwood(b) for a, b in zip(h10, o10)
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.deadwood", description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20000, help="random hands of each size (default 20000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the hands (default 1)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    r = run(args.hands, args.seed)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"deadwood bench: {r['hands']} random hands of 10 and of 11 cards, seed {r['seed']}, {r['python']}")
    print(f"  ours      min_deadwood, 10 cards, cold cache : {r['ours_min_deadwood_us_cold']:8.3f} us/hand")
    print(f"  ours      min_deadwood, 10 cards, warm cache : {r['ours_min_deadwood_us_warm']:8.3f} us/hand")
    print(f"  ours      min_deadwood, 10 cards, mask input : {r['ours_min_deadwood_mask_input_us_cold']:8.3f} us/hand (cold)")
    if r["openspiel_min_deadwood_us"] is None:
        print("  OpenSpiel not installed (pip install -r requirements-dev.txt): no comparison")
    else:
        print(f"  OpenSpiel min_deadwood, 10 cards            : {r['openspiel_min_deadwood_us']:8.3f} us/hand")
        print(f"  ratio ours/OpenSpiel: cold {r['ratio_cold']}x, warm {r['ratio_warm']}x"
              f"  (disagreements: {r['disagreements_10']})")
    print(f"  ours      best_discards, 11 cards, cold cache: {r['ours_best_discards_us_cold']:8.3f} us/hand")
    print(f"  ours      best_discards, 11 cards, warm cache: {r['ours_best_discards_us_warm']:8.3f} us/hand")
    if r["openspiel_min_deadwood_11_us"] is not None:
        print(f"  OpenSpiel min_deadwood, 11 cards (its after-discard estimate): "
              f"{r['openspiel_min_deadwood_11_us']:.3f} us/hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
