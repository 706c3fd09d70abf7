"""Every bot a person can face is fair: it decides from what its seat may see.

Two states that differ only in what the deciding seat cannot see (the real state and a
determinization of it for that seat: ``Game.determinize`` keeps the seat's view and re-deals
the rest) must lead to the same decision, for the same bot seed, at every level offered in
the page (easy, normal, hard) and for the heuristic and playout bots; the search levels are
checked at a small budget (the same code as their full budget, fewer iterations).
"""

from __future__ import annotations

import pytest

from engines import get_game, list_games
from engines.core.bots import get_bot
from engines.core.rng import Rng
from engines.core.search import action_key, search_bot


def _has_determinize(game) -> bool:
    try:
        game.determinize(game.new_game(game.min_players, 1), 0, Rng.from_seed(1))
    except NotImplementedError:
        return False
    return True


def _positions(game, players: int, seed: int, every: int, limit: int):
    state, rng, bot = game.new_game(players, seed), Rng.from_seed(seed), get_bot(game, "heuristic")
    step = 0
    while game.to_move(state) is not None and step < limit:
        if step % every == every - 1 and len(game.legal_actions(state)) > 1:
            yield state.clone()
        game.apply(state, bot(game, state, rng))
        step += 1


@pytest.mark.parametrize("name", list_games())
def test_every_bot_decides_the_same_when_only_unseen_things_differ(name):
    game = get_game(name)
    if not _has_determinize(game):
        pytest.skip(f"{name} has no determinize yet")
    levels = [lvl for lvl in ("easy", "heuristic", "playout") if lvl in game.bots()]
    small = search_bot(12, playout_steps=10)
    checked = 0
    for players in (2, 3):
        for state in _positions(game, players, 40 + players, every=13, limit=160):
            seat = game.to_move(state)
            other = game.determinize(state, seat, Rng.from_seed(99))
            assert game.view(other, seat) == game.view(state, seat)
            for lvl in levels:
                bot = get_bot(game, lvl)
                a = bot(game, state.clone(), Rng.from_seed(5))
                b = bot(game, other.clone(), Rng.from_seed(5))
                assert action_key(a) == action_key(b), f"{lvl} at {players}p saw something hidden"
            a = small(game, state.clone(), Rng.from_seed(6))
            b = small(game, other.clone(), Rng.from_seed(6))
            assert action_key(a) == action_key(b), "the search saw something hidden"
            checked += 1
    assert checked >= 4
