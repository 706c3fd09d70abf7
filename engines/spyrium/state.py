"""The state of a game of Spyrium: plain lists, ints and strs (spec §0.3, §1–§5).

Where every component is (the census the tests check):

- cards: ``decks[period]`` (face down: the cards left, sorted, their order unknown), ``market[pos]``, a player's ``buildings`` /
  ``techniques``, or ``removed`` (left the game: leftover market cards, replaced buildings).
- events: ``future_events`` (index 0 is the visible preview, face up; the others, face down,
  sorted: their order is unknown), ``turn_event``, ``past_events``.
- tokens: ``token_reserve`` (face down: sorted, its order unknown), ``token_discard`` (in the
  order discarded), ``market_tokens[pos]``,
  ``future_token`` (on the preview event), ``turn_event_token``, a player's ``kept_tokens``.
- workers (7 per colour): ``reserve``, ``active`` (on the start card), ``spent`` (beside
  the start card), on one of the player's ``buildings`` (``Building.workers``), or in a
  market slot (``slots[i]`` lists the seats of the workers standing in slot ``i``).

Chance is explicit (``engines.core.chance``, ``rules`` "Chance nodes"): the state holds
nothing of what is still to be drawn (no generator, no order of a face-down pile); while
``dealing`` is set the game is at a chance node and an outcome is dealt next.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel

from engines.core.fastmodel import plain_setattr
from engines.core.game import ChanceState

from .dealer import SpyriumDealer


class Building(BaseModel):
    """A building in a player's neighbourhood (right of the start card)."""
    card: str
    tapped: bool = False
    workers: int = 0


class Technique(BaseModel):
    """A patented technique (left of the start card). ``tapped``: its once-per-round power
    (Taylorism, Lobbying, the Commerce value change) is spent this round."""
    card: str
    tapped: bool = False


class Player(BaseModel):
    money: int
    spyrium: int
    vp: int = 0
    """The score track (VP gained during play)."""
    residence: int = 0
    """Index on the Residence track (§9.1)."""
    reserve: int
    active: int
    spent: int = 0
    buildings: list[Building] = []
    techniques: list[Technique] = []
    kept_tokens: list[int] = []
    """Tokens kept through Commerce (§11.6)."""
    phase: Literal[1, 2] = 1
    passed: bool = False
    event_used: bool = False
    bonuses_left: list[str] = []
    """Bonus markers not yet received (§12): both at the start, one after reaching 8."""
    vp_log: dict[str, int] = {}
    """VP gained during play by source (characters, buildings, residence, events, tokens);
    it always adds up to ``vp`` (the running score check)."""


Dealing = Literal["event", "event_token", "first_player", "card", "token"]
"""The chance node a state is at (``rules``): the next event revealed, the token on it, the
first player, a market card, a token on a market card."""


class SpyriumState(ChanceState):
    round: int = 0
    over: bool = False
    first_player: int = 0
    current: int = 0
    continuing: bool = False
    """The current player switched to Phase II this turn and must now take a Phase II
    action (§7.3)."""
    pending_bonus: bool = False
    """The current player reached 8 VP and must choose a bonus now (§12.1)."""
    decks: dict[str, list[str]]
    market: list[Optional[str]]
    market_tokens: list[list[int]]
    slots: list[list[int]]
    future_events: list[str]
    future_token: Optional[int] = None
    turn_event: Optional[str] = None
    turn_event_token: Optional[int] = None
    past_events: list[str] = []
    token_reserve: list[int]
    token_discard: list[int] = []
    removed: list[str] = []
    players_: list[Player]
    dealing: Optional[Dealing] = None
    """The chance node the game is at (None: a player is to move; see ``rules``)."""
    dealing_pos: int = 0
    """At a "card" node, the market position the card goes to; at a "token" node, the market
    position whose tokens are being drawn."""
    dealing_left: int = 0
    """At a "token" node, how many tokens that card still takes (this one included)."""
    dealer: SpyriumDealer | None = None

    def clone(self) -> "SpyriumState":
        """A fast independent copy (no re-validation): plain lists copied one level down, each
        model rebuilt from a copy of its fields (and of its set of fields given, as pydantic
        keeps it), the immutable parts (strings, ints) shared."""
        d = self.__dict__.copy()
        if self.dealer is not None:
            d["dealer"] = self.dealer.copy_dealer()
        d["seen"] = self.seen[:]
        d["decks"] = {k: v[:] for k, v in self.decks.items()}
        d["market"] = self.market[:]
        d["market_tokens"] = [t[:] for t in self.market_tokens]
        d["slots"] = [t[:] for t in self.slots]
        d["future_events"] = self.future_events[:]
        d["past_events"] = self.past_events[:]
        d["token_reserve"] = self.token_reserve[:]
        d["token_discard"] = self.token_discard[:]
        d["removed"] = self.removed[:]
        ps = []
        for p in self.players_:
            pd = p.__dict__.copy()
            buildings = []
            for b in p.buildings:
                ob = _new(Building)
                _set_dict(ob, b.__dict__.copy())
                _set_fields(ob, b.__pydantic_fields_set__.copy())
                _set_extra(ob, None)
                _set_private(ob, None)
                buildings.append(ob)
            pd["buildings"] = buildings
            techniques = []
            for t in p.techniques:
                ot = _new(Technique)
                _set_dict(ot, t.__dict__.copy())
                _set_fields(ot, t.__pydantic_fields_set__.copy())
                _set_extra(ot, None)
                _set_private(ot, None)
                techniques.append(ot)
            pd["techniques"] = techniques
            pd["kept_tokens"] = p.kept_tokens[:]
            pd["bonuses_left"] = p.bonuses_left[:]
            pd["vp_log"] = p.vp_log.copy()
            op = _new(Player)
            _set_dict(op, pd)
            _set_fields(op, p.__pydantic_fields_set__.copy())
            _set_extra(op, None)
            _set_private(op, None)
            ps.append(op)
        d["players_"] = ps
        o = _new(type(self))
        _set_dict(o, d)
        _set_fields(o, self.__pydantic_fields_set__.copy())
        _set_extra(o, None)
        _set_private(o, None)
        return o


_new = object.__new__
# the slots every pydantic model has, set directly (what ``model_construct`` sets, minus the
# validation and the defaults: the copies are of models known to be valid)
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__



for _cls in (Building, Technique, Player, SpyriumState):
    plain_setattr(_cls)  # the rules assign fields thousands of times a game

