"""Chance nodes in the core (``engines.core.chance``), on the toy game written both ways:
``toy.Toy`` (chance drawn inside ``apply`` from a generator in the state) and
``chance_toy.ChanceToy`` (chance nodes, a deck with no order, a seeded dealer)."""

from __future__ import annotations

import pytest

from engines.core.chance import CHANCE, ENTROPY, Sampler, Tape
from engines.core.errors import RecordError
from engines.core.game import Chance
from engines.core.record import (FORMAT, FORMAT_2, GameRecord, new_record, parse_record, positions, replay,
                                 upgrade)
from engines.core.registry import register
from engines.core.rng import Rng
from engines.core.search import ismcts

from . import chance_toy, toy

OLD, NEW = toy.GAME, chance_toy.GAME
register(OLD)
register(NEW)


def choices(seed: int, players: int, n: int = 40) -> list[str]:
    """A fixed list of player choices ("draw"/"stop") for a game, from ``seed``."""
    rng = Rng.from_seed(seed)
    return ["draw" if rng.below(3) else "stop" for _ in range(n)]


def play(game, state, plan: list[str]) -> list[dict]:
    """Play ``plan`` on ``state`` (a choice the state does not allow becomes "stop"); the
    actions played, as dicts."""
    played = []
    for choice in plan:
        if game.is_over(state):
            break
        kinds = {a.type for a in game.legal_actions(state)}
        action = game.parse_action({"type": choice if choice in kinds else "stop"})
        game.apply(state, action)
        played.append(game.dump_action(action))
    return played


def as_record(game, players: int, seed: int, actions: list[dict], chance: list[dict] | None = None) -> GameRecord:
    record = new_record(game, players, seed, outcomes=chance is not None)
    record.actions = list(actions)
    if chance is not None:
        record.chance = list(chance)
    return record


@pytest.mark.parametrize("seed", range(30))
def test_the_seeded_dealer_deals_what_the_seed_drew_before(seed):
    players = 1 + seed % 4
    plan = choices(seed, players)
    old = OLD.new_game(players, seed)
    new = NEW.new_game(players, seed)
    assert play(OLD, old, plan) == play(NEW, new, plan)
    assert old.hands == new.hands and NEW.scores(new) == OLD.scores(old)
    assert NEW.to_move(new) != CHANCE  # apply deals from the dealer: never left at a chance node


def test_a_draw_stops_at_a_chance_node_whose_probabilities_sum_to_one():
    state = NEW.new_game(2, 5, dealer=False)
    NEW.apply(state, {"type": "draw"})
    assert NEW.to_move(state) == CHANCE and NEW.is_chance(state)
    outcomes = NEW.chance_outcomes(state)
    assert [o.value for o, _ in outcomes] == list(range(1, 11))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert NEW.legal_actions(state) == [o for o, _ in outcomes]
    NEW.apply(state, {"type": "card", "value": 7})  # an outcome is played like any action
    assert state.hands[0] == [7] and state.left[6] == 2 and state.dealt == 1
    assert state.seen == [1, 0]  # the drawer saw it, the other seat did not


def test_an_outcome_that_cannot_happen_is_refused_and_changes_nothing():
    state = NEW.new_game(2, 5, dealer=False)
    state.left[6] = 0
    NEW.apply(state, {"type": "draw"})
    before = state.model_dump_json()
    with pytest.raises(Exception):
        NEW.apply(state, {"type": "card", "value": 7})
    assert state.model_dump_json() == before


def test_same_seed_and_choices_with_other_outcomes_diverge():
    """The state does not fix the future: from one position, the entropy deals other cards."""
    hands = set()
    for _ in range(8):
        state = NEW.new_game(1, 3, dealer=False)
        for _ in range(3):
            NEW.apply(state, {"type": "draw"})
            NEW.deal(state, ENTROPY)
            if NEW.is_over(state):
                break
        hands.add(tuple(state.hands[0]))
    assert len(hands) > 1


