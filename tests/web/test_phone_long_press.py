"""A long press on a board spot, on a phone (issue 27: "everything a player chooses can be read
on the table ... on long press"): at 390 px with a touch screen, a finger held half a second on
a spot that plays a move opens the spot's tip, inside the screen, and lifting it plays nothing;
a short tap on the same spot then plays it (``Table.on_pointerdown`` / ``_long_press`` /
``on_canvas_click``).

Real touches go through Chromium's DevTools protocol (``Input.dispatchTouchEvent``), so the
page gets the pointerdown / pointerup / click sequence of a phone.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, board_spots, start_game, wait_my_choices

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def touch(page, cdp, x: float, y: float, hold_ms: int) -> None:
    """A finger put at (x, y) of the viewport, held ``hold_ms`` and lifted."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_long_press_opens_the_spots_tip_and_does_not_play_it(new_context, base_url):
    ctx = new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = ctx.new_page()
    page.console_errors = []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    open_app(page, base_url)
    start_game(page, "citadels", [("Ada", "human"), ("Bot Bruno", "bot:heuristic")], 3)
    wait_my_choices(page)
    # a spot with a text that plays exactly one move (a character Ada may choose)
    spot = next(s for s in board_spots(page) if s["tip"] and len(s["actions"]) == 1)
    board = page.locator("#board")
    board.scroll_into_view_if_needed()
    page.evaluate(f"document.getElementById('board-wrap').scrollTo({spot['x'] - 40}, {spot['y'] - 40})")
    page.wait_for_timeout(200)
    box = board.bounding_box()
    x, y = box["x"] + spot["x"] + spot["w"] / 2, box["y"] + spot["y"] + spot["h"] / 2
    assert 0 < x < PHONE["width"] and 0 < y < PHONE["height"], (x, y)
    cdp = ctx.new_cdp_session(page)
    before, state = body(page, "actions"), body(page, "stateHash")
    assert page.evaluate("document.getElementById('tip').hidden")

    touch(page, cdp, x, y, hold_ms=900)
    page.wait_for_timeout(800)  # time for a wrongly played move to show
    shot(page, "phone_long_press_tip")
    tip = page.evaluate("""(() => { const t = document.getElementById('tip'), r = t.getBoundingClientRect();
        return {hidden: t.hidden, text: t.textContent.trim(), left: r.left, right: r.right}; })()""")
    assert not tip["hidden"] and tip["text"], tip
    label = page.inner_text(f"#actions button.act[data-arg='{spot['actions'][0]}']").strip()
    assert label in tip["text"], (label, tip)  # the tip of that very spot, naming its move
    assert tip["left"] >= 0 and tip["right"] <= PHONE["width"], tip  # inside the phone's screen
    assert body(page, "actions") == before and body(page, "stateHash") == state, "a long press played the move"
    assert page.evaluate("document.getElementById('chooser').hidden && document.getElementById('note').hidden")

    touch(page, cdp, x, y, hold_ms=60)  # a tap plays it
    page.wait_for_function(f"() => document.body.dataset.actions !== '{before}'", timeout=10_000)
    assert not app_errors(page), page.console_errors
