"""Win rate of Spyrium's heuristic bot against the random bot (seeded, seat rotated).

    python bench/spyrium_bot.py [--games 200] [--players 2 4]

In game ``g`` the heuristic bot sits in seat ``g % players``; every other seat is the random
bot. A shared victory counts as a win for the heuristic bot when it is among the winners.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.play import play_game  # noqa: E402


def win_rate(players: int, games: int, seed0: int = 0) -> tuple[float, float, float]:
    """(win rate, mean heuristic score, mean best random score)."""
    game = get_game("spyrium")
    wins = 0
    mine = others = 0.0
    for g in range(games):
        seat = g % players
        bots = ["random"] * players
        bots[seat] = "heuristic"
        state, _ = play_game(game, players, seed0 + g, bots)
        sc = game.scores(state)
        wins += seat in game.winners(state)
        mine += sc[seat]
        others += max(s for i, s in enumerate(sc) if i != seat)
    return wins / games, mine / games, others / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    for n in args.players:
        t = time.perf_counter()
        rate, mine, best_other = win_rate(n, args.games, args.seed)
        print(f"{n} players: heuristic wins {rate:.1%} of {args.games} games vs random "
              f"(mean score {mine:.1f} vs best random {best_other:.1f}; {time.perf_counter() - t:.1f}s)")


if __name__ == "__main__":
    main()
