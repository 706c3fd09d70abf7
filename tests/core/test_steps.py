"""The step-by-step picker's contract (``Game.action_steps``): by default one step, the
button label; for every game, the steps of one position's legal actions are distinct and
prefix-free (each action is one path of clicks, no path stops halfway) and read as text."""

from __future__ import annotations

import pytest

from engines import Rng, get_game, list_games
from engines.core.game import Game, GameState

from .toy import GAME as TOY


def assert_steps_contract(game: Game, state: GameState) -> int:
    """Checks the contract on one position; returns the number of legal actions."""
    legal = game.legal_actions(state)
    paths = [tuple(game.action_steps(state, a)) for a in legal]
    assert len(set(paths)) == len(paths), "two legal actions have the same steps"
    for path, action in zip(paths, legal):
        assert path and all(isinstance(s, str) and s.strip() == s and s for s in path), (path, action)
        assert "  " not in ", ".join(path)
    for n in {len(p) for p in paths}:
        shorter = {p for p in paths if len(p) == n}
        longer = [p for p in paths if len(p) > n]
        assert not [p for p in longer if p[:n] in shorter], f"steps of one action begin another's ({n})"
    return len(legal)


def test_default_steps_are_the_label() -> None:
    state = TOY.new_game(2, seed=3)
    for action in TOY.legal_actions(state):
        assert TOY.action_steps(state, action) == [TOY.action_label(state, action)]
    assert assert_steps_contract(TOY, state) == 2


def test_prefix_and_duplicate_steps_are_caught() -> None:
    """The check above is not vacuous: a game whose steps clash fails it."""
    class Clashing(type(TOY)):
        def action_steps(self, state, action, lang="en"):
            return ["Play"] if action.type == "draw" else ["Play", "carefully"]

    with pytest.raises(AssertionError, match="begin another"):
        assert_steps_contract(Clashing(), TOY.new_game(2, seed=3))


@pytest.mark.parametrize("name", list_games())
def test_steps_are_distinct_and_prefix_free_in_random_games(name: str) -> None:
    """Seeded random games of every game (a sample of their positions)."""
    game = get_game(name)
    checked = 0
    for seed in range(2):
        state = game.new_game(game.min_players + seed, seed=100 + seed)
        rng = Rng.from_seed(seed)
        step = 0
        while not game.is_over(state) and step < 400:
            legal = game.legal_actions(state)
            if step % 7 == 0:
                assert_steps_contract(game, state)
                checked += 1
            game.apply(state, rng.choice(legal))
            step += 1
    assert checked >= 10
