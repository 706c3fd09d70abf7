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


_FIVE = len(C.colors)


def breakdown(state: CitadelsState) -> list[dict[str, int]]:
    """Per seat, the points of each category of §12.2 (running totals before the end)."""
    n = threshold(state)
    out = []
    first_complete, final_round = state.first_complete, state.final_round
    for seat, city in enumerate(state.cities):
        complete = len(city) >= n
        first = first_complete == seat
        # ``district_points`` and ``has_five_colours`` (with ``haunted_city_is_wild``), in one pass
        points = 0
        wild = None
        for c in city:
            points += CARD_VP[c]
            if wild is None and c.startswith("haunted_city-"):
                wild = c
        if wild is not None:
            r = state.built_round[seat][city.index(wild)]
            if final_round and r == final_round:
                wild = None
        if wild is not None:
            five = len({CARD_COLOUR[c] for c in city if not c.startswith("haunted_city-")}) >= _FIVE - 1
        else:
            five = len({CARD_COLOUR[c] for c in city}) >= _FIVE
        out.append({
            "districts": points,
            "five_colours": C.bonus_all_five_colors if five else 0,
            "first_complete": C.bonus_first_complete if first else 0,
            "complete_city": C.bonus_other_complete if complete and not first else 0,
        })
    return out


def scores(state: CitadelsState) -> list[int]:
    return [b["districts"] + b["five_colours"] + b["first_complete"] + b["complete_city"] for b in breakdown(state)]


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
