"""Why a move is not legal now: one sentence naming the rule (``Game.check``, the coach).

``reason(state, action)`` explains a whole action that is known not to be legal; the checks
run from the most informative cause to the least: whose choice is due (the 8 VP bonus, the
Phase II action after moving to Phase II), what the card or building can never do, the phase,
then where the worker is, then the choices, then the price.

``why_not(game, state, probe)`` is the coach's entry (``Game.why_not``): a spot of the board
stands for a move of which it knows only some fields (a market card: hire it, with which
worker and token not chosen yet; a building: use it, with which option not chosen yet; the
turn event: use it). A probe is legal when some legal action has all its fields; else the
reason is that of the most favourable way to complete it (your own worker next to the card,
the cheapest token and option...), so it names what is specific to the spot (no worker next
to this card, this building is used, this event needs a token) and never a missing choice.

Every reason is marked with the rule that gives it (``ruled``, ``refuses``: the id of an
entry of ``reference``, the coach's "Rule" link): the phase (``phase-i``, ``phase-ii``), the
turn event, the worker slots, the Residence track, a technique; ``SPOT`` when the clicked
card's own text is the reason (a building with no ability, a card of another kind).

Nothing here reads what the player to move cannot see: the market, the events and every
player's pieces are open (``view``), and the reasons name only those.
"""

from __future__ import annotations

from itertools import product
from typing import Any, cast

from pydantic import BaseModel

from engines.core.errors import SPOT, refuses, ruled
from engines.core.i18n import Text

from . import rules
from .actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_LOW, BONUS_MONEY, EVENTS, POSITION_SLOTS, SLOT_IDS, SLOT_INDEX,
                         TECHNIQUES, TOKEN_VALUES, kind_of, type_of)
from .state import SpyriumState
from .texts import T, amount, event_name, join, next_to_card, the_card

_A_KIND = {"building": T("a building"), "character": T("a character"), "technique": T("a technique")}
_ACTION_NAMES = {EarnMoney: T("Earning money"), Hire: T("Hiring a character"),
                 Build: T("Building"), Patent: T("Patenting a technique"),
                 UseBuilding: T("Using a building"), UseTaylorism: T("Taylorism"),
                 Pass: T("Passing")}
_MARKET = (EarnMoney, Hire, Build, Patent)


def _tech_reason(p, key: str, name: Text) -> Text:
    """Why a once-per-round technique power cannot be declared (the rule: that technique)."""
    tech = next(t for t in TECHNIQUES if t.endswith("-" + key))
    if rules.has_tech(p, key):
        return ruled(tech, T("You already used {tech} this round.", tech=name))
    return ruled(tech, T("You have not patented {tech}.", tech=name))


@refuses("residence-track")
def _residence_reason(p, has_action: bool, choice, card: Text) -> Text | None:
    if not has_action and choice is not None:
        return T("No Residence choice for {card}: it gives no Residence action.", card=card)
    if has_action and choice is None:
        return T("Choose the Residence action: move up the Residence track or take its VP.")
    if has_action and choice == "advance" and p.residence >= rules.LAST_RESIDENCE:
        return T("Your disc is on the last space of the Residence track: you can only take its VP.")
    return None


@refuses("B-commerce")
def _commerce_reason(p, value, token) -> Text | None:
    if value is None:
        return None
    if rules.ready_tech(p, "commerce") is None:
        return _tech_reason(p, "commerce", T("Commerce"))
    if token is None:
        return T("Commerce changes the value of a token: there is no token here whose value counts.")
    if value not in TOKEN_VALUES:
        return T("Commerce can treat a token only as 1, 2 or 3.")
    return None


def _afford(p, money: int, spy: int, parts: list) -> Text | None:
    """Why the price cannot be paid, with what makes it up."""
    if money > p.money:
        return T("You cannot afford it: it costs £{m} ({parts}) and you have £{have}.", m=money,
                 parts=join(parts), have=p.money)
    if spy > p.spyrium:
        return T("You cannot afford it: it costs {s} Spyrium and you have {have}.", s=spy,
                 have=p.spyrium)
    return None


@refuses("phase-ii")
def _no_worker_next_to(state: SpyriumState, seat: int, pos: int) -> Text | None:
    """The card at ``pos`` has none of ``seat``'s workers beside it (§8: a Phase II action
    takes back a worker from a slot next to the card it activates)."""
    card = state.market[pos]
    if card is None or any(seat in state.slots[s] for s in POSITION_SLOTS[pos]):
        return None
    return T("You have no worker {next_to}: in Phase II you can activate only a card beside one of "
             "your workers in the market.", next_to=next_to_card(card))


@refuses("phase-ii")
def _market_reason(state: SpyriumState, seat: int, a: Any) -> Text:
    """Why an activation of a market card (Phase II, §8) is refused: the worker, the card,
    then its price."""
    p = state.players_[seat]
    slot = a.slot
    if slot not in SLOT_INDEX:
        return ruled("worker-slot", T("There is no such worker slot in the market."))
    valid_pos = a.pos is not None and 0 <= a.pos < len(state.market)
    if seat not in state.slots[SLOT_INDEX[slot]]:
        return ((_no_worker_next_to(state, seat, a.pos) if valid_pos else None)
                or T("You have no worker in that slot."))
    if a.pos is None:
        return T("There is still a card next to that worker: choose the card to earn money next to.")
    if not valid_pos or a.pos not in rules.SLOT_POSITIONS[SLOT_INDEX[slot]]:
        return T("That card is not next to your worker.")
    card = state.market[a.pos]
    if card is None:
        return ruled("market", T("That card is no longer in the market."))
    if isinstance(a, EarnMoney):  # pragma: no cover - every present card is a legal choice
        return T("You cannot earn money next to that card now.")
    name = the_card(card)
    kind = kind_of(card)
    wanted_kinds: dict[type, str] = {Hire: "character", Build: "building", Patent: "technique"}
    wanted = wanted_kinds[type(a)]
    if kind != wanted:
        verbs: dict[type, Text] = {Hire: T("hire"), Build: T("build"), Patent: T("patent")}
        verb = verbs[type(a)]
        return ruled(SPOT, T("You cannot {verb} {card}: it is {kind}.", verb=verb, card=name, kind=_A_KIND[kind]))
    if a.lobbying and rules.ready_tech(p, "lobbying") is None:
        return _tech_reason(p, "lobbying", T("Lobbying"))
    surcharge = 0 if a.lobbying else rules.market_surcharge(state, a.pos)
    others = rules.other_workers(state, a.pos)
    parts_extra = ([] if not surcharge else
                   [T("£{n} for the other worker next to it", n=surcharge)] if others == 1 else
                   [T("£{n} for the {k} other workers next to it", n=surcharge, k=others)])
    if isinstance(a, Patent):
        cost = TECHNIQUES[type_of(card)].cost
        return (_afford(p, cost + surcharge, 0, [T("£{n} for the card", n=cost), *parts_extra])
                or T("You cannot patent {card} now.", card=name))
    ct = rules.CARD_TYPES[type_of(card)]
    if isinstance(a, Hire):
        h = ct.hire_effect
        assert h is not None  # the kind is checked above: a character, which has a hire effect
        tokens = state.market_tokens[a.pos]
        if h.discard_token:
            if not tokens:
                return T("You cannot hire {card}: no token is left on it.", card=name)
            if a.token is None:
                return T("Choose which token to discard from that card.")
            if a.token not in tokens:
                return T("There is no token {t} on that card.", t=a.token)
        elif a.token is not None:
            return T("You cannot discard a token for {card}: it uses none.", card=name)
        why = (_commerce_reason(p, a.commerce, a.token)
               or _residence_reason(p, bool(h.residence_action), a.residence, name))
        if why:
            return why
        value = a.commerce if a.commerce is not None else a.token
        money, spy = rules.hire_cost(p, ct, surcharge, value)
        token_pay = money - ct.cost - surcharge
        parts = ([T("£{n} for the card", n=ct.cost)] + parts_extra
                 + ([T("£{n} for the token", n=token_pay)] if token_pay else []))
        return _afford(p, money, spy, parts) or T("You cannot hire {card} now.", card=name)
    # Build
    if a.replace is not None and not 0 <= a.replace < len(p.buildings):
        return ruled("neighborhood", T("You have no building {n} to replace.", n=a.replace + 1))
    token = state.market_tokens[a.pos][0] if state.market_tokens[a.pos] else None
    token_used = any(b.gain_spyrium_equal_token or b.gain_vp_equal_token for b in ct.on_build)
    why = (_commerce_reason(p, a.commerce, token if token_used else None)
           or _residence_reason(p, any(b.residence_action for b in ct.on_build), a.residence, name))
    if why:
        return why
    money = rules.build_cost(p, ct, surcharge, a.replace)
    parts = [T("£{n} for the card", n=ct.cost)] + parts_extra
    if a.replace is None:
        space = money - ct.cost - surcharge
        if space:
            parts.append(T("£{n} for a new building space", n=space))
    elif money < ct.cost + surcharge:
        parts.append(T("£{n} off for the shared symbol", n=ct.cost + surcharge - money))
    return _afford(p, money, 0, parts) or T("You cannot build {card} now.", card=name)


