"""Myraclia's playout policy (``Game.playout_action``): the heuristic bot's judgement
(``bot``) at a small fraction of its cost, for the search bots' playouts.

It reads the state directly (no ``view``), looks one action ahead only (no plan, no clone)
and scores the legal actions with the bot's own figures, cut down:

- terraforming turn: the best tile to terraform now with its cheapest payment (the first
  legal payment of a tile is its cheapest, ``legal_payments``), valued like the bot's
  ``_Table.value`` (VP, adjacency bonus now, what the neighbours gain, free and released
  elements, surface symbols, the all-surfaces bonus); else a trade that completes a tile's
  direct matches; else the largest addition to the own reservation; else a worthwhile
  reservation; else end the turn;
- draft: the element that fills the most valuable gaps of the reachable tiles, minus what
  moving the draft disc further left costs; pass when nothing helps or the reserve is large;
- adding tiles and placing the Eternity token: the bot's own scores.

It uses no chance at all (ties go to the first action, like the bot), reads nothing the
players cannot see (the bags stay closed), and returns an object of the list
``legal_actions`` has just returned, which the search plays with ``play_legal``, unchecked.
"""

from __future__ import annotations

from typing import Any

from .components import COLOUR_INDEX, COLOURS, MAX_ACTIONS, NCOL, SCORING, SETUP, SURFACES, TILES, TOKENS, \
    surface_points
from .rules import AROUND, Pos

_REQ = {k: t.requires for k, t in TILES.items()}
_DARK = {k: t.darkness for k, t in TILES.items()}
_VP = {k: t.vp for k, t in TILES.items()}
_FREE = {k: t.free for k, t in TILES.items()}
_RELEASED = {k: t.released for k, t in TILES.items()}
_SURF = {k: t.surfaces for k, t in TILES.items()}
_THRESHOLD = {n: c.end_threshold for n, c in SETUP.by_players.items()}
_ALL_BONUS = SCORING.all_surfaces_bonus
#: the marginal value of one more symbol of a surface, by the number already held
_GAIN = {s: [surface_points(s, n + 1) - surface_points(s, n) for n in range(40)] for s in SURFACES}


def _tile_value(state, t, p: int, symbols: dict, mine: set, others: set, m: int, late: bool) -> float:
    """The bot's ``_Table.value`` of terraforming ``t`` now, from the state (``symbols``: my
    surface symbols by surface, every surface a key)."""
    own = opp = 0
    for n in AROUND[t.q, t.r]:
        if n in mine:
            own += 1
        elif n in others:
            opp += 1
    tid = t.id
    v = _VP[tid] + own * m - 0.6 * opp
    syms = _SURF[tid]
    for tok in t.tokens:
        e = TOKENS[tok]
        if e.type == "points":
            v += e.value
        elif e.type == "released_element":
            v += 1.0
        elif e.type == "free_element":
            if not late:
                v += 1.2
        else:
            syms += (e.surface,)
    if _FREE[tid] is not None and not late:
        v += 1.2
    before = 0 not in symbols.values()  # every surface already
    have = symbols
    if syms:
        have = dict(symbols)
        for s in syms:
            n = have[s]
            v += 0.8 * (_GAIN[s][n] if n < 40 else 0)
            have[s] = n + 1
    if not before and 0 not in have.values():
        v += 0.8 * _ALL_BONUS
    if own:
        v += 0.8
    return v + 1.0


def _pay_cost(res, miss) -> int:
    """Roughly how many elements of ``res`` pay for ``miss`` (direct matches first, then
    3-of-a-kind wildcards, then 5-of-any), or -1 when they cannot: a cheap stand-in for the
    cheapest legal payment."""
    direct = 0
    lack = 0
    for c in miss:
        if res[c]:
            direct += 1
        else:
            lack += 1
    if not lack:
        return direct
    left = sum(res) - direct
    triples = 0
    for c in range(NCOL):
        n = res[c] - (1 if res[c] and c in miss else 0)
        triples += n // 3
    a = lack if triples >= lack else triples
    need = 3 * a + 5 * (lack - a)
    return direct + need if need <= left else -1


