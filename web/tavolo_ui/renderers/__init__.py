"""One renderer module per game: ``render(cv, view, actions, me)`` (see ``tavolo_ui.canvas``).

``get_renderer(game_name)`` returns the game's ``render`` function, or the generic one
(``renderers.generic``: the view as text blocks plus the actions) when the game has no
renderer module yet or it fails to import.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from ..canvas import Canvas

Renderer = Callable[[Canvas, Any, list[dict], int | None], None]
"""``render(cv, view, actions, me)``. The view is ``Any`` here: each game's renderer takes its
own typed view (``engines.<game>.public``), and the game is chosen by name at run time."""

_cache: dict[str, Renderer] = {}


def get_renderer(game_name: str) -> Renderer:
    if game_name not in _cache:
        from . import generic

        fn = generic.render
        if game_name.isidentifier() and game_name != "generic":
            try:
                mod = importlib.import_module(f"{__name__}.{game_name}")
                fn = getattr(mod, "render", generic.render)
            except Exception:  # no module yet, or one that fails to import
                fn = generic.render
        _cache[game_name] = fn
    return _cache[game_name]


def is_generic(game_name: str) -> bool:
    from . import generic

    return get_renderer(game_name) is generic.render
