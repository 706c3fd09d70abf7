"""Hot-seat games in the page, by clicks: two people share the device (Citadels' hot-seat is
in test_shell.py and test_citadels_page.py).

Every move of both humans is chosen by the game's heuristic bot on CPython (on a replay of
the page's autosave) and played by clicking, through the step-by-step picker when the list is
long. At every change of human the handoff screen must name the next player with the table
hidden (no choices, a blank board). The game is played to its score table when the time
budget allows; on a machine too slow for that the test stops after a substantial part of the
game (both players having moved many times through many handoffs) and says so. Euphoria's
game opens on a save of the seeded game at its last dilemma (``open_position``) and is played
from there to its score table (suite time: 106 s from the New game form, stopped short).

A second test takes back several moves of one seat in a hot-seat game of Myraclia with the
header's Undo, at a laptop's and a phone's width: as many as that seat played in a row
without revealing anything, and not one more.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import importlib

import pytest

from engines import get_game
from engines.core.rng import Rng
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import (Mirror, body, click_action, open_position, play_hot_seat, saved_record,
                                  seeded_line, start_game)

pytestmark = pytest.mark.browser

# game, seats, seed, time budget (s), human moves required of each seat when stopped early
CASES = [
    ("spyrium", [("Ada", "human"), ("Bruno", "human")], 5, 200, 20),
    ("myraclia", [("Ada", "human"), ("Bruno", "human")], 7, 150, 20),
]
EUPHORIA_SEATS = [("Ada", "human"), ("Bruno", "human")]
EUPHORIA_SEED = 1
"""The seeded Euphoria game whose last dilemma (a kind of move played only early: each seat's
dilemma card) is nearest its end: 126 of its 212 moves from there."""


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


def test_euphoria_hot_seat_game_by_clicks_from_its_last_dilemma(page, base_url):
    """The last part of a hot-seat game of Euphoria, by clicks, to its score table: the page
    opens on the seeded game (``open_position``, the moves before played on CPython) at its last
    dilemma, and every move of both people from there is clicked, every kind of move a person
    plays in that whole game among them (a dilemma, a worker placed, workers retrieved, a
    choice, a turn ended), through handoffs that hide the table. Played from the New game form
    it took 106 s and was stopped by its budget 70 moves from the end."""
    game = get_game("euphoria")
    heuristic = importlib.import_module("engines.euphoria.bot").choose
    line = seeded_line(game, EUPHORIA_SEATS, EUPHORIA_SEED, heuristic)
    assert "dilemma" in line, "the seeded game has no dilemma to click"
    start = len(line) - 1 - line[::-1].index("dilemma")
    rng = Rng.from_seed(EUPHORIA_SEED)
    open_position(page, base_url, game, EUPHORIA_SEATS, EUPHORIA_SEED, heuristic, start, rng=rng)
    clicks = {"board": 0, "button": 0}
    result = play_hot_seat(page, game, EUPHORIA_SEATS, heuristic, rng, float("inf"), clicks)
    print(f"euphoria hot-seat from move {start}: {result} clicks={clicks}")
    assert result["over"], f"the game did not reach its end: {result}"
    page.wait_for_selector("#results:not([hidden])")
    shot(page, "euphoria_hot_seat_end")
    assert page.locator("#results table.score tbody tr").count() == len(EUPHORIA_SEATS)
    assert result["handoffs"] >= 4, result
    assert result["kinds"] == set(line), (result["kinds"], set(line))  # every kind of move, each clicked
    assert sum(result["moves"].values()) == len(line) - start, result  # every move from there, by clicks
    assert clicks["board"] >= 1, clicks
    assert not app_errors(page), page.console_errors


MYRACLIA = get_game("myraclia")
QUIET = 4  # moves in a row by one seat, none revealing anything, that Undo takes back


def quiet_run_plan(seed: int) -> tuple[list[dict], list[int], list[bool], int]:
    """A 2-player game of Myraclia (``seed``, the heuristic bot choosing for both seats) up
    to the first run of ``QUIET`` moves in a row by one seat that reveal nothing
    (``reveals_information``): every move (as recorded), who played it and whether it
    revealed something, and where the run begins (after another seat's move or a reveal)."""
    from engines.myraclia.bot import choose

    state, rng = MYRACLIA.new_game(2, seed), Rng.from_seed(seed)
    plan, seats, reveals = [], [], []
    start = 0
    while len(plan) - start < QUIET:
        seat, action = MYRACLIA.to_move(state), choose(MYRACLIA, state, rng)
        before = state.clone()
        MYRACLIA.apply(state, action)
        plan.append(MYRACLIA.dump_action(action))
        seats.append(seat)
        reveals.append(MYRACLIA.reveals_information(before, action, state))
        if reveals[-1]:
            start = len(plan)
        elif len(seats) > 1 and seats[-2] != seat:
            start = len(plan) - 1
    return plan, seats, reveals, start


def play_plan(page, plan: list[dict]) -> None:
    """Play ``plan`` in the page's hot-seat game by clicks, passing every handoff."""
    mirror, clicks = None, {"board": 0, "button": 0}
    while int(body(page, "actions")) < len(plan):
        page.wait_for_function("() => document.body.dataset.handoff !== ''"
                               " || document.querySelectorAll('#actions button.act').length > 0")
        if body(page, "handoff"):
            page.click("#handoff button[data-cmd='handoff']")
            page.wait_for_function("() => document.body.dataset.handoff === ''")
            continue
        if mirror is None:
            mirror = Mirror(MYRACLIA, saved_record(page))
        mirror.sync(page)
        legal = [MYRACLIA.dump_action(a) for a in MYRACLIA.legal_actions(mirror.state)]
        click_action(page, legal.index(plan[mirror.applied]), clicks)


def test_several_undos_in_a_hot_seat_game(page, base_url):
    """Ada plays ``QUIET`` moves in a row that reveal nothing; Undo, pressed until it is
    disabled, takes them back one by one (the first at 1280 px, the others at 390 px), the
    record is cut back by exactly that many moves, the page's state is the CPython replay's,
    and Undo never went past Bruno's move or a move that revealed something."""
    seed = 1
    plan, seats, reveals, start = quiet_run_plan(seed)
    mover = seats[-1]
    assert start > 0 and (seats[start - 1] != mover or reveals[start - 1])
    names = [("Ada", "human"), ("Bruno", "human")]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "myraclia", names, seed)
    play_plan(page, plan)
    assert saved_record(page)["actions"] == plan and body(page, "toMove") == str(mover)
    shot(page, "myraclia_undo_01_before_1280")
    undone = []
    while page.get_attribute("#undo", "aria-disabled") == "false":
        n = int(body(page, "actions"))
        page.click("#undo")
        page.wait_for_function(f"() => Number(document.body.dataset.actions) < {n}")
        undone.append(n - int(body(page, "actions")))
        assert len(undone) <= len(plan), "Undo does not stop"
        if len(undone) == 1:
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width < 391")
            shot(page, "myraclia_undo_02_one_undone_390")
    shot(page, "myraclia_undo_03_all_undone_390")
    assert undone == [1] * QUIET, undone  # one move at a time, each of the run's
    record = saved_record(page)
    assert record["actions"] == plan[:start]
    assert not any(reveals[start:]) and set(seats[start:]) == {mover}  # only quiet moves of Ada's went
    assert body(page, "toMove") == str(mover) and body(page, "handoff") == ""
    why = page.get_attribute("#undo", "title")
    assert why, "a disabled Undo says why"
    # pressed anyway (a tap, where no tooltip shows): it says why, in words, and changes nothing
    n = body(page, "actions")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down at the choices, as on a phone
    page.click("#undo", force=True)  # force: Playwright counts aria-disabled as not enabled
    page.wait_for_function("why => (document.querySelector('#banner .banner-msg') || {}).innerText === why", arg=why)
    assert body(page, "actions") == n and saved_record(page)["actions"] == plan[:start]
    assert page.evaluate("""() => {  // at 390 px the page was scrolled to the choices: the banner is in sight
        const b = document.getElementById('banner').getBoundingClientRect();
        const head = document.querySelector('header.top').getBoundingClientRect();
        return innerWidth < 400 && b.top >= head.bottom && b.bottom <= innerHeight;
    }""")
    Mirror(MYRACLIA, record).sync(page)  # the page's state is the replay's
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 700")
    shot(page, "myraclia_undo_04_all_undone_1280")
    assert not app_errors(page), page.console_errors
