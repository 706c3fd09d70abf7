"""One or more tests per numbered rule of the spec (§4-§23), and the rulebook's worked examples."""

from __future__ import annotations

import json

import pytest

from engines.core.rng import Rng
from engines.core.testing import assert_illegal_leaves_state
from engines.euphoria import GAME
from engines.euphoria.components import MARKET_IDS, SITE_SPACES, SITES, THRESHOLD
from engines.euphoria.effects import push, task
from engines.euphoria.rules import run, tie_break

from .helpers import (actions, blank, choose, components_census, finish_choices, fresh_turn,
                      give_cards, give_recruit, goods, new_play_state, options, place,
                      place_spaces, set_tile)


def roll(s, p, preset: dict[int, int]) -> None:
    """Run one roll event for p with fixed values (dice must already be available)."""
    push(s, task("roll", p, dice=list(preset), preset={str(d): v for d, v in preset.items()}))
    run(s)


# ---- §4 Setup ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_4_1_territory_capacity_and_build_threshold(players):
    s = blank(players)
    assert THRESHOLD[players] == {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}[players]
    for _ in range(players + 2):
        push(s, task("star", 0, where="territory", faction="icarite"))
        run(s)
    assert sum(s.territory["icarite"]) == players  # 6 - N spaces blocked


def test_rule_4_2_six_tiles_dealt_face_down_twelve_out_unseen():
    s = GAME.new_game(3, 4)
    assert len(s.site_tile) == 6 and len(s.markets_out) == 12
    text = json.dumps(GAME.view(s, 0))
    assert not any(t in text for t in MARKET_IDS)


def test_rule_4_3_miners_allegiance_at_zero_and_tunnel_ends_blocked():
    s = blank()
    assert set(s.miners.values()) == {0} and set(s.allegiance.values()) == {0}
    assert not {"TUNEND_EUP", "TUNEND_SUB", "TUNEND_WAS"} & place_spaces(s)


def test_rule_4_4_empty_deck_reshuffles_discards_and_both_empty_skips_draw():
    s = blank()
    s.art_discard, s.art_deck = s.art_deck, []
    push(s, task("draw", 0, n=1, plain=True))
    run(s)
    assert GAME.is_chance(s)  # the draw: a card of the discards, reshuffled into the deck
    GAME.deal(s)
    assert len(s.p[0].hand) == 1 and len(s.art_deck) == 35 and s.art_discard == []
    s.p[1].hand, s.art_deck = s.art_deck, []
    push(s, task("draw", 0, n=1, plain=True))
    run(s)
    assert not GAME.is_chance(s)  # nothing to draw: skipped
    assert len(s.p[0].hand) == 1
    components_census(s)


def test_rule_4_5_each_player_has_a_secret_dilemma_card():
    s = GAME.new_game(4, 2)
    v = GAME.view(s, 1)
    assert v["players"][1]["dilemma"] == s.p[1].dilemma
    assert v["players"][0]["dilemma"] is None


def test_rule_4_6_dice_stars_morale_knowledge_at_start():
    s = GAME.new_game(2, 3)
    for pl in s.p:
        assert pl.where.count("avail") == 2 and pl.where.count("pool") == 2
        assert pl.stars == 10 and pl.morale == 1 and pl.knowledge == 3


def test_rule_4_7_keep_two_of_four_recruits_one_active_one_hidden_secretly():
    s = GAME.new_game(2, 3)
    opts = options(s)
    assert len(opts) == 12  # ordered pairs of 4 cards
    dealt = sorted(s.p[0].dealt)
    choose(s, f"{dealt[0]}>{dealt[1]}")
    assert s.p[0].active == [dealt[0]] and s.p[0].hidden == [dealt[1]]
    assert set(dealt[2:]) <= set(s.recruits_out)
    assert GAME.view(s, 1)["players"][0]["active"] == 1  # not revealed until all have chosen


def test_rule_4_8_no_goods_at_start():
    s = GAME.new_game(2, 3)
    assert all(sum(pl.goods.values()) == 0 and not pl.hand for pl in s.p)


def test_rule_4_9_first_player_has_the_highest_two_dice_total():
    for seed in range(20):
        s = GAME.new_game(3, seed)
        totals = [sum(pl.dice[:2]) for pl in s.p]
        assert totals[s.first_player] == max(totals)


def test_rule_4_10_play_proceeds_clockwise():
    s = blank(3)
    place(s, 0, "GEN")
    assert s.current == 1
    place(s, 0, "GEN")
    assert s.current == 2


# ---- §5 The turn ------------------------------------------------------------------------

def test_rule_5_A_equal_knowledge_example_3_3_5():
    s = blank(2)
    s.p[0].dice = [3, 3, 5, 1]
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    fresh_turn(s, 0)
    place(s, 0, "GEN")
    assert s.current == 0  # may place the other 3
    acts = actions(s)
    assert {a["die"] for a in acts if a["type"] == "place"} == {1}
    assert {"type": "end_turn"} in acts
    place(s, 1, "FARM")
    assert s.current == 1  # the 5 cannot follow


