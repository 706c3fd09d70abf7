"""The second half of a game of Spyrium in the page, by clicks: 1 human and 2 heuristic bots.

The game opens at round 4 of 6 (rounds 1-3 played on CPython by the heuristic bot for every
seat, from the seed, and put in the page's storage as its save of the game on the table: ``open_position``), and is played from
there to its end: every round has its placing and its activation, with the event, market
and building moves, so each kind of move is still met (a whole game from the New game form
took 127 s of the suite's time; starting a game from the home screen is shown by the other
tests). The human's moves are chosen by the engine's
heuristic bot run here on CPython (on a replay of the page's autosave, checked against the
page's state hash) and played by clicking: on the canvas board whenever the move has a
place of its own there (a worker slot, a building option...), else on its button in the
action list, through the step-by-step picker (``action_steps``: kind of action, card, worker,
space, price...) when the list is long. Every button of the first level reads differently. The game is played to the end with its score
table by category, within the test's time budget; if the machine is too slow for that the
test stops after round 4 at the earliest (half of what it plays) and says so.
Screenshots (test-output/screens/spyrium_page_*.png) at the laptop size (1280x800) and, once,
at a phone width (390x844).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import time

import pytest

from engines import get_game
from engines.core.rng import Rng
from engines.spyrium.bot import choose as heuristic
from tests.web.conftest import app_errors, shot
from tests.web.pagedriver import (assert_first_level, click_action, look_at_phone_width, my_turns,
                                   open_and_start, open_position)

pytestmark = pytest.mark.browser

GAME = get_game("spyrium")
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic"), ("Bot Carla", "bot:heuristic")]
SEED = 11
BUDGET_S = 230          # the whole test stays under about 4 minutes
START_ROUND = 4         # the page plays from this round to the end
MIN_ROUND = 5           # when stopped by the budget, round 4 must have been played


def test_spyrium_game_played_by_clicks(page, base_url):
    t0 = time.monotonic()
    open_position(page, base_url, GAME, SEATS, SEED, heuristic, lambda state: state.round == START_ROUND)
    shot(page, "spyrium_page_02_round_4")
    rng = Rng.from_seed(SEED)
    clicks = {"board": 0, "button": 0}
    phone_done = False
    shots = {6: "spyrium_page_03_placing", 20: "spyrium_page_04_middle"}
    stopped_at = None
    for state in my_turns(page, GAME):
        if time.monotonic() - t0 > BUDGET_S:
            stopped_at = state.round
            break
        legal = GAME.legal_actions(state)
        assert_first_level(page, GAME, state, [name for name, _ in SEATS])
        action = heuristic(GAME, state, rng)
        index = legal.index(action)
        n = clicks["board"] + clicks["button"]
        if n in shots:
            shot(page, shots[n])
        if not phone_done and n >= 12 and state.players_[0].phase == 2:
            look_at_phone_width(page, "spyrium_page_05_phone")
            phone_done = True
        click_action(page, index, clicks, timeout_ms=20_000)
    assert clicks["board"] >= 1 and clicks["button"] + clicks["board"] >= 20, clicks
    assert not app_errors(page), page.console_errors
    if stopped_at is not None:
        # too slow a machine for the whole game: at least half of it was played by clicks
        shot(page, "spyrium_page_06_stopped")
        print(f"stopped by the time budget in round {stopped_at} after {clicks}")
        assert stopped_at >= MIN_ROUND, f"only reached round {stopped_at} in {BUDGET_S}s ({clicks})"
        return
    # the end: the score table by category
    page.wait_for_selector("#results:not([hidden])")
    shot(page, "spyrium_page_06_end")
    rows = page.locator("#results table.score tbody tr")
    assert rows.count() == len(SEATS)
    head = page.inner_text("#results table.score thead").lower()
    assert "buildings" in head and "techniques" in head
    print(f"played to the end in {time.monotonic() - t0:.0f}s with {clicks}")


def test_coach_says_why_a_market_card_cannot_be_taken_and_links_its_rule(page, base_url):
    """In Phase I a market card cannot be hired, built or patented yet: a click on it says
    why (the engine's own reason for the move the card stands for, in the page's language,
    English then Italian) and its Rule link opens How to play at that card's entry."""
    from tests.web.pagedriver import (Mirror, board_spots, coach_note, open_rule_from_note,
                                      saved_record, wait_my_choices)
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    wait_my_choices(page)
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    state = mirror.state
    assert GAME.to_move(state) == 0 and state.players_[0].phase == 1
    for lang in ("en", "it"):
        if lang == "it":
            page.click("button[data-cmd='lang'][data-arg='it']")
            page.wait_for_function("() => document.documentElement.lang === 'it'")
        cards = [s for s in board_spots(page)
                 if s["probe"] and s["probe"]["type"] in ("hire", "build", "patent") and not s["actions"]]
        assert len(cards) == sum(c is not None for c in state.market), "every market card carries its move"
        spot = cards[0]
        expected = GAME.why_not(state, spot["probe"]).render(lang)
        note = coach_note(page, spot)
        assert note["why"] == expected, (note, expected)
        assert "Phase II" in note["why"] or "Fase II" in note["why"]
        assert note["tip"], "the card's text is in the note"
        card = state.market[spot["probe"]["pos"]].split("#")[0]
        # the link names the refusing rule (a Phase II action in Phase I), not the card clicked
        assert spot["ref"] == card and note["rule"] == "spyrium#ref-phase-ii"
        shot(page, f"spyrium_coach_{lang}")
        assert open_rule_from_note(page) == "ref-phase-ii"
    # a worker slot is a legal choice now: no note, the chooser or the move itself
    assert any(s["actions"] and s["probe"] is None and s["ref"] == "worker-slot" for s in board_spots(page))
    assert not app_errors(page), page.console_errors
