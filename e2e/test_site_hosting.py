"""Static hosting: relative paths (GitHub Pages sub-path), embedding in iframes."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from built_page import markup

ROOT = Path(__file__).resolve().parent.parent


def test_served_under_a_sub_path(context, page, subpath_url, wait_ready, wait_service_worker):
    assert subpath_url.endswith("/rummy-game/")
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url))
    page.goto(subpath_url)
    wait_ready(page)
    # everything came from under the sub-path (nothing from the server root)
    assert requested and all(u.startswith(subpath_url) for u in requested), [
        u for u in requested if not u.startswith(subpath_url)]
    # the service worker is scoped to the sub-path and serves it offline
    wait_service_worker(page)
    assert page.evaluate("navigator.serviceWorker.getRegistration('./').then(r => r.scope)") == subpath_url
    context.set_offline(True)
    page.reload()
    wait_ready(page)


def test_embedded_cross_site_iframe_reaches_ready(page, site_url, embed_host, wait_ready):
    host = embed_host.page(site_url + "index.html?embed=1", width=360, height=600)
    assert host.startswith("http://localhost:") and site_url.startswith("http://127.0.0.1:")
    page.goto(host)
    frame = page.frame(name="game")
    assert frame is not None
    wait_ready(frame)
    assert frame.evaluate("document.documentElement.dataset.embed") == "1"
    assert frame.evaluate("document.documentElement.dataset.framed") == "1"
    assert frame.evaluate("document.documentElement.clientWidth") == 360


def test_embedded_with_storage_blocked(context, page, site_url, embed_host, wait_ready, block_storage):
    """A third-party iframe where localStorage throws: the page still starts."""
    block_storage(context)
    page.goto(embed_host.page(site_url + "index.html?embed=1", width=320, height=480))
    frame = page.frame(name="game")
    wait_ready(frame)
    assert frame.evaluate("document.documentElement.dataset.storage") == "0"


def test_embed_widths(page, site_url, embed_host, wait_ready):
    """The embed page fits the iframe (no horizontal scrollbar) from 320 to 800 px."""
    page.goto(embed_host.page(site_url + "index.html?embed=1", width=800, height=600))
    frame = page.frame(name="game")
    wait_ready(frame)
    for width in (320, 480, 800):
        page.evaluate(f"document.getElementById('game').width = {width}")
        frame.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_all_paths_are_relative(site_dir):
    html = markup(site_dir)
    for attr in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert attr.startswith("./"), attr
    config = json.loads(re.search(r"<mpy-config>(.*?)</mpy-config>", html, re.S).group(1))
    assert config["interpreter"].startswith("./")
    for source, dest in config["files"].items():
        assert source.startswith("./") and dest.startswith("./"), (source, dest)
        assert (site_dir / source).is_file(), source
    worker = (site_dir / "web" / "engine-worker.mjs").read_text(encoding="utf-8")
    for spec in re.findall(r'(?:from|new URL\()\s*"([^"]+)"', worker):
        assert spec.startswith(("./", "../")), spec
    manifest = json.loads((site_dir / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    for key in ("start_url", "scope", "id"):
        assert not manifest[key].startswith("/"), key
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon


def test_build_info_and_precache_list(site_dir):
    info = json.loads((site_dir / "build-info.json").read_text(encoding="utf-8"))
    assert re.fullmatch(r"[0-9a-f]{16}", info["build"])
    assert info["total"]["bytes"] > info["total"]["gzip"] > 0
    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    assert info["build"] in sw
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);\n", sw, re.S).group(1))
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    # every file but the worker itself (the browser keeps that one), the build's report (nothing reads it) and the
    # languages' catalogues (the one the page asks for is kept when first fetched: a first visit downloads one),
    # each with the SHA-256 of what the site holds
    catalogues = {f for f in files if f.startswith("web/locale/")}
    assert len(catalogues) == 11
    assert {u[2:] for u, _ in precache} == files - {"sw.js", "build-info.json"} - catalogues
    for url, integrity in precache:
        digest = base64.b64encode(hashlib.sha256((site_dir / url[2:]).read_bytes()).digest()).decode()
        assert integrity == "sha256-" + digest, url
    # the Python code ships as one archive; no test files in it
    import zipfile

    names = zipfile.ZipFile(site_dir / info["app_archive"]).namelist()
    assert "web/worker/main.pyc" in names and "rummy/__init__.pyc" in names
    assert not [n for n in names if n.endswith(".py")]  # bytecode only: the sources would only add bytes
    # the page's Python ships apart; only the code both Pythons run (web/page/shared) is in the worker's too
    assert "web/page/shared/protocol.pyc" in names and "web/worker/table.pyc" in names
    assert not [n for n in names if n.startswith("web/page/") and not n.startswith("web/page/shared/")]
    assert not [n for n in names if "/test_" in n or n.startswith("tests/")]
