"""The ethical dilemma (§19), option C of a turn, once a game.

The player pays a card of the artifact his dilemma names, or any 2 artifact cards, then
chooses a side: join the Oppressor (a star on the dilemma card) or fight it (draw 2 recruits
and keep one, hidden, D-48).
"""

from __future__ import annotations

from ..components import DILEMMAS, RECRUITS
from ..effects import activate, faction_revealed, note, push, task
from ..state import EuphoriaState
from .chance import chance
from .payment import artifact_set_options, pay
from .tasks import done, resolve, step


def dilemma_payments(s: EuphoriaState, p: int) -> list[str]:
    pl = s.p[p]
    card_ = DILEMMAS[pl.dilemma]
    out = set()
    for opt in card_.cost["options"]:
        for key, n in opt.items():
            if key == "artifacts_any":
                out |= {",".join(c) for c in (sorted(x) for x in artifact_set_options(s, p, n, False))}
            elif key.startswith("artifact_") and pl.hand.count(key[9:]) >= n:
                out.add(",".join([f"art:{key[9:]}"] * n))
    return sorted(out)


def can_resolve_dilemma(s: EuphoriaState, p: int) -> bool:
    return not s.p[p].dilemma_done and bool(dilemma_payments(s, p))


@step("dil_pay")
def _dil_pay(s, t):
    return dilemma_payments(s, t["p"])


@resolve("dil_pay")
def _dil_pay_r(s, t, o):
    done(s)
    p = t["p"]
    pay(s, p, o)
    s.p[p].dilemma_done = True
    note(s, f"Player {p + 1} resolves the ethical dilemma")


@step("dil_side")
def _dil_side(s, t):
    return ["fight", "join"]


@resolve("dil_side")
def _dil_side_r(s, t, o):
    done(s)
    p = t["p"]
    if o == "join":
        push(s, task("star", p, where="dilemma"))
    else:
        n = min(2, len(s.recruit_deck))
        if n:
            push(s, task("dil_keep", p, drawn=[], todo=n))


@step("dil_keep")
def _dil_keep(s, t):
    """Draw the recruits (each a chance node, told to this task), then keep one."""
    if t["todo"]:
        t["todo"] -= 1
        push(s, chance("fight_recruit", to=t["p"]))
        return None
    return [f"keep:{r}" for r in sorted(t["drawn"])]


@resolve("dil_keep")
def _dil_keep_r(s, t, o):
    """Fight the Oppressor: keep one as a hidden recruit, revealed at once if its faction is
    already being activated (D-48, D-32), with a star at allegiance 11."""
    done(s)
    p = t["p"]
    rid = o.split(":")[1]
    s.recruits_out += [r for r in t["drawn"] if r != rid]
    s.p[p].hidden.append(rid)
    if faction_revealed(s, RECRUITS[rid].faction):
        activate(s, p, rid)
