"""What every screen of the page shares: the page itself (``Page``: the banner, the screen
showing, the game on the table, the saves, the language, switching screens), the page's
language now and the helpers that render a text in it (``L``, ``tx``), the DOM helpers
(``_el``, ``_jsobj``), the technical detail of an unexpected error (``_error_detail``), the
last-resort page (``show_broken_page``) and the messages more than one screen shows.

Imported by ``app.py`` and by the screens and their parts (``home_screen``,
``new_game_screen``, ``table``, ``choices_panel``, ``bot_loop``, ``two_tabs``, ``dialogs``,
``review_screen``, ``rules_screen``, ``open_links``); it imports none of them: a screen is
reached through ``Page.screens``, which ``App`` fills.
"""

from __future__ import annotations

import traceback
from html import escape as h
from typing import Any, Callable, Protocol

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from engines.core.i18n import Text, language, texts

from . import home, words
from .guard import OpenGuard
from .saves import Msg, Saves, tr
from .session import Session
from .words import Technical

T = texts("ui")
CURRENT = {"lang": "en"}  # the page's language now (one page, one App)


def L(template: str, **fields: Any) -> str:
    """``T(template, **fields)`` rendered in the page's language now (the translation test
    reads the templates of ``L`` calls like those of ``T``, in every module that defines or
    imports ``L``)."""
    return T(template, **fields).render(CURRENT["lang"])


def tx(message: Any) -> str:
    """A message (``Text``, ``Msg``, an exception, ``str``) in the page's language now."""
    return tr(message, CURRENT["lang"])


# ---- messages for a person shown by more than one screen (the others live with their screen) ----
SOMETHING_WRONG = Msg(T("Something went wrong, so Tavolo shows its home screen. Your saved games are kept."))
COMMAND_FAILED = Msg(T("Something went wrong: that did not work. You can go on."))
HOME_FAILED = Msg(T("Tavolo could not show its home screen."))
HOME_FAILED_MORE = Msg(T("Your saved games are still stored in this browser. Reload the page to try again; "
                    "if this keeps happening, the details below say what failed."))


def _error_detail(exc: BaseException) -> str:
    """The technical text of an unexpected error (for the "details" toggle)."""
    try:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).strip()
    except Exception:
        text = repr(exc)
    return text if len(text) <= 6000 else "…" + text[-6000:]


def _el(id_: str):
    return js.document.getElementById(id_)


def out_of_reach(root, keep=None) -> None:
    """Make every child of ``root`` but ``keep`` inert (out of reach of the keyboard and of
    screen readers) while a dialog is open over them; ``back_in_reach`` undoes it."""
    for child in list(root.children):
        child.inert = keep is None or child != keep


def back_in_reach(root) -> None:
    """Undo ``out_of_reach``: every child of ``root`` usable again."""
    for child in list(root.children):
        child.inert = False


def _jsobj(d: dict):
    return to_js(d, dict_converter=js.Object.fromEntries)


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
                      f'{home.details_html(detail, CURRENT["lang"])}</main>')
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


class Screen(Protocol):
    """What every screen offers (home, New game, table, review): its buttons, drawing itself
    again in place, and a word when another screen is drawn. How to play, a view over the
    screen rather than one, offers the first and the last."""

    def commands(self) -> dict[str, Callable[[str], None]]:
        """The screen's buttons: each ``data-cmd`` name with what it runs, given its ``data-arg``."""
        ...

    def redraw(self) -> None:
        """Draw the screen again in place, in the page's language now (when it is showing)."""
        ...

    def leave(self, screen: str) -> None:
        """``screen`` is about to be drawn into the page (``Page.set_screen``)."""
        ...


