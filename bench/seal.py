"""The cost of sealing a game at a distance (``engines.core.seal``), per title, in CPython:
a whole game played by heuristic bots, sealed as devices would (a segment each time the turn
passes to another seat, the set-up by the creator), then verified as a device opening the
last link would.

    python bench/seal.py                      # every game, 4 players, seed 1
    python bench/seal.py citadels --players 3 --seed 5

Printed per title: moves, segments, the time to sign them all and per segment, the time to
verify the whole transcript (hashes and signatures; ``turns``, the replay, timed apart), the
time to verify it on a device that verified the game one lap ago (``verify``'s ``known``:
only the last ``players`` segments' signatures), and the transcript's size as compact JSON:
the whole of it, and one lap (what a link needs to carry when the receiver holds the rest).
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=list_games())
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{'game':10} {'moves':>6} {'segs':>5} {'replay s':>9} {'sign s':>7} {'ms/seg':>7} "
          f"{'verify s':>9} {'ms/seg':>7} {'lap s':>6} {'chars':>7} {'lap':>5}")
    for name in args.games:
        m = measure(name, args.players, args.seed)
        print(f"{m['game']:10} {m['moves']:6} {m['segments']:5} {m['replay_s']:9.2f} {m['sign_s']:7.2f} "
              f"{m['sign_ms_each']:7.2f} {m['verify_s']:9.2f} {m['verify_ms_each']:7.2f} {m['lap_verify_s']:6.2f} {m['chars']:7} "
              f"{m['lap_chars']:5}")


if __name__ == "__main__":
    main()
