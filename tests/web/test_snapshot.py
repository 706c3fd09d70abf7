"""A returning visitor's Python starts from the build's memory snapshot, and a snapshot that
cannot be used never stops the page.

build.py saves the WebAssembly memory of a started Pyodide (``make_snapshot``);
``interpreter.mjs`` starts from it when the service worker has cached it, and the usual way
otherwise. ``<html data-pyodide-snapshot>`` says which: "none", "used" or "failed".

Needs ``python build.py`` first.
"""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import open_app, wait_ready
from tests.web.pagedriver import play_one_move, start_game, wait_my_choices

pytestmark = pytest.mark.browser

CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
SW_TIMEOUT_MS = 120_000


def snapshot_url(site_dir) -> str:
    m = re.search(r'const SNAPSHOT = "([^"]+)"', (site_dir / "interpreter.mjs").read_text())
    if not m:
        pytest.skip("this build has no memory snapshot (built with --no-snapshot, or without Node)")
    assert (site_dir / "pyodide" / m.group(1)).is_file()
    return "pyodide/" + m.group(1)


def how_python_started(page) -> str:
    return page.evaluate("document.documentElement.dataset.pyodideSnapshot || ''")


def returning_visitor(new_context, base_url, site_dir):
    """A page whose first visit is over: the service worker controls it and holds the snapshot."""
    url = base_url + snapshot_url(site_dir)
    ctx = new_context()
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, base_url)
    assert how_python_started(page) == "none"  # a first visit never waits for the snapshot
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    page.wait_for_function(f"() => caches.match({url!r}).then(r => !!r)", timeout=SW_TIMEOUT_MS)
    return page, url, errors


def test_a_returning_visitor_starts_from_the_snapshot_and_plays(new_context, base_url, site_dir):
    page, _, errors = returning_visitor(new_context, base_url, site_dir)
    page.reload()
    wait_ready(page)
    assert how_python_started(page) == "used"
    # the whole app works on the restored interpreter: pydantic's binary extension, the
    # engines and the UI were loaded after it; a game is started and a move played
    start_game(page, "myraclia", [("Ada", "human"), ("Bruno", "bot:easy")], seed=5)
    wait_my_choices(page)
    play_one_move(page)
    # the bots' worker started from the snapshot too, and its bot answers
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    assert page.evaluate("document.body.dataset.botWorkerSnapshot") == "used"
    page.wait_for_function("() => Number(document.body.dataset.botDecisions || 0) >= 1", timeout=60_000)
    assert page.evaluate("document.body.dataset.botThread") == "worker"
    assert errors == []


def test_a_damaged_snapshot_is_refused_and_python_starts_the_usual_way(new_context, base_url, site_dir):
    page, url, errors = returning_visitor(new_context, base_url, site_dir)
    for damage in ("gzip of nonsense", "not gzip at all"):
        page.evaluate("""async ([url, damage]) => {
            const bytes = damage === "not gzip at all" ? new TextEncoder().encode("nonsense")
              : new Uint8Array(await new Response(new Blob([new Uint8Array(4096).fill(7)]).stream()
                  .pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
            for (const name of await caches.keys()) {
              const cache = await caches.open(name);
              if (await cache.match(url)) await cache.put(url, new Response(bytes));
            }
        }""", [url, damage])
        page.reload()
        wait_ready(page)
        assert how_python_started(page) == "failed", damage
        assert page.evaluate("document.body.dataset.screen") == "home"
    assert errors == []
