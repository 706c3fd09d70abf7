"""Random-play throughput of the Citadels engine on CPython, per player count.

    python bench/citadels.py [--games N]

Prints, for 2 to 7 players: steps per second (one step = legal_actions + apply of a random
legal action) and whole games per second (set-up included).
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per player count")
    args = ap.parse_args()
    game = get_game("citadels")
    print(f"Citadels random play on CPython {sys.version.split()[0]}, {args.games} games per count")
    print(f"{'players':>7} {'steps/s':>10} {'games/s':>9} {'steps/game':>11}")
    for players in range(game.min_players, game.max_players + 1):
        steps = 0
        t0 = time.perf_counter()
        for seed in range(args.games):
            state = game.new_game(players, seed)
            rng = Rng.from_seed(seed + 99)
            while not game.is_over(state):
                actions = game.legal_actions(state)
                game.apply(state, actions[rng.below(len(actions))])
                steps += 1
        dt = time.perf_counter() - t0
        print(f"{players:>7} {steps / dt:>10.0f} {args.games / dt:>9.1f} {steps / args.games:>11.1f}")


if __name__ == "__main__":
    main()
