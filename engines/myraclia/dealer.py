"""Myraclia's seeded dealer (``engines.core.chance``): the chance of a game made from a seed.

Before Myraclia's chance was explicit, the state held a generator (``Rng.from_seed(seed)``)
and the bags in a shuffled order, and the rules drew from them inside the moves. The dealer
keeps exactly that generator and those orders, and answers each chance node with what the
old code drew there, making the same calls on the generator in the same order, so a game
made from a seed (tests, the CLI, the bench, a record of the first format) is the game it
always was:

- set-up (``seeded``): the tile bag shuffled, the surface's tiles and then the offer's
  popped from its top; with Darkness, the Darkness tiles added and the bag shuffled again
  (§4.2-§4.4, §4.9). The tiles the set-up popped are put back on the top of ``tiles`` in
  the order they came, so the first draws deal them again;
- an element (§4.6 starting elements, §6.2 the Draft board): ``rng.below(total)`` over the
  bag's counts, colour by colour (the old ``rules.draw_element``);
- the start-order ties (§4.7, D11): ``rng.shuffle`` of the seats in seat order;
- the Eternity bag (§13.2): shuffled once, right after the start order and before the
  first Draft board (where the old set-up shuffled it), then each token drawn from its top;
- a refill of the tile offer (§8.11 step 3, §14.2): the top tile; a second Darkness tile
  drawn is put back and the bag shuffled (``rng.shuffle``), and the next top tile drawn.

The state knows nothing of this order: its bags are multisets (sorted lists, counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from pydantic import BaseModel

from engines.core.fastmodel import built
from engines.core.rng import Rng

from .actions import DRAW_TILES, DRAW_TOKENS, draw_element, youngest_first
from .components import BASE_TILE_IDS, DARKNESS_IDS, KICKSTARTER_IDS, SETUP, TILES, TOKEN_IDS

if TYPE_CHECKING:
    from .state import MyracliaOptions, MyracliaState


class MyracliaDealer(BaseModel):
    """The seeded chance of one game: its generator and the old order of its bags.

    ``rng``: the generator the old rules kept in the state; ``tiles``: the tile bag in the
    old order (the next tile drawn is the last); ``tokens``: the Eternity bag in the old
    order (the next token is the last), None until the set-up's shuffle is made."""

    rng: Rng
    tiles: list[str]
    tokens: Optional[list[str]] = None

    def pick(self, game: Any, state: "MyracliaState") -> Any:
        """The outcome of the chance node ``state`` is at (``state.drawing``)."""
        what = state.drawing
        if what == "start" or what == "draft":
            if what == "draft" and self.tokens is None:
                self._shuffle_tokens(state)
            return draw_element(state.element_bag, self.rng)
        if what == "offer":
            dark_in_offer = any(TILES[o].darkness for o in state.offer)
            while True:
                t = self._top(self.tiles, state.tile_bag)
                if dark_in_offer and TILES[t].darkness:  # §14.2: put back, shuffle, draw again
                    self.tiles.append(t)
                    self.rng.shuffle(self.tiles)
                    continue
                return DRAW_TILES[t]
        if what == "surface" or what == "setup_offer":
            return DRAW_TILES[self._top(self.tiles, state.tile_bag)]
        if what == "token":
            if self.tokens is None:
                self._shuffle_tokens(state)
            assert self.tokens is not None  # the Eternity expansion is on: its bag is shuffled
            return DRAW_TOKENS[self._top(self.tokens, state.eternity_bag)]
        if what == "youngest":
            perm = list(range(state.players))
            self.rng.shuffle(perm)
            return youngest_first(tuple(perm))
        raise ValueError(f"no chance node here ({what!r})")

    @staticmethod
    def _top(order: list[str], bag: list[str]) -> str:
        """The next of ``order`` (taken from its end) that is still in the state's ``bag``:
        always the last one while every draw comes from this dealer; one dealt by another
        source (a test, a hand-made position) is passed over, so no impossible outcome is
        ever dealt."""
        while True:
            t = order.pop()
            if t in bag:
                return t

    def _shuffle_tokens(self, state: "MyracliaState") -> None:
        """The set-up's shuffle of the Eternity bag (§13.2), where the old set-up made it."""
        if state.options.eternity:
            self.tokens = list(TOKEN_IDS)
            self.rng.shuffle(self.tokens)

    def clone(self) -> "MyracliaDealer":
        """An independent copy, without validation (``MyracliaState.clone``)."""
        return built(MyracliaDealer, {"rng": built(Rng, {"s": self.rng.s[:]}, {"s"}), "tiles": self.tiles[:],
                                      "tokens": None if self.tokens is None else self.tokens[:]},
                     set(self.__pydantic_fields_set__))


def seeded(players: int, seed: int, options: "MyracliaOptions") -> MyracliaDealer:
    """The dealer of a new game from ``seed``: the old set-up's shuffles of the tile bag
    (see the module docstring), the generator left where they left it."""
    rng = Rng.from_seed(seed)
    bag = list(BASE_TILE_IDS) + (list(KICKSTARTER_IDS) if options.kickstarter else [])
    rng.shuffle(bag)
    popped = [bag.pop() for _ in range(len(SETUP.recommended_layouts[players]) + SETUP.tile_offer_size)]
    if options.darkness:
        bag += DARKNESS_IDS
        rng.shuffle(bag)
    return MyracliaDealer(rng=rng, tiles=bag + popped[::-1])
