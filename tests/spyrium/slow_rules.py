"""The rules module as it was before the speed work (a frozen copy of ``engines/spyrium/rules.py``
of that revision): the tests check that the fast generators and effects agree with it exactly.
(Its set-up and round start are the rules' own since chance became explicit: see below.)

Spyrium's rules: set-up (§2), rounds (§3, §4, §13), legal actions (§6–§12) and their effects.

Every figure comes from ``components`` (the data file), the figures of the rule text too
(its ``rules_constants`` section: discounts, per-worker rates, caps, bonus markers).

Readings of the spec worth knowing (also in the final report):

- §8.4: when the replaced building shares a category symbol with the new one, the £3
  discount is always applied: the two "replace" ways of §8.4 then have the same result
  except that one costs £3 more, so the engine offers one action per replaced building.
- D-53 (§8.2 "Optional modifiers"): Lobbying and the Commerce value change are declared
  with the activation and are spent once declared "even if it saves nothing", so a
  declaration that changes nothing (Lobbying on a £0 surcharge, Commerce naming the token's
  own value) is offered like any other: the spec lets the player make it.
- D-26: when no token at all is left, a token building gives 0 on build.
- §12.1 / D-23: the worker bonus can be chosen with an empty reserve; it then gives nothing.
"""

from __future__ import annotations

from typing import Any, Optional

from engines.spyrium.actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from engines.spyrium.components import (BONUS_HIGH, BONUS_LOW, BONUS_MONEY, BONUS_WORKERS, CAPITALIZATION_BONUS,
                         CARD_TYPES, COMMERCE_KEEP_CAP, CRANE_DISCOUNT, EARN_PER_WORKER,
                         ENGINEERING_VP_PER_WORKER, EVENT_IDS, EVENTS, MARKET_SIZE,
                         PERIOD_BY_ROUND, POSITION_SLOTS, POSITIONS, REPLACE_DISCOUNT,
                         RESIDENCE_INCOME, RESIDENCE_VP, ROUNDS, SLOT_IDS, SLOT_INDEX,
                         SLOT_POSITIONS, SPACE_FEE_PER_BUILDING, START, SURCHARGE_PER_WORKER,
                         TECHNIQUES, TOKEN_SUPPLY, TOKEN_VALUES, WORKERS_PER_COLOUR, UseOption,
                         deck_cards, tokens_for, type_of)
from engines.spyrium.state import Building, Player, SpyriumState, Technique

LAST_RESIDENCE = len(RESIDENCE_INCOME) - 1

# ---- small helpers --------------------------------------------------------------------------


def has_tech(p: Player, key: str) -> bool:
    """Whether the player owns the technique called ``key`` ("automation", "crane", ...)."""
    for t in p.techniques:
        if TECHNIQUES[type_of(t.card)].key == key:
            return True
    return False


def ready_tech(p: Player, key: str) -> Optional[Technique]:
    """The player's untapped technique ``key`` (its once-per-round power unused), or None."""
    for t in p.techniques:
        if not t.tapped and TECHNIQUES[type_of(t.card)].key == key:
            return t
    return None


def workers_owned(p: Player) -> int:
    """Every worker of the colour not in the reserve (§0.3)."""
    return WORKERS_PER_COLOUR - p.reserve


def adjacent_workers(state: SpyriumState, pos: int) -> int:
    """All workers of any colour in the slots next to position ``pos`` (§5.6)."""
    return sum(len(state.slots[s]) for s in POSITION_SLOTS[pos])


def other_workers(state: SpyriumState, pos: int) -> int:
    """The workers next to ``pos`` other than the one being taken back for the action (§5.6)."""
    return adjacent_workers(state, pos) - 1


def market_surcharge(state: SpyriumState, pos: int) -> int:
    """§8.2: £ per other worker next to the card being activated."""
    return SURCHARGE_PER_WORKER * other_workers(state, pos)


def earnings(state: SpyriumState, p: Player, pos: Optional[int]) -> int:
    """§8.1, D-13: £ per other worker next to the chosen card (£0 with no card left), plus
    Capitalization's bonus."""
    gain = 0 if pos is None else EARN_PER_WORKER * other_workers(state, pos)
    return gain + (CAPITALIZATION_BONUS if has_tech(p, "capitalization") else 0)


