"""The built index.html as markup: the text of the scripts and style sheets that the build wrote into it taken out
(tools/build_site.py, inline_page_files), so that a search for an element finds the element, not a mention of it in
boot.js's comments."""

from __future__ import annotations

import re
from pathlib import Path


def markup(site_dir: Path) -> str:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    return re.sub(r"<(script|style)>.*?</\1>", r"<\1></\1>", html, flags=re.S)
