"""Draft a guided first game (``engines/<game>/guide/<lang>.json``, see ``engines.core.guide``):
every seat played by the game's heuristic bot from a seed, for a number of the learner's
moves, printed as a guide whose learner steps have empty words, with each move's label
beside it so the words can be written.

    python tools/guide_draft.py spyrium --players 3 --seed 23 --moves 8 > /tmp/draft.json

Try seeds until the learner's moves show the game's core ideas; then write ``say`` (the
learner's steps, one or two sentences: what to do and why), ``rule`` (an id of the game's
``reference``), optional words on the bots' public moves, ``intro`` and ``end``, and copy
the file to each language with its own words. ``tests/core/test_guides.py`` replays it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines import get_game  # noqa: E402
from engines.core.rng import Rng  # noqa: E402

NAMES = ["Sara", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina"]


def draft(game_name: str, players: int, seed: int, moves: int, lang: str) -> dict:
    """The guide's skeleton: the bots' play until the learner (seat 0) made ``moves`` moves."""
    game = get_game(game_name)
    bot = game.bots()["heuristic"]
    state = game.new_game(players, seed)
    steps, made, n = [], 0, 0
    while made < moves and not game.is_over(state):
        seat = game.to_move(state)
        action = bot(game, state, Rng.from_seed(seed * 1000 + n))
        step = {"seat": seat, "action": game.dump_action(action),
                "label": game.action_label(state, action, lang)}
        if seat == 0:
            step.update(say="", rule=None)
            made += 1
        steps.append(step)
        game.apply(state, action)
        n += 1
    seats = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot:normal"} for i in range(players)]
    return {"game": game_name, "lang": lang, "seed": seed, "options": {}, "seats": seats, "learner": 0,
            "intro": "", "end": "", "steps": steps}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=10, help="the learner's moves to script")
    ap.add_argument("--lang", default="en", help="the language of the labels shown beside the moves")
    args = ap.parse_args()
    print(json.dumps(draft(args.game, args.players, args.seed, args.moves, args.lang), ensure_ascii=False, indent=1))
    print("(delete each step's \"label\" before saving: the guide's steps have no such field)", file=sys.stderr)


if __name__ == "__main__":
    main()
