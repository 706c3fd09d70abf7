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

A search bot's decision can take seconds in the browser, so it runs in slices
(``Decision.step``): between slices the worker reads its messages (a cancelled or superseded
request stops there) and reports the progress. Slicing never changes the decision: the
budget is counted in iterations, not in time.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .bots import get_bot
from .game import Game, GameState
from .record import GameRecord, parse_record, positions, replay
from .registry import get_game
from .rng import Rng
from .search import Explanation, Search, SearchBot, explain


def decision_rng(seed: int, action_count: int, seat: int) -> Rng:
    """The bot's generator for one decision: the same record always gives the same bot moves."""
    return Rng.from_seed((seed * 1_000_003 + action_count * 7_919 + seat * 104_729 + 17) & ((1 << 63) - 1))


class Decision:
    """One bot decision that can be advanced in slices: ``step`` until ``done``, then
    ``action``. A search bot (``search.SearchBot``: it carries its search's settings) runs
    its iterations slice by slice; any other bot decides at once. A search's decision also
    carries ``explanation`` (``search.Explanation``: its share of the simulated games and the
    runner-up's), which a hint puts in words; None for bots that do not search."""

    def __init__(self, game: Game, state: GameState, bot: Any, rng: Rng) -> None:
        self.game = game
        self.search: Search | None = None
        self.action: Any = None
        self.value: float | None = None  # the search's estimated win chance of ``action``
        self.explanation: Explanation | None = None  # why the search chose it
        self.total = 0
        if not isinstance(bot, SearchBot):
            self.action = bot(game, state, rng)
            return
        self.search = bot.start(game, state, rng)
        self.total = 0 if self.search.forced else bot.iterations
        if not self.total:
            self._finish()

    @property
    def done(self) -> bool:
        return self.search is None or self.search.done >= self.total

    @property
    def progress(self) -> float:
        """The share of the budget done (0..1)."""
        return 1.0 if self.search is None or self.done else self.search.done / self.total

    def step(self, seconds: float = 0.05) -> bool:
        """Run iterations for about ``seconds`` (at least one); True when the decision is made."""
        if self.search is not None and not self.done:
            self.search.run(self.total - self.search.done, time.perf_counter() + seconds)
            if self.done:
                self._finish()
        return self.done

    def _finish(self) -> None:
        assert self.search is not None  # only a search bot's decision finishes
        result = self.search.result()
        self.action = result.action
        self.value = result.value if self.total else None
        self.explanation = explain(self.game, result)
        self.search = None  # the tree can be large: let it go


class Thinker:
    """Decides for bots from records, keeping the last game's state to save replays."""

    def __init__(self) -> None:
        self._header: tuple | None = None
        self._actions: list[dict] = []
        self._state: GameState | None = None
        self._chance: list[dict] = []  # the outcomes the kept state has played (an undo may deal others)
        self.replays = 0  # full replays done (for tests: the cache is used)

    def state_of(self, record: GameRecord) -> GameState:
        """The state after ``record``'s actions (do not change it)."""
        header = (record.game, record.players, record.seed, json.dumps(record.options, sort_keys=True),
                  json.dumps([f.model_dump() for f in record.forks]))
        known = self._actions
        dealt = getattr(self._state, "dealt", 0)  # chance outcomes the kept state has played
        if (self._state is not None and header == self._header and len(record.actions) >= len(known)
                and record.actions[:len(known)] == known and record.chance[:dealt] == self._chance):
            for position in positions(get_game(record.game), record, self._state, first=len(known)):
                known.append(record.actions[position.index])
                self._state = position.after
            self._chance = list(record.chance[:getattr(self._state, "dealt", 0)])
            return self._state
        self._header, self._state, self._actions = None, None, []
        state = replay(record)
        self.replays += 1
        self._header, self._state, self._actions = header, state, list(record.actions)
        self._chance = list(record.chance[:getattr(state, "dealt", 0)])
        return state

    def begin(self, record: GameRecord, seat: int, level: str) -> Decision:
        """Start the decision of ``level``'s bot for ``seat``, who must be the seat to move."""
        game = get_game(record.game)
        state = self.state_of(record)
        if game.to_move(state) != seat:
            raise ValueError(f"seat {seat} is not to move in this record")
        bot = get_bot(game, level)
        return Decision(game, state.clone(), bot, decision_rng(record.seed, len(record.actions), seat))

    def decide(self, record: GameRecord, seat: int, level: str) -> Any:
        """The action of ``level``'s bot for ``seat``, who must be the seat to move."""
        decision = self.begin(record, seat, level)
        while not decision.step(1.0):
            pass
        return decision.action


THINKER = Thinker()


def decide_json(record_json: str, seat: int, level: str) -> str:
    """Record as JSON text in, the action as JSON text out, in one go."""
    record = parse_record(record_json)
    action = THINKER.decide(record, int(seat), str(level))
    return json.dumps(get_game(record.game).dump_action(action))


_CURRENT: Decision | None = None  # the worker's decision in progress (one at a time)


def begin_json(record_json: str, seat: int, level: str) -> None:
    """The worker's entry point: start a decision (replacing any unfinished one). A request
    that cannot begin (a record that does not parse or replay, a seat not to move) raises and
    leaves the unfinished decision as it was: a refused message changes nothing."""
    global _CURRENT
    decision = THINKER.begin(parse_record(record_json), int(seat), str(level))
    _CURRENT = decision


def step_json(seconds: float = 0.05) -> str:
    """Advance the decision started by ``begin_json`` by about ``seconds``; JSON text
    ``{"done": false, "progress": 0.4}`` or ``{"done": true, "action": {...}, "value": 0.62,
    "explanation": {...}}`` (``value``: the search's estimated win chance; ``explanation``:
    ``search.Explanation`` as JSON; both null for bots that do not search)."""
    global _CURRENT
    decision = _CURRENT
    if decision is None:
        raise ValueError("no decision in progress")
    if not decision.step(float(seconds)):
        return json.dumps({"done": False, "progress": round(decision.progress, 3)})
    _CURRENT = None
    explanation = None if decision.explanation is None else decision.explanation.model_dump(mode="json")
    return json.dumps({"done": True, "action": decision.game.dump_action(decision.action), "value": decision.value,
                       "explanation": explanation})
