"""The chance nodes (``engines.core.chance``): every random event of the game is a task of the
stack whose player is ``CHANCE``, and the outcome played there is an action (``Roll``,
``DrawArtifact``...). ``run`` stops at such a task; ``Game.deal`` (or the search) plays an
outcome; the rules then go on.

Each kind of node draws one item from a *pool*, every item of it equally likely: a deck is a
sorted list of the cards left (a multiset: its order means nothing), a die is 1..6. So a
node's weights are the counts of each kind of item of its pool, and a fast sample is an index
into it (``sample``). The kinds, with the rule each follows (the spec's §):

- ``deal_dilemma`` (§4.5): an ethical dilemma card dealt to ``to``, from the dilemma deck;
  seen by ``to``;
- ``die`` (§4.9, §7 E1): worker ``die`` of ``to`` is rolled (a set-up die for first player, or
  a roll event); seen by everyone;
- ``first_player`` (§4.9, D-21): the tie for the highest 2-dice total goes to one of
  ``among``; seen by everyone;
- ``deal_tile`` (§22 market selection): a market tile dealt to ``to``, from the set-aside
  pile; seen by ``to``;
- ``six_tile`` (§22 market selection): a tile of the pile joins the kept tiles to make six;
  face down, seen by nobody;
- ``site_tile`` (§4.2): the market tile face down on ``site``, from the tiles out of the game
  (or, with market selection, from the six); seen by nobody;
- ``deal_recruit`` (§4.7, §22 draft): a recruit dealt to ``to`` (into his pack with the draft);
  seen by ``to``;
- ``fight_recruit`` (§19, D-48): a recruit drawn by ``to`` to Fight the Oppressor (he keeps one
  of the two); seen by ``to``;
- ``art`` (§4.4, D-61): one artifact card drawn by ``to``; an empty deck is first rebuilt from
  the discards (the pool is then the discard pile); seen by ``to``;
- ``placement_start`` (§22, D-21): the "oldest player", who places the first track token,
  is a random player; seen by everyone;
- ``rolloff`` (§21, D-22): a die of ``to``'s roll-off for the tie-break; seen by everyone.

A node that hands its item on to the task below it (``fight_recruit`` to ``dil_keep``, an
``art`` draw with ``tell`` to Bradley's or the Gambler's task, ``six_tile`` to ``mkt_deal``,
``placement_start`` to ``setup_tasks``, ``rolloff`` to ``rolloff``) is pushed one at a time by
that task's step, so the task below is always the one it tells.
"""

from __future__ import annotations

from typing import Any, Callable

from engines.core.chance import CHANCE
from engines.core.rng import Rng

from ..actions import _Action
from ..actions import (DrawArtifact, DrawDilemma, DrawMarket, DrawRecruit, FirstPlayer, PlacementStart, Roll,
                       outcome, outcome_value)
from ..effects import task
from ..state import EuphoriaState

DIE = [1, 2, 3, 4, 5, 6]


def chance(kind: str, **fields: Any) -> dict:
    """A chance node of ``kind`` (a task for ``CHANCE``)."""
    return task(kind, CHANCE, **fields)


# ---- the pools --------------------------------------------------------------------------------

def _site_pool(s: EuphoriaState, t: dict) -> list:
    return s.market_pile if s.options.market_selection else s.markets_out


POOL: dict[str, Callable[[EuphoriaState, dict], list]] = {
    "deal_dilemma": lambda s, t: s.dilemma_deck,
    "die": lambda s, t: DIE,
    "first_player": lambda s, t: t["among"],
    "deal_tile": lambda s, t: s.market_pile,
    "six_tile": lambda s, t: s.market_pile,
    "site_tile": _site_pool,
    "deal_recruit": lambda s, t: s.recruit_deck,
    "fight_recruit": lambda s, t: s.recruit_deck,
    "art": lambda s, t: s.art_deck or s.art_discard,
    "placement_start": lambda s, t: list(range(s.players)),
    "rolloff": lambda s, t: DIE,
}
"""Per kind of node, the items it draws from, each equally likely."""

MODEL: dict[str, type[_Action]] = {
    "deal_dilemma": DrawDilemma, "die": Roll, "first_player": FirstPlayer, "deal_tile": DrawMarket,
    "six_tile": DrawMarket, "site_tile": DrawMarket, "deal_recruit": DrawRecruit, "fight_recruit": DrawRecruit,
    "art": DrawArtifact, "placement_start": PlacementStart, "rolloff": Roll,
}
"""Per kind of node, the model of its outcomes."""


