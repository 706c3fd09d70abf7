"""The seals' library in the page: python-ecdsa (with six), loaded only for a game at a distance.

``engines.core.seal`` signs and checks the moves of a game at a distance with Ed25519, from
python-ecdsa (pure Python). Its two wheels are in the site's ``pyodide-lock.json`` and the
service worker precaches them, but they are not among the wheels the page loads at boot
(``interpreter.mjs``'s ``BOOT_WHEELS``: the UI's wheel and what it needs), so the home screen
and every other game pay nothing for them. They are loaded here, once, with Pyodide's own
``loadPackage`` (which brings six from the lock and checks each wheel's sha256), when a game at
a distance is created, resumed or opened from a move link: ``AtADistance`` calls
``load_seals`` there. Code that imports ``engines.core.seal`` in the page awaits
``ensure_seals()`` first.

When they cannot be loaded (offline on a first visit, before the service worker kept them; a
damaged file), the game at a distance opens and goes on as before, unsigned, and the banner
says so, the reason behind its Details toggle. The next game at a distance tries again.
``<html data-seals>`` says how the last load ended: "loaded" or "failed".

On CPython (the tests, the tools) ecdsa is installed: there is nothing to load. The bots'
worker never imports this module.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
from typing import Any

from engines.core.i18n import texts

T = texts("ui")

SEAL_PACKAGE = "ecdsa"  # its name in pyodide-lock.json; six comes with it, as its dependency
SEAL_MODULES = ("ecdsa", "six")

NOT_LOADED = T("This game's move links cannot be signed: what signs them did not load. The game goes on; "
               "to try again, reload the page while online.")

_installed = False  # once True, for good: a package loaded into the interpreter stays
_loading: asyncio.Future | None = None  # the load under way (or the last one), shared by every caller


def _found(module: str) -> bool:
    """Whether ``module`` can be imported here (found on the path, not imported)."""
    return importlib.util.find_spec(module) is not None


def installed() -> bool:
    """Whether python-ecdsa and six can be imported here."""
    global _installed
    if not _installed:
        _installed = all(_found(name) for name in SEAL_MODULES)
    return _installed


async def _load_wheels() -> str | None:
    """Pyodide's ``loadPackage`` of the seals' wheels; -> None when they can be imported after
    it, else what failed (loadPackage reports a failed download or sha256 check through its
    error callback, without raising)."""
    import pyodide_js  # type: ignore[import-not-found]  # the page's Pyodide only
    from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

    import js  # type: ignore[import-not-found]

    problems: list[str] = []
    quiet = create_proxy(lambda *_: None)
    noted = create_proxy(lambda text, *_: problems.append(str(text)))
    try:
        options = to_js({"messageCallback": quiet, "errorCallback": noted}, dict_converter=js.Object.fromEntries)
        await pyodide_js.loadPackage(SEAL_PACKAGE, options)
    except Exception as exc:
        problems.append(f"{type(exc).__name__}: {exc}")
    finally:
        quiet.destroy()
        noted.destroy()
    importlib.invalidate_caches()
    loaded = installed()
    js.document.documentElement.dataset.seals = "loaded" if loaded else "failed"  # for tests and benches
    if loaded:
        return None
    return "\n".join(problems) or f"{SEAL_PACKAGE} was not loaded"


async def ensure_seals() -> str | None:
    """Make python-ecdsa importable, loading its wheels the first time; -> None when it is,
    else the reason it is not (for a "Details" toggle). Callers at the same time share one
    load; after a failure the next call tries again."""
    global _loading
    if installed():
        return None
    if _loading is None or _loading.done():
        _loading = asyncio.ensure_future(_load_wheels())
    return await _loading


def load_seals(page: Any) -> None:
    """The hook of a game at a distance (created, resumed, a move link opened): the seals'
    wheels start loading in the background, unless they are here already; when they cannot
    be loaded, ``page``'s banner says so (``NOT_LOADED``, the reason as its detail)."""
    if installed():
        return

    async def load() -> None:
        why = await ensure_seals()
        if why:
            page.flash(NOT_LOADED, "error", why)

    asyncio.ensure_future(load())
