"""One named test for each decision (D-nn, spec §16) that the rule tests cover only in
passing: each asserts the behaviour the decision fixes."""

from __future__ import annotations

from engines.citadels.components import DISTRICTS
from engines.citadels.scoring import breakdown, has_five_colours

from .helpers import GAME, at_turn, give, new, play, types

A, T, MAG, K, B, M, AR, W = range(1, 9)
SEVEN = [f"tavern-{i}" for i in range(1, 6)] + ["temple-1", "temple-2"]


def test_decision_d04_names_are_display_text_engine_ids_are_english():
    assert DISTRICTS["castle"].name_de == "Schloss" and DISTRICTS["keep"].name_de == "Wehrturm"
    assert all(k == k.lower() and " " not in k for k in DISTRICTS)


def test_decision_d05_duplicates_allowed_by_default():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["manor-1"], hand=["manor-2"], gold=5)
    play(s, type="take_gold")
    play(s, type="build", district="manor")
    assert s.cities[0] == ["manor-1", "manor-2"]


def test_decision_d16_haunted_city_built_before_the_trigger_in_the_final_round_is_purple():
    """Seat 1 builds the Haunted City as King (rank 4) in the round in which seat 0 later
    completes as Warlord (rank 8): it was built in the final round, so it counts as purple."""
    s = at_turn(new(4), K, {K: 1, W: 0})
    s.round = 5
    give(s, 1, city=["manor-1", "temple-3", "tavern-5", "keep-1"], city_round=2,  # no red
         hand=["haunted_city-1"], gold=2)
    play(s, type="take_gold")
    play(s, type="build", district="haunted_city")
    assert s.built_round[1][-1] == 5 and has_five_colours(s, 1)    # not yet final: stands for red
    play(s, type="end_turn")
    give(s, 0, city=SEVEN, city_round=3, hand=["castle-1"], gold=4)
    play(s, type="take_gold")
    play(s, type="build", district="castle")
    assert s.final_round == 5
    assert not has_five_colours(s, 1)                   # built in the final round: purple only


def test_decision_d18_first_complete_goes_to_the_earlier_rank_of_the_round():
    s = at_turn(new(4), M, {M: 2, AR: 1})
    give(s, 2, city=SEVEN, hand=["castle-1"], gold=4)
    give(s, 1, city=[f"manor-{i}" for i in range(1, 6)] + ["church-1", "church-2"],
         hand=["palace-1", "palace-2"], gold=10)
    play(s, type="take_gold"); play(s, type="build", district="castle"); play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="build", district="palace")
    play(s, type="build", district="palace"); play(s, type="end_turn")
    b = breakdown(s)
    assert b[2]["first_complete"] == 4 and b[1]["first_complete"] == 0 and b[1]["complete_city"] == 2


def test_decision_d19_short_game_makes_seven_districts_immune_to_the_warlord():
    s = at_turn(new(4, short_game=True), W, {W: 0})
    give(s, 1, city=SEVEN)
    give(s, 2, city=["manor-1"])
    give(s, 0, gold=10)
    play(s, type="take_gold"); play(s, type="end_turn")
    assert {a.target for a in GAME.legal_actions(s) if a.type == "destroy"} == {2}


def test_decision_d24_once_per_turn_means_once_per_character_turn():
    s = new(3)
    at_turn(s, MAG, {MAG: 0, M: 0, K: 1, W: 2})
    give(s, 0, city=["laboratory-1"], hand=["tavern-1", "tavern-2", "tavern-3"], gold=0)
    play(s, type="laboratory", district="tavern")
    assert "laboratory" not in types(s)
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="end_turn")            # the King, seat 1
    assert s.called == M and "laboratory" in types(s)              # the same player's Merchant
    play(s, type="laboratory", district="tavern")
    assert s.gold[0] == 1 + 2 + 1 + 1                              # lab, gold, Merchant +1, lab


def test_decision_d27_magician_may_redraw_his_own_discards_when_the_deck_is_short():
    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, hand=["castle-1", "manor-1"])
    s.hands[1] += s.deck + s.bottom
    s.deck, s.bottom = [], []
    play(s, type="magician_discard", district="castle")
    play(s, type="magician_discard", district="manor")
    play(s, type="magician_draw")
    assert sorted(s.hands[0]) == ["castle-1", "manor-1"] and s.deck == s.bottom == []


def test_decision_d29_completion_counted_once_at_the_nth_district():
    s = at_turn(new(4), AR, {AR: 0})
    s.round = 4
    give(s, 0, city=SEVEN, hand=["manor-1", "manor-2", "manor-3"], gold=20)
    play(s, type="take_gold")
    for _ in range(3):
        play(s, type="build", district="manor")
    assert len(s.cities[0]) == 10 and s.first_complete == 0 and s.final_round == 4


def test_decision_d34_thief_who_names_nobody_robs_nobody():
    s = at_turn(new(4), T, {T: 0, M: 1})
    give(s, 1, gold=6)
    play(s, type="take_gold"); play(s, type="end_turn")
    assert s.called == M and s.robbed == 0 and s.gold[1] == 7
