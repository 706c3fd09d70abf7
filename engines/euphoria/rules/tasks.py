"""How the rules resolve: a stack of tasks (``state.py``), each one step of the rulebook's
resolution orders (§23: P1-P8, B1-B4, R1-R8, E1-E4).

``STEP[kind](s, t)`` performs a task: it returns None when done (after popping itself with
``done``, possibly pushing follow-up tasks with ``effects.push``), or the list of option keys
when the player ``t["p"]`` must choose; ``RESOLVE[kind](s, t, key)`` carries out the chosen
key. Each module of this package registers the steps of its section with ``@step(kind)`` and
``@resolve(kind)``. A choice with a single option is no choice and is taken at once, except an
answer to a trade (``ASKED``). The "turn" task is answered with structured actions (Place,
Retrieve, ResolveDilemma, Trade, EndTurn) instead of keys (``turn.play_turn_action``).
"""

from __future__ import annotations

from typing import Callable, Optional

from ..state import EuphoriaState

STEP: dict[str, Callable[[EuphoriaState, dict], Optional[list[str]]]] = {}
RESOLVE: dict[str, Callable[[EuphoriaState, dict, str], None]] = {}
STRUCTURED = {"turn"}
# Decisions always put to their player, even with one option: a partner who cannot accept a
# trade (lacking the artifact asked for) still answers "refuse" by hand, so the proposer cannot
# tell from an instant refusal what the partner's secret hand holds (§23.5, hidden information).
ASKED = {"trade_answer"}


def step(kind: str):
    """Register the decorated function as ``STEP[kind]``."""
    def deco(fn):
        STEP[kind] = fn
        return fn
    return deco


def resolve(kind: str):
    """Register the decorated function as ``RESOLVE[kind]``."""
    def deco(fn):
        RESOLVE[kind] = fn
        return fn
    return deco


def run(s: EuphoriaState) -> None:
    """Perform tasks until a player must choose, a chance node is reached (a task for
    ``CHANCE``, -1: ``chance.py``) or the game is over."""
    while s.tasks and s.phase != "over":
        t = s.tasks[-1]
        if t["p"] == -1:  # CHANCE
            return
        opts = STEP[t["k"]](s, t)
        if opts is None:
            continue
        if len(opts) == 1 and t["k"] not in STRUCTURED and t["k"] not in ASKED:
            RESOLVE[t["k"]](s, t, opts[0])
            continue
        t["opts"] = opts
        return


def done(s: EuphoriaState) -> None:
    """The task on top is finished: off the stack."""
    s.tasks.pop()
