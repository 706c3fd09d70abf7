"""The fast paths of the Myraclia engine agree with the slow ones: the playout policy plays
legal moves only and leaves the state alone, the shortcuts of the payment search agree with
the full search, and a clone is an independent, exact copy."""

from __future__ import annotations

import itertools

from engines.core.bots import bot_levels, get_bot
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.payment import can_pay, cheapest_payment, legal_payments

ALL = {"eternity": True, "darkness": True, "kickstarter": True}


def test_the_playout_policy_returns_an_object_of_the_legal_list_and_changes_nothing():
    for players in range(2, 6):
        state = GAME.new_game(players, 300 + players, ALL if players % 2 else None)
        rng = Rng.from_seed(players)
        steps = 0
        while not GAME.is_over(state) and steps < 600:
            before = state.model_dump_json()
            action = GAME.playout_action(state, rng)
            assert state.model_dump_json() == before
            assert any(action is a for a in GAME._fresh[1]) and GAME._fresh[0] is state
            assert action in GAME.legal_actions(state)
            GAME.apply(state, action)
            steps += 1
        assert GAME.is_over(state), "the playout policy ends its games"


def test_the_playout_policy_is_a_bot_level_and_the_heuristic_stays_the_last():
    assert bot_levels(GAME)[-1] == "heuristic"
    bot = get_bot(GAME, "playout")
    state = GAME.new_game(3, 5)
    assert bot(GAME, state, Rng.from_seed(1)) in GAME.legal_actions(state)


def test_cheapest_payment_and_can_pay_agree_with_the_full_list():
    missings = [m for k in range(5) for m in itertools.combinations(range(7), k)]
    rng = Rng.from_seed(11)
    for _ in range(400):
        reserve = tuple(rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 6]) for _ in range(7))
        missing = missings[rng.below(len(missings))]
        full = legal_payments(reserve, missing)
        assert cheapest_payment(reserve, missing) == (full[0] if full else None), (reserve, missing)
        assert can_pay(reserve, missing) == bool(full), (reserve, missing)


def test_a_clone_is_an_exact_independent_copy():
    state = GAME.new_game(4, 9, {**ALL, "youngest_first": [2, 0, 3, 1]})
    rng = Rng.from_seed(3)
    for _ in range(150):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
    copy = state.clone()
    assert copy == state and copy.model_dump_json() == state.model_dump_json()
    assert type(state).model_validate_json(copy.model_dump_json()) == state
    before = state.model_dump_json()
    while not GAME.is_over(copy):
        legal = GAME.legal_actions(copy)
        GAME.apply(copy, legal[rng.below(len(legal))])
    copy.options.youngest_first.append(9)
    assert state.model_dump_json() == before
