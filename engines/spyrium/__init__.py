"""Spyrium (William Attia, Ystari 2013), 2–5 players, through the engine contract.

Reads like the rulebook: ``components`` (the data file, §1, §17), ``state`` (§0.3),
``actions`` (§6–§12, and the chance outcomes), ``rules`` (set-up, rounds, legal actions and
effects), ``chance`` (the chance nodes: set-up's and a round's draws, their outcomes and
weights), ``dealer`` (the seeded dealer: what a seed dealt before chance was explicit), ``reasons``
(why a move is not legal now: the refusals and the coach), ``scoring`` (§14), ``view`` (§15
and the log line of a move), ``events`` (the log lines of what the rules did by themselves),
``labels`` (the button texts), ``bot`` (the heuristic opponent), ``playout``, ``determinize``
and ``evaluate`` (what the search bots play on) and ``game`` (the ``Game`` class over them all).
"""

from .game import Spyrium, SpyriumOptions
from .state import SpyriumState

GAME = Spyrium()
__all__ = ["GAME", "Spyrium", "SpyriumOptions", "SpyriumState"]
