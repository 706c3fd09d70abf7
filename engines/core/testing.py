"""Checks every game's test suite runs on its seeded random games (shared, so that the four
games are held to the same contract)."""

from __future__ import annotations

import json

from .errors import IllegalAction
from .game import Game, GameState
from .record import replay


def assert_json_round_trip(game: Game, state: GameState) -> None:
    """The state survives ``model_dump_json`` / ``model_validate_json`` exactly."""
    text = state.model_dump_json()
    again = type(state).model_validate_json(text)
    assert again == state, "JSON round trip changed the state"
    assert again.model_dump_json() == text


def assert_clone_independent(game: Game, state: GameState) -> None:
    twin = state.clone()
    assert twin == state and twin is not state
    if not game.is_over(twin):
        game.apply(twin, game.legal_actions(twin)[0])
        assert twin != state or game.is_over(state), "clone() shares data with the original"


def assert_replay_matches(game: Game, record, state: GameState) -> None:
    """Replaying the record gives the same state (the same position: a seeded dealer is not
    compared, ``ChanceState.__eq__``)."""
    again = replay(record)
    assert again == state, "replay of the record differs from the played game"


def assert_illegal_leaves_state(game: Game, state: GameState, action) -> str:
    """Applying an illegal action raises IllegalAction and changes nothing. Returns the reason."""
    before = state.model_dump_json()
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        assert state.model_dump_json() == before, "a refused action changed the state"
        assert str(exc), "IllegalAction without a reason"
        return str(exc)
    raise AssertionError(f"illegal action was accepted: {action!r}")


def assert_view_json(game: Game, state: GameState) -> None:
    """Every player's view, and the spectator's, is JSON-able."""
    for p in [None, *range(state.players)]:
        json.dumps(game.view(state, p))
