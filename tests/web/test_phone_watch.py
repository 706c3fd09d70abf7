"""Watching a bot-only game on a phone (issue 27, "Phone"): at 390 px the header keeps Pause in
its one row and Step in the ⋯ panel. Paused, no move is played; Step plays exactly one (the
game stays paused); Resume lets the moves go on by themselves. A bot-only game started from
the New game form pauses the same way, the ⋯ panel opened and closed meanwhile.

A watch link is the page's watch mode (``bot_loop.watch_loop``: a move every ``WATCH_PAUSE``
seconds); the game watched is a whole Citadels game played by bots on CPython.
"""

from __future__ import annotations

import pytest

import engines
from tavolo_ui.links import make_fragment
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, start_game

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
WATCH_PAUSE = 0.8
"""``tavolo_ui.bot_loop.WATCH_PAUSE``: the seconds between two watched moves (that module
needs the browser's ``js``)."""


def bots_only_record(seed: int = 4, n_actions: int = 60) -> dict:
    """A Citadels record of three bots, its first ``n_actions`` moves played by the heuristic."""
    from engines.core.bots import get_bot
    from engines.core.rng import Rng

    game = engines.get_game("citadels")
    seats = [{"name": f"Bot {name}", "kind": "bot:heuristic"} for name in ("Ada", "Bruno", "Cy")]
    record = engines.new_record(game, len(seats), seed, None, seats)
    state = game.new_game(record.players, record.seed, record.options)
    bot, rng = get_bot(game, "heuristic"), Rng.from_seed(seed)
    for _ in range(n_actions):
        action = bot(game, state.clone(), rng)
        game.apply(state, action)
        record.actions.append(game.dump_action(action))
    return record.model_dump(mode="json")


def moves(page) -> int:
    return int(body(page, "actions") or 0)


def still(page, n: int, seconds: float) -> None:
    """No move is played for ``seconds`` (several of the watch loop's pauses): still ``n``."""
    page.wait_for_timeout(int(seconds * 1000))
    assert moves(page) == n, f"a move was played while paused ({moves(page)} after {n})"


def test_pause_step_and_resume_a_watched_bot_game_on_a_phone(page, base_url):
    record = bots_only_record()
    page.set_viewport_size(PHONE)
    open_app(page, base_url, "index.html" + make_fragment(record, "watch"))
    page.wait_for_function("() => document.body.dataset.screen === 'watch'")
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2", timeout=30_000)

    # the one-row header: Pause in the row, Step in the closed ⋯ panel
    pause, step, more = page.locator("#pause"), page.locator("#step"), page.locator("#more-btn")
    assert pause.is_visible() and more.is_visible() and not step.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    pause.click()
    page.wait_for_function("() => document.getElementById('pause').textContent !== ''")
    n = moves(page)
    assert pause.inner_text() == "Resume"
    still(page, n, 4 * WATCH_PAUSE)
    assert "paused" in page.inner_text("#status")

    # Step, from the ⋯ panel: exactly one move, and still paused
    more.click()
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'true'")
    assert step.is_visible() and step.is_enabled()
    shot(page, "phone_watch_paused_more")
    step.click()
    page.wait_for_function(f"() => Number(document.body.dataset.actions) === {n + 1}", timeout=10_000)
    assert more.get_attribute("aria-expanded") == "false"  # a control of the panel closes it
    still(page, n + 1, 4 * WATCH_PAUSE)
    assert pause.inner_text() == "Resume"

    # Resume: the moves go on by themselves
    pause.click()
    page.wait_for_function(f"() => Number(document.body.dataset.actions) >= {n + 3}", timeout=15_000)
    assert pause.inner_text() == "Pause"
    more.click()
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'true'")
    assert step.is_disabled()  # Step only while paused
    shot(page, "phone_watch_resumed")
    assert not app_errors(page), page.console_errors


def test_pause_and_the_more_menu_in_a_bot_only_game_on_a_phone(page, base_url):
    """A game of bots only, started from the New game form at 390 px: Pause sits in the
    header's row; paused, no bot moves, even while the ⋯ panel is opened and closed; Resume
    lets the bots go on. (Step belongs to a watch link only: a bot-only game has none.)"""
    page.set_viewport_size(PHONE)
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('tavolo:pace', 'fast')")
    start_game(page, "citadels", [("Bot Ada", "bot:heuristic"), ("Bot Bruno", "bot:heuristic")], 4)
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2", timeout=30_000)
    pause, more = page.locator("#pause"), page.locator("#more-btn")
    assert pause.is_visible() and more.is_visible() and page.locator("#step").count() == 0
    pause.click()
    page.wait_for_function("() => document.getElementById('pause').textContent === 'Resume'")
    page.wait_for_timeout(1500)  # a move already thought out may still land
    n = moves(page)
    still(page, n, 3)
    more.click()
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'true'")
    assert page.locator("#review-btn").is_visible() and page.locator("#share-btn").is_visible()
    shot(page, "phone_bots_paused_more")
    more.click()  # closed again: the game stays paused
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'false'")
    still(page, n, 2)
    pause.click()
    page.wait_for_function(f"() => Number(document.body.dataset.actions) >= {n + 2}", timeout=30_000)
    assert pause.inner_text() == "Pause"
    assert not app_errors(page), page.console_errors
