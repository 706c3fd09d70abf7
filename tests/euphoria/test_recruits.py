"""One test per recruit (spec §18.1), current printing; then the 1st-printing variant (D-1)."""

from __future__ import annotations

from engines.euphoria import GAME
from engines.euphoria.effects import push, task
from engines.euphoria.recruits import CARDS, FIRST_PRINTING
from engines.euphoria.rules import run

from .helpers import (actions, blank, choose, components_census, finish_choices, fresh_turn,
                      give_cards, give_recruit, goods, options, place, place_spaces, set_tile)


def with_recruit(rid: str, p: int = 0, players: int = 2, **opts):
    s = blank(players, **opts)
    give_recruit(s, p, rid)
    fresh_turn(s, 0)
    return s


def opponent_on(s, space: str, value: int = 4, q: int = 1) -> None:
    s.p[q].where[0], s.p[q].dice[0] = space, value
    fresh_turn(s, s.current)


def roll(s, p, preset):
    push(s, task("roll", p, dice=list(preset), preset={str(d): v for d, v in preset.items()}))
    run(s)


def test_every_recruit_has_an_ability_entry():
    assert len(CARDS) == 48 and len(FIRST_PRINTING) == 14


# ---- Icarites -------------------------------------------------------------------------------

def test_amanda_the_broker_sets_bumped_value_for_1_bliss():
    s = with_recruit("amanda_the_broker", p=1)
    goods(s, 1, bliss=1)
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP", 2)
    place(s, 0, "TUN_EUP")
    assert GAME.to_move(s) == 1 and "amanda_the_broker|set:6" in options(s)
    choose(s, "amanda_the_broker|set:6")
    assert s.p[1].dice[0] == 6 and s.p[1].goods["bliss"] == 0


def test_flavio_the_merchant_draws_after_a_market_for_1_knowledge():
    s = with_recruit("flavio_the_merchant")
    give_cards(s, 0, "bat", "bat")
    fresh_turn(s, 0)
    place(s, 0, "ART_EUP")
    choose(s, "flavio_the_merchant|use")
    assert s.p[0].knowledge == 4 and len(s.p[0].hand) == 1


def test_gidget_the_hypnotist_knowledge_instead_of_morale():
    s = with_recruit("gidget_the_hypnotist")
    s.p[0].where[0] = "GEN"
    goods(s, 0, bliss=1)
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "bliss"})
    choose(s, "gidget_the_hypnotist|use")
    finish_choices(s)
    assert s.p[0].knowledge == 1 and s.p[0].morale == 1


def test_josh_the_negotiator_pays_bliss_for_the_resource():
    s = with_recruit("josh_the_negotiator")
    set_tile(s, "SITE_SUB_A", "courthouse_of_hasty_judgement")
    goods(s, 0, energy=4, bliss=1)
    fresh_turn(s, 0)
    assert "MKT_SUB_A" in place_spaces(s)
    place(s, 0, "MKT_SUB_A")
    assert s.p[0].goods["bliss"] == 0 and s.territory["subterran"][0] == 1


def test_kadan_the_infiltrator_enters_tunnel_end_for_2_knowledge():
    s = with_recruit("kadan_the_infiltrator")
    s.miners["subterran"] = 9
    fresh_turn(s, 0)
    assert "TUNEND_SUB" in place_spaces(s)
    place(s, 0, "TUNEND_SUB")
    assert s.p[0].knowledge == 5 and s.p[0].goods["food"] == 3


def test_lee_the_gossip():
    s = with_recruit("lee_the_gossip")
    s.p[0].morale = 2
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP")
    place(s, 0, "TUN_EUP")
    finish_choices(s, "lee_the_gossip|use:water")
    assert s.p[0].morale == 1 and s.p[0].goods["water"] == 1 and s.p[1].knowledge == 4


def test_matthew_the_thief_pays_knowledge_when_bumping_in_a_tunnel():
    s = with_recruit("matthew_the_thief")
    opponent_on(s, "TUN_EUP")
    assert "TUN_EUP" in place_spaces(s)
    place(s, 0, "TUN_EUP")
    finish_choices(s, "gold")
    assert s.p[0].knowledge == 4 and s.p[0].goods["gold"] == 1


