"""The heuristic bot: legal moves, decides from the view only, beats random play."""

from __future__ import annotations

from engines.core.play import play_game
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.bot import choose


def test_bot_is_registered_and_plays_whole_games():
    assert GAME.bots()["heuristic"] is choose
    for n in (2, 3, 4, 5):
        state, record = play_game(GAME, n, seed=n, bots="heuristic",
                                  options={"eternity": True, "darkness": True, "kickstarter": True})
        assert GAME.is_over(state) and record.actions


def test_bot_ignores_hidden_information():
    """Reordering the tile bag and the face-down tokens never changes the bot's choice."""
    state = GAME.new_game(3, 7, {"eternity": True})
    rng = Rng.from_seed(1)
    for step in range(120):
        if GAME.is_over(state):
            break
        twin = state.clone()
        twin.tile_bag.reverse()
        twin.eternity_bag.reverse()
        assert choose(GAME, state, Rng.from_seed(step)) == choose(GAME, twin, Rng.from_seed(step))
        GAME.apply(state, choose(GAME, state, rng))


def test_bot_beats_random_in_a_small_sample():
    wins = 0
    for seed in range(6):
        seat = seed % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic"
        state, _ = play_game(GAME, 2, seed, bots)
        wins += seat in GAME.winners(state)
    assert wins >= 5
