"""Myraclia's rules: setup (§4), draft (§6), terraforming turn (§7-8), end of turn (§8.11),
end of round (§9), Eternity (§13) and Darkness (§14): the helpers on the state that the game
class (``game.Myraclia``) and its bots share. Final scoring lives in ``scoring``.

Section numbers (§) refer to the rules specification ``myraclia.md``; D-numbers to its
"Ambiguities and decisions" section, which this engine follows throughout.

Engine decisions where the spec leaves the mechanics open (none changes a rule):

* Released element (§8.3 step 2): the player always takes one element of the released
  colour from the discard pile, else the bag, else nothing. When it was paid directly or lay
  on the tile it has just been discarded, so this is exactly "one comes back".
* Start-order ties without ``youngest_first`` (§4.7, D11): a permutation of the seats is
  drawn from the game's PRNG right after the starting elements.
* Adding tiles (§8.11): each ``PlaceTile`` names the offer tile and the position together,
  so the player still chooses the order of the tiles and every position, one tile at a time.
* Eternity (§13.3): the token is drawn (face up, visible to all) when the placement step
  starts; the placing player then chooses the free tile.
* Darkness tiles (§14) are named DARK1..DARK3 (the data file gives only their number).
* In the final round (§9 step 1) nothing more happens: unused elements stay where they are,
  which changes no score.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, combinations
from typing import Iterable

from .components import COLOUR_INDEX, COLOURS, NCOL, RARITY, TILES
from .state import MyracliaState, SurfaceTile

#: §3.1 the six axial neighbour offsets
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
Pos = tuple[int, int]


# ---- small helpers ---------------------------------------------------------------------------
def names(counts: Iterable[int]) -> list[str]:
    """A count vector as a sorted list of colour names (one entry per cube)."""
    out: list[str] = []
    for c, n in enumerate(counts):
        out += [COLOURS[c]] * n
    return out


def counts_of(colours: Iterable[str]) -> tuple[int, ...]:
    v = [0] * NCOL
    for c in colours:
        v[COLOUR_INDEX[c]] += 1
    return tuple(v)


def pos_map(state: MyracliaState) -> dict[Pos, SurfaceTile]:
    return {(t.q, t.r): t for t in state.surface}


def find_tile(state: MyracliaState, tile_id: str) -> SurfaceTile | None:
    for t in state.surface:
        if t.id == tile_id:
            return t
    return None


def is_free(t: SurfaceTile) -> bool:
    """§3.3: a Myraclia tile with no disc (Darkness tiles are never free)."""
    return t.owner is None and not t.terraformed and not TILES[t.id].darkness


def missing(t: SurfaceTile) -> tuple[int, ...]:
    """§8.1.1: the tile's required elements minus the elements lying on it."""
    cubes = t.cubes
    return tuple(c for c in TILES[t.id].requires if cubes[c] == 0)


def neighbours(pm: dict[Pos, SurfaceTile], t: SurfaceTile) -> list[SurfaceTile]:
    out = []
    for dq, dr in NEIGHBOURS:
        n = pm.get((t.q + dq, t.r + dr))
        if n is not None:
            out.append(n)
    return out


class _Around(dict):
    """``AROUND[q, r]``: the six positions next to (q, r), in ``NEIGHBOURS`` order, made when
    first asked for (the surface spans a few hundred positions at most)."""

    def __missing__(self, pos: Pos) -> tuple[Pos, ...]:
        q, r = pos
        out = self[pos] = tuple((q + dq, r + dr) for dq, dr in NEIGHBOURS)
        return out


AROUND = _Around()


def compact_positions(state: MyracliaState) -> list[Pos]:
    """§8.11 compact-shape rules (a) and (b) on the current surface, with the D22 fallback.

    (a) the new position touches at least 2 tiles; (b) if exactly 2, each of those touches
    at least 3 tiles (the new one not counted). All tiles in play count, Darkness included.
    """
    occupied = {(t.q, t.r) for t in state.surface}
    # deg[p]: how many tiles position p touches (for a tile's position: how many tiles it touches)
    deg = Counter(chain.from_iterable([AROUND[p] for p in occupied]))
    cands = sorted(deg.keys() - occupied)
    legal = []
    for p in cands:
        d = deg[p]
        if d >= 3:
            legal.append(p)
        elif d == 2:
            if all(deg[n] >= 3 for n in AROUND[p] if n in occupied):
                legal.append(p)
    if legal:
        return legal
    # D22: never observed; keeps the engine from ever blocking
    fallback = [p for p in cands if deg[p] >= 2]
    return fallback or cands


def near_terraformed(state: MyracliaState) -> set[Pos]:
    """Positions next to at least one terraformed tile (§8.2, §8.6.1 adjacency)."""
    out: set[Pos] = set()
    for t in state.surface:
        if t.terraformed:
            for dq, dr in NEIGHBOURS:
                out.add((t.q + dq, t.r + dr))
    return out


def subsets_to_place(reserve: list[int], miss: tuple[int, ...], allow_all: bool = False) -> list[tuple[int, ...]]:
    """Non-empty sets of directly matching elements the player can put on a tile without
    completing it (§8.6.1, §8.8); colours as indices, sorted."""
    have = [c for c in miss if reserve[c] > 0]
    top = len(have) if allow_all else min(len(have), len(miss) - 1)
    out = []
    for n in range(1, top + 1):
        out += list(combinations(have, n))
    return out


def counts_of_list(colours: list[str]) -> list[int]:
    return [COLOUR_INDEX[c] for c in colours]


def start_order(reserves: list[list[int]], age: dict[int, int]) -> list[int]:
    """§4.7: each player's rarity ranks, rarest first, compared lexicographically, ascending
    (the least rare elements go first); still tied: youngest first (``age`` 0 = youngest)."""
    def key(p: int) -> tuple:
        ranks = sorted((RARITY[c] for c, n in enumerate(reserves[p]) for _ in range(n)), reverse=True)
        return (ranks, age[p])

    return sorted(range(len(reserves)), key=key)


def terraforming_order(state: MyracliaState) -> list[int]:
    """§6.6: players without a draft disc first (drafting order, D9), then by column
    ascending (column 1 = rightmost first, D7), later-placed disc first within a column."""
    on_board: dict[int, tuple[int, int]] = {}
    for col, queue in enumerate(state.draft_queue):
        for i, p in enumerate(queue):
            on_board[p] = (col, -i)
    z = [p for p in state.drafting_order if p not in on_board]
    return z + sorted(on_board, key=lambda p: on_board[p])


def __getattr__(name: str):
    """``rules.Myraclia``, where the game class used to live (it is in ``game`` now)."""
    if name == "Myraclia":
        from .game import Myraclia
        return Myraclia
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
