"""The page as a person uses it: home, new game, playing by clicks (buttons and the canvas),
hot-seat handoff, reload restores the autosave, share links, damaged saves, phone width.

Needs ``python build.py`` first. Screenshots of each step: test-output/screens/shell_*.png
"""

from __future__ import annotations

import json

import pytest

from tavolo_ui.bidi import isolate
from tests.web.conftest import app_errors, foreign, open_app, shot, wait_ready
from tests.web.pagedriver import fill_seed

GAME = "citadels"  # the first game whose engine is in the repo

pytestmark = pytest.mark.browser


def body(page, key):
    return page.evaluate(f"document.body.dataset.{key} || ''")


def wait_body(page, key, value, timeout=60_000):
    page.wait_for_function(f"() => document.body.dataset.{key} === {json.dumps(value)}", timeout=timeout)


def new_game(page, seats, name_prefix="shell"):
    """From home: open the game's New game form, set the seats, start."""
    page.click(f".game-card[data-game='{GAME}'] button[data-cmd='new']")
    wait_body(page, "screen", "new")
    page.select_option("#players", str(len(seats)))
    page.wait_for_function(f"() => document.querySelectorAll('.seat').length === {len(seats)}")
    for i, (name, kind) in enumerate(seats):
        page.locator(".seat-name").nth(i).fill(name)
        page.locator(".seat-kind").nth(i).select_option(kind)
    fill_seed(page, "7")
    shot(page, f"{name_prefix}_02_new_game")
    page.click("#start")
    wait_body(page, "screen", "table")


def pass_handoff(page, expected_name=None):
    page.wait_for_selector("#handoff:not([hidden])")
    if expected_name:
        assert page.inner_text("#handoff-name") == isolate(expected_name)  # as the page shows a name (tavolo_ui.bidi)
    page.click("#handoff button[data-cmd='handoff']")
    page.wait_for_selector("#handoff", state="hidden")


def click_canvas_action(page):
    """Click the middle of the first clickable region of the board."""
    hits = [t for t in json.loads(page.get_attribute("#board", "data-hits") or "[]") if t[4]]
    assert hits, "the board has no clickable region"
    x, y, w, h = hits[0][:4]
    page.click("#board", position={"x": x + w / 2, "y": y + h / 2})


def test_boots_offline_and_lists_games(page, context, base_url):
    page.goto(base_url + "index.html", wait_until="commit")
    page.wait_for_selector("#boot-msg")  # a boot screen with progress while the runtime loads
    if body(page, "ready") != "1":
        shot(page, "shell_00_boot")
    wait_ready(page)
    assert page.locator("#boot").count() == 0
    assert int(body(page, "bootPyMs")) > 0
    assert body(page, "screen") == "home"
    cards = page.locator(".game-card")
    assert cards.count() == 4
    assert "Citadels" in page.inner_text(".game-card[data-game='citadels']")
    assert "players" in page.inner_text(".game-card[data-game='citadels']")
    shot(page, "shell_01_home")
    assert not foreign(context.requested_urls)
    assert not app_errors(page), page.console_errors


def test_hot_seat_game_played_by_clicks_then_reload_and_share(page, context, new_context, base_url):
    open_app(page, base_url)
    new_game(page, [("Anna", "human"), ("Ben", "human"), ("Cleo", "bot:random")])
    # two humans: the table is hidden until Anna takes the device
    assert body(page, "handoff") == "0"
    shot(page, "shell_03_handoff")
    pass_handoff(page, "Anna")
    shot(page, "shell_04_table_anna")
    assert page.locator("#actions button.act").count() >= 1
    # a button click plays Anna's first action
    page.locator("#actions button.act").first.click()
    wait_body(page, "actions", "1")
    # then the device goes to the next human; a canvas click plays for them
    page.wait_for_function("() => document.body.dataset.handoff !== '' || document.body.dataset.toMove === '2'")
    for _ in range(6):  # the bot may play in between
        if body(page, "handoff"):
            break
        page.wait_for_timeout(300)
    assert body(page, "handoff") == "1"
    shot(page, "shell_05_handoff_ben")
    pass_handoff(page, "Ben")
    assert "Anna" in page.inner_text("#log")
    # hovering a region with a tip shows its text
    tips = [t for t in json.loads(page.get_attribute("#board", "data-hits") or "[]") if t[5]]
    if tips:
        x, y, w, h = tips[-1][:4]
        page.hover("#board", position={"x": x + w / 2, "y": y + h / 2})
        page.wait_for_selector("#tip:not([hidden])")
        shot(page, "shell_05b_tip")
        page.mouse.move(1, 1)
    before = int(body(page, "actions"))
    click_canvas_action(page)
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}")
    shot(page, "shell_06_after_canvas_click")
    # let the bot play until a human must act again
    page.wait_for_function("() => document.body.dataset.handoff !== '' ", timeout=30_000)
    n_actions, state_hash = body(page, "actions"), body(page, "stateHash")
    saved = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:')).length")
    assert saved == 1

    # reload: the autosave comes back at the same position
    page.reload()
    wait_ready(page)
    wait_body(page, "screen", "table")
    assert body(page, "actions") == n_actions and body(page, "stateHash") == state_hash
    shot(page, "shell_07_after_reload")
    pass_handoff(page)

    # share link: opens the same position in a fresh browser context
    page.click("#share-btn")
    page.wait_for_selector("#share-play")
    link = page.input_value("#share-play")
    assert "#play=t2." in link
    shot(page, "shell_08_share")
    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    wait_body(other, "screen", "table")
    assert body(other, "actions") == n_actions and body(other, "stateHash") == state_hash
    assert "#play=" not in other.url  # the fragment is consumed (a reload does not re-import)
    shot(other, "shell_09_share_opened")
    # the same link once more in that browser: the game it started goes on, no second save
    other.goto(link)
    other.wait_for_selector("#banner.info")
    assert "opened this link before" in other.inner_text("#banner")
    assert body(other, "stateHash") == state_hash
    saves = other.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:')).length")
    assert saves == 1


