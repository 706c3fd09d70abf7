"""The table on a phone (issue 27, "Phone"): a one-row header, the choices in view under the
board, nothing fixed over the board, and a choice in the list ringing its spot on the board.

At 390 x 844 (a phone): the header is one row (Tavolo, the title, Undo, ⋯, the language), at
most ~56 px high, the other controls in the ⋯ panel (a button with ``aria-expanded``, opened
and closed by keyboard); at a hand-off only Share shows. The first choice is in the viewport on
arrival, under the board's box (the board scrolls in it). No element with a fixed position
lies over any spot of the board that is in view. Focusing or hovering a choice button rings the
spots that play it (``body[data-ringed]``: the actions ringed), leaving it takes the ring away.
At 1280 px the header keeps its controls in the row, no ⋯ (tests/web/test_layout.py too).

Run one case at a time (``-k``): each starts Pyodide.
"""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import start_game, wait_my_choices

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
HEADER_MAX = 56
"""The tallest one-row header, in CSS px."""

SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic")]


def on_phone(page, base_url: str, game: str, seed: int = 11, seats=None, lang: str = "en") -> None:
    """At a phone's size, ``game`` started (Ada human), in ``lang``, until Ada has choices."""
    page.set_viewport_size(PHONE)
    open_app(page, base_url)
    if lang != "en":
        page.click(f"header.top button[data-cmd='lang'][data-arg='{lang}']")
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    assert not title_cut(page), title_cut(page)
    page.click("header .brand")
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    start_game(page, game, seats or SEATS, seed)
    if (seats or SEATS)[1][1] == "human":
        return
    wait_my_choices(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)


TITLE_CUT = """(() => { const t = document.querySelector('header.top .title');
    return t.scrollWidth > t.clientWidth ? [t.innerText, t.scrollWidth, t.clientWidth] : null; })()"""


def title_cut(page):
    """The header's title as shown, with its width and its box's, when it does not fit in its
    box (cut short by an ellipsis); None when it fits."""
    return page.evaluate(TITLE_CUT)


def header_box(page) -> dict:
    return page.evaluate("""(() => { const r = document.querySelector('header.top').getBoundingClientRect();
        return {height: r.height, width: r.width}; })()""")


def row_tops(page) -> list[float]:
    """The tops of the header's visible controls (one row: all within a few px)."""
    return page.evaluate("""(() => [...document.querySelectorAll(
            'header.top .brand, header.top .title, header.top .controls > button, header.top .lang-switch')]
        .filter(el => el.getClientRects().length && getComputedStyle(el).display !== 'none')
        .map(el => el.getBoundingClientRect().top))()""")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_header_is_one_row_with_a_more_menu(page, base_url, lang):
    on_phone(page, base_url, "spyrium", lang=lang)
    box = header_box(page)
    shot(page, f"phone_header_{lang}")
    assert box["height"] <= HEADER_MAX, box
    tops = row_tops(page)
    assert max(tops) - min(tops) < 12, tops
    assert page.locator("#undo").is_visible() and page.locator("#more-btn").is_visible()
    assert not page.locator("#share-btn").is_visible() and not page.locator("#rules-btn").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    more = page.locator("#more-btn")
    assert more.get_attribute("aria-expanded") == "false" and more.get_attribute("aria-controls") == "more-menu"
    # by keyboard: Enter opens it (the focus on its first control), Escape closes it (back to ⋯)
    more.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'true'")
    for sel in ("#share-btn", "#savecopy", "#review-btn", "#rules-btn"):
        assert page.locator(sel).is_visible(), sel
    assert page.evaluate("document.activeElement.id") == "share-btn"
    shot(page, f"phone_header_more_{lang}")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'false'")
    assert page.evaluate("document.activeElement.id") == "more-btn"
    assert not page.locator("#share-btn").is_visible()
    # the focus leaving it by Tab closes it: Shift+Tab from its first control reaches ⋯ (still
    # open), once more a control before ⋯ (closed, nothing hidden keeps the focus)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'true'")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "more-btn"
    assert more.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Shift+Tab")
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'false'")
    assert not page.locator("#share-btn").is_visible()
    # a tap elsewhere (the status box) closes it
    page.click("#more-btn")
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'true'")
    page.click("#status", position={"x": 10, "y": 10})  # left of the panel
    page.wait_for_function("() => document.getElementById('more-btn').getAttribute('aria-expanded') === 'false'")
    # a control in it runs and closes it: How to play opens
    page.click("#more-btn")
    page.click("#rules-btn")
    page.wait_for_function("() => document.getElementById('more-btn') === null"
                           " || document.getElementById('more-btn').getAttribute('aria-expanded') === 'false'")
    assert not app_errors(page)


