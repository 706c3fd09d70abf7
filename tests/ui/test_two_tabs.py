"""Two tabs on one saved game (one storage, two ``Saves``): a tab never overwrites another
tab's progress, at write time (``autosave``) or when told by a ``storage`` event
(``check``/``compare``)."""

import json

import pytest

from tavolo_ui.saves import (AHEAD, DIVERGED, GONE, LAYOUT_KEY, OURS, SAME, SAVE_PREFIX, DictStorage, SaveEntry,
                             Saves, compare, stamp)
from tavolo_ui.session import Session

H = lambda n: {"name": n, "kind": "human"}  # noqa: E731


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        self.t += 1
        return self.t


class Tab:
    """What App keeps for the game on its table: the session, its save id and the stamp of
    the version it last wrote or loaded."""

    def __init__(self, storage, sid=None, session=None, known=None):
        self.saves = Saves(storage, clock=Clock())
        self.sid, self.session, self.known = sid, session, known
        self.name = "Game"

    def record(self):
        return self.session.record.model_dump(mode="json")

    def autosave(self):
        result = self.saves.autosave(self.sid, self.name, self.record(), self.session.is_over(), self.known)
        self.known, self.name = result.known, result.name
        return result

    def resume(self, sid):
        entry = self.saves.get(sid)
        self.sid, self.session, self.known, self.name = sid, Session.load(entry.record), stamp(entry.record), entry.name
        return self

    def play(self, kind="draw"):
        self.session.apply({"type": kind})


def two_tabs():
    st = DictStorage()
    a = Tab(st)
    a.sid = a.saves.new_id()
    a.session = Session.start("toy", [H("Anna"), H("Ben")], seed=4)
    assert a.autosave().outcome == "saved"
    b = Tab(st).resume(a.sid)
    return st, a, b


def test_a_tab_writes_only_over_its_own_last_version():
    st, a, b = two_tabs()
    a.play()
    assert a.autosave().outcome == "saved"
    # b missed the storage event and plays on its old position: nothing of a's is overwritten
    before = st.data[SAVE_PREFIX + a.sid]
    b.play("stop")
    result = b.autosave()
    assert result.outcome == DIVERGED and st.data[SAVE_PREFIX + a.sid] == before
    # and b's game is still whole in b (nothing lost either side)
    assert b.record()["actions"] == [{"type": "stop"}]


def test_storage_event_other_tab_moved_on():
    st, a, b = two_tabs()
    a.play()
    a.autosave()
    outcome, stored = b.saves.check(b.sid, b.known, b.record())
    assert outcome == AHEAD and stored.record["actions"] == [{"type": "draw"}]
    b.resume(b.sid)  # what the page does: the other tab's game, shown in place
    b.play("stop")
    assert b.autosave().outcome == "saved"
    # now a is behind b: b's progress is not undone by a
    outcome, _ = a.saves.check(a.sid, a.known, a.record())
    assert outcome == AHEAD


def test_the_other_tab_undid_a_move_is_a_divergence_here():
    st, a, b = two_tabs()
    a.session.confirm_handoff()
    a.play("stop")
    a.autosave()
    b.resume(b.sid)
    a.session.undo()  # a takes its move back, over the version b also knows
    assert a.autosave().outcome == "saved"
    outcome, _ = b.saves.check(b.sid, b.known, b.record())
    assert outcome == DIVERGED  # b keeps its position and stops saving; nothing is lost


def test_same_game_written_by_both_tabs_goes_on():
    st, a, b = two_tabs()
    a.play()
    a.autosave()
    b.play()  # the same move (deterministic bots do this)
    assert b.saves.check(b.sid, b.known, b.record())[0] == SAME
    result = b.autosave()
    assert result.outcome == "saved" and result.known == stamp(b.record())
    a.play("stop")
    assert a.autosave().outcome == "saved"  # a's own version is still the stored one


def test_rename_in_another_tab_is_kept_by_the_autosave():
    st, a, b = two_tabs()
    assert b.saves.rename(b.sid, "Sunday game") is None
    a.play()
    result = a.autosave()
    assert result.outcome == "saved" and result.name == "Sunday game"
    assert a.saves.get(a.sid).name == "Sunday game"


def test_deleted_or_damaged_in_another_tab_is_not_recreated():
    st, a, b = two_tabs()
    b.saves.delete(b.sid)
    a.play()
    assert a.autosave().outcome == GONE and SAVE_PREFIX + a.sid not in st.data
    st.data[SAVE_PREFIX + a.sid] = "{damaged"
    assert a.autosave().outcome == GONE and st.data[SAVE_PREFIX + a.sid] == "{damaged"


def test_another_game_under_the_same_id_is_a_divergence():
    st, a, b = two_tabs()
    other = Session.start("toy", [H("Anna"), H("Ben")], seed=5).record.model_dump(mode="json")
    b.saves.put(b.sid, "Other", other)
    a.play()
    assert a.autosave().outcome == DIVERGED
    assert json.loads(st.data[SAVE_PREFIX + a.sid])["record"] == other


def test_a_new_game_writes_its_first_version():
    st = DictStorage()
    t = Tab(st)
    t.sid = t.saves.new_id()
    t.session = Session.start("toy", [H("Anna")], seed=1)
    assert t.saves.check(t.sid, None, t.record())[0] == OURS
    assert t.autosave().outcome == "saved" and t.known == stamp(t.record())


def test_failed_write_keeps_the_known_version():
    st, a, b = two_tabs()
    st.data[LAYOUT_KEY] = "2"
    known = a.known
    a.play()
    result = a.autosave()
    assert result.outcome == "failed" and "newer version" in result.message and a.known == known


@pytest.mark.parametrize("mine, theirs, known, expected", [
    ([], [], "k", SAME),
    ([1], [1, 2], None, AHEAD),
    ([1, 2], [1], None, DIVERGED),
    ([1, 3], [1, 2], None, DIVERGED),
    ([], [1], None, AHEAD),
])
def test_compare_table(mine, theirs, known, expected):
    def rec(actions):
        return {"format": "tavolo/1", "game": "toy", "players": 1, "seed": 1, "options": {},
                "seats": [H("A")], "actions": [{"n": n} for n in actions]}
    stored = SaveEntry("s", record=rec(theirs), raw="{}")
    assert compare(known, stored, rec(mine)) == expected
    assert compare(stamp(rec(theirs)), stored, rec(mine + [9])) == OURS
    assert compare(None, SaveEntry("s", error="missing"), rec(mine)) == OURS
    assert compare("k", SaveEntry("s", error="missing"), rec(mine)) == GONE
    assert compare("k", SaveEntry("s", error="damaged", raw="{"), rec(mine)) == GONE
