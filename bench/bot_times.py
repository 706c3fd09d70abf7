"""How long a bot takes to decide in the browser, in the page's own bot worker.

    python bench/bot_times.py --public public --games citadels,myraclia --levels easy,normal,hard --positions 8

For each game, seeded positions are taken from games played by the heuristic bot (at 3
players, spread over the game); the built site is served on 127.0.0.1 and opened in
Chromium (``/usr/bin/chromium``), where a fresh ``bot_worker.mjs`` (the page's own worker:
Pyodide and the engine wheel) decides each position at each level. It prints, per game and
level, the median and 95th-percentile decision time in milliseconds, next to the same
decisions on CPython here, and their ratio. Figures for the closing notes; nothing is
asserted (tests never time anything).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines import get_game, new_record  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.core.thinking import Thinker  # noqa: E402

# Posts every request to a new module worker and times each answer (ms), in order.
RUN_IN_WORKER = """async (jobs) => {
  const worker = new Worker('./bot_worker.mjs', {type: 'module'});
  const waiting = new Map();
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.id === 0) { m.ready ? resolve() : reject(new Error(m.error)); return; }
      if (m.progress !== undefined) return;
      const done = waiting.get(m.id);
      if (done) { waiting.delete(m.id); done(m); }
    };
  });
  await ready;
  const times = [];
  for (let i = 0; i < jobs.length; i++) {
    const t0 = performance.now();
    const answer = await new Promise((resolve) => {
      waiting.set(i + 1, resolve);
      worker.postMessage({id: i + 1, record: jobs[i].record, seat: jobs[i].seat, level: jobs[i].level});
    });
    if (answer.error) throw new Error(answer.error);
    times.push(performance.now() - t0);
  }
  worker.terminate();
  return times;
}"""


def positions(name: str, count: int, players: int = 3) -> list[tuple[str, int]]:
    """``count`` (record JSON, seat to move) taken along seeded heuristic games."""
    game = get_game(name)
    out = []
    seed = 1
    while len(out) < count:
        record = new_record(game, players, seed, None,
                            [{"name": f"B{i}", "kind": "bot:heuristic"} for i in range(players)])
        state, rng, bot = game.new_game(players, seed), Rng.from_seed(seed), get_bot(game, "heuristic")
        marks = {17 + 23 * k for k in range(6)}
        step = 0
        while game.to_move(state) is not None and len(out) < count:
            if step in marks and len(game.legal_actions(state)) > 1:
                out.append((record.model_dump_json(), game.to_move(state)))
            action = bot(game, state, rng)
            record.actions.append(game.dump_action(action))
            game.apply(state, action)
            step += 1
        seed += 1
    return out


def cpython_times(name: str, jobs: list[tuple[str, int]], level: str) -> list[float]:
    from engines import parse_record

    times = []
    for record_json, seat in jobs:
        thinker = Thinker()  # a fresh cache, as the worker gets a new record each time here
        record = parse_record(record_json)
        thinker.state_of(record)
        t0 = time.perf_counter()
        thinker.decide(record, seat, level)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def _serve(directory: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                          ".wasm": "application/wasm"}

        def log_message(self, *args):
            pass

        def handle(self):
            try:
                super().handle()
            except (ConnectionError, BrokenPipeError):
                pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _summary(times: list[float]) -> tuple[float, float]:
    ts = sorted(times)
    return statistics.median(ts), ts[min(len(ts) - 1, int(0.95 * len(ts)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--public", type=Path, default=ROOT / "public", help="the built site (python build.py)")
    ap.add_argument("--games", default="citadels,myraclia,spyrium,euphoria")
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--positions", type=int, default=8)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = _serve(args.public)
    url = f"http://127.0.0.1:{server.server_port}/index.html"
    print(f"{'game':<10}{'level':<8}{'browser median ms':>19}{'p95':>9}{'CPython median ms':>19}{'p95':>9}{'ratio':>7}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        page = browser.new_page()
        page.goto(url)
        for name in args.games.split(","):
            game = get_game(name)
            jobs = positions(name, args.positions)
            for level in args.levels.split(","):
                if level not in ("random", *game.bots()):
                    print(f"{name:<10}{level:<8}  (no such level)")
                    continue
                browser_ms = page.evaluate(RUN_IN_WORKER, [{"record": r, "seat": s, "level": level} for r, s in jobs])
                local_ms = cpython_times(name, jobs, level)
                (bm, bp), (cm, cp) = _summary(browser_ms), _summary(local_ms)
                print(f"{name:<10}{level:<8}{bm:>19.0f}{bp:>9.0f}{cm:>19.0f}{cp:>9.0f}{bm / cm if cm else 0:>7.1f}",
                      flush=True)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
