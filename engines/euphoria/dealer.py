"""Euphoria's seeded dealer (``engines.core.chance``): the chance source of a game made from a
seed, dealing exactly what the game drew from that seed before its chance was explicit.

The old set-up made ``rng = Rng.from_seed(seed)`` and shuffled, in this order, the market
tiles, the recruits, the artifact deck and the dilemma cards (``MARKET_IDS``, ``RECRUIT_IDS``,
``ARTIFACT_DECK``, ``DILEMMA_IDS`` in the components' order), then dealt from the ends of those
lists (``pop()``) and kept ``rng`` in the state for everything later. ``EuphoriaDealer.new``
makes the same four shuffles and keeps the four orders and ``rng``; each chance node then makes
the old code's call for that event, in the same order (``pick``):

- a dilemma, a market tile dealt to a player, to the six or to a site (without the market
  selection), a recruit: the next card from the end of its order (the old ``pop()``);
- a die (set-up, roll event, roll-off): ``rng.randint(1, 6)``;
- the first player among tied totals: ``rng.choice(among)``;
- the start of the track placement: ``rng.below(players)``;
- the market selection's six onto the sites: the kept tiles in seat order plus the tiles of
  the pile in the order drawn, ``rng.shuffle``d at the first site, then dealt from the end;
- an artifact: the next card from the end of its order; when the deck is empty, the old
  discards were shuffled into a new deck: ``rng.shuffle`` of the discard pile in its order.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.core.rng import Rng

from .actions import (DrawArtifact, DrawDilemma, DrawMarket, DrawRecruit, FirstPlayer, PlacementStart, Roll,
                      outcome)
from .components import ARTIFACT_DECK, DILEMMA_IDS, MARKET_IDS, RECRUIT_IDS

#: per kind of chance node, its outcomes' model (as ``rules.chance.MODEL``)
_MODEL: dict[str, Any] = {
    "deal_dilemma": DrawDilemma, "die": Roll, "first_player": FirstPlayer, "deal_tile": DrawMarket,
    "six_tile": DrawMarket, "site_tile": DrawMarket, "deal_recruit": DrawRecruit, "fight_recruit": DrawRecruit,
    "art": DrawArtifact, "placement_start": PlacementStart, "rolloff": Roll,
}


class EuphoriaDealer(BaseModel):
    """The seeded chance source (see the module doc): the old generator and the old decks'
    orders, each dealt from its end."""

    rng: Rng
    tiles: list[str]
    recruits: list[str]
    arts: list[str]
    dilemmas: list[str]
    six: list[str] = []      # market selection: the six tiles to go onto the sites, in the old order
    shuffled: bool = False   # market selection: ``six`` shuffled (the first site dealt)

    @classmethod
    def new(cls, seed: int) -> "EuphoriaDealer":
        """The dealer of a new game of ``seed``: the old set-up's four shuffles."""
        rng = Rng.from_seed(seed)
        decks = []
        for ids in (MARKET_IDS, RECRUIT_IDS, ARTIFACT_DECK, DILEMMA_IDS):
            deck = list(ids)
            rng.shuffle(deck)
            decks.append(deck)
        return cls(rng=rng, tiles=decks[0], recruits=decks[1], arts=decks[2], dilemmas=decks[3])

    def copy_fast(self) -> "EuphoriaDealer":
        """An independent copy (the state's fast clone)."""
        return EuphoriaDealer.model_construct(rng=Rng.model_construct(s=self.rng.s[:]), tiles=self.tiles[:],
                                              recruits=self.recruits[:], arts=self.arts[:],
                                              dilemmas=self.dilemmas[:], six=self.six[:], shuffled=self.shuffled)

    def pick(self, game: Any, state: Any) -> Any:
        """The outcome of the chance node ``state`` is at, as the old code drew it."""
        t = state.tasks[-1]
        k = t["k"]
        rng = self.rng
        x: Any
        if k in ("die", "rolloff"):
            x = rng.randint(1, 6)
        elif k == "deal_dilemma":
            x = self.dilemmas.pop()
        elif k == "first_player":
            x = rng.choice(t["among"])
        elif k in ("deal_recruit", "fight_recruit"):
            x = self.recruits.pop()
        elif k == "art":
            if not state.art_deck:  # the old reshuffle of the discards, in their order
                self.arts = list(state.art_discard)
                rng.shuffle(self.arts)
            x = self.arts.pop()
        elif k == "deal_tile":
            x = self.tiles.pop()
        elif k == "six_tile":
            if not self.six:
                self.six = [pl.kept_tile for pl in state.p]
            x = self.tiles.pop()
            self.six.append(x)
        elif k == "site_tile":
            if state.options.market_selection:
                if not self.shuffled:
                    if not self.six:
                        self.six = [pl.kept_tile for pl in state.p]
                    rng.shuffle(self.six)
                    self.shuffled = True
                x = self.six.pop()
            else:
                x = self.tiles.pop()
        elif k == "placement_start":
            x = rng.below(state.players)
        else:
            raise ValueError(f"no chance node {k!r}")
        return outcome(_MODEL[k], x)
