"""How good a position is for a player, for the search bots (``Game.evaluate``,
``engines.core.search``): what a playout cut off before the end scores.

At the end it is the true win share. Before, each player's final score is estimated (the
running score, plus what gold and the cards in hand may still become) and turned into a win
chance by a softmax (``engines.core.evaluate``) whose spread narrows as the game nears its end (the longest city against
the threshold of §12.1): early on a lead of a few points says little, late it says much.
"""

from __future__ import annotations

from engines.core.evaluate import softmax_share, win_share

from .rules import threshold
from .scoring import scores, winners
from .state import CitadelsState

#: points a gold coin and a card in hand are worth towards the final score, scaled by the share
#: of the game still to play (``left``): gold still to be spent on districts, cards still to be
#: built; and points a coin is worth whatever is left (gold breaks ties, §13)
GOLD_TO_BUILD = 0.9
CARD_TO_BUILD = 1.6
GOLD_KEPT = 0.3
#: the spread (points) of the softmax over estimated scores: ``SPREAD_END`` at the end, plus
#: ``SPREAD_EARLY`` scaled by the share of the game still to play
SPREAD_END = 2.5
SPREAD_EARLY = 6.0


def evaluate(state: CitadelsState, player: int) -> float:
    """0 (a sure loss) .. 1 (a sure win). At the end: the true win share (1/k for each of k
    winners, else 0). Before: a softmax of the estimated final scores, the running score plus
    what gold and cards in hand may still become, weighted by how far the game is from its end
    (the longest city against the threshold)."""
    if state.phase == "over":
        return win_share(winners(state), player)
    sc = scores(state)
    n = threshold(state)
    left = max(0.0, 1.0 - max(len(c) for c in state.cities) / n)
    est = [sc[i] + left * (GOLD_TO_BUILD * state.gold[i] + CARD_TO_BUILD * len(state.hands[i]))
           + GOLD_KEPT * state.gold[i] for i in range(state.players)]
    return softmax_share(est, player, SPREAD_END + SPREAD_EARLY * left)
