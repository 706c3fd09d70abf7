"""What a player sees (spec §15, D-38) and the public log line of a move (``log_text``); what
the rules did by themselves after it is ``events``.

Hidden: the three period decks and the token reserve (shown as sizes), and the event cards
below the visible preview (shown as a count). Everything else is open: the market with its
tokens, the turn event, the preview event with its token, the token discard pile, and every
player's money, Spyrium, workers, cards and kept tokens. Simultaneous hidden choices do not
exist in Spyrium (D-52), so every player's view is the same apart from ``me``.
"""

from __future__ import annotations

from typing import Literal, Optional, cast, overload

from .actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_HIGH, BONUS_LOW, BONUS_MONEY, CARD_TYPES, EVENTS, PERIOD_BY_ROUND, RESIDENCE_VALUES, ROUNDS,
                         POSITION_SLOTS, SLOT_IDS, SLOT_POSITIONS, TECHNIQUES, kind_of,
                         name_of, type_of)
from .public import Breakdown, Building, Event, MarketCard, Player, SpyriumView, Technique, _CardFacts
from .rules import activation_cost, earnings, event_cost
from .scoring import CATEGORIES, building_vp, technique_vp
from .state import SpyriumState
from .texts import (T, amount, and_list, event_name, join, next_to, outcome_text, place, player, side_of, slot_text,
                    the_card)


_CARD_CACHE: dict[str, _CardFacts] = {}


def _card_info(card: str) -> _CardFacts:
    t = type_of(card)
    if t in CARD_TYPES:
        ct = CARD_TYPES[t]
        return {"card": card, "type": t, "kind": kind_of(card), "name": name_of(card),
                "cost": ct.cost, "vp": ct.vp, "symbols": list(ct.symbols), "period": ct.period,
                "options": len(ct.activate_options)}
    tt = TECHNIQUES[t]
    return {"card": card, "type": t, "kind": kind_of(card), "name": name_of(card),
            "cost": tt.cost, "vp": None, "symbols": [], "period": tt.period, "options": 0}


@overload
def _event(event: str, token: Optional[int]) -> Event: ...
@overload
def _event(event: None, token: Optional[int]) -> None: ...
@overload
def _event(event: Optional[str], token: Optional[int]) -> Optional[Event]: ...
def _event(event: Optional[str], token: Optional[int]) -> Optional[Event]:
    if event is None:
        return None
    e = EVENTS[event]
    return {"id": event, "name": e.name_en, "phases": list(e.phases),
            "token": token, "token_icon": e.token_on_reveal}


def _info(card: str) -> _CardFacts:
    """The card's fixed facts (shared: copy before changing, as ``view`` does)."""
    d = _CARD_CACHE.get(card)
    if d is None:
        d = _CARD_CACHE[card] = _card_info(card)
    return d


_TRACK = CATEGORIES[:5]


def view(state: SpyriumState, player: Optional[int]) -> SpyriumView:
    players: list[Player] = []
    in_market: dict[int, int] = {}  # = rules.workers_in_market, for every seat at once
    for s in state.slots:
        for seat in s:
            in_market[seat] = in_market.get(seat, 0) + 1
    for i, p in enumerate(state.players_):
        tvp = technique_vp(p)
        bvp = building_vp(p)
        log = p.vp_log
        # cast: _TRACK is the five score-track keys of Breakdown, its other two are set below
        parts = cast(Breakdown, {c: log.get(c, 0) for c in _TRACK})  # = scoring.breakdown(p)
        parts["buildings"] = bvp
        parts["techniques"] = sum(tvp.values())
        buildings: list[Building] = []
        for b in p.buildings:
            d = _info(b.card)
            buildings.append({**d, "symbols": list(d["symbols"]), "tapped": b.tapped, "workers": b.workers})
        techniques: list[Technique] = []
        for t in p.techniques:
            d = _info(t.card)
            techniques.append({**d, "symbols": list(d["symbols"]), "tapped": t.tapped})
        players.append({
            "seat": i, "money": p.money, "spyrium": p.spyrium, "vp": p.vp,
            "residence": p.residence, "residence_value": RESIDENCE_VALUES[p.residence],
            "reserve": p.reserve, "active": p.active, "spent": p.spent,
            "in_market": in_market.get(i, 0),
            "buildings": buildings,
            "techniques": techniques,
            "technique_vp": tvp,
            "kept_tokens": list(p.kept_tokens), "phase": p.phase, "passed": p.passed,
            # cast: the bonus markers are "worker" and "money" (components.Setup.bonus_markers)
            "event_used": p.event_used,
            "bonuses_left": cast(list[Literal["worker", "money"]], list(p.bonuses_left)),
            "score": p.vp + bvp + parts["techniques"], "breakdown": parts,  # = scoring.score(p)
        })
    market: list[MarketCard | None] = []
    slots = state.slots
    for pos, card in enumerate(state.market):
        if card is None:
            market.append(None)
        else:
            d = _info(card)
            adjacent = 0
            for si in POSITION_SLOTS[pos]:
                adjacent += len(slots[si])
            market.append({**d, "symbols": list(d["symbols"]), "pos": pos,
                           "tokens": list(state.market_tokens[pos]), "adjacent_workers": adjacent})
    return {
        "me": player, "round": state.round, "rounds": ROUNDS,
        "residence_track": list(RESIDENCE_VALUES), "bonus_thresholds": [BONUS_LOW, BONUS_HIGH],
        "period": PERIOD_BY_ROUND.get(state.round, ""), "over": state.over,
        "first_player": state.first_player,
        "to_move": None if state.over else state.current,
        "continuing": state.continuing, "pending_bonus": state.pending_bonus,
        "decks": {k: len(v) for k, v in state.decks.items()},
        "token_reserve": len(state.token_reserve),
        "token_discard": sorted(state.token_discard),
        "market": market,
        "slots": [{"id": SLOT_IDS[i], "positions": list(SLOT_POSITIONS[i]), "workers": list(s)}
                  for i, s in enumerate(state.slots)],
        "turn_event": _event(state.turn_event, state.turn_event_token),
        "next_event": (_event(state.future_events[0], state.future_token)
                       if state.future_events and state.dealing != "event" else None),
        "hidden_events": (max(0, len(state.future_events) - 1) if state.dealing != "event"
                          else len(state.future_events)),  # at an "event" node none is face up
        "past_events": [_event(e, None) for e in state.past_events],
        "removed": list(state.removed),
        "players": players,
    }


