"""A heuristic Spyrium bot that decides from ``view`` and ``legal_actions`` only.

It never reads the hidden parts of the state: it rebuilds a state from what its view shows,
filling the hidden piles (period decks, token reserve, events below the preview) with the
unseen components in an order drawn from its own ``rng`` (a *determinization*). For speed the
guess is read from the public fields of the state directly (``guess_state``), which gives
exactly the state ``state_from_view`` builds from the view, with the same draws. On that
guess it tries each candidate action (on a copy of only what the move can change) and values
the result for itself:

    value = score now (track + printed building VP + technique VP)
          + money, Spyrium and workers at a worth that falls as the game nears its end
          + the expected VP of using its buildings in the rounds left
          + income from the Residence track in the rounds left.

In Phase I it places a worker next to the card whose best activation is worth most, net
of the surcharge the other workers already impose, and switches to Phase II when no slot
is worth it or it must keep workers for its buildings.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from . import rules
from .actions import (Build, EarnMoney, Hire, Pass, Patent, PlaceWorker, SwitchPhase,
                      UseEvent)
from .components import (CARD_TYPES, EVENT_IDS, POSITION_SLOTS, RESIDENCE_INCOME,
                         ROUNDS, SLOT_IDS, SLOT_INDEX, SLOT_POSITIONS, TOKEN_SUPPLY, deck_cards,
                         kind_of, type_of)
from .rules import TECH_KEY
from .scoring import CATEGORIES, score
from .state import (Building, Player, SpyriumState, Technique, _new, _set_dict, _set_extra,
                    _set_fields, _set_private)

TECH_ONGOING = {"taylorism": 2.0, "engineering": 1.5, "automation": 1.0, "capitalization": 1.0,
                "lobbying": 1.0, "commerce": 0.7, "crane": 0.6}
"""Rough VP worth, per round left, of each technique's ongoing power."""


def state_from_view(v: dict, rng: Rng) -> SpyriumState:
    """A full state consistent with the view; hidden piles are a random guess."""
    ps = []
    for pv in v["players"]:
        ps.append(Player(
            money=pv["money"], spyrium=pv["spyrium"], vp=pv["vp"], residence=pv["residence"],
            reserve=pv["reserve"], active=pv["active"], spent=pv["spent"],
            buildings=[Building(card=b["card"], tapped=b["tapped"], workers=b["workers"])
                       for b in pv["buildings"]],
            techniques=[Technique(card=t["card"], tapped=t["tapped"]) for t in pv["techniques"]],
            kept_tokens=list(pv["kept_tokens"]), phase=pv["phase"], passed=pv["passed"],
            event_used=pv["event_used"], bonuses_left=list(pv["bonuses_left"]),
            vp_log={k: pv["breakdown"][k] for k in CATEGORIES[:5] if pv["breakdown"][k]}))
    seen = set(v["removed"])
    for m in v["market"]:
        if m:
            seen.add(m["card"])
    for pv in v["players"]:
        seen.update(b["card"] for b in pv["buildings"])
        seen.update(t["card"] for t in pv["techniques"])
    decks = {}
    for period, n in v["decks"].items():
        unseen = [c for c in deck_cards(period) if c not in seen]
        rng.shuffle(unseen)
        decks[period] = unseen[:n]
    tokens = list(TOKEN_SUPPLY)
    out_tokens = [*v["token_discard"]]
    for m in v["market"]:
        if m:
            out_tokens += m["tokens"]
    for pv in v["players"]:
        out_tokens += pv["kept_tokens"]
    for ev in (v["turn_event"], v["next_event"]):
        if ev and ev["token"] is not None:
            out_tokens.append(ev["token"])
    for t in out_tokens:
        tokens.remove(t)
    rng.shuffle(tokens)
    known = {e["id"] for e in v["past_events"]}
    for ev in (v["turn_event"], v["next_event"]):
        if ev:
            known.add(ev["id"])
    hidden = [e for e in EVENT_IDS if e not in known]
    rng.shuffle(hidden)
    future = ([v["next_event"]["id"]] if v["next_event"] else []) + hidden[:v["hidden_events"]]
    rng.next_u32()  # the guess once seeded a generator of its own here: drawn still, so the draws stay the same
    return SpyriumState(
        players=len(ps), seed=0, round=v["round"],
        over=v["over"], first_player=v["first_player"],
        current=v["to_move"] if v["to_move"] is not None else 0,
        continuing=v["continuing"], pending_bonus=v["pending_bonus"], decks=decks,
        market=[m["card"] if m else None for m in v["market"]],
        market_tokens=[list(m["tokens"]) if m else [] for m in v["market"]],
        slots=[list(s["workers"]) for s in v["slots"]], future_events=future,
        future_token=v["next_event"]["token"] if v["next_event"] else None,
        turn_event=v["turn_event"]["id"] if v["turn_event"] else None,
        turn_event_token=v["turn_event"]["token"] if v["turn_event"] else None,
        past_events=[e["id"] for e in v["past_events"]], token_reserve=tokens,
        token_discard=list(v["token_discard"]), removed=list(v["removed"]), players_=ps)


