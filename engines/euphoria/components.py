"""Euphoria's components, loaded from ``data.json`` and validated at import (spec §2, §3, §14, §18.1, §19).

``data.json`` is a copy of the spec's component file; every entry keeps its ``source``.
Everything the rules need as a number or a name comes from here: a corrected figure in the
data file changes the engine's behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

_DATA_FILE = Path(__file__).with_name("data.json")

COMMODITIES = ("energy", "water", "food", "bliss")
RESOURCES = ("gold", "stone", "clay")
GOODS = COMMODITIES + RESOURCES
FACTIONS = ("euphorian", "subterran", "wastelander", "icarite")
TUNNEL_FACTIONS = ("euphorian", "subterran", "wastelander")
SHORT = {"euphorian": "EUP", "subterran": "SUB", "wastelander": "WAS", "icarite": "ICA"}
FACTION_OF_SHORT = {v: k for k, v in SHORT.items()}


class _Entry(BaseModel):
    model_config = ConfigDict(extra="allow")


class ActionSpace(_Entry):
    """One entry of ``action_spaces`` (spec §3): 49 worker spaces + the 2 retrieval turn actions."""
    id: str
    name: str
    region: str
    faction: Optional[str]
    type: str
    cost: Any
    reward: Any
    source: Any
    if TYPE_CHECKING:  # extra fields of the data file (extra="allow"), declared for the checker only
        site: str  # only on the construction-site spaces (read behind ``getattr(s, "site", None)``)

    @model_validator(mode="after")
    def _known_type(self):
        assert self.type in ("temporary", "multi", "fixed", "turn_action"), self.type
        return self


class PenaltyEffect(_Entry):
    kind: str
    if TYPE_CHECKING:  # extra fields of the data file (extra="allow"), declared for the checker only
        die_value: int      # only on the "roll_penalty" tiles (13-18)
        values: list[int]   # only on the Laboratory ("no_new_worker_when_workers_in")
        value: int          # only on "knowledge_per_star" and "free_retrieval_morale_loss"


class Market(_Entry):
    """A market tile (spec §14): visit cost and the penalty on players without a star on it."""
    id: str
    index: int
    name: str
    visit_cost: dict[str, int]
    penalty_text: str
    penalty_effect: PenaltyEffect
    source: Any


class Recruit(_Entry):
    """A recruit card (spec §18.1): faction, current text, optional first-printing text."""
    id: str
    name: str
    faction: str
    text: str
    engine_rule: str
    first_printing_text: Optional[str] = None
    source: Any

    @model_validator(mode="after")
    def _faction(self):
        assert self.faction in FACTIONS, self.faction
        return self


class Dilemma(_Entry):
    """An ethical dilemma card (spec §19)."""
    id: str
    title: str
    artifact: str
    cost: dict[str, Any]
    left_side: dict[str, Any]
    right_side: dict[str, Any]
    source: Any


class ArtifactType(_Entry):
    id: str
    name: str
    copies: int
    source: Any


class Data(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: str
    action_spaces: list[ActionSpace] = Field(min_length=51, max_length=51)
    markets: list[Market] = Field(min_length=18, max_length=18)
    recruits: list[Recruit] = Field(min_length=48, max_length=48)
    dilemmas: list[Dilemma] = Field(min_length=6, max_length=6)
    artifacts: list[ArtifactType] = Field(min_length=6, max_length=6)
    tracks: dict[str, Any]
    setup: dict[str, Any]
    variants: list[dict[str, Any]]
    tie_breaks: list[str]


DATA = Data.model_validate(json.loads(_DATA_FILE.read_text(encoding="utf-8")))

SPACES: dict[str, ActionSpace] = {s.id: s for s in DATA.action_spaces}
WORKER_SPACES: list[str] = [s.id for s in DATA.action_spaces if s.type != "turn_action"]
MARKETS: dict[str, Market] = {m.id: m for m in DATA.markets}
MARKET_IDS: list[str] = [m.id for m in sorted(DATA.markets, key=lambda m: m.index)]
RECRUITS: dict[str, Recruit] = {r.id: r for r in DATA.recruits}
RECRUIT_IDS: list[str] = [r.id for r in DATA.recruits]
DILEMMAS: dict[str, Dilemma] = {d.id: d for d in DATA.dilemmas}
DILEMMA_IDS: list[str] = [d.id for d in DATA.dilemmas]
ARTIFACT_TYPES: list[str] = [a.id for a in DATA.artifacts]
ARTIFACT_DECK: list[str] = [a.id for a in DATA.artifacts for _ in range(a.copies)]

TRACKS = DATA.tracks
MORALE_MIN, MORALE_MAX, MORALE_START = TRACKS["morale"]["min"], TRACKS["morale"]["max"], TRACKS["morale"]["start"]
KNOW_MIN, KNOW_MAX, KNOW_START = TRACKS["knowledge"]["min"], TRACKS["knowledge"]["max"], TRACKS["knowledge"]["start"]
KNOWLEDGE_LIMIT: int = TRACKS["knowledge"]["worker_loss_threshold"]
ALLEGIANCE_MAX: int = 11
TIERS: dict[int, int] = {int(k): v["level"] for k, v in TRACKS["allegiance"]["tiers"].items()}
TUNNEL_REVEAL: int = TRACKS["tunnels"]["reveal_hidden_recruits_at"]
TUNNEL_COMPLETE: int = TRACKS["tunnels"]["complete_at"]
THRESHOLD: dict[int, int] = {int(k): v for k, v in TRACKS["construction_threshold"].items() if k.isdigit()}
WORKERS_START: int = TRACKS["workers"]["start"]
WORKERS_MAX: int = TRACKS["workers"]["max"]
STARS: int = TRACKS["authority_tokens_per_player"]
YIELD: list[dict[str, Any]] = TRACKS["commodity_yield"]
TERRITORY_SPACES: int = TRACKS["territories"]["spaces_each"]
PER_PLAYER = DATA.setup["per_player"]
RECRUITS_DEALT: int = PER_PLAYER["recruits_dealt"]

def _faction(s: ActionSpace) -> str:
    """The faction of a space the data file gives one (every space but the tanks')."""
    assert s.faction is not None, s.id
    return s.faction


# Sites, their spaces and their visit space (spec §3, §13).
SITES: list[str] = sorted({s.site for s in DATA.action_spaces if getattr(s, "site", None)},
                          key=lambda x: ["SITE_EUP_A", "SITE_EUP_B", "SITE_SUB_A", "SITE_SUB_B",
                                         "SITE_WAS_A", "SITE_WAS_B"].index(x))
SITE_SPACES: dict[str, list[str]] = {site: [s.id for s in DATA.action_spaces
                                            if getattr(s, "site", None) == site and s.type == "fixed"]
                                     for site in SITES}
SITE_MARKET_SPACE: dict[str, str] = {site: "MKT" + site[4:] for site in SITES}
SITE_FACTION: dict[str, str] = {site: _faction(SPACES[SITE_SPACES[site][0]]) for site in SITES}
SPACE_SITE: dict[str, str] = {s.id: s.site for s in DATA.action_spaces if getattr(s, "site", None)}

COMMODITY_AREAS: dict[str, str] = {s.id: s.reward["commodity"] for s in DATA.action_spaces if s.type == "multi"}
TUNNELS: dict[str, str] = {s.id: _faction(s) for s in DATA.action_spaces if s.id.startswith("TUN_")}
TUNNEL_OF: dict[str, str] = {f: t for t, f in TUNNELS.items()}
TUNNEL_ENDS: dict[str, str] = {s.id: _faction(s) for s in DATA.action_spaces if s.id.startswith("TUNEND_")}
ARTIFACT_MARKETS: dict[str, str] = {s.id: _faction(s) for s in DATA.action_spaces if s.id.startswith("ART_")}
ICARUS_SPACES: list[str] = [s.id for s in DATA.action_spaces if s.id.startswith("ICA_")] + ["CLOUD"]


def region_of(space: str) -> Optional[str]:
    """The region (= faction) a worker space belongs to, None for the tanks (spec §3)."""
    s = SPACES[space]
    return s.faction


def tunnel_resource(tunnel: str) -> str:
    """The resource a tunnel gives (the non-artifact half of its reward choice)."""
    for opt in SPACES[tunnel].reward["choice"]:
        for k in opt:
            if k != "artifact":
                return k
    raise KeyError(tunnel)


TUNNEL_RESOURCE: dict[str, str] = {t: tunnel_resource(t) for t in TUNNELS}
TUNNEL_COST: dict[str, str] = {t: next(iter(SPACES[t].cost)) for t in TUNNELS}
