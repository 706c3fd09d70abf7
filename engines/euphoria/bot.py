"""A heuristic Euphoria bot: it decides from what ``view`` shows its seat and ``legal_actions`` only.

Plan: stars first (market visits, artifact markets, Wind Saloon / Nimbus Loft, the dilemma's
Join side), then help build markets (a star on the tile and no penalty), then collect what the
star spaces cost (artifacts in pairs, resources, commodities), add workers early, and retrieve
paying food or bliss to keep morale (and so the artifact hand) high.

Goods it already holds plenty of (``PLENTY``) are worth little more, and once the territories
are full it goes for what is left: the resources of the markets still to build (and the
commodity their tunnel costs) and the artifacts for a built market without its star. Without
this, two bots could pass a game of thousands of turns heaping up one good (a tunnel end's
energy, a finished tunnel's clay) while the stars they still have to place wait for gold or
stone.

It reads the state's public parts and its own seat's mat directly, exactly what
``view(state, me)`` holds, without building the view (the soaks and the arena are dominated by the
bot's cost); ``tests/euphoria/slow_bot.py`` is the view-reading original it agrees with, choice
for choice and draw for draw. ``playout_action`` is its cheap cousin for search playouts.
"""

from __future__ import annotations

from typing import Any, Optional

from engines.core.rng import Rng

from .actions import Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .components import (COMMODITY_AREAS, MARKETS, SITE_SPACES, SITES, SPACE_SITE, SPACES, THRESHOLD,
                         TUNNEL_COST, TUNNEL_ENDS, TUNNEL_RESOURCE, TUNNELS)
from .markets import KIND, suffers_kind
from .rules import occupancy

STAR_SPACES = ("ICA_WIND", "ICA_NIMBUS")
PLENTY = 8  # of one good: twice what any one cost asks (a market visit 4, the Tank 3)
TUNNEL_END_GOOD = {sp: next(iter(SPACES[sp].reward)) for sp in TUNNEL_ENDS}  # it gives 3 of this
TUNNEL_OF_RESOURCE = {r: t for t, r in TUNNEL_RESOURCE.items()}
NO_NEW_WORKER = "no_new_worker_when_workers_in"  # the Laboratory: no worker added at these counts
NO_NEW_WORKER_AT = tuple(MARKETS[KIND[NO_NEW_WORKER]].penalty_effect.values)


class _Seen:
    """What the bot reads of the state for seat ``me`` (all of it in ``view(state, me)``)."""
    __slots__ = ("s", "me", "pl", "goods", "hand", "_occ", "n", "n_workers", "terr_free", "_need", "_lack")
    _occ: Optional[dict[str, list[tuple[int, int]]]]
    _need: Optional[list[str]]
    _lack: Optional[set[str]]

    def __init__(self, s, me: int):
        self.s, self.me = s, me
        pl = self.pl = s.p[me]
        self.goods, self.hand = pl.goods, pl.hand
        self._occ = None
        n = self.n = s.players
        where = pl.where
        self.n_workers = len(where) - where.count("pool")
        free = False
        for v in s.territory.values():
            if sum(v) < n:
                free = True
                break
        self.terr_free = free
        self._need = self._lack = None

    @property
    def occ(self) -> dict:
        """``rules.occupancy`` of the state, computed when first read (most choices never do)."""
        if self._occ is None:
            self._occ = occupancy(self.s)
        return self._occ

    def needed_resources(self) -> list[str]:
        if self._need is None:
            out = []
            occ, built = self.occ, self.s.built
            for site in SITES:
                if built[site]:
                    continue
                for x in SITE_SPACES[site]:
                    if x not in occ:
                        out += [k for k in SPACES[x].cost]
            self._need = out
        return self._need

    def wants_worker(self) -> bool:
        """Fewer than 3 workers, and the Tank would give one (not at a count the Laboratory's
        penalty forbids: a built tile, public, without this seat's star)."""
        n = self.n_workers
        return n < 3 and not (n in NO_NEW_WORKER_AT and suffers_kind(self.s, self.me, NO_NEW_WORKER))

    def lacking(self) -> set:
        """Once the territories are full: the commodities that pay the tunnel of a resource a
        market still to build needs and this seat has none of (the way to its last stars)."""
        if self._lack is None:
            goods = self.goods
            self._lack = set() if self.terr_free else {
                TUNNEL_COST[TUNNEL_OF_RESOURCE[r]] for r in self.needed_resources() if not goods[r]}
        return self._lack

    def wants_artifact(self) -> bool:
        """Room in the hand, and a star an artifact market can still give: room in a territory,
        or a built market without this seat's star."""
        if len(self.hand) >= self.pl.morale:
            return False
        if self.terr_free:
            return True
        s, me = self.s, self.me
        return any(s.built[site] == 2 and me not in s.tile_stars[site] for site in SITES)


