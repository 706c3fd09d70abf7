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


# ---- the explanation of a hint ------------------------------------------------------------------
def _a_choice(name: str, players: int, seed: int, moves: int):
    """The state after ``moves`` heuristic moves, moved on to where the seat to move has at
    least two actions to search."""
    game = get_game(name)
    state = game.new_game(players, seed)
    bot, rng = get_bot(game, "heuristic"), decision_rng(seed, 0, 0)
    played = 0
    while played < moves or len(game.search_actions(state)) < 2:
        game.apply(state, bot(game, state.clone(), rng))
        played += 1
        assert game.to_move(state) is not None, "the game ended before a choice"
    return game, state


@pytest.mark.parametrize("name", ["citadels", "spyrium", "myraclia", "euphoria"])
@pytest.mark.parametrize("moves", [2, 9])
def test_a_search_decision_explains_itself_with_legal_actions_of_its_position_only(name, moves):
    """A search's decision comes with its ``Explanation``: the share of the simulated games
    the chosen action had (the most of any), and the runner-up, one of the seat's own legal
    actions of that very position, with its smaller share; labels of it are among the legal
    actions' labels there. Nothing else travels (the JSON has these fields only)."""
    from engines.core.search import Explanation, search_bot
    from engines.core.thinking import Decision

    game, state = _a_choice(name, 3, 5 + moves, moves)
    seat = game.to_move(state)
    decision = Decision(game, state.clone(), search_bot(60), decision_rng(1, moves, seat))
    while not decision.step(1.0):
        pass
    why = decision.explanation
    assert isinstance(why, Explanation) and not why.forced
    assert why.simulations == 60 and 0 < why.share <= 1
    legal = game.legal_actions(state)
    assert why.runner_up is not None and why.runner_up_share is not None
    runner_up = game.parse_action(why.runner_up)
    assert runner_up in legal and runner_up != decision.action
    assert why.runner_up_share <= why.share and why.share + why.runner_up_share <= 1 + 1e-9
    for lang in ("en", "it"):
        labels = {str(game.action_label(state, a, lang)) for a in legal}
        assert str(game.action_label(state, runner_up, lang)) in labels
    assert set(json.loads(why.model_dump_json())) == {"simulations", "share", "runner_up", "runner_up_share"}


def test_the_worker_answer_carries_the_explanation_and_a_forced_move_says_so():
    """``step_json``'s last answer has the explanation as JSON (null for a bot that does not
    search); a single legal action is explained as forced, with no runner-up."""
    from engines.core.search import Explanation, Result, explain
    from tests.core.toy import GAME as TOY, Stop

    game = get_game("myraclia")
    record = _record("myraclia", 2, 3, ["normal", "normal"])
    replayed = game.new_game(2, 3)
    bot, rng = get_bot(game, "heuristic"), decision_rng(3, 0, 0)
    while len(record.actions) < 3 or len(game.search_actions(replayed)) < 2:  # a choice to search
        a = bot(game, replayed.clone(), rng)
        record.actions.append(game.dump_action(a))
        game.apply(replayed, a)
    begin_json(record.model_dump_json(), game.to_move(replayed), "normal")
    answer = json.loads(step_json(60.0))
    while not answer["done"]:
        answer = json.loads(step_json(60.0))
    why = Explanation.model_validate(answer["explanation"])
    assert why.simulations > 0 and game.parse_action(why.runner_up) in game.legal_actions(replayed)
    begin_json(record.model_dump_json(), game.to_move(replayed), "heuristic")
    assert json.loads(step_json(0.005))["explanation"] is None
    forced = explain(TOY, Result(Stop(), 0, [(Stop(), 0, 0.0)]))
    assert forced is not None and forced.forced and forced.share == 1 and forced.runner_up is None
    assert explain(TOY, Result(Stop(), 0, [])) is None  # nothing searched (a zero budget): nothing to say
