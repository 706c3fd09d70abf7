"""Helpers for the per-game tests of the step-by-step picker (``tavolo_ui.choices``)."""

from __future__ import annotations

from engines.core.game import Game, GameState
from tavolo_ui.choices import level, make_choices


def picker_choices(game: Game, state: GameState):
    """(legal actions, the picker's choices built from their steps and labels)."""
    legal = game.legal_actions(state)
    return legal, make_choices([(i, game.action_steps(state, a), game.action_label(state, a))
                                for i, a in enumerate(legal)])


def picker_leaves(choices) -> list[int]:
    """The action indexes of every button that plays an action, walking the whole tree."""
    reached: list[int] = []
    stack: list[list[str]] = [[]]
    while stack:
        lv = level(choices, stack.pop())
        reached += [o.indexes[0] for o in lv.options if o.step is None]
        stack += [lv.path + [o.step] for o in lv.options if o.step is not None]
    return reached
