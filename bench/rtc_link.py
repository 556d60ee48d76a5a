"""Benchmark of the online link (web/rtc.js) between two Chromium contexts in a network namespace of its own
(e2e/netns.py: no STUN, nothing leaves the machine): the connection codes' lengths and the time to connect.

    python -m bench.rtc_link [--runs 10] [--site DIR] [--mdns] [--json]   (as root: it makes a network namespace)

Per run, a fresh host page and guest page: the host's offer (ICE gathering included), its code made and read
back by web/page/shared/rtc.py (CPython here), the guest's answer, its reply code, the host's accept, and both
channels open. Times are wall-clock from this process (Playwright's round trips included, no person's delay);
``gather`` is measured inside each page (offer or answer call to its description). Also the size of the vendored
QR library, raw and gzipped, from the site's build-info.json. ``--mdns``: Chromium as players have it, its host
address shown as an mDNS name (``<uuid>.local``) that the codes carry; by default, plain addresses (the tests' flag).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

import build_site  # noqa: E402
import netns  # noqa: E402

from web.page.shared.rtc import pack, unpack  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LISTEN = "() => { window.__ev = []; return rummyRtc.listen((k, kind, d) => { window.__ev.push([k, kind, d]); }); }"
DESCRIBE = """([what, key, sdp]) => new Promise((res) => {
  const t0 = performance.now();
  const done = (s, e) => res([s, e, performance.now() - t0]);
  if (what === 'offer') rummyRtc.offer(key, done); else rummyRtc.answer(key, sdp, done);
})"""
OPEN = "([key]) => window.__ev.some((e) => e[0] === key && e[1] === 'open')"


def one_run(host: Page, guest: Page) -> dict[str, Any]:
    t0 = time.perf_counter()
    offer_sdp, err, offer_gather = host.evaluate(DESCRIBE, ["offer", "seat1", ""])
    assert not err, err
    code = pack(offer_sdp, "offer")
    t_offer = time.perf_counter()
    answer_sdp, err, answer_gather = guest.evaluate(DESCRIBE, ["answer", "host", unpack(code)[1]])
    assert not err, err
    reply = pack(answer_sdp, "answer")
    t_answer = time.perf_counter()
    ok, err = host.evaluate("([k, s]) => new Promise((res) => rummyRtc.accept(k, s, (o, e) => res([o, e])))",
                            ["seat1", unpack(reply)[1]])
    assert ok, err
    host.wait_for_function(OPEN, arg=["seat1"], timeout=30_000, polling=5)
    guest.wait_for_function(OPEN, arg=["host"], timeout=30_000, polling=5)
    t_open = time.perf_counter()
    return {"offer_code": len(code), "reply_code": len(reply), "offer_sdp": len(offer_sdp),
            "answer_sdp": len(answer_sdp), "offer_gather_ms": offer_gather, "answer_gather_ms": answer_gather,
            "offer_ms": (t_offer - t0) * 1000, "answer_ms": (t_answer - t_offer) * 1000,
            "accept_to_open_ms": (t_open - t_answer) * 1000, "total_ms": (t_open - t0) * 1000}


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1), "max": round(max(values), 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--site", help="a built site (default: build one into a temporary directory)")
    ap.add_argument("--mdns", action="store_true", help="players' Chromium: host candidates as mDNS names")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    problem = netns.netns_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        site = Path(args.site) if args.site else tmp / "_site"
        if not args.site:
            build_site.build(site, quiet=True)
        info = json.loads((site / "build-info.json").read_text())
        qr_file = next(f for f in info["files"] if f["path"] == "vendor/qrcode-generator.js")
        ns = netns.NetNs(f"{netns.NS_PREFIX}{os.getpid()}")
        server = None
        runs: list[dict[str, Any]] = []
        try:
            ns.create()
            server = netns.NsServer(ns, netns.served_dir(site, tmp / "served"), tmp / "server.log")
            wrapper = netns.wrapper_script(ns.name, CHROMIUM, tmp / "chromium-in-netns")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(wrapper), args=CHROMIUM_ARGS + ([] if args.mdns else netns.RTC_FLAGS))
                try:
                    for _ in range(args.runs):
                        host_ctx = browser.new_context(base_url=server.url)
                        guest_ctx = browser.new_context(base_url=server.url)
                        pages = []
                        for ctx in (host_ctx, guest_ctx):
                            page = ctx.new_page()
                            page.goto(netns.TEST_PAGE)
                            page.evaluate(LISTEN)
                            pages.append(page)
                        runs.append(one_run(pages[0], pages[1]))
                        host_ctx.close()
                        guest_ctx.close()
                finally:
                    browser.close()
        finally:
            if server:
                server.stop()
            ns.delete()
    keys = [k for k in runs[0] if k.endswith("_ms")]
    result = {
        "runs": len(runs),
        "mdns": args.mdns,
        "offer_code_chars": sorted({r["offer_code"] for r in runs}),
        "reply_code_chars": sorted({r["reply_code"] for r in runs}),
        "offer_sdp_chars": sorted({r["offer_sdp"] for r in runs}),
        "answer_sdp_chars": sorted({r["answer_sdp"] for r in runs}),
        "ms": {k[:-3]: summary([r[k] for r in runs]) for k in keys},
        "qr_library": {"bytes": qr_file["bytes"], "gzip": qr_file["gzip"]},
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"runs {result['runs']}{' (mDNS names)' if args.mdns else ''}: offer code {result['offer_code_chars']} chars (SDP {result['offer_sdp_chars']}),"
              f" reply code {result['reply_code_chars']} chars (SDP {result['answer_sdp_chars']})")
        for name, s in result["ms"].items():
            print(f"  {name:<16} median {s['median']:>7.1f} ms  (min {s['min']:.1f}, max {s['max']:.1f})")
        print(f"QR library vendor/qrcode-generator.js: {qr_file['bytes']} bytes, {qr_file['gzip']} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
