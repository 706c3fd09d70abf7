"""The state of a Myraclia game (spec §16): plain lists and ints, cheap to copy.

Element multisets are lists of 7 counts indexed by colour (most common first, see
``components.COLOURS``).
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, Field

from engines.core.fastmodel import built, plain_setattr
from engines.core.game import ChanceState, Options

from .components import DRAFT_COLUMNS, NCOL
from .dealer import MyracliaDealer

Phase = Literal["draft", "terraform", "place", "eternity", "over"]
Drawing = Literal["surface", "setup_offer", "start", "youngest", "draft", "offer", "token"]
"""The draw a chance node is for (``MyracliaState.drawing``, see ``rules.chance_weights``)."""
LEDGER_KEYS = ("tiles", "adjacency", "neighbours", "eternity", "reservations")


class MyracliaOptions(Options):
    """Variants and expansions, all off by default (spec §4.6, §11, §13, §14, §4.7)."""
    beginner: bool = Field(False, description="Beginner variant: 3 starting elements each (§4.6)")
    kickstarter: bool = Field(False, description="Shuffle the Kickstarter tile into the bag (§11)")
    eternity: bool = Field(False, description="Eternity expansion: 16 tokens (§13)")
    darkness: bool = Field(False, description="Darkness expansion: 3 Darkness tiles (§14)")
    youngest_first: Optional[list[int]] = Field(
        None, description="Seats from youngest to oldest, for start-order ties (§4.7, D11); "
                          "a seeded random order when not given",
        json_schema_extra={"ui": "seat_order"})  # the New game form asks for seat numbers


class PlayerState(BaseModel):
    """One god: score track, element reserve, large discs in supply, own tiles (§16)."""
    score: int = 0
    reserve: list[int]
    discs: int
    tiles: list[str] = []
    reserved: Optional[str] = None
    terraformed_this_round: bool = False
    #: VP by category, always summing to ``score`` (tiles, adjacency, neighbours, eternity,
    #: reservations); the end-of-game table adds the final bonuses (§10)
    ledger: dict[str, int] = Field(default_factory=lambda: {k: 0 for k in LEDGER_KEYS})


class SurfaceTile(BaseModel):
    """A tile on the planet's surface at axial (q, r) (§3): free, reserved or terraformed
    (``owner`` and ``terraformed``), with elements and Eternity tokens lying on it."""
    id: str
    q: int
    r: int
    owner: Optional[int] = None
    terraformed: bool = False
    cubes: list[int] = Field(default_factory=lambda: [0] * NCOL)
    tokens: list[str] = []


def _no_discs() -> list[int]:
    """An empty queue of draft discs (a new list)."""
    return []


class MyracliaState(ChanceState):
    """The whole game (§16). The bags are multisets: the tile and Eternity bags as sorted
    lists, the element bag as counts by colour; nothing in the state says what comes out
    next. ``drawing`` names the draw the game is stopped at (a chance node, ``rules``), with
    ``to_draw`` draws of it left, and ``drawn`` the elements drawn so far for the Draft board."""
    options: MyracliaOptions
    dealer: Optional[MyracliaDealer] = None
    drawing: Optional[Drawing] = None
    to_draw: int = 0
    drawn: list[int] = Field(default_factory=lambda: [0] * NCOL)
    phase: Phase = "draft"
    round: int = 1
    founding: bool = True
    quiet_rounds: int = 0
    round_terraforms: int = 0
    seats: list[PlayerState]
    drafting_order: list[int]
    terraforming_order: list[int] = []
    # Draft board (§6.1): per column (index 0 = column 1, rightmost) the colour group and the
    # queue of draft discs (index 0 nearest the cubes)
    draft_colour: list[int] = Field(default_factory=lambda: [-1] * DRAFT_COLUMNS)
    draft_count: list[int] = Field(default_factory=lambda: [0] * DRAFT_COLUMNS)
    draft_queue: list[list[int]] = Field(default_factory=lambda: [_no_discs() for _ in range(DRAFT_COLUMNS)])
    passed: list[bool] = []
    draft_turn: int = 0
    # Terraforming phase (§7): whose turn, its counters, the common trade pool (§8.10.6)
    turn_pos: int = 0
    actions_used: int = 0
    terraform_actions: int = 0
    tiles_to_add: int = 0
    pool: list[int] = Field(default_factory=lambda: [0] * NCOL)
    surface: list[SurfaceTile] = []
    offer: list[str] = []
    tile_bag: list[str] = []
    element_bag: list[int] = Field(default_factory=lambda: [0] * NCOL)
    discard: list[int] = Field(default_factory=lambda: [0] * NCOL)
    eternity_bag: list[str] = []
    eternity_drawn: Optional[str] = None
    eternity_placer: Optional[int] = None
    eternity_used: list[str] = []

    def clone(self) -> "MyracliaState":
        """An independent copy without re-validation (much faster than dump + validate);
        the terraformed tiles are shared, see ``_clone``."""
        return _clone(self)


def new_tile(tile: str, q: int, r: int) -> SurfaceTile:
    """``SurfaceTile(id=tile, q=q, r=r)`` (a new free tile, nothing on it) without validation
    and without pydantic's deep copies of the defaults: for tiles the rules add."""
    return built(SurfaceTile, {"id": tile, "q": q, "r": r, "owner": None, "terraformed": False,
                               "cubes": [0] * NCOL, "tokens": []}, {"id", "q", "r"})



