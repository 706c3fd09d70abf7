"""Share links: round trip, truncation, tampering, unknown games, newer formats."""

import pytest

from tavolo_ui.links import LinkError, decode_payload, encode_record, make_link, parse_fragment
from tavolo_ui.session import Session
from engines import RecordError


def record():
    s = Session.start("toy", [{"name": "Anna", "kind": "human"}, {"name": "Bo", "kind": "bot:random"}], seed=8)
    s.apply({"type": "stop"})
    while not s.is_over():
        s.bot_step()
    return s.record


def test_round_trip_play_and_watch():
    rec = record()
    link = make_link("http://127.0.0.1:8000/index.html#old", rec)
    assert link.startswith("http://127.0.0.1:8000/index.html#play=t1.")
    mode, back = parse_fragment(link.split("#", 1)[1])
    assert mode == "play" and back == rec
    mode, back = parse_fragment("#" + make_link("x", rec, "watch").split("#", 1)[1])
    assert mode == "watch" and back == rec
    assert Session.load(back).state == Session.load(rec).state


def test_not_a_link():
    assert parse_fragment("") is None
    assert parse_fragment("#") is None
    assert parse_fragment("#section") is None
    assert parse_fragment(None) is None


@pytest.mark.parametrize("cut", [1, 5, 20])
def test_truncated(cut):
    payload = encode_record(record())
    with pytest.raises(LinkError, match="cut off"):
        decode_payload(payload[:-cut])


def test_truncated_in_header():
    payload = encode_record(record())
    with pytest.raises(LinkError, match="cut off|damaged"):
        decode_payload(payload[:8])


def test_tampered_character():
    payload = encode_record(record())
    i = len(payload) - 10
    c = "A" if payload[i] != "A" else "B"
    with pytest.raises(LinkError, match="checksum"):
        decode_payload(payload[:i] + c + payload[i + 1:])


def test_tampered_header_and_garbage():
    payload = encode_record(record())
    v, n, crc, data = payload.split(".", 3)
    with pytest.raises(LinkError, match="checksum"):
        decode_payload(f"{v}.{n}.{int(crc, 16) ^ 1:08x}.{data}")
    with pytest.raises(LinkError, match="longer"):
        decode_payload(payload + "AAAA")
    with pytest.raises(LinkError, match="not a Tavolo"):
        decode_payload("hello")
    with pytest.raises(LinkError, match="newer version"):
        decode_payload("t7.1.00000000.A")


def test_link_for_unknown_game_decodes_but_does_not_load():
    rec = record().model_dump(mode="json")
    rec["game"] = "chess"
    mode, back = parse_fragment(make_link("x", rec).split("#", 1)[1])
    with pytest.raises(RecordError, match="unknown game"):
        Session.load(back)


def test_link_with_newer_record_format():
    rec = record().model_dump(mode="json")
    rec["format"] = "tavolo/2"
    with pytest.raises(LinkError, match="tavolo/2"):
        parse_fragment(make_link("x", rec).split("#", 1)[1])
