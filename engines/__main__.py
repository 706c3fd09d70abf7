"""Command line: ``python -m engines play GAME --players N --seed S [--bot random]`` and
``python -m engines replay FILE.json``.

Bad input (an unknown game, a player count out of range, an unknown bot, bad options, an
unwritable ``--record`` file, an unreadable or invalid replay file, bad arguments) prints one
line ``error: ...`` to stderr and exits with status 2, as argparse does; never a traceback.
Everything is checked before the game is played, so an error from the engine while playing
is a bug and still shows its traceback.
"""

from __future__ import annotations

import argparse
import sys

from . import get_game, list_games, replay
from .core.bots import get_bot
from .core.errors import RecordError
from .core.play import play_game
from .core.inbound import InputError, read_json
from .core.record import MAX_SEED, parse_record


class UsageError(Exception):
    """Bad command-line input: ``main`` prints ``error: <message>`` and returns 2."""


class _Parser(argparse.ArgumentParser):
    """argparse with its errors as one ``error: ...`` line (no usage block)."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _main(argv: list[str] | None) -> int:
    parser = _Parser(prog="python -m engines")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a whole game headless and print its log and scores")
    p.add_argument("game", metavar="{" + ",".join(list_games()) + "}")
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
        game, bots, options = _check_play(args)
        out = None
        if args.record:
            try:  # opened before playing, so a bad path fails at once
                out = open(args.record, "w")
            except OSError as exc:
                raise UsageError(f"cannot write the record to {args.record}: {exc.strerror or exc}") from None
        lines: list[str] = []
        on_step = None if args.quiet else (lambda st, a: lines.append(game.describe(st, a)))
        try:
            state, record = play_game(game, args.players, args.seed, bots, options, on_step=on_step)
            for line in lines:
                print(line)
            if out is not None:
                out.write(record.model_dump_json(indent=1))
        finally:
            if out is not None:
                out.close()
        _print_end(game, state)
        return 0
    try:
        with open(args.file, "rb") as fh:
            text = fh.read()
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    try:
        rec = parse_record(text)
        state = replay(rec)
    except RecordError as exc:
        detail = f" ({exc.detail})" if exc.detail else ""
        raise UsageError(f"{args.file}: {exc}{detail}") from None
    _print_end(get_game(rec.game), state)
    return 0


def _check_play(args: argparse.Namespace):
    """The game, bots and options of ``play`` after checking them all (``UsageError``)."""
    try:
        game = get_game(args.game)
    except KeyError:
        raise UsageError(f"unknown game '{args.game}' (choose from: {', '.join(list_games())})") from None
    if not (game.min_players <= args.players <= game.max_players):
        raise UsageError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                         f"not {args.players}")
    if "," in args.bot:
        bots = args.bot.split(",")
        if len(bots) != args.players:
            raise UsageError(f"--bot lists {len(bots)} bots for {args.players} players "
                             f"(give one level, or one per seat)")
    else:
        bots = args.bot
    for level in dict.fromkeys(bots if isinstance(bots, list) else [bots]):
        try:
            get_bot(game, level)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if not (0 <= args.seed <= MAX_SEED):
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, not {args.seed}")
    try:
        options = read_json(args.options)
    except InputError as exc:
        raise UsageError(f"--options is not valid JSON ({exc.detail or exc})") from None
    if not isinstance(options, dict):
        raise UsageError("--options must be a JSON object, like '{}'")
    try:
        game.validate_options(options)
    except ValueError as exc:
        raise UsageError(f"bad options: {exc}") from None
    return game, bots, options


def _print_end(game, state) -> None:
    scores = game.scores(state)
    print("scores: " + ", ".join(f"P{i + 1} {s}" for i, s in enumerate(scores)))
    if game.is_over(state):
        print("winners: " + ", ".join(f"P{i + 1}" for i in game.winners(state)))
    else:
        print("(the game is not over)")


if __name__ == "__main__":
    sys.exit(main())
