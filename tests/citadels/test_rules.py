"""One or more tests per numbered rule of the Citadels spec (§1-§14, with the D-nn decisions)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.citadels import rules
from engines.citadels.components import (ALL_CARDS, CHARACTERS, DATA, DISTRICTS, kind, removal)
from engines.core.testing import assert_illegal_leaves_state

from .helpers import GAME, at_turn, components_census, give, new, play, deck_order, put_on_top, types

A, T, MAG, K, B, M, AR, W = range(1, 9)


def drive_draft(state, picks=None):
    """Play the draft choosing the lowest offered rank (or as ``picks`` says per step)."""
    while state.phase == "draft":
        acts = GAME.legal_actions(state)
        GAME.apply(state, acts[0])


# ---- §1 Components ------------------------------------------------------------------------
def test_rule_1_1_sixty_five_districts_27_types_by_colour():
    assert len(ALL_CARDS) == 65 and len(DISTRICTS) == 27
    colours = Counter(DISTRICTS[kind(c)].color for c in ALL_CARDS)
    assert colours == {"green": 20, "yellow": 12, "blue": 11, "red": 11, "purple": 11}


def test_rule_1_2_vp_is_cost_except_university_and_dragon_gate():
    for d in DISTRICTS.values():
        if d.id in ("university", "dragon_gate"):
            assert (d.cost, d.vp) == (6, 8)
        else:
            assert d.vp == d.cost


def test_rule_1_3_eight_characters_in_calling_order_with_income_colours():
    names = [CHARACTERS[r].name_en for r in range(1, 9)]
    assert names == ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"]
    assert [CHARACTERS[r].income_color for r in (K, B, M, W)] == ["yellow", "blue", "green", "red"]
    assert all(CHARACTERS[r].income_color is None for r in (A, T, MAG, AR))


def test_rule_1_4_gold_supply_is_unlimited():
    s = new(4)
    at_turn(s, K, {K: 0})
    give(s, 0, gold=40)
    play(s, type="take_gold")
    assert s.gold[0] == 42           # more than the 30 coins of the box (D-08)


def test_rule_1_5_five_colours():
    assert DATA.constants.colors == ["yellow", "blue", "green", "red", "purple"]


# ---- §2 Setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 8))
def test_rule_2_1_and_2_2_deck_hands_and_gold(players):
    s = new(players, seed=3)
    assert all(len(h) == 4 for h in s.hands) and s.gold == [2] * players
    assert len(s.deck) == 65 - 4 * players
    components_census(s)
    assert s.deck != new(players, seed=4).deck      # shuffled by the seed


def test_rule_2_3_crown_default_seat_0_and_host_choice():
    assert new(4).crown == 0
    s = new(4, first_crown=2)
    assert s.crown == 2 and GAME.to_move(s) == 2
    with pytest.raises(ValueError):
        GAME.new_game(3, 1, {"first_crown": 5})


def test_rule_2_4_characters_apart_and_no_discard_pile():
    s = new(5)
    assert not hasattr(s, "discard")
    assert len(s.deck) + sum(len(h) for h in s.hands) == 65


# ---- §3 Round structure -----------------------------------------------------------------------
def test_rule_3_round_is_draft_then_calling_then_new_round():
    s = new(4, seed=5)
    assert s.phase == "draft" and s.round == 1
    drive_draft(s)
    assert s.phase == "turn"
    while s.round == 1:
        GAME.apply(s, [a for a in GAME.legal_actions(s) if a.type in ("end_turn", "take_gold", "no_destroy")][0])
    assert s.round == 2 and s.phase == "draft"


# ---- §4 Character removal ------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 8))
def test_rule_4_1_removal_table(players):
    row = removal(players)
    for seed in range(20):
        s = new(players, seed=seed)
        assert len(s.removed_up) == row.face_up
        assert s.removed_down != 0
        assert len(s.draft_cards) == 8 - row.face_up - row.face_down
        components_census(s)
    while s.phase == "draft":
        GAME.apply(s, GAME.legal_actions(s)[-1])
    assert len(s.face_down) + (1 if s.removed_down else 0) == row.final_unchosen_face_down + (
        0 if players == 7 else row.face_down)
    for p in range(players):
        assert sum(1 for r in range(1, 9) if s.holder[r] == p) == row.characters_per_player


def test_rule_4_2_king_never_face_up_but_may_be_face_down():
    downs = set()
    for seed in range(300):
        s = new(4, seed=seed)
        assert K not in s.removed_up
        downs.add(s.removed_down)
    assert K in downs


def test_rule_4_3_removed_cards_not_offered_face_up_public_face_down_secret():
    s = new(4, seed=2)
    offered = {a.rank for a in GAME.legal_actions(s)}
    assert not offered & set(s.removed_up) and s.removed_down not in offered
    v = GAME.view(s, 1)
    assert [c["rank"] for c in v["characters"] if c["status"] == "removed"] == s.removed_up
    assert "seen_face_down" not in v["private"]


# ---- §5 Selection ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5, 6])
def test_rule_5_1_four_to_six_players_pick_in_turn_last_gets_two(players):
    s = new(players, seed=9, first_crown=1)
    order = []
    while s.phase == "draft":
        seat = GAME.to_move(s)
        order.append((seat, len(GAME.legal_actions(s))))
        GAME.apply(s, GAME.legal_actions(s)[-1])
    assert [o[0] for o in order] == [(1 + i) % players for i in range(players)]
    assert order[-1][1] == 2                      # the last player chooses between 2 cards
    assert len(s.face_down) == 1 and s.face_down_by == [order[-1][0]]


def test_rule_5_2_seven_players_last_takes_the_initial_face_down_card():
    s = new(7, seed=4)
    initial = s.removed_down
    for _ in range(6):
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert GAME.to_move(s) == 6 and initial in s.draft_cards and len(s.draft_cards) == 2
    assert GAME.view(s, 6)["private"]["draft_cards"] == s.draft_cards
    keep = [r for r in s.draft_cards if r != initial][0]
    play(s, type="choose_character", rank=keep)
    assert s.face_down == [initial] and s.face_down_by == [6] and s.removed_down == 0
    assert GAME.view(s, 6)["private"]["face_down"] == [initial]
    assert GAME.view(s, 5)["private"]["face_down"] == []


def test_rule_5_3_two_player_draft():
    s = new(2, seed=11)
    seq = []
    while s.phase == "draft":
        acts = GAME.legal_actions(s)
        seq.append((GAME.to_move(s), acts[0].type, len(acts)))
        GAME.apply(s, acts[0])
    assert seq == [(0, "choose_character", 7), (1, "choose_character", 6), (1, "discard_character", 5),
                   (0, "choose_character", 4), (0, "discard_character", 3), (1, "choose_character", 2)]
    assert len(s.face_down) == 3 and s.face_down_by[-1] == 1
    assert sum(1 for r in range(1, 9) if s.holder[r] == 0) == 2
    assert sum(1 for r in range(1, 9) if s.holder[r] == 1) == 2


def test_rule_5_4_three_player_draft():
    s = new(3, seed=11, first_crown=2)
    seq = []
    while s.phase == "draft":
        acts = GAME.legal_actions(s)
        seq.append((GAME.to_move(s), len(acts)))
        GAME.apply(s, acts[0])
    assert seq == [(2, 7), (0, 6), (1, 5), (2, 4), (0, 3), (1, 2)]
    assert s.face_down_by == [1]
    for p in range(3):
        assert sum(1 for r in range(1, 9) if s.holder[r] == p) == 2


def test_rule_5_5_only_the_chooser_sees_the_cards_handed_to_him():
    s = new(5, seed=3)
    GAME.apply(s, GAME.legal_actions(s)[0])
    chooser = GAME.to_move(s)
    assert "draft_cards" in GAME.view(s, chooser)["private"]
    for p in range(5):
        if p != chooser:
            assert "draft_cards" not in GAME.view(s, p)["private"]
    picked = [r for r in range(1, 9) if s.holder[r] == 0]
    assert GAME.view(s, 0)["private"]["characters"] == picked
    assert GAME.view(s, 1)["private"]["characters"] == []
    assert all(c["holder"] is None for c in GAME.view(s, 1)["characters"])


# ---- §6 Calling -------------------------------------------------------------------------------------
def test_rule_6_1_ranks_called_in_order():
    s = new(4, seed=8)
    drive_draft(s)
    seen = []
    while s.round == 1:
        if s.phase == "turn" and (not seen or seen[-1] != s.called):
            seen.append(s.called)
        GAME.apply(s, [a for a in GAME.legal_actions(s) if a.type in ("end_turn", "take_gold", "no_destroy")][0])
    assert seen == sorted(seen) and len(seen) >= 3


def test_rule_6_2_nobody_holds_the_rank_next_is_called():
    s = at_turn(new(4), MAG, {MAG: 1, M: 2})
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert s.called == M and GAME.to_move(s) == 2
    assert GAME.view(s, 0)["characters"][K - 1]["status"] == "no_answer"


def test_rule_6_3_killed_character_skips_its_whole_turn_unrevealed():
    s = at_turn(new(4), A, {A: 0, K: 1, M: 2})
    s.crown = 3
    play(s, type="assassinate", rank=K)
    gold1 = s.gold[1]
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert s.called == M and K not in s.revealed and s.crown == 3 and s.gold[1] == gold1
    v = GAME.view(s, 3)
    assert v["characters"][K - 1]["status"] == "killed" and v["characters"][K - 1]["holder"] is None


def test_rule_6_4_robbery_then_crown_then_turn():
    s = at_turn(new(4), T, {T: 0, K: 1})
    give(s, 1, gold=5)
    play(s, type="rob", rank=K)
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert s.called == K and s.gold[0] == 2 + 2 + 5 and s.gold[1] == 0 and s.crown == 1


def test_rule_6_5_two_characters_two_separate_turns():
    s = new(2, seed=1)
    at_turn(s, MAG, {MAG: 0, AR: 1, W: 0})
    give(s, 0, hand=["tavern-1", "temple-1"], gold=5)
    play(s, type="take_gold")
    play(s, type="build", district="tavern")
    assert "build" not in types(s)
    play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="end_turn")      # seat 1, the Architect
    assert s.called == W and GAME.to_move(s) == 0
    assert not s.income_taken and s.builds == 0          # a fresh turn for the Warlord
    play(s, type="take_gold")
    assert {"build", "collect_income"} <= types(s)


def test_rule_6_6_end_of_round_game_ends_when_a_city_is_complete_and_crown_stays():
    s = at_turn(new(4), W, {W: 2})
    s.crown = 1
    give(s, 2, city=[f"tavern-{i}" for i in range(1, 6)] + ["temple-1", "temple-2", "temple-3"])
    play(s, type="take_gold")
    play(s, type="end_turn")
    if s.phase == "warlord":
        play(s, type="no_destroy")
    assert s.phase == "over" and GAME.is_over(s)
    s2 = at_turn(new(4), W, {W: 2})
    s2.crown = 1
    play(s2, type="take_gold"); play(s2, type="end_turn")
    if s2.phase == "warlord":
        play(s2, type="no_destroy")
    assert s2.phase == "draft" and s2.round == 2 and s2.crown == 1   # the King was not in play


# ---- §7 A character's turn ----------------------------------------------------------------------------
def test_rule_7_1_merchant_gets_one_gold_at_start_of_turn_after_robbery():
    s = at_turn(new(4), M, {M: 1, T: 0}, robbed=M, thief_seat=0, revealed=[T])
    assert s.gold[1] == 1 and s.gold[0] == 4


def test_rule_7_2_income_take_gold_or_draw_two_keep_one_other_to_bottom():
    s = at_turn(new(4), K, {K: 0})
    put_on_top(s, ["palace-1", "tavern-1"])
    hand = list(s.hands[0])
    play(s, type="draw_cards", count=2)
    assert s.drawn == ["palace-1", "tavern-1"] and types(s) == {"keep_card"}
    play(s, type="keep_card", district="palace")
    assert s.hands[0] == hand + ["palace-1"] and s.bottom[-1] == "tavern-1" and not s.drawn
    assert "take_gold" not in types(s) and "draw_cards" not in types(s)
    reason = assert_illegal_leaves_state(GAME, s, {"type": "take_gold"})
    assert "already" in reason


def test_rule_7_2_observatory_library_and_both():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["observatory-1"])
    assert {a.count for a in GAME.legal_actions(s) if a.type == "draw_cards"} == {2, 3}
    put_on_top(s, ["palace-1", "tavern-1", "castle-1"])
    play(s, type="draw_cards", count=3)
    play(s, type="keep_card", district="castle")
    assert types(s) == {"put_bottom"}                    # D-31: the order at the bottom is chosen
    play(s, type="put_bottom", district="tavern")
    assert s.bottom[-2:] == ["tavern-1", "palace-1"]
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["library-1"])
    put_on_top(s, ["palace-1", "tavern-1"])
    play(s, type="draw_cards", count=2)
    assert "palace-1" in s.hands[0] and "tavern-1" in s.hands[0] and not s.drawn
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["library-1", "observatory-1"])
    put_on_top(s, ["palace-1", "tavern-1", "castle-1"])
    play(s, type="draw_cards", count=3)
    play(s, type="keep_card", district="castle")
    play(s, type="keep_card", district="palace")
    assert s.bottom[-1] == "tavern-1" and {"castle-1", "palace-1"} <= set(s.hands[0])


def test_rule_7_3_building_limit_payment_and_build_round():
    s = at_turn(new(4), K, {K: 0})
    s.round = 3
    give(s, 0, hand=["castle-1", "manor-1", "manor-2"], gold=10)
    assert "build" not in types(s)                       # D-26: income first
    reason = assert_illegal_leaves_state(GAME, s, {"type": "build", "district": "castle"})
    assert "income" in reason
    play(s, type="take_gold")
    play(s, type="build", district="manor")
    assert s.gold[0] == 12 - 3 and s.cities[0] == ["manor-1"] and s.built_round[0] == [3]
    reason = assert_illegal_leaves_state(GAME, s, {"type": "build", "district": "manor"})
    assert "only 1" in reason
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, hand=["castle-1"], gold=1)
    play(s, type="take_gold")
    reason = assert_illegal_leaves_state(GAME, s, {"type": "build", "district": "castle"})
    assert "costs 4" in reason


def test_rule_7_3_duplicates_allowed_and_city_may_exceed_n():
    s = at_turn(new(4), AR, {AR: 0})
    give(s, 0, hand=["manor-1", "manor-2", "manor-3"], gold=20,
         city=[f"tavern-{i}" for i in range(1, 6)] + ["temple-1", "temple-2"])
    play(s, type="take_gold")
    for _ in range(3):
        play(s, type="build", district="manor")
    assert len(s.cities[0]) == 10 and Counter(map(kind, s.cities[0]))["manor"] == 3


def test_rule_7_4_district_income_once_at_any_moment_counted_when_collected():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["manor-1"], hand=["castle-1"], gold=10)
    play(s, type="collect_income")                       # before the income action: allowed
    assert s.gold[0] == 11 and "collect_income" not in types(s)
    play(s, type="take_gold")
    play(s, type="build", district="castle")
    play(s, type="end_turn")                             # no second collection
    assert s.gold[0] == 11 + 2 - 4
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["manor-1"], hand=["castle-1"], gold=10)
    play(s, type="take_gold")
    play(s, type="build", district="castle")
    play(s, type="collect_income")
    assert s.gold[0] == 10 + 2 - 4 + 2


def test_rule_7_5_ability_once_at_any_moment_optional():
    s = at_turn(new(4), A, {A: 0})
    assert "assassinate" in types(s)                     # before the income action
    play(s, type="assassinate", rank=W)
    assert "assassinate" not in types(s)
    s = at_turn(new(4), A, {A: 0})
    play(s, type="take_gold")
    play(s, type="end_turn")                             # never used: legal (D-25)
    assert s.killed == 0


def test_rule_7_6_ending_the_turn_auto_income_architect_draw_then_warlord():
    s = at_turn(new(4), AR, {AR: 0, W: 1})
    n = len(s.hands[0])
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert len(s.hands[0]) == n + 2                       # D-10
    assert s.called == W
    give(s, 1, city=["watchtower-1", "prison-1"], gold=0)
    give(s, 0, city=["tavern-1"])
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert s.gold[1] == 2 + 2 and s.phase == "warlord"    # D-11 then the destruction step
    assert any(a.type == "destroy" for a in GAME.legal_actions(s))


def test_rule_7_7_only_the_graveyard_is_decided_out_of_turn():
    for seed in range(30):
        s = new(4, seed=seed)
        while not GAME.is_over(s):
            mover = GAME.to_move(s)
            if s.phase in ("turn", "warlord"):
                assert mover == s.holder[s.called]
            elif s.phase == "graveyard":
                assert mover != s.holder[s.called] and rules.owns(s, mover, "graveyard")
            acts = GAME.legal_actions(s)
            GAME.apply(s, acts[(seed * 7 + len(acts)) % len(acts)])


# ---- §8 Characters ---------------------------------------------------------------------------------------
def test_rule_8_1_assassin_names_rank_2_to_8_even_unheld():
    s = at_turn(new(4), A, {A: 0})
    assert sorted(a.rank for a in GAME.legal_actions(s) if a.type == "assassinate") == list(range(2, 9))
    reason = assert_illegal_leaves_state(GAME, s, {"type": "assassinate", "rank": 1})
    assert reason
    play(s, type="assassinate", rank=B)                  # nobody holds it: legal, no effect (D-20)
    assert s.killed == B


def test_rule_8_2_thief_exclusions_and_robbery():
    s = at_turn(new(4), T, {T: 0, M: 2}, killed=K)
    assert sorted(a.rank for a in GAME.legal_actions(s) if a.type == "rob") == [3, 5, 6, 7, 8]
    assert_illegal_leaves_state(GAME, s, {"type": "rob", "rank": K})
    play(s, type="rob", rank=M)
    give(s, 2, gold=4)
    play(s, type="take_gold"); play(s, type="end_turn")
    assert s.called == M and s.gold[0] == 2 + 2 + 4 and s.gold[2] == 1  # +1 after the robbery
    # unrevealed target: nothing happens
    s = at_turn(new(4), T, {T: 0, M: 2})
    play(s, type="rob", rank=B)
    play(s, type="take_gold"); play(s, type="end_turn")
    assert s.gold[0] == 4 and s.gold[2] == 3


def test_rule_8_2_same_player_and_gold_from_an_earlier_turn():
    s = new(3)
    at_turn(s, T, {T: 0, K: 0, B: 1, W: 2})
    play(s, type="rob", rank=K)
    play(s, type="take_gold"); play(s, type="end_turn")
    assert s.called == K and s.gold[0] == 4                        # D-33: no change
    s = new(3)
    at_turn(s, T, {T: 0, MAG: 1, B: 1})
    play(s, type="rob", rank=B)
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="end_turn")            # seat 1 earns with the Magician
    assert s.called == B and s.gold[1] == 0 and s.gold[0] == 2 + 2 + 4


def test_rule_8_3_magician_exchange_and_redraw():
    s = at_turn(new(4), MAG, {MAG: 0, K: 1})
    give(s, 0, hand=[])
    give(s, 2, hand=["castle-1", "manor-1"])
    play(s, type="magician_exchange", target=2)          # allowed with an empty hand
    assert s.hands[0] == ["castle-1", "manor-1"] and s.hands[2] == []
    assert not any(a.type.startswith("magician") for a in GAME.legal_actions(s))
    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, hand=["castle-1", "manor-1", "tavern-1"])
    top = deck_order(s)[:2]
    play(s, type="magician_discard", district="tavern")
    assert "take_gold" not in types(s) and "magician_draw" in types(s)
    play(s, type="magician_discard", district="castle")
    play(s, type="magician_draw")
    assert s.hands[0] == ["manor-1", *top] and s.bottom[-2:] == ["tavern-1", "castle-1"]
    assert s.ability_used and "magician_exchange" not in types(s)


def test_rule_8_4_king_takes_crown_and_yellow_income():
    s = at_turn(new(4), K, {K: 2})
    assert s.crown == 2
    give(s, 2, city=["manor-1", "palace-1", "temple-1"], gold=0)
    play(s, type="collect_income")
    assert s.gold[2] == 2


def test_rule_8_5_bishop_protection_blue_income_killed_bishop_unprotected():
    s = at_turn(new(4), W, {B: 1, W: 0}, revealed=[B])
    give(s, 1, city=["temple-1", "church-1"])
    give(s, 2, city=["tavern-1"])
    give(s, 0, gold=10)
    play(s, type="take_gold"); play(s, type="end_turn")
    targets = {(a.target, a.district) for a in GAME.legal_actions(s) if a.type == "destroy"}
    assert (2, "tavern") in targets and not any(t == 1 for t, _ in targets)
    reason = assert_illegal_leaves_state(GAME, s, {"type": "destroy", "target": 1, "district": "temple"})
    assert "Bishop" in reason
    s = at_turn(new(4), W, {B: 1, W: 0}, killed=B)
    give(s, 1, city=["temple-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    assert any(a.type == "destroy" and a.target == 1 for a in GAME.legal_actions(s))
    s = at_turn(new(4), B, {B: 3})
    give(s, 3, city=["temple-1", "church-1", "tavern-1"], gold=0)
    play(s, type="collect_income")
    assert s.gold[3] == 2


def test_rule_8_5_bishop_protects_his_own_warlord_city_d21():
    s = new(2)
    at_turn(s, W, {B: 0, W: 0}, revealed=[B])
    give(s, 0, city=["tavern-1"])
    give(s, 1, city=["temple-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    assert {a.target for a in GAME.legal_actions(s) if a.type == "destroy"} == {1}


def test_rule_8_6_merchant_green_income():
    s = at_turn(new(4), M, {M: 0})
    give(s, 0, city=["tavern-1", "market-1", "castle-1"], gold=0)
    assert s.gold[0] == 0    # +1 already given at reveal? (given at call: check below)
    s = at_turn(new(4), M, {M: 0})
    assert s.gold[0] == 3
    give(s, 0, city=["tavern-1", "market-1", "castle-1"], gold=0)
    play(s, type="collect_income")
    assert s.gold[0] == 2


def test_rule_8_7_architect_draws_two_any_moment_and_builds_three():
    s = at_turn(new(4), AR, {AR: 0})
    top = deck_order(s)[:2]
    play(s, type="architect_draw")
    assert s.hands[0][-2:] == top and "architect_draw" not in types(s)
    give(s, 0, hand=["tavern-1", "tavern-2", "tavern-3", "tavern-4"], gold=10)
    play(s, type="take_gold")
    for _ in range(3):
        play(s, type="build", district="tavern")
    assert "build" not in types(s) and len(s.cities[0]) == 3


def test_rule_8_8_warlord_costs_targets_and_limits():
    s = at_turn(new(4), W, {W: 0})
    give(s, 1, city=["tavern-1", "university-1", "keep-1", "castle-1"])
    give(s, 2, city=[f"manor-{i}" for i in range(1, 6)] + ["temple-1", "temple-2", "temple-3"])
    give(s, 0, city=["watchtower-1"], gold=3)
    play(s, type="take_gold"); play(s, type="collect_income")
    assert s.gold[0] == 6
    play(s, type="end_turn")
    targets = {(a.target, a.district) for a in GAME.legal_actions(s) if a.type == "destroy"}
    assert targets == {(0, "watchtower"), (1, "tavern"), (1, "university"), (1, "castle")}
    assert rules.destroy_cost("tavern") == 0 and rules.destroy_cost("university") == 5
    assert_illegal_leaves_state(GAME, s, {"type": "destroy", "target": 1, "district": "keep"})
    reason = assert_illegal_leaves_state(GAME, s, {"type": "destroy", "target": 2, "district": "manor"})
    assert "complete" in reason
    play(s, type="destroy", target=1, district="university")
    assert s.gold[0] == 1 and "university-1" not in s.cities[1] and s.bottom[-1] == "university-1"
    assert s.phase == "over"            # the destruction was the last act; seat 2's city is complete


def test_rule_8_8_warlord_must_be_able_to_pay_and_killed_warlord_destroys_nothing():
    s = at_turn(new(4), W, {W: 0})
    give(s, 1, city=["castle-1"])
    give(s, 0, gold=0)
    play(s, type="take_gold")
    play(s, type="end_turn")                 # 2 gold < 3: no target, no destruction step
    assert s.phase == "draft" and s.cities[1] == ["castle-1"]
    s = at_turn(new(4), MAG, {MAG: 1, W: 0}, killed=W)
    give(s, 2, city=["tavern-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    assert s.phase == "draft" and s.cities[2] == ["tavern-1"]


# ---- §9 Districts -----------------------------------------------------------------------------------------
def test_rule_9_1_district_table_spot_checks():
    t = {d.id: (d.color, d.cost, d.copies, d.vp) for d in DISTRICTS.values()}
    assert t["castle"] == ("yellow", 4, 4, 4)          # D-01
    assert t["docks"] == ("green", 3, 3, 3)            # D-02
    assert t["keep"] == ("purple", 3, 2, 3)            # D-03
    assert t["observatory"] == ("purple", 5, 1, 5)
    assert all(d.source for d in DISTRICTS.values())


def test_rule_9_2_non_purple_districts_give_no_actions():
    s = at_turn(new(4), MAG, {MAG: 0})
    before = types(s)
    give(s, 0, city=["palace-1", "fortress-1", "cathedral-1", "town_hall-1"])
    assert types(s) == before


def test_rule_9_3_haunted_city_colour_unless_built_in_final_round():
    s = new(4)
    give(s, 0, city=["manor-1", "temple-1", "tavern-1", "haunted_city-1"], city_round=1)
    s.built_round[0] = [1, 1, 1, 2]
    from engines.citadels.scoring import has_five_colours
    assert not has_five_colours(s, 0)                          # purple but red missing: HC -> red
    give(s, 0, city=["manor-1", "temple-1", "tavern-1", "watchtower-1"])
    assert not has_five_colours(s, 0)
    give(s, 0, city=["manor-1", "temple-1", "tavern-1", "watchtower-1", "haunted_city-1"])
    assert has_five_colours(s, 0)                              # HC is purple itself
    give(s, 0, city=["manor-1", "temple-1", "tavern-1", "keep-1", "haunted_city-1"])
    s.built_round[0] = [1, 1, 1, 1, 2]
    assert has_five_colours(s, 0)                              # HC stands for red
    s.final_round = 2
    assert not has_five_colours(s, 0)                          # built in the final round
    assert rules.district_income(s, 0, W) == 0                 # never another colour for income


def test_rule_9_3_keep_laboratory_smithy():
    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, city=["laboratory-1", "smithy-1"], hand=["tavern-1", "castle-1"], gold=3)
    play(s, type="laboratory", district="tavern")
    assert s.gold[0] == 4 and s.bottom[-1] == "tavern-1" and s.hands[0] == ["castle-1"]
    assert "laboratory" not in types(s)
    top = deck_order(s)[:2]
    play(s, type="smithy")
    assert s.gold[0] == 1 and s.hands[0] == ["castle-1", *top] and "smithy" not in types(s)
    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, city=["laboratory-1", "smithy-1"], hand=[], gold=2)
    assert "laboratory" not in types(s) and "smithy" not in types(s)   # empty hand, < 3 gold


def test_rule_9_3_graveyard_owner_decides_out_of_turn():
    s = at_turn(new(4), W, {W: 0, K: 3}, revealed=[K])
    give(s, 2, city=["graveyard-1"], gold=1)
    give(s, 1, city=["castle-1"])
    give(s, 0, gold=10)
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="destroy", target=1, district="castle")
    assert s.phase == "graveyard" and GAME.to_move(s) == 2
    assert types(s) == {"graveyard_take", "graveyard_decline"}
    play(s, type="graveyard_take")
    assert s.hands[2][-1] == "castle-1" and s.gold[2] == 0 and s.phase == "draft"
    # declined: to the bottom of the deck
    s = at_turn(new(4), W, {W: 0})
    give(s, 2, city=["graveyard-1"], gold=1)
    give(s, 1, city=["castle-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="destroy", target=1, district="castle")
    play(s, type="graveyard_decline")
    assert s.bottom[-1] == "castle-1"


def test_rule_9_3_graveyard_not_for_the_warlord_nor_itself_nor_without_gold():
    s = at_turn(new(4), W, {W: 0})
    give(s, 0, city=["graveyard-1"], gold=10)
    give(s, 1, city=["castle-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="destroy", target=1, district="castle")
    assert s.phase != "graveyard" and s.bottom[-1] == "castle-1"
    s = at_turn(new(4), W, {W: 0})
    give(s, 1, city=["graveyard-1"], gold=5)
    give(s, 0, gold=10)
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="destroy", target=1, district="graveyard")    # D-13: cannot recover itself
    assert s.phase != "graveyard" and s.bottom[-1] == "graveyard-1"
    s = at_turn(new(4), W, {W: 0})
    give(s, 2, city=["graveyard-1"], gold=0)
    give(s, 1, city=["castle-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="destroy", target=1, district="castle")
    assert s.phase != "graveyard"


def test_rule_9_3_school_of_magic_counts_for_income_only():
    s = at_turn(new(4), M, {M: 0})
    give(s, 0, city=["school_of_magic-1", "tavern-1"], gold=0)
    play(s, type="collect_income")
    assert s.gold[0] == 2
    assert rules.district_income(s, 0, AR) == 0 and rules.district_income(s, 0, K) == 1
    from engines.citadels.scoring import breakdown
    assert breakdown(s)[0]["districts"] == 7


def test_rule_9_3_university_and_dragon_gate_worth_8():
    s = new(4)
    give(s, 0, city=["university-1", "dragon_gate-1"])
    assert GAME.score_breakdown(s)[0]["districts"] == 16


def test_rule_9_4_new_purple_districts_work_at_once():
    s = at_turn(new(4), W, {W: 0})
    give(s, 0, hand=["smithy-1"], gold=6, city=["prison-1"])
    play(s, type="take_gold")
    play(s, type="build", district="smithy")
    assert "smithy" in types(s)
    s = at_turn(new(4), W, {W: 0})
    give(s, 0, hand=["school_of_magic-1"], gold=6, city=["prison-1"])
    play(s, type="take_gold")
    play(s, type="build", district="school_of_magic")
    play(s, type="collect_income")
    assert s.gold[0] == 2 + 2


# ---- §10 The deck ---------------------------------------------------------------------------------------
def test_rule_10_1_and_10_2_draw_from_top_return_to_bottom():
    s = at_turn(new(4), K, {K: 0})
    top2 = deck_order(s)[:2]
    play(s, type="draw_cards", count=2)
    assert s.drawn == top2
    play(s, type="keep_card", district=kind(top2[1]))
    assert s.bottom[-1] == top2[0] or kind(top2[0]) == kind(top2[1])


def test_rule_10_3_deck_exhaustion_d07():
    s = at_turn(new(4), AR, {AR: 0})
    s.hands[1] += s.deck[1:]
    s.deck = s.deck[:1]
    play(s, type="draw_cards", count=2)                  # 1 card: it is kept
    assert not s.drawn and not s.deck
    assert "draw_cards" not in types(s) or s.income_taken
    play(s, type="architect_draw")                        # draws what remains: nothing
    components_census(s)
    s = at_turn(new(4), K, {K: 0})
    s.hands[1] += s.deck
    s.deck = []
    assert "draw_cards" not in types(s)


def test_rule_10_4_no_hand_limit():
    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 1, hand=ALL_CARDS[:30])
    play(s, type="magician_exchange", target=1)
    assert len(s.hands[0]) == 30


# ---- §11 Hidden information ---------------------------------------------------------------------------
def test_rule_11_1_public_information_in_every_view():
    s = at_turn(new(4), K, {K: 1, T: 0}, revealed=[T], robbed=M, thief_seat=0)
    give(s, 2, city=["castle-1"], gold=7)
    v = GAME.view(s, 3)
    assert v["seats"][2]["gold"] == 7 and v["seats"][2]["city"][0]["card"] == "castle-1"
    assert v["seats"][2]["hand_size"] == len(s.hands[2]) and v["crown"] == 1
    assert v["characters"][M - 1]["robbed"] and v["characters"][K - 1]["holder"] == 1


def test_rule_11_2_and_11_3_private_and_secret_information():
    s = new(5, seed=12)
    while s.phase == "draft":
        GAME.apply(s, GAME.legal_actions(s)[0])
    for p in range(5):
        text = json.dumps(GAME.view(s, p))
        for q in range(5):
            if q != p:
                for c in s.hands[q]:
                    assert c not in text
        for c in s.deck:
            assert c not in text
        v = GAME.view(s, p)
        for ch in v["characters"]:
            if ch["holder"] is not None:
                assert ch["rank"] in s.revealed


def test_rule_11_3_killed_holder_never_revealed():
    s = at_turn(new(4), A, {A: 0, K: 2, W: 1})
    play(s, type="assassinate", rank=K)
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="end_turn")
    if s.phase == "warlord":
        play(s, type="no_destroy")
    assert s.round == 2 and s.crown_heir_revealed == -1
    for p in (0, 1, 3, None):
        v = GAME.view(s, p)
        assert all(c["holder"] is None for c in v["characters"])


def test_rule_11_4_unanswered_ranks_only_say_no_answer_or_killed():
    s = at_turn(new(4), A, {A: 0, B: 2})
    play(s, type="assassinate", rank=M)
    play(s, type="take_gold"); play(s, type="end_turn")
    statuses = {c["rank"]: c["status"] for c in GAME.view(s, 3)["characters"]}
    assert statuses[T] == statuses[MAG] == statuses[K] == "no_answer" and statuses[B] == "revealed"


# ---- §12 End and scoring -----------------------------------------------------------------------------------
def _complete(s, seat, n=7, first="temple"):
    give(s, seat, city=[f"tavern-{i}" for i in range(1, 6)] + [f"{first}-1", f"{first}-2"][: n - 5])


def test_rule_12_1_final_round_is_completed_with_full_turns():
    s = at_turn(new(4), K, {K: 0, AR: 1, W: 2})
    _complete(s, 0)
    give(s, 0, hand=["castle-1"], gold=4)
    play(s, type="take_gold"); play(s, type="build", district="castle")
    assert s.final_round == 1 and s.first_complete == 0
    play(s, type="end_turn")
    assert s.called == AR and s.phase == "turn"              # D-30: the round goes on
    give(s, 1, hand=["manor-1"], gold=3)
    play(s, type="take_gold"); play(s, type="build", district="manor")
    play(s, type="end_turn")
    assert s.called == W
    play(s, type="take_gold"); play(s, type="end_turn")
    assert all(a.target != 0 for a in GAME.legal_actions(s) if a.type == "destroy")
    if s.phase == "warlord":
        play(s, type="no_destroy")
    assert GAME.is_over(s)


def test_rule_12_2_scoring_categories():
    s = at_turn(new(4), K, {K: 0, M: 1})
    give(s, 0, city=[f"tavern-{i}" for i in range(1, 6)] + ["temple-1", "watchtower-1"],
         hand=["castle-1"], gold=4)
    give(s, 1, city=["manor-1", "manor-2", "temple-2", "tavern-5", "watchtower-2", "keep-1", "keep-2"],
         hand=["palace-1"], gold=5)
    give(s, 0, city=[f"tavern-{i}" for i in range(1, 5)] + ["temple-1", "watchtower-1", "market-1"])
    play(s, type="take_gold"); play(s, type="build", district="castle"); play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="build", district="palace"); play(s, type="end_turn")
    assert GAME.is_over(s)
    b = GAME.score_breakdown(s)
    assert b[0] == {"districts": 4 + 1 + 1 + 2 + 4, "five_colours": 0, "first_complete": 4, "complete_city": 0}
    assert b[1] == {"districts": 3 + 3 + 1 + 1 + 1 + 3 + 3 + 5, "five_colours": 3,
                    "first_complete": 0, "complete_city": 2}
    assert GAME.scores(s) == [16, 25, 0, 0] and GAME.winners(s) == [1]


def test_rule_12_2_first_complete_in_calling_order_two_players():
    s = new(2)
    at_turn(s, K, {K: 1, M: 0})
    for seat in (0, 1):
        give(s, seat, city=[f"{k}-1" for k in ("tavern", "market", "docks", "harbor", "manor", "castle", "temple")]
             if seat == 0 else [f"{k}-2" for k in ("tavern", "market", "docks", "harbor", "manor", "castle", "temple")],
             hand=["watchtower-1" if seat == 0 else "watchtower-2"], gold=3)
    play(s, type="take_gold"); play(s, type="build", district="watchtower"); play(s, type="end_turn")
    play(s, type="take_gold"); play(s, type="build", district="watchtower"); play(s, type="end_turn")
    b = GAME.score_breakdown(s)
    assert b[1]["first_complete"] == 4 and b[0]["complete_city"] == 2


def test_rule_12_3_gold_and_cards_score_nothing():
    s = new(4)
    before = GAME.scores(s)
    give(s, 0, gold=50, hand=ALL_CARDS[:20])
    assert GAME.scores(s) == before == [0, 0, 0, 0]


# ---- §13 Winner and ties ----------------------------------------------------------------------------------
def test_rule_13_1_highest_total_wins():
    s = new(3)
    give(s, 2, city=["palace-1"])
    give(s, 1, city=["castle-1"])
    assert GAME.winners(s) == [2]


def test_rule_13_2_ties_district_points_then_gold_then_shared():
    s = new(3)
    give(s, 0, city=["tavern-1", "manor-1", "temple-1", "watchtower-1", "keep-1"])   # 9 + 3 = 12
    give(s, 1, city=["palace-1", "castle-1", "manor-2"])                             # 12
    assert GAME.scores(s)[:2] == [12, 12] and GAME.winners(s) == [1]
    give(s, 0, city=["palace-2", "castle-2", "manor-3"])
    give(s, 0, gold=3); give(s, 1, gold=5)
    assert GAME.winners(s) == [1]
    give(s, 0, gold=5)
    assert GAME.winners(s) == [0, 1]


# ---- §14 Variants ---------------------------------------------------------------------------------------
def test_rule_14_v1_short_game_seven_districts():
    s = at_turn(new(4, short_game=True), K, {K: 0})
    give(s, 0, city=[f"tavern-{i}" for i in range(1, 6)] + ["temple-1"], hand=["castle-1"], gold=4)
    play(s, type="take_gold"); play(s, type="build", district="castle")
    assert s.first_complete == 0 and s.final_round == 1
    play(s, type="end_turn")
    assert GAME.is_over(s) and GAME.score_breakdown(s)[0]["first_complete"] == 4


def test_rule_14_v2_killed_kings_heir_takes_the_crown_at_round_end():
    for heir in (False, True):
        s = at_turn(new(4, killed_king_heir=heir), A, {A: 0, K: 2})
        s.crown = 3
        play(s, type="assassinate", rank=K)
        assert s.crown == 3
        play(s, type="take_gold"); play(s, type="end_turn")
        assert s.round == 2
        assert s.crown == (2 if heir else 3)
        assert GAME.view(s, 0)["crown_heir_revealed"] == (2 if heir else -1)


def test_rule_14_v3_forbid_duplicate_districts():
    s = at_turn(new(4, forbid_duplicate_districts=True), K, {K: 0})
    give(s, 0, city=["manor-1"], hand=["manor-2", "castle-1"], gold=10)
    play(s, type="take_gold")
    assert {a.district for a in GAME.legal_actions(s) if a.type == "build"} == {"castle"}
    reason = assert_illegal_leaves_state(GAME, s, {"type": "build", "district": "manor"})
    assert "already" in reason


# ---- decisions not covered above -----------------------------------------------------------------------------
def test_decision_d12_complete_city_immune_even_the_warlords_own():
    s = at_turn(new(4), W, {W: 0})
    give(s, 0, city=[f"tavern-{i}" for i in range(1, 6)] + ["temple-1", "temple-2", "temple-3"], gold=5)
    give(s, 1, city=["manor-1"])
    play(s, type="take_gold"); play(s, type="end_turn")
    assert {a.target for a in GAME.legal_actions(s) if a.type == "destroy"} == {1}


def test_decision_d35_destroyed_district_counts_for_nothing():
    s = at_turn(new(4), W, {W: 0})
    give(s, 1, city=["manor-1", "temple-1", "tavern-1", "watchtower-1", "keep-1"], gold=0)
    assert GAME.score_breakdown(s)[1]["five_colours"] == 3
    give(s, 0, gold=10)
    play(s, type="take_gold"); play(s, type="end_turn")
    play(s, type="destroy", target=1, district="watchtower")
    assert GAME.score_breakdown(s)[1] == {"districts": 8, "five_colours": 0, "first_complete": 0, "complete_city": 0}


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    s = new(4)
    for bad in ({"type": "take_gold"}, {"type": "choose_character", "rank": 99},
                {"type": "build", "district": "castle"}, {"type": "nonsense"}):
        assert assert_illegal_leaves_state(GAME, s, bad)
    s = at_turn(new(4), K, {K: 0})
    assert "income" in assert_illegal_leaves_state(GAME, s, {"type": "end_turn"})
    assert assert_illegal_leaves_state(GAME, s, {"type": "destroy", "target": 1, "district": "tavern"})


# ---- contract details ---------------------------------------------------------------------------------
def test_describe_never_names_a_hidden_card_or_character():
    s = new(4, seed=6)
    first = GAME.legal_actions(s)[0]
    assert "Assassin" not in GAME.describe(s, first) and "chooses a character" in GAME.describe(s, first)
    s = at_turn(new(4), K, {K: 0})
    put_on_top(s, ["palace-1", "tavern-1"])
    play(s, type="draw_cards", count=2)
    line = GAME.describe(s, GAME.legal_actions(s)[0])
    assert "Palace" not in line and "Tavern" not in line


def test_reveals_information_on_draws_and_reveals_only():
    s = at_turn(new(4), K, {K: 0, W: 1})
    before = s.clone()
    play(s, type="draw_cards", count=2)
    assert GAME.reveals_information(before, None, s)
    before = s.clone()
    GAME.apply(s, GAME.legal_actions(s)[0])                  # keep a card: nothing new shown
    assert not GAME.reveals_information(before, None, s)
    before = s.clone()
    play(s, type="end_turn")                                 # the Warlord is revealed
    assert GAME.reveals_information(before, None, s)


def test_seven_player_last_chooser_remembers_what_he_was_handed():
    s = new(7, seed=8)
    initial = s.removed_down
    while s.phase == "draft":
        GAME.apply(s, GAME.legal_actions(s)[0])
    last = (s.crown + 6) % 7
    assert initial in GAME.view(s, last)["private"]["handed"]
    assert all(initial not in GAME.view(s, p)["private"]["handed"] for p in range(7) if p != last)


def test_building_shows_a_card_of_the_hidden_hand_so_it_cannot_be_undone():
    s = at_turn(new(4), K, {K: 0, W: 1})
    give(s, 0, hand=["tavern-1", "temple-1"], gold=5)
    play(s, type="take_gold")
    before = s.clone()
    play(s, type="build", district="tavern")
    assert GAME.reveals_information(before, None, s)


def test_a_draft_choice_reveals_the_cards_left_to_the_next_chooser_only():
    """The next chooser sees the cards left (what the earlier choosers took shows in them):
    ``reveals_to`` him, not to the one who chose (he may take his choice back), and to no one
    when the same player goes on choosing."""
    for players in range(2, 8):
        s = new(players, seed=3)
        handed_on = 0
        while s.phase == "draft":
            before = s.clone()
            action = GAME.legal_actions(s)[0]
            GAME.apply(s, action)
            if s.phase != "draft" or before.round != s.round:
                break
            chooser, nxt = GAME.to_move(before), GAME.to_move(s)
            assert not GAME.reveals_information(before, action, s)
            for seat in range(players):
                assert GAME.reveals_to(before, action, s, seat) == (seat == nxt != chooser)
            handed_on += nxt != chooser
        assert handed_on >= players - 1