def _model(cls, fields: dict):
    """A model of ``cls`` with ``fields`` (all of them, known valid), without validation."""
    obj = _new(cls)
    _set_dict(obj, fields)
    _set_fields(obj, set(fields))
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


_VP_SOURCES = CATEGORIES[:5]


def guess_state(state: SpyriumState, rng: Rng) -> SpyriumState:
    """``state_from_view(view(state, seat), rng)`` without the view: the same state (equal
    field by field) from the same draws of ``rng``, read from the public parts of ``state``
    only (the sizes of the hidden piles, never their contents or order)."""
    ps = []
    for p in state.players_:
        log = p.vp_log
        ps.append(_model(Player, {
            "money": p.money, "spyrium": p.spyrium, "vp": p.vp, "residence": p.residence,
            "reserve": p.reserve, "active": p.active, "spent": p.spent,
            "buildings": [_model(Building, {"card": b.card, "tapped": b.tapped, "workers": b.workers})
                          for b in p.buildings],
            "techniques": [_model(Technique, {"card": t.card, "tapped": t.tapped}) for t in p.techniques],
            "kept_tokens": list(p.kept_tokens), "phase": p.phase, "passed": p.passed,
            "event_used": p.event_used, "bonuses_left": list(p.bonuses_left),
            "vp_log": {k: log[k] for k in _VP_SOURCES if log.get(k, 0)}}))
    seen = set(state.removed)
    for card in state.market:
        if card is not None:
            seen.add(card)
    for p in state.players_:
        seen.update(b.card for b in p.buildings)
        seen.update(t.card for t in p.techniques)
    decks = {}
    for period, deck in state.decks.items():
        unseen = [c for c in _DECKS[period] if c not in seen]
        rng.shuffle(unseen)
        decks[period] = unseen[:len(deck)]
    tokens = list(TOKEN_SUPPLY)
    out_tokens = list(state.token_discard)
    for card, toks in zip(state.market, state.market_tokens):
        if card is not None:
            out_tokens += toks
    for p in state.players_:
        out_tokens += p.kept_tokens
    future = state.future_events
    if state.turn_event is not None and state.turn_event_token is not None:
        out_tokens.append(state.turn_event_token)
    if future and state.future_token is not None:
        out_tokens.append(state.future_token)
    for t in out_tokens:
        tokens.remove(t)
    rng.shuffle(tokens)
    known = set(state.past_events)
    if state.turn_event is not None:
        known.add(state.turn_event)
    if future:
        known.add(future[0])
    hidden = [e for e in EVENT_IDS if e not in known]
    rng.shuffle(hidden)
    rng.next_u32()  # as state_from_view
    return _model(SpyriumState, {
        "players": len(ps), "seed": 0, "dealer": None, "dealt": 0, "seen": [], "round": state.round,
        "over": state.over, "first_player": state.first_player,
        "current": 0 if state.over else state.current,
        "continuing": state.continuing, "pending_bonus": state.pending_bonus,
        "decks": decks, "market": list(state.market),
        "market_tokens": [list(toks) if card is not None else []
                          for card, toks in zip(state.market, state.market_tokens)],
        "slots": [list(x) for x in state.slots],
        "future_events": ([future[0]] if future else []) + hidden[:max(0, len(future) - 1)],
        "future_token": state.future_token if future else None,
        "turn_event": state.turn_event,
        "turn_event_token": state.turn_event_token if state.turn_event is not None else None,
        "past_events": list(state.past_events), "token_reserve": tokens,
        "token_discard": sorted(state.token_discard), "removed": list(state.removed),
        "players_": ps, "dealing": None, "dealing_pos": 0, "dealing_left": 0})


