"""The game in the two other engines: the page loads, a game starts (chosen by the address in Firefox, with
*Play Gin Rummy* in WebKit), the person plays a turn, and a reload resumes the same hand, drawn at once from the
saved view and then taken over by the engine, restored from its memory snapshot. Firefox: Debian's
firefox-esr through npm puppeteer-core over WebDriver BiDi; WebKit (Safari's engine): Debian's
WebKitWebDriver and MiniBrowser under xvfb-run, through Selenium. ``make test`` installs them (``make browsers``); never a downloaded browser."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import system_deps  # noqa: E402

TIMEOUT_S = 600


def require_cross_browsers() -> None:
    need = system_deps.missing(["cross"])
    if need:
        pytest.fail(f"missing Debian packages {' '.join(need)}: run `make browsers` "
                    f"(or apt-get install -y {' '.join(need)})", pytrace=False)


def visits(cmd: list[str]) -> list[dict[str, Any]]:
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, cwd=ROOT)
    assert run.returncode == 0, f"{cmd[0]} failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}"
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 2, run.stdout + run.stderr[-2000:]
    return lines


def check(lines: list[dict[str, Any]]) -> None:
    """Load, play a turn, reload resumes: the same hand at the first paint and from the engine."""
    first, second = lines
    for visit in lines:
        assert visit["error"] is None, visit["error"]
        assert visit["drawn"] and visit["ready"], visit
        assert not visit.get("problems"), visit["problems"]
    assert first["engineStart"] == "normal"
    assert second["engineStart"] == "snapshot"
    hand = first["hand"]
    assert len(hand) >= 7 and first["phase"] == "play", first  # a card was drawn: the turn is being played
    assert second["handAtDrawn"] == hand, second  # drawn from the saved view before the engine is up
    assert second["hand"] == hand and second["phase"] == "play" and second["step"] == first["step"], second


def test_firefox_loads_plays_a_turn_and_a_reload_resumes(site_url: str) -> None:
    require_cross_browsers()
    node = shutil.which("node")
    assert node, "node is needed (puppeteer-core)"
    lines = visits([node, str(ROOT / "e2e/cross/firefox.mjs"),
                    site_url + "index.html?game=gin&opponents=rex&seed=5&speed=0"])
    assert lines[0]["browser"].startswith("firefox/")
    check(lines)


def test_webkit_starts_a_game_plays_a_turn_and_a_reload_resumes(site_url: str) -> None:
    require_cross_browsers()
    lines = visits(["xvfb-run", "-a", sys.executable, str(ROOT / "e2e/cross/webkit.py"), site_url + "index.html?speed=0"])
    check(lines)
