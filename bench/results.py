"""Benchmark results: one JSON record per run in ``bench/results/``, and the table of current figures.

    python -m bench.results              # the current figure of each measure, as plain text
    python -m bench.results --markdown   # the same table in Markdown, exactly as README.md shows it
    python -m bench.results --all        # every record's figures, oldest first

A record, ``bench/results/<date>-<bench>[-<n>].json`` (``2026-11-26T10-40-startup.json``)::

    {
      "date": "2026-11-26T10:40:07Z",    # when the run was recorded (UTC); the run itself was shortly before
      "bench": "startup",                # which benchmark: groups the table's rows; also in the file's name
      "commit": "4d99a8c...",            # the commit whose build was measured, or null when it cannot be told
      "load": "3.8",                     # the 2-core machine's load average during the run as noted ("1–3"),
                                         # "quiet" or "busy" when no figure was noted, or null when unknown
      "command": "python -m bench.startup --runs 7",
      "figures": {"cold ratio, game / bare page": 0.59, "cold ready, game (s)": 1.99},
      "goals": {"cold ratio, game / bare page": "<= 1.10"},     # optional: a measure's goal
      "note": "..."                                              # optional: what to know to read the figures
    }

A measure is named by its key in ``figures`` (the unit, if any, in brackets at its end), the same in every
record that measures it. The *current* figure of a measure is the one of its newest record (the latest
``date``; records of the same date in the order of their file names), with the goal its newest record that
states one gives. Records of the ``ab`` bench compare two
builds (``python -m bench.ab``): they are kept, and listed by ``--all``, but they are not figures of the build and
stay out of the table of current figures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

RESULTS_DIR = Path(__file__).resolve().parent / "results"

# The table's groups, in this order; a bench not named here follows, in the order of its name.
BENCH_ORDER = (
    "make-test",
    "startup",
    "responsive",
    "lighthouse",
    "first-minute",
    "page-draw",
    "motion",
    "deadwood",
    "play",
    "learn",
    "browser-bots",
    "browser-learn",
    "rtc-link",
    "sealed-deal",
    "sealed-hand",
)
# Benches whose records compare two builds: not figures of the build, so not in the current table.
COMPARISONS = frozenset({"ab"})

Value = int | float | str

_FILE_NAME = re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}-\d{2})-([a-z0-9-]+?)(?:-(\d+))?\.json")
_UNIT = re.compile(r"(.+) \(([^()]+)\)")
_KEYS = frozenset({"date", "bench", "commit", "load", "command", "figures", "goals", "note"})


class RecordError(ValueError):
    """A record that is not exactly what this module reads: the message names the file and the fault."""


@dataclass(frozen=True)
class Record:
    """One run of one benchmark command."""

    name: str  # the file's name: its number orders records of the same date
    date: datetime
    bench: str
    commit: str | None
    load: str | None
    command: str
    figures: tuple[tuple[str, Value], ...]
    goals: tuple[tuple[str, str], ...] = ()
    note: str | None = None

    def goal(self, measure: str) -> str | None:
        return dict(self.goals).get(measure)

    @property
    def order(self) -> tuple[datetime, int]:
        """Oldest first: by date, then the file's number (``x.json`` before ``x-2.json`` of the same minute)."""
        m = _FILE_NAME.fullmatch(self.name)
        return self.date, int(m.group(3) or 1) if m else 1


@dataclass(frozen=True)
class Current:
    """A measure's current figure: the value of its newest record."""

    measure: str
    value: Value
    goal: str | None
    record: Record


def _text(raw: dict[str, object], key: str, where: str, *, optional: bool = False) -> str | None:
    value = raw.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        raise RecordError(f"{where}: {key!r} must be a non-empty string{' or null' if optional else ''}")
    return value


