"""bench/results.py: the records of past benchmark runs, the table of current figures, and README's copy of it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import results

ROOT = Path(__file__).resolve().parents[1]


def write(folder: Path, name: str, record: dict[str, object]) -> None:
    (folder / name).write_text(json.dumps(record), encoding="utf-8")


def startup(date: str, cold: float, warm: float | None = None, **more: object) -> dict[str, object]:
    figures: dict[str, object] = {"cold ratio": cold}
    if warm is not None:
        figures["warm ratio"] = warm
    return {"date": date, "bench": "startup", "commit": None, "load": None,
            "command": "python -m bench.startup --runs 7", "figures": figures, **more}


@pytest.fixture
def known(tmp_path: Path) -> Path:
    """Four records: two start-up runs an hour apart (the later without a warm figure), a make test run, an A/B."""
    write(tmp_path, "2026-01-02T10-00-startup.json",
          startup("2026-01-02T10:00:00Z", 1.2, 0.40, goals={"cold ratio": "≤ 1.10"}, load="1–3",
                  commit="a" * 40))
    write(tmp_path, "2026-01-02T11-00-startup.json", startup("2026-01-02T11:00:00Z", 0.54))
    write(tmp_path, "2026-01-01T09-30-make-test.json",
          {"date": "2026-01-01T09:30:00Z", "bench": "make-test", "commit": "b" * 40, "load": "busy",
           "command": "make test", "figures": {"tests": 1130, "with set-up (s)": 620}})
    write(tmp_path, "2026-01-03T08-00-ab.json",
          {"date": "2026-01-03T08:00:00Z", "bench": "ab", "commit": None, "load": None,
           "command": "python -m bench.ab A B", "figures": {"cold ratio": 9.9}})
    return tmp_path


def test_the_newest_record_of_each_measure_wins(known: Path) -> None:
    cur = {c.measure: c for c in results.current(results.load(known))}
    assert cur["cold ratio"].value == 0.54  # 11:00 over 10:00; the A/B's 9.9 is no figure of the build
    assert cur["cold ratio"].record.name == "2026-01-02T11-00-startup.json"
    assert cur["cold ratio"].goal == "≤ 1.10"  # the newest goal stated for the measure
    assert cur["warm ratio"].value == 0.40  # only the older run measured it
    assert cur["tests"].value == 1130


def test_records_of_the_same_minute_go_by_file_name(tmp_path: Path) -> None:
    write(tmp_path, "2026-01-02T10-00-startup-1.json", startup("2026-01-02T10:00:00Z", 1.0))
    write(tmp_path, "2026-01-02T10-00-startup-2.json", startup("2026-01-02T10:00:00Z", 2.0))
    assert [c.value for c in results.current(results.load(tmp_path))] == [2.0]


def test_the_markdown_table_of_known_records(known: Path) -> None:
    """A row per record that holds a current figure: make test first (BENCH_ORDER), then the start-up runs newest
    first; units follow the values, goals follow the figures."""
    assert results.markdown(results.load(known)) == (
        "| command | current figures | measured (recorded, commit, load) |\n"
        "|---|---|---|\n"
        "| `make test` | tests **1,130**; with set-up **620 s** | 2026-01-01 09:30, `bbbbbbb`, busy machine |\n"
        "| `python -m bench.startup --runs 7` | cold ratio **0.54** (goal ≤ 1.10) | 2026-01-02 11:00, commit unknown |\n"
        "| `python -m bench.startup --runs 7` | warm ratio **0.4** | 2026-01-02 10:00, `aaaaaaa`, load 1–3 |\n"
    )


def test_a_figure_shows_its_unit_after_its_value() -> None:
    assert results.format_figure("dropped frames (%)", 5.3) == "dropped frames **5.3%**"
    assert results.format_figure("random play, Gin (actions/s)", 29200) == "random play, Gin **29,200 actions/s**"
    assert results.format_figure("first paint, cold (ms)", "140–204", "≤ 200") == "first paint, cold **140–204 ms** (goal ≤ 200)"


@pytest.mark.parametrize("name, record, fault", [
    ("2026-01-02T10-00-startup.json", {"date": "2026-01-02T10:00:00Z"}, "'bench'"),
    ("2026-01-02T10-00-startup.json", startup("2026-01-02T10:00:00", 1.0), "time zone"),
    ("2026-01-02T10-00-startup.json", startup("2026-01-02T10:00:00Z", 1.0, commit="abc"), "'commit'"),
    ("2026-01-02T10-00-startup.json", startup("2026-01-02T10:00:00Z", 1.0, goals={"other": "≤ 1"}), "goal"),
    ("2026-01-02T10-00-startup.json", startup("2026-01-02T10:00:00Z", 1.0, extra=1), "unknown keys"),
    ("2026-01-02T10-00-startup.json", {**startup("2026-01-02T10:00:00Z", 1.0), "figures": {"x": True}}, "number"),
    ("2026-01-02T10-01-startup.json", startup("2026-01-02T10:00:00Z", 1.0), "does not match"),
    ("startup.json", startup("2026-01-02T10:00:00Z", 1.0), "is named"),
])
def test_a_record_that_is_not_one_is_refused_with_its_file_and_fault(tmp_path: Path, name: str,
                                                                     record: dict[str, object], fault: str) -> None:
    write(tmp_path, name, record)
    with pytest.raises(results.RecordError, match=re.escape(name) + ".*" + re.escape(fault)):
        results.load(tmp_path)


def test_every_stored_record_loads() -> None:
    records = results.load()
    assert records and all(r.commit is None or len(r.commit) == 40 for r in records)


def test_readme_shows_the_table_the_records_give() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- bench-results: python -m bench.results --markdown -->\n(.*?)<!-- /bench-results -->",
                  readme, re.S)
    assert m, "README.md has no bench-results block"
    printed = subprocess.run([sys.executable, "-m", "bench.results", "--markdown"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    assert m.group(1) == printed, "README's table differs from `python -m bench.results --markdown`: paste its output"


def test_a_written_record_reads_back_and_a_second_of_the_same_minute_gets_its_own_name(tmp_path: Path) -> None:
    from bench.results import current, load, write_record

    first = write_record("probe", "python -m bench.probe", {"speed (s)": 1.5}, [0.5, 2.0], note="n", directory=tmp_path)
    second = write_record("probe", "python -m bench.probe", {"speed (s)": 1.25}, [1.0], directory=tmp_path,
                          commit=None)
    assert first != second and second.name.endswith("-probe-2.json")
    # Both in the same second: the file's number says which is newer ("x-2.json" sorts before "x.json" by name).
    raw = json.loads(second.read_text(encoding="utf-8"))
    raw["date"] = json.loads(first.read_text(encoding="utf-8"))["date"]
    second.write_text(json.dumps(raw), encoding="utf-8")
    records = load(tmp_path)
    assert [dict(r.figures)["speed (s)"] for r in records] == [1.5, 1.25]
    assert [c.value for c in current(records)] == [1.25]
    assert json.loads(first.read_text(encoding="utf-8"))["load"] == "0.5–2.0"
    assert raw["commit"] is None and json.loads(first.read_text(encoding="utf-8"))["commit"]


def test_a_benchs_options_and_its_report_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.results import bench_options, report

    args = bench_options("probe", "runs", 5, ["--runs", "3", "--json"])
    assert (args.runs, args.site, args.json, args.record) == (3, None, True, False)
    report(args, "runs", "probe", {"speed (s)": 1.5}, 0.5, "3 run(s)", extra={"times": [1, 2]})
    out = json.loads(capsys.readouterr().out)
    assert out["runs"] == 3 and out["figures"] == {"speed (s)": 1.5} and out["times"] == [1, 2]
    assert out["load"][0] == 0.5
    report(bench_options("probe", "runs", 5, []), "runs", "probe", {"speed (s)": 1.5}, 0.5, "5 run(s)",
           goals={"speed (s)": "≤ 2"})
    text = capsys.readouterr().out
    assert text.startswith("5 run(s) (machine load 0.5 before") and "  speed (s)   1.5   (goal ≤ 2)\n" in text
