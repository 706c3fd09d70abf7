"""The table's frame: what a person sees at once when the page opens on a game (a share link,
or the game left on the table at the last visit), before Python has loaded.

It is the table screen's outline (``TableScreen.draw_table``): the header with the game's name, the
board's place holding a "setting up the table" placeholder, and the side panel listing the
seats. Pure functions (no ``js``): ``build.py`` renders them at build time, per language, game
and link mode, into ``<template>``s of the static page (``first_screens``); ``boot.js`` reads
only the game's name and the seats' names from the link or the save (no game logic), clones
the template, writes each name into a copy of the seat row with ``textContent`` (a name is
text, never markup) and shows it. When the engines are ready the app draws the real table in
its place (``App.start``: the link or the last game opens as it always did); when they cannot
open it, the home screen with the reason replaces the frame.
"""

from __future__ import annotations

from html import escape as h

from engines.core.i18n import texts

from .home import header, short_title
from .words import L

T = texts("ui")


def frame_html(game, lang: str, mode: str = "play") -> str:
    """The frame of ``game``'s table in ``lang`` (``mode``: "play" or "watch", as the link's),
    its seat list empty (``#frame-seats``; ``seat_row_html`` is one of its rows)."""
    short = short_title(game.title)
    title, short = ((L("{game} — watching", lang, game=game.title), L("{game} — watching", lang, game=short))
                    if mode == "watch" else (game.title, short))
    return f"""
{header(lang, title, short=short)}
<main class="table table-frame" data-game="{h(game.name)}">
<div id="banner" hidden></div>
<div class="table-main">
<div id="board-wrap" class="board-wrap"><div class="board-placeholder" role="status">
<p>{h(L("Setting up the table…", lang))}</p></div></div>
<aside id="side" class="side">
<div class="status">{h(L("Players", lang))}</div>
<ol id="frame-seats" class="frame-seats"></ol>
</aside></div></main>"""


def seat_row_html() -> str:
    """One row of the frame's seat list: the seat's dot (``boot.js`` adds its class ``p<i>``,
    the seat's colour and shape) and its name (written by ``boot.js`` as text)."""
    return '<li class="frame-seat"><span class="dot"></span><span class="frame-name"></span></li>'
