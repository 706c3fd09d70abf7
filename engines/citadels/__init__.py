"""Citadels — original 2000 edition (*Ohne Furcht und Adel*, Bruno Faidutti, Hans im Glück).

The folder reads like the rulebook: ``data.json`` + ``components.py`` (the cards),
``state.py`` (the table), ``actions.py`` (every choice), ``rules.py`` (set-up, legal moves,
their effects), ``scoring.py``, ``view.py`` (hidden information), ``bot.py`` (the heuristic
opponent), ``playout.py`` (the search bots' playout policy) and ``game.py`` (the ``Citadels``
class of the engine contract).
"""

from .game import GAME, Citadels
from .state import CitadelsOptions, CitadelsState

__all__ = ["GAME", "Citadels", "CitadelsState", "CitadelsOptions"]