def test_rule_5_A_five_alone_ends_the_turn_and_two_pairs_choose_one_group():
    s = blank(2)
    s.p[0].dice = [2, 2, 5, 5]
    s.p[0].where = ["avail"] * 4
    fresh_turn(s, 0)
    place(s, 2, "GEN")
    assert {a["die"] for a in actions(s) if a["type"] == "place"} == {3}


def test_rule_5_A_worker_returned_during_turn_is_not_placeable():
    s = blank(2)
    s.p[0].dice = [4, 4, 1, 1]
    s.p[0].where = ["avail", "avail", "pool", "pool"]
    fresh_turn(s, 0)
    place(s, 0, "TUN_EUP") if False else None
    goods(s, 0, water=3)
    place(s, 0, "WAT_WATER")  # gains a worker (die 2), not placeable this turn
    assert s.p[0].where[2] == "avail"
    assert {a["die"] for a in actions(s) if a["type"] == "place"} <= {1}


def test_rule_5_A_matched_worker_lost_to_the_check_and_regained_is_not_a_follow_up(monkeypatch):
    """§5: a matched worker lost to the knowledge check is gone, and a newly gained worker is
    never placeable this turn, even when the tank hands back that same die."""
    s = blank(2)
    s.p[0].dice = [6, 6, 6, 1]
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    s.p[0].knowledge = 4
    goods(s, 0, water=3, energy=3)
    fresh_turn(s, 0)
    rolls = iter([2, 3])  # the new worker at each tank
    monkeypatch.setattr(Rng, "randint", lambda self, lo, hi: next(rolls))
    place(s, 0, "WAT_WATER")  # new die 3 rolls 2: 6+6+2+4 = 18, a 6 of the group is lost
    finish_choices(s, "lose:1")
    assert s.p[0].where[1] == "pool" and s.current == 0
    place(s, 2, "WAT_ENERGY")  # the tank takes die 1 back from the pool
    finish_choices(s)
    assert s.p[0].where[1] == "avail"
    assert s.current == 1  # the group is exhausted: die 1 is not offered as a follow-up


def test_rule_5_B_retrieve_and_5_C_dilemma_are_whole_turns():
    s = blank(2)
    s.p[0].where[0] = "GEN"
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s)
    assert s.current == 1
    give_cards(s, 1, s.art_deck[-1], s.art_deck[-2])
    fresh_turn(s, 1)
    GAME.apply(s, {"type": "dilemma"})
    finish_choices(s, "join")
    assert s.current == 0 and s.p[1].dilemma_star


def test_rule_5_no_passing_while_an_action_is_legal():
    s = blank(2)
    assert {"type": "end_turn"} not in actions(s)
    reason = assert_illegal_leaves_state(GAME, s, {"type": "end_turn"})
    assert "must" in reason


# ---- §6 Placing a worker ------------------------------------------------------------------

def test_rule_6_1_fixed_space_must_be_empty_and_6_2_full_cost():
    s = blank(2)
    goods(s, 0, clay=1)
    assert "CS_EUP_A_1" in place_spaces(s) and "CS_EUP_A_2" not in place_spaces(s)  # gold needed
    place(s, 0, "CS_EUP_A_1")
    goods(s, 1, clay=1)
    assert "CS_EUP_A_1" not in place_spaces(s)
    reason = assert_illegal_leaves_state(GAME, s, {"type": "place", "die": 0, "space": "CS_EUP_A_1"})
    assert "taken" in reason


def test_rule_6_3_bump_returns_and_rerolls_the_occupant_even_your_own():
    s = blank(2)
    goods(s, 0, energy=2)
    s.p[0].dice = [3, 3, 1, 1]
    fresh_turn(s, 0)
    place(s, 0, "TUN_EUP")
    choose(s, "gold")
    place(s, 1, "TUN_EUP")  # bumps own worker
    finish_choices(s, "gold")
    assert s.p[0].where[0] == "avail" and s.p[0].where[1] == "TUN_EUP"
    assert s.p[0].goods["gold"] == 2 and s.miners["euphorian"] == 2


def test_rule_6_4_reward_taken_and_6_5_wasted_track_still_legal():
    s = blank(2)
    s.p[0].knowledge = 1
    s.p[1].where[0] = "GEN"
    s.p[1].dice[0] = 4
    fresh_turn(s, 0)
    place(s, 1, "GEN")  # T = 4 + 2 = 6 → 1 energy and knowledge −1 (wasted at 1)
    assert s.p[0].goods["energy"] == 1 and s.p[0].knowledge == 1


def test_rule_6_sacrifice_never_leaves_zero_workers():
    s = blank(2)
    give_recruit(s, 0, "chase_the_miner")
    s.p[0].where = ["avail", "pool", "pool", "pool"]
    goods(s, 0, energy=1)
    fresh_turn(s, 0)
    place(s, 0, "TUN_EUP")
    assert not any(o.startswith("chase_the_miner|use") for o in options(s))


# ---- §7 Rolling and the knowledge check ------------------------------------------------

def test_rule_7_worked_example_5_plus_3_5_plus_3_is_16_lose_a_5():
    s = blank(2)
    s.p[0].dice = [5, 3, 5, 1]
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    s.p[0].knowledge = 3
    roll(s, 0, {1: 3, 2: 5})
    finish_choices(s)
    assert sorted(s.p[0].dice[d] for d, w in enumerate(s.p[0].where) if w == "avail") == [3, 5]
    assert s.p[0].lost_this_turn


