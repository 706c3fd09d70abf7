"""Nothing a link, stored data or a second tab can do stops Tavolo or loses a game.

- a hostile link at start-up: banner with the message (details behind a toggle), the link
  removed from the URL, the home screen; a reload works;
- an unexpected error while starting (a table that cannot be drawn) still gives the home
  screen with a note; if not even the home screen can be drawn, a plain page says so;
- damaged save entries are listed on their own (Delete, Export as is), the others work;
- a newer storage layout is never written to, whatever the person does;
- two tabs on one game (one browser context: they share localStorage): a tab that moved on
  is followed, a divergence stops the autosave and offers a copy or the other version, and
  an autosave never overwrites another tab's version even without the ``storage`` event.

Needs ``python build.py`` first. Screenshots: test-output/screens/reliability_*.png
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from engines import get_game, new_record
from tavolo_ui.bidi import isolate
from tavolo_ui.links import make_fragment
from tavolo_ui.saves import DictStorage, Saves
from tests.web.conftest import open_app, shot, wait_ready
from tests.web.pagedriver import fill_seed

pytestmark = pytest.mark.browser

GAME = "citadels"


# ---- helpers: every wait is a function, never a bare expression, which Playwright would eval()
# at each poll and the page's Content Security Policy (no 'unsafe-eval') refuses -----------------

def wait_until(page, expression: str, timeout: float = 60_000) -> None:
    page.wait_for_function(f"() => ({expression})", timeout=timeout)


def body(page, key: str) -> str:
    return page.evaluate(f"document.body.dataset.{key} || ''")


def wait_body(page, key: str, value: str, timeout: float = 60_000) -> None:
    wait_until(page, f"document.body.dataset.{key} === {json.dumps(value)}", timeout)


def new_game(page, seats) -> None:
    """From home: the New game form of GAME with ``seats`` (name, kind), seed 7, started."""
    page.click(f".game-card[data-game='{GAME}'] button[data-cmd='new']")
    wait_body(page, "screen", "new")
    page.select_option("#players", str(len(seats)))
    wait_until(page, f"document.querySelectorAll('.seat').length === {len(seats)}")
    for i, (name, kind) in enumerate(seats):
        page.locator(".seat-name").nth(i).fill(name)
        page.locator(".seat-kind").nth(i).select_option(kind)
    fill_seed(page, "7")
    page.click("#start")
    wait_body(page, "screen", "table")


def pass_handoff(page, expected_name=None) -> None:
    page.wait_for_selector("#handoff:not([hidden])")
    if expected_name:
        assert page.inner_text("#handoff-name") == isolate(expected_name)
    page.click("#handoff button[data-cmd='handoff']")
    page.wait_for_selector("#handoff", state="hidden")


HOSTILE_LINK = "#play=t1.34.7485ad35.eNqLjh4Fo2AUDHcQOwpGwSgY9gAAbqbO3w"  # 1000 nested JSON arrays


def deep_link(levels: int = 100_000) -> str:
    """A link whose JSON nests ``levels`` deep: parsing it under Pyodide used to exhaust the
    browser's stack, a fatal error of the whole runtime. Stored without compression (zlib's
    level 0), as its few hundred bytes compressed are now refused before they are unpacked
    (unpacking to more than 64 times their size), so that it reaches the nesting gate."""
    comp = zlib.compress(b"[" * levels + b"]" * levels, 0)
    b64 = base64.urlsafe_b64encode(comp).decode().rstrip("=")
    return f"#play=t1.{len(b64)}.{zlib.crc32(comp) & 0xFFFFFFFF:08x}.{b64}"
SAVE = "tavolo:v1:save:"
ALL_STORAGE = "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"


def stored_entries(sid: str, name: str, seats=(("Solo", "human"), ("Bot", "bot:random")), seed=7) -> dict:
    """localStorage items of one good save (written by the real ``Saves`` on CPython)."""
    rec = new_record(get_game(GAME), len(seats), seed, None, [{"name": n, "kind": k} for n, k in seats])
    store = DictStorage()
    Saves(store).put(sid, name, rec.model_dump(mode="json"))
    return store.data


def set_storage(page, items: dict, remove=()) -> None:
    page.evaluate("([items, remove]) => { remove.forEach(k => localStorage.removeItem(k));"
                  " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", [items, list(remove)])


def saved(page, sid: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE + sid)})"))


def open_details(page, scope: str) -> str:
    """Open the first "Details" toggle in ``scope``; its text."""
    page.click(f"{scope} details summary")
    return page.inner_text(f"{scope} details pre")


# ---- start-up -----------------------------------------------------------------------------

@pytest.mark.parametrize("link", [HOSTILE_LINK, deep_link()], ids=["1000-deep", "100000-deep"])
def test_hostile_link_at_start_up_reports_and_removes_it(page, base_url, link):
    page.goto(base_url + "index.html" + link)
    wait_ready(page)
    assert body(page, "screen") == "home"
    assert page.locator(".game-card").count() == 4
    banner = page.inner_text("#banner .banner-msg")
    assert "cannot open" in banner and "nested too deeply" in banner, banner
    assert page.evaluate("location.hash") == "" and "#play=" not in page.url  # removed from the URL
    assert "could not start" not in page.inner_text("body")
    detail = open_details(page, "#banner")
    assert "depth" in detail or "levels" in detail  # the technical reason
    if link == HOSTILE_LINK:
        shot(page, "reliability_01_bad_link_banner")
    page.reload()
    wait_ready(page)
    assert body(page, "screen") == "home"
    assert page.locator("#banner").get_attribute("hidden") is not None  # nothing left to report


def test_link_that_breaks_the_table_leaves_a_working_home(page, base_url):
    """An unexpected error while a valid link is opened (here: the canvas refuses to draw):
    the home screen with a note and the error behind Details; the link is gone."""
    page.add_init_script("HTMLCanvasElement.prototype.getContext = function () { throw new Error('no canvas here'); };")
    rec = new_record(get_game(GAME), 2, 3, None, [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    page.goto(base_url + "index.html" + make_fragment(rec, "play"))
    wait_ready(page)
    assert body(page, "screen") == "home"
    assert "something went wrong" in page.inner_text("#banner .banner-msg")
    assert "no canvas here" in open_details(page, "#banner")
    assert page.evaluate("location.hash") == ""
    page.reload()
    wait_ready(page)
    assert body(page, "screen") == "home"


def test_last_game_that_cannot_be_drawn_falls_back_to_home(page, base_url):
    open_app(page, base_url)
    set_storage(page, {**stored_entries("g1", "Sunday game"), "tavolo:v1:last": "g1"})
    page.add_init_script("HTMLCanvasElement.prototype.getContext = function () { throw new Error('no canvas here'); };")
    page.reload()
    wait_ready(page)
    assert body(page, "screen") == "home"
    assert "could not be shown" in page.inner_text("#banner .banner-msg")
    assert "no canvas here" in open_details(page, "#banner")
    assert page.locator(".save:not(.broken)").count() == 1  # the game itself is kept
    assert page.evaluate("localStorage.getItem('tavolo:v1:last')") is None  # the next reload starts clean
    # resuming it by hand fails the same way: a note again, never a half-drawn table
    page.click(".save button[data-cmd='resume']")
    wait_until(page, "document.body.dataset.screen === 'home' && "
                           "document.querySelector('#banner .banner-msg').innerText.includes('went wrong')")
    page.reload()
    wait_ready(page)
    assert body(page, "screen") == "home"


def test_when_not_even_home_can_be_drawn_a_plain_page_says_so(page, base_url):
    page.add_init_script("window.scrollTo = function () { throw new Error('scrolling is broken'); };")
    page.goto(base_url + "index.html")
    wait_ready(page)
    assert body(page, "screen") == "broken"
    assert page.locator("#boot").count() == 0  # never a dead boot screen
    text = page.inner_text("#app")
    assert "could not show its home screen" in text and "scrolling is broken" not in text
    assert "scrolling is broken" in open_details(page, "#app")
    shot(page, "reliability_02_plain_error_page")


def test_a_damaged_wheel_is_reported_in_plain_words_with_the_details_behind_a_toggle(page, serve, site_dir, tmp_path):
    """The UI's wheel, loaded by interpreter.mjs as soon as Python is up and awaited by main.py,
    fails its sha256 check (Pyodide reports it without raising): a plain page says Tavolo could
    not start because a file did not load, the reason behind "Details"; never a boot screen
    left waiting."""
    import shutil

    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    wheel = next((site / "pyodide").glob("tavolo_ui-*.whl"))
    wheel.write_bytes(b"not a wheel" + wheel.read_bytes()[11:])  # same size, other bytes
    url, _stop = serve(site)
    page.goto(url + "index.html")
    wait_ready(page, 120_000)
    assert body(page, "screen") == "broken"
    assert page.locator("#boot").count() == 0
    text = page.inner_text("#app")
    assert "a file it needs did not load" in text and "tavolo-ui" not in text
    assert "tavolo-ui" in open_details(page, "#app")
    shot(page, "reliability_03_damaged_wheel")


# ---- damaged saves ------------------------------------------------------------------------

DAMAGED = {
    SAVE + "inf": '{"layout":1,"name":"Infinite","actions":1e999,"record":{}}',
    SAVE + "nan": '{"layout":1,"name":"Not a number","created":NaN,"record":{}}',
    SAVE + "deep": "[" * 3000 + "]" * 3000,
    SAVE + "deeper": '{"layout":1,"name":"Deeper","record":' + "[" * 100_000 + "]" * 100_000 + "}",
    SAVE + "big": '{"layout":1,"name":"Big","updated":1' + "0" * 400 + ',"record":{}}',
}


def test_damaged_saves_are_listed_with_delete_and_export_as_is(page, base_url, tmp_path):
    open_app(page, base_url)
    set_storage(page, {**stored_entries("good", "Good game"), **DAMAGED})
    page.reload()
    wait_ready(page)
    assert body(page, "screen") == "home"
    assert page.locator(".save:not(.broken)").count() == 1
    assert page.locator(".save.broken").count() == len(DAMAGED)
    row = page.locator(".save.broken[data-sid='inf']")
    assert "Infinite" in row.inner_text() and "damaged" in row.inner_text() and row.locator("button[data-cmd='delete']").count() == 1
    row.locator("summary").click()
    assert "too large" in row.locator("pre").inner_text()
    shot(page, "reliability_03_damaged_saves")
    # Export as is: the stored text, unchanged
    with page.expect_download() as dl:
        row.locator("button[data-cmd='export-raw']").click()
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    assert path.read_text() == DAMAGED[SAVE + "inf"]
    # Delete removes that one only
    page.once("dialog", lambda d: d.accept())
    page.click(".save.broken[data-sid='nan'] button[data-cmd='delete']")
    wait_until(page, f"document.querySelectorAll('.save.broken').length === {len(DAMAGED) - 1}")
    after = page.evaluate(ALL_STORAGE)
    assert SAVE + "nan" not in after and after[SAVE + "inf"] == DAMAGED[SAVE + "inf"]
    # the good one still opens
    page.click(".save:not(.broken) button[data-cmd='resume']")
    wait_body(page, "screen", "table")


# ---- a newer layout -----------------------------------------------------------------------

def test_newer_layout_is_never_written(page, base_url):
    open_app(page, base_url)
    newer = {**stored_entries("g1", "From later"), "tavolo:layout": "2", "tavolo:v1:last": "g1",
             SAVE + "n": '{"layout":"2","name":"Future save","record":{"format":"tavolo/3"}}',
             "tavolo:v2:save:x": '{"whatever":true}'}
    set_storage(page, newer, remove=[k for k in page.evaluate("Object.keys(localStorage)")])
    page.reload()
    wait_ready(page)
    before = page.evaluate(ALL_STORAGE)
    assert before == newer
    # the last game opens (reading is fine) and says it is not saved
    wait_body(page, "screen", "table")
    assert "newer version" in page.inner_text("#banner")
    page.wait_for_selector("#actions button.act")
    page.locator("#actions button.act").first.click()
    wait_until(page, "Number(document.body.dataset.actions) >= 1")
    page.click("header .brand")
    wait_body(page, "screen", "home")
    future = page.locator(".save.broken[data-sid='n']")
    assert "newer version" in future.inner_text()
    assert future.locator("button[data-cmd='delete']").count() == 0
    assert future.locator("button[data-cmd='export-raw']").count() == 1
    page.once("dialog", lambda d: d.accept("Renamed"))
    page.click(".save[data-sid='g1'] button[data-cmd='rename']")
    wait_until(page, "document.querySelector('#banner .banner-msg').innerText.includes('newer version')")
    page.once("dialog", lambda d: d.accept())
    page.click(".save[data-sid='g1'] button[data-cmd='delete']")
    page.wait_for_selector(".save[data-sid='g1']")
    new_game(page, [("Solo", "human"), ("Bot", "bot:random")])
    page.wait_for_selector("#actions button.act")
    page.locator("#actions button.act").first.click()
    wait_until(page, "Number(document.body.dataset.actions) >= 1")
    assert page.evaluate(ALL_STORAGE) == before  # byte for byte


# ---- two tabs on one game -----------------------------------------------------------------

def banner_msg(page) -> str:
    return page.evaluate("(document.querySelector('#banner .banner-msg') || {}).innerText || ''")


def test_two_tabs_follow_and_diverge(context, base_url):
    one = context.new_page()
    open_app(one, base_url)
    new_game(one, [("Anna", "human"), ("Ben", "human")])
    pass_handoff(one, "Anna")
    sid = one.evaluate("Object.keys(localStorage).find(k => k.startsWith('tavolo:v1:save:'))")[len(SAVE):]
    two = context.new_page()  # the same context: the same localStorage
    open_app(two, base_url)
    wait_body(two, "screen", "table")  # the last game, resumed
    assert body(two, "actions") == "0"

    # tab one plays: tab two follows, in place
    one.bring_to_front()
    one.locator("#actions button.act").first.click()
    wait_body(one, "actions", "1")
    wait_body(two, "actions", "1")
    assert "moved on in another tab" in banner_msg(two)
    assert body(two, "stateHash") == body(one, "stateHash")

    # tab one takes its move back: the two no longer agree; tab two keeps its game, stops saving
    one.wait_for_selector("#handoff button[data-cmd='undo']")
    one.click("#handoff button[data-cmd='undo']")
    wait_body(one, "actions", "0")
    wait_until(two, "document.querySelector('#banner button[data-cmd=\"conflict-load\"]') !== null")
    assert "no longer agree" in banner_msg(two) and body(two, "actions") == "1"
    assert "changed in another tab" in two.inner_text("#handoff")  # said on the handoff screen too
    two.bring_to_front()
    pass_handoff(two)
    shot(two, "reliability_04_two_tabs_diverged")
    two.locator("#actions button.act").first.click()
    wait_body(two, "actions", "2")
    assert "changed in another tab" in two.inner_text("#status")
    assert len(saved(two, sid)["record"]["actions"]) == 0  # tab one's version, untouched

    # load the other tab's version
    two.click("#banner button[data-cmd='conflict-load']")
    wait_body(two, "actions", "0")
    assert "other tab’s version" in banner_msg(two)

    # diverge again, and keep this tab's game as a copy
    one.bring_to_front()
    one.locator("#actions button.act").first.click()
    wait_body(one, "actions", "1")
    wait_body(two, "actions", "1")
    one.click("#handoff button[data-cmd='undo']")
    wait_body(one, "actions", "0")
    two.wait_for_selector("#banner button[data-cmd='conflict-copy']")
    assert "changed in another tab" in two.inner_text("#handoff")  # said on the handoff screen too
    two.bring_to_front()
    pass_handoff(two)
    two.click("#banner button[data-cmd='conflict-copy']")
    wait_until(two, "document.querySelector('#banner .banner-msg').innerText.includes('Saved this tab')")
    saves = {k[len(SAVE):]: json.loads(v) for k, v in two.evaluate(ALL_STORAGE).items() if k.startswith(SAVE)}
    assert len(saves) == 2
    copy = next(v for k, v in saves.items() if k != sid)
    assert copy["name"].endswith("(this tab)") and len(copy["record"]["actions"]) == 1
    assert len(saves[sid]["record"]["actions"]) == 0
    # tab two saves into its copy from now on; tab one's save is left alone
    two.locator("#actions button.act").first.click()
    wait_body(two, "actions", "2")
    wait_until(two, f"JSON.parse(localStorage.getItem('{SAVE}{copy['id']}')).actions === 2")
    assert len(saved(two, sid)["record"]["actions"]) == 0


def test_autosave_never_overwrites_another_tabs_version(page, base_url):
    """The guard at write time: another tab's write whose ``storage`` event this tab never got
    (written here from the page itself, which fires no event in the writing tab)."""
    open_app(page, base_url)
    new_game(page, [("Solo", "human"), ("Bot", "bot:random")])
    page.locator("#actions button.act").first.click()
    wait_until(page, "Number(document.body.dataset.actions) >= 2 && document.body.dataset.toMove === '0'",
                           timeout=30_000)
    key = page.evaluate("Object.keys(localStorage).find(k => k.startsWith('tavolo:v1:save:'))")
    entry = json.loads(page.evaluate(f"localStorage.getItem('{key}')"))
    entry["record"]["actions"] = []  # "another tab" went back to the start
    other = json.dumps(entry)
    set_storage(page, {key: other})
    n = int(body(page, "actions"))
    page.locator("#actions button.act").first.click()
    wait_until(page, f"Number(document.body.dataset.actions) > {n}")
    page.wait_for_selector("#banner button[data-cmd='conflict-copy']")
    assert page.evaluate(f"localStorage.getItem('{key}')") == other
    assert "changed in another tab" in page.inner_text("#status")
    page.click("#status button[data-cmd='conflict-copy']")
    wait_until(page, "Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:')).length === 2")
    assert page.evaluate(f"localStorage.getItem('{key}')") == other
    assert "changed in another tab" not in page.inner_text("#status")
