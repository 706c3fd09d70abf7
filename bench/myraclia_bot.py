"""Heuristic bot vs random bot win rate for Myraclia (seat rotated, seeded games).

    python bench/myraclia_bot.py --games 200

A game counts as a win for the heuristic bot when it is among the winners after the
tie-breaks (§10.4). At 4 players one heuristic bot plays three random bots.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.play import play_game  # noqa: E402


def win_rate(players: int, games: int, options: dict | None = None) -> tuple[float, float]:
    game = get_game("myraclia")
    wins = 0
    margin = 0.0
    for seed in range(games):
        seat = seed % players
        bots = ["random"] * players
        bots[seat] = "heuristic"
        state, _ = play_game(game, players, seed, bots, options=options)
        wins += seat in game.winners(state)
        scores = game.scores(state)
        margin += scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return wins / games, margin / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4])
    ap.add_argument("--expansions", action="store_true", help="play with Kickstarter, Eternity and Darkness")
    args = ap.parse_args()
    opts = {"kickstarter": True, "eternity": True, "darkness": True} if args.expansions else None
    for n in args.players:
        t = time.perf_counter()
        rate, margin = win_rate(n, args.games, opts)
        print(f"{n} players: heuristic wins {rate:.1%} of {args.games} games vs random "
              f"(mean margin {margin:+.1f} VP, {time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main()
