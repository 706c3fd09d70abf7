"""What a search bot plays on (``engines.core.search``): ``determinize`` samples a full state
that agrees with everything a player has seen, ``evaluate`` estimates the final result of a
position cut off before the end.

What is hidden in Myraclia (spec §16, ``view``): only what lies in the three bags.

- **The element bag** holds counts per colour, and those counts are *public*: the cubes of
  each colour are counted (§2.1) and every cube outside the bag is on the table (reserves,
  trade pool, Draft board, discard pile, elements on tiles). Its only secret is which cube
  comes out next, which the game's generator decides at the draw: re-seeding the generator
  re-deals it. It is kept as it is.
- **The tile bag**: its content is known (every tile of the game, from the options, minus
  the tiles on the surface and in the offer; a tile never leaves the table), its order is
  not. The unseen tiles are gathered sorted by id and shuffled with ``rng``. Nothing a player
  saw constrains the order: setup drew the surface and the offer from the top, and a second
  Darkness tile drawn for the offer is put back and the bag reshuffled (§14.2), so the order
  is uniform given the content. (D24, a bag holding only Darkness tiles while the offer
  stays short, follows from the content, which is kept.)
- **The Eternity bag** (§13): every token that left it was drawn face up and placed on the
  surface; the ones used since (``eternity_used``, no longer on the table) were seen there by
  everyone, so the player knows them from the game's history. The bag's content is thus
  known (all tokens minus those on the surface, the drawn one and the used ones), its order
  is not: gathered sorted by id, shuffled with ``rng``.
- **The generator**: ``rng.fork()``, so every draw to come (elements for the Draft board,
  reshuffles) is new.

There are no hands and no hidden choices, so the sample is exactly consistent: no
approximation. ``seed`` (the game's identity, shown in its record) is kept; nothing in the
rules reads it after setup.
"""

from __future__ import annotations

import math

from engines.core.rng import Rng

from .components import SETUP, TILES
from .scoring import final_bonuses, winners
from .state import MyracliaState


def determinize(state: MyracliaState, player: int, rng: Rng) -> MyracliaState:
    """A state ``player`` cannot tell from ``state`` (see the module docstring); ``state`` is
    not changed. The result depends only on ``player``'s view and on ``rng``."""
    world = state.clone()
    world.rng = rng.fork()
    tiles = sorted(world.tile_bag)  # canonical order: the bag's content is public
    rng.shuffle(tiles)
    world.tile_bag = tiles
    tokens = sorted(world.eternity_bag)
    rng.shuffle(tokens)
    world.eternity_bag = tokens
    return world


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
    they stand now, plus what the elements in hand and on an own reservation promise, plus a
    share of the VP still to come for the players with more discs to put down."""
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
    winners, else 0). Before: a softmax over the estimated final scores, whose temperature
    narrows as the game nears its end."""
    if state.phase == "over":
        w = winners(state)
        return 1.0 / len(w) if player in w else 0.0
    est = estimated_scores(state)
    spread = SPREAD_START + (SPREAD_END - SPREAD_START) * progress(state)
    top = max(est)
    weights = [math.exp((e - top) / spread) for e in est]
    return weights[player] / sum(weights)
