"""The state of a game of Citadels: plain lists, ints and strings (fast to copy and dump).

Card ids are ``"<district>-<k>"`` (see ``components``). Character ranks are 1..8.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.core.game import ChanceState, Options

from .dealer import CitadelsDealer

Phase = Literal["draft", "turn", "warlord", "graveyard", "over"]
#: the chance node the state is at (``rules.chance_weights``): "" none; a district card to
#: draw for the set-up deal (§2), into a hand (Magician, Architect, Smithy) or into the
#: income draw (§7.2); a character to set aside face down (§4.1) or face up (§4.2)
Pending = Literal["", "deal", "hand", "income", "down", "up"]


class CitadelsOptions(Options):
    """Variants of §14 (all off by default) and the first crown holder (§2.3, D-32)."""

    # The descriptions are the English of ``texts.OPTION`` (``Game.option_label`` gives them in
    # either language); the spec's references: V1 = §14/D-19, V2 = §14, V3 = D-05, first crown = D-32.
    short_game: bool = Field(default=False, description="Short game: the game ends when a city has 7 districts instead of 8")
    killed_king_heir: bool = Field(default=False, description="A killed King’s player takes the crown at the end of the round")
    forbid_duplicate_districts: bool = Field(default=False, description="No two districts of the same name in one city")
    first_crown: int = Field(default=0, ge=0, le=6, description="Seat holding the crown at the start",
                             json_schema_extra={"ui": "seat"})  # from 0; the New game form shows it from 1


class CitadelsState(ChanceState):
    """Everything about a game in progress, and nothing of what is still to come: the deck's
    shuffled part is a multiset (``deck``, sorted), each card drawn from it is a chance node.

    Round data (characters) is reset by each new round; turn data by each character turn.
    """

    options: CitadelsOptions
    round: int = 1                       # rounds are numbered from 1
    phase: Phase = "draft"
    crown: int = 0                       # seat holding the crown

    # ---- cards (§1.1, §10) ---------------------------------------------------------------
    deck: list[str]                      # the shuffled part, on top: a multiset (sorted), order unknown
    bottom: list[str] = []               # cards put under it since, in order (index 0 drawn first)
    hands: list[list[str]]
    cities: list[list[str]]              # in build order
    built_round: list[list[int]]         # parallel to ``cities``: the round each was built (§7.3)
    gold: list[int]

    # ---- characters of this round (§4, §5) -----------------------------------------------
    removed_up: list[int] = []           # face-up removed ranks (public)
    removed_down: int = 0                # the initial face-down rank (secret, §4.1); 0 once handed on (7p)
    seen_down_by: int = -1               # 7 players: the last chooser, who saw the initial face-down card
    face_down: list[int] = []            # ranks put face down during the draft
    face_down_by: list[int] = []         # ... and the seat that put each one there (he alone knows it)
    holder: list[int] = Field(default_factory=lambda: [-1] * 9)  # rank -> seat (-1 nobody); index 0 unused
    draft_step: int = 0                  # index in the round's draft schedule
    draft_cards: list[int] = []          # ranks handed to the player now choosing
    handed: list[list[int]] = []         # per seat: every rank handed to him this round (§11.2)
    offers: list[list[int]] = []         # per draft step so far: the ranks handed to its chooser (he alone saw them)
    draft_crown: int = -1                # the crown's seat when this round's draft began (the King may take it since)

    # ---- calling (§6) ---------------------------------------------------------------------
    called: int = 0                      # the rank being called now (0 before rank 1)
    revealed: list[int] = []             # ranks revealed this round, in order
    killed: int = 0                      # rank named by the Assassin (0: none)
    robbed: int = 0                      # rank named by the Thief (0: none)
    thief_seat: int = -1                 # the Thief's player, once he named a victim

    # ---- the character turn in progress (§7) ------------------------------------------------
    income_taken: bool = False
    builds: int = 0
    ability_used: bool = False           # Assassin, Thief, Magician: their once-per-turn power
    district_income_taken: bool = False
    architect_drawn: bool = False
    laboratory_used: bool = False
    smithy_used: bool = False
    drawn: list[str] = []                # income draw waiting for the keep / bottom choices
    keep_left: int = 0
    magician_redraw: int = -1            # >=0: redraw in progress, cards put at the bottom so far

    # ---- Warlord and Graveyard (§8.8, §9.3) -------------------------------------------------
    destroyed: str = ""                  # card just destroyed, waiting for the Graveyard's owner
    destroyed_from: int = -1

    # ---- end of game (§12) ------------------------------------------------------------------
    final_round: int = 0                 # round in which a city first became complete (0: not yet)
    first_complete: int = -1             # seat that first built its N-th district
    crown_heir_revealed: int = -1        # V2: seat revealed as the killed King at the end of last round

    # ---- the chance node the state is at (``Pending``) ------------------------------------------
    pending: Pending = ""
    pending_seat: int = -1               # "hand": the seat the cards go to
    pending_left: int = 0                # district cards still to draw
    pending_then: Literal["", "end_turn"] = ""   # what the draw interrupted ("end_turn": §7.6, D-10)
    dealer: CitadelsDealer | None = None

    # ---- bookkeeping for reveals_information ------------------------------------------------
    draws: int = 0                       # cards ever drawn from the top of the deck
    swaps: int = 0                       # Magician exchanges (each shows a hidden hand)

    def __setattr__(self, name: str, value) -> None:
        # the rules assign fields thousands of times a second: a field is stored as pydantic
        # stores it (no validation on assignment here either), without its generic dispatch;
        # any other name gets pydantic's own handling (and its refusal)
        if name in _FIELDS:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    def clone(self) -> "CitadelsState":
        """A fast independent copy (the default dump/validate is much slower): every list is
        copied (lists of lists one level down), ints, strings and the options are shared."""
        d = self.__dict__.copy()
        for k in _FLAT_LISTS:
            d[k] = d[k][:]
        for k in _NESTED_LISTS:
            d[k] = [x[:] for x in d[k]]
        dealer = self.dealer
        if dealer is not None:
            d["dealer"] = dealer.clone()
        return _fast(type(self), d, self)


_FIELDS = frozenset(CitadelsState.model_fields)
#: the state's list fields: lists of ints or strings, and lists of such lists
_NESTED_LISTS = ("hands", "cities", "built_round", "handed", "offers")
_FLAT_LISTS = ("deck", "bottom", "seen", "gold", "removed_up", "face_down", "face_down_by", "holder", "draft_cards",
               "revealed", "drawn")
assert {k for k, f in CitadelsState.model_fields.items() if "list" in str(f.annotation)} == {
    *_NESTED_LISTS, *_FLAT_LISTS}, "a list field of the state is missing from clone()"

_new = object.__new__
_set = object.__setattr__


def _fast(cls, values: dict, like):
    """A model instance with ``values`` as its fields, without validation (they are copies
    of a valid instance's), with the same set of fields set as ``like``."""
    obj = _new(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(like.__pydantic_fields_set__))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj
