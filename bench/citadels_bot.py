"""Win rate of the Citadels heuristic bot against random bots.

    python bench/citadels_bot.py [--games N] [--players 2 4 ...]

One heuristic seat against random seats, the heuristic seat rotated over the table game by
game, seeds 0..N-1. A shared win counts as 1/k of a win.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.bots import random_bot  # noqa: E402
from engines.core.play import play_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4])
    args = ap.parse_args()
    game = get_game("citadels")
    heuristic = game.bots()["heuristic"]
    for players in args.players:
        wins = 0.0
        points = [0, 0]
        for seed in range(args.games):
            seat = seed % players
            bots = [random_bot] * players
            bots[seat] = heuristic
            state, _ = play_game(game, players, seed, bots)
            w = game.winners(state)
            if seat in w:
                wins += 1 / len(w)
            sc = game.scores(state)
            points[0] += sc[seat]
            points[1] += sum(sc) - sc[seat]
        print(f"{players} players: heuristic wins {wins / args.games:.1%} of {args.games} games against "
              f"random (avg score {points[0] / args.games:.1f} vs {points[1] / args.games / (players - 1):.1f})")


if __name__ == "__main__":
    main()
