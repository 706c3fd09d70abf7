"""Spyrium's end-of-game statistics agree with the final state: the two points rows add up to
the final score, the money and Spyrium books balance, and the buildings and techniques counted
are those in the neighbourhoods at the end."""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core.record import replay
from engines.spyrium.scoring import score
from tests.core.test_statistics import finished

GAME = get_game("spyrium")
SEEDS = [(2, 31), (3, 32), (4, 33), (5, 34)]


@pytest.fixture(scope="module", params=SEEDS, ids=[f"{p}p-seed{s}" for p, s in SEEDS])
def game(request):
    players, seed = request.param
    record = finished("spyrium", players, seed)
    return record, replay(record), {r.key: r.values for r in GAME.statistics(record)}


def test_points_during_play_and_at_the_end_add_up_to_the_score(game):
    record, final, st = game
    for q, p in enumerate(final.players_):
        assert st["points_play"][q] == sum(p.vp_log.values()) == p.vp
        assert st["points_play"][q] + st["points_end"][q] == score(p) == GAME.scores(final)[q]
    assert sum(st["points_play"]) > 0


def test_money_and_spyrium_books_balance(game):
    record, final, st = game
    start = GAME.new_game(record.players, record.seed, record.options).players_
    for q, p in enumerate(final.players_):
        assert start[q].money + st["money_in"][q] - st["money_out"][q] == p.money == st["money_end"][q]
        assert start[q].spyrium + st["spyrium_in"][q] - st["spyrium_out"][q] == p.spyrium == st["spyrium_end"][q]
    assert sum(st["money_out"]) > 0 and sum(st["spyrium_in"]) > 0


def test_buildings_and_techniques_are_those_owned_at_the_end(game):
    """Every build fills a new space unless it replaces one of the player's buildings."""
    record, final, st = game
    replaced = [0] * record.players
    from engines.core.statistics import steps
    for step in steps(GAME, record):
        if record.actions[step.index]["type"] == "build" and record.actions[step.index]["replace"] is not None:
            replaced[step.seat] += 1
    for q, p in enumerate(final.players_):
        assert st["built"][q] - replaced[q] == len(p.buildings)
        assert st["patented"][q] == len(p.techniques)
    assert sum(st["placed"]) >= sum(st["hired"]) + sum(st["built"]) + sum(st["patented"]) + sum(st["earned"])