def parse_record(name: str, raw: object) -> Record:
    """The record in ``raw`` (a file's parsed JSON) named ``name``; RecordError when it is not one."""
    if not isinstance(raw, dict):
        raise RecordError(f"{name}: not a JSON object")
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise RecordError(f"{name}: unknown keys {unknown}")
    date_text = _text(raw, "date", name)
    assert date_text is not None
    try:
        date = datetime.fromisoformat(date_text.replace("Z", "+00:00"))
    except ValueError:
        raise RecordError(f"{name}: 'date' is not an ISO date and time: {date_text!r}") from None
    if date.tzinfo is None:
        raise RecordError(f"{name}: 'date' needs its time zone (Z for UTC)")
    bench = _text(raw, "bench", name)
    command = _text(raw, "command", name)
    assert bench is not None and command is not None
    commit = _text(raw, "commit", name, optional=True)
    if commit is not None and not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise RecordError(f"{name}: 'commit' must be a full commit hash (40 hex digits) or null")
    figures_raw = raw.get("figures")
    if not isinstance(figures_raw, dict) or not figures_raw:
        raise RecordError(f"{name}: 'figures' must be a non-empty object")
    figures: list[tuple[str, Value]] = []
    for measure, value in figures_raw.items():
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise RecordError(f"{name}: figure {measure!r} must be a number or a string")
        figures.append((measure, value))
    goals_raw = raw.get("goals", {})
    if not isinstance(goals_raw, dict):
        raise RecordError(f"{name}: 'goals' must be an object")
    goals: list[tuple[str, str]] = []
    for measure, goal in goals_raw.items():
        if measure not in figures_raw or not isinstance(goal, str):
            raise RecordError(f"{name}: goal {measure!r} must be a string for a measure of 'figures'")
        goals.append((measure, goal))
    return Record(
        name=name,
        date=date,
        bench=bench,
        commit=commit,
        load=_text(raw, "load", name, optional=True),
        command=command,
        figures=tuple(figures),
        goals=tuple(goals),
        note=_text(raw, "note", name, optional=True),
    )


HEAD = "HEAD"  # write_record's default commit: the one checked out


