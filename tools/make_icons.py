#!/usr/bin/env python3
"""Draw the app icons (a fan of three cards on green felt) with the standard
library only, and write them to web/icons/:

    icon.svg               favicon / any size
    icon-192.png           manifest + apple-touch-icon
    icon-512.png           manifest
    icon-maskable-512.png  manifest, purpose "maskable" (artwork in the safe zone)

    python3 tools/make_icons.py

The PNGs are committed; rerun only when the design changes.  The same shape
list feeds the SVG and the rasteriser (4x4 supersampling, painter's order).
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"

FELT = (14, 90, 58)
FELT_EDGE = (9, 64, 41)
CARD = (255, 253, 246)
INK = (34, 34, 34)
RED = (200, 30, 45)

# Shapes in a 100 x 100 box.  Each: (kind, params, colour)
#   "rrect": centre x, centre y, width, height, corner radius, rotation (deg), pivot (x, y)
#   "diamond": centre x, centre y, half-width, half-height, rotation, pivot


def card_shapes(scale: float = 1.0, shift: float = 0.0) -> list[tuple]:
    shapes: list[tuple] = []
    pivot = (50.0, 84.0 + shift)

    def s(v: float) -> float:
        return 50.0 + (v - 50.0) * scale

    cw, ch, cr = 38 * scale, 54 * scale, 5 * scale
    cx, cy = s(50), s(46) + shift
    pv = (s(pivot[0]), s(pivot[1] - shift) + shift)
    for angle, mark in ((-22, INK), (0, None), (22, RED)):
        shapes.append(("rrect", (cx, cy, cw + 2.4 * scale, ch + 2.4 * scale, cr + 1.2 * scale, angle, pv), INK))
        shapes.append(("rrect", (cx, cy, cw, ch, cr, angle, pv), CARD))
        if mark is not None:
            # small pip in the upper corner that stays visible in the fan
            mx = cx - cw / 2 + 7 * scale
            shapes.append(("diamond", (mx, cy - ch / 2 + 9 * scale, 3.6 * scale, 5.0 * scale, angle, pv), mark))
    # big pip in the middle of the top card
    shapes.append(("diamond", (cx, cy + 2 * scale, 9 * scale, 13 * scale, 22, pv), RED))
    return shapes


def background(kind: str) -> list[tuple]:
    if kind == "maskable":
        return [("rect", (0, 0, 100, 100), FELT)]
    return [("rrect", (50, 50, 100, 100, 22, 0, (50, 50)), FELT_EDGE),
            ("rrect", (50, 50, 96, 96, 20, 0, (50, 50)), FELT)]


def shapes_for(kind: str) -> list[tuple]:
    if kind == "maskable":  # keep the cards inside the central 80 % safe zone
        return background(kind) + card_shapes(scale=0.78, shift=2.0)
    return background(kind) + card_shapes()


# ---------------------------------------------------------------- geometry
def _to_local(x: float, y: float, angle: float, pivot: tuple[float, float]) -> tuple[float, float]:
    if not angle:
        return x, y
    a = math.radians(-angle)
    px, py = pivot
    dx, dy = x - px, y - py
    return px + dx * math.cos(a) - dy * math.sin(a), py + dx * math.sin(a) + dy * math.cos(a)


def inside(shape: tuple, x: float, y: float) -> bool:
    kind, p, _ = shape
    if kind == "rect":
        x0, y0, w, h = p
        return x0 <= x <= x0 + w and y0 <= y <= y0 + h
    if kind == "rrect":
        cx, cy, w, h, r, angle, pivot = p
        lx, ly = _to_local(x, y, angle, pivot)
        dx = abs(lx - cx) - (w / 2 - r)
        dy = abs(ly - cy) - (h / 2 - r)
        if dx > r or dy > r:
            return False
        if dx <= 0 or dy <= 0:
            return True
        return dx * dx + dy * dy <= r * r
    if kind == "diamond":
        cx, cy, hw, hh, angle, pivot = p
        lx, ly = _to_local(x, y, angle, pivot)
        return abs(lx - cx) / hw + abs(ly - cy) / hh <= 1.0
    raise ValueError(kind)


def bbox(shape: tuple) -> tuple[float, float, float, float]:
    kind, p, _ = shape
    if kind == "rect":
        return p[0], p[1], p[0] + p[2], p[1] + p[3]
    cx, cy, w, h = p[0], p[1], p[2], p[3]
    if kind == "diamond":
        w, h = 2 * w, 2 * h
    angle, (px, py) = p[-2], p[-1]
    pts = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = cx + sx * w / 2, cy + sy * h / 2
            a = math.radians(angle)
            dx, dy = x - px, y - py
            pts.append((px + dx * math.cos(a) - dy * math.sin(a), py + dx * math.sin(a) + dy * math.cos(a)))
    xs, ys = [q[0] for q in pts], [q[1] for q in pts]
    return min(xs), min(ys), max(xs), max(ys)


# ---------------------------------------------------------------- raster
def render(kind: str, size: int, ss: int = 4) -> list[bytearray]:
    shapes = shapes_for(kind)
    boxes = [bbox(s) for s in shapes]
    unit = 100.0 / size
    rows = []
    offs = [(i + 0.5) / ss for i in range(ss)]
    n = ss * ss
    for py in range(size):
        row = bytearray()
        for px in range(size):
            r = g = b = a = 0.0
            for oy in offs:
                y = (py + oy) * unit
                for ox in offs:
                    x = (px + ox) * unit
                    colour = None
                    for shape, (x0, y0, x1, y1) in zip(reversed(shapes), reversed(boxes)):
                        if x0 <= x <= x1 and y0 <= y <= y1 and inside(shape, x, y):
                            colour = shape[2]
                            break
                    if colour is not None:
                        r += colour[0]
                        g += colour[1]
                        b += colour[2]
                        a += 1
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
            else:
                row += b"\0\0\0\0"
        rows.append(row)
    return rows


def png(rows: list[bytearray], size: int) -> bytes:
    raw = b"".join(b"\0" + bytes(r) for r in rows)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------- svg
def svg(kind: str = "any") -> str:
    def hexc(c: tuple[int, int, int]) -> str:
        return "#{:02x}{:02x}{:02x}".format(*c)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">']
    for shape in shapes_for(kind):
        k, p, col = shape
        if k == "rect":
            out.append(f'<rect x="{p[0]}" y="{p[1]}" width="{p[2]}" height="{p[3]}" fill="{hexc(col)}"/>')
        elif k == "rrect":
            cx, cy, w, h, r, angle, (px, py) = p
            rot = f' transform="rotate({angle:g} {px:.2f} {py:.2f})"' if angle else ""
            out.append(f'<rect x="{cx - w / 2:.2f}" y="{cy - h / 2:.2f}" width="{w:.2f}" height="{h:.2f}" '
                       f'rx="{r:.2f}" fill="{hexc(col)}"{rot}/>')
        else:
            cx, cy, hw, hh, angle, (px, py) = p
            rot = f' transform="rotate({angle:g} {px:.2f} {py:.2f})"' if angle else ""
            pts = f"{cx:.2f},{cy - hh:.2f} {cx + hw:.2f},{cy:.2f} {cx:.2f},{cy + hh:.2f} {cx - hw:.2f},{cy:.2f}"
            out.append(f'<polygon points="{pts}" fill="{hexc(col)}"{rot}/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    for name, kind, size in (("icon-192.png", "any", 192), ("icon-512.png", "any", 512),
                             ("icon-maskable-512.png", "maskable", 512)):
        (OUT / name).write_bytes(png(render(kind, size), size))
        print("wrote", OUT / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
