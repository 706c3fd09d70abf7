"""A whole game of Citadels in the page, by clicks: 1 human and 2 heuristic bots.

The game is started from the home screen; the human's moves are chosen by the engine's
heuristic bot run here on CPython (on a replay of the page's autosave, checked against the
page's state hash) and played by clicking: on the canvas board whenever the move has a
place of its own there, else on its button in the action list. The end-of-game score
table must appear. Screenshots (test-output/screens/citadels_page_*.png) at the laptop
size (1280x800) and, once, at a phone width (390x844).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import time

import pytest

from engines import get_game
from engines.citadels.bot import choose as heuristic
from engines.core.rng import Rng
from tests.web.conftest import app_errors, shot
from tests.web.pagedriver import click_action, look_at_phone_width, my_turns, open_and_start

pytestmark = pytest.mark.browser

GAME = get_game("citadels")
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic"), ("Bot Carla", "bot:heuristic")]
SEED = 7
BUDGET_S = 230          # the whole test stays under about 4 minutes


def test_citadels_game_played_to_the_end_by_clicks(page, base_url):
    t0 = time.monotonic()
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    shot(page, "citadels_page_02_first_draft")
    rng = Rng.from_seed(SEED)
    clicks = {"board": 0, "button": 0}
    phone_done = False
    shots = {10: "citadels_page_03_early", 40: "citadels_page_04_middle"}
    for state in my_turns(page, GAME):
        legal = GAME.legal_actions(state)
        # the buttons are the legal actions, in order, and each reads differently
        buttons = page.locator("#actions button.act")
        assert buttons.count() == len(legal)
        labels = buttons.all_inner_texts()
        assert len(set(labels)) == len(labels), labels
        action = heuristic(GAME, state, rng)
        index = legal.index(action)
        n = clicks["board"] + clicks["button"]
        if n in shots:
            shot(page, shots[n])
        if not phone_done and n >= 25 and state.phase == "turn":
            look_at_phone_width(page, "citadels_page_05_phone")
            phone_done = True
        click_action(page, index, clicks, timeout_ms=20_000)
        assert time.monotonic() - t0 < BUDGET_S, f"the game takes too long ({clicks})"
    # the end: the score table by category, the winner named
    page.wait_for_selector("#results:not([hidden])")
    shot(page, "citadels_page_06_end")
    rows = page.locator("#results table.score tbody tr")
    assert rows.count() == len(SEATS)
    head = page.inner_text("#results table.score thead").lower()
    assert "districts" in head and "five colours" in head
    assert clicks["board"] >= 1 and clicks["button"] + clicks["board"] >= 20, clicks
    assert not app_errors(page), page.console_errors


def test_coach_says_why_a_district_cannot_be_built_and_links_its_rule(page, base_url):
    """During the draft, a district in the hand cannot be built: a click on it says why (the
    engine's own reason, in the page's language) and its Rule link opens the reference there."""
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    from tests.web.pagedriver import board_spots, coach_note, open_rule_from_note, body, wait_my_choices
    wait_my_choices(page)
    hand = [s for s in board_spots(page) if s["probe"] and s["probe"].get("type") == "build"]
    assert hand, "the hand's districts carry the move they stand for"
    note = coach_note(page, hand[0])
    assert note["why"] and note["rule"].startswith("citadels#ref-")
    ident = open_rule_from_note(page)
    assert "ref-" + hand[0]["probe"]["district"].replace("_", "-") == ident
    assert not app_errors(page)
