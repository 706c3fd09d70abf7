"""Import reads a file's bytes (the page gives ``Saves.import_text`` the bytes of the chosen
file): UTF-8 with or without a byte order mark is read as it is, anything else is refused in
plain words, and so is an empty file; nothing is stored unless the file is imported."""

import codecs
import json

import pytest

from tavolo_ui.saves import DictStorage, SaveError, Saves, tr
from tavolo_ui.session import Session


def record(name="José"):
    s = Session.start("toy", [{"name": name, "kind": "human"}, {"name": "Ben", "kind": "human"}], seed=4)
    s.apply({"type": "draw"})
    return s.record.model_dump(mode="json")


@pytest.mark.parametrize("bom", [b"", codecs.BOM_UTF8], ids=["utf-8", "utf-8-with-bom"])
def test_utf8_bytes_are_imported_as_they_are(bom):
    sv = Saves(DictStorage())
    rec = record("José ♞ 名前")
    sid = sv.import_text(bom + json.dumps(rec, ensure_ascii=False).encode("utf-8"), "Partita")
    entry = sv.get(sid)
    assert entry.ok and entry.name == "Partita" and entry.record == rec


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", None])
def test_bytes_that_are_not_utf8_are_refused(encoding):
    # a valid record written in another encoding, or bytes that are no text at all
    data = json.dumps(record(), ensure_ascii=False).encode(encoding) if encoding else bytes(range(256))
    st = DictStorage()
    with pytest.raises(SaveError) as info:
        Saves(st).import_text(data, "file")
    assert str(info.value) == "This file is not a Tavolo game: the data is not text."
    assert tr(info.value, "it") == "Questo file non è una partita di Tavolo: i dati non sono testo."
    assert info.value.detail.startswith("not UTF-8")
    assert st.data == {}


@pytest.mark.parametrize("data", [b"", codecs.BOM_UTF8, b" \n\t\r\n", "", "  \n"],
                         ids=["no-bytes", "only-a-bom", "blank-bytes", "no-text", "blank-text"])
def test_an_empty_file_is_refused_as_empty(data):
    st = DictStorage()
    with pytest.raises(SaveError) as info:
        Saves(st).import_text(data, "file")
    assert str(info.value) == "This file is empty: it holds no game."
    assert tr(info.value, "it") == "Questo file è vuoto: non contiene nessuna partita."
    assert st.data == {}
