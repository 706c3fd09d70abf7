"""Euphoria's playout policy (``Game.playout_action``) as a player: its win rate against the
heuristic bot and against the random bot, and its speed next to random play.

    python bench/euphoria_playout.py [--games 200] [--players 3] [--seconds 2]

In game ``g`` the policy sits in seat ``g % players`` and every other seat is the heuristic
bot (then, in a second series, the random bot); the bots' generators come from the seed and
the seat as in ``bench/soak.py``. A shared victory counts as a win for the policy when it is
among the winners; the fair share (one seat of ``players``) is printed next to it. Then the
heuristic bot is measured in the same seat against the same opponents, for comparison.
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


CAP = 5000


def play(game, players: int, seed: int, seats: list) -> object:
    rngs = [Rng.from_seed(seed * 1000 + 17 + i) for i in range(players)]
    state = game.new_game(players, seed)
    steps = 0
    while (seat := game.to_move(state)) is not None and steps < CAP:
        game.apply(state, seats[seat](game, state, rngs[seat]))
        steps += 1
    return state


def series(game, players: int, games: int, me, others, seed0: int) -> tuple[float, float, float]:
    """(win rate, mean score of ``me``, mean best score of the others)."""
    wins = 0
    mine = best = 0.0
    for g in range(games):
        seat = g % players
        seats = [others] * players
        seats[seat] = me
        state = play(game, players, seed0 + g, seats)
        sc = game.scores(state)
        wins += game.is_over(state) and seat in game.winners(state)
        mine += sc[seat]
        best += max(s for i, s in enumerate(sc) if i != seat)
    return wins / games, mine / games, best / games


def steps_per_s(game, players: int, seconds: float, choose) -> float:
    seed, steps = 1, 0
    state = game.new_game(players, seed)
    rng = Rng.from_seed(12345)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(50):
            if game.to_move(state) is None:
                seed += 1
                state = game.new_game(players, seed)
            game.apply(state, choose(state, rng))
            steps += 1
    return steps / (time.perf_counter() - t0)


def same_positions(game, players: int, seconds: float) -> tuple[float, float]:
    """Along games played by the policy: the seconds per step of ``legal_actions`` + a random
    pick + ``apply`` (a random step) and of ``playout_action`` + ``apply`` (a policy step), on
    the same positions (random play wanders into other positions, cheaper or dearer)."""
    seed, steps, t_rand, t_pol = 1, 0, 0.0, 0.0
    state = game.new_game(players, seed)
    rng, pick = Rng.from_seed(12345), Rng.from_seed(54321)
    clock = time.perf_counter
    end = clock() + seconds
    while clock() < end:
        for _ in range(50):
            if game.to_move(state) is None:
                seed += 1
                state = game.new_game(players, seed)
            copy = state.clone()
            t0 = clock()
            legal = game.legal_actions(copy)
            game.apply(copy, legal[pick.below(len(legal))])
            t1 = clock()
            game.apply(state, game.playout_action(state, rng))
            t2 = clock()
            t_rand += t1 - t0
            t_pol += t2 - t1
            steps += 1
    return t_rand / steps, t_pol / steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="*", default=[3])
    ap.add_argument("--seed", type=int, default=90_000)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per speed figure")
    args = ap.parse_args()
    game = get_game("euphoria")
    policy = lambda g, state, rng: g.playout_action(state, rng)  # noqa: E731
    heuristic, rand = get_bot(game, "heuristic"), get_bot(game, "random")
    for n in args.players:
        def random_choice(state, rng):
            legal = game.legal_actions(state)
            return legal[rng.below(len(legal))]
        r = steps_per_s(game, n, args.seconds, random_choice)
        p = steps_per_s(game, n, args.seconds, lambda s, rng: game.playout_action(s, rng))
        print(f"{n} players: random play {r:,.0f} steps/s, playout policy {p:,.0f} steps/s "
              f"(a policy step costs {r / p:.2f} random steps, each in its own games)")
        tr, tp = same_positions(game, n, args.seconds)
        print(f"  on the same positions (the policy's games): random step {tr * 1e6:,.0f} us, policy "
              f"step {tp * 1e6:,.0f} us (a policy step costs {tp / tr:.2f} random steps)", flush=True)
        for label, me in (("playout policy", policy), ("heuristic bot", heuristic)) if args.games else ():
            for name, others in (("heuristic", heuristic), ("random", rand)):
                t = time.perf_counter()
                rate, mine, best = series(game, n, args.games, me, others, args.seed)
                print(f"  {label} vs {n - 1} {name}: wins {rate:.1%} of {args.games} (fair share "
                      f"{1 / n:.1%}); mean score {mine:.1f} vs best other {best:.1f} "
                      f"({time.perf_counter() - t:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
