"""How a search bot judges a position cut off before the end (``engines.core.search``):
``evaluate`` gives the true win share at the end, and before it a softmax over each player's
estimated stars placed at the end of the game (``estimated_stars``), whose spread narrows as
the game nears its end. The worths were fitted on seeded games of the heuristic bot.
"""

from __future__ import annotations

from engines.core.evaluate import narrowing_spread, softmax_share, win_share

from .components import ALLEGIANCE_MAX, RECRUITS, STARS
from .rules import can_resolve_dilemma
from .state import EuphoriaState

#: the worth in stars of what a player holds, for ``estimated_stars`` (fitted on seeded
#: heuristic games: how well the estimate ranks the eventual winner at 1/2 to 4/5 of the game)
ARTIFACT_STARS = 0.1     # an artifact card in hand (3 of them, or a pair, buy a star)
PAIR_STARS = 0.2         # a pair in hand (the cheaper price of an artifact market)
RESOURCE_STARS = 0.2     # gold, stone or clay (market visits, building)
COMMODITY_STARS = 0.2    # energy, water, food or bliss
WORKER_STARS = 0.5       # a worker beyond the first two
DILEMMA_STARS = 0.5      # a dilemma still open that the player can pay for now (Join: a star)
RECRUIT_STARS = 1.0      # an active recruit without a star, times its faction's allegiance / 11


def estimated_stars(s: EuphoriaState) -> list[float]:
    """Each player's estimated stars placed at the end of the game: the stars placed, plus what
    his cards, goods, workers, open dilemma and active recruits (a star each when their
    faction's allegiance reaches 11) promise."""
    out = []
    for q, pl in enumerate(s.p):
        g = pl.goods
        est = (STARS - pl.stars + ARTIFACT_STARS * len(pl.hand)
               + RESOURCE_STARS * (g["gold"] + g["stone"] + g["clay"])
               + COMMODITY_STARS * (g["energy"] + g["water"] + g["food"] + g["bliss"])
               + WORKER_STARS * (sum(1 for w in pl.where if w != "pool") - 2))
        if len(set(pl.hand)) < len(pl.hand):
            est += PAIR_STARS
        if not pl.dilemma_done and can_resolve_dilemma(s, q):
            est += DILEMMA_STARS
        for r in pl.active:
            if r not in pl.recruit_stars:
                est += RECRUIT_STARS * s.allegiance[RECRUITS[r].faction] / ALLEGIANCE_MAX
        out.append(est)
    return out


def progress(s: EuphoriaState) -> float:
    """How far the game is, 0 at the start to 1 at the end: the most stars any player placed."""
    return max(STARS - pl.stars for pl in s.p) / STARS


#: the spread (stars) of the softmax over estimated stars: wide at the start, narrow near the end
SPREAD_START = 1.0
SPREAD_END = 0.7


def evaluate(s: EuphoriaState, player: int) -> float:
    """0 (a sure loss) .. 1 (a sure win). At the end: the true win share (1/k for each of k
    winners, else 0). Before: a softmax over the estimated stars, whose spread narrows as
    the game nears its end (``engines.core.evaluate``)."""
    if s.phase == "over":
        return win_share(s.winners, player)
    spread = narrowing_spread(SPREAD_START, SPREAD_END, progress(s))
    return softmax_share(estimated_stars(s), player, spread)
