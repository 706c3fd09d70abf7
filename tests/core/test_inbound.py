"""The gate for data from outside (engines.core.inbound) and the strict record parser.

Each case here was a way in for bad input: deep nesting (RecursionError), non-finite numbers,
oversize text, zip bombs, coerced seeds and extra fields. Whatever the input, the only
exception is ``InputError`` (``RecordError`` for records), with a message and a detail.
"""

from __future__ import annotations

import copy
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import RecordError, get_game, new_record, parse_record, replay
from engines.core.inbound import MAX_DEPTH, InputError, check_json_value, inflate, read_json
from engines.core.record import MAX_SEED

FUZZ = settings(max_examples=300, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# ---- read_json ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, detail", [
    (nested(100_000), "levels"),          # raised RecursionError (a fatal stack overflow under Pyodide)
    (nested(MAX_DEPTH + 1), "levels"),     # parses, but deeper than any record: refused
    ('{"a": NaN}', "NaN"),
    ('[Infinity]', "Infinity"),
    ('[-Infinity]', "Infinity"),
    ('{"actions": 1e999}', "too large"),  # valid JSON, but float('inf') once parsed
    ("[" + "9" * 5000 + "]", "digits"),   # Python refuses to convert such an integer
    ('{"a": 1', "Expecting"),
    ("", "Expecting"),
], ids=lambda v: v[:12] if isinstance(v, str) else str(v))
def test_bad_json_is_one_clear_error(text, detail):
    with pytest.raises(InputError) as info:
        read_json(text)
    assert str(info.value).startswith("The data")
    assert detail in info.value.detail


def test_size_is_checked_before_parsing():
    with pytest.raises(InputError, match="too large"):
        read_json("[" + "1," * 60 + "1]", max_chars=100)
    with pytest.raises(InputError, match="too large"):
        read_json(b"x" * 500, max_chars=100)


def test_bytes_must_be_utf8():
    assert read_json('{"a": "è"}'.encode()) == {"a": "è"}
    with pytest.raises(InputError, match="not text"):
        read_json(b"\xff\xfe{}")


def test_json_within_the_limits_reads_as_usual():
    assert read_json(nested(MAX_DEPTH)) == json.loads(nested(MAX_DEPTH))
    assert read_json('{"x": [1, 2.5, "a", null, true]}') == {"x": [1, 2.5, "a", None, True]}


def test_check_json_value_refuses_what_json_cannot_hold():
    for bad in ({1: "a"}, [float("nan")], {"a": (1, 2)}, [object()], json.loads(nested(MAX_DEPTH + 1))):
        with pytest.raises(InputError):
            check_json_value(bad)
    deep: list = []
    for _ in range(50_000):  # built by hand: deeper than any recursive walk could go
        deep = [deep]
    with pytest.raises(InputError, match="nested too deeply"):
        check_json_value(deep)


# ---- inflate ----------------------------------------------------------------------------------

def test_inflate_caps_the_unpacked_size():
    bomb = zlib.compress(b"\0" * 50_000_000, 9)  # 50 MB from about 50 KB
    assert len(bomb) < 100_000
    with pytest.raises(InputError, match="too large"):
        inflate(bomb, max_bytes=4_000_000)
    assert inflate(zlib.compress(b"abc")) == b"abc"


def test_inflate_refuses_damaged_streams():
    good = zlib.compress(b"hello world" * 10)
    for bad, what in ((good[:-5], "cut short"), (good + b"xx", "extra bytes"), (b"not zlib", "cannot be unpacked")):
        with pytest.raises(InputError, match=what):
            inflate(bad)


@FUZZ
@given(st.binary(max_size=400))
def test_inflate_raises_only_input_error(data):
    try:
        inflate(data, max_bytes=10_000)
    except InputError:
        pass


# ---- records ----------------------------------------------------------------------------------

