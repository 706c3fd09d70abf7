"""The actions of Myraclia (spec §18 "who decides what"), discriminated on ``type``.

Elements are named by colour ("green" ... "white"); lists of elements are sorted from the
most common colour to the rarest, one entry per cube.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from .components import ColourName


class Take(BaseModel):
    """§6.3: take one element from a Draft-board column (1 = rightmost ... 7 = leftmost)."""
    type: Literal["take"] = "take"
    column: int


class Pass(BaseModel):
    """§6.3: pass; no more elements for this player this round."""
    type: Literal["pass"] = "pass"


class Terraform(BaseModel):
    """§8.2-8.4: terraform a free tile, or complete one's own reservation (an action),
    paying ``pay`` (direct matches and wildcards, §8.1)."""
    type: Literal["terraform"] = "terraform"
    tile: str
    pay: list[ColourName]


class Reserve(BaseModel):
    """§8.6: reserve a free tile, placing ``place`` on it (direct matches only)."""
    type: Literal["reserve"] = "reserve"
    tile: str
    place: list[ColourName]


class ChangeReservation(BaseModel):
    """§8.9: move one's reservation to another free tile, placing ``place`` on it."""
    type: Literal["change"] = "change"
    tile: str
    place: list[ColourName]


class AddElements(BaseModel):
    """§8.8: put matching elements on one's own reserved tile without completing it (free)."""
    type: Literal["add"] = "add"
    place: list[ColourName]


class Trade(BaseModel):
    """§8.10: swap one reserve element for one element of the trade pool (free)."""
    type: Literal["trade"] = "trade"
    give: ColourName
    take: ColourName


class EndTurn(BaseModel):
    """§7.4: end the terraforming turn (then §8.11: trade zone, new tiles, refill)."""
    type: Literal["end_turn"] = "end_turn"


class PlaceTile(BaseModel):
    """§8.11 step 2: add a tile of the offer to the surface at axial (q, r)."""
    type: Literal["place_tile"] = "place_tile"
    tile: str
    q: int
    r: int


class PlaceToken(BaseModel):
    """§13.3: put the drawn Eternity token on a free Myraclia tile."""
    type: Literal["place_token"] = "place_token"
    tile: str


Action = Annotated[
    Union[Take, Pass, Terraform, Reserve, ChangeReservation, AddElements, Trade, EndTurn,
          PlaceTile, PlaceToken],
    Field(discriminator="type"),
]
