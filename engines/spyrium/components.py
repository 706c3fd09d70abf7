"""Spyrium's components, loaded from ``data.json`` and validated at import (spec §1, §17).

``data.json`` is a verbatim copy of the spec's ``spyrium-data.json`` plus one section of our
own, ``rules_constants``: the figures of the rule text (the £3 discounts, the Commerce cap, the
bonus markers...) that the spec's data carries only in words, each with the spec section it
comes from. Every entry keeps its ``source``. Most card figures (costs, printed VP, periods, copies) are *reconstructed*
(spec §17, D-4); the engine reads every figure from here and hard-codes none of them, so a
corrected figure in the data file changes the game.

Terms: a *card type* is one entry of ``cards``/``techniques`` (e.g. ``A-mine-left``); a
*card* is one physical copy of it, named ``<type>#<n>`` (e.g. ``A-mine-left#2``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

Period = Literal["A", "B", "C"]
Amount = Union[int, Literal["token", "workers_owned"]]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UseOption(_Data):
    """One option of a built building (§8.6): workers and Spyrium spent, gain received."""
    workers: int = Field(ge=0)
    spyrium: int = Field(ge=0)
    gain: dict[Literal["spyrium", "vp", "money"], int]


class OnBuild(_Data):
    """An on-build effect (§10.2): new workers, a Residence action, or a token's value."""
    gain_workers: int = Field(default=0, ge=0)
    residence_action: int = Field(default=0, ge=0, le=1)
    gain_spyrium_equal_token: bool = False
    gain_vp_equal_token: bool = False


class HireEffect(_Data):
    """A character's effect when hired (§10.1). ``"token"`` stands for the chosen token's value."""
    discard_token: bool = False
    pay: dict[Literal["spyrium", "money"], Amount] = {}
    gain: dict[Literal["spyrium", "vp", "money"], Amount] = {}
    residence_action: int = Field(default=0, ge=0, le=1)


class CardType(_Data):
    """A building or character card type (§10.1, §10.2, §17)."""
    id: str
    type: Literal["building", "character"]
    period: Period
    name_en: str
    name_it: str
    variant: Optional[str] = None
    copies: int = Field(ge=1)
    cost: int = Field(ge=0)
    vp: int = Field(ge=0)
    symbols: list[Literal["factory", "mine", "research"]]
    icons: list[str] = []
    token: Literal["none", "one", "players_minus_one"]
    on_build: list[OnBuild] = []
    activate_options: list[UseOption] = []
    hire_effect: Optional[HireEffect] = None
    aliases: list[str] = []
    note: str = ""
    source: Any

    @model_validator(mode="after")
    def _coherent(self) -> "CardType":
        if self.type == "character" and self.hire_effect is None:
            raise ValueError(f"{self.id}: a character needs a hire_effect")
        if self.type == "building" and self.hire_effect is not None:
            raise ValueError(f"{self.id}: a building has no hire_effect")
        return self


class EndGame(_Data):
    formula: Literal["spyrium_held", "floor(money/2)", "buildings_owned",
                     "sum_printed_vp(buildings with factory symbol)", "workers_owned",
                     "kept_tokens", "residence_value"]
    text: str


class TechniqueType(_Data):
    """A technique (§10.3): an ongoing power and an end-game formula capped at ``vp_cap``."""
    id: str
    type: Literal["technique"]
    period: Period
    name_en: str
    name_it: str
    copies: int = Field(ge=1)
    cost: int = Field(ge=0)
    vp: None = None
    vp_cap: int = Field(ge=0)
    symbols: list[str] = []
    token: Literal["none"]
    ongoing: str
    end_game: EndGame
    source: Any

    @property
    def key(self) -> str:
        """The technique's rule name: automation, capitalization, crane, engineering, ..."""
        return self.name_en.lower()


class EventOption(_Data):
    """One option of an event (§10.4)."""
    pay: dict[Literal["money", "spyrium"], Amount] = {}
    gain: dict[Literal["money", "spyrium", "vp", "workers"], Amount] = {}
    residence_action: int = Field(default=0, ge=0, le=1)
    reuse_used_building: bool = False
    place_worker_in_market: bool = False


