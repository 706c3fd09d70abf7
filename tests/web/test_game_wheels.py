"""One wheel per game (issue 40): a link to one game needs that game's wheel only, and the home
screen needs none. Each test serves the built site with the other games' wheels missing from
the server (symbolic links to every other file), as a host that lost them would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body

pytestmark = pytest.mark.browser

GAMES = engines.list_games()


def wheel_file(site: Path, game: str) -> str:
    """The file name of ``game``'s wheel in the built site's lock."""
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    return lock["tavolo-engines-" + game]["file_name"]


def site_without(site: Path, dest: Path, games: list[str]) -> Path:
    """The built site in ``dest`` (a symbolic link to each file) without the wheels of ``games``."""
    gone = {wheel_file(site, g) for g in games}
    for path in site.rglob("*"):
        if path.is_file() and path.name not in gone:
            link = dest / path.relative_to(site)
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(path.resolve())
    return dest


def wheels_asked(page) -> list[str]:
    """From now on, the game wheels the page and its workers ask for (not the service worker,
    which precaches every file once the page is ready, so that all games play offline)."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]) if "/pyodide/tavolo_engines_" in r.url else None)
    return asked


def link_to(game: str) -> str:
    """A share link's fragment to a new 2-player ``game`` whose first move is a bot's (seed 1
    of each game starts with seat 0: the bot)."""
    from tavolo_ui.links import make_link
    from tavolo_ui.session import Session

    s = Session.start(game, [{"name": "Bot Ada", "kind": "bot:random"}, {"name": "Bea", "kind": "human"}], seed=1)
    assert s.bot_to_move() == 0
    return "#" + make_link("x", s.record).split("#", 1)[1]


@pytest.mark.parametrize("game", GAMES)
def test_a_link_opens_with_only_its_own_game_on_the_server(game, page, context, site_dir, serve, tmp_path):
    """The other three games' wheels are missing: the link's table is drawn, its bot moves
    (in the worker, which loaded the game's wheel too), and no other game was asked for."""
    others = [g for g in GAMES if g != game]
    url, _stop = serve(site_without(site_dir, tmp_path / "site", others))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(reduced_motion="reduce")  # the screenshot shows the board, not a move's fade
    asked = wheels_asked(page)
    open_app(page, url, "index.html" + link_to(game))
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 1", timeout=90_000)
    assert body(page, "botThread") == "worker"
    page.wait_for_function("() => document.body.dataset.toMove === '1' && document.querySelector('#actions button.act')",
                           timeout=90_000)  # the bot's turn is over: the person can move
    shot(page, f"game_wheels_link_{game}")
    assert set(asked) == {wheel_file(site_dir, game)}, asked
    assert not page.locator("#banner").is_visible() or "could not" not in page.locator("#banner").inner_text()
    assert not app_errors(page)


def test_the_home_screen_needs_no_game_and_says_when_one_cannot_be_loaded(page, context, site_dir, serve, tmp_path):
    """Every game's wheel is missing: the home screen lists the four games (with Learn by
    playing) and asks for no game's wheel; New game of one then says plainly that the game
    could not be loaded, the reason behind Details, and the home screen still works."""
    url, _stop = serve(site_without(site_dir, tmp_path / "site", GAMES))
    page.set_viewport_size({"width": 1280, "height": 800})
    asked = wheels_asked(page)
    open_app(page, url)
    assert body(page, "screen") == "home"
    assert page.locator(".game-card").count() == len(GAMES)
    assert page.locator(".game-card button.learn").count() == len(GAMES)
    assert not asked
    page.click(".game-card[data-game='citadels'] button[data-cmd='new']")
    page.wait_for_function("() => (document.querySelector('#banner.error') || {}).textContent"
                           " && document.querySelector('#banner.error').textContent.includes('Citadels could not be loaded')")
    banner = page.locator("#banner")
    assert "the details below say what failed" in banner.inner_text()
    assert "citadels" in banner.locator("details pre").text_content().lower()
    assert body(page, "screen") == "home"
    shot(page, "game_wheels_home_without_games")
    page.click(".game-card[data-game='spyrium'] button[data-cmd='rules']")  # the page still answers
    page.wait_for_function("() => (document.querySelector('#banner.error') || {}).textContent.includes('Spyrium')")
    assert page.locator(".game-card").count() == len(GAMES)
