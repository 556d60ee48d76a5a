"""What the build does to PyScript's core chunk: its Python package left out of the page's MicroPython, nothing else
(tools/build_site.py, PYSCRIPT_PACKAGE_FOR_MPY). The browser tests then prove the page starts and plays without it."""

from __future__ import annotations

import re
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


@pytest.mark.needs_npm
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


@pytest.mark.needs_npm
def test_a_pyscript_release_without_the_expression_stops_the_build() -> None:
    text = pinned_core_chunk()
    changed = build_site.PYSCRIPT_PACKAGE_FOR_MPY.sub("const n=pylibFor(t)", text)
    with pytest.raises(SystemExit, match="PYSCRIPT_PACKAGE_FOR_MPY"):
        build_site.without_pyscript_package_for_mpy(changed)


# ----- index.html's style sheets and classic scripts, written into it (inline_page_files) -----

PAGE = """<head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'">
<script src="./web/boot.js"></script>
<script src="./web/bridge.js"></script>
<link rel="stylesheet" href="./web/shell.css">
<link rel="stylesheet" href="./pyscript/core.css">
<link rel="stylesheet" href="./web/game.css">
<script src="./web/rtc.js" defer></script>
</head>"""


def page_files(out: Path) -> None:
    for rel, text in {"web/boot.js": "// why\r\nwindow.a = 1;\r\n", "web/bridge.js": "window.b = 2;  /* two */\n",
                      "web/rtc.js": "x", "web/shell.css": "/* the loading screen */\n.boot { }\n",
                      "pyscript/core.css": "mpy-config{display:none}",
                      "web/game.css": ".card{}"}.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text, encoding="utf-8", newline="")


def test_the_style_sheets_and_classic_scripts_are_written_into_the_page_and_allowed_by_their_hashes(
        tmp_path: Path) -> None:
    page_files(tmp_path)
    html = build_site.inline_page_files(PAGE, tmp_path)
    # in the same places, without comments or spare white space, each script ending in one LF
    assert '<script>window.a=1;\n</script>\n<script>window.b=2;\n</script>\n<style>.boot{}</style>' in html
    assert "<style>mpy-config{display:none}</style>\n<style>.card{}</style>" in html
    assert '<script src="./web/rtc.js" defer></script>' in html  # a deferred script keeps its file
    # known answers: sha256 of "window.a=1;\n" and of "window.b=2;\n", base64 (as `printf 'window.a=1;\n' | openssl dgst
    # -sha256 -binary | base64` gives them)
    digests = ["'sha256-XeT5BaetOywBfjZrxB7ExeTX8mjmlpgPPcZNDs5c0Zs='", "'sha256-28wOU+jpXyVCl78KvWSjALTypP6KZsFgLc6A9Av1Tfc='"]
    assert f"script-src 'self' 'wasm-unsafe-eval' {digests[0]} {digests[1]};" in html
    assert build_site.script_hash("window.a=1;\n") == digests[0]
    # the files written in are left out of the site; the others stay
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == ["web/rtc.js"]


@pytest.mark.parametrize("rel, text", [("web/boot.js", "s = '</script>';"), ("web/game.css", "/* </STYLE> */"),
                                       ("web/bridge.js", "v = '__BUILD_ID__';")])
def test_a_file_that_cannot_be_written_into_the_page_stops_the_build(tmp_path: Path, rel: str, text: str) -> None:
    page_files(tmp_path)
    (tmp_path / rel).write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit, match=re.escape(rel)):
        build_site.inline_page_files(PAGE, tmp_path)


def test_a_page_without_the_tag_or_the_policy_stops_the_build(tmp_path: Path) -> None:
    page_files(tmp_path)
    with pytest.raises(SystemExit, match=re.escape("web/game.css")):
        build_site.inline_page_files(PAGE.replace('<link rel="stylesheet" href="./web/game.css">', ""), tmp_path)
    page_files(tmp_path)
    with pytest.raises(SystemExit, match="Content-Security-Policy"):
        build_site.inline_page_files(PAGE.replace("script-src 'self' 'wasm-unsafe-eval'", "script-src 'self'"),
                                     tmp_path)
