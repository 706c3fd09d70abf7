"""Hostile or damaged files through the home screen's Import: each is refused with a message
in plain words in the page's language (the technical reason behind "Details"), nothing stored
changes (localStorage compared whole, byte for byte, before and after), no Python error
reaches the console, and the page stays usable (the four game cards open their New game
forms, the save that was there still opens at its move).

The files are made here, in memory (the largest is over the 4,000,000-character cap), and
given to ``#import-file`` as buffers. The expected message is what the same gate says on
CPython (``Saves.import_text`` on the same bytes), in English and in Italian, and must hold
the case's own plain words.

One page serves every case (a page's start costs seconds); a case that leaves it unusable
makes the next one start from a fresh load.

Needs ``python build.py`` first. Screenshots: test-output/screens/import_*.png
"""

from __future__ import annotations

import json
import time

import pytest

import tavolo_ui  # noqa: F401  (registers the "ui" texts)
from engines import get_game, new_record
from engines.core.inbound import MAX_JSON_CHARS
from engines.core.record import parse_record, upgrade
from tavolo_ui.bidi import isolate
from tavolo_ui.saves import MAX_IMPORT_BYTES, DictStorage, SaveError, Saves, tr
from tests.web.conftest import _guarded_context, open_app, shot
from tests.web.pagedriver import body, start_game

pytestmark = pytest.mark.browser

GAME = "citadels"
ALL_STORAGE = "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
CARDS = ("spyrium", "citadels", "euphoria", "myraclia")


def record(actions=(), name="Anna") -> dict:
    """A 2-player hot-seat game record of Citadels, seed 7, with ``actions`` played."""
    seats = [{"name": name, "kind": "human"}, {"name": "Ben", "kind": "human"}]
    rec = new_record(get_game(GAME), 2, 7, None, seats).model_dump(mode="json")
    return {**rec, "actions": list(actions)}


def first_move() -> dict:
    game = get_game(GAME)
    return game.dump_action(game.legal_actions(game.new_game(2, 7))[0])