class EventType(_Data):
    id: str
    name_en: str
    name_it: str = ""
    token_on_reveal: bool
    phases: list[Literal["I", "II"]]
    options: list[EventOption]
    text: str
    source: Any


class Slot(_Data):
    """A worker slot between two orthogonally adjacent market positions (§5.2)."""
    id: str
    orientation: Literal["horizontal", "vertical"]
    cards: list[tuple[int, int]] = Field(min_length=2, max_length=2)


class Market(_Data):
    rows: int
    cols: int
    slots: list[Slot]
    card_slots: dict[str, list[str]]
    diagonal_slots: bool
    edge_slots: bool
    placement_rule: str
    deal_order: str
    source: Any


class ResidenceSpace(_Data):
    index: int
    value: int
    income: int
    residence_action_vp: int
    source: Any


class PerPlayerSetup(_Data):
    money: int
    spyrium: int
    workers_active: int
    workers_in_reserve: int
    score: int
    residence_index: int
    phase: Literal["I", "II"]
    bonus_markers: list[Literal["worker", "money"]]


class Setup(_Data):
    per_player: PerPlayerSetup
    first_player: str
    events: str
    source: Any


class Rounds(_Data):
    count: int
    period_by_round: dict[str, Period]
    market_cards_per_round: int
    unused_cards: dict[str, int]
    source: Any


class ScoreBonuses(_Data):
    thresholds: list[int] = Field(min_length=2, max_length=2)
    options: list[dict[str, str]]
    rule: str
    source: Any


class RuleConstant(_Data):
    """One figure of the rule text: its value, what it does, and where the spec says so."""
    value: int = Field(ge=0)
    rule: str
    source: str


class RulesConstants(_Data):
    """The ``rules_constants`` section: the rule figures the spec's data has only in words."""
    note: str
    replace_shared_symbol_discount: RuleConstant
    crane_space_discount: RuleConstant
    space_fee_per_building: RuleConstant
    surcharge_per_other_worker: RuleConstant
    earn_per_other_worker: RuleConstant
    capitalization_earn_bonus: RuleConstant
    engineering_vp_per_worker: RuleConstant
    commerce_kept_token_cap: RuleConstant
    bonus_marker_money: RuleConstant
    bonus_marker_workers: RuleConstant


class SpyriumData(BaseModel):
    """The whole data file."""
    model_config = ConfigDict(extra="allow", frozen=True)
    meta: dict[str, Any]
    components: dict[str, Any]
    setup: Setup
    rounds: Rounds
    market: Market
    residence_track: list[ResidenceSpace]
    residence_action: dict[str, Any]
    score_bonuses: ScoreBonuses
    tokens: dict[str, Any]
    symbols: dict[str, Any]
    start_cards: list[dict[str, Any]]
    cards: list[CardType]
    techniques: list[TechniqueType]
    events: list[EventType]
    deck_checks: dict[str, Any]
    rules_constants: RulesConstants

    @model_validator(mode="after")
    def _totals(self) -> "SpyriumData":
        per_period: dict[str, int] = {}
        per_type: dict[str, int] = {}
        all_types: list[CardType | TechniqueType] = [*self.cards, *self.techniques]
        for c in all_types:
            per_period[c.period] = per_period.get(c.period, 0) + c.copies
            per_type[c.type] = per_type.get(c.type, 0) + c.copies
        if per_period != self.deck_checks["expected_per_period"]:
            raise ValueError(f"period totals {per_period} differ from the deck checks")
        if per_type != self.deck_checks["expected_per_type"]:
            raise ValueError(f"type totals {per_type} differ from the deck checks")
        need = self.rounds.market_cards_per_round
        for period in "ABC":
            rounds = sum(1 for p in self.rounds.period_by_round.values() if p == period)
            if per_period.get(period, 0) < rounds * need:
                raise ValueError(f"deck {period} is too small for its rounds")
        values = [s.value for s in self.residence_track]
        if [s.index for s in self.residence_track] != list(range(len(values))):
            raise ValueError("residence track indexes must be 0..n-1")
        return self


DATA = SpyriumData.model_validate(json.loads((Path(__file__).parent / "data.json").read_text("utf-8")))

