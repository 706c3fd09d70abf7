"""Euphoria's rules: set-up (§4, §22), the turn (§5), placement (§6, §23.3), bumps (B1-B4),
roll events and the knowledge check (§7, §23.6), retrieval (§11, §23.4), spaces (§10-§16),
stars and allegiance (§17-§18), the dilemma (§19), the end (§21) and trading (§23.5).

Resolution is a stack of tasks (see ``state.py``). ``STEP[kind](s, t)`` performs a task: it
returns None when done (after popping itself, possibly pushing follow-up tasks), or the list
of option keys when the player ``t["p"]`` must choose; ``RESOLVE[kind](s, t, key)`` carries
out the chosen key. A choice with a single option is no choice and is taken at once, except
an answer to a trade (``ASKED``). The "turn" task is answered with structured actions (Place, Retrieve, ResolveDilemma, Trade,
EndTurn) instead of keys.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product
from typing import Any, Callable, Optional

from engines.core.i18n import player
from engines.core.rng import Rng

from .actions import Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .actions import choose as _choose, end_turn as _end_turn, places as _places, resolve_dilemma as _resolve_dilemma, retrieve as _retrieve, trade as _trade
from .components import (ICARUS_SPACES, ARTIFACT_DECK, ARTIFACT_MARKETS, ARTIFACT_TYPES, COMMODITIES,
                         COMMODITY_AREAS, DILEMMA_IDS, DILEMMAS, FACTIONS, GOODS, KNOW_MAX,
                         KNOW_START, KNOWLEDGE_LIMIT, MARKET_IDS, MARKETS, MORALE_START,
                         RECRUIT_IDS, RECRUITS, RECRUITS_DEALT, RESOURCES, SITE_FACTION,
                         SITE_SPACES, SITES, SPACE_SITE, SPACES, STARS, THRESHOLD,
                         TUNNEL_COMPLETE, TUNNEL_ENDS, TUNNEL_RESOURCE, TUNNELS, WORKER_SPACES,
                         WORKERS_MAX, WORKERS_START, YIELD)
from .effects import (ability_on, activate, advance_miner, ally, available, controlled,
                      faction_revealed, gain, has_active_faction, knowledge, lose_worker, morale, note,
                      occupants, order_from, push, task)
from .markets import (KIND, placement_forbidden, roll_penalty_values, suffers, suffers_kind)
from .recruits import card, hook, triggered
from .state import EuphoriaOptions, EuphoriaState, PlayerState
from . import texts
from .texts import T

STEP: dict[str, Callable[[EuphoriaState, dict], Optional[list[str]]]] = {}
RESOLVE: dict[str, Callable[[EuphoriaState, dict, str], None]] = {}
STRUCTURED = {"turn"}
# Decisions always put to their player, even with one option: a partner who cannot accept a
# trade (lacking the artifact asked for) still answers "refuse" by hand, so the proposer cannot
# tell from an instant refusal what the partner's secret hand holds (§23.5, hidden information).
ASKED = {"trade_answer"}


def step(kind: str):
    def deco(fn):
        STEP[kind] = fn
        return fn
    return deco


def resolve(kind: str):
    def deco(fn):
        RESOLVE[kind] = fn
        return fn
    return deco


def run(s: EuphoriaState) -> None:
    """Perform tasks until a player must choose or the game is over."""
    while s.tasks and s.phase != "over":
        t = s.tasks[-1]
        opts = STEP[t["k"]](s, t)
        if opts is None:
            continue
        if len(opts) == 1 and t["k"] not in STRUCTURED and t["k"] not in ASKED:
            RESOLVE[t["k"]](s, t, opts[0])
            continue
        t["opts"] = opts
        return


def done(s: EuphoriaState) -> None:
    s.tasks.pop()


# ============================================ SET-UP (§4, §22) ============================

def setup(players: int, seed: int, options: EuphoriaOptions) -> EuphoriaState:
    """§4: tracks, markets, decks, dilemmas, dice and the first player; the players' set-up
    choices (recruits, and the variants' choices) are pending tasks."""
    rng = Rng.from_seed(seed)
    tiles = list(MARKET_IDS)
    rng.shuffle(tiles)
    recruits = list(RECRUIT_IDS)
    rng.shuffle(recruits)
    arts = list(ARTIFACT_DECK)
    rng.shuffle(arts)
    dilemmas = list(DILEMMA_IDS)
    rng.shuffle(dilemmas)
    ps = []
    for i in range(players):
        ps.append(PlayerState(dice=[1] * WORKERS_MAX,
                              where=["avail"] * WORKERS_START + ["pool"] * (WORKERS_MAX - WORKERS_START),
                              morale=MORALE_START, knowledge=KNOW_START, stars=STARS,
                              dilemma=dilemmas.pop()))
    s = EuphoriaState(players=players, seed=seed, rng=rng, options=options, p=ps,
                      allegiance={f: 0 for f in FACTIONS}, miners={f: 0 for f in TUNNELS.values()},
                      site_tile={}, built={site: 0 for site in SITES},
                      tile_stars={site: [] for site in SITES},
                      territory={f: [0] * players for f in FACTIONS},
                      art_deck=arts, recruit_deck=[], dilemma_deck=dilemmas)
    # §4.9: first player by the highest 2-dice total; ties at random (D-21); not a roll event (D-35).
    totals = []
    for pl in ps:
        for d in range(WORKERS_START):
            pl.dice[d] = rng.randint(1, 6)
        totals.append(sum(pl.dice[:WORKERS_START]))
    best = [i for i, t in enumerate(totals) if t == max(totals)]
    s.first_player = s.current = best[0] if len(best) == 1 else rng.choice(best)
    tasks = []
    # §4.2 (or §22 market selection).
    if options.market_selection:
        for pl in ps:
            pl.tiles_dealt = [tiles.pop(), tiles.pop()]
        s.market_pile = tiles
        tasks += [task("mkt_keep", i) for i in range(players)] + [task("mkt_deal", 0)]
    else:
        for site in SITES:
            s.site_tile[site] = tiles.pop()
        s.markets_out = tiles
    # §4.7 (or §22 recruit draft).
    for pl in ps:
        hand = [recruits.pop() for _ in range(RECRUITS_DEALT)]
        if options.recruit_draft:
            pl.pack = hand
        else:
            pl.dealt = hand
    s.recruit_deck = recruits
    if options.recruit_draft:
        for _ in range(RECRUITS_DEALT):
            tasks += [task("draft", i) for i in range(players)] + [task("draft_pass", 0)]
    tasks += [task("keep", i) for i in range(players)]
    if options.morale_knowledge_placement:
        start = rng.below(players)  # D-21: "oldest player" -> a random player
        tasks += [task("track_place", q) for _ in range(2) for q in order_from(s, start)]
    tasks.append(task("start_game", s.first_player))
    push(s, *tasks)
    run(s)
    return s


@step("mkt_keep")
def _mkt_keep(s, t):
    return [f"keep:{x}" for x in s.p[t["p"]].tiles_dealt]


@resolve("mkt_keep")
def _mkt_keep_r(s, t, o):
    pl = s.p[t["p"]]
    pl.kept_tile = o.split(":", 1)[1]
    s.markets_out += [x for x in pl.tiles_dealt if x != pl.kept_tile]
    pl.tiles_dealt = []
    done(s)


@step("mkt_deal")
def _mkt_deal(s, t):
    """§22 market selection: kept tiles + set-aside tiles up to 6, shuffled onto the sites."""
    done(s)
    six = [pl.kept_tile for pl in s.p]
    while len(six) < len(SITES):
        six.append(s.market_pile.pop())
    s.markets_out += s.market_pile
    s.market_pile = []
    s.rng.shuffle(six)
    for site in SITES:
        s.site_tile[site] = six.pop()
    return None


@step("draft")
def _draft(s, t):
    return [f"pick:{r}" for r in sorted(s.p[t["p"]].pack)]


@resolve("draft")
def _draft_r(s, t, o):
    pl = s.p[t["p"]]
    rid = o.split(":", 1)[1]
    pl.pack.remove(rid)
    pl.dealt.append(rid)
    done(s)


@step("draft_pass")
def _draft_pass(s, t):
    """§22 draft: pass the rest of the pack to the left (the next player clockwise)."""
    done(s)
    packs = [pl.pack for pl in s.p]
    for i, pl in enumerate(s.p):
        pl.pack = packs[(i - 1) % s.players]
    return None


@step("keep")
def _keep(s, t):
    """§4.7: keep 2 of the 4 recruits, 1 active and 1 hidden; the other 2 are out of the game."""
    d = sorted(s.p[t["p"]].dealt)
    return [f"{a}>{h}" for a in d for h in d if a != h]


@resolve("keep")
def _keep_r(s, t, o):
    pl = s.p[t["p"]]
    a, h = o.split(">")
    pl.active, pl.hidden = [a], [h]
    s.recruits_out += sorted(r for r in pl.dealt if r not in (a, h))
    pl.dealt = []
    done(s)


@step("track_place")
def _track_place(s, t):
    """§22 morale/knowledge placement: one token on an unoccupied space of its track (D-31)."""
    p = t["p"]
    pl = s.p[p]
    out = []
    for track in ("morale", "knowledge"):
        if track in pl.placed_tokens:
            continue
        taken = {getattr(q, track) for i, q in enumerate(s.p) if i != p and track in q.placed_tokens}
        out += [f"{track}:{v}" for v in range(1, 7) if v not in taken]
    return out


@resolve("track_place")
def _track_place_r(s, t, o):
    track, v = o.split(":")
    pl = s.p[t["p"]]
    setattr(pl, track, int(v))
    pl.placed_tokens.append(track)
    done(s)


@step("start_game")
def _start_game(s, t):
    done(s)
    s.phase = "play"
    s.current = s.first_player
    for q in range(s.players):
        for rid in s.p[q].active:
            note(s, f"Player {q + 1} starts with {RECRUITS[rid].name}")
    begin_turn(s)
    return None


# ============================================ THE TURN (§5, §23.2) ========================

def begin_turn(s: EuphoriaState) -> None:
    """T1: clear the per-turn flags and record the active player's matched groups (§5)."""
    for pl in s.p:
        pl.lost_this_turn = pl.geek_used = pl.gambler_used = False
    s.shown = {}
    p = s.current
    vals: dict[int, list[int]] = {}
    for d in available(s, p):
        vals.setdefault(s.p[p].dice[d], []).append(d)
    s.turn = {"placed": 0, "groups": {str(v): ds for v, ds in vals.items() if len(ds) >= 2},
              "group": [], "used": [], "chase": None}
    push(s, task("turn", p))


@step("next_turn")
def _next_turn(s, t):
    """T4 then the next player's T1. T4 (§23.2, D-46): with trading on, the active player may
    still trade after the turn's action (last placement, retrieval or dilemma), then ends the
    turn; the 'turn' decision comes back in its *ended* form (only trades or End turn)."""
    if s.options.trading and s.turn and not s.turn.get("ended"):
        s.turn["ended"] = True
        push(s, task("turn", t["p"]))
        return None
    done(s)
    s.current = (s.current + 1) % s.players
    begin_turn(s)
    return None


def follow_up_dice(s: EuphoriaState) -> list[int]:
    """§5: the chosen matched group's workers still available and not yet placed; none under
    the Fountain (D-14)."""
    p = s.current
    if suffers_kind(s, p, "max_one_placement_per_turn"):
        return []
    return [d for d in s.turn["group"] if d not in s.turn["used"] and s.p[p].where[d] == "avail"]


def legal_spaces(s: EuphoriaState, p: int, die: int) -> list[str]:
    """Spaces ``die`` may go on (legality does not depend on the die's value): exactly those
    ``space_open`` finds open, in ``WORKER_SPACES`` order, by the same checks in one pass.

    Whether p holds a cost as printed (``_need_met``) is asked once per distinct cost: the 49
    spaces have about a dozen (``_plain_need`` gives equal costs one compiled object), and the
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
    ctx = _player_ctx(s, p)
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
            need = _plain_need(MARKETS[site_tile[key]].visit_cost)
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
            plain = met[id(need)] = _need_met(pl, need, pairs)
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
    its faction), 3 any other; the branches of ``space_open``."""
    if not _PLAN:
        for sp in WORKER_SPACES:
            sd = SPACES[sp]
            if sd.type == "fixed":
                _PLAN.append((sp, 0, SPACE_SITE[sp], _plain_need(space_cost(None, sp))))
            elif sp[0] == "M" and sp.startswith("MKT_"):
                _PLAN.append((sp, 1, "SITE_" + sp[4:], None))
            elif sp in TUNNEL_ENDS:
                _PLAN.append((sp, 2, TUNNEL_ENDS[sp], _plain_need(space_cost(None, sp))))
            else:
                _PLAN.append((sp, 3, None, _plain_need(space_cost(None, sp))))
    return _PLAN


def turn_actions(s: EuphoriaState) -> list[Any]:
    """The structured actions of the 'turn' decision (T2/T3)."""
    p = s.current
    tn = s.turn
    acts: list[Any] = []
    if tn.get("ended"):  # T4: trade, then end the turn
        return trade_actions(s, p) + [_end_turn()]
    if tn.get("chase") is not None:
        d = tn["chase"]
        return (_places(d, legal_spaces(s, p, d)) + trade_actions(s, p)
                + [_choose("skip_chase")])  # §23.5: trades also between two placements
    if tn["placed"] == 0:
        seen = set()
        dice = []
        for d in available(s, p):
            v = s.p[p].dice[d]
            # Workers of equal value are one choice: before the first placement every available
            # worker of a value is in the same matched group (§5), so placing one or another
            # leaves the same position (same value placed, same follow-ups).
            if v not in seen:
                seen.add(v)
                dice.append(d)
        if dice:
            spaces = legal_spaces(s, p, dice[0])
            for d in dice:
                acts += _places(d, spaces)
        acts += retrieve_actions(s, p)
        if can_resolve_dilemma(s, p):
            acts.append(_resolve_dilemma())
        if acts:
            acts += trade_actions(s, p)
        else:
            acts.append(_end_turn())  # D-18: nothing legal, pass
        return acts
    ds = follow_up_dice(s)
    if ds:  # the group's remaining workers show one value and are all available: one choice
        acts += _places(ds[0], legal_spaces(s, p, ds[0]))
    if acts:
        acts += trade_actions(s, p)
    acts.append(_end_turn())
    return acts


@step("turn")
def _turn(s, t):
    tn = s.turn
    p = s.current
    if tn.get("ended"):
        return ["*"]
    if tn["placed"] > 0:
        if tn.get("chase") is not None:
            d = tn["chase"]
            if s.p[p].where[d] != "avail" or not legal_spaces(s, p, d):
                tn["chase"] = None
        if tn.get("chase") is None:
            ds = follow_up_dice(s)
            if not ds or not legal_spaces(s, p, ds[0]):
                done(s)
                push(s, task("next_turn", p))
                return None
    return ["*"]


def play_turn_action(s: EuphoriaState, a: Any) -> None:
    p = s.current
    if isinstance(a, Place):
        if s.turn.get("chase") is not None:
            s.turn["chase"] = None
        elif s.turn["placed"] == 0:
            v = s.p[p].dice[a.die]
            s.turn["group"] = s.turn["groups"].get(str(v), [])
        start_placement(s, p, a.die, a.space)
    elif isinstance(a, Choose):  # skip_chase
        s.turn["chase"] = None
    elif isinstance(a, EndTurn):
        done(s)
        if not s.turn.get("ended"):
            s.turn["ended"] = True  # an explicit End turn after trades offered at T3 is final
            push(s, task("next_turn", p))
    elif isinstance(a, Retrieve):
        done(s)
        start_retrieval(s, p, a)
    elif isinstance(a, ResolveDilemma):
        done(s)
        push(s, task("dil_pay", p), task("dil_side", p), task("hand_limit_all", p), task("end_check", p),
             task("next_turn", p))
    elif isinstance(a, Trade):
        push(s, task("trade_build", p, partner=a.partner, give=[], get=[]))
    run(s)


# ============================================ PLACING (§6, §23.3) =========================

def occupancy(s: EuphoriaState) -> dict[str, list[tuple[int, int]]]:
    occ: dict[str, list[tuple[int, int]]] = {}
    for q, pl in enumerate(s.p):
        for d, w in enumerate(pl.where):
            if w != "avail" and w != "pool":
                occ.setdefault(w, []).append((q, d))
    return occ


def suffered_tiles(s: EuphoriaState, p: int) -> set[str]:
    """The tiles whose penalty p suffers now (§14)."""
    return {s.site_tile[site] for site in SITES if s.built[site] == 2 and p not in s.tile_stars[site]}


def space_open(s: EuphoriaState, p: int, sp: str, occ: dict, ctx: Optional[dict] = None,
               explain: bool = True) -> Any:
    """P1 for any worker of p: type and vacancy, market built, tunnel end, penalties, cost.
    ``ctx`` caches what does not depend on the space (see ``_player_ctx``)."""
    if ctx is None:
        ctx = _player_ctx(s, p)
    sd = SPACES.get(sp)
    if sd is None or sd.type == "turn_action":
        return T("That is not a space where a worker can go.")
    if sd.type == "fixed":
        if s.built[SPACE_SITE[sp]]:
            return T("The market of {site} is already built: its construction spaces are closed.",
                       site=texts.site(SPACE_SITE[sp]))
        if sp in occ:
            return T("A construction space holds one worker, and {space} is taken.", space=texts.space(sp))
    elif sp[0] == "M" and sp.startswith("MKT_") and s.built["SITE_" + sp[4:]] != 2:
        return T("The market of {site} is not built yet.", site=texts.site("SITE_" + sp[4:]))
    elif sp in TUNNEL_ENDS:
        f = TUNNEL_ENDS[sp]
        if s.miners[f] < TUNNEL_COMPLETE:
            return T("The {faction} Tunnel is not complete: its exclusive space opens when the miner reaches {n}.",
                       faction=texts.faction(f), n=TUNNEL_COMPLETE)
        if not has_active_faction(s, p, f) and not ctx["kadan"]:
            return T("Only a player with an active {faction} recruit may use the {faction} Tunnel’s exclusive space.",
                       faction=texts.faction(f))
    for forbid in ctx["forbids"]:
        why = forbid(s, p, 0, sp)
        if why:
            return why
    if not can_pay(s, p, sp, ctx):
        return _cost_refusal(s, p, sp, ctx) if explain else True
    return None


def _player_ctx(s: EuphoriaState, p: int) -> dict:
    """What p's placements share, whatever the space: the penalties' ``forbid`` checks p
    suffers (in tile order), whether a pair may pay for 'any n artifacts', and p's recruits
    whose ``cost`` hook works now (``hook``: active, and no Academy penalty on p)."""
    from .markets import PENALTIES
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
            "cost_fns": [card(s, rid).hooks["cost"] for rid in sorted(cost_rids)],  # ``_cost_fns``
            "kadan": kadan,
            "brian": brian}


