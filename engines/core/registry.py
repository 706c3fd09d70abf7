"""The registry of games: which games there are, and the ``Game`` object of each.

The games are listed in the catalog (``engines/catalog.json``, read by ``catalog.py``), which
names the module defining each one's ``GAME``; a game's module is imported the first time
``get_game`` asks for it, so the home screen costs no import of any game. Tests add toy games
with ``register``; they stay out of ``list_games``.

Each game may ship on its own (in the page, one wheel per game, loaded when the game is
opened): ``installed`` says whether a game's package can be imported here, without importing it.

The core's modules that need a game by name (``record.replay``, ``thinking``) ask here, so
nothing under ``engines.core`` imports the top package or a game.
"""

from __future__ import annotations

import importlib
import importlib.util

from .catalog import CATALOG, GameAbout
from .catalog import about as catalog_about
from .game import Game

_loaded: dict[str, Game] = {}  # the games imported or registered so far, by name


def list_games() -> list[str]:
    """The names of the games, in the order the home screen shows them."""
    return list(CATALOG)


def get_game(name: str) -> Game:
    """The ``Game`` called ``name``; ``KeyError`` for an unknown name."""
    if name not in _loaded:
        _loaded[name] = importlib.import_module(catalog_about(name)["module"]).GAME
    return _loaded[name]


def installed(name: str) -> bool:
    """Whether game ``name`` of the catalog can be imported here (its package is installed),
    without importing it; False for a name the catalog does not list."""
    if name in _loaded:
        return True
    try:
        module = catalog_about(name)["module"]
    except KeyError:
        return False
    return importlib.util.find_spec(module) is not None


def about(name: str) -> GameAbout:
    """Title, description and player range of game ``name`` from the catalog, without
    importing the game (a game added with ``register`` answers from its object);
    ``KeyError`` for an unknown name."""
    if name not in CATALOG and name in _loaded:
        g = _loaded[name]
        return {"module": type(g).__module__, "title": g.title, "description": g.description,
                "min_players": g.min_players, "max_players": g.max_players}
    return catalog_about(name)


def register(game: Game) -> None:
    """Add a game object directly (tests use it for toy games; they stay out of ``list_games``)."""
    _loaded[game.name] = game
