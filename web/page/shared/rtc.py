"""Short connection codes for online play: a WebRTC data-channel offer or answer squeezed into a few dozen
characters, for an invite link's fragment (the part after ``#``, which never reaches a web server) or a reply
code a guest sends back by any chat.

Only five things must travel: the ICE username fragment and password, the DTLS
fingerprint, the role, and the candidates; the rest of the SDP is rebuilt from a template on the other side.
:func:`pack` reads a browser's SDP and gives a code; :func:`unpack` gives back an SDP the browser accepts.

Code layout (bytes, then base64url without padding, prefixed ``"o1."`` for an offer, ``"a1."`` for an answer):
``len(ufrag) ufrag len(pwd) pwd fingerprint[32] n candidates``, each candidate ``kind port[2] address``
where ``kind`` = family (4 or 6, or 0 for an mDNS name) * 16 + type (0 host, 1 srflx, 2 prflx, 3 relay) and
the address is 4 or 16 bytes. An mDNS name (``<uuid>.local``: how Chromium shows a host address to a page that has
no camera permission, so every host candidate of a real player) travels as its UUID's 16 bytes: without it two
browsers on the same network with no STUN server would have no candidate at all to try. Written in the Python both MicroPython (the page) and CPython (tests) run.
"""

from . import b64url

_TYPES = ("host", "srflx", "prflx", "relay")
_PRIORITY = (2113937151, 1677729535, 1845501695, 16777215)  # what Chromium gives each type (IPv4, udp)
VERSION = "1"


def b64encode(data: bytes | bytearray) -> str:
    """base64url without padding."""
    return b64url.encode(data)


def b64decode(text: str) -> bytes:
    try:
        return b64url.decode(text)
    except ValueError:
        raise ValueError("not a connection code") from None


def _sdp_lines(sdp: str) -> list[str]:
    return [line.strip() for line in sdp.replace("\r\n", "\n").split("\n") if line.strip()]


def _ipv4(text: str) -> bytes:
    parts = text.split(".")
    if len(parts) != 4:
        raise ValueError("not an IPv4 address")
    return bytes([int(p) for p in parts])


def _ipv6(text: str) -> bytes:
    head, _, tail = text.partition("::")
    left = [p for p in head.split(":") if p]
    right = [p for p in tail.split(":") if p] if "::" in text else []
    if "::" not in text:
        left = text.split(":")
    groups = left + ["0"] * (8 - len(left) - len(right)) + right
    if len(groups) != 8:
        raise ValueError("not an IPv6 address")
    out = bytearray()
    for g in groups:
        v = int(g, 16)
        out.append(v >> 8)
        out.append(v & 255)
    return bytes(out)


def _uuid(text: str) -> bytes | None:
    """The 16 bytes of a UUID in its 8-4-4-4-12 text form, or None."""
    parts = text.split("-")
    if [len(p) for p in parts] != [8, 4, 4, 4, 12]:
        return None
    digits = "".join(parts).lower()
    if any(ch not in "0123456789abcdef" for ch in digits):
        return None
    return bytes([int(digits[i:i + 2], 16) for i in range(0, 32, 2)])


def _ip_text(family: int, raw: bytes) -> str:
    if family == 0:
        h = "".join(f"{b:02x}" for b in raw)
        return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] + ".local"
    if family == 4:
        return ".".join(str(b) for b in raw)
    return ":".join(f"{(raw[i] << 8) | raw[i + 1]:x}" for i in range(0, 16, 2))