ICARUS = frozenset(ICARUS_SPACES)


def _cost_refusal(s: EuphoriaState, p: int, sp: str, ctx: dict):
    """Why p cannot pay for ``sp``: the Courthouse's extra card, the missing pair rule, Kadan's
    or Brian's extra cost, or simply the printed cost."""
    from .labels import cost_words
    cost = space_cost(s, sp)
    if sp in ARTIFACT_MARKETS and not ctx["pairs"]:
        return T("You cannot pay for {space}: you need 3 artifact cards, since the {market} penalty forbids paying with a pair.",
                   space=texts.space(sp), market=texts.market(KIND["no_artifact_pairs"]))
    if sp in TUNNEL_ENDS and ctx["kadan"] and not has_active_faction(s, p, TUNNEL_ENDS[sp]):
        return T("You cannot pay for {space} with Kadan the Infiltrator’s extra cost.", space=texts.space(sp))
    if ctx["brian"] and sp in ICARUS:
        return T("You cannot pay for {space} with Brian the Viticulturist’s extra cost.", space=texts.space(sp))
    return T("You cannot pay for {space}: it costs {cost}.", space=texts.space(sp), cost=cost_words(cost))


def can_place(s: EuphoriaState, p: int, die: int, sp: str) -> Optional[str]:
    """P1: why ``die`` of p may not go on ``sp`` now, or None if it may."""
    if not (0 <= die < len(s.p[p].where)) or s.p[p].where[die] != "avail":
        return _worker_refusal(s, p, die)
    return space_open(s, p, sp, occupancy(s))


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


