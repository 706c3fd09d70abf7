"""Contract: ``action_label`` (private button text) and ``describe`` (public log line).

Every legal action of a position has a distinct label naming the card, its place, the
worker's slot, the price and the option; ``describe`` and the labels never depend on what is
hidden (the decks, the token reserve, the events below the preview: §15, D-38); and
``reveals_information`` is True exactly when something hidden became known (§4: a new
round deals cards and draws tokens).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.rng import Rng
from engines.spyrium.actions import (Build, ChooseBonus, EarnMoney, Hire, PlaceWorker, UseBuilding,
                                     UseEvent, UseTaylorism)
from engines.spyrium.components import RESIDENCE_VALUES

from .helpers import (G, architect_to_hire_with_powers, clear_market, fresh, give_building,
                      give_technique, of_type, phase2, place, put)


def _twin(state, rng: Rng):
    """The same position with everything hidden reordered."""
    twin = state.clone()
    for d in twin.decks.values():
        rng.shuffle(d)
    rng.shuffle(twin.token_reserve)
    rest = twin.future_events[1:]
    rng.shuffle(rest)
    twin.future_events = twin.future_events[:1] + rest
    return twin


def _hidden(state) -> tuple:
    return (state.decks, state.token_reserve, state.future_events[1:])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_contract_labels_distinct_describe_public_reveals_exact(players):
    rng = Rng.from_seed(players)
    for seed in range(3):
        state = G.new_game(players, 500 + seed)
        step = 0
        while not G.is_over(state):
            legal = G.legal_actions(state)
            labels = [G.action_label(state, a) for a in legal]
            dup = [x for x, n in Counter(labels).items() if n > 1]
            assert not dup, f"labels read the same: {dup}"
            if step % 7 == 0:
                twin = _twin(state, rng)
                for a in legal:
                    assert G.describe(twin, a) == G.describe(state, a)
                    assert G.action_label(twin, a) == G.action_label(state, a)
            a = rng.choice(legal)
            before = state.clone()
            G.apply(state, a)
            # something hidden became known exactly when a hidden pile moved (§4)
            assert G.reveals_information(before, a, state) == (_hidden(before) != _hidden(state))
            step += 1


def test_label_names_card_place_slot_price_and_discount():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "B-factory-left")
    blue = 0
    place(s, blue, "V00")
    place(s, 1, "H00", 2)
    give_building(s, blue, "A-neighborhood-left")
    give_building(s, blue, "A-laboratory-left")
    phase2(s, blue)
    s.players_[blue].money = 30
    labels = {a.replace: G.action_label(s, a) for a in of_type(s, Build)}
    assert labels[None] == ("Build the Factory (left) at the top left in a new space with your "
                            "worker below it: pay £10")
    assert "replacing your Working-Class Neighborhood (left) (building 1)" in labels[0]
    assert labels[0].endswith("pay £8")
    assert "(building 2) (shared symbol: £3 off)" in labels[1] and labels[1].endswith("pay £5")
    earn = of_type(s, EarnMoney)
    assert [G.action_label(s, a) for a in earn] == [
        "Earn £2: take back your worker next to the Factory (left) at the top left, below it"]


def test_label_tells_apart_two_copies_of_a_building_and_its_options():
    s = fresh(2)
    give_building(s, 0, "A-mine-middle", copy=1)
    give_building(s, 0, "A-mine-middle", copy=2, tapped=True)
    give_technique(s, 0, "B-taylorism")
    phase2(s, 0)
    texts = [G.action_label(s, a) for a in G.legal_actions(s)
             if isinstance(a, (UseBuilding, UseTaylorism))]
    assert texts == [
        "Use your Mine (middle) (building 1): free → 1 Spyrium",
        "Use your Mine (middle) (building 1): 1 worker → 2 Spyrium",
        "Taylorism: use your Mine (middle) (building 2) again: free → 1 Spyrium",
        "Taylorism: use your Mine (middle) (building 2) again: 1 worker → 2 Spyrium",
    ]


def test_label_hire_token_commerce_lobbying_residence():
    s = architect_to_hire_with_powers()
    labels = {(a.commerce, a.lobbying, a.residence): G.action_label(s, a) for a in of_type(s, Hire)}
    assert len(labels) == 4 * 2 * 2  # no Commerce, or any value 1-3 (D-53: its own too)
    r = RESIDENCE_VALUES
    assert labels[(None, False, "vp")] == (
        "Hire the Architect at the top left with your worker below it: pay £5, discard token 3, "
        f"gain a Residence action; Residence: take {r[1]} VP")
    assert labels[(1, True, "advance")] == (
        "Hire the Architect at the top left with your worker below it: pay £2, discard token 3, "
        "gain a Residence action (Lobbying: no surcharge, saves £1, Commerce: token 3 counts as 1); "
        f"Residence: move up £{r[1]} → £{r[2]}")


def test_label_events_bonus_and_place():
    s = fresh(2)
    s.turn_event = "ev-buy-vp"
    texts = [G.action_label(s, a) for a in of_type(s, UseEvent)]
    assert texts == ["Event Buy prestige: pay £3 → 3 VP", "Event Buy prestige: pay £6 → 5 VP"]
    s.turn_event, s.turn_event_token = "ev-token-bounty", 2
    texts = [G.action_label(s, a) for a in of_type(s, UseEvent)]
    assert texts == ["Event Windfall: gain £2", "Event Windfall: gain 2 Spyrium",
                     "Event Windfall: gain 2 VP"]
    clear_market(s)
    put(s, 0, "A-geologist")
    assert [G.action_label(s, a) for a in of_type(s, PlaceWorker)] == [
        "Place a worker between the Geologist at the top left and the empty space at the top centre",
        "Place a worker between the Geologist at the top left and the empty space at the middle left"]
    s.pending_bonus = True
    assert [G.action_label(s, a) for a in of_type(s, ChooseBonus)] == [
        "Take the 8 VP bonus: +1 worker, active now", "Take the 8 VP bonus: +£5"]
