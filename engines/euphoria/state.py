"""Euphoria's game state: plain lists, ints and strings (spec §1, §2, §23.1).

The rules resolve through a stack of small *tasks* (``EuphoriaState.tasks``, plain dicts):
every step of the resolution orders of §23 (P1-P8, B1-B4, R1-R8, E1-E4) is one task kind of
the package ``rules`` (``rules/tasks.py``). A task that needs a player's choice stays on top of the stack with its options;
``legal_actions`` offers them. This is how choices made in the middle of an action, and out of
turn (Amanda, Ben, Jacko's and Zong's gifts, hand-limit discards), become ordinary actions.
"""

from __future__ import annotations

from typing import Any, Optional

from pydantic import BaseModel, Field

from engines.core.fastmodel import built, plain_setattr
from engines.core.game import ChanceState, Options

from .components import GOODS
from .dealer import EuphoriaDealer


class EuphoriaOptions(Options):
    """The seed's variants (spec §22) and the first-printing recruit texts (D-1), all off by default,
    plus trading between players (§5, D-46), on by default as a rule of the game."""
    recruit_draft: bool = Field(default=False, description="Recruit draft: deal 4 recruits and pass them around, keeping one at a time")
    market_selection: bool = Field(default=False, description="Market selection: each player chooses 1 of 2 market tiles to put in play")
    morale_knowledge_placement: bool = Field(default=False, description="Morale and knowledge placement: players put their track tokens in turn")
    first_printing_recruits: bool = Field(default=False, description="First-printing recruit texts")
    trading: bool = Field(default=True, description="Trading between players")


class PlayerState(BaseModel):
    """One player's mat. ``where[i]`` of die i is "pool" (recruitable pool, not controlled),
    "avail" (available worker) or the id of the space it stands on; ``dice[i]`` is its face."""
    dice: list[int]
    where: list[str]
    morale: int
    knowledge: int
    stars: int
    goods: dict[str, int] = Field(default_factory=lambda: {g: 0 for g in GOODS})
    hand: list[str] = []            # artifact cards (types), secret
    active: list[str] = []          # face-up recruits
    hidden: list[str] = []          # face-down recruits
    recruit_stars: list[str] = []   # recruits carrying this player's star (tier 4)
    dealt: list[str] = []           # set-up: recruits dealt / drafted, not yet kept
    pack: list[str] = []            # draft variant: the pack in front of this player
    tiles_dealt: list[str] = []     # market-selection variant
    kept_tile: Optional[str] = None  # market-selection variant: the tile this player kept
    dilemma: str = ""
    dilemma_done: bool = False
    dilemma_star: bool = False
    lost_this_turn: bool = False    # §7: at most one worker lost per game turn (D-4)
    geek_used: bool = False         # D-61: once per game turn
    gambler_used: bool = False
    placed_tokens: list[str] = []   # morale/knowledge placement variant


class EuphoriaState(ChanceState):
    """The whole game. Nothing of the future: the decks (``art_deck``, ``recruit_deck``,
    ``dilemma_deck``) and the unseen market tiles (``markets_out``, ``market_pile``) are sorted
    lists, multisets whose order nobody knows; what is drawn from them is decided at a chance
    node (``rules/chance.py``) by a chance source, ``dealer`` for a game made from a seed."""
    dealer: EuphoriaDealer | None = None
    options: EuphoriaOptions = EuphoriaOptions()
    phase: str = "setup"            # setup | play | over
    current: int = 0                # the active player
    first_player: int = 0
    p: list[PlayerState]
    allegiance: dict[str, int]
    miners: dict[str, int]
    site_tile: dict[str, str]       # site -> market tile (face down until built)
    built: dict[str, int]           # 0 unbuilt, 1 being built (penalty not yet on), 2 built
    tile_stars: dict[str, list[int]]  # site -> players with a star on its tile
    territory: dict[str, list[int]]   # faction -> stars per player (capacity = players, D-62)
    markets_out: list[str] = []     # tiles out of the game, unseen
    market_pile: list[str] = []     # market-selection variant: set-aside tiles
    art_deck: list[str] = []
    art_discard: list[str] = []
    recruit_deck: list[str] = []
    recruits_out: list[str] = []    # discarded face down, out of the game
    dilemma_deck: list[str] = []
    tasks: list[dict[str, Any]] = []
    turn: dict[str, Any] = {}
    pl: dict[str, Any] = {}         # the placement being resolved (§23.3)
    ret: dict[str, Any] = {}        # the retrieval being resolved (§23.4)
    trade: dict[str, Any] = {}      # the trade being proposed (§23.5)
    shown: dict[str, Any] = {}      # a hand shown to everyone (Jonathan the Gambler)
    winners: list[int] = []
    log: list[str] = []

    def clone(self) -> "EuphoriaState":
        """An independent copy equal to the JSON round trip (``model_validate_json`` of
        ``model_dump_json``, as it was done before), built without pydantic: every list and dict
        copied, strings and numbers shared, every model's set of fields given being all its
        fields (as after validating a full dump). A value the JSON round trip would change (a
        tuple, a key that is no string) sends it to the round trip itself."""
        try:
            return _clone(self)
        except _Unusual:
            return self.model_validate_json(self.model_dump_json())


