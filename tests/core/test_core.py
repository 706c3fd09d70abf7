"""Tests of the shared core with the toy game of tests/core/toy.py."""

import json

import pytest

import engines
from engines import IllegalAction, RecordError, Rng, get_game, list_games, new_record, replay
from engines.core import testing
from engines.core.play import play_game

from .toy import GAME as TOY

engines.register(TOY)


def test_list_games_names_the_four_games():
    assert list_games() == ["spyrium", "citadels", "euphoria", "myraclia"]


def test_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        get_game("chess")


def test_rng_is_deterministic_and_serialisable():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    c = Rng.model_validate_json(a.model_dump_json())
    assert c.next_u32() == a.next_u32()
    assert Rng.from_seed(1).next_u32() != Rng.from_seed(2).next_u32()


def test_rng_below_is_uniform_enough():
    r = Rng.from_seed(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_rng_shuffle_is_a_permutation():
    r = Rng.from_seed(9)
    items = list(range(100))
    r.shuffle(items)
    assert sorted(items) == list(range(100)) and items != list(range(100))


def test_new_game_rejects_bad_player_count_and_options():
    with pytest.raises(ValueError, match="1 to 4 players"):
        TOY.new_game(5, 1)
    with pytest.raises(ValueError, match="option 'deck_size' of Draw to 21 is not valid"):
        TOY.new_game(2, 1, {"deck_size": 3})
    with pytest.raises(ValueError, match="Draw to 21 has no option 'no_such_option'"):
        TOY.new_game(2, 1, {"no_such_option": True})
    with pytest.raises(ValueError, match="option 'deck_size' of Draw to 21 is not valid") as info:
        TOY.new_game(2, 1, {"deck_size": "12"})  # strict: a number written as text is refused
    assert "\n" not in str(info.value)  # one line, not pydantic's multi-line report


def test_same_seed_same_game_and_clone_is_independent():
    s1, r1 = play_game(TOY, 3, seed=5)
    s2, r2 = play_game(TOY, 3, seed=5)
    assert s1 == s2 and r1 == r2
    s = TOY.new_game(2, 5)
    testing.assert_clone_independent(TOY, s)
    testing.assert_json_round_trip(TOY, s)


def test_illegal_action_is_refused_with_reason_and_state_unchanged():
    s = TOY.new_game(2, 1, {"deck_size": 10})
    s.deck.clear()
    reason = testing.assert_illegal_leaves_state(TOY, s, {"type": "draw"})
    assert "empty" in reason
    reason = testing.assert_illegal_leaves_state(TOY, s, {"type": "fly"})
    assert "Not a Draw to 21 action" in reason


def test_replay_gives_the_same_state():
    state, record = play_game(TOY, 4, seed=11)
    testing.assert_replay_matches(TOY, record, state)
    again = replay(record.model_dump_json())
    assert again == state


def test_replay_names_the_first_bad_action():
    state, record = play_game(TOY, 2, seed=11)
    data = record.model_dump(mode="json")
    data["actions"].insert(len(data["actions"]), {"type": "draw"})
    with pytest.raises(RecordError) as info:
        replay(data)
    assert info.value.index == len(data["actions"]) - 1
    assert f"Action {len(data['actions'])}" in str(info.value)


@pytest.mark.parametrize("bad, message", [
    ("{not json", "not valid JSON"),
    ("[]", "not a Tavolo game record"),
    ('{"format": "tavolo/9"}', "cannot read"),
    ('{"format": "other"}', "not a Tavolo game record"),
    ('{"format": "tavolo/1", "game": "toy"}', "damaged"),
])
def test_bad_records_are_reported(bad, message):
    with pytest.raises(RecordError, match=message):
        replay(bad)


def test_unknown_game_in_record():
    rec = new_record(TOY, 2, 1).model_dump(mode="json")
    rec["game"] = "chess"
    with pytest.raises(RecordError, match="Unknown game"):
        replay(rec)


def test_seat_count_must_match_players():
    rec = new_record(TOY, 2, 1).model_dump(mode="json")
    rec["seats"].pop()
    with pytest.raises(RecordError, match="seats"):
        replay(rec)


def test_record_round_trip_through_json():
    _, record = play_game(TOY, 2, seed=3)
    text = json.dumps(record.model_dump(mode="json"))
    assert replay(text) == replay(record)
