"""Myraclia's components, loaded from ``data.json`` and validated at import (spec §2, §15).

The data file is a copy of the spec's component data; every entry keeps its ``source``
(several figures are *reconstructed*, see spec §17 D1-D6). Nothing here is hard-coded:
change a figure in ``data.json`` and the engine follows.

Element colours are handled as indices ``0..6`` ordered from the most common (rarity
rank 1, green) to the rarest (rank 7, white), so ``colour index == rarity_rank - 1``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal, Optional, Union, cast

from pydantic import BaseModel, Field, model_validator

Surface = Literal["plains", "forest", "water", "mountains"]
ColourName = Literal["green", "yellow", "orange", "red", "blue", "black", "white"]


class CubeColour(BaseModel):
    count: int = Field(ge=0)
    rarity_rank: int = Field(ge=1, le=7)
    theme: str


class Cubes(BaseModel):
    """§2.1: 103 element cubes ("Elementi") in 7 colours, each with a rarity rank."""
    source: str
    total: int
    colours: dict[str, CubeColour]
    rarity_order_rarest_first: list[str]

    @model_validator(mode="after")
    def _check(self) -> "Cubes":
        if sum(c.count for c in self.colours.values()) != self.total:
            raise ValueError("cube counts do not add up to the total")
        ranks = sorted(c.rarity_rank for c in self.colours.values())
        if ranks != list(range(1, len(self.colours) + 1)):
            raise ValueError("rarity ranks must be 1..n")
        return self


class TileData(BaseModel):
    """§2.2: one Myraclia tile ("tessera Myraclia"): original side and terraformed side."""
    id: str
    surfaces: list[Surface] = Field(min_length=1)
    requires: list[str] = Field(min_length=1)
    vp: int = Field(ge=0)
    released: Optional[str] = None
    free: Optional[str] = None
    kickstarter: bool = False
    template: Optional[int] = None
    source: str

    @model_validator(mode="after")
    def _check(self) -> "TileData":
        if len(set(self.requires)) != len(self.requires):
            raise ValueError(f"{self.id}: a tile never needs two cubes of one colour (§15.2)")
        if self.released is not None and self.released not in self.requires:
            raise ValueError(f"{self.id}: the released colour must be required (§2.2)")
        if (self.released is None) != (self.free is None):
            raise ValueError(f"{self.id}: free element iff released element (§2.2, D37)")
        return self


class PointsToken(BaseModel):
    id: str
    type: Literal["points"]
    value: int
    source: str


class ReleasedToken(BaseModel):
    id: str
    type: Literal["released_element"]
    colour: str
    source: str


class FreeToken(BaseModel):
    id: str
    type: Literal["free_element"]
    colour: str
    source: str


class SurfaceToken(BaseModel):
    id: str
    type: Literal["surface"]
    surface: Surface
    source: str


EternityToken = Annotated[Union[PointsToken, ReleasedToken, FreeToken, SurfaceToken], Field(discriminator="type")]


class SurfaceScoring(BaseModel):
    """§10: final-scoring figures (per-surface table reconstructed, D3)."""
    source: str
    table: dict[str, int]
    per_surface: dict[Surface, dict[str, int]]
    all_surfaces_bonus: int
    largest_area_points_per_player_beaten: int


class PlayerCountSetup(BaseModel):
    initial_tiles: int
    discs: int
    end_threshold: int
    draft_cubes_per_player: int
    first_round_draft_cubes_per_player: Optional[int] = None


class Setup(BaseModel):
    source: str
    by_players: dict[int, PlayerCountSetup]
    tile_offer_size: int
    starting_elements: int
    starting_elements_beginner: int
    recommended_layouts: dict[int, list[tuple[int, int]]]

    @model_validator(mode="after")
    def _check(self) -> "Setup":
        for n, layout in self.recommended_layouts.items():
            if len(layout) != self.by_players[n].initial_tiles or len(set(layout)) != len(layout):
                raise ValueError(f"layout for {n} players does not match its tile count")
        return self


class DraftBoardData(BaseModel):
    source: str
    columns: int
    on_board_spaces_per_column: int


class ScoringMisc(BaseModel):
    source: str
    adjacency_bonus_first_terraform_action: int
    adjacency_bonus_second_or_third_terraform_action: int
    opponent_bonus_per_adjacent_tile: int
    reservation_penalty_per_missing_element: int
    max_actions_per_turn: int


class Safeguards(BaseModel):
    source: str
    stall_rounds_without_terraform: int


class MyracliaData(BaseModel):
    schema_version: int
    cubes: Cubes
    tiles: list[TileData]
    surface_scoring: SurfaceScoring
    eternity_tokens: list[EternityToken]
    darkness_tiles: int
    draft_board: DraftBoardData
    setup: Setup
    scoring_misc: ScoringMisc
    engine_safeguards: Safeguards

    @model_validator(mode="after")
    def _check(self) -> "MyracliaData":
        ids = [t.id for t in self.tiles] + [e.id for e in self.eternity_tokens]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate component id")
        for t in self.tiles:
            for c in [*t.requires, t.released, t.free]:
                if c is not None and c not in self.cubes.colours:
                    raise ValueError(f"{t.id}: unknown colour {c}")
        return self


DATA = MyracliaData.model_validate(json.loads((Path(__file__).parent / "data.json").read_text("utf-8")))

# ---- colours ------------------------------------------------------------------------------
#: colour names by index, most common first (index = rarity_rank - 1)
#: (a cast: the data file's colours are the seven names of ``ColourName``, the names the actions
#: accept)
COLOURS: list[ColourName] = cast("list[ColourName]",
                                 sorted(DATA.cubes.colours, key=lambda c: DATA.cubes.colours[c].rarity_rank))
NCOL = len(COLOURS)
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
CUBE_COUNTS: list[int] = [DATA.cubes.colours[c].count for c in COLOURS]
TOTAL_CUBES: int = DATA.cubes.total
RARITY: list[int] = [DATA.cubes.colours[c].rarity_rank for c in COLOURS]
SURFACES: list[str] = ["plains", "forest", "water", "mountains"]


class Tile:
    """A tile's faces in engine form (colour indices); built once from ``TileData``."""

    __slots__ = ("id", "surfaces", "requires", "vp", "released", "free", "kickstarter", "darkness", "data")

    def __init__(self, id: str, surfaces: tuple[str, ...], requires: tuple[int, ...], vp: int,
                 released: int | None, free: int | None, kickstarter: bool, darkness: bool,
                 data: TileData | None):
        self.id, self.surfaces, self.requires, self.vp = id, surfaces, requires, vp
        self.released, self.free, self.kickstarter, self.darkness = released, free, kickstarter, darkness
        self.data = data

    def text(self) -> str:
        """One line for tooltips and logs."""
        if self.darkness:
            return f"{self.id}: Darkness tile (never terraformed)"
        req = "+".join(COLOURS[c] for c in self.requires)
        extra = ""
        if self.released is not None:
            assert self.free is not None  # a tile releasing an element also gives one free (data.json)
            extra = f", releases {COLOURS[self.released]}, free {COLOURS[self.free]}"
        return f"{self.id} {'/'.join(self.surfaces)}: needs {req}, {self.vp} VP{extra}"


