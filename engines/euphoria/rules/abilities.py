"""Recruits' abilities in play (§18.1; the abilities themselves are the table of ``recruits.py``).

At a trigger point of the resolution orders, the recruits of one player that fire there are
one task: he resolves them in the order he chooses (D-63). A few abilities add steps of their
own: Bradley the Futurist's draw 2, discard 1; Jonathan the Gambler's shown hand (and his
first printing's three draws); the gifts Jacko and Zong offer each opponent.
"""

from __future__ import annotations

from ..components import RECRUITS
from ..effects import gain, note, order_from, push, task
from ..recruits import card, triggered
from .chance import draw_artifact
from .tasks import done, resolve, step


@step("hooks")
def _hooks(s, t):
    """A group of recruit triggers of one player at one step; the player resolves them in the
    order they choose (D-63): each option is ``recruit|choice``."""
    if t.get("skip_if_julia") and s.pl.get("julia"):
        done(s)
        return None
    trig = [(rid, opts) for rid, opts in triggered(s, t["p"], t["hook"], t, t.get("pool"))
            if rid not in t["done"]]
    if not trig:
        done(s)
        return None
    return [f"{rid}|{o}" for rid, opts in trig for o in opts]


@resolve("hooks")
def _hooks_r(s, t, o):
    rid, choice = o.split("|", 1)
    t["done"].append(rid)
    t.pop("opts", None)
    h = card(s, rid).hooks[t["hook"]]
    if choice != "skip":
        note(s, f"Player {t['p'] + 1} uses {RECRUITS[rid].name}")
    h.apply(s, t["p"], t, choice)


def _drawing(s, t, p: int, n: int) -> bool:
    """Draw the task's ``n`` artifacts for ``p`` one at a time (each a chance node, the card
    told to the task in ``t["drawn"]``); True while a draw waits for its outcome."""
    if "drawn" not in t:
        t["drawn"], t["todo"] = [], n
    while t["todo"]:
        t["todo"] -= 1
        if draw_artifact(s, p, tell=True):
            return True
    return False


@step("bradley")
def _bradley(s, t):
    """Bradley the Futurist: draw 2, then discard 1 of those 2."""
    p = t["p"]
    if _drawing(s, t, p, 2):
        return None
    if not t["drawn"]:
        done(s)
        return None
    return [f"discard:{a}" for a in sorted(set(t["drawn"]))]


@resolve("bradley")
def _bradley_r(s, t, o):
    done(s)
    a = o.split(":")[1]
    s.p[t["p"]].hand.remove(a)
    s.art_discard.append(a)


@step("gamble")
def _gamble(s, t):
    """Jonathan the Gambler: show your hand; two identical cards → each opponent draws 1."""
    done(s)
    p = t["p"]
    hand = sorted(s.p[p].hand)
    s.shown = {"player": p, "hand": hand}
    if any(hand.count(a) >= 2 for a in set(hand)):
        push(s, *[task("draw", q, n=1, plain=True) for q in order_from(s, p)[1:]])
    return None


@step("gamble_v1")
def _gamble_v1(s, t):
    """Jonathan the Gambler, 1st printing: of the three cards drawn keep only those that match."""
    p = t["p"]
    if _drawing(s, t, p, 3):
        return None
    done(s)
    drawn = t["drawn"]
    keep = next((a for a in drawn if drawn.count(a) >= 2), None)
    for c in drawn:
        if c != keep:
            s.p[p].hand.remove(c)
            s.art_discard.append(c)
    return None


@step("gift")
def _gift(s, t):
    """An opponent's optional gift from Jacko (draw 1 artifact) or Zong (take 1 bliss)."""
    return ["take", "skip"]


@resolve("gift")
def _gift_r(s, t, o):
    done(s)
    if o == "take":
        if t["what"] == "bliss":
            gain(s, t["p"], "bliss")
        else:
            push(s, task("draw", t["p"], n=1, plain=False))
