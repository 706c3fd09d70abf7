"""Placing a worker (§6, §23.3: P1-P8) and bumping (B1-B4).

P1, where a worker may go (``legal_spaces``): a free construction space of a site not yet
built, a built market, a complete tunnel's exclusive space (for a player with an active recruit
of its faction), or any other space (an occupied one by bumping); no market penalty forbidding
it, and a cost the player can pay (``payment``). ``start_placement`` then schedules the
resolution order: P2 pay, P3 put the worker (bumping the worker on a temporary space back to
its owner, who rolls it: B1-B4), P4 the space's reward (``spaces``), P5 the placer's on-place
abilities, P6 build the market (``spaces``), P7 the hand limits (``artifacts``), P8 the end
check (``stars``).
"""

from __future__ import annotations

from typing import cast

from ..components import (MARKETS, SITES, SPACES, SPACE_SITE, TUNNEL_COMPLETE, TUNNEL_ENDS,
                          WORKER_SPACES)
from ..effects import has_active_faction, note, occupants, push, task
from ..markets import KIND, PENALTIES, suffers_kind
from ..recruits import card, hook
from ..state import EuphoriaState
from .payment import can_pay, need_met, pay, pay_options, plain_need, space_cost
from .tasks import done, resolve, step


def occupancy(s: EuphoriaState) -> dict[str, list[tuple[int, int]]]:
    """The (player, die) of the workers on each occupied space."""
    occ: dict[str, list[tuple[int, int]]] = {}
    for q, pl in enumerate(s.p):
        for d, w in enumerate(pl.where):
            if w != "avail" and w != "pool":
                occ.setdefault(w, []).append((q, d))
    return occ


def suffered_tiles(s: EuphoriaState, p: int) -> set[str]:
    """The tiles whose penalty p suffers now (§14)."""
    return {s.site_tile[site] for site in SITES if s.built[site] == 2 and p not in s.tile_stars[site]}


def legal_spaces(s: EuphoriaState, p: int, die: int) -> list[str]:
    """Spaces ``die`` may go on (legality does not depend on the die's value): exactly those
    ``reasons.space_open`` finds open, in ``WORKER_SPACES`` order, by the same checks in one pass.

    Whether p holds a cost as printed (``need_met``) is asked once per distinct cost: the 49
    spaces have about a dozen (``plain_need`` gives equal costs one compiled object), and the
    answer depends only on p's mat and the pair rule, which one call does not change.

    With a recruit that changes costs, ``can_pay`` is asked once per cost among the 24
    construction spaces: every recruit's ``cost`` hook (and ``_COST_REACH``) reads a space only
    as "a construction space" (``CS_``), never which one, and construction spaces are never
    temporary (no bump), so two of equal printed cost are paid in the same ways
    (``tests/euphoria/test_fast_paths.py`` checks equal ``pay_options`` over random games)."""
    pl = s.p[p]
    if pl.where[die] != "avail":
        return []
    occ = set()
    for q in s.p:
        occ.update(q.where)
    ctx = player_ctx(s, p)
    forbids, hooks, pairs = ctx["forbids"], ctx["cost_hooks"], ctx["pairs"]
    built, miners, site_tile = s.built, s.miners, s.site_tile
    met: dict[int, bool] = {}  # id of a compiled cost -> p holds it
    cs_paid: dict[int, bool] = {}  # id of a compiled cost -> p can pay it at a construction space
    out = []
    for sp, kind, key, need in _space_plan():
        if kind == 0:  # a construction space
            if built[key] or sp in occ:
                continue
        elif kind == 1:  # a market: its visit cost is the tile's
            if built[key] != 2:
                continue
            need = plain_need(MARKETS[site_tile[key]].visit_cost)
        elif kind == 2:  # a tunnel end
            if miners[key] < TUNNEL_COMPLETE or (not has_active_faction(s, p, key) and not ctx["kadan"]):
                continue
        if forbids:
            for forbid in forbids:
                if forbid(s, p, 0, sp):
                    break
            else:
                forbid = None
            if forbid is not None:
                continue
        plain = met.get(id(need))
        if plain is None:
            plain = met[id(need)] = need_met(pl, need, pairs)
        if hooks:
            if kind == 0:  # construction spaces of one cost are paid alike (see above)
                ok = cs_paid.get(id(need))
                if ok is None:
                    ok = cs_paid[id(need)] = can_pay(s, p, sp, ctx, plain)
            else:
                ok = can_pay(s, p, sp, ctx, plain)
            if not ok:
                continue
        elif not plain:
            continue
        out.append(sp)
    return out


_PLAN: list = []


