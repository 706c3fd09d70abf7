"""The 48 recruits' abilities (spec §18.1), as one table keyed by card id.

Longer than 800 lines because it is one table of 48 cards, each a few lines read beside its
printed text; split by faction or by hook, a card's pieces would land in different files and
the table would no longer be read in one place.

Every card is a ``Card`` whose ``hooks`` map a trigger point of the resolution order (§23) to
a small named function, so a card's printed text (``components.RECRUITS[id].text``) and its
code read side by side. Trigger points:

=================  ==========================================================  ============
hook               when (spec step)                                            signature
=================  ==========================================================  ============
``cost``           P2/R2: add substitutions to a cost (Josh, Michael...)       cost(s,p,space,slots,extra,ctx)
``paid``           P2: after paying (Michael's gold, Flartner, Brian, Jacko)   paid(s,p,space,tokens)
``bump_first``     B1: the bumper, before the bumped worker's value (Julia)    Hook
``own_bumped``     B2: owner of the bumped worker (Amanda)                     Hook
``bump``           B4: the bumper's bump abilities                             Hook
``tunnel_both``    P4: tunnel gives resource AND artifact (Andrew)             pred(s,p,space)
``place``          P5: the placer's on-place abilities                         Hook
``new_worker``     after a gained worker's roll event (Pete, Sheppard)         Hook
``new_survivor``   then, if that worker survived the roll (Chase)              Hook
``star``           each star the owner places (Esme)                           Hook
``market_built``   §13 step 4 (Ray)                                            Hook
``worker_lost``    E3: lost to the knowledge check (Steven)                    Hook
``other_roll``     E4: after another player's roll event (Ben)                 Hook
``draw``           each single artifact draw (Geek, Gambler)                   Hook
``paid_bliss``     R3, paid retrieval with bliss (Gidget)                      Hook
``sacrifice``      R4 (Pete, Sheppard)                                         Hook
``free_retrieval`` R5 (Yordy)                                                  Hook
``retrieved``      R7 (Maggie)                                                 Hook
=================  ==========================================================  ============

A ``Hook`` has ``options(s, p, c) -> list[str]`` (empty: it does not trigger now; an optional
ability includes "skip"; a mandatory one offers only its gains) and ``apply(s, p, c, option)``.
``c`` is the trigger's context (space, die, victim...). Nick and Curtis are passive and live in
``effects.knowledge`` / ``effects.morale``; Jefferson's retrieval payment and Yordy's first
printing are read in ``rules/retrieval.py`` (R2/R3) through ``ability_on``. The 1st-printing texts
(variant, D-1) have their own table ``FIRST_PRINTING``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .components import (ARTIFACT_TYPES, COMMODITIES, ICARUS_SPACES, RECRUITS,
                         RESOURCES, SITE_SPACES, SPACE_SITE, SPACES, TUNNEL_RESOURCE, TUNNELS)
from .markets import suffers_kind
from .effects import (ability_on, advance_miner, ally, available, controlled, gain,
                      has_active_faction, knowledge, lose_worker, morale, occupants, order_from,
                      push, task, v1)

Opts = list[str]


@dataclass(frozen=True)
class Hook:
    options: Callable[[Any, int, dict], Opts]
    apply: Callable[[Any, int, dict, str], None]


@dataclass(frozen=True)
class Card:
    hooks: dict[str, Any] = field(default_factory=dict)


# ---- helpers the abilities share ---------------------------------------------------------

def can_gain_knowledge(s, p: int, n: int) -> bool:
    """Full-payment rule (§6): a 'gain X knowledge' cost needs knowledge + X ≤ 6."""
    return s.p[p].knowledge + n <= 6


def can_lose_morale(s, p: int, n: int) -> bool:
    """Full-payment rule (§6): a 'lose X morale' cost needs morale − X ≥ 1."""
    return s.p[p].morale - n >= 1


def draw(s, p: int, n: int = 1, plain: bool = False) -> None:
    """Schedule drawing n artifacts, one draw at a time (D-61)."""
    if n > 0:
        push(s, task("draw", p, n=n, plain=plain))


def use_or_skip(ok: bool) -> Opts:
    return ["use", "skip"] if ok else []


def each_resource(ok: bool, optional: bool = True) -> Opts:
    if not ok:
        return []
    return [f"use:{r}" for r in RESOURCES] + (["skip"] if optional else [])


def picked(option: str) -> str:
    return option.split(":", 1)[1]


def _area_values(s, space: str) -> list[tuple[int, int, int]]:
    return [(q, d, s.p[q].dice[d]) for q, d in occupants(s, space)]


def alone(s, space: str, p: int, die: int) -> bool:
    """'Alone' (§23.1): no other worker of any player in that area after placing."""
    return all((q, d) == (p, die) for q, d, _ in _area_values(s, space))


def strictly(s, spaces: list[str], p: int, die: int, highest: bool) -> bool:
    """'Highest'/'lowest' (D-33): strictly, among all workers there after placing."""
    mine = s.p[p].dice[die]
    others = [v for sp in spaces for q, d, v in _area_values(s, sp) if (q, d) != (p, die)]
    return all((mine > v) if highest else (mine < v) for v in others)


def sacrifice(s, p: int, die: int) -> None:
    """A sacrificed worker goes to the recruitable pool, unrolled (§6)."""
    lose_worker(s, p, die)


def sacrifice_retrieved(s, p: int) -> None:
    """R4 (Pete, Sheppard): sacrifice one retrieved worker. Which one is not asked, on purpose:
    every retrieved worker left is re-rolled (R6) or set by Yordy (R5), and a die in the pool
    has no value in play (it is rolled when gained), so sacrificing one or another gives the same
    position (same values in the same places; a player's dice are interchangeable)."""
    sacrifice(s, p, s.ret["dice"].pop(0))


# ======================================= ICARITES =========================================

def amanda_options(s, p, c):
    """Amanda the Broker: 'When one of your workers is bumped (by any player), you may pay 1
    bliss to choose that worker's knowledge instead of rolling it.' (B2, D-57)"""
    if s.p[p].goods["bliss"] < 1:
        return []
    return ["roll"] + [f"set:{v}" for v in range(1, 7)]


def amanda_apply(s, p, c, o):
    if o.startswith("set:"):
        s.p[p].goods["bliss"] -= 1
        s.pl["preset"] = int(picked(o))


def amanda_v1_options(s, p, c):
    """1st printing: only when bumped by ANOTHER player; the bliss goes to the bumping player."""
    return amanda_options(s, p, c) if c["bumper"] != p else []


def amanda_v1_apply(s, p, c, o):
    if o.startswith("set:"):
        amanda_apply(s, p, c, o)
        gain(s, c["bumper"], "bliss")


def after_star_market(s, p, c) -> bool:
    """'Non-Icarite market' (§23.1): MKT_* and ART_* (after the star step, D-53)."""
    return c["space"].startswith(("MKT_", "ART_"))


def flavio_options(s, p, c):
    """Flavio the Merchant: after placing on a non-Icarite market, may gain 1 knowledge to draw
    1 artifact (P5)."""
    return use_or_skip(after_star_market(s, p, c) and can_gain_knowledge(s, p, 1))


def flavio_apply(s, p, c, o):
    if o == "use":
        knowledge(s, p, 1)
        draw(s, p)


def flavio_v1_options(s, p, c):
    """1st printing: when you bump another player's worker from a non-Icarite market, you may lose
    2 morale to draw 1 artifact (B4)."""
    return use_or_skip(after_star_market(s, p, c) and c["victim"] != p and can_lose_morale(s, p, 2))


def flavio_v1_apply(s, p, c, o):
    if o == "use":
        morale(s, p, -2)
        draw(s, p)


def gidget_options(s, p, c):
    """Gidget the Hypnotist: paid retrieval with bliss — may lose 2 knowledge instead of gaining
    2 morale (R3)."""
    return ["use", "skip"]


def gidget_apply(s, p, c, o):
    s.ret["gidget"] = o == "use"


def josh_cost(s, p, space, slots, extra, ctx):
    """Josh the Negotiator: at a market whose visit cost includes 1 resource, pay 1 bliss instead
    of that resource (P2).

    Decision (the spec is silent): substitutions do not chain. Brian's "1 food for any 1 bliss
    of a cost" applies to bliss the cost asks for, not to the bliss Josh lets you pay in place
    of a resource; a player with both pays that resource, or bliss, never food."""
    if space.startswith("MKT_"):
        for slot in slots:
            if slot and all(len(a) == 1 and a[0] in RESOURCES for a in slot):
                slot.append(["bliss", "@josh"])
                return


def kadan_cost(s, p, space, slots, extra, ctx):
    """Kadan the Infiltrator: use the exclusive space of a completed tunnel without a recruit of its
    faction by also gaining 2 knowledge (P1/P2)."""
    faction = SPACES[space].faction  # a tunnel's end belongs to its faction (never None there)
    if space.startswith("TUNEND_") and faction is not None and not has_active_faction(s, p, faction):
        extra.extend(["k+2", "@kadan"])


def lee_options(s, p, c):
    """Lee the Gossip: when you bump another player's worker, may lose 1 morale: that player gains 1
    knowledge and you gain 1 commodity of your choice (B4)."""
    if c["victim"] == p or not can_lose_morale(s, p, 1):
        return []
    return [f"use:{x}" for x in COMMODITIES] + ["skip"]


def lee_apply(s, p, c, o):
    if o != "skip":
        morale(s, p, -1)
        knowledge(s, c["victim"], 1)
        gain(s, p, picked(o))


def matthew_cost(s, p, space, slots, extra, ctx):
    """Matthew the Thief: when your placement on a tunnel bumps another player's worker, gain 1
    knowledge instead of paying the tunnel's commodity (P2)."""
    if space in TUNNELS and ctx.get("bumps_other"):
        slots[0].append(["k+1", "@matthew"])


def maxime_options(s, p, c):
    """Maxime the Ambassador: when you bump another player's worker, may lose 2 morale: that player
    gains 1 knowledge and you draw 1 artifact (B4)."""
    return use_or_skip(c["victim"] != p and can_lose_morale(s, p, 2))


def maxime_apply(s, p, c, o):
    if o == "use":
        morale(s, p, -2)
        knowledge(s, c["victim"], 1)
        draw(s, p)


def rebecca_options(s, p, c):
    """Rebecca the Peddler: when you bump another player's worker, may lose 2 morale: that player
    gains 1 knowledge and you gain 1 resource of your choice (B4)."""
    return each_resource(c["victim"] != p and can_lose_morale(s, p, 2))


def rebecca_apply(s, p, c, o):
    if o != "skip":
        morale(s, p, -2)
        knowledge(s, c["victim"], 1)
        gain(s, p, picked(o))


def sarinee_options(s, p, c):
    """Sarinee the Cloud Miner: on the Cloud Mine with your worker alone, lose 1 knowledge or gain
    1 bliss (mandatory choice, P5)."""
    return ["knowledge", "bliss"] if c["space"] == "CLOUD" and alone(s, "CLOUD", p, c["die"]) else []


def sarinee_apply(s, p, c, o):
    knowledge(s, p, -1) if o == "knowledge" else gain(s, p, "bliss")


def sheppard_sac_options(s, p, c):
    """Dr. Sheppard the Lobotomist (a): when retrieving, may sacrifice 1 retrieved worker (never your
    last) to gain 4 bliss and 1 resource of your choice (R4)."""
    return each_resource(bool(s.ret.get("dice")) and controlled(s, p) > 1)


def sheppard_sac_apply(s, p, c, o):
    if o != "skip":
        sacrifice_retrieved(s, p)
        gain(s, p, "bliss", 4)
        gain(s, p, picked(o))


def sheppard_new_options(s, p, c):
    """Dr. Sheppard the Lobotomist (b): when you gain a worker, may lose 2 morale to draw 1 artifact."""
    return use_or_skip(can_lose_morale(s, p, 2))


def sheppard_new_apply(s, p, c, o):
    if o == "use":
        morale(s, p, -2)
        draw(s, p)


def zong_options(s, p, c):
    """Zong the Astronomer: on the Cloud Mine, may gain 1 knowledge to draw 1 artifact; then each
    opponent may take 1 bliss (P5)."""
    return use_or_skip(c["space"] == "CLOUD" and can_gain_knowledge(s, p, 1))


def zong_apply(s, p, c, o):
    if o == "use":
        knowledge(s, p, 1)
        draw(s, p)
        push(s, *[task("gift", q, what="bliss", giver=p) for q in order_from(s, p)[1:]])


def zong_v1_options(s, p, c):
    """1st printing: on the Cloud Mine, if you have no resources and no artifact cards, gain 1 water
    or 1 energy."""
    pl = s.p[p]
    if c["space"] == "CLOUD" and not pl.hand and not any(pl.goods[r] for r in RESOURCES):
        return ["water", "energy"]
    return []


def zong_v1_apply(s, p, c, o):
    gain(s, p, o)


# ====================================== EUPHORIANS ========================================

def ben_options(s, p, c):
    """Ben the Ludologist: after another player's roll leaves them 2+ available workers of the same
    value, may lose 2 morale to gain 1 resource (E4; D-59)."""
    r = c["roller"]
    vals = [s.p[r].dice[d] for d in available(s, r)]
    doubles = len(vals) != len(set(vals))
    return each_resource(r != p and doubles and can_lose_morale(s, p, 2))


def ben_apply(s, p, c, o):
    if o != "skip":
        morale(s, p, -2)
        gain(s, p, picked(o))


def bradley_options(s, p, c):
    """Bradley the Futurist: after placing on a non-Icarite market, may gain 2 knowledge to draw 2
    artifacts, then discard 1 of those 2 (P5)."""
    return use_or_skip(after_star_market(s, p, c) and can_gain_knowledge(s, p, 2))


def bradley_apply(s, p, c, o):
    if o == "use":
        knowledge(s, p, 2)
        push(s, task("bradley", p))


def esme_options(s, p, c):
    """Esme the Fireman: when you place a star, may discard 1 artifact: not a Book → 1 energy and
    your choice of −1 knowledge or +1 morale; a Book → 2 energy, −2 knowledge and +2 morale (D-41)."""
    out: Opts = []
    for a in sorted(set(s.p[p].hand)):
        out += ["book"] if a == "book" and not v1(s) else [f"{a}:knowledge", f"{a}:morale"]
    return out + ["skip"] if out else []


def esme_apply(s, p, c, o):
    if o == "skip":
        return
    card, _, choice = o.partition(":")
    pl = s.p[p]
    pl.hand.remove(card)
    s.art_discard.append(card)
    if not choice:  # a Book
        gain(s, p, "energy", 2)
        knowledge(s, p, -2)
        morale(s, p, 2)
    else:
        gain(s, p, "energy")
        knowledge(s, p, -1) if choice == "knowledge" else morale(s, p, 1)


def gary_options(s, p, c):
    """Gary the Electrician: on the Generator, if another worker there shows your value, gain 1
    morale or 1 energy (mandatory choice, P5; D-33)."""
    if c["space"] != "GEN":
        return []
    mine = s.p[p].dice[c["die"]]
    same = any(v == mine and (q, d) != (p, c["die"]) for q, d, v in _area_values(s, "GEN"))
    return ["morale", "energy"] if same else []


def gary_apply(s, p, c, o):
    morale(s, p, 1) if o == "morale" else gain(s, p, "energy")


def julia_options(s, p, c):
    """Julia the Thought Inspector: when you bump an opponent's worker, may lose 1 morale to gain 1
    resource; the bumped worker then takes your worker's value instead of rolling (B1, D-58)."""
    return each_resource(c["victim"] != p and can_lose_morale(s, p, 1))


def julia_apply(s, p, c, o):
    if o != "skip":
        morale(s, p, -1)
        gain(s, p, picked(o))
        s.pl["preset"] = s.p[p].dice[c["die"]]
        s.pl["julia"] = True


def julia_v1_options(s, p, c):
    """1st printing: when your worker bumps an opponent's worker of EQUAL knowledge, you may lose 2
    morale to gain 1 resource (the bumped worker is rolled normally)."""
    return each_resource(c["victim"] != p and c["vval"] == s.p[p].dice[c["die"]] and can_lose_morale(s, p, 2))


def julia_v1_apply(s, p, c, o):
    if o != "skip":
        morale(s, p, -2)
        gain(s, p, picked(o))


def katy_options(s, p, c):
    """Katy the Dietician: on the Generator while you hold no artifact card, gain 1 food (P5)."""
    return ["food"] if c["space"] == "GEN" and not s.p[p].hand else []


def katy_apply(s, p, c, o):
    gain(s, p, "food")


def laura_options(s, p, c):
    """Laura the Philanthropist: when you bump another player's worker from a tunnel or the Worker
    Activation Tank, may give that player 1 gold to draw 2 artifacts (B4)."""
    sp = c["space"]
    return use_or_skip(c["victim"] != p and (sp in TUNNELS or sp.startswith("WAT_")) and s.p[p].goods["gold"] >= 1)


def laura_apply(s, p, c, o):
    if o == "use":
        s.p[p].goods["gold"] -= 1
        gain(s, c["victim"], "gold")
        draw(s, p, 2)


def michael_cost(s, p, space, slots, extra, ctx):
    """Michael the Engineer: at a construction site, pay any 1 resource instead of the printed one."""
    if space.startswith("CS_"):
        slots[0].extend([[r, "@michael"] for r in RESOURCES if [r] != slots[0][0]])


def michael_paid(s, p, space, tokens):
    """Michael the Engineer: whenever you pay gold at a construction site, gain 1 morale and 1
    knowledge (mandatory, D-55)."""
    if space.startswith("CS_") and "gold" in tokens:
        morale(s, p, 1)
        knowledge(s, p, 1)


def nakagawa_options(s, p, c):
    """Dr. Nakagawa the Tribute: on a construction site, may gain 1 Euphorian allegiance (P5)."""
    return use_or_skip(c["space"].startswith("CS_"))


def nakagawa_apply(s, p, c, o):
    if o == "use":
        ally(s, "euphorian")


def nakagawa_v1_options(s, p, c):
    """1st printing: when you place a worker on a non-Icarite market, you may sacrifice that worker
    (not your last) to place 1 extra star in that faction's territory."""
    sp = c["space"]
    if not after_star_market(s, p, c) or controlled(s, p) <= 1 or s.p[p].where[c["die"]] != sp:
        return []
    return use_or_skip(s.p[p].stars > 0 and sum(s.territory[SPACES[sp].faction]) < s.players)


def nakagawa_v1_apply(s, p, c, o):
    if o == "use":
        sacrifice(s, p, c["die"])
        push(s, task("star", p, where="territory", faction=SPACES[c["space"]].faction))


def ray_options(s, p, c):
    """Ray the Foreman: whenever a market is built, gain 2 morale if you helped build it, else lose
    2 knowledge (mandatory, §13 step 4, D-54)."""
    return ["apply"]


def ray_apply(s, p, c, o):
    morale(s, p, 2) if p in c["helped"] else knowledge(s, p, -2)


def yordy_options(s, p, c):
    """Yordy the Demotivator: when you retrieve for free, may pay 1 energy to choose the value of
    one retrieved worker; roll the others (R5). Only the value is asked, not which worker: the
    retrieved workers are all available and the others are rolled, so setting one or another
    gives the same values in the same places."""
    if s.p[p].goods["energy"] < 1 or not s.ret.get("dice"):
        return []
    return [f"set:{v}" for v in range(1, 7)] + ["skip"]


def yordy_apply(s, p, c, o):
    if o != "skip":
        s.p[p].goods["energy"] -= 1
        s.ret["preset"] = {str(s.ret["dice"][0]): int(picked(o))}


# ===================================== WASTELANDERS =======================================

def brian_cost(s, p, space, slots, extra, ctx):
    """Brian the Viticulturist: pay 1 food for any 1 bliss of a cost; drawback (current printing):
    placing in Icarus also costs 1 morale (D-27).

    Only a cost item that asks for bliss itself is replaced ("use food in place of bliss"): an
    item of "1 commodity of any kind" (tiles 13-18) already takes food as it is, so paying food
    there is not using Brian and earns no knowledge or Wastelander allegiance."""
    for slot in slots:
        if slot == [["bliss"]]:
            slot.append(["food", "@brian"] if space.startswith("MKT_") else ["food"])
    if space in ICARUS_SPACES and not v1(s):
        extra.append("m-1")


def brian_paid(s, p, space, tokens):
    """Brian the Viticulturist: if you paid food for bliss at a market visit, gain 1 knowledge and 1
    Wastelander allegiance (once per placement)."""
    if "@brian" in tokens:
        knowledge(s, p, 1)
        ally(s, "wastelander")


def flartner_cost(s, p, space, slots, extra, ctx):
    """Flartner the Luddite: at a construction site, pay 1 artifact instead of the printed resource;
    if you do, gain 1 morale."""
    if space.startswith("CS_"):
        slots[0].extend([[f"art:{a}", "@flartner"] for a in ARTIFACT_TYPES])


def flartner_paid(s, p, space, tokens):
    if "@flartner" in tokens:
        morale(s, p, 1)


def geek_options(s, p, c):
    """Geek the Oracle: once per turn, when you would draw 1 artifact, may gain 1 knowledge to draw
    3 instead, then discard any 2 cards (D-61)."""
    return ["geek"] if not s.p[p].geek_used and can_gain_knowledge(s, p, 1) else []


def geek_apply(s, p, c, o):
    s.p[p].geek_used = True
    knowledge(s, p, 1)
    push(s, task("draw", p, n=3, plain=True), task("discard_any", p, n=2))


def geek_v1_options(s, p, c):
    """1st printing: once per turn, when you draw an artifact, you may gain 2 knowledge to draw 1
    more and then discard 1 artifact."""
    return ["geek"] if not s.p[p].geek_used and can_gain_knowledge(s, p, 2) else []


def geek_v1_apply(s, p, c, o):
    s.p[p].geek_used = True
    knowledge(s, p, 2)
    push(s, task("draw", p, n=2, plain=True), task("discard_any", p, n=1))


def ian_options(s, p, c):
    """Ian the Horticulturist: on the Farm while you hold no resource, gain 1 water (P5)."""
    return ["water"] if c["space"] == "FARM" and not any(s.p[p].goods[r] for r in RESOURCES) else []


def ian_apply(s, p, c, o):
    gain(s, p, "water")


def jacko_cost(s, p, space, slots, extra, ctx):
    """Jacko the Archivist: at the Wastelander artifact market, pay exactly 1 artifact instead of 3
    or a pair; if you do, each opponent may draw 1 artifact (allowed under the Courthouse, D-44)."""
    if space == "ART_WAS":
        ctx.setdefault("whole", []).extend([[f"art:{a}", "@jacko"] for a in ARTIFACT_TYPES])


def jacko_paid(s, p, space, tokens):
    if "@jacko" in tokens:
        push(s, *[task("gift", q, what="artifact", giver=p) for q in order_from(s, p)[1:]])


def jacko_v1_options(s, p, c):
    """1st printing: when you place on a non-Icarite market (and place your star), you may pay 2
    artifacts to place 1 additional star in that territory."""
    sp = c["space"]
    fac = SPACES[sp].faction
    if not after_star_market(s, p, c) or len(s.p[p].hand) < 2 or s.p[p].stars < 1:
        return []
    if sum(s.territory[fac]) >= s.players:
        return []
    hand = sorted(s.p[p].hand)
    pairs = sorted({f"{a}+{b}" for i, a in enumerate(hand) for b in hand[i + 1:]})
    return pairs + ["skip"]


def jacko_v1_apply(s, p, c, o):
    if o != "skip":
        for a in o.split("+"):
            s.p[p].hand.remove(a)
            s.art_discard.append(a)
        push(s, task("star", p, where="territory", faction=SPACES[c["space"]].faction))


def jonathan_artist_options(s, p, c):
    """Jonathan the Artist: on a construction site where your worker is strictly the highest or
    alone, may gain 2 knowledge to draw 1 artifact (D-19, D-33)."""
    sp = c["space"]
    if not sp.startswith("CS_"):
        return []
    return use_or_skip(strictly(s, SITE_SPACES[SPACE_SITE[sp]], p, c["die"], True) and can_gain_knowledge(s, p, 2))


def k2_draw_apply(s, p, c, o):
    if o == "use":
        knowledge(s, p, 2)
        draw(s, p)


def kyle_options(s, p, c):
    """Kyle the Scavenger: on the Generator, Farm or Aquifer with your worker alone, may gain 2
    knowledge to draw 1 artifact (D-20)."""
    sp = c["space"]
    return use_or_skip(sp in ("GEN", "FARM", "AQU") and alone(s, sp, p, c["die"]) and can_gain_knowledge(s, p, 2))


def pete_sac_options(s, p, c):
    """Pete the Cannibal (a): when retrieving, may sacrifice 1 retrieved worker (never your last) to
    gain 4 food and 1 resource of your choice (R4)."""
    return each_resource(bool(s.ret.get("dice")) and controlled(s, p) > 1)


def pete_sac_apply(s, p, c, o):
    if o != "skip":
        sacrifice_retrieved(s, p)
        gain(s, p, "food", 4)
        gain(s, p, picked(o))


def pete_new_options(s, p, c):
    """Pete the Cannibal (b): when you gain a worker, may gain 2 knowledge to draw 1 artifact."""
    return use_or_skip(can_gain_knowledge(s, p, 2))


def reitz_options(s, p, c):
    """Professor Reitz the Archaeologist: on a tunnel, if you bumped nobody, may gain 2 knowledge to
    draw 1 extra artifact and move that miner 1 extra space (D-52)."""
    return use_or_skip(c["space"] in TUNNELS and not s.pl.get("bumped") and can_gain_knowledge(s, p, 2))


def reitz_apply(s, p, c, o):
    if o == "use":
        knowledge(s, p, 2)
        advance_miner(s, TUNNELS[c["space"]], 1)
        draw(s, p)


def scarby_options(s, p, c):
    """Sir Scarby the Harvester: on the Farm with your worker strictly the highest or alone, lose 1
    knowledge or gain 1 food (mandatory choice)."""
    return ["knowledge", "food"] if c["space"] == "FARM" and strictly(s, ["FARM"], p, c["die"], True) else []


def scarby_apply(s, p, c, o):
    knowledge(s, p, -1) if o == "knowledge" else gain(s, p, "food")


def steven_options(s, p, c):
    """Steven the Scholar: each time you lose a worker to a knowledge check, gain 1 resource of your
    choice and draw 1 artifact (mandatory, E3)."""
    return each_resource(True, optional=False)


def steven_apply(s, p, c, o):
    gain(s, p, picked(o))
    draw(s, p)


# ====================================== SUBTERRANS ========================================

def andrew_tunnel_both(s, p, space) -> bool:
    """Andrew the Spelunker: on the Euphorian or Wastelander tunnel while you hold no artifact card,
    take both the resource and the artifact (P4, checked before the reward)."""
    return space in ("TUN_EUP", "TUN_WAS") and not s.p[p].hand


def brett_options(s, p, c):
    """Brett the Lockpicker: after placing on a non-Icarite market, may gain 1 knowledge to gain 1
    resource of your choice (P5)."""
    return each_resource(after_star_market(s, p, c) and can_gain_knowledge(s, p, 1))


def brett_apply(s, p, c, o):
    if o != "skip":
        knowledge(s, p, 1)
        gain(s, p, picked(o))


def brett_v1_options(s, p, c):
    """1st printing: the same, but it costs 2 knowledge."""
    return each_resource(after_star_market(s, p, c) and can_gain_knowledge(s, p, 2))


def brett_v1_apply(s, p, c, o):
    if o != "skip":
        knowledge(s, p, 2)
        gain(s, p, picked(o))


def chase_place_options(s, p, c):
    """Chase the Miner (a): on a tunnel, may sacrifice that worker (never your last) to gain 2 of
    that tunnel's resource; the space becomes empty."""
    sp = c["space"]
    return use_or_skip(sp in TUNNELS and s.p[p].where[c["die"]] == sp and controlled(s, p) > 1)


def chase_place_apply(s, p, c, o):
    if o == "use":
        sacrifice(s, p, c["die"])
        gain(s, p, TUNNEL_RESOURCE[c["space"]], 2)


def chase_new_options(s, p, c):
    """Chase the Miner (b): when you gain a worker (and it survives its roll), you may place it this
    turn, right after the current placement (D-47); never under the Fountain (D-14)."""
    from .markets import suffers_kind
    if s.p[p].where[c["die"]] != "avail":  # lost to the knowledge check: it did not survive
        return []
    if p != s.current or suffers_kind(s, p, "max_one_placement_per_turn"):
        return []
    return ["apply"]


def chase_new_apply(s, p, c, o):
    s.turn["chase"] = c["die"]


def dave_options(s, p, c):
    """Major Dave the Demolitionist: when you bump an opponent's worker from a tunnel, may gain 1
    knowledge to gain 1 of that tunnel's resource and move its miner 1 extra space."""
    return use_or_skip(c["victim"] != p and c["space"] in TUNNELS and can_gain_knowledge(s, p, 1))


def dave_apply(s, p, c, o, cost: int = 1):
    if o == "use":
        knowledge(s, p, cost)
        gain(s, p, TUNNEL_RESOURCE[c["space"]])
        advance_miner(s, TUNNELS[c["space"]], 1)


def dave_v1_options(s, p, c):
    """1st printing: the same, but it costs 2 knowledge."""
    return use_or_skip(c["victim"] != p and c["space"] in TUNNELS and can_gain_knowledge(s, p, 2))


def dave_v1_apply(s, p, c, o):
    dave_apply(s, p, c, o, cost=2)


def faith_options(s, p, c):
    """Faith the Hydroelectrician: on the Aquifer while you hold no artifact card, gain 1 energy."""
    return ["energy"] if c["space"] == "AQU" and not s.p[p].hand else []


def faith_apply(s, p, c, o):
    gain(s, p, "energy")


def gambler_options(s, p, c):
    """Jonathan the Gambler: once per turn, when you would draw 1 artifact, may draw 2 instead; then
    show your hand: if it holds two identical cards, each opponent draws 1 artifact (D-61)."""
    return ["gambler"] if not s.p[p].gambler_used else []


def gambler_apply(s, p, c, o):
    s.p[p].gambler_used = True
    push(s, task("draw", p, n=2, plain=True), task("gamble", p))


def gambler_v1_options(s, p, c):
    """1st printing: once per turn, when you draw an artifact, you may gain 1 knowledge to draw 2
    more; keep only the cards among the three that match (a pair or all three), discard the rest."""
    return ["gambler"] if not s.p[p].gambler_used and can_gain_knowledge(s, p, 1) else []


def gambler_v1_apply(s, p, c, o):
    s.p[p].gambler_used = True
    knowledge(s, p, 1)
    push(s, task("gamble_v1", p))


def josiah_options(s, p, c):
    """Josiah the Hacker: on the Generator, Farm or Cloud Mine, each other player with a worker there
    gains 1 knowledge, and you gain 1 morale (mandatory, D-56)."""
    return ["apply"] if c["space"] in ("GEN", "FARM", "CLOUD") else []


def josiah_apply(s, p, c, o):
    for q in sorted({q for q, _ in occupants(s, c["space"]) if q != p}):
        knowledge(s, q, 1)
    morale(s, p, 1)


def maggie_options(s, p, c):
    """Maggie the Outlaw: when every retrieved worker came from Subterra, gain 1 water or 1 stone
    (mandatory choice, R7; D-28)."""
    origins = s.ret.get("origins", [])
    if origins and all(SPACES[o].faction == "subterran" for o in origins):
        return ["water", "stone"]
    return []


def maggie_apply(s, p, c, o):
    gain(s, p, o)


def phil_options(s, p, c, cost: int = 1):
    """Phil the Spy: when you bump a worker of an opponent with no active Subterran recruit, may gain
    1 knowledge to draw 1 artifact (B4)."""
    v = c["victim"]
    return use_or_skip(v != p and not has_active_faction(s, v, "subterran") and can_gain_knowledge(s, p, cost))


def phil_apply(s, p, c, o, cost: int = 1):
    if o == "use":
        knowledge(s, p, cost)
        draw(s, p)


def soulless_options(s, p, c):
    """Soulless the Plumber: on the Aquifer with your worker strictly the lowest or alone, gain 1
    morale or 1 water (mandatory choice)."""
    return ["morale", "water"] if c["space"] == "AQU" and strictly(s, ["AQU"], p, c["die"], False) else []


def soulless_apply(s, p, c, o):
    morale(s, p, 1) if o == "morale" else gain(s, p, "water")


def xander_options(s, p, c):
    """Xander the Excavator: when you bump another player's worker from a tunnel whose value (before
    re-rolling) is strictly higher than yours, may gain 1 knowledge to gain 1 of that tunnel's
    resource."""
    return use_or_skip(c["victim"] != p and c["space"] in TUNNELS and c["vval"] > s.p[p].dice[c["die"]]
                       and can_gain_knowledge(s, p, 1))


def xander_apply(s, p, c, o):
    if o == "use":
        knowledge(s, p, 1)
        gain(s, p, TUNNEL_RESOURCE[c["space"]])


def _k1_draw(s, p, c, o):
    if o == "use":
        knowledge(s, p, 1)
        draw(s, p)


def _new_k2_draw(s, p, c, o):
    if o == "use":
        knowledge(s, p, 2)
        draw(s, p)


H = Hook
CARDS: dict[str, Card] = {
    # Icarites
    "amanda_the_broker": Card({"own_bumped": H(amanda_options, amanda_apply)}),
    "flavio_the_merchant": Card({"place": H(flavio_options, flavio_apply)}),
    "gidget_the_hypnotist": Card({"paid_bliss": H(gidget_options, gidget_apply)}),
    "josh_the_negotiator": Card({"cost": josh_cost}),
    "kadan_the_infiltrator": Card({"cost": kadan_cost}),
    "lee_the_gossip": Card({"bump": H(lee_options, lee_apply)}),
    "matthew_the_thief": Card({"cost": matthew_cost}),
    "maxime_the_ambassador": Card({"bump": H(maxime_options, maxime_apply)}),
    "rebecca_the_peddler": Card({"bump": H(rebecca_options, rebecca_apply)}),
    "sarinee_the_cloud_miner": Card({"place": H(sarinee_options, sarinee_apply)}),
    "sheppard_the_lobotomist": Card({"sacrifice": H(sheppard_sac_options, sheppard_sac_apply),
                                     "new_worker": H(sheppard_new_options, sheppard_new_apply)}),
    "zong_the_astronomer": Card({"place": H(zong_options, zong_apply)}),
    # Euphorians
    "ben_the_ludologist": Card({"other_roll": H(ben_options, ben_apply)}),
    "bradley_the_futurist": Card({"place": H(bradley_options, bradley_apply)}),
    "esme_the_fireman": Card({"star": H(esme_options, esme_apply)}),
    "gary_the_electrician": Card({"place": H(gary_options, gary_apply)}),
    "jefferson_the_shock_artist": Card({"retrieval_energy": True}),  # R2/R3 in rules/retrieval.py
    "julia_the_thought_inspector": Card({"bump_first": H(julia_options, julia_apply)}),
    "katy_the_dietician": Card({"place": H(katy_options, katy_apply)}),
    "laura_the_philanthropist": Card({"bump": H(laura_options, laura_apply)}),
    "michael_the_engineer": Card({"cost": michael_cost, "paid": michael_paid}),
    "nakagawa_the_tribute": Card({"place": H(nakagawa_options, nakagawa_apply)}),
    "ray_the_foreman": Card({"market_built": H(ray_options, ray_apply)}),
    "yordy_the_demotivator": Card({"free_retrieval": H(yordy_options, yordy_apply)}),
    # Wastelanders
    "brian_the_viticulturist": Card({"cost": brian_cost, "paid": brian_paid}),
    "flartner_the_luddite": Card({"cost": flartner_cost, "paid": flartner_paid}),
    "geek_the_oracle": Card({"draw": H(geek_options, geek_apply)}),
    "ian_the_horticulturist": Card({"place": H(ian_options, ian_apply)}),
    "jacko_the_archivist": Card({"cost": jacko_cost, "paid": jacko_paid}),
    "jonathan_the_artist": Card({"place": H(jonathan_artist_options, k2_draw_apply)}),
    "kyle_the_scavenger": Card({"place": H(kyle_options, k2_draw_apply)}),
    "nick_the_understudy": Card({"passive": True}),  # effects.knowledge
    "pete_the_cannibal": Card({"sacrifice": H(pete_sac_options, pete_sac_apply),
                               "new_worker": H(pete_new_options, _new_k2_draw)}),
    "reitz_the_archaeologist": Card({"place": H(reitz_options, reitz_apply)}),
    "scarby_the_harvester": Card({"place": H(scarby_options, scarby_apply)}),
    "steven_the_scholar": Card({"worker_lost": H(steven_options, steven_apply)}),
    # Subterrans
    "andrew_the_spelunker": Card({"tunnel_both": andrew_tunnel_both}),
    "brett_the_lockpicker": Card({"place": H(brett_options, brett_apply)}),
    "chase_the_miner": Card({"place": H(chase_place_options, chase_place_apply),
                             "new_survivor": H(chase_new_options, chase_new_apply)}),
    "curtis_the_propagandist": Card({"passive": True}),  # effects.morale
    "dave_the_demolitionist": Card({"bump": H(dave_options, dave_apply)}),
    "faith_the_hydroelectrician": Card({"place": H(faith_options, faith_apply)}),
    "jonathan_the_gambler": Card({"draw": H(gambler_options, gambler_apply)}),
    "josiah_the_hacker": Card({"place": H(josiah_options, josiah_apply)}),
    "maggie_the_outlaw": Card({"retrieved": H(maggie_options, maggie_apply)}),
    "phil_the_spy": Card({"bump": H(phil_options, phil_apply)}),
    "soulless_the_plumber": Card({"place": H(soulless_options, soulless_apply)}),
    "xander_the_excavator": Card({"bump": H(xander_options, xander_apply)}),
}

# First printing (variant ``first_printing_recruits``, D-1): the hooks that replace the card's.
FIRST_PRINTING: dict[str, Card] = {
    "amanda_the_broker": Card({"own_bumped": H(amanda_v1_options, amanda_v1_apply)}),
    "flavio_the_merchant": Card({"bump": H(flavio_v1_options, flavio_v1_apply)}),
    "zong_the_astronomer": Card({"place": H(zong_v1_options, zong_v1_apply)}),
    "esme_the_fireman": Card({"star": H(esme_options, esme_apply)}),  # Book clause off via v1()
    "julia_the_thought_inspector": Card({"bump": H(julia_v1_options, julia_v1_apply)}),
    "nakagawa_the_tribute": Card({"place": H(nakagawa_v1_options, nakagawa_v1_apply)}),
    "yordy_the_demotivator": Card({"free_no_loss": True}),  # R3 in rules/retrieval.py
    "brian_the_viticulturist": Card({"cost": brian_cost, "paid": brian_paid}),  # drawback off via v1()
    "geek_the_oracle": Card({"draw": H(geek_v1_options, geek_v1_apply)}),
    "jacko_the_archivist": Card({"place": H(jacko_v1_options, jacko_v1_apply)}),
    "brett_the_lockpicker": Card({"place": H(brett_v1_options, brett_v1_apply)}),
    "dave_the_demolitionist": Card({"bump": H(dave_v1_options, dave_v1_apply)}),
    "jonathan_the_gambler": Card({"draw": H(gambler_v1_options, gambler_v1_apply)}),
    "phil_the_spy": Card({"bump": H(lambda s, p, c: phil_options(s, p, c, 2),
                                    lambda s, p, c, o: phil_apply(s, p, c, o, 2))}),
}

assert set(CARDS) == set(RECRUITS), "every recruit needs its ability"
assert set(FIRST_PRINTING) == {r for r, c in RECRUITS.items() if c.first_printing_text}


def card(s, rid: str) -> Card:
    if v1(s) and rid in FIRST_PRINTING:
        return FIRST_PRINTING[rid]
    return CARDS[rid]


def hook(s, p: int, rid: str, name: str):
    """The hook ``name`` of p's recruit ``rid`` if its text works now, else None."""
    if not ability_on(s, p, rid):
        return None
    return card(s, rid).hooks.get(name)


def triggered(s, p: int, name: str, c: dict, pool: Optional[list[str]] = None) -> list[tuple[str, Opts]]:
    """p's recruits whose hook ``name`` triggers now, with their options (sorted by id)."""
    active = s.p[p].active
    if not active or suffers_kind(s, p, "no_recruit_abilities"):  # ``hook`` finds nothing
        return []
    out = []
    for rid in sorted(pool if pool is not None else active):
        if rid not in active:
            continue
        h = card(s, rid).hooks.get(name)  # ``hook``: the recruit is active and abilities work
        if isinstance(h, Hook):
            opts = h.options(s, p, c)
            if opts:
                out.append((rid, opts))
    return out
