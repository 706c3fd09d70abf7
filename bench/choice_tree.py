"""How many choice buttons the side panel shows at once, before and after the step picker.

    python bench/choice_tree.py --games 20

For every game: seeded games (2..max players in turn) played by the game's heuristic bot
with 1 move in 3 random (random moves reach richer positions). At each position of the
player to move, "before" is the number of legal actions (one button each, the old flat
list); "after" is the largest list of the picker when every path of its tree is walked
(``tavolo_ui.choices.largest_level``; the first level is what the player sees first).
Prints max and mean of each, and the mean number of clicks to reach an action.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from engines import get_game, list_games  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from tavolo_ui.choices import largest_level, level, make_choices  # noqa: E402


def clicks_to(choices, index: int) -> int:
    """Buttons pressed to play action ``index`` from the first level."""
    chosen: list[str] = []
    for n in range(1, 50):
        lv = level(choices, chosen)
        opt = next(o for o in lv.options if index in o.indexes)
        if opt.step is None:
            return n
        chosen = lv.path + [opt.step]
    raise RuntimeError("the picker does not end")


def measure(name: str, games: int, max_steps: int) -> dict[str, list[int]]:
    game = get_game(name)
    bot = game.bots().get("heuristic")
    out: dict[str, list[int]] = {"before": [], "after": [], "first": [], "clicks": []}
    for seed in range(games):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_game(players, seed)
        rng = Rng.from_seed(seed + 777)
        steps = 0
        while not game.is_over(state) and steps < max_steps:
            legal = game.legal_actions(state)
            choices = make_choices([(i, game.action_steps(state, a), game.action_label(state, a))
                                    for i, a in enumerate(legal)])
            out["before"].append(len(legal))
            out["after"].append(largest_level(choices)[0])
            out["first"].append(len(level(choices, []).options))
            out["clicks"].append(clicks_to(choices, rng.below(len(legal))))
            action = rng.choice(legal) if bot is None or rng.below(3) == 0 else bot(game, state, rng)
            game.apply(state, action)
            steps += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--max-steps", type=int, default=2000, help="positions per game at most")
    ap.add_argument("game", nargs="*", default=list_games())
    args = ap.parse_args()
    print(f"{'game':10} {'positions':>9} {'before max/mean':>16} {'after max/mean':>15} "
          f"{'1st level max/mean':>19} {'clicks mean/max':>16} {'s':>6}")
    for name in args.game:
        t0 = time.perf_counter()
        m = measure(name, args.games, args.max_steps)
        f = lambda k: f"{max(m[k])}/{statistics.mean(m[k]):.1f}"  # noqa: E731
        print(f"{name:10} {len(m['before']):9} {f('before'):>16} {f('after'):>15} {f('first'):>19} "
              f"{statistics.mean(m['clicks']):.2f}/{max(m['clicks']):<4} {time.perf_counter() - t0:6.1f}",
              flush=True)


if __name__ == "__main__":
    main()
