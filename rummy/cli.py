"""The command line: ``python -m rummy deadwood|replay|verify|arena|bench``.

Every command prints plain words, or one JSON document with ``--json``. Bad input gets a one-line message
and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .cards import JOKER, card_str, parse_cards, sort_by_rank
from .deadwood import best_arrangement
from .errors import CardError, RecordError, UsageError


def deadwood_report(cards_text: Sequence[str] | str) -> dict[str, Any]:
    """The minimum deadwood of a Gin hand, with the melds that give it and the cards left unmatched."""
    try:
        cards = parse_cards(cards_text)
    except CardError as e:
        raise UsageError(str(e)) from None
    if not cards:
        raise UsageError("give the cards of a hand, like: 7C 7D 7H 8S 9S TS 2H 3D KC QC")
    if JOKER in cards:
        raise UsageError("jokers are not played in Gin Rummy, so they have no deadwood value here")
    dup = sorted({c for c in cards if cards.count(c) > 1})
    if dup:
        raise UsageError(f"{card_str(dup[0])} is given twice; a hand holds each card once")
    dw, melds, unmatched = best_arrangement(cards)
    ordered = sorted((sort_by_rank(m) for m in melds), key=lambda m: (m[0] % 13, m[0] // 13))
    return {"deadwood": dw, "melds": [[card_str(c) for c in m] for m in ordered],
            "unmatched": [card_str(c) for c in sort_by_rank(unmatched)]}


def deadwood_words(r: dict[str, Any]) -> str:
    melds = " | ".join(" ".join(m) for m in r["melds"]) or "none"
    unmatched = " ".join(r["unmatched"]) or "none"
    return f"Deadwood {r['deadwood']}. Melds: {melds}. Unmatched: {unmatched}."


def cmd_deadwood(args: argparse.Namespace) -> int:
    if args.cards == ["-"]:
        status = 0
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                r = deadwood_report(line)
                print(json.dumps(r) if args.json else deadwood_words(r))
            except UsageError as e:
                status = 2
                print(json.dumps({"error": str(e)}) if args.json else f"error: {e}")
            sys.stdout.flush()
        return status
    r = deadwood_report(args.cards)
    print(json.dumps(r) if args.json else deadwood_words(r))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .record import replay

    try:
        with open(args.record, encoding="utf-8") if args.record != "-" else sys.stdin as f:
            rec = json.load(f)
    except OSError as e:
        raise UsageError(f"cannot read {args.record}: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise UsageError(f"{args.record} is not valid JSON: {e}") from None
    try:
        result = replay(rec)
    except RecordError as e:
        raise UsageError(f"malformed record: {e}") from None
    summary = result.summary()
    if args.json:
        print(json.dumps(summary))
    elif not result.ok:
        print(f"Illegal action in hand {summary['hand']}, action {summary['index']} "
              f"({summary['action']!r}): {summary['error']}")
    else:
        for i, h in enumerate(summary["hands"]):
            who = "nobody" if h["winner"] is None else f"seat {h['winner']}"
            print(f"Hand {i}: {h['end']}, won by {who}, points {h['points']}")
        print(f"Totals: {summary['totals']}")
        if summary["final"] is not None:
            w = "a tie" if summary["winner"] is None else f"seat {summary['winner']} wins"
            print(f"Final (with bonuses): {summary['final']}: {w}")
        else:
            print("The match is not over.")
    return 0 if result.ok else 1


def _read_json(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") if path != "-" else sys.stdin as f:
            return json.load(f)
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise UsageError(f"{path} is not valid JSON: {e}") from None


def cmd_verify(args: argparse.Namespace) -> int:
    """Check the deals of a record that carries its proofs (the game's "Check this deal")."""
    from .fairdeal import verify_record

    rec = _read_json(args.record)
    try:
        checks = verify_record(rec)
    except RecordError as e:
        raise UsageError(f"malformed record: {e}") from None
    ok = all(c.ok for c in checks)
    if args.json:
        print(json.dumps({"ok": ok, "hands": [c.to_data() for c in checks]}))
    else:
        for c in checks:
            print(c.words)
        print("Every deal checks out." if ok else "Some deals do not match their commitments.")
    return 0 if ok else 1


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import main as arena_main

    return arena_main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    from .benchmarks import main as bench_main

    return bench_main(args)


OPTIONAL_COMMANDS = [
    ("arena", ".arena", "play bots against each other and report their strength", cmd_arena),
    ("bench", ".benchmarks", "benchmarks: deadwood speed against OpenSpiel, random play speed", cmd_bench),
]


def program_name() -> str:
    """How we were run, for the usage line: ``rummy`` (the command ``pip install`` makes), else ``python -m rummy``."""
    return "rummy" if sys.argv and Path(sys.argv[0]).stem == "rummy" else "python -m rummy"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=program_name(), description="Rummy and Gin Rummy engine")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deadwood", help="minimum deadwood of a Gin hand, with its melds")
    d.add_argument("cards", nargs="+", help="cards like 7C 7D TS, or - to read one hand per line")
    d.add_argument("--json", action="store_true", help="print JSON")
    d.set_defaults(run=cmd_deadwood)
    r = sub.add_parser("replay", help="replay a hand record and print the outcome")
    r.add_argument("record", help="a record file (rummy-record/1 JSON), or - for standard input")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.set_defaults(run=cmd_replay)
    v = sub.add_parser("verify", help="check the deals of a record with its proofs (commitments and secrets)")
    v.add_argument("record", help="a record file with \"proofs\" (as the game exports it), or - for standard input")
    v.add_argument("--json", action="store_true", help="print JSON")
    v.set_defaults(run=cmd_verify)
    for name, module, help_text, run in OPTIONAL_COMMANDS:
        try:
            add_arguments = importlib.import_module(module, __package__).add_arguments
        except ImportError:
            continue
        cmd = sub.add_parser(name, help=help_text)
        add_arguments(cmd)
        cmd.set_defaults(run=run)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
