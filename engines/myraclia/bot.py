"""A heuristic Myraclia bot. It decides from ``game.view(state, me)`` and the legal actions
only (the view hides the bags), plus the public rules helpers (payments, tile faces).

Idea: elements left unused at the end of a round are lost, so each turn the bot searches the
best short *plan* of up to the remaining actions (terraforms, each with its cheapest legal
payment, released elements flowing back) and plays its first step. A tile's worth is its
VP, the adjacency bonus it earns now, what it gives the opponents, its free element and its
effect on the end-game surface and area bonuses. Trades are made only when they raise the
plan's value (so they can never loop). In the draft the bot takes the element that raises
its plan (plus partial progress towards good tiles) the most, and passes when nothing helps.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .components import COLOUR_INDEX, COLOURS, NCOL, SCORING, SURFACES, surface_points
from .payment import cheapest_payment

NEIGH = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
BRANCH = 4


def _vec(d: dict[str, int]) -> list[int]:
    v = [0] * NCOL
    for c, n in d.items():
        v[COLOUR_INDEX[c]] = n
    return v


class _Table:
    """The bot's reading of the view."""

    def __init__(self, view: dict[str, Any], me: int):
        self.me = me
        self.view = view
        self.tiles = {(t["q"], t["r"]): t for t in view["surface"]}
        self.by_id = {t["id"]: t for t in view["surface"]}
        seat = view["seats"][me]
        self.seat = seat
        self.reserve = tuple(_vec(seat["reserve"]))
        self.symbols = {s: 0 for s in SURFACES}
        for t in view["surface"]:
            if t["state"] == "terraformed" and t["owner"] == me:
                for s in t["surfaces"]:
                    self.symbols[s] += 1
                for tok in t["tokens"]:
                    if tok["type"] == "surface":
                        self.symbols[tok["surface"]] += 1
        self.players = len(view["seats"])
        most = max(len(s["tiles"]) for s in view["seats"])
        self.late = most >= view["end_threshold"] - 2
        # remembered for this decision (the view does not change while the bot thinks)
        self.others = {p: t for p, t in self.tiles.items() if t["state"] == "terraformed" and t["owner"] != me}
        self.others_set = set(self.others)
        #: the tiles a plan may terraform, in the surface's order: (tile, id, own reservation?,
        #: neighbour positions); the free ones still need a disc and a terraformed neighbour
        self.workable = [(t, t["id"], t["state"] == "reserved", tuple((q + a, r + b) for a, b in NEIGH))
                         for (q, r), t in self.tiles.items()
                         if t["state"] == "free" or (t["state"] == "reserved" and t["owner"] == me)]
        self.progress_items: list | None = None
        self._missing: dict[str, tuple[int, ...]] = {}
        self._values: dict[tuple, float] = {}

    def missing(self, t: dict[str, Any]) -> tuple[int, ...]:
        tid = t["id"]
        hit = self._missing.get(tid)
        if hit is None:
            cubes = t["cubes"]
            hit = self._missing[tid] = tuple(sorted(COLOUR_INDEX[c] for c in t["requires"] if not cubes.get(c)))
        return hit

    def value(self, t: dict[str, Any], mine: set, others: dict, m: int) -> float:
        """What terraforming ``t`` is worth now (``mine``: my terraformed positions so far)."""
        pos = (t["q"], t["r"])
        own = opp = 0
        for dq, dr in NEIGH:
            n = (pos[0] + dq, pos[1] + dr)
            if n in mine:
                own += 1
            elif n in others:
                opp += 1
        key = (t["id"], own, opp, m)  # the rest depends on the tile and the table only
        hit = self._values.get(key)
        if hit is None:
            hit = self._values[key] = self._value(t, own, opp, m)
        return hit

    def _value(self, t: dict[str, Any], own: int, opp: int, m: int) -> float:
        v = t["vp"] + own * m - 0.6 * opp
        v += sum(tok.get("value", 0) for tok in t["tokens"] if tok["type"] == "points")
        v += sum(1.0 for tok in t["tokens"] if tok["type"] == "released_element")
        if t["free"] and not self.late:
            v += 1.2
        v += sum(1.2 for tok in t["tokens"] if tok["type"] == "free_element" and not self.late)
        have = dict(self.symbols)
        syms = list(t["surfaces"]) + [tok["surface"] for tok in t["tokens"] if tok["type"] == "surface"]
        before_all = all(have[s] > 0 for s in SURFACES)
        for s in syms:
            v += 0.8 * (surface_points(s, have[s] + 1) - surface_points(s, have[s]))
            have[s] += 1
        if not before_all and all(have[s] > 0 for s in SURFACES):
            v += 0.8 * SCORING.all_surfaces_bonus
        if own:
            v += 0.8
        return v + 1.0  # a tile towards the end trigger and the area