def write_record(bench: str, command: str, figures: Mapping[str, Value], loads: Sequence[float],
                 note: str | None = None, goals: Mapping[str, str] | None = None,
                 directory: Path = RESULTS_DIR, commit: str | None = HEAD) -> Path:
    """Write a run's record (the format above) as ``<directory>/<date>-<bench>[-<n>].json``, dated now, with the
    commit (by default the one checked out; None for a tree with changes) and the load averages noted during the
    run (``loads``); returns its path."""
    now = datetime.now(UTC)
    if commit == HEAD:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=RESULTS_DIR.parent.parent, capture_output=True,
                              text=True)
        commit = done.stdout.strip() or None
    record: dict[str, object] = {
        "date": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "bench": bench, "commit": commit,
        "load": "–".join(f"{x:.1f}" for x in sorted(set(loads))), "command": command, "figures": dict(figures)}
    if goals:
        record["goals"] = dict(goals)
    if note:
        record["note"] = note
    base = directory / f"{now.strftime('%Y-%m-%dT%H-%M')}-{bench}"
    path, n = base.with_suffix(".json"), 1
    while path.exists():
        n += 1
        path = Path(f"{base}-{n}.json")
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def bench_options(description: str, count: str, default: int, argv: Sequence[str] | None) -> argparse.Namespace:
    """A browser bench's options: ``--<count>`` (how many runs, starts or hands), ``--site`` (a built site, else a
    new build), ``--json`` and ``--record``."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--" + count, type=int, default=default)
    ap.add_argument("--site", help="a built site (default: build one into a temporary directory)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--record", action="store_true", help="write the figures into bench/results/")
    return ap.parse_args(argv)


def report(args: argparse.Namespace, count: str, bench: str, figures: Mapping[str, Value], load_before: float,
           head: str, goals: Mapping[str, str] | None = None, note: str | None = None,
           extra: Mapping[str, object] | None = None) -> None:
    """A bench's end (options of :func:`bench_options`): the figures as JSON (with ``extra``) or for a person
    (``head``, then the machine's load before and after), and with ``--record`` as a record."""
    load = [round(load_before, 1), round(os.getloadavg()[0], 1)]
    n = getattr(args, count)
    if args.json:
        print(json.dumps({count: n, "figures": dict(figures), **(extra or {}), "load": load}))
    else:
        print_figures(f"{head} (machine load {load[0]} before, {load[1]} after)", figures, goals)
    if args.record:
        path = write_record(bench, f"python -m bench.{bench.replace('-', '_')} --{count} {n}", figures, load,
                            note=note, goals=goals)
        print(f"recorded: {path}")


def print_figures(head: str, figures: Mapping[str, Value], goals: Mapping[str, str] | None = None) -> None:
    """A run's figures for a person: ``head`` (what was run, the machine's load), then a figure a line with its
    goal."""
    print(head)
    width = max((len(k) for k in figures), default=0) + 2
    for k, v in figures.items():
        goal = (goals or {}).get(k)
        print(f"  {k:<{width}} {v}" + (f"   (goal {goal})" if goal else ""))


def load(directory: Path = RESULTS_DIR) -> list[Record]:
    """Every record of ``directory``, oldest first; RecordError for a file that is not a record."""
    records = []
    for path in sorted(directory.glob("*.json")):
        m = _FILE_NAME.fullmatch(path.name)
        if m is None:
            raise RecordError(f"{path.name}: a record's file is named <YYYY-MM-DDTHH-MM>-<bench>[-<n>].json")
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise RecordError(f"{path.name}: not JSON ({e})") from None
        record = parse_record(path.name, raw)
        if record.date.strftime("%Y-%m-%dT%H-%M") != m.group(1) or record.bench != m.group(2):
            raise RecordError(f"{path.name}: the name does not match the record's date and bench")
        records.append(record)
    return sorted(records, key=lambda r: r.order)


def _bench_key(bench: str) -> tuple[int, str]:
    return (BENCH_ORDER.index(bench), "") if bench in BENCH_ORDER else (len(BENCH_ORDER), bench)


def current(records: Iterable[Record]) -> list[Current]:
    """The newest figure of each measure (comparisons left out), in the table's order: by bench (BENCH_ORDER),
    then in the order of the measures in the bench's newest record, then of older ones."""
    records_seen = [r for r in records if r.bench not in COMPARISONS]
    newest: dict[str, Current] = {}
    for record in sorted(records_seen, key=lambda r: r.order):
        for measure, value in record.figures:
            goal = record.goal(measure) or (newest[measure].goal if measure in newest else None)
            newest[measure] = Current(measure, value, goal, record)

    order: dict[str, int] = {}
    for record in sorted(records_seen, key=lambda r: r.order, reverse=True):
        for measure, _value in record.figures:
            if measure in newest:
                order.setdefault(measure, len(order))
    return sorted(newest.values(), key=lambda c: (_bench_key(c.record.bench), order[c.measure]))


def format_value(value: Value) -> str:
    """A figure as the table writes it: integers with thousands separators, other numbers as written."""
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _when(record: Record) -> str:
    parts = [record.date.strftime("%Y-%m-%d %H:%M")]
    parts.append(f"`{record.commit[:7]}`" if record.commit else "commit unknown")
    if record.load:
        # a load average as noted ("3.8", "1–3"), or a word for the machine when no figure was noted ("busy")
        parts.append(f"load {record.load}" if record.load[0].isdigit() else f"{record.load} machine")
    return ", ".join(parts)


def format_figure(measure: str, value: Value, goal: str | None = None) -> str:
    """``cold ready, game (s)`` at 1.71 as ``cold ready, game **1.71 s**``: the unit after the value, the goal after."""
    m = _UNIT.fullmatch(measure)
    name, unit = (m.group(1), m.group(2)) if m else (measure, "")
    shown = format_value(value) + ("" if not unit else unit if unit == "%" else f" {unit}")
    return f"{name} **{shown}**" + (f" (goal {goal})" if goal else "")


def markdown(records: Iterable[Record]) -> str:
    """The table of current figures in Markdown, as README.md shows it (ending with a newline): a row for each
    record that holds a current figure, by bench (BENCH_ORDER) and newest first, with those of its figures."""
    rows: dict[str, tuple[Record, list[Current]]] = {}
    for cur in current(records):
        rows.setdefault(cur.record.name, (cur.record, []))[1].append(cur)

    def order(row: tuple[Record, list[Current]]) -> tuple[tuple[int, str], float, str]:
        record = row[0]
        return (_bench_key(record.bench), -record.date.timestamp(), record.name)

    lines = ["| command | current figures | measured (recorded, commit, load) |", "|---|---|---|"]
    for record, figures in sorted(rows.values(), key=order):
        shown = "; ".join(format_figure(c.measure, c.value, c.goal) for c in figures)
        cells = [f"`{record.command}`", shown, _when(record)]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def text(records: Iterable[Record]) -> str:
    """The table of current figures as plain text, one measure a line."""
    rows = [(c.measure, format_value(c.value), c.goal or "", _when(c.record).replace("`", "")) for c in current(records)]
    width = max((len(r[0]) for r in rows), default=0)
    return "".join(f"{m:<{width}}  {v}{f'  (goal {g})' if g else ''}  [{w}]\n" for m, v, g, w in rows)


def history(records: Iterable[Record]) -> str:
    """Every record, oldest first: its date, bench, command, then each figure."""
    out = []
    for r in records:
        out.append(f"{_when(r).replace('`', '')}  {r.bench}: {r.command}\n")
        out.extend(f"    {m}: {format_value(v)}\n" for m, v in r.figures)
        if r.note:
            out.append(f"    ({r.note})\n")
    return "".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    form = ap.add_mutually_exclusive_group()
    form.add_argument("--markdown", action="store_true", help="the Markdown table README.md shows")
    form.add_argument("--all", action="store_true", help="every record's figures, oldest first")
    ap.add_argument("--dir", type=Path, default=RESULTS_DIR, help="the records' folder (default: bench/results)")
    args = ap.parse_args(argv)
    try:
        records = load(args.dir)
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(markdown(records) if args.markdown else history(records) if args.all else text(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