@refuses(SPOT)
def _no_ability(p, building: int) -> Text | None:
    """The building has no ability to use (§10.2: only its on-build effect and its VP)."""
    if 0 <= building < len(p.buildings):
        card = p.buildings[building].card
        if not rules.CARD_TYPES[type_of(card)].activate_options:
            return T("You cannot use {card}: it has no ability.", card=the_card(card))
    return None


@refuses("phase-ii")
def _building_reason(p, a: Any) -> Text:
    if not 0 <= a.building < len(p.buildings):
        return T("You have no building {n}.", n=a.building + 1)
    b = p.buildings[a.building]
    ct = rules.CARD_TYPES[type_of(b.card)]
    name = the_card(b.card)
    why = _no_ability(p, a.building)
    if why:
        return why
    if isinstance(a, UseBuilding) and b.tapped:
        return T("You already used {card} this round (Taylorism or the Overtime event can use it "
                 "again).", card=name)
    if isinstance(a, UseTaylorism):
        if rules.ready_tech(p, "taylorism") is None:
            return _tech_reason(p, "taylorism", T("Taylorism"))
        if not b.tapped:
            return ruled("B-taylorism", T("Taylorism re-uses a building already used this round: you have "
                                          "not used {card} yet.", card=name))
    if not 0 <= a.option < len(ct.activate_options):
        return ruled(SPOT, T("You cannot choose option {n}: {card} has only {k}.", card=name, n=a.option + 1,
                             k=len(ct.activate_options)))
    return _option_reason(p, b.card, a.option)


def _option_reason(p, card: str, option: int) -> Text:
    """Why option ``option`` of the building ``card`` cannot be paid: its workers (from the
    start card), then its Spyrium."""
    ct = rules.CARD_TYPES[type_of(card)]
    o = ct.activate_options[option]
    w = rules.use_workers(p, ct, o)
    name, k = the_card(card), option + 1
    several = len(ct.activate_options) > 1
    if w > p.active:
        if several:
            return T("Using {card} with option {k} takes {w} on your start card: you have {n}.",
                     card=name, k=k, w=amount("workers", w), n=p.active)
        return T("Using {card} takes {w} on your start card: you have {n}.", card=name,
                 w=amount("workers", w), n=p.active)
    if o.spyrium > p.spyrium:
        if several:
            return T("Using {card} with option {k} takes {s} Spyrium: you have {n}.", card=name, k=k,
                     s=o.spyrium, n=p.spyrium)
        return T("Using {card} takes {s} Spyrium: you have {n}.", card=name, s=o.spyrium, n=p.spyrium)
    return T("You cannot pay for that option now.")  # pragma: no cover - workers and Spyrium are its price


