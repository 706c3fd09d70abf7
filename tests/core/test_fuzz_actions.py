"""Property test of every game's action gate: ``parse_action``, ``check`` and ``apply``.

For positions taken from seeded games (a few seeds and player counts, several depths, and
positions whose legal actions carry lists), hypothesis builds action dicts by mutating the
legal ones: values swapped between legal actions, lists permuted, duplicated, cut or
extended, values of the wrong JSON type ("12" for 12, true, 1.0, null, nested lists and
objects), huge numbers, keys added or dropped, unknown types, and arbitrary JSON. Each dict
must have exactly one of two fates:

- it parses, ``check`` passes, the parsed action equals one of ``legal_actions``, ``apply``
  plays it, and the dict was exactly that action's own JSON (``dump_action``): no value
  converted, no field missing (not even one with a default: one move, one record); or
- ``apply`` raises ``IllegalAction`` with a one-line reason, and the state is unchanged.

Any other exception fails. Every legal action also passes ``check`` in its model form and
in its dumped JSON form (strict parsing accepts exactly what ``dump_action`` writes). Two
sweeps without hypothesis go through the same mutations exhaustively on sampled actions:
each wrong-typed value, dropped and added field; and every list of a legal action in
another order or with an entry twice.

Bound: ``derandomize=True`` (CI runs the same examples every time, no example database) and
``MAX_EXAMPLES`` per game; the positions are built once per game.
"""

from __future__ import annotations

import copy
import functools
import importlib
import itertools
import json
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import get_game
from engines.core.errors import IllegalAction
from engines.core.game import Game
from engines.core.rng import Rng

GAMES = ["citadels", "spyrium", "euphoria", "myraclia"]
MAX_EXAMPLES = 400
"""Mutated dicts per game (half as many arbitrary JSON values). The whole file takes about
2 s per game on an idle core (``--durations``), well within its 30 s budget when busy."""

#: (players, seed, options) of the seeded games the positions come from, per game
CASES: dict[str, list[tuple[int, int, dict | None]]] = {
    "citadels": [(2, 11, None), (4, 12, {"forbid_duplicate_districts": True}), (7, 13, None)],
    "spyrium": [(2, 21, None), (3, 22, None), (5, 23, None)],
    "euphoria": [(2, 31, None), (4, 32, {"recruit_draft": True, "market_selection": True}), (6, 33, None)],
    "myraclia": [(2, 41, None), (3, 42, {"eternity": True, "darkness": True, "kickstarter": True}), (5, 43, None)],
}
DEPTHS = (0, 4, 15, 45, 120)
"""Steps of random play after which a position is kept (while the game is not over)."""
WITH_LISTS = 3
"""Further positions kept per game after the last depth: the first ones (at least 5 steps
apart) whose legal actions have a list of two or more entries (payments, placements,
retrievals), for the mutations that permute and duplicate lists."""
SEARCH_STEPS = 400
"""How far past the last depth those positions are looked for."""

FUZZ = settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---- positions -----------------------------------------------------------------------------
def _has_long_list(game: Game, state) -> bool:
    return any(isinstance(v, list) and len(v) >= 2
               for a in game.legal_actions(state) for v in game.dump_action(a).values())


@functools.cache
def positions(name: str) -> tuple:
    """(label, state) pairs from seeded random games of ``name`` (built once, never mutated)."""
    game = get_game(name)
    out = []
    for players, seed, options in CASES[name]:
        state = game.new_game(players, seed, options)
        rng = Rng.from_seed(seed)
        step = 0

        def keep(note: str = "") -> None:
            out.append((f"{players} players, seed {seed}, step {step}{note}", state.clone()))

        for depth in DEPTHS:
            while step < depth and not game.is_over(state):
                game.apply(state, rng.choice(game.legal_actions(state)))
                step += 1
            if not game.is_over(state):
                keep()
        found, last = 0, step
        while found < WITH_LISTS and step < DEPTHS[-1] + SEARCH_STEPS and not game.is_over(state):
            game.apply(state, rng.choice(game.legal_actions(state)))
            step += 1
            if step - last >= 5 and not game.is_over(state) and _has_long_list(game, state):
                keep(" (lists)")
                found, last = found + 1, step
        if game.is_over(state):
            keep(" (over)")
    return tuple(out)


@functools.cache
def field_names(name: str) -> tuple[str, ...]:
    """Every field name of the game's action models (for keys that are almost right)."""
    union = importlib.import_module(f"engines.{name}.actions").Action
    models = typing.get_args(typing.get_args(union)[0])
    return tuple(sorted({f for m in models for f in m.model_fields}))


@functools.cache
def type_names(name: str) -> tuple[str, ...]:
    union = importlib.import_module(f"engines.{name}.actions").Action
    models = typing.get_args(typing.get_args(union)[0])
    return tuple(sorted(typing.get_args(m.model_fields["type"].annotation)[0] for m in models))


# ---- strategies ----------------------------------------------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12),
                    st.integers(-(2 ** 70), 2 ** 70), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=6))
