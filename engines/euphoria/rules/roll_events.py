"""Roll events and the knowledge check (§7, §23.6: E1-E4).

A worker that comes back (retrieved, bumped, new, back from a built market) is rolled: E1 its
value (or the one a recruit gives it), E2 the market tiles' roll penalties, E3 the knowledge
check (available workers' values plus knowledge at 16 or more lose the highest worker, at most
once per turn, D-4), E4 the other players' roll triggers (Ben).
"""

from __future__ import annotations

from ..components import GOODS, KNOWLEDGE_LIMIT
from ..effects import available, lose_worker, note, order_from, push, task
from ..markets import roll_penalty_values
from ..recruits import hook
from ..state import EuphoriaState
from .chance import chance
from .tasks import done, resolve, step
from .turn import follow_up_dice


@step("roll")
def _roll(s, t):
    """E1-E4: values (each die not preset is a chance node, ``chance.py``), roll penalties,
    knowledge check, other players' roll triggers."""
    p = t["p"]
    pl = s.p[p]
    dice = t["dice"]
    i = t.get("i", 0)
    while i < len(dice):
        d = dice[i]
        i += 1
        v = t["preset"].get(str(d))
        if v is None:
            t["i"] = i
            push(s, chance("die", to=p, die=d))
            return None
        pl.dice[d] = v
    done(s)
    pens = roll_penalty_values(s, p)
    losses = sum(1 for d in dice if pl.dice[d] in pens)
    push(s, *[task("lose_good", p) for _ in range(losses)], task("kcheck", p), task("ben", p))
    return None


@step("lose_good")
def _lose_good(s, t):
    """E2 (tiles 13-18, D-11): lose 1 commodity or resource of your choice, if you have any."""
    out = [g for g in GOODS if s.p[t["p"]].goods[g] > 0]
    if not out:
        done(s)
        return None
    return out


@resolve("lose_good")
def _lose_good_r(s, t, o):
    done(s)
    s.p[t["p"]].goods[o] -= 1


def _role(s: EuphoriaState, p: int, d: int) -> str:
    """What sets p's available worker ``d`` apart from another available worker of the same
    value, for the tied knowledge-check loss (D-34). Two tied workers share value and place
    (both available), so losing either leaves the same position unless their roles differ:

    - "new": the worker just gained at the tank, while its roll event is running, if p has a
      recruit that reacts only to a gained worker that survives (Chase (b)); Pete (b) and
      Sheppard (b) fire whichever of the tied workers is lost (§20), so they give no role;
    - "chase": Chase's new worker, still to be placed this turn (D-47);
    - "group": a worker of the chosen matched group that may still follow (§5);
    - "other": none of these; such workers are interchangeable.

    Before the turn's first placement nothing can roll but a retrieval, which ends the turn, so
    the turn-start groups give no role then."""
    if d in _new_dice(s, p):
        return "new"
    if p == s.current and s.turn and s.turn["placed"] > 0:
        if d == s.turn.get("chase"):
            return "chase"
        if d in follow_up_dice(s):
            return "group"
    return "other"


def _new_dice(s: EuphoriaState, p: int) -> set[int]:
    """p's workers gained at the tank whose new-worker triggers are still pending (§20), when p
    has a recruit whose trigger needs the new worker to survive (Chase (b)); otherwise losing the
    new one or an old one is the same."""
    if not any(hook(s, p, rid, "new_survivor") for rid in s.p[p].active):
        return set()
    return {t["die"] for t in s.tasks if t["k"] == "new_worker" and t["p"] == p}


@step("kcheck")
def _kcheck(s, t):
    """E3 / §7: available dice + knowledge ≥ 16 → lose one highest worker (once per turn, D-4);
    the owner picks among tied highest (D-34): one option per distinct role (``_role``). Tied
    workers of the same role are merged: they show the same value and are all available, so
    losing one or the other gives the same position (a player's dice are interchangeable)."""
    p = t["p"]
    pl = s.p[p]
    av = available(s, p)
    if pl.lost_this_turn or not av or sum(pl.dice[d] for d in av) + pl.knowledge < KNOWLEDGE_LIMIT:
        done(s)
        return None
    hi = max(pl.dice[d] for d in av)
    tied = [d for d in av if pl.dice[d] == hi]
    roles: dict[str, int] = {}
    for d in tied:
        roles.setdefault(_role(s, p, d), d)
    return [f"lose:{d}" for d in sorted(roles.values())]


@resolve("kcheck")
def _kcheck_r(s, t, o):
    done(s)
    p = t["p"]
    d = int(o.split(":")[1])
    lose_worker(s, p, d)
    s.p[p].lost_this_turn = True
    note(s, f"Player {p + 1} loses a worker to the knowledge check")
    push(s, task("hooks", p, hook="worker_lost", done=[]))


@step("ben")
def _ben(s, t):
    done(s)
    push(s, *[task("hooks", q, hook="other_roll", done=[], roller=t["p"])
              for q in order_from(s, s.current) if q != t["p"]])
    return None