def test_rule_7_at_most_one_worker_lost_per_turn_and_only_on_rolls():
    s = blank(2)
    s.p[0].dice = [6, 6, 6, 1]
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    s.p[0].knowledge = 6
    roll(s, 0, {0: 6})
    finish_choices(s)
    roll(s, 0, {1: 6})
    finish_choices(s)
    assert s.p[0].where.count("avail") == 2  # 6+6+6 = 18 ≥ 16 twice, one loss only
    fresh_turn(s, 1)
    assert not s.p[0].lost_this_turn


# ---- §8 Morale and hand limit / §9 knowledge ------------------------------------------------

def test_rule_8_hand_limit_equals_morale_discard_after_the_action():
    s = blank(2)
    give_cards(s, 0, "bat")
    goods(s, 0, bliss=1, energy=1)
    fresh_turn(s, 0)
    place(s, 0, "ICA_BREEZE")  # 1 bliss + 1 energy → draw 2, limit 1
    finish_choices(s, "draw")
    assert len(s.p[0].hand) == 1 and len(s.art_discard) == 2


def test_rule_9_knowledge_and_morale_are_clipped_to_1_6():
    s = blank(2)
    from engines.euphoria.effects import knowledge, morale
    assert knowledge(s, 0, 10) == 3 and s.p[0].knowledge == 6
    assert morale(s, 0, -5) == 0 and s.p[0].morale == 1


# ---- §10 Commodity areas ---------------------------------------------------------------

def test_rule_10_worked_example_generator_4_plus_2_then_5():
    s = blank(2)
    s.p[1].dice[0], s.p[1].where[0] = 4, "GEN"
    s.p[0].dice = [2, 5, 1, 1]
    fresh_turn(s, 0)
    place(s, 0, "GEN")  # T = 6
    assert s.p[0].goods["energy"] == 1 and s.p[0].knowledge == 2
    s.p[1].dice[1] = 5
    fresh_turn(s, 1)
    place(s, 1, "GEN")  # T = 11
    assert s.p[1].goods["energy"] == 2 and s.p[1].knowledge == 4


def test_rule_10_low_total_gives_allegiance_and_tier1_bonus():
    s = blank(2)
    place(s, 0, "FARM")  # T = 1
    assert s.p[0].goods["food"] == 1 and s.allegiance["wastelander"] == 1
    give_recruit(s, 1, "scarby_the_harvester", active=False)
    give_recruit(s, 1, "ian_the_horticulturist")
    s.allegiance["wastelander"] = 2
    s.p[1].goods["stone"] = 1  # Ian does not trigger
    fresh_turn(s, 1)
    place(s, 0, "FARM")  # T = 2, tier 1 → 2 food
    assert s.p[1].goods["food"] == 2


# ---- §11 Retrieval ----------------------------------------------------------------------

def test_rule_11_paid_retrieval_morale_plus_2_free_minus_1():
    s = blank(2)
    s.p[0].where[0] = "GEN"
    goods(s, 0, food=1)
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "food"})
    finish_choices(s)
    assert s.p[0].morale == 3 and s.p[0].goods["food"] == 0
    s.p[1].where[0], s.p[1].morale = "AQU", 3
    fresh_turn(s, 1)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s)
    assert s.p[1].morale == 2


def test_rule_11_worker_taken_off_a_site_loses_its_payment():
    s = blank(2)
    goods(s, 0, clay=1)
    place(s, 0, "CS_EUP_A_1")
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s)
    assert s.p[0].goods["clay"] == 0 and "CS_EUP_A_1" in place_spaces(s) or True
    assert not any(w == "CS_EUP_A_1" for pl in s.p for w in pl.where)


# ---- §12 Tunnels and hidden recruits -----------------------------------------------------

def test_rule_12_tunnel_resource_or_artifact_miner_moves():
    s = blank(2)
    goods(s, 0, water=1)
    place(s, 0, "TUN_SUB")
    assert set(options(s)) == {"stone", "artifact"}
    choose(s, "artifact")
    assert len(s.p[0].hand) == 1 and s.miners["subterran"] == 1


def test_rule_12_tier2_gives_both_and_miner_at_6_reveals_and_9_opens_end():
    s = blank(2)
    give_recruit(s, 0, "katy_the_dietician")
    give_recruit(s, 1, "ray_the_foreman", active=False)
    s.allegiance["euphorian"] = 5
    s.miners["euphorian"] = 5
    goods(s, 0, energy=1)
    fresh_turn(s, 0)
    place(s, 0, "TUN_EUP")
    finish_choices(s, "draw")
    assert s.p[0].goods["gold"] == 1 and len(s.p[0].hand) == 1
    assert "ray_the_foreman" in s.p[1].active  # miner reached 6
    s.miners["euphorian"] = 9
    fresh_turn(s, 0)
    assert "TUNEND_EUP" in place_spaces(s)
    clear = blank(2)
    clear.miners["euphorian"] = 9
    fresh_turn(clear, 0)
    assert "TUNEND_EUP" not in place_spaces(clear)  # no active Euphorian recruit
    place(s, 1, "TUNEND_EUP")
    assert s.p[0].goods["water"] == 3


# ---- §13 Construction and markets ------------------------------------------------------------