def _place_score(c: _Seen, a: Place) -> float:
    sp = a.space
    me, pl, goods = c.me, c.pl, c.goods
    occupied = c.occ.get(sp, ())
    score = 0.0
    if sp.startswith("MKT_") or sp.startswith("ART_") or sp in STAR_SPACES:
        score = 100 if _star_possible(c, sp) else 6
    elif sp.startswith("CS_"):
        site = SPACE_SITE[sp]
        occ = c.occ
        filled = sum(1 for x in SITE_SPACES[site] if x in occ)
        mine = any(x in occ and any(q == me for q, _ in occ[x]) for x in SITE_SPACES[site])
        score = 22 + 45 * (filled + 1 >= THRESHOLD[c.n]) - 30 * mine
        if not c.terr_free:
            score += 30
    elif sp in TUNNEL_ENDS:
        score = 30 if goods[TUNNEL_END_GOOD[sp]] < PLENTY else 0
    elif sp.startswith("WAT_"):
        score = 75 if c.wants_worker() else -30
        if sp == "WAT_ENERGY" and pl.knowledge >= 3:
            score += 5
        if sp == "WAT_WATER" and pl.morale <= 4:
            score += 5
    elif sp in TUNNELS:
        score = 38 if len(c.hand) < pl.morale else 30
        res = TUNNEL_RESOURCE[sp]
        if goods[res] >= PLENTY and not c.wants_artifact():  # neither half of the reward is wanted
            score = 10
        elif not goods[res] and not c.terr_free and res in c.needed_resources():
            score += 8
    elif sp == "ICA_BREEZE":
        score = 32 if len(c.hand) + 2 <= pl.morale else 8
    elif sp == "ICA_SKY":
        score = 26 if c.terr_free else 50
    elif sp in COMMODITY_AREAS:
        score, total = _area_base(c, sp)
        total += pl.dice[a.die]
        if 5 <= total <= 8 and pl.knowledge >= 4:
            score += 4
        if total >= 9 and pl.knowledge >= 4:
            score -= 8
    if occupied and any(q == me for q, _ in occupied) and sp not in COMMODITY_AREAS:
        score -= 40  # bumping oneself
    if occupied and sp not in COMMODITY_AREAS:
        score += 3
    return score


def _area_base(c: _Seen, sp: str) -> tuple[int, int]:
    """The score of the commodity area ``sp`` before the placed die's value, and the total of
    the dice already there (the score adds 4 or takes 8 by that total plus the die's value, when
    the seat's knowledge is 4 or more)."""
    g = COMMODITY_AREAS[sp]
    goods = c.goods
    have = goods[g]
    score = 12 - 3 * have
    if g in ("energy", "water") and have < 3 and c.wants_worker():
        score = 40 + have * 4
    if g == "food" and goods["food"] < 2:
        score = 34
    if g == "bliss" and goods["bliss"] < 1:
        score = 22
    if not have and score < 30 and g in c.lacking():
        score = 30
    s = c.s
    total = sum(s.p[q].dice[d] for q, d in c.occ.get(sp, ()))
    return score, total


def _star_possible(c: _Seen, sp: str) -> bool:
    """Whether this star space can still give a star (room in the territory, or a tile)."""
    s, me = c.s, c.me
    f = SPACES[sp].faction
    if sum(s.territory[f]) < c.n:
        return True
    if sp.startswith("ART_"):
        return any(s.built[name] == 2 and me not in s.tile_stars[name] and SPACES["MKT" + name[4:]].faction == f
                   for name in SITES)
    return False


