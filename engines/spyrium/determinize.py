"""The re-dealing of what a player cannot see, for the search bots (``engines.core.search``):
``determinize`` samples a full state that agrees with everything a player has seen (how they
judge a position cut off before the end is ``evaluate``).

What is hidden in Spyrium (spec §15, D-38, ``view``): only the order of three face-down piles
and of the events below the preview. Every player sees the same (there are no hands and no
simultaneous hidden choices, D-52), so ``player`` changes nothing in the sample.

- **The period decks** (``decks``): their content is known. Every card of a period that left
  its deck is on the table: in the market, in a neighbourhood (buildings), beside the start
  card (techniques) or in ``removed`` (leftover market cards, replaced buildings), all public;
  so a deck holds exactly the cards of its period not seen. A deck is only ever dealt from the
  top at the start of a round (§4.3) and nothing is put back, so nothing a player saw
  constrains its order. Each deck is gathered sorted and shuffled with ``rng``.
- **The token reserve** (``token_reserve``): its content is every numbered token not on the
  table (market cards, the turn and preview events, the discard pile, the kept tokens), its
  order unknown (the discard pile goes back into it shuffled, §11.5). Sorted and shuffled.
- **The events below the preview** (``future_events[1:]``): the events not yet seen (every
  event is either past, the turn event, the preview or below it). The preview
  (``future_events[0]``) is face up and stays where it is; the rest are sorted and shuffled.
- **The chance to come**: the state holds none (its piles are multisets, chance is dealt at
  chance nodes). A state with a seeded dealer (``dealer.py``) gives a world with a dealer
  re-seeded: its generator ``rng.fork()`` and its orders the ones shuffled here, exactly the
  deck orders and the generator this function gave the world before chance was explicit, so
  a fork of an old record replays as it did. A state without a dealer gives a world without.

The sample is exactly consistent with the view: no approximation. ``seed`` (the game's
identity) is kept; the rules read it only at set-up.
"""

from __future__ import annotations

from engines.core.rng import Rng

from .dealer import SpyriumDealer
from .state import SpyriumState


def determinize(state: SpyriumState, player: int, rng: Rng) -> SpyriumState:
    """A state ``player`` cannot tell from ``state`` (see the module docstring); ``state`` is
    not changed. The result depends only on what ``player`` sees and on ``rng``."""
    world = state.clone()
    decks = {}
    for period in sorted(world.decks):  # canonical order: a deck's content is public
        deck = sorted(world.decks[period])
        rng.shuffle(deck)
        decks[period] = deck
    tokens = sorted(world.token_reserve)
    rng.shuffle(tokens)
    events = world.future_events
    first = 0 if state.dealing == "event" else 1  # at an "event" node no event is face up
    below = sorted(events[first:])
    if len(events) > first + 1:
        rng.shuffle(below)
    fork = rng.fork()
    world.dealer = (SpyriumDealer.model_construct(rng=fork, decks=decks, events=below, tokens=tokens)
                    if state.dealer is not None else None)  # built from valid parts: no validation
    return world
