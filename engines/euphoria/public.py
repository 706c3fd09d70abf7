"""Euphoria for the page: the page (``web/tavolo_ui``) imports only this module from the game.

It offers:

- the typed view: ``EuphoriaView`` is exactly what ``Game.view(state, player)`` returns
  (``view.view`` is annotated with it), with its parts ``Player``, ``Goods``, ``Site``,
  ``Sites``, ``Factions``, ``Miners``, ``Territory``, ``TurnCounts``, ``Pending``,
  ``TradeOffer``, ``ShownHand``, ``Empty`` and ``OptionValues``. Of the other players the view
  gives counts instead of the secret cards (hand, hidden recruits, dealt recruits, draft pack,
  market tiles) and no dilemma card until it is resolved;
- the texts (catalogue "euphoria"): ``T``, the names ``artifact``, ``dilemma``, ``faction``,
  ``good``, ``market``, ``penalty``, ``qty``, ``recruit``, ``recruit_text``, ``region``,
  ``site``, ``space``; ``cost_words`` and ``join``; the reference texts ``allegiance_text``,
  ``artifact_text``, ``dilemma_text``, ``space_text``; ``pending_text`` (what a player with
  a pending choice is doing) and ``offer_so_far`` (the trade being built, for its builder);
- the components: ``FACTIONS``, ``SITES``, ``SITE_SPACES`` (each site's action spaces),
  ``SPACES``, ``MARKETS``, ``RECRUITS``, ``ARTIFACT_TYPES``, ``DILEMMA_IDS`` and the track bounds ``MORALE_MIN``, ``MORALE_MAX``,
  ``KNOW_MIN``, ``KNOW_MAX``, ``KNOWLEDGE_LIMIT``.

The TypedDicts are closed (``closed=True``, PEP 728): a key the view does not declare is an
error when a view is validated against them (``tests/core/test_public_views.py``).
"""

from __future__ import annotations

from typing_extensions import Literal, NotRequired, TypedDict

from engines.core.i18n import Text

from .components import (ARTIFACT_TYPES, DILEMMA_IDS, FACTIONS, KNOW_MAX, KNOW_MIN, KNOWLEDGE_LIMIT, MARKETS,
                         MORALE_MAX, MORALE_MIN, RECRUITS, SITE_SPACES, SITES, SPACES)
from .labels import cost_words, join, offer_so_far
from .reference import allegiance_text, artifact_text, dilemma_text, space_text
from .texts import (PENDING, T, artifact, dilemma, faction, good, market, penalty, qty, recruit, recruit_text,
                    region, site, space)

__all__ = [
    "EuphoriaView", "Player", "Goods", "Site", "Sites", "Factions", "Miners", "Territory", "TurnCounts",
    "Pending", "TradeOffer", "ShownHand", "Empty", "OptionValues",
    "T", "artifact", "dilemma", "faction", "good", "market", "penalty", "qty", "recruit", "recruit_text",
    "region", "site", "space", "cost_words", "join", "allegiance_text", "artifact_text", "dilemma_text",
    "space_text", "pending_text", "offer_so_far",
    "FACTIONS", "SITES", "SITE_SPACES", "SPACES", "MARKETS", "RECRUITS", "ARTIFACT_TYPES", "DILEMMA_IDS",
    "MORALE_MIN", "MORALE_MAX", "KNOW_MIN", "KNOW_MAX", "KNOWLEDGE_LIMIT",
]


def pending_text(kind: str) -> Text:
    """What a player with the pending task ``kind`` is doing (the status line)."""
    return PENDING.get(kind, T("making a choice"))


TaskKind = Literal[
    "turn", "art_star", "bradley", "dil_keep", "dil_pay", "dil_side", "discard_any", "draft", "draw",
    "gain_choice", "gift", "hand_limit", "hooks", "kcheck", "keep", "lose_good", "mkt_keep", "pay",
    "track_place", "trade_answer", "trade_build", "tunnel_choice"]
"""The tasks that wait for a player's choice (the keys of ``texts.PENDING``)."""


Hook = Literal["place", "bump", "bump_first", "own_bumped", "new_worker", "new_survivor", "other_roll",
               "worker_lost", "star", "market_built", "paid_bliss", "sacrifice", "free_retrieval", "retrieved"]
"""The moments at which recruits' abilities may act (a recruit's ``hooks``)."""


class Goods(TypedDict, closed=True):
    """A player's commodities and resources."""
    energy: int
    water: int
    food: int
    bliss: int
    gold: int
    stone: int
    clay: int


