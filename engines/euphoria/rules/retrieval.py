"""Retrieving workers (§11, §23.4: R1-R8), option B of a turn.

The player takes back any of his workers on the board at once, paying food or bliss (morale
+2) or nothing (morale −1), as recruits and a market penalty may change (R3); then the abilities of the retrieval, one roll event for the
workers retrieved, the hand limits and the end check, and the next player's turn.
"""

from __future__ import annotations

from itertools import combinations

from ..actions import Retrieve, retrieve
from ..components import MARKETS
from ..effects import ability_on, controlled, knowledge, morale, note, push, task
from ..markets import KIND, suffers_kind
from ..recruits import hook
from ..state import EuphoriaState
from .tasks import done, step


def retrieve_actions(s: EuphoriaState, p: int) -> list[Retrieve]:
    pl = s.p[p]
    on_board = [d for d, w in enumerate(pl.where) if w not in ("avail", "pool")]
    if not on_board:
        return []
    pays = ["free"]
    if pl.goods["food"] >= 1:
        pays.append("food")
    if pl.goods["bliss"] >= 1:
        pays.append("bliss")
    if pl.goods["energy"] >= 1 and ability_on(s, p, "jefferson_the_shock_artist"):
        pays.append("energy")
    out = []
    seen = set()
    where, dice = pl.where, pl.dice
    worker = {d: (where[d], dice[d]) for d in on_board}
    for n in range(1, len(on_board) + 1):
        for ds in combinations(on_board, n):
            # workers of equal value on the same space are interchangeable (as for Place)
            sig = tuple(sorted([worker[d] for d in ds]))
            if sig in seen:
                continue
            seen.add(sig)
            for x in pays:
                out.append(retrieve(ds, x))
    return out


def start_retrieval(s: EuphoriaState, p: int, a: Retrieve) -> None:
    """R1-R8."""
    pl = s.p[p]
    s.ret = {"dice": sorted(a.dice), "origins": [pl.where[d] for d in sorted(a.dice)], "pay": a.pay,
             "gidget": False, "preset": {}}
    for d in a.dice:
        pl.where[d] = "avail"
    if a.pay != "free":
        pl.goods[a.pay] -= 1
    note(s, f"Player {p + 1} retrieves {len(a.dice)} worker(s) ({a.pay})")
    tasks = []
    if a.pay == "bliss":
        tasks.append(task("hooks", p, hook="paid_bliss", done=[]))
    tasks += [task("ret_track", p), task("hooks", p, hook="sacrifice", done=[])]
    if a.pay == "free":
        tasks.append(task("hooks", p, hook="free_retrieval", done=[]))
    tasks += [task("ret_roll", p), task("hooks", p, hook="retrieved", done=[]),
              task("hand_limit_all", p), task("end_check", p), task("next_turn", p)]
    push(s, *tasks)


@step("ret_track")
def _ret_track(s, t):
    """R3: paid → morale +2 (Gidget: knowledge −2; Jefferson: knowledge −1, morale +1); free →
    morale −1 (Cafeteria: −2; Yordy 1st printing: 0 with exactly 2 workers)."""
    done(s)
    p = t["p"]
    pay_ = s.ret["pay"]
    if pay_ == "energy":
        knowledge(s, p, -1)
        morale(s, p, 1)
    elif pay_ != "free":
        if s.ret.get("gidget"):
            knowledge(s, p, -2)
        else:
            morale(s, p, 2)
    else:
        loss = 1
        if suffers_kind(s, p, "free_retrieval_morale_loss"):
            loss = MARKETS[KIND["free_retrieval_morale_loss"]].penalty_effect.value
        if hook(s, p, "yordy_the_demotivator", "free_no_loss") and controlled(s, p) == 2:
            loss = 0
        morale(s, p, -loss)
    return None


@step("ret_roll")
def _ret_roll(s, t):
    done(s)
    if s.ret["dice"]:
        push(s, task("roll", t["p"], dice=list(s.ret["dice"]), preset=dict(s.ret.get("preset", {}))))
    return None
