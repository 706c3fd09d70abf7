"""What a search bot plays on (``engines.core.search``): ``determinize`` samples a full state
that agrees with everything a player has seen, ``evaluate`` estimates the final result of a
position cut off before the end.

What is hidden in Spyrium (spec §15, D-38, ``view``): only the order of three face-down piles
and of the events below the preview. Every player sees the same (there are no hands and no
simultaneous hidden choices, D-52), so ``player`` changes nothing in the sample.

- **The period decks** (``decks``): their content is known. Every card of a period that left
  its deck is on the table: in the market, in a neighbourhood (buildings), beside the start
  card (techniques) or in ``removed`` (leftover market cards, replaced buildings), all public;
  so a deck holds exactly the cards of its period not seen. A deck is only ever dealt from the
  top at the start of a round (§4.3) and nothing is put back, so nothing a player saw
  constrains its order. Each deck is gathered sorted and shuffled with ``rng``.
- **The token reserve** (``token_reserve``): its content is every numbered token not on the
  table (market cards, the turn and preview events, the discard pile, the kept tokens), its
  order unknown (the discard pile goes back into it shuffled, §11.5). Sorted and shuffled.
- **The events below the preview** (``future_events[1:]``): the events not yet seen (every
  event is either past, the turn event, the preview or below it). The preview
  (``future_events[0]``) is face up and stays where it is; the rest are sorted and shuffled.
- **The generator** (``state.rng``): ``rng.fork()``. The rules draw from it only to reshuffle
  the token discard pile into an empty reserve, so those reshuffles are new too.

The sample is exactly consistent with the view: no approximation. ``seed`` (the game's
identity) is kept; the rules read it only at set-up.
"""

from __future__ import annotations

import math

from engines.core.rng import Rng

from .components import RESIDENCE_INCOME, ROUNDS
from .rules import workers_owned
from .scoring import score, winners
from .state import SpyriumState


def determinize(state: SpyriumState, player: int, rng: Rng) -> SpyriumState:
    """A state ``player`` cannot tell from ``state`` (see the module docstring); ``state`` is
    not changed. The result depends only on what ``player`` sees and on ``rng``."""
    world = state.clone()
    for period in sorted(world.decks):  # canonical order: a deck's content is public
        deck = sorted(world.decks[period])
        rng.shuffle(deck)
        world.decks[period] = deck
    tokens = sorted(world.token_reserve)
    rng.shuffle(tokens)
    world.token_reserve = tokens
    if len(world.future_events) > 2:
        below = sorted(world.future_events[1:])
        rng.shuffle(below)
        world.future_events = [world.future_events[0], *below]
    world.rng = rng.fork()
    return world


#: the worth, in VP at the end, of what a player holds now, fitted (a conditional logit on
#: the eventual winner) over seeded games of the heuristic bot: £ are worth ``MONEY_VP``;
#: Spyrium, a worker and a step of Residence income are worth more the more rounds are left.
MONEY_VP = 0.3
SPYRIUM_VP = (0.1, 0.3)  # (base, per round left)
WORKER_VP = (2.0, 0.4)
INCOME_VP = 0.4  # per £ of income, per round left


def estimated_scores(state: SpyriumState) -> list[float]:
    """Each player's estimated final score, in VP: the score now (track, printed building VP,
    technique VP as they stand) plus the worth of the money, Spyrium, workers and Residence
    income they hold, which falls as the rounds run out."""
    left = ROUNDS - state.round  # rounds after this one
    spyrium_vp = SPYRIUM_VP[0] + SPYRIUM_VP[1] * left
    worker_vp = WORKER_VP[0] + WORKER_VP[1] * left
    income_vp = INCOME_VP * left
    return [score(p) + MONEY_VP * p.money + spyrium_vp * p.spyrium
            + worker_vp * workers_owned(p) + income_vp * RESIDENCE_INCOME[p.residence]
            for p in state.players_]


def progress(state: SpyriumState) -> float:
    """How far the game is, 0 at the start to 1 at the end: rounds done, plus the share of
    players who have passed in the current round."""
    passed = sum(1 for p in state.players_ if p.passed) / state.players
    return min(1.0, (state.round - 1 + passed) / ROUNDS)


#: the spread (VP) of the softmax over estimated scores: wide at the start, narrow near the end
SPREAD_START = 8.0
SPREAD_END = 3.0


def evaluate(state: SpyriumState, player: int) -> float:
    """0 (a sure loss) .. 1 (a sure win). At the end: the true win share (1/k for each of k
    winners, else 0). Before: a softmax over the estimated final scores, whose temperature
    narrows as the game nears its end."""
    if state.over:
        w = winners(state)
        return 1.0 / len(w) if player in w else 0.0
    est = estimated_scores(state)
    spread = SPREAD_START + (SPREAD_END - SPREAD_START) * progress(state)
    top = max(est)
    weights = [math.exp((e - top) / spread) for e in est]
    return weights[player] / sum(weights)
