"""Engine speed: steps, playouts, clones and views per second, per game and player count.

    python bench/speed.py                       # every game, every player count, this tree
    python bench/speed.py spyrium --players 3   # one game, one count
    python bench/speed.py --against HEAD~5      # this tree and another revision, alternating
    python bench/speed.py --pyodide public      # the same under the built site's Pyodide (Node)

Per (game, players) it prints:

- ``random``: steps/s of random play, one step being ``legal_actions`` + playing a legal
  action chosen by a seeded generator (a new game starts when one ends);
- ``playout``: steps/s of ``Game.playout_action`` + playing it (the search bots' playout
  policy; ``-`` when the engines have none);
- ``heuristic``: steps/s with every seat played by the game's heuristic bot;
- ``clone``, ``view``, ``legal``: calls/s of ``state.clone()``, ``view(state, seat)`` and
  ``legal_actions(state)`` over positions sampled from random games;
- ``search``: iterations/s of the search (``engines.core.search.Search``) from the same
  positions (measured last, after the figures of single calls).

A step plays its action as the search does: ``play_legal`` (engines older than it: ``apply``,
which then skipped the check of an action of the list ``legal_actions`` had just returned).
Where chance is explicit, the chance nodes after a step are sampled as the search samples
them (``sample_chance``) and counted in its time, not as steps: a step is a player's move in
both trees, so the ratio compares like with like.

Each figure is measured for ``--seconds`` in a fresh process that imports the engines of the
tree being measured. With ``--against REV`` the other revision's engines are exported into a
temporary folder (``git archive``) and both are measured in turn, ``--rounds`` times, in one
run: on a shared, noisy machine only the ratio of two versions measured together means
anything. It prints each tree's median and the ratio (this tree / REV; above 1: this tree is
faster). With ``--pyodide DIR`` (a built site, ``python build.py``) the same worker runs under
the site's own Pyodide in Node, and the ratio to CPython is printed. Nothing here is a test:
no figure is checked against a goal.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
METRICS = ("random", "playout", "heuristic", "clone", "view", "legal", "search")


# ---------------------------------------------------------------------------- the worker
def measure(game_name: str, players: int, seconds: float, metrics: tuple[str, ...] = METRICS) -> dict:
    """The figures for one (game, players) with the engines importable here (the worker:
    it runs in the process of the tree being measured, CPython or Pyodide)."""
    from engines import get_game
    from engines.core.bots import get_bot
    from engines.core.rng import Rng

    game = get_game(game_name)
    play = getattr(game, "play_legal", game.apply)  # the other revision may predate play_legal
    out: dict[str, float | None] = {}

    def steps_per_s(choose) -> float:
        seed, steps = 1, 0
        state = game.new_game(players, seed)
        rng = Rng.from_seed(12345)
        t0 = time.perf_counter()
        end = t0 + seconds
        while True:
            for _ in range(50):
                mover = game.to_move(state)
                while mover == -1:  # a chance node (explicit chance): sampled as the search does, not a step
                    play(state, game.sample_chance(state, rng))
                    mover = game.to_move(state)
                if mover is None:  # the game is over (a chance outcome may end it): the next one
                    seed += 1
                    state = game.new_game(players, seed)
                    continue
                play(state, choose(state, rng))
                steps += 1
            now = time.perf_counter()
            if now >= end:
                return steps / (now - t0)

    def random_choice(state, rng):
        legal = game.legal_actions(state)
        return legal[rng.below(len(legal))]

    # positions of random games, for clone/view/legal (the same ones in every tree)
    samples = []
    if any(m in metrics for m in ("search", "clone", "view", "legal")):
        seed = 1
        while len(samples) < 40:
            state, rng, k = game.new_game(players, seed), Rng.from_seed(seed + 99), 0
            while game.to_move(state) is not None and len(samples) < 40 and k < 2000:
                if k % 7 == 0:
                    samples.append(state.clone())
                game.apply(state, random_choice(state, rng))
                k += 1
            seed += 1

    def calls_per_s(fn) -> float:
        n = 0
        t0 = time.perf_counter()
        end = t0 + seconds
        while True:
            for s in samples:
                fn(s)
            n += len(samples)
            now = time.perf_counter()
            if now >= end:
                return n / (now - t0)

    for m in metrics:
        if m == "random":
            out[m] = steps_per_s(random_choice)
        elif m == "playout":
            policy = getattr(game, "playout_action", None)
            out[m] = None if policy is None else steps_per_s(policy)
        elif m == "heuristic":
            bot = get_bot(game, "heuristic")
            out[m] = steps_per_s(lambda state, rng: bot(game, state, rng))
        elif m == "search":
            from engines.core.search import Search
            out[m] = calls_per_s(lambda s: Search(game, s, Rng.from_seed(7), playout_steps=20).run(5)) * 5
        elif m == "clone":
            out[m] = calls_per_s(lambda s: s.clone())
        elif m == "view":
            out[m] = calls_per_s(lambda s: game.view(s, game.to_move(s) or 0))
        elif m == "legal":
            out[m] = calls_per_s(game.legal_actions)
    return out


# ---------------------------------------------------------------------------- the runners
def run_cpython(root: Path, game: str, players: int, seconds: float, metrics: tuple[str, ...]) -> dict:
    """One worker process with the engines of ``root``."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
            "import speed; print(json.dumps(speed.measure(sys.argv[3], int(sys.argv[4]), float(sys.argv[5]),"
            " tuple(sys.argv[6].split(',')))))")
    out = subprocess.run([sys.executable, "-c", code, str(root), str(HERE / "bench"), game, str(players),
                          str(seconds), ",".join(metrics)],
                         capture_output=True, text=True, cwd=str(root), check=False)
    if out.returncode != 0:
        raise SystemExit(f"the worker failed in {root}:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


_NODE_WORKER = r"""
import { pathToFileURL } from "node:url";
import { readdirSync } from "node:fs";
const [pyodideDir, engineRoot, benchDir, args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const wheels = readdirSync(pyodideDir).filter(f => f.endsWith(".whl") && !f.startsWith("tavolo_"));
await py.loadPackage(wheels.map(f => pyodideDir + "/" + f), { messageCallback: () => {} });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("engine_root", "/host" + engineRoot);
py.globals.set("bench_dir", "/host" + benchDir);
py.globals.set("args_json", args);
const out = py.runPython(`
import json, sys
sys.path.insert(0, engine_root); sys.path.insert(0, bench_dir)
import speed
a = json.loads(args_json)
json.dumps(speed.measure(a[0], a[1], a[2], tuple(a[3])))
`);
console.log(out);
"""


def run_pyodide(public: Path, root: Path, game: str, players: int, seconds: float,
                metrics: tuple[str, ...]) -> dict:
    """The worker under the built site's Pyodide, in Node, importing the engines of ``root``
    from source (the site's own wheel holds the same modules, byte-compiled)."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise SystemExit("--pyodide needs node")
    with tempfile.TemporaryDirectory(prefix="tavolo-speed-") as tmp:
        script = Path(tmp) / "worker.mjs"
        script.write_text(_NODE_WORKER)
        out = subprocess.run([node, str(script), str((public / "pyodide").resolve()), str(root.resolve()),
                              str((HERE / "bench").resolve()), json.dumps([game, players, seconds, list(metrics)])],
                             capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the Pyodide worker failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def export(rev: str, into: Path) -> Path:
    """The tree of revision ``rev`` (its ``engines/`` is what matters) in ``into``."""
    archive = subprocess.run(["git", "-C", str(HERE), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def _median(values: list) -> float | None:
    return None if any(v is None for v in values) else statistics.median(values)


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:,.0f}"


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(HERE))
    from engines import get_game, list_games

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="games to measure (default: all)")
    ap.add_argument("--players", type=int, help="only this player count")
    ap.add_argument("--seconds", type=float, default=0.5, help="time per figure (default 0.5)")
    ap.add_argument("--metrics", default=",".join(METRICS), help=f"some of {','.join(METRICS)}")
    ap.add_argument("--against", metavar="REV", help="also measure this git revision, alternating")
    ap.add_argument("--rounds", type=int, default=3, help="alternations with --against/--pyodide (default 3)")
    ap.add_argument("--pyodide", metavar="PUBLIC", help="also measure under this built site's Pyodide (Node)")
    args = ap.parse_args(argv)
    metrics = tuple(m for m in args.metrics.split(",") if m)
    bad = [m for m in metrics if m not in METRICS]
    if bad:
        ap.error(f"unknown metric {bad[0]!r}")
    names = args.games or list_games()

    with tempfile.TemporaryDirectory(prefix="tavolo-against-") as tmp:
        runners = [("this tree", lambda g, p: run_cpython(HERE, g, p, args.seconds, metrics))]
        if args.against:
            other = export(args.against, Path(tmp))
            runners.append((args.against, lambda g, p: run_cpython(other, g, p, args.seconds, metrics)))
        if args.pyodide:
            runners.append(("pyodide", lambda g, p: run_pyodide(Path(args.pyodide), HERE, g, p, args.seconds,
                                                                 metrics)))
        rounds = args.rounds if len(runners) > 1 else 1
        print(f"engine speed on CPython {sys.version.split()[0]}, {args.seconds} s per figure, "
              f"{rounds} round(s); figures per second (median of the rounds)")
        for name in names:
            game = get_game(name)
            counts = [args.players] if args.players else list(range(game.min_players, game.max_players + 1))
            for players in counts:
                got: dict[str, list[dict]] = {label: [] for label, _ in runners}
                for _ in range(rounds):  # alternating, so both see the same machine
                    for label, run in runners:
                        got[label].append(run(name, players))
                med = {label: {m: _median([r[m] for r in rs]) for m in metrics} for label, rs in got.items()}
                print(f"\n{name}, {players} players")
                print(f"  {'':<12}" + "".join(f"{m:>12}" for m in metrics))
                for label in got:
                    print(f"  {label[:12]:<12}" + "".join(f"{fmt(med[label][m]):>12}" for m in metrics))
                for label in list(got)[1:]:
                    mine, theirs = med["this tree"], med[label]
                    print(f"  {'ratio':<12}" + "".join(
                        f"{mine[m] / theirs[m]:>11.2f}x" if mine[m] and theirs[m] else f"{'-':>12}" for m in metrics)
                          + f"   (this tree / {label})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
