"""``apply`` takes an action of the list ``legal_actions`` just returned for the same state
without checking it again, and checks everything else (on the toy game)."""

import pytest

from engines import IllegalAction
from engines.core.rng import Rng
from tests.core.toy import Draw, Stop, Toy


class Counting(Toy):
    name = "toy-counting"

    def __init__(self):
        self.checks = 0

    def check(self, state, action):
        self.checks += 1
        super().check(state, action)


def test_an_action_of_the_fresh_list_is_played_without_a_second_check():
    game = Counting()
    state = game.new_game(2, 3)
    acts = game.legal_actions(state)
    game.apply(state, acts[0])
    assert game.checks == 0 and len(state.hands[0]) == 1


def test_everything_else_is_checked():
    game = Counting()
    state = game.new_game(2, 3)
    game.legal_actions(state)
    game.apply(state, Draw())  # equal to a listed action but built by hand
    assert game.checks == 1
    acts = game.legal_actions(state)
    game.apply(state, {"type": "draw"})  # a dict: parsed and checked
    assert game.checks == 2
    other = state.clone()
    game.apply(other, acts[0])  # an action of another state's list
    assert game.checks == 3


def test_an_action_of_an_older_list_is_checked_and_refused_when_illegal_now():
    game = Counting()
    state = game.new_game(1, 3)
    old = game.legal_actions(state)  # [Draw(), Stop()]
    game.apply(state, old[1])  # stops: the game is over
    assert game.checks == 0 and game.is_over(state)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction):
        game.apply(state, old[0])  # listed for the old position only: checked, refused
    assert game.checks == 1 and state.model_dump_json() == before


def test_the_default_playout_policy_is_a_random_legal_action_of_the_list():
    game = Counting()
    state = game.new_game(2, 3)
    rng = Rng.from_seed(1)
    picks = set()
    for _ in range(20):
        a = game.playout_action(state, rng)
        assert any(a is b for b in game._fresh[1])  # the list's own object: apply takes it as it is
        picks.add(a.type)
    assert picks == {"draw", "stop"}
