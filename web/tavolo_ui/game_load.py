"""A game's rules in the page: its own wheel, loaded when the game is first opened.

The engines ship as one wheel for the core (``tavolo-engines``: ``engines.core`` and the
catalog, which is all the home screen needs) and one per game (``tavolo-engines-<game>``,
``build.split_engine_wheel``). The page loads only the core at boot; a game's wheel is loaded
here, once, with Pyodide's own ``loadPackage`` (which checks its sha256 against the site's
``pyodide-lock.json``), before anything opens that game: New game, a saved game, a share or
move link, Learn by playing, How to play, a review (``App.command``, ``App.start`` and
``OpenLinks.on_hashchange`` call ``open_after``). The service worker precaches every game's
wheel, so after the first visit all four games open offline.

While a load takes longer than ``SLOW_SECONDS`` the banner says the game is loading; when it
fails (offline on a first visit, a damaged file) the banner says so, the reason behind its
Details toggle, and nothing else changes: the screen showing stays usable, and the next try
loads again. ``<html data-game-wheels>`` lists the game wheels loaded so far (tests, benches).

On CPython (the tests, the tools) every game is installed: there is nothing to load.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import Any, Callable

from engines import about, get_game, list_games
from engines.core.i18n import texts
from engines.core.registry import installed

from .saves import Msg

T = texts("ui")

SLOW_SECONDS = 0.3  # a load that takes longer is said in the banner

LOADING = Msg(T("Loading {game}…"))
NOT_LOADED = Msg(T("{game} could not be loaded: a file it needs did not arrive. Check the connection and try "
               "again; the details below say what failed."))

_loading: dict[str, asyncio.Future] = {}  # the load under way (or the last one) of each game


def wheel_name(game: str) -> str:
    """The lock's name of ``game``'s wheel (``build.game_wheel_name``)."""
    return "tavolo-engines-" + game.replace("_", "-")


def title(game: str) -> str:
    """The game's short title, for a message (the catalog's, before any colon)."""
    try:
        return about(game)["title"].split(":")[0]
    except KeyError:
        return game


async def _load_wheel(game: str) -> str | None:
    """Pyodide's ``loadPackage`` of ``game``'s wheel; -> None when the game can be imported
    after it, else what failed (loadPackage reports a failed download or sha256 check through
    its error callback, without raising)."""
    import pyodide_js  # type: ignore[import-not-found]  # the page's Pyodide only
    from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

    import js  # type: ignore[import-not-found]

    problems: list[str] = []
    quiet = create_proxy(lambda *_: None)
    noted = create_proxy(lambda text, *_: problems.append(str(text)))
    try:
        options = to_js({"messageCallback": quiet, "errorCallback": noted}, dict_converter=js.Object.fromEntries)
        await pyodide_js.loadPackage(wheel_name(game), options)
    except Exception as exc:
        problems.append(f"{type(exc).__name__}: {exc}")
    finally:
        quiet.destroy()
        noted.destroy()
    importlib.invalidate_caches()  # the package's folder was listed before the wheel was unpacked
    if installed(game):
        data = js.document.documentElement.dataset
        data.gameWheels = " ".join(filter(None, [str(getattr(data, "gameWheels", "") or ""), game]))
        return None
    return "\n".join(problems) or f"{wheel_name(game)} was not loaded"


async def ensure_game(game: str) -> str | None:
    """Make ``game`` importable, loading its wheel the first time; -> None when it is, else the
    reason it is not (for a Details toggle). Callers at the same time share one load; after a
    failure the next call tries again."""
    if installed(game):
        return None
    pending = _loading.get(game)
    if pending is None or pending.done():
        pending = _loading[game] = asyncio.ensure_future(_load_wheel(game))
    return await pending


async def import_in_steps(game: str) -> None:
    """Import ``game``'s rules, then its renderer, each in a task of its own (the page's
    thread given back to the browser before each: ``asyncio.sleep(0)``), so that opening the
    game after it does not hold the page for their imports as well. Whatever fails here is
    left for the opening to meet and say."""
    from .renderers import get_renderer

    for step in (get_game, get_renderer):
        await asyncio.sleep(0)
        try:
            step(game)
        except Exception:
            return
    await asyncio.sleep(0)


async def load_for(page: Any, game: str) -> bool:
    """Load ``game``'s wheel for ``page``, saying so in its banner while it takes time and
    when it fails (``NOT_LOADED``, the reason behind Details); -> whether the game can be
    opened now."""
    loading = asyncio.ensure_future(ensure_game(game))
    done, _pending = await asyncio.wait([loading], timeout=SLOW_SECONDS)
    said = not done
    if said:
        page.flash(LOADING.format(game=title(game)), "info")
    why = await loading
    if why:
        page.flash(NOT_LOADED.format(game=title(game)), "error", why)
        return False
    if said:
        page.clear_banner()
    return True


def open_after(page: Any, game: str | None, run: Callable[[], None]) -> None:
    """Run ``run`` (which opens ``game``) now when the game is here, or none or one the catalog
    does not list is named (``run`` says what is wrong with it), else once its wheel is loaded
    (``load_for``; not at all when it cannot be)."""
    if not game or game not in list_games() or installed(game):
        run()
        return

    async def load_then_run() -> None:
        if await load_for(page, game):
            run()

    asyncio.ensure_future(load_then_run())
