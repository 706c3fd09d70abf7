"""Myraclia's playout policy (``Game.playout_action``): how strong and how cheap it is.

    python bench/myraclia_playout.py                 # 200 games per table, 3 players
    python bench/myraclia_playout.py --games 60 --players 4

Prints, for seeded games with one seat played by the playout policy (the seat rotating with
the game number):

- its win rate against the heuristic bot in the other seats (a tie counts as a share of a
  win; a seat as strong as the others wins 1/players of the games), and its mean score
  minus the mean of the others;
- the same against random seats, next to the heuristic bot's own figures there;
- the steps per second of random play, of the playout policy and of the heuristic bot, in
  this run (only ratios mean anything on a busy machine).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402

G = get_game("myraclia")


def table(games: int, players: int, me: str, others: str) -> tuple[float, float, float]:
    """(win share, mean score difference, seconds per game) of the seat played by ``me``."""
    bots = {name: get_bot(G, name) for name in {me, others}}
    wins = diff = 0.0
    t0 = time.perf_counter()
    for i in range(games):
        seat = i % players
        seats = [me if s == seat else others for s in range(players)]
        state = G.new_game(players, 1000 + i)
        rngs = [Rng.from_seed(7919 * (i + 1) + s) for s in range(players)]
        steps = 0
        while not G.is_over(state) and steps < 5000:
            p = G.to_move(state)
            G.apply(state, bots[seats[p]](G, state, rngs[p]))
            steps += 1
        winners = G.winners(state)
        if seat in winners:
            wins += 1 / len(winners)
        scores = G.scores(state)
        diff += scores[seat] - sum(scores[s] for s in range(players) if s != seat) / (players - 1)
    return wins / games, diff / games, (time.perf_counter() - t0) / games


def speed(players: int, seconds: float) -> dict[str, float]:
    """Steps per second of random play, the playout policy and the heuristic bot."""
    heuristic = get_bot(G, "heuristic")

    def random_choice(state, rng):
        legal = G.legal_actions(state)
        return legal[rng.below(len(legal))]

    out = {}
    for name, choose in (("random", random_choice), ("playout", G.playout_action),
                         ("heuristic", lambda s, r: heuristic(G, s, r))):
        seed, steps, state, rng = 1, 0, G.new_game(players, 1), Rng.from_seed(12345)
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for _ in range(20):
                if G.is_over(state):
                    seed += 1
                    state = G.new_game(players, seed)
                G.apply(state, choose(state, rng))
                steps += 1
        out[name] = steps / (time.perf_counter() - t0)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per speed figure")
    args = ap.parse_args()
    n, games = args.players, args.games
    print(f"Myraclia playout policy, {n} players, {games} seeded games per table (even share: {1 / n:.0%})")
    for me, others in (("playout", "heuristic"), ("playout", "random"), ("heuristic", "random")):
        win, diff, per = table(games, n, me, others)
        print(f"  {me:<9} vs {others:<9} seats: wins {win:6.1%}, score {diff:+6.1f} vs the others' mean"
              f"  ({per:.2f} s/game)")
    sp = speed(n, args.seconds)
    print(f"  steps/s: random {sp['random']:,.0f}, playout {sp['playout']:,.0f} "
          f"({sp['random'] / sp['playout']:.2f}x the cost of a random step), heuristic {sp['heuristic']:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