def engineering_vp(p: Player, ct, workers: int) -> int:
    """§8.6, §10.3 Engineering: VP per worker spent on a use of a Factory-symbol building."""
    if workers and "factory" in ct.symbols and has_tech(p, "engineering"):
        return ENGINEERING_VP_PER_WORKER * workers
    return 0


def shares_symbol(old, new) -> bool:
    """§8.4 way 3, D-7: the two buildings share a category symbol (Factory, Mine, Research)."""
    return bool(set(old.symbols) & set(new.symbols))


def present_positions(state: SpyriumState, slot: int) -> list[int]:
    """The positions of the slot that still hold a card (§5.4, §5.7: no re-attachment)."""
    return [q for q in SLOT_POSITIONS[slot] if state.market[q] is not None]


def legal_slots(state: SpyriumState) -> list[str]:
    """Slots where a worker may be placed: next to at least one card (§5.5, D-12)."""
    return [SLOT_IDS[i] for i in range(len(SLOT_IDS)) if present_positions(state, i)]


def my_slots(state: SpyriumState, seat: int) -> list[int]:
    """Indexes of the slots holding at least one of ``seat``'s workers."""
    return [i for i, s in enumerate(state.slots) if seat in s]


def workers_in_market(state: SpyriumState, seat: int) -> int:
    return sum(s.count(seat) for s in state.slots)


def use_workers(p: Player, ct, option: UseOption) -> int:
    """Workers an option costs: none for a Mine under Automation (§10.3, D-32)."""
    if "mine" in ct.symbols and has_tech(p, "automation"):
        return 0
    return option.workers


def residence_choices(p: Player) -> list[str]:
    """§9.3, D-30: advance or take VP; only VP on the last space."""
    return ["advance", "vp"] if p.residence < LAST_RESIDENCE else ["vp"]


def commerce_choices(p: Player, token: Optional[int]) -> list[Optional[int]]:
    """§11.6, D-22, D-53: no declaration, or (once per round) any token value 1–3, the
    token's own value included (a declared use is spent even if it changes nothing)."""
    if token is None or ready_tech(p, "commerce") is None:
        return [None]
    return [None, *TOKEN_VALUES]


def _amount(x: Any, token: Optional[int], p: Player) -> int:
    if x == "token":
        return token or 0
    if x == "workers_owned":
        return workers_owned(p)
    return int(x)


# Set-up and the start of a round are the rules' own (``engines.spyrium.rules``): since chance
# became explicit (issue 28) they stop at chance nodes, which the fast paths do not touch.
from engines.spyrium.rules import setup, start_round  # noqa: E402,F401


def end_round(state: SpyriumState) -> None:
    """§13 Round end; after the last round the game is over (§14)."""
    for pos in range(POSITIONS):
        card = state.market[pos]
        if card is not None:
            state.removed.append(card)
            state.market[pos] = None
        state.token_discard += state.market_tokens[pos]
        state.market_tokens[pos] = []
    if state.turn_event is not None:
        state.past_events.append(state.turn_event)
        state.turn_event = None
    if state.turn_event_token is not None:
        state.token_discard.append(state.turn_event_token)
        state.turn_event_token = None
    for p in state.players_:
        for b in p.buildings:
            b.tapped = False
        for t in p.techniques:
            t.tapped = False
        p.phase = 1
        p.passed = False
        p.event_used = False
    state.first_player = (state.first_player + 1) % state.players
    if state.round >= ROUNDS:
        state.over = True
    else:
        start_round(state)


# ---- costs ----------------------------------------------------------------------------------


def activation_cost(state: SpyriumState, seat: int, a) -> tuple[int, int]:
    """(£, Spyrium) that a market activation costs in full (§8.2, §8.3, §8.4, D-14)."""
    p = state.players_[seat]
    card = state.market[a.pos]
    extra = 0 if a.lobbying else market_surcharge(state, a.pos)
    if isinstance(a, Patent):
        return TECHNIQUES[type_of(card)].cost + extra, 0
    ct = CARD_TYPES[type_of(card)]
    if isinstance(a, Hire):
        return hire_cost(p, ct, extra, a.commerce if a.commerce is not None else a.token)
    return build_cost(p, ct, extra, a.replace), 0


def hire_cost(p: Player, ct, surcharge: int, value: Optional[int]) -> tuple[int, int]:
    """§8.3, D-14: card cost + surcharge + the ability's £ (a token's value) and Spyrium."""
    h = ct.hire_effect
    money = ct.cost + surcharge + _amount(h.pay.get("money", 0), value, p)
    return money, _amount(h.pay.get("spyrium", 0), value, p)


def build_cost(p: Player, ct, surcharge: int, replace: Optional[int]) -> int:
    """§8.4 cost formula: printed (−£3 on a shared-symbol replacement, min 0) + surcharge
    + the space fee for a new space (£1 per building owned, −£3 with Crane, min 0).
    The figures come from the data's ``rules_constants``."""
    if replace is None:
        space = (SPACE_FEE_PER_BUILDING * len(p.buildings)
                 - (CRANE_DISCOUNT if has_tech(p, "crane") else 0))
        return ct.cost + surcharge + max(0, space)
    old = CARD_TYPES[type_of(p.buildings[replace].card)]
    printed = ct.cost
    if shares_symbol(old, ct):
        printed = max(0, printed - REPLACE_DISCOUNT)
    return printed + surcharge


def event_cost(state: SpyriumState, seat: int, a: UseEvent) -> tuple[int, int]:
    """(£, Spyrium) of an event option, the re-used building's Spyrium included (D-47)."""
    p = state.players_[seat]
    o = EVENTS[state.turn_event].options[a.option]
    value = a.commerce if a.commerce is not None else state.turn_event_token
    money = _amount(o.pay.get("money", 0), value, p)
    spy = _amount(o.pay.get("spyrium", 0), value, p)
    if o.reuse_used_building and a.building is not None:
        ct = CARD_TYPES[type_of(p.buildings[a.building].card)]
        spy += ct.activate_options[a.building_option].spyrium
    return money, spy


# ---- legal actions --------------------------------------------------------------------------


def _market_actions(state: SpyriumState, seat: int, only_slot: Optional[str] = None) -> list:
    """§8.1–§8.5: Earn money and every affordable activation, for each slot holding one of
    the player's workers (or just ``only_slot``) and each present card next to it."""
    p = state.players_[seat]
    out: list = []
    lobby = ready_tech(p, "lobbying") is not None
    slots = my_slots(state, seat)
    if only_slot is not None:
        slots = [si for si in slots if SLOT_IDS[si] == only_slot]
    for si in slots:
        slot = SLOT_IDS[si]
        present = present_positions(state, si)
        if not present:
            out.append(EarnMoney(slot=slot, pos=None))
            continue
        for q in present:
            out.append(EarnMoney(slot=slot, pos=q))
        for q in present:
            card = state.market[q]
            extra = market_surcharge(state, q)
            lob_choices = [False, True] if lobby else [False]
            tid = type_of(card)
            if tid in TECHNIQUES:
                for lb in lob_choices:
                    if TECHNIQUES[tid].cost + (0 if lb else extra) <= p.money:
                        out.append(Patent(slot=slot, pos=q, lobbying=lb))
                continue
            ct = CARD_TYPES[tid]
            if ct.type == "character":
                h = ct.hire_effect
                res = residence_choices(p) if h.residence_action else [None]
                tokens = sorted(set(state.market_tokens[q])) if h.discard_token else [None]
                for tok in tokens:
                    for com in commerce_choices(p, tok):
                        for lb in lob_choices:
                            money, spy = hire_cost(p, ct, 0 if lb else extra,
                                                   com if com is not None else tok)
                            if money > p.money or spy > p.spyrium:
                                continue
                            for r in res:
                                out.append(Hire(slot=slot, pos=q, token=tok, commerce=com,
                                                lobbying=lb, residence=r))
            else:
                res = residence_choices(p) if any(b.residence_action for b in ct.on_build) else [None]
                tok = state.market_tokens[q][0] if state.market_tokens[q] else None
                token_used = any(b.gain_spyrium_equal_token or b.gain_vp_equal_token
                                 for b in ct.on_build)
                coms = commerce_choices(p, tok) if token_used else [None]
                for rep in [None, *range(len(p.buildings))]:
                    for lb in lob_choices:
                        if build_cost(p, ct, 0 if lb else extra, rep) > p.money:
                            continue
                        for com in coms:
                            for r in res:
                                out.append(Build(slot=slot, pos=q, replace=rep, commerce=com,
                                                 lobbying=lb, residence=r))
    return out


