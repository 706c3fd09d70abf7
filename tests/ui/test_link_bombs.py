"""Link bombs (issue 38, item 10): a few KB of link that unpack to a million moves or draws are
refused before the page reads them, with a reason in plain words; what a link can make the page
read is bounded by its length and by the longest game (``bench/link_bomb.py`` times it).

Each test checks *where* the link is stopped (the steps after it are made to fail if reached),
never how long it took.
"""

from __future__ import annotations

import json

import pytest

import engines.core.record as record_module
from engines import RecordError, parse_record
from engines.core.record import MAX_DRAWS, MAX_MOVES
from tavolo_ui import distance, links
from tavolo_ui.distance import _stamp_crc, move_fragment, parse_move
from tavolo_ui.links import LinkError, decode_payload, encode_record, unpack_items
from tests.hostile import BOMB_GID, bomb_game, move_bomb, share_bomb


def never(what: str):
    def reached(*_args, **_kwargs):
        raise AssertionError(f"{what} was reached")
    return reached


def test_a_small_link_of_a_million_moves_is_refused_before_its_json_is_read(monkeypatch):
    """The issue's link: 5.5 KB unpacking to 950,000 moves (3.8 MB). It stops unpacking at
    ``INFLATE_RATIO`` times its size, before any JSON is parsed."""
    payload = share_bomb(moves=950_000)
    assert len(payload) < 6_000
    monkeypatch.setattr(links, "unpack_record", never("reading its JSON"))
    with pytest.raises(LinkError, match="too large") as info:
        decode_payload(payload)
    stopped_at = int(info.value.detail.removeprefix("it unpacks to more than ").removesuffix(" bytes"))
    assert stopped_at == links.inflate_cap(len(payload.split(".", 3)[3]) * 3 // 4) < 300_000  # of 3.8 MB


def test_a_small_link_of_250000_draws_more_is_refused_before_its_json_is_read(monkeypatch):
    monkeypatch.setattr(links, "unpack_record", never("reading its JSON"))
    with pytest.raises(LinkError, match="too large"):
        decode_payload(share_bomb(draws=250_000))


@pytest.mark.parametrize("field,count,words", [("moves", 950_000, "950000 moves"), ("draws", 250_000, "draws")])
def test_a_link_long_enough_for_its_rows_is_refused_before_any_row_is_read(monkeypatch, field, count, words):
    """Were the link long enough for what it unpacks to (the ratio lifted here), the count of
    its moves or draws refuses it: no row is unpacked and no value of the record walked."""
    monkeypatch.setattr(links, "INFLATE_RATIO", 10_000)
    monkeypatch.setattr(record_module, "check_json_value", never("the walk over the record's values"))
    real_unpack, rows_read = links.unpack_items, []

    def counted(packed, field_name, most=None):
        rows_read.append((field_name, most))
        return real_unpack(packed, field_name, most)

    monkeypatch.setattr(links, "unpack_items", counted)
    with pytest.raises(LinkError, match=words) as info:
        decode_payload(share_bomb(**{field: count}))
    assert "more than any game has" in str(info.value)
    assert f"at most {MAX_MOVES if field == 'moves' else MAX_DRAWS}" in info.value.detail


class Rows(list):
    """Rows that fail if any is read: only their number may be looked at."""

    def __iter__(self):
        raise AssertionError("a row was read")

    def __getitem__(self, index):
        raise AssertionError("a row was read")


def test_unpacking_stops_at_the_count_before_the_first_row():
    with pytest.raises(LinkError, match="moves: more than any game has"):
        unpack_items({"k": [[None, []]], "v": Rows([[0]] * (MAX_MOVES + 1))}, "actions")
    with pytest.raises(LinkError, match="draws: more than any game has"):
        unpack_items({"k": [[None, []]], "v": Rows([[0]] * (MAX_DRAWS + 1))}, "chance")
    assert len(unpack_items({"k": [[None, []]], "v": [[0]] * MAX_DRAWS}, "chance")) == MAX_DRAWS


def test_more_shapes_than_rows_is_a_damaged_link():
    with pytest.raises(LinkError, match="moves cannot be read") as info:
        unpack_items({"k": [[None, []]] * 3, "v": [[0]]}, "actions")
    assert "3 shapes for 1 rows" in info.value.detail


def test_a_record_of_too_many_moves_is_refused_before_its_moves_are_looked_at(monkeypatch):
    """The same bound for ``t1`` links, imported files and saves: ``parse_record`` counts the
    moves and draws before it walks them."""
    monkeypatch.setattr(record_module, "check_json_value", never("the walk over the record's values"))
    for field, most, word in (("actions", MAX_MOVES, "moves"), ("chance", MAX_DRAWS, "draws")):
        data = dict(bomb_game(), **{field: [{}] * (most + 1)})
        with pytest.raises(RecordError, match=f"{most + 1} {word}: more than any game has"):
            parse_record(data)
        with pytest.raises(RecordError, match=f"{most + 1} {word}"):
            parse_record(json.dumps(data))


def test_the_reasons_are_in_italian_too():
    with pytest.raises(LinkError) as info:
        parse_move(move_bomb(moves=950_000))
    assert "950000 mosse: più di quante ne abbia qualsiasi partita" in info.value.message("it")
    with pytest.raises(LinkError) as info:
        decode_payload(share_bomb(moves=950_000))
    assert info.value.message("it") == "Questo link non si può aprire: i dati sono troppo grandi."


# ---- the move link's header: checked before the payload is decoded --------------------------------


def test_a_move_header_claiming_more_moves_than_any_game_is_refused_before_decoding(monkeypatch):
    monkeypatch.setattr(distance, "decode_payload", never("decoding the payload"))
    with pytest.raises(LinkError, match="950000 moves: more than any game has"):
        parse_move(move_bomb(moves=950_000))


def test_a_changed_move_link_is_refused_before_its_payload_is_decoded(monkeypatch):
    """The header's checksum is over the link's text, so a link changed anywhere (its seat,
    one character of its data) is refused before its data is unpacked."""
    fragment = move_bomb(real=True)
    gid, seat, moves, crc, payload = fragment.split("=", 1)[1].split(".", 4)
    assert crc.isupper() or crc.isdigit()
    assert parse_move(fragment).seat == 1
    if not crc.isdigit():  # upper-case letters: the form since issue 38, checked on the text
        monkeypatch.setattr(distance, "decode_payload", never("decoding the payload"))
    i = len(payload) - 5
    changed = payload[:i] + ("A" if payload[i] != "A" else "B") + payload[i + 1:]
    for bad in (f"{gid}.2.{moves}.{crc}.{payload}", f"{gid}.{seat}.{moves}.{crc}.{changed}"):
        with pytest.raises(LinkError, match="checksum does not match"):
            parse_move(f"#move={bad}")


def test_a_move_link_of_the_old_form_still_opens():
    """Links in people's inboxes from before issue 38: the checksum over the record's stamp,
    in lower case, checked once the record is read (as every link is, within the bounds)."""
    record = parse_record(bomb_game())
    new = move_fragment(record, BOMB_GID, 1)
    old_crc = _stamp_crc(BOMB_GID, 1, record)
    old = f"#move={BOMB_GID}.1.{len(record.actions)}.{old_crc}.{encode_record(record)}"
    assert old != new and parse_move(old).record == parse_move(new).record == record
    wrong = "0" * 8 if old_crc != "0" * 8 else "1" * 8
    with pytest.raises(LinkError, match="checksum does not match"):
        parse_move(f"#move={BOMB_GID}.1.{len(record.actions)}.{wrong}.{encode_record(record)}")
