"""Touch screens: a long press on a card reads it, a tap plays it.

Real touch events go through Chromium's DevTools protocol (``Input.dispatchTouchEvent``), so the
page sees the same pointerdown / pointerup / click sequence a phone sends.
"""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, start_game, wait_my_turn_or_end

pytestmark = pytest.mark.browser


def touch(page, cdp, x: float, y: float, hold_ms: int) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_long_press_reads_a_card_and_a_tap_plays_it(new_context, base_url):
    ctx = new_context(viewport={"width": 400, "height": 800}, has_touch=True, is_mobile=True,
                      device_scale_factor=2)
    page = ctx.new_page()
    page.console_errors = []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    open_app(page, base_url)
    start_game(page, "citadels", [("Ada", "human"), ("Bot", "bot:random"), ("Cy", "bot:random")], 3)
    wait_my_turn_or_end(page)
    # a card on the board that has a text and exactly one action (keeping a character)
    # hits: [x, y, w, h, action indexes, has a tip]
    hits = json.loads(page.get_attribute("#board", "data-hits"))
    x, y, w, h = next(hit[:4] for hit in hits if hit[5] and len(hit[4]) == 1)
    page.locator("#board").scroll_into_view_if_needed()
    box = page.locator("#board").bounding_box()
    cx, cy = box["x"] + x + w / 2, box["y"] + y + h / 2
    cdp = ctx.new_cdp_session(page)
    before = body(page, "actions")

    touch(page, cdp, cx, cy, hold_ms=900)
    page.wait_for_timeout(600)  # time for a wrongly played action to show
    shot(page, "touch_long_press")
    assert page.evaluate("!document.getElementById('tip').hidden")
    assert page.evaluate("document.getElementById('tip').textContent").strip()
    assert body(page, "actions") == before, "a long press must only show the card's text"

    touch(page, cdp, cx, cy, hold_ms=60)
    page.wait_for_function(f"() => document.body.dataset.actions !== '{before}'", timeout=10_000)
    assert not app_errors(page), page.console_errors