def _option_affordable(p: Player, ct, option: UseOption, extra_money: int = 0) -> bool:
    return (use_workers(p, ct, option) <= p.active and option.spyrium <= p.spyrium
            and extra_money <= p.money)


def _building_actions(state: SpyriumState, seat: int) -> list:
    p = state.players_[seat]
    out: list = []
    for i, b in enumerate(p.buildings):  # §8.6
        if b.tapped:
            continue
        ct = CARD_TYPES[type_of(b.card)]
        for j, o in enumerate(ct.activate_options):
            if _option_affordable(p, ct, o):
                out.append(UseBuilding(building=i, option=j))
    if ready_tech(p, "taylorism") is not None:  # §8.7, D-19
        for i, b in enumerate(p.buildings):
            if not b.tapped:
                continue
            ct = CARD_TYPES[type_of(b.card)]
            for j, o in enumerate(ct.activate_options):
                if _option_affordable(p, ct, o):
                    out.append(UseTaylorism(building=i, option=j))
    return out


def _event_actions(state: SpyriumState, seat: int) -> list:
    """§7.2 / §8.8 / §10.4: once per round, an option the player can perform and pay for."""
    p = state.players_[seat]
    if p.event_used or state.turn_event is None:
        return []
    ev = EVENTS[state.turn_event]
    if ("I" if p.phase == 1 else "II") not in ev.phases:
        return []
    out: list = []
    for i, o in enumerate(ev.options):
        uses_token = any(v == "token" for v in [*o.pay.values(), *o.gain.values()])
        if uses_token and state.turn_event_token is None:
            continue  # D-26: a token event without a token cannot be used
        if o.gain.get("workers") and p.reserve == 0:
            continue  # D-35
        cands: list = []
        if o.reuse_used_building:
            for bi, b in enumerate(p.buildings):
                if b.tapped:
                    ct = CARD_TYPES[type_of(b.card)]
                    for j, uo in enumerate(ct.activate_options):
                        if use_workers(p, ct, uo) <= p.active:
                            cands.append(UseEvent(option=i, building=bi, building_option=j))
        elif o.place_worker_in_market:
            if p.active > 0:
                cands = [UseEvent(option=i, slot=s) for s in legal_slots(state)]
        else:
            res = residence_choices(p) if o.residence_action else [None]
            coms = commerce_choices(p, state.turn_event_token) if uses_token else [None]
            cands = [UseEvent(option=i, commerce=c, residence=r) for c in coms for r in res]
        for a in cands:
            money, spy = event_cost(state, seat, a)
            if money <= p.money and spy <= p.spyrium:
                out.append(a)
    return out


def legal_actions(state: SpyriumState) -> list:
    """Every legal action of the player to move, in a fixed order (§6, §7, §8, §12)."""
    if state.over:
        return []
    seat = state.current
    p = state.players_[seat]
    if state.pending_bonus:
        return [ChooseBonus(bonus=b) for b in p.bonuses_left]
    if p.phase == 1:
        out: list = []
        if p.active > 0:
            out += [PlaceWorker(slot=s) for s in legal_slots(state)]
        out += _event_actions(state, seat)
        out.append(SwitchPhase())
        return out
    out = _market_actions(state, seat)
    out += _building_actions(state, seat)
    out += _event_actions(state, seat)
    if workers_in_market(state, seat) == 0:
        out.append(Pass())
    return out


