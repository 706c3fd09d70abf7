"""Why a move is not legal now: one sentence naming the rule (``Game.check``, the coach).

``reason(state, action)`` is ``check``'s judgement: None when ``action`` is legal now (it
agrees with ``legal_actions`` exactly), else why not: the game is over, the pending choice is
another (a payment, an ability, a discard...) or ``action`` is not one of its answers, or the
turn's stage, the worker, the space, its cost, the retrieval, the dilemma or the trade rules it
out (``turn_refusal``).

``probe_reason(state, probe)`` is the coach's (``Game.why_not``) for a spot of the board
(``partial``): a space stands for "a worker here", whichever worker the probe names (the
renderer knows only the view; legality does not depend on the die's value), and a worker on
the board for "retrieve it". A space no worker may go to gets the reason of the turn's stage or
of the space itself (``place_refusal``).

Every reason is marked with the rule that gives it (``ruled``, ``refuses``: the id of an
entry of ``reference``, the coach's "Rule" link): the turn (``turn``), a pending
``choice``, the worker, the retrieval, the dilemma card, the recruit or market tile whose
text gives it; ``SPOT`` for the space's own rules (taken, closed, its cost).

The reasons name only what the player to move may see (his own hand and dilemma card
included).
"""

from __future__ import annotations

from typing import Any, Optional

from engines.core.errors import SPOT, refuses, ruled
from engines.core.i18n import Text, player

from . import texts
from .actions import Action, Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .components import (ARTIFACT_MARKETS, DILEMMAS, SPACE_SITE, SPACES, TUNNEL_COMPLETE,
                         TUNNEL_ENDS)
from .effects import ability_on, available, has_active_faction
from .labels import cost_words
from .markets import KIND, suffers_kind
from .rules import can_resolve_dilemma, occupancy, retrieve_actions, trade_actions, turn_actions
from .rules.payment import ICARUS, can_pay, space_cost
from .rules.placement import legal_spaces, player_ctx
from .rules.turn import follow_up_dice
from .state import EuphoriaState
from .texts import PENDING, T


def reason(s: EuphoriaState, a: Action) -> Text | None:
    """Why ``a`` is not legal now, None if it is: the game is over, or the pending task is a
    choice and ``a`` not one of its options, or the turn's own reasons (``turn_refusal``)."""
    if s.phase == "over" or not s.tasks:
        return T("The game is over.")
    t = s.tasks[-1]
    if t["k"] == "turn":
        return turn_refusal(s, a)
    doing = PENDING.get(t["k"], T("making a choice"))
    if not isinstance(a, Choose):  # the player to move is the one choosing: "you"
        return ruled("choice", T("You are {doing}: answer that choice first.", doing=doing))
    if a.option not in t["opts"]:
        return ruled("choice", T("That answer is not one of the choices offered to {player}, who is {doing}.",
                                 player=player(t["p"]), doing=doing))
    return None


@refuses("turn")
def turn_refusal(s: EuphoriaState, a: Action) -> Text | None:
    """Why ``a`` is not a legal answer to the 'turn' decision, None if it is: exactly
    ``turn_actions``, stage by stage (the turn's action over, Chase's new worker to place,
    before the first placement, after it)."""
    p = s.current
    tn = s.turn
    pl = s.p[p]
    if isinstance(a, ResolveDilemma) and pl.dilemma_done:  # never again, whatever the turn's stage
        return ruled(pl.dilemma, T("You have already resolved your ethical dilemma: it is once per game."))
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
            return ruled("chase_the_miner", T("Place Chase the Miner’s new worker, or choose not to place it."))
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


# ---- the coach: a board space or a worker on the board ---------------------------------------

def partial(probe: Any) -> bool:
    """Whether ``probe`` is a spot's probe that ``probe_reason`` reads: a placement naming a
    space and some worker (the worker stands for any), or the retrieval of one worker."""
    if not isinstance(probe, dict):
        return False
    kind = probe.get("type")
    if kind == "place":
        return isinstance(probe.get("space"), str) and set(probe) == {"type", "die", "space"}
    if kind == "retrieve":
        return isinstance(probe.get("dice"), list) and len(probe["dice"]) == 1
    return False


def probe_reason(s: EuphoriaState, probe: dict) -> Text | None:
    """The coach for a ``partial`` probe during the 'turn' decision. A space: None when any
    legal placement goes there, else the reason of the turn's stage or of the space
    (``place_refusal``). A worker: None when some legal retrieval takes it or an
    interchangeable one (the spot then offers those). Raises ``LookupError`` when the probe is
    not judged this way (another decision, a space no reason explains, a worker no retrieval
    takes): ``check``'s own reason then."""
    if s.phase == "over" or not s.tasks or s.tasks[-1]["k"] != "turn":
        raise LookupError(probe)
    legal = turn_actions(s)
    if probe["type"] == "place":
        sp = probe["space"]
        if any(isinstance(a, Place) and a.space == sp for a in legal):
            return None
        if sp in SPACES and SPACES[sp].type != "turn_action":
            why = place_refusal(s, sp)
            if why:
                return why
        raise LookupError(probe)
    d, pl = probe["dice"][0], s.p[s.current]
    if isinstance(d, int) and 0 <= d < len(pl.where):
        sig = (pl.where[d], pl.dice[d])
        if any(isinstance(a, Retrieve) and len(a.dice) == 1
               and (pl.where[a.dice[0]], pl.dice[a.dice[0]]) == sig for a in legal):
            return None
    raise LookupError(probe)


