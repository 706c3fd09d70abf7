"""A device's world: how often it goes back and how long it takes to follow a whole game.

    python3 bench/worlds.py                        # the four test games, this tree
    python3 bench/worlds.py --upto 200             # each game followed up to move 200
    python3 bench/worlds.py --against HEAD~3       # this tree and another revision, alternating

For each game (``GAMES``: Citadels at 5, 6 and 7 seats and Euphoria at 3 seats, seed 1, the
games of ``tests/core/test_masked.py``) the heuristic bot plays the true game from the seeded
dealer, ``masked.mask_record`` writes its masked record, and then, for each seat, that seat's
device follows the game as the test does: its world (``masked.build`` at move 0, then
``World.advance`` after every move, up to ``--upto`` moves) with what the oracle says it reads.
Per seat it prints:

- ``starts``: worlds built from the start (``masked.World`` made: the first, and each one
  made again because a fill made in the set-up proved wrong);
- ``rewinds``: times a world went back to a move before a fill (``World._rewind`` done);
- ``cpu s``: the CPU seconds of that seat's following (``time.process_time``).

and, per game, the CPU seconds of ``mask_record`` and the total. Each game is measured in a
fresh process that imports the engines of the tree being measured. With ``--against REV`` the
other revision's tree is exported into a temporary folder (``git archive``) and both are
measured in turn, ``--rounds`` times, in one run (on a shared machine only the ratio of two
versions measured together means anything): it prints each tree's median total and the ratio
(REV / this tree; above 1: this tree is faster). Nothing here is a test: no figure is checked.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from speed import export  # the tree of another revision, as bench/speed.py takes it

HERE = Path(__file__).resolve().parent.parent

GAMES = [("citadels", 5, 1), ("citadels", 6, 1), ("citadels", 7, 1), ("euphoria", 3, 1)]
"""(game, seats, seed) measured: the games whose worlds the tests check."""


# ---------------------------------------------------------------------------- the worker
def measure(name: str, players: int, seed: int, upto: int | None) -> dict:
    """The figures of one game with the engines importable here (the worker: it runs in the
    process of the tree being measured). Counts by wrapping ``World.__init__`` and
    ``World._rewind`` (the bench changes nothing they do)."""
    from engines import get_game
    from engines.core import masked
    from engines.core.play import play_game

    counts = {"starts": 0, "rewinds": 0}
    init, rewind = masked.World.__init__, masked.World._rewind

    def counted_init(self, *args, **kwargs):   # type: ignore[no-untyped-def]
        counts["starts"] += 1
        init(self, *args, **kwargs)

    def counted_rewind(self, keys, *args, **kwargs):   # type: ignore[no-untyped-def]
        done = rewind(self, keys, *args, **kwargs)
        counts["rewinds"] += bool(done)
        return done

    masked.World.__init__ = counted_init   # type: ignore[method-assign]
    masked.World._rewind = counted_rewind   # type: ignore[method-assign]
    game = get_game(name)
    _, record = play_game(game, players, seed, "heuristic")
    moves = len(record.actions) if upto is None else min(upto, len(record.actions))
    t0 = time.process_time()
    masking = masked.mask_record(game, record)
    mask_s = time.process_time() - t0
    knowledge, seats = masking.knowledge, []
    for seat in range(players):
        counts.update(starts=0, rewinds=0)
        t0 = time.process_time()
        w = masked.build(game, masking.prefix(0), knowledge.known(0, seat), knowledge.bans(0, seat))
        for m in range(1, moves + 1):
            w = w.advance(masking.prefix(m), knowledge.known(m, seat), knowledge.bans(m, seat))
        seats.append({"starts": counts["starts"], "rewinds": counts["rewinds"],
                      "cpu": time.process_time() - t0})
    return {"moves": moves, "of": len(record.actions), "mask": mask_s, "seats": seats,
            "total": mask_s + sum(s["cpu"] for s in seats)}


# ---------------------------------------------------------------------------- the runners
def run(root: Path, name: str, players: int, seed: int, upto: int | None) -> dict:
    """One worker process with the engines of ``root``."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
            "import worlds; print(json.dumps(worlds.measure(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]),"
            " None if sys.argv[6] == '-' else int(sys.argv[6]))))")
    out = subprocess.run([sys.executable, "-c", code, str(root), str(HERE / "bench"), name, str(players),
                          str(seed), "-" if upto is None else str(upto)],
                         capture_output=True, text=True, cwd=str(root), check=False)
    if out.returncode != 0:
        raise SystemExit(f"the worker failed in {root}:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(label: str, result: dict) -> None:
    """One tree's figures for one game: per seat, then the game's."""
    print(f"  {label}: {result['moves']} of {result['of']} moves, mask_record {result['mask']:.2f} s")
    print(f"    {'seat':>4} {'starts':>7} {'rewinds':>8} {'cpu s':>7}")
    for seat, s in enumerate(result["seats"]):
        print(f"    {seat:>4} {s['starts']:>7} {s['rewinds']:>8} {s['cpu']:>7.2f}")
    print(f"    total {result['total']:.2f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--upto", type=int, help="follow each game up to this move (default: the whole game)")
    ap.add_argument("--only", help="only this game, as NAME:SEATS (e.g. citadels:6)")
    ap.add_argument("--against", metavar="REV", help="also measure this git revision, alternating")
    ap.add_argument("--rounds", type=int, default=1, help="alternations with --against (default 1)")
    args = ap.parse_args(argv)
    games = [g for g in GAMES if args.only is None or f"{g[0]}:{g[1]}" == args.only]
    if not games:
        ap.error(f"no game {args.only!r} among {[f'{g[0]}:{g[1]}' for g in GAMES]}")
    with tempfile.TemporaryDirectory(prefix="tavolo-worlds-") as tmp:
        trees = [("this tree", HERE)] + ([(args.against, export(args.against, Path(tmp)))] if args.against else [])
        rounds = args.rounds if len(trees) > 1 else 1
        for name, players, seed in games:
            got: dict[str, list[dict]] = {label: [] for label, _ in trees}
            for _ in range(rounds):   # alternating, so both see the same machine
                for label, root in trees:
                    got[label].append(run(root, name, players, seed, args.upto))
            print(f"\n{name}, {players} seats, seed {seed}")
            for label, results in got.items():
                show(label, results[-1])
            if len(trees) > 1:
                mine = statistics.median(r["total"] for r in got["this tree"])
                theirs = statistics.median(r["total"] for r in got[args.against])
                print(f"  ratio {theirs / mine:.2f}x   ({args.against} / this tree, median total CPU s; "
                      f"above 1: this tree is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