def text(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def with_number(number: str) -> bytes:
    """A valid record whose seed is written as ``number`` (NaN, Infinity, 1e999 ...)."""
    good = text(record())
    assert b'"seed": 7' in good
    return good.replace(b'"seed": 7', b'"seed": ' + number.encode())


def over_the_cap() -> bytes:
    """A valid record padded with spaces to one character over the cap (valid JSON)."""
    good = text(record([first_move()]))
    return good + b" " * (MAX_JSON_CHARS + 1 - len(good))


STRING_BRACKETS = '["' + "]" * 100_000 + '",' + "[" * 100_000 + "]" * 100_000 + "]"

# the file's bytes, the plain words its message must hold (in English)
CASES = [
    pytest.param(lambda: b"[" * 100_000, "nested too deeply", id="deep-nesting"),
    pytest.param(lambda: b"[" * 100_000 + b"]" * 100_000, "nested too deeply", id="deep-nesting-closed"),
    pytest.param(over_the_cap, "too large", id="over-the-character-cap"),
    pytest.param(lambda: with_number("NaN"), "not valid", id="nan"),
    pytest.param(lambda: with_number("-Infinity"), "not valid", id="infinity"),
    pytest.param(lambda: with_number("1e999"), "not valid", id="1e999"),
    pytest.param(lambda: text({"layout": 2, "id": "g1", "name": "From the future", "record": record()}),
                 "newer version of Tavolo", id="newer-save-layout"),
    pytest.param(lambda: text({**record(), "format": "tavolo/3"}), "cannot read", id="newer-record-format"),
    pytest.param(lambda: json.dumps(record(name="José"), ensure_ascii=False).encode("latin-1"), "not text",
                 id="not-utf-8"),
    pytest.param(lambda: bytes(range(256)) * 4, "not text", id="binary"),
    pytest.param(lambda: b"", "empty", id="empty"),
    pytest.param(lambda: b" \n\t \r\n", "empty", id="only-spaces"),
    pytest.param(lambda: text(record([first_move(), first_move()])), "action 2 of the record is not legal",
                 id="illegal-action"),
    pytest.param(lambda: STRING_BRACKETS.encode(), "nested too deeply", id="brackets-inside-a-string"),
]


def expected(data: bytes, lang: str) -> tuple[str, str]:
    """(message, detail) that the import gate gives on CPython for ``data``."""
    saves = Saves(DictStorage())
    try:
        Saves.check_import_size(len(data))
        saves.import_text(data, "file", lang=lang)
    except SaveError as exc:
        return tr(exc, lang), exc.detail
    raise AssertionError("CPython imported the file")


# ---- one page for every case --------------------------------------------------------------

class Home:
    """The page the cases share, on its home screen with one saved game of its own."""

    def __init__(self, browser, base_url):
        self.context = _guarded_context(browser)
        self.base_url = base_url
        self.page = None
        self.busy = False  # a case is running on the page (still True: it did not finish)
        self.open()
        page = self.page
        start_game(page, GAME, [("Anna", "human"), ("Ben", "human")], 5)
        page.click("#handoff button[data-cmd='handoff']")
        page.locator("#actions button.act").first.click()
        page.wait_for_function("() => document.body.dataset.actions === '1'")
        page.click("header .brand")
        page.wait_for_function("() => document.body.dataset.screen === 'home'")
        set_lang(page, "it")  # the language is remembered (``tavolo:lang``) from here on
        set_lang(page, "en")
        saves = [k for k in page.evaluate(ALL_STORAGE) if k.startswith("tavolo:v1:save:")]
        assert len(saves) == 1
        self.sid = saves[0][len("tavolo:v1:save:"):]

    def open(self) -> None:
        if self.page is not None:
            self.page.close()
        page = self.page = self.context.new_page()
        page.console_errors = []
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
        page.set_viewport_size({"width": 1280, "height": 800})
        open_app(page, self.base_url)
        if body(page, "screen") != "home":  # the saved game, resumed as the last one played
            page.click("header .brand")
            page.wait_for_function("() => document.body.dataset.screen === 'home'")

    def take(self):
        """The page for the next case: a fresh one when the case before did not finish (its
        file may have left the page's Python dead, where a click can still look answered)."""
        if self.busy or not self.usable():
            self.open()
        self.busy = True
        return self.page

    def done(self) -> None:
        self.busy = False

    def usable(self) -> bool:
        """The page answers (the Python behind it is alive): a game card opens its form, and
        the brand goes back to the home screen."""
        try:
            self.page.click(f".game-card[data-game='{GAME}'] button[data-cmd='new']", timeout=5_000)
            self.page.wait_for_function("() => document.body.dataset.screen === 'new'", timeout=5_000)
            self.page.click("header .brand", timeout=5_000)
            self.page.wait_for_function("() => document.body.dataset.screen === 'home'", timeout=5_000)
            return True
        except Exception:
            return False


@pytest.fixture(scope="module")
def home(browser, base_url):
    shared = Home(browser, base_url)
    yield shared
    shared.context.close()
    assert shared.context.blocked_urls == []


def banner(page) -> dict:
    return page.evaluate("""() => {
        const b = document.getElementById('banner');
        const part = sel => (b.querySelector(sel) || {}).textContent || '';
        return {kind: b.className, msg: part('.banner-msg'), detail: part('details pre'),
                summary: part('details summary')};
    }""")


def answered(page, errors: int, timeout_s: float = 30) -> None:
    """Until the banner shows, or an error reaches the console (a runtime that died answers
    nothing more: no use waiting for it)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate("() => !document.getElementById('banner').hidden"):
        assert page.console_errors[errors:] == [], page.console_errors[errors:]
        assert time.monotonic() < deadline, "the page said nothing about the file"
        page.wait_for_timeout(100)


def set_lang(page, lang: str) -> None:
    page.click(f"header .lang-btn[data-arg='{lang}']")
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")


def cards_work(page) -> None:
    """Each game card opens its New game form, and the brand goes back home."""
    for game in CARDS:
        page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
        page.wait_for_function("() => document.body.dataset.screen === 'new' && !!document.getElementById('players')")
        page.click("header .brand")
        page.wait_for_function("() => document.body.dataset.screen === 'home'")


@pytest.mark.parametrize("make, words", CASES)
def test_a_hostile_file_is_refused_in_plain_words(home, request, make, words):
    page = home.take()
    case = request.node.callspec.id
    data = make()
    msg_en, detail = expected(data, "en")
    msg_it, _ = expected(data, "it")
    assert words in msg_en, msg_en
    assert msg_it != msg_en
    if page.locator("#banner button[data-cmd='dismiss']").count():
        page.click("#banner button[data-cmd='dismiss']")
    stored = page.evaluate(ALL_STORAGE)
    errors = len(page.console_errors)

    page.set_input_files("#import-file", files=[{"name": f"{case}.json", "mimeType": "application/json",
                                                 "buffer": data}])
    answered(page, errors)
    shown = banner(page)
    assert shown["msg"] == msg_en and "error" in shown["kind"], shown
    if detail:  # the technical reason, behind the "Details" toggle only
        assert shown["summary"] == "Details" and shown["detail"] == detail, shown
        assert not page.locator("#banner details pre").is_visible()
        page.click("#banner details summary")
        assert page.locator("#banner details pre").is_visible()
    assert page.evaluate(ALL_STORAGE) == stored, "the import changed what was stored"
    assert page.console_errors[errors:] == [], page.console_errors[errors:]
    assert page.locator(".save").count() == 1
    shot(page, f"import_{case}_en_1280")

    set_lang(page, "it")  # the message, in the page's language
    assert banner(page)["msg"] == msg_it
    if case in ("deep-nesting", "newer-save-layout", "not-utf-8", "empty", "illegal-action"):
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 391
        shot(page, f"import_{case}_it_390")
        page.set_viewport_size({"width": 1280, "height": 800})
    set_lang(page, "en")

    cards_work(page)
    assert page.evaluate(ALL_STORAGE) == stored
    assert page.console_errors[errors:] == [], page.console_errors[errors:]
    home.done()


# a File made in the page: a buffer this large would take Playwright half a minute to send
FILE_OF_SPACES = """(size) => {
    const input = document.getElementById('import-file'), files = new DataTransfer();
    files.items.add(new File([new Uint8Array(size).fill(32)], 'huge.json', {type: 'application/json'}));
    input.files = files.files;
    input.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(home):
    page = home.take()
    if page.locator("#banner button[data-cmd='dismiss']").count():
        page.click("#banner button[data-cmd='dismiss']")
    stored, errors = page.evaluate(ALL_STORAGE), len(page.console_errors)
    page.evaluate(FILE_OF_SPACES, MAX_IMPORT_BYTES + 1)
    answered(page, errors)
    shown = banner(page)
    assert shown["msg"] == "This file is too large to be a Tavolo game." and "error" in shown["kind"], shown
    assert shown["detail"] == f"{MAX_IMPORT_BYTES + 1} bytes (the limit is {MAX_IMPORT_BYTES})"
    assert page.evaluate(ALL_STORAGE) == stored
    assert page.console_errors[errors:] == []
    cards_work(page)
    home.done()


def test_after_them_a_good_file_still_imports_and_the_old_save_opens(home):
    """On the same page, after the hostile files (when the cases run on one worker): a file
    in UTF-8 with a byte order mark and names outside ASCII is imported as it is, and the
    game saved before opens at its move."""
    page = home.take()
    good = record([first_move()], name="José ♞")
    page.set_input_files("#import-file", files=[{"name": "Partita di José.json", "mimeType": "application/json",
                                                 "buffer": b"\xef\xbb\xbf" + text(good)}])
    page.wait_for_function("() => document.querySelectorAll('.save').length === 2")
    assert banner(page)["msg"] == f"Imported “{isolate('Partita di José')}”."  # the file's name, isolated
    stored = page.evaluate(ALL_STORAGE)
    (imported,) = [json.loads(v) for k, v in stored.items()
                   if k.startswith("tavolo:v1:save:") and k != "tavolo:v1:save:" + home.sid]
    # stored as it is, its draws written out (an imported file deals nothing more from its seed)
    assert imported["name"] == "Partita di José"
    assert imported["record"] == upgrade(parse_record(good)).model_dump(mode="json")
    page.click(f".save button[data-cmd='resume'][data-arg='{home.sid}']")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    assert body(page, "actions") == "1"
    page.click("header .brand")  # the imported game is removed again, for any case that runs after
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    page.evaluate(f"() => localStorage.removeItem('tavolo:v1:save:{imported['id']}')")
    home.done()
