"""The state of a game of Spyrium: plain lists, ints and strs (spec §0.3, §1–§5).

Where every component is (the census the tests check):

- cards: ``decks[period]`` (face down), ``market[pos]``, a player's ``buildings`` /
  ``techniques``, or ``removed`` (left the game: leftover market cards, replaced buildings).
- events: ``future_events`` (face-up pile, index 0 is the visible preview), ``turn_event``,
  ``past_events``.
- tokens: ``token_reserve`` (face down), ``token_discard``, ``market_tokens[pos]``,
  ``future_token`` (on the preview event), ``turn_event_token``, a player's ``kept_tokens``.
- workers (7 per colour): ``reserve``, ``active`` (on the start card), ``spent`` (beside
  the start card), on one of the player's ``buildings`` (``Building.workers``), or in a
  market slot (``slots[i]`` lists the seats of the workers standing in slot ``i``).
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel

from engines.core.game import GameState
from engines.core.rng import Rng


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


class SpyriumState(GameState):
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

    def clone(self) -> "SpyriumState":
        """A fast independent copy (no re-validation): plain lists copied one level down."""
        d = self.__dict__.copy()
        d["rng"] = _fast(Rng, {"s": list(self.rng.s)}, self.rng)
        d["decks"] = {k: list(v) for k, v in self.decks.items()}
        d["market"] = list(self.market)
        d["market_tokens"] = [list(t) for t in self.market_tokens]
        d["slots"] = [list(s) for s in self.slots]
        d["future_events"] = list(self.future_events)
        d["past_events"] = list(self.past_events)
        d["token_reserve"] = list(self.token_reserve)
        d["token_discard"] = list(self.token_discard)
        d["removed"] = list(self.removed)
        ps = []
        for p in self.players_:
            pd = p.__dict__.copy()
            pd["buildings"] = [_fast(Building, b.__dict__.copy(), b) for b in p.buildings]
            pd["techniques"] = [_fast(Technique, t.__dict__.copy(), t) for t in p.techniques]
            pd["kept_tokens"] = list(p.kept_tokens)
            pd["bonuses_left"] = list(p.bonuses_left)
            pd["vp_log"] = dict(p.vp_log)
            ps.append(_fast(Player, pd, p))
        d["players_"] = ps
        return _fast(type(self), d, self)


def _fast(cls, values: dict, like: BaseModel):
    """A model instance with ``values`` as its fields, without validation."""
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "__pydantic_fields_set__", set(like.__pydantic_fields_set__))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj
