"""Saved games over a dict storage: autosave, named saves, damage, newer formats, full storage."""

import json

import pytest

from tavolo_ui.saves import (FULL_MESSAGE, LAST_KEY, LAYOUT_KEY, SAVE_PREFIX, DictStorage, SaveError,
                             Saves, stamp)
from tavolo_ui.session import Session


def toy_record(actions=("stop",)):
    s = Session.start("toy", [{"name": "Anna", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}], seed=4)
    for a in actions:
        s.apply({"type": a})
    return s.record.model_dump(mode="json")


class Clock:
    t = 1000.0

    def __call__(self):
        self.t += 1
        return self.t


def make():
    st = DictStorage()
    return st, Saves(st, clock=Clock())


def test_put_list_get_rename_delete():
    st, sv = make()
    a, b = sv.new_id(), sv.new_id()
    assert a != b
    assert sv.put(a, "First", toy_record()) is None
    assert sv.put(b, "Second", toy_record(())) is None
    assert st.data[LAYOUT_KEY] == "1"
    names = [e.name for e in sv.list()]
    assert names == ["Second", "First"]  # newest first
    e = sv.get(a)
    assert e.ok and e.game == "toy" and e.actions == 1 and e.record["actions"] == [{"type": "stop"}]
    assert sv.rename(a, "  Renamed ") is None and sv.get(a).name == "Renamed"
    assert sv.rename(a, "   ") is not None
    sv.set_last(a)
    sv.delete(a)
    assert sv.get(a).error and sv.last() is None
    assert [e.id for e in sv.list()] == [b]


def test_autosave_updates_in_place_and_keeps_created():
    st, sv = make()
    sid = sv.new_id()
    sv.put(sid, "G", toy_record(()))
    created = sv.get(sid).created
    sv.put(sid, "G", toy_record())
    assert len(sv.list()) == 1 and sv.get(sid).actions == 1 and sv.get(sid).created == created
    # and it reloads into the same session
    s = Session.load(sv.get(sid).record)
    assert s.record.actions == [{"type": "stop"}]


def test_corrupted_entry_reported_others_intact():
    st, sv = make()
    good = sv.new_id()
    sv.put(good, "Good", toy_record())
    st.data[SAVE_PREFIX + "bad1"] = "{this is not json"
    st.data[SAVE_PREFIX + "bad2"] = json.dumps({"layout": 1, "name": "Half", "record": {"format": "tavolo/1"}})
    st.data[SAVE_PREFIX + "bad3"] = "[1, 2]"
    before = dict(st.data)
    entries = {e.id: e for e in sv.list()}
    assert entries[good].ok
    assert "not valid JSON" in entries["bad1"].error
    assert "cannot be read" in entries["bad2"].error and entries["bad2"].name == "Half"
    assert "not a JSON object" in entries["bad3"].error
    assert st.data == before  # reading never changes anything
    assert sv.rename("bad1", "x") is not None  # damaged: refused, not overwritten
    assert st.data == before


def test_unknown_game_and_newer_formats():
    st, sv = make()
    rec = toy_record()
    st.data[SAVE_PREFIX + "u"] = json.dumps({"layout": 1, "name": "U", "record": {**rec, "game": "chess"}})
    st.data[SAVE_PREFIX + "f"] = json.dumps({"layout": 1, "name": "F", "record": {**rec, "format": "tavolo/9"}})
    st.data[SAVE_PREFIX + "l"] = json.dumps({"layout": 5, "name": "L", "record": rec})
    assert "'\u2068chess\u2069' is not a game Tavolo knows" in sv.get("u").error  # the stored name, isolated
    assert "tavolo/9" in sv.get("f").error
    assert "newer version" in sv.get("l").error


def test_newer_layout_is_left_untouched():
    st = DictStorage({LAYOUT_KEY: "2", "tavolo:v2:save:x": "{}"})
    sv = Saves(st)
    assert "newer version" in sv.layout_problem()
    msg = sv.put("a", "A", toy_record())
    assert msg and "newer version" in msg
    assert st.data == {LAYOUT_KEY: "2", "tavolo:v2:save:x": "{}"}


