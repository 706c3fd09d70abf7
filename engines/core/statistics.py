"""End-of-game statistics: the figures of a finished game, per seat, computed from its record.

Board Game Arena shows, under the final scores, a table of figures that tell how the game went
(characters taken, gold earned, workers placed...). Here each game declares its own in
``engines/<game>/statistics.py`` and offers them through ``Game.statistics(record)``; the page
shows them under the score table once the game is over (``web/tavolo_ui/end_screen.py``).

A figure is a ``StatRow``: a key, a translated label, one value per seat (a whole number, or a
``Text`` when a figure needs words) and an optional group heading. Rows are shown in the order
given; consecutive rows with the same group are shown under one heading.

Most figures are about the course of the game, not its end, so they are folds over the record's
steps: ``steps(game, record)`` replays the record once and yields every action with the states
just before and just after it. Because statistics are shown only when the game is over, they may
use anything the end of the game reveals (the review then shows every seat's hidden cards), but
nothing else: no unseen deck order, no face-down card that never came out.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any, Iterator, Union

from .game import Game, GameState
from .i18n import Text
from .record import GameRecord, positions

Value = Union[int, Text]
"""A statistic of one seat: a count, or a short ``Text`` ("round 6, first")."""


@dataclass(frozen=True)
class StatRow:
    """One line of the statistics table.

    ``key``: a stable id (tests, CSS), unique in a game's list, e.g. ``"gold_income"``.
    ``label``: what the figure is, as a person reads it (a ``Text`` of the game's catalogue).
    ``values``: one value per seat, in seat order (a ``Value``).
    ``group``: the heading of the section the row belongs to (a ``Text``), or None.
    """

    key: str
    label: Text
    values: Sequence[Value]
    group: Text | None = None

    def __post_init__(self) -> None:
        for v in self.values:
            if isinstance(v, bool) or not isinstance(v, (int, Text)):
                raise TypeError(f"statistic {self.key!r}: a value is an int or a Text, got {v!r}")


@dataclass(frozen=True)
class Step:
    """One action of a record, with the states around it.

    ``index``: the action's position in ``record.actions`` (0 for the first).
    ``seat``: the seat that played it (``Game.to_move(before)``).
    ``before``: the state just before the action (after any fork's re-deal at this position).
    ``action``: the action model (``Game.parse_action`` of the record's dict).
    ``after``: the state just after it, before any fork's re-deal at the next position.

    No state is changed after it is yielded (a step's ``after`` is the next step's ``before``
    unless a fork re-deals in between), so a fold may keep them; it must not change them.
    """

    index: int
    seat: int
    before: GameState
    action: Any
    after: GameState


def steps(game: Game, record: GameRecord) -> Iterator[Step]:
    """Replay ``record`` once, yielding every action as a ``Step``, in order.

    The positions are rebuilt as ``record.replay`` does (``record.positions``: forks re-deal
    what their seat had not seen at their position), so the last step's ``after`` is the
    record's final state (when no fork sits at the very end). Costs one state copy per action.
    Raises ``RecordError`` like ``replay`` for a damaged record.
    """
    for p in positions(game, record, before=True):
        assert p.before is not None  # kept: before=True
        yield Step(p.index, p.seat, p.before, p.action, p.played)
