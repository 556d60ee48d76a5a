"""Content-Security-Policy and installability."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from urllib.parse import urlsplit

import pytest
import rbcl


def _csp(site_dir) -> str:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert m, "no CSP meta tag"
    return m.group(1)


def test_csp_allows_own_files_only(site_dir):
    directives = {d.split()[0]: d.split()[1:] for d in _csp(site_dir).split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    # the page's own files, and the relays through which pages of online play meet (web/signal.js: WebSockets
    # only; a fetch or an image of another origin is still refused)
    assert directives["connect-src"] == ["'self'", "wss:", "ws:"]
    # no 'unsafe-eval', no 'unsafe-inline': an inline script runs only if it is one the build wrote into the page
    # (boot.js and bridge.js), each allowed by the hash of exactly its text
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(inline) == 2 and "rummyBoot" in inline[0] and "rummyBridge" in inline[1]
    hashes = {"'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'" for text in inline}
    assert set(directives["script-src"]) == {"'self'", "'wasm-unsafe-eval'"} | hashes
    assert directives["object-src"] == ["'none'"]
    for name, sources in directives.items():
        for source in sources:
            assert source.startswith("'") or source in ("data:", "blob:") or \
                (name == "connect-src" and source in ("wss:", "ws:")), (name, source)


def test_page_runs_without_csp_violations(context, page, site_url, wait_ready):
    violations: list[str] = []
    page.on("console", lambda m: "CSP violation" in m.text and violations.append(m.text))
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]') !== null")
    assert violations == []  # the guard fails the test on them as well


def test_the_sealed_deals_group_loads_from_the_sites_own_files(page, site_url, site_dir, wait_drawn):
    """web/seal.js imports its ristretto255 (the vendored @noble/curves modules) under the page's policy, every
    request to the page's own origin, every vendored module needed; its answers are libsodium's."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(site_url)
    wait_drawn(page)
    page.add_script_tag(url=site_url + "web/seal.js")  # the engine worker's, in the page's scope here
    assert page.evaluate("() => new Promise((done) => rummySeal.load(done))") == ""
    k = bytes(rbcl.crypto_core_ristretto255_scalar_random()).hex()
    points = json.loads(page.evaluate("() => rummySeal.cardPoints(3)"))["ok"]
    times = json.loads(page.evaluate("([p, k]) => rummySeal.times(p, k)", [json.dumps(points), k]))["ok"]
    cards = [rbcl.crypto_core_ristretto255_from_hash(hashlib.sha512(f"rummy-sealed-deal/1|card|{i}".encode()).digest())
             for i in range(3)]
    assert points == [c.hex() for c in cards]
    assert times == [bytes(rbcl.crypto_scalarmult_ristretto255(bytes.fromhex(k), c)).hex() for c in cards]
    origins = {f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" for u in requested if u.startswith("http")}
    assert origins == {site_url.rstrip("/")}
    modules = {p.relative_to(site_dir).as_posix() for p in (site_dir / "vendor" / "noble").rglob("*.js")}
    assert {u[len(site_url):] for u in requested if "/vendor/noble/" in u} == modules


@pytest.mark.allow_errors
def test_csp_is_enforced(page, site_url, wait_ready):
    """A request to another origin is refused by the browser (so the game cannot leak data)."""
    page.goto(site_url)
    wait_ready(page)
    outcome = page.evaluate(
        "() => fetch('http://localhost:9/collect').then(() => 'sent', (e) => 'blocked: ' + e.message)")
    assert outcome.startswith("blocked")
    inline = page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.head.append(s);
        return window.__inlineRan === true;
    }""")
    assert inline is False  # inline JavaScript is refused too


def test_installable(tmp_path, persistent_context, site_url, wait_ready, wait_service_worker):
    ctx = persistent_context(tmp_path / "profile")
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(site_url)
    wait_ready(page)
    wait_service_worker(page)
    cdp = ctx.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest.get("errors") == [], manifest.get("errors")
    assert manifest["url"].endswith("/web/manifest.webmanifest")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
