"""The bot interface: a bot is a function ``choose(game, state, rng) -> Action``.

``rng`` is the bot's own ``Rng`` (never the game's: a bot must not change the game's
chance). A fair bot decides from ``game.view(state, game.to_move(state))`` and
``game.legal_actions(state)`` only, never from hidden parts of ``state``.
"""

from __future__ import annotations

from typing import Any, Callable

from .game import Game, GameState
from .rng import Rng

Bot = Callable[[Game, GameState, Rng], Any]


def random_bot(game: Game, state: GameState, rng: Rng) -> Any:
    """Picks uniformly among the legal actions."""
    return rng.choice(game.legal_actions(state))


def with_mistakes(bot: Bot, rate: float = 0.3) -> Bot:
    """An easier ``bot``: with probability ``rate`` it plays a uniformly random legal action
    instead of its own choice (chance from the bot's own ``rng`` only): the "easy" level a
    beginner can beat."""
    per_mille = round(rate * 1000)

    def choose(game: Game, state: GameState, rng: Rng) -> Any:
        if rng.below(1000) < per_mille:
            return random_bot(game, state, rng)
        return bot(game, state, rng)
    return choose


def bot_levels(game: Game) -> list[str]:
    """Bot level names available for ``game``: "random" plus the game's own."""
    return ["random", *game.bots().keys()]


def get_bot(game: Game, level: str) -> Bot:
    if level == "random":
        return random_bot
    own = game.bots()
    if level not in own:
        raise ValueError(f"{game.title} has no bot '{level}' (it has: {', '.join(bot_levels(game))})")
    return own[level]
