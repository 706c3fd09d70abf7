"""Myraclia (Rudy Pricinsky, RUDY3 Publishing 2019/2020) for Tavolo, 2-5 players.

Read in rulebook order: ``components`` (data.json), ``state``, ``actions``, ``payment``
(§8.1 wildcards and the hand rule), ``rules`` (helpers on the state), ``game`` (the Game
class: setup, draft, terraforming, end of round), ``scoring`` (§10), ``view``, ``bot``.
"""

from .game import Myraclia

GAME = Myraclia()

__all__ = ["GAME", "Myraclia"]
