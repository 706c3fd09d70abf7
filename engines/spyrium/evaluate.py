"""How a search bot judges a position cut off before the end (``Game.evaluate``,
``engines.core.search``): what a playout that stops before the last round scores.

At the end it is the true win share. Before, each player's final score is estimated (the score
now, plus the worth of the money, Spyrium, workers and Residence income held, which falls as
the rounds run out) and turned into a win chance by a softmax whose spread narrows as the game
nears its end (``progress``): early on a lead of a few VP says little, late it says much.
"""

from __future__ import annotations

from engines.core.evaluate import narrowing_spread, softmax_share, win_share

from .components import RESIDENCE_INCOME, ROUNDS
from .rules import workers_owned
from .scoring import score, winners
from .state import SpyriumState


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
    winners, else 0). Before: a softmax over the estimated final scores, whose spread
    narrows as the game nears its end (``engines.core.evaluate``)."""
    if state.over:
        return win_share(winners(state), player)
    spread = narrowing_spread(SPREAD_START, SPREAD_END, progress(state))
    return softmax_share(estimated_scores(state), player, spread)
