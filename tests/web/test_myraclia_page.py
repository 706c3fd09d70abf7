"""A game of Myraclia in the page, by clicks: 1 human and 1 heuristic bot.

The game is started from the home screen; the human's moves are chosen by the engine's
heuristic bot run here on CPython (on a replay of the page's autosave, checked against the
page's state hash) and played by clicking: on the canvas board whenever the move has a
place of its own there (a Draft-board column, a tile, a new tile's space), else on its
button in the action list. The game is played to the end-of-game score table when that
fits in the time budget (about 4 minutes), else for as long as the budget allows (at least
a whole round). Screenshots (test-output/screens/myraclia_page_*.png) at the laptop size
(1280x800) and, once, at a phone width (390x844).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import time

import pytest

from engines import get_game
from engines.core.rng import Rng
from engines.myraclia.bot import choose as heuristic
from tests.web.conftest import open_app, shot
from tests.web.pagedriver import (Mirror, body, click_action, look_at_phone_width, saved_record,
                                   start_game, wait_my_turn_or_end)

pytestmark = pytest.mark.browser

GAME = get_game("myraclia")
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic")]
SEED = 11
BUDGET_S = 230          # the whole test stays under about 4 minutes


def test_myraclia_game_played_by_clicks(page, base_url):
    t0 = time.monotonic()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, GAME.name, SEATS, SEED)
    shot(page, "myraclia_page_02_first_draft")
    mirror = None
    rng = Rng.from_seed(SEED)
    clicks = {"board": 0, "button": 0}
    phases: set[str] = set()
    phone_done = False
    shots = {"terraform": "myraclia_page_03_terraform", "place": "myraclia_page_04_new_tiles"}
    rounds = 1
    while True:
        wait_my_turn_or_end(page)
        if body(page, "over") == "1":
            break
        if mirror is None:
            mirror = Mirror(GAME, saved_record(page))
        mirror.sync(page)
        state = mirror.state
        rounds = state.round
        assert GAME.to_move(state) == 0
        legal = GAME.legal_actions(state)
        # the buttons are the legal actions, in order, and each reads differently
        buttons = page.locator("#actions button.act")
        assert buttons.count() == len(legal)
        labels = buttons.all_inner_texts()
        assert len(set(labels)) == len(labels), labels
        if state.phase in shots and state.phase not in phases:
            shot(page, shots[state.phase])
        phases.add(state.phase)
        if not phone_done and state.phase == "terraform" and state.round >= 2:
            look_at_phone_width(page, "myraclia_page_05_phone")
            phone_done = True
        action = heuristic(GAME, state, rng)
        index = legal.index(action)
        click_action(page, index, clicks, timeout_ms=60_000)
        if time.monotonic() - t0 > BUDGET_S:
            break  # a substantial part played: checked below
    over = body(page, "over") == "1"
    assert clicks["board"] >= 1 and clicks["button"] + clicks["board"] >= 20, clicks
    assert {"draft", "terraform"} <= phases, phases
    if over:  # the end: the score table by category, the winner named
        page.wait_for_selector("#results:not([hidden])")
        shot(page, "myraclia_page_06_end")
        rows = page.locator("#results table.score tbody tr")
        assert rows.count() == len(SEATS)
        head = page.inner_text("#results table.score thead").lower()
        assert "largest area" in head and "surface types" in head
    else:
        assert rounds >= 2, "not even a whole round was played in the time budget"
        shot(page, "myraclia_page_06_stopped")
    print(f"myraclia page: over={over} rounds={rounds} clicks={clicks} "
          f"{time.monotonic() - t0:.0f}s")
    assert not [e for e in page.console_errors if "sw" not in e.lower()], page.console_errors
