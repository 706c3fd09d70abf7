"""Random-play throughput of the Spyrium engine on CPython, per player count.

    python bench/spyrium.py [--games 100]

Prints, for 2 to 5 players: (legal_actions + apply) steps per second, and whole games per
second (set-up included), over ``--games`` seeded random games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.rng import Rng  # noqa: E402


def bench(players: int, games: int) -> tuple[float, float, float, float]:
    """(steps per second, games per second, mean steps per game, steps per CPU second).

    The last figure divides by the process's CPU time, which a busy machine disturbs less."""
    game = get_game("spyrium")
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(games):
        state = game.new_game(players, seed)
        rng = Rng.from_seed(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.below(len(legal))])
            steps += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return steps / dt, games / dt, steps / games, steps / cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args()
    print(f"Spyrium random play, CPython {sys.version.split()[0]}, {args.games} games per count")
    for n in range(2, 6):
        sps, gps, mean, cps = bench(n, args.games)
        print(f"{n} players: {sps:,.0f} (legal_actions + apply)/s, {gps:.1f} games/s, "
              f"{mean:.0f} actions per game ({cps:,.0f} per CPU second)")


if __name__ == "__main__":
    main()