def test_maxime_the_ambassador():
    s = with_recruit("maxime_the_ambassador")
    s.p[0].morale = 3
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP")
    place(s, 0, "TUN_EUP")
    choose(s, "maxime_the_ambassador|use")
    finish_choices(s, "gold")
    assert s.p[0].morale == 1 and s.p[1].knowledge == 4 and len(s.p[0].hand) == 1


def test_rebecca_the_peddler():
    s = with_recruit("rebecca_the_peddler")
    s.p[0].morale = 3
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP")
    place(s, 0, "TUN_EUP")
    choose(s, "rebecca_the_peddler|use:clay")
    finish_choices(s, "gold")
    assert s.p[0].goods["clay"] == 1 and s.p[1].knowledge == 4


def test_sarinee_the_cloud_miner_alone_on_cloud():
    s = with_recruit("sarinee_the_cloud_miner")
    place(s, 0, "CLOUD")
    assert set(options(s)) == {"sarinee_the_cloud_miner|bliss", "sarinee_the_cloud_miner|knowledge"}
    choose(s, "sarinee_the_cloud_miner|bliss")
    assert s.p[0].goods["bliss"] == 2


def test_sheppard_the_lobotomist_sacrifice_and_new_worker():
    s = with_recruit("sheppard_the_lobotomist")
    s.p[0].where = ["GEN", "AQU", "pool", "pool"]
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0, 1], "pay": "free"})
    choose(s, "sheppard_the_lobotomist|use:gold")
    finish_choices(s)
    assert s.p[0].goods["bliss"] == 4 and s.p[0].goods["gold"] == 1 and s.p[0].where.count("pool") == 3
    s.p[0].morale = 3
    goods(s, 0, water=3)
    fresh_turn(s, 0)
    place(s, 1, "WAT_WATER")
    finish_choices(s, "sheppard_the_lobotomist|use")
    assert len(s.p[0].hand) == 1 and s.p[0].morale == 3  # 3 + 2 (tank) − 2


def test_zong_the_astronomer_and_the_opponents_bliss():
    s = with_recruit("zong_the_astronomer")
    place(s, 0, "CLOUD")
    choose(s, "zong_the_astronomer|use")
    assert GAME.to_move(s) == 1 and options(s) == ["take", "skip"]
    choose(s, "take")
    assert s.p[1].goods["bliss"] == 1 and len(s.p[0].hand) == 1 and s.p[0].knowledge == 4


# ---- Euphorians --------------------------------------------------------------------------------

def test_ben_the_ludologist_after_another_players_doubles():
    s = with_recruit("ben_the_ludologist")
    s.p[0].morale = 3
    s.p[1].where = ["avail", "avail", "pool", "pool"]
    s.p[1].dice = [3, 1, 1, 1]
    roll(s, 1, {1: 3})
    assert GAME.to_move(s) == 0
    choose(s, "ben_the_ludologist|use:stone")
    assert s.p[0].goods["stone"] == 1 and s.p[0].morale == 1


def test_bradley_the_futurist_draws_2_discards_1():
    s = with_recruit("bradley_the_futurist")
    give_cards(s, 0, "bat", "bat")
    fresh_turn(s, 0)
    place(s, 0, "ART_EUP")
    choose(s, "bradley_the_futurist|use")
    finish_choices(s)
    assert s.p[0].knowledge == 5 and len(s.p[0].hand) == 1


def test_esme_the_fireman_on_every_star():
    s = with_recruit("esme_the_fireman")
    give_cards(s, 0, "book", "bat")
    s.p[0].morale = 3
    push(s, task("star", 0, where="dilemma"))
    run(s)
    assert "esme_the_fireman|book" in options(s)
    choose(s, "esme_the_fireman|book")
    assert s.p[0].goods["energy"] == 2 and s.p[0].knowledge == 1 and s.p[0].morale == 5


def test_gary_the_electrician_equal_value_on_generator():
    s = with_recruit("gary_the_electrician")
    opponent_on(s, "GEN", 1)
    place(s, 0, "GEN")
    choose(s, "gary_the_electrician|morale")
    assert s.p[0].morale == 2