def _cost(direct: int, lack: int, left: int, triples: int) -> int:
    """``_pay_cost`` from its parts: direct matches, items lacking, other elements, triples."""
    if not lack:
        return direct
    a = lack if triples >= lack else triples
    need = 3 * a + 5 * (lack - a)
    return direct + need if need <= left else -1


def _board(state, p: int):
    """My terraformed positions, the others', my surface symbols, and whether the end is near."""
    mine: set[Pos] = set()
    others: set[Pos] = set()
    symbols = dict.fromkeys(SURFACES, 0)
    for t in state.surface:
        if t.terraformed:
            if t.owner == p:
                mine.add((t.q, t.r))
                for s in _SURF[t.id]:
                    symbols[s] += 1
                for tok in t.tokens:
                    e = TOKENS[tok]
                    if e.type == "surface":
                        symbols[e.surface] += 1
            else:
                others.add((t.q, t.r))
    late = max(len(s.tiles) for s in state.seats) >= _THRESHOLD[state.players] - 2
    return mine, others, symbols, late


def _targets(state, p: int, mine: set, others: set, anywhere: bool):
    """Tiles I could work towards: free ones I may terraform or reserve, and my reservation."""
    seat = state.seats[p]
    terraformed = mine | others
    out = []
    for t in state.surface:
        if t.owner is None:
            if t.terraformed or _DARK[t.id] or seat.discs <= 0:
                continue
            if not anywhere and terraformed.isdisjoint(AROUND[t.q, t.r]):
                continue
            out.append(t)
        elif t.owner == p and not t.terraformed:
            out.append(t)
    return out


def playout_action(game, state, rng) -> Any:
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    if ph == "terraform":
        return _turn(state, legal)
    if ph == "draft":
        return _draft(state, legal)
    if ph == "place":
        return _place_tile(state, legal)
    return _place_token(state, legal)


def _turn(state, legal: list) -> Any:
    p = state.terraforming_order[state.turn_pos]
    seat = state.seats[p]
    mine, others, symbols, late = _board(state, p)
    m = 1 if state.terraform_actions == 0 else 2
    by_id = None
    best, pick = 0.0, None
    seen = set()
    adds = []
    reserves = []
    trades = False
    cands = []
    for a in legal:
        k = a.type
        if k == "terraform":
            if a.tile in seen:
                continue  # a tile's first payment is its cheapest
            seen.add(a.tile)
            if by_id is None:
                by_id = {t.id: t for t in state.surface}
            t = by_id[a.tile]
            cands.append((_tile_value(state, t, p, symbols, mine, others, m, late) - 0.05 * len(a.pay), t, a))
        elif k == "add":
            adds.append(a)
        elif k == "reserve":
            reserves.append(a)
        elif k == "trade":
            trades = True
    if cands:
        pick = _best_terraform(state, p, seat, cands, mine, others, symbols, late)
        if pick is not None:
            return pick
    if trades and state.actions_used < MAX_ACTIONS:
        trade = _useful_trade(state, p, seat, legal, mine, others)
        if trade is not None:
            return trade
    if adds:
        return max(adds, key=lambda a: len(a.place))
    if reserves:
        if by_id is None:
            by_id = {t.id: t for t in state.surface}
        best, pick = 0.0, None
        values: dict[str, float] = {}
        for a in reserves:
            t = by_id[a.tile]
            v = values.get(t.id)
            if v is None:
                v = values[t.id] = _tile_value(state, t, p, symbols, mine, others, 1, late)
            miss = sum(1 for c in _REQ[t.id] if t.cubes[c] == 0)
            v = 0.5 * v - 1.2 * (miss - len(a.place)) - 0.5
            if v > best:
                best, pick = v, a
        if pick is not None:
            return pick
    return legal[-1]  # end the turn (always the last action)


