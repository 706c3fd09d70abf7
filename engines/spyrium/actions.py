"""Spyrium's actions (spec §6–§12). One action is one whole turn, with every choice the rules
give inside it (which worker, which card, which token, how to build, which option, the
Residence choice, Lobbying and the Commerce value change); the one choice that arises only
after the action's effects (the 8 VP bonus, §12) is a separate ``choose_bonus`` action of
the same player.

Market positions ``pos`` are ``r * 3 + c`` (row-major, §5.1); slots are named as in the
spec's geometry (``"H01"``, ``"V12"``: §5.2).
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from .components import ALL_CARDS, EVENT_IDS, MAX_PLAYERS, TOKEN_VALUES

Residence = Optional[Literal["advance", "vp"]]
"""The Residence action choice (§9.3): move the disc right, or gain its current value in VP."""


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlaceWorker(_Action):
    """§7.1 Phase I: move one active worker from the start card into a legal slot."""
    type: Literal["place"] = "place"
    slot: str


class SwitchPhase(_Action):
    """§7.3 Phase I: move the phase disc to Phase II, then take one Phase II action now."""
    type: Literal["switch"] = "switch"


class EarnMoney(_Action):
    """§8.1 Phase II: remove a worker from ``slot`` and gain £1 per other worker adjacent to
    the card at ``pos`` (None when no adjacent card is left: £0)."""
    type: Literal["earn"] = "earn"
    slot: str
    pos: Optional[int] = None


class Hire(_Action):
    """§8.3 Phase II: hire the character at ``pos`` with the worker from ``slot``.

    ``token``: the value of the token chosen (token characters); ``commerce``: the value the
    Commerce owner declares for that token (§11.6); ``lobbying``: waive the surcharge (§10.3);
    ``residence``: the Residence choice of the Architect (§9.3)."""
    type: Literal["hire"] = "hire"
    slot: str
    pos: int
    token: Optional[int] = None
    commerce: Optional[int] = None
    lobbying: bool = False
    residence: Residence = None


class Build(_Action):
    """§8.4 Phase II: build the building at ``pos`` in a new space (``replace`` None) or in
    place of your building number ``replace`` (its index in your neighbourhood). The £3
    discount applies when the two share a category symbol (§8.4.3, D-7)."""
    type: Literal["build"] = "build"
    slot: str
    pos: int
    replace: Optional[int] = None
    commerce: Optional[int] = None
    lobbying: bool = False
    residence: Residence = None


class Patent(_Action):
    """§8.5 Phase II: patent the technique at ``pos``."""
    type: Literal["patent"] = "patent"
    slot: str
    pos: int
    lobbying: bool = False


class UseBuilding(_Action):
    """§8.6 Phase II: use option ``option`` of your upright building number ``building``."""
    type: Literal["use"] = "use"
    building: int
    option: int


class UseTaylorism(_Action):
    """§8.7 Phase II: tap Taylorism to use again your tapped building number ``building``."""
    type: Literal["taylorism"] = "taylorism"
    building: int
    option: int


class UseEvent(_Action):
    """§7.2/§8.8: use option ``option`` of the turn event (§10.4).

    ``commerce``: declared token value (token event, §11.6); ``residence``: the Residence
    choice (E2); ``building``/``building_option``: the tapped building re-used (E5);
    ``slot``: where the worker goes (E7)."""
    type: Literal["event"] = "event"
    option: int
    commerce: Optional[int] = None
    residence: Residence = None
    building: Optional[int] = None
    building_option: Optional[int] = None
    slot: Optional[str] = None


class Pass(_Action):
    """§8.9 Phase II, with no worker in the market: pass for the rest of the round."""
    type: Literal["pass"] = "pass"


class ChooseBonus(_Action):
    """§12.1: on reaching 8 VP, choose the worker or the £5 bonus."""
    type: Literal["choose_bonus"] = "choose_bonus"
    bonus: Literal["worker", "money"]


# ---- chance outcomes (``engines.core.chance``): played at the chance nodes of ``rules`` -----


class RevealEvent(_Action):
    """Chance (§2.7, §4.2): ``event``, one of the face-down events, is turned face up as the
    next event (the preview)."""
    type: Literal["reveal_event"] = "reveal_event"
    event: str


class DrawToken(_Action):
    """Chance (§2.7, §4.2, §4.3, §11.5): a numbered token of value ``value`` is drawn face up
    from the reserve (the discard pile reshuffled into it first when it is empty)."""
    type: Literal["draw_token"] = "draw_token"
    value: int


class DealCard(_Action):
    """Chance (§4.3, D-51): ``card``, from the face-down deck of the round's period, is dealt
    face up to the next market position (row-major)."""
    type: Literal["deal_card"] = "deal_card"
    card: str


class FirstPlayer(_Action):
    """Chance (§2.8): ``seat`` is given the first player card at set-up."""
    type: Literal["first_player"] = "first_player"
    seat: int


Outcome = Union[RevealEvent, DrawToken, DealCard, FirstPlayer]
"""The chance outcomes (never a player's move)."""
OUTCOMES = (RevealEvent, DrawToken, DealCard, FirstPlayer)

# One object per outcome, made once and shared (the models are frozen): chance nodes are
# dealt thousands of times a second in the search's playouts.
REVEAL = {e: RevealEvent(event=e) for e in EVENT_IDS}
DRAW = {v: DrawToken(value=v) for v in TOKEN_VALUES}
DEAL = {c: DealCard(card=c) for c in ALL_CARDS}
FIRST = [FirstPlayer(seat=seat) for seat in range(MAX_PLAYERS)]

Action = Annotated[Union[PlaceWorker, SwitchPhase, EarnMoney, Hire, Build, Patent, UseBuilding,
                         UseTaylorism, UseEvent, Pass, ChooseBonus, RevealEvent, DrawToken,
                         DealCard, FirstPlayer], Field(discriminator="type")]
