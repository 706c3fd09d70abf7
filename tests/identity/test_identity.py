"""The engines play every fixture game exactly as the engines they were made with
(``tests/identity/__init__.py`` says how and why): same actions, same final state."""

from __future__ import annotations

import json

import pytest

from engines import get_game, list_games, new_record, parse_record, replay
from tests.identity import HERE, STEP_CAP, play, sha

CHUNKS = 4  # each game's fixtures in a few tests, so two workers share them evenly


def fixtures(name: str) -> dict:
    return json.loads((HERE / f"{name}.json").read_text("utf-8"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("name", list_games())
def test_fixture_games_play_exactly_as_before(name, chunk):
    data = fixtures(name)
    assert data["game"] == name and data["step_cap"] == STEP_CAP
    game = get_game(name)
    rows = data["games"][chunk::CHUNKS]
    assert len(rows) >= 50
    for k, row in enumerate(rows):
        where = f"{name} players={row['players']} seed={row['seed']} seats={row['mix']}"
        actions, state = play(name, row["players"], row["seed"], row["mix"])
        assert len(actions) == row["steps"], where
        assert sha(json.dumps(actions, sort_keys=True, separators=(",", ":"))) == row["actions_sha256"], where
        assert sha(state.model_dump_json()) == row["state_sha256"], where
        ended = game.to_move(state) is None
        assert ended == row["ended"], where
        if ended:
            assert game.scores(state) == row["scores"], where
        if k % 10 == 0:  # and the record of it replays to the same state, as a save or link would
            record = new_record(game, row["players"], row["seed"], None,
                                [{"name": f"P{i + 1}", "kind": "human"} for i in range(row["players"])])
            record.actions = actions
            assert replay(parse_record(record.model_dump_json())).model_dump_json() == state.model_dump_json(), where


def test_the_fixtures_cover_every_count_and_mix_and_mostly_end():
    for name in list_games():
        game = get_game(name)
        rows = fixtures(name)["games"]
        assert len(rows) == 200
        assert {r["players"] for r in rows} == set(range(game.min_players, game.max_players + 1))
        assert {r["mix"] for r in rows} == {"random", "heuristic", "mixed"}
        assert sum(r["ended"] for r in rows) >= 100, name  # Euphoria's random games may hit the cap
