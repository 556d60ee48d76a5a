"""tools/system_deps.py: installs Debian's browsers as root, otherwise stops with the one command to run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import system_deps  # noqa: E402


@pytest.fixture
def fake_groups(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    present = tmp_path / "present"
    present.write_text("")
    monkeypatch.setattr(system_deps, "GROUPS", {
        "chromium": (("chromium", str(tmp_path / "absent-chromium")),),
        "cross": (("firefox-esr", str(present)), ("xvfb", str(tmp_path / "absent-xvfb")),
                  ("chromium", str(tmp_path / "absent-chromium"))),
    })
    return tmp_path


def test_missing_lists_each_absent_package_once(fake_groups: Path) -> None:
    assert system_deps.missing(["chromium", "cross"]) == ["chromium", "xvfb"]
    assert system_deps.missing(["cross"]) == ["xvfb", "chromium"]


def test_not_root_stops_with_the_single_command(fake_groups: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(system_deps.os, "geteuid", lambda: 1000, raising=False)
    monkeypatch.setattr(system_deps.shutil, "which", lambda name: "/usr/bin/" + name)
    ran: list[list[str]] = []
    monkeypatch.setattr(system_deps.subprocess, "run", lambda cmd, **kw: ran.append(cmd))
    assert system_deps.main(["chromium", "cross"]) == 1
    assert ran == []  # nothing was installed or updated
    err = capsys.readouterr().err
    assert "sudo apt-get install -y -q chromium xvfb" in err


def test_root_installs_with_apt(fake_groups: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_deps.os, "geteuid", lambda: 0, raising=False)
    monkeypatch.setattr(system_deps.shutil, "which", lambda name: "/usr/bin/" + name)
    ran: list[list[str]] = []

    def fake_run(cmd: list[str], **kw: object) -> None:
        ran.append(cmd)
        if cmd[:2] == ["apt-get", "install"]:  # "installs" the packages: their files appear
            (fake_groups / "absent-chromium").write_text("")
            (fake_groups / "absent-xvfb").write_text("")

    monkeypatch.setattr(system_deps.subprocess, "run", fake_run)
    assert system_deps.main(["chromium", "cross"]) == 0
    assert ran == [["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium", "xvfb"]]


def test_nothing_missing_runs_nothing(fake_groups: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (fake_groups / "absent-chromium").write_text("")
    (fake_groups / "absent-xvfb").write_text("")
    monkeypatch.setattr(system_deps.subprocess, "run", lambda cmd, **kw: pytest.fail(f"ran {cmd}"))
    assert system_deps.main(["chromium", "cross"]) == 0


def test_check_only_reports(fake_groups: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_deps.os, "geteuid", lambda: 0, raising=False)
    monkeypatch.setattr(system_deps.subprocess, "run", lambda cmd, **kw: pytest.fail(f"ran {cmd}"))
    assert system_deps.main(["--check", "chromium"]) == 1
