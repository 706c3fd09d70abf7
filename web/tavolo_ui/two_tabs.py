"""Two tabs on one game: what the table does when another tab writes the save of its game.

A part of the table screen (``table.TableScreen.tabs``). The browser tells the other
tabs when one writes localStorage (the ``storage`` event); the save's stamp (``saves.stamp``)
says which version this tab last wrote or read (``known``). When the other tab played on from
this tab's position, its game is shown here as it is now; when the two versions no longer
agree, or the save was deleted or replaced, this tab stops saving (``conflict``), its game
stays on the table, and it offers to save it as a copy or to load the other tab's version.
In a hot-seat game the handoff screen hides the table and its banner, so it says the same
and offers the same (``handoff_note``): neither choice shows the table.
"""

from __future__ import annotations

from html import escape as h

import js  # type: ignore[import-not-found]

from engines import RecordError
from engines.core.i18n import Text, texts

from .bidi import Isolated
from .page import COMMAND_FAILED, _el, _error_detail, tx
from .saves import AHEAD, GONE, OURS, SAME, SAVE_PREFIX, Msg, SaveEntry, stamp
from .session import Session

T = texts("ui")

# ---- messages for a person ----
MOVED_ON = Msg(T("This game moved on in another tab; it is shown here as it is now."))
DIVERGED_NOTE = Msg(T("This game was also played in another tab, and the two no longer agree. This tab stopped "
                 "saving it, so neither version is lost: save this tab’s game as a copy, or load the "
                 "other tab’s version."))
GONE_NOTE = Msg(T("This game was deleted or replaced in another tab. This tab stopped saving it: "
             "save it as a copy to keep it."))
COPY_NAME = Msg(T("{name} (this tab)"))
COPY_SAVED = Msg(T("Saved this tab’s game as “{name}”; it is saved there from now on."))
ASIDE_SAVED = Msg(T("This tab’s version is set aside under Saved games as “{name}”, to look at or delete; "
                    "the game goes on here as the other tab saved it."))
OTHER_LOADED = Msg(T("This is the other tab’s version of the game."))
OTHER_UNAVAILABLE = Msg(T("The other tab’s version cannot be loaded: {reason}"))
# the status line and the handoff screen while this tab does not save its game
CONFLICT_STATUS = Msg(T("Not saved here: this game was changed in another tab."))