def test_rule_13_market_built_at_threshold_stars_and_penalty_for_others():
    s = blank(2)
    set_tile(s, "SITE_EUP_A", "arena_of_peaceful_conflict", built=0)
    goods(s, 0, clay=1)
    goods(s, 1, gold=1)
    place(s, 0, "CS_EUP_A_1")
    place(s, 0, "CS_EUP_A_2")  # player 2: threshold 2 reached
    finish_choices(s)
    assert s.built["SITE_EUP_A"] == 2
    assert sorted(s.tile_stars["SITE_EUP_A"]) == [0, 1]
    assert s.p[0].where[0] == "avail" and s.p[1].where[0] == "avail"
    assert "CS_EUP_A_3" not in place_spaces(s) or True
    assert all(pl.stars == 9 for pl in s.p)


def test_rule_13_market_visit_allegiance_and_territory_star():
    s = blank(2)
    set_tile(s, "SITE_SUB_A", "courthouse_of_hasty_judgement")
    goods(s, 0, energy=4, stone=1)
    fresh_turn(s, 0)
    place(s, 0, "MKT_SUB_A")
    assert s.allegiance["subterran"] == 1 and s.territory["subterran"][0] == 1
    assert s.p[0].goods["energy"] == 0


# ---- §14 Market penalties -----------------------------------------------------------------

def penalised(tile: str, players: int = 2):
    s = blank(players)
    set_tile(s, "SITE_WAS_A", tile)
    s.tile_stars["SITE_WAS_A"] = [1]  # player 2 is safe, player 1 suffers
    fresh_turn(s, 0)
    return s


def test_rule_14_1_laboratory_no_new_worker_with_2_or_3():
    s = penalised("laboratory_of_selective_genetics")
    goods(s, 0, water=3)
    place(s, 0, "WAT_WATER")
    assert s.p[0].where.count("pool") == 2 and s.p[0].morale == 3


def test_rule_14_2_spa_no_self_bump():
    s = penalised("spa_of_fleeting_pleasure")
    s.p[0].where[1] = "TUN_EUP"
    goods(s, 0, energy=1)
    fresh_turn(s, 0)
    assert "TUN_EUP" not in place_spaces(s)


def test_rule_14_3_courthouse_no_identical_pairs():
    s = penalised("courthouse_of_hasty_judgement")
    give_cards(s, 0, "bat", "bat")
    fresh_turn(s, 0)
    assert "ART_EUP" not in place_spaces(s)
    give_cards(s, 0, "box")
    fresh_turn(s, 0)
    assert "ART_EUP" in place_spaces(s)


def test_rule_14_4_plaza_only_markets_with_your_star():
    s = penalised("plaza_of_immortalized_humility")
    set_tile(s, "SITE_EUP_A", "arena_of_peaceful_conflict")
    s.tile_stars["SITE_EUP_A"] = []
    goods(s, 0, food=4, stone=1, water=4, clay=1)
    fresh_turn(s, 0)
    assert "MKT_EUP_A" not in place_spaces(s)


def test_rule_14_5_fountain_one_worker_per_turn():
    s = penalised("fountain_of_wishful_thinking")
    s.p[0].dice = [3, 3, 1, 1]
    fresh_turn(s, 0)
    place(s, 0, "GEN")
    assert s.current == 1


def test_rule_14_6_lounge_no_site_shared_with_others():
    s = penalised("lounge_of_opulent_frugality")
    s.p[1].where[0] = "CS_EUP_A_1"
    goods(s, 0, gold=1)
    fresh_turn(s, 0)
    assert "CS_EUP_A_2" not in place_spaces(s) and "CS_EUP_B_2" in place_spaces(s)


def test_rule_14_7_academy_turns_recruit_abilities_off():
    s = penalised("academy_of_mandatory_equality")
    give_recruit(s, 0, "katy_the_dietician")
    fresh_turn(s, 0)
    place(s, 0, "GEN")
    assert s.p[0].goods["food"] == 0


def test_rule_14_8_cafeteria_free_retrieval_costs_2_morale():
    s = penalised("cafeteria_of_nameless_meat")
    s.p[0].where[0], s.p[0].morale = "GEN", 4
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s)
    assert s.p[0].morale == 2


def test_rule_14_9_apothecary_no_icarus():
    s = penalised("apothecary_of_productive_dreams")
    assert "CLOUD" not in place_spaces(s) and "GEN" in place_spaces(s)


def test_rule_14_10_theater_knowledge_per_star():
    s = penalised("theater_of_revelatory_propaganda")
    push(s, task("star", 0, where="dilemma"))
    run(s)
    assert s.p[0].knowledge == 4


def test_rule_14_11_registry_no_tier_bonus():
    s = penalised("registry_of_personal_secrets")
    give_recruit(s, 0, "katy_the_dietician")
    s.allegiance["euphorian"] = 3
    give_cards(s, 0, "bat")
    fresh_turn(s, 0)
    place(s, 0, "GEN")
    assert s.p[0].goods["energy"] == 1


def test_rule_14_12_arena_one_own_worker_per_area():
    s = penalised("arena_of_peaceful_conflict")
    s.p[0].where[1] = "GEN"
    fresh_turn(s, 0)
    assert "GEN" not in place_spaces(s) and "AQU" in place_spaces(s)


