"""The page: the ``App`` that holds it together, and its DOM wiring.

Everything that decides something lives in ``session``, ``saves`` and ``links`` (plain
Python, tested on CPython); the page only turns it into HTML, paints the canvas and routes
clicks. All clicks are delegated from ``#app`` through ``data-cmd`` attributes (``App.on_click``,
``App.command``). This module keeps the language, the start-up, the home screen and the New
game form, whose HTML comes from ``home`` and ``new_game`` (pure functions, also run by
``build.py`` to put them in the static page, usable before Python is ready; the app takes that
screen over when it starts: ``App.adopt_first_screen``). Every other screen is a module of its
own, mixed into ``App``:

- ``table``: the table (its screen, the board, playing, the popups on the board), with its
  parts ``choices_panel`` (the choices and the board's chooser), ``bot_loop`` (the bots' and a
  watched game's moves), ``two_tabs`` (another tab playing the same game), ``end_screen``,
  ``access`` (keyboard, screen readers, motion) and ``suggest`` (Suggest a move);
- ``review_screen``: a game replayed position by position;
- ``dialogs``: the Share dialog, the modal box, renaming, deleting, exporting and importing
  saved games, and saving a copy of the game on the table;
- ``rules_screen``: How to play (``rules_page``), which opens as a view over the current
  screen (home cards, the table's header, the status line's "rule" link to the current
  phase), which stays untouched underneath;
- ``open_links``: a share link in the URL opened on the table.

What they share (``L``, ``tx``, ``_el``, ...) is in ``page``.

Every text a person reads is a ``T(...)`` of the domain "ui" (``web/tavolo_ui/i18n/<lang>.json``,
registered in ``tavolo_ui/__init__``) rendered in the page's language (``L``, ``tx``): the
browser's language the first time (``best_lang``), then the header's "IT | EN" switch,
remembered in localStorage under ``tavolo:lang``. Switching draws the current screen again in
place (``App.redraw``): the New game form keeps what was typed, the table keeps its game.
"""

from __future__ import annotations

import asyncio
from html import escape as h
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

import engines
from engines import IllegalAction, RecordError
from engines.core.i18n import LANGS, best_lang, language, texts
from engines.core.inbound import InputError, read_json

from . import home, new_game
from .access import TableAccess
from .bidi import Isolated
from .bot_loop import BotLoop
from .canvas import Canvas
from .choices_panel import ChoicesPanel
from .dialogs import Dialogs
from .end_screen import EndOfGame
from .guard import FRESH, IMPORT, LINK, SAVE, START, OpenGuard, Opening
from .open_links import OpenLinks
from .page import COMMAND_FAILED, CURRENT, SOMETHING_WRONG, L, _el, _error_detail, _jsobj, tx
from .review_screen import ReviewScreen
from .rules_screen import RulesScreen
from .saves import REPLAY, STOPPED, Msg, SaveEntry, Saves, stamp
from .session import Session, new_seed, seat_order_from_text
from .suggest import Suggestions
from .table import TABLE_COMMANDS, TableScreen
from .thinker import BotWorker
from .two_tabs import TwoTabs

T = texts("ui")
LANG_KEY = "tavolo:lang"  # the language chosen with the header's switch (a preference, not a save)

# ---- messages for a person (one place each: a screen's own live with it, those of several in ``page``);
# the technical detail goes behind "Details" ----
START_FAILED = Msg(T("Something went wrong while Tavolo was starting, so it shows its home screen. "
                "Your saved games are kept."))
RESUME_RECORD = Msg(T("Your last game could not be restored: {reason}"))
RESUME_FAILED = Msg(T("Your last game could not be shown, so Tavolo shows its home screen. "
                 "The game is still in your saved games."))
SAVES_UNLISTED = Msg(T("Your saved games could not be listed."))
ROW_FAILED = Msg(T("This saved game cannot be shown."))
HOME_FAILED = Msg(T("Tavolo could not show its home screen."))
HOME_FAILED_MORE = Msg(T("Your saved games are still stored in this browser. Reload the page to try again; "
                    "if this keeps happening, the details below say what failed."))
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


