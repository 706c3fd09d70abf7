"""What a space gives (P4: §10, §12, §15, §16, §20), and building a market (§13, P6).

- the Worker Activation Tank (§20): a track moves, then a new worker, if the player has fewer
  than the maximum and the Laboratory's penalty allows it;
- the commodity areas (§10): a yield by the total of every worker's value in the area, one
  more at allegiance tier 1 (D-38), knowledge and allegiance by the yield table;
- the tunnels (§12): a resource or an artifact card (both at tier 2, or with Andrew), and the
  miner advances; a complete tunnel's exclusive space gives its reward;
- the artifact markets (§15) and the markets built on the construction sites (§13):
  allegiance and a star (``stars``);
- Icarus (§16): allegiance, and a star, artifact cards or resources of one's choice.

A construction site whose occupied spaces reach the threshold builds its market: its workers
come back and are rolled, each helper places a star on the tile, and its penalty applies from
then on (D-51).
"""

from __future__ import annotations

from ..components import (ARTIFACT_MARKETS, COMMODITIES, COMMODITY_AREAS, MARKETS, RESOURCES,
                          SITE_SPACES, SPACES, SPACE_SITE, THRESHOLD, TUNNELS, TUNNEL_ENDS,
                          TUNNEL_RESOURCE, WORKERS_MAX, YIELD)
from ..effects import (advance_miner, ally, controlled, gain, knowledge, morale, note, occupants,
                       order_from, push, task)
from ..markets import KIND, suffers_kind
from ..recruits import hook
from ..state import EuphoriaState
from .tasks import done, resolve, step


@step("reward")
def _reward(s, t):
    """P4: the space's reward (§10-§16, §20)."""
    done(s)
    p, sp = t["p"], s.pl["space"]
    sd = SPACES[sp]
    rw = sd.reward
    if sp.startswith("WAT_"):
        _tank(s, p, rw)
    elif sp in COMMODITY_AREAS:
        _commodity_area(s, p, sp)
    elif sp in TUNNELS:
        both = s.pl["t2"] or any(hook(s, p, rid, "tunnel_both") and hook(s, p, rid, "tunnel_both")(s, p, sp)
                                 for rid in s.pl["active0"])
        res = TUNNEL_RESOURCE[sp]
        if both:
            gain(s, p, res)
            push(s, task("draw", p, n=1, plain=False), task("miner", p, faction=sd.faction))
        else:
            push(s, task("tunnel_choice", p, res=res), task("miner", p, faction=sd.faction))
    elif sp in TUNNEL_ENDS:
        for g, n in rw.items():
            gain(s, p, g, n)
    elif sp in ARTIFACT_MARKETS:
        push(s, task("ally", p, faction=sd.faction), task("art_star", p, faction=sd.faction))
    elif sp in ("ICA_WIND", "ICA_NIMBUS"):
        ica = bool(s.pl["t2"])
        push(s, task("ally", p, faction="icarite"),
             task("star", p, where="territory", faction="icarite", ica=ica))
    elif sp == "ICA_BREEZE":
        push(s, task("ally", p, faction="icarite"), task("draw", p, n=rw["artifact"], plain=False))
    elif sp == "ICA_SKY":
        push(s, task("ally", p, faction="icarite"), task("gain_choice", p, kind="resource", n=rw["resources_any"]))
    elif sp.startswith("MKT_"):
        push(s, task("ally", p, faction=sd.faction), task("star", p, where="territory", faction=sd.faction))
    return None


def _tank(s: EuphoriaState, p: int, rw: dict) -> None:
    """§20: track change, then a new worker if fewer than 4 and the Laboratory allows it."""
    if "knowledge" in rw:
        knowledge(s, p, rw["knowledge"])
    if "morale" in rw:
        morale(s, p, rw["morale"])
    n = controlled(s, p)
    lab = MARKETS[KIND["no_new_worker_when_workers_in"]].penalty_effect
    if n >= WORKERS_MAX or (suffers_kind(s, p, "no_new_worker_when_workers_in") and n in lab.values):
        return
    e = s.p[p].where.index("pool")
    s.p[p].where[e] = "avail"
    note(s, f"Player {p + 1} gains a worker")
    push(s, task("roll", p, dice=[e], preset={}), task("new_worker", p, die=e))


