"""The three worked examples of the seed rulebook ("Tre esempi sulle abilità"), exact numbers."""

from __future__ import annotations

from .helpers import GAME, at_turn, give, new, play, put_on_top

MAG, M = 3, 6


def test_example_1_merchant_takes_gold_builds_kontor_then_collects_three():
    """Merchant: 0 gold, a Kontor (green, 3) in hand, 2 green districts built. +1 (Merchant)
    +2 (income) = 3, builds the Kontor for 3, then collects 3 for three green districts."""
    s = new(4, seed=21)
    give(s, 0, hand=["docks-1"], city=["tavern-1", "market-1"], gold=0)
    at_turn(s, M, {M: 0})
    assert s.gold[0] == 1                                   # the Merchant's +1
    play(s, type="take_gold")
    assert s.gold[0] == 3
    play(s, type="build", district="docks")
    assert s.gold[0] == 0
    play(s, type="collect_income")
    assert s.gold[0] == 3 and s.hands[0] == [] and len(s.cities[0]) == 3


def test_example_2_merchant_collects_first_draws_then_builds_and_ends_with_no_gold():
    """Alternative: +1 (Merchant) + 2 (two green districts) + 1 card (draw 2, keep 1), then
    builds the Kontor for 3: no gold left, 1 card in hand."""
    s = new(4, seed=22)
    give(s, 0, hand=["docks-1"], city=["tavern-1", "market-1"], gold=0)
    at_turn(s, M, {M: 0})
    play(s, type="collect_income")
    assert s.gold[0] == 3
    put_on_top(s, ["palace-1", "temple-1"])
    play(s, type="draw_cards", count=2)
    play(s, type="keep_card", district="palace")
    play(s, type="build", district="docks")
    play(s, type="end_turn")
    assert s.gold[0] == 0 and s.hands[0] == ["palace-1"]
    assert s.bottom[-1] == "temple-1"                          # the other card at the bottom


def test_example_3_magician_builds_schloss_then_swaps_an_empty_hand_for_three_cards():
    """Magician: 2 gold and a Schloss in hand; +2 gold, builds the Schloss for 4 (D-01), then
    exchanges his empty hand with a player holding 3 cards: 3 cards for him, 0 for the other."""
    s = new(4, seed=23)
    give(s, 0, hand=["castle-1"], gold=2)
    give(s, 2, hand=["manor-1", "temple-1", "prison-1"])
    at_turn(s, MAG, {MAG: 0})
    play(s, type="take_gold")
    play(s, type="build", district="castle")
    assert s.gold[0] == 0 and s.hands[0] == []
    play(s, type="magician_exchange", target=2)
    assert len(s.hands[0]) == 3 and s.hands[2] == []
    play(s, type="end_turn")
    assert GAME.to_move(s) is not None