def test_storage_full_is_reported_and_nothing_lost():
    st, sv = make()
    sid = sv.new_id()
    assert sv.put(sid, "Small", toy_record(())) is None
    st.quota = sum(len(k) + len(v) for k, v in st.data.items()) + 10
    before = dict(st.data)
    assert sv.put(sv.new_id(), "Big", toy_record()) == FULL_MESSAGE
    assert sv.put(sid, "Small", toy_record()) == FULL_MESSAGE
    assert st.data == before  # the old autosave is still there


def test_storage_that_raises_anything():
    class Broken(DictStorage):
        def set(self, key, value):
            raise RuntimeError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
    sv = Saves(Broken())
    assert sv.put("a", "A", toy_record()) == FULL_MESSAGE
    assert sv.set_last("a") == FULL_MESSAGE


def test_export_import_round_trip():
    st, sv = make()
    sid = sv.new_id()
    sv.put(sid, "My game", toy_record())
    fname, text = sv.export(sid)
    assert fname == "tavolo-toy-my-game.json"
    assert json.loads(text)["format"] == "tavolo/1"
    new = sv.import_text(text, "Again")
    assert sv.get(new).record == sv.get(sid).record and sv.get(new).name == "Again"


@pytest.mark.parametrize("text, msg", [
    ("not json", "not valid JSON"),
    ('{"a": 1}', "not a Tavolo game record"),
    ('{"format": "tavolo/3"}', "tavolo/3"),
])
def test_import_refuses_clearly(text, msg):
    st, sv = make()
    with pytest.raises(SaveError, match=msg):
        sv.import_text(text)
    assert st.data == {}


def test_import_unknown_game():
    st, sv = make()
    with pytest.raises(SaveError, match="not a game Tavolo knows"):
        sv.import_text(json.dumps({**toy_record(), "game": "chess"}))


def test_jsnull_like_values_are_missing():
    class JsNull:
        pass

    class JsStorage(DictStorage):
        def get(self, key):
            return self.data.get(key, JsNull())
    sv = Saves(JsStorage())
    assert sv.last() is None and sv.layout_problem() is None
    assert sv.get("nope").error


def test_continuing_finds_the_save_a_link_was_played_on_from():
    st, sv = make()
    link = toy_record(())
    other_seed = dict(link, seed=link["seed"] + 1)
    assert sv.continuing(link) is None
    a = sv.new_id()
    sv.put(a, "From the link", link)
    assert sv.continuing(link).id == a          # the same link opened twice
    played_on = toy_record(("stop",))
    sv.put(a, "From the link", played_on)
    assert sv.continuing(link).id == a          # the save went on from the link's position
    assert sv.continuing(other_seed) is None    # another game
    assert sv.continuing(dict(link, actions=[{"type": "draw"}])) is None  # a different line of play
    sv.put(a, "From the link", played_on, over=True)
    assert sv.continuing(link) is None          # a finished game is not resumed


def test_import_replays_every_action_first():
    """A file whose actions are not legal is refused at import (naming the bad action), not
    listed as a save that fails only when opened; nothing is stored."""
    st, sv = make()
    bad = toy_record(("stop", "stop"))  # two players: after both stop, the game is over
    bad["actions"].append({"type": "stop"})  # a third action once the game is over
    with pytest.raises(SaveError, match="cannot be imported: action 3 of the record"):
        sv.import_text(json.dumps(bad))
    assert st.data == {}


def test_import_marks_a_finished_game_over():
    st, sv = make()
    sid = sv.import_text(json.dumps(toy_record(("stop", "stop"))))
    assert sv.get(sid).over
    sid = sv.import_text(json.dumps(toy_record(("stop",))))
    assert not sv.get(sid).over


# ---- damaged entries never hide the others (issue: reliability) ---------------------------

DEEP = "[" * 5000 + "]" * 5000

BAD_ENTRIES = {
    "inf-actions": '{"layout":1,"actions":1e999,"record":{}}',
    "nan-created": '{"layout":1,"name":"N","created":NaN,"record":{}}',
    "infinity-updated": '{"layout":1,"updated":Infinity,"record":{}}',
    "huge-int-actions": '{"layout":1,"actions":1' + "0" * 400 + ',"record":{}}',
    "huge-int-updated": '{"layout":1,"updated":1' + "0" * 400 + ',"record":{}}',
    "too-many-digits": '{"layout":1,"actions":1' + "0" * 5000 + '}',
    "deep": DEEP,
    "deep-in-record": '{"layout":1,"name":"Deep","record":' + DEEP + "}",
    "deep-in-name": '{"layout":1,"name":' + DEEP + "}",
    "text-numbers": '{"layout":1,"name":"T","created":"12","updated":"x","actions":"3","over":"yes","record":{}}',
    "name-not-text": '{"layout":1,"name":[1,2],"game":{"a":1},"record":null}',
    "bad-utf16": '{"layout":1,"name":"\ud800","record":{}}',
    "empty": "",
    "null": "null",
    "number": "12",
}


def _good_two():
    st, sv = make()
    a, b = sv.new_id(), sv.new_id()
    sv.put(a, "Alpha", toy_record())
    sv.put(b, "Beta", toy_record(()))
    return st, sv, a, b


@pytest.mark.parametrize("key", sorted(BAD_ENTRIES))
def test_one_damaged_entry_never_hides_the_others(key):
    st, sv, a, b = _good_two()
    st.data[SAVE_PREFIX + "bad"] = BAD_ENTRIES[key]
    before = dict(st.data)
    entries = {e.id: e for e in sv.list()}  # used to raise OverflowError / RecursionError / ValueError
    assert set(entries) == {a, b, "bad"}
    assert entries[a].ok and entries[a].name == "Alpha" and entries[a].actions == 1
    assert entries[b].ok and entries[b].name == "Beta"
    bad = entries["bad"]
    assert not bad.ok and bad.error and isinstance(bad.name, str)
    assert bad.updated == 0.0 or bad.updated > 0  # a finite number
    assert sv.get("bad").error == bad.error
    # nothing else raises on it either, and nothing is written by reading
    assert sv.continuing(toy_record(())).id == b
    assert sv.rename("bad", "x") is not None
    with pytest.raises(SaveError):
        sv.export("bad")
    assert sv.export_raw("bad")[1] == BAD_ENTRIES[key]  # "Export as is": the stored text, unchanged
    assert st.data == before
    assert sv.delete("bad") is None and SAVE_PREFIX + "bad" not in st.data
    assert [e.id for e in sv.list()] == [b, a]


def test_damaged_entry_keeps_its_name_and_says_why():
    st, sv = make()
    st.data[SAVE_PREFIX + "x"] = '{"layout":1,"name":"Sunday","created":NaN,"record":{}}'
    e = sv.get("x")
    assert "damaged" in e.error and "not valid JSON" in e.error and "NaN" in e.detail
    assert e.name == "Sunday"  # seen in the text even though the JSON as a whole cannot be read
    st.data[SAVE_PREFIX + "y"] = json.dumps({"layout": 1, "name": "Half", "record": {"format": "tavolo/1"}})
    e = sv.get("y")
    assert e.name == "Half" and "cannot be read" in e.error and e.detail  # the technical reason


@pytest.mark.parametrize("name, fname", [
    ("Toy 28/11/2026, 10:07:12", "tavolo-toy-28-11-2026-10-07-12.json"),  # the game said once
    ("Toy", "tavolo-toy-game.json"),
    ("Toyland", "tavolo-toy-toyland.json"),  # a word that only begins like the game's name
    ("!!!", "tavolo-toy-game.json"),
])
def test_export_file_names(name, fname):
    st, sv = make()
    sid = sv.new_id()
    sv.put(sid, name, toy_record())
    assert sv.export(sid)[0] == fname


@pytest.mark.parametrize("record, detail", [(None, "missing"), ("x", "str"), ([1], "list")])
def test_an_entry_without_a_record_says_so(record, detail):
    """Not "not valid JSON": the entry is valid JSON, it just holds no game record."""
    st, sv = make()
    entry = {"layout": 1, "name": "Empty", "game": "toy"}
    if record is not None:
        entry["record"] = record
    st.data[SAVE_PREFIX + "e"] = json.dumps(entry)
    e = sv.get("e")
    assert not e.ok and e.name == "Empty"
    assert e.error.render("en") == "This saved game is damaged: it holds no game record."
    assert e.error.render("it") == "Questa partita salvata è danneggiata: non contiene la registrazione della partita."
    assert detail in e.detail


def test_import_reasons_follow_the_colon_in_lower_case():
    st, sv = make()
    with pytest.raises(SaveError) as info:
        sv.import_text(json.dumps({**toy_record(), "seed": "x"}))
    assert str(info.value) == "This file cannot be imported: the game record is damaged: its seed cannot be read."
    assert info.value.reason.render("it") == ("Questo file non si può importare: la registrazione della partita è "
                                              "danneggiata: impossibile leggere il seme.")


def test_put_over_a_damaged_entry_writes_strict_json():
    """``put`` reads the old entry's ``created``: a stored 1e999 (infinity) used to be copied
    into the new entry as ``Infinity``, which no strict reader accepts."""
    from engines.core.inbound import read_json
    for old in ('{"layout":1,"created":1e999}', '{"layout":1,"created":NaN}', "[1]", DEEP,
                '{"created":1' + "0" * 400 + "}", '{"created":"yesterday"}'):
        st, sv = make()
        st.data[SAVE_PREFIX + "s"] = old
        assert sv.put("s", "S", toy_record()) is None
        data = read_json(st.data[SAVE_PREFIX + "s"])
        assert data["created"] > 0 and sv.get("s").ok


def test_put_keeps_a_valid_created():
    st, sv = make()
    st.data[SAVE_PREFIX + "s"] = json.dumps({"layout": 1, "created": 5.0, "record": toy_record()})
    sv.put("s", "S", toy_record())
    assert sv.get("s").created == 5.0


def test_export_raw_of_a_missing_save():
    st, sv = make()
    with pytest.raises(SaveError, match="does not exist"):
        sv.export_raw("nope")


@pytest.mark.parametrize("text, msg", [
    (DEEP, "nested too deeply"),
    ('{"format": "tavolo/1", "seed": NaN}', "not valid JSON"),
    ('{"format": "tavolo/1", "seed": 1e999}', "not valid JSON"),
    ("\ud800", "not valid JSON"),
    (b"\xff\xfe{}", "not text"),
    ('{"layout": 2, "name": "Future", "record": {"format": "tavolo/1"}}', "newer version"),
    ('{"layout": "2", "name": "Future", "record": {"format": "tavolo/1"}}', "newer version"),
])
def test_import_refuses_hostile_files(text, msg):
    st, sv = make()
    with pytest.raises(SaveError, match=msg) as info:
        sv.import_text(text)
    assert isinstance(info.value.detail, str)
    assert st.data == {}


def test_import_file_size_is_capped():
    from tavolo_ui.saves import MAX_IMPORT_BYTES
    Saves.check_import_size(1000)
    with pytest.raises(SaveError, match="too large"):
        Saves.check_import_size(MAX_IMPORT_BYTES + 1)
    st, sv = make()
    with pytest.raises(SaveError, match="too large"):
        sv.import_text(" " * 4_000_001)
    assert st.data == {}


def test_import_whole_entry_with_odd_name():
    st, sv = make()
    sid = sv.import_text(json.dumps({"layout": 1, "name": ["not", "text"], "record": toy_record()}))
    assert sv.get(sid).ok and sv.get(sid).name == "Imported Draw to 21"


