"""Every game whose engine is in the repo starts from its New game form with the default
seats and options, and its table shows the human's choices. Needs ``python build.py``."""

from __future__ import annotations

import pytest

import engines
from tests.web.conftest import open_app, shot
from tests.web.test_shell import wait_body

pytestmark = pytest.mark.browser


def available():
    out = []
    for name in engines.list_games():
        try:
            engines.get_game(name)
        except Exception:
            continue
        out.append(name)
    return out


@pytest.mark.parametrize("game", available())
def test_new_game_with_defaults(page, base_url, game):
    open_app(page, base_url)
    page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
    wait_body(page, "screen", "new")
    shot(page, f"shell_game_{game}_1_new")
    page.click("#start")
    wait_body(page, "screen", "table")
    assert body_game(page) == game
    # seat 1 is the only human by default: no handoff; bots play until it is their turn
    page.wait_for_function("() => document.querySelectorAll('#actions button.act').length > 0"
                           " || document.body.dataset.over === '1'", timeout=120_000)
    page.wait_for_timeout(300)
    shot(page, f"shell_game_{game}_2_table")
    assert not [e for e in page.console_errors if "renderer" in e or "Traceback" in e], page.console_errors
    assert "could not be drawn" not in page.inner_text("#status")


def body_game(page):
    return page.evaluate("document.body.dataset.game")
