"""The New game form as HTML: players, seats (a person here, a friend at a distance or a bot:
Easy, Normal, Hard), the game's options and, under "Advanced", the seed and the bots kept for
tests.

Pure functions of plain data (a game object, the language, the seats): no ``js``, no
``pyodide``, so they run on CPython too. ``NewGameScreen.show`` calls them in the page, and
``build.py`` calls them at build time to put each game's form into the static ``index.html``
(``boot.js`` shows it while Python loads; see ``seat_rows_html`` for the player count).
"""

from __future__ import annotations

import enum
import json
import sys
from html import escape as h
from typing import Literal, get_args, get_origin

from engines.core.bots import bot_levels
from engines.core.i18n import texts

from .home import NO_BANNER, header, short_title
from .words import L

T = texts("ui")
OFFERED_LEVELS = ("easy", "normal", "hard")  # the bot levels a person chooses from, by name
DEFAULT_LEVEL = "normal"  # a new game's bot seats, when the game has it
NAMES = ["Anna", "Ben", "Carla", "Dario", "Elena", "Farid", "Greta"]


def offered_levels(game) -> list[str]:
    """The bot levels a person may choose for a seat: Easy, Normal and Hard, those the
    game has (its heuristic as the last resort). Random, the bare heuristic and the
    playout policy are for tests, the CLI and the arena."""
    own = bot_levels(game)
    return [lvl for lvl in OFFERED_LEVELS if lvl in own] or [lvl for lvl in own if lvl == "heuristic"] or ["random"]


def advanced_levels(game, levels: list[str]) -> list[str]:
    """The game's bot levels offered only under "Advanced": those not in ``levels``, less
    another name of an offered one (Euphoria's "search" is its "normal")."""
    if game is None:
        return [lv for lv in ("random", "heuristic") if lv not in levels]
    own = game.bots()
    return [lv for lv in bot_levels(game) if lv not in levels
            and not (lv in own and any(own[lv] is own.get(o) for o in levels))]


