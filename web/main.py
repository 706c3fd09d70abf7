"""Tavolo's entry point in the page (run by PyScript): load the engines, start the app, or say
why it cannot.

The wheels (the UI, the engines, pydantic and what it needs) are loaded here with Pyodide's own
``loadPackage``: it resolves the dependencies from the site's ``pyodide-lock.json`` and checks
every wheel's sha256, with no micropip and no package cache (see ``build.pyscript_config``).
"""

import os

import js
import pyodide_js

# No pydantic plugins are shipped: skip pydantic's scan of every installed package's entry
# points, which it would run when the first model class is built.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

T0 = js.performance.now()  # when Python starts running this file (after the runtime and UI files)


def _boot_message(text: str, kind: str = "") -> None:
    msg = js.document.getElementById("boot-msg")
    if msg:
        msg.textContent = text
        msg.className = kind


try:
    _boot_message("Loading the game engines…")
    await pyodide_js.loadPackage("tavolo-ui")  # noqa: F704 (PyScript runs this file with top-level await)
    T1 = js.performance.now()
    from tavolo_ui.app import main

    APP = main()
    # for bench/boot.py and curious people: the app's own share of the boot time
    js.document.body.dataset.bootPyStart = str(round(T0))
    js.document.body.dataset.bootWheelsMs = str(round(T1 - T0))
    js.document.body.dataset.bootPyMs = str(round(js.performance.now() - T1))
except Exception as exc:  # show the failure on the boot screen instead of a blank page
    import traceback

    traceback.print_exc()
    _boot_message(f"Tavolo could not start: {exc}", "error")
    raise