_DECKS = {period: deck_cards(period) for period in "ABC"}


def value(state: SpyriumState, seat: int, round_: int) -> float:
    """How good ``state`` is for ``seat``, in VP (see the module docstring)."""
    p = state.players_[seat]
    s = float(score(p))
    if state.over:
        return s
    left = ROUNDS - round_  # rounds after this one
    mv = 0.8 if left >= 1 else 0.25
    wv = 2.2 * left
    eng = auto = False
    for t in p.techniques:
        key = TECH_KEY[t.card]
        if key == "engineering":
            eng = True
        elif key == "automation":
            auto = True
    # Spyrium is worth what it can still be turned into: up to what the player's own
    # converting buildings (and a hire or two) can take, little beyond.
    capacity = 2 if left >= 1 else 0
    kinds = [_USES[b.card] for b in p.buildings]
    for b, k in zip(p.buildings, kinds):
        capacity += k[0] * (left + (0 if b.tapped else 1))
    hi = 1.6 if left >= 1 else 1.8
    spy_value = min(p.spyrium, capacity) * hi + max(0, p.spyrium - capacity) * 0.35
    marginal = hi if p.spyrium < capacity else 0.35
    s += p.money * mv + spy_value + rules.workers_owned(p) * wv
    s += RESIDENCE_INCOME[p.residence] * left * mv
    for need, mine, factory, options in kinds:
        best = 0.0
        free = mine and auto
        plus = eng and factory
        for vp, gain_spy, spy, workers in options:
            w = 0 if free else workers
            u = vp + gain_spy * marginal - spy * 1.0 - w * 0.9
            if plus:
                u += w
            if u > best:
                best = u
        s += best * left * 0.6
    for t in p.techniques:
        s += TECH_ONGOING.get(TECH_KEY[t.card], 0.5) * left
    return s


def _uses(card: str) -> tuple:
    """(most Spyrium one use takes, Mine?, Factory?, (VP, Spyrium gained, Spyrium paid,
    workers) of each use option) of a building: what ``value`` reads of it."""
    ct = CARD_TYPES[type_of(card)]
    return (max((o.spyrium for o in ct.activate_options), default=0), "mine" in ct.symbols,
            "factory" in ct.symbols,
            tuple((o.gain.get("vp", 0), o.gain.get("spyrium", 0), o.spyrium, o.workers)
                  for o in ct.activate_options))


_USES = rules._ByCard(_uses)


def _try(state: SpyriumState, seat: int, a: Any, round_: int) -> float:
    twin = _twin(state, seat) if not isinstance(a, Pass) else state.clone()
    rules.play(twin, a)
    return value(twin, seat, round_)


def _twin(state: SpyriumState, seat: int) -> SpyriumState:
    """A copy of ``state`` for trying one move of ``seat`` that is not a Pass: what such a
    move can change (the market, its tokens and slots, the token discard pile, the removed
    cards, the turn, the mover's own pieces) is copied, the rest shared. Such a move never
    ends the round (the mover has not passed, so the turn comes back at worst to them), so
    the decks, the events, the token reserve, the dealer and the other players stay untouched
    (the rules replace none of them in place either)."""
    if state.players_[seat].passed or state.over:
        return state.clone()
    d = state.__dict__.copy()
    d["market"] = state.market[:]
    d["market_tokens"] = [t[:] for t in state.market_tokens]
    d["slots"] = [x[:] for x in state.slots]
    d["token_discard"] = state.token_discard[:]
    d["removed"] = state.removed[:]
    ps = state.players_[:]
    p = ps[seat]
    pd = p.__dict__.copy()
    pd["buildings"] = [_copy(Building, b) for b in p.buildings]
    pd["techniques"] = [_copy(Technique, t) for t in p.techniques]
    pd["kept_tokens"] = p.kept_tokens[:]
    pd["bonuses_left"] = p.bonuses_left[:]
    pd["vp_log"] = p.vp_log.copy()
    ps[seat] = _model(Player, pd)
    d["players_"] = ps
    return _model(SpyriumState, d)


