"""The score-over-time chart: every player's running score through the game, drawn on a
``Canvas`` (the review screen shows it beside the board, with the current position marked).

Plain Python over the display list, like the renderers: tested on CPython.
"""

from __future__ import annotations

from .canvas import PALETTE, Canvas

PAD_L, PAD_R, PAD_T, PAD_B = 30, 10, 10, 22


def draw_scores(cv: Canvas, series: list[tuple[int, list[int]]], names: list[str], n: int, at: int,
                x_label: str) -> None:
    """``series``: (position, every player's score there), in order of position; ``n``: the
    number of actions (the x axis runs from 0 to n); ``at``: the position to mark."""
    w, h = cv.width, cv.height
    cv.rect(0, 0, w, h, fill=PALETTE["panel"], stroke=PALETTE["line"], radius=8)
    if not series or n <= 0:
        return
    top = max(1, max(max(scores) for _, scores in series))
    x0, x1, y0, y1 = PAD_L, w - PAD_R, h - PAD_B, PAD_T

    def px(k: int) -> float:
        return x0 + (x1 - x0) * k / n

    def py(v: float) -> float:
        return y0 - (y0 - y1) * v / top

    for frac in (0, 0.5, 1):  # a light grid: zero, half, top
        v = round(top * frac)
        cv.line(x0, py(v), x1, py(v), color=PALETTE["line"], width=1)
        cv.text(x0 - 4, py(v), str(v), size=11, color=PALETTE["muted"], align="right", baseline="middle")
    cv.text((x0 + x1) / 2, h - 4, x_label, size=11, color=PALETTE["muted"], align="center", baseline="bottom")
    cv.line(px(at), y1, px(at), y0, color=PALETTE["highlight"], width=2)
    for p in range(len(names)):
        colour = PALETTE["players"][p % len(PALETTE["players"])]
        points = [(px(k), py(scores[p])) for k, scores in series if p < len(scores)]
        for (xa, ya), (xb, yb) in zip(points, points[1:]):
            cv.line(xa, ya, xb, yb, color=colour, width=2)
        if points:
            cv.circle(points[-1][0], points[-1][1], 3, fill=colour)
            cv.hit(points[-1][0] - 6, points[-1][1] - 6, 12, 12,
                   tip=f"{names[p]}: {series[-1][1][p] if p < len(series[-1][1]) else ''}")
