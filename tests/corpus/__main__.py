"""Write the corpus of old records: ``python -m tests.corpus --write DIR``.

Run once, with the engines as they were before chance became explicit (the first record
format, "tavolo/1"), and the files copied into ``tests/corpus/``; never by the tests.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from engines import get_game, list_games

from .records import make_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", required=True, type=Path, help="folder for <game>.json")
    args = parser.parse_args()
    args.write.mkdir(parents=True, exist_ok=True)
    for name in list_games():
        entries = make_corpus(get_game(name))
        (args.write / f"{name}.json").write_text(json.dumps(entries, indent=1) + "\n")
        print(name, len(entries), "records")


if __name__ == "__main__":
    main()