def test_damaged_link_is_reported(page, base_url):
    open_app(page, base_url, "index.html#play=t1.500.00000000.eJzLSM3JyQcABiwCFQ")
    assert body(page, "screen") == "home"
    assert "cut off" in page.inner_text("#banner")
    shot(page, "shell_10_bad_link")


def test_corrupted_save_reported_others_intact(page, base_url):
    open_app(page, base_url)
    new_game(page, [("Solo", "human"), ("Bot", "bot:random")], "corrupt")
    page.locator("#actions button.act").first.click()
    # wait until the bot has answered, so nothing moves on by itself any more
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2 && document.body.dataset.toMove === '0'",
                           timeout=30_000)
    page.click("header .brand")
    wait_body(page, "screen", "home")
    good = page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    page.evaluate("""localStorage.setItem('tavolo:v1:save:broken1', '{"layout":1,"name":"Broken one","record":{"format":"tav');
                     localStorage.setItem('tavolo:v1:save:broken2', '{"layout":1,"name":"From the future","record":{"format":"tavolo/9"}}');""")
    page.reload()
    wait_ready(page)
    if body(page, "screen") != "home":
        page.click("header .brand")
        wait_body(page, "screen", "home")
    broken = page.locator(".save.broken")
    assert broken.count() == 2
    text = page.inner_text("#saves")
    assert "damaged" in text and "tavolo/9" in text
    assert page.locator(".save:not(.broken)").count() == 1
    shot(page, "shell_11_corrupted_save")
    after = page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    for k, v in good.items():
        if k.startswith("tavolo:v1:save:"):
            assert after[k] == v  # untouched
    # the good one still resumes
    page.click(".save:not(.broken) button[data-cmd='resume']")
    wait_body(page, "screen", "table")


def test_bots_only_game_can_be_watched_and_paused(page, base_url):
    open_app(page, base_url)
    new_game(page, [("B1", "bot:random"), ("B2", "bot:random")], "bots")
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2", timeout=30_000)
    shot(page, "shell_12_bots_playing")
    page.click("#pause")
    page.wait_for_timeout(200)
    n = body(page, "actions")
    page.wait_for_timeout(1500)
    assert body(page, "actions") == n  # paused
    page.click("#pause")
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {n}", timeout=30_000)


def test_phone_width(new_context, base_url):
    ctx = new_context(viewport={"width": 380, "height": 760}, device_scale_factor=2)
    page = ctx.new_page()
    open_app(page, base_url)
    shot(page, "shell_13_phone_home")
    new_game(page, [("Anna", "human"), ("Bot", "bot:random")], "phone")
    page.wait_for_selector("#actions button.act")
    shot(page, "shell_14_phone_table")
    # the board follows its container when the window is resized
    page.set_viewport_size({"width": 900, "height": 760})
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 450")
    page.set_viewport_size({"width": 380, "height": 760})
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width < 381")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 381, f"the page scrolls sideways at phone width ({width}px)"
    # the canvas is sharp: its backing store is devicePixelRatio times its CSS size
    css_w, px_w = page.evaluate("[document.getElementById('board').getBoundingClientRect().width, document.getElementById('board').width]")
    assert abs(px_w - 2 * css_w) <= 2
