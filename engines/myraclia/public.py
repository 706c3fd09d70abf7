"""Myraclia for the page: the page (``web/tavolo_ui``) imports only this module from the game.

It offers:

- the typed view: ``MyracliaView`` is exactly what ``Game.view(state, player)`` returns
  (``view.view`` is annotated with it), with its parts ``Seat``, ``Ledger``, ``Breakdown``,
  ``TurnCounters``, ``DraftColumn``, ``TileFace`` (a tile's printed faces: ``OfferTile`` on
  offer, ``SurfaceTile`` on the surface), ``TokenFace`` (one of ``PointsToken``,
  ``ReleasedToken``, ``FreeToken``, ``SurfaceToken``) and ``OptionValues``, and the names its
  maps are keyed by, ``Colour`` (an element's colour) and ``Surface``.
  Everything on the table is public: the view is the same for every player apart from ``me``;
  the bags are sizes;
- the texts (catalogue "myraclia"): ``T``, ``colour``, ``colour_count``, ``counts_text``,
  ``surface``, ``surface_letter`` (its one-letter short form), ``tile_name``, ``space_name``, ``tile_text``,
  ``token_name``, ``token_text``, ``join`` and the score categories' names ``SCORE_CATEGORIES``.

The TypedDicts are closed (``closed=True``, PEP 728): a key the view does not declare is an
error when a view is validated against them (``tests/core/test_public_views.py``).
"""

from __future__ import annotations

from typing_extensions import Literal, NotRequired, TypedDict

from .texts import (SCORE_CATEGORIES, T, colour, colour_count, counts_text, join, space_name, surface, surface_letter,
                    tile_name, tile_text, token_name, token_text)

__all__ = [
    "MyracliaView", "Seat", "Ledger", "Breakdown", "TurnCounters", "DraftColumn", "TileFace", "OfferTile",
    "SurfaceTile", "TokenFace", "PointsToken", "ReleasedToken", "FreeToken", "SurfaceToken", "OptionValues",
    "T", "colour", "colour_count", "counts_text", "surface", "surface_letter", "tile_name", "space_name", "tile_text",
    "token_name", "token_text", "join", "SCORE_CATEGORIES", "Colour", "Surface",
]

Colour = Literal["green", "yellow", "orange", "red", "blue", "black", "white"]
"""The element colours (``components.COLOURS``)."""
Surface = Literal["plains", "forest", "water", "mountains"]


class _Categories(TypedDict):
    """The VP categories of the score track."""
    tiles: int
    adjacency: int
    neighbours: int
    eternity: int
    reservations: int


class Ledger(_Categories, closed=True):
    """A player's VP by category, summing to the score track."""


class Breakdown(_Categories, closed=True):
    """A player's VP by category, with the final bonuses once the game is over (§10)."""
    all_surfaces: NotRequired[int]
    largest_area: NotRequired[int]
    surface_types: NotRequired[int]


class Seat(TypedDict, closed=True):
    """A player (a god)."""
    score: int
    reserve: dict[Colour, int]
    """The elements in reserve (colours with none left out)."""
    discs: int
    """Large discs in supply."""
    tiles: list[str]
    """The tiles terraformed."""
    reserved: str | None
    """The tile reserved."""
    terraformed_this_round: bool
    ledger: Ledger
    passed: bool
    """Passed in this round's draft."""
    draft_column: int | None
    """The Draft board column of the player's disc (1 is the rightmost)."""


class TurnCounters(TypedDict, closed=True):
    """The terraforming turn in progress."""
    position: int
    """The turn's place in the terraforming order."""
    actions_used: int
    terraform_actions: int
    tiles_to_add: int


class DraftColumn(TypedDict, closed=True):
    """A column of the Draft board."""
    column: int
    """1 is the rightmost."""
    colour: Colour | None
    """The colour of its elements (``None``: empty)."""
    count: int
    queue: list[int]
    """The seats of the draft discs, nearest the elements first."""


class TileFace(TypedDict):
    """A tile's printed faces (a Darkness tile has no surface, requirement or VP)."""
    id: str
    darkness: bool
    surfaces: list[Surface]
    requires: list[Colour]
    """The elements terraforming it needs."""
    vp: int
    released: Colour | None
    """The element released when it is terraformed."""
    free: Colour | None
    """The element given for free with it."""
    kickstarter: bool


class PointsToken(TypedDict, closed=True):
    """An Eternity token worth VP."""
    id: str
    type: Literal["points"]
    value: int


class ReleasedToken(TypedDict, closed=True):
    """An Eternity token that counts as a released element."""
    id: str
    type: Literal["released_element"]
    colour: Colour


class FreeToken(TypedDict, closed=True):
    """An Eternity token that counts as a free element."""
    id: str
    type: Literal["free_element"]
    colour: Colour


class SurfaceToken(TypedDict, closed=True):
    """An Eternity token that counts as a surface."""
    id: str
    type: Literal["surface"]
    surface: Surface


TokenFace = PointsToken | ReleasedToken | FreeToken | SurfaceToken
"""The face of an Eternity token."""


class OfferTile(TileFace, closed=True):
    """A tile on offer, to be added to the surface."""


class SurfaceTile(TileFace, closed=True):
    """A tile on the planet's surface at axial ``(q, r)``."""
    q: int
    r: int
    state: Literal["darkness", "terraformed", "reserved", "free"]
    owner: int | None
    """The player who reserved or terraformed it."""
    cubes: dict[Colour, int]
    """The elements on it (colours with none left out)."""
    tokens: list[TokenFace]
    """The Eternity tokens on it."""


class OptionValues(TypedDict, closed=True):
    """The game's options (``MyracliaOptions``)."""
    beginner: bool
    kickstarter: bool
    eternity: bool
    darkness: bool
    youngest_first: list[int] | None


class MyracliaView(TypedDict, closed=True):
    """What ``Game.view(state, player)`` returns."""
    me: int | None
    """The viewer's seat (``None``: a spectator)."""
    phase: Literal["draft", "terraform", "place", "eternity", "over"]
    round: int
    founding: bool
    """The founding round."""
    to_move: int | None
    end_threshold: int
    seats: list[Seat]
    drafting_order: list[int]
    terraforming_order: list[int]
    turn: TurnCounters
    draft: list[DraftColumn]
    pool: dict[Colour, int]
    """The common trade pool (colours with none left out)."""
    surface: list[SurfaceTile]
    offer: list[OfferTile]
    tile_bag: int
    element_bag: int
    discard: dict[Colour, int]
    eternity_bag: int
    eternity_drawn: TokenFace | None
    """The Eternity token drawn, to be placed."""
    eternity_placer: int | None
    options: OptionValues
    scores: list[int]
    breakdown: NotRequired[list[Breakdown]]
    """At the end of the game."""
    winners: NotRequired[list[int]]
    """At the end of the game."""