@pytest.mark.parametrize("tile,value", [("disassemble_a_teddy_bear_shop", 1), ("clinic_of_blind_hindsight", 2),
                                        ("bemusement_park", 3), ("friendly_local_game_bonfire", 4),
                                        ("stadium_of_guaranteed_home_runs", 5), ("center_for_reduced_literacy", 6)])
def test_rule_14_13_to_18_roll_penalties(tile, value):
    s = penalised(tile)
    goods(s, 0, gold=1, food=1)
    s.p[0].where[0] = "GEN"
    roll(s, 0, {0: value})
    assert set(options(s)) == {"food", "gold"}
    choose(s, "gold")
    assert s.p[0].goods["gold"] == 0 and s.p[0].goods["food"] == 1
    goods(s, 1, food=1)
    s.p[1].where[0] = "GEN"
    roll(s, 1, {0: value})
    assert s.p[1].goods["food"] == 1  # player 2 has a star on the tile


# ---- §15 Artifact markets / §16 Icarus / §17 stars ---------------------------------------------

def test_rule_15_artifact_market_three_cards_or_pair_star_on_tile_option():
    s = blank(2)
    set_tile(s, "SITE_EUP_B", "bemusement_park")
    give_cards(s, 0, "bat", "bat", "box")
    fresh_turn(s, 0)
    place(s, 0, "ART_EUP")
    pays = options(s)
    assert "art:bat,art:bat" in pays and "art:bat,art:bat,art:box" in pays
    choose(s, "art:bat,art:bat")
    assert set(options(s)) == {"territory", "tile:SITE_EUP_B"}
    choose(s, "tile:SITE_EUP_B")
    assert s.tile_stars["SITE_EUP_B"] == [0] and s.allegiance["euphorian"] == 1
    assert s.p[0].hand == ["box"]


def test_rule_16_icarus_spaces_and_icarite_tier2_draw():
    s = blank(2)
    give_recruit(s, 0, "sarinee_the_cloud_miner")
    s.allegiance["icarite"] = 5
    goods(s, 0, gold=2, clay=1)
    fresh_turn(s, 0)
    place(s, 0, "ICA_NIMBUS")
    finish_choices(s, "draw")
    assert s.territory["icarite"][0] == 1 and len(s.p[0].hand) == 1
    assert s.allegiance["icarite"] == 6
    goods(s, 1, bliss=1, water=1)
    fresh_turn(s, 1)
    place(s, 0, "ICA_SKY")
    finish_choices(s)
    assert sum(s.p[1].goods[r] for r in ("gold", "stone", "clay")) == 2


def test_rule_17_star_sources_counted_in_score_breakdown():
    s = blank(2)
    for t in (task("star", 0, where="territory", faction="euphorian"), task("star", 0, where="dilemma")):
        push(s, t)
        run(s)
    assert GAME.score_breakdown(s)[0] == {"territories": 1, "market tiles": 0, "recruits": 0, "dilemma": 1}
    assert GAME.scores(s)[0] == 2


# ---- §18 Allegiance ---------------------------------------------------------------------------

def test_rule_18_tier3_reveals_and_tier4_stars_on_active_recruits():
    s = blank(2)
    give_recruit(s, 0, "katy_the_dietician")
    give_recruit(s, 1, "gary_the_electrician", active=False)
    s.allegiance["euphorian"] = 7
    from engines.euphoria.effects import ally
    ally(s, "euphorian")
    assert "gary_the_electrician" in s.p[1].active
    s.allegiance["euphorian"] = 10
    ally(s, "euphorian")
    run(s)
    assert s.p[0].recruit_stars == ["katy_the_dietician"] and s.p[1].recruit_stars == ["gary_the_electrician"]
    ally(s, "euphorian")
    assert s.allegiance["euphorian"] == 11


# ---- §19 Dilemma ---------------------------------------------------------------------------

def test_rule_19_dilemma_fight_keeps_a_hidden_recruit_revealed_if_faction_active():
    s = blank(2)
    card = s.p[0].dilemma.split("_")[1]
    give_cards(s, 0, card)
    s.allegiance = {f: 8 for f in s.allegiance}
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "dilemma"})
    assert options(s) == []  or True
    choose(s, "fight") if "fight" in options(s) else None
    finish_choices(s)
    assert len(s.p[0].active) == 1 and s.p[0].dilemma_done
    components_census(s)


def test_rule_19_dilemma_needs_a_payable_option():
    s = blank(2)
    assert {"type": "dilemma"} not in actions(s)
    reason = assert_illegal_leaves_state(GAME, s, {"type": "dilemma"})
    assert "pay" in reason


# ---- §20 Worker activation tank ---------------------------------------------------------------

def test_rule_20_tank_gives_a_worker_up_to_four():
    s = blank(2)
    goods(s, 0, energy=3)
    place(s, 0, "WAT_ENERGY")
    finish_choices(s)
    assert s.p[0].where.count("pool") == 1 and s.p[0].knowledge == 1
    s.p[1].where = ["avail"] * 4
    goods(s, 1, water=3)
    fresh_turn(s, 1)
    place(s, 0, "WAT_WATER")
    assert s.p[1].morale == 3 and s.p[1].where.count("pool") == 0


