"""The cost of dealing a deck by mental poker (``engines.core.deck``) in CPython: a 66-card
deck (Citadels' districts count 66 cards at most; Euphoria's decks fewer) dealt at 2 to 5
seats, then read and audited.

    python bench/deck.py                      # 3 seats, 66 cards, 3 runs
    python bench/deck.py --seats 5 --cards 66 --runs 5

Printed: the time one seat takes for its step of each lap (lap 1: lock every card with its
deck key and shuffle; lap 2: swap its deck key for a position key at each position and
commit to each key), the median over the seats and runs; the time to read one card (the
others' released keys checked and removed, then one's own), to compute the card points (once
per deck and device), and to audit the whole deal (every step recomputed); and the
characters a step adds to a link as compact JSON (its points in base64url: lap 2 carries
the key commitments too), and a released key's (a scalar in base64url, plus its position);
a card handed from seat to seat (``deck.hand_over_request``, ``hand_over_answer``,
``read_handed``): the receiver's request, the keeper's answer and the receiver's reading,
timed, and the characters of a request or an answer.

The page runs the same Python in Pyodide; ``bench/seal.py --pyodide`` measured python-ecdsa
there 1.6 to 1.8 times slower than CPython (signatures: the same big-integer arithmetic), so
the estimate for the page is the CPython time times 1.6 to 1.8, printed beside it. The
machine's load changes these times: run it on an idle machine to compare.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.core.deck import (DeckSecret, DeckSpec, audit, card_points, first_deck, hand_over_answer,  # noqa: E402
                               hand_over_request, lock_step, read, read_handed, release, shuffle_step)

PYODIDE = (1.6, 1.8)
"""Pyodide's time over CPython's for python-ecdsa's arithmetic (``bench/seal.py --pyodide``)."""


def compact(data: object) -> int:
    """Characters of ``data`` as compact JSON (as a link's seals write it)."""
    return len(json.dumps(data, separators=(",", ":")))


def ms(seconds: float) -> str:
    low, high = (seconds * 1000 * f for f in PYODIDE)
    return f"{seconds * 1000:7.0f} ms   (page ~{low:.0f}-{high:.0f} ms)"


def run(seats: int, cards: int, number: int) -> dict[str, list[float]]:
    """One deal of a fresh deck (a new name, so no card point is cached), timed step by step."""
    spec = DeckSpec("bench001", f"districts-{number}", cards, seats)
    secrets = [DeckSecret(hashlib.sha256(f"bench {number} {s}".encode()).digest(), s) for s in range(seats)]
    times: dict[str, list[float]] = {"cards": [], "lap 1": [], "lap 2": [], "read": [], "audit": [],
                                     "request": [], "answer": [], "read handed": []}
    start = time.perf_counter()
    deck = first_deck(spec)
    times["cards"].append(time.perf_counter() - start)
    steps, sender = [], None
    for lap, make in ((1, shuffle_step), (2, lock_step)):
        for secret in secrets:
            start = time.perf_counter()
            step = make(spec, deck, secret, sender)  # type: ignore[arg-type]
            times[f"lap {lap}"].append(time.perf_counter() - start)
            steps.append(step)
            deck, sender = step["deck"], secret.seat
    locked = steps[seats:]
    for position in range(seats):
        releases = {s.seat: release(spec, s, position) for s in secrets if s.seat != position % seats}
        start = time.perf_counter()
        read(spec, locked, position, releases, secrets[position % seats])
        times["read"].append(time.perf_counter() - start)
    for position in range(seats):   # each handed from its keeper to the next seat
        keeper, receiver = position % seats, secrets[(position + 1) % seats]
        releases = {s.seat: release(spec, s, position) for s in secrets if s.seat != keeper}
        start = time.perf_counter()
        request = hand_over_request(spec, locked, position, releases, keeper, receiver)
        times["request"].append(time.perf_counter() - start)
        start = time.perf_counter()
        answer = hand_over_answer(spec, secrets[keeper], position, request, receiver.seat)
        times["answer"].append(time.perf_counter() - start)
        start = time.perf_counter()
        read_handed(spec, locked, position, releases, keeper, receiver, request, answer)
        times["read handed"].append(time.perf_counter() - start)
    start = time.perf_counter()
    audit(spec, steps, {s.seat: s.to_text() for s in secrets})
    times["audit"].append(time.perf_counter() - start)
    times["sizes"] = [compact(steps[0]), compact(steps[-1]), compact({"p": cards - 1, "k": release(spec, secrets[0], 0)}),
                      len(release(spec, secrets[0], 0)), len(answer)]
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--cards", type=int, default=66)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    runs = [run(args.seats, args.cards, n) for n in range(args.runs)]

    def median(name: str) -> float:
        return statistics.median(t for r in runs for t in r[name])

    lap1, lap2, key, key_text, point_text = runs[0]["sizes"]
    print(f"A {args.cards}-card deck at {args.seats} seats, {args.runs} runs (medians; CPython, page estimate x1.6-1.8):")
    print(f"  card points (once per deck)      {ms(median('cards'))}")
    print(f"  lap 1, one seat (lock, shuffle)  {ms(median('lap 1'))}")
    print(f"  lap 2, one seat (relock, commit) {ms(median('lap 2'))}")
    print(f"  read one card                    {ms(median('read'))}")
    print(f"  audit of the whole deal          {ms(median('audit'))}")
    print(f"  hand a card over: the request    {ms(median('request'))}")
    print(f"                    the answer     {ms(median('answer'))}")
    print(f"                    reading it     {ms(median('read handed'))}")
    print(f"  a lap-1 step in a link           {lap1:7d} characters")
    print(f"  a lap-2 step in a link           {lap2:7d} characters (the deck and one key commitment per position)")
    print(f"  a released key                   {key_text:7d} characters ({key} with its position as JSON)")
    print(f"  a hand-over's request or answer  {point_text:7d} characters (a point; its position beside it, as a key's)")


if __name__ == "__main__":
    main()
