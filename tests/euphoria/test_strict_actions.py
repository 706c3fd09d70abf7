"""Strict actions (reliability issue): a dict from a record, a link or a file is read as the
JSON it is. A number written as text, ``true`` or ``1.0`` for a worker, and a field the
action does not have, are refused with a readable reason and the state unchanged, even when
the lax reading would have been a legal move."""

from __future__ import annotations

import pytest

from engines.core import testing
from engines.euphoria import GAME
from engines.euphoria.actions import Place, Retrieve, Trade

from .helpers import blank, goods


@pytest.mark.parametrize("data, words", [
    ({"type": "place", "die": "1", "space": "GEN"}, "field 'die' must be a whole number, got the text '1'"),
    ({"type": "place", "die": True, "space": "GEN"}, "field 'die' must be a whole number, got true"),
    ({"type": "place", "die": 1.0, "space": "GEN"}, "field 'die' must be a whole number, got the number 1.0"),
    ({"type": "place", "die": [1], "space": "GEN"}, "field 'die' must be a whole number, got a list"),
    ({"type": "place", "die": 1, "space": "GEN", "note": "x"}, "a 'place' action has no field 'note'"),
    ({"type": "place", "die": 1, "space": "GEN", "worker": 1}, "a 'place' action has no field 'worker'"),
    ({"type": "place", "die": 1}, "field 'space' is missing"),
    ({"type": "place", "die": 1, "space": None}, "field 'space' must be text, got null"),
    ({"type": "end_turn", "die": 1}, "an 'end_turn' action has no field 'die'"),
    ({"type": "Place", "die": 1, "space": "GEN"}, "there is no action of type 'Place'"),
])
def test_coerced_values_and_extra_fields_are_refused(data, words):
    s = blank(2)
    assert Place(die=1, space="GEN") in GAME.legal_actions(s)  # the lax reading is a legal move
    reason = testing.assert_illegal_leaves_state(GAME, s, data)
    assert reason.startswith("Not a Euphoria action: ") and words in reason and "\n" not in reason
    GAME.apply(s, {"type": "place", "die": 1, "space": "GEN"})  # written as its JSON: played
    assert s.p[0].where[1] == "GEN"


def test_trade_partner_and_retrieved_workers_are_read_strictly():
    s = blank(2, trading=True)
    goods(s, 0, gold=1)
    assert Trade(partner=1) in GAME.legal_actions(s)
    for partner in ("1", True, 1.0):
        reason = testing.assert_illegal_leaves_state(GAME, s, {"type": "trade", "partner": partner})
        assert "field 'partner' must be a whole number" in reason
    GAME.apply(s, {"type": "place", "die": 0, "space": "GEN"})
    GAME.apply(s, {"type": "end_turn"})
    GAME.apply(s, {"type": "place", "die": 0, "space": "AQU"})
    GAME.apply(s, {"type": "end_turn"})
    assert Retrieve(dice=[0], pay="free") in GAME.legal_actions(s)
    for dice, words in ((["0"], "item 1 of field 'dice' must be a whole number, got the text '0'"),
                        ("0", "field 'dice' must be a list, got the text '0'"),
                        ([0, 0], None), ([False], "item 1 of field 'dice' must be a whole number, got false")):
        reason = testing.assert_illegal_leaves_state(GAME, s, {"type": "retrieve", "dice": dice, "pay": "free"})
        assert words is None or words in reason
    reason = testing.assert_illegal_leaves_state(GAME, s, {"type": "retrieve", "dice": [0], "pay": "FREE"})
    assert "field 'pay' must be one of 'free', 'food', 'bliss' or 'energy', got the text 'FREE'" in reason
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
