"""The bot worker's Python side: a decision from a record, the same as on the main thread,
with the last game's state kept so that a record a few moves longer is not replayed."""

import json

import pytest

from engines import get_game, new_record, parse_record
from engines.core.bots import get_bot
from engines.core.thinking import Thinker, begin_json, decide_json, decision_rng, step_json


def _record(name, players, seed, levels):
    game = get_game(name)
    return new_record(game, players, seed, None, [{"name": f"B{i}", "kind": f"bot:{lvl}"} for i, lvl in enumerate(levels)])


@pytest.mark.parametrize("name", ["citadels", "spyrium", "myraclia", "euphoria"])
def test_decisions_from_records_match_the_bot_on_the_live_state(name):
    game = get_game(name)
    record = _record(name, 3, 11, ["heuristic"] * 3)
    state = game.new_game(3, 11)
    thinker = Thinker()
    for _ in range(40):
        seat = game.to_move(state)
        if seat is None:
            break
        expected = get_bot(game, "heuristic")(game, state.clone(), decision_rng(11, len(record.actions), seat))
        got = thinker.decide(parse_record(record.model_dump_json()), seat, "heuristic")
        assert got == expected
        record.actions.append(game.dump_action(expected))
        game.apply(state, expected)
    assert thinker.replays == 1  # one replay; every later record only added moves


def test_a_shorter_or_different_record_is_replayed_from_the_start():
    game = get_game("citadels")
    record = _record("citadels", 3, 5, ["random"] * 3)
    state = game.new_game(3, 5)
    for _ in range(6):
        a = game.legal_actions(state)[0]
        record.actions.append(game.dump_action(a))
        game.apply(state, a)
    thinker = Thinker()
    seat = game.to_move(state)
    thinker.decide(record, seat, "random")
    undone = record.model_copy(update={"actions": record.actions[:-1]})  # an undo
    thinker.decide(undone, _to_move(game, undone), "random")
    assert thinker.replays == 2


def _to_move(game, record):
    state = game.new_game(record.players, record.seed)
    for a in record.actions:
        game.apply(state, a)
    return game.to_move(state)


def test_decide_json_round_trip_and_refusals():
    game = get_game("myraclia")
    record = _record("myraclia", 2, 3, ["heuristic", "heuristic"])
    out = json.loads(decide_json(record.model_dump_json(), game.to_move(game.new_game(2, 3)), "heuristic"))
    assert game.parse_action(out) in game.legal_actions(game.new_game(2, 3))
    with pytest.raises(ValueError):  # not that seat's turn
        decide_json(record.model_dump_json(), 1 - game.to_move(game.new_game(2, 3)), "heuristic")
    with pytest.raises(ValueError):  # no such bot
        decide_json(record.model_dump_json(), game.to_move(game.new_game(2, 3)), "grandmaster")
    with pytest.raises(ValueError):  # not a record
        decide_json("{}", 0, "heuristic")


@pytest.mark.parametrize("name,level", [("myraclia", "normal"), ("euphoria", "hard")])
def test_a_search_bot_decides_in_slices_with_its_progress_and_the_same_action(name, level):
    """The worker's path (``begin_json`` then ``step_json`` until done) gives the search bot's
    own action, whatever the slices, with every search setting (Euphoria's Hard plays the
    opponents by the policy); progress rises from 0 to 1; a non-search bot is done at once,
    with no estimated value."""
    game = get_game(name)
    record = _record(name, 2, 21, [level, level])
    state = game.new_game(2, 21)
    while len(record.actions) < 3 or len(game.search_actions(state)) < 2:  # a choice to search
        a = game.legal_actions(state)[0]
        record.actions.append(game.dump_action(a))
        game.apply(state, a)
    seat = game.to_move(state)
    expected = get_bot(game, level)(game, state.clone(), decision_rng(21, len(record.actions), seat))
    begin_json(record.model_dump_json(), seat, level)
    progress, out = [], None
    while out is None:
        answer = json.loads(step_json(0.005))
        if answer["done"]:
            out = answer
        else:
            progress.append(answer["progress"])
    assert progress and progress == sorted(progress) and all(0 <= p < 1 for p in progress)
    assert game.parse_action(out["action"]) == expected
    assert 0.0 <= out["value"] <= 1.0
    begin_json(record.model_dump_json(), seat, "heuristic")
    answer = json.loads(step_json(0.005))
    assert answer["done"] and answer["value"] is None
    with pytest.raises(ValueError):  # nothing in progress any more
        step_json(0.005)
