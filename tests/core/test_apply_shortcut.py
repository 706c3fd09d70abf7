"""The two verbs that play an action (on the toy game): ``apply`` checks every action, whatever
its origin, even one of a list ``legal_actions`` just returned; ``play_legal`` plays an action
of ``legal_actions`` of the very state without checking it, and the search uses only it."""

import pytest

from engines import IllegalAction
from engines.core.rng import Rng
from engines.core.search import ismcts
from tests.core.toy import Draw, Stop, Toy


class Counting(Toy):
    """The toy game counting its checks and the moves it carries out."""

    name = "toy-counting"

    def __init__(self):
        self.checks = 0
        self.plays = 0

    def check(self, state, action):
        self.checks += 1
        super().check(state, action)

    def play(self, state, action):
        self.plays += 1
        super().play(state, action)


def test_apply_checks_an_action_of_the_list_just_returned():
    game = Counting()
    state = game.new_game(2, 3)
    game.apply(state, game.legal_actions(state)[0])
    assert game.checks == 1 and len(state.hands[0]) == 1


def test_apply_checks_dicts_and_actions_built_by_hand():
    game = Counting()
    state = game.new_game(2, 3)
    game.apply(state, Draw())
    game.apply(state, {"type": "draw"})
    assert game.checks == 2 and game.plays == 2


def test_a_state_edited_by_hand_after_legal_actions_is_checked_by_apply():
    game = Counting()
    state = game.new_game(1, 3)
    listed = game.legal_actions(state)  # [Draw(), Stop()]
    state.deck = []  # the position changes behind the list's back: drawing is no longer legal
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="The deck is empty"):
        game.apply(state, listed[0])
    assert game.checks == 1 and game.plays == 0 and state.model_dump_json() == before


def test_an_action_of_an_older_list_is_checked_and_refused_when_illegal_now():
    game = Counting()
    state = game.new_game(1, 3)
    old = game.legal_actions(state)
    game.apply(state, old[1])  # stops: the game is over
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="The game is over"):
        game.apply(state, old[0])
    assert game.checks == 2 and state.model_dump_json() == before


def test_play_legal_plays_an_action_of_the_list_without_checking_it():
    game = Counting()
    state = game.new_game(2, 3)
    twin = state.clone()
    game.play_legal(state, game.legal_actions(state)[0])
    game.apply(twin, game.legal_actions(twin)[0])
    assert game.checks == 1 and game.plays == 2 and state == twin


def test_the_search_plays_with_play_legal_only():
    game = Counting()
    state = game.new_game(3, 5)
    result = ismcts(game, state, Rng.from_seed(2), 30)
    assert result.action in game.legal_actions(state) and game.plays > 30 and game.checks == 0


def test_the_default_playout_policy_is_a_random_legal_action():
    game = Counting()
    state = game.new_game(2, 3)
    rng = Rng.from_seed(1)
    picks = {game.playout_action(state, rng).type for _ in range(20)}
    assert picks == {"draw", "stop"} and all(isinstance(a, (Draw, Stop)) for a in game.legal_actions(state))
