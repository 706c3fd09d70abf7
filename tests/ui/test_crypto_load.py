"""The seals' library loaded only for a game at a distance (issue 40): ``tavolo_ui.crypto_load``
on CPython, with the page's Pyodide as a fake whose ``loadPackage`` fails the way the real one
does (it reports the failure through ``errorCallback`` and does not raise). The browser test
``tests/web/test_seal_in_browser.py`` loads the real wheels."""

from __future__ import annotations

import asyncio
import sys
import types

import pytest

from tavolo_ui import crypto_load


class FakePage:
    """What ``load_seals`` uses of the page: its banner."""

    def __init__(self) -> None:
        self.flashed: list[tuple] = []

    def flash(self, msg, kind="error", detail="", buttons=()) -> None:
        self.flashed.append((msg, kind, detail))


class Proxy:
    def __init__(self, fn) -> None:
        self.fn, self.destroyed = fn, False

    def __call__(self, *args):
        return self.fn(*args)

    def destroy(self) -> None:
        self.destroyed = True


class Asked(list):
    """The names ``loadPackage`` was asked for; ``root``: the page's <html>."""

    root: types.SimpleNamespace


@pytest.fixture
def offline(monkeypatch):
    """A page where ecdsa is not installed and every ``loadPackage`` of it fails its download;
    -> the names asked for, one list per call."""
    asked = Asked()

    async def load_package(name, options):
        asked.append(name)
        options["errorCallback"](f"Failed to load {name}-0.19.2-py2.py3-none-any.whl: NetworkError")

    monkeypatch.setattr(crypto_load, "_found", lambda module: False)
    monkeypatch.setattr(crypto_load, "_installed", False)
    monkeypatch.setattr(crypto_load, "_loading", None)
    monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(loadPackage=load_package))
    ffi = types.SimpleNamespace(create_proxy=Proxy, to_js=lambda value, dict_converter=None: value)
    monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=ffi))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    root = types.SimpleNamespace(dataset=types.SimpleNamespace())
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(Object=types.SimpleNamespace(fromEntries=dict),
                                                                 document=types.SimpleNamespace(documentElement=root)))
    asked.root = root
    return asked


def test_a_failed_load_is_said_in_the_banner_with_its_reason_and_tried_again(offline):
    page = FakePage()

    async def open_two_games() -> None:
        crypto_load.load_seals(page)
        crypto_load.load_seals(page)  # created, then resumed at once: one load for both
        await asyncio.sleep(0.01)
        assert offline == ["ecdsa"]
        crypto_load.load_seals(page)  # the next game at a distance tries again
        await asyncio.sleep(0.01)

    asyncio.run(open_two_games())
    assert offline == ["ecdsa", "ecdsa"]
    assert page.flashed and all(f == page.flashed[0] for f in page.flashed)
    msg, kind, detail = page.flashed[0]
    assert msg is crypto_load.NOT_LOADED and kind == "error"
    assert "NetworkError" in detail  # behind the Details toggle
    assert offline.root.dataset.seals == "failed"


def test_ensure_seals_says_why_not(offline):
    """For the code that needs the seals next: the reason, or None once they are here."""
    assert "NetworkError" in asyncio.run(crypto_load.ensure_seals())


def test_nothing_is_loaded_when_ecdsa_is_already_here(monkeypatch):
    """On CPython (and in the page once loaded) the hook does nothing: no event loop needed,
    no Pyodide asked."""
    monkeypatch.setattr(crypto_load, "_installed", False)
    monkeypatch.delitem(sys.modules, "pyodide_js", raising=False)
    page = FakePage()
    crypto_load.load_seals(page)
    assert crypto_load.installed() and page.flashed == []
    assert asyncio.run(crypto_load.ensure_seals()) is None