def _option_score(c: _Seen, kind: str, o: str, hook: Any) -> float:
    pl, goods = c.pl, c.goods
    if kind == "turn":
        return 0
    if o == "skip" or o.endswith("|skip") or o == "skip_chase":
        return 0
    if kind == "dil_side":
        return 10 if o == "join" else 1
    if kind == "trade_answer":
        return 1 if o == "refuse" else 0
    if kind == "trade_build":
        return 10 if o == "cancel" else 0
    if kind == "gift":
        return 1 if o == "take" else 0
    if kind in ("hand_limit", "discard_any", "bradley"):
        a = o.split(":")[-1]
        return -c.hand.count(a)  # keep pairs
    if kind == "lose_good":
        return goods.get(o, 0)
    if kind == "art_star":
        return 5 if o.startswith("tile:") else 3
    if kind == "pay" or kind == "dil_pay":
        toks = o.split(",") if o else []
        cost = 0.0
        for t in toks:
            if t.startswith("art:"):
                cost += 3
            elif t.startswith("k+"):
                cost += 2 * int(t[2:]) if pl.knowledge < 4 else 6 * int(t[2:])
            elif t.startswith("m-"):
                cost += 4
            elif t in goods:
                cost += 1.0 / (1 + goods[t])
        return -cost
    if kind == "hooks":
        choice = o.split("|", 1)[1]
        if hook == "sacrifice" or o.startswith("chase_the_miner|use"):
            return 3 if c.n_workers >= 3 else -1
        if choice in ("knowledge",):
            return 2 if pl.knowledge >= 3 else 0.5
        return 3
    if kind == "kcheck":
        return 0
    if kind == "keep":
        return 0
    if kind == "track_place":
        track, val = o.split(":")
        return int(val) if track == "morale" else 7 - int(val)
    if kind in ("gain_choice", "tunnel_choice"):
        if o == "artifact":
            return 3 if c.wants_artifact() else 0
        need = c.needed_resources()
        return 1.0 / (1 + goods.get(o, 0)) + (1.5 if o in need else 0)
    return 0


_M32 = 0xFFFFFFFF
_LIMIT_1000 = (1 << 32) - ((1 << 32) % 1000)


def _below_1000(rng: Rng, n: int) -> list[int]:
    """``[rng.below(1000) for _ in range(n)]``, the same numbers from the same generator left in
    the same state, with xoshiro128** (``engines.core.rng``) inlined: the bot draws one per
    legal action."""
    st = rng.s
    s0, s1, s2, s3 = st
    out: list[int] = []
    add = out.append
    while len(out) < n:
        x = (s1 * 5) & _M32
        result = ((((x << 7) | (x >> 25)) & _M32) * 9) & _M32
        t = (s1 << 9) & _M32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 11) | (s3 >> 21)) & _M32
        if result < _LIMIT_1000:
            add(result % 1000)
    st[:] = [s0, s1, s2, s3]
    return out


def choose(game, state, rng: Rng) -> Any:
    me = game.to_move(state)
    acts = game.legal_actions(state)
    if len(acts) == 1:
        return acts[0]
    if not acts:
        return None
    t = state.tasks[-1]
    kind, hook = t["k"], t.get("hook") if t["k"] == "hooks" else None
    c = _Seen(state, me)
    pl = c.pl
    where = pl.where
    avail = sum(1 for w in where if w == "avail")
    on_board = sum(1 for w in where if w not in ("avail", "pool"))
    noise = _below_1000(rng, len(acts))
    best, best_score = None, None
    place_memo: dict[str, float] = {}
    sc: Optional[float]
    for a, tie in zip(acts, noise):
        cls = type(a)
        if cls is Place:
            sp = a.space
            if sp in COMMODITY_AREAS:  # the only score that reads the die
                sc = _place_score(c, a)
            else:
                sc = place_memo.get(sp)
                if sc is None:
                    sc = place_memo[sp] = _place_score(c, a)
        elif cls is Retrieve:
            sc = (60 if avail == 0 else 5) + 4 * len(a.dice) - (5 * (len(a.dice) < on_board))
            sc -= 15 * sum(1 for d in a.dice if where[d].startswith("CS_"))
            if a.pay == "free":
                sc -= 8 if pl.morale <= 4 else 1
            elif a.pay == "food" and c.goods["food"] < 2:
                sc -= 1
        elif cls is ResolveDilemma:
            sc = 90
        elif cls is Trade:
            sc = -100
        elif cls is EndTurn:
            sc = -50
        elif cls is Choose:
            sc = _option_score(c, kind, a.option, hook)
        else:
            sc = 0
        sc += tie / 100000.0  # tie-break at random
        if best_score is None or sc > best_score:
            best, best_score = a, sc
    return best
