"""The page: screens (home, new game, table, watch) and their DOM wiring.

Everything that decides something lives in ``session``, ``saves`` and ``links`` (plain
Python, tested on CPython); this module only turns it into HTML, paints the canvas and
routes clicks. All clicks are delegated from ``#app`` through ``data-cmd`` attributes. The
home screen's and the New game form's HTML come from ``home`` and ``new_game`` (pure functions,
also run by ``build.py`` to put them in the static page, usable before Python is ready; the app
takes that screen over when it starts: ``App.adopt_first_screen``).

Every text a person reads is a ``T(...)`` of the domain "ui" (``web/tavolo_ui/i18n/<lang>.json``,
registered in ``tavolo_ui/__init__``) rendered in the page's language (``L``, ``tx``): the
browser's language the first time (``best_lang``), then the header's "IT | EN" switch,
remembered in localStorage under ``tavolo:lang``. Switching draws the current screen again in
place (``App.redraw``): the New game form keeps what was typed, the table keeps its game.

How to play (``rules_page``) opens as a view over the current screen (home cards, the table's
header, the status line's "rule" link to the current phase), which stays untouched underneath.
"""

from __future__ import annotations

import asyncio
import json
import random
import traceback
import zlib
from html import escape as h
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

import engines
from engines import IllegalAction, RecordError
from engines.core.i18n import LANGS, Text, best_lang, texts

from . import home, new_game
from .canvas import Canvas
from .choices import Choice, Level, can_go_back, go_back, level, make_choices
from .links import MODES, LinkError, make_link, parse_fragment
from . import rules_page
from .renderers import generic, get_renderer
from .saves import (AHEAD, FULL_MESSAGE, GONE, OURS, SAME, SAVE_PREFIX, Msg, SaveEntry, SaveError, Saves, stamp,
                    tr)
from .review_screen import ReviewScreen
from .suggest import SUGGEST_LEVEL, Suggestions
from .access import TableAccess
from .end_screen import EndOfGame
from .session import Session, seat_order_from_text, with_lang
from .thinker import BotWorker, WorkerUnavailable

T = texts("ui")
LANG_KEY = "tavolo:lang"  # the language chosen with the header's switch (a preference, not a save)
CURRENT = {"lang": "en"}  # the page's language now (one page, one App)


def L(template: str, **fields: Any) -> str:
    """``T(template, **fields)`` rendered in the page's language now (the translation test
    reads the templates of ``L`` calls like those of ``T``)."""
    return T(template, **fields).render(CURRENT["lang"])


def tx(message: Any) -> str:
    """A message (``Text``, ``Msg``, an exception, ``str``) in the page's language now."""
    return tr(message, CURRENT["lang"])

PAGE_SLICE = 0.03  # seconds of search between two frames when a bot thinks on the page itself
WATCH_PAUSE = 0.8

# ---- messages for a person (one place each); the technical detail goes behind "Details" ----
START_FAILED = Msg(T("Something went wrong while Tavolo was starting, so it shows its home screen. "
                "Your saved games are kept."))
SOMETHING_WRONG = Msg(T("Something went wrong, so Tavolo shows its home screen. Your saved games are kept."))
COMMAND_FAILED = Msg(T("Something went wrong: that did not work. You can go on."))
LINK_RECORD = Msg(T("This link cannot be opened: {reason}"))
LINK_FAILED = Msg(T("This link could not be opened: something went wrong."))
RESUME_RECORD = Msg(T("Your last game could not be restored: {reason}"))
RESUME_FAILED = Msg(T("Your last game could not be shown, so Tavolo shows its home screen. "
                 "The game is still in your saved games."))
SAVES_UNLISTED = Msg(T("Your saved games could not be listed."))
ROW_FAILED = Msg(T("This saved game cannot be shown."))
HOME_FAILED = Msg(T("Tavolo could not show its home screen."))
HOME_FAILED_MORE = Msg(T("Your saved games are still stored in this browser. Reload the page to try again; "
                    "if this keeps happening, the details below say what failed."))
STORAGE_BLOCKED = Msg(T("This browser does not let the page keep data: games will not be saved."))
IMPORTED = Msg(T("Imported “{name}”."))
BOTS_ON_PAGE = Msg(T("The bots think on this page itself (their background worker could not start), so the "
                     "table may pause while they think. Nothing is lost."))
IMPORT_FAILED = Msg(T("The file could not be read."))
MOVED_ON = Msg(T("This game moved on in another tab; it is shown here as it is now."))
DIVERGED_NOTE = Msg(T("This game was also played in another tab, and the two no longer agree. This tab stopped "
                 "saving it, so neither version is lost: save this tab’s game as a copy, or load the "
                 "other tab’s version."))
GONE_NOTE = Msg(T("This game was deleted or replaced in another tab. This tab stopped saving it: "
             "save it as a copy to keep it."))
CONFLICT_STATUS = Msg(T("Not saved here: this game was changed in another tab."))
COPY_NAME = Msg(T("{name} (this tab)"))
COPY_SAVED = Msg(T("Saved this tab’s game as “{name}”; it is saved there from now on."))
OTHER_LOADED = Msg(T("This is the other tab’s version of the game."))
OTHER_UNAVAILABLE = Msg(T("The other tab’s version cannot be loaded: {reason}"))


def _error_detail(exc: BaseException) -> str:
    """The technical text of an unexpected error (for the "details" toggle)."""
    try:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).strip()
    except Exception:
        text = repr(exc)
    return text if len(text) <= 6000 else "…" + text[-6000:]


class _Named(Text):
    """A log line shown with the seats' names (``Session.show``) in whatever language it is
    rendered in (a banner that outlives a language switch)."""

    __slots__ = ("session",)

    def __init__(self, inner: Any, session: Session):
        super().__init__("ui", "{text}", {"text": inner})
        self.session = session

    def render(self, lang: str = "en") -> str:
        return self.session.rename(tr(self.params["text"], lang))


def _is_link(fragment: Any) -> bool:
    """Whether a URL fragment is a share link (what ``links.parse_fragment`` would decode)."""
    if not isinstance(fragment, str):
        return False
    frag = fragment[1:] if fragment.startswith("#") else fragment
    return "=" in frag and frag.split("=", 1)[0] in MODES


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


def _el(id_: str):
    return js.document.getElementById(id_)


def _jsobj(d: dict):
    return to_js(d, dict_converter=js.Object.fromEntries)