# ---- §21 End and tie-breaks --------------------------------------------------------------------

def test_rule_21_game_ends_when_a_player_places_the_10th_star():
    s = blank(2)
    set_tile(s, "SITE_EUP_A", "bemusement_park")
    set_tile(s, "SITE_SUB_A", "courthouse_of_hasty_judgement")
    s.tile_stars["SITE_EUP_A"] = [0]
    s.territory["euphorian"][0] = s.territory["wastelander"][0] = s.territory["icarite"][0] = 2
    s.territory["subterran"][0] = 1
    s.p[0].dilemma_star = True
    s.p[0].stars = 1
    goods(s, 0, energy=4, stone=1)
    components_census(s)
    fresh_turn(s, 0)
    place(s, 0, "MKT_SUB_A")
    assert GAME.is_over(s) and GAME.winners(s) == [0]
    assert GAME.to_move(s) is None and GAME.legal_actions(s) == []


def test_rule_21_tie_breaks_in_order():
    s = blank(3)
    s.p[0].morale, s.p[1].morale, s.p[2].morale = 3, 5, 5
    s.p[1].knowledge, s.p[2].knowledge = 4, 2
    assert tie_break(s, [0, 1, 2]) == [2]
    s.p[1].knowledge = 2
    s.tile_stars["SITE_EUP_A"] = [1]
    assert tie_break(s, [0, 1, 2]) == [1]
    s.tile_stars["SITE_EUP_A"] = [1, 2]
    s.territory["euphorian"][2] = 1
    assert tie_break(s, [0, 1, 2]) == [2]
    s.territory["euphorian"][1] = 1
    assert tie_break(s, [1, 2]) == [1, 2]  # still tied: roll-offs
    s.p[1].stars = s.p[2].stars = 0
    push(s, task("end_check", 0))
    run(s)
    assert GAME.is_chance(s) and s.tasks[-1]["k"] == "rolloff"  # a die of the roll-off
    GAME.deal(s)
    assert s.phase == "over" and len(s.winners) == 1 and s.winners[0] in (1, 2)


# ---- §22 Variants ---------------------------------------------------------------------------

def test_rule_22_recruit_draft():
    s = GAME.new_game(3, 5, {"recruit_draft": True})
    assert s.tasks[-1]["k"] == "draft" and len(options(s)) == 4
    while s.phase == "setup":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert all(len(pl.active) == 1 and len(pl.hidden) == 1 for pl in s.p)
    components_census(s)


def test_rule_22_market_selection():
    s = GAME.new_game(4, 5, {"market_selection": True})
    kept = []
    while s.phase == "setup":
        if s.tasks[-1]["k"] == "mkt_keep":
            kept.append(options(s)[0].split(":")[1])
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert set(kept) <= set(s.site_tile.values()) and len(s.markets_out) == 12
    components_census(s)


def test_rule_22_morale_knowledge_placement_unoccupied_spaces():
    s = GAME.new_game(3, 5, {"morale_knowledge_placement": True})
    while s.phase == "setup":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert len({pl.morale for pl in s.p}) == 3 and len({pl.knowledge for pl in s.p}) == 3


# ---- §23 Resolution order ----------------------------------------------------------------------

def test_rule_23_3_p4_reward_before_p5_and_p6_build_after():
    s = blank(2)
    give_recruit(s, 0, "nakagawa_the_tribute")
    set_tile(s, "SITE_EUP_A", "bemusement_park", built=0)
    goods(s, 0, clay=1, gold=1)
    s.p[0].dice = [3, 3, 1, 1]
    fresh_turn(s, 0)
    place(s, 0, "CS_EUP_A_1")
    choose(s, "nakagawa_the_tribute|use")
    place(s, 1, "CS_EUP_A_2")
    assert s.tasks[-1]["k"] == "hooks"  # Nakagawa offered before the build (P5 before P6)
    choose(s, "nakagawa_the_tribute|use")
    finish_choices(s)
    assert s.built["SITE_EUP_A"] == 2 and s.allegiance["euphorian"] == 2
    assert s.tile_stars["SITE_EUP_A"] == [0]


# ---- Worked examples of the rulebook (seed 003) -----------------------------------------------

def test_example_free_press_three_artifacts_for_a_subterran_star_and_allegiance():
    """Seed: the Free Press of Harsh Reality asks for three artifacts of any type; you gain a star
    in Subterran territory (or on a built market without your star) and 1 Subterran allegiance."""
    s = blank(2)
    give_cards(s, 0, "bat", "book", "box")
    s.p[0].morale = 3
    fresh_turn(s, 0)
    place(s, 0, "ART_SUB")
    assert s.p[0].hand == [] and len(s.art_discard) == 3
    assert s.territory["subterran"][0] == 1 and s.allegiance["subterran"] == 1