class Player(TypedDict, closed=True):
    """A player's mat. A list of cards is the viewer's own; a number counts another player's
    secret cards."""
    dice: list[int]
    """Each die's face."""
    where: list[str]
    """Each die's place: "pool", "avail" or the id of the space it stands on."""
    morale: int
    knowledge: int
    stars: int
    """Authority stars left to place."""
    goods: Goods
    hand: list[str] | int
    """Artifact cards (sorted)."""
    active: list[str] | int
    """Face-up recruits (a count only for another player during set-up)."""
    hidden: list[str] | int
    """Face-down recruits."""
    recruit_stars: list[str]
    """The recruits carrying this player's star."""
    dealt: list[str] | int
    """Set-up: recruits dealt or drafted, not yet kept."""
    pack: list[str] | int
    """Recruit draft variant: the pack in front of the player."""
    tiles_dealt: list[str] | int
    """Market selection variant: the market tiles dealt."""
    kept_tile: str | None | int
    """Market selection variant: the tile kept (another player's: 1 if kept, else 0)."""
    dilemma: str | None
    """The ethical dilemma card: the viewer's own ("" when none), or one resolved."""
    dilemma_done: bool
    dilemma_star: bool
    placed_tokens: list[str]
    """Morale and knowledge placement variant: the track tokens placed."""


class Site(TypedDict, closed=True):
    """A construction site and its market tile."""
    built: Literal[0, 1, 2]
    """0 unbuilt, 1 being built (its penalty not yet on), 2 built."""
    tile: str | None
    """The market tile, once built (face down before)."""
    stars: list[int]
    """The players with an authority star on the tile."""


Sites = TypedDict("Sites", {
    "SITE_EUP_A": Site, "SITE_EUP_B": Site, "SITE_SUB_A": Site, "SITE_SUB_B": Site,
    "SITE_WAS_A": Site, "SITE_WAS_B": Site,
}, closed=True)
"""The six construction sites (``SITES``)."""


class Factions(TypedDict, closed=True):
    """A figure of each faction (the allegiance tracks)."""
    euphorian: int
    subterran: int
    wastelander: int
    icarite: int


class Miners(TypedDict, closed=True):
    """The miner of each faction with a tunnel."""
    euphorian: int
    subterran: int
    wastelander: int


class Territory(TypedDict, closed=True):
    """Each faction's territory: the authority stars of each player on it."""
    euphorian: list[int]
    subterran: list[int]
    wastelander: list[int]
    icarite: list[int]


class TurnCounts(TypedDict, closed=True):
    """The game turn in progress."""
    placed: int
    """Workers placed this turn."""
    chase: int | None
    """Chase's new worker, still to be placed this turn."""


class TradeOffer(TypedDict, closed=True):
    """A trade being built (``trade_build``) or answered (``trade_answer``)."""
    partner: int | None
    """The player asked (``trade_build``)."""
    proposer: int | None
    """The player proposing (``trade_answer``)."""
    give: list[str]
    get: list[str]


class Pending(TypedDict, closed=True):
    """The choice the game waits for."""
    player: int
    kind: TaskKind
    options: NotRequired[list[str]]
    """The option keys (the viewer's own choice, not a turn)."""
    drawn: NotRequired[list[str]]
    """The dilemma cards drawn, to keep one (the viewer's own ``dil_keep``)."""
    trade: NotRequired[TradeOffer]
    hook: NotRequired[Hook]
    """When the abilities of the recruits are asked (``hooks``)."""


class ShownHand(TypedDict, closed=True):
    """A hand shown to everyone (Jonathan the Gambler)."""
    player: int
    hand: list[str]


class Empty(TypedDict, closed=True):
    """``{}``: nothing (no game turn in progress, no hand shown)."""


class OptionValues(TypedDict, closed=True):
    """The game's options (``EuphoriaOptions``)."""
    recruit_draft: bool
    market_selection: bool
    morale_knowledge_placement: bool
    first_printing_recruits: bool
    trading: bool


class EuphoriaView(TypedDict, closed=True):
    """What ``Game.view(state, player)`` returns."""
    me: int | None
    """The viewer's seat (``None``: a spectator)."""
    phase: Literal["setup", "play", "over"]
    current: int
    """The active player."""
    first_player: int
    players: list[Player]
    allegiance: Factions
    miners: Miners
    sites: Sites
    territory: Territory
    spaces: dict[str, list[list[int]]]
    """Each occupied action space's workers, as ``[player, die]``."""
    art_deck: int
    art_discard: list[str]
    recruit_deck: int
    recruits_out: int
    markets_out: int
    market_pile: int
    turn: TurnCounts | Empty
    pending: Pending | None
    """``None`` when the game is over."""
    shown: ShownHand | Empty
    winners: list[int]
    options: OptionValues