def _plain_need(cost: dict) -> tuple:
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
    return _need_met(s.p[p], _plain_need(space_cost(s, sp)), ctx["pairs"])


def _need_met(pl: PlayerState, need: tuple, pairs: bool) -> bool:
    """Whether ``pl`` holds a compiled cost (``_plain_need``), with no recruit's substitution;
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


def space_cost(s: EuphoriaState, sp: str) -> dict:
    if sp.startswith("MKT_"):
        return MARKETS[s.site_tile["SITE_" + sp[4:]]].visit_cost
    return SPACES[sp].cost or _NO_COST  # one empty dict: ``_plain_need`` keeps its compilations by id


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


def start_placement(s: EuphoriaState, p: int, die: int, sp: str) -> None:
    """P1: fix tier-1/2 eligibility (D-38) and the recruits active now (D-39); then P2-P8."""
    f = SPACES[sp].faction
    registry = suffers_kind(s, p, "no_allegiance_tier_bonuses")
    elig = (f is not None and has_active_faction(s, p, f) and not registry)
    s.pl = {"p": p, "die": die, "space": sp, "active0": sorted(s.p[p].active), "bumped": None,
            "t1": bool(elig and s.allegiance[f] >= 2), "t2": bool(elig and s.allegiance[f] >= 5)}
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


@step("reward")
def _reward(s, t):
    """P4: the space's reward (§10-§16, §20)."""
    done(s)
    p, d, sp = t["p"], s.pl["die"], s.pl["space"]
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


