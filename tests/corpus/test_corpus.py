"""Every old record and link of the corpus opens and replays to the same position
(``records.py``): from the link, from its record's JSON, and after ``upgrade`` to the
second format (replayed from its own outcomes, without the seed's dealer)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import get_game, list_games
from engines.core.record import FORMAT, parse_record, upgrade
from tavolo_ui.links import decode_payload

from .records import fingerprint, state_after

HERE = Path(__file__).resolve().parent
CASES = [(name, i) for name in list_games() for i in range(len(json.loads((HERE / f"{name}.json").read_text())))]


@pytest.mark.parametrize("name,i", CASES)
def test_an_old_record_replays_to_the_same_position(name, i):
    game = get_game(name)
    entry = json.loads((HERE / f"{name}.json").read_text())[i]
    record = decode_payload(entry["link"])
    assert record.format == FORMAT and len(record.actions) == entry["moves"]
    assert parse_record(record.model_dump_json()) == record
    for rec in (record, upgrade(record)):
        assert fingerprint(game, state_after(game, rec)) == entry["end"]
        middle = dict(entry["middle"])
        upto = middle.pop("upto")
        assert fingerprint(game, state_after(game, rec, upto)) == middle
