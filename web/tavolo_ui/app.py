"""The page: the ``App`` that puts it together, and its DOM wiring.

Everything that decides something lives in ``session``, ``saves`` and ``links`` (plain
Python, tested on CPython); the page only turns it into HTML, paints the canvas and routes
clicks. ``App`` builds what the screens share (``page.Page``: the banner, the screen showing,
the game on the table, the saves, the language) and the screens, each an object of its own
module that receives the page:

- ``home_screen``: the games' cards and the saved games, opened from there;
- ``new_game_screen``: the New game form (the HTML of both comes from ``home`` and
  ``new_game``, pure functions also run by ``build.py`` to put them in the static page, usable
  before Python is ready; the app takes that screen over when it starts:
  ``App.adopt_first_screen``);
- ``table``: the table (its screen, the board, playing, the popups on the board), with its
  parts ``choices_panel`` (the choices and the board's chooser), ``bot_loop`` (the bots' and a
  watched game's moves), ``two_tabs`` (another tab playing the same game), ``end_screen``,
  ``access`` (keyboard, screen readers, motion) and ``suggest`` (Suggest a move);
- ``review_screen``: a game replayed position by position;
- ``rules_screen``: How to play (``rules_page``), which opens as a view over the current
  screen (home cards, the table's header, the status line's "rule" link to the current
  phase), which stays untouched underneath;
- ``dialogs``: the Share dialog, the modal box, renaming, deleting, exporting and importing
  saved games, and saving a copy of the game on the table;
- ``open_links``: a share link in the URL opened on the table.

All clicks are delegated from ``#app`` through ``data-cmd`` attributes (``App.on_click``): each
screen lists its commands (``commands()``: name → what it runs with the button's
``data-arg``), gathered into one table (``App.command_table``); a name no screen has does
nothing. ``App`` also routes the page's other events to the screen they concern, and starts
the page (``App.start``: the link in the URL, the last game, or the home screen, with the
guard against a start that loops, ``guard``).

Every text a person reads is a ``T(...)`` of the domain "ui" (``web/tavolo_ui/i18n/<lang>.json``,
registered in ``tavolo_ui/__init__``) rendered in the page's language (``L``, ``tx``): the
browser's language the first time (``best_lang``), then the header's "IT | EN" switch,
remembered in localStorage under ``tavolo:lang``. Switching draws the current screen again in
place (``App.redraw``): the New game form keeps what was typed, the table keeps its game.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

import engines
from engines import RecordError
from engines.core.i18n import LANGS, best_lang, texts

from .bidi import Isolated
from .dialogs import Dialogs
from .distance import Distance
from .guard import FRESH, IMPORT, LINK, SAVE, START, OpenGuard, Opening
from .home_screen import HomeScreen
from . import game_load, more_menu
from .new_game_screen import NewGameScreen
from .open_links import OpenLinks, game_of_fragment
from .page import (COMMAND_FAILED, CURRENT, SOMETHING_WRONG, L, Page, Screen, _el, _error_detail, _jsobj,
                   show_broken_page)
from .review_screen import ReviewScreen
from .rules_screen import RulesScreen
from .saves import REPLAY, STOPPED, Msg, Saves, stamp
from .session import Session
from .table import TableScreen
from .words import Technical

T = texts("ui")
LANG_KEY = "tavolo:lang"  # the language chosen with the header's switch (a preference, not a save)

# ---- messages for a person (one place each: a screen's own live with it, those of several in ``page``);
# the technical detail goes behind "Details" ----
START_FAILED = Msg(T("Something went wrong while Tavolo was starting, so it shows its home screen. "
                "Your saved games are kept."))
RESUME_RECORD = Msg(T("Your last game could not be restored: {reason}"))
RESUME_FAILED = Msg(T("Your last game could not be shown, so Tavolo shows its home screen. "
                 "The game is still in your saved games."))
STORAGE_BLOCKED = Msg(T("This browser does not let the page keep data: games will not be saved."))
# what a start says when the last opening never finished (``guard``): it is not opened again
LEFTOVER = {
    SAVE: Msg(T("Opening “{name}” stopped Tavolo last time, so it was not opened again. It is in your "
                "saved games, where you can try again, export it as it is or delete it.")),
    LINK: Msg(T("A link opened last time stopped Tavolo before its game could be shown, so it was not "
                "opened again.")),
    IMPORT: Msg(T("Importing a file stopped Tavolo last time. The file was not imported; your saved games "
                  "are kept.")),
    START: Msg(T("Tavolo stopped while it was starting last time, so it did not resume your last game. "
                 "Your saved games are kept.")),
    FRESH: Msg(T("Started without resuming your last game: it is in your saved games.")),
}
LEFTOVER_DETAIL = ("The last opening ({kind} {ref}) began at {at} and never finished: a fatal error of the "
                   "Python runtime, a page that froze, or a tab closed while it opened.")


SLOW_COMMANDS = ("start", "learn")
"""The commands that set up a table (Start game, Learn by playing): seconds of Python on a
slow phone, so their button first says the page is busy (``App.run_busy``)."""


def after_paint(fn: Callable[[], None]) -> None:
    """Run ``fn`` once the browser has painted what the page shows now: Python's work holds
    the page's only thread, so nothing changed before it shows until it ends. At the next
    frame (``requestAnimationFrame``) a task is queued (``setTimeout``): tasks run after the
    frame's paint. A hidden page paints no frames: there ``fn`` runs in the next task."""
    run = create_once_callable(lambda *_: fn())
    if js.document.hidden:
        js.setTimeout(run, 0)
    else:
        js.requestAnimationFrame(create_once_callable(lambda *_: js.setTimeout(run, 0)))