@step("art_star")
def _art_star(s, t):
    """§15: the star goes to the faction's territory or onto a built tile of that faction
    without the placer's star (D-16)."""
    p, f = t["p"], t["faction"]
    if s.p[p].stars <= 0:
        done(s)
        return None
    out = []
    if sum(s.territory[f]) < s.players:
        out.append("territory")
    out += [f"tile:{site}" for site in SITES if SITE_FACTION[site] == f and s.built[site] == 2
            and p not in s.tile_stars[site]]
    if not out:
        done(s)
        return None
    return out


@resolve("art_star")
def _art_star_r(s, t, o):
    done(s)
    if o == "territory":
        push(s, task("star", t["p"], where="territory", faction=t["faction"]))
    else:
        push(s, task("star", t["p"], where="tile", site=o.split(":")[1]))


@step("star")
def _star(s, t):
    """§17: place one star (if the player has one and there is room), then Theater (D-15), the
    Icarite tier-2 draw (§16) and Esme (D-41)."""
    done(s)
    p = t["p"]
    pl = s.p[p]
    if pl.stars <= 0:
        return None
    w = t["where"]
    if w == "territory":
        f = t["faction"]
        if sum(s.territory[f]) >= s.players:
            return None
        s.territory[f][p] += 1
        where = f"{f.capitalize()} territory"
    elif w == "tile":
        if p in s.tile_stars[t["site"]]:
            return None
        s.tile_stars[t["site"]].append(p)
        where = MARKETS[s.site_tile[t["site"]]].name
    elif w == "recruit":
        pl.recruit_stars.append(t["rid"])
        where = RECRUITS[t["rid"]].name
    else:
        pl.dilemma_star = True
        where = "the dilemma card"
    pl.stars -= 1
    note(s, f"Player {p + 1} places a star on {where}")
    if suffers_kind(s, p, "knowledge_per_star"):
        knowledge(s, p, MARKETS[KIND["knowledge_per_star"]].penalty_effect.value)
    tasks = []
    if t.get("ica") and w == "territory" and t.get("faction") == "icarite":
        tasks.append(task("draw", p, n=1, plain=False))
    tasks.append(task("hooks", p, hook="star", done=[]))
    push(s, *tasks)
    return None


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


