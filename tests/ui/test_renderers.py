"""The renderer lookup and the generic fallback table."""

from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import generic, get_renderer
from tavolo_ui.session import Session


def test_unknown_game_falls_back_to_generic():
    assert get_renderer("toy") is generic.render
    assert get_renderer("no-such-game") is generic.render


def test_generic_draws_view_and_every_action():
    s = Session.start("toy", [{"name": "Anna", "kind": "human"}], seed=2)
    for width in (1100, 380):
        cv = Canvas(width, 600)
        acts = s.action_dicts()
        generic.render(cv, s.view(), acts, s.me())
        indexes = {i for h in cv.hits for i in h.actions}
        assert indexes == {a["index"] for a in acts}
        assert any("\u2068Anna\u2069 draws" in t for t in cv.texts())  # the name isolated (tavolo_ui.bidi)
        assert any(t.startswith("deck") for t in cv.texts())
        assert cv.height >= 120
        for h in cv.hits:
            assert h.x >= 0 and h.x + h.w <= width


def test_generic_handles_nested_views():
    cv = Canvas(380, 400)
    view = {"players": [{"name": "A", "hand": [1, 2, 3], "deep": {"x": list(range(40))}}], "n": None}
    generic.render(cv, view, [], None)
    assert any("Spectator" in t for t in cv.texts())
