"""What a player sees (spec §15, D-38) and the log lines.

Hidden: the three period decks and the token reserve (shown as sizes), and the event cards
below the visible preview (shown as a count). Everything else is open: the market with its
tokens, the turn event, the preview event with its token, the token discard pile, and every
player's money, Spyrium, workers, cards and kept tokens. Simultaneous hidden choices do not
exist in Spyrium (D-52), so every player's view is the same apart from ``me``.
"""

from __future__ import annotations

from typing import Any, Optional

from .actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_HIGH, BONUS_LOW, BONUS_MONEY, CARD_TYPES, EVENTS, PERIOD_BY_ROUND, RESIDENCE_VALUES, ROUNDS,
                         SLOT_IDS, SLOT_POSITIONS, TECHNIQUES, card_text, event_text, kind_of,
                         name_of, type_of)
from .rules import activation_cost, adjacent_workers, earnings, event_cost, workers_in_market
from .scoring import breakdown, score, technique_vp
from .state import SpyriumState

POS_NAMES = ["top left", "top middle", "top right", "middle left", "centre", "middle right",
             "bottom left", "bottom middle", "bottom right"]


def _card(card: str) -> dict[str, Any]:
    d = _CARD_CACHE.get(card)
    if d is None:
        d = _CARD_CACHE[card] = _card_info(card)
    return dict(d, symbols=list(d["symbols"]))


_CARD_CACHE: dict[str, dict[str, Any]] = {}


def _card_info(card: str) -> dict[str, Any]:
    t = type_of(card)
    d: dict[str, Any] = {"card": card, "type": t, "kind": kind_of(card), "name": name_of(card),
                         "text": card_text(card)}
    if t in CARD_TYPES:
        ct = CARD_TYPES[t]
        d.update(cost=ct.cost, vp=ct.vp, symbols=list(ct.symbols), period=ct.period,
                 options=len(ct.activate_options))
    else:
        tt = TECHNIQUES[t]
        d.update(cost=tt.cost, vp=None, symbols=[], period=tt.period, options=0)
    return d


def _event(event: Optional[str], token: Optional[int]) -> Optional[dict[str, Any]]:
    if event is None:
        return None
    e = EVENTS[event]
    return {"id": event, "name": e.name_en, "text": event_text(event), "phases": list(e.phases),
            "token": token, "token_icon": e.token_on_reveal}


def view(state: SpyriumState, player: Optional[int]) -> dict[str, Any]:
    players = []
    for i, p in enumerate(state.players_):
        players.append({
            "seat": i, "money": p.money, "spyrium": p.spyrium, "vp": p.vp,
            "residence": p.residence, "residence_value": RESIDENCE_VALUES[p.residence],
            "reserve": p.reserve, "active": p.active, "spent": p.spent,
            "in_market": workers_in_market(state, i),
            "buildings": [{**_card(b.card), "tapped": b.tapped, "workers": b.workers}
                          for b in p.buildings],
            "techniques": [{**_card(t.card), "tapped": t.tapped} for t in p.techniques],
            "technique_vp": technique_vp(p),
            "kept_tokens": list(p.kept_tokens), "phase": p.phase, "passed": p.passed,
            "event_used": p.event_used, "bonuses_left": list(p.bonuses_left),
            "score": score(p), "breakdown": breakdown(p),
        })
    market = []
    for pos, card in enumerate(state.market):
        if card is None:
            market.append(None)
        else:
            market.append({**_card(card), "pos": pos, "tokens": list(state.market_tokens[pos]),
                           "adjacent_workers": adjacent_workers(state, pos)})
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
        "next_event": _event(state.future_events[0], state.future_token) if state.future_events else None,
        "hidden_events": max(0, len(state.future_events) - 1),
        "past_events": [_event(e, None) for e in state.past_events],
        "removed": list(state.removed),
        "players": players,
    }


def _amount_text(kind: str, n: Any) -> str:
    if kind == "money":
        return f"£{n}"
    if kind == "vp":
        return f"{n} VP"
    if kind == "workers":
        return f"{n} worker" + ("s" if n != 1 else "")
    return f"{n} Spyrium"