def mark_ready() -> None:
    """The boot screen goes and the page says it is ready (tests and bench/boot.py wait for it)."""
    for step in (lambda: _el("boot") and _el("boot").remove(),
                 lambda: js.document.body.classList.remove("first-screen"),
                 lambda: setattr(js.document.body.dataset, "ready", "1"),
                 lambda: js.window.dispatchEvent(js.Event.new("tavolo-ready"))):
        try:
            step()
        except Exception as exc:
            js.console.error(f"Tavolo: {exc!r}")


class LocalStorage:
    """The saves' storage interface on ``window.localStorage``."""

    def get(self, key):
        v = js.localStorage.getItem(key)
        return v if isinstance(v, str) else None

    def set(self, key, value):
        js.localStorage.setItem(key, value)

    def remove(self, key):
        js.localStorage.removeItem(key)

    def keys(self):
        n = int(js.localStorage.length)
        out = []
        for i in range(n):
            k = js.localStorage.key(i)
            if isinstance(k, str):
                out.append(k)
        return out


class App:
    """The page put together: what the screens share (``page``), the screens, the command
    table of their buttons, the events routed to them, the language and the start."""

    def __init__(self) -> None:
        try:
            js.localStorage.getItem("tavolo:layout")
            storage: Any = LocalStorage()
            self.storage_note = None
        except Exception:
            from .saves import DictStorage
            storage = DictStorage()
            self.storage_note = STORAGE_BLOCKED
        # the guard: what is being opened, so a start cannot loop on it
        self.page = Page(_el("app"), Saves(storage), OpenGuard(storage), self.first_lang())
        self.leftover: Opening | None = None  # an opening the last start (or click) never finished
        self.rules = RulesScreen(self.page)
        self.table = TableScreen(self.page, self.rules)
        self.dialogs = Dialogs(self.page, self.table)
        self.review = ReviewScreen(self.page, self.table, self.dialogs)
        self.new_game = NewGameScreen(self.page, self.table)
        self.home = HomeScreen(self.page, self.table, self.review)
        self.links = OpenLinks(self.page, self.table)
        self.page.screens = {"home": self.home, "new": self.new_game, "table": self.table, "review": self.review,
                             "rules": self.rules}
        self.commands = self.command_table()
        self._proxies: list[Any] = []  # the event listeners' proxies, kept alive
        self._resize_pending = False
        self.apply_lang()

    # ---- commands -----------------------------------------------------------------------
    def command_table(self) -> dict[str, Callable[[str], None]]:
        """Every button's command (``data-cmd``) with what it runs, given the button's
        ``data-arg``: the page's own (Dismiss the banner, the language switch) and each
        screen's (``commands()``). A name belongs to one screen only."""
        table: dict[str, Callable[[str], None]] = {"dismiss": lambda _arg: self.page.clear_banner(),
                                                   "lang": self.set_lang}
        for screen in (self.home, self.new_game, self.table, self.review, self.rules, self.dialogs):
            for name, run in screen.commands().items():
                if name in table:
                    raise ValueError(f"two screens have the command {name!r}")
                table[name] = run
        return table

    def command(self, cmd: str, arg: str) -> None:
        """Run command ``cmd`` with ``arg``; a name no screen has does nothing. A command that
        opens a game whose wheel is not loaded yet runs once it is (``game_load.open_after``)."""
        run = self.commands.get(cmd)
        if run is not None:
            game_load.open_after(self.page, self.game_opened_by(cmd, arg), lambda: run(arg))

    GAME_COMMANDS = ("new", "learn", "rules")
    """The commands whose ``data-arg`` names the game they open (How to play: ``game#section``)."""
    SAVE_COMMANDS = ("resume", "review-save", "retry-save", "inbox-resend")
    """The commands whose ``data-arg`` is the id of the saved game they open."""

    def game_opened_by(self, cmd: str, arg: str) -> str | None:
        """The game command ``cmd`` with ``arg`` opens, or None when it opens none."""
        if cmd in self.GAME_COMMANDS:
            return arg.partition("#")[0]
        if cmd in self.SAVE_COMMANDS:
            entry = self.page.saves.get(arg)
            return entry.game if entry.ok else None
        if cmd == "start":
            return self.new_game.game_name
        return None

    # ---- language -----------------------------------------------------------------------
    @staticmethod
    def first_lang() -> str:
        """The language chosen before (``tavolo:lang``), else the browser's (``best_lang``)."""
        try:
            saved = js.localStorage.getItem(LANG_KEY)
            if isinstance(saved, str) and saved in LANGS:
                return saved
        except Exception:
            pass
        try:
            prefs = [str(x) for x in js.navigator.languages]
        except Exception:
            prefs = []
        if not prefs:
            try:
                prefs = [str(js.navigator.language)]
            except Exception:
                prefs = []
        return best_lang(prefs)

    def apply_lang(self) -> None:
        """The page's language (``page.lang``) made the one texts are written in."""
        lang = self.page.lang
        CURRENT["lang"] = lang
        if self.page.session is not None:
            self.page.session.lang = lang
        try:
            js.document.documentElement.lang = lang
            js.document.title = L("Tavolo — board games in your browser")
        except Exception:
            pass

    def set_lang(self, lang: str) -> None:
        """Switch the page's language: remembered (only when it changed), and the current
        screen drawn again in place, with nothing lost."""
        if lang not in LANGS or lang == self.page.lang:
            return
        self.page.lang = lang
        self.apply_lang()
        try:
            js.localStorage.setItem(LANG_KEY, lang)
        except Exception:
            pass
        self.redraw()

    def showing(self) -> Screen | None:
        """The screen showing now (None before the first)."""
        screens: dict[str, Screen] = {"home": self.home, "new": self.new_game, "table": self.table,
                                      "watch": self.table, "review": self.review, "fork": self.table.distance}
        return screens.get(self.page.screen)

    def redraw(self) -> None:
        """The screen showing drawn again in the page's language, How to play too when it is
        open over it, and the focus back on the language switch."""
        rules = self.rules.rules_snapshot()
        showing = self.showing()
        if showing is not None:
            showing.redraw()
        # the How to play view stays open, in the new language, at the same place
        where = "#rules-view " if self.rules.reopen(rules) else ""
        focus = js.document.querySelector(f'{where}.lang-btn[data-arg="{self.page.lang}"]')
        if focus:
            focus.focus()

    # ---- start --------------------------------------------------------------------------
    def start(self) -> None:
        """Open the link in the URL, or the last game, or the home screen, once the wheels of
        the games they need are loaded and their modules imported, each in a task of its own
        (``games_at_start``, ``game_load.import_in_steps``; the boot screen stays up meanwhile),
        in a task after the one that built the app.
        A game that cannot be loaded is said on the home screen, its link left in the URL (a
        reload tries again). Never leaves the boot screen up: whatever fails, the home screen
        (or at worst a plain page) is shown with a note, and the page is marked ready."""
        games = self.games_at_start()

        async def load_then_start() -> None:
            failed = None
            for game in games:
                try:
                    why = await game_load.ensure_game(game)
                except Exception as exc:  # never a start left waiting
                    why = _error_detail(exc)
                if why and failed is None:
                    failed = (game, why)
                elif not why:
                    await game_load.import_in_steps(game)
            self.start_now(failed)

        asyncio.ensure_future(load_then_start())

    def games_at_start(self) -> list[str]:
        """The games the start may open, of the catalog: the link's in the URL, else those of
        the first screen (its New game form, the How to play or Learn by playing pressed
        before Python was ready) and of the last game, which is resumed."""
        try:
            linked = game_of_fragment(js.location.hash)
            if linked is not None:
                return [linked] if linked in engines.list_games() else []
            games = []
            first = js.window.tavoloFirst
            if first and str(first.screen or "") == "new":
                games.append(str(first.game))
            pending = first.pending if first else None
            if pending and str(pending.cmd) in self.GAME_COMMANDS:
                games.append(str(pending.arg or "").partition("#")[0])
            sid = self.page.saves.last()
            if sid:
                games.append(self.page.saves.get(sid).game)
        except Exception as exc:  # the openings say what is wrong with what they open
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            return []
        return [g for g in dict.fromkeys(games) if g in engines.list_games()]

    def start_now(self, failed: tuple[str, str] | None = None) -> None:
        """``start`` with the games' wheels loaded, or ``failed``: (a game whose wheel could
        not be, why), which shows the home screen saying so instead of opening anything."""
        self.leftover = self.page.guard.leftover()
        self.page.guard.begin(START)
        try:
            self.listen()
            if failed is not None:
                game, why = failed
                self.page.banner = (game_load.NOT_LOADED.format(game=game_load.title(game)), "error", why)
                self.home.show()
                return
            problem = self.page.saves.layout_problem()
            if problem:
                self.page.banner = (problem, "error")
            elif self.storage_note:
                self.page.banner = (self.storage_note, "error")
            if self.leftover is not None:
                self.report_leftover(self.leftover)
            opened = self.links.open_fragment(js.location.hash, at_boot=True, left=self.leftover)
            if opened is None:  # a link that cannot be opened: its message on the home screen
                self.home.show()
            elif (not opened and not self.adopt_first_screen()
                  and (self.leftover is not None or not self.resume_last())):
                self.home.show()
        except Exception as exc:
            self.page.fall_back_home(START_FAILED, exc)
        finally:
            mark_ready()
            self.page.guard.end()
        # the bot worker loads its own runtime: after the first screen, never before it
        js.setTimeout(create_proxy(lambda *_: self.table.loop.bots.start()), 50)

    def adopt_first_screen(self) -> bool:
        """Take over the static first screen that ``boot.js`` showed while Python loaded
        (``window.tavoloFirst``: its screen, game, language and the command pressed too early):
        the same screen drawn again by the app, which is the same HTML (``home``, ``new_game``),
        with the form's values, the focus and the scroll kept, then the pending command (Start,
        How to play) run. False when no first screen is showing."""
        try:
            first = js.window.tavoloFirst
            screen = str(first.screen or "") if first else ""
        except Exception:
            return False
        if screen not in ("home", "new"):
            return False
        lang = str(first.lang or "")
        if lang in LANGS and lang != self.page.lang:  # switched there before Python was ready
            self.page.lang = lang
            self.apply_lang()
        focus = self.focused_field()
        scroll_y = float(js.window.scrollY or 0)
        if screen == "new":
            form = self.new_game.form_state()
            self.new_game.show(str(first.game), form["players"], form["seats"])
            self.new_game.restore_form(form)
        else:
            self.home.show()
        js.window.scrollTo(0, scroll_y)
        self.refocus(focus)
        pending = first.pending
        first.screen = ""
        if pending and str(pending.cmd) in ("start", "rules", "learn"):
            self.command(str(pending.cmd), str(pending.arg or ""))
        return True

    def focused_field(self) -> tuple[str, int, Any, Any] | None:
        """Where the focus is in ``#app`` (a selector, the index among its matches, the text
        selection), so that drawing the same screen again puts it back (``refocus``)."""
        el = js.document.activeElement
        if not el or not self.page.root.contains(el) or el == self.page.root:
            return None
        for sel in (f"#{el.id}" if isinstance(el.id, str) and el.id else "", ".seat-name", ".seat-kind", ".opt",
                    f'[data-cmd="{el.getAttribute("data-cmd")}"][data-arg="{el.getAttribute("data-arg")}"]'):
            if not sel:
                continue
            try:
                found = self.page.root.querySelectorAll(sel)
            except Exception:
                continue
            for i in range(int(found.length)):
                if found.item(i) == el:
                    try:
                        return sel, i, el.selectionStart, el.selectionEnd
                    except Exception:
                        return sel, i, None, None
        return None

    def refocus(self, where: tuple[str, int, Any, Any] | None) -> None:
        if where is None:
            return
        sel, i, start, end = where
        found = self.page.root.querySelectorAll(sel)
        if i < int(found.length):
            el = found.item(i)
            el.focus(_jsobj({"preventScroll": True}))
            if isinstance(start, int) and isinstance(end, int):
                try:
                    el.setSelectionRange(start, end)
                except Exception:
                    pass

    def listen(self) -> None:
        for ev, fn in (("click", self.on_click), ("change", self.on_change), ("input", self.on_input),
                       ("pointermove", self.table.on_pointermove), ("pointerdown", self.table.on_pointerdown),
                       ("pointerup", self.table.on_pointerup), ("pointerleave", self.table.on_pointerup),
                       ("contextmenu", self.table.on_contextmenu), ("copy", self.table.distance.on_copy),
                       ("focusin", self.table.access.on_focus_change),
                       ("focusout", self.table.access.on_focus_change), ("focusout", more_menu.on_focusout),
                       ("mouseover", self.table.access.on_choice_hover), ("mouseout", self.table.access.on_choice_hover)):
            p = create_proxy(fn)
            self._proxies.append(p)
            self.page.root.addEventListener(ev, p)
        for ev, fn in (("resize", self.on_resize), ("hashchange", self.links.on_hashchange),
                       ("keydown", self.on_keydown), ("storage", self.table.tabs.on_storage)):
            p = create_proxy(fn)
            self._proxies.append(p)
            js.window.addEventListener(ev, p)

    def report_leftover(self, left: Opening) -> None:
        """Say that the last opening never finished (``guard``), and make sure it is not
        opened by itself again: a save is marked as one that stopped the page (listed as
        damaged, with Try again), and this start resumes nothing."""
        when = self.page.when(left.at) if left.at > 0 else "?"
        detail = LEFTOVER_DETAIL.format(kind=left.kind, ref=left.ref or "-", at=when)
        message = LEFTOVER.get(left.kind, LEFTOVER[START])
        if left.kind == SAVE:
            entry = self.page.saves.get(left.ref)
            message = message.format(name=Isolated(entry.name or left.name or left.ref))
            self.page.saves.mark_trouble(left.ref, STOPPED, detail)
            if self.page.saves.last() == left.ref:
                self.page.saves.set_last(None)
        self.page.banner = (message, "info" if left.kind == FRESH else "error", "" if left.kind == FRESH else detail)

    def resume_last(self) -> bool:
        """Open the game that was on the table at the last visit; False (and a note in the
        banner when it failed) if there is none to open."""
        sid = self.page.saves.last()
        if not sid:
            return False
        entry = self.page.saves.get(sid)
        far = Distance.from_json(entry.distance) if entry.ok else None
        if not entry.ok or entry.over or (far is not None and far.aside):  # one set aside is only reviewed
            return False
        try:
            with self.page.guard.opening(SAVE, sid, entry.name):
                self.table.open_session(Session.load(entry.record), sid, entry.name, known=stamp(entry.record))
        except RecordError as exc:
            self.page.saves.mark_trouble(sid, REPLAY, f"{exc}\n{exc.detail}".strip())
            self.page.banner = (RESUME_RECORD.format(reason=exc.reason), "error", Technical(exc.technical))
        except Exception as exc:  # the next reload must not fail the same way: forget it as the last game
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            self.table.loop.stop_loop()
            self.table.forget_game()
            self.page.banner = (RESUME_FAILED, "error", _error_detail(exc))
        else:
            return True
        self.page.saves.set_last(None)
        return False

    # ---- events -------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = event.target
        el = target.closest("[data-cmd]")
        if not (el and str(el.getAttribute("data-cmd")) == "more"):
            more_menu.close()  # a click anywhere else (the board, a control in it) closes the ⋯ panel
        if getattr(target, "id", "") == "board":
            self.table.on_canvas_click(event)
            return
        if not el:
            if target.id == "modal":
                self.dialogs.close_modal()
            return
        cmd = str(el.getAttribute("data-cmd"))
        if cmd in ("rules", "rules-go"):
            event.preventDefault()  # the view's links scroll in place: the URL's fragment stays as it is
        self.page.clicked = str(el.id or "")  # the button pressed (the How to play view gives it the focus back)
        arg = el.getAttribute("data-arg")
        arg = arg if isinstance(arg, str) else ""
        if cmd in SLOW_COMMANDS:
            self.run_busy(el, cmd, arg)
        else:
            self.run_clicked(cmd, arg)

    def run_clicked(self, cmd: str, arg: str) -> None:
        """A button's command; one that fails is said in the banner (or, when it was drawing
        a screen, the home screen says it): never a page left silently broken."""
        try:
            self.command(cmd, arg)
        except Exception as exc:
            js.console.error(f"command {cmd} failed: {_error_detail(exc)}")
            if cmd in ("resume", "home"):  # a screen half drawn: back to a home screen that works
                self.page.fall_back_home(SOMETHING_WRONG, exc)
            else:
                self.page.flash(COMMAND_FAILED, detail=_error_detail(exc))

    def run_busy(self, el, cmd: str, arg: str) -> None:
        """A slow command (``SLOW_COMMANDS``) of button ``el``: the button says at once that
        the table is being set up ("Starting…", ``aria-busy``, as before Python was ready:
        ``boot.js``), and the command runs once that is painted (``after_paint``), unless the
        button's screen was left meanwhile. A second click on the busy button does nothing; a
        button the command leaves on the page (the form refused, and the banner says why) is
        given back as it was."""
        if str(el.getAttribute("aria-busy") or "") == "true":
            return
        label = str(el.textContent)
        el.setAttribute("aria-busy", "true")
        el.classList.add("pending")
        el.textContent = L("Starting…")

        def run() -> None:
            if not el.isConnected:  # another screen drawn before the paint: its form is gone
                return
            try:
                self.run_clicked(cmd, arg)
            finally:
                if el.isConnected:
                    el.removeAttribute("aria-busy")
                    el.classList.remove("pending")
                    el.textContent = label

        after_paint(run)

    def on_change(self, event) -> None:
        target = event.target
        tid = str(target.id) if isinstance(target.id, str) else ""
        if tid in ("review-speed", "review-seen"):
            self.review.review_input(target)
            return
        if tid == "pace":
            self.table.access.set_pace(str(target.value))
            return
        if tid == "players" and self.page.screen == "new":
            self.new_game.players_changed(str(target.value))
        elif tid == "import-file":
            files = target.files
            if files and int(files.length):
                asyncio.ensure_future(self.dialogs.import_file(files.item(0)))

    def on_input(self, event) -> None:
        if self.review.review_input(event.target):
            return
        if getattr(event.target, "id", "") == "ref-search":
            self.rules.filter_reference(str(event.target.value))

    def on_keydown(self, event) -> None:
        if self.dialogs.modal_tab(event):
            event.preventDefault()
            return
        if (str(getattr(event.target, "id", "") or "") == "board" and self.page.screen == "table"
                and self.table.access.on_board_key(event)):
            event.preventDefault()  # the arrows move between spots, not the page
            return
        if str(event.key) == "Escape":
            if more_menu.is_open():
                more_menu.close(refocus=True)
                return
            if self.rules.view is not None:
                self.rules.close_rules()
                return
            if self.page.screen == "table" and self.table.choices.escape_step(event.target):
                return  # back one step of the picker, which stays open
            self.table.hide_popups()
            self.dialogs.close_modal()

    def on_resize(self, event) -> None:
        if self._resize_pending:
            return
        self._resize_pending = True

        async def later():
            await asyncio.sleep(0.15)
            self._resize_pending = False
            if self.page.session is not None and self.page.screen in ("table", "watch"):
                self.table.resized()
            elif self.page.screen == "review":
                self.review.refresh_review()
            toc = js.document.querySelector("#rules-view .toc-box")
            if toc:  # the contents list folds above the text on a phone, opens beside it when wide
                toc.open = int(js.window.innerWidth) > 760

        asyncio.ensure_future(later())

def main() -> App | None:
    """Start the page. Never raises: at worst a plain page says what failed."""
    try:
        app = App()
    except Exception as exc:
        try:
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            show_broken_page(_error_detail(exc))
        finally:
            mark_ready()
        return None
    app.start()
    return app
