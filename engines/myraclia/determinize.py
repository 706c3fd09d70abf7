"""What a search bot plays on (``engines.core.search``): ``determinize`` samples a full state
that agrees with everything a player has seen (the position a search cut off before the end
is judged by ``evaluate``).

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

from engines.core.rng import Rng

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
