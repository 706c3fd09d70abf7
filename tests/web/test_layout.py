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


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_new_game_form_fits_a_phone(new_context, base_url, lang):
    """At 390 px no New game form scrolls sideways, with its longest level name in each seat
    (a fieldset grows to its content's width unless told not to: the seats' selects, sized by
    their widest option, pushed Italian forms 51 px past the screen's edge)."""
    ctx = new_context(viewport={"width": 390, "height": 844}, locale=lang)
    page = ctx.new_page()
    open_app(page, base_url)
    for game in page.eval_on_selector_all(".game-card", "cards => cards.map(c => c.dataset.game)"):
        page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
        page.wait_for_function("() => document.body.dataset.screen === 'new'")
        page.select_option("#players", page.eval_on_selector("#players", "s => s.options[s.options.length - 1].value"))
        for kind in page.locator(".seat-kind").all():
            kind.select_option(page.evaluate("(s) => Array.from(s.options).filter(o => getComputedStyle(o).display !== 'none')"
                                             ".sort((a, b) => b.text.length - a.text.length)[0].value",
                                             kind.element_handle()))
        shot(page, f"layout_phone_new_{game}_{lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 391, (game, lang, width)
        for box in page.locator(".seat-kind").all():
            b = box.bounding_box()
            assert b["x"] + b["width"] <= 391, (game, lang, b)
        page.click("main.form button[data-cmd='home']")
        page.wait_for_function("() => document.body.dataset.screen === 'home'")
