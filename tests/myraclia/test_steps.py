"""The step-by-step payment picker (``action_steps``, issue 6): the kind of action, the
tile, the direct matches, the wildcards. Every legal action has its own path of steps, the
steps say what is paid, and no list the player reads is long."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.actions import Terraform
from engines.myraclia.components import COLOURS
from engines.myraclia.texts import tile_name
from tavolo_ui.choices import HANDFUL, largest_level, level, make_choices

from ..ui.picker import picker_leaves
from .helpers import cv, terraform_position
from .test_labels import OPTIONS, _positions

PAID = re.compile(rf"(?:(\d+) )?\b({'|'.join(COLOURS)})\b")
MOST_IN_A_TURN = 12  # bench/choice_tree.py, 20 seeded games: 12 in terraforming turns


def _choices(state):
    legal = GAME.legal_actions(state)
    return legal, make_choices([(i, GAME.action_steps(state, a), GAME.action_label(state, a))
                                for i, a in enumerate(legal)])


def _example(**reserve: int):
    """P07 (green, yellow, black missing) and F09 next to the player's tiles."""
    tiles = [("M01", 1, 0, 0, True), ("W01", -1, 0, 1, True), ("P07", 0, 0), ("F09", 0, 1),
             ("F01", 0, 2, 1, True), ("P01", -1, 2, 1, True)]
    return terraform_position(tiles=tiles, reserves={0: cv(**reserve)})


RICH = {"black": 1, "yellow": 2, "green": 1, "red": 2, "blue": 2, "orange": 1, "white": 1}


def test_payment_steps_name_direct_matches_then_wildcards() -> None:
    s = _example(black=1, yellow=2, green=1, red=3, blue=2)
    assert GAME.action_steps(s, Terraform(tile="P07", pay=["green", "yellow", "black"])) == \
        ["Terraform a tile", "plains tile (green + yellow + black): +4 VP", "Pay green, yellow, black, no wildcard"]
    assert GAME.action_steps(s, Terraform(tile="P07", pay=["green", "yellow", "red", "red", "red"])) == \
        ["Terraform a tile", "plains tile (green + yellow + black): +4 VP", "Pay green, yellow directly",
         "Wildcard for the other 1: 3 red"]
    s = _example(**RICH)
    five = Terraform(tile="P07", pay=["yellow", "yellow", "red", "red", "blue", "blue", "black"])
    assert five in GAME.legal_actions(s)
    assert GAME.action_steps(s, five) == \
        ["Terraform a tile", "plains tile (green + yellow + black): +4 VP", "Pay yellow, black directly",
         "Wildcard for the other 1: 5 of any colours", "1 yellow", "2 red", "2 blue"]


def test_picker_walks_from_kinds_to_one_payment() -> None:
    """The first list is the kinds of action; choosing leads to exactly one payment."""
    s = _example(**RICH)
    legal, choices = _choices(s)
    assert len(legal) > 40
    top = level(choices, [])
    assert [o.text for o in top.options][:1] == ["Terraform a tile"]
    assert top.options[0].ways == sum(a.type == "terraform" for a in legal)
    target = legal.index(Terraform(tile="P07", pay=["yellow", "yellow", "red", "red", "blue", "blue", "black"]))
    path: list[str] = []
    for _ in range(10):
        lv = level(choices, path)
        opt = next(o for o in lv.options if target in o.indexes)
        if opt.step is None:
            assert opt.indexes == [target]
            break
        path = lv.path + [opt.step]
    else:
        raise AssertionError("no button plays the payment")
    assert path[-1] == "1 yellow" and opt.text == "2 red, 2 blue"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_steps_cover_every_legal_action_and_levels_stay_short(players: int) -> None:
    """Seeded games (bot and random moves): steps distinct and prefix-free, each names what
    is paid or placed, every legal action is one leaf of the tree, no level is long."""
    most: Counter = Counter()
    for k, options in enumerate(OPTIONS):
        for state in _positions(players, 20 + k, options, every=3):
            legal, choices = _choices(state)
            paths = [c.steps for c in choices]
            assert len(set(paths)) == len(paths)
            for a, c in zip(legal, choices):
                text = ", ".join(c.steps)
                if a.type == "terraform":
                    assert str(tile_name(a.tile)) in text
                    paid = text.replace(str(tile_name(a.tile)), "")  # the name lists the tile's needs
                    named: Counter = Counter()
                    for n, colour in PAID.findall(paid):  # "2 red" steps and colour lists
                        named[colour] += int(n or 1)
                    assert named == Counter(a.pay), (a, c.steps)
            assert sorted(picker_leaves(choices)) == list(range(len(legal)))
            longest = largest_level(choices)[0]
            most[state.phase] = max(most[state.phase], longest)
            if state.phase == "place":  # one button per free space of the tile (also on the board)
                assert longest <= max(HANDFUL, len({(a.q, a.r) for a in legal}))
    assert most["terraform"] <= MOST_IN_A_TURN and most["draft"] <= 8, most


def test_rules_unchanged_a_bot_game_plays_through() -> None:
    """The picker is presentation only: a whole game still ends normally."""
    state = GAME.new_game(3, 5)
    rng = Rng.from_seed(5)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))] if rng.below(4) == 0 else GAME.bots()["heuristic"](GAME, state, rng))
    assert GAME.winners(state)
