"""The spec's recorded decisions (§18, D-n) that the per-rule tests do not already pin down,
and the contract's log and undo helpers."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAction
from engines.spyrium import rules
from engines.spyrium.actions import (Build, EarnMoney, Hire, Pass, PlaceWorker, SwitchPhase,
                                     UseBuilding, UseEvent, UseTaylorism)
from engines.spyrium.components import CARD_TYPES

from .helpers import (G, clear_market, fresh, give_building, give_technique, of_type, phase2,
                      place, put)


def test_d1_d6_data_decisions():
    assert CARD_TYPES["B-mansion"].vp == 9  # D-1
    tokens = {t: c.token for t, c in CARD_TYPES.items() if c.type == "building" and c.token != "none"}
    assert sorted(tokens) == ["A-university-left", "B-mine-right", "B-university-right",
                              "C-university-right"]  # D-6: right Mine and both Universities


def test_d7_residence_for_residence_no_discount():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-residence")
    place(s, 0, "V00")
    give_building(s, 0, "A-residence", copy=2)
    phase2(s, 0)
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0, replace=0, residence="vp"))[0] == \
        CARD_TYPES["A-residence"].cost


def test_d18_reuse_event_pays_again_engineering_applies_same_building_as_taylorism():
    s = fresh(2)
    s.turn_event = "ev-reuse-building"
    seat = s.current
    p = s.players_[seat]
    give_building(s, seat, "A-workshop-left", tapped=True)
    give_technique(s, seat, "B-engineering")
    give_technique(s, seat, "B-taylorism")
    p.phase, p.spyrium = 2, 5
    G.apply(s, UseTaylorism(building=0, option=0))
    s.current = seat
    m = p.money
    G.apply(s, UseEvent(option=0, building=0, building_option=0))
    assert p.vp == 2 * (3 + 1) and p.money == m - 1 and p.spyrium == 3
    assert p.buildings[0].tapped and p.buildings[0].workers == 2


def test_d20_lobbying_waives_only_the_surcharge():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-mine-left")
    place(s, 0, "V00")
    place(s, 1, "H00", 2)
    give_building(s, 0, "A-residence")
    give_building(s, 0, "A-residence", copy=2)
    give_technique(s, 0, "C-lobbying")
    phase2(s, 0)
    cost = CARD_TYPES["A-mine-left"].cost
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0, lobbying=True))[0] == cost + 2
    assert rules.activation_cost(s, 0, Build(slot="V00", pos=0))[0] == cost + 2 + 2
    m = s.players_[0].money
    t = s.clone()
    G.apply(t, EarnMoney(slot="V00", pos=0))
    assert t.players_[0].money == m + 2 and not t.players_[0].techniques[0].tapped


def test_d21_commerce_keeps_building_tokens_and_value_change_on_building():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-university-left", tokens=(1,))
    place(s, 0, "V00")
    give_technique(s, 0, "B-commerce")
    phase2(s, 0)
    assert {a.commerce for a in of_type(s, Build)} == {None, 1, 2, 3}  # D-53: 1 too
    G.apply(s, Build(slot="V00", pos=0, commerce=3))
    p = s.players_[0]
    assert p.vp == 3 and p.kept_tokens == [1]


def test_d26_token_shortage_fills_visible_event_first():
    s = fresh(4)
    for pos in range(9):
        s.market_tokens[pos] = []
    s.turn_event_token = None
    s.token_reserve, s.token_discard = [], [2]  # one token left in the whole game
    fe = s.future_events
    k = fe.index("ev-token-bounty") if "ev-token-bounty" in fe else None
    if k is None:  # the token event is already out: put it back below the preview
        fe.insert(1, "ev-token-bounty")
        s.past_events = [e for e in s.past_events if e != "ev-token-bounty"]
        s.turn_event = None if s.turn_event == "ev-token-bounty" else s.turn_event
    else:
        fe.insert(1, fe.pop(k))
    assert s.dealer is not None  # it reveals the token event next, and reshuffles the [2] left
    s.dealer.events = ["ev-token-bounty"] + [e for e in s.dealer.events if e != "ev-token-bounty"]
    s.dealer.tokens = []
    rules.end_round(s)
    G.deal(s)
    assert s.future_events[0] == "ev-token-bounty" and s.future_token == 2
    assert all(t == [] for t in s.market_tokens)  # no token left for the market cards
    assert not any(isinstance(a, Hire) and a.token is not None for a in G.legal_actions(s))


def test_d26_token_event_without_token_cannot_be_used():
    s = fresh(2)
    s.turn_event, s.turn_event_token = "ev-token-bounty", None
    assert not of_type(s, UseEvent)


def test_d46_no_activation_in_phase_one():
    s = fresh(2)
    seat = s.current
    place(s, seat, "V11")
    give_building(s, seat, "A-mine-middle")
    kinds = {type(a) for a in G.legal_actions(s)}
    assert not kinds & {EarnMoney, Hire, Build, UseBuilding, UseTaylorism, Pass}


def test_d47_event_option_must_be_affordable():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    s.players_[s.current].money = 5
    assert [a.option for a in of_type(s, UseEvent)] == [0]


def test_describe_names_player_and_reveals_only_on_new_round():
    s = fresh(3)
    seat = s.current
    a = of_type(s, PlaceWorker)[0]
    assert G.describe(s, a).startswith(f"Player {seat + 1} places a worker")
    before = s.clone()
    G.apply(s, a)
    assert not G.reveals_information(before, a, s)
    while True:
        legal = G.legal_actions(s)
        a = next((x for x in legal if isinstance(x, (SwitchPhase, Pass, EarnMoney))), legal[0])
        before = s.clone()
        G.apply(s, a)
        if s.round != before.round:
            assert G.reveals_information(before, a, s)
            break
        assert not G.reveals_information(before, a, s)


def test_d53_no_op_lobbying_and_commerce_declarations_are_offered_and_spent():
    """D-53 / §8.2 "Optional modifiers": a declared use is spent for the round even if it saves
    nothing, so the player may declare Lobbying on a £0 surcharge and Commerce naming the
    token's own value; each is offered, costs what the plain activation costs, and is spent."""
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-bureaucrat", tokens=(2,))
    place(s, 0, "V00")  # the only worker next to the card: surcharge £0
    give_technique(s, 0, "C-lobbying")
    give_technique(s, 0, "B-commerce")
    phase2(s, 0)
    plain = Hire(slot="V00", pos=0, token=2)
    both = Hire(slot="V00", pos=0, token=2, commerce=2, lobbying=True)
    legal = G.legal_actions(s)
    assert plain in legal and both in legal
    assert Hire(slot="V00", pos=0, token=2, lobbying=True) in legal
    assert Hire(slot="V00", pos=0, token=2, commerce=2) in legal
    assert rules.activation_cost(s, 0, both) == rules.activation_cost(s, 0, plain)
    label = G.action_label(s, both)
    assert "saves nothing" in label and "token 2 stays 2" in label
    p = s.players_[0]
    m, vp = p.money, p.vp
    G.apply(s, both)
    assert p.money == m - CARD_TYPES["A-bureaucrat"].cost and p.vp == vp + 2
    assert all(t.tapped for t in p.techniques)  # both powers are spent for the round
    assert p.kept_tokens == [2]


def test_d53_a_spent_declaration_is_refused_with_a_reason():
    """Once Lobbying is spent (here by a declaration that saved nothing), a second
    declaration in the same round is refused, with a clear reason and the state unchanged."""
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-geologist")
    put(s, 2, "A-geologist", copy=2)
    place(s, 0, "V00")
    place(s, 0, "V02")
    give_technique(s, 0, "C-lobbying")
    phase2(s, 0)
    G.apply(s, Hire(slot="V00", pos=0, lobbying=True))
    s.current = 0
    before = s.model_dump()
    with pytest.raises(IllegalAction, match="already used Lobbying this round"):
        G.apply(s, Hire(slot="V02", pos=2, lobbying=True))
    assert s.model_dump() == before
    assert Hire(slot="V02", pos=2) in G.legal_actions(s)