# ---- derived tables (all from DATA) --------------------------------------------------------

CARD_TYPES: dict[str, CardType] = {c.id: c for c in DATA.cards}
TECHNIQUES: dict[str, TechniqueType] = {t.id: t for t in DATA.techniques}
EVENTS: dict[str, EventType] = {e.id: e for e in DATA.events}
EVENT_IDS: list[str] = [e.id for e in DATA.events]

ROWS, COLS = DATA.market.rows, DATA.market.cols
POSITIONS = ROWS * COLS
"""Market positions are numbered ``r * COLS + c`` in deal order (row-major, D-51)."""
SLOT_IDS: list[str] = [s.id for s in DATA.market.slots]
SLOT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SLOT_IDS)}
SLOT_POSITIONS: list[tuple[int, int]] = [
    (a[0] * COLS + a[1], b[0] * COLS + b[1]) for a, b in (s.cards for s in DATA.market.slots)]
POSITION_SLOTS: list[list[int]] = [
    [SLOT_INDEX[s] for s in DATA.market.card_slots[f"{p // COLS},{p % COLS}"]] for p in range(POSITIONS)]

ROUNDS: int = DATA.rounds.count
PERIOD_BY_ROUND: dict[int, Period] = {int(k): v for k, v in DATA.rounds.period_by_round.items()}
MARKET_SIZE: int = DATA.rounds.market_cards_per_round
RESIDENCE_VALUES: list[int] = [s.value for s in DATA.residence_track]
RESIDENCE_INCOME: list[int] = [s.income for s in DATA.residence_track]
RESIDENCE_VP: list[int] = [s.residence_action_vp for s in DATA.residence_track]
BONUS_LOW, BONUS_HIGH = DATA.score_bonuses.thresholds
BONUS_KINDS: list[str] = [o["id"] for o in DATA.score_bonuses.options]
WORKERS_PER_COLOUR: int = DATA.components["workers_per_colour"]
START = DATA.setup.per_player
MIN_PLAYERS, MAX_PLAYERS = DATA.meta["players"]
TOKEN_SUPPLY: list[int] = sorted(int(v) for v, n in DATA.components["numbered_tokens"].items()
                                 for _ in range(n))
TOKEN_VALUES: list[int] = sorted(set(TOKEN_SUPPLY))
"""The values a numbered token can show (1-3): also the values Commerce may treat a token as (§11.6)."""

RULES = DATA.rules_constants
REPLACE_DISCOUNT: int = RULES.replace_shared_symbol_discount.value
"""§8.4 way 3: £ off the printed cost when the replaced building shares a category symbol."""
CRANE_DISCOUNT: int = RULES.crane_space_discount.value
"""§8.4 way 1, §10.3 Crane: £ off a new building space."""
SPACE_FEE_PER_BUILDING: int = RULES.space_fee_per_building.value
SURCHARGE_PER_WORKER: int = RULES.surcharge_per_other_worker.value
EARN_PER_WORKER: int = RULES.earn_per_other_worker.value
CAPITALIZATION_BONUS: int = RULES.capitalization_earn_bonus.value
ENGINEERING_VP_PER_WORKER: int = RULES.engineering_vp_per_worker.value
COMMERCE_KEEP_CAP: int = RULES.commerce_kept_token_cap.value
BONUS_MONEY: int = RULES.bonus_marker_money.value
BONUS_WORKERS: int = RULES.bonus_marker_workers.value


def type_of(card: str) -> str:
    """The card type id of a card (``"A-mine-left#2"`` -> ``"A-mine-left"``)."""
    t = _TYPE_OF.get(card)
    return t if t is not None else card.split("#", 1)[0]


_TYPE_OF: dict[str, str] = {}


def is_technique(card: str) -> bool:
    return type_of(card) in TECHNIQUES


def card_type(card: str) -> CardType:
    return CARD_TYPES[type_of(card)]


def technique(card: str) -> TechniqueType:
    return TECHNIQUES[type_of(card)]


def cost_of(card: str) -> int:
    t = type_of(card)
    return CARD_TYPES[t].cost if t in CARD_TYPES else TECHNIQUES[t].cost


