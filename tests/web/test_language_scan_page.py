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

A second walk (``test_the_dialogs_end_screen_and_coach_speak_one_language``) reaches what the
first does not: a finished game imported from a file (the import's banner, a refused file's
banner, the saved games' list), its end screen (the score table and the statistics opened), the
Share dialog, Save copy, Rename and Delete (the browser's own prompt and confirm boxes: their
message and proposed text), and the guided first game's coach panel (its first step, a refused
choice, and leaving it).
"""

from __future__ import annotations

import re

import pytest

import json

from tests.ui.test_language_scan import GAMES, italian_in, raw_ids, raw_problems, without_names
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import fill_seed, play_one_move, wait_my_choices
from tests.web.test_guide import refuse_a_wrong_choice
from tests.web.test_review import finished_game

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


def opened(new_context, base_url, locale: str):
    """The app opened in a browser of ``locale``, at the laptop size."""
    ctx = new_context(locale=locale, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    open_app(page, base_url)
    return page


def check(points, lang: str) -> None:
    """Checks a and c (and the shell's English words on the Italian page) over ``points``."""
    ids = [i for g in GAMES for i in raw_ids(g)]
    raw, wrong = set(), set()
    for where, texts in points:
        for text in texts:
            if found := raw_problems(text, ids):
                raw.add((where, text[:160], tuple(found)))
            found = italian_in(text) if lang == "en" else english_in_italian(text)
            if found:
                wrong.add((where, text[:160], tuple(found)))
    assert not raw, sorted(raw)[:40]
    assert not wrong, sorted(wrong)[:40]




FINISHED = ("citadels", 3, 12)
"""The finished game imported (a whole heuristic game, seat 0 "Ada")."""


def dialog_points(page, lang: str):
    """(where, texts) over the import, the saved games, the end screen, the dialogs and the
    guide's coach. The browser's own boxes (prompt, confirm) are answered as they come, their
    message and proposed text kept in ``boxes``."""
    boxes: list[str] = []
    accept = {"prompt": False}  # Save copy's prompt is accepted, the others dismissed

    def answer(dialog) -> None:
        boxes.extend(t for t in (dialog.message, dialog.default_value) if t)
        if dialog.type == "prompt" and accept["prompt"]:
            dialog.accept(dialog.default_value)
        else:
            dialog.dismiss()

    page.on("dialog", answer)
    record = finished_game(*FINISHED).model_dump(mode="json")
    page.set_input_files("#import-file", files=[{"name": "Ada.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(record).encode()}])
    page.wait_for_function("() => document.querySelectorAll('.save').length === 1")
    yield "import: banner and saved games", page_texts(page)
    page.set_input_files("#import-file", files=[{"name": "broken.json", "mimeType": "application/json",
                                                 "buffer": b"{not json"}])
    page.wait_for_function("() => document.getElementById('banner').className.includes('error')")
    yield "import: a refused file", page_texts(page)

    page.locator("#finished button[data-cmd='resume']").first.click()
    page.wait_for_function("() => document.body.dataset.screen === 'table'"
                           " && Number(document.body.dataset.endChart) > 1")
    page.click("#results details.end-stats > summary")
    assert page.locator("#results details.end-stats tr[data-stat]").count() > 0  # the statistics, open
    shot(page, f"language_scan_end_{lang}")
    yield "end screen", page_texts(page)

    page.click("#share-btn")
    page.wait_for_selector("#modal:not([hidden])")
    assert page.locator("#modal #share-watch").is_visible()
    yield "share dialog", page_texts(page)
    page.click("#modal button[data-cmd='close-modal']")
    page.wait_for_selector("#modal", state="hidden")

    accept["prompt"] = True
    page.click("#savecopy")  # a prompt (its name accepted), then the banner
    page.wait_for_function("() => !document.getElementById('banner').hidden")
    accept["prompt"] = False
    yield "save copy", page_texts(page)

    page.click("header button.brand")
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    yield "home with saved games", page_texts(page)
    page.locator(".save button[data-cmd='rename']").first.click()  # a prompt, dismissed
    page.locator(".save button[data-cmd='delete']").first.click()  # a confirm, dismissed
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    yield "browser boxes: prompts and confirm", list(boxes)
    assert len(boxes) >= 4, boxes  # Save copy's and Rename's prompts (message, name), Delete's confirm

    page.click("#learn-citadels")
    page.wait_for_function("() => document.body.dataset.screen === 'table'"
                           " && document.body.dataset.guide === 'learner'", timeout=30_000)
    assert page.locator("#coach-say").is_visible() and page.locator("#coach-rule").is_visible()
    yield "guide: the coach's first step", page_texts(page)
    refuse_a_wrong_choice(page, lang)
    yield "guide: a choice refused", page_texts(page)
    page.click("#guide-leave")
    page.wait_for_function("() => document.body.dataset.guide === ''")
    yield "guide: left", page_texts(page)


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("it", "it-IT")])
@pytest.mark.parametrize("points", ["table", "dialogs"])
def test_the_page_speaks_one_language(new_context, base_url, lang, locale, points):
    """The home, the form, the table, the review, How to play (``scan_points``); then the
    dialogs, a finished game's end screen and the guide's coach (``dialog_points``)."""
    page = opened(new_context, base_url, locale)
    assert page.evaluate("document.documentElement.lang") == lang
    check((scan_points if points == "table" else dialog_points)(page, lang), lang)
    assert not app_errors(page), app_errors(page)
