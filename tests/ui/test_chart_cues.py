"""The score chart's lines are told apart without colour (issue "A table for every player"):
each player's line carries its seat's shape (``SEAT_SHAPES``) as a marker on its points, and
the legend pairs each shape with the player's name (``tavolo_ui.chart.draw_scores``).
"""

from __future__ import annotations

import pytest

from tavolo_ui.canvas import MIN_TEXT, SEAT_SHAPES, Canvas, seat_colour, shape_points
from tavolo_ui.chart import MARKER_GAP, draw_scores, marker_points


def _series(players: int, steps: int) -> list[tuple[int, list[int]]]:
    """A game of ``steps`` positions where the players' scores cross each other."""
    return [(k, [(k * (p + 1) + 7 * p) % 23 + k // 3 for p in range(players)]) for k in range(steps + 1)]


def _shape_of(op: tuple) -> str | None:
    """The seat shape a marker op draws (by its outline), None if it is not a seat marker."""
    if op[0] == "circle":
        return "circle"
    if op[0] != "poly":
        return None
    pts = op[1]
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    for shape in SEAT_SHAPES[1:]:
        ref = shape_points(shape, cx, cy, 4.0)
        if len(ref) == len(pts) and all(abs(ax - bx) < 0.8 and abs(ay - by) < 1.2
                                        for (ax, ay), (bx, by) in zip(ref, pts)):
            return shape
    return None


def _markers(cv: Canvas, seat: int) -> list[tuple[str | None, float, float]]:
    """(shape, x, y) of every filled shape in ``seat``'s colour."""
    out = []
    for op in cv.ops:
        if op[0] == "circle" and op[4] == seat_colour(seat):
            out.append(("circle", op[1], op[2]))
        elif op[0] == "poly" and op[2] == seat_colour(seat):
            pts = op[1]
            out.append((_shape_of(op), sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)))
    return out


@pytest.mark.parametrize("players,width", [(2, 240), (4, 360), (7, 300), (7, 640)])
def test_each_line_carries_its_own_seat_shape(players, width):
    series = _series(players, 40)
    names = [f"Player {p + 1}" for p in range(players)]
    cv = Canvas(width, 160)
    draw_scores(cv, series, names, 40, 40, "moves")
    lines = [op for op in cv.ops if op[0] == "line"]
    for p in range(players):
        segments = [op for op in lines if op[5] == seat_colour(p)]
        assert len(segments) == len(series) - 1
        marks = _markers(cv, p)
        assert {shape for shape, _, _ in marks} == {SEAT_SHAPES[p]}, (p, marks)
        # the line's own markers lie on its points: at least at its end and every few points
        ends = {(round(op[3], 1), round(op[4], 1)) for op in segments}
        ends.add((round(segments[0][1], 1), round(segments[0][2], 1)))
        on_line = [(x, y) for _, x, y in marks if any(abs(x - ex) < 1.5 and abs(y - ey) < 1.5 for ex, ey in ends)]
        last = (segments[-1][3], segments[-1][4])
        assert any(abs(x - last[0]) < 1.5 and abs(y - last[1]) < 1.5 for x, y in on_line), "no marker at the end"
        assert len(on_line) >= 3
        xs = sorted(x for x, _ in on_line)
        assert all(b - a >= MARKER_GAP / 2 - 0.01 for a, b in zip(xs, xs[1:])), "markers pile up"
        # and the legend pairs the same shape with the player's name
        legend = [(x, y) for shape, x, y in marks if (x, y) not in on_line]
        assert len(legend) == 1
        lx, ly = legend[0]
        assert any(op[0] == "text" and op[3] == names[p] and abs(op[2] - ly) < 1 and 0 < op[1] - lx < 14
                   and op[4] >= MIN_TEXT for op in cv.ops)


def test_the_legend_stays_inside_the_chart_and_above_the_lines():
    names = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Eleonora", "Federico", "Giuseppina"]
    cv = Canvas(260, 160)
    draw_scores(cv, _series(7, 12), names, 12, 6, "rounds")
    labels = [op for op in cv.ops if op[0] == "text" and op[3] in names]
    assert [op[3] for op in labels] == names
    for op in labels:
        assert op[1] + cv.text_width(op[3], op[4]) <= cv.width
    legend_bottom = max(op[2] for op in labels) + MIN_TEXT / 2
    plot_top = min(min(op[2], op[4]) for op in cv.ops if op[0] == "line")
    assert legend_bottom <= plot_top


def test_marker_points_thin_a_long_line_and_keep_its_end():
    points = [(float(x), 0.0) for x in range(0, 301, 3)]
    marked = marker_points(points, gap=20)
    assert marked[0] == points[0] and marked[-1] == points[-1]
    xs = [x for x, _ in marked]
    assert all(b - a >= 10 for a, b in zip(xs, xs[1:]))
    assert len(marked) >= 300 // 20 - 1
    assert marker_points([(5.0, 1.0)]) == [(5.0, 1.0)]
    assert marker_points([]) == []


@pytest.mark.parametrize("top, ticks", [
    (0, [0, 1]), (1, [0, 1]), (3, [0, 1, 2, 3]), (4, [0, 1, 2, 3, 4]), (5, [0, 2, 4, 6]),
    (9, [0, 5, 10]), (38, [0, 10, 20, 30, 40]), (40, [0, 10, 20, 30, 40]), (41, [0, 20, 40, 60]),
    (130, [0, 50, 100, 150]),
])
def test_the_score_axis_has_round_grid_values(top, ticks):
    from tavolo_ui.chart import score_ticks

    assert score_ticks(top) == ticks


def test_every_score_fits_under_the_axis_top_and_the_grid_is_labelled():
    series = _series(3, 20)
    cv = Canvas(400, 240)
    draw_scores(cv, series, ["Ada", "Ben", "Cy"], 20, 10, "moves")
    labels = [op[3] for op in cv.ops if op[0] == "text" and op[3].isdigit() and op[6] == "right"]  # the score axis
    from tavolo_ui.chart import score_ticks

    assert labels == [str(v) for v in score_ticks(max(max(s) for _, s in series))]


# ---- the x axis's tick labels, and the score axis's 0 clear of the markers (issue 27) ----------
def _texts_below_the_plot(cv: Canvas) -> list[tuple]:
    """The x axis's tick labels: texts hanging from their top under the plot, centred."""
    return [op for op in cv.ops if op[0] == "text" and op[6] == "center" and op[7] == "top"]


def _box(op: tuple) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a drawn text, a marker, or a rectangle, outline included."""
    if op[0] == "text":
        _, x, y, s, size, _c, align, baseline = op[:8]
        w = Canvas.text_width(s, size)
        left = {"left": x, "center": x - w / 2, "right": x - w}[align]
        top = {"top": y, "middle": y - size / 2, "bottom": y - size, "alphabetic": y - 0.8 * size}[baseline]
        return left, top, left + w, top + size
    if op[0] == "circle":
        _, cx, cy, r, _f, _s, line = op
        return cx - r - line / 2, cy - r - line / 2, cx + r + line / 2, cy + r + line / 2
    if op[0] == "poly":
        xs, ys, line = [x for x, _ in op[1]], [y for _, y in op[1]], op[4]
        return min(xs) - line / 2, min(ys) - line / 2, max(xs) + line / 2, max(ys) + line / 2
    raise ValueError(op[0])


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players", [2, 5, 7])
def test_the_rounds_axis_has_a_label_at_each_round_start(players):
    rounds = [(k * 6, str(r)) for r, k in enumerate(range(9), start=1)]  # 9 rounds of 6 moves
    series = [(k, scores) for k, scores in _series(players, 54) if k % 6 == 0 or k == 54]
    cv = Canvas(480, 150)
    draw_scores(cv, series, [f"P{p}" for p in range(players)], 54, 20, "rounds", rounds)
    ticks = _texts_below_the_plot(cv)
    assert [op[3] for op in ticks] == [label for _, label in rounds]  # a text op per round
    x0, x1 = ticks[0][1], ticks[-1][1]
    assert x0 < x1 and all(abs(op[1] - (x0 + (x1 - x0) * k / 48)) < 1e-6 for op, (k, _) in zip(ticks, rounds))
    boxes = [_box(op) for op in ticks]
    assert not any(_overlap(a, b) for a, b in zip(boxes, boxes[1:]))
    everything_else = [_box(op) for op in cv.ops if op[0] == "text" and op not in ticks]
    assert not any(_overlap(a, b) for a in boxes for b in everything_else)  # the axis's name, the 0
    assert all(0 <= b[0] and b[2] <= 480 and b[3] <= 150 for b in boxes)


def test_crowded_rounds_are_labelled_every_k_th_without_overlap():
    rounds = [(k, str(k + 1)) for k in range(0, 60)]  # 60 one-move rounds on a narrow chart
    cv = Canvas(260, 150)
    draw_scores(cv, _series(3, 60), ["A", "B", "C"], 60, 3, "rounds", rounds)
    shown = [op[3] for op in _texts_below_the_plot(cv)]
    assert 3 <= len(shown) < 60
    k = int(shown[1]) - int(shown[0])
    assert k > 1 and shown == [label for _, label in rounds[::k]]
    boxes = [_box(op) for op in _texts_below_the_plot(cv)]
    assert not any(_overlap(a, b) for a, b in zip(boxes, boxes[1:]))


def test_a_game_without_rounds_numbers_its_moves():
    cv = Canvas(400, 150)
    draw_scores(cv, _series(2, 38), ["A", "B"], 38, 3, "moves")
    assert [op[3] for op in _texts_below_the_plot(cv)] == ["0", "10", "20", "30"]


@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_score_axis_0_is_not_under_a_marker(players):
    """Every line starts at 0 on the left edge of the plot: its first marker sits there, and
    the score axis's "0" (and every other label) stays clear of every marker."""
    series = [(k, [0] * players if k == 0 else scores) for k, scores in _series(players, 20)]
    cv = Canvas(400, 150)
    draw_scores(cv, series, [f"P{p}" for p in range(players)], 20, 10, "moves")
    zero = next(op for op in cv.ops if op[0] == "text" and op[3] == "0" and op[6] == "right")
    markers = [_box(op) for op in cv.ops if op[0] in ("circle", "poly")]
    labels = [_box(op) for op in cv.ops if op[0] == "text" and op[3].isdigit()]
    assert not any(_overlap(_box(zero), m) for m in markers), "the 0 is under a marker"
    assert not any(_overlap(t, m) for t in labels for m in markers)
    assert _box(zero)[0] >= 0
