"""The first screen needs no Python in the browser: build.py renders the home screen and each
game's New game form with the UI's own Python into the static page, boot.js shows them while
Python loads, and the app takes the same screen over when it starts.

To keep Python "not ready" as long as a test needs, the page's UI wheel (``tavolo_ui-*.whl``,
which ``main.py`` loads before anything of the app runs) is held back by a route until the test
lets it through. Needs a built site (``python build.py``).
"""

from __future__ import annotations

import json
import re

import pytest

import engines
from engines import new_record
from engines.core.i18n import LANGS
from tavolo_ui import frame, home, new_game
from tavolo_ui.bidi import isolate
from tavolo_ui.links import make_fragment

from .conftest import shot, wait_ready
from .pagedriver import fill_seed

pytestmark = pytest.mark.browser

GAMES = ("spyrium", "citadels", "euphoria", "myraclia")
TEMPLATE = re.compile(r'<template id="(first-[a-z-]+)">(.*?)</template>', re.S)
# the app's #app markup, with the whitespace between tags (innerHTML keeps it as written)
APP_HTML = "() => document.getElementById('app').innerHTML"
# what the form holds now (values typed are properties, not attributes)
FORM = """() => ({players: document.getElementById('players').value,
  names: [...document.querySelectorAll('.seat-name')].map(e => e.value),
  kinds: [...document.querySelectorAll('.seat-kind')].map(e => e.value)})"""
FOCUSED_SEAT = "() => [...document.querySelectorAll('.seat-name')].indexOf(document.activeElement)"
WHEEL = re.compile(r".*/tavolo_ui-[^/]*\.whl$")


def held_python(page) -> dict:
    """Hold the UI wheel back (the app cannot start) until ``release(page, held)``."""
    held: dict = {"routes": [], "released": False}

    def hold(route) -> None:
        if held["released"]:
            route.continue_()
        else:
            held["routes"].append(route)

    page.route(WHEEL, hold)
    return held


def release(page, held: dict) -> None:
    held["released"] = True
    for route in held["routes"]:
        route.continue_()


def as_browser_writes(page, html: str) -> str:
    """``html`` parsed and written out again by the page (how innerHTML shows it)."""
    return page.evaluate("(html) => { const t = document.createElement('template');"
                         " t.innerHTML = html; return t.innerHTML; }", html)


def normalized(html: str) -> str:
    """Markup compared as a person sees it: whitespace runs as one space."""
    return re.sub(r"\s+", " ", html).strip()


def test_the_built_page_holds_the_builders_own_screens(site_dir):
    """(a) Both languages' home and the four games' forms, exactly as the builders return them."""
    found = dict(TEMPLATE.findall((site_dir / "index.html").read_text("utf-8")))
    for lang in LANGS:
        assert found[f"first-home-{lang}"] == home.home_html(lang)
        for name in GAMES:
            game = engines.get_game(name)
            assert found[f"first-new-{lang}-{name}"] == new_game.new_game_html(game, lang)
            assert found[f"first-seats-{lang}-{name}"] == new_game.seat_rows_html(game, lang)
            for mode in ("play", "watch"):
                assert found[f"first-frame-{lang}-{name}-{mode}"] == frame.frame_html(game, lang, mode)
    assert found["first-frame-seat"] == frame.seat_row_html()


def test_a_game_chosen_and_started_before_python_is_ready_starts_when_it_is(page, base_url):
    """(b) The static home is usable before the app: New game, three players with a changed
    seat, Start says "Starting…"; when Python is ready the game is on the table with them."""
    held = held_python(page)
    page.goto(base_url + "index.html")
    page.wait_for_selector("#app .game-card[data-game='spyrium'] button[data-cmd='new']")
    assert page.evaluate("() => document.body.dataset.ready || ''") == ""
    shot(page, "first_screen_01_static_home")
    page.click(".game-card[data-game='spyrium'] button[data-cmd='new']")
    page.wait_for_selector("#new-form")
    page.select_option("#players", "3")
    assert page.locator(".seat").count() == 3
    page.locator(".seat-name").nth(1).fill("Zed")
    page.locator(".seat-kind").nth(2).select_option("human")
    fill_seed(page, "7")
    page.click("#start")
    assert page.inner_text("#start") == "Starting…"
    assert page.evaluate("() => document.body.dataset.ready || ''") == ""
    shot(page, "first_screen_02_start_pending")
    release(page, held)
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    saves = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:'))"
                          ".map(k => JSON.parse(localStorage.getItem(k)).record)")
    assert len(saves) == 1
    record = saves[0]
    assert record["seed"] == 7
    names = [s["name"] for s in record["seats"]]
    kinds = [s["kind"] for s in record["seats"]]
    assert names == ["Anna", "Zed", "Carla"] and kinds[0] == kinds[2] == "human" and kinds[1].startswith("bot:")


