"""Playing whole games headless: used by the CLI, the tests and the benchmarks."""

from __future__ import annotations

from typing import Callable, Iterator

from .bots import Bot, get_bot
from .game import Game, GameState
from .record import GameRecord, new_record
from .rng import Rng


def play_game(game: Game, players: int, seed: int, bots: list[Bot] | list[str] | str = "random",
              options: dict | None = None, max_steps: int = 100_000,
              on_step: Callable[[GameState, object], None] | None = None) -> tuple[GameState, GameRecord]:
    """Play a whole game with one bot per seat; return the final state and its record.

    ``bots`` is one bot (or level name) for every seat, or a list of them. Each seat's bot
    gets its own ``Rng`` derived from ``seed``; the game's chance comes from its seeded dealer
    (the record holds the outcomes where chance is explicit). Raises ``RuntimeError`` past
    ``max_steps``.
    """
    if isinstance(bots, (str,)) or callable(bots):
        bots = [bots] * players
    seat_bots: list[Bot] = [get_bot(game, b) if isinstance(b, str) else b for b in bots]
    kinds = [f"bot:{b}" if isinstance(b, str) else "bot:custom" for b in bots]
    record = new_record(game, players, seed, options,
                        [{"name": f"Bot {i + 1}", "kind": kinds[i]} for i in range(players)], outcomes=True)
    state = game.new_game(players, seed, options, deal=False)
    record.chance += [game.dump_action(o) for o in game.deal(state)]
    rngs = [Rng.from_seed(seed * 1000 + 17 + i) for i in range(players)]
    for _ in range(max_steps):
        seat = game.to_move(state)
        if seat is None:
            return state, record
        action = seat_bots[seat](game, state, rngs[seat])
        if on_step:
            on_step(state, action)
        record.actions.append(game.dump_action(action))
        record.chance += [game.dump_action(o) for o in game.apply(state, action)]
    raise RuntimeError(f"{game.name}: game with seed {seed} not over after {max_steps} steps")


def steps(game: Game, state: GameState, bot: Bot, rng: Rng, max_steps: int) -> Iterator[tuple[GameState, object]]:
    """Yield (state before, action) for each step, applying each action after the yield."""
    for _ in range(max_steps):
        if game.to_move(state) is None:
            return
        action = bot(game, state, rng)
        yield state, action
        game.apply(state, action)
    raise RuntimeError(f"{game.name}: not over after {max_steps} steps")
