"""Euphoria's rules, one module per section of the rulebook (the spec's §, D- decisions):

- ``tasks``: how the rules resolve, a stack of tasks, each a step of the resolution orders (§23);
- ``setup``: set-up (§4) and the variants' set-up choices (§22);
- ``turn``: the turn (§5, §23.2), the decision pending and its answers;
- ``placement``: placing a worker (§6, §23.3: P1-P8) and bumping (B1-B4);
- ``payment``: paying a space's cost (§6, P2), recruits' substitutions included;
- ``spaces``: what the spaces give (§10, §12, §15, §16, §20) and building a market (§13);
- ``stars``: placing stars (§17) and the end of the game (§21);
- ``roll_events``: roll events and the knowledge check (§7, §23.6);
- ``artifacts``: drawing artifact cards and the hand limit (§4.4, §8);
- ``abilities``: recruits' abilities in play (§18.1; their table is ``recruits.py``);
- ``retrieval``: retrieving workers (§11, §23.4);
- ``dilemma``: the ethical dilemma (§19);
- ``trading``: trading between players (§23.5);
- ``chance``: the chance nodes, every draw, die and random choice of the rules above, as
  outcomes dealt by a chance source (``engines.core.chance``).

What the rules share with the recruits' abilities (tracks, allegiance, miners, scheduling a
task) is ``effects.py``; the market tiles' penalties are ``markets.py``; why a move is not legal
is ``reasons.py``.
"""

# the modules whose steps only the task stack calls, imported for their ``@step`` registrations
from . import abilities, artifacts, roll_events, spaces  # noqa: F401
from .dilemma import can_resolve_dilemma
from .payment import pay_options
from .placement import legal_spaces, occupancy
from .retrieval import retrieve_actions
from .setup import setup
from .stars import tie_break
from .tasks import RESOLVE, STEP, run
from .trading import trade_actions
from .turn import begin_turn, legal_actions, play, turn_actions

__all__ = ["RESOLVE", "STEP", "begin_turn", "can_resolve_dilemma", "legal_actions", "legal_spaces",
           "occupancy", "pay_options", "play", "retrieve_actions", "run", "setup", "tie_break",
           "trade_actions", "turn_actions"]
