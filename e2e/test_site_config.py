"""The built index.html carries pyscript.toml (the repository's top level) as its PyScript configuration: the
<mpy-config> is the file's JSON exactly, the <py-config> its plugins (tools/build_site.py; unit tests in
tests/test_pyscript_config.py). No browser."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
from built_page import markup  # noqa: E402


def test_the_built_page_carries_pyscript_toml(site_dir: Path) -> None:
    html = markup(site_dir)  # the scripts written into the page (which mention the tags) left out
    (mpy,) = re.findall(r"<mpy-config>(.*?)</mpy-config>", html, re.S)
    (py,) = re.findall(r"<py-config>(.*?)</py-config>", html, re.S)
    with (ROOT / "pyscript.toml").open("rb") as f:
        toml = tomllib.load(f)
    assert json.loads(mpy) == toml
    assert list(json.loads(mpy)) == list(toml)  # in the file's order
    assert mpy == build_site.mpy_config(toml)
    assert json.loads(py) == {"plugins": toml["plugins"]}
    assert f'<link rel="modulepreload" href="{toml["interpreter"]}">' in html
    for site_path in [toml["interpreter"], *toml["files"]]:
        assert (site_dir / site_path).is_file(), site_path
    assert not (site_dir / "pyscript.toml").exists()  # written into the page, not shipped
