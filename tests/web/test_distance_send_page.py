"""Sending a move link in the page (issue 38, items 4, 7, 8): each test starts a seeded game of
Citadels at a distance (Ada here, Bea a friend, a bot) and plays only Ada's first pick.

- A link copied by hand from its box (Ctrl+C, as the page says to do when the browser refuses
  the Copy button) locks Undo and says the link is made, as the button does.
- Two tabs of Ada's game pick differently at one instant: the tab whose move the save does not
  hold offers no link, and its "Save as a copy" is set aside: listed among the saved games (not
  the inbox) and reviewed through Ada's eyes, never a hand-off to Bea with Bea's hand; the tab
  goes on with the saved game, whose link is the winning tab's.

Each runs twice, (English, 1280 px) and (Italian, 390 px), and looks at the other width too
(with reduced motion: no move's fade caught half way in a screenshot).
Needs ``python build.py`` first. Screenshots: test-output/screens/far_send_*.png
"""

from __future__ import annotations

import json
import time

import pytest

from engines.core.i18n import texts
from tavolo_ui.distance import PRIVACY
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, start_game
from tests.web.test_distance_page import LAPTOP, PHONE, SEATS, Device, saves_in, set_up_lap
from tests.web.test_two_tabs_race import CONFLICT, PRESS_AT, watch_errors

pytestmark = pytest.mark.browser

T = texts("ui")
CASES = [("en", LAPTOP, PHONE), ("it", PHONE, LAPTOP)]
IDS = ["en-1280", "it-390"]
LOCALE = {"en": "en-GB", "it": "it-IT"}
SEED = 5
COPY = "#send-box button[data-cmd='copy-move']"


def to_send_box(page) -> None:
    """Ada plays her first choices until the table offers the link for Bea."""
    while not page.locator("#send-box").count():
        before = int(body(page, "actions"))
        page.locator("#actions .act-list > button").first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}")


def in_view(page, selector: str) -> bool:
    """Whether ``selector``'s element is wholly inside the window, as the page is scrolled now."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""", selector)


def check_width(page, size: dict) -> None:
    """At ``size`` (once the board is painted again for it): nothing wider than the window."""
    page.set_viewport_size(size)
    page.wait_for_function(f"() => innerWidth === {size['width']} && document.getElementById('board')"
                           f" && parseFloat(document.getElementById('board').style.width) <= innerWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"] + 1


@pytest.mark.parametrize("lang, first, second", CASES, ids=IDS)
def test_hand_copy_of_the_move_link_locks_undo(new_context, base_url, lang, first, second):
    ada = Device(lambda **kw: new_context(reduced_motion="reduce", **kw), base_url, first, lang, 0)
    page = ada.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    start_game(page, "citadels", SEATS, SEED)
    # what a game at a distance is, said once at its creation, in a short banner (the rest behind
    # "Read more")
    assert PRIVACY.render(lang) in page.inner_text("#banner")
    assert page.locator("#banner").bounding_box()["height"] <= first["height"] / 4
    page.click("#banner details.more summary")  # Read more: what the links protect, and what not yet
    shot(page, f"far_send_read_more_{lang}_{first['width']}")
    page.click("#banner details.more summary")
    set_up_lap(ada, new_context, base_url, first, lang)  # Bea joins; Ada's device deals the set-up
    to_send_box(page)
    link = page.input_value("#move-link-1")
    assert page.get_attribute("#undo", "aria-disabled") == "false"  # nothing has left: Undo is free
    # the link's Copy button in sight without scrolling, on a phone too
    assert in_view(page, COPY), "the Copy link button is out of sight"
    shot(page, f"far_send_send box_{lang}_{first['width']}")
    # the person selects the link in its box and copies it with the keyboard
    page.focus("#move-link-1")
    page.keyboard.press("Control+A")
    page.keyboard.press("Control+C")
    page.wait_for_selector("#send-box .move-sent")
    assert page.evaluate("() => navigator.clipboard.readText()") == link  # the copy itself went through
    assert page.get_attribute("#undo", "aria-disabled") == "true"
    assert T("Link copied: send it to {name}.", name="Bea").render(lang).split("Bea")[0] in page.inner_text("#banner")
    saved = [s for s in saves_in(page) if s.get("distance")]
    assert saved[0]["distance"]["floor"] == len(saved[0]["record"]["actions"])  # kept after a reload too
    shot(page, f"far_send_Undo locked after a hand copy_{lang}_{first['width']}")
    page.click("#undo", force=True)  # force: Playwright counts aria-disabled as not enabled
    assert T("That move has left this device in a move link: it cannot be taken back.").render(lang) \
        in page.inner_text("#banner")
    check_width(page, second)
    shot(page, f"far_send_Undo locked after a hand copy_{lang}_{second['width']}")
    assert in_view(page, COPY), "the Copy link button is out of sight"
    assert not app_errors(page), page.console_errors


