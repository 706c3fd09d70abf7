"""Saved games over a dict storage: autosave, named saves, damage, newer formats, full storage."""

import json

import pytest

from tavolo_ui.saves import (FULL_MESSAGE, LAST_KEY, LAYOUT_KEY, SAVE_PREFIX, DictStorage, SaveError,
                             Saves)
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
    assert "'chess' is not a game Tavolo knows" in sv.get("u").error
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
    with pytest.raises(SaveError, match="Action 3"):
        sv.import_text(json.dumps(bad))
    assert st.data == {}


def test_import_marks_a_finished_game_over():
    st, sv = make()
    sid = sv.import_text(json.dumps(toy_record(("stop", "stop"))))
    assert sv.get(sid).over
    sid = sv.import_text(json.dumps(toy_record(("stop",))))
    assert not sv.get(sid).over
