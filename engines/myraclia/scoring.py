"""Final scoring (spec §10): all surfaces, largest contiguous area, tiles per surface type,
and the ranking with its tie-breaks. During play the score is the score track, kept per
category in each player's ``ledger`` (tile VP, adjacency bonus, neighbours' bonus,
Eternity points, reservation penalties)."""

from __future__ import annotations

from .components import SCORING, SURFACES, TILES, TOKENS, surface_points
from .state import LEDGER_KEYS, MyracliaState

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def symbols(state: MyracliaState, p: int) -> dict[str, int]:
    """Surface symbols on P's terraformed tiles: every symbol of a multi-symbol tile (§11)
    and Eternity Surface tokens (§13.4) count."""
    out = {s: 0 for s in SURFACES}
    for t in state.surface:
        if t.terraformed and t.owner == p:
            for s in TILES[t.id].surfaces:
                out[s] += 1
            for tok in t.tokens:
                e = TOKENS[tok]
                if e.type == "surface":
                    out[e.surface] += 1
    return out


def largest_area(state: MyracliaState, p: int) -> int:
    """§10.2 A(P): the largest connected group of P's terraformed tiles (hex adjacency)."""
    mine = {(t.q, t.r) for t in state.surface if t.terraformed and t.owner == p}
    best = 0
    seen: set[tuple[int, int]] = set()
    for start in sorted(mine):
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            q, r = stack.pop()
            size += 1
            for dq, dr in NEIGHBOURS:
                n = (q + dq, r + dr)
                if n in mine and n not in seen:
                    seen.add(n)
                    stack.append(n)
        best = max(best, size)
    return best


def final_bonuses(state: MyracliaState) -> list[dict[str, int]]:
    """§10.1-10.3 for every player."""
    n = state.players
    areas = [largest_area(state, p) for p in range(n)]
    out = []
    for p in range(n):
        sym = symbols(state, p)
        beaten = sum(1 for q in range(n) if q != p and areas[q] < areas[p])
        out.append({
            "all_surfaces": SCORING.all_surfaces_bonus if all(sym[s] > 0 for s in SURFACES) else 0,
            "largest_area": SCORING.largest_area_points_per_player_beaten * beaten,
            "surface_types": sum(surface_points(s, sym[s]) for s in SURFACES),
        })
    return out


def breakdown(state: MyracliaState) -> list[dict[str, int]]:
    """Per player, VP by category; the final bonuses are added once the game is over."""
    rows = [{k: s.ledger[k] for k in LEDGER_KEYS} for s in state.seats]
    if state.phase == "over":
        for row, bonus in zip(rows, final_bonuses(state)):
            row.update(bonus)
    return rows


def scores(state: MyracliaState) -> list[int]:
    """Each player's VP: the score track while the game goes on, with the final bonuses at
    the end (the sum of ``breakdown``)."""
    return [sum(row.values()) for row in breakdown(state)]


def winners(state: MyracliaState) -> list[int]:
    """§10.4: most VP; then all 4 surface types; then most plains symbols; then shared."""
    totals = [sum(r.values()) for r in breakdown(state)]

    def key(p: int) -> tuple[int, int, int]:
        sym = symbols(state, p)
        return (totals[p], int(all(sym[s] > 0 for s in SURFACES)), sym["plains"])

    best = max(key(p) for p in range(state.players))
    return [p for p in range(state.players) if key(p) == best]
