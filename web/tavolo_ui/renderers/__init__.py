"""One renderer module per game: ``render(cv, view, actions, me)`` (see ``tavolo_ui.canvas``).

``get_renderer(game_name)`` returns the game's ``render`` function, or the generic one
(``renderers.generic``: the view as text blocks plus the actions) when the game has no
renderer module yet or it fails to import.
"""

from __future__ import annotations

import importlib
from typing import Callable

_cache: dict[str, Callable] = {}


def get_renderer(game_name: str) -> Callable:
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
