"""The heuristic bot as it was before the speed work (a frozen copy of ``engines/euphoria/bot.py`` of
that revision, reading ``view``): ``test_fast_paths`` checks that the fast bot chooses exactly as it
does, drawing the same numbers from its generator. Since then it has learnt, in both, what the fast
bot's docstring says of goods held in plenty and of the last stars once the territories are full.

A heuristic Euphoria bot: it decides from ``view`` and ``legal_actions`` only.

Plan: stars first (market visits, artifact markets, Wind Saloon / Nimbus Loft, the dilemma's
Join side), then help build markets (a star on the tile and no penalty), then collect what the
star spaces cost (artifacts in pairs, resources, commodities), add workers early, and retrieve
paying food or bliss to keep morale (and so the artifact hand) high.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from engines.euphoria.actions import Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from engines.euphoria.components import (COMMODITY_AREAS, MARKETS, RESOURCES, SITE_SPACES, SPACE_SITE, SPACES,
                                         THRESHOLD, TUNNEL_COST, TUNNEL_ENDS, TUNNEL_RESOURCE, TUNNELS)

STAR_SPACES = ("ICA_WIND", "ICA_NIMBUS")
PLENTY = 8
LABORATORY = next(m for m in MARKETS.values() if m.penalty_effect.kind == "no_new_worker_when_workers_in")


def _place_score(v: dict, me: int, a: Place) -> float:
    sp = a.space
    pl = v["players"][me]
    goods = pl["goods"]
    hand = pl["hand"] if isinstance(pl["hand"], list) else []
    occupied = v["spaces"].get(sp, [])
    score = 0.0
    if sp.startswith("MKT_") or sp.startswith("ART_") or sp in STAR_SPACES:
        score = 100 if _star_possible(v, me, sp) else 6
    elif sp.startswith("CS_"):
        site = SPACE_SITE[sp]
        filled = sum(1 for x in SITE_SPACES[site] if x in v["spaces"])
        mine = any(x in v["spaces"] and any(q == me for q, _ in v["spaces"][x]) for x in SITE_SPACES[site])
        score = 22 + 45 * (filled + 1 >= THRESHOLD[len(v["players"])]) - 30 * mine
        if not _territory_free(v):
            score += 30
    elif sp in TUNNEL_ENDS:
        score = 30 if goods[next(iter(SPACES[sp].reward))] < PLENTY else 0
    elif sp.startswith("WAT_"):
        score = 75 if _wants_worker(v, me) else -30
        if sp == "WAT_ENERGY" and pl["knowledge"] >= 3:
            score += 5
        if sp == "WAT_WATER" and pl["morale"] <= 4:
            score += 5
    elif sp in TUNNELS:
        score = 38 if len(hand) < pl["morale"] else 30
        res = TUNNEL_RESOURCE[sp]
        if goods[res] >= PLENTY and not _wants_artifact(v, me):
            score = 10
        elif not goods[res] and not _territory_free(v) and res in _needed_resources(v):
            score += 8
    elif sp == "ICA_BREEZE":
        score = 32 if len(hand) + 2 <= pl["morale"] else 8
    elif sp == "ICA_SKY":
        score = 26 if _territory_free(v) else 50
    elif sp in COMMODITY_AREAS:
        c = COMMODITY_AREAS[sp]
        have = goods[c]
        score = 12 - 3 * have
        if _wants_worker(v, me) and c in ("energy", "water") and have < 3:
            score = 40 + have * 4
        if c == "food" and goods["food"] < 2:
            score = 34
        if c == "bliss" and goods["bliss"] < 1:
            score = 22
        if not have and score < 30 and c in _lacking(v, me):
            score = 30
        total = sum(v["players"][q]["dice"][d] for q, d in occupied) + pl["dice"][a.die]
        if 5 <= total <= 8 and pl["knowledge"] >= 4:
            score += 4
        if total >= 9 and pl["knowledge"] >= 4:
            score -= 8
    if occupied and any(q == me for q, _ in occupied) and sp not in COMMODITY_AREAS:
        score -= 40  # bumping oneself
    if occupied and sp not in COMMODITY_AREAS:
        score += 3
    return score


def _wants_worker(v: dict, me: int) -> bool:
    n = sum(1 for w in v["players"][me]["where"] if w != "pool")
    lab = any(sd["built"] == 2 and sd["tile"] == LABORATORY.id and me not in sd["stars"]
              for sd in v["sites"].values())
    return n < 3 and not (lab and n in LABORATORY.penalty_effect.values)


def _wants_artifact(v: dict, me: int) -> bool:
    pl = v["players"][me]
    hand = pl["hand"] if isinstance(pl["hand"], list) else []
    if len(hand) >= pl["morale"]:
        return False
    return _territory_free(v) or any(sd["built"] == 2 and me not in sd["stars"] for sd in v["sites"].values())


def _lacking(v: dict, me: int) -> set:
    if _territory_free(v):
        return set()
    goods = v["players"][me]["goods"]
    tunnel = {r: t for t, r in TUNNEL_RESOURCE.items()}
    return {TUNNEL_COST[tunnel[r]] for r in _needed_resources(v) if not goods[r]}


def _territory_free(v: dict) -> bool:
    n = len(v["players"])
    return any(sum(v["territory"][f]) < n for f in v["territory"])


def _star_possible(v: dict, me: int, sp: str) -> bool:
    """Whether this star space can still give a star (room in the territory, or a tile)."""
    n = len(v["players"])
    f = SPACES[sp].faction
    if sum(v["territory"][f]) < n:
        return True
    if sp.startswith("ART_"):
        return any(site["built"] == 2 and me not in site["stars"] and SPACES["MKT" + name[4:]].faction == f
                   for name, site in v["sites"].items())
    return False


def _needed_resources(v: dict) -> list[str]:
    out = []
    for site, sd in v["sites"].items():
        if sd["built"]:
            continue
        for x in SITE_SPACES[site]:
            if x not in v["spaces"]:
                out += [k for k in SPACES[x].cost]
    return out


def _option_score(v: dict, me: int, kind: str, o: str) -> float:
    pl = v["players"][me]
    goods = pl["goods"]
    if kind == "turn":
        return 0
    if o == "skip" or o.endswith("|skip") or o == "skip_chase":
        return 0
    if kind == "dil_side":
        return 10 if o == "join" else 1
    if kind == "trade_answer":
        return 1 if o == "refuse" else 0
    if kind == "trade_build":
        return 10 if o == "cancel" else 0
    if kind == "gift":
        return 1 if o == "take" else 0
    if kind in ("hand_limit", "discard_any", "bradley"):
        hand = pl["hand"] if isinstance(pl["hand"], list) else []
        a = o.split(":")[-1]
        return -hand.count(a)  # keep pairs
    if kind == "lose_good":
        return goods.get(o, 0)
    if kind == "art_star":
        return 5 if o.startswith("tile:") else 3
    if kind == "pay" or kind == "dil_pay":
        toks = o.split(",") if o else []
        cost = 0.0
        for t in toks:
            if t.startswith("art:"):
                cost += 3
            elif t.startswith("k+"):
                cost += 2 * int(t[2:]) if pl["knowledge"] < 4 else 6 * int(t[2:])
            elif t.startswith("m-"):
                cost += 4
            elif t in goods:
                cost += 1.0 / (1 + goods[t])
        return -cost
    if kind == "hooks":
        choice = o.split("|", 1)[1]
        if v["pending"].get("hook") == "sacrifice" or o.startswith("chase_the_miner|use"):
            return 3 if sum(1 for w in pl["where"] if w != "pool") >= 3 else -1
        if choice in ("knowledge",):
            return 2 if pl["knowledge"] >= 3 else 0.5
        return 3
    if kind == "kcheck":
        return 0
    if kind == "keep":
        return 0
    if kind == "track_place":
        track, val = o.split(":")
        return int(val) if track == "morale" else 7 - int(val)
    if kind in ("gain_choice", "tunnel_choice"):
        if o == "artifact":
            return 3 if _wants_artifact(v, me) else 0
        need = _needed_resources(v)
        return 1.0 / (1 + goods.get(o, 0)) + (1.5 if o in need else 0)
    return 0


def choose(game, state, rng: Rng) -> Any:
    me = game.to_move(state)
    v = game.view(state, me)
    acts = game.legal_actions(state)
    kind = v["pending"]["kind"] if v["pending"] else "turn"
    if len(acts) == 1:
        return acts[0]
    best, best_score = None, None
    pl = v["players"][me]
    avail = sum(1 for w in pl["where"] if w == "avail")
    for a in acts:
        if isinstance(a, Place):
            sc = _place_score(v, me, a)
        elif isinstance(a, Retrieve):
            on_board = sum(1 for w in pl["where"] if w not in ("avail", "pool"))
            sc = (60 if avail == 0 else 5) + 4 * len(a.dice) - (5 * (len(a.dice) < on_board))
            sc -= 15 * sum(1 for d in a.dice if pl["where"][d].startswith("CS_"))
            if a.pay == "free":
                sc -= 8 if pl["morale"] <= 4 else 1
            elif a.pay == "food" and pl["goods"]["food"] < 2:
                sc -= 1
        elif isinstance(a, ResolveDilemma):
            sc = 90
        elif isinstance(a, Trade):
            sc = -100
        elif isinstance(a, EndTurn):
            sc = -50
        elif isinstance(a, Choose):
            sc = _option_score(v, me, kind, a.option)
        else:
            sc = 0
        sc += rng.below(1000) / 100000.0  # tie-break at random
        if best_score is None or sc > best_score:
            best, best_score = a, sc
    return best