class App(ReviewScreen, Suggestions, TableAccess, EndOfGame):
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
        return "it-IT" if self.lang == "it" else None

    def when(self, ms: float | None = None) -> str:
        d = js.Date.new() if ms is None else js.Date.new(ms)
        loc = self.locale()
        return str(d.toLocaleString(loc) if loc else d.toLocaleString())

    # ---- start --------------------------------------------------------------------------
    def start(self) -> None:
        """Open the link in the URL, or the last game, or the home screen. Never leaves the boot
        screen up: whatever fails, the home screen (or at worst a plain page) is shown with a
        note, and the page is marked ready."""
        try:
            self.listen()
            problem = self.saves.layout_problem()
            if problem:
                self.banner = (problem, "error")
            elif self.storage_note:
                self.banner = (self.storage_note, "error")
            opened = self.open_fragment(js.location.hash, at_boot=True)
            if opened is None:  # a link that cannot be opened: its message on the home screen
                self.show_home()
            elif not opened and not self.adopt_first_screen() and not self.resume_last():
                self.show_home()
        except Exception as exc:
            self.fall_back_home(START_FAILED, exc)
        finally:
            mark_ready()
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
            self.open_session(Session.load(entry.record), sid, entry.name, known=stamp(entry.record))
        except RecordError as exc:
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
        self.banner = (msg, kind, detail, buttons)
        el = _el("banner")
        if el:
            el.outerHTML = self.banner_html()

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
                options[key] = json.loads(str(el.value))
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
            seed = int(seed_text) if seed_text else random.randrange(1, 2**31)
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

    # ---- the table ----------------------------------------------------------------------
    def open_session(self, session: Session, sid: str | None, name: str, mode: str = "play",
                     watch_actions: list[dict] | None = None, known: str | None = None) -> None:
        """Show ``session`` on the table; it autosaves into save ``sid`` (None: not saved),
        whose stored record has the stamp ``known`` (None: not written yet)."""
        self.stop_loop()
        self.session, self.sid, self.save_name, self.mode = session, sid, name, mode
        self.known, self.conflict = known, None
        self.watch_actions = watch_actions or []
        self.paused = False
        self.unsaved = False
        if sid:
            self.saves.set_last(sid)
        session.lang = self.lang
        self.draw_table()
        self.refresh()

    def draw_table(self) -> None:
        """The table screen's frame (header, board, side panel), in the page's language;
        ``refresh`` fills it."""
        g, mode = self.session.game, self.mode
        controls = (f'<button data-cmd="undo" id="undo">{h(L("Undo"))}</button>'
                    f'<button data-cmd="pause" id="pause" hidden>{h(L("Pause"))}</button>'
                    f'<button data-cmd="share" id="share-btn">{h(L("Share"))}</button>'
                    f'<button data-cmd="savecopy" id="savecopy">{h(L("Save copy"))}</button>'
                    + (self.hints_button() if SUGGEST_LEVEL in g.bots() else ""))
        if mode == "watch":
            controls = (f'<button data-cmd="pause" id="pause">{h(L("Pause"))}</button>'
                        f'<button data-cmd="step" id="step">{h(L("Step"))}</button>'
                        f'<button data-cmd="restart" id="restart">{h(L("Restart"))}</button>'
                        f'<button data-cmd="takeover" id="takeover" title="{h(L("Keep this game as a save and play on from here"))}">'
                        f'{h(L("Play from here"))}</button>')
        controls += (f'<button data-cmd="review-current" id="review-btn" title="{h(L("Replay this game, move by move"))}">'
                     f'{h(L("Review"))}</button>'
                     f'<button data-cmd="rules" data-arg="{h(g.name)}" id="rules-btn">{h(L("How to play"))}</button>')
        title = L("{game} — watching", game=g.title) if mode == "watch" else g.title
        self.set_screen("watch" if mode == "watch" else "table", f"""
{self.header(title, '<span class="controls">' + controls + '</span>')}
<main class="table">
{self.banner_html()}
<div id="results" class="results" hidden></div>
<div class="table-main">
<div id="board-wrap" class="board-wrap"><canvas id="board" tabindex="0" role="application"
 aria-label="{h(L("Board: the arrow keys go through the places you can play, Enter plays"))}"></canvas>
<div id="tip" class="tip" hidden></div><div id="chooser" class="chooser" hidden></div><div id="note" class="note" role="status" hidden></div></div>
<aside id="side" class="side">
<div id="status" class="status"></div>
<div id="thinking" class="thinking" role="status" hidden></div>
<div id="pace-box">{self.pace_html()}</div>
<div id="actions" class="actions"></div>
<section id="twin" class="sr-only" aria-label="{h(L("The table in words"))}"></section>
<details id="log-box" class="log-box"{" open" if int(js.window.innerWidth) > 760 else ""}><summary>{h(L("Game log"))}</summary><ol id="log" class="log"></ol></details>
</aside></div></main>
<div id="handoff" class="handoff" hidden></div>
<button id="choices-bar" class="choices-bar" data-cmd="show-choices" hidden></button>
<div id="announce" class="sr-only" aria-live="polite"></div><div id="spot-say" class="sr-only" aria-live="polite"></div>
<div id="modal" class="modal" hidden></div>""")

    def refresh(self) -> None:
        """Redraw the table after anything changed, then let bots or the watch loop go on."""
        s = self.session
        if s is None or self.screen not in ("table", "watch"):
            return
        body = js.document.body.dataset
        body.game = s.game.name
        body.actions = str(len(s.record.actions))
        body.toMove = "" if s.to_move() is None else str(s.to_move())
        body.over = "1" if s.is_over() else "0"
        body.stateHash = f"{zlib.crc32(s.state.model_dump_json().encode()) & 0xFFFFFFFF:08x}"
        handoff = s.handoff_to() if self.mode == "play" else None
        body.handoff = "" if handoff is None else str(handoff)
        self.hide_popups()
        ho = _el("handoff")
        if handoff is not None:
            undo = (f'<button data-cmd="undo">{h(L("Undo my last move"))}</button>' if s.can_undo() else "")
            prev = (h(L("{name} has played.", name=s.name(s.at_device))) + " ") if s.at_device is not None else ""
            note = f'<p class="warn">{h(tx(CONFLICT_STATUS))}</p>' if self.conflict else ""
            pass_to = h(L("Pass the device to {name}", name="\x00")).replace(
                "\x00", f'<span id="handoff-name">{h(s.name(handoff))}</span>')
            ho.innerHTML = (f'<div class="handoff-box">{note}<p class="muted">{prev}{h(L("The table is hidden."))}</p>'
                            f'<h2>{pass_to}</h2>'
                            f'<button class="primary big" data-cmd="handoff">'
                            f'{h(L("I am {name}: show my table", name=s.name(handoff)))}</button>'
                            f'{undo}</div>')
            ho.hidden = False
            # nothing of the previous player's view stays on the page underneath
            _el("actions").innerHTML = ""
            if _el("twin"):
                _el("twin").innerHTML = ""
            self.update_choices_bar(0)
            self.paint(blank=True)
            self.update_controls()
            return
        ho.hidden = True
        ho.innerHTML = ""
        self.paint()
        self.update_panel()
        self.update_controls()
        self.announce_changes()
        self.restore_focus()
        self.schedule_loop()

    def update_controls(self) -> None:
        s = self.session
        undo = _el("undo")
        if undo:
            ok = self.mode == "play" and s.can_undo()
            undo.disabled = not ok
            undo.title = L("Take back your last move") if ok else s.undo_reason()
        pause = _el("pause")
        if pause:
            show = self.mode == "watch" or (s.bot_only() and not s.is_over())
            pause.hidden = not show
            pause.textContent = L("Resume") if self.paused else L("Pause")
        step = _el("step")
        if step:
            step.disabled = not self.paused or len(s.record.actions) >= len(self.watch_actions)

    def update_panel(self) -> None:
        s = self.session
        seat = s.to_move()
        me = s.me()
        status = [f'<div class="to-act">{h(self.status_line())}{self.phase_link()}</div>']
        if self.mode == "watch":
            move = L("Move {n} of {total}", n=len(s.record.actions), total=len(self.watch_actions))
            status.append(f'<div class="muted">{h(move)}{h(" · " + L("paused")) if self.paused else ""}</div>')
        elif me is not None and len(s.humans()) > 1:
            status.append(f'<div class="muted">{h(L("Table shown to {name}", name=s.name(me)))}</div>')
        elif me is None and s.bot_only():
            status.append(f'<div class="muted">{h(L("Spectator view: bots only."))}</div>')
        elif me is None:
            status.append(f'<div class="muted">{h(L("Public view of the table."))}</div>')
        scores = s.scores()
        chips = "".join(f'<span class="chip{" now" if i == seat else ""}"><span class="dot p{i}"></span>'
                        f'{h(s.name(i))} <b>{scores[i] if i < len(scores) else ""}</b></span>'
                        for i in range(s.record.players))
        status.append(f'<div class="chips">{chips}</div>')
        if self.conflict:
            status.append(f'<div class="warn">{h(tx(CONFLICT_STATUS))} '
                          f'<button data-cmd="conflict-copy">{h(L("Save as a copy"))}</button></div>')
        elif self.unsaved:
            status.append(f'<div class="warn">{h(L("Not saved: storage is full."))}</div>')
        if self.renderer_note:
            status.append(f'<div class="muted small">{h(tx(self.renderer_note))}</div>')
        _el("status").innerHTML = "".join(status)

        self.render_actions()

        self.show_results(s)

        log = _el("log")
        items = "".join(f'<li><span class="dot p{seat_}"></span>{h(text)}</li>' if seat_ is not None
                        else f'<li class="event">{h(text)}</li>' for seat_, text in s.log_lines(self.lang)[-200:])
        log.innerHTML = items or f'<li class="muted">{h(L("No moves yet."))}</li>'
        log.scrollTop = log.scrollHeight

    def status_line(self) -> str:
        """The panel's first line: who acts now or who won; a spectator (watch links, bots
        only) is told they are watching and whose turn it is, never "you"."""
        s = self.session
        if not s.is_over() and (self.mode == "watch" or s.me() is None):
            seat = s.to_move()
            who = s.name(seat) if seat is not None else ""
            if self.mode == "watch":
                return L("Watching: {name} to play.", name=who)
            return L("Watching: {name} is thinking…", name=who)
        return s.status()

    def score_categories(self, s: Session) -> dict:
        """The end-of-game table's column names: the game's ``score_categories(lang)``."""
        fn = getattr(s.game, "score_categories", None)
        if fn is None:
            return {}
        try:
            return {k: str(v) for k, v in dict(fn(self.lang)).items()}
        except Exception as exc:
            js.console.error(f"score_categories failed: {exc!r}")
            return {}

    # ---- the choices: side panel and board chooser, as a step-by-step tree ---------------
    def choice_list(self, indexes: list[int] | None = None) -> list[Choice]:
        """The legal actions (or those among ``indexes``) with their steps and labels."""
        s = self.session
        acts = s.action_dicts(self.tip_details()) if self.mode == "play" else []
        if not acts:
            return []
        key = (len(s.record.actions), s.to_move())
        if key != self.pick_key:  # another position: start from the first step again
            self.pick_key = key
            self.picked = {"panel": [], "chooser": []}
        legal = s.legal_actions()
        keep = None if indexes is None else set(indexes)
        items = []
        for a in acts:
            i = a["index"]
            if keep is not None and i not in keep:
                continue
            try:
                steps = [s.rename(t) for t in with_lang(s.game.action_steps, s.state, legal[i], lang=self.lang)]
            except Exception as exc:  # a steps bug must not hide the action: one flat button
                js.console.error(f"action_steps failed: {exc!r}")
                steps = []
            items.append((i, steps, a["label"]))
        return make_choices(items)

    def choices_html(self, where: str, choices: list[Choice]) -> tuple[str, Level]:
        """One level of the picker: breadcrumb and Back when below the first level, then
        a button per option. An action's button plays it (``data-arg`` = its index); a
        step's button opens the next level (``data-acts`` = the actions under it)."""
        chosen = self.picked[where]
        lv = level(choices, chosen)
        head = ""
        if lv.tree and lv.path:
            back = (f'<button class="pick-back" data-cmd="pick-back" data-arg="{where}">← {h(L("Back"))}</button>'
                    if can_go_back(choices, chosen) else "")
            path = " › ".join(f"<span>{h(p)}</span>" for p in lv.path)
            head = (f'<div class="pick-crumbs">{back}<div class="pick-path" aria-label="{h(L("Chosen so far"))}">'
                    f'{path}</div></div>')
        btns = []
        for j, o in enumerate(lv.options):
            if o.step is None:
                btns.append(f'<button class="act" data-cmd="act" data-arg="{o.indexes[0]}">{h(o.text)}</button>')
            else:
                btns.append(f'<button class="act pick-step" data-cmd="pick" data-arg="{where}:{j}" '
                            f'data-acts="{" ".join(map(str, o.indexes))}" aria-label="{h(o.text)}: {h(L("{n} ways", n=o.ways))}">'
                            f'<span>{h(o.text)}</span><span class="ways" aria-hidden="true">{h(L("{n} ways", n=o.ways))} ›</span></button>')
        return f'{head}<div class="act-list" role="group">{"".join(btns)}</div>', lv

    def render_actions(self) -> None:
        """The side panel's "Your choices"."""
        choices = self.choice_list()
        self.update_choices_bar(len(level(choices, []).options) if choices else 0)
        if not choices:
            _el("actions").innerHTML = ""
            return
        body, _ = self.choices_html("panel", choices)
        _el("actions").innerHTML = f"<h3>{h(L('Your choices'))}</h3>{body}{self.suggestion_html(self.action_text)}"

    def action_text(self, index: int) -> str:
        """Legal action ``index`` in words (its label, with the seats' names)."""
        s = self.session
        try:
            return s.rename(with_lang(s.game.action_label, s.state, s.legal_actions()[index], lang=self.lang))
        except Exception:
            return L("Move {n}", n=index + 1)

    def render_chooser(self) -> None:
        """The board's chooser for the actions of one spot (``chooser_acts``)."""
        ch = _el("chooser")
        choices = self.choice_list(self.chooser_acts)
        if not ch or not choices:
            return
        body, lv = self.choices_html("chooser", choices)
        title = "" if lv.path else f'<div class="chooser-title">{h(L("Which one?"))}</div>'
        ch.innerHTML = f'{title}{body}<button data-cmd="close-chooser">{h(L("Cancel"))}</button>'

    def pick(self, arg: str, back: bool = False) -> None:
        """A step button (``where:option``) or Back (``where``) was pressed."""
        where, _, j = arg.partition(":")
        if where not in self.picked:
            return
        choices = self.choice_list(self.chooser_acts if where == "chooser" else None)
        if back:
            self.picked[where] = go_back(choices, self.picked[where])
        else:
            options = level(choices, self.picked[where]).options
            if not j.isdigit() or int(j) >= len(options) or options[int(j)].step is None:
                return
            self.picked[where] = level(choices, self.picked[where]).path + [options[int(j)].step]
        if where == "chooser":
            self.render_chooser()
        else:
            self.render_actions()
        box = _el(where if where == "chooser" else "actions")
        first = box.querySelector(".act-list button") if box else None
        if first:
            first.focus()  # the keyboard goes on with the next level

    def tip_details(self) -> dict[int, str]:
        """For each action that has its own spot on the board, the first line of its tip."""
        out: dict[int, str] = {}
        for t in (self.cv.hits if self.cv is not None else []):
            if len(t.actions) == 1 and t.tip and t.actions[0] not in out:
                first = t.tip.strip().split("\n")[0]
                for sep in (":", " (", ". "):  # the name, not the whole card text
                    head = first.split(sep, 1)[0]
                    if len(head) >= 3 and sep in first and not (sep == ". " and head.isdigit()):
                        first = head
                out[t.actions[0]] = first if len(first) <= 70 else first[:69] + "…"
        return out

    def paint(self, blank: bool = False) -> None:
        s = self.session
        if blank:
            self.paint_view(s, None, [], None)
            return
        view = s.game.view(s.state, s.me()) if self.mode == "play" else s.game.view(s.state, None)
        acts = s.action_dicts() if self.mode == "play" else []
        me = s.me() if self.mode == "play" else None
        self.update_twin(s, view, me)
        self.paint_view(s, view, acts, me, mark=self.mark_board, fade_key=(id(s), len(s.record.actions), me))

    def paint_view(self, s: Session, view: dict | None, acts: list[dict], me: int | None, mark=None,
                   fade_key: tuple | None = None) -> None:
        """Draw ``view`` (None: a blank board) with the game's renderer on the board canvas;
        the plain table if the renderer fails. ``mark(cv)`` may add marks before painting;
        ``fade_key`` names the position shown: when it changes, the old picture fades out."""
        wrap, board = _el("board-wrap"), _el("board")
        if not wrap or not board:
            return
        if fade_key is not None and view is not None:
            self.fade_from(board, fade_key)
        width = max(int(wrap.clientWidth), 280)
        avail = max(int(js.window.innerHeight) - 140, 360)
        cv = Canvas(width, avail, lang=self.lang)
        if view is not None:
            render = get_renderer(s.game.name)
            try:
                render(cv, view, acts, me)
                s.rename_canvas(cv)
                self.renderer_note = ""
            except Exception as exc:  # a renderer bug must not stop the game
                js.console.error(f"renderer {s.game.name} failed: {exc!r}")
                cv = Canvas(width, avail, lang=self.lang)
                generic.render(cv, view, acts, me)
                s.rename_canvas(cv)
                self.renderer_note = T("The board could not be drawn; showing the plain table.")
        self.cv = cv
        height = max(int(cv.height), 120)
        dpr = float(js.window.devicePixelRatio or 1)
        board.style.width = f"{width}px"
        board.style.height = f"{height}px"
        board.width = int(round(width * dpr))
        board.height = int(round(height * dpr))
        # the clickable regions, for tests and tools (CSS px: x, y, w, h, action indexes)
        # (then whether it has a tip, its coach probe as JSON or null, its reference id or null)
        board.dataset.hits = json.dumps([[round(t.x), round(t.y), round(t.w), round(t.h), t.actions, bool(t.tip),
                                          t.probe, t.ref]
                                         for t in cv.hits if t.actions or t.tip or t.probe or t.ref])
        if mark is not None:
            mark(cv)
        ctx = board.getContext("2d")
        cv.height = height
        cv.paint(ctx, dpr)

    # ---- playing ------------------------------------------------------------------------
    def play_index(self, index: int) -> None:
        s = self.session
        if s is None or self.mode != "play":
            return
        if not s.action_dicts():
            return
        try:
            s.apply_index(index)
        except IllegalAction as exc:
            self.flash(exc)
            return
        self.after_action()

    def after_action(self) -> None:
        self.autosave()
        self.refresh()

    def autosave(self) -> None:
        """Save the game on the table into its save, unless another tab changed that save
        since this tab last wrote it (then nothing is overwritten: see ``follow_other_tab``)."""
        s = self.session
        if s is None or self.mode != "play" or not self.sid or self.conflict:
            return
        result = self.saves.autosave(self.sid, self.save_name, s.record.model_dump(mode="json"), s.is_over(),
                                     self.known)
        self.known, self.save_name = result.known, result.name
        if result.outcome not in ("saved", "failed"):
            self.follow_other_tab(result.outcome, result.stored)
        elif result.outcome == "failed":
            if not self.unsaved:
                self.flash(result.message)
            self.unsaved = True
        else:
            if self.unsaved and self.banner and self.banner[0] == FULL_MESSAGE:
                self.banner = None
                el = _el("banner")
                if el:
                    el.outerHTML = self.banner_html()
            self.unsaved = False

    # ---- two tabs on one game ---------------------------------------------------------
    def on_storage(self, event) -> None:
        """Another tab wrote localStorage (the browser fires ``storage`` in the other tabs
        only). When that is the save of the game on this table, compare the two versions."""
        try:
            key = event.key if isinstance(event.key, str) else None  # None: the storage was cleared
            s = self.session
            if s is None or self.mode != "play" or not self.sid or self.screen != "table":
                return
            if key is not None and key != SAVE_PREFIX + self.sid:
                return
            outcome, stored = self.saves.check(self.sid, self.known, s.record.model_dump(mode="json"))
            if outcome in (OURS, SAME):
                if stored.ok:
                    self.known, self.save_name = stamp(stored.record), stored.name
                if self.conflict:  # the save holds this tab's game (or the version it knew) again
                    self.conflict = None
                    self.banner = None
                    el = _el("banner")
                    if el:
                        el.outerHTML = self.banner_html()
                    self.autosave()
                    self.refresh()
                return
            if outcome != self.conflict:
                self.follow_other_tab(outcome, stored)
        except Exception as exc:
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            self.flash(COMMAND_FAILED, detail=_error_detail(exc))

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
                self.banner = (MOVED_ON, "info")
                self.open_session(session, self.sid, stored.name, known=stamp(stored.record))
                return
        self.conflict = outcome
        buttons = [("conflict-copy", T("Save as a copy"))]
        if outcome != GONE:
            buttons.append(("conflict-load", T("Load the other tab’s version")))
        self.flash(GONE_NOTE if outcome == GONE else DIVERGED_NOTE, "error", buttons=tuple(buttons))
        if self.screen == "table" and _el("status"):
            self.refresh()

    def save_conflict_copy(self) -> None:
        s = self.session
        if s is None:
            return
        record = s.record.model_dump(mode="json")
        sid = self.saves.new_id()
        name = COPY_NAME.format(name=self.save_name)
        problem = self.saves.put(sid, name, record, over=s.is_over())
        if problem:
            self.flash(problem)
            return
        self.sid, self.known, self.save_name, self.conflict = sid, stamp(record), name, None
        self.saves.set_last(sid)
        self.flash(COPY_SAVED.format(name=name), "info")
        self.refresh()

    def load_other_tab(self) -> None:
        entry = self.saves.get(self.sid) if self.sid else SaveEntry("")
        try:
            session = Session.load(entry.record) if entry.ok else None
        except RecordError as exc:
            entry.error, entry.detail, session = Msg(exc.reason), exc.detail, None
        if session is None:
            self.flash(OTHER_UNAVAILABLE.format(reason=entry.error), detail=entry.detail)
            return
        self.banner = (OTHER_LOADED, "info")
        self.open_session(session, self.sid, entry.name, known=stamp(entry.record))

    def schedule_loop(self) -> None:
        if self.loop_task is not None and not self.loop_task.done():
            return
        s = self.session
        if s is None or s.is_over() or self.paused:
            return
        if self.mode == "watch":
            if len(s.record.actions) < len(self.watch_actions):
                self.loop_task = asyncio.ensure_future(self.watch_loop())
        elif s.bot_to_move() is not None:
            self.loop_task = asyncio.ensure_future(self.bot_loop())

    def stop_loop(self) -> None:
        self.drop_suggestion()
        if self.loop_task is not None and not self.loop_task.done():
            self.loop_task.cancel()
        self.loop_task = None

    async def bot_loop(self) -> None:
        """The bot to move thinks (in the worker, or here if the worker cannot), at least
        ``bot_pause()`` seconds (the bot speed setting) so its move can be followed, and plays unless the position
        changed meanwhile (a late answer for a position that no longer exists is dropped)."""
        s = self.session
        seat = s.bot_to_move() if s is not None else None
        if seat is None:
            return
        played = len(s.record.actions)
        pause = asyncio.ensure_future(asyncio.sleep(self.bot_pause()))
        try:
            action = await self.think(s, seat)
            await pause
        except asyncio.CancelledError:
            pause.cancel()
            raise
        except Exception as exc:
            pause.cancel()
            self.flash(T("A bot could not move: {reason}", reason=str(exc)))
            return
        if (s is not self.session or self.paused or self.mode != "play" or len(s.record.actions) != played
                or s.bot_to_move() != seat):
            return
        try:
            s.apply(action)
        except Exception as exc:
            self.flash(T("A bot could not move: {reason}", reason=str(exc)))
            return
        self.loop_task = None
        self.after_action()  # schedules the next bot, if any

    async def think(self, s: Session, seat: int) -> Any:
        """The action of ``seat``'s bot, with the progress shown under the status line."""
        self.show_thinking(s, seat, None)
        try:
            action, _value = await self.decide(s, seat, s.bot_level(seat),
                                               lambda share: self.show_thinking(s, seat, share))
            return action
        finally:
            self.show_thinking(s, None, None)

    async def decide(self, s: Session, seat: int, level: str, progress) -> tuple[Any, float | None]:
        """A ``level`` bot's action for ``seat`` and its estimated win chance (None when the
        bot does not search): from the worker, else on the main thread in slices (said once)."""
        if self.bots.usable():
            try:
                action, value = await self.bots.decide(s.record.model_dump_json(), seat, level, progress=progress)
                js.document.body.dataset.botThread = "worker"
                return action, value
            except WorkerUnavailable:
                pass
        if not self.bots_on_page_noted:
            self.bots_on_page_noted = True
            self.flash(BOTS_ON_PAGE, "info", detail=self.bots.failed)
        js.document.body.dataset.botThread = "page"
        decision = s.decision(seat, level)
        while not decision.step(PAGE_SLICE):
            progress(decision.progress)
            await asyncio.sleep(0)  # let the page draw and take clicks between slices
        return s.game.dump_action(decision.action), decision.value

    def show_thinking(self, s: Session, seat: int | None, share: float | None, label: str | None = None) -> None:
        """Who is thinking (or ``label``) and how far (``share`` of the search done; None:
        unknown), or nothing when ``seat`` is None."""
        box = _el("thinking")
        if not box or s is not self.session:
            return
        if seat is None:
            box.hidden = True
            box.innerHTML = ""
            return
        bar = box.querySelector("progress")
        if not bar or box.hidden or box.dataset.seat != str(seat):
            box.dataset.seat = str(seat)
            text = label or L("{name} is thinking…", name=s.name(seat))
            box.innerHTML = (f'<span class="dot p{seat}"></span> {h(text)} '
                             f'<progress max="1" aria-label="{h(L("Thinking"))}"></progress>')
            box.hidden = False
            bar = box.querySelector("progress")
        if share is not None:
            bar.value = max(0.0, min(1.0, share))

    async def watch_loop(self) -> None:
        s = self.session
        await asyncio.sleep(WATCH_PAUSE)
        if s is not self.session or self.paused or self.mode != "watch":
            return
        self.watch_step()
        self.loop_task = None
        self.refresh()

    def watch_step(self) -> None:
        s = self.session
        n = len(s.record.actions)
        if n < len(self.watch_actions):
            try:
                s.apply(self.watch_actions[n])
            except IllegalAction as exc:
                self.flash(T("This game’s move {n} is not legal: {reason}", n=n + 1, reason=exc.reason))
                self.watch_actions = self.watch_actions[:n]

    # ---- links --------------------------------------------------------------------------
    def open_fragment(self, fragment: Any, at_boot: bool = False) -> bool | None:
        """Open the share link in a URL fragment. True: opened; False: the fragment is no link
        (or the person chose to keep the current game); None: a link that cannot be opened
        (the banner says why; the home screen is shown, except at boot where ``start`` shows
        it). The link is removed from the URL before it is read, so a reload never meets it."""
        if not _is_link(fragment):
            return False
        self.clear_fragment()
        try:
            return self._open_link(fragment, at_boot)
        except LinkError as exc:
            self.banner = (exc, "error", exc.detail)
        except RecordError as exc:
            self.banner = (LINK_RECORD.format(reason=exc.reason), "error", exc.detail)
        except Exception as exc:  # whatever the link does, the page goes on
            js.console.error(f"Tavolo: {_error_detail(exc)}")
            self.stop_loop()
            self.session, self.sid, self.known, self.mode = None, None, None, "play"
            self.banner = (LINK_FAILED, "error", _error_detail(exc))
        if not at_boot:
            self.show_home()
        return None

    def _open_link(self, fragment: str, at_boot: bool) -> bool:
        parsed = parse_fragment(fragment)
        if parsed is None:
            return False
        mode, record = parsed
        if self.unsaved and self.session is not None and self.mode == "play" and not at_boot:
            if not js.window.confirm(L("Your current game could not be saved (storage is full). "
                                       "Open the link anyway and lose it?")):
                return False
        if mode == "watch":
            actions = list(record.actions)
            # a forked game is watched from its fork: the moves before belong to another game
            start = record.model_copy(update={"actions": actions[:record.forks[-1].at] if record.forks else []})
            session = Session.load(start)
            session.spectate = True
            Session.load(record)  # check the whole game before showing any of it
            self.banner = None
            self.open_session(session, None, "", mode="watch", watch_actions=actions)
        else:
            session = Session.load(record)
            earlier = self.saves.continuing(record.model_dump(mode="json"))
            if earlier is not None:  # this link was opened before: go on with that game
                self.banner = (T("You opened this link before: your game “{name}” goes on "
                                 "(Save copy makes a second one).", name=earlier.name), "info")
                self.open_session(Session.load(earlier.record), earlier.id, earlier.name,
                                  known=stamp(earlier.record))
                return True
            sid = self.saves.new_id()
            name = L("Shared {game} · {when}", game=session.game.title, when=self.when())
            self.banner = None
            self.open_session(session, sid, name)
            self.autosave()
        return True

    def clear_fragment(self) -> None:
        try:
            js.history.replaceState(js.history.state, "", str(js.location.pathname) + str(js.location.search))
        except Exception:
            pass

    def on_hashchange(self, event) -> None:
        try:
            self.open_fragment(js.location.hash)
        except Exception as exc:
            self.fall_back_home(SOMETHING_WRONG, exc)

    def show_share(self) -> None:
        s = self.session
        base = str(js.location.href).split("#", 1)[0]
        play = make_link(base, s.record, "play")
        watch = make_link(base, s.record, "watch")
        about = L("The link holds the whole game (no server involved). Whoever opens it continues from this "
                  "position — hidden cards included, so share it with care.")
        self.modal(f"""<h2>{h(L("Share this game"))}</h2>
<p>{h(about)}</p>
<label>{h(L("Play from here"))}<textarea id="share-play" readonly rows="3">{h(play)}</textarea></label>
<button data-cmd="copy" data-arg="share-play">{h(L("Copy link"))}</button>
<label>{h(L("Watch the game move by move"))}<textarea id="share-watch" readonly rows="3">{h(watch)}</textarea></label>
<button data-cmd="copy" data-arg="share-watch">{h(L("Copy watch link"))}</button>
<div class="buttons"><button class="primary" data-cmd="close-modal">{h(L("Close"))}</button></div>""")

    def modal(self, inner: str) -> None:
        m = _el("modal")
        if m is None:
            return
        m.innerHTML = f'<div class="modal-box" role="dialog" aria-modal="true">{inner}</div>'
        m.hidden = False

    def close_modal(self) -> None:
        m = _el("modal")
        if m:
            m.hidden = True
            m.innerHTML = ""

    # ---- How to play ------------------------------------------------------------------
    def rule_ids(self, game: str) -> set[str]:
        """The section ids of ``game``'s rules in the page's language (read once)."""
        key = (game, self.lang)
        if key not in self._rule_ids:
            self._rule_ids[key] = rules_page.section_ids(rules_page.rules_text(game, self.lang))
        return self._rule_ids[key]

    def phase_link(self) -> str:
        """A small "rule" link after the status line, to the rules of the phase the table is
        in; nothing when the rules have no section for it (or anything fails)."""
        s = self.session
        try:
            if s is None or s.is_over():
                return ""
            view = s.game.view(s.state, s.me() if self.mode == "play" else None)
            section = rules_page.phase_section(view, self.rule_ids(s.game.name))
        except Exception as exc:
            js.console.error(f"phase link: {exc!r}")
            return ""
        if not section:
            return ""
        return (f' <button class="rule-link" id="rules-phase-link" data-cmd="rules" '
                f'data-arg="{h(s.game.name)}#{h(section)}" title="{h(L("The rules of this phase"))}">'
                f'{h(L("rule"))}</button>')

    def open_rules(self, game: str, opener: str = "", section: str = "", query: str = "",
                   scroll: float | None = None) -> None:
        """The How to play view of ``game`` over the current screen (the screen underneath is
        left exactly as it is): contents, rules, searchable reference; at ``section`` if given."""
        try:
            g = engines.get_game(game)
        except Exception:
            self.flash(T("{game} is not available in this version yet.", game=game.title()))
            return
        try:
            entries = list(g.reference(self.lang) or [])
        except Exception as exc:  # a reference bug must not hide the rules
            js.console.error(f"reference failed: {_error_detail(exc)}")
            entries = []
        labels = {"contents": L("Contents"), "reference": L("Reference"), "search": L("Search the reference"),
                  "none": L("Nothing found."), "missing": L("The rules of this game are not written yet.")}
        wide = int(js.window.innerWidth) > 760
        body = rules_page.page_html(g.title, rules_page.rules_text(game, self.lang), entries, labels, toc_open=wide)
        old = _el("rules-view")
        if old:
            old.remove()
        view = js.document.createElement("div")
        view.id = "rules-view"
        view.className = "rules-overlay"
        view.setAttribute("role", "dialog")
        view.setAttribute("aria-modal", "true")
        view.setAttribute("aria-labelledby", "rules-heading")
        view.dataset.game = game
        view.innerHTML = (f'<div class="rules-box"><div class="rules-bar">'
                          f'<h2 id="rules-heading">{h(L("How to play"))}</h2><span class="grow"></span>'
                          f'{self.lang_switch()}<button class="primary" id="rules-close" data-cmd="rules-close">'
                          f'{h(L("Close"))}</button></div><div class="rules-scroll" id="rules-scroll">{body}</div></div>')
        # everything underneath is out of reach (keyboard and screen readers) while it is open
        for child in list(self.root.children):
            child.inert = True
        self.root.appendChild(view)
        self.rules = {"game": game, "opener": opener}
        js.document.body.dataset.rules = game
        js.document.body.classList.add("rules-open")
        if query:
            box = _el("ref-search")
            if box:
                box.value = query
                self.filter_reference(query)
        if section:
            self.rules_go(section)
        elif scroll is not None:
            _el("rules-scroll").scrollTop = scroll
        if not section:
            _el("rules-close").focus()

    def rules_snapshot(self) -> dict | None:
        """What to keep of the open view when it is drawn again (language switch)."""
        if self.rules is None or not _el("rules-view"):
            return None
        box, sc = _el("ref-search"), _el("rules-scroll")
        return {**self.rules, "query": str(box.value) if box else "",
                "scroll": float(sc.scrollTop) if sc else None}

    def rules_closed(self) -> None:
        """Forget the view (it is gone with the screen it was over)."""
        self.rules = None
        try:
            js.document.body.dataset.rules = ""
            js.document.body.classList.remove("rules-open")
        except Exception:
            pass

    def close_rules(self) -> None:
        """Close the view: the screen underneath is as it was, and the keyboard goes back to
        the button that opened it."""
        opener = (self.rules or {}).get("opener", "")
        view = _el("rules-view")
        if view:
            view.remove()
        for child in list(self.root.children):
            child.inert = False
        self.rules_closed()
        target = (_el(opener) if opener else None) or _el("rules-btn")
        if target:
            target.focus()

    def rules_go(self, ident: str) -> None:
        """Scroll the view to a section (``rule-<id>``), the reference (``rule-reference``) or
        a reference entry (``ref-<id>``, shown even when the search had hidden it)."""
        target = None
        for candidate in (f"rule-{ident}", ident, f"ref-{ident}"):
            target = _el(candidate) if candidate else None
            if target and target.closest("#rules-view"):
                break
            target = None
        if not target:
            return
        if target.classList.contains("ref") and target.hidden:
            box = _el("ref-search")
            if box:
                box.value = ""
            self.filter_reference("")
        target.setAttribute("tabindex", "-1")
        target.scrollIntoView(_jsobj({"block": "start"}))
        target.focus(_jsobj({"preventScroll": True}))

    def filter_reference(self, query: str) -> None:
        """Show the reference entries holding every word of ``query`` (``rules_page.matches``
        on their ``data-search``), and the "nothing found" line when none does."""
        rows = js.document.querySelectorAll("#ref-list .ref")
        shown = 0
        for i in range(int(rows.length)):
            row = rows.item(i)
            ok = rules_page.matches(str(row.dataset.search or ""), query)
            row.hidden = not ok
            shown += ok
        empty = _el("ref-empty")
        if empty:
            empty.hidden = shown > 0

    # ---- popups on the canvas ---------------------------------------------------------
    def hide_popups(self) -> None:
        """Hide the tip and the chooser and empty them: nothing of a player's view stays in the
        page when the table is handed to the next player."""
        for id_ in ("tip", "chooser", "note"):
            el = _el(id_)
            if el:
                el.hidden = True
                el.textContent = ""

    def show_tip(self, hit, x: float, y: float) -> None:
        tip = _el("tip")
        if not tip:
            return
        if hit is None or not hit.tip:
            tip.hidden = True
            return
        tip.textContent = hit.tip
        tip.hidden = False
        width = float(_el("board-wrap").clientWidth)
        tip.style.left = f"{max(4, min(x + 14, width - 260))}px"
        tip.style.top = f"{y + 16}px"

    def canvas_point(self, event) -> tuple[float, float]:
        return float(event.offsetX), float(event.offsetY)

    def on_canvas_click(self, event) -> None:
        if self.cv is None:
            return
        if self.tip_by_press:  # the click that ends a long press only reads the card
            self.tip_by_press = False
            return
        x, y = self.canvas_point(event)
        self.activate_hit(self.cv.hit_at(x, y), x, y)

    def activate_hit(self, hit, x: float, y: float) -> None:
        """A click (or Enter) on a board spot at (x, y): play its action, open the chooser of
        its actions, or show what it is and why it cannot be played."""
        self.hide_popups()
        if hit is None:
            return
        acts = [i for i in hit.actions if isinstance(i, int)]
        if len(acts) == 1:
            self.play_index(acts[0])
        elif len(acts) > 1:
            self.chooser_acts = acts
            self.picked["chooser"] = []
            self.render_chooser()
            ch = _el("chooser")
            width = float(_el("board-wrap").clientWidth)
            ch.style.left = f"{max(4, min(x, width - 344))}px"
            ch.style.top = f"{y + 8}px"
            ch.hidden = False
        elif hit.probe or hit.ref or hit.tip:
            self.show_note(hit, x, y)

    def show_note(self, hit, x: float, y: float) -> None:
        """A click on a spot that is not a legal choice: the coach's reason why not (when the
        spot stands for a move), the spot's text, and a link to its rule in How to play. It
        stays until the next click, so its link can be reached (hover tips cannot)."""
        note, s = _el("note"), self.session
        if not note or s is None:
            return
        why = s.explain(hit.probe) if hit.probe is not None and self.mode == "play" else None
        note.textContent = ""
        if why:
            p = js.document.createElement("p")
            p.className = "coach-why"
            p.textContent = why
            note.appendChild(p)
        if hit.tip:
            p = js.document.createElement("p")
            p.className = "coach-tip"
            p.textContent = hit.tip
            note.appendChild(p)
        if hit.ref:
            b = js.document.createElement("button")
            b.className = "rule-link"
            b.id = "note-rule"
            b.dataset.cmd = "rules"
            b.dataset.arg = f"{s.game.name}#{rules_page.ref_anchor(hit.ref)}"
            b.textContent = L("Rule") + " ›"
            note.appendChild(b)
        if not note.firstChild:
            return
        _el("tip").hidden = True
        note.hidden = False
        width = float(_el("board-wrap").clientWidth)
        note.style.left = f"{max(4, min(x + 8, width - 288))}px"
        note.style.top = f"{y + 12}px"

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

    def load_save(self, sid: str) -> tuple[SaveEntry, Session] | None:
        """A save and its game, or None after saying why it cannot be opened."""
        entry = self.saves.get(sid)
        if not entry.ok:
            self.flash(entry.error or T("This save cannot be opened."), detail=entry.detail)
            return None
        try:
            return entry, Session.load(entry.record)
        except RecordError as exc:
            self.flash(T("“{name}” cannot be opened: {reason}", name=entry.name, reason=exc.reason),
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
            opened = self.load_save(arg)
            if opened is None:
                return
            entry, session = opened
            self.banner = None
            if cmd == "resume":
                self.open_session(session, arg, entry.name, known=stamp(entry.record))
                return
            humans = session.humans()
            # one human: that seat's eyes; hot-seat or bots only: the public view (any seat
            # once the game is over)
            viewer = humans[0] if len(humans) == 1 or (humans and session.is_over()) else None
            self.open_review(session, viewer, back="home", name=entry.name)
        elif cmd == "review-current" and s is not None:
            self.open_review(Session(s.record.model_copy(deep=True)), s.me() if self.mode == "play" else None,
                             back="table", name=self.save_name)
        elif cmd.startswith("review-"):
            self.review_command(cmd, arg)
        elif cmd == "rename":
            entry = self.saves.get(arg)
            name = js.window.prompt(L("New name for this saved game:"), entry.name)
            if isinstance(name, str) and name.strip():
                problem = self.saves.rename(arg, name)
                if problem:
                    self.banner = (problem, "error")
                if self.sid == arg:
                    self.save_name = name.strip()
                self.show_home()
        elif cmd == "delete":
            entry = self.saves.get(arg)
            if js.window.confirm(L("Delete “{name}”? This cannot be undone.", name=entry.name or arg)):
                problem = self.saves.delete(arg)
                if problem:
                    self.banner = (problem, "error")
                self.show_home()
        elif cmd in ("export", "export-raw"):
            try:
                fname, text = self.saves.export(arg) if cmd == "export" else self.saves.export_raw(arg)
            except SaveError as exc:
                self.flash(exc, detail=exc.detail)
                return
            self.download(fname, text)
        elif cmd == "conflict-copy":
            self.save_conflict_copy()
        elif cmd == "conflict-load":
            self.load_other_tab()
        elif cmd == "show-choices":
            self.show_choices()
        elif cmd == "hints":
            self.toggle_hints()
        elif cmd == "suggest":
            self.suggest()
            self.render_actions()
        elif cmd == "act":
            self.hide_popups()
            self.play_index(int(arg))
        elif cmd in ("pick", "pick-back"):
            self.pick(arg, back=cmd == "pick-back")
        elif cmd == "close-chooser":
            self.hide_popups()
        elif cmd == "handoff" and s is not None:
            s.confirm_handoff()
            self.refresh()
        elif cmd == "undo" and s is not None:
            undone, count = s.undo_text(), s.undo_count()
            self.stop_loop()  # a bot thinking about the position undone: its request is dropped
            try:
                s.undo()
            except IllegalAction as exc:
                self.flash(exc)
                return
            self.autosave()
            self.flash(T("Undone: {move}", move=_Named(undone, s)) if count == 1 else
                       T("Undone: {move}, and the bots’ moves after it", move=_Named(undone, s)), "info")
            self.refresh()
        elif cmd == "pause":
            self.paused = not self.paused
            if self.paused:
                self.stop_loop()
            self.refresh()
        elif cmd == "step" and s is not None:
            self.watch_step()
            self.refresh()
        elif cmd == "restart" and s is not None:
            floor = s.fork_floor()
            start = s.record.model_copy(update={"actions": self.watch_actions[:floor]})
            session = Session.load(start)
            session.spectate = True
            self.open_session(session, None, "", mode="watch", watch_actions=self.watch_actions)
        elif cmd == "takeover" and s is not None:
            session = Session.load(s.record.model_copy(deep=True))
            sid = self.saves.new_id()
            self.open_session(session, sid, L("{game} · from a watched game", game=session.game.title))
            self.autosave()
        elif cmd == "again" and s is not None:
            self.show_new(s.game.name, s.record.players, [seat.model_dump() for seat in s.seats])
        elif cmd == "share" and s is not None:
            self.show_share()
        elif cmd == "copy":
            el = _el(arg)
            if el:
                el.select()
                try:
                    js.navigator.clipboard.writeText(el.value)
                except Exception:
                    js.document.execCommand("copy")
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
            name = js.window.prompt(L("Name of the copy:"), L("{name} (copy)", name=self.save_name))
            if isinstance(name, str) and name.strip():
                sid = self.saves.new_id()
                problem = self.saves.put(sid, name.strip(), s.record.model_dump(mode="json"), over=s.is_over())
                self.flash(problem or T("Saved a copy as “{name}”.", name=name.strip()), "error" if problem else "info")

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

    async def import_file(self, file) -> None:
        try:
            Saves.check_import_size(file.size)  # before the file is read into memory
            text = str(await file.text())
            name = str(file.name).rsplit(".", 1)[0]
            self.saves.import_text(text, name, lang=self.lang)
            self.banner = (IMPORTED.format(name=name), "info")
        except SaveError as exc:
            self.banner = (exc, "error", exc.detail)
        except Exception as exc:
            self.banner = (IMPORT_FAILED, "error", _error_detail(exc))
        try:
            self.show_home()
        except Exception as exc:
            self.fall_back_home(SOMETHING_WRONG, exc)

    def download(self, fname: str, text: str, mime: str = "application/json") -> None:
        blob = js.Blob.new(to_js([text]), _jsobj({"type": mime}))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = fname
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)

    def on_pointermove(self, event) -> None:
        if getattr(event.target, "id", "") != "board" or self.cv is None:
            return
        if str(event.pointerType) == "touch":
            return
        x, y = self.canvas_point(event)
        hit = self.cv.hit_at(x, y)
        event.target.style.cursor = ("pointer" if hit is not None and hit.actions else
                                     "help" if hit is not None and (hit.probe or hit.ref) else "default")
        if (_el("chooser") and not _el("chooser").hidden) or (_el("note") and not _el("note").hidden):
            return
        self.show_tip(hit, x, y)

    def on_pointerdown(self, event) -> None:
        if getattr(event.target, "id", "") != "board" or self.cv is None:
            return
        self.tip_by_press = False
        if str(event.pointerType) != "mouse":
            x, y = self.canvas_point(event)
            hit = self.cv.hit_at(x, y)
            if hit is not None and hit.tip:
                self.press_task = asyncio.ensure_future(self._long_press(hit, x, y))

    async def _long_press(self, hit, x, y) -> None:
        """A touch held for half a second shows the card's text; lifting the finger then does
        not play it (see ``on_canvas_click``)."""
        await asyncio.sleep(0.5)
        self.show_tip(hit, x, y)
        self.tip_by_press = True

    def on_pointerup(self, event) -> None:
        if self.press_task is not None and not self.press_task.done():
            self.press_task.cancel()
        self.press_task = None
        if str(event.type) == "pointerleave" and getattr(event.target, "id", "") == "board":
            tip = _el("tip")
            if tip:
                tip.hidden = True

    def on_contextmenu(self, event) -> None:
        if getattr(event.target, "id", "") == "board":
            event.preventDefault()  # a long press shows the tip instead of the menu

    def on_keydown(self, event) -> None:
        if str(getattr(event.target, "id", "") or "") == "board" and self.screen == "table" and self.on_board_key(event):
            event.preventDefault()  # the arrows move between spots, not the page
            return
        if str(event.key) == "Escape":
            if self.rules is not None:
                self.close_rules()
                return
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
