"""Euphoria's actions (spec §5, §23.7). Every choice of §23.7 is one of these.

- ``Place``: put an available worker (die) on a space (§6) — the turn's option A, a matched
  follow-up, or Chase the Miner's extra placement.
- ``Retrieve``: option B (§11): which workers come back and how it is paid.
- ``ResolveDilemma``: option C (§19).
- ``Trade``: propose an exchange to another player (§23.5); built up with ``Choose``.
- ``EndTurn``: stop placing matched workers (§5), or pass when nothing is legal (D-18).
- ``Choose``: answer the decision pending now (a payment, an ability, a discard...): ``option``
  is one of the keys the engine offers.

Every action refuses fields it does not have (``extra="forbid"``), like the other games'
actions: a dict with a stray key is not read as some other action (``Game.parse_action``).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    """Base of the actions: no field beyond the declared ones."""
    model_config = ConfigDict(extra="forbid")


class Place(_Action):
    type: Literal["place"] = "place"
    die: int
    space: str


class Retrieve(_Action):
    type: Literal["retrieve"] = "retrieve"
    dice: list[int]
    pay: Literal["free", "food", "bliss", "energy"]


class ResolveDilemma(_Action):
    type: Literal["dilemma"] = "dilemma"


class Trade(_Action):
    type: Literal["trade"] = "trade"
    partner: int


class EndTurn(_Action):
    type: Literal["end_turn"] = "end_turn"


class Choose(_Action):
    type: Literal["choose"] = "choose"
    option: str


Action = Annotated[Union[Place, Retrieve, ResolveDilemma, Trade, EndTurn, Choose], Field(discriminator="type")]
ACTION_ADAPTER = TypeAdapter(Action)


# ---- fast constructors (the engine's own lists of legal actions) -----------------------------
# The engine builds thousands of actions a second whose fields it knows to be valid: these
# make the same models as ``Place(die=d, space=sp)`` etc. (same fields, same set of fields
# given) without running pydantic's validation. Everything from outside goes through
# ``Game.parse_action``, which stays strict.
_new = object.__new__
_set = object.__setattr__
_PLACE_SET, _RETRIEVE_SET, _CHOOSE_SET, _TRADE_SET = (frozenset(("die", "space")), frozenset(("dice", "pay")),
                                                      frozenset(("option",)), frozenset(("partner",)))


def _made(cls, fields: dict, given: frozenset):
    m = _new(cls)
    _set(m, "__dict__", fields)
    _set(m, "__pydantic_fields_set__", set(given))
    _set(m, "__pydantic_extra__", None)
    _set(m, "__pydantic_private__", None)
    return m


def place(die: int, space: str) -> Place:
    return _made(Place, {"type": "place", "die": die, "space": space}, _PLACE_SET)


def retrieve(dice: list[int], pay: str) -> Retrieve:
    return _made(Retrieve, {"type": "retrieve", "dice": dice, "pay": pay}, _RETRIEVE_SET)


def choose(option: str) -> Choose:
    return _made(Choose, {"type": "choose", "option": option}, _CHOOSE_SET)


def trade(partner: int) -> Trade:
    return _made(Trade, {"type": "trade", "partner": partner}, _TRADE_SET)


def end_turn() -> EndTurn:
    return _made(EndTurn, {"type": "end_turn"}, frozenset())


def resolve_dilemma() -> ResolveDilemma:
    return _made(ResolveDilemma, {"type": "dilemma"}, frozenset())
