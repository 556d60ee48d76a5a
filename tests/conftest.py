"""The unit tests' one hook: a test marked ``needs_npm`` (it runs the npm packages' code under Node: the page's
MicroPython, the worker's Pyodide, PyScript's files) fails at once, saying what is missing and the command that
installs it (tools/prereqs.py), when Node or ``node_modules`` is not there. A failure, not a skip: ``make test``
installs them, so a run without them has not tested the page's Python under its own interpreter."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import prereqs


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "needs_npm: runs the npm packages (node_modules) under Node; fails with the "
                            "command to run (`make deps-node`) when they are missing")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("needs_npm") is not None:
        why = prereqs.npm_missing()
        if why is not None:
            pytest.fail(why, pytrace=False)
