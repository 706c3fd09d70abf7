"""The fast paths agree exactly with what they replace (the engine-speed work changes no rule).

``slow_rules`` and ``slow_view`` are frozen copies of the rules and the view as they were
before: over seeded games played by random, heuristic and playout seats, the fast
``legal_actions`` (order included), ``is_legal``, ``play``, ``clone`` and ``view`` must give
exactly what the slow ones give; the heuristic bot's guess built from the state must equal the
one it built from the view, drawing the same numbers; the playout policy must return an object
of the list ``legal_actions`` returned, decide from the state and its ``rng`` alone, and leave
the state untouched. (``tests/identity`` replays 200 games stored before the change.)
"""

from __future__ import annotations

import json

import pytest

from engines.core.rng import Rng
from engines.spyrium import GAME as G
from engines.spyrium import bot, rules
from engines.spyrium.actions import UseEvent

from . import slow_rules, slow_view
from .helpers import give_building, give_technique, phase2, place


def _seats(kind: str, players: int):
    heuristic = G.bots()["heuristic"]
    policy = lambda g, s, r: g.playout_action(s, r)  # noqa: E731
    rand = lambda g, s, r: g.legal_actions(s)[r.below(len(g.legal_actions(s)))]  # noqa: E731
    pick = {"random": rand, "heuristic": heuristic, "playout": policy}
    if kind == "mixed":
        return [(rand, heuristic, policy)[i % 3] for i in range(players)]
    return [pick[kind]] * players


def _check_position(state) -> None:
    fast, slow = rules.legal_actions(state), slow_rules.legal_actions(state)
    assert fast == slow
    for a in slow:
        assert rules.is_legal(state, a)
    twin = state.clone()
    assert twin == state and twin.model_dump_json() == state.model_dump_json()
    for p in (None, *range(state.players)):
        assert json.dumps(G.view(state, p)) == json.dumps(slow_view.view(state, p))


@pytest.mark.parametrize("kind", ["random", "heuristic", "playout", "mixed"])
def test_fast_rules_agree_with_the_slow_ones(kind):
    for k in range(8 if kind != "heuristic" else 3):
        players, seed = 2 + k % 4, 500 + k
        state = G.new_game(players, seed)
        seats = _seats(kind, players)
        rngs = [Rng.from_seed(seed * 10 + i) for i in range(players)]
        step = 0
        while not state.over:
            seat = state.current
            if step % 3 == 0:
                _check_position(state)
            a = seats[seat](G, state, rngs[seat])
            slow = state.clone()
            slow_rules.play(slow, a)
            G.deal(slow)  # the chance after it, from the clone's own seeded dealer
            G.apply(state, a)
            assert state.model_dump_json() == slow.model_dump_json()
            step += 1


def test_refusals_agree_on_actions_near_legal_ones():
    """Variants of legal actions (another worker, token, price, option) are judged alike."""
    state = G.new_game(3, 9)
    rng = Rng.from_seed(3)
    n = 0
    while not state.over:
        legal = slow_rules.legal_actions(state)
        for a in legal:
            for field, values in (("lobbying", [True, False]), ("commerce", [None, 1, 3]),
                                  ("residence", [None, "vp", "advance"]), ("replace", [None, 0, 2]),
                                  ("token", [None, 1, 2]), ("slot", ["H00", "V11"])):
                if field in type(a).model_fields:
                    for v in values:
                        b = a.model_copy(update={field: v})
                        assert rules.is_legal(state, b) == (b in legal)
                        n += 1
        G.apply(state, G.playout_action(state, rng))
    assert n > 1000


@pytest.mark.parametrize("seed", range(6))
def test_rich_positions_agree(seed):
    """Lobbying, Commerce, Crane, Automation, Engineering, Taylorism, Capitalization, tapped
    buildings, workers of several players next to the same cards: every legal action and its
    effects, fast and slow."""
    state = G.new_game(3, seed)
    phase2(state, 0)
    p = state.players_[0]
    p.money, p.spyrium = 25 + seed, 2 + seed
    for k, t in enumerate(["A-automation", "A-capitalization", "A-crane", "B-engineering",
                           "B-taylorism", "B-commerce", "C-lobbying"]):
        give_technique(state, 0, t, tapped=(k + seed) % 4 == 0)
    for k, b in enumerate(["A-mine-middle", "B-factory-left", "A-laboratory-left", "A-residence",
                           "B-university-right"][:2 + seed % 4]):
        give_building(state, 0, b, tapped=(k + seed) % 2 == 1)
    for k, slot in enumerate(["H00", "V01", "H11", "V12", "H20"]):
        place(state, 0, slot)
        for other in range(1, 1 + (k + seed) % 3):
            place(state, other % 3, slot)
    p.active = 2 + seed % 3
    legal = rules.legal_actions(state)
    assert legal == slow_rules.legal_actions(state)
    kinds = {type(a).__name__ for a in legal}
    assert {"Build", "UseBuilding", "EarnMoney"} <= kinds, kinds
    for a in legal:
        twin, slow = state.clone(), state.clone()
        rules.play(twin, a)
        slow_rules.play(slow, a)
        assert twin.model_dump_json() == slow.model_dump_json()
    _check_position(state)


def test_the_bots_guess_needs_no_view():
    for seed in range(6):
        state = G.new_game(2 + seed % 4, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while not state.over:
            r1, r2 = Rng.from_seed(n), Rng.from_seed(n)
            g1 = bot.state_from_view(G.view(state, state.current), r1)
            g2 = bot.guess_state(state, r2)
            assert g1 == g2 and r1 == r2
            assert g1.model_dump_json() == g2.model_dump_json()
            n += 1
            G.apply(state, G.bots()["heuristic"](G, state, rng) if n % 2 else G.playout_action(state, rng))


def test_playout_policy_contract():
    for seed in range(12):
        state = G.new_game(2 + seed % 4, seed)
        rng = Rng.from_seed(seed)
        while not state.over:
            before = state.model_dump_json()
            r1 = Rng.from_seed(rng.next_u32())
            r2 = r1.model_copy(deep=True)
            a = G.playout_action(state, r1)
            assert a in G.legal_actions(state)
            assert state.model_dump_json() == before
            assert G.playout_action(state.clone(), r2) == a and r1 == r2
            G.apply(state, a)
        assert G.is_over(state)


def test_shared_action_objects_are_frozen():
    state = G.new_game(2, 1)
    a = G.legal_actions(state)[0]
    with pytest.raises(Exception):
        a.slot = "H00"
    assert G.legal_actions(state)[0] is a
    assert G.parse_action(G.dump_action(a)) == a


def test_event_actions_agree_in_both_phases():
    for seed in range(40):
        state = G.new_game(2 + seed % 4, seed)
        if state.turn_event is None:
            continue
        for phase in (1, 2):
            state.players_[state.current].phase = phase
            assert rules._event_actions(state, state.current) == slow_rules._event_actions(state, state.current)
            assert all(isinstance(a, UseEvent) for a in rules._event_actions(state, state.current))
