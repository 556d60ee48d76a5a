"""The unit tests' hooks. A test marked ``needs_npm`` (it runs the npm packages' code under Node: the page's
MicroPython, the worker's Pyodide, PyScript's files) fails at once, saying what is missing and the command that
installs it (tools/prereqs.py), when Node or ``node_modules`` is not there. A failure, not a skip: ``make test``
installs them, so a run without them has not tested the page's Python under its own interpreter.

``make test`` spreads the tests over its processes one by one (pytest-xdist ``--dist loadgroup``), but for those of
a group (``xdist_group``), which one process runs: a module whose tests share a module-scoped fixture is made a
group here (its fixture is then made once); a module with a cache of its own says so itself (``pytestmark``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import prereqs


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "needs_npm: runs the npm packages (node_modules) under Node; fails with the "
                            "command to run (`make deps-node`) when they are missing")


# tryfirst: pytest-xdist reads the xdist_group marks in its own pytest_collection_modifyitems, which would
# otherwise run before this one (it is registered after the conftest files) and miss the marks added here.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.path)).resolve().parent != here or item.get_closest_marker("xdist_group") is not None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else []
        if any(d.scope == "module" for fixturedefs in defs for d in fixturedefs):
            item.add_marker(pytest.mark.xdist_group(item.path.stem))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("needs_npm") is not None:
        why = prereqs.npm_missing()
        if why is not None:
            pytest.fail(why, pytrace=False)
