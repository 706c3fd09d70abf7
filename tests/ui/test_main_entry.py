"""web/main.py, the page's entry point, run on CPython with a fake ``js``: once the wheels are
loaded, whatever fails (the app's module does not import, ``main()`` raises) leaves a page
that says so with the error behind "Details", marked ready; never a dead boot screen."""

from __future__ import annotations

import ast
import asyncio
import sys
import types
from pathlib import Path

import pytest

MAIN = Path(__file__).resolve().parents[2] / "web" / "main.py"


class Element:
    def __init__(self, doc, tag="div", id_=""):
        self.doc, self.tag, self.id = doc, tag, id_
        self.children: list[Element] = []
        self.textContent = ""
        self.className = ""
        self.attrs: dict[str, str] = {}
        self.dataset = types.SimpleNamespace()
        self.removed = False

    def setAttribute(self, k, v):
        self.attrs[k] = v

    def append(self, *els):
        self.children.extend(els)

    def appendChild(self, el):
        self.children.append(el)

    def replaceChildren(self, *els):
        self.children = list(els)

    def remove(self):
        self.removed = True
        self.doc.ids.pop(self.id, None)

    def text(self) -> str:
        return " ".join([self.textContent] + [c.text() for c in self.children]).strip()


class Document:
    def __init__(self):
        self.ids: dict[str, Element] = {}
        self.body = Element(self, "body")
        for i in ("boot", "boot-msg", "app"):
            self.ids[i] = Element(self, "div", i)

    def getElementById(self, id_):
        return self.ids.get(id_)

    def createElement(self, tag):
        return Element(self, tag)


class JsArray(list):
    def includes(self, item):
        return item in self


