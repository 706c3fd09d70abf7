"""Forks: a game in progress played on from a position by one seat, with what that seat
had not seen dealt again (``GameRecord.forks``, ``engines.core.record.redeal``)."""

import pytest

from engines import RecordError, get_game, list_games, new_record, parse_record, replay
from engines.core.bots import get_bot
from engines.core.record import Fork
from engines.core.rng import Rng
from engines.core.thinking import Thinker

GAME = get_game("citadels")


def played(seed: int, steps: int, players: int = 3, game=GAME):
    """A record of ``steps`` heuristic moves of ``game``, and the state after them."""
    record = new_record(game, players, seed)
    state = game.new_game(players, seed)
    bot = get_bot(game, "heuristic")
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        action = bot(game, state, rng)
        record.actions.append(game.dump_action(action))
        game.apply(state, action)
    return record, state


def forked(record, at: int, seat: int, seed: int):
    copy = record.model_copy(deep=True)
    copy.actions = copy.actions[:at]
    copy.forks = [*copy.forks, Fork(at=at, seat=seat, seed=seed)]
    return copy


def test_a_record_never_forked_has_no_forks_key():
    record, _ = played(1, 5)
    assert "forks" not in record.model_dump()
    assert '"forks"' not in record.model_dump_json()


@pytest.mark.parametrize("name", list_games())
def test_a_fork_keeps_the_seats_view_and_re_deals_the_rest(name):
    game = get_game(name)
    record, state = played(2, 30, game=game)
    fork = forked(record, 30, seat=1, seed=77)
    again = replay(parse_record(fork.model_dump_json()))
    assert game.view(again, 1) == game.view(state, 1)
    assert again.model_dump() != state.model_dump()  # the others' hands and the deck are new
    assert replay(fork).model_dump() == again.model_dump()  # the same fork, the same game


@pytest.mark.parametrize("name", list_games())
def test_the_fork_does_not_depend_on_what_the_seat_could_not_see(name):
    """Two forks of the same position with the same seed: equal. A fork with another seed:
    different hidden parts, same view."""
    game = get_game(name)
    record, _ = played(3, 24, game=game)
    a = replay(forked(record, 24, 0, 5))
    b = replay(forked(record, 24, 0, 5))
    c = replay(forked(record, 24, 0, 6))
    assert a.model_dump() == b.model_dump()
    assert game.view(a, 0) == game.view(c, 0)
    assert a.model_dump() != c.model_dump()


@pytest.mark.parametrize("name", list_games())
def test_a_forked_game_plays_on_and_replays_and_a_fork_of_a_fork_too(name):
    game = get_game(name)
    record, _ = played(4, 20, game=game)
    fork = forked(record, 20, 0, 9)
    state = replay(fork)
    bot = get_bot(game, "heuristic")
    for _ in range(25):
        if game.to_move(state) is None:
            break
        action = bot(game, state, Rng.from_seed(len(fork.actions)))
        fork.actions.append(game.dump_action(action))
        game.apply(state, action)
    assert replay(parse_record(fork.model_dump_json())).model_dump() == state.model_dump()
    twice = forked(fork, len(fork.actions), 2, 10)  # the same position may be forked again
    twice2 = forked(fork, 20, 1, 11)
    assert [f.at for f in twice.forks] == [20, len(fork.actions)]
    assert game.view(replay(twice), 2) == game.view(state, 2)
    assert [f.at for f in twice2.forks] == [20, 20]
    replay(parse_record(twice2.model_dump_json()))


@pytest.mark.parametrize("forks, why", [
    ([{"at": 9, "seat": 0, "seed": 1}], "past the moves"),
    ([{"at": 2, "seat": 3, "seed": 1}], "no such seat"),
    ([{"at": 3, "seat": 0, "seed": 1}, {"at": 2, "seat": 0, "seed": 1}], "out of order"),
    ([{"at": 2, "seat": 0, "seed": "1"}], "a seed as text"),
    ([{"at": 2, "seat": 0, "seed": 1, "peek": True}], "an unknown field"),
])
def test_damaged_forks_are_refused_with_a_clear_error(forks, why):
    record, _ = played(5, 5)
    data = record.model_dump(mode="json")
    data["forks"] = forks
    with pytest.raises(RecordError) as err:
        parse_record(data)
    assert "fork" in str(err.value).lower(), why


def test_a_game_without_determinize_cannot_be_forked(monkeypatch):
    from engines.core.game import Game

    record, _ = played(7, 4)
    fork = forked(record, 4, 0, 1)
    monkeypatch.setattr(type(GAME), "determinize", Game.determinize)  # as a game without one
    monkeypatch.setattr(type(GAME), "determinize_as", Game.determinize_as)
    with pytest.raises(RecordError):
        replay(parse_record(fork.model_dump_json()))


def test_the_bot_worker_keeps_up_with_a_forked_game():
    """The worker's cached state of a forked game (the re-dealt table) is brought up to date
    move by move, as for any game, and equals a full replay."""
    record, _ = played(6, 16)
    fork = forked(record, 16, 0, 3)
    state = replay(fork)
    bot = get_bot(GAME, "heuristic")
    thinker = Thinker()
    assert thinker.state_of(fork).model_dump() == state.model_dump()
    for _ in range(4):
        action = bot(GAME, state, Rng.from_seed(1))
        fork.actions.append(GAME.dump_action(action))
        GAME.apply(state, action)
    assert thinker.state_of(fork).model_dump() == state.model_dump()
    assert thinker.replays == 1


def test_a_fork_names_its_re_deal_only_past_the_first_and_a_re_deal_unknown_here_is_refused():
    record, _ = played(8, 12)
    old = forked(record, 12, 0, 3)
    assert old.model_dump()["forks"] == [{"at": 12, "seat": 0, "seed": 3}]   # as forks always were
    new = old.model_copy(update={"forks": [Fork(at=12, seat=0, seed=3, redeal=GAME.redeal)]})
    assert new.model_dump()["forks"] == [{"at": 12, "seat": 0, "seed": 3, "redeal": 2}]
    assert parse_record(new.model_dump_json()).forks[0].redeal == 2
    data = new.model_dump(mode="json")
    data["forks"][0]["redeal"] = GAME.redeal + 1                         # from a newer engine
    with pytest.raises(RecordError) as err:
        replay(parse_record(data))
    assert "fork" in str(err.value).lower()


def test_a_citadels_fork_of_the_second_re_deal_keeps_what_the_draft_showed_the_seat():
    """Two players, the crown's seat after the draft: it saw 7 of the 8 characters, so it
    knows the one set aside face down. Re-deal 2 keeps it there in every fork; re-deal 1 (of
    forks made before) shuffled it with the other seat's characters, and still does."""
    record, state = played(9, 0, players=2)
    bot, rng = get_bot(GAME, "heuristic"), Rng.from_seed(9)
    while state.phase == "draft" or GAME.to_move(state) != state.draft_crown:
        action = bot(GAME, state, rng)
        record.actions.append(GAME.dump_action(action))
        GAME.apply(state, action)
    seat, at = state.draft_crown, len(record.actions)
    moved = {1: 0, 2: 0}
    for seed in range(12):
        for redeal in (1, 2):
            copy = forked(record, at, seat, seed)
            copy.forks[-1] = Fork(at=at, seat=seat, seed=seed, redeal=redeal)
            again = replay(copy)
            assert GAME.view(again, seat) == GAME.view(state, seat)
            moved[redeal] += again.removed_down != state.removed_down
    assert moved == {1: moved[1], 2: 0} and moved[1] > 0
