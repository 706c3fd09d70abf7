"""The playout policy (``Game.playout_action``): the heuristic bot's judgement, cheaply.

The heuristic bot (``bot.py``) rebuilds a state from its view, then plays every candidate on a
copy and values the result. A search bot's playouts call the policy thousands of times a
second, so this one values the candidates without copying or playing anything: one list of
legal actions, then a score per action from the state as it is, with the same worths as
``bot.value`` (VP 1, £ 0.8 — 0.25 in the last round —, Spyrium 1.6 up to what the player's
buildings can convert and 0.35 beyond, a worker 2.2 per round left, a building's best use and
a technique's power per round left, Residence income):

- Phase I: a worker goes next to the card whose best activation is worth most (net of the
  surcharge the other players' workers impose), if that is worth more than 0.6; else the
  player switches to Phase II (also when the active workers are needed for the buildings);
- Phase II and the bonus: the action whose gain, in those worths, is highest (Pass is 0 and
  the market actions get 0.01 more, as in the bot, so the market is freed before passing).

It may read the whole state (a search gives it sampled states), uses no chance but ``rng``
(one draw per Phase I placement, to part near-equal slots) and returns an object of the list
``legal_actions`` returned, which the search plays with ``play_legal``, unchecked.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from . import rules
from .actions import ChooseBonus
from .components import (BONUS_MONEY, CAPITALIZATION_BONUS, CARD_TYPES, EARN_PER_WORKER, EVENTS,
                         POSITION_SLOTS, RESIDENCE_INCOME, RESIDENCE_VP, ROUNDS, SLOT_INDEX,
                         SLOT_POSITIONS, SURCHARGE_PER_WORKER, TECHNIQUES, CardType, kind_of,
                         type_of)
from .rules import CARD_TYPE, LAST_RESIDENCE, TECH_KEY, _amount, _ByCard
from .scoring import technique_formula

TECH_ONGOING = {"taylorism": 2.0, "engineering": 1.5, "automation": 1.0, "capitalization": 1.0,
                "lobbying": 1.0, "commerce": 0.7, "crane": 0.6}
"""As ``bot.TECH_ONGOING``: rough VP worth, per round left, of a technique's ongoing power."""

_NEG = float("-inf")
KIND = _ByCard(kind_of)

_NEED = {t: max((o.spyrium for o in ct.activate_options), default=0) for t, ct in CARD_TYPES.items()}
"""The most Spyrium one use of a building converts (its share of the Spyrium capacity)."""


class _Worth:
    """The worths of one decision (``bot.value``'s weights for the player to move)."""

    __slots__ = ("p", "left", "mv", "wv", "hi", "cap", "marg", "eng", "auto")

    def __init__(self, state, p) -> None:
        self.p = p
        left = self.left = ROUNDS - state.round
        self.mv = 0.8 if left >= 1 else 0.25
        self.wv = 2.2 * left
        self.hi = 1.6 if left >= 1 else 1.8
        cap = 2 if left >= 1 else 0
        for b in p.buildings:
            cap += _NEED[type_of(b.card)] * (left + (0 if b.tapped else 1))
        self.cap = cap
        self.marg = self.hi if p.spyrium < cap else 0.35
        eng = auto = False
        for t in p.techniques:
            key = TECH_KEY[t.card]
            if key == "engineering":
                eng = True
            elif key == "automation":
                auto = True
        self.eng, self.auto = eng, auto

    def spyrium(self, delta: int) -> float:
        """The worth of ``delta`` more (or, negative, fewer) Spyrium."""
        if not delta:
            return 0.0
        s, cap, hi = self.p.spyrium, self.cap, self.hi
        new = s + delta
        return (min(new, cap) - min(s, cap)) * hi + (max(0, new - cap) - max(0, s - cap)) * 0.35

    def workers(self, n: int) -> float:
        return min(n, self.p.reserve) * self.wv

    def residence(self, choice) -> float:
        r = self.p.residence
        if choice == "advance" and r < LAST_RESIDENCE:
            return (RESIDENCE_INCOME[r + 1] - RESIDENCE_INCOME[r]) * self.left * self.mv
        return float(RESIDENCE_VP[r])

    def gains(self, gain: dict, value) -> float:
        s = 0.0
        p = self.p
        for k, v in gain.items():
            n = _amount(v, value, p)
            if k == "money":
                s += n * self.mv
            elif k == "spyrium":
                s += self.spyrium(n)
            elif k == "vp":
                s += n
            elif k == "workers":
                s += self.workers(n)
        return s

    def building(self, ct) -> float:
        """A building's printed VP and the worth of its uses in the rounds left."""
        best = 0.0
        if self.left:
            factory = self.eng and "factory" in ct.symbols
            mine = self.auto and "mine" in ct.symbols
            for o in ct.activate_options:
                w = 0 if mine else o.workers
                g = o.gain
                u = g.get("vp", 0) + g.get("spyrium", 0) * self.marg - o.spyrium - w * 0.9
                if factory:
                    u += w
                if u > best:
                    best = u
        return ct.vp + best * self.left * 0.6

    def use(self, ct, option: int) -> float:
        """Using option ``option`` of a building now (its workers stay owned)."""
        o = ct.activate_options[option]
        g = o.gain
        spy = g.get("spyrium", 0) - o.spyrium
        s = g.get("vp", 0) + g.get("money", 0) * self.mv + self.spyrium(spy)
        if self.eng and "factory" in ct.symbols and not (self.auto and "mine" in ct.symbols):
            s += o.workers
        return s


