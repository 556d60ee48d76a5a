"""Connection codes for online play (web/page/shared/rtc.py): a Chromium offer and answer (recorded in
tests/fixtures/chromium_sdp.json) squeezed into short codes and rebuilt; junk is refused, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.page.shared.rtc import b64decode, b64encode, pack, read_code, unpack

SDP = json.loads((Path(__file__).parent / "fixtures" / "chromium_sdp.json").read_text())


@given(st.binary(max_size=200))
def test_base64url_round_trip(data):
    assert b64decode(b64encode(data)) == data


def _essentials(sdp: str) -> dict[str, object]:
    lines = sdp.replace("\r\n", "\n").split("\n")
    pick = {k: next(line for line in lines if line.startswith(k)) for k in ("a=ice-ufrag:", "a=ice-pwd:",
                                                                             "a=fingerprint:")}
    cands = sorted((p[4], p[5], p[7]) for p in (line[12:].split(" ") for line in lines
                                                 if line.startswith("a=candidate:")) if p[2] == "udp")
    return {"fields": pick, "candidates": cands}


@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_a_browser_description_travels_in_a_short_code(kind):
    code = pack(SDP[kind], kind)
    assert len(code) <= 200 and code[0] == kind[0]
    back_kind, sdp = unpack(code)
    assert back_kind == kind
    want, got = _essentials(SDP[kind]), _essentials(sdp)
    assert got["fields"] == want["fields"]
    assert [(c[2], c[1]) for c in got["candidates"]] == [(c[2], c[1]) for c in want["candidates"]]
    assert ("a=setup:actpass" if kind == "offer" else "a=setup:active") in sdp


@pytest.mark.parametrize("bad", ["", "x", "o1.", "o2.AAAA", "o1.!!!!", "o1.AAAA", "q1.BAAA",
                                 "o1." + "A" * 60, "a1." + b64encode(bytes([4]) + b"abcd")])
def test_junk_is_not_a_code(bad):
    with pytest.raises(ValueError):
        read_code(bad)


def test_an_incomplete_description_is_refused():
    with pytest.raises(ValueError):
        pack("v=0\r\na=ice-ufrag:abcd\r\n", "offer")


def test_an_mdns_candidate_travels_as_its_uuid():
    """Browsers hide a local address behind ``<uuid>.local``: the name travels in 16 bytes and comes back whole."""
    name = "5f1c2b3a-9d8e-4f7a-b6c5-0123456789ab.local"
    sdp = SDP["offer"].replace("a=candidate:", "a=candidate:9 1 udp 2113937151 " + name + " 50123 typ host "
                               "generation 0\r\na=candidate:", 1)
    code = pack(sdp, "offer")
    _, _, _, _, cands = read_code(code)
    assert ("host", name, 50123) in cands
    _, back = unpack(code)
    assert name + " 50123 typ host" in back
    assert len(code) <= 200


def test_an_odd_local_name_is_left_out():
    sdp = SDP["offer"].replace("a=candidate:", "a=candidate:9 1 udp 2113937151 printer.local 50123 typ host "
                               "generation 0\r\na=candidate:", 1)
    _, _, _, _, cands = read_code(pack(sdp, "offer"))
    assert all(not c[1].endswith(".local") for c in cands)