@refuses("turn-event")
def _event_reason(state: SpyriumState, seat: int, a: UseEvent) -> Text:
    p = state.players_[seat]
    if state.turn_event is None:
        return T("There is no turn event now.")
    if p.event_used:
        return T("You already used the turn event this round.")
    ev = EVENTS[state.turn_event]
    name = event_name(state.turn_event)
    if ("I" if p.phase == 1 else "II") not in ev.phases:
        return T("The turn event {name} can be used only in Phase II.", name=name)
    if not 0 <= a.option < len(ev.options):
        return T("The turn event {name} has no option {n}.", name=name, n=a.option + 1)
    o = ev.options[a.option]
    uses_token = any(v == "token" for v in [*o.pay.values(), *o.gain.values()])
    if uses_token and state.turn_event_token is None:
        return T("The turn event {name} has no token, so it cannot be used.", name=name)
    if o.gain.get("workers") and p.reserve == 0:
        return ruled("worker", T("Your reserve is empty: there is no worker to recruit."))
    if not o.reuse_used_building and (a.building is not None or a.building_option is not None):
        return T("That option of the turn event does not use a building again.")
    if not o.place_worker_in_market and a.slot is not None:
        return T("That option of the turn event places no worker.")
    if o.reuse_used_building:
        if not any(b.tapped for b in p.buildings):
            return T("{name} uses again a building already used this round: you have not used any "
                     "building yet.", name=name)
        if a.building is None or a.building_option is None:
            return T("Choose which used building to use again, and its option.")
        if not 0 <= a.building < len(p.buildings):
            return T("You have no building {n}.", n=a.building + 1)
        b = p.buildings[a.building]
        ct = rules.CARD_TYPES[type_of(b.card)]
        if not b.tapped:
            return T("{name} re-uses a building already used this round: you have not used {card} yet.",
                     name=name, card=the_card(b.card))
        if not 0 <= a.building_option < len(ct.activate_options):
            return T("You cannot choose option {n}: {card} has only {k}.", card=the_card(b.card),
                     n=a.building_option + 1, k=len(ct.activate_options))
        uo = ct.activate_options[a.building_option]
        if rules.use_workers(p, ct, uo) > p.active:
            return _option_reason(p, b.card, a.building_option)
    if o.place_worker_in_market:
        if p.active == 0:
            return ruled("start-card", T("You have no active worker on your start card."))
        if a.slot not in SLOT_INDEX:
            return ruled("worker-slot", T("Choose a worker slot of the market."))
        if a.slot not in rules.legal_slots(state):
            return ruled("worker-slot", T("That slot has no card on either side: a worker must stand next to "
                                          "a card."))
    why = (_commerce_reason(p, a.commerce, state.turn_event_token if uses_token else None)
           or _residence_reason(p, bool(o.residence_action), a.residence, name))
    if why:
        return why
    money, spy = rules.event_cost(state, seat, a)
    return (_afford(p, money, spy, [T("£{n} for the event", n=money)])
            or T("You cannot use that option of the turn event now."))


def turn_reason(state: SpyriumState, cls: type) -> Text | None:
    """Why no action of kind ``cls`` can be taken now, whatever its fields: the choice that
    is due first (the bonus, the Phase II action), then the phase; None if the kind may be."""
    seat = state.current
    p = state.players_[seat]
    if state.pending_bonus:
        if cls is ChooseBonus:
            return ruled("bonus-marker", T("You already received that bonus: choose the other one."))
        return ruled("bonus-marker", T("You reached {n} VP: choose your bonus (a worker or £{m}) first.",
                                       n=BONUS_LOW, m=BONUS_MONEY))
    if cls is ChooseBonus:
        return ruled("bonus-marker", T("You have no bonus to choose now: a bonus is chosen on reaching {n} VP.",
                                       n=BONUS_LOW))
    if state.continuing and cls in (PlaceWorker, SwitchPhase):
        return ruled("phase-ii", T("You just moved to Phase II: take a Phase II action now."))
    if p.phase == 1 and cls in _MARKET:
        return ruled("phase-ii", T("{action} is a Phase II action: in Phase I you place workers in the slots "
                                   "beside the cards, and in Phase II each worker can activate a card next to it.",
                                   action=_ACTION_NAMES[cls]))
    if p.phase == 1 and cls in _ACTION_NAMES:
        return ruled("phase-ii", T("{action} is a Phase II action: you are in Phase I (move to Phase II first).",
                                   action=_ACTION_NAMES[cls]))
    if p.phase == 2 and cls is PlaceWorker:
        return ruled("phase-i", T("You are in Phase II: you cannot place workers any more this round."))
    if p.phase == 2 and cls is SwitchPhase:
        return ruled("phase-i", T("You are already in Phase II."))
    return None


