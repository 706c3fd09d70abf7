"""Tavolo's rule engines: one shared core (``engines.core``) and one package per game.

Public API (the engine contract):

- ``get_game(name) -> Game`` and ``list_games() -> list[str]``
- ``about(name)``: a game's title, description and player range, without importing it
- ``Game``: ``new_game``, ``to_move``, ``legal_actions``, ``apply``, ``is_over``, ``scores``,
  ``score_breakdown``, ``winners``, ``view``, ``describe`` (see ``engines.core.game``)
- ``replay(record) -> State`` rebuilds a game from its record (``engines.core.record``)
- ``IllegalAction`` (a ``ValueError``) and ``RecordError``
"""

from __future__ import annotations

import importlib

from .core.catalog import CATALOG, GameAbout
from .core.catalog import about as _catalog_about
from .core.errors import IllegalAction, RecordError
from .core.game import Game, GameState, Options
from .core.record import GameRecord, new_record, parse_record, replay
from .core.rng import Rng

from .version import __version__

# games are imported on first use; the catalog says which module defines each one's GAME
_loaded: dict[str, Game] = {}


def list_games() -> list[str]:
    """The names of the games, in the order the home screen shows them."""
    return list(CATALOG)


def get_game(name: str) -> Game:
    """The ``Game`` called ``name``; ``KeyError`` for an unknown name."""
    if name not in _loaded:
        _loaded[name] = importlib.import_module(_catalog_about(name)["module"]).GAME
    return _loaded[name]


def about(name: str) -> GameAbout:
    """Title, description and player range of game ``name`` from the catalog, without
    importing the game (a game added with ``register`` answers from its object);
    ``KeyError`` for an unknown name."""
    if name not in CATALOG and name in _loaded:
        g = _loaded[name]
        return {"module": type(g).__module__, "title": g.title, "description": g.description,
                "min_players": g.min_players, "max_players": g.max_players}
    return _catalog_about(name)


def register(game: Game) -> None:
    """Add a game object directly (tests use it for toy games; they stay out of ``list_games``)."""
    _loaded[game.name] = game


__all__ = ["about", "Game", "GameState", "GameRecord", "IllegalAction", "Options", "RecordError", "Rng",
           "get_game", "list_games", "new_record", "parse_record", "register", "replay", "__version__"]
