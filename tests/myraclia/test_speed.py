"""The fast paths of the Myraclia engine agree with the slow ones: the playout policy plays
legal moves only and leaves the state alone, the shortcuts of the payment search agree with
the full search, a clone is an independent, exact copy (sharing only the terraformed tiles,
which never change), and the action objects shared by the legal lists never change."""

from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from engines.core.bots import bot_levels, get_bot
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.payment import _minimal_covers, can_pay, cheapest_payment, legal_payments

ALL = {"eternity": True, "darkness": True, "kickstarter": True}


def test_the_playout_policy_returns_a_legal_action_and_changes_nothing():
    for players in range(2, 6):
        state = GAME.new_game(players, 300 + players, ALL if players % 2 else None)
        rng = Rng.from_seed(players)
        steps = 0
        while not GAME.is_over(state) and steps < 600:
            before = state.model_dump_json()
            action = GAME.playout_action(state, rng)
            assert state.model_dump_json() == before
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


def test_payments_found_through_renamed_colours_are_the_payments_of_the_real_ones():
    """``legal_payments`` works each case out for its colours sorted by count and names them
    back: the same list, in the same order, as the search on the real colours."""
    missings = [m for k in range(1, 5) for m in itertools.combinations(range(7), k)]
    rng = Rng.from_seed(21)
    for _ in range(600):
        reserve = tuple(rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 7, 9]) for _ in range(7))
        missing = missings[rng.below(len(missings))]
        expected = _minimal_covers(reserve, missing) if can_pay(reserve, missing) else []
        assert legal_payments(reserve, missing) == expected, (reserve, missing)


def _play_reading_everything(players: int, seed: int, options: dict | None, seen: dict, terraformed: dict) -> None:
    """A game of mixed random, playout and heuristic moves, every reader of the actions run on
    every list (labels, steps, log lines, events, the coach); ``seen`` gathers each listed
    action object with its dump when first listed, ``terraformed`` each terraformed tile
    object with its dump when first seen terraformed."""
    state = GAME.new_game(players, seed, options)
    rng, walk = Rng.from_seed(seed), Rng.from_seed(seed + 1)
    heuristic = get_bot(GAME, "heuristic")
    steps = 0
    while not GAME.is_over(state) and steps < 700:
        for t in state.surface:
            if t.terraformed and id(t) not in terraformed:
                terraformed[id(t)] = (t, t.model_dump_json())
        legal = GAME.legal_actions(state)
        for a in legal:
            if id(a) not in seen:
                seen[id(a)] = (a, GAME.dump_action(a))
            GAME.action_label(state, a)
            GAME.action_steps(state, a)
            GAME.describe(state, a)
        how = walk.below(3)
        if how == 0:
            action = legal[walk.below(len(legal))]
        elif how == 1:
            action = GAME.playout_action(state, rng)
        else:
            action = heuristic(GAME, state, rng)
        before = state.clone()
        GAME.apply(state, action)
        GAME.event_texts(before, action, state)
        steps += 1


def test_the_shared_action_objects_and_terraformed_tiles_never_change():
    seen: dict = {}
    terraformed: dict = {}
    for players in range(2, 6):
        for seed in range(2):
            options = ALL if (players + seed) % 2 else None
            _play_reading_everything(players, 40 + 10 * players + seed, options, seen, terraformed)
    kinds = {a.type for a, _ in seen.values()}
    assert kinds >= {"take", "pass", "terraform", "reserve", "change", "add", "trade", "end_turn", "place_tile"}
    for a, dumped in seen.values():
        assert GAME.dump_action(a) == dumped
        assert GAME.parse_action(dumped) == a
    assert len(terraformed) > 50
    for t, dumped in terraformed.values():
        assert t.model_dump_json() == dumped


def test_the_same_action_is_the_same_object_and_cannot_be_changed():
    state = GAME.new_game(3, 8)
    first = GAME.legal_actions(state)
    again = GAME.legal_actions(state.clone())
    assert all(a is b for a, b in zip(first, again)) and len(first) == len(again)
    with pytest.raises(ValidationError):
        first[0].column = 3


def test_a_clone_shares_only_the_terraformed_tiles():
    state = GAME.new_game(3, 12, ALL)
    rng = Rng.from_seed(4)
    for _ in range(120):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
    copy = state.clone()
    assert any(t.terraformed for t in state.surface)
    for t, u in zip(state.surface, copy.surface):
        assert (t is u) == t.terraformed
        if not t.terraformed:
            assert t.cubes is not u.cubes and t.tokens is not u.tokens
