"""Write or check the playthrough of each game (``engines.core.playthrough``).

    python tools/playthrough.py --write          # tests/playthroughs/<game>.txt, every game
    python tools/playthrough.py citadels         # print one game's playthrough

Regenerate after a deliberate change of a game's behaviour, and read the diff: it is the
change, state by state.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engines import get_game, list_games  # noqa: E402
from engines.core.playthrough import playthrough  # noqa: E402

FOLDER = ROOT / "tests" / "playthroughs"
SEED = 2026


def text_of(name: str) -> str:
    game = get_game(name)
    return playthrough(game, game.min_players if game.min_players > 1 else 2, SEED)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to print (default: all)")
    parser.add_argument("--write", action="store_true", help=f"write {FOLDER.relative_to(ROOT)}/<game>.txt")
    args = parser.parse_args()
    for name in args.games or list_games():
        text = text_of(name)
        if args.write:
            (FOLDER / f"{name}.txt").write_text(text)
            print(f"{name}: {len(text.splitlines())} lines")
        else:
            sys.stdout.write(text)


if __name__ == "__main__":
    main()
