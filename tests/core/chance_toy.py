""""Draw to 21" (``toy.py``) with its chance explicit: the reference of a chance node.

The same game as ``toy.Toy``, written the way every game's chance is written
(``engines.core.chance``):

- the deck is a multiset (``left``: how many cards of each value 1..10 are left), not an
  order: the state knows nothing of the next card;
- drawing is a player's action that leaves the state at a chance node (``pending``): there
  ``to_move`` is ``CHANCE``, ``chance_weights`` gives one outcome per value left, weighted by
  how many are left, and the outcome (``Card``) is played like an action;
- its seeded dealer (``ToyDealer``, in ``state.dealer``) deals exactly the cards
  ``toy.Toy`` draws from the same seed, so a game of the first format replays the same.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from engines.core.chance import CHANCE
from engines.core.errors import IllegalAction
from engines.core.game import Chance, ChanceState, Game
from engines.core.rng import Rng

from .toy import Draw, Stop, Toy, ToyOptions


class Card(BaseModel):
    """A chance outcome: the card drawn has this value."""
    type: Literal["card"] = "card"
    value: int = Field(ge=1, le=10)


Action = Annotated[Union[Draw, Stop, Card], Field(discriminator="type")]


class ToyDealer(BaseModel):
    """The seeded dealer: the deck in the order ``toy.Toy`` shuffled it from the seed;
    each draw takes its last card, as ``toy.Toy`` pops it."""
    order: list[int]

    def pick(self, game: "ChanceToy", state: "ChanceToyState") -> Card:
        return Card(value=self.order.pop())


class ChanceToyState(ChanceState):
    left: list[int]             # left[v - 1]: cards of value v still in the deck
    hands: list[list[int]]
    done: list[bool]
    current: int = 0
    pending: bool = False       # a card is to be drawn for ``current`` (a chance node)
    dealer: ToyDealer | None = None


class ChanceToy(Toy):
    """``Toy`` with its chance explicit: the set-up, the moves and the view of a deck with no
    order; the scores, the winners and the log lines are ``Toy``'s."""

    name = "chance_toy"
    title = "Draw to 21 (chance nodes)"
    min_players, max_players = 1, 4
    chance = Chance.EXPLICIT
    options_model = ToyOptions
    state_model = ChanceToyState
    action_adapter = TypeAdapter(Action)

    def setup(self, players, seed, options):
        left = [0] * 10
        for i in range(options.deck_size):
            left[i % 10] += 1
        return ChanceToyState(players=players, seed=seed, left=left, hands=[[] for _ in range(players)],
                              done=[False] * players, seen=[0] * players)

    def seeded_dealer(self, state):
        order = [1 + i % 10 for i in range(sum(state.left))]
        Rng.from_seed(state.seed).shuffle(order)  # toy.Toy's set-up
        return ToyDealer(order=order)

    def to_move(self, state):
        if state.pending:
            return CHANCE
        return None if all(state.done) else state.current

    def chance_weights(self, state):
        return [(Card(value=v + 1), n) for v, n in enumerate(state.left) if n] if state.pending else []

    def chance_seen_by(self, state, outcome):
        return (state.current,)  # the card goes into the drawer's hidden hand

    def legal_actions(self, state):
        if state.pending:
            return [o for o, _ in self.chance_weights(state)]
        if self.is_over(state):
            return []
        return [Draw(), Stop()] if any(state.left) else [Stop()]

    def check(self, state, action):
        if isinstance(action, Draw) and not any(state.left):
            raise IllegalAction("The deck is empty: you can only stop.")
        Game.check(self, state, action)  # the contract's (``Toy.check`` reads a deck in order)

    def play(self, state, action):
        p = state.current
        if isinstance(action, Draw):
            state.pending = True
            return
        if isinstance(action, Card):
            state.pending = False
            state.left[action.value - 1] -= 1
            state.hands[p].append(action.value)
            if sum(state.hands[p]) > 21:
                state.done[p] = True
        else:
            state.done[p] = True
        self.pass_turn(state)

    def is_over(self, state):
        return all(state.done) and not state.pending

    def view(self, state, player):
        return {"deck": sum(state.left),
                "hands": [h if i == player else len(h) for i, h in enumerate(state.hands)],
                "done": state.done, "current": state.current}

    reveals_information = Game.reveals_information  # the core's: from the outcomes seen, not Toy's

    def determinize(self, state, player, rng):
        """The other hands re-dealt from the cards ``player`` has not seen (``toy.Toy``'s
        algorithm, so a fork of an old record re-deals the same); a dealer re-seeded."""
        world = state.clone()
        deck = [v + 1 for v, n in enumerate(state.left) for _ in range(n)]
        unseen = sorted(deck + [c for i, h in enumerate(state.hands) if i != player for c in h])
        rng.shuffle(unseen)
        for i, h in enumerate(world.hands):
            if i != player:
                world.hands[i] = [unseen.pop() for _ in h]
        world.left = [unseen.count(v + 1) for v in range(10)]
        rng.fork()  # toy.Toy re-seeds its generator here: kept, so the draws stay in step
        world.dealer = ToyDealer(order=unseen) if state.dealer is not None else None
        return world


GAME = ChanceToy()