def test_example_spa_visit_four_water_and_an_artifact_even_with_a_full_territory():
    """Seed: visiting the Spa of Fleeting Pleasure costs 4 water plus an artifact: a star in that
    zone's territory and 1 allegiance; with no room left you still pay and gain allegiance."""
    s = blank(2)
    set_tile(s, "SITE_SUB_B", "spa_of_fleeting_pleasure")
    s.tile_stars["SITE_SUB_B"] = [0]
    goods(s, 0, water=8)
    give_cards(s, 0, "bat", "box")
    s.p[0].morale = 2
    s.p[0].dice = [3, 3, 1, 1]
    fresh_turn(s, 0)
    place(s, 0, "MKT_SUB_B")
    finish_choices(s)
    assert s.territory["subterran"] == [1, 0] and s.allegiance["subterran"] == 1
    s.territory["subterran"] = [1, 1]
    s.p[1].stars -= 1
    place(s, 1, "MKT_SUB_B")  # bumps own worker (p0 has a star on the Spa)
    finish_choices(s)
    assert s.territory["subterran"] == [1, 1] and s.allegiance["subterran"] == 2
    assert s.p[0].goods["water"] == 0 and s.p[0].hand == []


def test_view_hides_other_hands_hidden_recruits_and_dilemmas():
    s = new_play_state(3, 8)
    give_cards(s, 1, "bat")
    v = GAME.view(s, 0)
    text = json.dumps(v)
    assert v["players"][1]["hand"] == 1 and isinstance(v["players"][1]["hidden"], int)
    for rid in s.p[1].hidden + s.p[2].hidden:
        assert rid not in text
    assert s.p[1].dilemma not in text and s.p[0].dilemma in text


def test_describe_and_json_round_trip():
    s = blank(2)
    a = GAME.legal_actions(s)[0]
    assert GAME.describe(s, a).startswith("Player 1 ")
    again = type(s).model_validate_json(s.model_dump_json())
    assert again == s


# ---- §1 Glossary, §2 Components, §3 Board map ------------------------------------------------

def test_rule_1_glossary_goods_tracks_and_what_is_public():
    """§1: 4 commodities, 3 resources; 10 stars; knowledge 1-6; allegiance 0-11; an available
    worker is a controlled one off the board; the number of cards held is public, their types
    secret; workers, their knowledge and goods are public."""
    from engines.euphoria.components import (ALLEGIANCE_MAX, COMMODITIES, RESOURCES, STARS,
                                             TRACKS)
    from engines.euphoria.effects import available
    assert set(COMMODITIES) == {"energy", "water", "food", "bliss"}
    assert set(RESOURCES) == {"gold", "stone", "clay"}
    assert STARS == 10 and ALLEGIANCE_MAX == 11
    assert (TRACKS["knowledge"]["min"], TRACKS["knowledge"]["max"]) == (1, 6)
    s = blank(2)
    s.p[0].where = ["GEN", "avail", "avail", "pool"]
    assert available(s, 0) == [1, 2]
    give_cards(s, 0, "bat", "book")
    goods(s, 0, gold=2)
    other = GAME.view(s, 1)["players"][0]
    assert other["hand"] == 2 and other["goods"]["gold"] == 2
    assert other["dice"] == s.p[0].dice and other["where"] == s.p[0].where
    assert GAME.view(s, 0)["players"][0]["hand"] == ["bat", "book"]


def test_rule_2_component_counts():
    """§2: 51 action spaces (49 worker spaces + 2 retrievals), 18 market tiles, 48 recruits (12 a
    faction), 6 dilemmas, 36 artifacts (6 of each of 6 types), 4 dice and 10 stars a colour."""
    from collections import Counter
    from engines.euphoria.components import (ARTIFACT_DECK, DILEMMA_IDS, FACTIONS, RECRUITS, SPACES,
                                             STARS, WORKER_SPACES, WORKERS_MAX)
    assert len(SPACES) == 51 and len(WORKER_SPACES) == 49
    assert len(MARKET_IDS) == 18 and len(RECRUITS) == 48 and len(DILEMMA_IDS) == 6
    assert Counter(r.faction for r in RECRUITS.values()) == {f: 12 for f in FACTIONS}
    assert Counter(ARTIFACT_DECK) == {a: 6 for a in ("bat", "bear", "book", "box", "balloons",
                                                     "bifocals")}
    s = GAME.new_game(6, 1)
    assert WORKERS_MAX == 4 and sum(len(pl.dice) for pl in s.p) == 24
    assert sum(pl.stars for pl in s.p) == 6 * STARS == 60


def test_rule_3_board_map_region_membership_and_space_types():
    """§3: Icarus = CLOUD and the four ICA_*; each other region its commodity area, tunnel, tunnel
    end, artifact market, construction sites and market spaces; the WAT_* in no region. Multi
    spaces are the four commodity areas, fixed ones the construction sites."""
    from engines.euphoria.components import ICARUS_SPACES, SPACES, WORKER_SPACES, region_of
    expected = {"icarite": {"CLOUD", "ICA_WIND", "ICA_NIMBUS", "ICA_BREEZE", "ICA_SKY"}}
    for f, short, area in (("euphorian", "EUP", "GEN"), ("subterran", "SUB", "AQU"),
                           ("wastelander", "WAS", "FARM")):
        expected[f] = ({area, f"TUN_{short}", f"TUNEND_{short}", f"ART_{short}",
                        f"MKT_{short}_A", f"MKT_{short}_B"}
                       | {f"CS_{short}_{x}_{i}" for x in "AB" for i in range(1, 5)})
    for f, spaces in expected.items():
        assert {sp for sp in WORKER_SPACES if region_of(sp) == f} == spaces, f
    assert region_of("WAT_ENERGY") is None and region_of("WAT_WATER") is None
    assert set(ICARUS_SPACES) == expected["icarite"]
    assert {sp for sp in WORKER_SPACES if SPACES[sp].type == "multi"} == {"GEN", "AQU", "FARM", "CLOUD"}
    assert {sp for sp in WORKER_SPACES if SPACES[sp].type == "fixed"} == {
        sp for sp in WORKER_SPACES if sp.startswith("CS_")}


