"""The cost of sealing a game at a distance (``engines.core.seal``), per title, in CPython:
a whole game played by heuristic bots, sealed as devices would (a segment each time the turn
passes to another seat, the set-up by the creator), then verified as a device opening the
last link would.

    python bench/seal.py                      # every game, 4 players, seed 1
    python bench/seal.py citadels --players 3 --seed 5
    python bench/seal.py --pyodide            # Ed25519 in the page (Chromium) against CPython
    python bench/seal.py --reveal             # what commit and reveal adds (engines.core.reveal)

Printed with ``--pyodide``: signatures and verifications per second of python-ecdsa's Ed25519
(``SeatKey.sign``, ``signed_by``, over 32-byte hashes as the seals sign) in Pyodide in
Debian's Chromium, on the built site's own wheels (``public/``: run ``python build.py``
first), and in this CPython, alternated ``--runs`` times, with the ratio CPython/page of the
medians.

Printed per title: moves, segments, the time to sign them all and per segment, the time to
verify the whole transcript (hashes and signatures; ``turns``, the replay, timed apart), the
time to verify it on a device that verified the game one lap ago (``verify``'s ``known``:
only the last ``players`` segments' signatures), and the transcript's size as compact JSON:
the whole of it, and one lap (what a link needs to carry when the receiver holds the rest).

Printed with ``--reveal`` per title: a whole game dealt by commit and reveal (the set-up lap,
every public draw from the seats' values, ``Beacon``; private ones from a seeded sampler),
sealed with a reveal per segment: moves, segments, the most segments one seat signs (its
chain's values used, of ``CHAIN_LENGTH``), public outcomes of all outcomes, the time to
verify the whole transcript with and without the reveal checks (``check_commitments``: the
chains and a replay recomputing every public outcome) and on a device that verified it one
lap ago, and the characters the reveals add to a link's seals (``tavolo_ui.revealed``'s
``t4`` encoding): for one lap of segments (a typical link) and once for the anchors.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines import get_game, list_games  # noqa: E402
from engines.core.play import play_game  # noqa: E402
from engines.core import reveal  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.chance import Sampler  # noqa: E402
from engines.core.record import new_record  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.core.seal import SeatKey, link_hash, seal_segment, setup_hash, turns, verify  # noqa: E402

GID = "bench001"


def runs(movers: list[int]) -> list[tuple[int, int]]:
    """Each run of one seat's moves, as (seat, end): where a device seals and sends."""
    out: list[tuple[int, int]] = []
    for i, seat in enumerate(movers):
        if out and out[-1][0] == seat:
            out[-1] = (seat, i + 1)
        else:
            out.append((seat, i + 1))
    return out


def measure(name: str, players: int, seed: int) -> dict:
    game = get_game(name)
    _, record = play_game(game, players, seed, "heuristic")
    started = time.perf_counter()
    moved = turns(record)
    replayed = time.perf_counter() - started
    keys = [SeatKey.new() for _ in range(players)]
    plan = runs(moved.movers)
    if plan[0][0] != 0:  # the creator (seat 0) seals the set-up alone
        plan.insert(0, (0, 0))
    transcript: list = []
    started = time.perf_counter()
    head = setup_hash(GID, record)
    for seat, end in plan:  # each device passes the last hash it knows (``head``)
        transcript = seal_segment(record, transcript, seat, keys[seat], end, moved.drawn[end], gid=GID, head=head)
        head = link_hash(head, record, transcript[-1])
    signed = time.perf_counter() - started
    started = time.perf_counter()
    verify(record, transcript, moved.movers, gid=GID, drawn=moved.drawn)
    verified = time.perf_counter() - started
    earlier = transcript[:-players]  # the copy this device verified one lap ago
    a1, c1 = earlier[-1]["a"][1], earlier[-1]["c"][1]
    then = record.model_copy(update={"actions": record.actions[:a1], "chance": record.chance[:c1]})
    known = verify(then, earlier, moved.movers[:a1], gid=GID, drawn=moved.drawn[:a1 + 1])
    started = time.perf_counter()
    verify(record, transcript, moved.movers, gid=GID, drawn=moved.drawn, known=known)
    lap_verified = time.perf_counter() - started
    size = len(json.dumps(transcript, separators=(",", ":")))
    lap = len(json.dumps(transcript[-players:], separators=(",", ":")))
    return {"game": name, "moves": len(record.actions), "segments": len(transcript), "replay_s": replayed,
            "sign_s": signed, "sign_ms_each": 1000 * signed / len(transcript), "verify_s": verified,
            "verify_ms_each": 1000 * verified / len(transcript), "lap_verify_s": lap_verified, "chars": size,
            "lap_chars": lap}


