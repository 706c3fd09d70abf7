"""One test (at least) per numbered rule of the Myraclia spec, named after it, and the
rulebook's worked examples with their exact numbers."""

from __future__ import annotations

import pytest

from engines.core import testing
from engines.core.errors import IllegalAction
from engines.myraclia import GAME, rules
from engines.myraclia.actions import (AddElements, ChangeReservation, EndTurn, Pass, PlaceTile, PlaceToken,
                                      Reserve, Take, Terraform, Trade)
from engines.myraclia.components import (BASE_TILE_IDS, COLOURS, CUBE_COUNTS, DARKNESS_IDS, DATA, RARITY,
                                         SETUP, TILES, TOKEN_IDS, TOTAL_CUBES)
from engines.myraclia.rules import NEIGHBOURS, compact_positions, find_tile, terraforming_order
from engines.myraclia.state import SurfaceTile

from .helpers import components_census, cv, prepare_draft, redeal, refill_offer, terraform_position


def kinds(state, kind):
    return [a for a in GAME.legal_actions(state) if a.type == kind]


def draft_state(players=3, groups=(), order=None, seed=1):
    """A draft in progress on a hand-made Draft board: groups = [(colour, count), ...]."""
    s = GAME.new_game(players, seed)
    s.draft_colour = [-1] * 7
    s.draft_count = [0] * 7
    s.draft_queue = [[] for _ in range(7)]
    for i, (c, n) in enumerate(groups):
        s.draft_colour[i] = COLOURS.index(c)
        s.draft_count[i] = n
    s.drafting_order = list(order or range(players))
    s.draft_turn = 0
    s.passed = [False] * players
    return s


def end_all_turns(state):
    """End every remaining turn of the round (placing any new tiles at the first legal spot)."""
    while state.phase in ("terraform", "place"):
        GAME.apply(state, EndTurn() if state.phase == "terraform" else GAME.legal_actions(state)[0])


# ---- §1 overview -------------------------------------------------------------------------------
def test_rule_1_1_terraforming_flips_a_tile_by_paying_elements():
    s = terraform_position(tiles=[("P01", 0, 0)], reserves={0: cv(green=1, yellow=1)}, founding=True)
    GAME.apply(s, Terraform(tile="P01", pay=["green", "yellow"]))
    t = find_tile(s, "P01")
    assert t.terraformed and t.owner == 0 and s.seats[0].reserve == [0] * 7


def test_rule_1_2_round_is_draft_then_terraforming():
    s = GAME.new_game(2, 3)
    assert s.phase == "draft"
    while s.phase == "draft":
        GAME.apply(s, Pass())
    assert s.phase == "terraform" and sorted(s.terraforming_order) == [0, 1]


def test_rule_1_3_game_ends_after_round_with_threshold_tiles():
    s = terraform_position(players=4, tiles=[(t, i, 0, 0, True) for i, t in enumerate(BASE_TILE_IDS[:7])])
    assert SETUP.by_players[4].end_threshold == 7
    end_all_turns(s)
    assert GAME.is_over(s)


# ---- §2 components -------------------------------------------------------------------------------
def test_rule_2_1_cubes_103_in_seven_rarities_white_rarer_than_black():
    assert sum(CUBE_COUNTS) == TOTAL_CUBES == 103
    assert CUBE_COUNTS == [21, 19, 17, 15, 13, 9, 9]
    assert RARITY[COLOURS.index("white")] == 7 and RARITY[COLOURS.index("black")] == 6


def test_rule_2_2_tiles_56_plus_kickstarter_free_iff_released():
    assert len(BASE_TILE_IDS) == 56
    assert len(DATA.tiles) == 57
    for t in DATA.tiles:
        assert (t.released is None) == (t.free is None)
        if t.released:
            assert t.released in t.requires


def test_rule_2_3_discs_per_player_9_or_8():
    assert [SETUP.by_players[n].discs for n in (2, 3, 4, 5)] == [9, 9, 8, 8]
    assert GAME.new_game(4, 1).seats[0].discs == 8


def test_rule_2_4_draft_board_has_seven_columns():
    s = GAME.new_game(2, 1)
    assert len(s.draft_count) == 7 == len(GAME.view(s, 0)["draft"])


def test_rule_2_5_expansion_components():
    assert len(TOKEN_IDS) == 16 and len(DARKNESS_IDS) == 3


# ---- §3 geometry -------------------------------------------------------------------------------
def test_rule_3_1_axial_neighbours():
    assert sorted(NEIGHBOURS) == sorted([(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)])


def test_rule_3_2_surface_includes_every_tile_in_play():
    s = terraform_position(tiles=[("P01", 0, 0), ("DARK1", 1, 0)], options={"darkness": True})
    # (0,1)...: the Darkness tile counts as occupied for the compact shape
    assert (1, 0) not in compact_positions(s)


def test_rule_3_3_tile_states_and_3_4_reserved_is_not_terraformed():
    s = terraform_position(tiles=[("P01", 0, 0, 1, False, cv(green=1)), ("F01", 1, 0)],
                           reserves={0: cv(green=1, yellow=1)})
    # the reserved tile gives no adjacency for F01 (not a founding round)
    assert not kinds(s, "terraform")
    v = GAME.view(s, 0)
    assert {x["id"]: x["state"] for x in v["surface"]} == {"P01": "reserved", "F01": "free"}


# ---- §4 setup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_4_1_to_4_5_setup_counts(players):
    s = GAME.new_game(players, 11)
    cfg = SETUP.by_players[players]
    assert len(s.surface) == cfg.initial_tiles == {2: 8, 3: 9, 4: 11, 5: 12}[players]
    assert [(t.q, t.r) for t in s.surface] == [tuple(p) for p in SETUP.recommended_layouts[players]]
    assert len(s.offer) == 3
    assert all(p.discs == cfg.discs for p in s.seats)
    components_census(s)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_4_3_layout_every_tile_has_two_neighbours(players):
    pos = {tuple(p) for p in SETUP.recommended_layouts[players]}
    degs = [sum((q + a, r + b) in pos for a, b in NEIGHBOURS) for q, r in pos]
    assert min(degs) >= 2 and sum(d >= 3 for d in degs) > len(degs) / 2


