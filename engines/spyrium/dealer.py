"""Spyrium's seeded dealer (``engines.core.chance``): the chance source of a game made from a
seed, dealing exactly what the rules drew from that seed before chance was explicit.

Before, set-up made ``Rng.from_seed(seed)`` and called, in this order: ``shuffle`` of the
period decks A, B and C (``deck_cards``), ``shuffle`` of the events (``EVENT_IDS``),
``shuffle`` of the numbered tokens (``TOKEN_SUPPLY``), then ``below(players)`` for the first
player (§2.8), after the preview's token was popped from the reserve (no call). Later the
generator was called only to ``shuffle`` the token discard pile, in the order it was
discarded, into an empty reserve (§11.5). A card, an event or a token was taken from the end
(a deck's and the reserve's top is the last item) or the front (the events) of those lists.

``SpyriumDealer`` keeps the generator and those orders and makes the same calls when the
same events come: ``seeded`` does the set-up's three shuffles, ``pick`` the rest, one chance
node at a time (``SpyriumState.dealing`` says which).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.core.rng import Rng

from .actions import DEAL, DRAW, FIRST, REVEAL, Outcome
from .components import EVENT_IDS, PERIOD_BY_ROUND, TOKEN_SUPPLY, deck_cards


class SpyriumDealer(BaseModel):
    """The seeded dealer (see the module docstring).

    ``rng``: the old generator after the set-up's shuffles; ``decks``: each period deck in
    the old order (its top, the next card dealt, last); ``events``: the face-down events in
    the old order (the next one revealed first); ``tokens``: the token reserve in the old
    order (the next token drawn last)."""
    rng: Rng
    decks: dict[str, list[str]]
    events: list[str]
    tokens: list[int]

    def pick(self, game: Any, state: Any) -> Outcome:
        """The outcome of the chance node ``state`` is at, as the old rules drew it."""
        kind = state.dealing
        if kind == "event":
            return REVEAL[self.events.pop(0)]
        if kind == "card":
            return DEAL[self.decks[PERIOD_BY_ROUND[state.round]].pop()]
        if kind == "first_player":
            return FIRST[self.rng.below(state.players)]
        if not self.tokens:  # the old draw_token: the discard pile, in its order, reshuffled
            self.tokens = list(state.token_discard)
            self.rng.shuffle(self.tokens)
        return DRAW[self.tokens.pop()]

    def copy_dealer(self) -> "SpyriumDealer":
        """An independent copy (a state's clone must not share its dealer)."""
        return SpyriumDealer.model_construct(
            rng=Rng.model_construct(s=self.rng.s[:]), decks={k: v[:] for k, v in self.decks.items()},
            events=self.events[:], tokens=self.tokens[:])


_DECKS = {period: deck_cards(period) for period in "ABC"}  # in data order, as the old set-up had them


def seeded(seed: int) -> SpyriumDealer:
    """The dealer of a game made from ``seed``: the old set-up's shuffles, in its order."""
    rng = Rng.from_seed(seed)
    decks = {}
    for period in "ABC":
        deck = _DECKS[period][:]
        rng.shuffle(deck)
        decks[period] = deck
    events = list(EVENT_IDS)
    rng.shuffle(events)
    tokens = list(TOKEN_SUPPLY)
    rng.shuffle(tokens)
    return SpyriumDealer.model_construct(rng=rng, decks=decks, events=events, tokens=tokens)  # valid parts
