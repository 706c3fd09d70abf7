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