@pytest.mark.parametrize("lang", LANGS)
def test_the_app_takes_over_the_same_screen(page, base_url, lang):
    """(c) After the takeover the app's home is the static one (a language switch before
    Python is ready is kept)."""
    held = held_python(page)
    page.goto(base_url + "index.html")
    page.wait_for_selector("#app .game-card")
    if lang == "it" and page.evaluate("() => document.documentElement.lang") != "it":
        page.click(".lang-btn[data-arg='it']")
    assert page.evaluate("() => document.documentElement.lang") == lang
    static_home = page.evaluate(APP_HTML)
    release(page, held)
    wait_ready(page)
    assert normalized(page.evaluate(APP_HTML)) == normalized(static_home)
    assert normalized(static_home) == normalized(as_browser_writes(page, home.home_html(lang)))


def test_the_app_keeps_what_was_typed_in_the_form(page, base_url):
    """(c) The static form is the app's own markup; filled in before Python is ready, the app
    draws it again with the same values (six seats, a name typed, a seat's kind changed)."""
    held = held_python(page)
    page.goto(base_url + "index.html")
    page.click(".game-card[data-game='citadels'] button[data-cmd='new']")
    lang = page.evaluate("() => document.documentElement.lang")
    assert normalized(page.evaluate(APP_HTML)) == normalized(as_browser_writes(page, new_game.new_game_html(
        engines.get_game("citadels"), lang)))
    page.select_option("#players", "6")
    page.locator(".seat-name").nth(4).fill("Quinta")
    page.locator(".seat-kind").nth(1).select_option("human")
    page.locator(".seat-name").nth(4).focus()  # typing there when Python becomes ready
    before = page.evaluate(FORM)
    release(page, held)
    wait_ready(page)
    assert page.evaluate("() => document.body.dataset.screen") == "new"
    assert page.evaluate(FORM) == before
    assert page.evaluate(FOCUSED_SEAT) == 4  # the focus stays in the field being typed in
    shot(page, "first_screen_03_form_after_takeover")


def test_a_corrupt_storage_does_not_stop_the_static_screen(page, base_url):
    """(d) Whatever localStorage holds, the static home shows and works; the app then says
    what it found."""
    page.add_init_script("""
      localStorage.setItem('tavolo:layout', '99');
      localStorage.setItem('tavolo:v1:save:bad', '{not json');
      localStorage.setItem('tavolo:v1:save:odd', '[1, 2');
      localStorage.setItem('tavolo:lang', '\\u0000??');
    """)
    held = held_python(page)
    page.goto(base_url + "index.html")
    page.wait_for_selector("#app .game-card[data-game='euphoria']")
    assert not page.locator("#saves .empty").is_visible()  # saves are stored: not "no saved games yet"
    page.click(".game-card[data-game='euphoria'] button[data-cmd='new']")
    page.wait_for_selector("#new-form")
    release(page, held)
    wait_ready(page)
    assert page.evaluate("() => document.body.dataset.screen") == "new", page.inner_text("#app")
    assert page.locator("#banner.error").is_visible()  # the app's note on the newer layout


# ---- the table's frame, when the page opens on a game ----------------------------------------
HOSTILE = '<img src=x onerror="window.__pwned=1">'
TURNED = "x\u2069\u202eZoë"  # a PDI of its own to end the isolate early, then RIGHT-TO-LEFT OVERRIDE
FRAME_NAMES = "() => [...document.querySelectorAll('#frame-seats .frame-name')].map(e => e.textContent)"


def _record(game: str, names: list[str], moves: int = 0) -> dict:
    g = engines.get_game(game)
    rec = new_record(g, len(names), 5, None, [{"name": n, "kind": "human"} for n in names])
    state = g.new_game(len(names), 5, None)
    for _ in range(moves):
        action = g.legal_actions(state)[0]
        rec.actions.append(g.dump_action(action))
        g.apply(state, action)
    return rec.model_dump(mode="json")


