"""The seat colours and Citadels' district colours stay apart for every player (issue 15).

Each colour is shown as a person with a colour-vision deficiency sees it: the sRGB colour is
linearised, multiplied by the simulation matrix of Machado, Oliveira and Fernandes (2009) at
severity 1.0 (a dichromat: protanopia, deuteranopia, tritanopia), and converted to CIELAB
(D65). Two colours count as told apart when their CIEDE2000 difference is at least
``MIN_DELTA_E`` = 12, under normal vision and under each of the three deficiencies.

Why 12: a CIEDE2000 difference of about 1 is just noticeable side by side, 2-10 is "similar
at a glance", and above 10 colours read as different colours rather than shades of one; the
pieces on a board are small and seldom side by side, so we ask for a margin above 10. Today's
palette before issue 15 had red/green and blue/purple pairs at 4.4 (deuteranopia) and its
Citadels blue/purple at 2.7; the new palette's worst pair is above 13.

The page's CSS repeats the seat colours (``--p0`` ... ``--p6`` in web/style.css): they must
be the canvas's.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from tavolo_ui.canvas import PALETTE, SEAT_SHAPES, ink_on

MIN_DELTA_E = 12.0

MACHADO_2009 = {  # severity 1.0, applied to linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ["normal", *MACHADO_2009]

OLD_SEATS = ["#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98", "#ca6f1e", "#17a589"]
OLD_DISTRICTS = ["#e6be3a", "#4a7fc1", "#4c9f62", "#c4493c", "#8e5bb5"]
"""The colours before issue 15, which the check must reject."""


def _linear(hex_colour: str) -> list[float]:
    h = hex_colour.lstrip("#")
    out = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def _seen(rgb: list[float], vision: str) -> list[float]:
    if vision == "normal":
        return rgb
    m = MACHADO_2009[vision]
    return [min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(p: tuple[float, float, float], q: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = p, q
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    dtheta = 30 * math.exp(-((hbar - 275) / 25) ** 2)
    rc = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (d_h / sh) ** 2 + rt * (dc / sc) * (d_h / sh))


def too_close(colours: list[str]) -> list[tuple[str, str, str, float]]:
    """Every (vision, colour, colour, difference) pair under ``MIN_DELTA_E``."""
    out = []
    for vision in VISIONS:
        labs = [_lab(_seen(_linear(c), vision)) for c in colours]
        for i, j in itertools.combinations(range(len(colours)), 2):
            d = ciede2000(labs[i], labs[j])
            if d < MIN_DELTA_E:
                out.append((vision, colours[i], colours[j], round(d, 1)))
    return out


def test_the_reference_difference_is_right():
    """CIEDE2000 against a pair of Sharma et al.'s published test data (pair 1: 2.0425)."""
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)


def test_the_check_rejects_the_old_colours():
    assert any(v == "deuteranopia" for v, *_ in too_close(OLD_SEATS[:6]))
    assert too_close(OLD_DISTRICTS)


def test_every_pair_of_seat_colours_stays_apart():
    """Euphoria seats 6, Citadels 7: all seven seat colours, under every vision."""
    assert len(PALETTE["players"]) >= 7
    assert too_close(PALETTE["players"][:7]) == []


def test_citadels_district_colours_stay_apart():
    from tavolo_ui.renderers.citadels import COLOURS
    assert too_close(list(COLOURS.values())) == []


def test_every_seat_has_its_own_shape_and_readable_text_on_it():
    assert len(set(SEAT_SHAPES)) == len(SEAT_SHAPES) >= 7

    def luminance(c: str) -> float:
        r, g, b = _linear(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    for c in PALETTE["players"]:
        ink = ink_on(c)
        hi, lo = sorted((luminance(c), luminance(ink)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 3.0, c  # WCAG's ratio for large or bold text


def test_the_page_css_has_the_canvas_seat_colours():
    css = (Path(__file__).resolve().parents[2] / "web" / "style.css").read_text()
    found = dict(re.findall(r"--p(\d): (#[0-9a-fA-F]{6})", css))
    assert [found[str(i)].lower() for i in range(7)] == [c.lower() for c in PALETTE["players"][:7]]
