"""The shared drawing layer: display list, hit regions, painting onto a 2D context."""

from tavolo_ui.canvas import Canvas


class FakeContext:
    """Records the 2D-context calls and property sets made by Canvas.paint."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *args: self.calls.append((name, args))

    def __setattr__(self, name, value):
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append(("set " + name, value))


def test_topmost_hit_region_wins():
    cv = Canvas(200, 100)
    cv.hit(0, 0, 100, 100, tip="board")
    cv.hit(10, 10, 20, 20, action=3)
    cv.hit(50, 50, 10, 10, action=[1, 2])
    assert cv.hit_at(15, 15).actions == [3]
    assert cv.hit_at(55, 55).actions == [1, 2]
    assert cv.hit_at(90, 90).tip == "board"
    assert cv.hit_at(150, 50) is None


def test_wrap_respects_width_and_paragraphs():
    cv = Canvas(100, 100)
    lines = cv.wrap("one two three four five six seven\nnext", 10, 60)
    assert lines[-1] == "next"
    assert all(cv.text_width(line, 10) <= 60 for line in lines[:-1])
    assert " ".join(lines[:-1]).split() == "one two three four five six seven".split()


def test_paint_replays_every_op_scaled():
    cv = Canvas(300, 200)
    cv.rect(1, 2, 3, 4, fill="#fff", stroke="#000", radius=2)
    cv.circle(10, 10, 5, fill="red")
    cv.line(0, 0, 5, 5)
    cv.poly([(0, 0), (1, 0), (0, 1)], stroke="blue")
    cv.text(5, 5, "Palace", bold=True, max_width=50)
    ctx = FakeContext()
    cv.paint(ctx, scale=2)
    names = [c[0] for c in ctx.calls]
    assert ctx.calls[0] == ("setTransform", (2, 0, 0, 2, 0, 0))
    assert "roundRect" in names and "arc" in names and "lineTo" in names and "closePath" in names
    assert ("fillText", ("Palace", 5, 5, 50)) in ctx.calls
    assert cv.texts() == ["Palace"]
