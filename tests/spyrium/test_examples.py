"""The worked examples of the rulebook (seed 000), reproduced with their exact numbers."""

from __future__ import annotations

from engines.spyrium import rules
from engines.spyrium.actions import (Build, EarnMoney, Hire, PlaceWorker, SwitchPhase, UseBuilding,
                                     UseEvent)
from engines.spyrium.components import CARD_TYPES
from engines.spyrium.scoring import building_vp, technique_vp

from .helpers import G, clear_market, fresh, give_building, give_technique, of_type, phase2, place, put


def test_example_turn_1_setup_token_on_the_university():
    """"Preparation of turn 1: a numbered token is placed on the University card."""
    for seed in range(60):
        s = fresh(3, seed)
        for pos, card in enumerate(s.market):
            if card.startswith("A-university-left"):
                assert len(s.market_tokens[pos]) == 1
                return
    raise AssertionError("no University dealt in 60 seeds")


def test_example_placement_next_to_the_apprentice():
    """Blue may place next to the Apprentice only in the two slots inside the market (A, B);
    the places outside the market (X) are not slots."""
    s = fresh(4)
    clear_market(s)
    put(s, 0, "A-apprentice")  # a corner card
    assert {a.slot for a in of_type(s, PlaceWorker)} == {"H00", "V00"}


def test_example_red_uses_the_turn_event_spyrium_for_three_pounds():
    """Red pays 1 Spyrium, gains £3 and puts the disc on the event."""
    s = fresh(2)
    s.turn_event = "ev-sell-spyrium"
    red = s.players_[s.current]
    m, sp = red.money, red.spyrium
    G.apply(s, UseEvent(option=0))
    assert (red.money, red.spyrium, red.event_used) == (m + 3, sp - 1, True)


def test_example_yellow_earns_five_pounds_at_the_mine():
    """Yellow, in Phase II, removes a worker, chooses the Mine and gains £5: 5 other workers."""
    s = fresh(4)
    clear_market(s)
    put(s, 4, "A-mine-left")
    yellow = 3
    place(s, yellow, "H10")
    place(s, 0, "H11", 2)
    place(s, 1, "V01", 2)
    place(s, 2, "V11")
    phase2(s, yellow)
    m = s.players_[yellow].money
    G.apply(s, EarnMoney(slot="H10", pos=4))
    assert s.players_[yellow].money == m + 5


def test_example_black_hires_the_apprentice():
    """Black moves to Phase II, hires the Apprentice: £0 for the card plus £4 for the 4 other
    adjacent workers, then 1 Spyrium for 3 VP."""
    s = fresh(3)
    clear_market(s)
    put(s, 4, "A-apprentice")
    black = s.current
    others = [x for x in range(3) if x != black]
    place(s, black, "H10")
    place(s, others[0], "H11", 2)
    place(s, others[1], "V01", 2)
    p = s.players_[black]
    m, sp = p.money, p.spyrium
    G.apply(s, SwitchPhase())
    G.apply(s, Hire(slot="H10", pos=4))
    assert CARD_TYPES["A-apprentice"].cost == 0
    assert (p.money, p.spyrium, p.vp) == (m - 4, sp - 1, 3)


def test_example_blue_builds_the_factory_three_ways():
    """Blue builds a £6 Factory with 2 other adjacent workers (+£2): +£2 more in a new space
    (Blue has 2 buildings), nothing more replacing the Working-Class Neighborhood, or £3 less
    replacing the Laboratory, which shares the Factory symbol."""
    s = fresh(3)
    clear_market(s)
    put(s, 0, "B-factory-left")
    blue = 0
    place(s, blue, "V00")
    place(s, 1, "H00", 2)
    give_building(s, blue, "A-neighborhood-left")
    give_building(s, blue, "A-laboratory-left")
    phase2(s, blue)
    assert CARD_TYPES["B-factory-left"].cost == 6
    assert rules.activation_cost(s, blue, Build(slot="V00", pos=0))[0] == 6 + 2 + 2
    assert rules.activation_cost(s, blue, Build(slot="V00", pos=0, replace=0))[0] == 6 + 2
    assert rules.activation_cost(s, blue, Build(slot="V00", pos=0, replace=1))[0] == 3 + 2
    s.players_[blue].money = 5
    assert of_type(s, Build) == [Build(slot="V00", pos=0, replace=1)]


def test_example_green_uses_the_mine():
    """Green uses the (middle) Mine: 1 Spyrium, or 2 by spending a worker; tapped either way."""
    s = fresh(2)
    green = 0
    give_building(s, green, "A-mine-middle")
    phase2(s, green)
    assert of_type(s, UseBuilding) == [UseBuilding(building=0, option=0), UseBuilding(building=0, option=1)]
    for option, spy, active in ((0, 3, 3), (1, 4, 2)):
        t = s.clone()
        G.apply(t, UseBuilding(building=0, option=option))
        p = t.players_[green]
        assert (p.spyrium, p.active, p.buildings[0].tapped) == (spy, active, True)


def test_example_red_hires_the_architect():
    """Red discards the 1 token and pays £1 for a Residence action: from the 3 space, move to
    4 or gain 3 VP. The next player pays £2 with the 2 token; then no token is left."""
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-architect", tokens=(1, 2))
    red, nxt = 0, 1
    place(s, red, "V00")
    place(s, nxt, "H00")
    s.players_[red].residence = 1  # the space worth 3
    phase2(s, red)
    card = CARD_TYPES["A-architect"].cost
    m = s.players_[red].money
    surcharge = 1
    opts = {(a.token, a.residence) for a in of_type(s, Hire)}
    assert opts == {(1, "advance"), (1, "vp"), (2, "advance"), (2, "vp")}
    t = s.clone()
    G.apply(t, Hire(slot="V00", pos=0, token=1, residence="vp"))
    assert t.players_[red].vp == 3 and t.players_[red].residence == 1
    G.apply(s, Hire(slot="V00", pos=0, token=1, residence="advance"))
    assert s.players_[red].residence == 2 and s.players_[red].money == m - card - 1 - surcharge
    assert s.market_tokens[0] == [2]
    phase2(s, nxt)
    m2 = s.players_[nxt].money
    G.apply(s, Hire(slot="H00", pos=0, token=2, residence="vp"))
    assert s.players_[nxt].money == m2 - card - 2
    assert s.market_tokens[0] == []


def test_example_blue_end_game_sixteen_building_vp_and_automation_seven():
    """Blue scores 16 for buildings and 7 for Automation with 8 Spyrium (cap 7)."""
    s = fresh(2)
    blue = s.players_[0]
    for t in ("A-luxury-home", "B-mansion", "A-mine-left"):
        give_building(s, 0, t)
    give_technique(s, 0, "A-automation")
    blue.spyrium = 8
    assert building_vp(blue) == 6 + 9 + 1 == 16
    assert technique_vp(blue) == {"Automation": 7}