def test_rule_4_6_starting_elements_two_or_three_for_beginners():
    assert all(sum(p.reserve) == 2 for p in GAME.new_game(3, 2).seats)
    assert all(sum(p.reserve) == 3 for p in GAME.new_game(3, 2, {"beginner": True}).seats)


def test_rule_4_7_start_order_by_rarity_then_youngest():
    from engines.myraclia.rules import start_order
    # the seed's example W+G is [7, 1]; [6, 5] goes before it; equal lists: the youngest first
    reserves = [cv(white=1, green=1), cv(black=1, blue=1), cv(white=1, green=1)]
    assert start_order(reserves, {0: 2, 1: 1, 2: 0}) == [1, 2, 0]
    # the second element decides when the rarest are equal
    assert start_order([cv(white=1, yellow=1), cv(white=1, green=1)], {0: 0, 1: 1}) == [1, 0]
    # beginner variant: the third element decides next (§4.7 R)
    assert start_order([cv(white=1, green=1, yellow=1), cv(white=1, green=2)], {0: 0, 1: 1}) == [1, 0]
    # with youngest_first every tie is broken by age, and rarity decides first
    for seed in range(30):
        s = GAME.new_game(3, seed, {"youngest_first": [2, 1, 0]})
        keys = [(sorted((RARITY[c] for c, n in enumerate(s.seats[p].reserve) for _ in range(n)), reverse=True),
                 {2: 0, 1: 1, 0: 2}[p]) for p in s.drafting_order]
        assert keys == sorted(keys)
    with pytest.raises(ValueError):
        GAME.new_game(3, 1, {"youngest_first": [0, 0, 1]})


def test_rule_4_8_scores_start_at_zero():
    assert GAME.scores(GAME.new_game(4, 1)) == [0, 0, 0, 0]


def test_rule_4_9_darkness_never_in_initial_surface_or_offer():
    for seed in range(40):
        s = GAME.new_game(5, seed, {"darkness": True, "eternity": True})
        assert not any(TILES[t.id].darkness for t in s.surface)
        assert not any(TILES[t].darkness for t in s.offer)
        assert len(s.eternity_bag) == 16


# ---- §5 round structure -------------------------------------------------------------------------
def test_rule_5_round_draft_terraform_end_of_round_then_next_draft():
    s = GAME.new_game(2, 4)
    while s.phase == "draft":
        GAME.apply(s, Pass())
    end_all_turns(s)
    assert s.round == 2 and s.phase == "draft"


# ---- §6 draft -------------------------------------------------------------------------------------
def test_rule_6_1_and_6_2_worked_example_grouping():
    """Seed example: 3 players, 4Y 3G 3O 3U 1R 1W -> Y4 G3 O3 U3 R1 W1, column 7 empty."""
    s = GAME.new_game(3, 1)
    s.element_bag = cv(yellow=4, green=3, orange=3, blue=3, red=1, white=1)
    s.discard = [0] * 7
    s.round = 2
    prepare_draft(s)
    assert [COLOURS[c] if c >= 0 else None for c in s.draft_colour] == \
        ["yellow", "green", "orange", "blue", "red", "white", None]
    assert s.draft_count == [4, 3, 3, 3, 1, 1, 0]


def test_rule_6_2_five_player_first_round_draws_four_each():
    s = GAME.new_game(5, 3)
    assert sum(s.draft_count) == 20
    s2 = GAME.new_game(4, 3)
    assert sum(s2.draft_count) == 20


def test_rule_6_3_take_from_any_column_or_pass():
    s = draft_state(groups=[("yellow", 4), ("green", 3)])
    assert [a.column for a in kinds(s, "take")] == [1, 2] and kinds(s, "pass")
    GAME.apply(s, Take(column=2))
    assert s.seats[0].reserve[COLOURS.index("green")] == 1 + GAME.new_game(3, 1).seats[0].reserve[0]
    GAME.apply(s, Pass())
    # the passed player is skipped from now on
    GAME.apply(s, Take(column=1))
    assert GAME.to_move(s) == 0
    GAME.apply(s, Take(column=1))
    assert GAME.to_move(s) == 2
    reason = testing.assert_illegal_leaves_state(GAME, s, Take(column=5))
    assert "no elements" in reason


def test_rule_6_4_and_6_7_worked_example_triangle_star_sun():
    """Seed example D1-D3, E, F: T=0, S=1, N=2 on the board Y4 G3 O3 U3 R1 W1."""
    T, S, N = 0, 1, 2
    s = draft_state(groups=[("yellow", 4), ("green", 3), ("orange", 3), ("blue", 3), ("red", 1), ("white", 1)],
                    order=[T, S, N])
    GAME.apply(s, Take(column=2))  # A
    GAME.apply(s, Take(column=2))  # B
    GAME.apply(s, Take(column=4))  # C
    assert s.draft_queue[1] == [T, S] and s.draft_queue[3] == [N]
    GAME.apply(s, Take(column=3))  # D1-D3: T moves left, S slides up
    assert s.draft_queue[2] == [T] and s.draft_queue[1] == [S]
    GAME.apply(s, Take(column=2))  # E: S stays
    assert s.draft_queue[1] == [S]
    GAME.apply(s, Take(column=1))  # F: N takes from the right of its disc, stays
    assert s.draft_queue[3] == [N] and s.draft_queue[0] == []
    for _ in range(3):
        GAME.apply(s, Pass())
    assert s.terraforming_order == [S, T, N]
    end_all_turns(s)
    assert s.drafting_order == [N, T, S]  # §6.8


def test_rule_6_5_draft_ends_when_board_empty_and_leftovers_discarded():
    s = draft_state(players=2, groups=[("red", 1), ("blue", 2)])
    disc0 = sum(s.discard)
    GAME.apply(s, Take(column=1))  # player 0 takes the only red
    GAME.apply(s, Pass())          # player 1 passes and is skipped from now on
    GAME.apply(s, Take(column=2))
    assert s.phase == "draft" and GAME.to_move(s) == 0
    GAME.apply(s, Take(column=2))  # the board is empty: the draft ends
    assert s.phase == "terraform" and sum(s.discard) == disc0
    s2 = draft_state(players=2, groups=[("red", 1), ("blue", 2)])
    GAME.apply(s2, Pass())
    GAME.apply(s2, Pass())
    assert s2.phase == "terraform" and sum(s2.discard) == sum(GAME.new_game(2, 1).discard) + 3
    assert disc0 == sum(GAME.new_game(2, 1).discard)


