"""Euphoria: Build a Better Dystopia (Stonemaier Games, 2013), 2-6 players.

Reads like the rulebook: ``components.py`` (data.json), ``state.py``, ``actions.py``,
``rules.py`` (set-up, turn, placement, bumps, rolls, retrieval, markets, dilemma, end),
``recruits.py`` (the 48 recruit abilities, one table), ``markets.py`` (the 18 penalties, one
table), ``effects.py`` (tracks, allegiance, miners), ``scoring.py``, ``view.py``, ``bot.py``,
``playout.py`` (the search bots' playout policy); the ``Game`` itself is in ``game.py``.
"""

from .game import Euphoria

GAME = Euphoria()

__all__ = ["GAME", "Euphoria"]