def kind_of(card: str) -> Literal["building", "character", "technique"]:
    """"building", "character" or "technique"."""
    t = type_of(card)
    return CARD_TYPES[t].type if t in CARD_TYPES else "technique"


def name_of(card: str) -> str:
    """The English name, with the variant for buildings that have several (§10.2)."""
    t = type_of(card)
    if t in TECHNIQUES:
        return TECHNIQUES[t].name_en
    ct = CARD_TYPES[t]
    if ct.variant in ("left", "middle", "right"):
        return f"{ct.name_en} ({ct.variant})"
    return ct.name_en


def tokens_for(card: str, players: int) -> int:
    """How many numbered tokens a card gets when dealt to the market (§4.3, §11.2)."""
    t = type_of(card)
    if t not in CARD_TYPES:
        return 0
    tok = CARD_TYPES[t].token
    return 1 if tok == "one" else (players - 1 if tok == "players_minus_one" else 0)


def deck_cards(period: str) -> list[str]:
    """Every card of a period deck, in data order (before shuffling)."""
    out: list[str] = []
    all_types: list[CardType | TechniqueType] = [*DATA.cards, *DATA.techniques]
    for c in all_types:
        if c.period == period:
            out += [f"{c.id}#{n + 1}" for n in range(c.copies)]
    return out


ALL_CARDS: list[str] = [c for p in "ABC" for c in deck_cards(p)]
_TYPE_OF.update((c, c.split("#", 1)[0]) for c in ALL_CARDS)


def card_text(card: str) -> str:
    """The full text of a card, for hover tips and the log (§10)."""
    return _card_text(type_of(card))


@lru_cache(maxsize=None)
def _card_text(t: str) -> str:
    card = t
    if t in TECHNIQUES:
        tt = TECHNIQUES[t]
        return (f"{tt.name_en} ({tt.name_it}), technique, period {tt.period}, cost £{tt.cost}. "
                f"{tt.ongoing} End: {tt.end_game.text} (max {tt.vp_cap}).")
    ct = CARD_TYPES[t]
    parts = [f"{name_of(card)} ({ct.name_it}), {ct.type}, period {ct.period}, cost £{ct.cost}."]
    if ct.type == "building":
        parts.append(f"{ct.vp} VP at the end.")
        if ct.symbols:
            parts.append("Symbols: " + " + ".join(s.capitalize() for s in ct.symbols) + ".")
        for o in ct.activate_options:
            cost = []
            if o.workers:
                cost.append(f"{o.workers} worker" + ("s" if o.workers > 1 else ""))
            if o.spyrium:
                cost.append(f"{o.spyrium} Spyrium")
            gain = ", ".join(f"{v} {'VP' if k == 'vp' else k.capitalize()}" for k, v in o.gain.items())
            parts.append(f"Use: {' + '.join(cost) or 'free'} -> {gain}.")
        for b in ct.on_build:
            if b.gain_workers:
                parts.append(f"On build: +{b.gain_workers} worker(s) from your reserve, active.")
            if b.residence_action:
                parts.append("On build: one Residence action.")
            if b.gain_spyrium_equal_token:
                parts.append("On build: Spyrium equal to its token.")
            if b.gain_vp_equal_token:
                parts.append("On build: VP equal to its token.")
        if not ct.activate_options:
            parts.append("No ability to use.")
    else:
        h = ct.hire_effect
        assert h is not None
        bits = []
        k: str  # a price's then a gain's resource
        if h.discard_token:
            bits.append("discard a token")
        for k, v in h.pay.items():
            n = v if isinstance(v, int) else "the token in"
            bits.append(f"pay {n} {'£' if k == 'money' else 'Spyrium'}")
        for k, v in h.gain.items():
            n = v if isinstance(v, int) else "the token in"
            bits.append(f"gain {n} {'VP' if k == 'vp' else k.capitalize()}")
        if h.residence_action:
            bits.append("one Residence action")
        parts.append("When hired: " + ", ".join(bits) + ".")
        if ct.token == "players_minus_one":
            parts.append("Gets (players - 1) tokens.")
    return " ".join(parts)


def event_text(event: str) -> str:
    e = EVENTS[event]
    return f"{e.name_en}: {e.text} (Phase {' and '.join(e.phases)})"
