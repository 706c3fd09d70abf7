"""Spyrium for the page: the page (``web/tavolo_ui``) imports only this module from the game.

It offers:

- the typed view: ``SpyriumView`` is exactly what ``Game.view(state, player)`` returns
  (``view.view`` is annotated with it), with its parts ``Player``, ``Breakdown``, ``Building``,
  ``Technique``, ``MarketCard``, ``Slot`` and ``Event``. Every view is the same for every
  player apart from ``me``: Spyrium has no hidden hand (``view``'s docstring);
- the texts (catalogue "spyrium"): ``T``, ``card_name``, ``bare_name``, ``variant_text``,
  ``card_effects``, ``card_tip``, ``event_name``, ``event_effect``, ``slot_text``, ``amount``,
  ``join``, and the name tables ``KINDS`` (card kinds), ``SYMBOLS`` (category symbols)
  and ``POS_NAMES`` (the nine market positions);
- the component facts the table draws: ``type_of`` (a card's type id) and ``BONUS_MONEY`` (the
  money of the 8 VP bonus).

The TypedDicts are closed (``closed=True``, PEP 728): a key the view does not declare is an
error when a view is validated against them (``tests/core/test_public_views.py``).
"""

from __future__ import annotations

from typing_extensions import Literal, TypedDict

from .components import BONUS_MONEY, type_of
from .texts import (KINDS, POS_NAMES, SYMBOLS, T, amount, bare_name, card_effects, card_name, card_tip,
                    event_effect, event_name, join, slot_text, variant_text)

__all__ = [
    "SpyriumView", "Player", "Breakdown", "Building", "Technique", "MarketCard", "Slot", "Event",
    "T", "card_name", "bare_name", "variant_text", "card_effects", "card_tip", "event_name",
    "event_effect", "slot_text", "amount", "join", "KINDS", "SYMBOLS", "POS_NAMES",
    "type_of", "BONUS_MONEY",
]

Period = Literal["A", "B", "C"]
Symbol = Literal["factory", "mine", "research"]


class _CardFacts(TypedDict):
    """A card's printed facts (``view._card_info``), shared by every card the view shows."""
    card: str
    """The card id (``"A-mine-left#2"``)."""
    type: str
    """The card type id (``"A-mine-left"``)."""
    kind: Literal["building", "character", "technique"]
    name: str
    """The English name, with the variant of buildings that have several."""
    cost: int
    vp: int | None
    """The printed VP (``None`` for a technique, which scores by its formula)."""
    symbols: list[Symbol]
    period: Period
    options: int
    """How many ways the card can be used (0 for a technique)."""


class Building(_CardFacts, closed=True):
    """A building in a player's district."""
    tapped: bool
    """Used this round."""
    workers: int
    """Workers standing on it."""


class Technique(_CardFacts, closed=True):
    """A technique a player patented."""
    tapped: bool


class MarketCard(_CardFacts, closed=True):
    """A card in the market."""
    pos: int
    """Its position, 0–8, row by row."""
    tokens: list[int]
    """The numbered tokens on it."""
    adjacent_workers: int
    """Workers in the slots next to it."""


class Slot(TypedDict, closed=True):
    """A worker slot between two market cards."""
    id: str
    positions: list[int]
    """The two market positions it touches."""
    workers: list[int]
    """The seats of the workers in it, in order of placement."""


class Event(TypedDict, closed=True):
    """An event card."""
    id: str
    name: str
    """The English name."""
    phases: list[Literal["I", "II"]]
    """The phases in which it may be used."""
    token: int | None
    """The token on it (``None`` for none, and for past events)."""
    token_icon: bool
    """The card gets a token when it is revealed."""


Breakdown = TypedDict("Breakdown", {
    "characters": int, "building use": int, "residence": int, "events": int, "build tokens": int,
    "buildings": int, "techniques": int,
}, closed=True)
"""A player's score by category (``scoring.CATEGORIES``): the first five are VP on the score
track, then the printed building VP and the technique VP."""


class Player(TypedDict, closed=True):
    """A player's neighbourhood and figures (all public)."""
    seat: int
    money: int
    spyrium: int
    vp: int
    """VP on the score track."""
    residence: int
    """The step on the Residence track."""
    residence_value: int
    reserve: int
    """Workers in the reserve."""
    active: int
    """Workers active on the start card."""
    spent: int
    """Workers spent (beside the start card)."""
    in_market: int
    """Workers in the market's slots."""
    buildings: list[Building]
    techniques: list[Technique]
    technique_vp: dict[str, int]
    """Each owned technique's VP, by English name."""
    kept_tokens: list[int]
    phase: Literal[1, 2]
    passed: bool
    event_used: bool
    bonuses_left: list[Literal["worker", "money"]]
    score: int
    """The score as it would be counted now."""
    breakdown: Breakdown


class SpyriumView(TypedDict, closed=True):
    """What ``Game.view(state, player)`` returns: the whole table, the decks, the token reserve
    and the events below the next one as sizes."""
    me: int | None
    """The viewer's seat (``None``: a spectator)."""
    round: int
    rounds: int
    residence_track: list[int]
    """The value of each step of the Residence track."""
    bonus_thresholds: list[int]
    """The VP of the two score bonuses."""
    period: Literal["A", "B", "C", ""]
    """The round's period (empty after the last round)."""
    over: bool
    first_player: int
    to_move: int | None
    continuing: bool
    pending_bonus: bool
    """The player to move must choose a score bonus."""
    decks: dict[str, int]
    """The size of each period's deck."""
    token_reserve: int
    token_discard: list[int]
    market: list[MarketCard | None]
    """The nine market positions (``None``: empty)."""
    slots: list[Slot]
    turn_event: Event | None
    next_event: Event | None
    hidden_events: int
    """Event cards below the next one, face down."""
    past_events: list[Event]
    removed: list[str]
    """The cards that left the game."""
    players: list[Player]
