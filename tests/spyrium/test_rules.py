"""One test (at least) per numbered rule of the Spyrium spec, named after it."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.errors import IllegalAction
from engines.core.testing import assert_illegal_leaves_state
from engines.spyrium import chance, rules
from engines.spyrium.actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent,
                                     PlaceWorker, SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from engines.spyrium.components import (ALL_CARDS, CARD_TYPES, DATA, EVENTS, POSITION_SLOTS,
                                        RESIDENCE_VALUES, SLOT_IDS, TECHNIQUES,
                                        TOKEN_SUPPLY, deck_cards, type_of)

from .helpers import (G, clear_market, components_census, fresh, give_building, give_technique,
                      of_type, phase2, place, put)

# ---- §0 conventions --------------------------------------------------------------------------


def test_rule_0_3_every_worker_in_one_state():
    s = fresh(3)
    for p in s.players_:
        assert (p.reserve, p.active, p.spent) == (4, 3, 0)
    components_census(s)


def test_rule_0_4_payments_in_full_or_illegal():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-apprentice")
    place(s, 0, "H00")
    phase2(s, 0)
    s.players_[0].spyrium = 0  # the Apprentice needs 1 Spyrium
    assert not of_type(s, Hire)
    reason = assert_illegal_leaves_state(G, s, Hire(slot="H00", pos=0))
    assert "afford" in reason
    s.players_[0].spyrium = 1
    s.players_[0].money = 0
    assert of_type(s, Hire) == [Hire(slot="H00", pos=0)]  # £0 card, no surcharge


# ---- §1 components ---------------------------------------------------------------------------


def test_rule_1_components_counts():
    kinds = Counter(CARD_TYPES[type_of(c)].type if type_of(c) in CARD_TYPES else "technique"
                    for c in ALL_CARDS)
    assert kinds == {"building": 35, "character": 17, "technique": 7}
    assert {p: len(deck_cards(p)) for p in "ABC"} == {"A": 30, "B": 20, "C": 9}
    assert Counter(TOKEN_SUPPLY) == {1: 8, 2: 8, 3: 8}
    assert len(EVENTS) == 7 and len(TECHNIQUES) == 7


def test_rule_1_symbols_only_category_symbols_on_cards():
    for ct in CARD_TYPES.values():
        assert set(ct.symbols) <= {"factory", "mine", "research"}


# ---- §2 setup --------------------------------------------------------------------------------


def test_rule_2_1_decks_by_period_and_shuffled():
    a, b = fresh(2, 1), fresh(2, 2)
    for s in (a, b):
        for period in "ABC":
            seen = list(s.decks[period]) + ([c for c in s.market if c] if period == "A" else [])
            assert sorted(seen) == sorted(deck_cards(period))
            assert s.decks[period] == sorted(s.decks[period])  # a multiset: no order in the state
    assert a.dealer is not None and b.dealer is not None
    assert a.dealer.decks["B"] != b.dealer.decks["B"]  # the seeded dealers shuffled differently


def test_rule_2_2_events_face_up_preview_visible():
    s = fresh(2)
    v = G.view(s, 0)
    assert v["next_event"]["id"] == s.future_events[0]
    assert v["hidden_events"] == len(s.future_events) - 1 == 5


def test_rule_2_3_and_2_4_start_resources():
    s = fresh(4)
    for p in s.players_:
        # £8 at set-up plus the round-1 income of £2 (§4.1)
        assert (p.money, p.spyrium, p.active, p.reserve, p.residence, p.vp, p.phase) == (10, 2, 3, 4, 0, 0, 1)
        assert not p.event_used


def test_rule_2_5_bonus_markers_at_eight():
    s = fresh(2)
    assert all(p.bonuses_left == ["worker", "money"] for p in s.players_)


def test_rule_2_6_token_reserve_face_down():
    s = fresh(2)
    out = sum(len(t) for t in s.market_tokens) + (s.future_token is not None) + (s.turn_event_token is not None)
    assert len(s.token_reserve) + out == 24
    assert G.view(s, 0)["token_reserve"] == len(s.token_reserve)


def test_rule_2_7_token_on_visible_token_event():
    found = 0
    for seed in range(40):
        s = fresh(2, seed)
        # the set-up preview became the round-1 turn event, with its token
        if EVENTS[s.turn_event].token_on_reveal:
            assert s.turn_event_token in (1, 2, 3)
            found += 1
        else:
            assert s.turn_event_token is None
        if EVENTS[s.future_events[0]].token_on_reveal:
            assert s.future_token in (1, 2, 3)
        else:
            assert s.future_token is None
    assert found


def test_rule_2_8_first_player_random():
    firsts = {fresh(3, seed).first_player for seed in range(30)}
    assert firsts == {0, 1, 2}
    s = fresh(3, 5)
    assert s.current == s.first_player


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_2_player_count_character_tokens(players):
    s = fresh(players, 3)
    for pos, card in enumerate(s.market):
        ct = CARD_TYPES.get(type_of(card))
        want = 0 if ct is None else {"none": 0, "one": 1, "players_minus_one": players - 1}[ct.token]
        assert len(s.market_tokens[pos]) == want


# ---- §3 structure ----------------------------------------------------------------------------


def test_rule_3_six_rounds_periods_and_unused_cards():
    s = fresh(3, 8)
    periods = []
    seen_round = 0
    while not G.is_over(s):
        if s.round != seen_round:
            seen_round = s.round
            periods.append({type_of(c)[0] for c in s.market if c})
        G.apply(s, G.legal_actions(s)[-1])
    assert periods == [{"A"}, {"A"}, {"A"}, {"B"}, {"B"}, {"C"}]
    assert {k: len(v) for k, v in s.decks.items()} == {"A": 3, "B": 2, "C": 0}


# ---- §4 round start --------------------------------------------------------------------------


def _finish_round(s):
    r = s.round
    while s.round == r and not s.over:
        legal = G.legal_actions(s)
        a = next((x for x in legal if isinstance(x, (SwitchPhase, Pass, EarnMoney))), legal[0])
        G.apply(s, a)


def test_rule_4_1_income_from_residence():
    s = fresh(2)
    s.players_[0].residence = 3
    money = [p.money for p in s.players_]
    _finish_round(s)
    assert s.players_[0].money == money[0] + RESIDENCE_VALUES[3]
    assert s.players_[1].money == money[1] + RESIDENCE_VALUES[0]


def test_rule_4_2_turn_event_moves_with_its_token():
    s = fresh(2)
    nxt, tok = s.future_events[0], s.future_token
    after = s.dealer.events[0]  # the next event the seeded dealer reveals
    _finish_round(s)
    assert (s.turn_event, s.turn_event_token) == (nxt, tok)
    assert s.future_events[0] == after
    assert (s.future_token is not None) == EVENTS[after].token_on_reveal


def test_rule_4_3_market_dealt_row_major_then_tokens():
    s = fresh(4)
    deck = list(s.dealer.decks["A"])  # the orders the seeded dealer deals in
    reserve = list(s.dealer.tokens)
    future = s.dealer.events[0] if s.dealer.events else None
    _finish_round(s)
    assert s.market == list(reversed(deck[-9:]))  # top of the deck (its end) goes to (0,0)
    draws = list(reversed(reserve))
    if future and EVENTS[future].token_on_reveal:
        draws.pop(0)  # the preview event is filled first (D-26)
    expect = []
    for pos, card in enumerate(s.market):
        ct = CARD_TYPES.get(type_of(card))
        n = 0 if ct is None else {"none": 0, "one": 1, "players_minus_one": 3}[ct.token]
        expect.append([draws.pop(0) for _ in range(n)])
    assert s.market_tokens == expect


def test_rule_4_4_all_owned_workers_become_active():
    s = fresh(2)
    p = s.players_[0]
    i = give_building(s, 0, "A-mine-left")
    p.buildings[i].workers = 1
    p.active -= 1
    p.spent = 1
    p.active -= 1
    _finish_round(s)
    assert p.active == 3 and p.spent == 0 and p.buildings[i].workers == 0


def test_rule_4_5_phase_discs_and_event_discs_reset():
    s = fresh(2)
    _finish_round(s)
    assert all(p.phase == 1 and not p.passed and not p.event_used for p in s.players_)


# ---- §5 market geometry ----------------------------------------------------------------------


def test_rule_5_1_positions_never_move_nor_refill():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-mine-left")
    put(s, 1, "A-geologist")
    place(s, 0, "H00")
    phase2(s, 0)
    G.apply(s, Build(slot="H00", pos=0))
    assert s.market[0] is None and s.market[1] == "A-geologist#1"


def test_rule_5_2_twelve_slots_no_diagonal_no_edge():
    assert len(SLOT_IDS) == 12
    for slot in DATA.market.slots:
        (r1, c1), (r2, c2) = slot.cards
        assert abs(r1 - r2) + abs(c1 - c2) == 1  # orthogonal neighbours only
        assert all(0 <= x <= 2 for x in (r1, c1, r2, c2))


def test_rule_5_3_adjacent_slots_per_position():
    table = {0: "H00 V00", 1: "H00 H01 V01", 2: "H01 V02", 3: "H10 V00 V10",
             4: "H10 H11 V01 V11", 5: "H11 V02 V12", 6: "H20 V10", 7: "H20 H21 V11", 8: "H21 V12"}
    for pos, names in table.items():
        assert sorted(SLOT_IDS[i] for i in POSITION_SLOTS[pos]) == sorted(names.split())


def test_rule_5_4_adjacent_only_to_present_cards_and_unlimited_per_slot():
    s = fresh(5)
    clear_market(s)
    put(s, 1, "A-geologist")
    for seat in range(5):
        place(s, seat, "H00", 2)  # any number of workers of any colour
    phase2(s, 0)
    assert of_type(s, EarnMoney) == [EarnMoney(slot="H00", pos=1)]  # (0,0) is empty


def test_rule_5_5_placement_needs_a_card_on_one_side():
    s = fresh(2)
    clear_market(s)
    put(s, 4, "A-geologist")
    legal = {a.slot for a in of_type(s, PlaceWorker)}
    assert legal == {"H10", "H11", "V01", "V11"}
    reason = assert_illegal_leaves_state(G, s, PlaceWorker(slot="H00"))
    assert "no card on either side" in reason


def test_rule_5_6_counting_excludes_only_the_removed_worker():
    s = fresh(3)
    clear_market(s)
    put(s, 4, "A-geologist")
    place(s, 0, "H10", 2)  # the actor's own other worker counts
    place(s, 1, "V01")
    place(s, 2, "V11")
    phase2(s, 0)
    money = s.players_[0].money
    G.apply(s, EarnMoney(slot="H10", pos=4))
    assert s.players_[0].money == money + 3


def test_rule_5_7_no_reattachment_across_empty_position():
    s = fresh(2)
    clear_market(s)
    put(s, 2, "A-geologist")  # (0,2): H01 lies between (0,1) (empty) and (0,2)
    place(s, 1, "H00", 3)  # between (0,0) and (0,1), both empty
    place(s, 0, "H01")
    phase2(s, 0)
    money = s.players_[0].money
    G.apply(s, EarnMoney(slot="H01", pos=2))
    assert s.players_[0].money == money  # H00's workers are not next to (0,2)


# ---- §6 action sequence ----------------------------------------------------------------------


def test_rule_6_1_clockwise_from_first_player():
    s = fresh(4, 2)
    order = []
    for _ in range(8):
        order.append(s.current)
        G.apply(s, of_type(s, PlaceWorker)[0])
    f = s.first_player
    assert order == [(f + k) % 4 for k in range(8)]


def test_rule_6_2_players_in_different_phases():
    s = fresh(2)
    f = s.first_player
    G.apply(s, SwitchPhase())
    G.apply(s, Pass())
    assert s.players_[f].phase == 2 and s.players_[1 - f].phase == 1
    assert of_type(s, PlaceWorker)  # the other player still places


def test_rule_6_3_no_return_to_phase_one():
    s = fresh(2)
    G.apply(s, of_type(s, PlaceWorker)[0])
    G.apply(s, of_type(s, PlaceWorker)[0])
    G.apply(s, SwitchPhase())
    assert not of_type(s, PlaceWorker) and not of_type(s, SwitchPhase)
    assert "Phase II" in assert_illegal_leaves_state(G, s, PlaceWorker(slot="V11"))


def test_rule_6_4_passed_player_skipped_round_ends_when_all_pass():
    s = fresh(3)
    f = s.first_player
    G.apply(s, SwitchPhase())
    G.apply(s, Pass())
    nxt = (f + 1) % 3
    assert s.current == nxt
    for _ in range(3):
        G.apply(s, of_type(s, PlaceWorker)[0])
        if s.current == f:
            raise AssertionError("a passed player was given a turn")
    r = s.round
    while s.round == r:
        legal = G.legal_actions(s)
        assert s.current != f
        G.apply(s, next(a for a in legal if isinstance(a, (SwitchPhase, Pass, EarnMoney))))
    assert s.round == r + 1


def test_rule_6_5_a_player_must_act_and_can_never_be_stuck():
    s = fresh(2)
    place(s, s.current, "V11")
    p = s.players_[s.current]
    assert SwitchPhase() in G.legal_actions(s)
    G.apply(s, SwitchPhase())
    legal = G.legal_actions(s)
    assert Pass() not in legal and of_type(s, EarnMoney)
    assert "workers in the market" in assert_illegal_leaves_state(G, s, Pass())
    assert p.phase == 2


def test_rule_6_6_only_the_player_to_move_acts():
    s = fresh(3)
    seat = s.current
    G.apply(s, of_type(s, PlaceWorker)[0])
    assert s.players_[seat].active == 2 and s.current != seat
    assert all(p.active == 3 for i, p in enumerate(s.players_) if i != seat)


# ---- §7 Phase I ------------------------------------------------------------------------------


def test_rule_7_1_place_needs_an_active_worker():
    s = fresh(2)
    p = s.players_[s.current]
    p.spent, p.active = p.active, 0
    assert not of_type(s, PlaceWorker)
    assert "no active worker" in assert_illegal_leaves_state(G, s, PlaceWorker(slot="V11"))


def test_rule_7_2_event_once_per_round_either_phase():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    seat = s.current
    G.apply(s, UseEvent(option=0))
    assert s.players_[seat].event_used
    assert of_type(s, UseEvent)  # the next player may still use it
    s.current = seat
    s.players_[seat].phase = 2
    assert not of_type(s, UseEvent)  # not again in Phase II either
    assert "already used" in assert_illegal_leaves_state(G, s, UseEvent(option=0))


def test_rule_7_2_late_placement_event_phase_two_only():
    s = fresh(2)
    s.turn_event = "ev-late-placement"
    assert not of_type(s, UseEvent)
    G.apply(s, SwitchPhase())
    assert of_type(s, UseEvent)


def test_rule_7_3_switch_then_act_in_same_turn_keeping_active_workers():
    s = fresh(2)
    seat = s.current
    G.apply(s, SwitchPhase())
    assert s.current == seat and s.continuing and s.players_[seat].active == 3
    G.apply(s, Pass())  # passing is a Phase II action (D-15)
    assert s.current != seat and s.players_[seat].passed


def test_rule_7_3_switch_then_late_placement_event():
    s = fresh(2)
    s.turn_event = "ev-late-placement"
    seat = s.current
    G.apply(s, SwitchPhase())
    G.apply(s, of_type(s, UseEvent)[0])
    assert sum(x.count(seat) for x in s.slots) == 1


# ---- §8 Phase II -----------------------------------------------------------------------------


def test_rule_8_1_earn_money_choose_present_card():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-geologist")
    put(s, 1, "A-miner", tokens=())  # a character with no tokens can still be chosen
    place(s, 0, "H00")
    place(s, 1, "V00", 2)
    phase2(s, 0)
    assert set(of_type(s, EarnMoney)) == {EarnMoney(slot="H00", pos=0), EarnMoney(slot="H00", pos=1)}
    m = s.players_[0].money
    G.apply(s, EarnMoney(slot="H00", pos=0))
    assert s.players_[0].money == m + 2 and s.players_[0].spent == 1


def test_rule_8_1_earn_money_nothing_left_gives_zero_plus_capitalization():
    s = fresh(2)
    clear_market(s)
    place(s, 0, "H00")
    phase2(s, 0)
    assert G.legal_actions(s)[0] == EarnMoney(slot="H00", pos=None)
    give_technique(s, 0, "A-capitalization")
    m = s.players_[0].money
    a = EarnMoney(slot="H00", pos=None)
    assert "£2" in G.describe(s, a) and "£2" in G.action_label(s, a)  # the log counts it too
    G.apply(s, a)
    assert s.players_[0].money == m + 2 and s.players_[0].spent == 1


def test_rule_8_2_activation_cost_and_surcharge():
    s = fresh(3)
    clear_market(s)
    put(s, 4, "A-geologist")
    place(s, 0, "H10")
    place(s, 1, "H11")
    place(s, 2, "V01", 2)
    phase2(s, 0)
    m = s.players_[0].money
    G.apply(s, Hire(slot="H10", pos=4))
    assert s.players_[0].money == m - CARD_TYPES["A-geologist"].cost - 3


def test_rule_8_2_lobbying_is_declared_and_spent():
    s = fresh(2)
    clear_market(s)
    put(s, 4, "A-geologist")
    place(s, 0, "H10")
    place(s, 1, "H11", 2)
    give_technique(s, 0, "C-lobbying")
    phase2(s, 0)
    assert Hire(slot="H10", pos=4, lobbying=True) in G.legal_actions(s)
    assert Hire(slot="H10", pos=4) in G.legal_actions(s)  # never applied automatically
    m = s.players_[0].money
    G.apply(s, Hire(slot="H10", pos=4, lobbying=True))
    assert s.players_[0].money == m - CARD_TYPES["A-geologist"].cost
    assert s.players_[0].techniques[0].tapped


def test_rule_8_3_character_stays_and_token_chosen():
    s = fresh(4)
    clear_market(s)
    put(s, 0, "A-bureaucrat", tokens=(1, 3, 3))
    place(s, 0, "V00", 2)
    phase2(s, 0)
    hires = of_type(s, Hire)
    assert {h.token for h in hires} == {1, 3}
    vp = s.players_[0].vp
    G.apply(s, Hire(slot="V00", pos=0, token=3))
    assert s.market[0] == "A-bureaucrat#1" and sorted(s.market_tokens[0]) == [1, 3]
    assert s.players_[0].vp == vp + 3
    assert 3 in s.token_discard


def test_rule_8_3_tokenless_character_cannot_be_hired():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-bureaucrat", tokens=())
    place(s, 0, "V00")
    phase2(s, 0)
    assert not of_type(s, Hire)
    assert of_type(s, EarnMoney)


def test_rule_8_3_banker_needs_the_token_money():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "B-banker", tokens=(3,))
    place(s, 0, "V00")
    phase2(s, 0)
    s.players_[0].money = 2
    assert not of_type(s, Hire)
    s.players_[0].money = 3
    G.apply(s, Hire(slot="V00", pos=0, token=3))
    assert s.players_[0].money == 0 and s.players_[0].vp == 4


def test_rule_8_4_new_space_fee_and_crane():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-mine-left")
    place(s, 0, "V00")
    phase2(s, 0)
    for t in ("A-residence", "A-residence", "A-residence", "A-residence"):
        give_building(s, 0, t)
    cost = CARD_TYPES["A-mine-left"].cost
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0))[0] == cost + 4
    give_technique(s, 0, "A-crane")
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0))[0] == cost + 1
    s.players_[0].buildings = s.players_[0].buildings[:2]
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0))[0] == cost  # minimum £0


def test_rule_8_4_replace_and_shared_symbol_discount():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "B-factory-left")
    place(s, 0, "V00")
    phase2(s, 0)
    give_building(s, 0, "A-neighborhood-left")
    give_building(s, 0, "A-laboratory-left")
    cost = CARD_TYPES["B-factory-left"].cost
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0, replace=0))[0] == cost
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0, replace=1))[0] == cost - 3
    s.players_[0].money = 20
    G.apply(s, Build(slot="V00", pos=0, replace=1))
    p = s.players_[0]
    assert [b.card for b in p.buildings] == ["A-neighborhood-left#1", "B-factory-left#1"]
    assert "A-laboratory-left#1" in s.removed


def test_rule_8_4_laboratory_for_laboratory_discount_is_three():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "B-laboratory-middle")
    place(s, 0, "V00")
    give_building(s, 0, "A-laboratory-left")
    phase2(s, 0)
    cost = CARD_TYPES["B-laboratory-middle"].cost
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0, replace=0))[0] == max(0, cost - 3)


def test_rule_8_4_cost_formula_surcharge_not_discounted():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-workshop-left")
    place(s, 0, "V00")
    place(s, 1, "H00", 2)
    give_building(s, 0, "A-mine-left")
    give_building(s, 0, "A-laboratory-left")
    phase2(s, 0)
    cost = CARD_TYPES["A-workshop-left"].cost
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0, replace=1))[0] == max(0, cost - 3) + 2
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0))[0] == cost + 2 + 2


def test_rule_8_4_workers_on_replaced_building_become_spent_and_new_usable():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-mine-middle")
    place(s, 0, "V00")
    i = give_building(s, 0, "A-mine-left", tapped=True)
    s.players_[0].buildings[i].workers = 1
    s.players_[0].active -= 1
    phase2(s, 0)
    G.apply(s, Build(slot="V00", pos=0, replace=0))
    p = s.players_[0]
    assert p.spent == 2 and p.buildings[0].workers == 0 and not p.buildings[0].tapped
    s.current = 0
    assert UseBuilding(building=0, option=0) in G.legal_actions(s)  # D-10


def test_rule_8_5_patent_technique_untapped_not_on_itself():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "C-lobbying")
    place(s, 0, "V00")
    place(s, 1, "H00")
    phase2(s, 0)
    s.players_[0].money = 30
    assert Patent(slot="V00", pos=0, lobbying=True) not in G.legal_actions(s)
    m = s.players_[0].money
    G.apply(s, Patent(slot="V00", pos=0))
    p = s.players_[0]
    assert p.money == m - TECHNIQUES["C-lobbying"].cost - 1
    assert s.market[0] is None and [t.card for t in p.techniques] == ["C-lobbying#1"]
    assert not p.techniques[0].tapped


def test_rule_8_6_use_building_workers_on_card_spyrium_paid_tapped():
    s = fresh(2)
    give_building(s, 0, "A-workshop-left")
    give_building(s, 0, "A-residence")
    phase2(s, 0)
    p = s.players_[0]
    uses = of_type(s, UseBuilding)
    assert uses == [UseBuilding(building=0, option=0)]  # the Residence has no ability
    G.apply(s, UseBuilding(building=0, option=0))
    assert (p.active, p.buildings[0].workers, p.spyrium, p.vp) == (2, 1, 1, 3)
    assert p.buildings[0].tapped
    s.current = 0
    assert not of_type(s, UseBuilding)


def test_rule_8_6_automation_and_engineering():
    s = fresh(2)
    give_building(s, 0, "A-mine-left")
    give_building(s, 0, "B-factory-left")
    give_technique(s, 0, "A-automation")
    give_technique(s, 0, "B-engineering")
    phase2(s, 0)
    p = s.players_[0]
    p.spyrium = 5
    G.apply(s, UseBuilding(building=0, option=0))
    assert p.active == 3 and p.spyrium == 6  # no worker under Automation
    s.current = 0
    G.apply(s, UseBuilding(building=1, option=1))  # 2 workers + 3 Spyrium -> 10 VP
    assert p.vp == 12 and p.active == 1 and p.buildings[1].workers == 2


def test_rule_8_7_taylorism_reuses_tapped_building():
    s = fresh(2)
    give_building(s, 0, "A-university-left", tapped=True)
    give_technique(s, 0, "B-taylorism")
    phase2(s, 0)
    assert of_type(s, UseTaylorism) == [UseTaylorism(building=0, option=0)]
    G.apply(s, UseTaylorism(building=0, option=0))
    p = s.players_[0]
    assert p.vp == 2 and p.active == 2 and p.buildings[0].tapped and p.techniques[0].tapped
    s.current = 0
    assert not of_type(s, UseTaylorism)


def test_rule_8_8_event_in_phase_two():
    s = fresh(2)
    s.turn_event = "ev-sell-spyrium"
    phase2(s, s.current)
    assert UseEvent(option=0) in G.legal_actions(s)


def test_rule_8_9_pass_only_without_workers_in_market():
    s = fresh(2)
    seat = s.current
    phase2(s, seat)
    assert Pass() in G.legal_actions(s)
    place(s, seat, "V11")
    assert Pass() not in G.legal_actions(s)


# ---- §9 Residence ----------------------------------------------------------------------------


def test_rule_9_1_track_values():
    assert RESIDENCE_VALUES == [2, 3, 4, 5, 6, 7]


def test_rule_9_2_income_is_track_value():
    s = fresh(2)
    s.players_[1].residence = 5
    m = s.players_[1].money
    _finish_round(s)
    assert s.players_[1].money == m + 7


def test_rule_9_3_residence_action_and_last_space():
    s = fresh(2)
    s.turn_event = "ev-spyrium-residence"
    seat = s.current
    p = s.players_[seat]
    assert {a.residence for a in of_type(s, UseEvent)} == {"advance", "vp"}
    p.residence = 5
    assert {a.residence for a in of_type(s, UseEvent)} == {"vp"}
    G.apply(s, UseEvent(option=0, residence="vp"))
    assert p.vp == 7 and p.residence == 5


def test_rule_9_4_residence_building_and_architect():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-residence")
    put(s, 1, "A-architect", tokens=(2, 1))
    place(s, 0, "H00", 2)
    phase2(s, 0)
    G.apply(s, Build(slot="H00", pos=0, residence="advance"))
    assert s.players_[0].residence == 1
    s.current = 0
    m = s.players_[0].money
    G.apply(s, Hire(slot="H00", pos=1, token=2, residence="vp"))
    assert s.players_[0].vp == 3 and s.players_[0].money == m - CARD_TYPES["A-architect"].cost - 2


# ---- §10 card reference ----------------------------------------------------------------------

CHARACTERS = sorted(t for t, c in CARD_TYPES.items() if c.type == "character")
BUILDINGS = sorted(t for t, c in CARD_TYPES.items() if c.type == "building")


@pytest.mark.parametrize("type_id", CHARACTERS)
def test_rule_10_1_every_character_effect(type_id):
    ct = CARD_TYPES[type_id]
    h = ct.hire_effect
    s = fresh(2)
    clear_market(s)
    put(s, 0, type_id, tokens=(2,) if h.discard_token else ())
    place(s, 0, "V00")
    phase2(s, 0)
    p = s.players_[0]
    p.money, p.spyrium = 20, 3
    hires = of_type(s, Hire)
    assert hires
    a = hires[-1]
    before = (p.money, p.spyrium, p.vp, p.residence)
    G.apply(s, a)
    tok = 2
    money = ct.cost + (tok if h.pay.get("money") == "token" else h.pay.get("money", 0))
    assert p.money == before[0] - money
    spy_gain = h.gain.get("spyrium", 0)
    spy_gain = tok if spy_gain == "token" else spy_gain
    assert p.spyrium == before[1] - h.pay.get("spyrium", 0) + spy_gain
    vp = h.gain.get("vp", 0)
    vp = tok if vp == "token" else vp
    if h.residence_action:
        vp += RESIDENCE_VALUES[0] if a.residence == "vp" else 0
    assert p.vp == before[2] + vp
    assert s.market[0] is not None  # a character stays (§8.3)


@pytest.mark.parametrize("type_id", BUILDINGS)
def test_rule_10_2_every_building_options_and_on_build(type_id):
    ct = CARD_TYPES[type_id]
    s = fresh(2)
    clear_market(s)
    put(s, 0, type_id, tokens=(3,) if ct.token == "one" else ())
    place(s, 0, "V00")
    phase2(s, 0)
    p = s.players_[0]
    p.money, p.spyrium = 30, 10
    builds = of_type(s, Build)
    a = builds[-1]
    G.apply(s, a)
    assert p.buildings[-1].card == f"{type_id}#1"
    gain_workers = sum(b.gain_workers for b in ct.on_build)
    assert p.active == 2 + gain_workers
    if any(b.gain_vp_equal_token for b in ct.on_build):
        assert p.vp == 3
    if any(b.gain_spyrium_equal_token for b in ct.on_build):
        assert p.spyrium == 13
    s.current = 0
    uses = of_type(s, UseBuilding)
    assert [u.option for u in uses] == list(range(len(ct.activate_options)))
    for j, o in enumerate(ct.activate_options):
        t = s.clone()
        tp = t.players_[0]
        G.apply(t, UseBuilding(building=0, option=j))
        assert tp.spyrium == p.spyrium - o.spyrium + o.gain.get("spyrium", 0)
        assert tp.vp == p.vp + o.gain.get("vp", 0)
        assert tp.active == p.active - o.workers


def _owner(techs):
    s = fresh(2)
    for t in techs:
        give_technique(s, 0, t)
    return s, s.players_[0]


def test_rule_10_3_technique_end_formulas_and_cap():
    s, p = _owner(["A-automation", "A-capitalization", "A-crane", "B-engineering",
                   "B-taylorism", "B-commerce", "C-lobbying"])
    p.spyrium, p.money, p.residence = 9, 9, 3
    for t in ("B-factory-left", "C-factory-right", "A-mine-left"):
        give_building(s, 0, t)
    p.kept_tokens = [1, 2]
    from engines.spyrium.scoring import technique_vp
    tv = technique_vp(p)
    assert tv == {"Automation": 7, "Capitalization": 4, "Crane": 3,
                  "Engineering": min(7, CARD_TYPES["B-factory-left"].vp + CARD_TYPES["C-factory-right"].vp),
                  "Taylorism": 3, "Commerce": 2, "Lobbying": 5}


def test_rule_10_3_commerce_keeps_tokens_and_changes_value_once():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-miner", tokens=(1, 1))
    place(s, 0, "V00", 2)
    give_technique(s, 0, "B-commerce")
    phase2(s, 0)
    p = s.players_[0]
    assert {a.commerce for a in of_type(s, Hire)} == {None, 1, 2, 3}  # D-53: 1 too
    G.apply(s, Hire(slot="V00", pos=0, token=1, commerce=3))
    assert p.spyrium == 5 and p.kept_tokens == [1] and p.techniques[0].tapped
    s.current = 0
    assert {a.commerce for a in of_type(s, Hire)} == {None}


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_rule_10_4_every_event(event):
    s = fresh(2)
    s.turn_event = event
    s.turn_event_token = 2 if EVENTS[event].token_on_reveal else None
    seat = s.current
    p = s.players_[seat]
    give_building(s, seat, "A-university-left", tapped=True)
    p.spyrium = 3
    if "I" not in EVENTS[event].phases:
        assert not of_type(s, UseEvent)
        p.phase = 2
    options = of_type(s, UseEvent)
    assert {a.option for a in options} == set(range(len(EVENTS[event].options)))
    for a in options:
        t = s.clone()
        tp = t.players_[seat]
        G.apply(t, a)
        assert tp.event_used
        o = EVENTS[event].options[a.option]
        if o.gain.get("workers"):
            assert tp.active == p.active + 1 and tp.money == p.money - 3
        if o.place_worker_in_market:
            assert tp.active == p.active - 1 and sum(x.count(seat) for x in t.slots) == 1
        if o.reuse_used_building:
            assert tp.vp == p.vp + 2 and tp.money == p.money - 1
        for k in ("money", "spyrium"):
            if k in o.gain and o.gain[k] == "token":
                assert getattr(tp, k) == getattr(p, k) + 2


def test_rule_10_4_hire_worker_event_unusable_with_empty_reserve():
    s = fresh(2)
    s.turn_event = "ev-hire-worker"
    s.players_[s.current].reserve = 0
    s.players_[s.current].active = 7
    assert not of_type(s, UseEvent)


# ---- §11 tokens ------------------------------------------------------------------------------


def test_rule_11_1_tokens_face_up_when_drawn():
    s = fresh(3)
    v = G.view(s, 1)
    assert [m["tokens"] for m in v["market"]] == s.market_tokens


def test_rule_11_3_building_token_gives_vp_or_spyrium():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "B-mine-right", tokens=(2,))
    put(s, 1, "A-university-left", tokens=(3,))
    place(s, 0, "H00", 2)
    phase2(s, 0)
    p = s.players_[0]
    p.money = 30
    G.apply(s, Build(slot="H00", pos=0))
    assert p.spyrium == 4 and 2 in s.token_discard
    s.current = 0
    G.apply(s, Build(slot="H00", pos=1))
    assert p.vp == 3


def test_rule_11_4_event_token_stays_for_everyone():
    s = fresh(2)
    s.turn_event, s.turn_event_token = "ev-token-bounty", 3
    a = s.current
    G.apply(s, UseEvent(option=2))
    G.apply(s, UseEvent(option=0))
    assert s.players_[a].vp == 3 and s.turn_event_token == 3


def test_rule_11_5_reshuffle_discard_when_reserve_empty():
    s = fresh(2)
    s.token_discard = s.token_discard + s.token_reserve
    s.token_reserve = []
    n = len(s.token_discard)
    s.dealer = None
    s.market_tokens[8] = []
    s.dealing, s.dealing_pos, s.dealing_left = "token", 8, 1  # one token for the last card
    weights = G.chance_weights(s)
    assert dict((o.value, w) for o, w in weights) == Counter(s.token_discard)  # the discard pile's
    G.apply(s, weights[0][0])
    assert len(s.token_reserve) == n - 1 and s.token_discard == [] and s.market_tokens[8] == [1]
    assert s.token_reserve == sorted(s.token_reserve) and s.dealing is None
    s.token_reserve = []
    chance._next_tokens(s, 8, 1)
    assert s.dealing is None  # no token left anywhere: no draw (D-26)


def test_rule_11_6_commerce_never_keeps_event_tokens_and_cap_seven():
    s = fresh(2)
    s.turn_event, s.turn_event_token = "ev-token-bounty", 1
    seat = s.current
    give_technique(s, seat, "B-commerce")
    p = s.players_[seat]
    G.apply(s, UseEvent(option=1, commerce=3))  # the owner treats it as 3
    assert p.spyrium == 5 and p.kept_tokens == [] and s.turn_event_token == 1
    p.kept_tokens = [1] * 7
    rules._release_token(s, p, 2)
    assert len(p.kept_tokens) == 7 and 2 in s.token_discard


# ---- §12 bonuses -----------------------------------------------------------------------------


def test_rule_12_1_choose_bonus_at_eight():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    seat = s.current
    p = s.players_[seat]
    p.vp = 4
    G.apply(s, UseEvent(option=1))  # +5 VP -> 9
    assert s.pending_bonus and s.current == seat
    assert G.legal_actions(s) == [ChooseBonus(bonus="worker"), ChooseBonus(bonus="money")]
    G.apply(s, ChooseBonus(bonus="worker"))
    assert p.active == 4 and p.reserve == 3 and p.bonuses_left == ["money"] and s.current != seat


def test_rule_12_2_remaining_bonus_at_twenty():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    seat = s.current
    p = s.players_[seat]
    p.vp, p.bonuses_left = 17, ["money"]
    m = p.money
    G.apply(s, UseEvent(option=0))
    assert p.vp == 20 and p.money == m - 3 + 5 and p.bonuses_left == [] and not s.pending_bonus


def test_rule_12_3_both_thresholds_at_once():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    seat = s.current
    p = s.players_[seat]
    p.vp = 16
    m = p.money
    G.apply(s, UseEvent(option=1))
    G.apply(s, ChooseBonus(bonus="money"))
    assert p.money == m - 6 + 5 and p.active == 4 and p.bonuses_left == []


def test_rule_12_4_worker_bonus_with_empty_reserve_gives_nothing():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    seat = s.current
    p = s.players_[seat]
    p.vp, p.reserve, p.spent = 7, 0, 4
    G.apply(s, UseEvent(option=0))
    assert ChooseBonus(bonus="worker") in G.legal_actions(s)
    G.apply(s, ChooseBonus(bonus="worker"))
    assert p.active == 3 and p.reserve == 0


def test_rule_12_5_no_bonus_from_final_scoring():
    s = fresh(2, 4)
    while not G.is_over(s):
        G.apply(s, G.legal_actions(s)[-1])
    for i, p in enumerate(s.players_):
        if p.vp < 8:
            assert p.bonuses_left == ["worker", "money"]
            assert G.scores(s)[i] >= p.vp


# ---- §13 round end ---------------------------------------------------------------------------


def test_rule_13_round_end_steps():
    s = fresh(3)
    f = s.first_player
    give_building(s, 0, "A-mine-left", tapped=True)
    give_technique(s, 0, "B-taylorism", tapped=True)
    leftover = [c for c in s.market if c]
    ev = s.turn_event
    toks = [t for ts in s.market_tokens for t in ts] + ([s.turn_event_token] if s.turn_event_token else [])
    discard = list(s.token_discard)
    _finish_round(s)
    assert all(c in s.removed for c in leftover)  # §13.1
    assert ev in s.past_events  # §13.2
    assert Counter(s.token_discard) == Counter(toks + discard)  # the reserve did not run out
    p = s.players_[0]
    assert not p.buildings[0].tapped and not p.techniques[0].tapped  # §13.3
    assert s.first_player == (f + 1) % 3 and s.current == s.first_player  # §13.4
    assert all(x.phase == 1 for x in s.players_)  # §13.5


def test_rule_13_6_workers_stay_until_next_round_start():
    s = fresh(2)
    while s.round < 6:
        G.apply(s, G.legal_actions(s)[-1])
    p = s.players_[0]
    give_building(s, 0, "A-university-left")
    s.current = 0
    p.phase = 2
    while not s.over:
        legal = G.legal_actions(s)
        use = [a for a in legal if isinstance(a, UseBuilding)]
        G.apply(s, use[0] if use else next(a for a in legal if isinstance(a, (SwitchPhase, Pass, EarnMoney))))
    assert p.buildings[-1].workers == 1


# ---- §14 scoring -----------------------------------------------------------------------------


def test_rule_14_final_score_and_shared_victory():
    s = fresh(3)
    s.over = True
    for p in s.players_:
        p.vp, p.vp_log = 10, {"characters": 10}
    give_building(s, 0, "A-luxury-home")
    give_building(s, 1, "A-luxury-home", copy=2)
    give_technique(s, 2, "A-automation")
    s.players_[2].spyrium = 6
    assert G.scores(s) == [16, 16, 16]
    assert G.winners(s) == [0, 1, 2]
    s.players_[2].spyrium = 7
    assert G.winners(s) == [2]
    assert [sum(b.values()) for b in G.score_breakdown(s)] == G.scores(s)


# ---- §15 limits ------------------------------------------------------------------------------


def test_rule_15_worker_gains_beyond_reserve_lost():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "B-neighborhood-right")
    place(s, 0, "V00")
    phase2(s, 0)
    p = s.players_[0]
    p.reserve, p.spent = 1, 3  # 7 owned = 1 reserve + 2 active + 1 market + 3 spent
    G.apply(s, Build(slot="V00", pos=0))
    assert p.reserve == 0 and p.active == 3


def test_rule_15_resolution_order_token_vp_triggers_bonus():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-university-left", tokens=(3,))
    place(s, 0, "V00")
    phase2(s, 0)
    s.players_[0].vp = 6
    G.apply(s, Build(slot="V00", pos=0))
    assert s.pending_bonus and s.current == 0


# ---- §16 / §17 data --------------------------------------------------------------------------


def test_rule_16_quick_reference_matches_data():
    st = DATA.setup.per_player
    assert (st.money, st.workers_active, st.workers_in_reserve, st.spyrium) == (8, 3, 4, 2)
    assert DATA.rounds.count == 6 and DATA.score_bonuses.thresholds == [8, 20]
    assert {t.vp_cap for t in TECHNIQUES.values()} == {7}


def test_rule_17_figures_read_from_data(monkeypatch):
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-geologist")
    place(s, 0, "V00")
    phase2(s, 0)
    assert rules.activation_cost(s, 0, Hire(slot="V00", pos=0))[0] == CARD_TYPES["A-geologist"].cost
    patched = CARD_TYPES["A-geologist"].model_copy(update={"cost": 9})
    monkeypatch.setitem(CARD_TYPES, "A-geologist", patched)
    assert rules.activation_cost(s, 0, Hire(slot="V00", pos=0))[0] == 9


# ---- illegal actions -------------------------------------------------------------------------


def test_illegal_actions_leave_state_unchanged():
    s = fresh(2)
    for a in [Pass(), EarnMoney(slot="H00", pos=0), UseBuilding(building=0, option=0),
              ChooseBonus(bonus="money"), Hire(slot="H00", pos=0), PlaceWorker(slot="X99")]:
        assert assert_illegal_leaves_state(G, s, a)
    with pytest.raises(IllegalAction):
        G.apply(s, {"type": "nonsense"})