def citadels_record(actions: int = 6) -> dict:
    game = get_game("citadels")
    rec = new_record(game, 4, 7)
    state = game.new_game(4, 7, deal=False)
    rec.chance += [game.dump_action(o) for o in game.deal(state)]
    for _ in range(actions):
        action = game.legal_actions(state)[0]
        rec.actions.append(game.dump_action(action))
        rec.chance += [game.dump_action(o) for o in game.apply(state, action)]
    return rec.model_dump(mode="json")


@pytest.mark.parametrize("field, value, what", [
    ("seed", "12", "its seed"),           # was coerced to 12
    ("seed", True, "its seed"),           # was coerced to 1
    ("seed", 7.0, "its seed"),
    ("seed", -1, "its seed"),
    ("seed", MAX_SEED + 1, "its seed"),   # would not survive JavaScript
    ("players", "4", "its number of players"),
    ("game", 5, "the name of its game"),
    ("actions", {}, "its moves"),
    ("seats", "Anna", "its seats"),
    ("surprise", 1, "its field 'surprise'"),  # unknown fields are refused
])
def test_records_are_parsed_strictly(field, value, what):
    data = citadels_record()
    data[field] = value
    before = copy.deepcopy(data)
    with pytest.raises(RecordError, match=f"damaged: {what}") as info:
        parse_record(data)
    assert info.value.detail and data == before
    with pytest.raises(RecordError):
        parse_record(json.dumps(data))


def test_a_seat_with_an_extra_field_is_refused():
    data = citadels_record()
    data["seats"][0]["colour"] = "red"
    with pytest.raises(RecordError, match="damaged: its seats"):
        parse_record(data)


def test_option_values_are_strict_and_explained_in_one_line():
    data = citadels_record(0)
    data["options"] = {"short_game": "yes"}
    with pytest.raises(RecordError) as info:
        replay(data)
    assert "short_game" in str(info.value) and "\n" not in str(info.value)


def test_a_valid_record_still_replays():
    data = citadels_record()
    state = replay(json.dumps(data))
    assert len(data["actions"]) == 6 and not get_game("citadels").is_over(state)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)
FIELDS = ["format", "game", "engine_version", "players", "seed", "options", "seats", "actions"]


@FUZZ
@given(st.text(max_size=300) | st.binary(max_size=300))
def test_any_text_gives_a_record_or_a_record_error(text):
    try:
        parse_record(text)
    except RecordError as exc:
        assert str(exc)


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(FIELDS + ["extra"]), JSON), max_size=3))
def test_mutated_records_replay_or_give_a_record_error(changes):
    data = citadels_record()
    for field, value in changes:
        data[field] = value
    try:
        replay(data)
    except RecordError as exc:
        assert str(exc)


@FUZZ
@given(st.integers(min_value=0, max_value=5), st.integers(0, 3), JSON)
def test_mutated_actions_in_a_record_give_a_record_error_with_its_index(index, key, value):
    data = citadels_record()
    action = data["actions"][index]
    keys = sorted(action) + ["extra"]
    action[keys[key % len(keys)]] = value
    try:
        replay(data)
    except RecordError as exc:
        assert exc.index is None or exc.index <= index


def test_nesting_is_measured_before_parsing_and_strings_do_not_count():
    from engines.core.inbound import nesting_depth
    assert nesting_depth('[1, [2, {"a": [3]}]]') == 4
    assert nesting_depth('["' + "[" * 100 + '"]') <= MAX_DEPTH          # inside a string
    assert nesting_depth('"' + '\\"[' * 50 + '"') <= MAX_DEPTH            # escaped quotes
    assert nesting_depth('[1, "cut ' + "[" * 50) <= MAX_DEPTH             # the parser stops at the string
    assert nesting_depth("[" * MAX_DEPTH + "]" * MAX_DEPTH) == MAX_DEPTH
    assert nesting_depth("[" * 100_000) > MAX_DEPTH
    assert nesting_depth('{"a":' * 40 + "1" + "}" * 40) > MAX_DEPTH