def reason(state: SpyriumState, a: Any) -> Text:
    """A player-readable reason why ``a`` is not legal now (it is known not to be): one
    rule, named in one sentence."""
    seat = state.current
    p = state.players_[seat]
    if isinstance(a, UseBuilding) and not state.pending_bonus:
        why = _no_ability(p, a.building)  # never, in any phase: before the phase
        if why:
            return why
    why = turn_reason(state, type(a))
    if why:
        return why
    if isinstance(a, PlaceWorker):
        if p.active == 0:
            return ruled("start-card", T("You have no active worker on your start card."))
        if a.slot not in SLOT_INDEX:
            return ruled("worker-slot", T("There is no such worker slot in the market."))
        return ruled("worker-slot", T("That slot has no card on either side: a worker must stand next to a card."))
    if isinstance(a, Pass):
        return ruled("phase-ii", T("You cannot pass while you have workers in the market: take them back first."))
    if isinstance(a, _MARKET):
        return _market_reason(state, seat, a)
    if isinstance(a, (UseBuilding, UseTaylorism)):
        return _building_reason(p, a)
    if isinstance(a, UseEvent):
        return _event_reason(state, seat, a)
    return T("That is not a legal move now.")  # pragma: no cover - every kind is named above


# ---- the coach: probes that name only part of a move ---------------------------------------

_KINDS: dict[str, type[BaseModel]] = {"place": PlaceWorker, "switch": SwitchPhase, "earn": EarnMoney, "hire": Hire,
          "build": Build, "patent": Patent, "use": UseBuilding, "taylorism": UseTaylorism,
          "event": UseEvent, "pass": Pass, "choose_bonus": ChooseBonus}


def _matches(data: dict, probe: dict) -> bool:
    return all(data.get(k) == v for k, v in probe.items())


def _completions(state: SpyriumState, probe: dict) -> list:
    """Whole actions with the probe's fields, the most favourable first (the player's own
    worker, the cheapest token, option, price...); [] when the probe names no such move."""
    seat = state.current
    p = state.players_[seat]
    cls = _KINDS[probe["type"]]
    fields = [f for f in cls.model_fields if f != "type"]
    pos = probe.get("pos")
    card = state.market[pos] if isinstance(pos, int) and 0 <= pos < len(state.market) else None
    ct = rules.CARD_TYPES.get(type_of(card)) if card is not None else None
    domains: dict[str, list] = {}
    # cast(int, pos) below: card (and so ct) is set only when pos is a market index (above)
    for f in fields:
        if f in probe:
            domains[f] = [probe[f]]
        elif f == "slot" and cls is not UseEvent:
            near = list(POSITION_SLOTS[cast(int, pos)]) if card is not None else list(range(len(SLOT_IDS)))
            mine = [SLOT_IDS[s] for s in near if seat in state.slots[s]]
            domains[f] = mine or [SLOT_IDS[near[0]]]
        elif f == "token" and ct is not None and ct.hire_effect is not None \
                and ct.hire_effect.discard_token and state.market_tokens[cast(int, pos)]:
            domains[f] = sorted(set(state.market_tokens[cast(int, pos)]))
        elif f == "lobbying":
            domains[f] = [True, False] if rules.ready_tech(p, "lobbying") is not None else [False]
        elif f == "residence" and ct is not None and (
                (ct.hire_effect is not None and ct.hire_effect.residence_action)
                or any(b.residence_action for b in ct.on_build)):
            domains[f] = rules.residence_choices(p)[-1:]
        elif f == "replace":
            domains[f] = [None, *range(len(p.buildings))]
        elif f == "option":
            n = (len(EVENTS[state.turn_event].options) if cls is UseEvent and state.turn_event
                 else _options_of(p, probe.get("building")))
            domains[f] = list(range(max(1, n)))
        elif f == "building" and cls is UseTaylorism:
            domains[f] = [i for i, b in enumerate(p.buildings) if b.tapped]
        else:  # a choice that is not made (pos of Earn money, commerce) or an event's own
            domains[f] = [None]
    out = []
    for values in product(*(domains[f] for f in fields)):
        data = dict(zip(fields, values))
        if cls is UseEvent:
            data = _event_fields(state, data, probe)
        try:
            out.append(cls(**data))
        except Exception:  # a field the move needs that the position cannot give
            continue
    if cls in (Hire, Build, Patent) and card is not None:
        out.sort(key=lambda a: _price(state, seat, a))
    return out