@pytest.mark.parametrize("game", ["spyrium", "citadels", "euphoria", "myraclia"])
def test_the_table_at_both_widths_in_both_languages(page, base_url, game):
    """Screenshots (test-output/screens/screen_<game>_<width>_<lang>.png): at 390 px the header
    is one row and nothing is wider than the screen; at 1280 px no ⋯ and the controls in the row.
    At both widths the header's title is not cut (on a phone the game's name without its
    subtitle: "Euphoria"), on the table in both languages and on the New game form."""
    on_phone(page, base_url, game)
    for lang in ("en", "it"):
        if lang == "it":
            page.click("header.top button[data-cmd='lang'][data-arg='it']")
            page.wait_for_function("() => document.documentElement.lang === 'it' && document.querySelector('#actions button.act')")
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, f"screen_{game}_{width}_{lang}")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (width, lang)
            tops = row_tops(page)
            assert max(tops) - min(tops) < 12, (width, lang, tops)
            assert page.locator("#more-btn").is_visible() == (width < 480)
            if width < 480:
                assert header_box(page)["height"] <= HEADER_MAX
            assert not title_cut(page), (width, lang, title_cut(page))
    # the New game form in Italian, its title whole at both widths
    page.click("header .brand")
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        shot(page, f"screen_{game}_new_{width}_it")
        assert not title_cut(page), (width, title_cut(page))
        assert page.evaluate("document.documentElement.scrollWidth") <= width, width
    assert not app_errors(page)


def test_the_hand_off_shows_only_share_on_a_phone(page, base_url):
    on_phone(page, base_url, "citadels", seats=[("Ada", "human"), ("Bea", "human")])
    page.wait_for_function("() => document.body.dataset.handoff !== ''")
    shot(page, "phone_handoff")
    assert page.locator("#share-btn").is_visible()
    for sel in ("#undo", "#more-btn", "#review-btn", "#savecopy", "#rules-btn"):
        assert not page.locator(sel).is_visible(), sel
    assert header_box(page)["height"] <= HEADER_MAX


def test_at_a_laptop_width_the_header_keeps_its_row_of_controls(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "spyrium", SEATS, 11)
    wait_my_choices(page)
    assert not page.locator("#more-btn").is_visible()
    for sel in ("#undo", "#share-btn", "#savecopy", "#review-btn", "#rules-btn"):
        assert page.locator(sel).is_visible(), sel
    tops = row_tops(page)
    assert max(tops) - min(tops) < 12, tops


COVERED = """(() => {
    // every spot of the board in view (in the board's box and in the window): what lies on
    // its middle, when it is not the board itself and has a fixed position
    const board = document.getElementById('board'), wrap = document.getElementById('board-wrap');
    const b = board.getBoundingClientRect(), w = wrap.getBoundingClientRect();
    const head = document.querySelector('header.top').getBoundingClientRect().bottom;
    const out = [];
    for (const [x, y, sw, sh, acts] of JSON.parse(board.dataset.hits || '[]')) {
        if (!acts.length) continue;
        const cx = b.left + x + sw / 2, cy = b.top + y + sh / 2;
        if (cy < Math.max(w.top, head) || cy > Math.min(w.bottom, innerHeight) || cx < 0 || cx > innerWidth) continue;
        const el = document.elementFromPoint(cx, cy);
        if (el && el !== board) {
            let p = el, fixed = false;
            for (; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') { fixed = true; break; }
            out.push([acts, el.id || el.className || el.tagName, fixed]);
        }
    }
    return out;
})()"""


FIXED_OVER = """(() => {
    // the elements with a fixed position, shown, that lie over the board's box where it is in view
    const w = document.getElementById('board-wrap').getBoundingClientRect();
    const top = Math.max(w.top, 0), bottom = Math.min(w.bottom, innerHeight);
    return [...document.querySelectorAll('body *')].filter(el => {
        if (getComputedStyle(el).position !== 'fixed' || !el.getClientRects().length) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.top < bottom && r.bottom > top && r.left < w.right && r.right > w.left;
    }).map(el => el.id || el.className || el.tagName);
})()"""


@pytest.mark.parametrize("game", ["spyrium", "citadels", "euphoria", "myraclia"])
def test_the_first_choice_is_in_view_and_nothing_covers_the_board(page, base_url, game):
    on_phone(page, base_url, game)
    shot(page, f"phone_arrival_{game}")
    for y in (0, 200):  # on arrival, and the page scrolled a little
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(150)
        assert not page.evaluate(FIXED_OVER), (y, page.evaluate(FIXED_OVER))
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    first = page.evaluate("""(() => { const r = document.querySelector('#actions button.act').getBoundingClientRect();
        return [r.top, r.bottom, innerHeight]; })()""")
    assert 0 <= first[0] and first[1] <= first[2], f"the first choice is out of view on arrival: {first}"
    board_bottom = page.evaluate("document.getElementById('board-wrap').getBoundingClientRect().bottom")
    assert first[0] >= board_bottom - 1, "the choices are under the board's box"
    for where in ("top", "middle", "bottom"):
        page.evaluate(f"""(() => {{ const w = document.getElementById('board-wrap');
            w.scrollTop = {{top: 0, middle: (w.scrollHeight - w.clientHeight) / 2,
                            bottom: w.scrollHeight}}['{where}']; }})()""")
        page.wait_for_timeout(100)
        covered = page.evaluate(COVERED)
        assert not covered, (where, covered[:10])
    assert not app_errors(page)


