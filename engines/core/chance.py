"""Chance nodes: draws, dice and shuffles as outcomes that happen when they happen.

A game whose chance is explicit (``Game.chance is Chance.EXPLICIT``) stops at a *chance
node* whenever the rules call for a random event: a card to draw, a die to roll, a character
to put aside. There ``Game.to_move`` is ``CHANCE``, ``Game.chance_weights`` lists every
outcome possible with its weight (``chance_outcomes``: the same as probabilities), and one
outcome, an action of the game like any other, is played with ``Game.apply``. Nothing of
what is still to come lives in the state: a deck is a multiset of the cards left, and the
next card is decided at the node, by a *chance source*:

- ``Entropy``: the system's entropy (``secrets``, which is ``crypto.getRandomValues`` in a
  browser). The page deals from it, so no copy, save or link can know a draw in advance.
- ``Tape``: the outcomes written in a record, in the order they were dealt (replaying a
  record, a save, a link).
- a game's *dealer*: a seeded source stored beside the state in ``state.dealer`` (tests,
  the CLI, the bench, the soak, and records of the first format, which kept only a seed).
  A game's dealer deals exactly what the game drew from its seed before chance was explicit
  (its order of draws from the seeded generator is kept), so every old record replays as it
  did. A state made by the page never has a dealer.
- ``Sampler``: a bot's own generator (a search samples the chance of its imagined worlds).

``Game.deal(state, source)`` plays outcomes from ``source`` (or the state's dealer) while the
state is at a chance node, and returns them: ``apply`` calls it after every action, so a game
with a dealer never stops at a chance node, and the page calls it with ``Entropy`` after every
action it applies.
"""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any, Final, Protocol, Sequence

from .i18n import texts
from .rng import Rng

_T = texts("core")

if TYPE_CHECKING:
    from .game import Game, GameState

CHANCE: Final = -1
"""``Game.to_move`` at a chance node (OpenSpiel's chance player id)."""


class Source(Protocol):
    """Where a chance node's outcome comes from."""

    def pick(self, game: "Game", state: "GameState") -> Any | None:
        """An outcome of ``game.chance_weights(state)`` for the chance node ``state`` is at,
        or None when this source has none to give (a record's outcomes are all played)."""
        ...


def weighted(weights: Sequence[tuple[Any, int]], r: int) -> Any:
    """The outcome that the integer ``r`` (0 <= r < the sum of the weights) falls on."""
    for outcome, weight in weights:
        if r < weight:
            return outcome
        r -= weight
    raise ValueError("weighted(): r is not below the sum of the weights")


class Entropy:
    """Outcomes from the system's entropy, each with its exact weight."""

    def pick(self, game: "Game", state: "GameState") -> Any:
        weights = game.chance_weights(state)
        return weighted(weights, secrets.randbelow(sum(w for _, w in weights)))


class Sampler:
    """Outcomes from a seeded generator (a bot's own ``Rng``)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def pick(self, game: "Game", state: "GameState") -> Any:
        return game.sample_chance(state, self.rng)


class Tape:
    """The outcomes of a record, played in order from ``start`` (the outcomes already dealt).

    Each outcome is read with ``Game.parse_action`` and must be one of the node's outcomes
    (``ChanceError`` otherwise, a damaged record). When every outcome is played, ``pick``
    returns None: the state stays at its chance node, for the caller to deal the rest from
    another source (the page, at the end of a game it continues) or to report a draw missing.
    """

    def __init__(self, outcomes: list[dict], start: int = 0) -> None:
        self.outcomes = outcomes
        self.next = start

    def pick(self, game: "Game", state: "GameState") -> Any | None:
        if self.next >= len(self.outcomes):
            return None
        data = self.outcomes[self.next]
        outcome = game.parse_action(data)  # IllegalAction for a dict that is no outcome at all
        if all(outcome != o for o, _ in game.chance_weights(state)):
            raise ChanceError(self.next, data)
        self.next += 1
        return outcome


class ChanceError(Exception):
    """A record's outcome ``index`` (0-based) cannot happen at the chance node it falls on.
    Raised with its technical reason as a ``Text`` (``errors.reason_of`` finds it), which
    names the outcome from 1 and shows its data as written."""

    def __init__(self, index: int, data: dict) -> None:
        super().__init__(_T("outcome {n} ({outcome}) cannot happen there", n=index + 1,
                            outcome=json.dumps(data, ensure_ascii=False)))
        self.index, self.data = index, data


def probabilities(weights: Sequence[tuple[Any, int]]) -> list[tuple[Any, float]]:
    """``weights`` as probabilities (``Game.chance_outcomes``): each weight over their sum."""
    total = sum(w for _, w in weights)
    return [(o, w / total) for o, w in weights]


ENTROPY: Final = Entropy()
