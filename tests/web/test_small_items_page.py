"""The smaller items of issue 27 that only a browser shows: after New game the focus is on
the table, not the page's body; on a phone the coach's note stays inside the screen, and it
closes when How to play, opened from its Rule link, closes over it. (What Python shows is in
``tests/ui/test_small_items.py``.)"""

from __future__ import annotations

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import board_spots, coach_note, open_rule_from_note, start_game, wait_my_choices

pytestmark = pytest.mark.browser

ON_THE_TABLE = ("() => { const a = document.activeElement;"
                " return !!a && a !== document.body && !!a.closest('#side, #handoff, #board-wrap'); }")


FOCUS_CASES = {
    # a person first: the first choice. (The old page did this already: its refresh gave the
    # first choice the focus the Start button left; this case guards it, it cannot fail there.)
    "person-first": ([("Ada", "human"), ("Bot", "bot:random")], "#actions .act-list button"),
    # a bot first: no choice yet, the status line says whose turn it is (the old page: body)
    "bot-first": ([("Bot", "bot:random"), ("Ada", "human")], "#status"),
    # two people: the hand-off screen's button (the old page: body, the choices being hidden)
    "two-people": ([("Ada", "human"), ("Bea", "human")], "#handoff:not([hidden]) button.primary"),
}
"""(seats, the element that must have the focus at once after Start)."""


@pytest.mark.parametrize("case", FOCUS_CASES)
def test_after_new_game_the_focus_is_on_the_table(page, base_url, case):
    seats, target = FOCUS_CASES[case]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "citadels", seats, 3)
    # at once, before any bot has moved
    focused = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    assert page.evaluate(ON_THE_TABLE), focused
    assert page.evaluate(f"document.activeElement === document.querySelector({target!r})"), (target, focused)
    assert not app_errors(page)


def test_the_coach_note_stays_on_a_phone_and_closes_with_how_to_play(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url)
    start_game(page, "citadels", [("Ada", "human"), ("Bot", "bot:random")], 3)
    wait_my_choices(page)
    spots = [s for s in board_spots(page) if not s["actions"] and (s["probe"] or s["ref"])]
    assert spots, "the board has spots that are not choices now"
    width = page.evaluate("window.innerWidth")
    rightmost = max(spots, key=lambda s: s["x"] + s["w"])  # where the note has the least room
    coach_note(page, rightmost)
    box = page.evaluate("(() => { const r = document.getElementById('note').getBoundingClientRect();"
                        " return {left: r.left, right: r.right}; })()")
    assert 0 <= box["left"] and box["right"] <= width, (rightmost, box, width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, "small_items_coach_note_phone")
    if page.locator("#note button.rule-link").count():
        open_rule_from_note(page)
        assert page.locator("#note").is_hidden()  # closed with How to play
        assert page.evaluate("document.activeElement !== document.body")
    assert not app_errors(page)
