"""Before/after identity of the engines: games played once with the engines as they were,
stored as fixtures, and played again with the engines as they are.

A change made for speed must not change one rule. Each fixture file
(``tests/identity/<game>.json``) holds ``GAMES`` seeded games of one game, played at every
player count by three mixes of seats (every seat random, every seat the heuristic bot,
random and heuristic alternating), each cut at ``STEP_CAP`` actions (pure-random Euphoria can
last very long). For each game it keeps the SHA-256 of the list of actions played and of the
final state's JSON (``model_dump_json``), the scores and whether it ended. Replaying the same
(game, players, seed, seats) must give the same actions, in the same order, and the same
final state, byte for byte: so the legal actions (their order too), their effects, the
random draws and the heuristic bot's choices are all unchanged.

The fixtures are written from the code of one revision and never by the test:

    python -m tests.identity --write DIR     # DIR/<game>.json for every game, from this code

and then copied into ``tests/identity/``. A deliberate change of the rules, of the state's
format or of the heuristic bot's choices would need new fixtures, made from a revision that is
known to be right (only that game's file, and its random games unchanged); a change for speed
never does (caches belong in private attributes, which the JSON leaves out). Euphoria's were
made anew when its heuristic learnt to reach its last stars (``engines/euphoria/bot.py``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from engines import get_game, list_games
from engines.core.bots import get_bot
from engines.core.rng import Rng

GAMES = 200
STEP_CAP = 3000
MIXES = ("random", "heuristic", "mixed")
HERE = Path(__file__).resolve().parent


def seats_for(mix: str, players: int) -> list[str]:
    if mix == "mixed":
        return ["random" if i % 2 == 0 else "heuristic" for i in range(players)]
    return [mix] * players


def plan(name: str) -> list[tuple[int, int, str]]:
    """(players, seed, mix) of the fixture's games: every count, every mix, in turn."""
    game = get_game(name)
    span = game.max_players - game.min_players + 1
    return [(game.min_players + i % span, 70_000 + i, MIXES[(i // span) % len(MIXES)]) for i in range(GAMES)]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def play(name: str, players: int, seed: int, mix: str) -> tuple[list[dict], object]:
    """The actions and the final state of one fixture game (the bots' generators come from
    the seed and the seat, as in ``bench/soak.py``)."""
    game = get_game(name)
    bots = [get_bot(game, level) for level in seats_for(mix, players)]
    rngs = [Rng.from_seed(seed * 1000 + 17 + i) for i in range(players)]
    state = game.new_game(players, seed)
    actions: list[dict] = []
    while len(actions) < STEP_CAP:
        seat = game.to_move(state)
        if seat is None:
            break
        action = bots[seat](game, state, rngs[seat])
        actions.append(game.dump_action(action))
        game.apply(state, action)
    return actions, state


def summary(name: str, players: int, seed: int, mix: str) -> dict:
    game = get_game(name)
    actions, state = play(name, players, seed, mix)
    ended = game.to_move(state) is None
    return {"players": players, "seed": seed, "mix": mix, "steps": len(actions), "ended": ended,
            "actions_sha256": sha(json.dumps(actions, sort_keys=True, separators=(",", ":"))),
            "state_sha256": sha(state.model_dump_json()),
            "scores": game.scores(state) if ended else None}


def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in list_games():
        rows = [summary(name, *p) for p in plan(name)]
        data = {"game": name, "step_cap": STEP_CAP, "games": rows}
        (folder / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n", "utf-8")
        print(f"{name}: {len(rows)} games, {sum(r['steps'] for r in rows)} actions, "
              f"{sum(r['ended'] for r in rows)} ended", flush=True)