def weights(s: EuphoriaState) -> list[tuple[Any, int]]:
    """The outcomes of the node on top, each with how many items of the pool it stands for,
    in sorted order of the items."""
    t = s.tasks[-1]
    cls = MODEL[t["k"]]
    counts: dict = {}
    for x in POOL[t["k"]](s, t):
        counts[x] = counts.get(x, 0) + 1
    return [(outcome(cls, x), n) for x, n in sorted(counts.items())]


def sample(s: EuphoriaState, rng: Rng) -> Any:
    """An outcome of the node on top, with the weights' distribution: a uniform item of its pool."""
    t = s.tasks[-1]
    pool = POOL[t["k"]](s, t)
    return outcome(MODEL[t["k"]], pool[rng.below(len(pool))])


def seen_by(s: EuphoriaState, a: Any) -> tuple[int, ...] | None:
    """Who sees the outcome of the node on top (see the module doc)."""
    t = s.tasks[-1]
    k = t["k"]
    if k in ("die", "rolloff", "first_player", "placement_start"):
        return None
    if k in ("six_tile", "site_tile"):
        return ()
    return (t["to"],)


# ---- playing an outcome -------------------------------------------------------------------------

def play_outcome(s: EuphoriaState, a: Any) -> None:
    """Play the outcome ``a`` of the node on top (off the stack) and carry out its draw."""
    t = s.tasks.pop()
    k = t["k"]
    x = outcome_value(a)
    PLAY[k](s, t, x)


def _deal_dilemma(s, t, x):
    s.dilemma_deck.remove(x)
    s.p[t["to"]].dilemma = x


def _die(s, t, x):
    s.p[t["to"]].dice[t["die"]] = x


def _first_player(s, t, x):
    s.first_player = s.current = x


def _deal_tile(s, t, x):
    s.market_pile.remove(x)
    s.p[t["to"]].tiles_dealt.append(x)


def _six_tile(s, t, x):
    s.market_pile.remove(x)
    s.tasks[-1]["six"].append(x)  # the mkt_deal task below


def _site_tile(s, t, x):
    _site_pool(s, t).remove(x)
    s.site_tile[t["site"]] = x


def _deal_recruit(s, t, x):
    s.recruit_deck.remove(x)
    pl = s.p[t["to"]]
    (pl.pack if t["pack"] else pl.dealt).append(x)


def _fight_recruit(s, t, x):
    s.recruit_deck.remove(x)
    s.tasks[-1]["drawn"].append(x)  # the dil_keep task below


def _art(s, t, x):
    if not s.art_deck:  # §4.4: the discards become the new deck
        s.art_deck = sorted(s.art_discard)
        s.art_discard = []
    s.art_deck.remove(x)
    s.p[t["to"]].hand.append(x)
    if t.get("tell"):
        s.tasks[-1]["drawn"].append(x)  # Bradley's or the Gambler's task below


def _placement_start(s, t, x):
    s.tasks[-1]["start"] = x  # the setup_tasks task below


def _rolloff(s, t, x):
    s.tasks[-1]["rolls"][-1] += x  # the rolloff task below: this player's running total


PLAY: dict[str, Callable[[EuphoriaState, dict, Any], None]] = {
    "deal_dilemma": _deal_dilemma, "die": _die, "first_player": _first_player, "deal_tile": _deal_tile,
    "six_tile": _six_tile, "site_tile": _site_tile, "deal_recruit": _deal_recruit,
    "fight_recruit": _fight_recruit, "art": _art, "placement_start": _placement_start, "rolloff": _rolloff,
}


def can_draw_artifact(s: EuphoriaState) -> bool:
    """Whether an artifact can be drawn: the deck, or else the discards, holds a card (D-45)."""
    return bool(s.art_deck or s.art_discard)


def draw_artifact(s: EuphoriaState, p: int, tell: bool = False) -> bool:
    """Push the draw of 1 artifact card by ``p`` (D-61), if there is one to draw (D-45: both
    the deck and the discards empty, the draw is skipped); ``tell``: the card is also added
    to the ``drawn`` list of the task below. Whether a draw was pushed."""
    if not (s.art_deck or s.art_discard):
        return False
    s.tasks.append(chance("art", to=p, tell=tell) if tell else chance("art", to=p))
    return True
