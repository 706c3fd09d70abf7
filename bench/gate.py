"""The cost of the gate's nesting measure (engines.core.inbound.nesting_depth) on real records,
against another revision's, alternating in one run.

    python3 bench/gate.py [--against REV] [--runs 30]

Records: one whole game of each title played by random bots (4 seats, seed 3), as their JSON
text; plus 4 MB of escapes inside one string (the worst case for the string pass). Prints the
median time of each and this revision's over REV's, and json.loads' own time for scale.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engines import get_game, list_games, new_record  # noqa: E402
from engines.core import inbound  # noqa: E402
from engines.core.bots import random_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402


def game_text(name: str, cap: int = 5000) -> str:
    game = get_game(name)
    rec = new_record(game, 4, 3, None, [{"name": f"P{i}", "kind": "human"} for i in range(4)])
    state, rng, actions = game.new_game(rec.players, rec.seed, rec.options), Rng.from_seed(1), []
    while not game.is_over(state) and len(actions) < cap:
        action = random_bot(game, state, rng)
        actions.append(game.action_adapter.dump_python(action, mode="json"))
        game.apply(state, action)
    return json.dumps({**rec.model_dump(mode="json"), "actions": actions})


def other_revision(rev: str):
    """inbound.py as it is at ``rev``, imported as a module of the same package."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:engines/core/inbound.py"],
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "inbound_then.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("engines.core.inbound_then", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default="")
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args(argv)
    then = other_revision(args.against) if args.against else None
    texts = {name: game_text(name) for name in list_games()}
    texts["4 MB of escapes"] = '"' + '\\"' * 1_999_999 + '"'
    for name, text in texts.items():
        now_ms = then_ms = 0.0
        for _ in range(3):  # alternate, so a busy moment of the machine hits both
            now_ms += median_ms(lambda: inbound.nesting_depth(text), args.runs)
            if then:
                then_ms += median_ms(lambda: then.nesting_depth(text), args.runs)
        line = f"{name:>16}: {len(text):>9,} chars, nesting_depth {now_ms / 3:8.2f} ms"
        if then:
            line += f" ({args.against}: {then_ms / 3:8.2f} ms, ratio {now_ms / then_ms:.2f})"
        if not name.startswith("4 MB"):
            line += f"; json.loads {median_ms(lambda: json.loads(text), args.runs):.2f} ms"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