def default_level(levels: list[str]) -> str:
    """The level a bot seat gets unless the person picks another: Normal, if offered."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[-1]


#: every bot level's name for people, by its id in ``Game.bots()`` (a test checks each game's
#: levels are here): Easy, Normal and Hard first, then those kept for tests, the CLI and the
#: arena, offered only under the form's "Advanced"
LEVEL_NAMES = {"easy": T("Easy"), "normal": T("Normal"), "hard": T("Hard"),
               "random": T("Random moves"), "heuristic": T("Rules of thumb"),
               "playout": T("Quick rules of thumb"), "search": T("Normal")}  # Euphoria's old name of Normal


def bot_level_name(level: str, lang: str) -> str:
    """A bot level's name for people ("Easy" / "Facile", "Random moves" / "Mosse a caso");
    a level no game had when this was written reads as a word, its underscores spaces."""
    return LEVEL_NAMES[level].render(lang) if level in LEVEL_NAMES else level.replace("_", " ").capitalize()


FRIEND = "friend"
"""The New game form's seat kind of a friend at a distance: a "human" seat in the record, not
played on this device (``distance``)."""


def seat_kind_options(levels: list[str], selected: str, lang: str, game=None, far: bool = False) -> str:
    """The ``<option>``s of a seat's kind, in two groups: the people ("Person here", played on
    this device, and, with ``far`` (the New game form), "Friend at a distance", played on the
    friend's own device), then the bots, one per level of ``levels``. The game's other levels
    follow in the bots' group with class "advanced": the style sheet shows them only while
    the form's Advanced disclosure (``#advanced``) is open, and a seat that already has one
    (a fork of a game with a random bot, a test) shows it as its choice."""
    people = [("human", L("Person here", lang), False)]
    if far:
        people.append((FRIEND, L("Friend at a distance", lang), False))
    bots = [(f"bot:{lv}", L("Bot ({level})", lang, level=bot_level_name(lv, lang)), False) for lv in levels]
    bots += [(f"bot:{lv}", L("Bot ({level})", lang, level=bot_level_name(lv, lang)), True)
             for lv in advanced_levels(game, levels)]
    if selected not in {k for k, _t, _x in people + bots}:
        name = L("Bot ({level})", lang, level=bot_level_name(selected[4:], lang)) if selected.startswith("bot:") else selected
        bots.append((selected, name, True))

    def options(kinds: list[tuple[str, str, bool]]) -> str:
        advanced = ' class="advanced"'
        return "".join(f'<option value="{h(k)}"{" selected" if k == selected else ""}'
                       f'{advanced if adv and k != selected else ""}>{h(t)}</option>' for k, t, adv in kinds)

    return (f'<optgroup label="{h(L("People", lang))}">{options(people)}</optgroup>'
            f'<optgroup label="{h(L("Bots", lang))}">{options(bots)}</optgroup>')


def option_label(game, key: str, f, lang: str) -> str:
    """An option's label: the game's ``option_label(name, lang)``; the field's description
    (or its name) when that fails or is empty."""
    try:
        text = game.option_label(key, lang)
        if text:
            return str(text)
    except Exception as exc:
        print(f"option_label failed: {exc!r}", file=sys.stderr)  # the browser's console in the page
    return f.description or key.replace("_", " ").capitalize()


def option_choices(ann) -> list | None:
    """The values of a ``Literal`` or ``Enum`` option (None for other kinds)."""
    if get_origin(ann) is Literal:
        return list(get_args(ann))
    if isinstance(ann, type) and issubclass(ann, enum.Enum):
        return [m.value for m in ann]
    return None


def options_html(game, lang: str) -> str:
    """The game's options (its ``options_model``) as form fields, each at its default."""
    parts = []
    for key, f in game.options_model.model_fields.items():
        ann, default = f.annotation, f.default
        label = h(option_label(game, key, f, lang))
        lit = option_choices(ann)
        ui = (f.json_schema_extra or {}).get("ui") if isinstance(f.json_schema_extra, dict) else None
        if ann is bool:
            parts.append(f'<label class="check"><input type="checkbox" class="opt" data-key="{h(key)}" data-type="bool"'
                         f'{" checked" if default else ""}> {label}</label>')
        elif lit is not None:
            opts = "".join(f'<option value="{h(json.dumps(v))}"{" selected" if v == default else ""}>{h(str(v))}</option>'
                           for v in lit)
            parts.append(f'<label class="row">{label} <select class="opt" data-key="{h(key)}" data-type="json">{opts}</select></label>')
        elif ann is int and ui == "seat":
            parts.append(seat_number_html(key, label, f))
        elif ann is int:
            lo, hi = _bounds(f)
            parts.append(f'<label class="row">{label} <input type="number" class="opt" data-key="{h(key)}" data-type="int"'
                         f' value="{default}"{lo}{hi}></label>')
        elif ann is str:
            parts.append(f'<label class="row">{label} <input class="opt" data-key="{h(key)}" data-type="str"'
                         f' value="{h(str(default))}"></label>')
        elif ui == "seat_order":
            parts.append(f'<label class="row">{label} <input class="opt" data-key="{h(key)}" data-type="seats"'
                         f' inputmode="numeric" placeholder="{h(L("seat numbers, e.g. 2, 1, 3", lang))}"></label>')
        # other kinds (lists, optional values) keep their default: the game sets them up
    return "".join(parts) or f'<p class="muted">{h(L("This game has no options.", lang))}</p>'


def _bounds(f, shift: int = 0) -> tuple[str, str]:
    """The ``min``/``max`` attributes of a number input for the option field ``f`` (its
    pydantic ``ge``/``le``, plus ``shift``), each "" when the field has none."""
    lo = hi = ""
    for m in f.metadata:
        if getattr(m, "ge", None) is not None:
            lo = f' min="{m.ge + shift}"'
        if getattr(m, "le", None) is not None:
            hi = f' max="{m.le + shift}"'
    return lo, hi


def seat_number_html(key: str, label: str, f) -> str:
    """An option naming one seat (``json_schema_extra={"ui": "seat"}``), stored from 0 as the
    engine counts: people see and type it from 1 (``data-type="seat"``, which the page reads
    back as the number typed less one)."""
    lo, hi = _bounds(f, shift=1)
    return (f'<label class="row">{label} <input type="number" class="opt" data-key="{h(key)}" data-type="seat"'
            f' value="{f.default + 1}"{lo}{hi}></label>')


