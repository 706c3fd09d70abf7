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
    labels = [op[3] for op in cv.ops if op[0] == "text" and op[3].isdigit()]
    from tavolo_ui.chart import score_ticks

    assert labels == [str(v) for v in score_ticks(max(max(s) for _, s in series))]