# ---- the fast clone ------------------------------------------------------------------------
_new = object.__new__
_set = object.__setattr__


class _Unusual(Exception):
    """A value of the state that only the JSON round trip copies faithfully."""


_ATOMS = frozenset((str, int, bool, type(None)))


def _copy(x):
    """A deep copy of a JSON-like value (dicts with string keys, lists, str, int, bool, None)."""
    t = type(x)
    if t is dict:
        out = x.copy()  # then every value that is no string, number, bool or None replaced
        for k, v in x.items():
            if type(k) is not str:
                raise _Unusual
            tv = type(v)
            if tv in _ATOMS:
                continue
            if tv is list:  # most lists of the tasks hold strings or ints: one slice
                for e in v:
                    if type(e) not in _ATOMS:
                        out[k] = _copy(v)
                        break
                else:
                    out[k] = v[:]
            else:
                out[k] = _copy(v)
        return out
    if t is list:
        return [v if type(v) in _ATOMS else _copy(v) for v in x]
    if t in _ATOMS:
        return x
    raise _Unusual  # a tuple, a float, anything else: the round trip decides


_STATE_FIELDS: frozenset = frozenset()
_PLAYER_FIELDS: frozenset = frozenset()
_ALL_STATE: set = set()
_ALL_PLAYER: set = set()
_ALL_OPTIONS: dict[type, set] = {}
_ANY = ("turn", "pl", "ret", "trade", "shown")


def _clone(s: "EuphoriaState") -> "EuphoriaState":
    """The fast clone. The models it makes share one set of fields given per class
    (``_ALL_STATE``, ``_ALL_PLAYER``, ``_ALL_OPTIONS``: every field, as after
    validating a full dump): pydantic
    only ever adds a field's name to that set when the field is assigned, which changes nothing
    in a set that holds them all, and nothing else writes to it."""
    global _STATE_FIELDS, _PLAYER_FIELDS
    if not _STATE_FIELDS:
        _STATE_FIELDS = frozenset(EuphoriaState.model_fields)
        _PLAYER_FIELDS = frozenset(PlayerState.model_fields)
        _ALL_STATE.update(_STATE_FIELDS)
        _ALL_PLAYER.update(_PLAYER_FIELDS)
    o0 = s.__dict__
    d = o0.copy()
    if type(d["players"]) is not int or type(d["seed"]) is not int or type(d["current"]) is not int:
        raise _Unusual
    dealer = s.dealer
    if dealer is not None:
        d["dealer"] = dealer.copy_fast()
    d["seen"] = o0["seen"][:]
    opts = s.options
    fields = _ALL_OPTIONS.get(type(opts))
    if fields is None:
        fields = _ALL_OPTIONS[type(opts)] = set(type(opts).model_fields)
    d["options"] = built(type(opts), opts.__dict__.copy(), fields)
    ps = []
    for pl in s.p:
        o = pl.__dict__
        pd = o.copy()  # then every list and dict field copied, written out (tested)
        pd["dice"] = o["dice"][:]
        pd["where"] = o["where"][:]
        pd["hand"] = o["hand"][:]
        pd["active"] = o["active"][:]
        pd["hidden"] = o["hidden"][:]
        pd["recruit_stars"] = o["recruit_stars"][:]
        pd["dealt"] = o["dealt"][:]
        pd["pack"] = o["pack"][:]
        pd["tiles_dealt"] = o["tiles_dealt"][:]
        pd["placed_tokens"] = o["placed_tokens"][:]
        pd["goods"] = o["goods"].copy()
        m = _new(PlayerState)
        _set(m, "__dict__", pd)
        _set(m, "__pydantic_fields_set__", _ALL_PLAYER)
        _set(m, "__pydantic_extra__", None)
        _set(m, "__pydantic_private__", None)
        ps.append(m)
    d["p"] = ps
    o = s.__dict__  # every list and dict of the state copied, written out (tested)
    d["markets_out"] = o["markets_out"][:]
    d["market_pile"] = o["market_pile"][:]
    d["art_deck"] = o["art_deck"][:]
    d["art_discard"] = o["art_discard"][:]
    d["recruit_deck"] = o["recruit_deck"][:]
    d["recruits_out"] = o["recruits_out"][:]
    d["dilemma_deck"] = o["dilemma_deck"][:]
    d["winners"] = o["winners"][:]
    d["log"] = o["log"][:]
    d["allegiance"] = o["allegiance"].copy()
    d["miners"] = o["miners"].copy()
    d["site_tile"] = o["site_tile"].copy()
    d["built"] = o["built"].copy()
    for name in ("tile_stars", "territory"):  # dicts of lists
        x = d[name] = o[name].copy()
        for k, v in x.items():
            x[k] = v[:]
    d["tasks"] = [_copy(t) for t in o["tasks"]]
    for k in _ANY:
        x = o[k]
        d[k] = {} if type(x) is dict and not x else _copy(x)  # an empty dict (trade, shown) needs no walk
    return built(type(s), d, _ALL_STATE)



for _cls in (PlayerState, EuphoriaState):
    plain_setattr(_cls)  # the rules assign fields thousands of times a game
