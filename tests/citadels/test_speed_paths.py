"""The fast paths of the engine keep the rules: the state's own ``clone`` and assignments, the
playout policy (``Game.playout_action``) and its bot level. (Speed itself is measured by
``bench/speed.py`` and ``bench/arena.py``, never by a test.)"""

from __future__ import annotations

import pytest

from engines import get_game
from engines.citadels import Citadels, CitadelsState
from engines.citadels.game import GAME as GAME_OBJECT
from engines.core.bots import bot_levels, get_bot
from engines.core.rng import Rng

GAME = get_game("citadels")


def _positions(players: int, seed: int, every: int = 5):
    """Positions of a game played by the playout policy at every seat."""
    state, rng, k = GAME.new_game(players, seed), Rng.from_seed(seed + 5), 0
    while GAME.to_move(state) is not None:
        if k % every == 0:
            yield state.clone()
        GAME.apply(state, GAME.playout_action(state, rng))
        k += 1
    yield state


def test_the_package_exports_the_game_class_from_game_py():
    assert GAME is GAME_OBJECT and type(GAME) is Citadels and Citadels.__module__ == "engines.citadels.game"


@pytest.mark.parametrize("players", [2, 5, 7])
def test_clone_is_an_equal_independent_copy(players):
    for state in _positions(players, 3, every=9):
        copy = state.clone()
        assert type(copy) is CitadelsState and copy == state
        assert copy.model_dump_json() == state.model_dump_json()
        assert copy.model_fields_set == state.model_fields_set
        assert CitadelsState.model_validate_json(copy.model_dump_json()) == state
        text = state.model_dump_json()
        copy.hands[0].append("castle-1")
        copy.cities[-1].append("castle-2")
        copy.gold[0] += 1
        copy.deck.clear()
        copy.bottom.append("castle-3")
        copy.seen.append(0)
        if copy.dealer is not None:   # the seeded dealer is copied too (it deals as it goes)
            copy.dealer.rng.next_u32()
            copy.dealer.removals.append(1)
            copy.dealer.next += 1
        copy.holder[1] = 5
        assert copy.model_dump_json() != state.model_dump_json()
        assert state.model_dump_json() == text
        assert state == CitadelsState.model_validate_json(state.model_dump_json())


def test_assigning_a_field_is_plain_and_an_unknown_name_is_refused_as_pydantic_does():
    state = GAME.new_game(3, 1)
    state.builds = 2
    assert state.builds == 2 and "builds" in state.model_fields_set and '"builds":2' in state.model_dump_json()
    with pytest.raises(ValueError, match="no field"):
        state.no_such_field = 1


@pytest.mark.parametrize("players", range(2, 8))
def test_the_playout_policy_returns_a_legal_action_and_uses_only_its_rng(players):
    for seed in range(4):
        state, rng = GAME.new_game(players, seed), Rng.from_seed(seed)
        while GAME.to_move(state) is not None:
            before = state.model_dump_json()
            again = rng.model_copy(deep=True)
            action = GAME.playout_action(state, rng)
            assert state.model_dump_json() == before        # it only reads the state
            assert action in GAME.legal_actions(state)
            assert GAME.playout_action(state, again) == action and again == rng  # same rng, same choice
            GAME.apply(state, action)
        assert GAME.is_over(state)


def test_the_playout_policy_decides_from_what_its_seat_sees():
    """Other hands' contents (not their sizes), the deck's order and the characters others hold
    unrevealed change nothing: the policy is fair as a bot level."""
    changed = 0
    for players in (3, 5):
        for state in _positions(players, 11, every=3):
            me = GAME.to_move(state)
            if me is None:
                continue
            other = state.clone()
            shuffler = Rng.from_seed(99)
            shuffler.shuffle(other.deck)
            # swap hidden cards of the others with the deck, keeping every size
            for s in range(players):
                if s != me and other.hands[s] and other.deck:
                    other.hands[s][0], other.deck[-1] = other.deck[-1], other.hands[s][0]
            hidden = [r for r in range(1, 9) if other.holder[r] not in (-1, me) and r not in other.revealed]
            if len(hidden) >= 2 and other.phase != "draft":
                a, b = hidden[:2]
                other.holder[a], other.holder[b] = other.holder[b], other.holder[a]
            changed += other.model_dump_json() != state.model_dump_json()
            x = GAME.playout_action(state, Rng.from_seed(7))
            y = GAME.playout_action(other, Rng.from_seed(7))
            assert GAME.dump_action(x) == GAME.dump_action(y)
    assert changed > 20


def test_playout_is_a_bot_level_and_the_heuristic_stays_the_last_one():
    assert bot_levels(GAME) == ["random", "playout", "easy", "normal", "hard", "heuristic"]
    bot = get_bot(GAME, "playout")
    state, rng = GAME.new_game(4, 2), Rng.from_seed(3)
    while GAME.to_move(state) is not None:
        GAME.apply(state, bot(GAME, state, rng))
    assert GAME.winners(state)