def advanced_html(lang: str, levels: list[str], game) -> str:
    """The form's "Advanced" disclosure (closed): the seed, with what it is, and, while it is
    open, the game's other bot levels in every seat's list (the style sheet's
    ``#new-form:has(#advanced[open])``), named in a sentence."""
    others = [bot_level_name(lv, lang) for lv in advanced_levels(game, levels)]
    more = (f'<p class="muted">{h(L("While this section is open, each seat’s list also offers the bots kept for testing: {levels}.", lang, levels=", ".join(others)))}</p>'
            if others else "")
    return (f'<details id="advanced" class="advanced"><summary>{h(L("Advanced", lang))}</summary>{more}'
            f'<label class="row">{h(L("Seed", lang))} <input id="seed" type="number" min="0"'
            f' placeholder="{h(L("random", lang))}" aria-describedby="seed-what"></label>'
            f'<p class="muted" id="seed-what">{h(L("The same seed deals the same game (with the same players and options); empty, each game is new.", lang))}</p>'
            f'</details>')


def default_players(game) -> int:
    """A new game's player count unless the person picks another: 4, within the game's range."""
    return min(max(game.min_players, 4), game.max_players)


def default_seat(i: int, level: str, lang: str) -> dict:
    """Seat ``i`` of a new game: a person first, then bots of ``level``, with sample names."""
    return {"name": NAMES[i % len(NAMES)] if i < len(NAMES) else L("Player {n}", lang, n=i + 1),
            "kind": "human" if i == 0 else f"bot:{level}"}


def seat_row(i: int, seat: dict, levels: list[str], lang: str, game=None) -> str:
    """One seat of the form: its colour, its name and whether a person or a bot plays it."""
    opts = seat_kind_options(levels, seat["kind"], lang, game, far=True)
    return (f'<div class="seat"><span class="dot p{i}"></span>'
            f'<input class="seat-name" maxlength="40" value="{h(seat["name"])}"'
            f' aria-label="{h(L("Name of seat {n}", lang, n=i + 1))}">'
            f'<select class="seat-kind" aria-label="{h(L("Seat {n} is", lang, n=i + 1))}">{opts}</select></div>')


def bots_here_html(lang: str) -> str:
    """Under the seats: in a game at a distance, the bots play on this device, which holds
    their cards (their moves are signed here: ``sealed``). The style sheet shows it only while
    a seat is a friend at a distance and another a bot (``#seats:has(...)``), so it follows
    the seats' lists with no code."""
    note = L("In a game at a distance, the bots play on this device, which holds their cards: when a bot is to "
             "move, the link comes back here.", lang)
    return f'<p class="muted" id="bots-here">{h(note)}</p>'


def seat_rows_html(game, lang: str) -> str:
    """Every seat the game can have, each as a new game sets it up: what ``boot.js`` adds to
    the static form when the player count goes up before Python is ready (the same rows
    ``new_game_html`` writes for those seats)."""
    best = default_level(offered_levels(game))
    return "".join(seat_row(i, default_seat(i, best, lang), offered_levels(game), lang, game)
                   for i in range(game.max_players))


def new_game_html(game, lang: str, players: int | None = None, seats: list[dict] | None = None,
                  banner: str = NO_BANNER) -> str:
    """The New game form's markup (what goes into ``#app``) for ``players`` seats (default:
    ``default_players``), the first ones as in ``seats`` and the rest as a new game sets them up."""
    levels = offered_levels(game)
    best = default_level(levels)
    n = players or default_players(game)
    seats = list(seats or [])
    while len(seats) < n:
        seats.append(default_seat(len(seats), best, lang))
    seats = seats[:n]
    pc = "".join(f'<option value="{k}"{" selected" if k == n else ""}>{k}</option>'
                 for k in range(game.min_players, game.max_players + 1))
    seat_rows = "".join(seat_row(i, s, levels, lang, game) for i, s in enumerate(seats))
    return f"""
{header(lang, L("New game: {game}", lang, game=game.title), short=L("New game: {game}", lang, game=short_title(game.title)))}
<main class="form">
{banner}
<form id="new-form">
<label class="row">{h(L("Players", lang))} <select id="players">{pc}</select></label>
<fieldset><legend>{h(L("Seats", lang))}</legend><div id="seats">{seat_rows}</div>{bots_here_html(lang)}</fieldset>
<fieldset><legend>{h(L("Options", lang))}</legend>{options_html(game, lang)}</fieldset>
{advanced_html(lang, levels, game)}
<div class="buttons"><button type="button" data-cmd="home">{h(L("Back", lang))}</button>
<button type="button" class="primary" data-cmd="start" id="start">{h(L("Start game", lang))}</button></div>
</form></main>"""
