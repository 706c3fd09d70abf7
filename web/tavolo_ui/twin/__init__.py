"""The board in words: a text twin of the table for screen-reader users (issue 15).

The canvas says nothing to a screen reader; the page already shows, as HTML text, whose turn
it is, the scores, the legal choices and the log. This package adds the rest: what the board
shows, in short lines, drawn from the same **view** the renderer gets
(``engines.get_game(name).view(state, seat)``) and from nothing else, so it cannot tell more
than the seat may see.

``describe(game, view, me, lang)`` gives sections ``(heading, lines)`` in this order:

1. **you** (only when ``me`` is a seat): the person's own hand, money, workers, secrets;
2. **the table**: the public board;
3. **each other player** (every player for a spectator): their public figures.

One module per game (``twin/citadels.py``...) builds its sections as ``Text`` of its game's
catalogue (``sections(view, me) -> list[(Text, list[Text])]``); this module renders them in
``lang``. ``twin_html(sections)`` turns them into ``<h3>``/``<ul><li>`` HTML, every text
escaped, for the visually hidden ``<section id="twin">`` of the page.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from engines.core.i18n import Text, render

Section = tuple[str, list[str]]
"""A heading and its lines, rendered."""

GAMES = ("citadels", "spyrium", "euphoria", "myraclia")
"""The games with a twin; any other game (a test's toy game) has none: ``describe`` gives []."""


def _module(game_name: str) -> ModuleType | None:
    if game_name not in GAMES:
        return None
    return importlib.import_module(f"{__name__}.{game_name}")


def sections_of(game_name: str, view: Mapping[str, Any], me: int | None) -> list[tuple[Text, list[Text]]]:
    """The twin's sections as ``Text`` (not rendered yet); [] for a game without a twin."""
    module = _module(game_name)
    return module.sections(view, me) if module else []


def describe(game_name: str, view: Mapping[str, Any], me: int | None, lang: str) -> list[Section]:
    """The board of ``game_name`` in words, from ``view`` (what seat ``me`` may see; ``None``:
    a spectator), rendered in ``lang``: a list of (heading, lines). Sections without lines are
    left out."""
    return [(render(head, lang), [render(line, lang) for line in lines])
            for head, lines in sections_of(game_name, view, me) if lines]


def twin_html(sections: list[Section]) -> str:
    """The sections as HTML: an ``<h3>`` and a ``<ul>`` of ``<li>`` per section, every text
    escaped (names come from the catalogue, but the page replaces "Player N" by names people
    typed)."""
    out = []
    for head, lines in sections:
        out.append(f"<h3>{html.escape(head)}</h3>")
        out.append("<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>")
    return "".join(out)