def _lobby_com(a) -> list:
    bits = []
    if getattr(a, "lobbying", False):
        bits.append(T("with Lobbying (no surcharge)"))
    if getattr(a, "commerce", None) is not None:
        bits.append(T("treating the token as {v} (Commerce)", v=a.commerce))
    return bits


def _res(r: Optional[str], state: SpyriumState) -> list:
    if r is None:
        return []
    p = state.players_[state.current]
    if r == "advance" and p.residence < len(RESIDENCE_VALUES) - 1:
        return [T("moving up the Residence track")]
    return [T("taking {n} VP from the Residence track", n=RESIDENCE_VALUES[p.residence])]


def _tail(line, bits: list):
    """``line`` followed by ", bit" for each bit."""
    for b in bits:
        line = T("{a}, {b}", a=line, b=b)
    return line


def _cost(money: int, spy: int):
    return T("£{m} and {s} Spyrium", m=money, s=spy) if spy else T("£{m}", m=money)


def log_text(state: SpyriumState, a):
    """The public log line of ``a`` played in ``state`` (before it is applied)."""
    if state.dealing is not None:
        return outcome_text(state, a)
    who = player(state.current)
    p = state.players_[state.current]
    if isinstance(a, PlaceWorker):
        return T("{player} places a worker {slot}", player=who, slot=slot_text(state, a.slot))
    if isinstance(a, SwitchPhase):
        return T("{player} moves to Phase II", player=who)
    if isinstance(a, Pass):
        return T("{player} passes", player=who)
    if isinstance(a, ChooseBonus):
        if a.bonus == "worker":
            return T("{player} takes the worker bonus", player=who)
        return T("{player} takes the £{n} bonus", player=who, n=BONUS_MONEY)
    if isinstance(a, EarnMoney):
        n = earnings(state, p, a.pos)
        if a.pos is None:
            return T("{player} takes back the worker {slot} for £{n} (no card left next to it)",
                     player=who, slot=slot_text(state, a.slot), n=n)
        return T("{player} earns £{n} with the worker {next_to}, {side}", player=who, n=n,
                 next_to=next_to(state, a.pos), side=side_of(a.slot, a.pos))
    if isinstance(a, (Hire, Build, Patent)):
        money, spy = activation_cost(state, state.current, a)
        cost = _cost(money, spy)
        where = place(state, a.pos)
        if isinstance(a, Hire):
            line = T("{player} hires {card} for {cost}", player=who, card=where, cost=cost)
            tok = [T("discarding token {t}", t=a.token)] if a.token is not None else []
            return _tail(line, tok + _lobby_com(a) + _res(a.residence, state))
        if isinstance(a, Patent):
            return _tail(T("{player} patents {card} for {cost}", player=who, card=where, cost=cost),
                         _lobby_com(a))
        if a.replace is None:
            line = T("{player} builds {card} in a new space for {cost}", player=who, card=where,
                     cost=cost)
        else:
            line = T("{player} builds {card} replacing {old} for {cost}", player=who, card=where,
                     old=the_card(p.buildings[a.replace].card), cost=cost)
        return _tail(line, _lobby_com(a) + _res(a.residence, state))
    if isinstance(a, (UseBuilding, UseTaylorism)):
        b = p.buildings[a.building]
        ct = CARD_TYPES[type_of(b.card)]
        uo = ct.activate_options[a.option]
        gain = join([amount(k, v) for k, v in uo.gain.items()])
        if isinstance(a, UseTaylorism):
            return T("{player} uses {card} again with Taylorism for {gain}", player=who,
                     card=the_card(b.card), gain=gain)
        return T("{player} uses {card} for {gain}", player=who, card=the_card(b.card), gain=gain)
    if isinstance(a, UseEvent):
        assert state.turn_event is not None  # an event is used during a round, which has one
        o = EVENTS[state.turn_event].options[a.option]
        money, spy = event_cost(state, state.current, a)
        paid = ([amount("money", money)] if money else []) + ([amount("spyrium", spy)] if spy else [])
        line = T("{player} uses the turn event {name}", player=who, name=event_name(state.turn_event))
        bits = [T("paying {paid}", paid=and_list(paid))] if paid else []
        if o.reuse_used_building and a.building is not None:
            bits.append(T("to use {card} again", card=the_card(p.buildings[a.building].card)))
        elif o.place_worker_in_market:
            assert a.slot is not None  # a legal placing event names its slot
            bits.append(T("to place a worker {slot}", slot=slot_text(state, a.slot)))
        elif o.gain:
            value = a.commerce if a.commerce is not None else state.turn_event_token
            bits.append(T("for {gain}", gain=join(
                [amount(k, value if v == "token" else v) for k, v in o.gain.items()])))
        return _tail(line, bits + _lobby_com(a) + _res(a.residence, state))
    return T("{player} plays", player=who)