def _frame_then_table(page, title: str, names: list[str], held: dict) -> None:
    """The frame is up before Python (title, seats in order as text, each isolated as
    ``tavolo_ui.bidi.isolate`` does it, the placeholder), then the app's table replaces it."""
    page.wait_for_selector("#app .table-frame #frame-seats li")
    assert page.evaluate("() => document.body.dataset.ready || ''") == ""
    assert page.evaluate("() => document.body.dataset.screen") == "frame"
    assert page.inner_text("header.top .title") == title
    assert page.evaluate(FRAME_NAMES) == [isolate(name) for name in names]
    assert page.locator("#app img").count() == 0 and not page.evaluate("() => window.__pwned")
    assert page.locator(".board-placeholder").is_visible()
    release(page, held)
    wait_ready(page)
    page.wait_for_function("() => ['table', 'watch'].includes(document.body.dataset.screen)", timeout=60_000)
    assert page.locator(".table-frame").count() == 0
    assert not page.evaluate("() => window.__pwned")


@pytest.mark.parametrize("mode", ["play", "watch"])
def test_a_share_link_shows_the_tables_frame_at_once(page, base_url, mode):
    """A share link: the game's name, its seats (a name with markup shown as text, one with
    direction controls isolated) and the board's place show before Python is ready; then the
    table opens as the link says."""
    names = ["Ada", HOSTILE, TURNED]
    fragment = make_fragment(_record("citadels", names, moves=3), mode)
    held = held_python(page)
    page.goto(base_url + "index.html" + fragment)
    lang = page.evaluate("() => document.documentElement.lang")
    title = "Citadels" if mode == "play" else {"en": "Citadels — watching", "it": "Citadels — spettatore"}[lang]
    shot(page, f"first_screen_04_link_frame_{mode}")
    _frame_then_table(page, title, names, held)


def test_the_game_left_on_the_table_shows_its_frame_in_the_chosen_language(page, base_url):
    """A reload with a game in progress: its frame in Italian (the language chosen before),
    then the game resumes; a finished game left as the last one gives the static home."""
    record = _record("myraclia", ["Bea", "Carlo"], moves=2)
    entry = {"layout": 1, "id": "g1", "name": "Myraclia", "game": "myraclia", "created": 1, "updated": 1,
             "actions": len(record["actions"]), "over": False, "record": record}
    page.add_init_script(f"""
      if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('tavolo:lang', 'it');
        localStorage.setItem('tavolo:v1:save:g1', {json.dumps(json.dumps(entry))});
        localStorage.setItem('tavolo:v1:last', 'g1');
      }}
    """)
    held = held_python(page)
    page.goto(base_url + "index.html")
    page.wait_for_selector("#app .table-frame")
    assert "Preparazione del tavolo" in page.inner_text(".board-placeholder")
    shot(page, "first_screen_05_resume_frame_it")
    _frame_then_table(page, "Myraclia", ["Bea", "Carlo"], held)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('tavolo:v1:save:g1')).actions") == 2

    # the same save, finished: the app shows the home screen, and so does the static page
    page.evaluate("() => { const e = JSON.parse(localStorage.getItem('tavolo:v1:save:g1')); e.over = true;"
                  " localStorage.setItem('tavolo:v1:save:g1', JSON.stringify(e));"
                  " localStorage.setItem('tavolo:v1:last', 'g1'); }")
    held = held_python(page)
    page.reload()
    page.wait_for_selector("#app .game-card")
    assert page.locator(".table-frame").count() == 0
    release(page, held)
    wait_ready(page)
    assert page.evaluate("() => document.body.dataset.screen") == "home"


def test_a_damaged_link_gets_no_frame_and_the_home_screen_says_why(page, base_url):
    """A link whose data is not a record (or not even zlib): no frame, the boot screen until
    the app shows the home screen with its note."""
    fragment = make_fragment(_record("spyrium", ["Ada", "Bo"]), "play")
    broken = fragment[:-6] + ("A" if fragment[-6] != "A" else "B") + fragment[-5:]
    held = held_python(page)
    page.goto(base_url + "index.html" + broken)
    page.wait_for_timeout(500)
    assert page.locator(".table-frame").count() == 0
    release(page, held)
    wait_ready(page)
    assert page.evaluate("() => document.body.dataset.screen") == "home"
    assert page.locator("#banner.error").is_visible()
