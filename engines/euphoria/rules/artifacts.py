"""Artifact cards: drawing them (one card a draw, D-61, each a chance node, ``chance.py``: an
empty deck is rebuilt from the discards, §4.4), discarding, and the hand limit (§8: morale is the hand limit, enforced for
every player at P7/R8, D-40).
"""

from __future__ import annotations

from ..components import RECRUITS
from ..effects import note, order_from, push, task
from ..recruits import card, triggered
from .chance import draw_artifact
from .tasks import done, resolve, step


@step("draw")
def _draw(s, t):
    """Each card is one draw (D-61); Geek or Gambler may replace a single (non-produced) draw."""
    p = t["p"]
    if t["n"] <= 0:
        done(s)
        return None
    if not t["plain"]:
        mods = [f"{rid}|{o}" for rid, opts in triggered(s, p, "draw", t) for o in opts]
        if mods:
            return ["draw"] + mods
    t["n"] -= 1
    draw_artifact(s, p)
    return None


@resolve("draw")
def _draw_r(s, t, o):
    t.pop("opts", None)
    t["n"] -= 1
    if o == "draw":
        draw_artifact(s, t["p"])
        return
    rid, choice = o.split("|")
    note(s, f"Player {t['p'] + 1} uses {RECRUITS[rid].name}")
    card(s, rid).hooks["draw"].apply(s, t["p"], t, choice)


@step("discard_any")
def _discard_any(s, t):
    hand = s.p[t["p"]].hand
    if t["n"] <= 0 or not hand:
        done(s)
        return None
    return [f"discard:{a}" for a in sorted(set(hand))]


@resolve("discard_any")
def _discard_any_r(s, t, o):
    t.pop("opts", None)
    a = o.split(":")[1]
    s.p[t["p"]].hand.remove(a)
    s.art_discard.append(a)
    t["n"] -= 1


@step("hand_limit_all")
def _hand_limit_all(s, t):
    """P7/R8 (D-40): every player, active player first, discards down to their morale."""
    done(s)
    push(s, *[task("hand_limit", q) for q in order_from(s, s.current)])
    return None


@step("hand_limit")
def _hand_limit(s, t):
    pl = s.p[t["p"]]
    if len(pl.hand) <= pl.morale:
        done(s)
        return None
    return [f"discard:{a}" for a in sorted(set(pl.hand))]


@resolve("hand_limit")
def _hand_limit_r(s, t, o):
    t.pop("opts", None)
    a = o.split(":")[1]
    s.p[t["p"]].hand.remove(a)
    s.art_discard.append(a)
