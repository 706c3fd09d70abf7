"""What a search bot plays on (``engines.core.search``): ``determinize`` samples a full state
that agrees with everything a player has seen (the position a search cut off before the end
is judged by ``evaluate``).

What is hidden in Myraclia (spec §16, ``view``): only what lies in the three bags, and their
content is public: the element bag's counts (the cubes of each colour are counted, §2.1, and
every cube outside the bag is on the table), the tile bag's (every tile of the game, from the
options, minus the tiles on the surface and in the offer), the Eternity bag's (every token
that left it was drawn face up; the ones used since were seen by everyone). The state holds
the bags as multisets, so nothing in it is hidden: the world is the state itself. What comes
out of a bag next is chance (``rules.chance_weights``), which the search samples.

The seeded dealer of a game made from a seed (``dealer``) is the one thing re-dealt: a world
of such a state gets a dealer re-seeded as the generator used to be (``rng.fork()``), its tile
and Eternity bags in the order the old ``determinize`` shuffled them to (each gathered sorted
by id, then shuffled with ``rng``), so a fork of an old record replays as it did; a state
without a dealer gives a world without one. ``rng`` is used exactly as before.
"""

from __future__ import annotations

from engines.core.rng import Rng

from .dealer import MyracliaDealer
from .state import MyracliaState


def determinize(state: MyracliaState, player: int, rng: Rng) -> MyracliaState:
    """A state ``player`` cannot tell from ``state`` (see the module docstring); ``state`` is
    not changed. The result depends only on ``player``'s view and on ``rng``."""
    world = state.clone()
    fork = rng.fork()
    tiles = sorted(world.tile_bag)  # canonical order: the bag's content is public
    rng.shuffle(tiles)
    tokens = sorted(world.eternity_bag)
    rng.shuffle(tokens)
    world.dealer = None if state.dealer is None else MyracliaDealer(rng=fork, tiles=tiles, tokens=tokens)
    return world
