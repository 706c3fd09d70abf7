"""Euphoria: Build a Better Dystopia (Stonemaier Games, 2013), 2-6 players.

Reads like the rulebook: ``components.py`` (data.json), ``state.py``, ``actions.py``, the
package ``rules`` (one module per section: set-up, turn, placement and bumps, payment, spaces,
stars and the end, roll events, artifacts, abilities, retrieval, dilemma, trading, and the chance
nodes: every draw, die and random choice), ``dealer.py`` (the seeded dealer of a game made from a
seed, dealing what the seed dealt before chance was explicit),
``recruits.py`` (the 48 recruit abilities, one table), ``markets.py`` (the 18 penalties, one
table), ``effects.py`` (tracks, allegiance, miners), ``reasons.py`` (why a move is not legal),
``scoring.py``, ``texts.py`` (the text catalogue and the components' names), ``view.py``,
``bot.py``, ``playout.py`` (the search bots' playout policy), ``determinize.py`` and
``evaluate.py`` (what the search bots play on); the ``Game`` itself is in ``game.py``.
"""

from .game import Euphoria

GAME = Euphoria()

__all__ = ["GAME", "Euphoria"]
