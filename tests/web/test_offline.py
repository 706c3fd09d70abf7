"""The built site runs with no network, and its service worker keeps it working offline."""

from __future__ import annotations

import re
import shutil
import sys
import time

import pytest

from tests.web.conftest import ROOT, foreign, open_app, shot, wait_ready
from tests.web.pagedriver import start_game

pytestmark = pytest.mark.browser

CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
SW_TIMEOUT_MS = 120_000


def _build_module():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import build

    return build


def _cache_name(site) -> str:
    m = re.search(r'const CACHE = "([^"]+)"', (site / "sw.js").read_text())
    assert m, "sw.js has no CACHE name"
    return m.group(1)


def _wait_caches(page, expected: list[str], timeout_s: float = 120.0) -> list[str]:
    deadline = time.monotonic() + timeout_s
    while True:
        names = sorted(page.evaluate("caches.keys()"))
        if names == sorted(expected) or time.monotonic() > deadline:
            return names
        time.sleep(0.25)


def reload_offline(ctx, page, stop) -> list:
    """Stop the server, cut the network and reload: the responses of the reload (its page is
    ready when this returns)."""
    stop()
    ctx.set_offline(True)
    responses: list = []
    page.on("response", lambda r: responses.append(r))
    page.reload()
    wait_ready(page)
    return responses


def test_boots_with_the_network_cut(context, page, base_url, site_dir):
    open_app(page, base_url)
    shot(page, "offline-01-booted")
    urls = context.requested_urls
    # the WebAssembly comes as its gzipped twin (build.py write_gzip_twins), and only so
    assert any(u.endswith("/pyodide/pyodide.asm.wasm.gz") for u in urls), urls
    assert not any(u.endswith("/pyodide/pyodide.asm.wasm") for u in urls), urls
    assert any("/pyodide/tavolo_engines-" in u and u.endswith(".whl") for u in urls), urls
    assert any(u.endswith("/pyscript/core.js") for u in urls), urls
    assert foreign(urls) == [], f"requests left 127.0.0.1: {foreign(urls)}"
    assert context.blocked_urls == []
    assert page.console_errors == [] or all("favicon" in e for e in page.console_errors), page.console_errors


def test_service_worker_serves_the_app_after_the_server_is_gone(new_context, serve, site_dir):
    """After a first visit, with the server gone and the network cut: the page reloads from the
    service worker, and a game at a distance started then gets its seals' wheels from it."""
    url, stop = serve(site_dir)  # a server of its own, so stopping it disturbs no other test
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    assert page.evaluate("caches.keys()") == [_cache_name(site_dir)]
    # a file with a gzipped twin is precached as the file, decompressed by the service worker
    # from the twin (which the page had fetched): the twin is not kept, the file not downloaded
    cached = page.evaluate(f"caches.open({_cache_name(site_dir)!r}).then((c) => c.keys())"
                           ".then((keys) => keys.map((r) => r.url))")
    assert not any(u.endswith("/pyodide/pyodide.asm.wasm.gz") for u in cached), cached
    wasm = page.evaluate("caches.match('./pyodide/pyodide.asm.wasm')"
                         ".then(async (r) => [r.headers.get('content-type'), (await r.arrayBuffer()).byteLength])")
    assert wasm == ["application/wasm", (site_dir / "pyodide" / "pyodide.asm.wasm").stat().st_size]
    assert not [u for u in ctx.requested_urls if u.endswith("/pyodide/pyodide.asm.wasm")]

    responses = reload_offline(ctx, page, stop)
    shot(page, "offline-02-reloaded-without-server")
    http = [r for r in responses if r.url.startswith("http")]
    # a returning visitor's page reads the WebAssembly itself from the worker's cache, not its twin
    assert any(r.url.endswith("/pyodide/pyodide.asm.wasm") for r in http), [r.url for r in http]
    assert not any(r.url.endswith(".wasm.gz") for r in http), [r.url for r in http]
    not_from_sw = [r.url for r in http if not r.from_service_worker]
    assert not_from_sw == [], f"served without the service worker: {not_from_sw}"
    assert all(r.ok for r in http), [(r.url, r.status) for r in http if not r.ok]
    assert foreign(ctx.requested_urls) == []

    # a game at a distance created offline: the seals' wheels (python-ecdsa and six, loaded only
    # for such a game: tavolo_ui.crypto_load) come from the worker's cache
    assert not [r.url for r in http if "/pyodide/ecdsa-" in r.url]  # not at boot
    start_game(page, "citadels", [("Ada", "human"), ("Bea", "friend"), ("Bot Carlo", "bot:easy")], None)
    page.wait_for_function("() => Boolean(document.documentElement.dataset.seals)")
    assert page.evaluate("document.documentElement.dataset.seals") == "loaded"
    wheels = [r for r in responses if "/pyodide/ecdsa-" in r.url or "/pyodide/six-" in r.url]
    assert len(wheels) == 2 and all(r.ok and r.from_service_worker for r in wheels), [r.url for r in wheels]

    # each game's wheel, loaded when that game is first opened (issue 40; the first visit
    # opened none), comes from the worker's cache too: every game opens offline
    for game in ("spyrium", "euphoria", "myraclia"):
        page.click("header .brand")
        page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
        page.wait_for_function(f"() => document.body.dataset.screen === 'new' && "
                               f"document.documentElement.dataset.gameWheels.includes('{game}')")
    games = [r for r in responses if "/pyodide/tavolo_engines_" in r.url]
    assert {r.url.rsplit("/", 1)[1].split("-")[0] for r in games} == {
        "tavolo_engines_" + g for g in ("citadels", "spyrium", "euphoria", "myraclia")}, [r.url for r in games]
    assert all(r.ok and r.from_service_worker for r in games), [(r.url, r.status) for r in games]