def _market(state, w: _Worth, a, memo: dict) -> float:
    """The gain of a Hire, Build or Patent (with its own price, token, Lobbying and Commerce);
    ``memo`` keeps, per market position, what does not depend on those choices."""
    p = w.p
    pos = a.pos
    got = memo.get(pos)
    if got is None:
        card = state.market[pos]
        n = -1
        for s in POSITION_SLOTS[pos]:
            n += len(state.slots[s])
        tt = TECHNIQUES.get(type_of(card))
        if tt is not None:
            fixed = (TECH_ONGOING.get(tt.key, 0.5) * w.left
                     + min(tt.vp_cap, technique_formula(p, tt.end_game.formula)))
            got = memo[pos] = (tt, SURCHARGE_PER_WORKER * n, fixed)
        else:
            ct = CARD_TYPE[card]
            got = memo[pos] = (ct, SURCHARGE_PER_WORKER * n, 0.0 if ct.type == "character" else w.building(ct))
    ct, extra, fixed = got
    if a.lobbying:
        extra = 0
    kind = a.type
    if kind == "patent":
        return 0.01 - (ct.cost + extra) * w.mv + fixed
    assert isinstance(ct, CardType)  # a Hire or a Build takes a character or a building
    if kind == "hire":
        h = ct.hire_effect
        assert h is not None  # a character has a hire effect (CardType._coherent)
        value = a.commerce if a.commerce is not None else a.token
        money, spy = rules.hire_cost(p, ct, extra, value)
        s = 0.01 - money * w.mv + w.spyrium(-spy) + w.gains(h.gain, value)
        if h.residence_action:
            s += w.residence(a.residence)
        return s
    s = 0.01 - rules.build_cost(p, ct, extra, a.replace) * w.mv + fixed
    if a.replace is not None:
        s -= w.building(CARD_TYPE[p.buildings[a.replace].card])
    if ct.on_build:
        tokens = state.market_tokens[pos]
        value = a.commerce if a.commerce is not None else (tokens[0] if tokens else None)
        for eff in ct.on_build:
            if eff.gain_workers:
                s += w.workers(eff.gain_workers)
            if eff.residence_action:
                s += w.residence(a.residence)
            if eff.gain_spyrium_equal_token:
                s += w.spyrium(value or 0)
            if eff.gain_vp_equal_token:
                s += value or 0
    return s


def _event(state, w: _Worth, a) -> float:
    p = w.p
    o = EVENTS[state.turn_event].options[a.option]
    value = a.commerce if a.commerce is not None else state.turn_event_token
    s = (-_amount(o.pay.get("money", 0), value, p) * w.mv
         + w.spyrium(-_amount(o.pay.get("spyrium", 0), value, p)) + w.gains(o.gain, value))
    if o.residence_action:
        s += w.residence(a.residence)
    if o.reuse_used_building and a.building is not None:
        s += w.use(CARD_TYPE[p.buildings[a.building].card], a.building_option)
    if o.place_worker_in_market:
        s += 0.5
    return s


def _card_worth(state, w: _Worth, q: int, card: str, others: int) -> float:
    """Phase I: the best gain of activating ``card`` (at ``q``) with one more worker of ours
    (the surcharge is what the ``others`` workers next to it impose), -inf when even its
    cheapest activation is out of reach."""
    p = w.p
    extra = SURCHARGE_PER_WORKER * others
    t = type_of(card)
    tt = TECHNIQUES.get(t)
    if tt is not None:
        cost = tt.cost + extra
        if cost > p.money:
            return _NEG
        return (-cost * w.mv + TECH_ONGOING.get(tt.key, 0.5) * w.left
                + min(tt.vp_cap, technique_formula(p, tt.end_game.formula)))
    ct = CARD_TYPES[t]
    if ct.type == "character":
        h = ct.hire_effect
        assert h is not None  # a character has a hire effect (CardType._coherent)
        best = _NEG
        res = max(w.residence("advance"), w.residence("vp")) if h.residence_action else 0.0
        for v in (set(state.market_tokens[q]) if h.discard_token else (None,)):
            money, spy = rules.hire_cost(p, ct, extra, v)
            if money > p.money or spy > p.spyrium:
                continue
            g = -money * w.mv + w.spyrium(-spy) + w.gains(h.gain, v) + res
            if g > best:
                best = g
        return best
    cost = rules.build_cost(p, ct, extra, None)
    if cost > p.money:
        return _NEG
    g = -cost * w.mv + w.building(ct)
    tokens = state.market_tokens[q]
    for eff in ct.on_build:
        if eff.gain_workers:
            g += w.workers(eff.gain_workers)
        if eff.residence_action:
            g += max(w.residence("advance"), w.residence("vp"))
        if eff.gain_spyrium_equal_token and tokens:
            g += w.spyrium(tokens[0])
        if eff.gain_vp_equal_token and tokens:
            g += tokens[0]
    return g