def pack(sdp: str, kind: str) -> str:
    """The code of a browser's offer (``kind`` "offer") or answer ("answer") SDP, after ICE gathering."""
    ufrag = pwd = fp = None
    cands = []
    for line in _sdp_lines(sdp):
        if line.startswith("a=ice-ufrag:"):
            ufrag = line[12:]
        elif line.startswith("a=ice-pwd:"):
            pwd = line[10:]
        elif line.startswith("a=fingerprint:sha-256 "):
            fp = bytes([int(h, 16) for h in line[22:].split(":")])
        elif line.startswith("a=candidate:"):
            parts = line[12:].split(" ")
            if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ" or parts[7] not in _TYPES:
                continue  # TCP and unusual candidates are left out: UDP ones are enough
            address, port = parts[4], int(parts[5])
            if address.endswith(".local"):
                raw = _uuid(address[:-6])
                if raw is None:
                    continue  # not Chromium's kind of mDNS name: left out
                family = 0
            else:
                family = 6 if ":" in address else 4
                raw = _ipv6(address) if family == 6 else _ipv4(address)
            cands.append(bytes([family * 16 + _TYPES.index(parts[7]), port >> 8, port & 255]) + raw)
    if ufrag is None or pwd is None or fp is None or len(fp) != 32:
        raise ValueError("the connection offer is incomplete")
    if len(ufrag) > 255 or len(pwd) > 255 or len(cands) > 255:
        raise ValueError("the connection offer is too long")
    body = bytearray([len(ufrag)]) + ufrag.encode() + bytes([len(pwd)]) + pwd.encode() + fp + bytes([len(cands)])
    for c in cands:
        body += c
    return ("o" if kind == "offer" else "a") + VERSION + "." + b64encode(bytes(body))


def read_code(code: str) -> tuple[str, str, str, bytes, list[tuple[str, str, int]]]:
    """The parts of a code: ``(kind, ufrag, pwd, fingerprint bytes, [(type, address, port), ...])``."""
    code = code.strip()
    if len(code) < 4 or code[0] not in "oa" or code[1:3] != VERSION + ".":
        raise ValueError("not a connection code")
    data = b64decode(code[3:])
    try:
        i = 0
        n = data[i]
        ufrag = data[i + 1:i + 1 + n].decode()
        i += 1 + n
        n = data[i]
        pwd = data[i + 1:i + 1 + n].decode()
        i += 1 + n
        fp = data[i:i + 32]
        i += 32
        count = data[i]
        i += 1
        cands = []
        for _ in range(count):
            kind = data[i]
            family, typ = kind >> 4, kind & 15
            port = (data[i + 1] << 8) | data[i + 2]
            size = 4 if family == 4 else 16
            raw = data[i + 3:i + 3 + size]
            if family not in (0, 4, 6) or typ >= len(_TYPES) or len(raw) != size:
                raise ValueError("bad candidate")
            cands.append((_TYPES[typ], _ip_text(family, raw), port))
            i += 3 + size
    except IndexError:
        raise ValueError("not a connection code") from None
    if len(fp) != 32 or i != len(data):
        raise ValueError("not a connection code")
    return ("offer" if code[0] == "o" else "answer"), ufrag, pwd, fp, cands


def unpack(code: str) -> tuple[str, str]:
    """``(kind, sdp)``: the SDP a browser accepts as the remote description, rebuilt from a code."""
    kind, ufrag, pwd, fp, cands = read_code(code)
    fingerprint = ":".join(f"{b:02X}" for b in fp)
    plain = [c for c in cands if not c[1].endswith(".local")]  # the c= line takes an address, not a name
    first = plain[0] if plain else ("host", "0.0.0.0", 9)
    lines = [
        "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
        "m=application " + str(first[2]) + " UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN " + ("IP6 " if ":" in first[1] else "IP4 ") + first[1],
    ]
    for n, (typ, address, port) in enumerate(cands):
        lines.append("a=candidate:" + str(n + 1) + " 1 udp " + str(_PRIORITY[_TYPES.index(typ)] - n) + " "
                     + address + " " + str(port) + " typ " + typ + (" raddr 0.0.0.0 rport 0" if typ != "host" else "")
                     + " generation 0")
    lines += ["a=ice-ufrag:" + ufrag, "a=ice-pwd:" + pwd, "a=fingerprint:sha-256 " + fingerprint,
              "a=setup:" + ("actpass" if kind == "offer" else "active"), "a=mid:0", "a=sctp-port:5000",
              "a=max-message-size:262144"]
    return kind, "\r\n".join(lines) + "\r\n"
