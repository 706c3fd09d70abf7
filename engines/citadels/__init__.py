"""Citadels — original 2000 edition (*Ohne Furcht und Adel*, Bruno Faidutti, Hans im Glück).

The folder reads like the rulebook: ``data.json`` + ``components.py`` (the cards),
``state.py`` (the table), ``actions.py`` (every choice, and the chance outcomes), ``rules.py``
(set-up, the character selection, the turns, the characters' and districts' powers, the end
of a round, the chance nodes), ``dealer.py`` (the seeded dealer: a seed's draws as they always were),
``reasons.py`` (why a move is refused), ``events.py`` (what the rules did by themselves, for
the log), ``scoring.py``, ``view.py`` (hidden information, the log line), ``labels.py`` and
``texts.py`` (what a person reads), ``statistics.py``, ``reference.py``, ``bot.py`` (the
heuristic opponent), ``playout.py``, ``determinize.py`` and ``evaluate.py`` (the search bots)
and ``game.py`` (the ``Citadels`` class of the engine contract).
"""

from .game import GAME, Citadels
from .state import CitadelsOptions, CitadelsState

__all__ = ["GAME", "Citadels", "CitadelsState", "CitadelsOptions"]
