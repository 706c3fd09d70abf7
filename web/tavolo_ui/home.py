"""The home screen as HTML: the four games' cards, the saved games, the header.

Pure functions of plain data (the language, the saved games already turned into rows, the
banner's HTML): no ``js``, no ``pyodide``, so they run on CPython too. ``HomeScreen.show`` calls
them in the page, and ``build.py`` calls them at build time to put the same home screen (with
no saved games) into the static ``index.html``, usable before Python has loaded (``boot.js``).
"""

from __future__ import annotations

from html import escape as h
from typing import Callable, Sequence

import engines
from engines.core.guide import has_guide
from engines.core.i18n import LANG_NAMES, LANGS, Text, texts

from .bidi import bdi
from .distance import Distance
from .saves import SaveEntry, tr
from .words import RAW_DETAIL, L, Technical

T = texts("ui")
INSTALL_DESCRIPTION = T("Spyrium, Citadels, Euphoria and Myraclia in a browser tab: hot-seat or against bots, offline.")
"""What the site is, for an install prompt: ``build.write_manifest`` writes it into the web
manifest in every language (``web/manifest.webmanifest`` holds the English)."""
CORE = texts("core")
NO_BANNER = '<div id="banner" hidden></div>'  # the banner's place when there is nothing to say


def lang_switch(lang: str) -> str:
    """The header's "IT | EN" switch (``LANGS``, English last), the button of ``lang`` pressed."""
    btns = "".join(
        f'<button class="lang-btn" data-cmd="lang" data-arg="{code}" lang="{code}" title="{h(LANG_NAMES[code])}"'
        f' aria-label="{h(LANG_NAMES[code])}" aria-pressed="{"true" if code == lang else "false"}">'
        f'{code.upper()}</button>' for code in reversed(LANGS))
    return f'<span class="lang-switch" role="group" aria-label="{h(L("Language", lang))}">{btns}</span>'


def short_title(title: str) -> str:
    """A game's title without its subtitle, for a phone's header: the name before ": "
    ("Euphoria: Build a Better Dystopia" -> "Euphoria"); a title without one as it is."""
    return title.split(": ", 1)[0]


def header(lang: str, title: str = "", extra: str = "", short: str = "") -> str:
    """The top bar of every screen: the brand (back home), a title, ``extra`` buttons, the switch.
    ``short``: the title as a phone shows it (``web/style.css``, up to 480 px, where the row
    leaves the title a few words: "New game: Euphoria" for "New game: Euphoria: Build a Better
    Dystopia"), when it differs; the whole title stays in the span's tooltip."""
    shown = (f'<span class="title-long">{h(title)}</span><span class="title-short">{h(short)}</span>'
             if short and short != title else h(title))
    tip = f' title="{h(title)}"' if short and short != title else ""
    return (f'<header class="top"><button class="brand" data-cmd="home" title="{h(L("Home", lang))}">Tavolo</button>'
            f'<span class="title"{tip}>{shown}</span><span class="grow"></span>{extra}{lang_switch(lang)}</header>')


def game_card(name: str, lang: str) -> str:
    """One game on the home screen: title, description, player range, New game, How to play
    and, for a game with a guide, Learn by playing."""
    inf = engines.about(name)  # from the catalog: no game is imported for the home
    description = CORE(inf["description"]).render(lang)  # translated by the "core" table
    players = L("{low}–{high} players", lang, low=inf["min_players"], high=inf["max_players"])
    return (f'<article class="game-card" data-game="{h(name)}"><h3>{h(inf["title"])}</h3>'
            f'<p>{h(description)}</p>'
            f'<div class="range">{h(players)}</div>'
            f'<div class="card-btns"><button class="primary" data-cmd="new" data-arg="{h(name)}">{h(L("New game", lang))}</button>'
            f'<button data-cmd="rules" data-arg="{h(name)}" id="rules-btn-{h(name)}">{h(L("How to play", lang))}</button>'
            f'{learn_button(name, lang)}</div></article>')