def _best_terraform(state, p, seat, cands, mine, others, symbols, late) -> Any:
    """The terraform whose value plus the best next terraform (from what is left, valued
    roughly) is the highest, among the three best now; None when none is worth it."""
    cands.sort(key=lambda c: -c[0])
    if len(cands) == 1 or state.actions_used + 1 >= MAX_ACTIONS:
        v, t, a = cands[0]
        return a if v > 0 else None
    best, pick = 0.0, None
    res0 = seat.reserve
    targets = None
    for v, t, a in cands[:3]:
        rest = list(res0)
        for name in a.pay:
            rest[COLOUR_INDEX[name]] -= 1
        rel = _RELEASED[t.id]
        if rel is not None:
            rest[rel] += 1
        if targets is None:
            anywhere = state.founding and not seat.terraformed_this_round
            targets = _targets(state, p, mine, others, anywhere)
        discs = seat.discs - (t.owner is None)
        mine2 = mine | {(t.q, t.r)}
        nxt = 0.0
        for u in targets:
            if u is t or (u.owner is None and discs <= 0):
                continue
            if u.owner is None:
                next_to = AROUND[u.q, u.r]
                if mine2.isdisjoint(next_to) and others.isdisjoint(next_to):
                    continue  # the next terraform must touch a terraformed tile
            cubes = u.cubes
            cost = _pay_cost(rest, [c for c in _REQ[u.id] if cubes[c] == 0])
            if cost < 0:
                continue
            w = _tile_value(state, u, p, symbols, mine2, others, 2, late) - 0.05 * cost
            if w > nxt:
                nxt = w
        if v + nxt > best:
            best, pick = v + nxt, a
    return pick


def search_actions(state, legal: list) -> list:
    """What the search bots consider (``Game.search_actions``): ``legal`` without its trades,
    except the one trade this policy would make now (``_useful_trade``), if any; in the order
    of ``legal``.

    Trades are free and unlimited (§8.10.3), so a search that weighs every trade can swap
    elements back and forth for ever: two search bots did, 150 trades in a row, at 2 players.
    The useful trade completes a target tile's missing elements, the move a player trades for.
    It reads only the mover's reserve and the public board and pool."""
    if state.phase != "terraform" or not any(a.type == "trade" for a in legal):
        return legal
    trade = None
    if state.actions_used < MAX_ACTIONS:
        p = state.terraforming_order[state.turn_pos]
        mine, others, _symbols, _late = _board(state, p)
        trade = _useful_trade(state, p, state.seats[p], legal, mine, others)
    return [a for a in legal if a.type != "trade" or a is trade] or legal


def _useful_trade(state, p: int, seat, legal: list, mine: set, others: set) -> Any:
    """A trade after which a target tile's missing elements are all in the reserve."""
    res = seat.reserve
    pool = state.pool
    anywhere = state.founding and not seat.terraformed_this_round
    for t in _targets(state, p, mine, others, anywhere):
        cubes = t.cubes
        lack = [c for c in _REQ[t.id] if cubes[c] == 0 and res[c] == 0]
        if len(lack) != 1 or not pool[lack[0]]:
            continue
        need = {c for c in _REQ[t.id] if cubes[c] == 0}
        take = COLOURS[lack[0]]
        for a in legal:
            if a.type == "trade" and a.take == take:
                g = COLOUR_INDEX[a.give]
                if g not in need or res[g] >= 2:
                    return a
    return None