# ============================================ ROLL EVENTS (§7, §23.6) =====================

@step("roll")
def _roll(s, t):
    """E1-E4: values, roll penalties, knowledge check, other players' roll triggers."""
    done(s)
    p = t["p"]
    pl = s.p[p]
    pens = roll_penalty_values(s, p)
    losses = 0
    for d in t["dice"]:
        v = t["preset"].get(str(d))
        pl.dice[d] = v if v is not None else s.rng.randint(1, 6)
        if pl.dice[d] in pens:
            losses += 1
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


# ============================================ ABILITIES, DRAWS, GOODS =====================

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


def draw_one(s: EuphoriaState, p: int) -> Optional[str]:
    """Draw 1 card; an empty deck is rebuilt from the discards (§4.4); both empty: skipped (D-45)."""
    if not s.art_deck:
        if not s.art_discard:
            return None
        s.art_deck = s.art_discard
        s.art_discard = []
        s.rng.shuffle(s.art_deck)
    c = s.art_deck.pop()
    s.p[p].hand.append(c)
    return c


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
    draw_one(s, p)
    t["n"] -= 1
    return None


@resolve("draw")
def _draw_r(s, t, o):
    t.pop("opts", None)
    t["n"] -= 1
    if o == "draw":
        draw_one(s, t["p"])
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


