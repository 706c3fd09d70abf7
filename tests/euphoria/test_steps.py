"""The step-by-step picker (``action_steps``): a turn's kind of action, then the region, the
space (a construction site, then its space) and the worker's value; retrievals by how many
workers, which, and how paid; trades by side and kind of good; the set-up keep choice by
active then hidden recruit. Every legal action has its own path, the steps say what it does,
and no list the player reads is long."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.rng import Rng
from engines.euphoria import GAME
from engines.euphoria.actions import Choose, Place, Retrieve
from engines.euphoria.bot import choose as heuristic
from engines.euphoria.components import SPACES
from engines.euphoria.labels import REGION_NAMES, TANK
from tavolo_ui.choices import largest_level, level

from ..ui.picker import picker_choices, picker_leaves

from ..core.test_steps import assert_steps_contract
from .helpers import blank, choose, fresh_turn, goods, set_dice
from .test_properties import options_for

MOST_AT_ONCE = 12
"""The brief's aim for any list of the picker; bench/choice_tree.py, 20 seeded games: 10."""


def _says_what_it_does(s, a, steps: list[str]) -> None:
    """Joined, the steps name the worker and where it goes, or the payment of a retrieval;
    an action of one step is its button text."""
    text = ", ".join(steps)
    if isinstance(a, Place):
        assert f"your {s.p[s.current].dice[a.die]}" in text, steps
        sp = SPACES[a.space]
        assert (TANK if sp.faction is None else REGION_NAMES[sp.faction]) in steps, steps
        if a.space.startswith("CS_"):
            site, n = a.space[3:].rsplit("_", 1)
            assert f"Construction site {site[-1]}" in steps and f"space {n} (" in text
    elif isinstance(a, Retrieve):
        assert steps[-1] == GAME.action_label(s, a).rsplit(": ", 1)[1], steps
    elif len(steps) == 1:
        assert steps == [GAME.action_label(s, a)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_steps_cover_every_legal_action_and_lists_stay_short(players: int) -> None:
    """Seeded games (heuristic bot, one move in three at random, the variants of the property
    tests with trading on): at every position the steps are distinct and prefix-free, say
    what the action does, every legal action is one leaf of the tree, no list is long."""
    seed = 40 + players
    s = GAME.new_game(players, seed, dict(options_for(seed), trading=True))
    rng = Rng.from_seed(seed)
    most: Counter = Counter()
    for step in range(1500):
        if GAME.is_over(s):
            break
        assert_steps_contract(GAME, s)
        legal, choices = picker_choices(GAME, s)
        for a, c in zip(legal, choices):
            _says_what_it_does(s, a, list(c.steps))
        assert sorted(picker_leaves(choices)) == list(range(len(legal)))
        kind = s.tasks[-1]["k"]
        most[kind] = max(most[kind], largest_level(choices)[0])
        GAME.apply(s, rng.choice(legal) if step % 3 == 0 else heuristic(GAME, s, rng))
    assert max(most.values()) <= MOST_AT_ONCE, most
    assert most["turn"] >= 5  # the turns were rich enough to use the tree


def test_place_steps_go_region_space_then_worker() -> None:
    """Two values available: the value is the last step; a site's space names its cost."""
    s = blank(2)
    goods(s, 0, energy=3, clay=1)
    legal = GAME.legal_actions(s)
    assert Place(die=0, space="TUN_EUP") in legal and Place(die=1, space="CS_EUP_A_1") in legal
    assert GAME.action_steps(s, Place(die=0, space="TUN_EUP")) == \
        ["Place a worker", "Euphoria", "Euphorian Tunnel", "with your 1"]
    assert GAME.action_steps(s, Place(die=1, space="CS_EUP_A_1")) == \
        ["Place a worker", "Euphoria", "Construction site A", "space 1 (1 clay)", "with your 2"]
    assert GAME.action_steps(s, Place(die=1, space="WAT_ENERGY")) == \
        ["Place a worker", TANK, "energy side (3 energy)", "with your 2"]


def test_one_value_is_named_first() -> None:
    """Both workers show 2: one choice of value, so the first step says it."""
    s = blank(2)
    set_dice(s, 0, {0: 2, 1: 2})
    assert GAME.action_steps(s, Place(die=0, space="CLOUD")) == ["Place your 2", "Icarus", "Cloud Mine"]


def test_retrieve_steps_go_count_workers_then_payment() -> None:
    """§11: two workers show 5 (one named by its space), one shows 3; one is available."""
    s = blank(2)
    set_dice(s, 0, {0: (5, "GEN"), 1: (2, "avail"), 2: (3, "AQU"), 3: (5, "FARM")})
    goods(s, 0, food=1)
    fresh_turn(s, 0)
    legal = GAME.legal_actions(s)
    some, every = Retrieve(dice=[0, 2], pay="food"), Retrieve(dice=[0, 2, 3], pay="free")
    assert some in legal and every in legal
    assert GAME.action_steps(s, some) == ["Retrieve workers", "2 workers", "5 (Generator), 3", "1 food, morale +2"]
    assert GAME.action_steps(s, every) == ["Retrieve workers", "all 3 workers", "free, morale −1"]
    legal, choices = picker_choices(GAME, s)
    top = level(choices, [])
    assert [o.text for o in top.options if o.step] == ["Retrieve workers"]  # the few places: flat
    assert all(o.text.startswith("Place your 2 on ") for o in top.options if not o.step)
    retrieve = next(o for o in top.options if o.step == "Retrieve workers")
    assert retrieve.ways == sum(isinstance(a, Retrieve) for a in legal) == 7 * 2


def test_a_lone_worker_on_the_board_is_named_at_once() -> None:
    s = blank(2)
    set_dice(s, 0, {0: (5, "GEN")})
    fresh_turn(s, 0)
    assert GAME.action_steps(s, Retrieve(dice=[0], pay="free")) == ["Retrieve your 5", "free, morale −1"]


def test_trade_steps_name_side_and_kind_of_good() -> None:
    """§23.5: building a proposal, the side and kind of good, then the good."""
    s = blank(2, trading=True)
    goods(s, 0, energy=1)
    goods(s, 1, gold=1)
    GAME.apply(s, {"type": "trade", "partner": 1})
    steps = {a.option: GAME.action_steps(s, a) for a in GAME.legal_actions(s)}
    assert steps["give:energy"] == ["Offer a commodity", "1 energy"]
    assert steps["get:gold"] == ["Ask for a resource", "1 gold"]
    assert steps["cancel"] == ["Cancel the trade"]
    choose(s, "give:energy")
    assert GAME.action_steps(s, Choose(option="propose")) == ["Propose the trade"]


def test_setup_keep_steps_are_the_label_in_two() -> None:
    """§4.7: the active recruit, then the hidden one; joined they are the button text."""
    s = GAME.new_game(2, 1)
    legal, choices = picker_choices(GAME, s)
    assert len(legal) == 12
    for a, c in zip(legal, choices):
        assert len(c.steps) == 2 and c.steps[0].startswith("Active: ") and c.steps[1].startswith("hidden: ")
        assert ", ".join(c.steps) == GAME.action_label(s, a)
    assert [o.ways for o in level(choices, []).options] == [3, 3, 3, 3]
