"""Myraclia (Rudy Pricinsky, RUDY3 Publishing 2019/2020) for Tavolo, 2-5 players.

Read in rulebook order: ``components`` (data.json), ``state``, ``actions``, ``payment``
(§8.1 wildcards and the hand rule), ``rules`` (set-up, draft, terraforming, end of round),
``reasons`` (why a move is refused), ``scoring`` (§10), ``view``, ``game`` (the Game class
over them), ``bot``; ``determinize`` and ``evaluate`` for the search bots; ``dealer`` (the
seeded chance of a game made from a seed: what the game drew before its draws were chance
nodes).
"""

from .game import Myraclia

GAME = Myraclia()

__all__ = ["GAME", "Myraclia"]
