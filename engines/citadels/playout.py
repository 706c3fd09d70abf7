"""The playout policy (``Game.playout_action``): the heuristic bot's judgement, cheaply.

A search bot's playouts call it thousands of times a second. It follows ``bot.py`` decision
for decision (the same character values, the same card values, the same targets), with what
makes the heuristic cost more than a random move taken out:

- it dispatches on the phase and the turn's flags of the state, and sorts the legal list by
  type in one pass, instead of testing the list again and again;
- the values are computed once per call from the state (the seat's city colours, hand size,
  gold), not per candidate action;
- its random tie-breaks draw one 32-bit number per decision (a few bits of noise for each
  candidate) where the heuristic draws one number per candidate.

It reads only what the seat to move may see (its own hand and characters, the public
table), so as a bot level ("playout") it plays fair; it uses no chance but ``rng`` and returns
an object of the list ``legal_actions`` gave (the search plays it with ``play_legal``, unchecked).
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .components import (_KIND, ARCHITECT, ASSASSIN, BISHOP, CHARACTERS, DISTRICTS, KING, MAGICIAN, MERCHANT,
                         THIEF, WARLORD, kind)
from .rules import threshold, to_move
from .scoring import scores

_KIND_OF = _KIND.get
_COLOUR = {k: d.color for k, d in DISTRICTS.items()}
_COST = {k: d.cost for k, d in DISTRICTS.items()}
_VP = {k: d.vp for k, d in DISTRICTS.items()}
_INCOME = [None, *(CHARACTERS[r].income_color for r in range(1, 9))]  # type: ignore[union-attr]
_PURPLE_EARLY = frozenset(("library", "observatory", "smithy", "laboratory", "school_of_magic", "keep"))
#: the heuristic's fixed part of a character's value (``bot._character_value``)
_BASE = {KING: 1.5, MERCHANT: 1.5, WARLORD: 1.0, ASSASSIN: 2.0}
_ROB_PREF = {MERCHANT: 3, KING: 2, ARCHITECT: 2.5, BISHOP: 1.5, WARLORD: 1.5, MAGICIAN: 1}


def _city_kinds(state: Any, seat: int) -> list[str]:
    return [_KIND_OF(c) or kind(c) for c in state.cities[seat]]


def _colour_count(kinds: list[str], colour: str) -> int:
    n = 0
    for k in kinds:
        if _COLOUR[k] == colour or k == "school_of_magic":
            n += 1
    return n


def _leader(state: Any, me: int) -> int:
    """The opponent ahead (score plus districts, then gold), as the heuristic names him."""
    sc, cities, gold = scores(state), state.cities, state.gold
    best, key = -1, None
    for s in range(state.players):
        if s != me:
            k = (sc[s] + len(cities[s]), gold[s])
            if key is None or k > key:
                best, key = s, k
    return best


def _character_values(state: Any, me: int, ranks: list[int]) -> list[float]:
    """``bot._character_value`` of each rank, the seat's figures read once."""
    gold = state.gold[me]
    hand = len(state.hands[me])
    kinds = _city_kinds(state, me)
    out = []
    for rank in ranks:
        colour = _INCOME[rank]
        val = 1.2 * _colour_count(kinds, colour) if colour else 0.0
        val += _BASE.get(rank, 0.0)
        if rank == ARCHITECT:
            val += 1.0 + (1.5 if gold >= 5 and hand >= 2 else 0) + (1.5 if hand <= 1 else 0)
        elif rank == BISHOP:
            val += 0.5 + (2.0 if len(kinds) >= threshold(state) - 2 else 0)
        elif rank == THIEF:
            val += 0.5 + 0.3 * max(state.gold)
        elif rank == MAGICIAN:
            most = max(len(h) for s, h in enumerate(state.hands) if s != me)
            val += 0.5 + (2.5 if hand <= 1 and most >= 3 else 0)
        out.append(val)
    return out


def _card_values(state: Any, me: int, ks: list[str], gold: int) -> list[float]:
    """``bot._card_value`` of each district type for the seat's city."""
    kinds = _city_kinds(state, me)
    colours = {_COLOUR[k] for k in kinds}
    no_dup = state.options.forbid_duplicate_districts
    early = state.round < 6
    out: list[float] = []
    for k in ks:
        if no_dup and k in kinds:
            out.append(-10)
            continue
        val = _VP[k] + (1.5 if _COLOUR[k] not in colours else 0.0)
        cost = _COST[k]
        if cost > gold + 4:
            val -= 2 * (cost - gold - 4)
        if early and k in _PURPLE_EARLY:
            val += 1.5
        out.append(val)
    return out