def _cost(pay: tuple[int, ...]) -> float:
    return 0.05 * sum(pay)


def plan(tab: _Table, reserve: tuple[int, ...], mine: set, done: set, actions_left: int,
         t_count: int, anywhere: bool, depth: int = 0) -> tuple[float, Any]:
    """Best (value, first step) of up to ``actions_left`` terraforms from ``reserve``."""
    if actions_left <= 0:
        return 0.0, None
    others = tab.others
    terraformed = tab.others_set | mine
    discs = tab.seat["discs"] - sum(1 for d in done if tab.by_id[d]["state"] == "free")
    near_anywhere = anywhere and t_count == 0
    m = 1 if t_count == 0 else 2
    cands = []
    for t, tid, own_res, nbrs in tab.workable:
        if tid in done:
            continue
        if not own_res:
            if discs <= 0:
                continue
            if not near_anywhere and not any(n in terraformed for n in nbrs):
                continue
        pay = cheapest_payment(reserve, tab.missing(t))  # the least of legal_payments by (size, commonest)
        if pay is None:
            continue
        cands.append((tab.value(t, mine, others, m) - _cost(pay), t, pay))
    if not cands:
        return 0.0, None
    cands.sort(key=lambda c: -c[0])
    best, first = 0.0, None
    for v, t, pay in cands[:BRANCH if depth == 0 else 3]:
        rest = [reserve[c] - pay[c] for c in range(NCOL)]
        if t["released"]:
            rest[COLOUR_INDEX[t["released"]]] += 1
        sub, _ = plan(tab, tuple(rest), mine | {(t["q"], t["r"])}, done | {t["id"]}, actions_left - 1,
                      t_count + 1, anywhere, depth + 1) if depth < 2 else (0.0, None)
        if v + sub > best:
            best, first = v + sub, (t["id"], pay)
    return best, first


def _mine(tab: _Table) -> set:
    return {p for p, t in tab.tiles.items() if t["state"] == "terraformed" and t["owner"] == tab.me}


def _progress(tab: _Table, reserve: tuple[int, ...]) -> float:
    """Partial progress towards the best reachable tiles (helps the draft start)."""
    items = tab.progress_items
    if items is None:  # the reachable tiles, their missing elements and worth: once per table
        mine = _mine(tab)
        others = tab.others
        terraformed = mine | set(others)
        anywhere = tab.view["founding"]
        items = tab.progress_items = []
        for pos, t in tab.tiles.items():
            ok = (t["state"] == "free" and (anywhere or any((pos[0] + a, pos[1] + b) in terraformed
                                                            for a, b in NEIGH))) \
                or (t["state"] == "reserved" and t["owner"] == tab.me)
            if not ok:
                continue
            miss = tab.missing(t)
            if not miss:
                continue
            items.append((tab.value(t, mine, others, 1), miss, len(miss)))
    best = []
    for v, miss, n in items:
        got = 0
        for c in miss:
            if reserve[c] > 0:
                got += 1
        best.append(v * got / n)
    best.sort(reverse=True)
    return sum(best[:2]) * 0.5


