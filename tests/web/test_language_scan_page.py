"""The page in one language only (issue 27): a scan of every DOM text over a short game of each title.

For each language the page is opened in a browser of that locale; for each of the four games
a hot-seat game (seat 0 a person, seat 1 a heuristic bot, a fixed seed) is started from the
New game form and two moves are played. At each point (home, the New game form with its
Advanced part open, the table, the table after moves, How to play, the review) the scan takes
``document.body.innerText`` and every ``title``, ``aria-label`` and ``placeholder`` attribute,
and checks them as ``tests/ui/test_language_scan.py`` checks the engines' texts:

a. no raw identifier (snake_case, upper-case ids, components' ids, Myraclia tile ids,
   coordinates, Python reprs);
c. on the English page, no Italian catalogue text;
and on the Italian page no common English word of the page's shell ("Undo", "Share", "Review",
"Save", "Replay", "round", "turn", "player", "choose", "Your", "the"...), outside the names the Italian
edition keeps.
"""

from __future__ import annotations

import re

import pytest

from tests.ui.test_language_scan import GAMES, italian_in, raw_ids, raw_problems, without_names
from tests.web.conftest import app_errors, open_app
from tests.web.pagedriver import fill_seed, play_one_move, wait_my_choices

pytestmark = pytest.mark.browser

SEATS = [("Ada", "human"), ("Bruno", "bot:heuristic")]
SEED = 7
SHELL_ENGLISH = ("Undo", "Share", "Review", "Save", "Home", "Back", "Start", "round", "Round", "turn", "Turn",
                 "player", "Player", "players", "choose", "Choose", "Your", "your", "the", "The", "and", "to",
                 "of", "with", "Game", "game", "Settings", "Hint", "Seed", "Easy", "Normal", "Hard", "Advanced", "Replay")
"""English words of the page that must not be on the Italian page."""

TEXTS_JS = """() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
        for (const a of ['title', 'aria-label', 'placeholder']) {
            const v = el.getAttribute(a);
            if (v) out.push(v);
        }
    }
    return out;
}"""


def page_texts(page) -> list[str]:
    """The page's visible text and its attributes' texts, split in lines."""
    return [line.strip() for text in page.evaluate(TEXTS_JS) for line in text.split("\n") if line.strip()]


def english_in_italian(text: str) -> list[str]:
    """The shell's English words in an Italian text, once the components' names (which the
    Italian edition may keep in English) are taken out."""
    bare = without_names(text)
    return [w for w in SHELL_ENGLISH if re.search(rf"(?<![\w’'-]){w}(?![\w’'-])", bare)]


def scan_points(page, lang: str):
    """(where, texts) at each point of the walk through the page."""
    yield "home", page_texts(page)
    for game in GAMES:
        page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
        page.wait_for_function("() => document.body.dataset.screen === 'new'")
        page.select_option("#players", "2")
        page.wait_for_function("() => document.querySelectorAll('.seat').length === 2")
        for i, (name, kind) in enumerate(SEATS):
            page.locator(".seat-name").nth(i).fill(name)
            page.locator(".seat-kind").nth(i).select_option(kind)
        fill_seed(page, SEED)
        yield f"{game} new game", page_texts(page)
        page.click("#start")
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        wait_my_choices(page)
        yield f"{game} table", page_texts(page)
        for _ in range(2):
            play_one_move(page)
            wait_my_choices(page)
        yield f"{game} table after 2 moves", page_texts(page)
        page.click("#rules-btn")
        page.wait_for_selector("#rules-view")
        yield f"{game} how to play", page_texts(page)
        page.click("#rules-close")
        page.wait_for_function("() => !document.getElementById('rules-view')")
        page.click("#review-btn")
        page.wait_for_function("() => document.body.dataset.screen === 'review'")
        yield f"{game} review", page_texts(page)
        page.click("#review-back")
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        page.click("header button.brand")
        page.wait_for_function("() => document.body.dataset.screen === 'home'")


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("it", "it-IT")])
def test_the_page_speaks_one_language(new_context, base_url, lang, locale):
    ctx = new_context(locale=locale, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    open_app(page, base_url)
    assert page.evaluate("document.documentElement.lang") == lang
    ids = [i for g in GAMES for i in raw_ids(g)]
    raw, wrong = set(), set()
    for where, texts in scan_points(page, lang):
        for text in texts:
            if found := raw_problems(text, ids):
                raw.add((where, text[:160], tuple(found)))
            found = italian_in(text) if lang == "en" else english_in_italian(text)
            if found:
                wrong.add((where, text[:160], tuple(found)))
    assert not raw, sorted(raw)[:40]
    assert not wrong, sorted(wrong)[:40]
    assert not app_errors(page), app_errors(page)
