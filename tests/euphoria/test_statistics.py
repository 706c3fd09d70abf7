"""Euphoria's end-of-game statistics agree with the final state: the stars by how add up to the
score and to the table's categories, and the workers, goods and cards balance."""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core.record import replay
from engines.euphoria.scoring import breakdown, stars_placed
from tests.core.test_statistics import finished as _finished

GAME = get_game("euphoria")
SEEDS = [(2, 41), (3, 42), (4, 43)]
STARS = ("stars_visits", "stars_artifacts", "stars_nimbus", "stars_building", "stars_recruits",
         "stars_dilemma", "stars_other")


@pytest.fixture(scope="module", params=SEEDS, ids=[f"{p}p-seed{s}" for p, s in SEEDS])
def game(request):
    players, seed = request.param
    record = _finished("euphoria", players, seed)
    return record, replay(record), {r.key: r.values for r in GAME.statistics(record)}


def test_stars_by_how_add_up_to_the_score_and_its_categories(game):
    record, final, st = game
    for q in range(record.players):
        b = breakdown(final, q)
        assert sum(st[k][q] for k in STARS) == stars_placed(final, q) == GAME.scores(final)[q]
        assert st["stars_recruits"][q] == b["recruits"]
        assert st["stars_dilemma"][q] == b["dilemma"]
        placed_by_markets = st["stars_visits"][q] + st["stars_artifacts"][q] + st["stars_nimbus"][q]
        assert placed_by_markets + st["stars_building"][q] + st["stars_other"][q] == b["territories"] + b["market tiles"]
    assert max(map(max, [st[k] for k in STARS])) > 0


def test_workers_goods_and_cards_balance(game):
    record, final, st = game
    start = GAME.new_game(record.players, record.seed, record.options)
    for q in range(record.players):
        workers = lambda s: sum(1 for w in s.p[q].where if w != "pool")  # noqa: E731
        assert workers(start) + st["gained"][q] - st["lost"][q] == workers(final)
        assert sum(start.p[q].goods.values()) + st["goods_in"][q] - st["goods_out"][q] == sum(final.p[q].goods.values())
        assert len(start.p[q].hand) + st["cards_in"][q] - st["cards_out"][q] == len(final.p[q].hand)
        assert st["construction"][q] <= st["placed"][q]
    assert sum(st["placed"]) > 0 and sum(st["retrievals"]) > 0
