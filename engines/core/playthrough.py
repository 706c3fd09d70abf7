"""Playthroughs: one seeded game written out as text, in the manner of OpenSpiel's
playthrough files, so that any change in a game's behaviour shows as a readable diff.

A playthrough names the game, its parameters and the seed, then walks the game from its
set-up, one state per paragraph, for its first ``STATES`` states:

- whose move it is (a seat, or "chance");
- at a chance node: every outcome with its probability, then the outcome dealt (the
  game's seeded dealer decides it, so the file is reproducible);
- at a decision: every legal action (its label in English and its JSON), then the action
  taken (drawn by a generator seeded from the seed);
- each seat's view and the spectator's (JSON, keys sorted).

The game then goes on the same way to its end (or ``STEP_CAP`` steps) without being
written, and the file ends with the scores and the winners ("returns"). The files live in
``tests/playthroughs/``; ``python tools/playthrough.py --write`` makes them anew and
``tests/core/test_playthroughs.py`` compares them with what the engines do now.
"""

from __future__ import annotations

import json
from typing import Any

from .chance import CHANCE
from .game import Chance, Game
from .rng import Rng

STATES = 24
STEP_CAP = 4000


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def playthrough(game: Game, players: int, seed: int, options: dict | None = None, states: int = STATES) -> str:
    """The playthrough text of ``game`` for ``players`` from ``seed`` (see the module doc)."""
    lines = [f"game: {game.name}", f"title: {game.title}", f"players: {players}", f"seed: {seed}",
             f"options: {_json(game.validate_options(options).model_dump(mode='json'))}",
             f"chance: {game.chance.value}", f"information: {game.information.value}", ""]
    state = game.new_game(players, seed, options, deal=False)
    rng = Rng.from_seed(seed * 7919 + 1)
    for k in range(STEP_CAP):
        mover = game.to_move(state)
        written = k < states
        if written:
            lines.append(f"# State {k}")
            lines.append(f"to_move: {'chance' if mover == CHANCE else mover}")
        if mover is None:
            if written:
                lines.append("")
            break
        if mover == CHANCE:
            outcome = state.dealer.pick(game, state)  # type: ignore[attr-defined]
            if written:
                for o, p in game.chance_outcomes(state):
                    lines.append(f"  outcome {_json(game.dump_action(o))}: {p:.6f}")
                lines.append(f"dealt: {_json(game.dump_action(outcome))}")
            game.play_chance(state, outcome)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.below(len(legal))]
            if written:
                for i, a in enumerate(legal):
                    lines.append(f"  action {i}: {game.action_label(state, a, 'en')} {_json(game.dump_action(a))}")
                lines.append(f"taken: {_json(game.dump_action(action))}")
            game.play(state, action)
        if written:
            lines.append(f"view spectator: {_json(game.view(state, None))}")
            for seat in range(players):
                lines.append(f"view {seat}: {_json(game.view(state, seat))}")
            lines.append("")
    if game.chance is not Chance.EXPLICIT:
        lines.append("(chance inside actions: no chance nodes)")
    lines.append(f"over: {game.is_over(state)}")
    lines.append(f"scores: {_json(list(game.scores(state)))}")
    lines.append(f"winners: {_json(game.winners(state) if game.is_over(state) else [])}")
    return "\n".join(lines) + "\n"
