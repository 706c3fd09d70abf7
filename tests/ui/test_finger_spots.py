"""Every spot on a phone's board is at least 24 x 24 CSS px to a finger (issue 27, "Phone").

The board is drawn as the page draws it on a 390 x 844 phone (378 CSS px wide, the page's
board there), over the seeded positions of ``test_board_text`` (heuristic bots, seat 0 the
person at the device), in English and Italian, for all four games. Every hit region that
carries an action (a spot a tap plays) must be at least ``FINGER`` px wide and high (WCAG
2.2's minimum target size), and a tap at its centre must reach it (no later spot lies on top of
its middle with other actions).
"""

from __future__ import annotations

import pytest

from tests.ui.test_board_text import GAMES, paint, positions

PHONE_BOARD = (378, 704)
"""(board width, the height the page offers) on a 390 x 844 phone."""

FINGER = 24
"""The smallest side of a spot a tap plays, in CSS px."""


def small_spots(game_name: str, players: int) -> set[tuple]:
    """(lang, width, height, actions) of every action spot under ``FINGER`` px on a side, or
    whose centre another spot covers."""
    found: set[tuple] = set()
    for s in positions(game_name, players):
        for lang in ("en", "it"):
            cv = paint(s, *PHONE_BOARD, lang)
            for hit in cv.hits:
                if not hit.actions:
                    continue
                if hit.w < FINGER - 1e-6 or hit.h < FINGER - 1e-6:
                    found.add((lang, round(hit.w, 1), round(hit.h, 1), tuple(hit.actions)))
                top = cv.hit_at(hit.x + hit.w / 2, hit.y + hit.h / 2)
                if top is not None and top.actions and top.actions != hit.actions:
                    found.add((lang, "covered", tuple(hit.actions), tuple(top.actions)))
    return found


@pytest.mark.parametrize("game_name,players", GAMES)
def test_every_action_spot_is_24_px_on_a_phone(game_name, players):
    found = small_spots(game_name, players)
    assert not found, sorted(found, key=str)[:30]
