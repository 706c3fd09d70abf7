"""Hot-seat games in the page, by clicks: two people share the device (Citadels' hot-seat is
in test_shell.py and test_citadels_page.py).

Every move of both humans is chosen by the game's heuristic bot on CPython (on a replay of
the page's autosave) and played by clicking, through the step-by-step picker when the list is
long. At every change of human the handoff screen must name the next player with the table
hidden (no choices, a blank board). The game is played to its score table when the time
budget allows; on a machine too slow for that the test stops after a substantial part of the
game (both players having moved many times through many handoffs) and says so.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import importlib

import pytest

from engines import get_game
from engines.core.rng import Rng
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import play_hot_seat, start_game

pytestmark = pytest.mark.browser

# game, seats, seed, time budget (s), human moves required of each seat when stopped early
CASES = [
    ("spyrium", [("Ada", "human"), ("Bruno", "human")], 5, 200, 20),
    ("myraclia", [("Ada", "human"), ("Bruno", "human")], 7, 150, 20),
    ("euphoria", [("Ada", "human"), ("Bruno", "human")], 3, 150, 15),
]


@pytest.mark.parametrize("name, seats, seed, budget_s, min_moves", CASES, ids=[c[0] for c in CASES])
def test_hot_seat_game_by_clicks(page, base_url, name, seats, seed, budget_s, min_moves):
    game = get_game(name)
    heuristic = importlib.import_module(f"engines.{name}.bot").choose
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, name, seats, seed)
    clicks = {"board": 0, "button": 0}
    result = play_hot_seat(page, game, seats, heuristic, Rng.from_seed(seed), budget_s, clicks)
    print(f"{name} hot-seat: {result} clicks={clicks}")
    assert result["handoffs"] >= 4, result
    if result["over"]:
        page.wait_for_selector("#results:not([hidden])")
        shot(page, f"{name}_hot_seat_end")
        assert page.locator("#results table.score tbody tr").count() == len(seats)
    else:
        shot(page, f"{name}_hot_seat_stopped")
        assert min(result["moves"].values()) >= min_moves, result
    assert clicks["board"] >= 1, clicks
    assert not app_errors(page), page.console_errors
