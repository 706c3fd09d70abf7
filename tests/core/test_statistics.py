"""The end-of-game statistics contract (``Game.statistics``, ``engines.core.statistics``): the
step walk rebuilds the record's positions (forks included), and every game's rows have one
value per seat, unique keys, labels in both languages, and come out the same twice."""

from __future__ import annotations

import pytest

import engines
from engines.core.i18n import MISSING, Text, render
from engines.core.record import Fork, GameRecord, new_record, replay
from engines.core.rng import Rng
from engines.core.statistics import StatRow, steps

from .toy import Toy


def finished(name: str, players: int, seed: int, options: dict | None = None) -> GameRecord:
    """The record of a seeded game played to its end by uniformly random moves."""
    game = engines.get_game(name)
    record = new_record(game, players, seed, options)
    state = game.new_game(players, seed, options)
    rng = Rng.from_seed(seed + 1000)
    while not game.is_over(state):
        actions = game.legal_actions(state)
        action = actions[rng.below(len(actions))]
        record.actions.append(game.dump_action(action))
        game.apply(state, action)
    return record


def test_steps_rebuild_every_position_of_a_record():
    game = engines.get_game("citadels")
    record = finished("citadels", 4, 5)
    walked = list(steps(game, record))
    assert [st.index for st in walked] == list(range(len(record.actions)))
    for st in walked[:: max(1, len(walked) // 7)]:
        assert st.before == replay(record, upto=st.index)
        assert st.after == replay(record, upto=st.index + 1)
        assert game.dump_action(st.action) == record.actions[st.index]
        assert st.seat == game.to_move(st.before)
    assert walked[-1].after == replay(record)


def test_steps_follow_a_fork_like_replay():
    """A record forked in the middle: the walk re-deals at the fork exactly as ``replay``."""
    game = engines.get_game("citadels")
    played = finished("citadels", 4, 8)
    at = len(played.actions) // 2
    record = played.model_copy(update={"actions": played.actions[:at], "forks": [Fork(at=at, seat=1, seed=99)]})
    state = replay(record)
    assert state != replay(played, upto=at)  # the fork dealt the unseen cards again
    rng = Rng.from_seed(3)
    for _ in range(40):  # play on from the re-dealt position
        if game.is_over(state):
            break
        actions = game.legal_actions(state)
        action = actions[rng.below(len(actions))]
        record.actions.append(game.dump_action(action))
        game.apply(state, action)
    walked = list(steps(game, record))
    assert walked[at].before == replay(record, upto=at) != walked[at - 1].after
    assert walked[-1].after == state


def test_a_game_without_statistics_has_none():
    toy = Toy()
    assert toy.statistics(new_record(toy, 2, 1)) == []


def test_a_value_is_a_whole_number_or_a_text():
    from engines.core.i18n import texts
    StatRow("k", texts("core")("Total"), [1, texts("core")("Total")])
    for bad in (True, 1.5, "words", None):
        with pytest.raises(TypeError):
            StatRow("k", texts("core")("Total"), [1, bad])


GAMES = [("citadels", 4, 2, {}), ("citadels", 2, 3, {}), ("spyrium", 3, 4, {}), ("spyrium", 2, 5, {}),
         ("euphoria", 2, 6, {}), ("myraclia", 3, 7, {}), ("myraclia", 2, 8, {"eternity": True})]


@pytest.mark.parametrize("name,players,seed,options", GAMES)
def test_every_game_gives_one_translated_value_per_seat(name, players, seed, options):
    game = engines.get_game(name)
    record = finished(name, players, seed, options)
    rows = game.statistics(record)
    assert len(rows) >= 8
    assert len({r.key for r in rows}) == len(rows)
    MISSING.clear()
    for row in rows:
        assert isinstance(row, StatRow) and len(row.values) == players, row.key
        texts = [row.label] + ([row.group] if row.group else []) + [v for v in row.values if isinstance(v, Text)]
        for text in texts:
            en, it = render(text, "en"), render(text, "it")
            assert en and it and "{" not in en + it, row.key
        assert render(row.label, "it") != render(row.label, "en"), row.key
    assert not [m for m in MISSING if m[0] == name], sorted(MISSING)
    assert any(any(v for v in r.values if isinstance(v, int)) for r in rows)  # something was counted
    again = game.statistics(record)
    assert [(r.key, r.values) for r in again] == [(r.key, r.values) for r in rows]
