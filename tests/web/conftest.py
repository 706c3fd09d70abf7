"""Browser-test fixtures (pytest + Playwright's Python API on Debian's Chromium).

Needs a built site: run ``python build.py`` first (``bash scripts/test.sh`` does).
Tests skip with a clear message when ``public/index.html`` is missing.

Fixtures
  site_dir      (session) the built ``public/`` folder
  base_url      (session) "http://127.0.0.1:PORT/" of an http server on ``public/``
  serve         (function) serve(directory) -> (base_url, stop): an extra server the test
                may stop (stop() is idempotent, and called at teardown)
  browser       (session) Debian Chromium launched with ``executable_path`` (never
                ``playwright install``)
  context       (function) a fresh context that records every request URL in
                ``context.requested_urls`` and aborts (and records in
                ``context.blocked_urls``) any not on 127.0.0.1 / data: / blob:;
                teardown asserts nothing was blocked
  new_context   (function) new_context(**kwargs) -> another such context (closed at teardown)
  page          (function) a page of ``context``; its console errors and page errors
                collect in ``page.console_errors``
Helpers (import from tests.web.conftest)
  wait_ready(page, timeout_ms=180_000)  waits for ``body[data-ready="1"]``
  shot(page, name)                      saves test-output/screens/<name>.png
  open_app(page, base_url, path="index.html")  goto + wait_ready
  foreign(urls)                         the URLs that left 127.0.0.1

The page's Content Security Policy has no 'unsafe-eval', so ``page.wait_for_function`` must be
given a function ("() => document.body.dataset.over === '1'"): Playwright evaluates a bare
expression with eval() at every poll, which the policy refuses (EvalError), while a function's
text is evaluated once, in the DevTools call the policy exempts.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = Path(os.environ.get("TAVOLO_PUBLIC", ROOT / "public"))  # override to test another build
SCREENS = ROOT / "test-output" / "screens"
CHROMIUM = os.environ.get("TAVOLO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # a container's small /dev/shm must not crash the renderer
]
READY_SELECTOR = "body[data-ready='1']"
READY_TIMEOUT_MS = 180_000
LOCAL_PREFIXES = ("http://127.0.0.1:", "data:", "blob:")


REQUIRE_BROWSER = os.environ.get("TAVOLO_REQUIRE_BROWSER") == "1"  # set by scripts/test.sh


def _skip(reason: str):
    """Skip, or fail when the run says browser tests must run (CI with a built page)."""
    if REQUIRE_BROWSER:
        pytest.fail(reason + " (TAVOLO_REQUIRE_BROWSER=1)", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


def foreign(urls) -> list[str]:
    return [u for u in urls if not u.startswith(LOCAL_PREFIXES)]


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait for the page to say it is ready; if it never does, fail with what the page was
    doing (its boot attributes, the boot screen's words, its console), so a rare stall that
    cannot be reproduced at will still leaves evidence."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)
    except PlaywrightTimeout:
        raise AssertionError(f"the page was not ready after {timeout_ms / 1000:g} s\n{boot_report(page)}") from None


def boot_report(page) -> str:
    """What a page that is not ready shows about its start: for failure messages."""
    try:
        state = page.evaluate("""() => ({
            readyState: document.readyState,
            html: {...document.documentElement.dataset},
            body: {...document.body.dataset},
            boot: (document.querySelector('#boot') || {}).innerText || null,
            controller: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
            scripts: [...document.scripts].map(s => (s.type || 'js') + ' ' + (s.src || s.getAttribute('config') || '').split('/').pop()),
        })""")
    except Exception as err:  # a crashed or closed page
        state = f"(the page could not be read: {err})"
    console = getattr(page, "console_all", [])
    return (f"url: {page.url}\nstate: {state}\nconsole ({len(console)} lines, the last 40):\n  "
            + "\n  ".join(console[-40:]))


def open_app(page, base_url: str, path: str = "index.html", timeout_ms: int = READY_TIMEOUT_MS):
    page.goto(base_url + path)
    wait_ready(page, timeout_ms)
    return page


SERVICE_WORKER_NOTES = ("service worker", "serviceworker", "sw.js")


def app_errors(page) -> list[str]:
    """The page's console errors and uncaught exceptions, except the browser's notes about the
    service worker (blocked in some test contexts)."""
    return [e for e in page.console_errors if not any(n in e.lower() for n in SERVICE_WORKER_NOTES)]


def shot(page, name: str) -> Path:
    SCREENS.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name)
    path = SCREENS / f"{safe}.png"
    _after_the_fade(page)
    page.screenshot(path=str(path), full_page=True)
    return path


def _after_the_fade(page) -> None:
    """Wait (at most 2 s) for the fading copy of the old table (``access.fade_from``) to be
    taken away, so a screenshot shows the table as a person sees it once it settles, not two
    positions drawn over each other."""
    try:
        page.wait_for_function("() => { const g = document.getElementById('board-fade'); return !g || g.hidden; }",
                               timeout=2_000)
    except Exception:  # noqa: BLE001 - a page without the board, or a slow one: shoot anyway
        pass


def _start_server(directory: Path):
    import sys

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import build  # the project's build.py: same handler and MIME types as `build.py serve`

    server = build.make_server(Path(directory), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stopped = []

    def stop():
        if not stopped:
            stopped.append(True)
            server.shutdown()
            server.server_close()

    return f"http://127.0.0.1:{server.server_address[1]}/", stop


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (PUBLIC / "index.html").is_file():
        _skip("public/index.html is missing: run `python build.py` first "
                    "(and web/index.html must exist)")
    return PUBLIC


@pytest.fixture(scope="session")
def base_url(site_dir):
    url, stop = _start_server(site_dir)
    yield url
    stop()


@pytest.fixture
def serve():
    stops = []

    def _serve(directory):
        url, stop = _start_server(Path(directory))
        stops.append(stop)
        return url, stop

    yield _serve
    for stop in stops:
        stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        _skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip("playwright is not installed: pip install -r requirements-dev.txt")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _guarded_context(browser, **kwargs):
    kwargs.setdefault("viewport", {"width": 1280, "height": 800})
    ctx = browser.new_context(**kwargs)
    ctx.requested_urls = []
    ctx.blocked_urls = []

    def on_request(request):
        ctx.requested_urls.append(request.url)

    def route(rt):
        url = rt.request.url
        if url.startswith(LOCAL_PREFIXES):
            rt.continue_()
        else:
            ctx.blocked_urls.append(url)
            rt.abort()

    ctx.on("request", on_request)
    ctx.route("**/*", route)
    return ctx


@pytest.fixture
def new_context(browser):
    made = []

    def _new(**kwargs):
        ctx = _guarded_context(browser, **kwargs)
        made.append(ctx)
        return ctx

    yield _new
    blocked = [u for ctx in made for u in ctx.blocked_urls]
    for ctx in made:
        ctx.close()
    assert not blocked, f"requests left 127.0.0.1: {blocked}"


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    pg = context.new_page()
    pg.console_errors = []
    pg.console_all = []  # every message, for ``boot_report``
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("console", lambda m: pg.console_all.append(f"[{m.type}] {m.text}"[:500]))
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    pg.on("crash", lambda p: print(f"Chromium's renderer crashed on {p.url}", flush=True))
    return pg
