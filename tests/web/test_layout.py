"""The table's layout at a laptop width and at a phone width.

Laptop (1280x800): the board on the left, the side panel (status, choices, log) on its right.
Phone (390x844): one column in the order a player reads it: who acts, the board, the choices
under the board, the log; nothing scrolls sideways.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import open_app, shot
from tests.web.pagedriver import start_game, wait_my_turn_or_end

pytestmark = pytest.mark.browser

BOXES = ("#status", "#board-wrap", "#actions", "#log-box")


def boxes(page) -> dict[str, dict]:
    return {sel: page.locator(sel).bounding_box() for sel in BOXES}


def test_table_layout_laptop_then_phone(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "citadels", [("Ada", "human"), ("Bot", "bot:random")], 3)
    wait_my_turn_or_end(page)

    wide = boxes(page)
    assert wide["#board-wrap"]["x"] + wide["#board-wrap"]["width"] <= wide["#status"]["x"] + 1
    assert wide["#status"]["y"] < wide["#actions"]["y"] < wide["#log-box"]["y"]

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width < 391")
    shot(page, "layout_phone_table")
    narrow = boxes(page)
    tops = [narrow[sel]["y"] for sel in BOXES]
    assert tops == sorted(tops), narrow
    for sel in BOXES:  # one column: every box starts near the left edge and fits the width
        assert narrow[sel]["x"] < 20 and narrow[sel]["x"] + narrow[sel]["width"] <= 391, (sel, narrow[sel])
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