JSON = st.recursive(SCALARS, lambda kids: st.one_of(st.lists(kids, max_size=3),
                                                    st.dictionaries(st.text(max_size=4), kids, max_size=3)),
                    max_leaves=6)


def wrong_types(value: Any) -> list[Any]:
    """Values that only a lax reader would take for ``value`` (or that are plainly wrong)."""
    out: list[Any] = [None, [], {}, "", [value], {"value": value}, 10 ** 30, -1, 2 ** 63]
    if isinstance(value, bool):
        out += [int(value), str(value).lower(), not value]
    elif isinstance(value, int):
        out += [str(value), float(value), f" {value}", value + 1, value - 1, -value, value + 10 ** 9,
                bool(value % 2), True, False]
    elif isinstance(value, str):
        out += [value.upper(), value.capitalize(), f" {value}", f"{value} ", value[:-1], value * 2, 12, True]
    elif isinstance(value, list):
        out += [tuple(value), list(reversed(value)), value + value, value[:-1], value[1:],
                value + value[:1], [None, *value], [str(v) for v in value], ",".join(map(str, value))]
    return out


@st.composite
def mutated_action(draw, name: str, legal: list[dict]) -> dict:
    """A legal action's dict after one to three mutations (see the module doc)."""
    data = copy.deepcopy(draw(st.sampled_from(legal)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["swap", "wrong", "permute", "duplicate", "extra", "drop", "type", "json"]))
        keys = sorted(data)
        if op == "swap":  # a value of another legal action, mostly one of the same kind
            same = [x for x in legal if x.get("type") == data.get("type")]
            other = draw(st.sampled_from(same if same and draw(st.integers(0, 3)) else legal))
            key = draw(st.sampled_from(sorted(other)))
            data[key] = copy.deepcopy(other[key])
        elif op == "wrong" and keys:
            key = draw(st.sampled_from(keys))
            data[key] = draw(st.sampled_from(wrong_types(data[key])))
        elif op in ("permute", "duplicate"):
            lists = [k for k in keys if isinstance(data[k], list) and data[k]]
            if lists:
                key = draw(st.sampled_from(lists))
                if op == "permute":
                    data[key] = draw(st.permutations(data[key]))
                else:
                    at = draw(st.integers(0, len(data[key])))
                    data[key] = data[key][:at] + [draw(st.sampled_from(data[key]))] + data[key][at:]
        elif op == "extra":
            key = draw(st.one_of(st.sampled_from(field_names(name)), st.text(min_size=1, max_size=6)))
            data[key] = draw(st.one_of(JSON, st.sampled_from([v for a in legal for v in a.values()])))
        elif op == "drop" and keys:
            del data[draw(st.sampled_from(keys))]
        elif op == "type":
            data["type"] = draw(st.one_of(st.sampled_from(type_names(name)), st.text(max_size=8)))
        elif op == "json" and keys:
            data[draw(st.sampled_from(keys))] = draw(JSON)
    return data


# ---- the property ----------------------------------------------------------------------------
def assert_one_fate(game: Game, state, data: Any) -> bool:
    """``data`` is either a legal action, written exactly as ``dump_action`` writes it (and it
    is played), or refused with a one-line reason and the state unchanged. True if played."""
    work = state.clone()
    before = work.model_dump()
    legal = game.legal_actions(work)
    try:
        game.apply(work, data)
    except IllegalAction as exc:
        assert work.model_dump() == before, f"a refused action changed the state: {data!r}"
        reason = str(exc)
        assert reason and "\n" not in reason, f"reason not one line: {reason!r}"
        return False
    action = game.parse_action(data)
    assert action in legal, f"accepted an action legal_actions does not list: {data!r} -> {action!r}"
    # strict and canonical: what was accepted is exactly the action's own JSON
    dumped = game.dump_action(action)
    assert set(data) == set(dumped), f"accepted unknown or missing fields: {data!r} for {dumped!r}"
    for key, value in data.items():
        assert json.dumps(value) == json.dumps(dumped[key]), f"accepted {key}={value!r} for {dumped[key]!r}"
    return True


def samples(game: Game, state, per_kind: int = 2) -> list[dict]:
    """The first ``per_kind`` legal actions of each kind, as dicts."""
    out: list[dict] = []
    for a in game.legal_actions(state):
        d = game.dump_action(a)
        if sum(x["type"] == d["type"] for x in out) < per_kind:
            out.append(d)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_passes_check_as_model_and_as_json(name: str) -> None:
    game = get_game(name)
    assert positions(name), "no positions"
    for label, state in positions(name):
        for action in game.legal_actions(state):
            game.check(state, action)
            data = json.loads(json.dumps(game.dump_action(action)))
            parsed = game.parse_action(data)
            assert parsed == action, (label, data)
            game.check(state, parsed)


