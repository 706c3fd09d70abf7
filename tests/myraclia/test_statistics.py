"""Myraclia's end-of-game statistics agree with the final state and its scoring: the tiles
terraformed are those owned at the end, and the symbols and largest areas give back the final
bonuses of the score table (§10)."""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core.record import replay
from engines.myraclia.components import SCORING, SURFACES, surface_points
from engines.myraclia.scoring import breakdown

from tests.core.test_statistics import finished  # a seeded random game's record (its seed deals)

GAME = get_game("myraclia")


SEEDS = [(2, 51, {}), (3, 52, {}), (4, 53, {"eternity": True})]


@pytest.fixture(scope="module", params=SEEDS, ids=[f"{p}p-seed{s}" for p, s, _ in SEEDS])
def game(request):
    players, seed, options = request.param
    record = finished("myraclia", players, seed, options)
    return record, replay(record), {r.key: r.values for r in GAME.statistics(record)}


def test_tiles_terraformed_are_those_owned_at_the_end(game):
    record, final, st = game
    for q in range(record.players):
        owned = sum(1 for t in final.surface if t.terraformed and t.owner == q)
        assert st["terraformed"][q] == owned
    assert sum(st["terraformed"]) > 0
    assert sum(st["tiles_placed"]) == len(final.surface) - len(GAME.new_game(record.players, record.seed,
                                                                            record.options).surface)


def test_symbols_and_areas_give_back_the_final_bonuses(game):
    record, final, st = game
    rows = breakdown(final)
    for q in range(record.players):
        sym = {s: st[f"symbols_{s}"][q] for s in SURFACES}
        assert rows[q]["surface_types"] == sum(surface_points(s, sym[s]) for s in SURFACES)
        assert (rows[q]["all_surfaces"] > 0) == all(sym.values())
        beaten = sum(1 for r in range(record.players) if st["largest_area"][r] < st["largest_area"][q])
        assert rows[q]["largest_area"] == SCORING.largest_area_points_per_player_beaten * beaten
    assert ("tokens_placed" in st) == bool(record.options.get("eternity"))