def _best(actions: list, values: list[float]) -> Any:
    """The first action of highest value."""
    best, top = actions[0], values[0]
    for a, v in zip(actions, values):
        if v > top:
            best, top = a, v
    return best


def _noisy(values: list[float], rng: Rng, scale: float) -> list[float]:
    """Each value plus up to ``15 / scale`` of noise, all from one draw (4 bits each)."""
    r = rng.next_u32()
    out = []
    for i, v in enumerate(values):
        out.append(v + ((r >> (4 * (i & 7))) & 15) / scale)
    return out


def playout_action(state: Any, rng: Rng, legal: list) -> Any:
    phase = state.phase
    first = legal[0]
    me = to_move(state)
    assert me is not None  # a playout asks for a move only while the game is on
    if phase == "draft":
        values = _character_values(state, me, [a.rank for a in legal])
        if first.type == "choose_character":
            values = _noisy(values, rng, 64.0)
        return _best(legal, values)
    if phase == "graveyard":
        return first if _COST[kind(state.destroyed)] >= 2 and state.gold[me] >= 1 else legal[1]
    if phase == "warlord":
        leader = _leader(state, me)
        best, best_val = legal[-1], 0.0        # the last is "no_destroy"
        cities = state.cities
        for a in legal:
            if a.type != "destroy" or a.target == me:
                continue
            val = (3.0 if a.target == leader else 1.0) * (1 + len(cities[a.target]) / 4) - (_COST[a.district] - 1) * 0.8
            if val > best_val:
                best, best_val = a, val
        return best
    gold = state.gold[me]
    if state.drawn:
        if state.keep_left > 0:
            return _best(legal, _card_values(state, me, [a.district for a in legal], gold))
        return first
    by: dict[str, list] = {}
    for a in legal:
        t = a.type
        if t in by:
            by[t].append(a)
        else:
            by[t] = [a]
    hand = state.hands[me]
    if state.magician_redraw >= 0:
        bad = [a for a in by.get("magician_discard", ()) if _COST[a.district] > gold + 4]
        return bad[0] if bad and len(hand) > 1 else by["magician_draw"][0]
    if "assassinate" in by:
        leader = _leader(state, me)
        holder, removed = state.holder, state.removed_up
        lk = _city_kinds(state, leader)
        targets, weights = [], []
        for a in by["assassinate"]:
            r = a.rank
            if holder[r] == me or r in removed:
                continue
            targets.append(a)
            weights.append(1.0 + (1.0 if r in (KING, MERCHANT, ARCHITECT) else 0)
                           + 0.3 * _colour_count(lk, _INCOME[r] or "none"))
        if targets:
            return _best(targets, _noisy(weights, rng, 9.6))
    if "rob" in by:
        holder, removed = state.holder, state.removed_up
        opts = [a for a in by["rob"] if holder[a.rank] != me and a.rank not in removed]
        if opts:
            return _best(opts, _noisy([_ROB_PREF.get(a.rank, 0) for a in opts], rng, 12.0))
    if "magician_exchange" in by:
        hands = state.hands
        best = _best(by["magician_exchange"], [len(hands[a.target]) for a in by["magician_exchange"]])
        if len(hands[best.target]) >= len(hand) + 2:
            return best
    if "architect_draw" in by:
        return by["architect_draw"][0]
    if not state.income_taken:
        ks = [_KIND_OF(c) or kind(c) for c in hand]
        affordable_now = any(_COST[k] <= gold for k in ks)
        affordable_after_gold = any(_COST[k] <= gold + 2 for k in ks)
        short_of_cards = not hand or (affordable_now and len(hand) <= 2 and gold >= 4) or (
            not affordable_after_gold and len(hand) < 3)
        if short_of_cards and "draw_cards" in by:
            return by["draw_cards"][-1]           # the Observatory's 3 when offered
        return by["take_gold"][0]
    if "smithy" in by and gold >= 7 and len(hand) <= 1:
        return by["smithy"][0]
    builds = by.get("build")
    if builds:
        ks = [a.district for a in builds]
        values = _card_values(state, me, ks, gold)
        return _best(builds, [v + _COST[k] for v, k in zip(values, ks)])
    if "laboratory" in by and len(hand) >= 3:
        labs = by["laboratory"]
        values = _card_values(state, me, [a.district for a in labs], gold)
        return _best(labs, [-v for v in values])
    if "collect_income" in by:
        return by["collect_income"][0]
    return by["end_turn"][0]


def playout_bot(game: Any, state: Any, rng: Rng) -> Any:
    """The playout policy as a bot level ("playout")."""
    return game.playout_action(state, rng)