@step("bradley")
def _bradley(s, t):
    """Bradley the Futurist: draw 2, then discard 1 of those 2."""
    p = t["p"]
    if "drawn" not in t:
        t["drawn"] = [c for c in (draw_one(s, p), draw_one(s, p)) if c is not None]
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
    done(s)
    p = t["p"]
    drawn = [c for c in (draw_one(s, p), draw_one(s, p), draw_one(s, p)) if c is not None]
    keep = next((a for a in drawn if drawn.count(a) >= 2), None)
    for c in drawn:
        if c != keep:
            s.p[p].hand.remove(c)
            s.art_discard.append(c)
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


# ============================================ HAND LIMIT, END =============================

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


@step("end_check")
def _end_check(s, t):
    """P8/R8 (§21, D-50): players with no stars left have won; several: tie-breaks."""
    done(s)
    finished = [q for q in range(s.players) if s.p[q].stars == 0]
    if finished:
        s.winners = tie_break(s, finished)
        s.phase = "over"
        s.tasks = []
        note(s, "The game is over")
    return None


def tie_break(s: EuphoriaState, tied: list[int]) -> list[int]:
    """§21: morale (high), knowledge (low), market tiles with a star (most), territories with a
    star (most), then roll-offs of all controlled dice + knowledge, lowest wins (D-22)."""
    def key(q: int):
        pl = s.p[q]
        tiles = sum(1 for site in SITES if q in s.tile_stars[site])
        terrs = sum(1 for f in FACTIONS if s.territory[f][q] > 0)
        return (-pl.morale, pl.knowledge, -tiles, -terrs)
    best = min(key(q) for q in tied)
    tied = [q for q in tied if key(q) == best]
    while len(tied) > 1:
        rolls = {q: sum(s.rng.randint(1, 6) for _ in range(controlled(s, q))) + s.p[q].knowledge for q in tied}
        low = min(rolls.values())
        tied = [q for q in tied if rolls[q] == low]
    return tied


# ============================================ RETRIEVAL (§11, §23.4) ======================

def retrieve_actions(s: EuphoriaState, p: int) -> list[Retrieve]:
    pl = s.p[p]
    on_board = [d for d, w in enumerate(pl.where) if w not in ("avail", "pool")]
    if not on_board:
        return []
    pays = ["free"]
    if pl.goods["food"] >= 1:
        pays.append("food")
    if pl.goods["bliss"] >= 1:
        pays.append("bliss")
    if pl.goods["energy"] >= 1 and ability_on(s, p, "jefferson_the_shock_artist"):
        pays.append("energy")
    out = []
    seen = set()
    where, dice = pl.where, pl.dice
    worker = {d: (where[d], dice[d]) for d in on_board}
    for n in range(1, len(on_board) + 1):
        for ds in combinations(on_board, n):
            # workers of equal value on the same space are interchangeable (as for Place)
            sig = tuple(sorted([worker[d] for d in ds]))
            if sig in seen:
                continue
            seen.add(sig)
            for x in pays:
                out.append(_retrieve(ds, x))
    return out


def start_retrieval(s: EuphoriaState, p: int, a: Retrieve) -> None:
    """R1-R8."""
    pl = s.p[p]
    s.ret = {"dice": sorted(a.dice), "origins": [pl.where[d] for d in sorted(a.dice)], "pay": a.pay,
             "gidget": False, "preset": {}}
    for d in a.dice:
        pl.where[d] = "avail"
    if a.pay != "free":
        pl.goods[a.pay] -= 1
    note(s, f"Player {p + 1} retrieves {len(a.dice)} worker(s) ({a.pay})")
    tasks = []
    if a.pay == "bliss":
        tasks.append(task("hooks", p, hook="paid_bliss", done=[]))
    tasks += [task("ret_track", p), task("hooks", p, hook="sacrifice", done=[])]
    if a.pay == "free":
        tasks.append(task("hooks", p, hook="free_retrieval", done=[]))
    tasks += [task("ret_roll", p), task("hooks", p, hook="retrieved", done=[]),
              task("hand_limit_all", p), task("end_check", p), task("next_turn", p)]
    push(s, *tasks)