def test_rule_6_5_empty_board_ends_draft_at_once():
    s = GAME.new_game(2, 1)
    s.element_bag = [0] * 7
    s.discard = [0] * 7
    s.round = 2
    s.drafting_order = [1, 0]
    prepare_draft(s)
    assert s.phase == "terraform" and s.terraforming_order == [1, 0]


def test_rule_6_6_terraforming_order_and_d9_no_disc_first():
    s = draft_state(players=4, groups=[("yellow", 5), ("green", 5), ("red", 5)], order=[0, 1, 2, 3])
    s.draft_queue = [[1], [2, 3], [], [], [], [], []]
    assert terraforming_order(s) == [0, 1, 3, 2]


def test_rule_6_8_next_drafting_order_is_reverse():
    s = GAME.new_game(4, 2)
    while s.phase == "draft":
        GAME.apply(s, GAME.legal_actions(s)[0])
    order = list(s.terraforming_order)
    end_all_turns(s)
    assert s.drafting_order == order[::-1]


# ---- §7 the turn -----------------------------------------------------------------------------------
def test_rule_7_1_players_take_complete_turns_in_terraforming_order():
    s = terraform_position(players=3, player=2)
    assert GAME.to_move(s) == 2
    GAME.apply(s, EndTurn())
    assert GAME.to_move(s) == 0


def test_rule_7_2_up_to_three_actions_and_8_5_action_count():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("M01", 0, 1), ("W01", -1, 1), ("P02", 1, -1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=4, yellow=3, orange=1)})
    for t, pay in (("F01", ["green", "yellow"]), ("M01", ["green", "yellow"]), ("W01", ["green", "orange"])):
        GAME.apply(s, Terraform(tile=t, pay=pay))
    assert s.actions_used == 3 and not kinds(s, "terraform") and not kinds(s, "reserve")
    reason = testing.assert_illegal_leaves_state(GAME, s, Terraform(tile="P02", pay=["red", "orange"]))
    assert "3 actions" in reason


def test_rule_7_3_free_operations_after_three_actions():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("M01", 0, 1), ("W01", -1, 1),
             ("P07", 1, -1, 0, False, cv(green=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=3, yellow=4, orange=1, black=0)})
    s.pool = cv(red=1)
    for t, pay in (("F01", ["green", "yellow"]), ("M01", ["green", "yellow"]), ("W01", ["green", "orange"])):
        GAME.apply(s, Terraform(tile=t, pay=pay))
    assert kinds(s, "trade") and kinds(s, "add")


def test_rule_7_4_end_turn_any_time():
    s = terraform_position()
    assert EndTurn() in GAME.legal_actions(s)


def test_rule_7_5_no_disc_no_new_tile_but_reservation_can_complete():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("W06", 0, 1, 0, False, cv(yellow=1, green=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1, blue=1)})
    s.seats[0].discs = 0
    targets = {a.tile for a in kinds(s, "terraform")}
    assert targets == {"W06"}
    assert not kinds(s, "reserve")


# ---- §8.1 payment ---------------------------------------------------------------------------------
def test_rule_8_1_1_missing_counts_elements_on_tile():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0, None, False, cv(yellow=1, green=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1)})
    assert [a.pay for a in kinds(s, "terraform")] == [["blue"]]


def test_rule_8_1_2_wildcards_three_of_a_kind_or_five_any():
    tiles = [("P01", 0, 0, 1, True), ("P04", 1, 0)]  # P04 needs blue + white
    s = terraform_position(tiles=tiles, reserves={0: cv(white=1, red=3)})
    assert [a.pay for a in kinds(s, "terraform")] == [["red", "red", "red", "white"]]
    s = terraform_position(tiles=tiles, reserves={0: cv(white=1, green=2, yellow=2, orange=1)})
    assert [a.pay for a in kinds(s, "terraform")] == [["green", "green", "yellow", "yellow", "orange", "white"]]


def test_rule_8_1_3_hand_rule_examples():
    tiles = [("P01", 0, 0, 1, True), ("P04", 1, 0)]  # needs blue + white
    # three blue as a "wildcard" for the blue: refused (superfluous elements)
    s = terraform_position(tiles=tiles, reserves={0: cv(white=1, blue=3)})
    assert [a.pay for a in kinds(s, "terraform")] == [["blue", "white"]]
    reason = testing.assert_illegal_leaves_state(GAME, s, Terraform(tile="P04", pay=["blue"] * 3 + ["white"]))
    assert "hand rule" in reason
    # five any with three of a kind inside: refused; the three alone are legal
    s = terraform_position(tiles=tiles, reserves={0: cv(white=1, red=3, green=2)})
    testing.assert_illegal_leaves_state(GAME, s, Terraform(tile="P04", pay=["green", "green", "red", "red", "red", "white"]))
    # only the hand is checked: 3 red for the blue while keeping a blue in reserve
    s = terraform_position(tiles=tiles, reserves={0: cv(white=1, red=3, blue=1)})
    pays = [a.pay for a in kinds(s, "terraform")]
    assert ["red", "red", "red", "white"] in pays and ["blue", "white"] in pays
    GAME.apply(s, Terraform(tile="P04", pay=["red", "red", "red", "white"]))
    assert s.seats[0].reserve == cv(blue=1)


def test_rule_8_1_4_no_wildcards_for_reserving_or_adding():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cv(red=3, green=1)})
    s.seats[0].score = 5
    assert {tuple(a.place) for a in kinds(s, "reserve")} == {("green",)}
    testing.assert_illegal_leaves_state(GAME, s, Reserve(tile="W06", place=["red", "red", "red"]))


def test_rule_8_1_5_exact_cover_matches_brute_force():
    import itertools
    from engines.myraclia.payment import is_legal, legal_payments
    from engines.core.rng import Rng
    r = Rng.from_seed(8)
    for _ in range(120):
        res = tuple(r.below(4) for _ in range(7))
        miss = tuple(sorted({r.below(7) for _ in range(1 + r.below(3))}))
        brute = {p for p in itertools.product(*(range(n + 1) for n in res)) if is_legal(p, miss)}
        assert set(legal_payments(res, miss)) == brute