def test_new_deploy_replaces_the_cache(new_context, serve, site_dir, tmp_path):
    build = _build_module()
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    first = _cache_name(site)
    assert build.write_service_worker(site) == first, "sw.js must be reproducible from the same content"

    url, _stop = serve(site)
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    assert _wait_caches(page, [first]) == [first]

    # A new deploy: changed content -> new cache name.
    index = site / "index.html"
    index.write_text(index.read_text() + "\n<!-- tavolo-deploy-2 -->\n")
    second = build.write_service_worker(site)
    assert second != first and second.startswith("tavolo-")

    page.reload()  # the browser checks sw.js, installs the new worker, which activates at once
    wait_ready(page)
    assert _wait_caches(page, [second]) == [second], "the old cache must be deleted on activate"
    page.reload()
    wait_ready(page)
    served = page.evaluate("fetch('./index.html').then((r) => r.text())")  # answered by the new worker
    assert "tavolo-deploy-2" in served, "the reload must be served from the new cache"
    shot(page, "offline-03-new-deploy")



def test_the_page_starts_without_the_gzipped_twins(new_context, serve, site_dir, tmp_path):
    """A host that lost the ``.gz`` twins (a 404 for each): the page and the bots' worker fetch
    the plain files instead (interpreter.mjs) and start as usual."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    twins = [p for p in (site / "pyodide").glob("*.gz") if p.with_suffix("").is_file()]
    assert [p.name for p in twins] == ["pyodide.asm.wasm.gz"]
    for twin in twins:
        twin.unlink()

    url, _stop = serve(site)
    ctx = new_context(service_workers="block")
    page = ctx.new_page()
    notes: list[str] = []
    page.on("console", lambda m: notes.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: notes.append(f"[pageerror] {e}"))
    open_app(page, url)
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    shot(page, "offline-04-started-without-twins")
    urls = ctx.requested_urls
    # the page (its preload, its fetch) and the worker asked for the twin, then for the file
    assert any(u.endswith("/pyodide/pyodide.asm.wasm.gz") for u in urls), urls
    assert sum(u.endswith("/pyodide/pyodide.asm.wasm") for u in urls) >= 2, urls
    assert any("fetched as it is" in n for n in notes), notes
    # the browser's own notes of the missing twin (a 404, whose page fails the integrity check)
    # are the only errors
    errors = [n for n in notes if n.startswith(("[error]", "[pageerror]"))
              and "404" not in n and "pyodide.asm.wasm.gz" not in n]
    assert errors == [], errors