class Page:
    """What the screens share, and nothing more. ``App`` builds it and its screens, each of
    which receives it:

    - ``root``: the ``#app`` element every screen is drawn into;
    - ``saves``: the saved games in this browser's storage (``saves.Saves``);
    - ``guard``: the note of what is being opened (``guard.OpenGuard``), so a start cannot
      loop on something that stopped the page;
    - ``lang``: the page's language (one of ``LANGS``), which ``App.set_lang`` switches;
    - ``session``: the game on the table (None: none), which the table plays and the other
      screens review, share or save a copy of;
    - ``banner``: what the screen's banner says: (message, kind) or (message, kind, detail
      [, buttons]); None: nothing (``banner_html``, ``flash``);
    - ``screen``: the screen showing: "home", "new", "table", "watch" or "review" ("" before
      the first);
    - ``clicked``: the id of the button whose click runs the command now (How to play gives
      it the focus back when it closes);
    - ``screens``: the screens by name ("home", "new", "table", "review", "rules"), filled by
      ``App``: how one screen shows another.
    """

    def __init__(self, root, saves: Saves, guard: OpenGuard, lang: str) -> None:
        self.root = root
        self.saves = saves
        self.guard = guard
        self.lang = lang
        self.session: Session | None = None
        self.banner: tuple | None = None
        self.screen = ""
        self.clicked = ""
        self.screens: dict[str, Any] = {}

    def on_table(self) -> Session:
        """The game on the table, for code that runs only while there is one (the table's
        drawing and controls); a call with none is a bug, and says so."""
        if self.session is None:
            raise RuntimeError("no game on the table")
        return self.session

    # ---- the banner ---------------------------------------------------------------------
    def banner_html(self) -> str:
        """``banner`` as HTML: the detail goes behind a "Details" toggle (a technical reason:
        ``words.Technical``, or a ``str`` of raw data, ``home.details_html``) or a "Read more"
        one (the rest of the message, a ``Text`` for a person), buttons are (command, text)
        pairs."""
        if not self.banner:
            return '<div id="banner" hidden></div>'
        msg, kind, detail, buttons = (tuple(self.banner) + ("", ()))[:4]
        more = ""
        if buttons:
            more += ('<div class="banner-btns">' + "".join(f'<button data-cmd="{h(c)}">{h(tx(t))}</button>'
                                                           for c, t in buttons) + "</div>")
        if isinstance(detail, Text):
            more += f'<details class="more"><summary>{h(L("Read more"))}</summary><p>{h(tx(detail))}</p></details>'
        elif detail:
            more += home.details_html(detail if isinstance(detail, Technical) else str(detail), CURRENT["lang"])
        return (f'<div id="banner" class="banner {h(kind)}" role="alert"><div class="banner-body">'
                f'<span class="banner-msg">{h(tx(msg))}</span>{more}</div>'
                f'<button class="x" data-cmd="dismiss" aria-label="{h(L("Dismiss"))}">×</button></div>')

    def flash(self, msg: Any, kind: str = "error", detail: Technical | str = "", buttons: tuple = ()) -> None:
        """Show ``msg`` in the screen's banner, scrolled into sight if it is not: on a phone
        the table is usually scrolled down to the choices, above which the banner is."""
        self.banner = (msg, kind, detail, buttons)
        el = _el("banner")
        if el:
            el.outerHTML = self.banner_html()
            reveal(_el("banner"))

    def clear_banner(self) -> None:
        """Empty the banner (its place stays on the screen)."""
        self.banner = None
        el = _el("banner")
        if el:
            el.outerHTML = self.banner_html()

    # ---- the screens --------------------------------------------------------------------
    def set_screen(self, name: str, html_text: str) -> None:
        """Draw screen ``name`` (its markup ``html_text``) into the page; every screen is told
        first (``Screen.leave``)."""
        for screen in self.screens.values():
            screen.leave(name)
        self.screen = name
        js.document.body.dataset.screen = name
        self.root.innerHTML = html_text
        js.window.scrollTo(0, 0)

    def header(self, title: str = "", extra: str = "", short: str = "") -> str:
        """The top bar of a screen (``home.header``; ``short``: its title on a phone) in the
        page's language."""
        return home.header(self.lang, title, extra, short)

    def lang_switch(self) -> str:
        """The header's "IT | EN" switch (``home.lang_switch``)."""
        return home.lang_switch(self.lang)

    def show_home(self) -> None:
        """The home screen."""
        self.screens["home"].show()

    def fall_back_home(self, message: Any, exc: BaseException) -> None:
        """After an unexpected error: the game on the table forgotten, the home screen with
        ``message`` (the error behind "Details"); a plain page saying so if even the home
        screen cannot be drawn."""
        detail = _error_detail(exc)
        table = self.screens["table"]
        try:
            js.console.error(f"Tavolo: {detail}")
            table.loop.stop_loop()
        except Exception:
            pass
        table.forget_game()
        self.banner = (message, "error", detail)
        try:
            self.show_home()
        except Exception as again:
            show_broken_page(f"{detail}\n\n{_error_detail(again)}")

    # ---- dates --------------------------------------------------------------------------
    def locale(self) -> str | None:
        """The locale for dates (None: the browser's own, in English)."""
        return language(self.lang).locale

    def when(self, ms: float | None = None) -> str:
        """A date and time (``ms`` since 1970; None: now) as the page's language writes it."""
        d = js.Date.new() if ms is None else js.Date.new(ms)
        loc = self.locale()
        return str(d.toLocaleString(loc) if loc else d.toLocaleString())

    def ago(self, ms: float) -> str:
        """When ``ms`` (since 1970) was, as people say it in the page's language: "2 hours
        ago", "yesterday" (``words.ago``); the date, a week back or more."""
        now = js.Date.new()
        said = words.ago(ms, float(now.getTime()), -float(now.getTimezoneOffset()))
        if said is not None:
            return said.render(self.lang)
        loc = self.locale()
        d = js.Date.new(ms)
        return str(d.toLocaleDateString(loc) if loc else d.toLocaleDateString())
