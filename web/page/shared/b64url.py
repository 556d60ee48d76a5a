"""base64url without padding (RFC 4648 §5), for the connection codes of online play and replay links.

MicroPython's ``binascii`` has no URL-safe alphabet, so both Pythons use this one. Written in the Python both
MicroPython and CPython run.
"""

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def encode(data: bytes | bytearray) -> str:
    """``data`` (bytes) in base64url, without padding."""
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        n = chunk[0] << 16
        if len(chunk) > 1:
            n |= chunk[1] << 8
        if len(chunk) > 2:
            n |= chunk[2]
        out.append(ALPHABET[n >> 18 & 63] + ALPHABET[n >> 12 & 63])
        if len(chunk) > 1:
            out.append(ALPHABET[n >> 6 & 63])
        if len(chunk) > 2:
            out.append(ALPHABET[n & 63])
    return "".join(out)


def decode(text: str) -> bytes:
    """The bytes of base64url ``text`` (no padding); ValueError at a character outside the alphabet."""
    out = bytearray()
    bits = 0
    nbits = 0
    for ch in text:
        v = ALPHABET.find(ch)
        if v < 0:
            raise ValueError("not base64url")
        bits = (bits << 6) | v
        nbits += 6
        if nbits >= 8:
            nbits -= 8
            out.append((bits >> nbits) & 255)
    return bytes(out)
