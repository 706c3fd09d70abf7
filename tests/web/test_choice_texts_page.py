"""Euphoria's first decision can be read in the page (issue 27), in English and in Italian.

The game opens with the choice of the recruit kept active and the one kept hidden. In the
choice list each recruit's option has an "i" beside it (a ``<details>``): opened by a click
(a tap on a phone), it shows the recruit's printed text under the button, which the button's
``aria-describedby`` names. On the board, the keyboard's focus on a choice's spot shows its
tip (``#tip``) under the spot, as a hover does: the full texts of the recruits it names.
Screenshots with a text open at 1280 and 390 px in both languages
(test-output/screens/read_euphoria_*.png).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from engines.euphoria import texts
from tavolo_ui.session import Session
from tests.web.conftest import SCREENS, app_errors
from tests.web.pagedriver import open_and_start, wait_my_choices

pytestmark = pytest.mark.browser

SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic")]
SEED = 11


def _first_recruits() -> list[str]:
    """The recruits of the first level's options (the active one), in the list's order."""
    s = Session.start("euphoria", [{"name": n, "kind": k} for n, k in SEATS], SEED)
    return list(dict.fromkeys(a["action"]["option"].split(">")[0] for a in s.action_dicts()))


def _look(page, name: str) -> None:
    """A screenshot of the window as it is (the text just opened in view)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def _switch(page, lang: str) -> None:
    page.click(f"header .lang-btn[data-arg='{lang}']")
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.wait_for_selector("#actions .act-list > details.act-more")


def test_euphoria_recruits_can_be_read_in_the_list_and_on_the_board(page, base_url):
    open_and_start(page, base_url, "euphoria", SEATS, SEED)
    wait_my_choices(page)
    recruits = _first_recruits()
    for lang in ("en", "it"):
        _switch(page, lang)
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 800 if width > 400 else 844})
            page.wait_for_timeout(300)
            abouts = page.locator("#actions .act-list > details.act-more")
            assert abouts.count() == len(recruits)
            # the list: the "i" of the second option opens its recruit's text under the button
            about = abouts.nth(1)
            about.locator("summary").click()
            text = texts.recruit_text(recruits[1]).render(lang)
            shown = about.locator("p")
            assert shown.is_visible() and text in shown.inner_text()
            button = page.locator("#actions .act-list > button").nth(1)
            assert button.get_attribute("aria-describedby") == shown.get_attribute("id")
            about.scroll_into_view_if_needed()
            _look(page, f"read_euphoria_list_{lang}_{width}")
            about.locator("summary").click()  # closed again
            assert not shown.is_visible()
            # the board by keyboard: the focused choice shows its recruits' texts
            page.keyboard.press("Tab")  # from the "i" just used: the focus leaves the mouse behind
            page.focus("#board")
            page.keyboard.press("Home")
            page.wait_for_function("() => document.body.dataset.spot === '0'")
            tip = page.locator("#tip")
            tip.wait_for(state="visible")
            assert texts.recruit_text(recruits[0]).render(lang) in tip.inner_text()
            page.evaluate("document.getElementById('tip').scrollIntoView({block: 'center'})")
            _look(page, f"read_euphoria_board_{lang}_{width}")
            page.keyboard.press("Shift+Tab")  # the focus leaves the board: its tip goes too
            tip.wait_for(state="hidden")
    assert not app_errors(page), page.console_errors
