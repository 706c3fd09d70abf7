"""Strict actions (reliability issue): one move has one form, and a dict is read as the JSON it
is, with no conversion. ``check`` accepts exactly what ``legal_actions`` lists."""

from __future__ import annotations

import pytest

from engines.core import testing
from engines.core.errors import IllegalAction
from engines.myraclia import GAME
from engines.myraclia.actions import AddElements, ChangeReservation, Reserve, Take, Terraform

from .helpers import cv, terraform_position
from .test_labels import _positions


def _reported_position():
    """The position of the report: 2 players, seed 1001, step 18 of the heuristic/random
    mix of ``test_labels._positions`` with Eternity on. Player to move may terraform W02
    paying yellow and blue, which ``legal_actions`` writes in that order only."""
    for step, state in enumerate(_positions(2, 1001, {"eternity": True})):
        if step == 18:
            return state
    raise AssertionError("the seeded game ended before step 18")


def test_reported_payment_in_another_order_is_refused_and_the_canonical_one_played():
    s = _reported_position()
    w02 = [GAME.dump_action(a) for a in GAME.legal_actions(s) if a.type == "terraform" and a.tile == "W02"]
    assert w02 == [{"type": "terraform", "tile": "W02", "pay": ["yellow", "blue"]}]  # the report's premise
    reason = testing.assert_illegal_leaves_state(
        GAME, s, {"type": "terraform", "tile": "W02", "pay": ["blue", "yellow"]})
    assert reason == "Name the elements paid from the most common colour to the rarest: yellow, blue."
    with pytest.raises(IllegalAction, match="most common colour"):
        GAME.check(s, Terraform(tile="W02", pay=["blue", "yellow"]))  # a model is held to it too
    me = GAME.to_move(s)
    GAME.apply(s, {"type": "terraform", "tile": "W02", "pay": ["yellow", "blue"]})
    assert "W02" in s.seats[me].tiles


def _reserve_position():
    """P07 (needs green, yellow, black) and F09 (yellow, red, blue) free next to terraformed
    tiles; player 1 holds green, yellow, black and 3 red, with 5 VP for the penalty."""
    tiles = [("M01", 1, 0, 0, True), ("W01", -1, 0, 1, True), ("P07", 0, 0), ("F09", 0, 1),
             ("F01", 0, 2, 1, True), ("P01", -1, 2, 1, True)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1, black=1, red=3)})
    s.seats[0].score = 5
    return s


@pytest.mark.parametrize("place, reason", [
    (["yellow", "green"], "Name the elements placed from the most common colour to the rarest: green, yellow."),
    (["black", "green"], "Name the elements placed from the most common colour to the rarest: green, black."),
    (["green", "green"], "A tile needs at most one green element: name each element placed once."),
])
def test_reservation_placements_have_one_form(place, reason):
    s = _reserve_position()
    assert Reserve(tile="P07", place=sorted(set(place), key=["green", "yellow", "black"].index)) in GAME.legal_actions(s)
    assert testing.assert_illegal_leaves_state(GAME, s, Reserve(tile="P07", place=place)) == reason
    assert testing.assert_illegal_leaves_state(GAME, s, {"type": "reserve", "tile": "P07", "place": place}) == reason


def test_change_of_reservation_has_one_form():
    s = _reserve_position()
    GAME.apply(s, Reserve(tile="P07", place=["green"]))
    assert ChangeReservation(tile="F09", place=["yellow", "red"]) in GAME.legal_actions(s)
    reason = testing.assert_illegal_leaves_state(GAME, s, ChangeReservation(tile="F09", place=["red", "yellow"]))
    assert reason == "Name the elements placed from the most common colour to the rarest: yellow, red."
    GAME.apply(s, ChangeReservation(tile="F09", place=["yellow", "red"]))


def test_added_elements_have_one_form():
    """P14 (green, red, blue, black) reserved by player 1 with green on it: red, blue and
    black are missing, so two of them may be added without completing it."""
    tiles = [("M01", 1, 0, 0, True), ("P14", 0, 0, 0, False, cv(green=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(red=2, blue=1, black=1)})
    legal = GAME.legal_actions(s)
    assert AddElements(place=["red", "blue"]) in legal and AddElements(place=["red", "blue", "black"]) not in legal
    reason = testing.assert_illegal_leaves_state(GAME, s, AddElements(place=["blue", "red"]))
    assert reason == "Name the elements placed from the most common colour to the rarest: red, blue."
    reason = testing.assert_illegal_leaves_state(GAME, s, {"type": "add", "place": ["red", "red"]})
    assert reason == "A tile needs at most one red element: name each element placed once."
    GAME.apply(s, {"type": "add", "place": ["red", "blue"]})
    assert s.surface[1].cubes == cv(green=1, red=1, blue=1)


# ---- strict reading of the dict --------------------------------------------------------------
@pytest.mark.parametrize("data, words", [
    ({"type": "take", "column": "1"}, "field 'column' must be a whole number, got the text '1'"),
    ({"type": "take", "column": True}, "field 'column' must be a whole number, got true"),
    ({"type": "take", "column": 1.0}, "field 'column' must be a whole number, got the number 1.0"),
    ({"type": "take", "column": 1, "note": "x"}, "a 'take' action has no field 'note'"),
    ({"type": "pass", "column": 1}, "a 'pass' action has no field 'column'"),
    ({"type": "terraform", "tile": 12, "pay": ["green"]}, "field 'tile' must be text, got the number 12"),
    ({"type": "terraform", "tile": "W02", "pay": "green"}, "field 'pay' must be a list, got the text 'green'"),
    ({"type": "terraform", "tile": "W02", "pay": ["green", "purple"]}, "item 2 of field 'pay' must be one of"),
    ({"type": "take"}, "field 'column' is missing"),
    ({"type": "fly"}, "there is no action of type 'fly'"),
    ({"column": 1}, "it has no 'type'"),
])
def test_coerced_values_and_extra_fields_are_refused(data, words):
    s = GAME.new_game(2, 1)
    assert Take(column=1) in GAME.legal_actions(s)  # column 1 is a legal take: only the form is wrong
    reason = testing.assert_illegal_leaves_state(GAME, s, data)
    assert reason.startswith("Not a Myraclia action: ") and words in reason and "\n" not in reason
    GAME.apply(s, {"type": "take", "column": 1})  # the same move written as its JSON is played
