"""A damaged file in the service worker's cache never stops the page (issue 25).

A returning visitor's page comes from the service worker's cache (``sw.js``, written by
build.py from ``SW_TEMPLATE``). When an entry there is damaged (a disk, a browser bug, an
interrupted write), the page must still start:

* the memory snapshot (read by ``interpreter.mjs`` straight from Cache Storage): refused, Python
  starts the usual way, and the bad entry is replaced by a good copy for the next visit;
* a wheel (fetched by Pyodide with the lock file's sha256 as the request's integrity, answered
  by the service worker): the service worker checks the cached copy against that integrity, and
  a copy that fails is dropped and fetched again from the network, whose copy is put back;
* offline, a damaged wheel cannot be replaced: the page says so plainly, in the person's
  language, with a Reload button that works once the network is back.

Each test damages the entry from the page, through the cache the service worker names when
asked (``tavolo-cache-name``), then reloads. Needs ``python build.py`` first.
"""

from __future__ import annotations

import hashlib
import sys

import pytest

from tests.web.conftest import ROOT, open_app, shot, wait_ready
from tests.web.pagedriver import play_one_move, start_game, wait_my_choices
from tests.web.test_snapshot import how_python_started, returning_visitor

pytestmark = pytest.mark.browser

BOT_MOVED = "() => Number(document.body.dataset.botDecisions || 0) >= 1"

# the service worker's cache, as the service worker names it
CACHE_NAME = """() => new Promise((resolve) => {
  navigator.serviceWorker.addEventListener("message", (e) => resolve(e.data.cache), {once: true});
  navigator.serviceWorker.controller.postMessage("tavolo-cache-name");
})"""

# overwrite the cache's entry for a URL with damaged bytes: its first half, or random bytes
DAMAGE = """async ([url, how, cacheName]) => {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(url);
  if (!hit) throw new Error("not in the cache: " + url);
  const good = new Uint8Array(await hit.arrayBuffer());
  let bad;
  if (how === "truncated") bad = good.slice(0, good.length >> 1);
  else if (how === "one byte changed") { bad = good.slice(); bad[bad.length >> 1] ^= 0x55; }
  else bad = crypto.getRandomValues(new Uint8Array(65536));
  await cache.put(url, new Response(bad, {headers: hit.headers}));
  return bad.length;
}"""

# the sha256 (hex) of the cache's entry for a URL, or null when there is none
CACHED_SHA256 = """async ([url, cacheName]) => {
  const hit = await (await caches.open(cacheName)).match(url);
  if (!hit) return null;
  const digest = await crypto.subtle.digest("SHA-256", await hit.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}"""


def wheel(site_dir, prefix: str) -> tuple[str, str]:
    """The site's wheel whose name starts with ``prefix``: its path under the site, its sha256."""
    found = sorted((site_dir / "pyodide").glob(prefix + "*.whl"))
    assert len(found) == 1, found
    return "pyodide/" + found[0].name, hashlib.sha256(found[0].read_bytes()).hexdigest()


def cache_name(page) -> str:
    name = page.evaluate(CACHE_NAME)
    assert name.startswith("tavolo-"), name
    return name


def cached_sha256(page, url: str, name: str, timeout_s: float = 30.0) -> str | None:
    """The entry's sha256, waiting a little for one that is being replaced."""
    deadline = page.evaluate("performance.now()") + timeout_s * 1000
    while True:
        got = page.evaluate(CACHED_SHA256, [url, name])
        if got is not None or page.evaluate("performance.now()") > deadline:
            return got
        page.wait_for_timeout(250)


def plays_against_a_bot(page) -> None:
    """A game against an easy bot: the person moves, and the bot (in its worker) answers."""
    start_game(page, "myraclia", [("Ada", "human"), ("Bruno", "bot:easy")], seed=5)
    wait_my_choices(page)
    play_one_move(page)
    page.wait_for_function(BOT_MOVED, timeout=90_000)
    assert page.evaluate("document.body.dataset.botThread") == "worker"


def test_a_damaged_snapshot_in_the_cache_is_refused_and_replaced(new_context, base_url, site_dir):
    """The snapshot's gzip carries a CRC-32 and the length of what it holds: a truncated or
    changed copy fails to unzip, Python starts the usual way, and the service worker is asked
    to put a good copy in its place, for the next visit (the second damage's visit found it)."""
    page, url, errors = returning_visitor(new_context, base_url, site_dir)
    name = cache_name(page)
    good = hashlib.sha256((site_dir / url.removeprefix(base_url)).read_bytes()).hexdigest()
    for damage in ("truncated", "one byte changed"):
        page.evaluate(DAMAGE, [url, damage, name])
        assert page.evaluate(CACHED_SHA256, [url, name]) != good
        page.reload()
        wait_ready(page)
        assert how_python_started(page) == "failed", damage
        assert page.evaluate("document.body.dataset.screen") == "home"
        assert cached_sha256(page, url, name) == good, f"the damaged snapshot ({damage}) was not replaced"
    assert errors == []


def test_a_damaged_wheel_in_the_cache_is_fetched_again_and_replaced(new_context, base_url, site_dir):
    """Pyodide would refuse the cached copy (its sha256 is not the lock file's) and the page
    could not start, at every visit until the next deploy; the service worker checks the copy
    against the request's integrity, drops it, and answers with the network's copy, which it
    also puts back in its cache. Both the UI's wheel (the page's) and the engines' (the page's
    and the bots' worker's) are damaged, in two ways."""
    page, _, errors = returning_visitor(new_context, base_url, site_dir)
    name = cache_name(page)
    wheels = [wheel(site_dir, "tavolo_engines-"), wheel(site_dir, "tavolo_ui-")]
    for (path, _), damage in zip(wheels, ("truncated", "random bytes")):
        page.evaluate(DAMAGE, [base_url + path, damage, name])
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.screen") == "home", page.inner_text("body")[:500]
    for path, good in wheels:
        assert cached_sha256(page, base_url + path, name) == good, f"the damaged {path} was not replaced"
    plays_against_a_bot(page)
    assert errors == []


def _server_on(directory, port: int):
    """A server for ``directory`` on ``port`` (the same origin as before it was stopped)."""
    import threading

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import build

    server = build.make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_offline_with_a_damaged_wheel_the_page_says_so_and_reload_works_back_online(new_context, serve,
                                                                                   site_dir):
    url, stop = serve(site_dir)  # a server of its own, stopped below
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    page, _, errors = returning_visitor(new_context, url, site_dir)
    page.evaluate("localStorage.setItem('tavolo:lang', 'it')")
    name = cache_name(page)
    # the engines' wheel: Pyodide marks the UI's loaded even so, which the page must not believe
    path, good = wheel(site_dir, "tavolo_engines-")
    page.evaluate(DAMAGE, [url + path, "random bytes", name])
    stop()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.screen") == "broken"
    said = page.inner_text("main.broken")
    assert "Tavolo non è riuscito ad avviarsi" in said, said
    reload_button = page.locator("main.broken .btn", has_text="Ricarica")
    assert reload_button.is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "damaged-cache-offline-it-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    # back online: the damaged copy was dropped, so the Reload button brings the network's
    server = _server_on(site_dir, port)
    try:
        page.context.set_offline(False)
        reload_button.click()
        wait_ready(page)
        assert page.evaluate("document.body.dataset.screen") == "home"
        assert cached_sha256(page, url + path, name) == good
    finally:
        server.shutdown()
        server.server_close()
    assert [e for e in errors if "Failed to fetch" not in e] == []
