"""Smoke: games at every player count run to the end through the contract."""

import pytest

from engines import get_game
from engines.core.play import play_game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_game_reaches_the_end(players):
    g = get_game("euphoria")
    st, rec = play_game(g, players, 11, "random")
    assert g.is_over(st) and g.winners(st)
    assert max(g.scores(st)) == 10
