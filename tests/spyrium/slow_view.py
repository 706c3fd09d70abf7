"""``view`` as it was before the speed work (a frozen copy of that revision's
``engines/spyrium/view.py``, the view alone): the tests check the fast one gives the same
dict, key order included."""

from __future__ import annotations

from typing import Any, Optional

from engines.spyrium.components import (BONUS_HIGH, BONUS_LOW, CARD_TYPES, EVENTS, PERIOD_BY_ROUND,
                                        RESIDENCE_VALUES, ROUNDS, SLOT_IDS, SLOT_POSITIONS, TECHNIQUES,
                                        kind_of, name_of, type_of)
from engines.spyrium.scoring import breakdown, score, technique_vp
from engines.spyrium.state import SpyriumState

from .slow_rules import adjacent_workers, workers_in_market


def _card(card: str) -> dict[str, Any]:
    d = _CARD_CACHE.get(card)
    if d is None:
        d = _CARD_CACHE[card] = _card_info(card)
    return dict(d, symbols=list(d["symbols"]))


_CARD_CACHE: dict[str, dict[str, Any]] = {}


def _card_info(card: str) -> dict[str, Any]:
    t = type_of(card)
    d: dict[str, Any] = {"card": card, "type": t, "kind": kind_of(card), "name": name_of(card)}
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
    return {"id": event, "name": e.name_en, "phases": list(e.phases),
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
