"""A bot's decision from a game record: what the page's bot worker runs (``web/bot_worker.mjs``).

The page sends the record of the game on the table (JSON text), the seat to move and the
seat's bot level; ``decide_json`` answers the action (JSON text). The same record, seat and
level always give the same action: the bot's generator comes from the record's seed, the
number of actions played and the seat (``decision_rng``), the rule the page's main thread
follows too, so a decision does not depend on where it was computed.

The worker keeps the state of the last record it saw: a record that extends it (the usual
case, one or a few moves later) is brought up to date by applying only the new actions,
instead of replaying the whole game for every decision. Anything else (another game, an
undo, a record that differs) is replayed from the start. Records are validated as every
record from outside is (``parse_record``, ``apply``).
"""

from __future__ import annotations

import json
from typing import Any

from .bots import get_bot
from .game import Game, GameState
from .record import GameRecord, parse_record, replay
from .rng import Rng


def decision_rng(seed: int, action_count: int, seat: int) -> Rng:
    """The bot's generator for one decision: the same record always gives the same bot moves."""
    return Rng.from_seed((seed * 1_000_003 + action_count * 7_919 + seat * 104_729 + 17) & ((1 << 63) - 1))


class Thinker:
    """Decides for bots from records, keeping the last game's state to save replays."""

    def __init__(self) -> None:
        self._header: tuple | None = None
        self._actions: list[dict] = []
        self._state: GameState | None = None
        self.replays = 0  # full replays done (for tests: the cache is used)

    def state_of(self, record: GameRecord) -> GameState:
        """The state after ``record``'s actions (do not change it)."""
        from engines import get_game  # late import: the registry imports the games

        header = (record.game, record.players, record.seed, json.dumps(record.options, sort_keys=True))
        known = self._actions
        if (self._state is not None and header == self._header and len(record.actions) >= len(known)
                and record.actions[:len(known)] == known):
            game: Game = get_game(record.game)
            for data in record.actions[len(known):]:
                game.apply(self._state, data)
                known.append(data)
            return self._state
        self._header, self._state, self._actions = None, None, []
        state = replay(record)
        self.replays += 1
        self._header, self._state, self._actions = header, state, list(record.actions)
        return state

    def decide(self, record: GameRecord, seat: int, level: str) -> Any:
        """The action of ``level``'s bot for ``seat``, who must be the seat to move."""
        from engines import get_game

        game = get_game(record.game)
        state = self.state_of(record)
        if game.to_move(state) != seat:
            raise ValueError(f"seat {seat} is not to move in this record")
        bot = get_bot(game, level)
        return bot(game, state.clone(), decision_rng(record.seed, len(record.actions), seat))


THINKER = Thinker()


def decide_json(record_json: str, seat: int, level: str) -> str:
    """The worker's entry point: record as JSON text in, the action as JSON text out."""
    from engines import get_game

    record = parse_record(record_json)
    action = THINKER.decide(record, int(seat), str(level))
    return json.dumps(get_game(record.game).dump_action(action))