def is_legal(state: SpyriumState, a) -> bool:
    """Whether ``a`` is among ``legal_actions(state)``, generating only the actions of its
    kind (the same generators, so the two always agree)."""
    if state.over:
        return False
    seat = state.current
    p = state.players_[seat]
    if state.pending_bonus or p.phase == 1 or isinstance(a, (Pass, ChooseBonus)):
        return a in legal_actions(state)
    if isinstance(a, (EarnMoney, Hire, Build, Patent)):
        return a in _market_actions(state, seat, a.slot)
    if isinstance(a, (UseBuilding, UseTaylorism)):
        return a in _building_actions(state, seat)
    if isinstance(a, UseEvent):
        return a in _event_actions(state, seat)
    return False


# ---- effects --------------------------------------------------------------------------------


def gain_vp(p: Player, n: int, source: str) -> None:
    if n:
        p.vp += n
        p.vp_log[source] = p.vp_log.get(source, 0) + n


def gain_workers(p: Player, n: int) -> None:
    """New workers come from the reserve, active; gains beyond it are lost (D-23)."""
    n = min(n, p.reserve)
    p.reserve -= n
    p.active += n


def residence_action(p: Player, choice: Optional[str]) -> None:
    """§9.3: move right, or gain the VP of the current space."""
    if choice == "advance" and p.residence < LAST_RESIDENCE:
        p.residence += 1
    else:
        gain_vp(p, RESIDENCE_VP[p.residence], "residence")


def _gain(p: Player, gains: dict, value: Optional[int], source: str) -> None:
    for k, v in gains.items():
        n = _amount(v, value, p)
        if k == "money":
            p.money += n
        elif k == "spyrium":
            p.spyrium += n
        elif k == "vp":
            gain_vp(p, n, source)
        elif k == "workers":
            gain_workers(p, n)


def _release_token(state: SpyriumState, p: Player, token: int) -> None:
    """A used market-card token: kept under Commerce up to the cap (§11.6, D-21), else discarded."""
    if has_tech(p, "commerce") and len(p.kept_tokens) < COMMERCE_KEEP_CAP:
        p.kept_tokens.append(token)
    else:
        state.token_discard.append(token)


def _use_option(p: Player, b: Building, option: int) -> None:
    """Pay and resolve one option of a building (§8.6); Engineering's +1 VP per worker."""
    ct = CARD_TYPES[type_of(b.card)]
    o = ct.activate_options[option]
    w = use_workers(p, ct, o)
    p.active -= w
    b.workers += w
    p.spyrium -= o.spyrium
    _gain(p, o.gain, None, "building use")
    gain_vp(p, engineering_vp(p, ct, w), "building use")


def _remove_worker(state: SpyriumState, seat: int, slot: str) -> None:
    state.slots[SLOT_INDEX[slot]].remove(seat)
    state.players_[seat].spent += 1


def play(state: SpyriumState, a) -> None:
    """Carry out a legal action for the player to move, then the bonus check and the turn."""
    seat = state.current
    p = state.players_[seat]
    if isinstance(a, ChooseBonus):
        _receive_bonus(p, a.bonus)
        if p.vp >= BONUS_HIGH and p.bonuses_left:
            _receive_bonus(p, p.bonuses_left[0])  # §12.3, D-24
        state.pending_bonus = False
        _next_turn(state)
        return
    if isinstance(a, SwitchPhase):
        p.phase = 2
        state.continuing = True
        return
    state.continuing = False
    if isinstance(a, PlaceWorker):
        p.active -= 1
        state.slots[SLOT_INDEX[a.slot]].append(seat)
    elif isinstance(a, Pass):
        p.passed = True
    elif isinstance(a, EarnMoney):
        gain = earnings(state, p, a.pos)
        _remove_worker(state, seat, a.slot)
        p.money += gain
    elif isinstance(a, (Hire, Build, Patent)):
        _activate(state, seat, a)
    elif isinstance(a, UseBuilding):
        b = p.buildings[a.building]
        _use_option(p, b, a.option)
        b.tapped = True
    elif isinstance(a, UseTaylorism):
        ready_tech(p, "taylorism").tapped = True
        _use_option(p, p.buildings[a.building], a.option)
    elif isinstance(a, UseEvent):
        _use_event(state, seat, a)
    _bonus_check(state, p)
    if not state.pending_bonus:
        _next_turn(state)