# ---- §8.2-8.4 terraforming ------------------------------------------------------------------------
def test_rule_8_2_founding_round_first_terraform_anywhere_then_adjacent():
    tiles = [("P01", 0, 0), ("F01", 3, 3), ("M01", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=3, yellow=3)}, founding=True)
    assert {a.tile for a in kinds(s, "terraform")} == {"P01", "F01", "M01"}
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    assert {a.tile for a in kinds(s, "terraform")} == set()  # nothing next to F01
    s = terraform_position(tiles=tiles, reserves={0: cv(green=3, yellow=3)}, founding=False)
    assert not kinds(s, "terraform")


def test_rule_8_2_not_others_reserved_not_darkness():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0, 1, False, cv(green=1)), ("DARK1", 0, 1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1)}, options={"darkness": True})
    assert not kinds(s, "terraform")
    reason = testing.assert_illegal_leaves_state(GAME, s, Terraform(tile="F01", pay=["yellow"]))
    assert "reserved by Player 2" in reason
    reason = testing.assert_illegal_leaves_state(GAME, s, Terraform(tile="DARK1", pay=["yellow"]))
    assert "Darkness" in reason


def test_rule_8_3_released_element_direct_or_wildcard():
    tiles = [("P01", 0, 0, 1, True), ("F09", 1, 0)]  # F09: blue red yellow, releases yellow
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1, red=1, yellow=1)})
    GAME.apply(s, Terraform(tile="F09", pay=["yellow", "red", "blue"]))
    assert s.seats[0].reserve == cv(yellow=1)
    # yellow by a wildcard: the wildcard is not returned, a yellow comes from the discard pile
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1, red=1, green=3)})
    s.discard = cv(yellow=1)
    GAME.apply(s, Terraform(tile="F09", pay=["green"] * 3 + ["red", "blue"]))
    assert s.seats[0].reserve == cv(yellow=1) and s.discard == cv(green=3, red=1, blue=1)
    # ... else from the bag, else nothing
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1, red=1, green=3)})
    s.discard = [0] * 7
    s.element_bag = cv(yellow=1)
    GAME.apply(s, Terraform(tile="F09", pay=["green"] * 3 + ["red", "blue"]))
    assert s.seats[0].reserve == cv(yellow=1) and s.element_bag == [0] * 7
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1, red=1, green=3)})
    s.discard = [0] * 7
    s.element_bag = [0] * 7
    GAME.apply(s, Terraform(tile="F09", pay=["green"] * 3 + ["red", "blue"]))
    assert s.seats[0].reserve == [0] * 7


def test_rule_8_3_released_element_usable_same_turn():
    tiles = [("P01", 0, 0, 1, True), ("F09", 1, 0), ("M01", 1, -1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1, red=1, yellow=1, green=1)})
    GAME.apply(s, Terraform(tile="F09", pay=["yellow", "red", "blue"]))
    assert Terraform(tile="M01", pay=["green", "yellow"]) in GAME.legal_actions(s)


def test_rule_8_4_worked_example_sun_player():
    """Seed example: P07 (K+Y+G, 3 VP) as 1st action with 1 own neighbour -> 4 VP, opponent
    +1; F09 (U+R+Y, 1 VP, releases Y) as 2nd action with 2 own neighbours -> 5 VP, the Y comes
    back, the opponent gains 2."""
    tiles = [("M01", 1, 0, 0, True), ("W01", -1, 0, 1, True), ("P07", 0, 0), ("F09", 0, 1),
             ("F01", 0, 2, 1, True), ("P01", -1, 2, 1, True)]
    s = terraform_position(tiles=tiles, reserves={0: cv(black=1, yellow=2, green=1, blue=1, red=1)})
    GAME.apply(s, Terraform(tile="P07", pay=["green", "yellow", "black"]))
    assert GAME.scores(s) == [4, 1]
    GAME.apply(s, Terraform(tile="F09", pay=["yellow", "red", "blue"]))
    assert GAME.scores(s) == [9, 3]
    assert s.seats[0].reserve == cv(yellow=1)
    assert s.seats[0].ledger == {"tiles": 4, "adjacency": 5, "neighbours": 0, "eternity": 0, "reservations": 0}


def test_rule_8_4_reserved_tiles_give_nothing():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("M01", 1, -1, 1, False, cv(green=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1)})
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    assert GAME.scores(s) == [0, 1]  # +1 for P01 only; the reserved M01 gives nothing


# ---- §8.6 reserve -------------------------------------------------------------------------------------
def test_rule_8_6_1_reserve_conditions():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0), ("F06", 3, 3)]
    s = terraform_position(tiles=tiles, reserves={0: cv(yellow=1, green=1, blue=1)})
    s.seats[0].score = 1
    places = {(a.tile, tuple(a.place)) for a in kinds(s, "reserve")}
    # adjacent W06 only; never all three (that completes it); score 1 pays at most 1 missing
    assert places == {("W06", ("green", "yellow")), ("W06", ("green", "blue")), ("W06", ("yellow", "blue"))}
    s.seats[0].score = 0
    assert not kinds(s, "reserve")
    # founding round: still needs a terraformed neighbour, so the first action cannot be a reservation
    s = terraform_position(tiles=[("W06", 0, 0), ("F06", 1, 0)], reserves={0: cv(green=2)}, founding=True)
    s.seats[0].score = 9
    assert not kinds(s, "reserve")


def test_rule_8_6_2_and_8_6_3_worked_example_water_reservation():
    """Seed example: yellow and green placed on the water tile, 1 VP paid for the blue."""
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cv(yellow=1, green=1)})
    s.seats[0].score = 4
    s.seats[0].ledger["tiles"] = 4
    GAME.apply(s, Reserve(tile="W06", place=["green", "yellow"]))
    t = find_tile(s, "W06")
    assert s.seats[0].score == 3 and t.owner == 0 and not t.terraformed and t.cubes == cv(green=1, yellow=1)
    assert s.seats[0].reserved == "W06" and s.seats[0].discs == 8
    testing.assert_illegal_leaves_state(GAME, s, Reserve(tile="P01", place=["green"]))


def test_rule_8_6_4_reservation_lasts_across_rounds():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0, 0, False, cv(green=1))]
    s = terraform_position(tiles=tiles)
    end_all_turns(s)
    assert s.round == 2 and find_tile(s, "W06").owner == 0 and find_tile(s, "W06").cubes == cv(green=1)


