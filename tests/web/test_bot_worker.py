"""The bots think in a Web Worker (``web/bot_worker.mjs``), not on the page's main thread;
when the worker cannot start, they think on the page, which says so, and nothing is lost.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from engines import get_game, parse_record
from engines.core.thinking import decision_rng
from engines.core.bots import get_bot
from tests.web.conftest import app_errors, open_app, shot
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


def _bot_moves(page, level: str) -> int:
    """Every bot move of the autosave is ``level``'s own decision from that position."""
    record = parse_record(saved_record(page))
    game = get_game(record.game)
    state = game.new_game(record.players, record.seed, record.options)
    bot = get_bot(game, level)
    seen = 0
    for n, action in enumerate(record.actions):
        seat = game.to_move(state)
        if record.seats[seat].kind == f"bot:{level}":
            assert game.dump_action(bot(game, state.clone(), decision_rng(record.seed, n, seat))) == action, \
                f"bot move {n + 1} differs"
            seen += 1
        game.apply(state, action)
    return seen


PROGRESS_SEEN = """() => { window.__progress = []; new MutationObserver(() => {
  const bar = document.querySelector('#thinking progress');
  if (bar && bar.hasAttribute('value')) window.__progress.push(bar.value); })
  .observe(document.body, {subtree: true, childList: true, attributes: true}); }"""


def test_a_game_against_normal_bots_in_the_worker_with_their_progress(page, base_url):
    """Search bots (Normal) decide in the worker, in slices that report their progress;
    their moves are the engine's own decisions; the main thread's frame gaps are printed."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    page.click(".game-card[data-game='myraclia'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    shown = page.locator(".seat-kind").nth(0).evaluate(
        "sel => [...sel.options].filter(o => getComputedStyle(o).display !== 'none').map(o => o.value)")
    assert [k for k in shown if k.startswith("bot:")] == ["bot:easy", "bot:normal", "bot:hard"], shown
    assert page.locator(".seat-kind").nth(1).input_value() == "bot:normal"  # the default level
    page.click("button[data-cmd='home']")
    page.evaluate(FRAME_GAPS)
    page.evaluate(PROGRESS_SEEN)
    start_game(page, "myraclia", [("Bot Ada", "bot:normal"), ("Bot Bruno", "bot:normal")], 8)
    page.evaluate("window.__gaps = []")
    page.wait_for_function("() => Number(document.body.dataset.botDecisions || 0) >= 4", timeout=120_000)
    assert body(page, "botThread") == "worker"
    progress = page.evaluate("window.__progress")
    assert any(0 < p < 1 for p in progress), "the search's progress was shown"
    assert _bot_moves(page, "normal") >= 3
    gaps = page.evaluate("window.__gaps")
    print(f"Normal bots: longest frame gap {max(gaps):.0f} ms over {len(gaps)} frames "
          f"(median {sorted(gaps)[len(gaps) // 2]:.0f} ms)")
    assert not app_errors(page)


def test_leaving_the_table_cancels_a_bot_that_is_thinking(page, base_url):
    """A Hard bot is thinking when the person goes home: the worker is told to drop the
    request, and the next game's bot is answered (the worker is free again)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    page.evaluate(PROGRESS_SEEN)
    start_game(page, "citadels", [("Bot Ada", "bot:hard"), ("Bot Bruno", "bot:hard"), ("Bot Carla", "bot:hard")], 6)
    page.wait_for_function("() => window.__progress.some(p => p > 0)", timeout=120_000)
    page.click("button[data-cmd='home']")
    page.wait_for_function("() => Number(document.body.dataset.botCancelled || 0) >= 1", timeout=10_000)
    before = int(body(page, "botDecisions") or 0)
    start_game(page, "myraclia", [("Bot Ada", "bot:easy"), ("Bot Bruno", "bot:easy")], 3)
    page.wait_for_function(f"() => Number(document.body.dataset.botDecisions || 0) > {before}", timeout=60_000)
    assert not app_errors(page)


def test_suggest_a_move_shows_the_hard_bots_choice_for_the_person(page, base_url):
    """Hints are off until the person turns them on; then "Suggest a move" asks the Hard
    bot for the person's seat, shows its choice with an estimated win chance, one sentence of
    why (the worker's explanation) and a ring on the board, and "Play it" plays exactly that
    action."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "myraclia", [("Ada", "human"), ("Bot Bruno", "bot:easy")], 12)
    page.wait_for_selector("#actions .act", timeout=60_000)
    assert page.locator("#suggest-btn").count() == 0  # off by default
    page.click("#hints-btn")
    page.click("#suggest-btn")
    page.wait_for_selector("#suggestion", timeout=120_000)
    index = int(page.get_attribute("#suggestion", "data-index"))
    text = page.inner_text("#suggestion")
    assert "%" in text
    why = page.inner_text("#suggestion-why")  # the worker's explanation, in one sentence
    assert why.startswith("Of the ") and "simulated from here" in why and why.endswith("."), why
    record = parse_record(saved_record(page))
    game = get_game(record.game)
    state = game.new_game(record.players, record.seed, record.options)
    for a in record.actions:
        game.apply(state, a)
    seat = game.to_move(state)
    expected = get_bot(game, "hard")(game, state.clone(), decision_rng(record.seed, len(record.actions), seat))
    assert game.legal_actions(state)[index] == expected
    shot(page, "suggest_a_move")
    n = len(record.actions)
    page.click("#suggest-play")
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {n}")
    assert saved_record(page)["actions"][n] == game.dump_action(expected)
    assert not app_errors(page)


def test_a_link_opened_at_boot_with_a_bot_to_move_uses_the_worker(page, base_url):
    """A share link whose game has a bot to move, opened as the page starts (before the page
    had started the worker by itself): the bot thinks in the worker, and no banner says the
    worker is not working (it did, before the bot loop started the worker itself)."""
    from tavolo_ui.links import make_link
    from tavolo_ui.session import Session

    s = Session.start("citadels", [{"name": "Bot Ada", "kind": "bot:heuristic"}, {"name": "Bea", "kind": "human"},
                                   {"name": "Bot Carla", "kind": "bot:heuristic"}], seed=4, entropy=True)
    assert s.bot_to_move() is not None
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url, "index.html" + "#" + make_link("x", s.record).split("#", 1)[1])
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 1", timeout=90_000)
    assert body(page, "botThread") == "worker"  # "page" before: the worker was never asked
    banner = page.locator("#banner")
    assert not (banner.is_visible() and "worker" in banner.inner_text()), banner.inner_text()
    assert not app_errors(page)