def play_revealed(name: str, players: int, seed: int) -> tuple:
    """A whole game dealt by commit and reveal and sealed as the devices would (the lap, the
    creator's deal segment, one segment per turn with its seat's next value): (record,
    transcript, public outcomes)."""
    game = get_game(name)
    record = new_record(game, players, seed, outcomes=True)
    keys = [SeatKey.new() for _ in range(players)]
    chances = [reveal.Chains.new(GID, seat) for seat in range(players)]
    transcript: list = []
    head = setup_hash(GID, record)
    for seat in range(players):
        transcript = seal_segment(record, transcript, seat, keys[seat], 0, 0, gid=GID, head=head,
                                  anchor=chances[seat].anchor)
        head = link_hash(head, record, transcript[-1])
    state = game.new_game(players, seed, deal=False, dealer=False)
    bot, rng, private = get_bot(game, "heuristic"), Rng.from_seed(seed), Sampler(Rng.from_seed(seed + 1))
    seat: int | None = 0
    while seat is not None:
        value, anchor = chances[seat].next_share(transcript, players)
        values = reveal.latest_values(transcript, players)
        values[seat] = value
        beacon = reveal.Beacon(GID, values, private)
        for outcome in game.deal(state, beacon):
            record.chance.append(game.dump_action(outcome))
        while game.to_move(state) == seat:
            record.actions.append(game.dump_action(bot(game, state, rng)))
            game.apply(state, game.parse_action(record.actions[-1]))
            record.chance += [game.dump_action(o) for o in game.deal(state, beacon)]
        transcript = seal_segment(record, transcript, seat, keys[seat], len(record.actions), len(record.chance),
                                  gid=GID, head=head, reveal=value, anchor=anchor)
        head = link_hash(head, record, transcript[-1])
        seat = game.to_move(state)
    return record, transcript, _public_outcomes(name, record)


def _public_outcomes(name: str, record) -> int:
    """How many of the record's outcomes were dealt at public nodes."""
    game = get_game(name)
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    count = 0

    class Count:
        def __init__(self) -> None:
            self.tape = iter(record.chance)

        def pick(self, g, s):
            nonlocal count
            data = next(self.tape, None)
            if data is None:
                return None
            count += reveal.is_public(g, s, g.chance_weights(s))
            return g.parse_action(data)

    source = Count()
    game.deal(state, source)
    for data in record.actions:
        game.apply(state, game.parse_action(data))
        game.deal(state, source)
    return count


def measure_revealed(name: str, players: int, seed: int) -> dict:
    sys.path.insert(0, str(ROOT / "web"))
    from tavolo_ui.revealed import encode_seals

    record, transcript, public = play_revealed(name, players, seed)
    moved = turns(record)
    started = time.perf_counter()
    verify(record, transcript, moved.movers, gid=GID, drawn=moved.drawn)
    verified = time.perf_counter() - started
    started = time.perf_counter()
    reveal.check_commitments(record, transcript, GID)
    checked = time.perf_counter() - started
    earlier = transcript[:-players]
    a1, c1 = earlier[-1]["a"][1], earlier[-1]["c"][1]
    then = record.model_copy(update={"actions": record.actions[:a1], "chance": record.chance[:c1]})
    known = verify(then, earlier, moved.movers[:a1], gid=GID, drawn=moved.drawn[:a1 + 1])
    started = time.perf_counter()
    verify(record, transcript, moved.movers, gid=GID, drawn=moved.drawn, known=known)
    lap_verified = time.perf_counter() - started
    bare = [{k: v for k, v in s.items() if k not in ("anchor", "reveal")} for s in transcript]
    lap = len(encode_seals(transcript, len(transcript) - players)) - len(encode_seals(bare, len(bare) - players))
    anchors = len(encode_seals(transcript[:players], 0)) - len(encode_seals(bare[:players], 0))
    per_seat = [sum(1 for s in transcript[players:] if s["seat"] == seat) for seat in range(players)]
    return {"game": name, "moves": len(record.actions), "segments": len(transcript), "most": max(per_seat),
            "public": public, "outcomes": len(record.chance), "verify_s": verified,
            "without_s": verified - checked, "check_s": checked, "lap_verify_s": lap_verified,
            "lap_chars": lap, "anchor_chars": anchors}


