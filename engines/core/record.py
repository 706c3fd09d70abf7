"""Game records: the save and share format, and replay.

A record is everything needed to rebuild a game: (game, options, players, seed, actions).

    {"format": "tavolo/1", "game": "citadels", "engine_version": "0.1.0", "players": 4,
     "seed": 123, "options": {}, "seats": [{"name": "Anna", "kind": "human"}, ...],
     "actions": [{...}, ...]}
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from .errors import IllegalAction, RecordError
from .game import Game, GameState

FORMAT = "tavolo/1"


class Seat(BaseModel):
    name: str = Field(max_length=40)
    kind: str = Field(pattern=r"^(human|bot:[a-z0-9_-]+)$")


class GameRecord(BaseModel):
    format: Literal["tavolo/1"] = FORMAT
    game: str
    engine_version: str
    players: int
    seed: int
    options: dict[str, Any] = {}
    seats: list[Seat]
    actions: list[dict[str, Any]] = []


def parse_record(data: str | bytes | dict) -> GameRecord:
    """A ``GameRecord`` from JSON text or a dict, with a clear error if it is not one."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise RecordError(f"The record is not valid JSON ({exc}).") from None
    if not isinstance(data, dict):
        raise RecordError("The record is not a JSON object.")
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("tavolo/"):
            raise RecordError(f"The record has format '{fmt}', which this version of Tavolo cannot read (it reads '{FORMAT}').")
        raise RecordError("This is not a Tavolo game record (no 'tavolo/1' format tag).")
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise RecordError(f"The record is damaged: {where}: {err['msg']}.") from None
    if len(record.seats) != record.players:
        raise RecordError(f"The record has {len(record.seats)} seats for {record.players} players.")
    return record


def replay(record: GameRecord | dict | str, upto: int | None = None) -> GameState:
    """Rebuild the state of a record by re-applying and validating every action.

    ``upto`` stops after that many actions. Raises ``RecordError`` naming the first bad action.
    """
    from engines import get_game  # late import: the registry imports the games

    if not isinstance(record, GameRecord):
        record = parse_record(record)
    try:
        game: Game = get_game(record.game)
    except KeyError:
        raise RecordError(f"Unknown game '{record.game}'.") from None
    try:
        state = game.new_game(record.players, record.seed, record.options)
    except ValueError as exc:
        raise RecordError(f"The record cannot start a game: {exc}") from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, data in enumerate(actions):
        try:
            game.apply(state, data)
        except IllegalAction as exc:
            raise RecordError(f"Action {i + 1} of the record is not legal: {exc}", index=i) from None
    return state


def new_record(game: Game, players: int, seed: int, options: dict | None = None,
               seats: list[dict] | None = None) -> GameRecord:
    from engines import __version__

    seats = seats or [{"name": f"Player {i + 1}", "kind": "human"} for i in range(players)]
    opts = game.options_model.model_validate(options or {}).model_dump(mode="json")
    return GameRecord(game=game.name, engine_version=__version__, players=players, seed=seed,
                      options=opts, seats=[Seat.model_validate(s) for s in seats])
