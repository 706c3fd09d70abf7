"""The page's command table (``App.command_table``): every button the page draws has a command,
every command has a button, a name belongs to one screen only, a name no screen has does
nothing, and a command that fails says so in the banner (or, for one that draws a screen,
falls back to a home screen that works). Run on CPython with fakes of the browser's objects."""

from __future__ import annotations

import importlib
import re
import sys
import types
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"


class Storage:
    """``window.localStorage``."""

    def __init__(self):
        self.items: dict[str, str] = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        return list(self.items)[i]


class Element:
    def __init__(self, id_=""):
        self.id = id_
        self.innerHTML = ""
        self.children: list = []
        self.dataset = types.SimpleNamespace()

    def contains(self, _el):
        return False


class Document:
    def __init__(self):
        self.app = Element("app")
        self.body = Element("body")
        self.documentElement = types.SimpleNamespace(lang="")
        self.title = ""
        self.activeElement = None

    def getElementById(self, id_):
        return self.app if id_ == "app" else None

    def querySelector(self, _sel):
        return None


@pytest.fixture
def app(monkeypatch):
    """A fresh ``App`` on fake browser objects (``js``, ``pyodide.ffi``)."""
    errors: list[str] = []
    fake_js = types.SimpleNamespace(
        document=Document(), localStorage=Storage(),
        navigator=types.SimpleNamespace(languages=["en-GB"], language="en-GB"),
        window=types.SimpleNamespace(scrollTo=lambda *a: None, innerWidth=1024, innerHeight=800, tavoloFirst=None),
        console=types.SimpleNamespace(error=errors.append))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn
    ffi.create_once_callable = lambda fn: fn
    ffi.to_js = lambda value, **_: value
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in [m for m in sys.modules if m.startswith("tavolo_ui.")]:
        monkeypatch.delitem(sys.modules, name)  # imported again, on these fakes
    app = importlib.import_module("tavolo_ui.app").App()
    app.errors = errors
    return app


def drawn_commands() -> set[str]:
    """The commands of the buttons the page draws: every ``data-cmd`` written in its sources,
    and the names of the buttons drawn from a list (the review's bar, the banner's choices
    while another tab changed the game)."""
    sources = [p.read_text("utf-8") for p in (WEB / "tavolo_ui").rglob("*.py")]
    sources += [(WEB / name).read_text("utf-8") for name in ("index.html", "boot.js")]
    found = set()
    for text in sources:
        found |= set(re.findall(r'data-cmd="([a-z][a-z-]*)"', text))
        found |= set(re.findall(r'dataset\.cmd = "([a-z][a-z-]*)"', text))
    review = (WEB / "tavolo_ui" / "review_screen.py").read_text("utf-8")
    # the bar's buttons: (command, symbol, title), and whether each is disabled: (command, r.at == ...)
    found |= set(re.findall(r'\("(review-[a-z-]+)", (?:"[^a-z"]|r\.at)', review))
    tabs = (WEB / "tavolo_ui" / "two_tabs.py").read_text("utf-8")
    found |= set(re.findall(r'\("(conflict-[a-z]+)", ', tabs))
    return found


def test_every_button_has_a_command_and_every_command_a_button(app):
    drawn = drawn_commands()
    assert {"home", "lang", "act", "undo", "review-next-round", "conflict-load", "rules-go"} <= drawn
    assert drawn == set(app.commands)


def test_a_name_belongs_to_one_screen(app):
    app.rules.commands = lambda: {"undo": lambda _arg: None}  # How to play claiming the table's Undo
    with pytest.raises(ValueError, match="undo"):
        app.command_table()


def test_a_name_no_screen_has_does_nothing(app):
    app.page.banner = ("kept", "info")
    app.command("no-such-command", "x")
    assert app.page.banner == ("kept", "info") and app.page.screen == ""


class Click:
    """A click on a button with ``data-cmd``."""

    def __init__(self, cmd: str, arg: str = ""):
        attrs = {"data-cmd": cmd, "data-arg": arg}
        button = types.SimpleNamespace(id="", getAttribute=attrs.get)
        self.target = types.SimpleNamespace(id="", closest=lambda _sel: button)


def test_a_failing_command_says_so_in_the_banner(app):
    from tavolo_ui.page import COMMAND_FAILED

    def broken(_arg):
        raise RuntimeError("the dialog broke")

    app.commands["share"] = broken
    app.on_click(Click("share"))
    message, kind, detail, _buttons = app.page.banner
    assert message is COMMAND_FAILED and kind == "error" and "the dialog broke" in detail
    assert app.page.screen == ""  # the screen stays as it was
    assert any("command share failed" in e for e in app.errors)


def test_a_failing_command_that_draws_a_screen_falls_back_home(app):
    from tavolo_ui.page import SOMETHING_WRONG

    def broken(_arg):
        raise RuntimeError("half drawn")

    app.commands["resume"] = broken
    app.on_click(Click("resume", "s1"))
    message, kind, detail = app.page.banner
    assert message is SOMETHING_WRONG and "half drawn" in detail
    assert app.page.screen == "home" and app.page.session is None
    assert 'class="game-card"' in app.page.root.innerHTML


def test_commands_reach_their_screen(app):
    app.on_click(Click("new", "toy"))
    assert app.page.screen == "new" and app.new_game.game_name == "toy"
    app.on_click(Click("home"))
    assert app.page.screen == "home"
    app.page.banner = ("note", "info")
    app.on_click(Click("dismiss"))
    assert app.page.banner is None


def test_the_home_screen_says_when_a_game_was_saved_as_people_say_it(app):
    """A saved game's row says "2 hours ago" (``Page.ago``, as the inbox does), not a date."""
    from tavolo_ui.home_screen import HomeScreen
    from tavolo_ui.saves import SaveEntry

    screen = object.__new__(HomeScreen)
    screen.page = types.SimpleNamespace(lang="en", ago=lambda ms: "2 hours ago",
                                        when=lambda ms=None: "12/7/2026, 9:00:00 AM")
    row = screen.save_row(SaveEntry("g1", name="Anna", game="citadels", updated=1_765_000_000, actions=2, over=False))
    assert "2 hours ago" in row and "2026" not in row
