"""The command line's contract: ``python -m rummy deadwood`` and ``python -m rummy replay``, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rummy", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def no_traceback(p: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout


# ----- deadwood -----

HAND = ["7C", "7D", "7H", "8S", "9S", "TS", "2H", "3D", "KC", "QC"]


def test_deadwood_json_exact():
    p = run("deadwood", *HAND, "--json")
    assert p.returncode == 0
    assert p.stdout == ('{"deadwood": 25, "melds": [["7C", "7D", "7H"], ["8S", "9S", "TS"]], '
                        '"unmatched": ["2H", "3D", "QC", "KC"]}\n')


def test_deadwood_words():
    p = run("deadwood", *HAND)
    assert p.returncode == 0
    assert p.stdout == "Deadwood 25. Melds: 7C 7D 7H | 8S 9S TS. Unmatched: 2H 3D QC KC.\n"


def test_deadwood_accepts_the_rulebook_card_forms():
    p = run("deadwood", "c7", "7♦", "♥7", "8s", "9S", "10S", "H2", "3D", "KC", "C12", "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout)["deadwood"] == 25


def test_deadwood_stdin_one_hand_per_line():
    text = " ".join(HAND) + "\n\nAC 2C 3C 4D 5D 6D 7H 8H 9H TH\n"
    p = run("deadwood", "-", "--json", stdin=text)
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert len(lines) == 2
    assert json.loads(lines[0]) == {"deadwood": 25, "melds": [["7C", "7D", "7H"], ["8S", "9S", "TS"]],
                                    "unmatched": ["2H", "3D", "QC", "KC"]}
    assert json.loads(lines[1])["deadwood"] == 0


def test_deadwood_stdin_words_and_a_bad_line():
    p = run("deadwood", "-", stdin=" ".join(HAND) + "\nAC 2C ZZ\n2C 3C 4C\n")
    assert p.returncode == 2
    lines = p.stdout.splitlines()
    assert lines[0].startswith("Deadwood 25.")
    assert lines[1].startswith("error:") and "ZZ" in lines[1]
    assert lines[2] == "Deadwood 0. Melds: 2C 3C 4C. Unmatched: none."
    no_traceback(p)


def test_deadwood_stdin_json_error_line():
    p = run("deadwood", "-", "--json", stdin="AC AC\n")
    assert p.returncode == 2
    assert "error" in json.loads(p.stdout)
    no_traceback(p)


@pytest.mark.parametrize("cards,fragment", [
    (["7C", "XX"], "'XX' is not a card"),
    (["7C", "7C", "8D"], "7C is given twice"),
    (["7C", "JK"], "jokers"),
])
def test_deadwood_bad_input_exit_2_with_message(cards, fragment):
    p = run("deadwood", *cards)
    assert p.returncode == 2
    assert p.stderr.startswith("error:") and fragment in p.stderr
    assert p.stdout == ""
    no_traceback(p)


# ----- replay -----

def test_replay_json_ok():
    p = run("replay", str(GOLDEN / "gin_handbuilt.json"), "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout) == {
        "ok": True,
        "hands": [{"end": "gin", "winner": 1, "points": [0, 93]},
                  {"end": "knock", "winner": 0, "points": [3, 0]},
                  {"end": "gin", "winner": 1, "points": [0, 93]}],
        "totals": [3, 186], "final": [28, 336], "winner": 1,
    }
    assert p.stdout.startswith('{"ok": true, "hands": [{"end": "gin", "winner": 1, "points": [0, 93]}')


@pytest.mark.parametrize("name", ["gin_oklahoma_match", "rummy_jokers_hands", "rummy_penalty_match"])
def test_replay_json_matches_golden_summary(name):
    p = run("replay", str(GOLDEN / f"{name}.json"), "--json")
    summary = json.loads((GOLDEN / f"{name}.summary.json").read_text())
    assert json.loads(p.stdout) == summary
    assert p.returncode == (0 if summary["ok"] else 1)


def test_replay_unfinished_match_has_null_final_and_winner():
    p = run("replay", str(GOLDEN / "gin_mid_hand.json"), "--json")
    d = json.loads(p.stdout)
    assert p.returncode == 0 and d["final"] is None and d["winner"] is None


def test_replay_illegal_action_exit_1():
    p = run("replay", str(GOLDEN / "rummy_illegal_action.json"), "--json")
    assert p.returncode == 1
    assert json.loads(p.stdout) == {"ok": False, "hand": 0, "index": 2, "action": "discard KC",
                                    "error": "You took KC from the discard pile; you can't discard it this turn"}
    p = run("replay", str(GOLDEN / "rummy_illegal_action.json"))
    assert p.returncode == 1 and "discard KC" in p.stdout and "can't discard it" in p.stdout


def test_replay_words():
    p = run("replay", str(GOLDEN / "gin_handbuilt.json"))
    assert p.returncode == 0
    assert p.stdout.splitlines() == [
        "Hand 0: gin, won by seat 1, points [0, 93]",
        "Hand 1: knock, won by seat 0, points [3, 0]",
        "Hand 2: gin, won by seat 1, points [0, 93]",
        "Totals: [3, 186]",
        "Final (with bonuses): [28, 336]: seat 1 wins",
    ]


def test_replay_from_stdin():
    p = run("replay", "-", "--json", stdin=(GOLDEN / "rummy_handbuilt.json").read_text())
    assert p.returncode == 0 and json.loads(p.stdout)["winner"] == 0


@pytest.mark.parametrize("content,fragment", [
    ("{not json", "not valid JSON"),
    ("", "not valid JSON"),
    ('["a list"]', "malformed record"),
    ('{"format": "rummy-record/1", "game": "gin", "players": 2, "hands": [{"deck": ["AS"]}]}', "malformed record"),
    ('{"format": "rummy-record/1", "game": "gin", "rules": {"knock_limt": 3}, "hands": []}', "unknown option"),
    ('{"format": "other/1", "game": "gin", "hands": []}', "malformed record"),
])
def test_replay_malformed_exit_2(tmp_path, content, fragment):
    f = tmp_path / "rec.json"
    f.write_text(content)
    p = run("replay", str(f), "--json")
    assert p.returncode == 2
    assert p.stderr.startswith("error:") and fragment in p.stderr
    assert p.stdout == ""
    no_traceback(p)


def test_replay_bad_card_and_stopped_hand_exit_2(tmp_path):
    rec = json.loads((GOLDEN / "gin_handbuilt.json").read_text())
    rec["hands"][0]["deck"][3] = "1Z"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    p = run("replay", str(f))
    assert p.returncode == 2 and "1Z" in p.stderr
    no_traceback(p)
    rec = json.loads((GOLDEN / "gin_handbuilt.json").read_text())
    rec["hands"][0]["actions"] = ["draw discard"]
    f.write_text(json.dumps(rec))
    p = run("replay", str(f), "--json")
    assert p.returncode == 2 and "breaks off before its end" in p.stderr
    no_traceback(p)


def test_replay_missing_file_and_binary_file_exit_2(tmp_path):
    p = run("replay", str(tmp_path / "nope.json"))
    assert p.returncode == 2 and "cannot read" in p.stderr
    no_traceback(p)
    f = tmp_path / "bin.json"
    f.write_bytes(b"\xff\xfe\x00\x01")
    p = run("replay", str(f))
    assert p.returncode == 2
    no_traceback(p)


def test_usage_errors_exit_2():
    p = run()
    assert p.returncode == 2
    p = run("deadwood")
    assert p.returncode == 2
    no_traceback(p)


def test_arena_reads_rule_options_through_the_schema():
    p = run("arena", "--game", "rummy", "--players", "3", "--bots", "casual", "--matches", "1",
            "--option", "reuse_limit=null", "--option", "stalemate_restocks=3", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["rules"] == {"reuse_limit": None, "stalemate_restocks": 3}
    for bad, words in ((["--option", "knock_limit=x"], "must be a whole number"),
                       (["--option", "nope=1"], "unknown option 'nope'"),
                       (["--option", "knock_limit"], "NAME=VALUE")):
        p = run("arena", "--game", "gin", "--matches", "1", *bad)
        assert p.returncode == 2 and words in p.stderr
        no_traceback(p)


def test_no_advertised_command_is_missing():
    p = run("--help")
    assert p.returncode == 0
    for name in ("deadwood", "replay", "arena", "bench"):
        assert name in p.stdout
    assert "play " not in p.stdout.split("{")[1].split("}")[0] + " "
    assert run("play").returncode == 2
