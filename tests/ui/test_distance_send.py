"""Sending a move link (issue 38): a link leaves only with moves this device keeps, and a link
that left by any means locks Undo. Run on CPython with the page on fake browser objects
(``tests/ui/test_commands.py``'s ``app``): Ada's device, a game of Citadels at a distance with
Bea (a friend) and a bot, played until Bea is to move; another tab is a second ``Saves`` on
the same storage, as two tabs share one localStorage.

- A copy by hand (the ``copy`` event on the link's box) counts as sending it.
- A tab whose game is not the one in the save (another tab wrote it) offers no link, nor does
  a device whose storage is full; the storage-full warning stays.
- "Save as a copy" of such a tab keeps the copy a game at a distance.
- The message sent with a link carries the names as typed, without the page's isolation marks.
"""

from __future__ import annotations

import asyncio
import json
import sys
import types

import pytest

from tavolo_ui.distance import Distance, new_game_id
from tavolo_ui.saves import FULL_MESSAGE, SAVE_PREFIX, DictStorage, Saves
from tavolo_ui.session import Session

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)

SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


def play_until_bea(app, s: Session, pick: int = 0) -> None:  # noqa: F811
    """Ada's device plays (Ada's ``pick``-th legal move, the bot's own) until Bea is to move,
    each move autosaved as the table does."""
    while s.away_to_move() is None:
        if s.bot_to_move() is not None:
            s.bot_step()
        else:
            legal = s.legal_actions()
            s.apply(legal[min(pick, len(legal) - 1)])
        app.table.autosave()


def far_table(app, storage: DictStorage, seed: int = 5) -> Session:  # noqa: F811
    """Ada's device with a new game at a distance on its table (Ada here, Bea a friend, saved
    in ``storage``), played until Bea is to move; links "leave" into ``app.links``."""
    fake_js = sys.modules["js"]
    fake_js.location = types.SimpleNamespace(href="https://tavolo.test/index.html")
    fake_js.Date = types.SimpleNamespace(now=lambda: 1_000_000.0)
    app.page.saves = Saves(storage)
    s = Session.start("citadels", SEATS, seed=seed, entropy=True)
    table = app.table
    app.page.session, table.mode, table.sid, table.save_name = s, "play", app.page.saves.new_id(), "Citadels"
    table.distance.attach(s, None, Distance(new_game_id(), [0]))
    table.autosave()
    play_until_bea(app, s)
    assert s.record.actions and s.away_to_move() == 1
    app.links = []

    async def deliver(text, link, name, share):
        app.links.append((text, link))
        return True

    table.distance.deliver = deliver
    return s


def run(app, step) -> None:  # noqa: F811
    """``step()`` (a button pressed, an event) run as the page runs it, on an event loop, and
    what it left to do afterwards done too."""
    async def go():
        step()
        for _ in range(3):
            await asyncio.sleep(0)
    asyncio.run(go())


class CopyEvent:
    """The browser's ``copy`` event, fired on ``target`` (a person's Ctrl+C there)."""

    def __init__(self, target_id: str):
        self.target = types.SimpleNamespace(id=target_id)
        self.prevented = False

    def preventDefault(self):
        self.prevented = True


def stored_distance(storage: DictStorage, sid: str) -> dict:
    return json.loads(storage.data[SAVE_PREFIX + sid])["distance"]


def test_a_link_copied_by_hand_from_its_box_locks_undo(app):  # noqa: F811
    storage = DictStorage()
    s = far_table(app, storage)
    moves = len(s.record.actions)
    assert s.can_undo()  # nothing has left yet
    event = CopyEvent("move-link-1")
    run(app, lambda: app.table.distance.on_copy(event))
    assert not event.prevented
    assert not s.can_undo() and "left this device" in s.undo_reason()
    assert app.table.distance.info.sent["moves"] == moves and app.table.distance.info.sent["to"] == 1
    assert stored_distance(storage, app.table.sid)["floor"] == moves  # so after a reload too
    assert "move-sent" in app.table.distance.send_box_html()  # "Link made: ..."
    assert "Link copied" in str(app.page.banner[0])


def test_a_copy_of_anything_else_sends_nothing(app):  # noqa: F811
    s = far_table(app, DictStorage())
    run(app, lambda: app.table.distance.on_copy(CopyEvent("log")))
    assert s.can_undo() and not app.table.distance.info.sent


def test_the_tab_whose_move_the_save_does_not_hold_offers_no_link(app):  # noqa: F811
    """Two tabs of Ada's game: the other tab's different move is saved; this tab, which
    plays its own move at the same instant, offers no link for it, says why, and what to do."""
    storage = DictStorage()
    s = far_table(app, storage)
    s.undo()  # back to Ada's move, as the other tab is
    app.table.autosave()
    other_tab = Saves(storage)
    entry = other_tab.get(app.table.sid)
    theirs = Session.load(entry.record)
    theirs.apply(theirs.legal_actions()[1])
    while theirs.bot_to_move() is not None:
        theirs.bot_step()
    assert other_tab.put(app.table.sid, entry.name, theirs.record.model_dump(mode="json")) is None
    play_until_bea(app, s, pick=0)  # this tab's move, autosaved over a save the other tab wrote
    assert app.table.conflict and s.away_to_move() == 1
    box = app.table.distance.send_box_html()
    assert "move-link" not in box and 'data-cmd="copy-move"' not in box
    assert "id=\"no-link\"" in box and 'data-cmd="conflict-load"' in box
    run(app, lambda: app.command("copy-move", "1"))
    assert app.links == []