def test_rule_8_7_protection():
    tiles = [("P01", 0, 0, 0, True), ("W06", 1, 0, 1, False, cv(green=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(yellow=1, blue=1)})
    s.seats[0].score = 5
    assert not kinds(s, "terraform") and not kinds(s, "reserve")
    testing.assert_illegal_leaves_state(GAME, s, Reserve(tile="W06", place=["yellow"]))


# ---- §8.8 adding, §8.9 change ----------------------------------------------------------------------------
def test_rule_8_8_adding_is_free_completing_is_an_action_and_may_use_wildcards():
    tiles = [("P01", 0, 0, 1, True), ("P12", 1, 0, 0, False, cv(white=1))]  # P12: G Y U W
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1, red=3)})
    s.actions_used = 3
    adds = {tuple(a.place) for a in kinds(s, "add")}
    assert adds == {("green",), ("yellow",), ("green", "yellow")}
    GAME.apply(s, AddElements(place=["green", "yellow"]))
    assert s.actions_used == 3 and find_tile(s, "P12").cubes == cv(white=1, green=1, yellow=1)
    assert not kinds(s, "terraform")  # the last element needs an action
    s.actions_used = 2
    assert [a.pay for a in kinds(s, "terraform") if a.tile == "P12"] == [["red", "red", "red"]]
    GAME.apply(s, Terraform(tile="P12", pay=["red"] * 3))
    assert find_tile(s, "P12").terraformed and s.seats[0].reserved is None
    assert s.tiles_to_add == 0  # completing a reservation adds no tile (§8.11)
    # and the released white comes back: it was lying on the tile (§8.3)
    assert s.seats[0].reserve == cv(white=1)


def test_rule_8_8_adding_cannot_complete():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0, 0, False, cv(green=1, yellow=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1)})
    assert not kinds(s, "add")
    reason = testing.assert_illegal_leaves_state(GAME, s, AddElements(place=["blue"]))
    assert "completing" in reason


def test_rule_8_9_change_reservation_leaves_elements_on_old_tile():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0, 0, False, cv(green=1)), ("F06", 0, 1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1, orange=1)})
    s.seats[0].score = 5
    assert not kinds(s, "reserve")  # one reservation at a time
    GAME.apply(s, ChangeReservation(tile="F06", place=["orange", "blue"]))
    old, new = find_tile(s, "W06"), find_tile(s, "F06")
    assert old.owner is None and old.cubes == cv(green=1)
    assert new.owner == 0 and s.seats[0].reserved == "F06" and s.seats[0].score == 4
    assert s.actions_used == 1 and s.tiles_to_add == 0 and s.seats[0].discs == 8


def test_rule_8_9_leftovers_help_the_next_player():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0, None, False, cv(green=1, yellow=1))]
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1)})
    assert [a.pay for a in kinds(s, "terraform")] == [["blue"]]
    assert not kinds(s, "reserve")  # only missing blue would complete it: terraform only


# ---- §8.10 trading ----------------------------------------------------------------------------------------
def test_rule_8_10_1_to_8_10_6_trading_with_finished_players():
    s = terraform_position(players=3, reserves={0: cv(red=2), 1: cv(blue=1)})
    assert not kinds(s, "trade")  # §8.10.5 the first player has nobody to trade with
    GAME.apply(s, EndTurn())
    assert s.pool == cv(red=2)  # §8.11 step 1
    trades = kinds(s, "trade")
    assert trades == [Trade(give="blue", take="red")]  # §8.10.2 one for one
    GAME.apply(s, Trade(give="blue", take="red"))
    assert s.seats[1].reserve == cv(red=1) and s.pool == cv(red=1, blue=1)
    GAME.apply(s, Trade(give="red", take="blue"))  # §8.10.1 includes what I gave away
    assert s.seats[1].reserve == cv(blue=1)
    testing.assert_illegal_leaves_state(GAME, s, Trade(give="white", take="red"))


# ---- §8.11 end of turn ------------------------------------------------------------------------------------
def test_rule_8_11_worked_example_k_equals_two():
    """Seed example: free terraform + complete reservation + new reservation -> 2 new tiles."""
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("W06", 0, 1, 0, False, cv(green=1, yellow=1)),
             ("P05", -1, 1), ("M01", 1, -1), ("W01", -1, 0), ("F02", 0, -1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=2, yellow=1, blue=1)})
    s.seats[0].score = 5
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    GAME.apply(s, Terraform(tile="W06", pay=["blue"]))
    GAME.apply(s, Reserve(tile="M01", place=["green"]))
    assert s.tiles_to_add == 2
    offer = list(s.offer)
    GAME.apply(s, EndTurn())
    assert s.phase == "place" and GAME.to_move(s) == 0
    places = kinds(s, "place_tile")
    assert {a.tile for a in places} == set(offer)
    GAME.apply(s, places[0])
    assert s.phase == "place"
    GAME.apply(s, kinds(s, "place_tile")[-1])
    assert s.phase == "terraform" and GAME.to_move(s) == 1 and len(s.offer) == 3
    free = sum(1 for t in s.surface if t.owner is None)
    assert free == 5  # two new free tiles for the two that got a disc from the free ones


def test_rule_8_11_compact_shape_rules_a_and_b():
    ring = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    s = terraform_position(tiles=[(BASE_TILE_IDS[i], q, r) for i, (q, r) in enumerate([(0, 0)] + ring)])
    legal = compact_positions(s)
    assert (2, -1) in legal  # deg 2, both neighbours have 3 (rule b satisfied)
    assert (2, 0) not in legal  # deg 1 (rule a)
    s = terraform_position(tiles=[(BASE_TILE_IDS[i], q, r) for i, (q, r) in enumerate([(0, 0)] + ring[:3] + ring[4:])])
    legal = compact_positions(s)
    assert (2, -1) not in legal  # deg 2 but (1,-1) touches only 2 tiles (rule b)
    assert (0, -1) in legal
    s.phase = "place"
    s.tiles_to_add = 1
    reason = testing.assert_illegal_leaves_state(GAME, s, PlaceTile(tile=s.offer[0], q=2, r=-1))
    assert "compact" in reason


def test_rule_8_11_change_only_adds_no_tile():
    tiles = [("P01", 0, 0, 1, True), ("W06", 1, 0, 0, False, cv(green=1)), ("F06", 0, 1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(blue=1)})
    s.seats[0].score = 5
    GAME.apply(s, ChangeReservation(tile="F06", place=["blue"]))
    GAME.apply(s, EndTurn())
    assert s.phase == "terraform" and GAME.to_move(s) == 1


