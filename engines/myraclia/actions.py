"""The actions of Myraclia (spec §18 "who decides what"), discriminated on ``type``.

Elements are named by colour ("green" ... "white"); lists of elements are sorted from the
most common colour to the rarest, one entry per cube. That order is the only one ``check``
accepts (one move has one form, so one game has one record). Every action refuses fields it
does not have (``extra="forbid"``).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .components import ColourName


class _Action(BaseModel):
    """Base of the actions: no field beyond the declared ones."""
    model_config = ConfigDict(extra="forbid")


class Take(_Action):
    """§6.3: take one element from a Draft-board column (1 = rightmost ... 7 = leftmost)."""
    type: Literal["take"] = "take"
    column: int


class Pass(_Action):
    """§6.3: pass; no more elements for this player this round."""
    type: Literal["pass"] = "pass"


class Terraform(_Action):
    """§8.2-8.4: terraform a free tile, or complete one's own reservation (an action),
    paying ``pay`` (direct matches and wildcards, §8.1)."""
    type: Literal["terraform"] = "terraform"
    tile: str
    pay: list[ColourName]


class Reserve(_Action):
    """§8.6: reserve a free tile, placing ``place`` on it (direct matches only)."""
    type: Literal["reserve"] = "reserve"
    tile: str
    place: list[ColourName]


class ChangeReservation(_Action):
    """§8.9: move one's reservation to another free tile, placing ``place`` on it."""
    type: Literal["change"] = "change"
    tile: str
    place: list[ColourName]


class AddElements(_Action):
    """§8.8: put matching elements on one's own reserved tile without completing it (free)."""
    type: Literal["add"] = "add"
    place: list[ColourName]


class Trade(_Action):
    """§8.10: swap one reserve element for one element of the trade pool (free)."""
    type: Literal["trade"] = "trade"
    give: ColourName
    take: ColourName


class EndTurn(_Action):
    """§7.4: end the terraforming turn (then §8.11: trade zone, new tiles, refill)."""
    type: Literal["end_turn"] = "end_turn"


class PlaceTile(_Action):
    """§8.11 step 2: add a tile of the offer to the surface at axial (q, r)."""
    type: Literal["place_tile"] = "place_tile"
    tile: str
    q: int
    r: int


class PlaceToken(_Action):
    """§13.3: put the drawn Eternity token on a free Myraclia tile."""
    type: Literal["place_token"] = "place_token"
    tile: str


Action = Annotated[
    Union[Take, Pass, Terraform, Reserve, ChangeReservation, AddElements, Trade, EndTurn,
          PlaceTile, PlaceToken],
    Field(discriminator="type"),
]
