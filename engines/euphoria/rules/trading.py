"""Trading between players (§5 "trade freely", §23.5, D-46), on by default (the ``trading``
option).

The active player builds a proposal item by item (goods and artifact cards to give and to get,
as many as each side holds; the partner's cards are secret, so any type may be asked for),
then the partner accepts or refuses it; after a trade both discard down to their hand limit.
"""

from __future__ import annotations

from ..actions import Trade, trade
from ..components import ARTIFACT_TYPES, GOODS
from ..effects import note, push, task
from ..state import EuphoriaState, PlayerState
from .tasks import done, resolve, step


def trade_actions(s: EuphoriaState, p: int) -> list[Trade]:
    if not s.options.trading:
        return []
    def has(q: int) -> bool:
        return bool(s.p[q].hand) or any(s.p[q].goods.values())
    # a proposal needs at least one item from one side: nothing to trade, no offer
    mine = has(p)
    return [trade(q) for q in range(s.players) if q != p and (mine or has(q))]


@step("trade_build")
def _trade_build(s, t):
    p, q = t["p"], t["partner"]
    out = []
    mine, theirs = s.p[p], s.p[q]
    # §5: "trade freely": any number of items per side, bounded only by what each one holds
    out += [f"give:{g}" for g in GOODS if mine.goods[g] > t["give"].count(g)]
    out += [f"give:art:{a}" for a in sorted(set(mine.hand)) if mine.hand.count(a) > t["give"].count(f"art:{a}")]
    out += [f"get:{g}" for g in GOODS if theirs.goods[g] > t["get"].count(g)]
    if sum(1 for x in t["get"] if x.startswith("art:")) < len(theirs.hand):
        out += [f"get:art:{a}" for a in ARTIFACT_TYPES]  # the partner's cards are secret
    if t["give"] or t["get"]:
        out.append("propose")
    out.append("cancel")
    return out


@resolve("trade_build")
def _trade_build_r(s, t, o):
    t.pop("opts", None)
    if o == "cancel":
        done(s)
    elif o == "propose":
        done(s)
        push(s, task("trade_answer", t["partner"], proposer=t["p"], give=t["give"], get=t["get"]))
    else:
        side, item = o.split(":", 1)
        t[side].append(item)


def _holds(pl: PlayerState, items: list[str]) -> bool:
    for it in set(items):
        n = items.count(it)
        if it.startswith("art:"):
            if pl.hand.count(it[4:]) < n:
                return False
        elif pl.goods[it] < n:
            return False
    return True


@step("trade_answer")
def _trade_answer(s, t):
    """The partner's answer: "refuse" alone when either side lacks an item; never taken at once
    (``ASKED``), and refused in the same public words either way."""
    ok = _holds(s.p[t["p"]], t["get"]) and _holds(s.p[t["proposer"]], t["give"])
    return ["accept", "refuse"] if ok else ["refuse"]


@resolve("trade_answer")
def _trade_answer_r(s, t, o):
    done(s)
    a, b = t["proposer"], t["p"]
    if o == "refuse":
        note(s, f"Player {b + 1} refuses the trade")
        return
    for src, dst, items in ((a, b, t["give"]), (b, a, t["get"])):
        for it in items:
            if it.startswith("art:"):
                s.p[src].hand.remove(it[4:])
                s.p[dst].hand.append(it[4:])
            else:
                s.p[src].goods[it] -= 1
                s.p[dst].goods[it] += 1
    note(s, f"Player {b + 1} accepts the trade with Player {a + 1}")
    push(s, task("hand_limit", a), task("hand_limit", b))
