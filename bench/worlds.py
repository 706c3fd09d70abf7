"""A device's world: how often it goes back and how long it takes to follow a whole game.

    python3 bench/worlds.py                        # the four test games, this tree
    python3 bench/worlds.py --upto 200             # each game followed up to move 200
    python3 bench/worlds.py --against HEAD~3       # this tree and another revision, alternating
    python3 bench/worlds.py --links euphoria:4:4:40 --against 5e1ddce   # a t5 run, both trees

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

**A game at a distance** (``--links GAME:SEATS:SEED:MOVES``, repeatable): the headless tool
plays it with cards dealt by mental poker (``tools/distance_game.py GAME --players SEATS
--seed SEED --deal --max-moves MOVES``), where every device builds its own worlds to open
and to make each ``t5`` link. Per tree it prints the links and moves made, the worlds made
(``masked.World`` made, counted as above: each retry of ``masked.build`` is one), the CPU
seconds of the whole run, and a digest of the links written (SHA-256 of every
``links/NNNN.txt`` in order): the deal, the keys and the bots are seeded, so two trees whose
worlds follow the same rules write the same links, and ``same links`` says whether they
did. Each worker runs with ``PYTHONHASHSEED=0``, so that the order of a set of cards is the
same in both trees.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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


def measure_links(name: str, players: int, seed: int, moves: int) -> dict:
    """The figures of one game at a distance (``--links``) with the tool of the tree importable
    here (the worker): links and moves made, worlds made (``World.__init__`` wrapped, as in
    ``measure``), CPU seconds, and the links' digest."""
    sys.path.insert(0, str(Path.cwd() / "tools"))
    import distance_game
    from engines.core import masked

    made = {"worlds": 0}
    init = masked.World.__init__

    def counted_init(self, *args, **kwargs):   # type: ignore[no-untyped-def]
        made["worlds"] += 1
        init(self, *args, **kwargs)

    masked.World.__init__ = counted_init   # type: ignore[method-assign]
    # a device's first link makes its seat key: seeded, as the tool's own runs make them since
    # open_dealt passes them (before, it took them from entropy, so no two runs matched)
    revealed, open_link = distance_game.revealed, distance_game.revealed.open_link

    def seeded_open(*args, make_key=None, **kwargs):   # type: ignore[no-untyped-def]
        return open_link(*args, make_key=make_key or (lambda s: distance_game.seeded_key(name, seed, s)), **kwargs)

    revealed.open_link = seeded_open
    with tempfile.TemporaryDirectory(prefix="tavolo-links-") as out:
        t0 = time.process_time()
        summary = distance_game.play_deal(name, players, seed, Path(out), max_moves=moves)
        cpu = time.process_time() - t0
        digest = hashlib.sha256()
        for file in sorted((Path(out) / "links").iterdir()):
            digest.update(file.read_bytes())
    return {"links": summary["links"], "moves": summary["moves"], "refused": len(summary["refused"]),
            "worlds": made["worlds"], "cpu": cpu, "digest": digest.hexdigest()[:16]}


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


def run_links(root: Path, spec: tuple[str, int, int, int]) -> dict:
    """One worker process playing a game at a distance with the tool of ``root``."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
            "import worlds; print(json.dumps(worlds.measure_links(sys.argv[3], *map(int, sys.argv[4:7]))))")
    out = subprocess.run([sys.executable, "-c", code, str(root), str(HERE / "bench"), spec[0], *map(str, spec[1:])],
                         capture_output=True, text=True, cwd=str(root), check=False,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    if out.returncode != 0:
        raise SystemExit(f"the worker failed in {root}:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def links_spec(text: str) -> tuple[str, int, int, int]:
    """``GAME:SEATS:SEED:MOVES`` read (``--links``)."""
    name, *numbers = text.split(":")
    if len(numbers) != 3 or not all(n.isdigit() for n in numbers):
        raise argparse.ArgumentTypeError(f"{text!r}: give GAME:SEATS:SEED:MOVES, e.g. euphoria:4:4:40")
    players, seed, moves = map(int, numbers)
    return name, players, seed, moves


def compare_links(specs: list[tuple[str, int, int, int]], trees: list[tuple[str, Path]], rounds: int) -> None:
    """Each game at a distance played by each tree, alternating, ``rounds`` times; per tree its
    figures (median CPU), and with two trees the ratio and whether their links are the same."""
    for spec in specs:
        got: dict[str, list[dict]] = {label: [] for label, _ in trees}
        for _ in range(rounds):
            for label, root in trees:
                got[label].append(run_links(root, spec))
        name, players, seed, moves = spec
        print(f"\n{name} at a distance, {players} seats, seed {seed}, --max-moves {moves}")
        print(f"  {'tree':>12} {'links':>6} {'moves':>6} {'refused':>8} {'worlds':>8} {'cpu s':>8}  links digest")
        for label, results in got.items():
            r = results[-1]
            cpu = statistics.median(x["cpu"] for x in results)
            print(f"  {label:>12} {r['links']:>6} {r['moves']:>6} {r['refused']:>8} {r['worlds']:>8} {cpu:>8.1f}  "
                  f"{r['digest']}")
        if len(trees) > 1:
            mine, theirs = (statistics.median(x["cpu"] for x in got[label]) for label, _ in trees)
            same = len({r["digest"] for results in got.values() for r in results}) == 1
            print(f"  ratio {theirs / mine:.2f}x   ({trees[1][0]} / this tree, median CPU s; above 1: this tree "
                  f"is faster); same links: {'yes' if same else 'NO'}")


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
    ap.add_argument("--links", type=links_spec, action="append", metavar="GAME:SEATS:SEED:MOVES",
                    help="a game at a distance (t5 links) instead of the worlds' games")
    args = ap.parse_args(argv)
    if args.links:
        with tempfile.TemporaryDirectory(prefix="tavolo-worlds-") as tmp:
            trees = [("this tree", HERE)] + ([(args.against, export(args.against, Path(tmp)))] if args.against else [])
            compare_links(args.links, trees, args.rounds if len(trees) > 1 else 1)
        return 0
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
