"""Citadels for the page: the page (``web/tavolo_ui``) imports only this module from the game.

It offers:

- the typed view: ``CitadelsView`` is exactly what ``Game.view(state, player)`` returns
  (``view.view`` is annotated with it), with its parts ``Seat``, ``CityDistrict``,
  ``CharacterRow``, ``Turn``, ``Destroyed``, ``Private``, ``Breakdown`` and ``OptionValues``.
  Another player's hand is a count; a character has a holder only once revealed; ``private``
  is the viewer's own (absent for a spectator);
- the texts (catalogue "citadels"): ``T``, ``char``, ``the_char``, ``character_text``,
  ``district``, ``card_text``, ``gold``, ``cards``, ``districts``, ``points``, the colour names
  ``COLOUR`` and ``COLOUR_MEANING``, and ``label`` (a button's text for an action, from the
  view of the player to move);
- the components: ``CHARACTERS`` (by rank, index 0 unused), ``DISTRICTS`` (by kind),
  ``kind`` (a card's district kind) and the ranks ``ASSASSIN``, ``THIEF``, ``MAGICIAN`` and
  ``WARLORD``.

The TypedDicts are closed (``closed=True``, PEP 728): a key the view does not declare is an
error when a view is validated against them (``tests/core/test_public_views.py``).
"""

from __future__ import annotations

from typing_extensions import Literal, NotRequired, TypedDict

from .components import ASSASSIN, CHARACTERS, DISTRICTS, MAGICIAN, THIEF, WARLORD, kind
from .labels import label
from .texts import (COLOUR, COLOUR_MEANING, T, card_text, cards, char, character_text, district, districts,
                    gold, points, the_char)

__all__ = [
    "CitadelsView", "Seat", "CityDistrict", "CharacterRow", "Turn", "Destroyed", "Private",
    "Breakdown", "OptionValues",
    "T", "char", "the_char", "character_text", "district", "card_text", "gold", "cards", "districts",
    "points", "COLOUR", "COLOUR_MEANING", "label",
    "CHARACTERS", "DISTRICTS", "kind", "ASSASSIN", "THIEF", "MAGICIAN", "WARLORD",
]


class CityDistrict(TypedDict, closed=True):
    """A district built in a city."""
    card: str
    """The card id (``"temple-2"``)."""
    district: str
    """Its kind (``"temple"``), the key of ``DISTRICTS``."""
    round: int
    """The round it was built in."""


class Seat(TypedDict, closed=True):
    """A player's public figures."""
    seat: int
    gold: int
    hand_size: int
    city: list[CityDistrict]
    """In build order."""
    complete: bool
    """The city has as many districts as the threshold."""
    characters: list[int]
    """The ranks revealed this round as this player's."""
    protected: bool
    """Protected by the Bishop revealed alive this round."""


class CharacterRow(TypedDict, closed=True):
    """One of the eight characters, in calling order, with its public status."""
    rank: int
    id: str
    name: str
    """The English name."""
    status: Literal["removed", "revealed", "killed", "no_answer", "waiting"]
    holder: int | None
    """The seat, once revealed."""
    killed: bool
    robbed: bool
    current: bool
    """The character being called now."""


class Turn(TypedDict, closed=True):
    """The character turn in progress (phases turn, warlord and graveyard)."""
    seat: int
    rank: int
    income_taken: bool
    builds: int
    build_limit: int
    ability_used: bool
    district_income_taken: bool
    architect_drawn: bool
    laboratory_used: bool
    smithy_used: bool
    drawn_count: int
    """Cards drawn for income, waiting for the keep choice."""
    keep_left: int
    magician_discarded: int
    """The Magician's redraw: cards put at the bottom so far (-1: no redraw in progress)."""


Destroyed = TypedDict("Destroyed", {"card": str, "district": str, "from": int}, closed=True)
"""The district the Warlord just destroyed (``from``: its city's seat), waiting for the
Graveyard's owner."""


class Private(TypedDict, closed=True):
    """What only the viewer knows."""
    hand: list[str]
    characters: list[int]
    """The viewer's ranks this round."""
    face_down: list[int]
    """The ranks the viewer put face down during the draft."""
    handed: list[int]
    """Every rank handed to the viewer this round."""
    draft_cards: NotRequired[list[int]]
    """The ranks to choose from (the viewer is drafting)."""
    seen_face_down: NotRequired[int]
    """The initial face-down rank (seven players: the last chooser saw it)."""
    drawn: NotRequired[list[str]]
    """The cards drawn for income, to keep or put back."""


class Breakdown(TypedDict, closed=True):
    """A seat's points by category (§12.2)."""
    districts: int
    five_colours: int
    first_complete: int
    complete_city: int


class OptionValues(TypedDict, closed=True):
    """The game's options (``CitadelsOptions``)."""
    short_game: bool
    killed_king_heir: bool
    forbid_duplicate_districts: bool
    first_crown: int


class CitadelsView(TypedDict, closed=True):
    """What ``Game.view(state, player)`` returns."""
    game: Literal["citadels"]
    players: int
    round: int
    phase: Literal["draft", "turn", "warlord", "graveyard", "over"]
    crown: int
    """The seat holding the crown."""
    threshold: int
    """The districts of a complete city."""
    deck_size: int
    to_move: int | None
    called: int
    """The rank being called (0 during the draft and before rank 1)."""
    characters: list[CharacterRow]
    seats: list[Seat]
    face_down_count: int
    final_round: int
    """The round in which a city first became complete (0: not yet)."""
    first_complete: int
    """The seat that first completed its city (-1: nobody yet)."""
    crown_heir_revealed: int
    scores: list[int]
    options: OptionValues
    me: int | None
    """The viewer's seat (``None``: a spectator)."""
    drafting: NotRequired[int]
    """The seat choosing a character (draft)."""
    draft_op: NotRequired[Literal["keep", "discard"]]
    draft_count: NotRequired[int]
    """The characters the drafting seat chooses from."""
    turn: NotRequired[Turn]
    destroyed: NotRequired[Destroyed]
    breakdown: NotRequired[list[Breakdown]]
    """At the end of the game."""
    winners: NotRequired[list[int]]
    """At the end of the game."""
    private: NotRequired[Private]
    """Absent for a spectator."""
