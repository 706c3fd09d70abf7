"""The score-over-time chart: every player's running score through the game, drawn on a
``Canvas`` (the review screen shows it beside the board, with the current position marked).

Each player's line has two cues besides its colour, so that a colour-blind person can tell
the lines apart: the seat's shape (``SEAT_SHAPES``) as a marker on the line's points (every
few points, always at its end), and a legend above the plot pairing each shape with the
player's name.

The x axis carries its tick labels (the rounds' numbers where a round begins, or the move
numbers at round steps in a game without rounds), every k-th when they would crowd
(``thin_ticks``); the score axis's labels stand clear of the markers on the axis (the first
points of the lines, usually at 0), so its 0 stays readable.

Plain Python over the display list, like the renderers: tested on CPython.
"""

from __future__ import annotations

from .canvas import MIN_TEXT, PALETTE, Canvas, seat_colour, seat_text_colour

PAD_L, PAD_R, PAD_T, PAD_B = 38, 10, 10, 34
MARKER_R = 4.0
"""The radius of a seat's shape marker on its line (CSS px)."""
MARKER_REACH = MARKER_R * 1.2 + 1.0
"""How far a marker reaches from its point, outline included (the star's tips are 1.2 radii
out): the axes' labels stay beyond it."""
AXIS_TEXT = 11
"""The size of the axes' texts (CSS px)."""
TICK_GAP = 6.0
"""The least room between two tick labels of the x axis (CSS px)."""
MARKER_GAP = 22.0
"""The least horizontal distance between two markers of one line (CSS px), so they do not
pile up on a long game."""
LEGEND_ROW = 16.0
"""The height of a row of the legend (CSS px)."""


def marker_points(points: list[tuple[float, float]], gap: float = MARKER_GAP,
                  offset: float = 0.0) -> list[tuple[float, float]]:
    """The points of a line that carry its marker: the first, then each one at least ``gap``
    to the right of the last marked (the second ``offset`` further, so that the lines'
    markers fall at different places), and always the last point (it may replace the one
    before when they would overlap)."""
    if not points:
        return []
    marked = [points[0]]
    next_x = points[0][0] + gap + offset
    for p in points[1:-1]:
        if p[0] >= next_x:
            marked.append(p)
            next_x = p[0] + gap
    if len(points) > 1:
        if len(marked) > 1 and points[-1][0] - marked[-1][0] < gap / 2:
            marked.pop()
        marked.append(points[-1])
    return marked


def legend_rows(cv: Canvas, names: list[str], width: float) -> list[list[tuple[int, float]]]:
    """The legend laid out in rows that fit ``width``: for each row, (seat, x of its marker)."""
    rows: list[list[tuple[int, float]]] = [[]]
    x: float = PAD_L
    for p, name in enumerate(names):
        need = 2 * MARKER_R + 4 + cv.text_width(name, MIN_TEXT) + 12
        if rows[-1] and x + need > width - PAD_R:
            rows.append([])
            x = PAD_L
        rows[-1].append((p, x + MARKER_R))
        x += need
    return rows