class TwoTabs:
    """The table's part that follows another tab playing the same game."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        # the banner's message about the other tab (moved on, copy saved, other version loaded),
        # which the handoff screen repeats while that banner is up
        self.tab_note: Msg | None = None

    def on_storage(self, event) -> None:
        """Another tab wrote localStorage (the browser fires ``storage`` in the other tabs
        only). When that is the save of the game on this table, compare the two versions."""
        try:
            key = event.key if isinstance(event.key, str) else None  # None: the storage was cleared
            s = self.page.session
            if s is None or self.table.mode != "play" or not self.table.sid or self.page.screen != "table":
                return
            if key is not None and key != SAVE_PREFIX + self.table.sid:
                return
            outcome, stored = self.page.saves.check(self.table.sid, self.table.known, s.record.model_dump(mode="json"))
            if outcome in (OURS, SAME):
                if stored.ok:
                    self.table.known, self.table.save_name = stamp(stored.record), stored.name
                if self.table.conflict:  # the save holds this tab's game (or the version it knew) again
                    self.table.conflict = None
                    self.page.clear_banner()
                    self.table.autosave()
                    self.table.refresh()
                return
            if outcome != self.table.conflict:
                self.follow_other_tab(outcome, stored)
        except Exception as exc:
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            self.page.flash(COMMAND_FAILED, detail=_error_detail(exc))

    def follow_other_tab(self, outcome: str, stored: SaveEntry) -> None:
        """Another tab wrote this table's save. If it played on from this tab's position, its
        game is shown here as it is now; otherwise this tab stops saving (its game stays on
        the table) and offers to save it as a copy or to load the other tab's version."""
        if outcome == AHEAD:
            try:
                session = Session.load(stored.record)
            except Exception:  # the other tab's game cannot be shown here: keep this one, stop saving
                outcome = GONE
            else:
                self.page.banner, self.tab_note = (MOVED_ON, "info"), MOVED_ON
                self.table.open_session(session, self.table.sid, stored.name, known=stamp(stored.record))
                return
        self.table.conflict = outcome
        self.page.flash(GONE_NOTE if outcome == GONE else DIVERGED_NOTE, "error", buttons=self.conflict_buttons())
        if self.page.screen == "table" and _el("status"):
            self.table.refresh()

    def conflict_buttons(self) -> tuple[tuple[str, Text | str], ...]:
        """What this tab offers while it does not save its game: (command, text) pairs."""
        buttons: list[tuple[str, Text | str]] = [("conflict-copy", T("Save as a copy"))]
        if self.table.conflict != GONE:
            buttons.append(("conflict-load", T("Load the other tab’s version")))
        return tuple(buttons)

    def handoff_note(self) -> str:
        """What the handoff screen, which hides the table and its banner, says about another
        tab (HTML): while this tab does not save its game, that it does not and the banner's
        choices; after one of them, or after following the other tab, the banner's message."""
        if self.table.conflict:
            buttons = "".join(f'<button data-cmd="{c}">{h(tx(t))}</button>' for c, t in self.conflict_buttons())
            return f'<p class="warn">{h(tx(CONFLICT_STATUS))}</p><div class="banner-btns">{buttons}</div>'
        if self.tab_note is not None and self.page.banner and self.page.banner[0] is self.tab_note:
            return f'<p class="muted">{h(tx(self.tab_note))}</p>'
        return ""

    def save_conflict_copy(self) -> None:
        """"Save as a copy": this tab's game saved beside the other tab's, and saved there
        from now on. A game at a distance is the exception: its copy is set aside
        (``AtADistance.copied``: to review or delete, never a game anyone plays, whose links
        would start a second game on the friends' devices), and this tab goes on with the
        version the save holds, the one its friends may have (or, when the save is gone, the
        home screen)."""
        s = self.page.session
        if s is None:
            return
        record = s.record.model_dump(mode="json")
        sid = self.page.saves.new_id()
        name = COPY_NAME.format(name=self.table.save_name)
        distance = self.table.distance.copied(s)
        problem = self.page.saves.put(sid, name, record, over=s.is_over(), distance=distance)
        if problem:
            self.page.flash(problem)
            return
        if distance is not None:
            note = ASIDE_SAVED.format(name=Isolated(name))
            if self.table.conflict == GONE:
                self.table.loop.stop_loop()
                self.table.forget_game()
                self.page.banner = (note, "info")
                self.page.show_home()
                return
            self.load_other_tab(note)
            return
        self.table.sid, self.table.known, self.table.save_name, self.table.conflict = sid, stamp(record), name, None
        self.page.saves.set_last(sid)
        self.tab_note = COPY_SAVED.format(name=Isolated(name))
        self.page.flash(self.tab_note, "info")
        self.table.refresh()

    def load_other_tab(self, note: Msg = OTHER_LOADED) -> None:
        """The version of the game the save holds (the other tab's), on this table; the banner
        says so (``note``)."""
        entry = self.page.saves.get(self.table.sid) if self.table.sid else SaveEntry("")
        try:
            session = Session.load(entry.record) if entry.ok else None
        except RecordError as exc:
            entry.error, entry.detail, session = Msg(exc.reason), exc.detail, None
        if session is None:
            self.page.flash(OTHER_UNAVAILABLE.format(reason=entry.error), detail=entry.detail)
            return
        self.page.banner, self.tab_note = (note, "info"), note
        self.table.open_session(session, self.table.sid, entry.name, known=stamp(entry.record))