def test_last_ignores_absurd_values():
    st, sv = make()
    st.data[LAST_KEY] = "x" * 5000
    assert sv.last() is None


# ---- a newer layout is read-only in every code path ---------------------------------------

def _newer_storage(marker: str) -> DictStorage:
    st, sv = make()
    a = sv.new_id()
    sv.put(a, "Mine", toy_record())
    sv.set_last(a)
    st.data[LAYOUT_KEY] = marker
    st.data["tavolo:v2:save:z"] = '{"format":"v2"}'
    st.a = a
    return st


WRITES = {"put", "rename", "delete", "set_last", "import_text", "autosave", "mark_trouble", "clear_trouble"}
READS = {"layout_problem", "new_id", "ids", "get", "list", "continuing", "last", "check", "export",
         "export_raw", "check_import_size"}


def test_every_public_operation_is_covered_below():
    public = {n for n in dir(Saves) if not n.startswith("_") and callable(getattr(Saves, n))}
    assert public == WRITES | READS, "a new public operation must be added to the newer-layout test"


@pytest.mark.parametrize("marker", ["2", '"2"', "2.0", " 2 ", "3", "1.5", '"2.0"', "1e999"])
def test_newer_layout_makes_every_operation_a_no_op(marker):
    """Storage written by a newer Tavolo: every public operation is tried, each write returns
    (or raises) the explanatory message, and the storage is byte for byte unchanged."""
    st = _newer_storage(marker)
    sv = Saves(st, clock=Clock())
    a = st.a
    before = json.dumps(st.data, sort_keys=True)
    problem = sv.layout_problem()
    assert problem and "newer version" in problem and "untouched" in problem
    rec = toy_record(("stop", "stop"))

    assert sv.put(a, "Over it", rec) == problem
    assert sv.put("fresh", "New", rec) == problem
    assert sv.rename(a, "Renamed") == problem
    assert sv.delete(a) == problem
    assert sv.delete("tavolo-v2-thing") == problem
    assert sv.set_last("other") == problem
    assert sv.set_last(None) == problem  # used to remove tavolo:v1:last
    with pytest.raises(SaveError, match="newer version"):
        sv.import_text(json.dumps(rec))
    assert sv.autosave(a, "Mine", rec, True, stamp(sv.get(a).record)).message == problem
    assert sv.autosave("fresh", "New", rec, True, None).message == problem
    sv.mark_trouble(a, "stopped", "why")
    sv.clear_trouble(a)
    # the reads still work and write nothing
    sid = sv.new_id()
    assert sid not in sv.ids()
    assert sv.get(a).ok and [e.id for e in sv.list()] == [a] and sv.last() == a
    assert sv.continuing(toy_record(())).id == a
    sv.check(a, None, rec)
    assert sv.export(a)[1] and sv.export_raw(a)[1]
    Saves.check_import_size(10)
    assert json.dumps(st.data, sort_keys=True) == before


def test_old_or_unreadable_layout_marker_is_not_newer():
    for marker in ("1", "1.0", '"1"', "abc", "", "[2]", "nan", "true"):
        st = DictStorage({LAYOUT_KEY: marker})
        sv = Saves(st)
        assert sv.layout_problem() is None, marker
        assert sv.put("a", "A", toy_record()) is None
        assert st.data[LAYOUT_KEY] == "1"


@pytest.mark.parametrize("layout", [2, "2", 2.0, "2.0", 1.5, '"3"'])
def test_entry_from_a_newer_layout_is_read_only(layout):
    st, sv = make()
    good = sv.new_id()
    sv.put(good, "Good", toy_record())
    st.data[SAVE_PREFIX + "n"] = json.dumps({"layout": layout, "name": "Future", "record": toy_record()})
    before = dict(st.data)
    e = sv.get("n")
    assert e.newer and "newer version" in e.error and e.name == "Future"
    assert sv.rename("n", "Mine now") and sv.delete("n") and sv.put("n", "Over", toy_record())
    assert sv.export_raw("n")[1] == before[SAVE_PREFIX + "n"]
    assert st.data == before
    assert sv.get(good).ok