def learn_button(name: str, lang: str, ident: str = "") -> str:
    """"Learn by playing" for a game with a guided first game (``engines.core.guide``), else
    nothing: on the game's card and in How to play (``ident``: its id, else ``learn-<name>``)."""
    if not has_guide(name):
        return ""
    return (f'<button class="learn" data-cmd="learn" data-arg="{h(name)}" id="{h(ident or "learn-" + name)}">'
            f'{h(L("Learn by playing", lang))}</button>')


def save_row(e: SaveEntry, lang: str, when: Callable[[float], str], aside: bool = False) -> str:
    """One saved game on the home screen (``when(ms)`` says when it was last saved), its game
    named under it (by ``short_title``) unless its name begins with it. A continuation of a
    game at a distance that was not kept (``aside``: ``distance.Distance.aside``) says so and
    opens only in the review (no Resume, no Final table). A damaged one says why
    (the technical reason behind "Details") and offers Delete and "Export as is" (its stored
    text, unchanged), and "Try again" when opening it stopped the page last time (``guard``);
    one from a newer Tavolo only "Export as is"."""
    sid = h(e.id)
    if e.ok:
        title = engines.about(e.game)["title"]
        stamp = when(e.updated * 1000) if 0 < e.updated < 1e11 else ""
        state = (L("finished", lang) if e.over else
                 L("1 move", lang) if e.actions == 1 else L("{n} moves", lang, n=e.actions))
        if aside:
            state = f'{L("not kept: review only", lang)} · {state}'
        named = tr(e.name, lang).startswith(short_title(title))  # "Euphoria: Build… · 07/12/2026": said once
        about = " · ".join(str(x) for x in ([] if named else [short_title(title)]) + [state, stamp] if x)
        main_btn = (f'<button class="primary" data-cmd="review-save" data-arg="{sid}">{h(L("Review", lang))}</button>'
                    if aside else
                    f'<button class="primary" data-cmd="review-save" data-arg="{sid}">{h(L("Review", lang))}</button>'
                    f'<button data-cmd="resume" data-arg="{sid}">{h(L("Final table", lang))}</button>' if e.over else
                    f'<button class="primary" data-cmd="resume" data-arg="{sid}">{h(L("Resume", lang))}</button>'
                    f'<button data-cmd="review-save" data-arg="{sid}">{h(L("Review", lang))}</button>')
        return (f'<li class="save{" aside" if aside else ""}" data-sid="{sid}"><div class="save-main"><b class="save-name">{bdi(tr(e.name, lang))}</b>'
                f'<span class="muted">{h(about)}</span></div><div class="save-btns">'
                f'{main_btn}'
                f'<button data-cmd="rename" data-arg="{sid}">{h(L("Rename", lang))}</button>'
                f'<button data-cmd="export" data-arg="{sid}">{h(L("Export", lang))}</button>'
                f'<button class="danger" data-cmd="delete" data-arg="{sid}">{h(L("Delete", lang))}</button></div></li>')
    detail = details_html(e.detail, lang) if e.detail else ""
    delete = ("" if e.newer else
              f'<button class="danger" data-cmd="delete" data-arg="{sid}">{h(L("Delete", lang))}</button>')
    export = (f'<button data-cmd="export-raw" data-arg="{sid}" title="{h(L("Download the saved text exactly as it is", lang))}">'
              f'{h(L("Export as is", lang))}</button>' if e.raw is not None else "")
    retry = (f'<button data-cmd="retry-save" data-arg="{sid}">{h(L("Try again", lang))}</button>'
             if e.retry else "")
    return (f'<li class="save broken" data-sid="{sid}"><div class="save-main"><b class="save-name">{bdi(tr(e.name or e.id, lang))}</b>'
            f'<span class="save-error">{h(tr(e.error or "", lang))}</span>{detail}</div><div class="save-btns">'
            f'{retry}{export}{delete}</div></li>')


