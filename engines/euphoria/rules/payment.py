"""Paying a space's cost (§6, P2).

A cost is paid in full: goods, artifact cards ("any n artifacts": n cards of any types, or a
pair of identical ones unless a penalty forbids it), or track moves (a "gain knowledge" cost
only if the track can take it, a "lose morale" cost only if morale stays at 1 or more); an
active recruit's ``cost`` hook (``recruits.py``) adds ways to pay, or adds to the cost.

A payment is a key of sorted tokens: a good, ``art:X`` (an artifact card), ``k+N`` (knowledge
gained), ``m-N`` (morale lost), ``@name`` (a recruit's substitution used). ``pay_options``
lists every distinct payment a player can make; ``can_pay`` only asks whether there is one, by
a quick count when no recruit changes the cost (``plain_need``, ``need_met``).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, Callable, Optional

from ..components import (ARTIFACT_TYPES, COMMODITIES, GOODS, ICARUS_SPACES, KNOW_MAX, MARKETS,
                          RESOURCES, SPACES, TUNNELS, TUNNEL_ENDS)
from ..effects import knowledge, morale, occupants
from ..markets import suffers_kind
from ..recruits import hook
from ..state import EuphoriaState, PlayerState

#: Icarus's spaces, where Brian the Viticulturist adds to the cost
ICARUS = frozenset(ICARUS_SPACES)
#: the cost keys that stand for any good of a kind
_CATEGORY = {"resource": RESOURCES, "commodity_any": COMMODITIES,
             "commodity_not_bliss": tuple(c for c in COMMODITIES if c != "bliss")}


def can_pay(s: EuphoriaState, p: int, sp: str, ctx: dict, plain: Optional[bool] = None) -> bool:
    """Whether p can pay for ``sp`` at all; a quick count when no recruit changes the cost.
    ``plain``: ``_plain_can_pay`` when the caller already knows it."""
    if ctx["cost_hooks"]:
        # Substitutions only add ways to pay: a plain payment that works settles it, unless
        # a recruit adds to the cost here (Brian in Icarus, Kadan at a tunnel end).
        adds = (sp in TUNNEL_ENDS and ctx["kadan"]) or (ctx["brian"] and sp in ICARUS)
        if adds:
            return _can_pay_somehow(s, p, sp, ctx["cost_fns"])
        if plain if plain is not None else _plain_can_pay(s, p, sp, ctx):
            return True
        # the plain payment fails: only a recruit whose substitution concerns this space can help
        cost = space_cost(s, sp)
        if not any(_COST_REACH.get(rid, _ANYWHERE)(sp, cost) for rid in ctx["cost_rids"]):
            return False
        return _can_pay_somehow(s, p, sp, ctx["cost_fns"])
    return plain if plain is not None else _plain_can_pay(s, p, sp, ctx)


def _ANYWHERE(sp: str, cost: dict) -> bool:
    return True


_COST_REACH: dict[str, Callable[[str, dict], bool]] = {
    # The spaces whose cost each recruit's ``cost`` hook (recruits.py) changes at all: elsewhere
    # its substitutions add nothing, so a plain payment that fails fails with it too.
    "josh_the_negotiator": lambda sp, cost: sp.startswith("MKT_"),
    "kadan_the_infiltrator": lambda sp, cost: sp.startswith("TUNEND_"),
    "matthew_the_thief": lambda sp, cost: sp in TUNNELS,
    "michael_the_engineer": lambda sp, cost: sp.startswith("CS_"),
    "flartner_the_luddite": lambda sp, cost: sp.startswith("CS_"),
    "brian_the_viticulturist": lambda sp, cost: sp in ICARUS or "bliss" in cost,
    "jacko_the_archivist": lambda sp, cost: sp == "ART_WAS",
}


_PLAIN: dict[int, tuple] = {}
_PLAIN_SAME: dict[tuple, tuple] = {}
_PLAIN_KEEP: list = []  # the cost dicts compiled, kept alive so that their ids stay theirs


def plain_need(cost: dict) -> tuple:
    """A cost dict compiled for the quick check: (named goods, categories, any cards, card types,
    artifacts_any, resources_any). Kept by the dict's id (the cost dicts are the data's own,
    never changed); equal costs get the same tuple, so a caller may remember answers by its id."""
    key = id(cost)
    if key not in _PLAIN:
        named: dict[str, int] = {}
        cats, types = [], []
        anyc = 0
        for k, n in cost.items():
            if k in GOODS:
                named[k] = named.get(k, 0) + n
            elif k in _CATEGORY:
                cats.append((_CATEGORY[k], n))
            elif k == "artifact":
                anyc += n
            elif k.startswith("artifact_"):
                types.append((k[9:], n))
        need = (tuple(named.items()), tuple(cats), anyc, tuple(types),
                cost.get("artifacts_any", 0), cost.get("resources_any", 0))
        _PLAIN[key] = _PLAIN_SAME.setdefault(need, need)
        _PLAIN_KEEP.append(cost)
    return _PLAIN[key]


def _plain_can_pay(s: EuphoriaState, p: int, sp: str, ctx: dict) -> bool:
    return need_met(s.p[p], plain_need(space_cost(s, sp)), ctx["pairs"])


def need_met(pl: PlayerState, need: tuple, pairs: bool) -> bool:
    """Whether ``pl`` holds a compiled cost (``plain_need``), with no recruit's substitution;
    ``pairs``: a pair of identical cards may pay for 'any n artifacts'."""
    named, cats, anyc, types, arts_any, res_any = need
    if arts_any:
        if len(pl.hand) >= arts_any:
            return True
        return pairs and len(set(pl.hand)) < len(pl.hand)
    g = pl.goods
    if res_any:
        return g["gold"] + g["stone"] + g["clay"] >= res_any
    for k, n in named:
        if g[k] < n:
            return False
    for cat, n in cats:
        have = 0
        for k in cat:
            have += g[k]
        for k, m in named:
            if k in cat:
                have -= m
        if have < n:
            return False
    if anyc and len(pl.hand) < anyc:
        return False
    for a, n in types:
        if pl.hand.count(a) < n:
            return False
    return True


def _alternatives(key: str) -> list[list[str]]:
    if key in GOODS:
        return [[key]]
    if key == "resource":
        return [[r] for r in RESOURCES]
    if key == "commodity_any":
        return [[c] for c in COMMODITIES]
    if key == "commodity_not_bliss":
        return [[c] for c in COMMODITIES if c != "bliss"]
    if key == "artifact":
        return [[f"art:{a}"] for a in ARTIFACT_TYPES]
    if key.startswith("artifact_"):
        return [[f"art:{key[9:]}"]]
    raise KeyError(key)


_NO_COST: dict = {}


def space_cost(s: Optional[EuphoriaState], sp: str) -> dict:
    """A space's cost; ``s`` may be None for any space but a market (whose cost is its tile's)."""
    if sp.startswith("MKT_"):
        assert s is not None  # a market's cost depends on the game: always asked with a state
        return MARKETS[s.site_tile["SITE_" + sp[4:]]].visit_cost
    return SPACES[sp].cost or _NO_COST  # one empty dict: ``plain_need`` keeps its compilations by id


def artifact_set_options(s: EuphoriaState, p: int, n_any: int, pairs: bool) -> list[list[str]]:
    """'n cards of any types, or 2 identical' (§15, §19) from p's hand."""
    hand = sorted(s.p[p].hand)
    out = {tuple(c) for c in combinations(hand, n_any)}
    if pairs:
        out |= {(a, a) for a in set(hand) if hand.count(a) >= 2}
    return [[f"art:{a}" for a in c] for c in sorted(out)]