# ---- nesting is checked before the parser runs ---------------------------------------------

def test_deep_json_is_refused_before_it_is_parsed(monkeypatch):
    """Under Pyodide, ``json.loads`` of ~100,000 levels exhausts the browser's stack: a fatal
    error of the runtime, not a RecursionError. The stored text never reaches the parser."""
    import engines.core.inbound as inbound
    from engines.core.inbound import read_json

    calls = []
    real = inbound.json.loads
    monkeypatch.setattr(inbound.json, "loads", lambda text, **k: (len(text) > 1000 and calls.append(text[:20]))
                        or real(text, **k))
    deep = "[" * 100_000 + "]" * 100_000
    for text in (deep, '{"layout":1,"record":' + deep + "}", "[" * 100_000, '{"a":' * 40 + "1" + "}" * 40):
        with pytest.raises(Exception) as info:
            read_json(text)
        assert "nested too deeply" in str(info.value) and "levels" in info.value.detail
    assert calls == []
    st, sv = make()
    st.data[SAVE_PREFIX + "d"] = '{"layout":1,"name":"Deep","record":' + deep + "}"
    assert "nested too deeply" in sv.get("d").error and sv.get("d").name == "Deep"
    with pytest.raises(SaveError, match="nested too deeply"):
        sv.import_text(deep)
    assert calls == []


# ---- saves that could not be opened are remembered (issue 25) ---------------------------------

def test_a_save_that_stopped_the_page_is_listed_as_damaged_with_try_again_until_cleared():
    from tavolo_ui.saves import STOPPED, TROUBLE_KEY
    st, sv = make()
    a, b = sv.new_id(), sv.new_id()
    sv.put(a, "Troubled", toy_record())
    sv.put(b, "Fine", toy_record())
    assert sv.get(a).ok
    sv.mark_trouble(a, STOPPED, "it began at 12:00 and never finished")
    e = sv.get(a)
    assert not e.ok and e.retry and "stopped Tavolo" in e.error and "12:00" in e.detail
    assert e.name == "Troubled" and e.raw == st.data[SAVE_PREFIX + a]  # Export as is still has it all
    assert sv.get(b).ok  # the other save is untouched
    with pytest.raises(SaveError):
        sv.export(a)
    sv.clear_trouble(a)
    assert sv.get(a).ok and TROUBLE_KEY not in st.data


def test_a_save_that_cannot_be_replayed_is_remembered_until_its_record_changes():
    from tavolo_ui.saves import REPLAY
    st, sv = make()
    a = sv.new_id()
    sv.put(a, "Bad moves", toy_record())
    sv.mark_trouble(a, REPLAY, "Action 1 is not legal")
    e = sv.get(a)
    assert not e.ok and not e.retry and "cannot be replayed" in e.error
    assert [x.id for x in sv.list() if not x.ok] == [a]
    sv.put(a, "Bad moves", toy_record(("stop", "stop")))  # another record under the same id
    assert sv.get(a).ok


def test_deleting_a_save_forgets_its_mark_and_marks_never_raise_on_bad_storage():
    from tavolo_ui.saves import STOPPED, TROUBLE_KEY
    st, sv = make()
    a = sv.new_id()
    sv.put(a, "Gone soon", toy_record())
    sv.mark_trouble(a, STOPPED)
    sv.delete(a)
    assert TROUBLE_KEY not in st.data
    sv.mark_trouble("nothing-here", STOPPED)  # no such save: nothing to remember
    assert TROUBLE_KEY not in st.data
    for junk in ("[" * 100_000, "NaN", '{"x": 1}', '{"%s": "text"}' % a, "[]"):
        st.data[TROUBLE_KEY] = junk
        sv.put(a, "Back", toy_record())
        assert sv.get(a).ok, junk  # a mark that cannot be read marks nothing
        sv.mark_trouble(a, STOPPED)
        assert not sv.get(a).ok
