"""Random-play throughput of the Myraclia engine on CPython, per player count.

    python bench/myraclia.py --games 50

Prints (legal_actions + apply) steps per second and whole games per second, by wall clock
and per CPU second of this process (the latter is steadier on a busy machine).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.rng import Rng  # noqa: E402


def run(players: int, games: int, options: dict | None) -> tuple[int, float, float]:
    game = get_game("myraclia")
    steps = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        state = game.new_game(players, seed, options)
        rng = Rng.from_seed(seed + 12345)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.below(len(legal))])
            steps += 1
    return steps, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--expansions", action="store_true", help="with Kickstarter, Eternity and Darkness")
    args = ap.parse_args()
    opts = {"kickstarter": True, "eternity": True, "darkness": True} if args.expansions else None
    print(f"Myraclia random play on {sys.implementation.name} {sys.version.split()[0]}, {args.games} games per count")
    for n in (2, 3, 4, 5):
        steps, secs, cpu = run(n, args.games, opts)
        print(f"{n} players: {steps / secs:7.0f} steps/s (legal_actions + apply), "
              f"{args.games / secs:6.2f} games/s, {steps / args.games:.0f} steps/game "
              f"[per CPU second: {steps / cpu:.0f} steps/s, {args.games / cpu:.2f} games/s]")


if __name__ == "__main__":
    main()
