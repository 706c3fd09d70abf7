"""Smoke: games at every player count run to the end through the contract."""

import pytest

from engines import get_game
from engines.core.play import play_game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_game_reaches_the_end(players):
    """Pure random play without trading (a random player offered "trade with one of 5 players or
    end the turn" at every T4 trades most of the time, so random games with trading run past any
    bound; trading is covered by test_labels.py and the mixed property games)."""
    g = get_game("euphoria")
    st, rec = play_game(g, players, 11, "random", options={"trading": False})
    assert g.is_over(st) and g.winners(st)
    assert max(g.scores(st)) == 10