_WORTHS: dict[tuple, float] = {}
"""Card worths already computed (``_card_worth`` is a function of what ``_signature`` and the
key name, so a worth found here is the one it would compute)."""


def _signature(state, p) -> tuple:
    """Everything of the state ``_card_worth`` reads besides the card, its tokens and the
    other workers next to it: the round, the player's resources, buildings and techniques."""
    return (state.round, p.money, p.spyrium, p.reserve, p.residence, len(p.kept_tokens),
            tuple([(b.card, b.tapped) for b in p.buildings]), tuple([t.card for t in p.techniques]))


def _reserved(p, w: _Worth) -> int:
    """As ``bot._reserved_workers``: active workers to keep for using buildings."""
    need = 0
    for b in p.buildings:
        if b.tapped:
            continue
        ct = CARD_TYPE[b.card]
        mine = w.auto and "mine" in ct.symbols
        best_w, best_u = 0, 0.0
        for o in ct.activate_options:
            if o.spyrium > p.spyrium:
                continue
            u = o.gain.get("vp", 0) + o.gain.get("spyrium", 0) * 1.7 - o.spyrium * 1.7
            if u > best_u:
                best_w, best_u = (0 if mine else o.workers), u
        need += best_w
    return need


def playout_action(state, rng: Rng, legal: list) -> Any:
    """The policy's choice among ``legal`` (``legal_actions(state)``, not empty)."""
    if len(legal) == 1:
        return legal[0]
    seat = state.current
    p = state.players_[seat]
    w = _Worth(state, p)
    first = legal[0]
    if isinstance(first, ChooseBonus):
        return max(legal, key=lambda a: w.workers(1) if a.bonus == "worker" else BONUS_MONEY * w.mv)
    if p.phase == 1:
        market, slots, tokens_ = state.market, state.slots, state.market_tokens
        # each card's worth to a worker of ours placed next to it (bot: ``_card_values``)
        worth = [_NEG] * 9
        sig = None
        for q in (range(9) if first.type == "place" else ()):  # (no worker to place: no worths)
            card = market[q]
            if card is None:
                continue
            n = mine = 0
            for s in POSITION_SLOTS[q]:
                here = slots[s]
                if here:
                    n += len(here)
                    mine += here.count(seat)
            if sig is None:
                sig = _signature(state, p)
            key = (sig, card, n - mine, *tokens_[q])
            cv = _WORTHS.get(key)
            if cv is None:
                if len(_WORTHS) > 100_000:
                    _WORTHS.clear()
                cv = _WORTHS[key] = _card_worth(state, w, q, card, n - mine)
            if mine and (KIND[card] != "character" or (tokens_[q] and mine >= len(tokens_[q]))):
                cv *= 0.25  # taken only once / not enough tokens left for one more hire
            worth[q] = cv
        keep = 3.0 if p.active <= _reserved(p, w) else 0.0  # workers to keep: placements -3
        best_a, best_v = None, 0.6 + keep
        jitter = rng.next_u32()
        for i, a in enumerate(legal):
            kind = a.type
            if kind == "place":
                x, y = SLOT_POSITIONS[SLOT_INDEX[a.slot]]
                val = worth[x] if worth[x] > worth[y] else worth[y]
                val += 0.05 * ((jitter >> (i % 29)) % 10)
            elif kind == "event":
                val = _event(state, w, a) + keep
            else:
                continue
            if val > best_v:
                best_a, best_v = a, val
        return best_a if best_a is not None else legal[-1]  # SwitchPhase is the last
    best_a, best_v = legal[-1], _NEG
    memo: dict = {}
    earn_bonus = CAPITALIZATION_BONUS if rules.has_tech(p, "capitalization") else 0
    for a in legal:
        kind = a.type
        if kind == "hire" or kind == "build" or kind == "patent":
            val = _market(state, w, a, memo)
        elif kind == "earn":
            n = 0 if a.pos is None else EARN_PER_WORKER * rules.other_workers(state, a.pos)
            val = (n + earn_bonus) * w.mv + 0.01
        elif kind == "use" or kind == "taylorism":
            val = w.use(CARD_TYPE[p.buildings[a.building].card], a.option)
        elif kind == "event":
            val = _event(state, w, a)
        else:  # Pass
            val = 0.0
        if val > best_v + 1e-9:
            best_a, best_v = a, val
    return best_a
