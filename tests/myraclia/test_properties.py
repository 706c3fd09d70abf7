"""Property tests over seeded random games at every player count (200 games per count).

Random play only (no bot mix needed: a random game takes well under a second). Options are
varied by seed so that the Kickstarter tile, Eternity and Darkness are all exercised.
Step bound: every game ends within MAX_STEPS actions (the longest seen is far below).
Cheap invariants are checked after every step; the view privacy check on every 15th step;
JSON round trip, clone and replay on a sample of steps and games.
"""

from __future__ import annotations

import json
import re

import pytest

from engines.core import testing
from engines.core.rng import Rng
from engines.myraclia import GAME

from .helpers import assert_non_negative, assert_score_matches, components_census

GAMES_PER_COUNT = 200
CHUNKS = 4
MAX_STEPS = 5000
OPTION_SETS = [{}, {"kickstarter": True, "eternity": True, "darkness": True},
               {"eternity": True}, {"darkness": True, "beginner": True}]


def hidden_ids(state) -> list[str]:
    """Identifiers that must never appear in a view: tiles in the bag, face-down tokens."""
    return list(state.tile_bag) + list(state.eternity_bag)


def check_view_private(state) -> None:
    secret = set(hidden_ids(state))
    for p in [None, *range(state.players)]:
        text = json.dumps(GAME.view(state, p))
        shown = set(re.findall(r'"([A-Z]+[0-9]+)"', text))
        assert not (shown & secret), f"hidden {shown & secret} visible to {p}"


def play_one(players: int, seed: int) -> int:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    from engines.core.record import new_record
    record = new_record(GAME, players, seed, options)
    state = GAME.new_game(players, seed, options, deal=False)
    record.chance += [GAME.dump_action(o) for o in GAME.deal(state)]  # the set-up's draws
    rng = Rng.from_seed(seed + 99)
    deep = seed % 10 == 0
    steps = 0
    while not GAME.is_over(state):
        assert steps < MAX_STEPS, f"game {seed} not over after {MAX_STEPS} steps"
        legal = GAME.legal_actions(state)
        assert legal, "no legal action while the game is not over"
        action = rng.choice(legal)  # the random bot's choice, without a second legal_actions
        if deep and steps % 25 == 0:
            testing.assert_json_round_trip(GAME, state)
            testing.assert_clone_independent(GAME, state)
        if steps % 15 == 0:
            check_view_private(state)
        record.actions.append(GAME.dump_action(action))
        record.chance += [GAME.dump_action(o) for o in GAME.apply(state, action)]
        steps += 1
        components_census(state)
        assert_non_negative(state)
        assert_score_matches(state)
    assert GAME.legal_actions(state) == [] and GAME.to_move(state) is None
    assert GAME.winners(state)
    testing.assert_view_json(GAME, state)
    if deep:
        unseeded = state.clone()
        unseeded.dealer = None  # a record of the second format replays from its outcomes, without a dealer
        testing.assert_replay_matches(GAME, record, unseeded)
        testing.assert_json_round_trip(GAME, state)
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int, chunk: int) -> None:
    per = GAMES_PER_COUNT // CHUNKS
    longest = 0
    for seed in range(chunk * per, (chunk + 1) * per):
        longest = max(longest, play_one(players, seed))
    assert longest < MAX_STEPS
