"""Chance nodes checked over many seeded games (issue 28's goals), with figures to report.

    python bench/chance_check.py                 # every game, 1000 seeded games each
    python bench/chance_check.py citadels --games 200

For each game whose chance is explicit, games ``i`` = 0..N-1 (seed 50_000 + i, player counts
in turn, random and heuristic seats mixed) are played with the seeded dealer, and at every
chance node:

- the outcomes' probabilities must sum to 1 (within 1e-9), every weight be positive, no
  outcome be listed twice, and the outcome the dealer deals be one of them;
- ``sample_chance`` must return one of them.

Then a second copy of each game is played with the same seed and the same bots, its chance
dealt from the system's entropy: the share of games whose course differs from the seeded
one (the state does not fix the future) is printed. Exit status 1 on any failed check.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game, list_games  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.chance import CHANCE, ENTROPY  # noqa: E402
from engines.core.game import Chance  # noqa: E402
from engines.core.rng import Rng  # noqa: E402

STEP_CAP = 2500


def check_game(name: str, games: int) -> tuple[Counter, list[str]]:
    game = get_game(name)
    figures: Counter = Counter()
    problems: list[str] = []
    span = game.max_players - game.min_players + 1
    for i in range(games):
        players, seed = game.min_players + i % span, 50_000 + i
        levels = ["heuristic" if (i + p) % 2 else "random" for p in range(players)]
        courses = []
        for source in ("dealer", "entropy"):
            state = game.new_game(players, seed, dealer=source == "dealer", deal=False)
            bots = [get_bot(game, lvl) for lvl in levels]
            rngs = [Rng.from_seed(seed * 31 + p) for p in range(players)]
            sampler = Rng.from_seed(seed)
            course = []
            for _ in range(STEP_CAP):
                mover = game.to_move(state)
                if mover is None:
                    break
                if mover == CHANCE:
                    weights = game.chance_weights(state)
                    outcomes = [o for o, _ in weights]
                    total = sum(p for _, p in game.chance_outcomes(state))
                    figures["nodes"] += 1
                    if abs(total - 1) > 1e-9 or any(w <= 0 for _, w in weights) or \
                            len({str(game.dump_action(o)) for o in outcomes}) != len(outcomes):
                        problems.append(f"{name} seed {seed}: a node's weights are wrong ({total})")
                    if game.sample_chance(state, sampler) not in outcomes:
                        problems.append(f"{name} seed {seed}: sample_chance gave no outcome of the node")
                    src = state.dealer if source == "dealer" else ENTROPY
                    outcome = src.pick(game, state)
                    if outcome not in outcomes:
                        problems.append(f"{name} seed {seed}: the {source} dealt no outcome of the node")
                        break
                    figures[f"kind {game.dump_action(outcome).get('type')}"] += source == "dealer"
                    game.play_chance(state, outcome)
                    course.append(game.dump_action(outcome))
                else:
                    action = bots[mover](game, state, rngs[mover])
                    game.play(state, action)
                    course.append(game.dump_action(action))
            courses.append(course)
        figures["games"] += 1
        figures["diverged"] += courses[0] != courses[1]
    return figures, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games (default: every game with explicit chance)")
    parser.add_argument("--games", dest="count", type=int, default=1000)
    args = parser.parse_args()
    names = args.games or [n for n in list_games() if get_game(n).chance is Chance.EXPLICIT]
    failed = False
    for name in names:
        figures, problems = check_game(name, args.count)
        kinds = ", ".join(f"{k[5:]} {v}" for k, v in sorted(figures.items()) if k.startswith("kind "))
        print(f"{name}: {figures['games']} games, {figures['nodes']} chance nodes, probabilities sum to 1 at "
              f"{'every one' if not problems else 'NOT every one'}; outcomes dealt by kind: {kinds}; "
              f"{figures['diverged']}/{figures['games']} games diverge with outcomes from entropy")
        for p in problems[:10]:
            print("  ", p)
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
