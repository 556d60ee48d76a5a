"""Content-Security-Policy and installability."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest


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
