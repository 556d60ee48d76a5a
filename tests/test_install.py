"""The engine installs as a package: a wheel built from pyproject.toml (PyPI's ``build``, the pinned hatchling,
no network), installed with ``pip --no-index`` into a fresh venv without the system's site packages, gives the
``rummy`` command and ``import rummy`` from the venv, never from this checkout (every command runs outside it).

Made once for the module (a few seconds: the venv has no pip of its own; this Python's pip installs into it);
part of ``make test``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import rummy

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    outside: Path  # a working directory outside the repository

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
        run = subprocess.run(args, cwd=self.outside, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, f"{args} exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
        return run


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    assert not base.resolve().is_relative_to(ROOT)
    outside = base / "elsewhere"
    outside.mkdir()
    dist = base / "dist"
    build = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist),
                            str(ROOT)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, f"python -m build failed (pip install -r requirements-dev.txt):\n{build.stdout}\n{build.stderr}"
    (wheel,) = dist.glob("*.whl")
    venv = base / "venv"
    # a venv without its own pip (ensurepip is most of the time): this Python's pip installs into it (--python)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True,
                   timeout=300)
    it = Installed(wheel, venv, outside)
    it.run(sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-index",
           "--disable-pip-version-check", "-q", str(wheel))
    return it


def test_the_wheel_holds_the_engine_and_nothing_else(installed: Installed) -> None:
    assert installed.wheel.name == f"rummy-{rummy.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(installed.wheel) as whl:
        names = whl.namelist()
        metadata = whl.read(f"rummy-{rummy.__version__}.dist-info/METADATA").decode()
        entry_points = whl.read(f"rummy-{rummy.__version__}.dist-info/entry_points.txt").decode()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"rummy", f"rummy-{rummy.__version__}.dist-info"}
    sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rummy").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    assert sorted(n for n in names if n.startswith("rummy/")) == sources
    assert "rummy/py.typed" in names
    assert f"\nVersion: {rummy.__version__}\n" in metadata
    assert "\nRequires-Python: >=3.11\n" in metadata
    assert "\nLicense-Expression: MIT\n" in metadata
    assert "Requires-Dist" not in metadata  # standard library only
    assert "rummy = rummy.cli:main" in entry_points


def test_the_venv_is_fresh_and_imports_the_installed_engine(installed: Installed) -> None:
    cfg = (installed.venv / "pyvenv.cfg").read_text(encoding="utf-8")
    assert "include-system-site-packages = false" in cfg
    run = installed.run(str(installed.venv / "bin" / "python"), "-c",
                        "import rummy, sys; print(rummy.__file__); print(rummy.__version__); print(sys.prefix)")
    file, version, prefix = run.stdout.splitlines()
    assert Path(file).resolve().is_relative_to(installed.venv.resolve())
    assert not Path(file).resolve().is_relative_to(ROOT)
    assert version == rummy.__version__
    assert Path(prefix).resolve() == installed.venv.resolve()


def test_the_rummy_command_helps(installed: Installed) -> None:
    out = installed.run(str(installed.venv / "bin" / "rummy"), "--help").stdout
    assert out.startswith("usage: rummy ")
    assert "Rummy and Gin Rummy engine" in out
    for command in ("deadwood", "replay", "verify", "arena", "bench"):
        assert command in out


def test_the_rummy_command_counts_deadwood(installed: Installed) -> None:
    hand = ["7C", "7D", "7H", "8S", "9S", "TS", "2H", "3D", "KC", "QC"]
    run = installed.run(str(installed.venv / "bin" / "rummy"), "deadwood", *hand, "--json")
    assert json.loads(run.stdout) == {"deadwood": 25, "melds": [["7C", "7D", "7H"], ["8S", "9S", "TS"]],
                                      "unmatched": ["2H", "3D", "QC", "KC"]}


GAME = """
import json
import rummy
from rummy import Game, IllegalAction, export_record, replay, seat_view
from rummy.bots import make_bot

g = Game.new("gin", players=2, seed=42)
first = [str(a) for a in g.legal_actions()]
try:
    g.apply("discard KS")
    refused = None
except IllegalAction as e:
    refused = str(e.code)
bots = [make_bot("casual", "gin", seed=1), make_bot("casual", "gin", seed=2)]
while g.phase in ("first-upcard", "draw", "play"):
    g.apply(bots[g.turn].choose(seat_view(g, g.turn)), g.turn)
print(json.dumps({"file": rummy.__file__, "first": first, "refused": refused, "phase": str(g.phase),
                  "record": export_record(g), "replay": replay(export_record(g)).summary(),
                  "loads": Game.from_json(g.to_json()).to_json() == g.to_json()}))
"""


def test_a_scripted_hand_plays_in_the_venv_as_in_the_checkout(installed: Installed) -> None:
    run = installed.run(str(installed.venv / "bin" / "python"), "-c", GAME)
    got = json.loads(run.stdout)
    assert Path(got["file"]).resolve().is_relative_to(installed.venv.resolve())
    assert got["first"] == ["draw discard", "pass"]
    assert got["refused"] == "upcard-offered"
    assert got["phase"] == "hand-over"
    assert got["replay"]["ok"] and len(got["replay"]["hands"]) == 1
    assert got["loads"]
    # the same hand, played by this checkout's engine: the installed one is the same engine
    here = subprocess.run([sys.executable, "-c", GAME], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    expected = json.loads(here.stdout)
    assert Path(expected["file"]).resolve().is_relative_to(ROOT)
    assert {k: v for k, v in got.items() if k != "file"} == {k: v for k, v in expected.items() if k != "file"}


def test_the_version_is_the_engines() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "rummy/__init__.py"
    assert project["project"]["scripts"] == {"rummy": "rummy.cli:main"}


def test_the_build_tools_are_pinned_for_make_test() -> None:
    """`make test` installs requirements-dev.txt (tools/deps_ok.py): the backend that pyproject.toml asks for and
    PyPI's build, so that the wheel above builds without the network."""
    pins = {}
    for line in (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==")
            pins[name.strip().lower()] = version.strip()
    assert "build" in pins
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (requirement,) = project["build-system"]["requires"]
    assert requirement.startswith("hatchling>=")
    minimum = tuple(int(p) for p in requirement.removeprefix("hatchling>=").split("."))
    assert tuple(int(p) for p in pins["hatchling"].split(".")) >= minimum
