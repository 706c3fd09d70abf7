"""The trimmed standard library (issue 40): the page starts on the trimmed python_stdlib.zip
without ever downloading the full archive, and a standard module the trim left out still
imports, from the full archive, in the page and in a worker.

build.py ships python_stdlib.zip with only the modules the app can reach (``trim_stdlib``) and
the full archive beside it (``STDLIB_FULL``); ``interpreter.mjs`` installs the fallback
(``_tavolo_stdlib``) right after Pyodide starts. ``graphlib`` is a module the app never
imports, so the trim leaves it out (the test checks that first).

The page's interpreter is reached through a test-only wrapper of ``interpreter.mjs``, as in
``test_seal_in_browser.py``; the worker is a test-only module served by a route of this context,
which starts Pyodide through ``interpreter.mjs`` as the bots' worker does.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import zipfile

import pytest

import build
from tests.web.conftest import wait_ready
from tests.web.test_seal_in_browser import KEEP_PYODIDE, RUN_PYTHON

pytestmark = pytest.mark.browser

LEFT_OUT = "graphlib"
IMPORT_IT = ("import graphlib, _tavolo_stdlib\n"
             "str([list(graphlib.TopologicalSorter({'b': {'a'}}).static_order()), _tavolo_stdlib.loaded])")
WORKER = f"""
import {{ loadPyodide }} from "./interpreter.mjs";
const py = await loadPyodide();
try {{
  postMessage(py.runPython({IMPORT_IT!r}));
}} catch (err) {{
  postMessage("error: " + err);
}}
"""
START_WORKER = """() => new Promise((resolve) => {
  const worker = new Worker("./test-stdlib-worker.mjs", { type: "module" });
  worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
  worker.onerror = (event) => resolve("error: " + event.message);
})"""


def test_a_module_left_out_of_the_trimmed_stdlib_imports_from_the_full_archive(new_context, base_url, site_dir):
    with zipfile.ZipFile(site_dir / "pyodide" / "python_stdlib.zip") as trimmed:
        assert not any(n.startswith(LEFT_OUT + ".") for n in trimmed.namelist()), "graphlib was kept"
    with zipfile.ZipFile(site_dir / "pyodide" / build.STDLIB_FULL) as full:
        assert LEFT_OUT + ".py" in full.namelist()

    ctx = new_context(service_workers="block")

    def wrap(route):
        text = route.fetch().text()
        text = text.replace("export async function loadPyodide(", "async function pageLoadPyodide(")
        route.fulfill(body=text + KEEP_PYODIDE, content_type="text/javascript")

    ctx.route("**/interpreter.mjs", wrap)
    ctx.route("**/test-stdlib-worker.mjs", lambda route: route.fulfill(body=WORKER, content_type="text/javascript"))
    page = ctx.new_page()
    page.goto(base_url + "index.html")
    wait_ready(page)
    page.wait_for_function("() => Boolean(globalThis.__tavoloPy)")
    full_url = f"/pyodide/{build.STDLIB_FULL}"

    # started and ready on the trimmed library alone
    assert page.evaluate(RUN_PYTHON, ["import _tavolo_stdlib\nstr(_tavolo_stdlib.loaded)", ""]) == "[]"
    assert not [u for u in ctx.requested_urls if full_url in u]

    # the page: graphlib from the full archive, downloaded once
    assert page.evaluate(RUN_PYTHON, [IMPORT_IT, ""]) == "[['a', 'b'], ['graphlib']]"
    assert len([u for u in ctx.requested_urls if full_url in u]) == 1

    # a worker (the bots' kind): the same, with its own Pyodide
    assert page.evaluate(START_WORKER) == "[['a', 'b'], ['graphlib']]"
    assert page.evaluate("document.body.dataset.ready") == "1"