def pay_options(s: EuphoriaState, p: int, sp: str) -> list[str]:
    """P2: every distinct way p can pay for ``sp`` (keys of sorted tokens: goods, ``art:X``,
    ``k+N`` knowledge gained, ``m-N`` morale lost, ``@name`` substitutions used)."""
    pl = s.p[p]
    return sorted({",".join(sorted(toks)) for toks in _payments(s, p, sp) if _affordable(pl, toks)})


def _can_pay_somehow(s: EuphoriaState, p: int, sp: str, fns: Optional[list] = None) -> bool:
    """``bool(pay_options(s, p, sp))``, stopping at the first affordable payment (``fns``: as
    for ``_payments``). When the tracks cannot take what every payment adds (``extra``: Kadan's
    knowledge, Brian's morale in Icarus) there is none: a payment's other tokens only add to
    the knowledge gained and the morale lost."""
    pl = s.p[p]
    parts = _payment_parts(s, p, sp, fns)
    k = m = 0
    for tok in parts[2]:
        if tok.startswith("k+"):
            k += int(tok[2:])
        elif tok.startswith("m-"):
            m += int(tok[2:])
    if pl.knowledge + k > KNOW_MAX or pl.morale - m < 1:
        return False
    for toks in _combined(*parts):
        if _affordable(pl, toks):
            return True
    return False


