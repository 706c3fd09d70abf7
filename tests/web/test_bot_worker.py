"""The bots think in a Web Worker (``web/bot_worker.mjs``), not on the page's main thread;
when the worker cannot start, they think on the page, which says so, and nothing is lost.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from engines import get_game, parse_record
from engines.core.thinking import decision_rng
from engines.core.bots import get_bot
from tests.web.conftest import app_errors, open_app
from tests.web.pagedriver import body, saved_record, start_game

pytestmark = pytest.mark.browser

SEATS = [("Bot Ada", "bot:heuristic"), ("Bot Bruno", "bot:heuristic"), ("Bot Carla", "bot:heuristic")]

# the longest gap between two animation frames while the bots think, in ms (for the note)
FRAME_GAPS = """() => { window.__gaps = []; let last = performance.now();
  function tick(t) { window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); }
  requestAnimationFrame(tick); }"""


def bots_moves_agree_with_the_engine(page) -> int:
    """Every bot move of the autosaved record is the heuristic bot's own decision from that
    position (the worker computes exactly what the main thread would); -> bot moves seen."""
    data = saved_record(page)
    record = parse_record(data)
    game = get_game(record.game)
    state = game.new_game(record.players, record.seed, record.options)
    bot_moves = 0
    for n, action in enumerate(record.actions):
        seat = game.to_move(state)
        if record.seats[seat].kind.startswith("bot:"):
            expected = get_bot(game, "heuristic")(game, state.clone(), decision_rng(record.seed, n, seat))
            assert game.dump_action(expected) == action, f"bot move {n + 1} differs"
            bot_moves += 1
        game.apply(state, action)
    return bot_moves


def test_bots_think_in_the_worker(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    page.evaluate(FRAME_GAPS)
    start_game(page, "citadels", SEATS, 4)
    page.wait_for_function("() => Number(document.body.dataset.botDecisions || 0) >= 1", timeout=60_000)
    page.evaluate("window.__gaps = []")  # from here on: the bots think and play, the table redraws
    page.wait_for_function("() => Number(document.body.dataset.botDecisions || 0) >= 6", timeout=60_000)
    assert body(page, "botThread") == "worker"
    assert bots_moves_agree_with_the_engine(page) >= 4  # the autosave may be a move behind
    gaps = page.evaluate("window.__gaps")
    print(f"longest frame gap while the bots played: {max(gaps):.0f} ms over {len(gaps)} frames "
          f"(median {sorted(gaps)[len(gaps) // 2]:.0f} ms)")
    assert not app_errors(page)


def test_without_a_worker_the_bots_think_on_the_page_and_say_so(page, base_url):
    page.route("**/bot_worker.mjs", lambda route: route.fulfill(status=404, body="not here"))
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    page.wait_for_function("() => document.body.dataset.botWorker === 'failed'", timeout=60_000)
    start_game(page, "citadels", SEATS, 4)
    page.wait_for_function("() => document.body.dataset.botThread === 'page'"
                           " && Number(document.body.dataset.actions) >= 4", timeout=60_000)
    assert page.locator("#banner").is_visible()
    assert "worker" in page.locator("#banner").inner_text().lower() or "background" in page.locator("#banner").inner_text().lower()
    assert bots_moves_agree_with_the_engine(page) >= 4
