"""What the build does to PyScript's core chunk: its Python package left out of the page's MicroPython, nothing else
(tools/build_site.py, PYSCRIPT_PACKAGE_FOR_MPY). The browser tests then prove the page starts and plays without it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402


def pinned_core_chunk() -> str:
    dist = ROOT / build_site.PYSCRIPT_DIST
    (name,) = [n for n in build_site.pyscript_chunks(dist) if n.startswith("core-")]
    return (dist / name).read_text(encoding="utf-8")


def test_the_pinned_pyscript_gets_its_package_left_out_for_mpy_only() -> None:
    text = pinned_core_chunk()
    match = build_site.PYSCRIPT_PACKAGE_FOR_MPY.search(text)
    assert match is not None
    patched = build_site.without_pyscript_package_for_mpy(text)
    assert build_site.PYSCRIPT_PACKAGE_FOR_MPY.search(patched) is None
    # one expression changed: "mpy" gets no package code, every other interpreter the same as before
    name, kind, package = match.group(1), match.group(2), match.group(3)
    assert patched == text.replace(match.group(0), f'const {name}="mpy"==={kind}?"":{package}')
    # the package itself is still in the chunk, for Pyodide ("py") pages such as bench.startup's bare page
    assert "import pyscript as _pyscript" in patched


def test_a_pyscript_release_without_the_expression_stops_the_build() -> None:
    text = pinned_core_chunk()
    changed = build_site.PYSCRIPT_PACKAGE_FOR_MPY.sub("const n=pylibFor(t)", text)
    with pytest.raises(SystemExit, match="PYSCRIPT_PACKAGE_FOR_MPY"):
        build_site.without_pyscript_package_for_mpy(changed)
