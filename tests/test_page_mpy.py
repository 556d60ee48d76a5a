"""The page's storage layer under the page's own MicroPython 1.27 (node + the npm build): the self-check
(tests/page_selfcheck.py) prints the same, line for line, as under CPython."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import mpy
import pytest

ROOT = Path(__file__).resolve().parents[1]
SELFCHECK = ROOT / "tests" / "page_selfcheck.py"

pytestmark = pytest.mark.skipif(mpy.missing() is not None, reason=str(mpy.missing()))


def cpython_output() -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    done = subprocess.run([sys.executable, str(SELFCHECK)], capture_output=True, text=True, encoding="utf-8",
                          env=env, cwd=ROOT, check=True)
    return done.stdout


def micropython_output() -> str:
    files = mpy.page_files()
    files["page_samples.py"] = (ROOT / "tests" / "page_samples.py").read_text(encoding="utf-8")
    return mpy.run(SELFCHECK.read_text(encoding="utf-8"), files)


def test_the_storage_self_check_prints_the_same_under_micropython_and_cpython() -> None:
    expected = cpython_output().splitlines()
    got = micropython_output().splitlines()
    assert expected[-1] == "done" and len(expected) > 300
    for i, (want, have) in enumerate(zip(expected, got)):
        assert have == want, f"line {i + 1} differs"
    assert len(got) == len(expected)


def test_deep_and_huge_junk_under_micropython() -> None:
    """Values whose reading differs between the two interpreters (CPython's json refuses deep nesting that
    MicroPython's builds): each is still set aside, with a notice."""
    source = (
        "import js\n"
        "from web.page.storage import Store\n"
        "raw = js.makeStorage()\n"
        "s = Store(js.guardedStorage(lambda: raw), 't')\n"
        "for text in ['[' * 100000 + ']' * 100000, '{\"a\":' * 40000 + '1' + '}' * 40000, 'x' * 5000000]:\n"
        "    s.put('rummy.match', text)\n"
        "    got = s.read('rummy.match')\n"
        "    print(got.data is None, bool(got.notice), got.offer is not None)\n"
    )
    assert mpy.run(source, mpy.page_files()) == "True True False\nTrue True False\nTrue True True\n"


def test_the_helper_reports_an_error_of_micropython() -> None:
    with pytest.raises(mpy.MicroPythonError, match="ZeroDivisionError"):
        mpy.run("print(1)\n1 / 0\n")


def test_a_javascript_exception_cannot_be_caught_in_micropython_so_storage_needs_the_guard() -> None:
    """Why web/page/storage.py asks for a guarded localStorage: a JavaScript exception thrown by a function
    that Python calls ends the run; Python's except (and finally) never see it. If this starts failing, a
    newer MicroPython converts such exceptions and the guard could go."""
    source = (
        "import js\n"
        "raw = js.makeStorage()\n"
        "raw.quota = 0\n"
        "try:\n"
        "    raw.setItem('k', 'v')\n"
        "except BaseException:\n"
        "    print('caught')\n"
    )
    with pytest.raises(mpy.MicroPythonError, match="exceeded the quota") as e:
        mpy.run(source)
    assert "caught" not in str(e.value)
    guarded = "import js\nraw = js.makeStorage()\nraw.quota = 0\nprint(js.guardedStorage(lambda: raw).setItem('k', 'v').error)\n"
    assert mpy.run(guarded) == "QuotaExceededError\n"
