"""The page starts whatever order its files arrive in.

boot.js (a classic script in the head) used to import PyScript's core.js at once. A dynamic
import runs the module as soon as it is fetched, and core.js looks for its config
(``<script type="py" config="./pyscript.json">``, at the end of ``<body>``) when it runs. On a
reload served from the HTTP cache the module sometimes ran before the parser had reached that
element: PyScript then found no config, reached for its default interpreter on a CDN (refused
by the page's policy, and unreachable offline), and the page stayed on the boot screen. It
happened in 2 of 4 warm reloads of ``bench/boot.py`` on a loaded machine.

Here the parser is held deterministically: the page is served with a same-origin script that
the server answers only after a few seconds, just before ``<script type="py">``, while
core.js arrives at once.

The wheels are asked for only once the runtime's own large files have come (interpreter.mjs
RUNTIME_FILES): Pyodide asked for them as soon as it had read its lock file, and on a slow link
their 3-4 MB shared the bandwidth with the WebAssembly and the standard library, which the
interpreter needs first. Here the server holds the standard library until the test releases it.

Python's own start is cut into tasks (interpreter.mjs startInSteps): on a slow phone's CPU it
was one task of many seconds, from the runtime's instantiation to the last wheel installed,
chained by microtasks. Each step marks itself ("tavolo:start:<step>", User Timing), and here the
marks are read from Chromium's trace with the page's tasks: main, the first standard import,
Pyodide's bootstrap and each wheel's install must each be in a task of its own (no time is
measured).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import json
import threading
import time
from functools import partial

import pytest

import build
from tests.web.conftest import PUBLIC, READY_SELECTOR, open_app, wait_ready

pytestmark = pytest.mark.browser

HOLD_S = 3.0
MARK = '<script type="py"'


def held_parser_server():
    """A server of the built site whose index.html holds its parser, just before the Python
    tag, on a script answered only after ``HOLD_S`` seconds; every other file comes at once."""
    import build  # the project's handler: same MIME types and policy as `build.py serve`

    class Handler(build.SiteHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            if path == "/held.js":
                time.sleep(HOLD_S)
                self.reply(b"/* the parser waited for this */\n", "text/javascript")
            elif path == "/index.html":
                html = (PUBLIC / "index.html").read_text()
                assert MARK in html
                self.reply(html.replace(MARK, '<script src="./held.js"></script>\n' + MARK, 1).encode(),
                           "text/html; charset=utf-8")
            else:
                super().do_GET()

        def reply(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = build.SiteServer(("127.0.0.1", 0), partial(Handler, directory=str(PUBLIC)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_python_finds_its_config_while_the_parser_is_held(new_context):
    server = held_parser_server()
    try:
        ctx = new_context(service_workers="block")
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # cold, then a reload served from the HTTP cache (where it used to fail)
        for load in (lambda: page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html"),
                     page.reload):
            load()
            deadline = time.monotonic() + 180
            while not page.query_selector(READY_SELECTOR):
                # the CDN's URL is refused by the page's policy (a page error) before any request
                assert not errors and not ctx.blocked_urls, f"PyScript reached for another origin: " \
                                                            f"{errors} {ctx.blocked_urls}"
                assert time.monotonic() < deadline, "the page did not start"
                page.wait_for_timeout(200)
            assert page.evaluate("document.body.dataset.screen") == "home"
        assert not errors, errors
    finally:
        server.shutdown()
        server.server_close()


STDLIB = "/pyodide/python_stdlib.zip"


def held_stdlib_server(release: threading.Event):
    """A server of the built site that answers the standard library only once ``release`` is
    set, and notes every path asked for, in the order asked (``server.asked``)."""

    class Handler(build.SiteHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            with lock:
                server.asked.append(path)
            if path == STDLIB:
                release.wait(60)
                with lock:
                    server.asked.append("(released)")
            super().do_GET()

    lock = threading.Lock()
    server = build.SiteServer(("127.0.0.1", 0), partial(Handler, directory=str(PUBLIC)))
    server.asked = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_the_wheels_are_asked_for_once_the_runtime_has_come(new_context):
    release = threading.Event()
    server = held_stdlib_server(release)
    try:
        ctx = new_context(service_workers="block")
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        # Pyodide's module and lock file are here: it asks for the wheels right after reading
        # the lock file (the old order), and here it must wait for the held standard library
        deadline = time.monotonic() + 60
        while not {"/pyodide/pyodide.asm.mjs", "/pyodide/pyodide-lock.json", STDLIB} <= set(server.asked):
            assert time.monotonic() < deadline, f"the page never asked for its runtime: {server.asked}"
            page.wait_for_timeout(100)
        page.wait_for_timeout(3000)  # time enough for the old order to ask for every wheel
        asked = list(server.asked)
        assert not [path for path in asked if path.endswith(".whl")], asked
        release.set()
        wait_ready(page)
        assert page.evaluate("document.body.dataset.screen") == "home"
        asked = list(server.asked)
        wheels = [i for i, path in enumerate(asked) if path.endswith(".whl")]
        assert wheels and min(wheels) > asked.index("(released)"), asked
    finally:
        release.set()
        server.shutdown()
        server.server_close()


START_MARK = "tavolo:start:"


def start_steps_by_task(trace: bytes, url: str) -> dict[str, int]:
    """{step: the index of the main-thread task it was marked in} for the marks
    "tavolo:start:<step>" of the page loaded from ``url``, from a Chromium trace (its tasks:
    the "RunTask" events of the thread that started the navigation)."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    nav = [e for e in events if e.get("name") == "navigationStart"
           and str(e.get("args", {}).get("data", {}).get("documentLoaderURL", "")).startswith(url)][-1]
    thread = (nav["pid"], nav["tid"])
    tasks = sorted((e["ts"], e["ts"] + e["dur"]) for e in events
                   if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) == thread)
    steps = {}
    for e in events:
        name = str(e.get("name", ""))
        if name.startswith(START_MARK) and (e["pid"], e["tid"]) == thread:
            steps[name[len(START_MARK):]] = next(i for i, (a, b) in enumerate(tasks) if a <= e["ts"] <= b)
    return steps


def test_python_starts_in_tasks_of_its_own(new_context, browser, base_url):
    ctx = new_context(service_workers="block")
    ctx.add_init_script("globalThis.tavoloSnapshotWithinMs = 0;")  # Python's whole start, no snapshot
    page = ctx.new_page()
    browser.start_tracing(page=page, categories=["disabled-by-default-devtools.timeline", "blink.user_timing"])
    try:
        open_app(page, base_url)
    finally:
        trace = browser.stop_tracing()
    assert page.evaluate("document.body.dataset.screen") == "home"
    assert page.evaluate("document.documentElement.dataset.pyodideSnapshot") == "slow"
    steps = start_steps_by_task(trace, base_url + "index.html")
    imports = [step for step in steps if step.startswith("import:")]
    installs = [step for step in steps if step.startswith("install:")]
    assert imports and imports[0] == "import:" + build.PYODIDE_START_STEPS[0], steps
    assert "install:tavolo-ui" in installs and "install:pydantic" in installs, steps
    apart = ["main", imports[0], "bootstrap", *installs]
    tasks = [steps[step] for step in apart]
    assert len(set(tasks)) == len(apart), {step: steps[step] for step in apart}
