"""Win rate of the Euphoria heuristic bot against random bots.

    python bench/euphoria_bot.py [--games N]

N seeded games (default 200) at 2 and at 4 players: one heuristic seat, rotated with the
seed, against random bots on the other seats. Prints the share of games it won (a shared
win after the tie-breaks counts as a win).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.bots import random_bot  # noqa: E402
from engines.core.play import play_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4])
    args = ap.parse_args()
    game = get_game("euphoria")
    heuristic = game.bots()["heuristic"]
    for players in args.players:
        wins = 0
        t0 = time.perf_counter()
        for seed in range(args.games):
            seat = seed % players
            bots = [random_bot] * players
            bots[seat] = heuristic
            state, _ = play_game(game, players, seed, bots, max_steps=200_000)
            wins += seat in game.winners(state)
        dt = time.perf_counter() - t0
        print(f"{players} players: heuristic won {wins}/{args.games} = {100 * wins / args.games:.1f}% "
              f"against random ({dt:.0f} s)")


if __name__ == "__main__":
    main()