def show_broken_page(detail: str) -> None:
    """The last resort when not even the home screen can be drawn: a plain page that says so,
    with the error behind a "details" toggle (never a dead boot screen)."""
    doc = js.document
    root = doc.getElementById("app")
    if root is None:
        root = doc.createElement("div")
        root.id = "app"
        doc.body.appendChild(root)
    root.innerHTML = (f'<main class="broken" role="alert"><h1>Tavolo</h1><p><b>{h(tx(HOME_FAILED))}</b></p>'
                      f'<p>{h(tx(HOME_FAILED_MORE))}</p><p><a class="btn" href="">{h(L("Reload"))}</a></p>'
                      f'<details class="details"><summary>{h(L("Details"))}</summary><pre>{h(detail)}</pre></details></main>')
    doc.body.dataset.screen = "broken"


def reveal(el) -> None:
    """Scroll the page so that ``el`` is in sight below the sticky header, if it is not."""
    try:
        if not el:
            return
        box = el.getBoundingClientRect()
        head = js.document.querySelector("header.top")
        top = float(head.getBoundingClientRect().bottom) if head else 0.0
        if box.top < top or box.bottom > js.window.innerHeight:
            js.window.scrollBy(0, box.top - top - 8)
    except Exception:
        pass  # only a convenience


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


