"""The home screen in the page: the games' cards and the saved games, opened from there.

Its HTML comes from ``home`` (pure functions, also run by ``build.py`` for the static first
screen); this module fills it with the saved games from storage and opens one of them, on the
table (Resume, Final table) or in the review (Review), with the guard's note up until it is
shown (``guard``): a save that stops the page is not opened again by itself. Renaming,
deleting, exporting and importing saves are the dialogs' (``dialogs``).
"""

from __future__ import annotations

from typing import Callable

from engines import RecordError
from engines.core.i18n import texts

from . import home
from .bidi import Isolated
from .distance import Distance
from .guard import SAVE
from .page import Page, _error_detail, tx
from .review_screen import ReviewScreen
from .saves import REPLAY, Msg, SaveEntry, stamp
from .session import Session
from .table import TableScreen
from .words import Technical

T = texts("ui")

SAVES_UNLISTED = Msg(T("Your saved games could not be listed."))
ROW_FAILED = Msg(T("This saved game cannot be shown."))


class HomeScreen:
    """The home screen: the saved games listed, and opened on request."""

    def __init__(self, page: Page, table: TableScreen, review: ReviewScreen) -> None:
        self.page = page
        self.table = table
        self.review = review

    def commands(self) -> dict[str, Callable[[str], None]]:
        return {"home": self.go_home,
                "resume": self.open_save,
                "review-save": lambda sid: self.open_save(sid, review=True),
                "retry-save": self.retry_save}

    def redraw(self) -> None:
        self.show()

    def leave(self, screen: str) -> None:
        """Nothing of the home screen outlives it."""

    def show(self) -> None:
        """The home screen (``home.home_html``) with the saved games from storage."""
        page = self.page
        self.table.stop_playing()
        rows: list[str] = []
        try:
            entries = page.saves.list()
        except Exception as exc:  # never: Saves.list is total; still, the games stay reachable
            entries = [SaveEntry("?", name=tx(SAVES_UNLISTED), error=SAVES_UNLISTED, detail=_error_detail(exc))]
        finished: list[str] = []
        far: list[str] = []
        aside: list[str] = []
        for e in entries:
            try:
                where = home.listed_under(e)
                if where == home.INBOX:
                    far.append(self.table.distance.inbox_row(e))
                else:
                    {home.FINISHED: finished, home.ASIDE: aside}.get(where, rows).append(
                        self.save_row(e, where == home.ASIDE))
            except Exception as exc:  # one entry that cannot be shown never hides the others
                rows.append(self.save_row(SaveEntry(e.id, name=e.id, error=ROW_FAILED, detail=_error_detail(exc),
                                                    raw="")))
        page.set_screen("home", home.home_html(page.lang, rows, finished, page.banner_html(), far, aside))

    def save_row(self, e: SaveEntry, aside: bool = False) -> str:
        """One saved game on the home screen (``home.save_row``), saying when it was last
        saved as the inbox does: "2 hours ago", "yesterday", the date a week back."""
        return home.save_row(e, self.page.lang, self.page.ago, aside)

    def go_home(self, _arg: str = "") -> None:
        """The brand and the Home buttons: the home screen, the table's game put away."""
        self.page.banner = None
        self.page.session = None
        self.show()

    def retry_save(self, sid: str) -> None:
        """A save that stopped the page last time, tried again on request."""
        self.page.saves.clear_trouble(sid)
        self.open_save(sid)

    def open_save(self, sid: str, review: bool = False) -> None:
        """Open saved game ``sid`` on the table (``review``: in the review), from the home
        screen's list; the guard's note is up until it is shown."""
        page = self.page
        entry = page.saves.get(sid)
        with page.guard.opening(SAVE, sid, entry.name):
            session = self.load_save(entry)
            if session is None:
                return
            page.banner = None
            far = Distance.from_json(entry.distance)
            if not review and not (far is not None and far.aside):  # one set aside is only reviewed
                self.table.open_session(session, sid, entry.name, known=stamp(entry.record))
                return
            humans = far.mine if far is not None and far.mine else session.humans()
            # one human here (alone, or at a distance): that seat's eyes; hot-seat or bots
            # only: the public view (any seat once the game is over)
            viewer = humans[0] if len(humans) == 1 or (humans and session.is_over()) else None
            self.review.open_review(session, viewer, back="home", name=entry.name)

    def load_save(self, entry: SaveEntry) -> Session | None:
        """The game of a save, or None after saying why it cannot be opened (a save whose
        moves cannot be replayed is remembered so: ``Saves.mark_trouble``)."""
        if not entry.ok:
            self.page.flash(entry.error or T("This save cannot be opened."), detail=entry.detail)
            return None
        try:
            return Session.load(entry.record)
        except RecordError as exc:
            self.page.saves.mark_trouble(entry.id, REPLAY, f"{exc}\n{exc.detail}".strip())
            self.page.flash(T("“{name}” cannot be opened: {reason}", name=Isolated(entry.name), reason=exc.reason),
                            detail=Technical(exc.technical))
            return None
