"""Every choice the rules give a player, as an action model (discriminated on ``type``).

Districts in actions are named by their type id (``"castle"``): two cards of one type are
interchangeable, so the engine moves the first such card of the hand (or city).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .components import ALL_CARDS, RANKS


class _A(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---- character selection (§5) -----------------------------------------------------------
class ChooseCharacter(_A):
    """Keep one of the characters handed to you (§5)."""
    type: Literal["choose_character"] = "choose_character"
    rank: int


class DiscardCharacter(_A):
    """Put one of the characters handed to you face down in the middle (§5.2-5.3)."""
    type: Literal["discard_character"] = "discard_character"
    rank: int


# ---- income action (§7.2) -----------------------------------------------------------------
class TakeGold(_A):
    type: Literal["take_gold"] = "take_gold"


class DrawCards(_A):
    """Draw 2 (or 3 with the Observatory, declared before drawing, D-15) and keep some."""
    type: Literal["draw_cards"] = "draw_cards"
    count: int = 2


class KeepCard(_A):
    type: Literal["keep_card"] = "keep_card"
    district: str


class PutBottom(_A):
    """Put one of the cards not kept at the bottom of the deck next (order chosen, D-31)."""
    type: Literal["put_bottom"] = "put_bottom"
    district: str


# ---- building, income, end of turn (§7.3-7.6) --------------------------------------------
class Build(_A):
    type: Literal["build"] = "build"
    district: str


class CollectIncome(_A):
    """District income of the King, Bishop, Merchant or Warlord, all at once (§7.4)."""
    type: Literal["collect_income"] = "collect_income"


class EndTurn(_A):
    type: Literal["end_turn"] = "end_turn"


# ---- character abilities (§8) --------------------------------------------------------------
class Assassinate(_A):
    type: Literal["assassinate"] = "assassinate"
    rank: int


class Rob(_A):
    type: Literal["rob"] = "rob"
    rank: int


class MagicianExchange(_A):
    type: Literal["magician_exchange"] = "magician_exchange"
    target: int


class MagicianDiscard(_A):
    """Magician (b): put one more card at the bottom (starts the redraw, §8.3, D-27)."""
    type: Literal["magician_discard"] = "magician_discard"
    district: str


class MagicianDraw(_A):
    """Magician (b): done discarding; draw as many cards as were put at the bottom."""
    type: Literal["magician_draw"] = "magician_draw"


class ArchitectDraw(_A):
    type: Literal["architect_draw"] = "architect_draw"


class Destroy(_A):
    """Warlord (§8.8): destroy a district of seat ``target``'s city."""
    type: Literal["destroy"] = "destroy"
    target: int
    district: str


class NoDestroy(_A):
    type: Literal["no_destroy"] = "no_destroy"


# ---- purple districts (§9.3) ----------------------------------------------------------------
class Laboratory(_A):
    type: Literal["laboratory"] = "laboratory"
    district: str


class Smithy(_A):
    type: Literal["smithy"] = "smithy"


class GraveyardTake(_A):
    type: Literal["graveyard_take"] = "graveyard_take"


class GraveyardDecline(_A):
    type: Literal["graveyard_decline"] = "graveyard_decline"


# ---- chance outcomes (``engines.core.chance``): played at a chance node, by nobody ------------
class DrawDistrict(_A):
    """Chance: the district card ``card`` comes off the top of the deck (§2, §7.2, §8.3, §8.7,
    §9.3). One outcome per card of the deck's shuffled part: a card's id shows in the hand and
    the city, so two copies of one district are two outcomes (weight 1 each)."""
    type: Literal["draw_district"] = "draw_district"
    card: str


class RemoveCharacter(_A):
    """Chance: the character ``rank`` is set aside for the round (§4.1 face down, §4.2 face up)."""
    type: Literal["remove_character"] = "remove_character"
    rank: int
    face_up: bool


Action = Annotated[Union[
    ChooseCharacter, DiscardCharacter, TakeGold, DrawCards, KeepCard, PutBottom, Build,
    CollectIncome, EndTurn, Assassinate, Rob, MagicianExchange, MagicianDiscard, MagicianDraw,
    ArchitectDraw, Destroy, NoDestroy, Laboratory, Smithy, GraveyardTake, GraveyardDecline,
    DrawDistrict, RemoveCharacter,
], Field(discriminator="type")]

ACTION_ADAPTER: TypeAdapter = TypeAdapter(Action)

#: every chance outcome, made once (actions are immutable: the rules and the dealer hand these out)
DRAW_DISTRICT = {c: DrawDistrict(card=c) for c in ALL_CARDS}
REMOVE_DOWN = {r: RemoveCharacter(rank=r, face_up=False) for r in RANKS}
REMOVE_UP = {r: RemoveCharacter(rank=r, face_up=True) for r in RANKS}
