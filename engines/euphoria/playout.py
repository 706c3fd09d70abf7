"""The playout policy (``Game.playout_action``): the heuristic bot's judgement, cheaply.

The heuristic bot (``bot.py``) scores every legal action with its worths and adds to each a
random tie-break drawn from its generator (one draw per action). A search bot's playouts call
the policy thousands of times a second, so this one keeps the worths and drops the rest:

- one list of legal actions, then the bot's score per action read from the state as it is
  (``bot._Seen``: occupancy, the seat's mat, the territories), a placement scored once per
  space (only a commodity area's score depends on the die placed);
- no draw per action: the best score wins, and ``rng`` is drawn once, only to part the
  actions sharing the best score (the heuristic's tie-break, at the cost of one draw);
- a forced move (one legal action) is played at once.

It may read the whole state (a search gives it sampled states), uses no chance but ``rng``,
and returns an object of the list ``legal_actions`` returned, so ``apply`` plays it without a
second check.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .actions import Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .bot import _option_score, _place_score, _Seen
from .components import COMMODITY_AREAS


def playout_action(state, rng: Rng, acts: list) -> Any:
    """The policy's action among ``acts`` (``legal_actions(state)``, never empty)."""
    if len(acts) == 1:
        return acts[0]
    t = state.tasks[-1]
    kind = t["k"]
    c = _Seen(state, t["p"])
    best: list = []
    top = None
    if kind != "turn":  # a pending choice: every action is a Choose
        hook = t.get("hook") if kind == "hooks" else None
        for a in acts:
            sc = _option_score(c, kind, a.option, hook)
            if top is None or sc > top:
                top, best = sc, [a]
            elif sc == top:
                best.append(a)
    else:
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
        memo: dict = {}
        for a in acts:
            cls = type(a)
            if cls is Place:
                sp = a.space
                if sp in COMMODITY_AREAS:
                    sc = _place_score(c, a)
                else:
                    sc = memo.get(sp)
                    if sc is None:
                        sc = memo[sp] = _place_score(c, a)
            elif cls is Retrieve:
                dice = a.dice
                n = len(dice)
                sc = base + 4 * n - (5 * (n < on_board))
                for d in dice:
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
            elif cls is Choose:
                sc = 0
            else:
                sc = 0
            if top is None or sc > top:
                top, best = sc, [a]
            elif sc == top:
                best.append(a)
    if len(best) == 1:
        return best[0]
    return best[rng.below(len(best))]