def test_jefferson_the_shock_artist_pays_energy():
    s = with_recruit("jefferson_the_shock_artist")
    s.p[0].where[0] = "GEN"
    goods(s, 0, energy=1)
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "energy"})
    finish_choices(s)
    assert s.p[0].knowledge == 2 and s.p[0].morale == 2


def test_julia_the_thought_inspector_sets_the_bumped_value():
    s = with_recruit("julia_the_thought_inspector")
    s.p[0].morale = 2
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP", 6)
    place(s, 1, "TUN_EUP")  # Julia's worker shows 2
    choose(s, "julia_the_thought_inspector|use:gold")
    finish_choices(s, "gold")
    assert s.p[1].dice[0] == 2 and s.p[0].goods["gold"] == 2 and s.p[0].morale == 1


def test_katy_the_dietician():
    s = with_recruit("katy_the_dietician")
    place(s, 0, "GEN")
    assert s.p[0].goods["food"] == 1


def test_laura_the_philanthropist():
    s = with_recruit("laura_the_philanthropist")
    goods(s, 0, energy=1, gold=1)
    opponent_on(s, "TUN_EUP")
    place(s, 0, "TUN_EUP")
    choose(s, "laura_the_philanthropist|use")
    finish_choices(s, "gold")
    assert s.p[1].goods["gold"] == 1 and s.p[0].goods["gold"] == 1  # gave 1, tunnel gave 1
    assert len(s.p[0].hand) + len(s.art_discard) == 2  # 2 drawn, hand limit 1


def test_michael_the_engineer_any_resource_and_gold_bonus():
    s = with_recruit("michael_the_engineer")
    goods(s, 0, gold=1)
    fresh_turn(s, 0)
    assert "CS_EUP_A_1" in place_spaces(s)  # printed clay, paid with gold
    place(s, 0, "CS_EUP_A_1")
    finish_choices(s)
    assert s.p[0].morale == 2 and s.p[0].knowledge == 4


def test_nakagawa_the_tribute():
    s = with_recruit("nakagawa_the_tribute")
    goods(s, 0, clay=1)
    fresh_turn(s, 0)
    place(s, 0, "CS_EUP_A_1")
    choose(s, "nakagawa_the_tribute|use")
    assert s.allegiance["euphorian"] == 1


def test_ray_the_foreman():
    s = blank(2)
    give_recruit(s, 0, "ray_the_foreman")
    give_recruit(s, 1, "katy_the_dietician")
    set_tile(s, "SITE_EUP_A", "bemusement_park", built=0)
    give_recruit(s, 1, "ray_the_foreman") if False else None
    goods(s, 0, clay=1, gold=1)
    s.p[0].dice = [3, 3, 1, 1]
    fresh_turn(s, 0)
    place(s, 0, "CS_EUP_A_1")
    place(s, 1, "CS_EUP_A_2")
    finish_choices(s)
    assert s.p[0].morale == 3


def test_yordy_the_demotivator_sets_a_retrieved_value():
    s = with_recruit("yordy_the_demotivator")
    s.p[0].where[0] = "GEN"
    s.p[0].morale = 3
    goods(s, 0, energy=1)
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    choose(s, "yordy_the_demotivator|set:1")
    finish_choices(s)
    assert s.p[0].dice[0] == 1 and s.p[0].goods["energy"] == 0


# ---- Wastelanders --------------------------------------------------------------------------------

def test_brian_the_viticulturist_food_for_bliss_and_icarus_morale():
    s = with_recruit("brian_the_viticulturist")
    assert "CLOUD" not in place_spaces(s)  # morale 1 cannot pay the Icarus morale
    set_tile(s, "SITE_WAS_A", "apothecary_of_productive_dreams")
    s.tile_stars["SITE_WAS_A"] = [0]
    goods(s, 0, food=4, gold=1)
    fresh_turn(s, 0)
    place(s, 0, "MKT_WAS_A")
    finish_choices(s)
    assert s.p[0].knowledge == 4 and s.allegiance["wastelander"] == 2


