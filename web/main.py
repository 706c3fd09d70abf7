"""Tavolo's entry point in the page (run by PyScript): start the app, or say why it cannot."""

import js

try:
    from tavolo_ui.app import main

    APP = main()
except Exception as exc:  # show the failure on the boot screen instead of a blank page
    import traceback

    traceback.print_exc()
    msg = js.document.getElementById("boot-msg")
    if msg:
        msg.textContent = f"Tavolo could not start: {exc}"
        msg.className = "error"
    raise
