"""Tavolo's app icons as PNG files, drawn here (no image library, nothing fetched).

The design is the one of ``web/assets/icon.svg``: two cards, one light and one orange,
leaning on each other on a dark rounded square. ``build.py`` writes the PNG sizes the web
manifest lists (``web/manifest.webmanifest``): 192 and 512 px with rounded corners, and a
512 px *maskable* icon whose background fills the whole square and whose cards stay within
the central safe circle (80% of the side), since a platform may cut it to any shape.

Shapes are signed distance functions (rounded rectangles, possibly rotated); a pixel's
coverage is its distance to the edge clamped to one pixel, which anti-aliases the edges
without supersampling.
"""

from __future__ import annotations

import math
import struct
import zlib

INK = (0x2B, 0x26, 0x20)
PAPER = (0xF4, 0xEF, 0xE6)
ORANGE = (0xE0, 0x7A, 0x1F)


def _rounded_rect(px: float, py: float, cx: float, cy: float, hw: float, hh: float, r: float,
                  angle: float = 0.0) -> float:
    """Signed distance from (px, py) to a rectangle centred at (cx, cy) with half sizes
    (hw, hh), corner radius ``r``, turned by ``angle`` degrees (negative inside)."""
    a = math.radians(-angle)
    dx, dy = px - cx, py - cy
    x = abs(dx * math.cos(a) - dy * math.sin(a)) - (hw - r)
    y = abs(dx * math.sin(a) + dy * math.cos(a)) - (hh - r)
    outside = math.hypot(max(x, 0.0), max(y, 0.0))
    return outside + min(max(x, y), 0.0) - r


def _shapes(maskable: bool) -> list[tuple[tuple[int, int, int], callable]]:
    """The icon on a 64-unit square (as in icon.svg): (colour, distance function) in
    painting order."""
    k, c = (0.7, 32.0) if maskable else (1.0, 32.0)  # the maskable cards shrink into the safe zone

    def card(x: float, y: float, angle: float):
        cx, cy = c + (x + 13 - c) * k, c + (y + 18 - c) * k
        return lambda px, py: _rounded_rect(px, py, cx, cy, 13 * k, 18 * k, 4 * k, angle)

    background = ((lambda px, py: _rounded_rect(px, py, 32, 32, 40, 40, 0)) if maskable
                  else (lambda px, py: _rounded_rect(px, py, 32, 32, 32, 32, 14)))
    return [(INK, background), (PAPER, card(12, 14, -10)), (ORANGE, card(26, 14, 8))]


def render(size: int, maskable: bool = False) -> bytes:
    """The icon as a PNG file of ``size`` x ``size`` pixels (RGBA)."""
    shapes = _shapes(maskable)
    unit = 64.0 / size
    rows = []
    for j in range(size):
        row = bytearray([0])  # PNG filter type 0 for the row
        py = (j + 0.5) * unit
        for i in range(size):
            px = (i + 0.5) * unit
            r = g = b = 0.0
            alpha = 0.0
            for colour, dist in shapes:
                cover = min(max(0.5 - dist(px, py) / unit, 0.0), 1.0)
                if cover:
                    r = r * (1 - cover) + colour[0] * cover
                    g = g * (1 - cover) + colour[1] * cover
                    b = b * (1 - cover) + colour[2] * cover
                    alpha = alpha + (1 - alpha) * cover
            if alpha:  # the sums above are premultiplied by coverage: PNG stores straight colours
                row += bytes((round(r / alpha), round(g / alpha), round(b / alpha), round(alpha * 255)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


#: the files build.py writes into the site's assets folder: name -> (size, maskable)
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}