def _ci(c: str | None) -> int | None:
    return None if c is None else COLOUR_INDEX[c]


TILES: dict[str, Tile] = {
    t.id: Tile(t.id, tuple(t.surfaces), tuple(sorted(COLOUR_INDEX[c] for c in t.requires)), t.vp,
               _ci(t.released), _ci(t.free), t.kickstarter, False, t)
    for t in DATA.tiles
}
#: §14: the Darkness tiles get ids DARK1..DARKn (the data file gives only their number)
DARKNESS_IDS: list[str] = [f"DARK{i + 1}" for i in range(DATA.darkness_tiles)]
for _d in DARKNESS_IDS:
    TILES[_d] = Tile(_d, (), (), 0, None, None, False, True, None)
BASE_TILE_IDS: list[str] = [t.id for t in DATA.tiles if not t.kickstarter]
KICKSTARTER_IDS: list[str] = [t.id for t in DATA.tiles if t.kickstarter]

TOKENS: dict[str, EternityToken] = {e.id: e for e in DATA.eternity_tokens}
TOKEN_IDS: list[str] = [e.id for e in DATA.eternity_tokens]


def token_text(tid: str) -> str:
    e = TOKENS[tid]
    if e.type == "points":
        return f"Eternity {tid}: +{e.value} VP"
    if e.type == "released_element":
        return f"Eternity {tid}: released {e.colour} element"
    if e.type == "free_element":
        return f"Eternity {tid}: free {e.colour} element every round"
    return f"Eternity {tid}: extra {e.surface} symbol"


SETUP = DATA.setup
MISC = DATA.scoring_misc
SCORING = DATA.surface_scoring
DRAFT_COLUMNS: int = DATA.draft_board.columns
MAX_ACTIONS: int = MISC.max_actions_per_turn
STALL_ROUNDS: int = DATA.engine_safeguards.stall_rounds_without_terraform


def surface_points(surface: str, n: int) -> int:
    """§10.3: the per-surface table, read with its "5+" row for 5 or more symbols."""
    # (a cast: a name outside ``Surface`` is simply not found, and the common table is read)
    table = SCORING.per_surface.get(cast(Surface, surface), SCORING.table)
    if str(n) in table:
        return table[str(n)]
    plus = sorted((int(k[:-1]), v) for k, v in table.items() if k.endswith("+"))
    best = 0
    for lo, v in plus:
        if n >= lo:
            best = v
    if best:
        return best
    return table[str(max(int(k) for k in table if k.isdigit() and int(k) <= n))]
