"""Random-play throughput of the Euphoria engine on CPython, per player count.

    python bench/euphoria.py [--games N]

Prints, for 2 to 6 players: (legal_actions + apply) steps per second and whole games per
second, with random bots on every seat (trading on, the default options).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.rng import Rng  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    game = get_game("euphoria")
    print(f"Euphoria random play, {args.games} games per player count")
    for players in range(game.min_players, game.max_players + 1):
        steps = 0
        t0 = time.perf_counter()
        for seed in range(args.games):
            state = game.new_game(players, seed)
            rng = Rng.from_seed(seed + 99)
            while not game.is_over(state):
                game.apply(state, rng.choice(game.legal_actions(state)))
                steps += 1
        dt = time.perf_counter() - t0
        print(f"{players} players: {steps / dt:8.0f} steps/s (legal_actions + apply), "
              f"{args.games / dt:6.2f} games/s, {steps / args.games:7.0f} steps/game")


if __name__ == "__main__":
    main()