@pytest.mark.parametrize("name", GAMES)
def test_values_of_the_wrong_type_extra_and_missing_fields_are_refused(name: str) -> None:
    """Every field of sampled legal actions, given each value of ``wrong_types``, dropped, or
    joined by a field the action does not have: never accepted in another form."""
    game = get_game(name)
    for _, state in positions(name):
        for data in samples(game, state):
            for key in data:
                for value in wrong_types(data[key]):
                    assert_one_fate(game, state, {**data, key: value})
                assert_one_fate(game, state, {k: v for k, v in data.items() if k != key})
            for extra in ("extra", "Type", *field_names(name)):
                if extra not in data:
                    assert not assert_one_fate(game, state, {**data, extra: data.get("type")})


@pytest.mark.parametrize("name", GAMES)
def test_lists_in_another_order_or_with_an_entry_twice_are_refused(name: str) -> None:
    """One move has one form: a list of a legal action in another order, or with one of its
    entries repeated, is not accepted (unless legal_actions lists that form too)."""
    game = get_game(name)
    tried = 0
    for _, state in positions(name):
        legal = [game.dump_action(a) for a in game.legal_actions(state)]
        for data in legal:
            for key, value in data.items():
                if not isinstance(value, list) or not value:
                    continue
                orders = {tuple(p) for p in itertools.islice(itertools.permutations(value), 24)}
                variants = [list(p) for p in sorted(orders) if list(p) != value]
                variants += [value[:i] + [value[i]] + value[i:] for i in range(len(value))]
                for variant in variants:
                    tried += 1
                    played = assert_one_fate(game, state, {**data, key: variant})
                    assert played == ({**data, key: variant} in legal), (data, variant)
    if name in ("euphoria", "myraclia"):
        assert tried > 50, f"only {tried} list variants tried"


@pytest.mark.parametrize("name", GAMES)
def test_mutated_actions_are_played_only_when_legal(name: str) -> None:
    game = get_game(name)
    cases = [(label, state, [game.dump_action(a) for a in game.legal_actions(state)])
             for label, state in positions(name) if not game.is_over(state)]

    @FUZZ
    @given(st.data())
    def run(data) -> None:
        label, state, legal = data.draw(st.sampled_from(cases), label="position")
        action = data.draw(mutated_action(name, legal), label="action")
        assert_one_fate(game, state, action)

    run()


@pytest.mark.parametrize("name", GAMES)
def test_arbitrary_json_is_refused_or_legal(name: str) -> None:
    game = get_game(name)
    states = [state for _, state in positions(name)]
    anything = st.one_of(JSON, st.dictionaries(st.sampled_from(("type", *field_names(name))), JSON, max_size=4),
                         st.builds(lambda t, rest: {"type": t, **rest}, st.sampled_from(type_names(name)),
                                   st.dictionaries(st.sampled_from(field_names(name)), JSON, max_size=3)))

    @settings(FUZZ, max_examples=MAX_EXAMPLES // 2)
    @given(st.sampled_from(range(len(states))), anything)
    def run(i: int, data: Any) -> None:
        assert_one_fate(game, states[i], data)

    run()


def test_positions_cover_lists_and_several_kinds_of_action() -> None:
    """The fuzzing has something to work on: several kinds of legal action in each game,
    and positions with lists to permute in the games whose actions have lists (Euphoria's
    retrievals, Myraclia's payments and placements; Citadels' and Spyrium's have none)."""
    for name in GAMES:
        game = get_game(name)
        kinds = {a.type for _, s in positions(name) for a in game.legal_actions(s)}
        assert len(kinds) >= 4, (name, kinds)
        if name in ("euphoria", "myraclia"):
            assert any(_has_long_list(game, s) for _, s in positions(name)), name


def test_the_core_refuses_extra_fields_even_where_the_model_ignores_them():
    """``parse_action`` holds every game to the same rule, also one whose action models keep
    pydantic's default (extra fields ignored), like the toy game of these tests."""
    from .toy import GAME as TOY
    from .toy import Draw

    assert Draw.model_config.get("extra") in (None, "ignore")  # the premise: the model is lax
    state = TOY.new_game(2, 1)
    assert TOY.parse_action({"type": "draw"}) == Draw()
    for data, words in (({"type": "draw", "cards": 2}, "a 'draw' action has no field 'cards'"),
                        ({"type": "draw", "": None}, "a 'draw' action has no field ''"),
                        ({"type": 1}, "its 'type' must be the name of an action (text), got the number 1"),
                        ({"type": "draw", "n": {1, 2}}, "it holds a value that JSON cannot carry")):
        with pytest.raises(IllegalAction) as info:
            TOY.apply(state, data)
        assert str(info.value) == f"Not a Draw to 21 action: {words}."
    with pytest.raises(IllegalAction, match="an action is a set of named values .a JSON object., got a list"):
        TOY.parse_action(["draw"])


@pytest.mark.parametrize("name, data", [
    ("citadels", {"type": "draw_cards"}),  # count has a default of 2: was the same move as count=2
])
def test_a_field_left_to_its_default_is_refused(name, data):
    game = get_game(name)
    with pytest.raises(IllegalAction, match="must name all its fields: its field 'count' is missing"):
        game.parse_action(data)
