"""Rule tests added in review: cases the first round of tests left open."""

from __future__ import annotations

from engines.citadels import rules
from engines.core.testing import assert_illegal_leaves_state

from .helpers import GAME, at_turn, give, new, play

A, T, MAG, K, B, M, AR, W = range(1, 9)


def test_rule_7_2_observatory_three_cards_only_when_the_deck_makes_it_a_choice_d15_d07():
    """D-15 offers 2 or 3; with 2 cards or fewer left both draw the same cards (D-07), so
    only one draw is offered and every button differs."""
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["observatory-1"])
    s.hands[1] += s.deck[2:]
    del s.deck[2:]
    assert sorted(a.count for a in GAME.legal_actions(s) if a.type == "draw_cards") == [2]
    reason = assert_illegal_leaves_state(GAME, s, {"type": "draw_cards", "count": 3})
    assert "only 2 cards" in reason
    s.deck.append(s.hands[1].pop())
    assert sorted(a.count for a in GAME.legal_actions(s) if a.type == "draw_cards") == [2, 3]


def test_rule_11_1_the_log_gives_the_number_of_cards_really_drawn():
    """§11.1: the number of cards drawn by any effect is public, and D-07 may cut it short."""
    s = at_turn(new(4), AR, {AR: 0})
    s.hands[1] += s.deck[1:]
    del s.deck[1:]
    draw = [a for a in GAME.legal_actions(s) if a.type == "architect_draw"][0]
    assert GAME.describe(s, draw) == "Player 1 (the Architect) draws 1 card extra"
    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, city=["smithy-1"], gold=5)
    smithy = [a for a in GAME.legal_actions(s) if a.type == "smithy"][0]
    assert GAME.describe(s, smithy).endswith("draws 2 cards")


def test_rule_8_8_dragon_gate_costs_five_to_destroy():
    s = at_turn(new(4), W, {W: 0})
    give(s, 1, city=["dragon_gate-1"])
    give(s, 0, gold=3)
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert rules.destroy_cost("dragon_gate") == 5
    play(s, type="destroy", target=1, district="dragon_gate")
    assert s.gold[0] == 0 and s.cities[1] == []
