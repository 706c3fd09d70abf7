"""A record's ``engine_version`` against this engine's ``__version__`` (engines.core.record)."""

import copy
import json

import pytest

import engines
from engines import RecordError, __version__, parse_record, replay
from engines.core.play import play_game
from engines.core.record import GameRecord, version_tuple

from .toy import GAME as TOY

engines.register(TOY)


def newer(version: str) -> str:
    return f"{version_tuple(version)[0] + 1}.0.0"


def toy_record(engine_version: str | None = None) -> dict:
    _, record = play_game(TOY, 2, seed=3)
    data = record.model_dump(mode="json")
    if engine_version is not None:
        data["engine_version"] = engine_version
    return data


@pytest.fixture
def engine_230(monkeypatch):
    """Pretend this engine is 2.3.0, so that older records are easy to write."""
    monkeypatch.setattr(engines.version, "__version__", "2.3.0")


def test_version_parts_compare_numerically():
    assert version_tuple("0.10.0") > version_tuple("0.9.2")
    assert version_tuple("1.2") == version_tuple("1.2.0") == version_tuple("1.2.0rc1")
    assert version_tuple("1.2.0.dev3") == (1, 2)
    assert version_tuple("10") > version_tuple("9.99.99")


def test_newer_record_is_refused_and_nothing_is_changed():
    data = toy_record(newer(__version__))
    before = copy.deepcopy(data)
    for source in (data, json.dumps(data)):
        with pytest.raises(RecordError) as info:
            replay(source)
        message = str(info.value)
        assert "newer Tavolo" in message and newer(__version__) in message and __version__ in message
        assert info.value.index is None
    assert data == before
    with pytest.raises(RecordError, match="newer Tavolo"):
        parse_record(data)
    # A ready GameRecord (which skips parse_record) is refused too, and left as it was.
    record = GameRecord.model_validate(data)
    dumped = record.model_dump()
    with pytest.raises(RecordError, match="newer Tavolo"):
        replay(record)
    assert record.model_dump() == dumped


def test_newer_by_a_minor_or_patch_part_is_refused(engine_230):
    for version in ("2.3.1", "2.4", "2.10.0", "3"):
        with pytest.raises(RecordError, match=f"engines {version}\\); this page runs 2.3.0"):
            replay(toy_record(version))


def test_equal_version_replays():
    data = toy_record()
    assert data["engine_version"] == __version__
    state = replay(data)
    assert TOY.is_over(state)


def test_older_versions_replay(engine_230):
    reference = replay(toy_record("2.3.0"))
    for version in ("2.2.9", "2.3", "1.99.0", "0.1.0", "2.3.0rc1"):
        assert replay(toy_record(version)) == reference


def test_older_record_with_a_bad_action_names_both_versions(engine_230):
    data = toy_record("2.1.5")
    data["actions"].append({"type": "draw"})  # the game is over: not legal
    with pytest.raises(RecordError) as info:
        replay(data)
    message = str(info.value)
    assert f"Action {len(data['actions'])} of the record is not legal" in message
    assert "engines 2.1.5" in message and "2.3.0" in message and "rules may have changed" in message
    assert info.value.index == len(data["actions"]) - 1


def test_older_record_with_bad_options_names_both_versions(engine_230):
    data = toy_record("2.0.0")
    data["options"] = {"deck_size": 3}
    with pytest.raises(RecordError, match="(?s)cannot start a game.*engines 2.0.0.*2.3.0"):
        replay(data)


def test_equal_version_bad_action_has_no_version_note():
    data = toy_record()
    data["actions"].append({"type": "draw"})
    with pytest.raises(RecordError) as info:
        replay(data)
    assert "saved by engines" not in str(info.value)


@pytest.mark.parametrize("version", ["", "latest", "v1.0", "1..2", "1.2.", ".1", "1.x", " 0.1.0",
                                     "1" * 100])
def test_malformed_version_is_a_record_error(version):
    data = toy_record(version)
    before = copy.deepcopy(data)
    with pytest.raises(RecordError, match="engine version") as info:
        replay(data)
    assert info.value.index is None and data == before
    with pytest.raises(RecordError, match="engine version"):
        replay(GameRecord.model_validate(data))


def test_missing_or_non_string_version_is_damaged():
    for bad in (None, 1):
        data = toy_record()
        if bad is None:
            del data["engine_version"]
        else:
            data["engine_version"] = bad
        with pytest.raises(RecordError, match="damaged: its version") as info:
            replay(data)
        assert info.value.detail.startswith("engine_version")