# ---- §9 end of round -------------------------------------------------------------------------------------
def test_rule_9_step_1_threshold_8_for_two_players_reserved_not_counted():
    tiles = [(t, i, 0, 0, True) for i, t in enumerate(BASE_TILE_IDS[:7])] + [(BASE_TILE_IDS[7], 7, 0, 0, False)]
    s = terraform_position(tiles=tiles)
    end_all_turns(s)
    assert not GAME.is_over(s)
    s = terraform_position(tiles=[(t, i, 0, 0, True) for i, t in enumerate(BASE_TILE_IDS[:8])])
    s.seats[0].tiles.sort()
    end_all_turns(s)
    assert GAME.is_over(s) and s.seats[0].reserve == [0] * 7  # no free elements in the final round


def test_rule_9_steps_2_to_5_worked_example_free_elements():
    """Seed example: Triangle gets blue, green and white; Sun gets yellow."""
    T, N = 0, 1
    tiles = [("F06", 0, 0, T, True), ("P05", 1, 0, T, True), ("P12", 0, 1, T, True), ("F09", 2, 0, N, True),
             ("P01", 3, 0, N, True)]
    s = terraform_position(tiles=tiles, reserves={T: cv(red=2), N: cv(black=1)})
    s.discard = cv(blue=1, green=1, white=1, yellow=1)
    s.element_bag = [0] * 7
    end_all_turns(s)
    assert s.phase == "draft" and s.round == 2
    # the draft board draws after the free elements: count what the players got
    got_t = cv(blue=1, green=1, white=1)
    got_n = cv(yellow=1)
    assert s.seats[T].reserve == got_t and s.seats[N].reserve == got_n  # unused red/black discarded
    assert s.draft_queue == [[] for _ in range(7)]


def test_rule_9_free_elements_scarce_served_in_terraforming_order():
    tiles = [("F06", 0, 0, 1, True), ("W06", 1, 0, 0, True)]
    s = terraform_position(tiles=tiles, player=1)
    s.discard = cv(blue=1)
    s.element_bag = [0] * 7
    end_all_turns(s)
    assert s.seats[1].reserve == cv(blue=1) and s.seats[0].reserve == [0] * 7


def test_rule_9_stall_safeguard_d34():
    s = GAME.new_game(2, 1)
    for r in range(3):
        while s.phase == "draft":
            GAME.apply(s, Pass())
        assert not GAME.is_over(s)
        end_all_turns(s)
    assert GAME.is_over(s) and s.round == 3


# ---- §10 final scoring -----------------------------------------------------------------------------------
def _final(tiles, players=3):
    s = terraform_position(players=players, tiles=tiles)
    s.phase = "over"
    return s


def test_rule_10_1_all_surfaces_bonus():
    s = _final([("P01", 0, 0, 0, True), ("F01", 1, 0, 0, True), ("W01", 2, 0, 0, True), ("M01", 3, 0, 0, True)], 2)
    assert GAME.score_breakdown(s)[0]["all_surfaces"] == 6
    s = _final([("P01", 0, 0, 0, True), ("F01", 1, 0, 0, True), ("W01", 2, 0, 0, True)], 2)
    assert GAME.score_breakdown(s)[0]["all_surfaces"] == 0


def test_rule_10_2_worked_example_largest_area():
    """Seed example: Spiral's area of 4 tiles gains 6 (beats 2), Dotted Circle gains 3."""
    spiral, dotted, third = 0, 1, 2
    tiles = [("P01", 0, 0, spiral, True), ("P02", 1, 0, spiral, True), ("P03", 2, 0, spiral, True),
             ("P04", 3, 0, spiral, True),
             ("F01", 0, 2, dotted, True), ("F02", 1, 2, dotted, True), ("F03", 5, 5, dotted, True),
             ("W01", 0, 4, third, True), ("W02", 2, 4, third, True)]
    s = _final(tiles)
    rows = GAME.score_breakdown(s)
    assert [r["largest_area"] for r in rows] == [6, 3, 0]


def test_rule_10_2_ties_do_not_beat_each_other():
    s = _final([("P01", 0, 0, 0, True), ("F01", 3, 3, 1, True)], 2)
    assert [r["largest_area"] for r in GAME.score_breakdown(s)] == [0, 0]


def test_rule_10_3_tiles_per_surface_table():
    tiles = [(t, i, 0, 0, True) for i, t in enumerate(["P01", "P02", "P03", "F01"])]
    s = _final(tiles, 2)
    table = DATA.surface_scoring.per_surface
    assert GAME.score_breakdown(s)[0]["surface_types"] == table["plains"]["3"] + table["forest"]["1"] == 6


def test_rule_10_4_ranking_and_tie_breaks():
    # equal VP: all four surfaces beats not
    s = _final([("P01", 0, 0, 0, True), ("F01", 1, 0, 0, True), ("W01", 2, 0, 0, True), ("M01", 3, 0, 0, True),
                ("P02", 0, 3, 1, True), ("P03", 1, 3, 1, True), ("P04", 2, 3, 1, True)], 2)
    s.seats[0].score = s.seats[0].ledger["tiles"] = 0
    s.seats[1].score = s.seats[1].ledger["tiles"] = 0
    b = GAME.score_breakdown(s)
    # P0: 6 + 4*1 = 10 ; P1: plains 3 -> 5 ; give P1 five more so they tie
    s.seats[1].ledger["eternity"] = sum(b[0].values()) - sum(b[1].values())
    assert GAME.scores(s)[0] == GAME.scores(s)[1]
    assert GAME.winners(s) == [0]
    # equal VP and neither has all four: more plains wins; equal: shared
    s = _final([("P01", 0, 0, 0, True), ("F01", 3, 3, 1, True)], 2)
    assert GAME.winners(s) == [0]
    s = _final([("F02", 0, 0, 0, True), ("F01", 3, 3, 1, True)], 2)
    assert GAME.winners(s) == [0, 1]


