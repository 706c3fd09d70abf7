"""Tavolo's entry point in the page (run by PyScript): start the app, or say why it cannot."""

import js

T0 = js.performance.now()  # when Python starts running the app (after the runtime and wheels)
try:
    from tavolo_ui.app import main

    APP = main()
    # for bench/boot.py and curious people: the app's own share of the boot time
    js.document.body.dataset.bootPyStart = str(round(T0))
    js.document.body.dataset.bootPyMs = str(round(js.performance.now() - T0))
except Exception as exc:  # show the failure on the boot screen instead of a blank page
    import traceback

    traceback.print_exc()
    msg = js.document.getElementById("boot-msg")
    if msg:
        msg.textContent = f"Tavolo could not start: {exc}"
        msg.className = "error"
    raise
