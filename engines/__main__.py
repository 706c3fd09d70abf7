"""Command line: ``python -m engines play GAME --players N --seed S [--bot random]`` and
``python -m engines replay FILE.json``."""

from __future__ import annotations

import argparse
import json
import sys

from . import get_game, list_games, replay
from .core.errors import RecordError
from .core.play import play_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a whole game headless and print its log and scores")
    p.add_argument("game", choices=list_games())
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default="random", help="bot level for every seat, or a comma list")
    p.add_argument("--options", default="{}", help="options as JSON")
    p.add_argument("--record", help="write the game record to this file")
    p.add_argument("--quiet", action="store_true", help="print only the scores")
    r = sub.add_parser("replay", help="replay a record file and print the final scores")
    r.add_argument("file")
    args = parser.parse_args(argv)

    if args.cmd == "play":
        game = get_game(args.game)
        bots = args.bot.split(",") if "," in args.bot else args.bot
        lines: list[str] = []
        on_step = None if args.quiet else (lambda st, a: lines.append(game.describe(st, a)))
        state, record = play_game(game, args.players, args.seed, bots, json.loads(args.options),
                                  on_step=on_step)
        for line in lines:
            print(line)
        if args.record:
            with open(args.record, "w") as fh:
                fh.write(record.model_dump_json(indent=1))
        _print_end(game, state)
        return 0
    try:
        with open(args.file) as fh:
            text = fh.read()
        state = replay(text)
    except (OSError, RecordError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    from .core.record import parse_record
    _print_end(get_game(parse_record(text).game), state)
    return 0


def _print_end(game, state) -> None:
    scores = game.scores(state)
    print("scores: " + ", ".join(f"P{i + 1} {s}" for i, s in enumerate(scores)))
    if game.is_over(state):
        print("winners: " + ", ".join(f"P{i + 1}" for i in game.winners(state)))
    else:
        print("(the game is not over)")


if __name__ == "__main__":
    sys.exit(main())
