"""The actions of Myraclia (spec §18 "who decides what"), discriminated on ``type``.

Elements are named by colour ("green" ... "white"); lists of elements are sorted from the
most common colour to the rarest, one entry per cube. That order is the only one ``check``
accepts (one move has one form, so one game has one record). Every action refuses fields it
does not have (``extra="forbid"``).

The actions are frozen, and the engine's own ones are built without validation and mostly
shared: each distinct action that ``legal_actions`` lists is built once and the same object
goes into every later list that holds it (building a pydantic model was the dearest part of
the list; see "Shared instances" below). So nobody may change an action's lists (``pay``,
``place``) in place: they may belong to every list that holds the action. Actions from
outside (records, links, the CLI: ``Game.parse_action``) are validated as always and never
shared.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union, cast

from pydantic import BaseModel, ConfigDict, Field

from engines.core.fastmodel import built
from engines.core.rng import Rng

from .components import COLOURS, DRAFT_COLUMNS, NCOL, TILES, TOKEN_IDS, ColourName


class _Action(BaseModel):
    """Base of the actions: no field beyond the declared ones, none reassigned (frozen)."""
    model_config = ConfigDict(extra="forbid", frozen=True)


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


# ---- chance outcomes (``engines.core.chance``): what a draw gives, played at a chance node ----
class DrawTile(_Action):
    """A chance outcome: ``tile`` is drawn from the tile bag (§4.3 onto the surface, §4.4 and
    §8.11 step 3 into the tile offer)."""
    type: Literal["draw_tile"] = "draw_tile"
    tile: str


class DrawElement(_Action):
    """A chance outcome: an element of ``colour`` is drawn from the element bag (§4.6 a
    starting element, §6.2 one for the Draft board)."""
    type: Literal["draw_element"] = "draw_element"
    colour: ColourName


class DrawToken(_Action):
    """A chance outcome: the Eternity token ``token`` is drawn from the Eternity bag (§13.3)."""
    type: Literal["draw_token"] = "draw_token"
    token: str


class YoungestFirst(_Action):
    """A chance outcome: the seats from youngest to oldest, drawn at random when the game's
    options do not give them (§4.7 start-order ties, D11)."""
    type: Literal["youngest_first"] = "youngest_first"
    seats: list[int]


Action = Annotated[
    Union[Take, Pass, Terraform, Reserve, ChangeReservation, AddElements, Trade, EndTurn,
          PlaceTile, PlaceToken, DrawTile, DrawElement, DrawToken, YoungestFirst],
    Field(discriminator="type"),
]
Outcome = Union[DrawTile, DrawElement, DrawToken, YoungestFirst]
"""The chance outcomes (``rules.chance_weights``)."""
OUTCOME_TYPES = frozenset({"draw_tile", "draw_element", "draw_token", "youngest_first"})


# ---- shared instances ----------------------------------------------------------------------
# The actions ``legal_actions`` lists, valid by construction, so built without validation, and
# each built once and shared by every list that holds it; except ``Terraform``: a tile's
# payments depend on the whole reserve, so the same one rarely comes back, and keeping tens of
# thousands of them cost more (memory, the garbage collector's passes) than building them
# afresh (measured with bench/speed.py). Element lists are given as colour indices (a payment
# as its count vector); the action holds their names.

#: ``Take`` of column ``c + 1`` at index ``c``
TAKES: list[Take] = [built(Take, {"type": "take", "column": c + 1}, {"column"}) for c in range(DRAFT_COLUMNS)]
PASS: Pass = built(Pass, {"type": "pass"}, set())
END_TURN: EndTurn = built(EndTurn, {"type": "end_turn"}, set())
#: ``Trade`` giving colour ``g`` for colour ``k``, at ``TRADES[g][k]`` (``g != k``)
TRADES: list[list[Trade | None]] = [
    [built(Trade, {"type": "trade", "give": COLOURS[g], "take": COLOURS[k]}, {"give", "take"}) if g != k else None
     for k in range(NCOL)] for g in range(NCOL)]
#: ``PlaceToken`` by tile id
PLACE_TOKENS: dict[str, PlaceToken] = {
    t: built(PlaceToken, {"type": "place_token", "tile": t}, {"tile"}) for t in TILES}

#: the chance outcomes: ``DrawTile`` by tile id, ``DrawElement`` of colour ``c`` at index ``c``,
#: ``DrawToken`` by token id
DRAW_TILES: dict[str, DrawTile] = {t: built(DrawTile, {"type": "draw_tile", "tile": t}, {"tile"}) for t in TILES}
DRAW_ELEMENTS: list[DrawElement] = [built(DrawElement, {"type": "draw_element", "colour": COLOURS[c]}, {"colour"})
                                    for c in range(NCOL)]
DRAW_TOKENS: dict[str, DrawToken] = {t: built(DrawToken, {"type": "draw_token", "token": t}, {"token"})
                                     for t in TOKEN_IDS}
_ORDERS: dict[tuple[int, ...], YoungestFirst] = {}


def youngest_first(seats: tuple[int, ...]) -> YoungestFirst:
    """The shared ``YoungestFirst`` of the order ``seats``."""
    a = _ORDERS.get(seats)
    if a is None:
        a = _ORDERS[seats] = built(YoungestFirst, {"type": "youngest_first", "seats": list(seats)}, {"seats"})
    return a


#: the other shared actions, made when first needed, by kind and fields: ("reserve" or
#: "change", tile, place), ("add", place), (tile, q, r) for ``PlaceTile``
MADE: dict[tuple, _Action] = {}
MADE_LIMIT = 100_000  # forgotten all at once past this (the objects already listed stay valid)
_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}


def _names(pay: tuple[int, ...]) -> list[str]:
    """A count vector as colour names, one per cube, most common colour first (a new list;
    the names remembered for the next payment of the same)."""
    hit = _NAMES.get(pay)
    if hit is None:
        if len(_NAMES) > MADE_LIMIT:
            _NAMES.clear()
        hit = _NAMES[pay] = tuple(COLOURS[c] for c, n in enumerate(pay) for _ in range(n))
    return list(hit)


def _remember(key: tuple, action: _Action) -> _Action:
    """``action``, kept in ``MADE`` under ``key``."""
    if len(MADE) > MADE_LIMIT:
        MADE.clear()
    MADE[key] = action
    return action


def terraform(tile: str, pay: tuple[int, ...]) -> Terraform:
    """A new ``Terraform`` of ``tile`` paying the count vector ``pay`` (not shared, see above)."""
    return built(Terraform, {"type": "terraform", "tile": tile, "pay": _names(pay)}, {"tile", "pay"})


def reserve(kind: Literal["reserve", "change"], tile: str, place: tuple[int, ...]) -> Reserve | ChangeReservation:
    """The shared ``Reserve`` (``kind`` "reserve") or ``ChangeReservation`` ("change") of
    ``tile`` placing the colours ``place`` (sorted indices, one each)."""
    key = (kind, tile, place)
    a = MADE.get(key)
    if a is None:
        cls = Reserve if kind == "reserve" else ChangeReservation
        a = _remember(key, built(cls, {"type": kind, "tile": tile, "place": [COLOURS[c] for c in place]},
                                 {"tile", "place"}))
    return cast("Reserve | ChangeReservation", a)  # a cast: the key names the kind of action


def add_elements(place: tuple[int, ...]) -> AddElements:
    """The shared ``AddElements`` placing the colours ``place`` (sorted indices, one each)."""
    key = ("add", place)
    a = MADE.get(key)
    if a is None:
        a = _remember(key, built(AddElements, {"type": "add", "place": [COLOURS[c] for c in place]}, {"place"}))
    return cast(AddElements, a)  # a cast: the key names the kind of action


def place_tile(tile: str, q: int, r: int) -> PlaceTile:
    """The shared ``PlaceTile`` of offer tile ``tile`` at axial (``q``, ``r``)."""
    key = (tile, q, r)
    a = MADE.get(key)
    if a is None:
        a = _remember(key, built(PlaceTile, {"type": "place_tile", "tile": tile, "q": q, "r": r},
                                 {"tile", "q", "r"}))
    return cast(PlaceTile, a)  # a cast: the key (a tile and a position) is a PlaceTile's


def draw_element(bag: list[int], rng: Rng) -> DrawElement:
    """An element drawn from ``bag`` (counts by colour) with ``rng``: one ``below`` of the
    bag's size, as the set-up and the draft always drew (the seeded dealer makes the same call)."""
    x = rng.below(sum(bag))
    for c, n in enumerate(bag):
        if x < n:
            return DRAW_ELEMENTS[c]
        x -= n
    raise AssertionError("unreachable")