def test_brian_the_viticulturist_no_bonus_for_food_paid_as_any_commodity():
    """'Food in place of bliss' needs a cost that asks for bliss: the Teddy-Bear Shop's '1
    commodity' takes food as it is, so no knowledge or Wastelander allegiance is earned."""
    s = with_recruit("brian_the_viticulturist")
    set_tile(s, "SITE_WAS_A", "disassemble_a_teddy_bear_shop")
    s.tile_stars["SITE_WAS_A"] = [0]
    goods(s, 0, food=1)
    give_cards(s, 0, "bear")
    fresh_turn(s, 0)
    place(s, 0, "MKT_WAS_A")
    assert s.p[0].goods["food"] == 0 and s.p[0].hand == []
    assert s.p[0].knowledge == 3 and s.allegiance["wastelander"] == 1  # the visit's step only


def test_flartner_the_luddite_pays_an_artifact_at_a_site():
    s = with_recruit("flartner_the_luddite")
    give_cards(s, 0, "box")
    fresh_turn(s, 0)
    place(s, 0, "CS_EUP_A_2")
    assert s.p[0].hand == [] and s.p[0].morale == 2


def test_geek_the_oracle_draws_3_discards_2():
    s = with_recruit("geek_the_oracle")
    s.p[0].morale = 6
    push(s, task("draw", 0, n=1, plain=False))
    run(s)
    choose(s, "geek_the_oracle|geek")
    finish_choices(s)
    assert len(s.p[0].hand) == 1 and s.p[0].knowledge == 4 and s.p[0].geek_used


def test_ian_the_horticulturist():
    s = with_recruit("ian_the_horticulturist")
    place(s, 0, "FARM")
    assert s.p[0].goods["water"] == 1


def test_jacko_the_archivist_one_card_at_the_ark():
    s = with_recruit("jacko_the_archivist")
    give_cards(s, 0, "bat")
    fresh_turn(s, 0)
    assert "ART_WAS" in place_spaces(s) and "ART_EUP" not in place_spaces(s)
    place(s, 0, "ART_WAS")
    assert GAME.to_move(s) == 1
    choose(s, "take")
    finish_choices(s)
    assert len(s.p[1].hand) == 1 and s.territory["wastelander"][0] == 1


def test_jonathan_the_artist_highest_on_site():
    s = with_recruit("jonathan_the_artist")
    goods(s, 0, clay=1)
    fresh_turn(s, 0)
    place(s, 0, "CS_EUP_A_1")
    choose(s, "jonathan_the_artist|use")
    finish_choices(s)
    assert s.p[0].knowledge == 5 and len(s.p[0].hand) == 1


def test_kyle_the_scavenger_alone_in_an_area():
    s = with_recruit("kyle_the_scavenger")
    place(s, 0, "AQU")
    choose(s, "kyle_the_scavenger|use")
    assert s.p[0].knowledge == 5 and len(s.p[0].hand) == 1


def test_nick_the_understudy_morale_per_knowledge_step():
    s = with_recruit("nick_the_understudy")
    from engines.euphoria.effects import knowledge
    knowledge(s, 0, 2)
    assert s.p[0].morale == 3
    knowledge(s, 0, 5)
    assert s.p[0].morale == 4  # only one step actually risen


def test_pete_the_cannibal_sacrifice_and_new_worker():
    s = with_recruit("pete_the_cannibal")
    s.p[0].where = ["GEN", "AQU", "pool", "pool"]
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0, 1], "pay": "free"})
    choose(s, "pete_the_cannibal|use:stone")
    finish_choices(s)
    assert s.p[0].goods["food"] == 4 and s.p[0].goods["stone"] == 1
    goods(s, 0, water=3)
    fresh_turn(s, 0)
    place(s, next(d for d, w in enumerate(s.p[0].where) if w == "avail"), "WAT_WATER")
    finish_choices(s, "pete_the_cannibal|use")
    assert len(s.p[0].hand) == 1


def test_reitz_the_archaeologist_tunnel_without_bump():
    s = with_recruit("reitz_the_archaeologist")
    goods(s, 0, food=1)
    fresh_turn(s, 0)
    place(s, 0, "TUN_WAS")
    choose(s, "clay")
    choose(s, "reitz_the_archaeologist|use")
    finish_choices(s)
    assert s.miners["wastelander"] == 2 and len(s.p[0].hand) == 1 and s.p[0].knowledge == 5


