"""The one replay loop of records, ``engines.core.record.positions`` (with ``start``): what a
``Position`` holds, where a fork re-deals, what is copied, and the refusal of an illegal move."""

import pytest

from engines import RecordError, get_game, replay
from engines.core.record import Fork, positions, start

from tests.core.test_fork import forked, played

GAME = get_game("citadels")


def test_the_positions_follow_the_game_as_it_was_played():
    record, final = played(3, 30)
    seen = []
    state = start(GAME, record)
    for p in positions(GAME, record, state):
        assert p.action == GAME.parse_action(record.actions[p.index])
        assert p.before is None and p.after is p.played and not p.forked
        seen.append((p.index, p.seat))
        state = p.after
    assert state == final and [i for i, _ in seen] == list(range(30))
    assert all(seat == GAME.to_move(replay(record, upto=i)) for i, seat in seen)


def test_with_before_no_state_yielded_is_changed_afterwards():
    record, _ = played(4, 12)
    kept = [(p, p.before.model_dump_json(), p.played.model_dump_json())
            for p in positions(GAME, record, before=True)]
    for p, before, after in kept:
        assert p.before.model_dump_json() == before and p.played.model_dump_json() == after
        assert p.before == replay(record, upto=p.index)
    assert [p.played for p, _b, _a in kept][-1] == replay(record)


def test_first_and_upto_replay_a_slice_from_a_given_state():
    record, _ = played(5, 20)
    state = replay(record, upto=8)
    indexes = [p.index for p in positions(GAME, record, state, first=8, upto=15)]
    assert indexes == list(range(8, 15)) and state == replay(record, upto=15)


def test_a_fork_re_deals_after_its_action():
    record, _ = played(6, 10)
    copy = forked(record, 6, 1, 77)  # the first 6 actions, then the fork
    steps = list(positions(GAME, copy))
    assert len(steps) == 6 and [p.index for p in steps if p.forked] == [5]
    fork = steps[5]
    assert fork.after != fork.played and GAME.view(fork.after, 1) == GAME.view(fork.played, 1)
    assert steps[-1].after == replay(copy)


def test_a_fork_at_the_start_re_deals_the_first_position():
    record, _ = played(7, 4)
    copy = record.model_copy(deep=True)
    copy.forks = [Fork(at=0, seat=2, seed=5)]
    assert start(GAME, copy) != GAME.new_game(copy.players, copy.seed)


def test_an_illegal_action_is_refused_with_its_index():
    record, _ = played(8, 6)
    record.actions[4] = record.actions[3]  # the same move twice: not legal the second time
    with pytest.raises(RecordError, match="Action 5 of the record is not legal") as caught:
        list(positions(GAME, record))
    assert caught.value.index == 4