# ---- §11 Kickstarter ---------------------------------------------------------------------------------------
def test_rule_11_kickstarter_two_symbols_one_tile():
    assert any(t == "KS01" for t in GAME.new_game(2, 1, {"kickstarter": True}).tile_bag
               + [x.id for x in GAME.new_game(2, 1, {"kickstarter": True}).surface]
               + GAME.new_game(2, 1, {"kickstarter": True}).offer)
    s = _final([("KS01", 0, 0, 0, True), ("W01", 1, 0, 0, True), ("M01", 2, 0, 0, True)], 2)
    row = GAME.score_breakdown(s)[0]
    assert row["all_surfaces"] == 6 and row["surface_types"] == 4 and row["largest_area"] == 3


# ---- §12 element supply ---------------------------------------------------------------------------------------
def test_rule_12_1_lazy_bag_refill_and_12_2_running_out():
    s = GAME.new_game(2, 1)
    s.element_bag = cv(red=2)
    s.discard = cv(blue=3)
    s.round = 2
    prepare_draft(s)
    assert sum(s.draft_count) == 5 and s.element_bag == [0] * 7 and s.discard == [0] * 7
    s = GAME.new_game(2, 1)
    s.element_bag = cv(red=2)
    s.discard = cv(blue=3, green=1)
    s.round = 2
    prepare_draft(s)
    assert sum(s.draft_count) == 6  # 2 + 4: bag and discard pile together run short (§12.2)


def test_rule_12_3_cube_census_always_103():
    s = GAME.new_game(5, 9)
    assert components_census(s)["cubes"] == CUBE_COUNTS


# ---- §13 Eternity -------------------------------------------------------------------------------------------
def test_rule_13_1_and_13_2_token_mix_from_data():
    types = sorted(e.type for e in DATA.eternity_tokens)
    assert {t: types.count(t) for t in set(types)} == {"points": 4, "released_element": 4, "free_element": 4,
                                                     "surface": 4}


def test_rule_13_3_lowest_player_places_token_ties_later_in_order():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("DARK1", 2, 0)]
    s = terraform_position(players=3, tiles=tiles, options={"eternity": True, "darkness": True})
    s.seats[0].score = s.seats[0].ledger["eternity"] = 2
    end_all_turns(s)
    # players 1 and 2 have 0; the terraforming order was [0, 1, 2] -> player 2 placed later
    assert s.phase == "eternity" and GAME.to_move(s) == 2
    assert GAME.legal_actions(s) == [PlaceToken(tile="F01")]  # not on Darkness, not terraformed
    tok = s.eternity_drawn
    reason = testing.assert_illegal_leaves_state(GAME, s, PlaceToken(tile="P01"))
    assert "free" in reason
    GAME.apply(s, PlaceToken(tile="F01"))
    assert find_tile(s, "F01").tokens == [tok] and s.phase == "draft"
    assert GAME.view(s, 0)["surface"][1]["tokens"][0]["id"] == tok


def _token_position(token):
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1)}, options={"eternity": True})
    s.eternity_bag.remove(token)
    find_tile(s, "F01").tokens = [token]
    return redeal(s)


def test_rule_13_4_point_and_released_tokens():
    s = _token_position("E03")  # +3
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    assert s.seats[0].score == 3 and s.eternity_used == ["E03"] and find_tile(s, "F01").tokens == []
    s = _token_position("E06")  # released orange
    s.discard = cv(orange=1)
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    assert s.seats[0].reserve == cv(orange=1) and s.eternity_used == ["E06"]


def test_rule_13_4_free_element_and_surface_tokens_stay():
    s = _token_position("E09")  # free red
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    assert find_tile(s, "F01").tokens == ["E09"]
    s.discard = cv(red=1)
    s.element_bag = [0] * 7
    end_all_turns(s)
    assert s.seats[0].reserve == cv(red=1)
    s = _token_position("E16")  # mountains symbol
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    from engines.myraclia.scoring import symbols
    assert symbols(s, 0) == {"plains": 0, "forest": 1, "water": 0, "mountains": 1}


def test_rule_13_5_tokens_may_go_on_kickstarter_tile():
    tiles = [("P01", 0, 0, 1, True), ("KS01", 1, 0)]
    s = terraform_position(players=2, tiles=tiles, options={"eternity": True, "kickstarter": True})
    end_all_turns(s)
    assert PlaceToken(tile="KS01") in GAME.legal_actions(s)


# ---- §14 Darkness ------------------------------------------------------------------------------------------------
def test_rule_14_1_darkness_in_bag_after_setup():
    s = GAME.new_game(3, 2, {"darkness": True})
    assert sorted(t for t in s.tile_bag if t.startswith("DARK")) == DARKNESS_IDS


def test_rule_14_2_at_most_one_darkness_in_offer():
    s = GAME.new_game(2, 3, {"darkness": True})
    s.tile_bag = [t for t in s.tile_bag if t != "DARK1"] + s.offer
    s.offer = ["DARK1"]
    order = [t for t in s.tile_bag if t != "DARK2"] + ["DARK2"]
    redeal(s, tiles=order)  # the seeded dealer's next draw would be a second Darkness tile
    s.phase, s.terraforming_order, s.turn_pos = "terraform", [0, 1], 0
    rules.finish_turn(s)
    assert GAME.is_chance(s) and all(not TILES[o.tile].darkness for o, _ in GAME.chance_weights(s))
    GAME.deal(s)
    assert len(s.offer) == 3 and sum(t.startswith("DARK") for t in s.offer) == 1
    components_census(s)


def test_rule_14_3_darkness_tile_must_be_added_first():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0), ("M01", 0, 1), ("W01", 1, -1)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1)}, options={"darkness": True})
    s.tile_bag.remove("DARK1")
    s.tile_bag.append(s.offer.pop())
    s.offer.append("DARK1")
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    GAME.apply(s, EndTurn())
    assert {a.tile for a in kinds(s, "place_tile")} == {"DARK1"}
    reason = testing.assert_illegal_leaves_state(GAME, s, PlaceTile(tile=s.offer[0], q=-1, r=1))
    assert "Darkness" in reason


def test_rule_14_4_darkness_never_terraformed_no_adjacency_breaks_areas():
    tiles = [("P01", 0, 0, 0, True), ("DARK1", 1, 0), ("F01", 2, 0, 0, True)]
    s = _final(tiles, 2)
    s.options.darkness = True
    assert GAME.score_breakdown(s)[0]["largest_area"] == 3  # area 1 (the Darkness tile splits it) beats 0
    from engines.myraclia.scoring import largest_area
    assert largest_area(s, 0) == 1