def test_sir_scarby_the_harvester_highest_on_farm():
    s = with_recruit("scarby_the_harvester")
    opponent_on(s, "FARM", 1)
    place(s, 1, "FARM")
    choose(s, "scarby_the_harvester|food")
    assert s.p[0].goods["food"] == 2


def test_steven_the_scholar_on_a_lost_worker():
    s = with_recruit("steven_the_scholar")
    s.p[0].dice = [6, 6, 6, 1]
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    roll(s, 0, {2: 6})
    choose(s, "steven_the_scholar|use:gold")
    finish_choices(s)
    assert s.p[0].goods["gold"] == 1 and len(s.p[0].hand) == 1


# ---- Subterrans ------------------------------------------------------------------------------

def test_andrew_the_spelunker_both_with_an_empty_hand():
    s = with_recruit("andrew_the_spelunker")
    goods(s, 0, food=1)
    fresh_turn(s, 0)
    place(s, 0, "TUN_WAS")
    finish_choices(s)
    assert s.p[0].goods["clay"] == 1 and len(s.p[0].hand) == 1


def test_brett_the_lockpicker():
    s = with_recruit("brett_the_lockpicker")
    give_cards(s, 0, "bat", "bat")
    fresh_turn(s, 0)
    place(s, 0, "ART_EUP")
    choose(s, "brett_the_lockpicker|use:gold")
    assert s.p[0].goods["gold"] == 1 and s.p[0].knowledge == 4


def test_chase_the_miner_sacrifice_and_extra_placement():
    s = with_recruit("chase_the_miner")
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    s.p[0].dice = [1, 2, 3, 1]
    goods(s, 0, energy=1, water=3)
    fresh_turn(s, 0)
    place(s, 0, "TUN_EUP")
    choose(s, "gold")
    choose(s, "chase_the_miner|use")
    assert s.p[0].goods["gold"] == 3 and s.p[0].where[0] == "pool"
    fresh_turn(s, 0)
    place(s, 1, "WAT_WATER")
    finish_choices(s)
    assert s.current == 0 and any(a.get("option") == "skip_chase" for a in actions(s))
    new = s.turn["chase"]
    place(s, new, "GEN")
    assert s.p[0].where[new] == "GEN"


def test_curtis_the_propagandist_knowledge_per_morale_step():
    s = with_recruit("curtis_the_propagandist")
    from engines.euphoria.effects import morale
    s.p[0].morale = 3
    morale(s, 0, -2)
    assert s.p[0].knowledge == 1


def test_major_dave_the_demolitionist():
    s = with_recruit("dave_the_demolitionist")
    goods(s, 0, water=1)
    opponent_on(s, "TUN_SUB")
    place(s, 0, "TUN_SUB")
    choose(s, "dave_the_demolitionist|use")
    finish_choices(s, "stone")
    assert s.p[0].goods["stone"] == 2 and s.miners["subterran"] == 2


def test_faith_the_hydroelectrician():
    s = with_recruit("faith_the_hydroelectrician")
    place(s, 0, "AQU")
    assert s.p[0].goods["energy"] == 1


def test_jonathan_the_gambler_draws_2_and_shows_hand():
    s = with_recruit("jonathan_the_gambler")
    s.p[0].morale = 6
    give_cards(s, 0, "bat", "bat")
    push(s, task("draw", 0, n=1, plain=False))
    run(s)
    choose(s, "jonathan_the_gambler|gambler")
    assert len(s.p[0].hand) == 4 and s.shown["player"] == 0 and len(s.p[1].hand) == 1


