"""Euphoria's actions (spec §5, §23.7). Every choice of §23.7 is one of these.

- ``Place``: put an available worker (die) on a space (§6) — the turn's option A, a matched
  follow-up, or Chase the Miner's extra placement.
- ``Retrieve``: option B (§11): which workers come back and how it is paid.
- ``ResolveDilemma``: option C (§19).
- ``Trade``: propose an exchange to another player (§23.5); built up with ``Choose``.
- ``EndTurn``: stop placing matched workers (§5), or pass when nothing is legal (D-18).
- ``Choose``: answer the decision pending now (a payment, an ability, a discard...): ``option``
  is one of the keys the engine offers.

The outcomes of the chance nodes (``rules/chance.py``), played like actions: ``Roll`` (a die
shows ``value``), ``DrawArtifact``, ``DrawRecruit``, ``DrawDilemma``, ``DrawMarket`` (the card
or tile drawn or dealt), ``FirstPlayer`` (the tie for first player, §4.9, D-21) and
``PlacementStart`` (who places the first track token, §22, D-21).

Every action refuses fields it does not have (``extra="forbid"``), like the other games'
actions: a dict with a stray key is not read as some other action (``Game.parse_action``).
"""

from __future__ import annotations

from typing import Annotated, Literal, Sequence, Union

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


class Roll(_Action):
    """Chance: a die shows ``value``."""
    type: Literal["roll"] = "roll"
    value: int = Field(ge=1, le=6)


class DrawArtifact(_Action):
    """Chance: the artifact card drawn is a ``card``."""
    type: Literal["draw_artifact"] = "draw_artifact"
    card: str


class DrawRecruit(_Action):
    """Chance: the recruit card drawn or dealt."""
    type: Literal["draw_recruit"] = "draw_recruit"
    recruit: str


class DrawDilemma(_Action):
    """Chance: the ethical dilemma card dealt."""
    type: Literal["draw_dilemma"] = "draw_dilemma"
    dilemma: str


class DrawMarket(_Action):
    """Chance: the market tile dealt (to a player, to the set of six, or to a site)."""
    type: Literal["draw_market"] = "draw_market"
    tile: str


class FirstPlayer(_Action):
    """Chance: the tie for first player goes to ``player``."""
    type: Literal["first_player"] = "first_player"
    player: int = Field(ge=0)


class PlacementStart(_Action):
    """Chance: ``player`` places the first track token (the variant's "oldest player")."""
    type: Literal["placement_start"] = "placement_start"
    player: int = Field(ge=0)


OUTCOMES = (Roll, DrawArtifact, DrawRecruit, DrawDilemma, DrawMarket, FirstPlayer, PlacementStart)
"""The chance outcomes' models."""

Action = Annotated[Union[Place, Retrieve, ResolveDilemma, Trade, EndTurn, Choose, Roll, DrawArtifact, DrawRecruit,
                         DrawDilemma, DrawMarket, FirstPlayer, PlacementStart], Field(discriminator="type")]
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


# The objects are also shared: one ``Place`` per (die, space), one ``Retrieve`` per (dice, pay),
# one ``Choose`` per option, one ``Trade`` per partner, one ``EndTurn`` and one
# ``ResolveDilemma``, made the first time and handed out by every later call (a turn offers up
# to 150 placements, most of them offered again the next turn). Sharing is safe because nothing
# ever changes an action object or the list of a ``Retrieve`` (the engine, the bots and the page
# only read them), and an equal object is the same move: ``play_legal`` may take a shared
# object from the current list ``legal_actions`` returned without a check, as it must.
_PLACES: dict[int, dict[str, Place]] = {}  # die -> space -> its Place
_RETRIEVES: dict[tuple, Retrieve] = {}  # (dice, pay) -> its Retrieve
_CHOICES: dict[str, Choose] = {}
_CHOICES_MAX = 4096  # option keys are few (payments, discards, abilities): a bound all the same


def place(die: int, space: str) -> Place:
    row = _PLACES.get(die)
    if row is None:
        row = _PLACES[die] = {}
    a = row.get(space)
    if a is None:
        a = row[space] = _made(Place, {"type": "place", "die": die, "space": space}, _PLACE_SET)
    return a


def places(die: int, spaces: list[str]) -> list[Place]:
    """``[place(die, sp) for sp in spaces]``, quicker."""
    row = _PLACES.get(die)
    if row is None:
        row = _PLACES[die] = {}
    out = []
    for sp in spaces:
        a = row.get(sp)
        if a is None:
            a = place(die, sp)
        out.append(a)
    return out


def retrieve(dice: Sequence[int], pay: str) -> Retrieve:
    key = (tuple(dice), pay)
    a = _RETRIEVES.get(key)
    if a is None:
        if len(_RETRIEVES) >= _CHOICES_MAX:
            _RETRIEVES.clear()
        a = _RETRIEVES[key] = _made(Retrieve, {"type": "retrieve", "dice": list(dice), "pay": pay}, _RETRIEVE_SET)
    return a


def choose(option: str) -> Choose:
    a = _CHOICES.get(option)
    if a is None:
        if len(_CHOICES) >= _CHOICES_MAX:
            _CHOICES.clear()
        a = _CHOICES[option] = _made(Choose, {"type": "choose", "option": option}, _CHOOSE_SET)
    return a


def trade(partner: int) -> Trade:
    a = _TRADES.get(partner)
    if a is None:
        a = _TRADES[partner] = _made(Trade, {"type": "trade", "partner": partner}, _TRADE_SET)
    return a


def end_turn() -> EndTurn:
    return _END_TURN


def resolve_dilemma() -> ResolveDilemma:
    return _RESOLVE_DILEMMA


_TRADES: dict[int, Trade] = {}
_END_TURN = _made(EndTurn, {"type": "end_turn"}, frozenset())
_RESOLVE_DILEMMA = _made(ResolveDilemma, {"type": "dilemma"}, frozenset())


# the chance outcomes, one shared object per (model, value), made without validation
_OUTCOME_FIELD: dict[type[_Action], str] = {Roll: "value", DrawArtifact: "card", DrawRecruit: "recruit", DrawDilemma: "dilemma",
                  DrawMarket: "tile", FirstPlayer: "player", PlacementStart: "player"}
_OUTCOMES: dict[tuple, _Action] = {}


def outcome(cls: type[_Action], value) -> _Action:
    """The outcome ``cls`` (one of ``OUTCOMES``) with its one field ``value``, shared."""
    key = (cls, value)
    a = _OUTCOMES.get(key)
    if a is None:
        name = _OUTCOME_FIELD[cls]
        a = _OUTCOMES[key] = _made(cls, {"type": cls.model_fields["type"].default, name: value},
                                   frozenset((name,)))
    return a


def outcome_value(a: _Action):
    """The one field of the outcome ``a``."""
    return getattr(a, _OUTCOME_FIELD[type(a)])