# ---- §15 component data ---------------------------------------------------------------------------------------------
def test_rule_15_1_worked_example_tiles_in_data():
    assert TILES["P07"].text() == "P07 plains: needs green+yellow+black, 3 VP"
    assert TILES["F09"].text() == "F09 forest: needs yellow+red+blue, 1 VP, releases yellow, free yellow"
    assert sorted(COLOURS[c] for c in TILES["W06"].requires) == ["blue", "green", "yellow"]


def test_rule_15_2_tile_list_regenerates_from_the_template_rule():
    gen = DATA.model_dump()  # the validated model keeps only what the engine needs; reread the file
    import json
    from pathlib import Path
    import engines.myraclia as pkg
    raw = json.loads((Path(pkg.__file__).parent / "data.json").read_text())
    g = raw["tile_generation"]
    letter = {"plains": "P", "forest": "F", "water": "W", "mountains": "M"}

    def round_half_up(x):
        import math
        return int(math.floor(x + 0.5 + 1e-9))

    for surface, cycles in g["cycles"].items():
        pos = {"A": 0, "B": 0, "C": 0}
        for tpl in g["templates"]:
            req = []
            for tier in tpl["tiers"]:
                req.append(cycles[tier][pos[tier] % len(cycles[tier])])
                pos[tier] += 1
            rel = req[tpl["released_slot"]] if tpl["released_slot"] is not None else None
            free = rel if tpl["free"] else None
            val = g["colour_value"]
            vp = max(0, round_half_up(sum(val[c] for c in req) + (len(req) - 2)
                                      - ((0.5 + val[rel]) if rel else 0) - ((1 + 0.5 * val[free]) if free else 0)))
            tid = f"{letter[surface]}{tpl['index']:02d}"
            tile = TILES[tid]
            assert sorted(COLOURS[c] for c in tile.requires) == sorted(req), tid
            assert tile.vp == vp, tid
            assert (None if tile.released is None else COLOURS[tile.released]) == rel, tid
    assert gen


# ---- decisions -------------------------------------------------------------------------------------------------------
def test_decision_d36_founding_round_when_nobody_has_terraformed():
    s = GAME.new_game(2, 1)
    while s.phase == "draft":
        GAME.apply(s, Pass())
    end_all_turns(s)
    assert s.round == 2 and s.founding
    s2 = terraform_position(tiles=[("P01", 0, 0, 1, True), ("F01", 5, 5)])
    end_all_turns(s2)
    assert not s2.founding


def test_decision_d14_first_terraform_privilege_used_by_completing_reservation():
    tiles = [("P01", 0, 0, 1, False, cv(green=1)), ("F01", 5, 5)]
    s = terraform_position(tiles=tiles, player=1, reserves={1: cv(yellow=1, green=1, white=0)}, founding=True)
    s.seats[1].reserve = cv(yellow=2, green=1)
    GAME.apply(s, Terraform(tile="P01", pay=["yellow"]))
    assert not [a for a in kinds(s, "terraform") if a.tile == "F01"]


def test_illegal_actions_in_wrong_phase_are_refused():
    s = GAME.new_game(2, 1)
    reason = testing.assert_illegal_leaves_state(GAME, s, EndTurn())
    assert "take an element from the Draft board or pass" in reason
    reason = testing.assert_illegal_leaves_state(GAME, s, {"type": "fly"})
    assert "Not a Myraclia action" in reason
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "take", "column": 9})


def test_surface_tile_model_round_trips():
    t = SurfaceTile(id="P01", q=1, r=-1)
    assert SurfaceTile.model_validate_json(t.model_dump_json()) == t


def test_rule_6_1_fourth_disc_goes_off_board_in_the_same_column():
    s = draft_state(players=5, groups=[("green", 10)])
    for _ in range(5):
        GAME.apply(s, Take(column=1))
    assert s.draft_queue[0] == [0, 1, 2, 3, 4]
    assert GAME.view(s, 0)["draft"][0]["queue"] == [0, 1, 2, 3, 4]


def test_decision_d22_fallback_when_no_compact_position():
    s = terraform_position(tiles=[("P01", 0, 0), ("F01", 1, 0)])
    # two tiles in a row: every empty spot touches at most 2 tiles that touch only 1 -> fallback
    # rule (b) fails at both spots touching 2 tiles; the fallback offers them (deg >= 2)
    assert compact_positions(s) == [(0, 1), (1, -1)]


def test_decision_d23_short_offer_adds_what_is_there():
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1)})
    s.tile_bag = s.tile_bag + s.offer
    s.offer = []
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    GAME.apply(s, EndTurn())
    assert s.phase == "terraform" and GAME.to_move(s) == 1 and len(s.offer) == 3


def test_reveals_information_only_when_something_is_drawn():
    s = terraform_position(players=3, reserves={0: cv(red=2), 1: cv(blue=1)})
    GAME.apply(s, EndTurn())
    before = s.clone()
    GAME.apply(s, Trade(give="blue", take="red"))
    assert not GAME.reveals_information(before, Trade(give="blue", take="red"), s)
    tiles = [("P01", 0, 0, 1, True), ("F01", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cv(green=1, yellow=1)})
    GAME.apply(s, Terraform(tile="F01", pay=["green", "yellow"]))
    GAME.apply(s, EndTurn())
    before = s.clone()
    a = GAME.legal_actions(s)[0]
    GAME.apply(s, a)  # placing the tile refills the offer from the bag
    assert GAME.reveals_information(before, a, s)


def test_describe_names_the_player_for_every_kind_of_action():
    s = draft_state(groups=[("green", 2)])
    assert GAME.describe(s, Take(column=1)) == "Player 1 takes a green element from column 1"
    assert GAME.describe(s, Pass()) == "Player 1 passes"
    t = terraform_position(tiles=[("P01", 0, 0, 1, True), ("W06", 1, 0)], reserves={0: cv(green=1)})
    assert GAME.describe(t, Reserve(tile="W06", place=["green"])) == \
        "Player 1 reserves the water tile (green + yellow + blue) placing green"
    assert GAME.describe(t, Terraform(tile="W06", pay=["green"])).startswith(
        "Player 1 terraforms the water tile (green + yellow + blue)")
    assert GAME.describe(t, EndTurn()) == "Player 1 ends the turn"
