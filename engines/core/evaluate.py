"""The shape every game's ``evaluate`` shares (``Game.evaluate``, ``engines.core.search``): how
good a position is for one player, 0 (a sure loss) to 1 (a sure win).

At the end of the game it is the true result, ``win_share``. Before, each game estimates every
player's final score (its own ``estimated_scores``) and ``softmax_share`` turns the estimates
into win chances. Why a softmax: read the final score of player i as his estimate plus a random
error, the same spread for every player, of the Gumbel (extreme value) kind; the chance that i
ends with the highest score is then exactly exp(e_i / spread) / Σ_j exp(e_j / spread) (the
conditional logit). So a player one spread ahead of another is e ≈ 2.7 times as likely to win,
and the chances of all players add up to 1, as the win shares at the end do.

The spread is how far an estimate may still be from the final score: wide at the start, where
most of the game is still to play, narrow near the end. ``narrowing_spread`` moves it in a
straight line from the game's ``SPREAD_START`` to its ``SPREAD_END`` as its ``progress`` goes
from 0 to 1.

Speed: ``evaluate`` runs once per search iteration, so these are plain float operations in a
fixed order (a game's bot choices, and so its identity fixtures, depend on every bit).
"""

from __future__ import annotations

import math
from typing import Sequence


def win_share(winners: Sequence[int], player: int) -> float:
    """The true result at the end: 1/k for each of k winners (a shared victory is split),
    0 for everyone else."""
    return 1.0 / len(winners) if player in winners else 0.0


def narrowing_spread(start: float, end: float, progress: float) -> float:
    """The softmax's spread at ``progress`` (0 at the start of the game, 1 at the end): from
    ``start`` in a straight line to ``end``."""
    return start + (end - start) * progress


def softmax_share(estimates: Sequence[float], player: int, spread: float) -> float:
    """``player``'s chance of winning when every player's final score is his entry of
    ``estimates`` give or take ``spread`` (see the module docstring): exp(e_player / spread)
    over the sum for all players. The best estimate is subtracted first, so no exponent is
    positive and none overflows."""
    top = max(estimates)
    weights = [math.exp((e - top) / spread) for e in estimates]
    return weights[player] / sum(weights)