@pytest.mark.parametrize("game", ["spyrium", "citadels"])
def test_in_a_guided_game_the_coach_the_spot_and_the_first_choice_are_in_view(page, base_url, game):
    """The coach stands above the board: the board's box is shorter, so the first choice still
    shows on arrival, and the spot the coach points at is in sight in the box."""
    page.set_viewport_size(PHONE)
    open_app(page, base_url)
    page.click(f"#learn-{game}")
    page.wait_for_function("() => document.body.dataset.guide === 'learner' && document.querySelector('#actions button.act')"
                           " && document.getElementById('board').dataset.guide !== ''", timeout=30_000)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    shot(page, f"phone_guide_{game}")
    first = page.evaluate("""(() => { const r = document.querySelector('#actions button.act').getBoundingClientRect();
        return [r.top, r.bottom, innerHeight]; })()""")
    assert 0 <= first[0] and first[1] <= first[2], f"the first choice is out of view on arrival: {first}"
    seen = page.evaluate("""(() => {
        const w = document.getElementById('board-wrap'), board = document.getElementById('board');
        const top = w.scrollTop, bottom = top + w.clientHeight, index = Number(board.dataset.guide);
        return JSON.parse(board.dataset.hits || '[]').some(
            ([x, y, sw, sh, a]) => a.includes(index) && y >= top && y + sh <= bottom);
    })()""")
    assert seen, "the coach's spot is out of sight in the board's box"
    assert not app_errors(page)


def choice_with_a_spot(page):
    """The first choice button of the list whose actions have a spot on the board: (the
    button, its actions with a spot, its index in the list)."""
    hits = json.loads(page.get_attribute("#board", "data-hits") or "[]")
    on_board = {i for h in hits for i in h[4]}
    buttons = page.locator("#actions button.act")
    for k in range(buttons.count()):
        b = buttons.nth(k)
        raw = (b.get_attribute("data-acts") if b.get_attribute("data-cmd") == "pick" else b.get_attribute("data-arg")) or ""
        acts = {int(x) for x in raw.split()}
        if acts & on_board:
            return b, acts & on_board, k
    raise AssertionError("no choice in the list has a spot on the board")


def test_focusing_or_hovering_a_choice_rings_its_spot(page, base_url):
    on_phone(page, base_url, "spyrium")
    button, acts, index = choice_with_a_spot(page)
    page.mouse.move(2, 2)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.wait_for_function("() => (document.body.dataset.ringed || '') === ''")
    page.evaluate("(() => { const w = document.getElementById('board-wrap'); w.scrollTop = w.scrollHeight; })()")
    button.focus()  # then reached by keyboard (Shift+Tab, Tab): the keyboard's focus rings
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement === document.querySelectorAll('#actions button.act')[%d]" % index)
    page.wait_for_function("() => (document.body.dataset.ringed || '') !== ''")
    ringed = {int(x) for x in page.evaluate("document.body.dataset.ringed").split()}
    assert ringed == acts, (ringed, acts)
    # the board's box scrolled back to show a ringed spot (the board was scrolled to its end)
    in_sight = page.evaluate("""(acts => {
        const w = document.getElementById('board-wrap'), top = w.scrollTop, bottom = top + w.clientHeight;
        return JSON.parse(document.getElementById('board').dataset.hits || '[]').some(
            ([x, y, sw, sh, a]) => a.some(i => acts.includes(i)) && y >= top && y + sh <= bottom);
    })""", sorted(acts))
    assert in_sight, "no ringed spot is in sight in the board's box"
    shot(page, "phone_choice_rings_its_spot")
    page.evaluate("document.activeElement.blur()")
    page.wait_for_function("() => (document.body.dataset.ringed || '') === ''")
    button.hover()
    page.wait_for_function("() => (document.body.dataset.ringed || '') !== ''")
    page.mouse.move(2, 2)
    page.wait_for_function("() => (document.body.dataset.ringed || '') === ''")
    assert not app_errors(page)


def test_a_choice_pointed_at_keeps_its_ring_when_the_table_is_drawn_anew(page, base_url):
    """The pointer resting on a choice while the table is drawn again under it (the window
    resized; the whole table drawn anew, as after a language switch, a bot's banner or another
    tab's change): its spots stay ringed, though no new ``mouseover`` comes."""
    on_phone(page, base_url, "spyrium")
    button, acts, _ = choice_with_a_spot(page)
    button.hover()
    page.wait_for_function("() => (document.body.dataset.ringed || '') !== ''")
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    page.wait_for_timeout(600)
    assert {int(x) for x in (page.evaluate("document.body.dataset.ringed") or "").split()} == acts
    # the whole table drawn anew, the pointer not moved: the language switched by a script
    page.evaluate("document.querySelector(\"header.top button[data-cmd='lang'][data-arg='it']\").click()")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('#actions button.act:hover') !== null"), "the pointer left the list"
    assert {int(x) for x in (page.evaluate("document.body.dataset.ringed") or "").split()} == acts
    assert not app_errors(page)
