"""Spyrium's board names whom the person waits for ("Waiting for Player 2", the page writes
the seat's name there), in both languages, instead of "Waiting for another player": with three
bots a newcomer could not tell which one the table waits on."""

import pytest

from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import Session

WAITING = {"en": "Waiting for Player {n}", "it": "In attesa di Giocatore {n}"}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_board_names_the_player_it_waits_for(lang):
    seats = [{"name": "Ada", "kind": "human"}] + [{"name": f"B{i}", "kind": "bot:random"} for i in (1, 2, 3)]
    s = Session.start("spyrium", seats, 4)
    s.lang = lang
    while s.to_move() == 0:  # the person's first moves, until another seat is to move
        s.apply(s.legal_actions()[-1])
    other = s.to_move()
    assert other not in (None, 0)
    cv = Canvas(918, 660, lang)
    get_renderer("spyrium")(cv, s.game.view(s.state, 0), s.action_dicts(), 0)
    drawn = cv.texts()
    assert WAITING[lang].format(n=other + 1) in drawn, [t for t in drawn if "ait" in t or "attesa" in t]