def details_html(detail: Technical | Text | str, lang: str) -> str:
    """A closed "Details" toggle holding a technical reason (``words.Technical``): a ``Text`` in
    ``lang``, or raw data (a ``str``) as it is, after a translated label saying it is not
    translated."""
    text = detail.text if isinstance(detail, Technical) else detail
    label = "" if isinstance(text, Text) else f'<p class="detail-raw">{h(RAW_DETAIL.render(lang))}</p>'
    return (f'<details class="details"><summary>{h(L("Details", lang))}</summary>{label}'
            f'<pre>{h(tr(text, lang))}</pre></details>')


INBOX, ASIDE, FINISHED, IN_PLAY = "inbox", "aside", "finished", "in play"


def listed_under(e: SaveEntry) -> str:
    """Where the home screen lists a save: a game at a distance in the inbox (``INBOX``,
    finished ones too); a continuation of one that was not kept (``ASIDE``) among the saved
    games, to review or delete, as no one plays it; else ``FINISHED`` or ``IN_PLAY`` (damaged
    ones too)."""
    info = Distance.from_json(e.distance) if e.ok and e.distance else None
    if info is not None:
        return ASIDE if info.aside else INBOX
    return FINISHED if e.ok and e.over else IN_PLAY


def inbox_html(far: Sequence[str], lang: str) -> str:
    """The home screen's inbox: the games at a distance (nothing when there is none)."""
    if not far:
        return ""
    return (f'<section id="inbox-box"><h2>{h(L("Games at a distance", lang))}</h2>'
            f'<ul class="saves" id="inbox">{"".join(far)}</ul></section>')


def home_html(lang: str, rows: Sequence[str] = (), finished: Sequence[str] = (), banner: str = NO_BANNER,
              far: Sequence[str] = (), aside: Sequence[str] = ()) -> str:
    """The home screen's markup (what goes into ``#app``): the games' cards, the games at a
    distance (``far``: the inbox, ``distance_screen.AtADistance.inbox_row``), the saved games
    in play (``rows``, from ``save_row``), those set aside to review (``aside``: listed after
    them, under "Saved games" when none is in play) and the finished ones, and ``banner`` (its
    HTML). With saved games in play they come first and the games below them."""
    cards = "".join(game_card(name, lang) for name in engines.list_games())
    games_html = (f'<section><h2>{h(L("New game", lang) if rows else L("Games", lang))}</h2>'
                  f'<div class="games">{cards}</div></section>')
    finished_html = (f'<section><h2>{h(L("Finished games", lang))}</h2><ul class="saves" id="finished">'
                     f'{"".join(finished)}</ul></section>' if finished else "")
    empty = (L("No game in progress.", lang) if finished else
             L("No saved games yet. Every game you start is saved here as you play.", lang))
    saves = ("".join([*rows, *aside]) if rows or aside else f'<li class="muted empty">{h(empty)}</li>')
    # the file input is out of the Tab order and of the accessibility tree: "Import…", a
    # button, opens its picker (boot.js, at any time, in the click itself)
    import_btn = (f'<input type="file" id="import-file" class="sr-only" tabindex="-1" aria-hidden="true"'
                  f' accept=".json,application/json">'
                  f'<button type="button" class="btn" id="import-btn">{h(L("Import…", lang))}</button>')
    return f"""
{header(lang, "", import_btn)}
<main class="home">
{banner}
{inbox_html(far, lang)}
{games_html if not rows else ""}
<section><h2>{h(L("Continue a game", lang) if rows else L("Saved games", lang))}</h2><ul class="saves" id="saves">{saves}</ul>
</section>
{finished_html}
{games_html if rows else ""}
<footer class="muted">{h(L("Everything runs in this browser tab: no server, no account. Saves stay on this device.", lang))}</footer>
</main>"""
