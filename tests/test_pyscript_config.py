"""pyscript.toml, at the repository's top level, is PyScript's configuration of the page as written by hand: the
build reads it (tools/build_site.py, page_config) and writes it into index.html as the JSON of the <mpy-config>,
its plugins into the <py-config>. e2e/test_site_config.py checks the built index.html carries it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

PLUGINS_OFF = ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]


def test_the_repositorys_pyscript_toml_is_the_pages_configuration() -> None:
    config = build_site.page_config(ROOT / build_site.PYSCRIPT_TOML)
    assert build_site.PYSCRIPT_TOML == "pyscript.toml"
    # what index.html's <mpy-config> has held since the page moved to two threads, byte for byte
    assert build_site.mpy_config(config) == json.dumps({
        "interpreter": "./micropython/micropython.mjs", "plugins": PLUGINS_OFF,
        "files": {"./web/page/bundle.bin": "./web/page/bundle.bin"}}, separators=(",", ":"))
    assert build_site.py_config(config) == json.dumps({"plugins": PLUGINS_OFF}, separators=(",", ":"))
    assert f"./{build_site.PAGE_BUNDLE}" in config["files"]


def test_index_html_takes_each_config_once() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert html.count("<mpy-config>__MPY_CONFIG__</mpy-config>") == 1
    assert html.count("<py-config>__PY_CONFIG__</py-config>") == 1


def test_a_change_to_pyscript_toml_changes_the_built_config(tmp_path: Path) -> None:
    toml = tmp_path / "pyscript.toml"
    toml.write_text('''# a comment is not carried
interpreter = "./mp/other.mjs"
plugins = ["!donkey"]
experimental_create_proxy = "auto"

[files]
"./web/page/bundle.bin" = "./web/page/bundle.bin"
"./extra.txt" = "./data/extra.txt"
''', encoding="utf-8")
    config = build_site.page_config(toml)
    assert build_site.mpy_config(config) == (
        '{"interpreter":"./mp/other.mjs","plugins":["!donkey"],"experimental_create_proxy":"auto",'
        '"files":{"./web/page/bundle.bin":"./web/page/bundle.bin","./extra.txt":"./data/extra.txt"}}')
    assert build_site.py_config(config) == '{"plugins":["!donkey"]}'
    assert '<link rel="modulepreload" href="./mp/other.mjs">' in build_site.runtime_hints([], config["interpreter"])


@pytest.mark.parametrize("text, message", [
    ('interpreter = "./micropython/micropython.mjs"\nplugins = [', "not valid TOML"),
    ('plugins = []', "`interpreter`"),
    ('interpreter = "./m.mjs"\nplugins = "!donkey"', "`plugins`"),
    ('interpreter = "./m.mjs"\nfiles = ["./web/page/bundle.bin"]', r"\[files\]"),
])
def test_a_pyscript_toml_that_pyscript_would_not_read_stops_the_build(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "pyscript.toml").write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit, match=message):
        build_site.page_config(tmp_path / "pyscript.toml")
    with pytest.raises(SystemExit, match="cannot read"):
        build_site.page_config(tmp_path / "missing.toml")


def test_what_pyscript_toml_names_must_be_in_the_site(tmp_path: Path) -> None:
    for rel in ("micropython/micropython.mjs", build_site.PAGE_BUNDLE, "extra.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    bundle = f"./{build_site.PAGE_BUNDLE}"
    ok: dict[str, Any] = {"interpreter": "./micropython/micropython.mjs", "files": {bundle: bundle, "./extra.txt": "./extra.txt"}}
    build_site.check_page_config(ok, tmp_path)
    for bad, message in [
        ({**ok, "interpreter": "./micropython/other.mjs"}, "'./micropython/other.mjs', which is not a file"),
        ({**ok, "interpreter": "micropython/micropython.mjs"}, "which is not a file"),  # not relative to the page
        ({**ok, "files": {**ok["files"], "./nosuch.txt": "./nosuch.txt"}}, "'./nosuch.txt'"),
        ({**ok, "files": {"./extra.txt": "./extra.txt"}}, "should fetch the page's bundle"),
    ]:
        with pytest.raises(SystemExit, match=message):
            build_site.check_page_config(bad, tmp_path)
