"""On a phone the board scrolls in its own box (``#board-wrap``): when the player's turn
opens with the box scrolled where none of their choices is (after the guided game, the box
was left on the last step's "End your turn"; Citadels' characters to keep sat above it,
under the sticky status), the table scrolls the box to the topmost spot they can choose.
Tested on the page's own table (``TableScreen.show_guide_spot``) on fake browser objects."""

import sys
import types

from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import Session

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)


def _box(scroll_top: float) -> types.SimpleNamespace:
    """The board's box on a phone: 300 px in sight of a 2000 px board, scrolled to ``scroll_top``."""
    return types.SimpleNamespace(scrollTop=scroll_top, scrollHeight=2000.0, clientHeight=300.0)


def _table_on_my_turn(app, box) -> list:
    """A Citadels game (a person, three bots) drawn for the person at their first choice,
    the page's box ``box``: the spots of the person's choices."""
    seats = [{"name": "Sara", "kind": "human"}] + [{"name": n, "kind": "bot:random"} for n in ("B", "C", "D")]
    s = Session.start("citadels", seats, 5)
    while s.to_move() != 0:
        s.apply(s.legal_actions()[0])
    cv = Canvas(390, 2000, s.lang)
    get_renderer("citadels")(cv, s.game.view(s.state, 0), s.action_dicts(), 0)
    app.page.session, app.table.mode, app.table.cv = s, "play", cv
    doc = sys.modules["js"].document
    doc.getElementById = lambda id_: box if id_ == "board-wrap" else None
    return [t for t in cv.hits if t.actions]


def test_the_turn_opens_with_a_choice_in_sight(app):  # noqa: F811
    box = _box(1700.0)
    mine = _table_on_my_turn(app, box)
    assert mine and all(t.y + t.h <= 1700 for t in mine)  # none in sight before
    app.table.show_guide_spot()
    top = box.scrollTop
    assert any(t.y >= top and t.y + t.h <= top + 300 for t in mine)


def test_the_box_stays_put_while_a_choice_shows(app):  # noqa: F811
    box = _box(0.0)
    mine = _table_on_my_turn(app, box)
    assert any(t.y + t.h <= 300 for t in mine)
    app.table.show_guide_spot()
    assert box.scrollTop == 0.0