def _draft(game, state, view, me, legal) -> Any:
    tab = _Table(view, me)
    mine = _mine(tab)
    anywhere = view["founding"]

    def potential(res: tuple[int, ...]) -> float:
        return plan(tab, res, mine, set(), 3, 0, anywhere)[0] + _progress(tab, res)

    base = potential(tab.reserve)
    disc = tab.seat["draft_column"]
    best, choice = 0.25, None
    for a in legal:
        if a.type != "take":
            continue
        col = view["draft"][a.column - 1]
        c = COLOUR_INDEX[col["colour"]]
        res = list(tab.reserve)
        res[c] += 1
        gain = potential(tuple(res)) - base
        if disc is None or a.column > disc:
            gain -= 0.2 + 0.1 * len(view["seats"])  # the disc goes further left: later turn
        if gain > best:
            best, choice = gain, a
    if choice is None or sum(tab.reserve) >= 14:
        return next(a for a in legal if a.type == "pass")
    return choice


def _turn(game, state, view, me, legal) -> Any:
    tab = _Table(view, me)
    turn = view["turn"]
    left = 3 - turn["actions_used"]
    mine = _mine(tab)
    anywhere = view["founding"] and not tab.seat["terraformed_this_round"]
    t_count = turn["terraform_actions"]
    value, first = plan(tab, tab.reserve, mine, set(), left, t_count, anywhere)
    by_type: dict[str, list] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    # trades that make the plan better
    if by_type.get("trade") and left > 0:
        best_gain, best_trade = 0.5, None
        for a in by_type["trade"]:
            res = list(tab.reserve)
            res[COLOUR_INDEX[a.give]] -= 1
            res[COLOUR_INDEX[a.take]] += 1
            v, _ = plan(tab, tuple(res), mine, set(), left, t_count, anywhere)
            if v - value > best_gain:
                best_gain, best_trade = v - value, a
        if best_trade is not None:
            return best_trade
    if first is not None and value > 0:
        tid, pay = first
        names = []
        for c in range(NCOL):
            names += [COLOURS[c]] * pay[c]
        for a in by_type.get("terraform", []):
            if a.tile == tid and a.pay == names:
                return a
    if by_type.get("add"):
        return max(by_type["add"], key=lambda a: len(a.place))
    if by_type.get("reserve") and left > 0:
        others = tab.others
        best, pick = 0.0, None
        for a in by_type["reserve"]:
            t = tab.by_id[a.tile]
            penalty = len(tab.missing(t)) - len(a.place)
            v = 0.5 * tab.value(t, mine, others, 1) - 1.2 * penalty - 0.5
            if v > best:
                best, pick = v, a
        if pick is not None:
            return pick
    return by_type["end_turn"][0]


def _place_tile(game, state, view, me, legal) -> Any:
    tab = _Table(view, me)
    mine = _mine(tab)
    theirs = {p for p, t in tab.tiles.items() if t["state"] == "terraformed" and t["owner"] != me}
    faces = {t["id"]: t for t in view["offer"]}

    def score(a) -> float:
        own = sum((a.q + dq, a.r + dr) in mine for dq, dr in NEIGH)
        opp = sum((a.q + dq, a.r + dr) in theirs for dq, dr in NEIGH)
        f = faces[a.tile]
        if f["darkness"]:
            return opp - own  # block the others
        need = sum(1 for c in f["requires"] if tab.reserve[COLOUR_INDEX[c]] == 0)
        return (own - opp) * (1 + f["vp"] / 3) - 0.1 * need
    return max(legal, key=score)


def _place_token(game, state, view, me, legal) -> Any:
    tab = _Table(view, me)
    mine = _mine(tab)
    theirs = {p for p, t in tab.tiles.items() if t["state"] == "terraformed" and t["owner"] != me}

    def score(a) -> float:
        t = tab.by_id[a.tile]
        own = sum((t["q"] + dq, t["r"] + dr) in mine for dq, dr in NEIGH)
        opp = sum((t["q"] + dq, t["r"] + dr) in theirs for dq, dr in NEIGH)
        return own - opp
    return max(legal, key=score)


def choose(game, state, rng: Rng) -> Any:
    """The heuristic bot: ``choose(game, state, rng) -> action`` (contract of ``engines.core.bots``)."""
    me = game.to_move(state)
    view = game.view(state, me)
    legal = game.legal_actions(state)
    phase = view["phase"]
    if phase == "draft":
        return _draft(game, state, view, me, legal)
    if phase == "place":
        return _place_tile(game, state, view, me, legal)
    if phase == "eternity":
        return _place_token(game, state, view, me, legal)
    return _turn(game, state, view, me, legal)
