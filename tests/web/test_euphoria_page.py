"""The last part of a game of Euphoria in the page, by clicks: 1 human and 2 heuristic bots.

The game opens once 15 authority stars are placed (the game before played on CPython by the
heuristic bot for every seat, from the seed, and put in the page's storage as its save of
the game on the table: ``open_position``), about 23 of the human's moves from the end, and
is played from there to its end screen, which the whole game from the New game form (142 s
of the suite's time, stopped by its budget) did not reach. No longer clicked here: the set-up
(recruits and market tiles chosen), which the guided game clicks (``test_guide.py``). The
human's moves are chosen by the engine's
heuristic bot run here on CPython (on a replay of the page's autosave, checked against the
page's state hash) and played by clicking: on the canvas board whenever the move has a
place of its own there (an action space, a recruit, a choice...), else on its button in the
action list, through the step-by-step picker (``action_steps``: kind of action, region, space,
worker...) when the list is long. Every button of the first level reads differently.
Every move of the human's from the opened position is clicked (the record's count of them
equals the clicks), each kind of move of Euphoria's play among them (``PLAY_KINDS``).
The game is played to the end with its score table by category if the time budget allows;
on a machine too slow for that (the bots run under Pyodide) the test stops once the budget is
spent, after at least ``MIN_CLICKS`` human moves and a star placed, and says so.
Screenshots (test-output/screens/euphoria_page_*.png) at the laptop size (1280x800) and, once,
at a phone width (390x844).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import time

import pytest

from engines import get_game
from engines.core.rng import Rng
from engines.euphoria.bot import choose as heuristic
from tavolo_ui.bidi import isolate
from tests.web.conftest import app_errors, shot
from engines.core.record import parse_record, positions, replay
from tests.web.pagedriver import (assert_first_level, click_action, my_turns, open_and_start, open_position,
                                  saved_record)

pytestmark = pytest.mark.browser

GAME = get_game("euphoria")
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic"), ("Bot Carla", "bot:heuristic")]
SEED = 5
BUDGET_S = 140          # the whole test stays under about 2.5 minutes (CI budget)
MIN_CLICKS = 30         # when stopped by the budget: at least this many human moves
START_STARS = 15        # the page plays from the first position with this many stars placed
PLAY_KINDS = {"place", "retrieve", "choose", "end_turn"}
"""The kinds of move a person makes in Euphoria's play after the set-up's dilemmas (the
heuristic bot never trades): each is clicked at least once."""


def test_euphoria_game_played_by_clicks(page, base_url):
    t0 = time.monotonic()
    opened_at = open_position(page, base_url, GAME, SEATS, SEED, heuristic,
                              lambda state: sum(GAME.scores(state)) >= START_STARS)
    shot(page, "euphoria_page_02_late")
    rng = Rng.from_seed(SEED)
    clicks = {"board": 0, "button": 0}
    phone_done = False
    shots = {3: "euphoria_page_03_first_turns", 20: "euphoria_page_04_later"}
    stopped = False
    kinds: set[str] = set()  # the types of Ada's moves clicked
    for state in my_turns(page, GAME):
        if time.monotonic() - t0 > BUDGET_S:
            stopped = True
            break
        legal = GAME.legal_actions(state)
        assert_first_level(page, GAME, state, [name for name, _ in SEATS])
        action = heuristic(GAME, state, rng)
        index = legal.index(action)
        n = clicks["board"] + clicks["button"]
        if n in shots:
            shot(page, shots[n])
        if not phone_done and n >= 12 and state.phase == "play":
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width < 391")
            page.wait_for_timeout(300)
            shot(page, "euphoria_page_05_phone")
            page.evaluate("window.scrollTo(0, 700)")
            shot(page, "euphoria_page_05_phone_lower")
            assert page.evaluate("document.documentElement.scrollWidth") <= 391
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 700")
            page.wait_for_timeout(300)
            phone_done = True
        click_action(page, index, clicks, timeout_ms=30_000)
        kinds.add(GAME.dump_action(action)["type"])
    # every move of Ada's from the opened position was clicked (none played for her), and
    # among them every kind of move of hers after the set-up's dilemmas, one on the board at least
    assert clicks["board"] + clicks["button"] == ada_moves(saved_record(page), opened_at), clicks
    assert PLAY_KINDS <= kinds, kinds
    assert clicks["board"] >= 1, clicks
    assert not app_errors(page), page.console_errors
    if stopped:
        shot(page, "euphoria_page_06_stopped")
        placed = GAME.scores(state)
        print(f"stopped by the time budget after {clicks}, stars placed {placed}")
        assert sum(clicks.values()) >= MIN_CLICKS and max(placed) >= 1, (clicks, placed)
        return
    # the end: the score table by category
    page.wait_for_selector("#results:not([hidden])")
    shot(page, "euphoria_page_06_end")
    rows = page.locator("#results table.score tbody tr")
    assert rows.count() == len(SEATS)
    head = page.inner_text("#results table.score thead").lower()
    assert "territories" in head and "market tiles" in head
    print(f"played to the end in {time.monotonic() - t0:.0f}s with {clicks}")


def ada_moves(record: dict, first: int) -> int:
    """How many of the record's moves from move ``first`` on are Ada's (seat 0)."""
    parsed = parse_record(record)
    return sum(p.seat == 0 for p in positions(GAME, parsed, first=first, state=replay(parsed, upto=first)))


def _named(text: str) -> str:
    """A reason as the page shows it: "Player N" / "Giocatore N" replaced by the seat's name,
    isolated (``tavolo_ui.bidi``)."""
    for i in range(len(SEATS), 0, -1):
        text = text.replace(f"Player {i}", isolate(SEATS[i - 1][0])).replace(f"Giocatore {i}", isolate(SEATS[i - 1][0]))
    return text


def _anchor(ref: str) -> str:
    return "ref-" + ref.lower().replace("_", "-")


def test_coach_says_why_a_space_cannot_take_a_worker_and_links_its_rule(page, base_url):
    """While Ada chooses her recruits, a click on an action space says to answer that choice
    first (the Rule link opens the rule of a choice to make); on her first turn, a space she
    cannot pay for says what it costs (the engine's own reason, in English then in Italian),
    and the note's Rule link opens the reference at that space. Clicking changes nothing in the game."""
    from tests.web.pagedriver import (Mirror, body, board_spots, click_through, coach_note, open_rule_from_note,
                                      saved_record, wait_my_choices)
    t0 = time.monotonic()
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    wait_my_choices(page)
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    assert mirror.state.phase == "setup"
    space = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == "place"][0]
    note = coach_note(page, space)
    why = GAME.why_not(mirror.state, space["probe"])
    assert note["why"] == _named(why.render("en")) and note["why"].startswith("You are ")
    assert why.rule == "choice"  # the refusing rule: a choice to answer first, not the space clicked
    assert note["rule"] == f"euphoria#{_anchor(why.rule)}" and note["tip"]
    assert open_rule_from_note(page) == _anchor(why.rule)

    # on to Ada's first turn of play: her set-up choices by their buttons (the bots play theirs)
    rng = Rng.from_seed(SEED)
    while True:
        assert time.monotonic() - t0 < 50, "Ada's first turn did not come"
        state = mirror.state
        if state.phase == "play" and state.tasks[-1]["k"] == "turn":
            break
        legal = GAME.legal_actions(state)
        before = int(body(page, "actions"))
        click_through(page, "#actions", legal.index(heuristic(GAME, state, rng)))
        page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}", timeout=30_000)
        wait_my_choices(page)
        mirror.sync(page)
    costly = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == "place"
              and GAME.why_not(state, s["probe"]).render("en").startswith("You cannot pay for ")]
    assert costly, "no space Ada cannot pay for on her first turn"
    spot = costly[0]
    why = GAME.why_not(state, spot["probe"])
    note = coach_note(page, spot)
    assert note["why"] == _named(why.render("en")) and " it costs " in note["why"]
    assert note["rule"] == f"euphoria#{_anchor(spot['ref'])}"
    shot(page, "euphoria_coach_en")
    assert open_rule_from_note(page) == _anchor(spot["ref"])

    page.click("button[data-cmd='lang'][data-arg='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    spot = [s for s in board_spots(page) if s["probe"] == spot["probe"]][0]
    note = coach_note(page, spot)
    assert note["why"] == _named(why.render("it")) != why.render("en")
    assert note["why"].startswith("Non puoi pagare ")
    shot(page, "euphoria_coach_it")
    assert open_rule_from_note(page) == _anchor(spot["ref"])
    assert not app_errors(page), page.console_errors
    assert time.monotonic() - t0 < 60, "the coach's test takes too long"