def _draft(state, legal: list) -> Any:
    p = state.drafting_order[state.draft_turn]
    seat = state.seats[p]
    res = seat.reserve
    if sum(res) >= 14:
        return legal[-1]  # pass (always the last action)
    mine, others, symbols, late = _board(state, p)
    gain = [0.0] * NCOL
    colours = state.draft_colour
    offered = {colours[a.column - 1] for a in legal if a.type == "take"}
    total = sum(res)
    all_triples = sum(n // 3 for n in res)
    for t in _targets(state, p, mine, others, state.founding):
        cubes = t.cubes
        miss = [c for c in _REQ[t.id] if cubes[c] == 0]
        if not miss:
            continue
        lack = [c for c in miss if res[c] == 0]
        if not lack:
            continue  # already paid directly: more elements do not help this tile
        direct = len(miss) - len(lack)
        # _pay_cost, now and with one more element of each colour offered
        triples = all_triples - sum(1 for c in miss if res[c] and res[c] % 3 == 0)
        left = total - direct
        now = _cost(direct, len(lack), left, triples)
        v = None
        # the gain of an element depends only on its kind: lacking (-1), or else whether it
        # makes one more 3-of-a-kind (1) or not (0); each kind's gain worked out once
        by_kind: dict[int, float] = {}
        for c in offered:
            if c in lack:
                kind = -1
            else:
                kind = 1 if (res[c] + 1 - (1 if c in miss else 0)) % 3 == 0 else 0
            g = by_kind.get(kind)
            if g is None:
                if kind < 0:
                    after = _cost(direct + 1, len(lack) - 1, left, triples)
                else:
                    after = _cost(direct, len(lack), left + 1, triples + kind)
                g = 0.0
                if after >= 0 and (now < 0 or after < now):
                    if v is None:
                        v = _tile_value(state, t, p, symbols, mine, others, 1, late)
                    g = v - 0.05 * after - (0.0 if now < 0 else v - 0.05 * now)
                if kind < 0:
                    if v is None:
                        v = _tile_value(state, t, p, symbols, mine, others, 1, late)
                    g += 0.5 * v / len(miss)
                by_kind[kind] = g
            if g > gain[c]:
                gain[c] = g
    disc = None
    for col, queue in enumerate(state.draft_queue):
        if p in queue:
            disc = col + 1
            break
    cost = 0.2 + 0.1 * state.players
    best, pick = 0.25, None
    for a in legal:
        if a.type != "take":
            break
        g = gain[colours[a.column - 1]]
        if disc is None or a.column > disc:
            g -= cost
        if g > best:
            best, pick = g, a
    return pick if pick is not None else legal[-1]


def _place_tile(state, legal: list) -> Any:
    p = state.terraforming_order[state.turn_pos]
    res = state.seats[p].reserve
    mine: set[Pos] = set()
    others: set[Pos] = set()
    for t in state.surface:
        if t.terraformed:
            (mine if t.owner == p else others).add((t.q, t.r))
    scores: dict = {}
    best, pick = None, None
    for a in legal:
        own = opp = 0
        for n in AROUND[a.q, a.r]:
            if n in mine:
                own += 1
            elif n in others:
                opp += 1
        tid = a.tile
        v: float
        if _DARK[tid]:
            v = opp - own
        else:
            need = scores.get(tid)
            if need is None:
                need = scores[tid] = sum(1 for c in _REQ[tid] if res[c] == 0)
            v = (own - opp) * (1 + _VP[tid] / 3) - 0.1 * need
        if best is None or v > best:
            best, pick = v, a
    return pick


def _place_token(state, legal: list) -> Any:
    p = state.eternity_placer
    mine: set[Pos] = set()
    others: set[Pos] = set()
    pos = {}
    for t in state.surface:
        pos[t.id] = (t.q, t.r)
        if t.terraformed:
            (mine if t.owner == p else others).add((t.q, t.r))
    best, pick = None, None
    for a in legal:
        v = sum(1 if n in mine else -1 if n in others else 0 for n in AROUND[pos[a.tile]])
        if best is None or v > best:
            best, pick = v, a
    return pick


def choose(game, state, rng) -> Any:
    """The playout policy as a bot level ("playout"): ``choose(game, state, rng) -> action``."""
    return playout_action(game, state, rng)