def _options_of(p, building) -> int:
    if isinstance(building, int) and 0 <= building < len(p.buildings):
        return len(rules.CARD_TYPES[type_of(p.buildings[building].card)].activate_options)
    return 1


def _event_fields(state: SpyriumState, data: dict, probe: dict) -> dict:
    """An event option's own choices not in the probe: its Residence choice, the used
    building it re-uses (one whose option fits the workers, if any), the slot it places a
    worker in."""
    p = state.players_[state.current]
    if state.turn_event is None or not isinstance(data["option"], int) \
            or not 0 <= data["option"] < len(EVENTS[state.turn_event].options):
        return data
    o = EVENTS[state.turn_event].options[data["option"]]
    fill: dict = {}
    if o.residence_action:
        fill["residence"] = rules.residence_choices(p)[-1]
    if o.reuse_used_building:
        best = None
        for i, b in enumerate(p.buildings):
            ct = rules.CARD_TYPES[type_of(b.card)]
            for j, uo in enumerate(ct.activate_options):
                fits = rules.use_workers(p, ct, uo) <= p.active
                if b.tapped and (best is None or (fits and not best[2])):
                    best = (i, j, fits)
        if best is not None:
            fill["building"], fill["building_option"] = best[0], best[1]
    if o.place_worker_in_market:
        slots = rules.legal_slots(state)
        fill["slot"] = slots[0] if slots else SLOT_IDS[0]
    return {**data, **{k: v for k, v in fill.items() if k not in probe}}


def _price(state: SpyriumState, seat: int, a: Any) -> tuple:
    """How much a market activation asks (money, Spyrium), for ordering completions."""
    p = state.players_[seat]
    if isinstance(a, Build) and a.replace is not None and not 0 <= a.replace < len(p.buildings):
        return (1 << 30, 0)
    try:
        money, spy = rules.activation_cost(state, seat, a)
    except Exception:  # pragma: no cover - a wrong kind of card: no price, last
        return (1 << 30, 0)
    return (money - p.money, spy - p.spyrium)


def probe_reason(state: SpyriumState, probe: dict) -> Text | None:
    """``Game.why_not`` of a probe that names only part of a move (see the module doc):
    None when some legal action has all the probe's fields, else the reason."""
    if state.over:
        return T("The game is over.")
    if any(_matches(a.model_dump(mode="json"), probe) for a in rules.legal_actions(state)):
        return None
    cls = _KINDS[probe["type"]]
    seat = state.current
    p = state.players_[seat]
    if cls is UseBuilding and isinstance(probe.get("building"), int) and not state.pending_bonus:
        why = _no_ability(p, probe["building"])
        if why:
            return why
    why = turn_reason(state, cls)
    if why:
        return why
    if cls in (Hire, Build, Patent) and "slot" not in probe and isinstance(probe.get("pos"), int) \
            and 0 <= probe["pos"] < len(state.market):
        if state.market[probe["pos"]] is None:
            return ruled("market", T("That card is no longer in the market."))
        why = _no_worker_next_to(state, seat, probe["pos"])
        if why:
            return why
    if cls is UseTaylorism and "building" not in probe:
        if rules.ready_tech(p, "taylorism") is None:
            return _tech_reason(p, "taylorism", T("Taylorism"))
        if not any(b.tapped for b in p.buildings):
            return ruled("B-taylorism", T("Taylorism uses again a building already used this round: you have not "
                                          "used any building yet."))
    cands = _completions(state, probe)
    if not cands:  # no move of that kind has these fields: the parser says what is missing
        raise LookupError(probe)
    return reason(state, cands[0])


def partial(probe: Any) -> bool:
    """Whether ``probe`` is a Spyrium move with some of its fields left out (a board spot
    that knows only part of the move), which ``probe_reason`` reads."""
    if not isinstance(probe, dict) or probe.get("type") not in _KINDS:
        return False
    known = set(_KINDS[probe["type"]].model_fields)
    return set(probe) < known


__all__ = ["reason", "turn_reason", "probe_reason", "partial"]
