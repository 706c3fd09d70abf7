"""Bots against bots: seeded games with the seats rotated, win rates and an Elo table.

    python bench/arena.py citadels --players 2 --games 200 --bots normal,heuristic
    python bench/arena.py spyrium --players 4 --games 100 --bots hard,heuristic,heuristic,heuristic --jobs 2

``--bots`` names one bot level per seat of a table (``random``, ``heuristic``, and whatever
levels the game offers: ``engines.core.bots.bot_levels``); with fewer names than players
the list is repeated. Game ``i`` is dealt from seed ``--seed0 + i`` and the line-up is
rotated by ``i`` seats, so every level sits in every seat equally often. A win shared by
k players counts 1/k to each.

It prints, per level: games, win share with a 95% confidence interval (Wilson score
interval on the win share, counting a game as one trial per seat the level held), the fair
share (1/players), and the median and 95th-percentile decision time in milliseconds; then
an Elo rating per level fitted to all the pairwise results (each game gives, for every two
seats of different levels, a win, a loss or a draw by final rank), anchored at 1500 for the
first level given (one virtual draw between every two levels keeps it finite). Figures for the closing notes; nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game, list_games  # noqa: E402
from engines.core.bots import bot_levels, get_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402


def lineup(levels: list[str], players: int, index: int) -> list[str]:
    """The levels at the seats of game ``index``: the list repeated to the player count,
    rotated by ``index``."""
    full = [levels[i % len(levels)] for i in range(players)]
    k = index % players
    return full[k:] + full[:k]


def play(name: str, players: int, seed: int, seats: list[str], step_cap: int) -> dict:
    """One game: each seat's result (win share, rank points) and decision times."""
    game = get_game(name)
    bots = [get_bot(game, lvl) for lvl in seats]
    rngs = [Rng.from_seed(seed * 7919 + 31 * i + 5) for i in range(players)]
    state = game.new_game(players, seed)
    times: dict[str, list[float]] = defaultdict(list)
    steps = 0
    while (p := game.to_move(state)) is not None and steps < step_cap:
        t0 = time.perf_counter()
        action = bots[p](game, state, rngs[p])
        times[seats[p]].append(time.perf_counter() - t0)
        game.apply(state, action)
        steps += 1
    ended = game.to_move(state) is None
    winners = game.winners(state) if ended else []
    scores = game.scores(state)
    return {"seats": seats, "ended": ended, "winners": winners, "scores": scores, "times": dict(times)}


def _worker(args: tuple) -> dict:
    return play(*args)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(pairs: list[tuple[str, str, float]], levels: list[str], rounds: int = 500) -> dict[str, float]:
    """Ratings that best explain the pairwise results (a, b, score of a: 1, 0.5 or 0): the
    Bradley-Terry strengths fitted by the minorization-maximization iteration (a draw counts
    half a win to each), as Elo points, the first level anchored at 1500."""
    wins = {lvl: 0.0 for lvl in levels}
    games: dict[tuple[str, str], int] = {}
    for a, b, score in pairs:
        wins[a] += score
        wins[b] += 1 - score
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0) + 1
    strength = {lvl: 1.0 for lvl in levels}
    for _ in range(rounds):
        for lvl in levels:
            denominator = sum(n / (strength[a] + strength[b]) for (a, b), n in games.items() if lvl in (a, b))
            if denominator > 0 and wins[lvl] > 0:
                strength[lvl] = wins[lvl] / denominator
        base = strength[levels[0]]
        strength = {lvl: v / base for lvl, v in strength.items()}
    return {lvl: 1500 + 400 * math.log10(strength[lvl]) for lvl in levels}


class _Serial:
    """``multiprocessing.Pool``'s ``imap`` in this process (``--jobs 1``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def imap(fn, items, chunksize=1):
        return map(fn, items)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=list_games())
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bots", required=True, help="bot levels, comma-separated, one per seat (repeated)")
    ap.add_argument("--seed0", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--step-cap", type=int, default=20_000)
    ap.add_argument("--progress", action="store_true",
                    help="print each game's line-up and winners to stderr as it ends (a long run "
                         "that is stopped still leaves its finished games)")
    args = ap.parse_args(argv)
    game = get_game(args.game)
    levels = [b for b in args.bots.split(",") if b]
    unknown = [b for b in levels if b not in bot_levels(game)]
    if unknown:
        ap.error(f"{game.title} has no bot {unknown[0]!r} (it has: {', '.join(bot_levels(game))})")
    if not game.min_players <= args.players <= game.max_players:
        ap.error(f"{game.title} is for {game.min_players} to {game.max_players} players")
    tasks = [(args.game, args.players, args.seed0 + i, lineup(levels, args.players, i), args.step_cap)
             for i in range(args.games)]
    t0 = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for r in pool.imap(_worker, tasks, chunksize=1):
            results.append(r)
            if args.progress:
                print(f"game {len(results)}/{args.games}: seats {','.join(r['seats'])}, winners {r['winners']}, "
                      f"{'ended' if r['ended'] else 'not ended'}, {(time.perf_counter() - t0) / 60:.1f} min",
                      file=sys.stderr, flush=True)
    secs = time.perf_counter() - t0

    distinct = list(dict.fromkeys(levels))
    share = defaultdict(float)
    seats_held = defaultdict(int)
    times: dict[str, list[float]] = defaultdict(list)
    pairs: list[tuple[str, str, float]] = []
    not_ended = 0
    for r in results:
        not_ended += not r["ended"]
        for seat, lvl in enumerate(r["seats"]):
            seats_held[lvl] += 1
            if seat in r["winners"]:
                share[lvl] += 1 / len(r["winners"])
        for lvl, ts in r["times"].items():
            times[lvl] += ts
        for i, a in enumerate(r["seats"]):
            for j, b in enumerate(r["seats"]):
                if i < j and a != b:
                    si, sj = (i in r["winners"], r["scores"][i]), (j in r["winners"], r["scores"][j])
                    pairs.append((a, b, 1.0 if si > sj else 0.0 if si < sj else 0.5))
    # one virtual draw between every two levels keeps a perfect record from an infinite gap
    ratings = elo(pairs + [(a, b, 0.5) for i, a in enumerate(distinct) for b in distinct[i + 1:]], distinct)
    print(f"{game.title}: {args.games} games at {args.players} players, bots {','.join(levels)}, "
          f"seeds from {args.seed0}, {secs / 60:.1f} min, {not_ended} not ended")
    print(f"{'level':<12}{'seats':>7}{'win share':>11}{'95% CI':>17}{'fair':>7}{'median ms':>11}{'p95 ms':>9}{'Elo':>7}")
    for lvl in distinct:
        n = seats_held[lvl]
        lo, hi = wilson(share[lvl], n)
        ts = sorted(times[lvl]) or [0.0]
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        print(f"{lvl:<12}{n:>7}{share[lvl] / n if n else 0:>11.1%}{f'{lo:.1%}-{hi:.1%}':>17}{1 / args.players:>7.0%}"
              f"{statistics.median(ts) * 1000:>11.1f}{p95 * 1000:>9.1f}{ratings[lvl]:>7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
