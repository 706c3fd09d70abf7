"""A tiny game used only to test the shared core: "Draw to 21".

Each player in turn either draws the top card of a shuffled deck (values 1..10) into a
hidden hand, or stops. A player whose hand passes 21 is out. When everyone has stopped or
is out, the highest hand of at most 21 wins (ties share).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from engines.core.errors import IllegalAction
from engines.core.game import Game, Options, SampledState
from engines.core.rng import Rng


class Draw(BaseModel):
    type: Literal["draw"] = "draw"


class Stop(BaseModel):
    type: Literal["stop"] = "stop"


Action = Annotated[Union[Draw, Stop], Field(discriminator="type")]


class ToyOptions(Options):
    deck_size: int = Field(default=30, ge=10, le=60)


class ToyState(SampledState):
    deck: list[int]
    hands: list[list[int]]
    done: list[bool]
    current: int = 0


class Toy(Game[ToyState, Action]):
    name = "toy"
    title = "Draw to 21"
    min_players, max_players = 1, 4
    options_model = ToyOptions
    state_model = ToyState
    action_adapter = TypeAdapter(Action)

    def setup(self, players, seed, options):
        rng = Rng.from_seed(seed)
        deck = [1 + i % 10 for i in range(options.deck_size)]
        rng.shuffle(deck)
        return ToyState(players=players, seed=seed, rng=rng, deck=deck,
                        hands=[[] for _ in range(players)], done=[False] * players)

    def to_move(self, state):
        return None if all(state.done) else state.current

    def legal_actions(self, state):
        if self.is_over(state):
            return []
        return [Draw(), Stop()] if state.deck else [Stop()]

    def check(self, state, action):
        if isinstance(action, Draw) and not state.deck:
            raise IllegalAction("The deck is empty: you can only stop.")
        super().check(state, action)

    def play(self, state, action):
        p = state.current
        if isinstance(action, Draw):
            state.hands[p].append(state.deck.pop())
            if sum(state.hands[p]) > 21:
                state.done[p] = True
        else:
            state.done[p] = True
        self.pass_turn(state)

    @staticmethod
    def pass_turn(state) -> None:
        """The turn to the next seat still playing."""
        p = state.current
        for k in range(1, state.players + 1):
            q = (p + k) % state.players
            if not state.done[q]:
                state.current = q
                break

    def is_over(self, state):
        return all(state.done)

    def scores(self, state):
        return [s if (s := sum(h)) <= 21 else 0 for h in state.hands]

    def winners(self, state):
        best = max(self.scores(state))
        return [i for i, s in enumerate(self.scores(state)) if s == best]

    def view(self, state, player):
        return {"deck": len(state.deck),
                "hands": [h if i == player else len(h) for i, h in enumerate(state.hands)],
                "done": state.done, "current": state.current}

    def log_text(self, state, action):
        return f"Player {state.current + 1} {'draws' if isinstance(action, Draw) else 'stops'}"

    def reveals_information(self, before, action, after):
        return isinstance(action, Draw)

    def determinize(self, state, player, rng):
        """The other hands and the deck re-dealt from the cards ``player`` has not seen
        (gathered sorted, so where they really are does not matter)."""
        world = state.clone()
        unseen = sorted(state.deck + [c for i, h in enumerate(state.hands) if i != player for c in h])
        rng.shuffle(unseen)
        for i, h in enumerate(world.hands):
            if i != player:
                world.hands[i] = [unseen.pop() for _ in h]
        world.deck = unseen
        world.rng = rng.fork()
        return world


GAME = Toy()