def run_main(monkeypatch, app_module, load_fails=False, pending=None, loads=True, namespace=None):
    """Run main.py with fakes. ``pending``: what interpreter.mjs's ``tavoloPackages`` promise
    gives (None: no such promise, main.py loads the wheels itself; else a value to await:
    null for loaded, an error otherwise). ``loads``: whether the wheels end up loaded (Pyodide
    reports some failures without raising)."""
    doc = Document()
    loaded: dict[str, str] = {}
    fake_js = types.SimpleNamespace(document=doc, performance=types.SimpleNamespace(now=lambda: 12.0),
                                    Object=types.SimpleNamespace(keys=lambda o: JsArray(o)))

    async def answer(value):
        if loads:
            loaded["tavolo-ui"] = "default channel"
        return value

    if pending is not None:
        fake_js.tavoloPackages = answer(pending[0])

    async def load_package(name):
        if load_fails:
            raise RuntimeError("the network is down")
        if loads:
            loaded[name] = "default channel"

    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(loadPackage=load_package, loadedPackages=loaded))
    monkeypatch.setitem(sys.modules, "tavolo_ui.app", app_module)
    code = compile(MAIN.read_text(), str(MAIN), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    result = eval(code, namespace if namespace is not None else {"__name__": "__main__"})
    if asyncio.iscoroutine(result):
        asyncio.run(result)
    return doc


def test_app_module_that_does_not_import_gives_a_plain_page(monkeypatch):
    doc = run_main(monkeypatch, None)  # None in sys.modules: the import raises ImportError
    assert doc.body.dataset.ready == "1" and doc.body.dataset.screen == "broken"
    assert "boot" not in doc.ids  # the boot screen is gone
    page = doc.ids["app"].text()
    assert "could not show its page" in page and "tavolo_ui.app" in page and "Details" in page


def test_main_that_raises_uses_the_apps_own_plain_page(monkeypatch):
    shown = []
    fake = types.ModuleType("tavolo_ui.app")

    def main():
        raise ValueError("boom in main")

    fake.main = main
    fake.show_broken_page = shown.append
    fake.mark_ready = lambda: shown.append("ready")
    doc = run_main(monkeypatch, fake)
    assert "boom in main" in shown[0] and shown[1] == "ready"
    assert not getattr(doc.body.dataset, "bootPyMs", "")


def test_a_working_app_is_timed(monkeypatch):
    fake = types.ModuleType("tavolo_ui.app")
    fake.main = lambda: "app"
    doc = run_main(monkeypatch, fake)
    assert doc.body.dataset.bootPyMs == "0"


def _not_loaded_page(doc) -> str:
    assert doc.body.dataset.ready == "1" and doc.body.dataset.screen == "broken"
    assert "boot" not in doc.ids  # the boot screen is gone
    page = doc.ids["app"].text()
    assert "a file it needs did not load" in page and "Details" in page
    assert "Reload" in page  # a button: an installed app has no browser's one
    return page


def test_wheels_that_do_not_load_are_reported_on_a_plain_page(monkeypatch):
    page = _not_loaded_page(run_main(monkeypatch, None, load_fails=True))
    assert "the network is down" in page  # in the details


def test_wheels_pyodide_reports_without_raising_are_reported_too(monkeypatch):
    """Pyodide's loadPackage logs a wheel that fails its sha256 check and resolves: what was
    loaded is checked."""
    page = _not_loaded_page(run_main(monkeypatch, None, loads=False))
    assert "tavolo-ui was not loaded" in page


def test_the_load_started_by_the_interpreter_module_is_awaited(monkeypatch):
    fake = types.ModuleType("tavolo_ui.app")
    fake.main = lambda: "app"
    doc = run_main(monkeypatch, fake, pending=[None])  # loaded: the app starts
    assert doc.body.dataset.bootPyMs == "0" and "boot" in doc.ids
    page = _not_loaded_page(run_main(monkeypatch, fake, pending=["Error: Failed to fetch"], loads=False))
    assert "Failed to fetch" in page


def _main_functions(monkeypatch) -> dict:
    """main.py's names after a run with a working stand-in app (whose presence in
    ``sys.modules`` made the run skip the import steps), the stand-in then taken away."""
    fake = types.ModuleType("tavolo_ui.app")
    fake.main = lambda: "app"
    names: dict = {"__name__": "__main__"}
    run_main(monkeypatch, fake, namespace=names)
    monkeypatch.delitem(sys.modules, "tavolo_ui.app")
    return names


def test_the_apps_modules_are_imported_in_steps_with_the_page_given_back_between(monkeypatch):
    """No one task holds the page for all the imports: after steps that took STEP_MS (here
    each step takes 60 ms of a fake clock, the budget is 100 ms), Python awaits a new task."""
    main = _main_functions(monkeypatch)
    log: list[str] = []
    ticks = iter(range(0, 10_000, 60))

    async def next_task(_delay):
        log.append("new task")

    monkeypatch.setattr(asyncio, "sleep", next_task)
    asyncio.run(main["_import_in_steps"](["a", "b", "c", "d", "e"], 100, lambda: next(ticks) / 1000, log.append))
    assert log == ["a", "b", "new task", "c", "d", "new task", "e"]


def test_a_step_that_fails_ends_the_steps_and_leaves_it_to_the_apps_import(monkeypatch):
    main = _main_functions(monkeypatch)
    log: list[str] = []

    def load(name):
        if name == "b":
            raise ImportError("no module named b")
        log.append(name)

    asyncio.run(main["_import_in_steps"](["a", "b", "c"], 100, lambda: 0.0, load))
    assert log == ["a"]


def test_every_import_step_names_a_module_there_is():
    """A module renamed or removed must leave the list too (else the steps stop there)."""
    import importlib.util

    steps = next(node.value for node in ast.parse(MAIN.read_text()).body
                 if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "IMPORT_STEPS")
    names = ast.literal_eval(steps)
    assert names[-1] == "tavolo_ui.app" and len(set(names)) == len(names)
    assert [n for n in names if importlib.util.find_spec(n) is None] == []
