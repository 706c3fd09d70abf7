"""The turn (§5, §23.2): the decision pending and its answers.

On his turn the active player places a worker (option A, then the other workers of its matched
group, §5), retrieves workers (option B, §11) or resolves his ethical dilemma (option C, §19);
with trading on he may also trade before, between and after (T4, D-46), then ends the turn.
``legal_actions`` and ``play`` are the engine's: the "turn" task is answered with structured
actions (``turn_actions``), any other pending task with one of its option keys (``Choose``).
"""

from __future__ import annotations

from typing import Any, cast

from engines.core.chance import CHANCE

from ..actions import Action, Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from ..actions import choose, end_turn, places, resolve_dilemma
from ..effects import available, push, task
from ..markets import suffers_kind
from ..state import EuphoriaState
from .chance import play_outcome, weights
from .dilemma import can_resolve_dilemma
from .placement import legal_spaces, start_placement
from .retrieval import retrieve_actions, start_retrieval
from .tasks import RESOLVE, done, run, step
from .trading import trade_actions


def legal_actions(s: EuphoriaState) -> list[Action]:
    """The answers to the decision pending: the turn's actions (``turn_actions``), the outcomes
    of a chance node (``chance.weights``) or the pending task's option keys, as ``Choose``;
    none once the game is over."""
    if s.phase == "over" or not s.tasks:
        return []
    t = s.tasks[-1]
    if t["k"] == "turn":
        return turn_actions(s)
    if t["p"] == CHANCE:
        return [o for o, _ in weights(s)]
    return [choose(o) for o in t["opts"]]


def play(s: EuphoriaState, a: Action) -> None:
    """Carry out ``a``, one of ``legal_actions``: a turn's action, a chance outcome, or the key
    chosen for the pending task; then run until the next decision or chance node."""
    t = s.tasks[-1]
    if t["k"] == "turn":
        play_turn_action(s, a)
    elif t["p"] == CHANCE:
        play_outcome(s, a)
        run(s)
    else:
        # any pending task but the turn is answered with a Choose (its only legal actions)
        RESOLVE[t["k"]](s, t, cast(Choose, a).option)
        run(s)


def begin_turn(s: EuphoriaState) -> None:
    """T1: clear the per-turn flags and record the active player's matched groups (§5)."""
    for pl in s.p:
        pl.lost_this_turn = pl.geek_used = pl.gambler_used = False
    s.shown = {}
    p = s.current
    vals: dict[int, list[int]] = {}
    for d in available(s, p):
        vals.setdefault(s.p[p].dice[d], []).append(d)
    s.turn = {"placed": 0, "groups": {str(v): ds for v, ds in vals.items() if len(ds) >= 2},
              "group": [], "used": [], "chase": None}
    push(s, task("turn", p))


def turn_actions(s: EuphoriaState) -> list[Any]:
    """The structured actions of the 'turn' decision (T2/T3)."""
    p = s.current
    tn = s.turn
    acts: list[Any] = []
    if tn.get("ended"):  # T4: trade, then end the turn
        return trade_actions(s, p) + [end_turn()]
    if tn.get("chase") is not None:
        d = tn["chase"]
        return (places(d, legal_spaces(s, p, d)) + trade_actions(s, p)
                + [choose("skip_chase")])  # §23.5: trades also between two placements
    if tn["placed"] == 0:
        seen = set()
        dice = []
        for d in available(s, p):
            v = s.p[p].dice[d]
            # Workers of equal value are one choice: before the first placement every available
            # worker of a value is in the same matched group (§5), so placing one or another
            # leaves the same position (same value placed, same follow-ups).
            if v not in seen:
                seen.add(v)
                dice.append(d)
        if dice:
            spaces = legal_spaces(s, p, dice[0])
            for d in dice:
                acts += places(d, spaces)
        acts += retrieve_actions(s, p)
        if can_resolve_dilemma(s, p):
            acts.append(resolve_dilemma())
        if acts:
            acts += trade_actions(s, p)
        else:
            acts.append(end_turn())  # D-18: nothing legal, pass
        return acts
    ds = follow_up_dice(s)
    if ds:  # the group's remaining workers show one value and are all available: one choice
        acts += places(ds[0], legal_spaces(s, p, ds[0]))
    if acts:
        acts += trade_actions(s, p)
    acts.append(end_turn())
    return acts


def follow_up_dice(s: EuphoriaState) -> list[int]:
    """§5: the chosen matched group's workers still available and not yet placed; none under
    the Fountain (D-14)."""
    p = s.current
    if suffers_kind(s, p, "max_one_placement_per_turn"):
        return []
    return [d for d in s.turn["group"] if d not in s.turn["used"] and s.p[p].where[d] == "avail"]


@step("turn")
def _turn(s, t):
    """The 'turn' decision stays open while the player may act (its answers are
    ``turn_actions``, not keys); after a placement it closes, on to T4, when neither Chase's
    new worker nor a worker of the matched group can be placed any more."""
    tn = s.turn
    p = s.current
    if tn.get("ended"):
        return ["*"]
    if tn["placed"] > 0:
        if tn.get("chase") is not None:
            d = tn["chase"]
            if s.p[p].where[d] != "avail" or not legal_spaces(s, p, d):
                tn["chase"] = None
        if tn.get("chase") is None:
            ds = follow_up_dice(s)
            if not ds or not legal_spaces(s, p, ds[0]):
                done(s)
                push(s, task("next_turn", p))
                return None
    return ["*"]


def play_turn_action(s: EuphoriaState, a: Action) -> None:
    """T2/T3: carry out the turn's action ``a`` (known to be legal), then run until the next
    decision."""
    p = s.current
    if isinstance(a, Place):
        if s.turn.get("chase") is not None:
            s.turn["chase"] = None
        elif s.turn["placed"] == 0:
            v = s.p[p].dice[a.die]
            s.turn["group"] = s.turn["groups"].get(str(v), [])
        start_placement(s, p, a.die, a.space)
    elif isinstance(a, Choose):  # skip_chase
        s.turn["chase"] = None
    elif isinstance(a, EndTurn):
        done(s)
        if not s.turn.get("ended"):
            s.turn["ended"] = True  # an explicit End turn after trades offered at T3 is final
            push(s, task("next_turn", p))
    elif isinstance(a, Retrieve):
        done(s)
        start_retrieval(s, p, a)
    elif isinstance(a, ResolveDilemma):
        done(s)
        push(s, task("dil_pay", p), task("dil_side", p), task("hand_limit_all", p), task("end_check", p),
             task("next_turn", p))
    elif isinstance(a, Trade):
        push(s, task("trade_build", p, partner=a.partner, give=[], get=[]))
    run(s)


@step("next_turn")
def _next_turn(s, t):
    """T4 then the next player's T1. T4 (§23.2, D-46): with trading on, the active player may
    still trade after the turn's action (last placement, retrieval or dilemma), then ends the
    turn; the 'turn' decision comes back in its *ended* form (only trades or End turn)."""
    if s.options.trading and s.turn and not s.turn.get("ended"):
        s.turn["ended"] = True
        push(s, task("turn", t["p"]))
        return None
    done(s)
    s.current = (s.current + 1) % s.players
    begin_turn(s)
    return None
