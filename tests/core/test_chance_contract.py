"""The contract of chance nodes (``engines.core.chance``), for every game and the toy:
nothing of the future in a state, the outcomes of every node weighted and legal, a view
and a dump of a state made by the page without a dealer, and a whole game dealt from
entropy through the page's path (``deal`` after every ``apply``)."""

from __future__ import annotations

import json

import pytest

from engines import get_game, list_games
from engines.core.chance import CHANCE, ENTROPY
from engines.core.game import Chance, ChanceState
from engines.core.registry import register
from engines.core.rng import Rng

from . import chance_toy

register(chance_toy.GAME)
GAMES = ["chance_toy", *list_games()]


def test_every_game_of_the_catalogue_has_its_chance_explicit():
    assert {name: get_game(name).chance for name in list_games()} == \
        {name: Chance.EXPLICIT for name in list_games()}


@pytest.mark.parametrize("name", GAMES)
def test_a_game_dealt_from_entropy_keeps_no_future_and_plays_to_a_stop(name):
    game = get_game(name)
    players = max(game.min_players, 2)
    state = game.new_game(players, 1, dealer=False, deal=False)
    assert isinstance(state, ChanceState) and "rng" not in type(state).model_fields
    game.deal(state, ENTROPY)
    rng = Rng.from_seed(3)
    for _ in range(300):
        mover = game.to_move(state)
        assert mover != CHANCE  # ``deal`` leaves no chance node behind
        if mover is None:
            break
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.below(len(legal))])
        for outcome, weight in game.chance_weights(state):
            assert weight > 0 and outcome in game.legal_actions(state)
        game.deal(state, ENTROPY)
    assert state.dealer is None and '"dealer":null' in state.model_dump_json()
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        assert '"dealer"' not in json.dumps(view) and "dealt" not in view and "seen" not in view