@refuses("turn")
def place_refusal(s: EuphoriaState, sp: str) -> Text | None:
    """The coach for a click on space ``sp`` during the 'turn' decision of p, the player to
    move, when no worker of p may go there: the reason of the turn's stage, or of the space
    itself (taken, closed, forbidden by a penalty, too dear: ``space_open``) for the worker
    that would go there. Legality does not depend on the die's value, so the space names the
    whole reason."""
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
            return ruled(KIND["max_one_placement_per_turn"], T(
                "The {market} penalty allows you one placement per turn: end your turn.",
                market=texts.market(KIND["max_one_placement_per_turn"])))
        return T("You have placed a worker this turn: only another available worker of the same value "
                 "may follow it, and you have none.")
    return can_place(s, p, ds[0], sp)


# ---- the reasons of one part of a move -------------------------------------------------------

def can_place(s: EuphoriaState, p: int, die: int, sp: str) -> Text | None:
    """P1: why ``die`` of p may not go on ``sp`` now, or None if it may."""
    if not (0 <= die < len(s.p[p].where)) or s.p[p].where[die] != "avail":
        return _worker_refusal(s, p, die)
    return space_open(s, p, sp, occupancy(s))


@refuses(SPOT)
def space_open(s: EuphoriaState, p: int, sp: str, occ: dict, ctx: Optional[dict] = None) -> Text | None:
    """P1 for any worker of p, as a reason: type and vacancy, market built, tunnel end,
    penalties, cost; None when the space is open to p. The same checks as
    ``placement.legal_spaces``, one space at a time. ``ctx`` caches what does not depend on
    the space (see ``placement.player_ctx``)."""
    if ctx is None:
        ctx = player_ctx(s, p)
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
        return _cost_refusal(s, p, sp, ctx)
    return None


def _cost_refusal(s: EuphoriaState, p: int, sp: str, ctx: dict) -> Text:
    """Why p cannot pay for ``sp``: the Courthouse's extra card, the missing pair rule, Kadan's
    or Brian's extra cost, or simply the printed cost."""
    cost = space_cost(s, sp)
    if sp in ARTIFACT_MARKETS and not ctx["pairs"]:
        return ruled(KIND["no_artifact_pairs"], T(
            "You cannot pay for {space}: you need 3 artifact cards, since the {market} penalty forbids paying with a pair.",
            space=texts.space(sp), market=texts.market(KIND["no_artifact_pairs"])))
    if sp in TUNNEL_ENDS and ctx["kadan"] and not has_active_faction(s, p, TUNNEL_ENDS[sp]):
        return ruled("kadan_the_infiltrator", T("You cannot pay for {space} with Kadan the Infiltrator’s extra cost.",
                                                space=texts.space(sp)))
    if ctx["brian"] and sp in ICARUS:
        return ruled("brian_the_viticulturist", T("You cannot pay for {space} with Brian the Viticulturist’s extra "
                                                  "cost.", space=texts.space(sp)))
    return T("You cannot pay for {space}: it costs {cost}.", space=texts.space(sp), cost=cost_words(cost))


@refuses("worker")
def _worker_refusal(s: EuphoriaState, p: int, die: int) -> Text:
    """Why p's worker ``die`` cannot be placed: it does not exist, is not p's yet, or is on the board."""
    pl = s.p[p]
    if not (0 <= die < len(pl.where)):
        return T("There is no such worker: a player has at most {n}.", n=len(pl.where))
    if pl.where[die] == "pool":
        return T("That worker is not yours yet: new workers come from the Worker Activation Tank.")
    return T("That worker is already on {space}: retrieve it before placing it again.",
             space=texts.space(pl.where[die]))


@refuses("RETRIEVE_PAID")
def _retrieve_refusal(s: EuphoriaState, p: int, a: Retrieve) -> Text:
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
        return ruled("jefferson_the_shock_artist", T("Only Jefferson the Shock Artist lets you pay energy to retrieve."))
    if a.pay != "free" and pl.goods[a.pay] < 1:
        return T("You have no {good} to pay for the retrieval.", good=texts.good(a.pay))
    return T("Workers of equal value on the same space are interchangeable: name the first ones.")


def dilemma_refusal(s: EuphoriaState, p: int) -> Text:
    """Why p cannot pay for the ethical dilemma (p's own card: p may see it; the rule: that card)."""
    return ruled(s.p[p].dilemma, T("You cannot pay for your ethical dilemma: it costs a {artifact} card or any 2 artifact cards, and "
             "you hold neither.", artifact=texts.artifact(DILEMMAS[s.p[p].dilemma].artifact)))


@refuses("turn")
def _trade_refusal(s: EuphoriaState, p: int, a: Trade) -> Text:
    """Why p cannot propose a trade to ``a.partner`` (``trade_actions``)."""
    if not s.options.trading:
        return T("Trading between players is off in this game.")
    if a.partner == p:
        return T("You cannot trade with yourself: choose another player.")
    if not (0 <= a.partner < s.players):
        return T("There are only {n} players at this table: trade with one of them.", n=s.players)
    return T("Neither you nor {partner} has anything to trade.", partner=player(a.partner))
