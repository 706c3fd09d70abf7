"""The 18 market tiles' penalties (spec §14), as a table keyed by tile id.

Each penalty applies to player p iff the tile is built (and its building has finished, D-51)
and p has no star on it. The table holds, per tile, the small named function that carries the
penalty; the rules call them at the points named in their docstrings:

- ``forbid(s, p, die, space) -> reason | None`` — consulted when listing legal placements (P1);
- the other penalties are read by kind through ``suffers(s, p, tile)`` at their step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from engines.core.errors import ruled
from engines.core.i18n import Text

from .components import (COMMODITY_AREAS, ICARUS_SPACES, MARKETS, SITE_SPACES, SITES,
                         SPACE_SITE)
from .texts import T, market as market_name

# The tile ids, by the rule they carry (read from data.json by kind).
KIND: dict[str, str] = {m.penalty_effect.kind: m.id for m in MARKETS.values()
                        if m.penalty_effect.kind != "roll_penalty"}
ROLL_PENALTY: dict[str, int] = {m.id: m.penalty_effect.die_value for m in MARKETS.values()
                                if m.penalty_effect.kind == "roll_penalty"}


def site_of_tile(s, tile: str) -> Optional[str]:
    for site in SITES:
        if s.site_tile.get(site) == tile:
            return site
    return None


def suffers(s, p: int, tile: str) -> bool:
    """p suffers ``tile``'s penalty: it is built (building finished) and p has no star on it."""
    if 2 not in s.built.values():  # no market built yet (most of a game's start): no penalty
        return False
    for site, t in s.site_tile.items():
        if t == tile:
            return s.built[site] == 2 and p not in s.tile_stars[site]
    return False


def suffers_kind(s, p: int, kind: str) -> bool:
    tile = KIND.get(kind)
    return tile is not None and suffers(s, p, tile)


def _occupant(s, space: str) -> list[tuple[int, int]]:
    return [(q, d) for q, pl in enumerate(s.p) for d, w in enumerate(pl.where) if w == space]


def _site_has_other(s, p: int, site: str) -> bool:
    spaces = SITE_SPACES[site]
    return any(q != p and w in spaces for q, pl in enumerate(s.p) for w in pl.where)


def spa_forbids(s, p, die, space) -> Optional[Text]:
    """2 Spa of Fleeting Pleasure: you may not bump your own workers."""
    if any(q == p for q, _ in _occupant(s, space)) and space not in COMMODITY_AREAS:
        return ruled("spa_of_fleeting_pleasure", T("The {market} penalty forbids you to bump your own worker.", market=market_name("spa_of_fleeting_pleasure")))
    return None


def plaza_forbids(s, p, die, space) -> Optional[Text]:
    """4 Plaza of Immortalized Humility: no visit to a built market unless your star is on it."""
    if space.startswith("MKT_"):
        site = "SITE_" + space[4:]
        if p not in s.tile_stars[site]:
            return ruled("plaza_of_immortalized_humility", T("The {market} penalty forbids you to visit a market without your star.", market=market_name("plaza_of_immortalized_humility")))
    return None


def lounge_forbids(s, p, die, space) -> Optional[Text]:
    """6 Lounge of Opulent Frugality: no construction site where another player has a worker."""
    site = SPACE_SITE.get(space)
    if site and space.startswith("CS_") and _site_has_other(s, p, site):
        return ruled("lounge_of_opulent_frugality", T("The {market} penalty forbids you a construction site where another player has a worker.", market=market_name("lounge_of_opulent_frugality")))
    return None


def apothecary_forbids(s, p, die, space) -> Optional[Text]:
    """9 Apothecary of Productive Dreams: you may not place in Icarus."""
    if space in ICARUS_SPACES:
        return ruled("apothecary_of_productive_dreams", T("The {market} penalty forbids you to place workers in Icarus.", market=market_name("apothecary_of_productive_dreams")))
    return None


def arena_forbids(s, p, die, space) -> Optional[Text]:
    """12 Arena of Peaceful Conflict: not on a commodity area where you already have a worker."""
    if space in COMMODITY_AREAS and any(q == p for q, _ in _occupant(s, space)):
        return ruled("arena_of_peaceful_conflict", T("The {market} penalty forbids you a second worker of yours in this area.", market=market_name("arena_of_peaceful_conflict")))
    return None


@dataclass(frozen=True)
class Penalty:
    text: str
    forbid: Optional[Callable] = None


def _t(tile: str) -> str:
    return MARKETS[tile].penalty_text


# Tile id -> its penalty. Penalties without ``forbid`` act at their own step of ``rules``:
# laboratory (tank reward, §20), courthouse (artifact-market cost, P2), fountain (follow-up
# placements, §5), academy (``effects.ability_on``), cafeteria (free retrieval, R3), theater
# (every star, §17), registry (tier eligibility, P1), tiles 13-18 (roll event, E2).
PENALTIES: dict[str, Penalty] = {
    "laboratory_of_selective_genetics": Penalty(_t("laboratory_of_selective_genetics")),
    "spa_of_fleeting_pleasure": Penalty(_t("spa_of_fleeting_pleasure"), spa_forbids),
    "courthouse_of_hasty_judgement": Penalty(_t("courthouse_of_hasty_judgement")),
    "plaza_of_immortalized_humility": Penalty(_t("plaza_of_immortalized_humility"), plaza_forbids),
    "fountain_of_wishful_thinking": Penalty(_t("fountain_of_wishful_thinking")),
    "lounge_of_opulent_frugality": Penalty(_t("lounge_of_opulent_frugality"), lounge_forbids),
    "academy_of_mandatory_equality": Penalty(_t("academy_of_mandatory_equality")),
    "cafeteria_of_nameless_meat": Penalty(_t("cafeteria_of_nameless_meat")),
    "apothecary_of_productive_dreams": Penalty(_t("apothecary_of_productive_dreams"), apothecary_forbids),
    "theater_of_revelatory_propaganda": Penalty(_t("theater_of_revelatory_propaganda")),
    "registry_of_personal_secrets": Penalty(_t("registry_of_personal_secrets")),
    "arena_of_peaceful_conflict": Penalty(_t("arena_of_peaceful_conflict"), arena_forbids),
    "disassemble_a_teddy_bear_shop": Penalty(_t("disassemble_a_teddy_bear_shop")),
    "clinic_of_blind_hindsight": Penalty(_t("clinic_of_blind_hindsight")),
    "bemusement_park": Penalty(_t("bemusement_park")),
    "friendly_local_game_bonfire": Penalty(_t("friendly_local_game_bonfire")),
    "stadium_of_guaranteed_home_runs": Penalty(_t("stadium_of_guaranteed_home_runs")),
    "center_for_reduced_literacy": Penalty(_t("center_for_reduced_literacy")),
}
assert set(PENALTIES) == set(MARKETS), "every market tile needs its penalty"


def placement_forbidden(s, p: int, die: int, space: str) -> Optional[Text]:
    """The first penalty that forbids this placement (P1), or None."""
    for site in SITES:
        if s.built[site] != 2 or p in s.tile_stars[site]:
            continue
        pen = PENALTIES[s.site_tile[site]]
        if pen.forbid:
            why = pen.forbid(s, p, die, space)
            if why:
                return why
    return None


def roll_penalty_values(s, p: int) -> list[int]:
    """Die values that cost p a good when rolled (tiles 13-18, §14)."""
    return sorted(v for tile, v in ROLL_PENALTY.items() if suffers(s, p, tile))