@pytest.mark.parametrize("lang, first, second", CASES, ids=IDS)
def test_two_tabs_conflict_copy_is_set_aside(new_context, base_url, lang, first, second):
    context = new_context(viewport=first, locale=LOCALE[lang], reduced_motion="reduce")
    one = watch_errors(context.new_page())
    open_app(one, base_url)
    start_game(one, "citadels", SEATS, SEED)
    set_up_lap(one, new_context, base_url, first, lang)  # Bea joins; Ada's device deals the set-up
    two = watch_errors(context.new_page())  # the same context: the same localStorage
    open_app(two, base_url)
    tabs = {"one": one, "two": two}
    for tab in tabs.values():  # Ada's game on both tables, her pick to make
        tab.wait_for_function("() => document.body.dataset.screen === 'table'")
        tab.wait_for_selector("#actions button.act[data-arg='1']")
    (sid, started), = ((s["id"], s) for s in saves_in(one))
    # the race: one instant, a different pick in each tab
    at = one.evaluate("() => Date.now()") + 500
    for name, tab in tabs.items():
        tab.evaluate(PRESS_AT, [f"#actions button.act[data-arg='{0 if name == 'one' else 1}']", at])
    for name, tab in tabs.items():
        tab.wait_for_function("() => window.pressed !== null")
        assert tab.evaluate("() => window.pressed"), f"tab {name} had no pick to press at the instant"
        tab.wait_for_selector("#send-box")
    deadline = time.monotonic() + 10  # a tab learns it lost at its autosave, or from the other's write
    while not any(tab.evaluate(CONFLICT) for tab in tabs.values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    losers = [name for name, tab in tabs.items() if tab.evaluate(CONFLICT)]
    assert len(losers) == 1, losers
    lose, win = tabs[losers[0]], tabs["two" if losers[0] == "one" else "one"]

    # only the game that was saved may send: the losing tab says why it makes no link
    assert win.locator("#send-box .move-link").count() == 1
    assert lose.locator("#send-box .move-link").count() == 0
    assert lose.locator("#send-box #no-link").is_visible()
    lose.bring_to_front()
    shot(lose, f"far_send_no link in the losing tab_{lang}_{first['width']}")
    check_width(lose, second)
    shot(lose, f"far_send_no link in the losing tab_{lang}_{second['width']}")
    check_width(lose, first)

    # its game kept as a copy, set aside (no one plays it): the tab goes on with the saved game
    lose.click("#send-box button[data-cmd='conflict-copy']")
    lose.wait_for_function("() => !document.querySelector('#send-box #no-link')")
    after = {s["id"]: s for s in saves_in(lose)}
    assert after[sid]["record"] == [s for s in saves_in(win) if s["id"] == sid][0]["record"]
    (copy,) = (s for k, s in after.items() if k != sid)
    assert copy["distance"]["mine"] == [0] and copy["distance"]["gid"] != started["distance"]["gid"]
    assert copy["distance"].get("aside") is True
    assert lose.locator("#send-box .move-link").count() == 1  # the saved game, the one Bea may get
    assert lose.input_value("#move-link-1") == win.input_value("#move-link-1")

    # on the home screen the copy is among the saved games, not the inbox; opened, it is
    # reviewed through Ada's eyes: never a hand-off to Bea with Bea's hand, no link
    lose.click("header .brand")
    lose.wait_for_function("() => document.body.dataset.screen === 'home'")
    assert lose.locator(f"#inbox-box [data-sid='{copy['id']}']").count() == 0
    assert lose.locator(f"#inbox-box [data-sid='{sid}']").count() == 1
    lose.click(f"button[data-cmd='review-save'][data-arg='{copy['id']}']")
    lose.wait_for_function("() => document.body.dataset.screen === 'review'")
    assert body(lose, "handoff") in (None, "")
    assert lose.locator("#send-box").count() == 0 and lose.locator("#actions button.act").count() == 0
    shot(lose, f"far_send_conflict copy reopened_{lang}_{first['width']}")
    assert app_errors(one) == [] and app_errors(two) == [], (one.console_errors, two.console_errors)
