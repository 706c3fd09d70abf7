"""Myraclia's legend tells the free space's "+" from the white element's "+" symbol: the
draft columns draw the white element as a "+" in a square, so a legend reading only "+: a
free space" sends a newcomer looking for a space in the draft board. The legend says the
free space's "+" stands in an empty hex, in both languages."""

import pytest

from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import Session

EMPTY_HEX = {"en": "+ in an empty hex", "it": "+ in un esagono vuoto"}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_legend_places_the_free_space_plus_in_an_empty_hex(lang):
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "bot:random"}]
    s = Session.start("myraclia", seats, 3)
    s.lang = lang
    cv = Canvas(918, 660, lang)
    get_renderer("myraclia")(cv, s.game.view(s.state, 0), s.action_dicts(), 0)
    legend = [t for t in cv.texts() if "+" in t and ("free space" in t or "spazio libero" in t)]
    assert legend and all(EMPTY_HEX[lang] in t for t in legend), legend
