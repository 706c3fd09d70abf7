"""Opening a share link: a game carried in the URL's fragment (``links``), opened on the table.

One object, ``OpenLinks``, built by ``App`` (``app.py``) with the page (``page.Page``) and
the table; ``App.start`` opens the link the page was opened with
(``open_fragment(..., at_boot=True)``); a link pasted into the address bar later opens the
same way (``on_hashchange``). The link is taken out of the URL before it is read, so a reload
never meets it again. A move link of a game at a distance goes to the table's
``distance`` part (``distance_screen``). A "play" link opens its game to play on, in a new save (or in the save
of the same link opened before); a "watch" link opens it to watch move by move (``bot_loop``),
without a save. A link that cannot be opened says why on the home screen.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from engines import RecordError
from engines.core.i18n import texts
from engines.core.record import upgrade

from .bidi import Isolated
from . import game_load
from .distance import is_move_fragment, is_sealed_fragment, parse_move, sealed_link_game
from .guard import LINK, Opening, link_digest
from .links import MODES, LinkError, parse_fragment
from .page import SOMETHING_WRONG, L, Page, _error_detail
from .saves import Msg, stamp
from .session import Session
from .words import Technical
from .table import TableScreen

T = texts("ui")

LINK_RECORD = Msg(T("This link cannot be opened: {reason}"))
LINK_FAILED = Msg(T("This link could not be opened: something went wrong."))


def _is_link(fragment: Any) -> bool:
    """Whether a URL fragment is a share link (what ``links.parse_fragment`` would decode)."""
    if not isinstance(fragment, str):
        return False
    frag = fragment[1:] if fragment.startswith("#") else fragment
    return "=" in frag and (frag.split("=", 1)[0] in MODES or is_move_fragment(frag))


def game_of_fragment(fragment: Any) -> str | None:
    """The game a share or move link in a URL fragment opens (its record's), so that its wheel
    is loaded first (``game_load``); None when the fragment is no link or cannot be read
    (opening it says why)."""
    if not _is_link(fragment):
        return None
    try:
        if is_sealed_fragment(fragment):  # read without the seals' library: it may not be loaded yet
            return sealed_link_game(fragment)
        if is_move_fragment(fragment):
            return parse_move(fragment).record.game
        parsed = parse_fragment(fragment)
        return parsed[1].game if parsed is not None else None
    except Exception:
        return None


class OpenLinks:
    """A share link opened on the table."""

    def __init__(self, page: Page, table: TableScreen) -> None:
        self.page = page
        self.table = table

    def open_fragment(self, fragment: Any, at_boot: bool = False, left: Opening | None = None) -> bool | None:
        """Open the share link in a URL fragment. True: opened; False: the fragment is no link
        (or the person chose to keep the current game); None: a link that cannot be opened
        (the banner says why; the home screen is shown, except at boot where ``start`` shows
        it, as it does when this link is the opening ``left`` unfinished by the last start).
        The link is removed from the URL before it is read, so a reload never meets it."""
        if not _is_link(fragment):
            return False
        self.clear_fragment()
        digest = link_digest(fragment)
        if at_boot and left is not None and left.kind == LINK and left.ref == digest:
            return None  # this very link stopped the page last time (``report_leftover`` said so)
        try:
            with self.page.guard.opening(LINK, digest):
                return self._open_link(fragment, at_boot)
        except LinkError as exc:
            self.page.banner = (exc, "error", Technical(exc.technical))
        except RecordError as exc:
            self.page.banner = (LINK_RECORD.format(reason=exc.reason), "error", Technical(exc.technical))
        except Exception as exc:  # whatever the link does, the page goes on
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            self.table.loop.stop_loop()
            self.table.forget_game()
            self.page.banner = (LINK_FAILED, "error", _error_detail(exc))
        if not at_boot:
            self.page.show_home()
        return None

    def _open_link(self, fragment: str, at_boot: bool) -> bool:
        move = is_move_fragment(fragment)  # a move of a game at a distance (``distance_screen``)
        parsed = None if move else parse_fragment(fragment)
        if parsed is None and not move:
            return False
        if self.table.unsaved and self.page.session is not None and self.table.mode == "play" and not at_boot:
            if not js.window.confirm(L("Your current game could not be saved (storage is full). "
                                       "Open the link anyway and lose it?")):
                return False
        if parsed is None:
            return self.table.distance.open_move(fragment)
        mode, record = parsed
        if mode == "watch":
            record = upgrade(record)  # an old link: its outcomes written out, the whole game's
            actions = list(record.actions)
            # a forked game is watched from its fork: the moves before belong to another game
            start = record.model_copy(update={"actions": actions[:record.forks[-1].at] if record.forks else []})
            session = Session.load(start, watch=True)
            session.spectate = True
            Session.load(record)  # check the whole game before showing any of it
            self.page.banner = None
            self.table.open_session(session, None, "", mode="watch", watch_actions=actions)
        else:
            record = upgrade(record)  # a link from elsewhere: whatever its seed, fresh draws from here
            session = Session.load(record)
            earlier = self.page.saves.continuing(record.model_dump(mode="json"))
            if earlier is not None:  # this link was opened before: go on with that game
                self.page.banner = (T("You opened this link before: your game “{name}” goes on "
                                 "(Save copy makes a second one).", name=Isolated(earlier.name)), "info")
                self.table.open_session(Session.load(earlier.record), earlier.id, earlier.name,
                                  known=stamp(earlier.record))
                return True
            sid = self.page.saves.new_id()
            name = L("Shared {game} · {when}", game=session.game.title, when=self.page.when())
            self.page.banner = None
            self.table.open_session(session, sid, name)
            self.table.autosave()
        return True

    def clear_fragment(self) -> None:
        try:
            js.history.replaceState(js.history.state, "", str(js.location.pathname) + str(js.location.search))
        except Exception:
            pass

    def on_hashchange(self, event) -> None:
        """A link pasted into the address bar: opened once its game's wheel is loaded."""
        fragment = str(js.location.hash)

        def run() -> None:
            try:
                self.open_fragment(fragment)
            except Exception as exc:
                self.page.fall_back_home(SOMETHING_WRONG, exc)

        game_load.open_after(self.page, game_of_fragment(fragment), run)