def test_deep_text_never_reaches_the_parser(monkeypatch):
    """Under Pyodide, json.loads of ~100,000 levels exhausts the browser's stack: a fatal error
    of the whole runtime, not a RecursionError. Such text must be refused before parsing."""
    import engines.core.inbound as inbound
    calls = []
    real = inbound.json.loads
    monkeypatch.setattr(inbound.json, "loads", lambda text, **k: calls.append(1) or real(text, **k))
    for text in ("[" * 100_000 + "]" * 100_000, "[" * 100_000, '{"a":' * 40 + "1" + "}" * 40):
        with pytest.raises(InputError, match="nested too deeply"):
            read_json(text)
    assert calls == []


# ---- the gate is right by construction: property tests ----------------------------------------
# The parser's own depth (tests/hostile.parser_depth) is the oracle: for any text at all, the
# gate's measure must be at least the depth the parser would reach, so text the gate lets
# through can never make the parser recurse past MAX_DEPTH (under Pyodide that recursion is a
# fatal stack overflow of the whole page, not an exception).

from tests.hostile import ISSUE_25_WALKER, gate_walkers, json_like_text, json_values, parser_depth  # noqa: E402

GATE = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_brackets_inside_a_string_cannot_hide_the_depth_outside_it():
    """Issue 25: the first gate counted every bracket as an upper bound; the closing brackets
    inside the string pulled it down to 1 and json.loads recursed 100,001 levels."""
    from engines.core.inbound import nesting_depth
    assert nesting_depth(ISSUE_25_WALKER) == 100_001
    with pytest.raises(InputError, match="nested too deeply"):
        read_json(ISSUE_25_WALKER)
    inside_a_field = ('{"game": "citadels", "extra": ["' + "]" * 5000 + '", ' + "[" * 5000 + "]" * 5000 + "]}")
    with pytest.raises(InputError, match="nested too deeply"):
        read_json(inside_a_field)


@GATE
@given(st.one_of(json_like_text, gate_walkers(deep=300)))
def test_the_gate_never_measures_less_than_the_parser_reaches(text):
    from engines.core.inbound import nesting_depth
    assert nesting_depth(text) >= parser_depth(text)


@GATE
@given(json_values)
def test_the_gate_is_exact_on_valid_json(value):
    from engines.core.inbound import nesting_depth
    text = json.dumps(value, allow_nan=True)
    assert nesting_depth(text) == parser_depth(text)


@GATE
@given(st.one_of(json_like_text, gate_walkers(deep=300), st.text(max_size=300)))
def test_read_json_raises_only_input_error_and_what_it_returns_passed_every_check(text):
    """For any text: either an ``InputError``, or a value no deeper than MAX_DEPTH holding only
    finite numbers, from text the parser never recursed past MAX_DEPTH on."""
    try:
        value = read_json(text)
    except InputError:
        return
    assert parser_depth(text) <= MAX_DEPTH
    check_json_value(value)  # raises for a non-finite number or a deeper value


def _non_finite(value) -> bool:
    if isinstance(value, float):
        return value != value or value in (float("inf"), float("-inf"))
    if isinstance(value, list):
        return any(map(_non_finite, value))
    if isinstance(value, dict):
        return any(map(_non_finite, value.values()))
    return False


@GATE
@given(json_values)
def test_every_non_finite_number_is_refused(value):
    """Whatever the parser's defaults would turn into NaN or an infinity (``NaN``,
    ``-Infinity``, ``1e999``) is refused; finite values pass."""
    text = json.dumps(value, allow_nan=True)
    if _non_finite(json.loads(text)):
        with pytest.raises(InputError) as refused:
            read_json(text)
        assert any(word in refused.value.detail for word in ("not allowed", "too large", "inf", "nan"))
    else:
        assert read_json(text) == json.loads(text)


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(st.integers(1, 5000), st.sampled_from(["a", "[", '"', "\\"]))
def test_text_over_the_size_cap_is_refused_before_it_is_read(extra, char):
    cap = 10_000
    with pytest.raises(InputError, match="too large"):
        read_json("[" + char * (cap + extra) + "]", max_chars=cap)
    with pytest.raises(InputError, match="too large"):
        read_json(("[" + char * (cap + extra) + "]").encode(), max_chars=cap // 4)