def _who(state: SpyriumState) -> str:
    return f"Player {state.current + 1}"


def _lobby_com(a) -> str:
    bits = []
    if getattr(a, "lobbying", False):
        bits.append("with Lobbying (no surcharge)")
    if getattr(a, "commerce", None) is not None:
        bits.append(f"treating the token as {a.commerce} (Commerce)")
    return (" " + ", ".join(bits)) if bits else ""


def _res(r: Optional[str], state: SpyriumState) -> str:
    if r is None:
        return ""
    if r == "advance":
        return ", moving up the Residence track"
    v = RESIDENCE_VALUES[state.players_[state.current].residence]
    return f", taking {v} VP from the Residence track"


def describe(state: SpyriumState, a) -> str:
    who = _who(state)
    p = state.players_[state.current]
    if isinstance(a, PlaceWorker):
        return f"{who} places a worker in slot {a.slot}"
    if isinstance(a, SwitchPhase):
        return f"{who} moves to Phase II"
    if isinstance(a, Pass):
        return f"{who} passes"
    if isinstance(a, ChooseBonus):
        return f"{who} takes the {'worker' if a.bonus == 'worker' else f'£{BONUS_MONEY}'} bonus"
    if isinstance(a, EarnMoney):
        n = earnings(state, p, a.pos)
        if a.pos is None:
            return f"{who} takes back the worker from {a.slot} for £{n} (no card left next to it)"
        return (f"{who} earns £{n} with the worker in {a.slot} next to the "
                f"{name_of(state.market[a.pos])}")
    if isinstance(a, (Hire, Build, Patent)):
        card = state.market[a.pos]
        money, spy = activation_cost(state, state.current, a)
        cost = f"£{money}" + (f" and {spy} Spyrium" if spy else "")
        if isinstance(a, Hire):
            tok = f" (token {a.token})" if a.token is not None else ""
            return (f"{who} hires the {name_of(card)}{tok} for {cost} with the worker in {a.slot}"
                    f"{_lobby_com(a)}{_res(a.residence, state)}")
        if isinstance(a, Patent):
            return f"{who} patents {name_of(card)} for {cost} with the worker in {a.slot}{_lobby_com(a)}"
        where = ("in a new space" if a.replace is None
                 else f"replacing the {name_of(p.buildings[a.replace].card)}")
        return (f"{who} builds the {name_of(card)} {where} for {cost} with the worker in {a.slot}"
                f"{_lobby_com(a)}{_res(a.residence, state)}")
    if isinstance(a, (UseBuilding, UseTaylorism)):
        b = p.buildings[a.building]
        ct = CARD_TYPES[type_of(b.card)]
        o = ct.activate_options[a.option]
        gain = ", ".join(_amount_text(k, v) for k, v in o.gain.items())
        via = " again with Taylorism" if isinstance(a, UseTaylorism) else ""
        return f"{who} uses the {name_of(b.card)}{via} for {gain}"
    if isinstance(a, UseEvent):
        ev = EVENTS[state.turn_event]
        o = ev.options[a.option]
        money, spy = event_cost(state, state.current, a)
        paid = " and ".join(x for x in [f"£{money}" if money else "", f"{spy} Spyrium" if spy else ""] if x)
        extra = ""
        if o.reuse_used_building and a.building is not None:
            extra = f" to use the {name_of(p.buildings[a.building].card)} again"
        elif o.place_worker_in_market:
            extra = f" to place a worker in slot {a.slot}"
        elif o.gain:
            value = a.commerce if a.commerce is not None else state.turn_event_token
            extra = " for " + ", ".join(
                _amount_text(k, value if v == "token" else v) for k, v in o.gain.items())
        return (f"{who} uses the event {ev.name_en}" + (f", paying {paid}" if paid else "")
                + extra + _lobby_com(a) + _res(a.residence, state))
    return f"{who}: {a}"
