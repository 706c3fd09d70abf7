"""Tavolo's rule engines: one shared core (``engines.core``) and one package per game.

Public API (the engine contract):

- ``get_game(name) -> Game`` and ``list_games() -> list[str]``
- ``about(name)``: a game's title, description and player range, without importing it
  (the registry, ``engines.core.registry``)
- ``Game[State, Action]``: ``new_game``, ``to_move``, ``legal_actions``, ``apply`` (checked),
  ``play_legal`` (unchecked, for an action of ``legal_actions``), ``is_over``, ``scores``,
  ``score_breakdown``, ``winners``, ``view``, ``describe``... (see ``engines.core.game``)
- ``replay(record) -> State`` rebuilds a game from its record (``engines.core.record``)
- ``IllegalAction`` (a ``ValueError``) and ``RecordError``
"""

from __future__ import annotations

from .core.errors import IllegalAction, RecordError
from .core.game import Game, GameState, Options
from .core.record import GameRecord, new_record, parse_record, replay
from .core.registry import about, get_game, list_games, register
from .core.rng import Rng

from .version import __version__

__all__ = ["about", "Game", "GameState", "GameRecord", "IllegalAction", "Options", "RecordError", "Rng",
           "get_game", "list_games", "new_record", "parse_record", "register", "replay", "__version__"]