@step("ret_track")
def _ret_track(s, t):
    """R3: paid → morale +2 (Gidget: knowledge −2; Jefferson: knowledge −1, morale +1); free →
    morale −1 (Cafeteria: −2; Yordy 1st printing: 0 with exactly 2 workers)."""
    done(s)
    p = t["p"]
    pay_ = s.ret["pay"]
    if pay_ == "energy":
        knowledge(s, p, -1)
        morale(s, p, 1)
    elif pay_ != "free":
        if s.ret.get("gidget"):
            knowledge(s, p, -2)
        else:
            morale(s, p, 2)
    else:
        loss = 1
        if suffers_kind(s, p, "free_retrieval_morale_loss"):
            loss = MARKETS[KIND["free_retrieval_morale_loss"]].penalty_effect.value
        if hook(s, p, "yordy_the_demotivator", "free_no_loss") and controlled(s, p) == 2:
            loss = 0
        morale(s, p, -loss)
    return None


@step("ret_roll")
def _ret_roll(s, t):
    done(s)
    if s.ret["dice"]:
        push(s, task("roll", t["p"], dice=list(s.ret["dice"]), preset=dict(s.ret.get("preset", {}))))
    return None


# ============================================ DILEMMA (§19) ===============================

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
        drawn = [s.recruit_deck.pop() for _ in range(n)]
        if drawn:
            push(s, task("dil_keep", p, drawn=drawn))


@step("dil_keep")
def _dil_keep(s, t):
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


# ============================================ TRADING (§23.5, D-46) =======================

def trade_actions(s: EuphoriaState, p: int) -> list[Trade]:
    if not s.options.trading:
        return []
    def has(q: int) -> bool:
        return bool(s.p[q].hand) or any(s.p[q].goods.values())
    # a proposal needs at least one item from one side: nothing to trade, no offer
    mine = has(p)
    return [_trade(q) for q in range(s.players) if q != p and (mine or has(q))]


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


def hooks_doc() -> dict[str, Any]:
    return {"steps": sorted(STEP), "resolves": sorted(RESOLVE)}


def _worker_refusal(s: EuphoriaState, p: int, die: int):
    """Why p's worker ``die`` cannot be placed: it does not exist, is not p's yet, or is on the board."""
    pl = s.p[p]
    if not (0 <= die < len(pl.where)):
        return T("There is no such worker: a player has at most {n}.", n=len(pl.where))
    if pl.where[die] == "pool":
        return T("That worker is not yours yet: new workers come from the Worker Activation Tank.")
    return T("That worker is already on {space}: retrieve it before placing it again.",
               space=texts.space(pl.where[die]))


def _trade_refusal(s: EuphoriaState, p: int, a: Trade):
    """Why p cannot propose a trade to ``a.partner`` (``trade_actions``)."""
    if not s.options.trading:
        return T("Trading between players is off in this game.")
    if a.partner == p:
        return T("You cannot trade with yourself: choose another player.")
    if not (0 <= a.partner < s.players):
        return T("There are only {n} players at this table: trade with one of them.", n=s.players)
    return T("Neither you nor {partner} has anything to trade.", partner=player(a.partner))


def _retrieve_refusal(s: EuphoriaState, p: int, a: Retrieve):
    """Why p cannot make the retrieval ``a`` (``retrieve_actions``)."""
    pl = s.p[p]
    if not a.dice:
        return T("Name at least one worker to retrieve.")
    if any(not (0 <= d < len(pl.where)) for d in a.dice):
        return T("There is no such worker: a player has at most {n}.", n=len(pl.where))
    if any(pl.where[d] == "pool" for d in a.dice):
        return T("That worker is not yours yet: new workers come from the Worker Activation Tank.")
    if any(pl.where[d] == "avail" for d in a.dice):
        return T("Only workers on the board can be retrieved: that one is already available.")
    if a.dice != sorted(set(a.dice)):
        return T("Name each worker to retrieve once, in order.")
    if a.pay == "energy" and not ability_on(s, p, "jefferson_the_shock_artist"):
        return T("Only Jefferson the Shock Artist lets you pay energy to retrieve.")
    if a.pay != "free" and pl.goods[a.pay] < 1:
        return T("You have no {good} to pay for the retrieval.", good=texts.good(a.pay))
    return T("Workers of equal value on the same space are interchangeable: name the first ones.")