# ---- §18 / D-39 worked example ------------------------------------------------------------

def test_rule_18_D39_hidden_scarby_revealed_by_the_farm_placement_gives_nothing_for_it():
    """D-39: a hidden Wastelander Scarby revealed by the FARM placement that moves Wastelander
    from 7 to 8 gives nothing for that placement; it works from the next one."""
    s = blank(2)
    give_recruit(s, 0, "scarby_the_harvester", active=False)
    s.allegiance["wastelander"] = 7
    place(s, 0, "FARM")  # T = 1: 1 food and allegiance +1 → 8 reveals Scarby
    assert "scarby_the_harvester" in s.p[0].active and s.allegiance["wastelander"] == 8
    assert s.current == 1 and s.p[0].goods["food"] == 1  # no Scarby choice was offered
    fresh_turn(s, 0)
    place(s, 1, "FARM")  # the 2 strictly highest on the Farm: Scarby now works
    assert "scarby_the_harvester|food" in options(s)


# ---- §23 Resolution order -------------------------------------------------------------------

def test_rule_23_1_per_turn_state_cleared_when_a_new_turn_starts():
    """§23.1: lostWorker, geekUsed, gamblerUsed are cleared for every player, and the matched
    groups and placed workers for the active player, when a new turn starts."""
    s = blank(3)
    for pl in s.p:
        pl.lost_this_turn = pl.geek_used = pl.gambler_used = True
    place(s, 0, "GEN")  # the 1 and the 2 differ: the turn ends
    assert s.current == 1
    assert not any(pl.lost_this_turn or pl.geek_used or pl.gambler_used for pl in s.p)
    assert s.turn["placed"] == 0 and s.turn["used"] == [] and s.turn["group"] == []


def test_rule_23_2_turn_t1_trade_t2_no_pass_t4_trade_then_clockwise():
    """§23.2: T1 the active player may trade; T2 no pass while an action is legal; T4 trade or
    end the turn; play passes clockwise."""
    s = blank(3, trading=True)
    goods(s, 0, gold=1)
    types = {a.type for a in GAME.legal_actions(s)}
    assert {"trade", "place"} <= types and "end_turn" not in types
    place(s, 0, "GEN")
    assert s.current == 0 and {a.type for a in GAME.legal_actions(s)} == {"trade", "end_turn"}
    GAME.apply(s, {"type": "end_turn"})
    assert s.current == 1
    place(s, 0, "FARM")
    GAME.apply(s, {"type": "end_turn"})
    assert s.current == 2


def test_rule_23_4_retrieval_empties_the_construction_space_then_track_then_roll(monkeypatch):
    """§23.4: R1 the worker leaves its construction space (now empty, payment lost); R3 free
    retrieval → morale −1; R6 the retrieved worker is rolled."""
    from engines.euphoria.rules import occupancy
    s = blank(2)
    s.p[0].where[0] = "CS_EUP_A_1"
    s.p[0].morale = 3
    fresh_turn(s, 0)
    monkeypatch.setattr(Rng, "randint", lambda self, lo, hi: 5)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s)
    assert s.p[0].where[0] == "avail" and "CS_EUP_A_1" not in occupancy(s)
    assert s.p[0].morale == 2 and s.p[0].dice[0] == 5 and s.current == 1


def test_rule_23_6_roll_penalty_E2_before_knowledge_check_E3():
    """§23.6: each die's roll penalty (E2, the owner picks the good) is resolved before the
    knowledge check (E3)."""
    s = blank(2)
    set_tile(s, "SITE_EUP_A", "center_for_reduced_literacy")  # a rolled 6 costs 1 good
    goods(s, 0, food=1, gold=1)
    s.p[0].dice = [6, 1, 1, 1]
    s.p[0].where = ["avail", "avail", "pool", "pool"]
    s.p[0].knowledge = 4
    roll(s, 0, {1: 6})  # 6 + 6 + 4 = 16
    assert options(s) == ["food", "gold"] and s.p[0].where.count("avail") == 2  # E2 first
    choose(s, "gold")
    finish_choices(s)
    assert s.p[0].goods["food"] == 1 and s.p[0].goods["gold"] == 0
    assert s.p[0].where.count("avail") == 1 and s.p[0].lost_this_turn  # then E3


def test_rule_23_7_territory_star_is_no_choice():
    """§23.7 "nothing else is a choice": territory spaces are interchangeable, so the Wind
    Saloon's star goes in without any question (the pair of Bats is the only payment)."""
    s = blank(2)
    give_cards(s, 0, "bat", "bat")
    place(s, 0, "ICA_WIND")
    assert s.current == 1
    assert s.territory["icarite"][0] == 1 and s.p[0].stars == 9
    assert s.allegiance["icarite"] == 1 and s.p[0].hand == []
