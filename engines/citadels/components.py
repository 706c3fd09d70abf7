"""The components of Citadels (original 2000 edition), loaded from ``data.json`` (§1, §9).

``data.json`` is a copy of the spec's data file; each entry keeps its ``source``. It is
validated by the pydantic models below at import, and every figure the rules use (costs,
copies, VP, removal table, bonuses, thresholds) is read from here, never typed elsewhere.

Each physical district card has an id ``"<district>-<k>"`` (``k`` = 1..copies), e.g.
``"castle-3"``: the engine moves these ids between deck, hands and cities, so every card
is in exactly one place.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, model_validator

Colour = Literal["yellow", "blue", "green", "red", "purple"]


class _Loose(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class Constants(_Loose):
    players_min: int
    players_max: int
    start_gold_per_player: int
    start_cards_per_player: int
    income_take_gold: int
    income_draw: int
    income_keep: int
    build_limit: int
    build_limit_architect: int
    completion_threshold: int
    completion_threshold_short_variant: int
    bonus_all_five_colors: int
    bonus_first_complete: int
    bonus_other_complete: int
    merchant_bonus_gold: int
    architect_extra_draw: int
    warlord_destroy_discount: int
    tie_break: list[str]
    colors: list[Colour]
    source_players: str


class Character(_Loose):
    """A character card (§1.3, §8). ``rank`` is also the calling order."""
    id: str
    rank: int
    name_de: str
    name_it: str
    name_en: str
    income_color: Optional[Colour]
    ability: str
    source: str


class District(_Loose):
    """A district type (§9.1): ``copies`` cards of it are in the deck."""
    id: str
    name_de: str
    name_it: str
    name_en: str
    color: Colour
    cost: int
    copies: int
    vp: int
    ability: Optional[str]
    once_per_turn: bool
    source: str
    effect: dict[str, int] = {}


class Removal(_Loose):
    """One row of the removal table (§4.1)."""
    face_up: int
    face_down: int
    characters_per_player: int
    final_unchosen_face_down: int
    source: str


class RemovalTable(_Loose):
    source: str
    by_players: dict[str, Removal]


class CitadelsData(_Loose):
    edition: str
    constants: Constants
    characters: list[Character]
    districts: list[District]
    removal_table: RemovalTable

    @model_validator(mode="after")
    def _consistent(self) -> "CitadelsData":
        ranks = [c.rank for c in self.characters]
        if ranks != list(range(1, len(ranks) + 1)):
            raise ValueError("characters must be ranked 1..8 in order")
        ids = [d.id for d in self.districts]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate district id")
        for p in range(self.constants.players_min, self.constants.players_max + 1):
            if str(p) not in self.removal_table.by_players:
                raise ValueError(f"no removal row for {p} players")
        return self


DATA = CitadelsData.model_validate(json.loads((Path(__file__).parent / "data.json").read_text(encoding="utf-8")))
C = DATA.constants

#: characters by rank (index 0 unused) and by id
CHARACTERS: list[Optional[Character]] = [None, *DATA.characters]
RANKS = [c.rank for c in DATA.characters]
RANK = {c.id: c.rank for c in DATA.characters}
ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = (
    RANK["assassin"], RANK["thief"], RANK["magician"], RANK["king"], RANK["bishop"],
    RANK["merchant"], RANK["architect"], RANK["warlord"])

#: district types by id, in data order
DISTRICTS: dict[str, District] = {d.id: d for d in DATA.districts}

#: every physical card id, in data order (the unshuffled deck, §1.1)
ALL_CARDS: list[str] = [f"{d.id}-{k}" for d in DATA.districts for k in range(1, d.copies + 1)]


_KIND: dict[str, str] = {c: c.rsplit("-", 1)[0] for c in ALL_CARDS}
#: per card id: its district type's colour and VP (fast lookups for scoring)
CARD_COLOUR: dict[str, str] = {c: DISTRICTS[k].color for c, k in _KIND.items()}
CARD_VP: dict[str, int] = {c: DISTRICTS[k].vp for c, k in _KIND.items()}


def kind(card: str) -> str:
    """The district type of a card id (``"castle-3"`` -> ``"castle"``)."""
    k = _KIND.get(card)
    return k if k is not None else card.rsplit("-", 1)[0]


def district(card: str) -> District:
    return DISTRICTS[kind(card)]


def effect(kind_id: str, key: str) -> int:
    """A purple district's figure, e.g. ``effect("smithy", "pay_gold")`` (§9.3)."""
    return DISTRICTS[kind_id].effect[key]


def removal(players: int) -> Removal:
    return DATA.removal_table.by_players[str(players)]


def character_name(rank: int) -> str:
    return CHARACTERS[rank].name_en  # type: ignore[union-attr]


def district_name(kind_id: str) -> str:
    return DISTRICTS[kind_id].name_en
