"""Euphoria's end-of-game statistics (``Game.statistics``), folded over the record's steps.

Euphoria's score is the number of stars placed (§17, §21); the score table shows where they
stand. These figures say how each seat got them, and how its workers fared. Per seat:

- **Stars placed, by how**: each star is counted when it leaves the seat's supply, by where it
  went and the placement that put it there (the last worker placed, by anyone, before or in
  that step): a star on a recruit comes from an allegiance track reaching its end; on the
  dilemma card, from the dilemma; on a market tile, from helping build it (construction site)
  or from an artifact market; in a territory, from a market visit, an artifact market (the
  three artifact markets and the Wind Saloon), the Nimbus Loft (resources), or else a
  recruit's ability ("other"). The rows add up to the score.
- **Workers**: workers placed, retrievals (turn actions that take workers back), workers
  bumped back (a worker back in its owner's hand from a space other than a construction site,
  without its owner retrieving it), workers gained, workers lost (knowledge checks and rules
  that take a worker away), construction-site spaces taken.
- **Goods and cards**: goods (commodities and resources) gained and paid, artifact cards drawn
  and given up (played, paid or discarded); each action's changes summed apart.
"""

from __future__ import annotations

from typing import cast

from engines.core.statistics import StatRow, steps

from . import actions as A
from .components import FACTIONS, GOODS, SITES
from .state import EuphoriaState
from .texts import T

_STARS = ("stars_visits", "stars_artifacts", "stars_nimbus", "stars_building", "stars_recruits",
          "stars_dilemma", "stars_other")
_WORKERS = ("placed", "retrievals", "bumped", "gained", "lost", "construction")
_GOODS = ("goods_in", "goods_out", "cards_in", "cards_out")

_ARTIFACT_MARKETS = ("ART_EUP", "ART_SUB", "ART_WAS", "ICA_WIND")


def _territory_source(space: str) -> str:
    """The row of a star placed in a territory while ``space`` is the last placement."""
    if space.startswith("MKT_"):
        return "stars_visits"
    if space in _ARTIFACT_MARKETS:
        return "stars_artifacts"
    if space == "ICA_NIMBUS":
        return "stars_nimbus"
    return "stars_other"


def statistics(game, record) -> list[StatRow]:
    """The rows described in the module doc, for the finished game of ``record``."""
    n = record.players
    rows_of = {k: [0] * n for k in (*_STARS, *_WORKERS, *_GOODS)}
    last_space = ""
    for st in steps(game, record):
        # the states of a Euphoria record are Euphoria's
        b, a, action = cast(EuphoriaState, st.before), cast(EuphoriaState, st.after), st.action
        if isinstance(action, A.Place):
            last_space = action.space
            rows_of["placed"][st.seat] += 1
            if action.space.startswith("CS_"):
                rows_of["construction"][st.seat] += 1
        elif isinstance(action, A.Retrieve):
            rows_of["retrievals"][st.seat] += 1
        for q in range(n):
            pb, pa = b.p[q], a.p[q]
            # stars, by where they went
            for f in FACTIONS:
                new = a.territory[f][q] - b.territory[f][q]
                if new > 0:
                    rows_of[_territory_source(last_space)][q] += new
            for site in SITES:
                if q in a.tile_stars[site] and q not in b.tile_stars[site]:
                    key = "stars_artifacts" if last_space in _ARTIFACT_MARKETS else "stars_building"
                    rows_of[key][q] += 1
            rows_of["stars_recruits"][q] += sum(1 for r in pa.recruit_stars if r not in pb.recruit_stars)
            if pa.dilemma_star and not pb.dilemma_star:
                rows_of["stars_dilemma"][q] += 1
            # workers
            retrieving = isinstance(action, A.Retrieve) and q == st.seat
            for d, (was, now) in enumerate(zip(pb.where, pa.where)):
                if was == "pool" and now != "pool":
                    rows_of["gained"][q] += 1
                elif was != "pool" and now == "pool":
                    rows_of["lost"][q] += 1
                elif (was not in ("avail", "pool") and now == "avail" and not retrieving
                      and not was.startswith("CS_")):
                    rows_of["bumped"][q] += 1
            # goods and cards
            for g in GOODS:
                d = pa.goods[g] - pb.goods[g]
                rows_of["goods_in" if d > 0 else "goods_out"][q] += abs(d)
            d = len(pa.hand) - len(pb.hand)
            rows_of["cards_in" if d > 0 else "cards_out"][q] += abs(d)
    g_stars, g_workers, g_goods = T("Stars placed, by how"), T("Workers"), T("Goods and cards")
    labels = {
        "stars_visits": T("Market visits"), "stars_artifacts": T("Artifact markets"),
        "stars_nimbus": T("Nimbus Loft"), "stars_building": T("Helping build markets"),
        "stars_recruits": T("Allegiance (recruits)"), "stars_dilemma": T("Ethical dilemma"),
        "stars_other": T("Other"),
        "placed": T("Workers placed"), "retrievals": T("Retrievals"),
        "bumped": T("Workers bumped back"), "gained": T("Workers gained"),
        "lost": T("Workers lost"), "construction": T("Construction spaces taken"),
        "goods_in": T("Goods gained"), "goods_out": T("Goods paid"),
        "cards_in": T("Artifact cards drawn"), "cards_out": T("Artifact cards given up"),
    }
    groups = [(g_stars, _STARS), (g_workers, _WORKERS), (g_goods, _GOODS)]
    return [StatRow(k, labels[k], rows_of[k], group) for group, keys in groups for k in keys]
