"""Tavolo's rule engines: one shared core (``engines.core``) and one package per game.

Public API (the engine contract):

- ``get_game(name) -> Game`` and ``list_games() -> list[str]``
- ``Game``: ``new_game``, ``to_move``, ``legal_actions``, ``apply``, ``is_over``, ``scores``,
  ``score_breakdown``, ``winners``, ``view``, ``describe`` (see ``engines.core.game``)
- ``replay(record) -> State`` rebuilds a game from its record (``engines.core.record``)
- ``IllegalAction`` (a ``ValueError``) and ``RecordError``
"""

from __future__ import annotations

import importlib

from .core.errors import IllegalAction, RecordError
from .core.game import Game, GameState, Options
from .core.record import GameRecord, new_record, parse_record, replay
from .core.rng import Rng

from .version import __version__

# name -> module defining GAME; games are imported on first use.
_GAME_MODULES = {
    "spyrium": "engines.spyrium",
    "citadels": "engines.citadels",
    "euphoria": "engines.euphoria",
    "myraclia": "engines.myraclia",
}
_loaded: dict[str, Game] = {}


def list_games() -> list[str]:
    """The names of the games, in the order the home screen shows them."""
    return list(_GAME_MODULES)


def get_game(name: str) -> Game:
    """The ``Game`` called ``name``; ``KeyError`` for an unknown name."""
    if name not in _loaded:
        if name not in _GAME_MODULES:
            raise KeyError(f"unknown game '{name}'")
        _loaded[name] = importlib.import_module(_GAME_MODULES[name]).GAME
    return _loaded[name]


def register(game: Game) -> None:
    """Add a game object directly (tests use it for toy games)."""
    _loaded[game.name] = game


__all__ = ["Game", "GameState", "GameRecord", "IllegalAction", "Options", "RecordError", "Rng",
           "get_game", "list_games", "new_record", "parse_record", "register", "replay", "__version__"]
