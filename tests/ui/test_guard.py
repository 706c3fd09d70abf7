"""The note of what the page is opening (tavolo_ui.guard), which keeps a start from looping on
a save or a link that stopped the page (issue 25)."""

from __future__ import annotations

import json

import pytest

from tavolo_ui.guard import FRESH, LINK, OPENING_KEY, SAVE, START, OpenGuard, Opening, link_digest
from tavolo_ui.saves import DictStorage


def test_no_note_means_nothing_was_left_unfinished():
    assert OpenGuard(DictStorage()).leftover() is None


def test_a_note_lasts_while_the_opening_runs_and_goes_when_it_ends():
    store = DictStorage()
    guard = OpenGuard(store, clock=lambda: 1234.5)
    with guard.opening(SAVE, "g1", "Sunday game"):
        assert guard.leftover() == Opening(SAVE, "g1", "Sunday game", 1_234_500)
    assert OPENING_KEY not in store.data


def test_an_opening_inside_the_start_gives_the_start_its_note_back():
    store = DictStorage()
    guard = OpenGuard(store)
    guard.begin(START)
    with guard.opening(LINK, link_digest("#play=t1.x")):
        assert guard.leftover().kind == LINK
    assert guard.leftover().kind == START
    guard.end()
    assert guard.leftover() is None


def test_an_error_that_leaves_the_block_still_ends_the_opening():
    """Only an opening that never returns (a fatal error, a freeze) leaves its note."""
    guard = OpenGuard(DictStorage())
    with pytest.raises(ValueError):
        with guard.opening(SAVE, "g1"):
            raise ValueError("a damaged record")
    assert guard.leftover() is None


@pytest.mark.parametrize("raw", ["", "not json", "[" * 100_000, "[]", '{"kind": "launch"}', '{"kind": 3}',
                                 json.dumps({"kind": "save", "ref": 7, "name": None, "at": "noon"})])
def test_any_stored_text_is_read_as_some_unfinished_opening_and_never_raises(raw):
    left = OpenGuard(DictStorage({OPENING_KEY: raw})).leftover()
    assert isinstance(left, Opening) and left.kind in (START, SAVE)
    assert isinstance(left.ref, str) and isinstance(left.at, float)


def test_storage_that_refuses_everything_never_stops_the_page():
    class Refusing:
        def get(self, key):
            raise OSError("blocked")

        set = remove = get

    guard = OpenGuard(Refusing())
    assert guard.leftover() is None
    with guard.opening(SAVE, "g1"):
        pass
    guard.begin(FRESH)
    guard.end()


def test_a_link_is_named_by_a_digest_not_by_its_data():
    fragment = "#play=t1.40.0123abcd." + "A" * 40
    digest = link_digest(fragment)
    assert digest == link_digest(fragment) != link_digest(fragment + "B")
    assert "A" * 10 not in digest and len(digest) < 20
