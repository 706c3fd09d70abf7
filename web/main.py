"""Tavolo's entry point in the page (run by PyScript): load the engines, start the app, or say
why it cannot.

The wheels (the UI, the engines, pydantic and what it needs) are loaded with Pyodide's own
``loadPackage``: it resolves the dependencies from the site's ``pyodide-lock.json`` and checks
every wheel's sha256, with no micropip and no package cache (see ``build.pyscript_config``).
``interpreter.mjs`` has Pyodide fetch them while the interpreter starts (loadPyodide's
``packages``); here the outcome is awaited (or the load started, when it was not).

The app's modules (pydantic, the engines' core, the UI) are then imported in steps
(``IMPORT_STEPS``), the page's thread given back to the browser between them, so that no
single task holds the page for seconds on a slow phone's CPU (the bench's ``--cpu 4``).
"""

import asyncio
import importlib
import os
import sys
import time

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


def _t(text: str) -> str:
    """A last-resort text (one of ``build.BOOT_TEXTS``), before (or without) the UI's
    catalogue: in the page's language, from the table ``build.py`` gave ``boot.js``
    (``tavoloText``); English when that table is not there."""
    try:
        return str(js.tavoloText(text))
    except Exception:
        return text


NOT_SHOWN = "Tavolo could not show its page. Reload to try again; the details below say what failed."
NOT_LOADED = "Tavolo could not start: a file it needs did not load. Reload to try again; the details below say what failed."


def _plain_page(detail: str, message: str | None = None) -> None:
    """The last resort when the app's own recovery could not run (its module failed to
    import): a plain page made with textContent only, a Reload button (an installed app has no
    browser's one), the error behind a "details" toggle."""
    doc = js.document
    boot = doc.getElementById("boot")
    if boot:
        boot.remove()
    root = doc.getElementById("app") or doc.body
    main = doc.createElement("main")
    main.className = "broken"
    main.setAttribute("role", "alert")
    para = doc.createElement("p")
    para.textContent = message or _t(NOT_SHOWN)
    again = doc.createElement("p")
    reload_link = doc.createElement("a")
    reload_link.className = "btn"
    reload_link.setAttribute("href", "")
    reload_link.textContent = _t("Reload")
    again.append(reload_link)
    details = doc.createElement("details")
    details.className = "details"
    summary = doc.createElement("summary")
    summary.textContent = _t("Details")
    pre = doc.createElement("pre")
    pre.textContent = detail
    details.append(summary, pre)
    main.append(para, again, details)
    root.replaceChildren(main)
    doc.body.dataset.screen = "broken"
    doc.body.dataset.ready = "1"


UI_WHEEL = "tavolo-ui"  # build.BOOT_PACKAGE: the UI's wheel, which brings the others


async def _load_wheels() -> str | None:
    """Load the wheels, or say why they did not load (None when they did). Pyodide's
    loadPackage reports a wheel that fails its sha256 check or its download without raising,
    so what was loaded is checked too."""
    # interpreter.mjs loaded them with the interpreter (or once more, after a failure): its
    # answer is null or the error; without it (another interpreter module) the load starts here
    pending = getattr(js, "tavoloPackages", None)
    try:
        if pending is None:
            await pyodide_js.loadPackage(UI_WHEEL)
            failed = None
        else:
            failed = await pending
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    if failed:
        return str(failed)
    if not js.Object.keys(pyodide_js.loadedPackages).includes(UI_WHEEL):
        return f"{UI_WHEEL} was not loaded"
    return None


# What ``from tavolo_ui.app import main`` imports, in steps, each after what it needs (the
# order CPython finishes them in): pydantic's parts, the engines' core, the UI's modules.
# Importing one of them first only does sooner, in a task of its own, what the app's import
# would do anyway; a name that is gone or fails is skipped (the app's own import says why).
IMPORT_STEPS = (
    "inspect", "dataclasses", "json", "unicodedata", "typing_extensions", "datetime",
    "pydantic_core", "pydantic.version", "pydantic._migration", "typing_inspection.introspection",
    "pydantic._internal._typing_extra", "pydantic.errors", "pydantic.config",
    "pydantic._internal._decorators", "pydantic._internal._fields", "pydantic._internal._mock_val_ser",
    "zoneinfo", "pydantic.functional_validators", "pydantic.json_schema",
    "pydantic._internal._generate_schema", "pydantic._internal._model_construction", "pydantic.main",
    "pydantic.type_adapter", "annotated_types", "pydantic.types", "pydantic.fields", "pydantic.plugin._loader",
    "engines.core.i18n", "engines.core.errors", "engines.core.rng", "engines.core.chance", "engines.core.game",
    "engines.core.record", "engines", "tavolo_ui", "asyncio", "tavolo_ui.saves", "tavolo_ui.links",
    "engines.core.thinking", "tavolo_ui.session", "tavolo_ui.distance", "tavolo_ui.page", "tavolo_ui.guide",
    "tavolo_ui.bot_loop", "tavolo_ui.choices_panel", "tavolo_ui.distance_screen", "tavolo_ui.table",
    "tavolo_ui.dialogs", "tavolo_ui.review_screen", "tavolo_ui.app",
)
STEP_MS = 100  # the page's thread is given back once a run of steps has taken this long


def _mark(step: str) -> None:
    """The User Timing mark "tavolo:<step>" (bench/boot.py names a long task of the boot by
    the last mark before its end); nothing where the page has no performance.mark."""
    mark = getattr(js.performance, "mark", None)
    if mark is not None:
        mark("tavolo:" + step)


async def _import_in_steps(names=IMPORT_STEPS, step_ms: float = STEP_MS, clock=time.perf_counter,
                           load=importlib.import_module) -> None:
    """Import ``names`` one after the other, giving the page's thread back to the browser
    (``asyncio.sleep(0)``: a new task) whenever the steps since the last time took ``step_ms``
    or more. Stops at the first that fails (the app's own import then says what is wrong), and
    does nothing when the app's module is there already (imported, or a test's stand-in)."""
    if "tavolo_ui.app" in sys.modules:
        return
    since = clock()
    for name in names:
        _mark("import:" + name)
        try:
            load(name)
        except Exception:
            return
        if (clock() - since) * 1000 >= step_ms:
            await asyncio.sleep(0)
            since = clock()


async def _start_app() -> None:
    global APP
    T1 = js.performance.now()
    try:
        await _import_in_steps()
        from tavolo_ui.app import main

        _mark("app")  # the app's start: its first screen drawn
        APP = main()  # never raises: whatever fails, a home screen with a note or a plain page
        # for bench/boot.py and curious people: the app's own share of the boot time
        js.document.body.dataset.bootPyStart = str(round(T0))
        js.document.body.dataset.bootWheelsMs = str(round(T1 - T0))
        js.document.body.dataset.bootPyMs = str(round(js.performance.now() - T1))
    except Exception as exc:  # never a dead boot screen once the wheels are loaded
        import traceback

        traceback.print_exc()
        _detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        try:
            from tavolo_ui.app import mark_ready, show_broken_page

            show_broken_page(_detail)
            mark_ready()
        except Exception:
            _plain_page(_detail)


_boot_message(_t("Loading the game engines…"))
_why_not = await _load_wheels()  # noqa: F704 (PyScript runs this file with top-level await)
if _why_not:  # no Python packages, no page: say so, with what failed behind a toggle
    print("Tavolo: the wheels did not load:", _why_not)
    _plain_page(_why_not, _t(NOT_LOADED))
else:
    await _start_app()  # noqa: F704
