"""The smaller items of issue 38 (item 5) that only a browser shows: on a phone the New game
form leaves the seat's name a usable box, and Start game and Learn by playing say at once
that the table is being set up, before Python's work holds the page. (What Python shows is in
``tests/ui/test_small_items_38.py``.)"""

from __future__ import annotations

import pytest

from tests.web.conftest import app_errors, open_app, shot

pytestmark = pytest.mark.browser

SEAT_ROWS = """() => [...document.querySelectorAll('.seat')].map(row => {
  const box = e => { const r = row.querySelector(e).getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
  return {name: box('.seat-name'), kind: box('.seat-kind'), row: box('.seat-name').left >= 0 ? row.getBoundingClientRect().right : 0};
})"""


def test_the_seat_name_box_is_usable_on_a_phone(new_context, base_url):
    """At 390 px the seat's list, as wide as its longest option (the bots kept for tests
    included), left the name 60 px ("Dario" filled it): now the name has 8em, the list the
    rest, side by side in the row, nothing wider than the screen."""
    page = new_context(locale="it-IT", viewport={"width": 390, "height": 844}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, base_url)
    assert page.evaluate("document.documentElement.lang") == "it"
    page.click(".game-card[data-game='euphoria'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    page.locator(".seat-kind").nth(1).select_option("friend")
    shot(page, "small_items_38_new_game_390_it")
    rows = page.evaluate(SEAT_ROWS)
    assert len(rows) == 4
    for row in rows:
        assert row["name"]["width"] >= 110, rows  # 8em; 60 px before
        assert row["name"]["right"] < row["kind"]["left"] and row["kind"]["right"] <= row["row"], rows
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


BUSY_WATCH = """sel => {
  const button = document.querySelector(sel);
  window.busySeen = null;
  new MutationObserver(() => {
    if (button.getAttribute('aria-busy') !== 'true' || window.busySeen) return;
    const seen = window.busySeen = {screen: document.body.dataset.screen, text: button.textContent, painted: null};
    requestAnimationFrame(() => { seen.painted = document.body.dataset.screen; });
  }).observe(button, {attributes: true});
}"""
"""Watches the button ``sel`` for its busy state: what the page shows when it turns busy, and
at the next frame (``painted``), which the browser paints with the button busy."""


def _busy_then_table(page, sel: str) -> dict:
    """Click ``sel`` with ``BUSY_WATCH`` on it, wait for the table; what the watch saw."""
    page.evaluate(BUSY_WATCH, sel)
    page.click(sel)
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    return page.evaluate("window.busySeen")


def test_start_and_learn_by_playing_show_they_are_busy_before_the_table(page, base_url):
    """Setting up a table takes seconds of Python on a slow phone, which holds the page: the
    button clicked turns busy ("Starting…", aria-busy) and a frame is painted so before the
    table is set up; a form that refuses gives the button back as it was."""
    open_app(page, base_url)
    page.click(".game-card[data-game='euphoria'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    # refused (friends at a distance, nobody here): the banner says why, the button is back
    page.locator(".seat-kind").nth(0).select_option("friend")
    page.locator(".seat-kind").nth(1).select_option("friend")
    page.evaluate(BUSY_WATCH, "#start")
    page.click("#start")
    page.wait_for_selector("#banner:not([hidden])")
    assert "(“Person here”)" in page.inner_text("#banner")
    assert page.evaluate("window.busySeen") is not None
    assert page.get_attribute("#start", "aria-busy") is None and page.inner_text("#start") == "Start game"
    page.locator(".seat-kind").nth(0).select_option("human")
    page.locator(".seat-kind").nth(1).select_option("bot:easy")
    seen = _busy_then_table(page, "#start")
    assert seen == {"screen": "new", "text": "Starting…", "painted": "new"}, seen
    page.click("header [data-cmd='home']")
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    seen = _busy_then_table(page, "#learn-euphoria")
    assert seen == {"screen": "home", "text": "Starting…", "painted": "home"}, seen
    shot(page, "small_items_38_learn_table")
    assert app_errors(page) == []
