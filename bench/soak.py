"""Soak test: play many seeded games of one game and count what goes wrong.

    python bench/soak.py myraclia --minutes 10
    python bench/soak.py euphoria --games 2000 --jobs 2
    python bench/soak.py all --minutes 5 --step-cap 20000

Game ``i`` has seed ``--seed0 + i``; its player count cycles through the game's whole range,
and its seats through three mixes: every seat random, every seat the heuristic bot, and
random and heuristic seats alternating. A share of the games (one round of player counts in ``--replay-every``) is then
rebuilt from its record as JSON text (``replay(parse_record(...))``, the path every save,
link and file takes) and must give the same final state.

It prints, per player count and in total: games played, games per minute, steps per second,
crashes (any exception from the engine or a bot, with the seed to reproduce it), games not
ended within ``--step-cap`` actions (pure-random Euphoria games can last hundreds of
thousands of actions), and replays that did not give the same state. The exit status is 1
when anything crashed or a replay differed. Nothing is timed against a goal: these are
figures for the closing notes (tests never time anything).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game, list_games, new_record, parse_record, replay  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402

MIXES = ("random", "heuristic", "mixed")
KNOWN_MIXES = (*MIXES, "playout")


def seats_for(mix: str, players: int) -> list[str]:
    """The bot level of every seat: one level for all, or ``mixed`` random and heuristic seats."""
    if mix == "mixed":
        return ["random" if i % 2 == 0 else "heuristic" for i in range(players)]
    return [mix] * players


def play_one(name: str, index: int, seed0: int, step_cap: int, replay_every: int,
             mixes: tuple[str, ...] = MIXES) -> dict:
    """Play game ``index``; a dict of what happened (never raises)."""
    game = get_game(name)
    span = game.max_players - game.min_players + 1
    players = game.min_players + index % span
    mix = mixes[(index // span) % len(mixes)]
    levels = seats_for(mix, players)
    seed = seed0 + index
    out = {"players": players, "mix": mix, "seed": seed, "steps": 0, "crash": None, "ended": False,
           "replayed": False, "replay_differs": False}
    try:
        bots = [get_bot(game, lvl) for lvl in levels]
        record = new_record(game, players, seed, None,
                            [{"name": f"Bot {i + 1}", "kind": f"bot:{lvl}"} for i, lvl in enumerate(levels)])
        state = game.new_game(players, seed)
        rngs = [Rng.from_seed(seed * 1000 + 17 + i) for i in range(players)]
        while out["steps"] < step_cap:
            seat = game.to_move(state)
            if seat is None:
                out["ended"] = True
                break
            action = bots[seat](game, state, rngs[seat])
            record.actions.append(game.dump_action(action))
            game.apply(state, action)
            out["steps"] += 1
        else:
            out["ended"] = game.to_move(state) is None
        if out["ended"]:
            game.scores(state), game.winners(state), game.score_breakdown(state)
        if replay_every and (index // span) % replay_every == 0:  # every count and mix in turn
            again = replay(parse_record(record.model_dump_json()))
            out["replayed"] = True
            out["replay_differs"] = again.model_dump() != state.model_dump()
    except Exception as exc:  # a crash is what the soak looks for: record it and go on
        out["crash"] = f"{type(exc).__name__}: {exc}"[:300] + "\n" + traceback.format_exc(limit=-3)
    return out


def _worker(args: tuple) -> dict:
    return play_one(*args)


def soak(name: str, minutes: float | None, games: int | None, seed0: int, step_cap: int,
         replay_every: int, jobs: int, progress: float = 0, mixes: tuple[str, ...] = MIXES) -> int:
    """Play until the time or the game count runs out; print the figures; -> exit status."""
    deadline = time.perf_counter() + minutes * 60 if minutes else None
    limit = games if games else 10**12
    start = time.perf_counter()
    by_count: dict[int, Counter] = {}
    crashes: list[dict] = []
    total = Counter()

    def record(r: dict) -> None:
        c = by_count.setdefault(r["players"], Counter())
        for bucket in (c, total):
            bucket["games"] += 1
            bucket["steps"] += r["steps"]
            bucket["crashes"] += r["crash"] is not None
            bucket["not_ended"] += r["crash"] is None and not r["ended"]
            bucket["replayed"] += r["replayed"]
            bucket["replay_differs"] += r["replay_differs"]
        if r["crash"] is not None:
            crashes.append(r)
            print(f"  CRASH players={r['players']} mix={r['mix']} seed={r['seed']}: {r['crash']}",
                  file=sys.stderr, flush=True)

    next_report = start + progress * 60 if progress else None

    def report() -> None:  # a running total on stderr, so a long soak that is stopped still tells
        nonlocal next_report
        if next_report and time.perf_counter() > next_report:
            _line(f"  so far ({(time.perf_counter() - start) / 60:.0f} min)", total,
                  time.perf_counter() - start, file=sys.stderr)
            next_report += progress * 60

    tasks = ((name, i, seed0, step_cap, replay_every, mixes) for i in range(limit))
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for r in pool.imap_unordered(_worker, tasks, chunksize=4):
                record(r)
                report()
                if deadline and time.perf_counter() > deadline:
                    pool.terminate()
                    break
    else:
        for t in tasks:
            record(_worker(t))
            report()
            if deadline and time.perf_counter() > deadline:
                break
    secs = time.perf_counter() - start

    print(f"{name}: seeds from {seed0}, step cap {step_cap}, replay every {replay_every}, "
          f"{jobs} job(s), seats {'/'.join(mixes)}, {secs / 60:.1f} min")
    for players in sorted(by_count):
        _line(f"  {players} players", by_count[players], secs)
    _line("  total", total, secs)
    for r in crashes[:10]:
        print(f"  CRASH players={r['players']} mix={r['mix']} seed={r['seed']} after {r['steps']} steps: {r['crash']}")
    return 1 if total["crashes"] or total["replay_differs"] else 0


def _line(label: str, c: Counter, secs: float, file=None) -> None:
    print(f"{label}: {c['games']} games ({c['games'] / secs * 60:.0f}/min), {c['steps'] / secs:.0f} steps/s, "
          f"crashes {c['crashes']}, not ended {c['not_ended']}, "
          f"replayed {c['replayed']} (differ {c['replay_differs']})", file=file, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=[*list_games(), "all"])
    ap.add_argument("--minutes", type=float, help="stop after this long (per game with 'all')")
    ap.add_argument("--games", type=int, help="stop after this many games (per game with 'all')")
    ap.add_argument("--seed0", type=int, default=0, help="seed of the first game (default 0)")
    ap.add_argument("--step-cap", type=int, default=20_000, help="actions before a game counts as not ended")
    ap.add_argument("--replay-every", type=int, default=10, help="replay every Nth game from its record (0: none)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--mixes", default=",".join(MIXES),
                    help="seat mixes to cycle through, from " + ", ".join(KNOWN_MIXES) + " (default %(default)s); "
                         "'playout' seats play the fast playout policy, so 4-6 player Euphoria games end")
    ap.add_argument("--progress", type=float, default=0, help="print a running total every this many minutes")
    args = ap.parse_args(argv)
    if not args.minutes and not args.games:
        ap.error("give --minutes or --games")
    mixes = tuple(m.strip() for m in args.mixes.split(",") if m.strip())
    if not mixes or any(m not in KNOWN_MIXES for m in mixes):
        ap.error(f"--mixes takes a comma-separated list of {', '.join(KNOWN_MIXES)}")
    status = 0
    for name in (list_games() if args.game == "all" else [args.game]):
        status |= soak(name, args.minutes, args.games, args.seed0, args.step_cap, args.replay_every, args.jobs,
                        args.progress, mixes)
    return status


if __name__ == "__main__":
    sys.exit(main())