def _activate(state: SpyriumState, seat: int, a) -> None:
    """§8.2–§8.5, D-50: pay, move the card, resolve, (bonus check follows)."""
    p = state.players_[seat]
    money, spy = activation_cost(state, seat, a)
    p.money -= money
    p.spyrium -= spy
    if a.lobbying:
        ready_tech(p, "lobbying").tapped = True
    if getattr(a, "commerce", None) is not None:
        ready_tech(p, "commerce").tapped = True
    _remove_worker(state, seat, a.slot)
    card = state.market[a.pos]
    if isinstance(a, Patent):
        state.market[a.pos] = None
        p.techniques.append(Technique(card=card))  # enters untapped (D-54)
        return
    ct = CARD_TYPES[type_of(card)]
    if isinstance(a, Hire):
        h = ct.hire_effect
        value = a.commerce if a.commerce is not None else a.token
        if h.discard_token:
            state.market_tokens[a.pos].remove(a.token)
            _release_token(state, p, a.token)
        _gain(p, h.gain, value, "characters")
        if h.residence_action:
            residence_action(p, a.residence)
        return
    # Build
    state.market[a.pos] = None
    tokens = state.market_tokens[a.pos]
    state.market_tokens[a.pos] = []
    token = tokens[0] if tokens else None
    value = a.commerce if a.commerce is not None else token
    new = Building(card=card)
    if a.replace is None:
        p.buildings.append(new)
    else:
        old = p.buildings[a.replace]
        p.spent += old.workers  # D-9
        state.removed.append(old.card)
        p.buildings[a.replace] = new
    for t in tokens:
        _release_token(state, p, t)
    for eff in ct.on_build:
        if eff.gain_workers:
            gain_workers(p, eff.gain_workers)
        if eff.residence_action:
            residence_action(p, a.residence)
        if eff.gain_spyrium_equal_token:
            p.spyrium += value or 0
        if eff.gain_vp_equal_token:
            gain_vp(p, value or 0, "build tokens")


def _use_event(state: SpyriumState, seat: int, a: UseEvent) -> None:
    """§10.4: resolve the chosen option and mark the event used."""
    p = state.players_[seat]
    o = EVENTS[state.turn_event].options[a.option]
    value = a.commerce if a.commerce is not None else state.turn_event_token
    money = _amount(o.pay.get("money", 0), value, p)
    spy = _amount(o.pay.get("spyrium", 0), value, p)
    p.money -= money
    p.spyrium -= spy
    p.event_used = True
    if a.commerce is not None:
        ready_tech(p, "commerce").tapped = True
    _gain(p, o.gain, value, "events")
    if o.residence_action:
        residence_action(p, a.residence)
    if o.reuse_used_building:
        _use_option(p, p.buildings[a.building], a.building_option)  # D-18: stays tapped
    if o.place_worker_in_market:
        p.active -= 1
        state.slots[SLOT_INDEX[a.slot]].append(seat)


def _receive_bonus(p: Player, bonus: str) -> None:
    p.bonuses_left.remove(bonus)
    if bonus == "worker":
        gain_workers(p, BONUS_WORKERS)
    else:
        p.money += BONUS_MONEY


def _bonus_check(state: SpyriumState, p: Player) -> None:
    """§12: at 8 VP the player chooses a bonus; at 20 the other comes at once."""
    if len(p.bonuses_left) == 2 and p.vp >= BONUS_LOW:
        state.pending_bonus = True
    elif len(p.bonuses_left) == 1 and p.vp >= BONUS_HIGH:
        _receive_bonus(p, p.bonuses_left[0])


def _next_turn(state: SpyriumState) -> None:
    """§6.1, §6.4: the next player clockwise who has not passed; round end when all have."""
    n = state.players
    for k in range(1, n + 1):
        q = (state.current + k) % n
        if not state.players_[q].passed:
            state.current = q
            return
    end_round(state)