def _space_plan() -> list:
    """Per worker space, in order: (space, kind, key, compiled cost); kind 0 a construction
    space (key: its site), 1 a market (key: its site; cost: the tile's), 2 a tunnel end (key:
    its faction), 3 any other; the branches of ``reasons.space_open``."""
    if not _PLAN:
        for sp in WORKER_SPACES:
            sd = SPACES[sp]
            if sd.type == "fixed":
                _PLAN.append((sp, 0, SPACE_SITE[sp], plain_need(space_cost(None, sp))))
            elif sp[0] == "M" and sp.startswith("MKT_"):
                _PLAN.append((sp, 1, "SITE_" + sp[4:], None))
            elif sp in TUNNEL_ENDS:
                _PLAN.append((sp, 2, TUNNEL_ENDS[sp], plain_need(space_cost(None, sp))))
            else:
                _PLAN.append((sp, 3, None, plain_need(space_cost(None, sp))))
    return _PLAN


def player_ctx(s: EuphoriaState, p: int) -> dict:
    """What p's placements share, whatever the space: the penalties' ``forbid`` checks p
    suffers (in tile order), whether a pair may pay for 'any n artifacts', and p's recruits
    whose ``cost`` hook works now (``hook``: active, and no Academy penalty on p)."""
    tiles = suffered_tiles(s, p)
    active = s.p[p].active
    cost_rids = []
    kadan = brian = False
    if active and not suffers_kind(s, p, "no_recruit_abilities"):  # ``ability_on``, once for all
        for rid in active:
            if card(s, rid).hooks.get("cost"):
                cost_rids.append(rid)
                if rid == "kadan_the_infiltrator":
                    kadan = True
                elif rid == "brian_the_viticulturist":
                    brian = True
    return {"forbids": [PENALTIES[t].forbid for t in sorted(tiles) if PENALTIES[t].forbid],
            "pairs": KIND["no_artifact_pairs"] not in tiles,
            "cost_hooks": bool(cost_rids),
            "cost_rids": cost_rids,
            "cost_fns": [card(s, rid).hooks["cost"] for rid in sorted(cost_rids)],  # ``payment._cost_fns``
            "kadan": kadan,
            "brian": brian}


def start_placement(s: EuphoriaState, p: int, die: int, sp: str) -> None:
    """P1: fix tier-1/2 eligibility (D-38) and the recruits active now (D-39); then P2-P8."""
    f = SPACES[sp].faction
    registry = suffers_kind(s, p, "no_allegiance_tier_bonuses")
    elig = (f is not None and has_active_faction(s, p, f) and not registry)
    s.pl = {"p": p, "die": die, "space": sp, "active0": sorted(s.p[p].active), "bumped": None,
            "t1": bool(elig and s.allegiance[cast(str, f)] >= 2),  # elig: f is not None
            "t2": bool(elig and s.allegiance[cast(str, f)] >= 5)}
    s.turn["placed"] += 1
    s.turn["used"].append(die)
    note(s, f"Player {p + 1} places a {s.p[p].dice[die]} on {SPACES[sp].name}")
    ctx = {"space": sp, "die": die, "pool": s.pl["active0"], "done": []}
    push(s, task("pay", p), task("put", p), task("reward", p), task("hooks", p, hook="place", **ctx),
         task("build", p), task("hand_limit_all", p), task("end_check", p))


@step("pay")
def _pay(s, t):
    return pay_options(s, t["p"], s.pl["space"]) or [""]


@resolve("pay")
def _pay_r(s, t, key):
    """P2: pay, then the mandatory after-payment effects (Michael, Flartner, Brian, Jacko)."""
    done(s)
    p, sp = t["p"], s.pl["space"]
    pay(s, p, key)
    s.pl["paid"] = key
    toks = key.split(",") if key else []
    for rid in s.pl["active0"]:
        h = hook(s, p, rid, "paid")
        if h:
            h(s, p, sp, toks)


@step("put")
def _put(s, t):
    """P3: the worker goes on the space; an occupied temporary space bumps (B1-B4, D-37)."""
    done(s)
    p, d, sp = t["p"], s.pl["die"], s.pl["space"]
    occ = occupants(s, sp)
    s.p[p].where[d] = sp
    if SPACES[sp].type == "temporary" and occ:
        q, e = occ[0]
        vval = s.p[q].dice[e]
        s.p[q].where[e] = "avail"
        s.pl["bumped"] = [q, e]
        note(s, f"Player {p + 1} bumps Player {q + 1}'s worker")
        ctx = {"space": sp, "victim": q, "vval": vval, "die": d, "pool": s.pl["active0"]}
        push(s, task("hooks", p, hook="bump_first", done=[], **ctx),
             task("hooks", q, hook="own_bumped", done=[], bumper=p, die=e, skip_if_julia=True),
             task("bump_roll", q, die=e),
             task("hooks", p, hook="bump", done=[], **ctx))
    return None


@step("bump_roll")
def _bump_roll(s, t):
    """B2/B3: the bumped worker takes Julia's or Amanda's value, or is rolled (one roll event)."""
    done(s)
    pre = s.pl.pop("preset", None)
    push(s, task("roll", t["p"], dice=[t["die"]], preset={} if pre is None else {str(t["die"]): pre}))
    return None