class App(TableScreen, ChoicesPanel, BotLoop, TwoTabs, ReviewScreen, Suggestions, TableAccess, EndOfGame, Dialogs,
          RulesScreen, OpenLinks):
    def __init__(self) -> None:
        self.root = _el("app")
        try:
            js.localStorage.getItem("tavolo:layout")
            storage: Any = LocalStorage()
            self.storage_note = None
        except Exception:
            from .saves import DictStorage
            storage = DictStorage()
            self.storage_note = STORAGE_BLOCKED
        self.saves = Saves(storage)
        self.guard = OpenGuard(storage)  # what is being opened, so a start cannot loop on it
        self.leftover: Opening | None = None  # an opening the last start (or click) never finished
        self.session: Session | None = None
        self.sid: str | None = None  # the save the current game autosaves into
        self.known: str | None = None  # the stamp of the record this tab last wrote into / read from it
        self.conflict: str | None = None  # another tab changed that save (saves.DIVERGED or GONE)
        self.save_name = ""
        self.unsaved = False  # the last autosave failed
        self.mode = "play"  # or "watch"
        self.watch_actions: list[dict] = []
        self.paused = False
        self.loop_task = None
        self.cv: Canvas | None = None
        self.renderer_note = ""
        self.banner: tuple[str, str] | None = None
        self.screen = ""
        self.press_task = None
        self.tip_by_press = False  # a long press just showed a tip: its click must not play
        self._proxies = []
        self._resize_pending = False
        self.bots = BotWorker()  # the bots think in a worker, started after the first screen
        self.bots_on_page_noted = False
        # the step-by-step picker: steps chosen in the side panel and in the board's chooser
        self.picked: dict[str, list[str]] = {"panel": [], "chooser": []}
        self.pick_key: tuple | None = None  # the position those steps were chosen in
        self.chooser_acts: list[int] = []
        # the How to play view open over the screen: {"game", "opener" (the id of the button
        # that opened it, focused again on close)}; None when closed
        self.rules: dict | None = None
        self.modal_opener = ""  # the id of the control that opened the modal box (``dialogs``)
        self.clicked = ""
        self._rule_ids: dict[tuple[str, str], set[str]] = {}
        self.lang = self.first_lang()
        self.apply_lang()

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
        CURRENT["lang"] = self.lang
        if self.session is not None:
            self.session.lang = self.lang
        try:
            js.document.documentElement.lang = self.lang
            js.document.title = L("Tavolo — board games in your browser")
        except Exception:
            pass

    def lang_switch(self) -> str:
        return home.lang_switch(self.lang)

    def set_lang(self, lang: str) -> None:
        """Switch the page's language: remembered (only when it changed), and the current
        screen drawn again in place, with nothing lost."""
        if lang not in LANGS or lang == self.lang:
            return
        self.lang = lang
        self.apply_lang()
        try:
            js.localStorage.setItem(LANG_KEY, lang)
        except Exception:
            pass
        self.redraw()

    def redraw(self) -> None:
        rules = self.rules_snapshot()
        if self.screen == "home":
            self.show_home()
        elif self.screen == "new":
            form = self.form_state()
            self.show_new(self.new_game_name, form["players"], form["seats"])
            self.restore_form(form)
        elif self.screen in ("table", "watch") and self.session is not None:
            box = _el("log-box")
            log_open = bool(box.open) if box else None
            self.draw_table()
            box = _el("log-box")
            if box is not None and log_open is not None:
                box.open = log_open
            self.refresh()
        elif self.screen == "review" and self.review is not None:
            self.review.session.lang = self.lang
            self.draw_review()
            self.refresh_review()
        where = ""
        if rules is not None:  # the How to play view stays open, in the new language, at the same place
            self.open_rules(rules["game"], opener=rules["opener"], query=rules["query"], scroll=rules["scroll"])
            where = "#rules-view "
        focus = js.document.querySelector(f'{where}.lang-btn[data-arg="{self.lang}"]')
        if focus:
            focus.focus()

    def form_state(self) -> dict:
        """What the New game form holds now (so a language switch keeps it)."""
        opts = {}
        els = js.document.querySelectorAll(".opt")
        for i in range(int(els.length)):
            el = els.item(i)
            opts[str(el.dataset.key)] = bool(el.checked) if str(el.dataset.type) == "bool" else str(el.value)
        players = _el("players")
        seed = _el("seed")
        names = js.document.querySelectorAll(".seat-name")
        kinds = js.document.querySelectorAll(".seat-kind")
        seats = [{"name": str(names.item(i).value), "kind": str(kinds.item(i).value)} for i in range(int(names.length))]
        return {"players": int(str(players.value)) if players else None, "seats": seats, "options": opts,
                "seed": str(seed.value) if seed else ""}

    def restore_form(self, form: dict) -> None:
        els = js.document.querySelectorAll(".opt")
        for i in range(int(els.length)):
            el = els.item(i)
            key = str(el.dataset.key)
            if key in form["options"]:
                if str(el.dataset.type) == "bool":
                    el.checked = form["options"][key]
                else:
                    el.value = form["options"][key]
        names = js.document.querySelectorAll(".seat-name")
        for i in range(min(int(names.length), len(form["seats"]))):
            names.item(i).value = form["seats"][i]["name"]  # as typed, even empty
        seed = _el("seed")
        if seed:
            seed.value = form["seed"]

    def locale(self) -> str | None:
        """The locale for dates (None: the browser's own, in English)."""
        return language(self.lang).locale

    def when(self, ms: float | None = None) -> str:
        d = js.Date.new() if ms is None else js.Date.new(ms)
        loc = self.locale()
        return str(d.toLocaleString(loc) if loc else d.toLocaleString())

    # ---- start --------------------------------------------------------------------------
    def start(self) -> None:
        """Open the link in the URL, or the last game, or the home screen. Never leaves the boot
        screen up: whatever fails, the home screen (or at worst a plain page) is shown with a
        note, and the page is marked ready."""
        self.leftover = self.guard.leftover()
        self.guard.begin(START)
        try:
            self.listen()
            problem = self.saves.layout_problem()
            if problem:
                self.banner = (problem, "error")
            elif self.storage_note:
                self.banner = (self.storage_note, "error")
            if self.leftover is not None:
                self.report_leftover(self.leftover)
            opened = self.open_fragment(js.location.hash, at_boot=True)
            if opened is None:  # a link that cannot be opened: its message on the home screen
                self.show_home()
            elif (not opened and not self.adopt_first_screen()
                  and (self.leftover is not None or not self.resume_last())):
                self.show_home()
        except Exception as exc:
            self.fall_back_home(START_FAILED, exc)
        finally:
            mark_ready()
            self.guard.end()
        # the bot worker loads its own runtime: after the first screen, never before it
        js.setTimeout(create_proxy(lambda *_: self.bots.start()), 50)

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
        if lang in LANGS and lang != self.lang:  # switched there before Python was ready
            self.lang = lang
            self.apply_lang()
        focus = self.focused_field()
        scroll_y = float(js.window.scrollY or 0)
        if screen == "new":
            form = self.form_state()
            self.show_new(str(first.game), form["players"], form["seats"])
            self.restore_form(form)
        else:
            self.show_home()
        js.window.scrollTo(0, scroll_y)
        self.refocus(focus)
        pending = first.pending
        first.screen = ""
        if pending and str(pending.cmd) in ("start", "rules"):
            self.command(str(pending.cmd), str(pending.arg or ""))
        return True

    def focused_field(self) -> tuple[str, int, Any, Any] | None:
        """Where the focus is in ``#app`` (a selector, the index among its matches, the text
        selection), so that drawing the same screen again puts it back (``refocus``)."""
        el = js.document.activeElement
        if not el or not self.root.contains(el) or el == self.root:
            return None
        for sel in (f"#{el.id}" if isinstance(el.id, str) and el.id else "", ".seat-name", ".seat-kind", ".opt",
                    f'[data-cmd="{el.getAttribute("data-cmd")}"][data-arg="{el.getAttribute("data-arg")}"]'):
            if not sel:
                continue
            try:
                found = self.root.querySelectorAll(sel)
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
        found = self.root.querySelectorAll(sel)
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
                       ("pointermove", self.on_pointermove), ("pointerdown", self.on_pointerdown),
                       ("pointerup", self.on_pointerup), ("pointerleave", self.on_pointerup),
                       ("contextmenu", self.on_contextmenu), ("focusin", self.on_focus_change),
                       ("focusout", self.on_focus_change)):
            p = create_proxy(fn)
            self._proxies.append(p)
            self.root.addEventListener(ev, p)
        for ev, fn in (("resize", self.on_resize), ("hashchange", self.on_hashchange),
                       ("keydown", self.on_keydown), ("storage", self.on_storage)):
            p = create_proxy(fn)
            self._proxies.append(p)
            js.window.addEventListener(ev, p)

    def fall_back_home(self, message: str, exc: BaseException) -> None:
        """After an unexpected error: the home screen with ``message`` (the error behind
        "Details"); a plain page saying so if even the home screen cannot be drawn."""
        detail = _error_detail(exc)
        try:
            js.console.error(f"Tavolo: {detail}")
            self.stop_loop()
        except Exception:
            pass
        self.session, self.sid, self.known, self.conflict, self.mode = None, None, None, None, "play"
        self.banner = (message, "error", detail)
        try:
            self.show_home()
        except Exception as again:
            show_broken_page(f"{detail}\n\n{_error_detail(again)}")

    def report_leftover(self, left: Opening) -> None:
        """Say that the last opening never finished (``guard``), and make sure it is not
        opened by itself again: a save is marked as one that stopped the page (listed as
        damaged, with Try again), and this start resumes nothing."""
        when = self.when(left.at) if left.at > 0 else "?"
        detail = LEFTOVER_DETAIL.format(kind=left.kind, ref=left.ref or "-", at=when)
        message = LEFTOVER.get(left.kind, LEFTOVER[START])
        if left.kind == SAVE:
            entry = self.saves.get(left.ref)
            message = message.format(name=Isolated(entry.name or left.name or left.ref))
            self.saves.mark_trouble(left.ref, STOPPED, detail)
            if self.saves.last() == left.ref:
                self.saves.set_last(None)
        self.banner = (message, "info" if left.kind == FRESH else "error", "" if left.kind == FRESH else detail)

    def open_save(self, sid: str, review: bool = False) -> None:
        """Open saved game ``sid`` on the table (``review``: in the review), from the home
        screen's list; the guard's note is up until it is shown."""
        entry = self.saves.get(sid)
        with self.guard.opening(SAVE, sid, entry.name):
            session = self.load_save(entry)
            if session is None:
                return
            self.banner = None
            if not review:
                self.open_session(session, sid, entry.name, known=stamp(entry.record))
                return
            humans = session.humans()
            # one human: that seat's eyes; hot-seat or bots only: the public view (any seat
            # once the game is over)
            viewer = humans[0] if len(humans) == 1 or (humans and session.is_over()) else None
            self.open_review(session, viewer, back="home", name=entry.name)

    def resume_last(self) -> bool:
        """Open the game that was on the table at the last visit; False (and a note in the
        banner when it failed) if there is none to open."""
        sid = self.saves.last()
        if not sid:
            return False
        entry = self.saves.get(sid)
        if not entry.ok or entry.over:
            return False
        try:
            with self.guard.opening(SAVE, sid, entry.name):
                self.open_session(Session.load(entry.record), sid, entry.name, known=stamp(entry.record))
        except RecordError as exc:
            self.saves.mark_trouble(sid, REPLAY, f"{exc}\n{exc.detail}".strip())
            self.banner = (RESUME_RECORD.format(reason=exc.reason), "error", exc.detail)
        except Exception as exc:  # the next reload must not fail the same way: forget it as the last game
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            self.stop_loop()
            self.session, self.sid, self.known = None, None, None
            self.banner = (RESUME_FAILED, "error", _error_detail(exc))
        else:
            return True
        self.saves.set_last(None)
        return False

    # ---- rendering helpers --------------------------------------------------------------
    def set_screen(self, name: str, html_text: str) -> None:
        if name != "review":
            self.stop_review_play()
        self.hide_popups()
        self.rules_closed()
        self.screen = name
        js.document.body.dataset.screen = name
        self.root.innerHTML = html_text
        js.window.scrollTo(0, 0)

    def banner_html(self) -> str:
        """``self.banner`` is (message, kind) or (message, kind, detail[, buttons]): the
        detail goes behind a "Details" toggle, buttons are (command, text) pairs."""
        if not self.banner:
            return '<div id="banner" hidden></div>'
        msg, kind, detail, buttons = (tuple(self.banner) + ("", ()))[:4]
        more = ""
        if buttons:
            more += ('<div class="banner-btns">' + "".join(f'<button data-cmd="{h(c)}">{h(tx(t))}</button>'
                                                           for c, t in buttons) + "</div>")
        if detail:
            more += f'<details class="details"><summary>{h(L("Details"))}</summary><pre>{h(str(detail))}</pre></details>'
        return (f'<div id="banner" class="banner {h(kind)}" role="alert"><div class="banner-body">'
                f'<span class="banner-msg">{h(tx(msg))}</span>{more}</div>'
                f'<button class="x" data-cmd="dismiss" aria-label="{h(L("Dismiss"))}">×</button></div>')

    def flash(self, msg: Any, kind: str = "error", detail: str = "", buttons: tuple = ()) -> None:
        """Show ``msg`` in the screen's banner, scrolled into sight if it is not: on a phone
        the table is usually scrolled down to the choices, above which the banner is."""
        self.banner = (msg, kind, detail, buttons)
        el = _el("banner")
        if el:
            el.outerHTML = self.banner_html()
            reveal(_el("banner"))

    def header(self, title: str = "", extra: str = "") -> str:
        return home.header(self.lang, title, extra)

    # ---- home ---------------------------------------------------------------------------
    def show_home(self) -> None:
        """The home screen (``home.home_html``) with the saved games from storage."""
        self.stop_loop()
        self.mode = "play"
        rows = []
        try:
            entries = self.saves.list()
        except Exception as exc:  # never: Saves.list is total; still, the games stay reachable
            entries = [SaveEntry("?", name=tx(SAVES_UNLISTED), error=SAVES_UNLISTED, detail=_error_detail(exc))]
        finished = []
        for e in entries:
            try:
                (finished if e.ok and e.over else rows).append(self.save_row(e))
            except Exception as exc:  # one entry that cannot be shown never hides the others
                rows.append(self.save_row(SaveEntry(e.id, name=e.id, error=ROW_FAILED, detail=_error_detail(exc),
                                                    raw="")))
        self.set_screen("home", home.home_html(self.lang, rows, finished, self.banner_html()))

    def save_row(self, e: SaveEntry) -> str:
        """One saved game on the home screen (``home.save_row``)."""
        return home.save_row(e, self.lang, self.when)

    # ---- new game -----------------------------------------------------------------------
    def show_new(self, name: str, players: int | None = None, seats: list[dict] | None = None) -> None:
        """The New game form of game ``name`` (``new_game.new_game_html``)."""
        try:
            game = engines.get_game(name)
        except Exception:
            self.flash(T("{game} is not available in this version yet.", game=name.title()))
            return
        self.new_game_name = name
        self.set_screen("new", new_game.new_game_html(game, self.lang, players, seats, self.banner_html()))

    def offered_levels(self, game) -> list[str]:
        return new_game.offered_levels(game)

    def default_level(self, levels: list[str]) -> str:
        return new_game.default_level(levels)

    def seat_kind_options(self, levels: list[str], selected: str, game=None) -> str:
        return new_game.seat_kind_options(levels, selected, self.lang, game)

    def bot_level_name(self, level: str) -> str:
        return new_game.bot_level_name(level, self.lang)

    def read_seats(self) -> list[dict]:
        names = js.document.querySelectorAll(".seat-name")
        kinds = js.document.querySelectorAll(".seat-kind")
        return [{"name": str(names.item(i).value).strip() or L("Player {n}", n=i + 1), "kind": str(kinds.item(i).value)}
                for i in range(int(names.length))]

    def start_new(self) -> None:
        name = self.new_game_name
        seats = self.read_seats()
        options: dict[str, Any] = {}
        els = js.document.querySelectorAll(".opt")
        for i in range(int(els.length)):
            el = els.item(i)
            key, typ = str(el.dataset.key), str(el.dataset.type)
            if typ == "bool":
                options[key] = bool(el.checked)
            elif typ == "int":
                try:
                    options[key] = int(str(el.value))
                except ValueError:
                    self.flash(T("Option ‘{name}’ needs a whole number.", name=key))
                    return
            elif typ == "json":
                try:
                    options[key] = read_json(str(el.value))  # the page's own value, unless edited by hand
                except InputError as exc:
                    self.flash(exc)
                    return
            elif typ == "seats":
                try:
                    order = seat_order_from_text(str(el.value))
                except ValueError as exc:
                    self.flash(exc)
                    return
                if order is not None:
                    options[key] = order
            else:
                options[key] = str(el.value)
        seed_text = str(_el("seed").value).strip()
        try:
            seed = int(seed_text) if seed_text else new_seed()
        except ValueError:
            self.flash(T("The seed must be a whole number."))
            return
        try:
            session = Session.start(name, seats, seed, options)
        except (ValueError, IllegalAction) as exc:
            self.flash(exc)
            return
        sid = self.saves.new_id()
        when = self.when()
        self.banner = None
        self.open_session(session, sid, f"{session.game.title} · {when}")
        self.autosave()

    # ---- events -------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = event.target
        if getattr(target, "id", "") == "board":
            self.on_canvas_click(event)
            return
        el = target.closest("[data-cmd]")
        if not el:
            if target.id == "modal":
                self.close_modal()
            return
        cmd = str(el.getAttribute("data-cmd"))
        if cmd in ("rules", "rules-go"):
            event.preventDefault()  # the view's links scroll in place: the URL's fragment stays as it is
        self.clicked = str(el.id or "")  # the button pressed (the How to play view gives it the focus back)
        arg = el.getAttribute("data-arg")
        arg = arg if isinstance(arg, str) else ""
        try:
            self.command(cmd, arg)
        except Exception as exc:  # show it, never leave the page silently broken
            js.console.error(f"command {cmd} failed: {_error_detail(exc)}")
            if cmd in ("resume", "home"):  # a screen half drawn: back to a home screen that works
                self.fall_back_home(SOMETHING_WRONG, exc)
            else:
                self.flash(COMMAND_FAILED, detail=_error_detail(exc))

    def load_save(self, entry: SaveEntry) -> Session | None:
        """The game of a save, or None after saying why it cannot be opened (a save whose
        moves cannot be replayed is remembered so: ``Saves.mark_trouble``)."""
        if not entry.ok:
            self.flash(entry.error or T("This save cannot be opened."), detail=entry.detail)
            return None
        try:
            return Session.load(entry.record)
        except RecordError as exc:
            self.saves.mark_trouble(entry.id, REPLAY, f"{exc}\n{exc.detail}".strip())
            self.flash(T("“{name}” cannot be opened: {reason}", name=Isolated(entry.name), reason=exc.reason),
                       detail=exc.detail)
            return None

    def command(self, cmd: str, arg: str) -> None:
        s = self.session
        if cmd == "home":
            self.banner = None
            self.session = None
            self.show_home()
        elif cmd == "dismiss":
            self.banner = None
            el = _el("banner")
            if el:
                el.outerHTML = self.banner_html()
        elif cmd == "lang":
            self.set_lang(arg)
        elif cmd == "new":
            self.banner = None
            self.show_new(arg)
        elif cmd == "start":
            self.start_new()
        elif cmd in ("resume", "review-save"):
            self.open_save(arg, review=cmd == "review-save")
        elif cmd == "retry-save":  # a save that stopped the page last time, tried again on request
            self.saves.clear_trouble(arg)
            self.open_save(arg)
        elif cmd == "review-current" and s is not None:
            self.review_current()
        elif cmd.startswith("review-"):
            self.review_command(cmd, arg)
        elif cmd == "rename":
            self.rename_save(arg)
        elif cmd == "delete":
            self.delete_save(arg)
        elif cmd in ("export", "export-raw"):
            self.export_save(arg, raw=cmd == "export-raw")
        elif cmd in TABLE_COMMANDS:
            self.table_command(cmd, arg)
        elif cmd == "share" and s is not None:
            self.show_share()
        elif cmd == "copy":
            self.copy_field(arg)
        elif cmd == "close-modal":
            self.close_modal()
        elif cmd == "rules":
            game, _, section = arg.partition("#")
            self.open_rules(game, opener=self.clicked, section=section)
        elif cmd == "rules-close":
            self.close_rules()
        elif cmd == "rules-go":
            self.rules_go(arg)
        elif cmd == "savecopy" and s is not None:
            self.save_copy()

    def on_change(self, event) -> None:
        target = event.target
        tid = str(target.id) if isinstance(target.id, str) else ""
        if tid in ("review-speed", "review-seen"):
            self.review_input(target)
            return
        if tid == "pace":
            self.set_pace(str(target.value))
            return
        if tid == "players" and self.screen == "new":
            seats = self.read_seats()
            self.show_new(self.new_game_name, int(str(target.value)), seats)
        elif tid == "import-file":
            files = target.files
            if files and int(files.length):
                asyncio.ensure_future(self.import_file(files.item(0)))

    def on_input(self, event) -> None:
        if self.review_input(event.target):
            return
        if getattr(event.target, "id", "") == "ref-search":
            self.filter_reference(str(event.target.value))

    def on_keydown(self, event) -> None:
        if self.modal_tab(event):
            event.preventDefault()
            return
        if str(getattr(event.target, "id", "") or "") == "board" and self.screen == "table" and self.on_board_key(event):
            event.preventDefault()  # the arrows move between spots, not the page
            return
        if str(event.key) == "Escape":
            if self.rules is not None:
                self.close_rules()
                return
            if self.screen == "table" and self.escape_step(event.target):
                return  # back one step of the picker, which stays open
            self.hide_popups()
            self.close_modal()

    def on_resize(self, event) -> None:
        if self._resize_pending:
            return
        self._resize_pending = True

        async def later():
            await asyncio.sleep(0.15)
            self._resize_pending = False
            if self.session is not None and self.screen in ("table", "watch"):
                self.end_fade()
                handoff = self.session.handoff_to() if self.mode == "play" else None
                self.paint(blank=handoff is not None)
                if self.session.is_over():
                    self.paint_end_chart(self.session)
            elif self.screen == "review":
                self.refresh_review()
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
