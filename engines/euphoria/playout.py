"""The playout policy (``Game.playout_action``): the heuristic bot's judgement, cheaply.

The heuristic bot (``bot.py``) scores every legal action with its worths and adds to each a
random tie-break drawn from its generator (one draw per action). A search bot's playouts call
the policy thousands of times a second, so this one keeps the worths and drops the rest:

- one list of legal actions, then the bot's score per action read from the state as it is
  (``bot._Seen``: occupancy, the seat's mat, the territories), a placement scored once per
  space (only a commodity area's score depends on the die placed: its other part is worked
  out once per area, and the die's value added to it per placement);
- no draw per action: the best score wins, and ``rng`` is drawn once, only to part the
  actions sharing the best score (the heuristic's tie-break, at the cost of one draw);
- a forced move (one legal action) is played at once.

It may read the whole state (a search gives it sampled states), uses no chance but ``rng``,
and returns an object of the list ``legal_actions`` returned, which the search plays with
``play_legal``, unchecked.

The same worths (``action_scores``) also narrow what the search considers at each node
(``search_actions``: the best few, ``Game.search_actions``), so that its iterations go to the
moves the heuristic already finds good and are not spread over 20 to 60 placements.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .actions import EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .bot import _area_base, _option_score, _place_score, _Seen
from .components import COMMODITY_AREAS


def playout_action(state, rng: Rng, acts: list) -> Any:
    """The policy's action among ``acts`` (``legal_actions(state)``, never empty)."""
    if len(acts) == 1:
        return acts[0]
    best: list = []
    top = None
    for a, sc in zip(acts, action_scores(state, acts)):
        if top is None or sc > top:
            top, best = sc, [a]
        elif sc == top:
            best.append(a)
    if len(best) == 1:
        return best[0]
    return best[rng.below(len(best))]


def search_actions(state, acts: list, width: int) -> list:
    """The ``width`` actions of ``acts`` the policy rates best (``action_scores``), in the order
    of ``acts``; at equal scores the earlier action of ``acts`` is kept. No chance: it reads
    what ``action_scores`` reads (the mover's own mat and the public board)."""
    if len(acts) <= width:
        return acts
    scores = action_scores(state, acts)
    ranked = sorted(range(len(acts)), key=scores.__getitem__, reverse=True)
    # ``sorted`` is stable and ``reverse`` keeps equal items in their order: ties go to the first
    return [acts[i] for i in sorted(ranked[:width])]


def action_scores(state, acts: list) -> list:
    """The heuristic bot's worth of each action of ``acts`` (``legal_actions(state)``), without
    its random tie-break."""
    t = state.tasks[-1]
    kind = t["k"]
    c = _Seen(state, t["p"])
    if kind != "turn":  # a pending choice: every action is a Choose
        hook = t.get("hook") if kind == "hooks" else None
        return [_option_score(c, kind, a.option, hook) for a in acts]
    out = []
    pl = c.pl
    where = pl.where
    avail = on_board = 0
    for w in where:
        if w == "avail":
            avail += 1
        elif w != "pool":
            on_board += 1
    base = 60 if avail == 0 else 5
    free_cost = 8 if pl.morale <= 4 else 1
    poor = c.goods["food"] < 2
    # space -> its score; a commodity area -> (its score before the die's value, the dice there)
    memo: dict = {}
    dice = pl.dice
    knows = pl.knowledge >= 4
    for a in acts:
        cls = type(a)
        if cls is Place:
            sp = a.space
            sc = memo.get(sp)
            if sc is None:
                sc = memo[sp] = _area_base(c, sp) if sp in COMMODITY_AREAS else _place_score(c, a)
            if type(sc) is tuple:
                # a commodity area: ``_place_score`` with the part that does not depend on the
                # die worked out once per area; the same integers, the same tests
                sc, total = sc
                total += dice[a.die]
                if knows:
                    if 5 <= total <= 8:
                        sc += 4
                    if total >= 9:
                        sc -= 8
        elif cls is Retrieve:
            dice_ = a.dice
            n = len(dice_)
            sc = base + 4 * n - (5 * (n < on_board))
            for d in dice_:
                if where[d][:3] == "CS_":
                    sc -= 15
            if a.pay == "free":
                sc -= free_cost
            elif a.pay == "food" and poor:
                sc -= 1
        elif cls is ResolveDilemma:
            sc = 90
        elif cls is Trade:
            sc = -100
        elif cls is EndTurn:
            sc = -50
        else:  # Choose (skip the chase)
            sc = 0
        out.append(sc)
    return out

