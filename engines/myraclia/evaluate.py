"""How good a position is for a player, for the search bots (``Game.evaluate``,
``engines.core.search``): what a playout cut off before the end scores.

At the end it is the true win share. Before, each player's final score is estimated (the
score track, the final bonuses of §10 as they stand, what the elements in hand and on an own
reservation promise) and turned into a win chance by a softmax whose spread narrows as the
game nears its end (``progress``): early on a lead of a few VP says little, late it says much.
"""

from __future__ import annotations

from engines.core.evaluate import narrowing_spread, softmax_share, win_share

from .components import SETUP, TILES
from .scoring import final_bonuses, winners
from .state import MyracliaState

#: VP an element in a reserve is worth towards the final score: the draft turns elements into
#: tiles (about 2 VP for 3 elements, plus adjacency and surface bonuses). Kept below what a
#: terraform brings per element, so that a search never prefers holding elements to spending
#: them. An element on the own reservation (it stays there across rounds) is worth
#: ``RESERVED_VP`` plus its share ``RESERVED_SHARE`` of the tile's VP.
ELEMENT_VP = 0.6
RESERVED_VP = 0.3
RESERVED_SHARE = 0.5


def estimated_scores(state: MyracliaState) -> list[float]:
    """Each player's estimated final score: the score track, plus the final bonuses (§10) as
    they stand now, plus what the elements in the reserve and on an own reservation promise
    (``ELEMENT_VP``, ``RESERVED_VP``, ``RESERVED_SHARE``)."""
    bonuses = final_bonuses(state)
    out = []
    pm = {t.id: t for t in state.surface}
    for p, s in enumerate(state.seats):
        est = s.score + sum(bonuses[p].values()) + ELEMENT_VP * sum(s.reserve)
        if s.reserved is not None:
            t = pm.get(s.reserved)
            if t is not None:
                need = len(TILES[t.id].requires)
                have = sum(t.cubes)
                est += RESERVED_VP * have + (RESERVED_SHARE * TILES[t.id].vp * have / need if need else 0)
        out.append(est)
    return out


def progress(state: MyracliaState) -> float:
    """How far the game is, 0 at the start to 1 at the end: the most tiles any player owns
    over the end threshold (§9 step 1)."""
    threshold = SETUP.by_players[state.players].end_threshold
    most = max(len(s.tiles) for s in state.seats)
    return min(1.0, most / threshold)


#: the spread (VP) of the softmax over estimated scores: wide at the start, narrow near the end
SPREAD_START = 10.0
SPREAD_END = 6.0


def evaluate(state: MyracliaState, player: int) -> float:
    """0 (a sure loss) .. 1 (a sure win). At the end: the true win share (1/k for each of k
    winners, else 0). Before: a softmax over the estimated final scores, whose spread
    narrows as the game nears its end (``engines.core.evaluate``)."""
    if state.phase == "over":
        return win_share(winners(state), player)
    spread = narrowing_spread(SPREAD_START, SPREAD_END, progress(state))
    return softmax_share(estimated_scores(state), player, spread)