def test_a_move_the_other_tab_overwrote_unnoticed_does_not_leave(app):  # noqa: F811
    """Both tabs wrote, the other last, and its ``storage`` event has not come yet: pressing
    Copy link finds it out before the link leaves, and a copy by hand is stopped."""
    storage = DictStorage()
    s = far_table(app, storage)
    entry = Saves(storage).get(app.table.sid)
    theirs = Session.load(entry.record)
    theirs.play_here([0])
    theirs.undo()
    theirs.apply(theirs.legal_actions()[1])
    Saves(storage).put(app.table.sid, entry.name, theirs.record.model_dump(mode="json"))
    assert not app.table.conflict and "move-link-1" in app.table.distance.send_box_html()
    event = CopyEvent("move-link-1")
    run(app, lambda: app.table.distance.on_copy(event))
    assert event.prevented and app.table.conflict and s.can_undo()
    run(app, lambda: app.command("copy-move", "1"))
    assert app.links == [] and "move-link" not in app.table.distance.send_box_html()


def test_no_link_leaves_a_device_whose_storage_is_full(app):  # noqa: F811
    storage = DictStorage()
    s = far_table(app, storage)
    s.undo()
    app.table.autosave()
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())  # not one character more
    play_until_bea(app, s)
    assert app.table.unsaved and app.page.banner[0] == FULL_MESSAGE
    box = app.table.distance.send_box_html()
    assert "move-link" not in box and "storage for this page is full" in box and 'data-cmd="save-again"' in box
    run(app, lambda: app.command("copy-move", "1"))
    run(app, lambda: app.table.distance.on_copy(CopyEvent("move-link-1")))
    assert app.links == [] and s.can_undo()
    assert app.page.banner[0] == FULL_MESSAGE  # the warning stays: nothing said a link was copied
    # room made (old games deleted in another tab): Try again saves it, and the link is offered
    storage.quota = None
    run(app, lambda: app.command("save-again", ""))
    assert not app.table.unsaved and "move-link-1" in app.table.distance.send_box_html()
    run(app, lambda: app.command("copy-move", "1"))
    assert len(app.links) == 1 and not s.can_undo()


def test_try_again_while_the_storage_is_still_full_says_so_again(app):  # noqa: F811
    storage = DictStorage()
    s = far_table(app, storage)
    s.undo()
    app.table.autosave()
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
    play_until_bea(app, s)
    app.page.banner = None
    run(app, lambda: app.command("save-again", ""))
    assert app.table.unsaved and app.page.banner[0] == FULL_MESSAGE


def test_a_conflict_copy_of_a_game_at_a_distance_is_set_aside(app):  # noqa: F811
    """"Save as a copy" in the tab whose move the save does not hold: the copy keeps Ada's
    seat as this device's only one (never a hand-off to Bea's hand), under a game id of its
    own, set aside (listed under Saved games, not in the inbox: no one plays it, and a link
    from it would start a second game on Bea's device); the tab goes on with the saved game."""
    from tavolo_ui.home import ASIDE, INBOX, listed_under

    storage = DictStorage()
    far_table(app, storage)
    gid = app.table.distance.info.gid
    app.table.conflict = "diverged"
    first = app.table.sid
    opened = []  # the table's drawing needs the page's elements: what it was asked to open is enough
    app.table.open_session = lambda session, sid, name, **kw: opened.append((session.record, sid))
    app.command("conflict-copy", "")
    (copy,) = [k[len(SAVE_PREFIX):] for k in storage.data if k.startswith(SAVE_PREFIX) and k != SAVE_PREFIX + first]
    kept = stored_distance(storage, copy)
    assert kept["mine"] == [0] and kept["gid"] != gid and kept.get("aside") is True
    (record, sid), = opened  # the tab goes on with the game the save holds, a game at a distance
    assert sid == first and record.model_dump(mode="json") == app.page.saves.get(first).record
    saves = app.page.saves
    assert listed_under(saves.get(copy)) == ASIDE and listed_under(saves.get(first)) == INBOX


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_message_sent_with_a_link_has_no_isolation_marks(app, lang):  # noqa: F811
    """The names go as typed: the invisible U+2068/U+2069 that isolate a name in the page would
    be stray characters in a chat or a mail."""
    from tavolo_ui.distance_screen import _message
    from tavolo_ui.page import CURRENT

    CURRENT["lang"] = lang
    try:
        text = _message("Citadels", ["Ada", "Bea", "Bot Carlo"], 1)
    finally:
        CURRENT["lang"] = "en"
    assert "\u2068" not in text and "\u2069" not in text
    assert "Ada" in text and "Bot Carlo" in text and "Bea" not in text


def test_a_sealed_link_shown_in_its_box_is_kept_in_the_save(app):  # noqa: F811
    """A sealed link shown in the send box may leave with no copy event the page sees (a
    phone's own share bar): its signed moves are kept in the save (``SealState.taken_back``),
    so the friend's answer still checks when it is opened later, after a reload too."""
    from tavolo_ui.sealed import new_seal

    storage = DictStorage()
    s = far_table(app, storage)
    info = app.table.distance.info
    info.seal = new_seal(s.record.model_copy(update={"actions": []}), [0])  # sealed from its start
    app.table.autosave()
    assert "taken_back" not in stored_distance(storage, app.table.sid)["seal"]
    run(app, lambda: app.table.distance.link_for(1))  # the send box drawn: the link shown
    kept = stored_distance(storage, app.table.sid)["seal"]["taken_back"]
    assert kept and all(segment["seat"] in (0, 2) for _index, segment in kept)  # Ada's and her bot's
    assert kept[-1][1]["a"][1] == len(s.record.actions)  # up to the last move shown
