"""Citadels' playout policy (``Game.playout_action``): its speed next to random play and the
heuristic bot, and its strength against both.

    python bench/citadels_playout.py [--games 200] [--players 3] [--seconds 2]

Speed: steps/s of random play, of the playout policy and of the heuristic bot (every seat),
measured in turn in this process (only their ratios mean much on a busy machine).

Strength: ``--games`` seeded games (seeds 1..N) at ``--players``; one seat plays the playout
policy, rotating with the seed, and the other seats the heuristic bot, then the same games
against random seats, then both again with the heuristic bot in that seat (the baseline
the policy is to be compared with: seat order and seeds favour no one exactly). A win counts 1, a shared win 1/k; the win rate is compared with the
fair share 1/players. Each bot has its own generator, from the seed and the seat.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.bots import get_bot, random_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402

GAME = get_game("citadels")


def steps_per_s(choose, players: int, seconds: float) -> float:
    seed, steps = 1, 0
    state = GAME.new_game(players, seed)
    rng = Rng.from_seed(12345)
    t0 = time.perf_counter()
    while True:
        for _ in range(50):
            if GAME.to_move(state) is None:
                seed += 1
                state = GAME.new_game(players, seed)
            GAME.apply(state, choose(state, rng))
            steps += 1
        now = time.perf_counter()
        if now - t0 >= seconds:
            return steps / (now - t0)


def match(players: int, games: int, others, tested=None) -> tuple[float, float, float]:
    """(wins of the tested seat, its mean score, mean score of the others); the tested seat
    plays the playout policy unless ``tested`` names another bot."""
    playout = tested or get_bot(GAME, "playout")
    wins, mine, theirs = 0.0, 0, 0
    for seed in range(1, games + 1):
        seat = seed % players
        bots = [playout if s == seat else others for s in range(players)]
        rngs = [Rng.from_seed(seed * 1000 + 17 + s) for s in range(players)]
        state = GAME.new_game(players, seed)
        while (p := GAME.to_move(state)) is not None:
            GAME.apply(state, bots[p](GAME, state, rngs[p]))
        best = GAME.winners(state)
        if seat in best:
            wins += 1 / len(best)
        sc = GAME.scores(state)
        mine += sc[seat]
        theirs += sum(sc) - sc[seat]
    return wins / games, mine / games, theirs / (games * (players - 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    n = args.players

    heuristic = get_bot(GAME, "heuristic")
    figures = {
        "random": steps_per_s(lambda s, r: random_bot(GAME, s, r), n, args.seconds),
        "playout": steps_per_s(GAME.playout_action, n, args.seconds),
        "heuristic": steps_per_s(lambda s, r: heuristic(GAME, s, r), n, args.seconds),
    }
    print(f"citadels, {n} players: steps/s (one process, measured in turn)")
    for k, v in figures.items():
        print(f"  {k:<10} {v:>10,.0f}   cost per step {figures['random'] / v:4.2f}x a random step")

    print(f"\nplayout policy in one seat (rotating), {args.games} seeded games; fair share {1 / n:.1%}")
    rows = (("playout", "heuristic", heuristic, None), ("playout", "random", random_bot, None),
            ("heuristic", "heuristic", heuristic, heuristic), ("heuristic", "random", random_bot, heuristic))
    for name, label, others, tested in rows:
        if name == "heuristic" and label == "heuristic":
            print("  the same seats and seeds with the heuristic bot in the tested seat (the baseline):")
        t0 = time.perf_counter()
        rate, mine, theirs = match(n, args.games, others, tested)
        print(f"  {name:<9} vs {label:<10} win rate {rate:6.1%}   mean score {mine:5.1f} (others {theirs:5.1f})"
              f"   [{time.perf_counter() - t0:.1f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