def print_revealed(games: list[str], players: int, seed: int) -> None:
    print(f"{'game':10} {'moves':>6} {'segs':>5} {'most':>5} {'public':>11} {'verify s':>9} {'no reveal':>9} "
          f"{'reveal s':>8} {'lap s':>6} {'+chars/lap':>10} {'+anchors':>8}")
    for name in games:
        m = measure_revealed(name, players, seed)
        print(f"{m['game']:10} {m['moves']:6} {m['segments']:5} {m['most']:5} {m['public']:5}/{m['outcomes']:<5} "
              f"{m['verify_s']:9.2f} {m['without_s']:9.2f} {m['check_s']:8.2f} {m['lap_verify_s']:6.2f} "
              f"{m['lap_chars']:10} {m['anchor_chars']:8}")
    print(f"(a chain has {reveal.CHAIN_LENGTH} values; 'most': the most segments one seat signed)")


# Ed25519's speed, the same code in CPython (exec) and in the page (Pyodide's runPython); its
# last line is the result, as JSON
SPEED = """
import hashlib, json, time
from engines.core.seal import SeatKey, signed_by
key = SeatKey(hashlib.sha256(b"bench").digest())
hashes = [hashlib.sha256(str(i).encode()).digest() for i in range(N)]
t0 = time.perf_counter()
signatures = [key.sign(h) for h in hashes]
t1 = time.perf_counter()
ok = all(signed_by(key.public, h, s) for h, s in zip(hashes, signatures))
t2 = time.perf_counter()
json.dumps({"sign": N / (t1 - t0), "verify": N / (t2 - t1), "ok": ok})
"""

# a page of bare Pyodide from the built site, with the engines' and the seals' wheels
PYODIDE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>seal bench</title></head><body>
<script type="module">
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  await py.loadPackage(["tavolo-engines", "ecdsa"]);
  globalThis.benchPy = py;
  document.body.dataset.ready = "1";
</script></body></html>
"""


def speed_here(n: int) -> dict:
    """``SPEED`` in this CPython."""
    scope: dict = {"N": n}
    *body, last = SPEED.strip().splitlines()
    exec("\n".join(body), scope)
    return json.loads(eval(last, scope))


def pyodide_speed(public: Path, n: int, runs: int) -> None:
    """Sign and verify per second, the page's Pyodide (Chromium) against CPython, alternated."""
    import statistics
    import threading
    from functools import partial

    from playwright.sync_api import sync_playwright

    import build

    server = build.SiteServer(("127.0.0.1", 0), partial(build.SiteHandler, directory=str(public)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/seal-bench.html"
    rows: dict[str, list[dict]] = {"page": [], "cpython": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                        args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.route("**/seal-bench.html", lambda route: route.fulfill(body=PYODIDE_PAGE, content_type="text/html"))
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
            for _ in range(runs):
                rows["page"].append(json.loads(page.evaluate(
                    "([code, n]) => { benchPy.globals.set('N', n); return benchPy.runPython(code); }", [SPEED, n])))
                rows["cpython"].append(speed_here(n))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    assert all(r["ok"] for side in rows.values() for r in side), "a signature did not verify"
    print(f"Ed25519 (python-ecdsa), {n} operations x {runs} runs, medians per second:")
    med = {side: {op: statistics.median(r[op] for r in rows[side]) for op in ("sign", "verify")} for side in rows}
    for op in ("sign", "verify"):
        print(f"  {op:7} page {med['page'][op]:8.1f}/s   CPython {med['cpython'][op]:8.1f}/s   "
              f"CPython/page {med['cpython'][op] / med['page'][op]:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=list_games())
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pyodide", action="store_true", help="Ed25519 in the page (Chromium) against CPython")
    ap.add_argument("--ops", type=int, default=50, help="with --pyodide: signatures (and verifications) per run")
    ap.add_argument("--runs", type=int, default=3, help="with --pyodide: runs, alternated")
    ap.add_argument("--public", type=Path, default=ROOT / "public", help="with --pyodide: the built site")
    ap.add_argument("--reveal", action="store_true", help="what commit and reveal adds (engines.core.reveal)")
    args = ap.parse_args()
    if args.reveal:
        print_revealed(args.games, args.players, args.seed)
        return
    if args.pyodide:
        pyodide_speed(args.public, args.ops, args.runs)
        return
    print(f"{'game':10} {'moves':>6} {'segs':>5} {'replay s':>9} {'sign s':>7} {'ms/seg':>7} "
          f"{'verify s':>9} {'ms/seg':>7} {'lap s':>6} {'chars':>7} {'lap':>5}")
    for name in args.games:
        m = measure(name, args.players, args.seed)
        print(f"{m['game']:10} {m['moves']:6} {m['segments']:5} {m['replay_s']:9.2f} {m['sign_s']:7.2f} "
              f"{m['sign_ms_each']:7.2f} {m['verify_s']:9.2f} {m['verify_ms_each']:7.2f} {m['lap_verify_s']:6.2f} {m['chars']:7} "
              f"{m['lap_chars']:5}")


if __name__ == "__main__":
    main()
