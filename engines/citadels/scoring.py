"""Scoring (§12) and the winner with its tie-breaks (§13)."""

from __future__ import annotations

from .components import CARD_COLOUR, CARD_VP, C
from .rules import threshold
from .state import CitadelsState

CATEGORIES = ("districts", "five_colours", "first_complete", "complete_city")


def district_points(state: CitadelsState, seat: int) -> int:
    """§12.2.1: the VP of the districts in the city (cost; 8 for University and Dragon Gate)."""
    return sum(CARD_VP[c] for c in state.cities[seat])


def haunted_city_is_wild(state: CitadelsState, seat: int) -> bool:
    """§9.3, D-16: the Haunted City stands for a colour unless built in the final round."""
    for c, r in zip(state.cities[seat], state.built_round[seat]):
        if c.startswith("haunted_city-"):
            return not (state.final_round and r == state.final_round)
    return False


def has_five_colours(state: CitadelsState, seat: int) -> bool:
    """§12.2.2: one district of each colour; an eligible Haunted City fills one gap (chosen
    automatically in its owner's favour, as the spec allows)."""
    wild = haunted_city_is_wild(state, seat)
    colours = {CARD_COLOUR[c] for c in state.cities[seat]
               if not (wild and c.startswith("haunted_city-"))}
    need = len(C.colors) - (1 if wild else 0)
    return len(colours) >= need


def breakdown(state: CitadelsState) -> list[dict[str, int]]:
    """Per seat, the points of each category of §12.2 (running totals before the end)."""
    n = threshold(state)
    out = []
    for seat in range(state.players):
        complete = len(state.cities[seat]) >= n
        first = state.first_complete == seat
        out.append({
            "districts": district_points(state, seat),
            "five_colours": C.bonus_all_five_colors if has_five_colours(state, seat) else 0,
            "first_complete": C.bonus_first_complete if first else 0,
            "complete_city": C.bonus_other_complete if complete and not first else 0,
        })
    return out


def scores(state: CitadelsState) -> list[int]:
    return [sum(b.values()) for b in breakdown(state)]


def winners(state: CitadelsState) -> list[int]:
    """§13: highest total; ties among the leaders by district points, then gold (D-17),
    then shared."""
    totals = scores(state)
    best = max(totals)
    tied = [s for s in range(state.players) if totals[s] == best]
    for rule in C.tie_break:
        if len(tied) <= 1:
            break
        if rule == "district_points":
            key = {s: district_points(state, s) for s in tied}
        elif rule == "gold":
            key = {s: state.gold[s] for s in tied}
        else:               # "shared"
            break
        top = max(key.values())
        tied = [s for s in tied if key[s] == top]
    return tied