def _commodity_area(s: EuphoriaState, p: int, sp: str) -> None:
    """§10: yield by the total knowledge T of every worker in the area; tier-1 extra (D-38)."""
    total = sum(s.p[q].dice[d] for q, d in occupants(s, sp))
    row = next(r for r in YIELD if r["total_min"] <= total and (r["total_max"] is None or total <= r["total_max"]))
    gain(s, p, COMMODITY_AREAS[sp], row["commodity"] + (1 if s.pl["t1"] else 0))
    if row["knowledge"]:
        knowledge(s, p, row["knowledge"])
    if row["allegiance"]:
        push(s, task("ally", p, faction=SPACES[sp].faction))


@step("new_worker")
def _new_worker(s, t):
    """§20 "if you did gain a worker": Pete (b) and Sheppard (b), then Chase (b).

    Decision (§18.1 table, §20): Pete (b) and Sheppard (b) say "when you actually gain a new
    worker (after its roll event)"; "actually gain" is the worker cap and the Laboratory (§20 "if
    you did gain a worker", checked in ``_tank``), so they fire after the roll event even when the
    new worker is then lost to the knowledge check. Only Chase (b) says "and it survives its roll
    event": it needs the new worker still available (D-47)."""
    done(s)
    p, d = t["p"], t["die"]
    pool = s.pl.get("active0") if s.pl else None
    push(s, task("hooks", p, hook="new_worker", die=d, done=[], pool=pool),
         task("hooks", p, hook="new_survivor", die=d, done=[], pool=pool))
    return None


@step("tunnel_choice")
def _tunnel_choice(s, t):
    return [t["res"], "artifact"]


@resolve("tunnel_choice")
def _tunnel_choice_r(s, t, o):
    done(s)
    if o == "artifact":
        push(s, task("draw", t["p"], n=1, plain=False))
    else:
        gain(s, t["p"], o)


@step("miner")
def _miner(s, t):
    done(s)
    advance_miner(s, t["faction"], t.get("n", 1))
    return None


@step("ally")
def _ally(s, t):
    done(s)
    ally(s, t["faction"])
    return None


@step("gain_choice")
def _gain_choice(s, t):
    if t["n"] <= 0:
        done(s)
        return None
    return list(RESOURCES if t["kind"] == "resource" else COMMODITIES)


@resolve("gain_choice")
def _gain_choice_r(s, t, o):
    t.pop("opts", None)
    gain(s, t["p"], o)
    t["n"] -= 1


@step("build")
def _build(s, t):
    """P6 / §13: build the market when the site's occupied spaces reach the threshold."""
    done(s)
    sp = s.pl["space"]
    if not sp.startswith("CS_"):
        return None
    site = SPACE_SITE[sp]
    spaces = SITE_SPACES[site]
    if s.built[site] or sum(1 for x in spaces if occupants(s, x)) < THRESHOLD[s.players]:
        return None
    s.built[site] = 1
    note(s, f"{MARKETS[s.site_tile[site]].name} is built")
    helped = []
    tasks = []
    for q in order_from(s, s.current):
        ds = [d for d, w in enumerate(s.p[q].where) if w in spaces]
        if ds:
            helped.append(q)
            for d in ds:
                s.p[q].where[d] = "avail"
            tasks.append(task("roll", q, dice=ds, preset={}))
    tasks += [task("star", q, where="tile", site=site) for q in helped]
    tasks += [task("hooks", q, hook="market_built", done=[], helped=helped) for q in order_from(s, s.current)]
    tasks.append(task("built_done", s.current, site=site))
    push(s, *tasks)
    return None


@step("built_done")
def _built_done(s, t):
    done(s)
    s.built[t["site"]] = 2  # the penalty starts only now (D-51)
    return None