for _cls in (PlayerState, SurfaceTile, MyracliaState):
    plain_setattr(_cls)  # the rules assign fields thousands of times a game


_LISTS = ("drafting_order", "terraforming_order", "draft_colour", "draft_count", "passed",
          "pool", "offer", "tile_bag", "element_bag", "discard", "eternity_bag", "eternity_used",
          "seen", "drawn")


def _clone(s: MyracliaState) -> MyracliaState:
    """A copy of ``s``: the same fields, every list and model copied, nothing validated;
    except the terraformed tiles of the surface, which the copy shares with ``s``.

    A terraformed tile never changes again: the rules write to a tile only while it is free
    or reserved (terraforming it, reserving it, adding elements to it, moving the
    reservation away, putting an Eternity token on it), and the tile being terraformed is
    one that was not terraformed yet, so a copy of its own. Whoever changes a terraformed
    tile by hand (a test setting up a position) must do it before cloning or on a fresh
    ``SurfaceTile``. ``tests/myraclia/test_speed.py`` checks that no game changes one.
    """
    d = s.__dict__.copy()
    dealer = s.dealer
    if dealer is not None:
        d["dealer"] = dealer.clone()
    o = s.options
    od = o.__dict__.copy()
    if od.get("youngest_first") is not None:
        od["youngest_first"] = list(od["youngest_first"])
    d["options"] = built(type(o), od, set(o.__pydantic_fields_set__))
    seats = []
    for p in s.seats:
        pd = p.__dict__.copy()
        pd["reserve"] = pd["reserve"][:]
        pd["tiles"] = pd["tiles"][:]
        pd["ledger"] = pd["ledger"].copy()
        seats.append(built(PlayerState, pd, set(p.__pydantic_fields_set__)))
    d["seats"] = seats
    surface: list[SurfaceTile] = []
    add = surface.append
    for t in s.surface:
        if t.terraformed:
            add(t)
            continue
        td = t.__dict__.copy()
        td["cubes"] = td["cubes"][:]
        td["tokens"] = td["tokens"][:]
        add(built(SurfaceTile, td, set(t.__pydantic_fields_set__)))
    d["surface"] = surface
    for k in _LISTS:
        d[k] = d[k][:]
    d["draft_queue"] = [q[:] for q in d["draft_queue"]]
    return built(MyracliaState, d, set(s.__pydantic_fields_set__))
