"""Share-link length of a whole 4-player game per title: today's link before chance was
explicit (a ``t1`` link of a first-format record: the seed and the moves, the future in the
seed), the second-format record (the moves and every chance outcome) in a ``t1`` link, and
the same in a ``t2`` link (moves and draws packed), which is what the page writes now, and
the fragment of a move link of a game at a distance (``#move=...``: the t2 link and its
header) for that whole game.

    python bench/link_length.py                  # every game, seeds 1..5, heuristic bots
    python bench/link_length.py citadels --seeds 10

The same game is written each way (a game of explicit chance played from a seed has both),
encoded with the page's own link encoder (``tavolo_ui.links``); the median lengths and the
ratio of the page's link to today's are printed.
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
from tavolo_ui import links  # noqa: E402
from tavolo_ui.distance import move_fragment, new_game_id  # noqa: E402


def t1_link(record) -> str:
    """A ``t1`` link's payload (the record's JSON as it is), as the page wrote it before."""
    packed, links.PACKED = links.PACKED, ()
    try:
        return "t1" + links.encode_record(record)[2:]
    finally:
        links.PACKED = packed


def lengths(name: str, seed: int) -> tuple[int, int, int, int, int, int]:
    """(moves, outcomes, today's link, the second format in a t1 link, the page's t2 link,
    a move link's fragment)."""
    game = get_game(name)
    players = min(4, game.max_players)
    _state, record = play_game(game, players, seed, "heuristic", max_steps=20_000)
    first = record.model_copy(update={"format": FORMAT, "chance": []})
    return (len(record.actions), len(record.chance), len(t1_link(first)), len(t1_link(record)),
            len(links.encode_record(record)), len(move_fragment(record, new_game_id(), 0)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':10} {'moves':>6} {'draws':>6} {'today':>7} {'v2 in t1':>9} {'v2 in t2':>9} {'ratio':>6}"
          f" {'move link':>10} {'longest':>8}")
    for name in args.games or list_games():
        rows = [lengths(name, seed) for seed in range(1, args.seeds + 1)]
        med = [statistics.median(r[k] for r in rows) for k in range(6)]
        print(f"{name:10} {med[0]:6.0f} {med[1]:6.0f} {med[2]:7.0f} {med[3]:9.0f} {med[4]:9.0f} {med[4] / med[2]:6.2f}"
              f" {med[5]:10.0f} {max(r[5] for r in rows):8d}")


if __name__ == "__main__":
    main()
