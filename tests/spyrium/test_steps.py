"""The step-by-step picker (``action_steps``): the kind of action, the card, the worker taken
back, how (token, space, option), the price with the Lobbying / Commerce declarations, the
Residence choice. Every legal action has its own path of steps, the joined steps say what
the button label says, and no list the player reads is long."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engines.core.rng import Rng
from engines.spyrium.actions import Build, EarnMoney, Hire, PlaceWorker, UseEvent
from engines.spyrium.components import RESIDENCE_VALUES
from tavolo_ui.choices import largest_level, level

from ..ui.picker import picker_choices, picker_leaves

from .helpers import (G, architect_to_hire_with_powers, clear_market, fresh, give_building,
                      give_technique, of_type, phase2, place, put)

MOST_IN_A_LIST = 12  # bench/choice_tree.py, 20 seeded games: the 12 slots of Phase I placement
FACTS = re.compile(r"£\d+|\d+ (?:VP|Spyrium|workers?)\b|token \d|building \d+|"
                   r"\b(?:left|right|above|below) (?:of )?it\b|between|"
                   r"Lobbying|Commerce|Residence|Capitalization|Engineering|Taylorism|"
                   r"new space|shared symbol|\((?:top|middle|bottom|centre)[a-z ]*\)")
"""What a label states (amounts, tokens, buildings, slots, powers, market places): the joined
steps must state the same, as often."""


def _build_position():
    """Blue's worker at V00 next to a Factory (left); two buildings to replace; Lobbying."""
    s = fresh(3)
    clear_market(s)
    put(s, 0, "B-factory-left")
    place(s, 0, "V00")
    place(s, 1, "H00", 2)
    give_building(s, 0, "A-neighborhood-left")
    give_building(s, 0, "A-laboratory-left")
    give_technique(s, 0, "C-lobbying")
    phase2(s, 0)
    s.players_[0].money = 30
    return s


def test_build_steps_card_worker_space_then_price_with_lobbying() -> None:
    s = _build_position()
    steps = {(a.replace, a.lobbying): G.action_steps(s, a) for a in of_type(s, Build)}
    assert steps[(None, False)] == ["Build a building", "the Factory (left) at the top left",
                                    "with your worker below it", "in a new space", "pay £10"]
    assert steps[(1, True)] == [
        "Build a building", "the Factory (left) at the top left", "with your worker below it",
        "replacing your Laboratory (left) (building 2) (shared symbol: £3 off)",
        "pay £3 (Lobbying: no surcharge, saves £2)"]
    assert [G.action_steps(s, a) for a in of_type(s, EarnMoney)] == [
        ["Earn money", "next to the Factory (left) at the top left: £2", "take back your worker below it"]]


def test_hire_steps_token_then_price_and_declarations_then_residence() -> None:
    s = architect_to_hire_with_powers()
    steps = {(a.commerce, a.lobbying, a.residence): G.action_steps(s, a) for a in of_type(s, Hire)}
    r = RESIDENCE_VALUES
    assert steps[(1, True, "advance")] == [
        "Hire a character", "the Architect at the top left", "with your worker below it",
        "discard token 3", "pay £2, gain a Residence action (Lobbying: no surcharge, saves £1, "
        "Commerce: token 3 counts as 1)", f"Residence: move up £{r[1]} → £{r[2]}"]
    assert steps[(None, False, "vp")][-2:] == ["pay £5, gain a Residence action",
                                               f"Residence: take {r[1]} VP"]
    # the 16 ways to hire: the price list has the 8 declarations, then the Residence choice
    legal, choices = picker_choices(G, s)
    hire = level(choices, ["Hire a character"])
    assert hire.path[-1] == "discard token 3" and len(hire.options) == 8
    assert {len(level(choices, [*hire.path, o.step]).options) for o in hire.options} == {2}


def test_phase_one_and_event_steps_name_the_slot() -> None:
    s = fresh(2)
    s.turn_event = "ev-late-placement"
    clear_market(s)
    put(s, 0, "A-geologist")
    assert [G.action_steps(s, a) for a in of_type(s, PlaceWorker)] == [
        ["Place a worker", "between the Geologist at the top left and the empty space at the top centre"],
        ["Place a worker", "between the Geologist at the top left and the empty space at the middle left"]]
    place(s, 0, "H00")
    phase2(s, 0)
    assert [G.action_steps(s, a) for a in of_type(s, UseEvent)] == [
        ["Event: Late placement", "place a worker",
         "between the Geologist at the top left and the empty space at the top centre"],
        ["Event: Late placement", "place a worker",
         "between the Geologist at the top left and the empty space at the middle left"]]
    s.turn_event, s.turn_event_token = "ev-token-bounty", 2
    assert [G.action_steps(s, a) for a in of_type(s, UseEvent)] == [
        ["Event: Windfall", "gain £2"], ["Event: Windfall", "gain 2 Spyrium"],
        ["Event: Windfall", "gain 2 VP"]]


def test_picker_walks_from_kinds_to_one_build() -> None:
    """The first list groups the 18 builds under one button; each click narrows to one."""
    s = _build_position()
    put(s, 1, "B-mine-right")
    place(s, 0, "H00")
    legal, choices = picker_choices(G, s)
    assert len(legal) > 20
    top = level(choices, [])
    build = next(o for o in top.options if o.step == "Build a building")
    assert top.tree and len(top.options) < len(legal) and build.ways == len(of_type(s, Build)) == 18
    target = legal.index(Build(slot="V00", pos=0, replace=0, lobbying=True))
    path: list[str] = []
    for _ in range(6):
        lv = level(choices, path)
        opt = next(o for o in lv.options if target in o.indexes)
        if opt.step is None:
            break
        path = lv.path + [opt.step]
    assert opt.indexes == [target]
    assert path == ["Build a building", "the Factory (left) at the top left", "with your worker below it"]
    assert opt.text == ("replacing your Working-Class Neighborhood (left) (building 1), "
                        "pay £6 (Lobbying: no surcharge, saves £3)")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_steps_cover_every_legal_action_say_the_label_and_lists_stay_short(players: int) -> None:
    """Seeded games (bot and random moves): steps distinct and prefix-free, joined they state
    what the label states, every legal action is one leaf of the tree, no list is long."""
    most = 0
    bot = G.bots()["heuristic"]
    for seed in range(2):
        state = G.new_game(players, 40 + 10 * players + seed)
        rng = Rng.from_seed(seed)
        while not G.is_over(state):
            legal, choices = picker_choices(G, state)
            paths = [c.steps for c in choices]
            assert len(set(paths)) == len(paths), "two actions have the same steps"
            ends = set(paths)
            assert not [p for p in paths for n in range(1, len(p)) if p[:n] in ends], \
                "the steps of one action begin another's"
            for a, c in zip(legal, choices):
                assert Counter(FACTS.findall(", ".join(c.steps))) == Counter(FACTS.findall(c.label)), \
                    (c.steps, c.label)
            assert sorted(picker_leaves(choices)) == list(range(len(legal)))
            most = max(most, largest_level(choices)[0])
            G.apply(state, rng.choice(legal) if rng.below(3) == 0 else bot(G, state, rng))
    assert most <= MOST_IN_A_LIST
