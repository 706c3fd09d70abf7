"""Tavolo's front end in Python (run by PyScript in the page; importable on CPython for tests).

- ``canvas``: the shared drawing layer (a display list with hit regions).
- ``renderers/<game>.py``: one renderer per game, ``render(cv, view, actions, me)``.
"""

from pathlib import Path as _Path

from engines.core.i18n import add_domain as _add_domain

# the page's own texts ("ui"): web/tavolo_ui/i18n/<lang>.json, keyed by the English template
_add_domain("ui", _Path(__file__).resolve().parent / "i18n")
