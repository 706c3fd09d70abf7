"""Python starts from the build's memory snapshot when it can have it in time, and a snapshot
that cannot be used never stops the page.

build.py saves the WebAssembly memory of a started Pyodide (``make_snapshot``);
``interpreter.mjs`` starts from it when the service worker has cached it (a returning visitor)
or, on a first visit, when its download is over within 1.5 s; the usual way otherwise.
``<html data-pyodide-snapshot>`` says which: "used", "none", "slow" (the download was dropped)
or "failed" (unreadable or refused). A test sets the download's time limit
(``tavoloSnapshotWithinMs``) so that a busy machine does not decide the outcome.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import gzip
import re

import pytest

from tests.web.conftest import open_app, wait_ready
from tests.web.pagedriver import play_one_move, saved_record, start_game, wait_my_choices

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


def first_visit(new_context, base_url, within_ms: int, **context_options):
    """A fresh context whose page allows the snapshot's download ``within_ms``; -> page, errors."""
    ctx = new_context(**context_options)
    ctx.add_init_script(f"globalThis.tavoloSnapshotWithinMs = {within_ms};")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def returning_visitor(new_context, base_url, site_dir):
    """A page whose first visit is over: the service worker controls it and holds the snapshot."""
    url = base_url + snapshot_url(site_dir)
    page, errors = first_visit(new_context, base_url, within_ms=0)
    open_app(page, base_url)
    assert how_python_started(page) == "slow"  # not downloaded in time: not in the cache yet
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
        # the page has the service worker replace a copy it refused: wait for the new one
        page.wait_for_function(f"() => caches.match({url!r}).then(r => !!r)", timeout=SW_TIMEOUT_MS)
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


def test_a_first_visit_starts_from_the_snapshot_it_downloads_in_time_and_plays(new_context, base_url, site_dir):
    snapshot_url(site_dir)
    page, errors = first_visit(new_context, base_url, within_ms=120_000)
    open_app(page, base_url)
    assert how_python_started(page) == "used"
    start_game(page, "citadels", [("Ada", "human"), ("Bruno", "bot:easy")], seed=3)
    wait_my_choices(page)
    play_one_move(page)
    assert errors == []


def test_two_first_visits_from_the_snapshot_deal_different_games(new_context, base_url, site_dir):
    """The snapshot freezes the interpreter's memory, the ``random`` module's state with it: a
    blank Seed field must still give a new deal on every visit (it once gave the same seed to
    the first game of every visit)."""
    snapshot_url(site_dir)
    seeds = []
    for _ in range(2):
        page, errors = first_visit(new_context, base_url, within_ms=120_000)
        open_app(page, base_url)
        assert how_python_started(page) == "used"
        page.click(".game-card[data-game='spyrium'] button[data-cmd='new']")
        page.wait_for_function("() => document.body.dataset.screen === 'new'")
        assert page.input_value("#seed") == ""
        page.click("#start")
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        seeds.append(saved_record(page)["seed"])
        assert errors == []
    assert seeds[0] != seeds[1], seeds


def test_a_snapshot_that_would_come_late_is_dropped_and_python_starts_the_usual_way(new_context, base_url,
                                                                                   site_dir):
    snapshot_url(site_dir)
    # no service worker: the reload below must not find the snapshot in its cache
    page, errors = first_visit(new_context, base_url, within_ms=0, service_workers="block")
    # the snapshot's requests that went to the network: finished, or dropped on the way (the
    # bots' worker only looks in the HTTP cache: a miss there is "net::ERR_CACHE_MISS")
    downloads = []
    page.on("requestfinished", lambda r: downloads.append("finished") if "/pyodide/snapshot-" in r.url else None)
    page.on("requestfailed", lambda r: downloads.append(r.failure)
            if "/pyodide/snapshot-" in r.url and r.failure != "net::ERR_CACHE_MISS" else None)
    open_app(page, base_url)
    assert how_python_started(page) == "slow"
    assert downloads == ["net::ERR_ABORTED"]  # it was asked for, then dropped
    assert page.evaluate("document.body.dataset.screen") == "home"
    # the page remembers it: the next start neither asks again nor waits for another verdict
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    downloads.clear()
    page.reload()
    wait_ready(page)
    assert how_python_started(page) == "slow"
    assert page.evaluate("document.body.dataset.screen") == "home"
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    assert downloads == []
    assert errors == []


@pytest.mark.parametrize("damage", ["not gzip at all", "gzip of nonsense", "missing"])
def test_a_damaged_download_is_refused_and_python_starts_the_usual_way(new_context, base_url, site_dir, damage):
    snapshot_url(site_dir)
    page, errors = first_visit(new_context, base_url, within_ms=120_000)

    def answer(route):
        if damage == "missing":
            route.fulfill(status=404, body="")
        elif damage == "not gzip at all":
            route.fulfill(status=200, body=b"nonsense")
        else:
            route.fulfill(status=200, body=gzip.compress(bytes([7]) * 4096))

    page.route("**/pyodide/snapshot-*", answer)
    open_app(page, base_url)
    assert how_python_started(page) == ("none" if damage == "missing" else "failed")
    assert page.evaluate("document.body.dataset.screen") == "home"
    assert errors == []
