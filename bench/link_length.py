"""Share-link length of a whole 4-player game per title, in the first record format (seed
and moves: the future in the seed) and in the second (the moves and every chance outcome).

    python bench/link_length.py                  # every game, seeds 1..5, heuristic bots
    python bench/link_length.py citadels --seeds 10

The same game is written both ways (a game of explicit chance played from a seed has both:
``upgrade`` writes the outcomes of the first into the second), encoded with the page's own
link encoder (``tavolo_ui.links``), and the median lengths and their ratio are printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from engines import get_game, list_games  # noqa: E402
from engines.core.play import play_game  # noqa: E402
from engines.core.record import FORMAT  # noqa: E402
from tavolo_ui.links import encode_record  # noqa: E402


def lengths(name: str, seed: int) -> tuple[int, int, int, int]:
    """(moves, outcomes, first-format link length, second-format link length)."""
    game = get_game(name)
    players = min(4, game.max_players)
    _state, record = play_game(game, players, seed, "heuristic", max_steps=20_000)
    first = record.model_copy(update={"format": FORMAT, "chance": []})
    return len(record.actions), len(record.chance), len(encode_record(first)), len(encode_record(record))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':10} {'moves':>6} {'draws':>6} {'tavolo/1':>9} {'tavolo/2':>9} {'ratio':>6}")
    for name in args.games or list_games():
        rows = [lengths(name, seed) for seed in range(1, args.seeds + 1)]
        med = [statistics.median(r[k] for r in rows) for k in range(4)]
        print(f"{name:10} {med[0]:6.0f} {med[1]:6.0f} {med[2]:9.0f} {med[3]:9.0f} {med[3] / med[2]:6.2f}")


if __name__ == "__main__":
    main()