def test_jonathan_the_gambler_s_shown_hand_is_no_hidden_item_until_the_turn_ends():
    """The hand the Gambler shows is in every seat's view, so none of it is hidden
    (``Game.hidden_items``: what the mental-poker deal opens to everyone); a card drawn after
    the showing is hidden, and the next turn the hand is his own again."""
    s = with_recruit("jonathan_the_gambler")
    s.p[0].morale = 6
    give_cards(s, 0, "bat", "book")
    push(s, task("draw", 0, n=1, plain=False))
    run(s)
    choose(s, "jonathan_the_gambler|gambler")

    def hidden(seat: int) -> list[str]:
        return sorted(h["item"] for h in GAME.hidden_items(s) if h["seat"] == seat and h["kind"] == "artifact")

    assert s.shown["player"] == 0 and s.shown["hand"] == sorted(s.p[0].hand) and hidden(0) == []
    assert all(card in GAME.view(s, 1)["shown"]["hand"] for card in s.p[0].hand)
    s.p[0].hand.append("box")   # drawn after the showing
    assert hidden(0) == ["box"]
    s.shown = {}   # the next turn
    assert hidden(0) == sorted(s.p[0].hand)


def test_josiah_the_hacker():
    s = with_recruit("josiah_the_hacker")
    opponent_on(s, "GEN", 1)
    place(s, 1, "GEN")
    assert s.p[1].knowledge == 4 and s.p[0].morale == 2


def test_maggie_the_outlaw_all_from_subterra():
    s = with_recruit("maggie_the_outlaw")
    s.p[0].where[0] = "AQU"
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s, "maggie_the_outlaw|stone")
    assert s.p[0].goods["stone"] == 1


def test_phil_the_spy():
    s = with_recruit("phil_the_spy")
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP")
    place(s, 0, "TUN_EUP")
    choose(s, "phil_the_spy|use")
    finish_choices(s, "gold")
    assert len(s.p[0].hand) == 1 and s.p[0].knowledge == 4


def test_soulless_the_plumber_lowest_on_aquifer():
    s = with_recruit("soulless_the_plumber")
    opponent_on(s, "AQU", 5)
    place(s, 0, "AQU")
    choose(s, "soulless_the_plumber|water")
    assert s.p[0].goods["water"] == 2


def test_xander_the_excavator_higher_bumped_value():
    s = with_recruit("xander_the_excavator")
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP", 5)
    place(s, 0, "TUN_EUP")
    choose(s, "xander_the_excavator|use")
    finish_choices(s, "gold")
    assert s.p[0].goods["gold"] == 2 and s.p[0].knowledge == 4


# ---- First printing (variant, D-1) ----------------------------------------------------------------

def test_first_printing_yordy_no_morale_loss_with_two_workers():
    s = with_recruit("yordy_the_demotivator", first_printing_recruits=True)
    s.p[0].where[0], s.p[0].morale = "GEN", 3
    fresh_turn(s, 0)
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    finish_choices(s)
    assert s.p[0].morale == 3


def test_first_printing_brian_has_no_icarus_cost_and_julia_needs_equal_values():
    s = with_recruit("brian_the_viticulturist", first_printing_recruits=True)
    assert "CLOUD" in place_spaces(s)
    s = with_recruit("julia_the_thought_inspector", first_printing_recruits=True)
    s.p[0].morale = 3
    goods(s, 0, energy=1)
    opponent_on(s, "TUN_EUP", 1)
    place(s, 0, "TUN_EUP")
    choose(s, "julia_the_thought_inspector|use:stone")
    assert s.p[0].morale == 1 and s.p[0].goods["stone"] == 1


def test_first_printing_nakagawa_sacrifices_for_an_extra_star():
    s = with_recruit("nakagawa_the_tribute", first_printing_recruits=True)
    give_cards(s, 0, "bat", "bat")
    fresh_turn(s, 0)
    place(s, 0, "ART_EUP")
    choose(s, "nakagawa_the_tribute|use")
    finish_choices(s)
    assert s.territory["euphorian"][0] == 2 and s.p[0].where[0] == "pool"
    components_census(s)


def test_first_printing_gambler_keeps_only_matching_cards():
    s = with_recruit("jonathan_the_gambler", first_printing_recruits=True)
    s.p[0].morale = 6
    push(s, task("draw", 0, n=1, plain=False))
    run(s)
    choose(s, "jonathan_the_gambler|gambler")
    hand = s.p[0].hand
    assert len(hand) in (0, 2, 3) and len(set(hand)) <= 1
    components_census(s)