def score_ticks(top: int, most: int = 5) -> list[int]:
    """The score axis's grid values for scores up to ``top``: from 0 in a round step (1, 2 or 5
    times a power of ten), at most ``most`` of them, the last one at or above ``top`` (it is
    the top of the axis): 3 gives 0, 1, 2, 3; 38 gives 0, 10, 20, 30, 40."""
    top = max(1, int(top))
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            count = -(-top // step) + 1
            if count <= most:
                return [step * i for i in range(count)]
        power *= 10


def move_ticks(n: int) -> list[tuple[int, str]]:
    """The x axis's ticks of a game without rounds: move numbers from 0 to ``n`` in a round
    step (``score_ticks``'s), as (position, label)."""
    return [(k, str(k)) for k in score_ticks(n, most=6) if k <= n]


def thin_ticks(ticks: list[tuple[float, str]], size: float = AXIS_TEXT,
               gap: float = TICK_GAP) -> list[tuple[float, str]]:
    """``ticks`` (x, label) in order of x, every k-th of them (k the first of 1, 2, 5, 10,
    20, 50... that leaves ``gap`` between every two labels drawn centred on their x)."""
    if not ticks:
        return []
    k = 1
    while True:
        for step in (k, 2 * k, 5 * k):
            kept = ticks[::step]
            if all(b[0] - a[0] >= (Canvas.text_width(a[1], size) + Canvas.text_width(b[1], size)) / 2 + gap
                   for a, b in zip(kept, kept[1:])):
                return kept
        k *= 10


def draw_scores(cv: Canvas, series: list[tuple[int, list[int]]], names: list[str], n: int, at: int,
                x_label: str, x_ticks: list[tuple[int, str]] | None = None) -> None:
    """``series``: (position, every player's score there), in order of position; ``n``: the
    number of actions (the x axis runs from 0 to n); ``at``: the position to mark;
    ``x_ticks``: (position, label) of the x axis's ticks (the rounds' starts and numbers),
    by default ``move_ticks(n)``, every k-th drawn when they crowd. Each player's line is in
    its seat's colour with its seat's shape on it, and named in the legend above the plot
    (the shape, then the name)."""
    w, h = cv.width, cv.height
    cv.rect(0, 0, w, h, fill=PALETTE["panel"], stroke=PALETTE["line"], radius=8)
    if not series or n <= 0:
        return
    rows = legend_rows(cv, names, w)
    for r, row in enumerate(rows):
        y = PAD_T + LEGEND_ROW * r + LEGEND_ROW / 2 - 2
        for p, x in row:
            cv.seat_marker(x, y, MARKER_R, p, stroke=PALETTE["ink"], line=1.0)
            cv.text(x + MARKER_R + 4, y, names[p], size=MIN_TEXT, color=seat_text_colour(p),
                    baseline="middle")
    ticks = score_ticks(max(max(scores) for _, scores in series))
    top = ticks[-1]
    x0, x1, y0, y1 = PAD_L, w - PAD_R, h - PAD_B, PAD_T + LEGEND_ROW * len(rows) + 4

    def px(k: int) -> float:
        return x0 + (x1 - x0) * k / n

    def py(v: float) -> float:
        return y0 - (y0 - y1) * v / top

    for v in ticks:  # a light grid at round values, labelled clear of the markers on the axis
        cv.line(x0, py(v), x1, py(v), color=PALETTE["line"], width=1)
        cv.text(x0 - MARKER_REACH - 3, py(v), str(v), size=AXIS_TEXT, color=PALETTE["muted"],
                align="right", baseline="middle")
    for x, label in thin_ticks([(px(k), label) for k, label in (move_ticks(n) if x_ticks is None else x_ticks)]):
        cv.line(x, y0, x, y0 + 3, color=PALETTE["muted"], width=1)
        cv.text(x, y0 + MARKER_REACH + 2, label, size=AXIS_TEXT, color=PALETTE["muted"], align="center",
                baseline="top")
    cv.text((x0 + x1) / 2, h - 3, x_label, size=AXIS_TEXT, color=PALETTE["muted"], align="center",
            baseline="bottom")
    cv.line(px(at), y1, px(at), y0, color=PALETTE["highlight"], width=2)
    for p in range(len(names)):
        colour = seat_colour(p)
        points = [(px(k), py(scores[p])) for k, scores in series if p < len(scores)]
        for (xa, ya), (xb, yb) in zip(points, points[1:]):
            cv.line(xa, ya, xb, yb, color=colour, width=2)
        for x, y in marker_points(points, offset=MARKER_GAP * p / len(names)):
            cv.seat_marker(x, y, MARKER_R, p, stroke=PALETTE["ink"], line=0.8)
        if points:
            cv.hit(points[-1][0] - 6, points[-1][1] - 6, 12, 12,
                   tip=f"{names[p]}: {series[-1][1][p] if p < len(series[-1][1]) else ''}")