def _copy(cls, m):
    return _model(cls, m.__dict__.copy())


def _card_values(state: SpyriumState, seat: int, round_: int, base: float) -> list[float]:
    """For each market position, the best gain of activating its card now with one more worker."""
    out = [float("-inf")] * len(state.market)
    for q, card in enumerate(state.market):
        if card is None:
            continue
        si = POSITION_SLOTS[q][0]
        twin = _twin(state, seat)
        twin.slots = [[w for w in s if w != seat] for s in twin.slots]
        twin.slots[si].append(seat)
        twin.players_[seat].phase = 2
        twin.current = seat
        best = float("-inf")
        for a in rules._market_actions(twin, seat, SLOT_IDS[si]):  # our one worker is there
            if isinstance(a, EarnMoney) or a.pos != q:
                continue
            best = max(best, _try(twin, seat, a, round_) - base)
        # the surcharge this extra worker of ours costs nobody, but others' do cost us
        out[q] = best
    return out


def _reserved_workers(p: Player) -> int:
    """Active workers to keep for using buildings in Phase II."""
    need = 0
    for b in p.buildings:
        if b.tapped:
            continue
        ct = CARD_TYPES[type_of(b.card)]
        best_w, best_u = 0, 0.0
        for o in ct.activate_options:
            if o.spyrium > p.spyrium:
                continue
            w = rules.use_workers(p, ct, o)
            u = o.gain.get("vp", 0) + o.gain.get("spyrium", 0) * 1.7 - o.spyrium * 1.7
            if u > best_u:
                best_w, best_u = w, u
        need += best_w
    return need


def choose(game: Any, state: SpyriumState, rng: Rng) -> Any:
    seat = game.to_move(state)
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    guess = guess_state(state, rng)  # = state_from_view(game.view(state, seat), rng)
    round_ = state.round
    base = value(guess, seat, round_)
    me = guess.players_[seat]
    if me.phase == 1 and not guess.pending_bonus and any(isinstance(a, SwitchPhase) for a in legal):
        cards = _card_values(guess, seat, round_, base)
        best_a, best_v = None, 0.6
        for a in legal:
            if isinstance(a, PlaceWorker):
                si = SLOT_INDEX[a.slot]
                val = float("-inf")
                for q in SLOT_POSITIONS[si]:
                    card = guess.market[q]
                    if card is None:
                        continue
                    mine = sum(guess.slots[s].count(seat) for s in POSITION_SLOTS[q])
                    cv = cards[q]
                    kind = kind_of(card)
                    if mine and kind in ("building", "technique"):
                        cv *= 0.25  # a building or technique can be taken only once
                    elif mine and guess.market_tokens[q] and mine >= len(guess.market_tokens[q]):
                        cv *= 0.25  # not enough tokens left for one more hire
                    val = max(val, cv)
                if me.active <= _reserved_workers(me):
                    val -= 3.0
                val += 0.05 * rng.below(10)
            elif isinstance(a, UseEvent):
                val = _try(guess, seat, a, round_) - base
            else:
                continue
            if val > best_v:
                best_a, best_v = a, val
        return best_a if best_a is not None else next(a for a in legal if isinstance(a, SwitchPhase))
    best_a, best_v = legal[-1], float("-inf")
    for a in legal:
        val = base if isinstance(a, Pass) else _try(guess, seat, a, round_)
        if isinstance(a, (Hire, Build, Patent, EarnMoney)):
            val += 0.01  # free the market before passing
        if val > best_v + 1e-9:
            best_a, best_v = a, val
    return best_a