def check_turn_action(s: EuphoriaState, a: Any) -> Optional[str]:
    """Why ``a`` is not a legal answer to the 'turn' decision (agrees with ``turn_actions``)."""
    p = s.current
    tn = s.turn
    pl = s.p[p]
    if isinstance(a, ResolveDilemma) and pl.dilemma_done:  # never again, whatever the turn's stage
        return T("You have already resolved your ethical dilemma: it is once per game.")
    if tn.get("ended"):
        if isinstance(a, EndTurn):
            return None
        if isinstance(a, Trade):
            return None if a in trade_actions(s, p) else _trade_refusal(s, p, a)
        return T("Your turn’s action is over: you may only trade or end your turn.")
    if tn.get("chase") is not None:
        if isinstance(a, Choose) and a.option == "skip_chase":
            return None
        if isinstance(a, Trade):
            return None if a in trade_actions(s, p) else _trade_refusal(s, p, a)
        if not isinstance(a, Place) or a.die != tn["chase"]:
            return T("Place Chase the Miner’s new worker, or choose not to place it.")
        return can_place(s, p, a.die, a.space)
    if isinstance(a, Choose):
        return T("There is no choice to answer now: it is your turn to place, retrieve or resolve your dilemma.")
    if tn["placed"] == 0:
        if isinstance(a, Place):
            if not (0 <= a.die < len(pl.where)) or pl.where[a.die] != "avail":
                return _worker_refusal(s, p, a.die)
            first = next(d for d in available(s, p) if pl.dice[d] == pl.dice[a.die])
            if first != a.die:
                return T("Workers of equal value are interchangeable: place the first worker showing {value}.",
                           value=pl.dice[a.die])
            return can_place(s, p, a.die, a.space)
        if isinstance(a, Retrieve):
            return None if a in retrieve_actions(s, p) else _retrieve_refusal(s, p, a)
        if isinstance(a, ResolveDilemma):
            return None if can_resolve_dilemma(s, p) else dilemma_refusal(s, p)
        others = [x for x in turn_actions(s) if not isinstance(x, (Trade, EndTurn))]
        if isinstance(a, Trade):
            if a not in trade_actions(s, p):
                return _trade_refusal(s, p, a)
            return None if others else T("You cannot trade now: you have no action left to take this turn, so you can only pass.")
        if isinstance(a, EndTurn):
            return T("You cannot end your turn yet: you must place a worker, retrieve or resolve your dilemma.") if others else None
        return T("That is not an action of a turn.")
    ds = follow_up_dice(s)
    if isinstance(a, EndTurn):
        return None
    if isinstance(a, Place):
        if not ds or a.die != ds[0]:
            return T("Only a worker of the matched group you started with may be placed now.")
        return can_place(s, p, a.die, a.space)
    if isinstance(a, Trade):
        if a not in trade_actions(s, p):
            return _trade_refusal(s, p, a)
        return None if ds and legal_spaces(s, p, ds[0]) else T("Your turn is ending: you may no longer trade.")
    if isinstance(a, Retrieve):
        return T("You have placed a worker this turn: retrieving is a turn’s action of its own, instead of "
                   "placing; now you may only place the matched worker or end your turn.")
    if isinstance(a, ResolveDilemma):
        return T("You have placed a worker this turn: resolving the dilemma is a turn’s action of its own, "
                   "instead of placing; now you may only place the matched worker or end your turn.")
    return T("You may only place the matched worker or end your turn.")


def dilemma_refusal(s: EuphoriaState, p: int):
    """Why p cannot pay for the ethical dilemma (p's own card: p may see it)."""
    return T("You cannot pay for your ethical dilemma: it costs a {artifact} card or any 2 artifact cards, and "
               "you hold neither.", artifact=texts.artifact(DILEMMAS[s.p[p].dilemma].artifact))


def place_refusal(s: EuphoriaState, sp: str):
    """The coach (``Game.why_not``) for a click on space ``sp`` during p's 'turn' decision when
    no worker of p may go there: the reason of the turn's stage, or of the space itself (taken,
    closed, forbidden by a penalty, too dear: ``space_open``) for the worker that would go
    there. Legality does not depend on the die's value, so the space names the whole reason."""
    p = s.current
    tn = s.turn
    if tn.get("ended"):
        return T("Your turn’s action is over: you may only trade or end your turn.")
    if tn.get("chase") is not None:
        return can_place(s, p, tn["chase"], sp)
    if tn["placed"] == 0:
        avail = available(s, p)
        if not avail:
            return T("You have no available worker: all yours are on the board. Retrieve them (a turn’s "
                       "action) to place them again.")
        return can_place(s, p, avail[0], sp)
    ds = follow_up_dice(s)
    if not ds:
        if suffers_kind(s, p, "max_one_placement_per_turn"):
            return T("The {market} penalty allows you one placement per turn: end your turn.",
                       market=texts.market(KIND["max_one_placement_per_turn"]))
        return T("You have placed a worker this turn: only another available worker of the same value "
                   "may follow it, and you have none.")
    return can_place(s, p, ds[0], sp)
