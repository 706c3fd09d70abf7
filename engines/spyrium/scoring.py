"""End-of-game scoring (spec §14, §10.3, D-31–D-34).

The score is the score track plus the printed VP of the buildings in the neighbourhood plus,
for each technique, ``min(vp_cap, formula)``. Before the end, ``scores`` gives the same sum
for the current position (what each player would score if the game ended now).
"""

from __future__ import annotations

from .components import CARD_TYPES, TECHNIQUES, type_of
from .rules import workers_owned
from .state import Player, SpyriumState

CATEGORIES = ["characters", "building use", "residence", "events", "build tokens",
              "buildings", "techniques"]
"""Score categories of the end-of-game table: the first five are the VP gained during play
(the score track, by source), then the printed building VP and the technique VP."""


def technique_formula(p: Player, formula: str) -> int:
    """The uncapped end-game value of a technique formula (§10.3)."""
    if formula == "spyrium_held":
        return p.spyrium
    if formula == "floor(money/2)":
        return p.money // 2
    if formula == "buildings_owned":
        return len(p.buildings)
    if formula == "sum_printed_vp(buildings with factory symbol)":
        return sum(CARD_TYPES[type_of(b.card)].vp for b in p.buildings
                   if "factory" in CARD_TYPES[type_of(b.card)].symbols)
    if formula == "workers_owned":
        return workers_owned(p)
    if formula == "kept_tokens":
        return len(p.kept_tokens)
    if formula == "residence_value":
        from .components import RESIDENCE_VALUES
        return RESIDENCE_VALUES[p.residence]
    raise ValueError(f"unknown technique formula {formula!r}")


def technique_vp(p: Player) -> dict[str, int]:
    """Each owned technique's VP, capped separately (D-34)."""
    out: dict[str, int] = {}
    for t in p.techniques:
        tt = TECHNIQUES[type_of(t.card)]
        out[tt.name_en] = min(tt.vp_cap, technique_formula(p, tt.end_game.formula))
    return out


def building_vp(p: Player) -> int:
    return sum(CARD_TYPES[type_of(b.card)].vp for b in p.buildings)


def breakdown(p: Player) -> dict[str, int]:
    out = {c: p.vp_log.get(c, 0) for c in CATEGORIES[:5]}
    out["buildings"] = building_vp(p)
    out["techniques"] = sum(technique_vp(p).values())
    return out


def score(p: Player) -> int:
    return p.vp + building_vp(p) + sum(technique_vp(p).values())


def scores(state: SpyriumState) -> list[int]:
    return [score(p) for p in state.players_]


def winners(state: SpyriumState) -> list[int]:
    """The highest total wins; ties share the victory (§14, D-43)."""
    s = scores(state)
    best = max(s)
    return [i for i, v in enumerate(s) if v == best]