def test_a_first_format_record_replays_and_upgrades_to_the_same_game():
    seed, players = 11, 3
    old = OLD.new_game(players, seed)
    actions = play(OLD, old, choices(seed, players))
    v1 = as_record(OLD, players, seed, actions).model_dump()
    v1["game"] = NEW.name  # the same record, read by the game whose chance is explicit
    record = parse_record(v1)
    assert record.format == FORMAT and replay(record).hands == old.hands
    v2 = upgrade(record)
    assert v2.format == FORMAT_2 and len(v2.chance) == sum(len(h) for h in old.hands)
    again = replay(parse_record(v2.model_dump_json()))  # from its own outcomes, no dealer
    assert again.hands == old.hands and again.dealer is None


def test_a_second_format_record_replays_from_its_outcomes_only():
    state = NEW.new_game(2, 1, dealer=False)
    record = as_record(NEW, 2, 1, [], [])
    for choice in ["draw", "draw", "stop", "draw", "stop"]:
        if NEW.is_over(state):
            break
        record.actions.append({"type": choice})
        NEW.apply(state, {"type": choice})
        record.chance += [NEW.dump_action(o) for o in NEW.deal(state, ENTROPY)]
    rebuilt = replay(parse_record(record.model_dump_json()))
    assert rebuilt.hands == state.hands and rebuilt.left == state.left
    steps = list(positions(NEW, record))
    assert sum(len(p.drawn) for p in steps) == len(record.chance)


def test_a_damaged_chance_list_is_reported():
    record = as_record(NEW, 1, 1, [{"type": "draw"}, {"type": "draw"}], [{"type": "card", "value": 1}])
    assert replay(record).pending  # a record may end at a chance node: the page deals it
    record.actions.append({"type": "stop"})
    with pytest.raises(RecordError, match="draw is missing before action 3"):
        replay(record)
    record.actions.pop()
    record.chance = [{"type": "card", "value": 1}] * 2 + [{"type": "card", "value": 2}]
    with pytest.raises(RecordError, match="more than its moves"):
        replay(record)
    record.chance = [{"type": "card", "value": 1}] * 4  # only three 1s in a deck of 30
    record.actions = [{"type": "draw"}] * 4
    with pytest.raises(RecordError, match="draw 4 cannot happen"):
        replay(record)
    with pytest.raises(RecordError):
        parse_record({**as_record(OLD, 1, 1, []).model_dump(), "chance": [{"type": "card", "value": 1}]})


def test_a_tape_stops_where_its_outcomes_end():
    state = NEW.new_game(1, 1, dealer=False)
    NEW.apply(state, {"type": "draw"})
    assert NEW.deal(state, Tape([])) == [] and NEW.is_chance(state)


def test_the_search_samples_chance_itself_and_never_reads_a_dealer():
    state = NEW.new_game(2, 9, dealer=False)
    result = ismcts(NEW, state, Rng.from_seed(1), 200)
    assert result.action in NEW.legal_actions(state) and result.iterations == 200
    world = NEW.determinize(state, 0, Rng.from_seed(2))
    assert world.dealer is None
    assert NEW.chance is Chance.EXPLICIT and OLD.chance is Chance.SAMPLED
    sampler = Sampler(Rng.from_seed(4))
    NEW.apply(world, {"type": "draw"})
    assert NEW.deal(world, sampler) and not NEW.is_chance(world)


def test_a_fork_of_a_first_format_record_replays_as_it_did():
    seed, players = 21, 3
    old = OLD.new_game(players, seed)
    actions = play(OLD, old, choices(seed, players, 3))
    record = as_record(OLD, players, seed, actions).model_dump()
    record["forks"] = [{"at": len(actions), "seat": 0, "seed": 77}]
    before = replay(parse_record(record))
    rest = play(OLD, before, choices(seed + 1, players))
    record["actions"] = actions + rest
    want = replay(parse_record(record)).hands
    record["game"] = NEW.name
    assert replay(parse_record(record)).hands == want
    assert replay(upgrade(parse_record(record))).hands == want


def test_a_chance_outcome_seen_is_a_reveal_for_undo():
    state = NEW.new_game(2, 3, dealer=False)
    before = state.clone()
    NEW.apply(state, {"type": "draw"})
    NEW.deal(state, ENTROPY)
    assert NEW.reveals_to(before, Draw(), state, 0) and not NEW.reveals_to(before, Draw(), state, 1)


Draw = toy.Draw