def _cost_fns(s: EuphoriaState, p: int) -> list:
    """The ``cost`` hooks of p's recruits that work now (``hook``), in recruit id order."""
    out = []
    for rid in sorted(s.p[p].active):
        h = hook(s, p, rid, "cost")
        if h:
            out.append(h)
    return out


def _payments(s: EuphoriaState, p: int, sp: str, fns: Optional[list] = None):
    """The token lists of ``pay_options`` before the check that p holds them: the printed cost's
    alternatives, with every active recruit's ``cost`` hook applied (in recruit id order).
    ``fns``: ``_cost_fns(s, p)`` when the caller has it (a hook only adds to the cost's
    alternatives: none changes the state, so the list holds for every space of a position)."""
    return _combined(*_payment_parts(s, p, sp, fns))


def _payment_parts(s: EuphoriaState, p: int, sp: str, fns: Optional[list]) -> tuple:
    """What ``_payments`` combines: (cost, per-slot alternatives, tokens added to every
    payment, whole payments of an 'any n artifacts' cost), the hooks applied."""
    cost = space_cost(s, sp)
    slots: list[list[list[str]]] = []
    extra: list[str] = []
    whole: list[list[str]] = []
    ctx: dict[str, Any] = {"bumps_other": SPACES[sp].type == "temporary"
                           and any(q != p for q, _ in occupants(s, sp))}
    if "artifacts_any" in cost:
        pairs = not suffers_kind(s, p, "no_artifact_pairs")
        whole = artifact_set_options(s, p, cost["artifacts_any"], pairs)
    elif "resources_any" in cost:
        slots = [_alternatives("resource") for _ in range(cost["resources_any"])]
    else:
        for key, n in cost.items():
            slots += [_alternatives(key) for _ in range(n)]
    for h in _cost_fns(s, p) if fns is None else fns:
        h(s, p, sp, slots, extra, ctx)
    whole += ctx.get("whole", [])
    return cost, slots, extra, whole


def _combined(cost: dict, slots: list, extra: list, whole: list):
    if "artifacts_any" in cost:
        for c in whole:
            yield c + extra
    elif slots:
        for c in product(*slots):
            yield sum(c, []) + extra
    else:
        yield extra[:]


def _affordable(pl: PlayerState, toks: list[str]) -> bool:
    need: dict[str, int] = {}
    k = m = 0
    for tok in toks:
        if tok.startswith("@"):
            continue
        if tok.startswith("k+"):
            k += int(tok[2:])
        elif tok.startswith("m-"):
            m += int(tok[2:])
        else:
            need[tok] = need.get(tok, 0) + 1
    if pl.knowledge + k > KNOW_MAX or pl.morale - m < 1:
        return False
    for tok, n in need.items():
        if tok.startswith("art:"):
            if pl.hand.count(tok[4:]) < n:
                return False
        elif pl.goods[tok] < n:
            return False
    return True


def pay(s: EuphoriaState, p: int, key: str) -> None:
    pl = s.p[p]
    for tok in key.split(",") if key else []:
        if tok.startswith("@"):
            continue
        if tok.startswith("k+"):
            knowledge(s, p, int(tok[2:]))
        elif tok.startswith("m-"):
            morale(s, p, -int(tok[2:]))
        elif tok.startswith("art:"):
            pl.hand.remove(tok[4:])
            s.art_discard.append(tok[4:])
        else:
            pl.goods[tok] -= 1
