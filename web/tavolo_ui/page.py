"""What every screen of the page shares: the page's language now and the helpers that render
a text in it (``L``, ``tx``), the DOM helpers (``_el``, ``_jsobj``), the technical detail of
an unexpected error (``_error_detail``) and the messages more than one screen shows.

Imported by ``app.py`` and by the screens mixed into its ``App`` (``table``, ``choices_panel``,
``bot_loop``, ``two_tabs``, ``dialogs``, ``rules_screen``, ``open_links``); it imports none of them.
"""

from __future__ import annotations

import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from engines.core.i18n import texts

from .saves import Msg, tr

T = texts("ui")
CURRENT = {"lang": "en"}  # the page's language now (one page, one App)


def L(template: str, **fields: Any) -> str:
    """``T(template, **fields)`` rendered in the page's language now (the translation test
    reads the templates of ``L`` calls like those of ``T``, in every module that defines or
    imports ``L``)."""
    return T(template, **fields).render(CURRENT["lang"])


def tx(message: Any) -> str:
    """A message (``Text``, ``Msg``, an exception, ``str``) in the page's language now."""
    return tr(message, CURRENT["lang"])


# ---- messages for a person shown by more than one screen (the others live with their screen) ----
SOMETHING_WRONG = Msg(T("Something went wrong, so Tavolo shows its home screen. Your saved games are kept."))
COMMAND_FAILED = Msg(T("Something went wrong: that did not work. You can go on."))


def _error_detail(exc: BaseException) -> str:
    """The technical text of an unexpected error (for the "details" toggle)."""
    try:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).strip()
    except Exception:
        text = repr(exc)
    return text if len(text) <= 6000 else "…" + text[-6000:]


def _el(id_: str):
    return js.document.getElementById(id_)


def out_of_reach(root, keep=None) -> None:
    """Make every child of ``root`` but ``keep`` inert (out of reach of the keyboard and of
    screen readers) while a dialog is open over them; ``back_in_reach`` undoes it."""
    for child in list(root.children):
        child.inert = keep is None or child != keep


def back_in_reach(root) -> None:
    """Undo ``out_of_reach``: every child of ``root`` usable again."""
    for child in list(root.children):
        child.inert = False


def _jsobj(d: dict):
    return to_js(d, dict_converter=js.Object.fromEntries)
