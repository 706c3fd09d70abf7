"""Every game played with the keyboard alone, at a laptop's and a phone's width (issue "A
table for every player"; ``tavolo_ui.access``).

For each of the four games, at 1280 px and at 390 px, against a bot: the keyboard reaches
the board (Shift+Tab back from the choices the page focuses, or Tab), its first spot is
focused and said (``#spot-say``, not the same words twice), the arrow keys go to another
spot, Enter plays it; where the spot holds several moves its chooser opens with the focus on
its first button, Escape closes it and gives the focus back to the board, and Enter then
goes down the chooser to a move. Two moves are played that way; after each the game has
advanced (the record's action count), the focus is back on the board (its first spot
focused again for the new position) or on the next choice, and the live region
(``#announce``) has said something new. When the board has nothing to play, the choices
list is reached with Tab and played with Enter. At
390 px the choices are within reach while the board is scrolled to the top (the choices
list, under the board's box, is in the viewport), nothing is wider than
the screen (the chooser and the header's controls included) and no button of the header
shows its text cut, in English and again in Italian.

The cases share one browser context (its cache makes every page after the first start in a
few seconds; each case clears the page's storage when it ends), one page per case.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import _guarded_context, app_errors, open_app, shot
from tests.web.pagedriver import body, start_game

pytestmark = pytest.mark.browser

GAMES = ["spyrium", "citadels", "euphoria", "myraclia"]
WIDTHS = {1280: 800, 390: 844}
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic")]
MOVES = 2

ACTIVE = """(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.id === 'board') return 'board';
  if (a.closest('#chooser')) return 'chooser';
  if (a.closest('#actions')) return 'actions';
  return a.tagName.toLowerCase() + '#' + a.id;
})()"""

TOO_WIDE = """(() => {
  const w = innerWidth, out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > w + 1 && !el.closest('.sr-only'))
      out.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + el.className) + ' ' + Math.round(r.right));
  }
  return [document.scrollingElement.scrollWidth, w, out.slice(0, 6)];
})()"""

CUT_HEADER = """(() => [...document.querySelectorAll('header.top button')]
  .filter(b => b.getClientRects().length && b.scrollWidth > b.clientWidth)
  .map(b => (b.id ? '#' + b.id : b.textContent) + ' ' + b.scrollWidth + '>' + b.clientWidth))()"""


@pytest.fixture(scope="module")
def table_context(browser):
    """One context for the module's pages (its HTTP cache is shared between the cases)."""
    ctx = _guarded_context(browser)
    yield ctx
    blocked = list(ctx.blocked_urls)
    ctx.close()
    assert not blocked, f"requests left 127.0.0.1: {blocked}"


@pytest.fixture
def table_page(table_context):
    pg = table_context.new_page()
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    yield pg
    try:  # the next case starts from an empty home screen (no autosave to resume)
        pg.evaluate("localStorage.clear()")
    finally:
        pg.close()


def wait_until(page, condition: str, message: str, timeout_ms: int = 5_000) -> None:
    """Wait for the JavaScript ``condition`` (a function's text), failing with ``message``."""
    try:
        page.wait_for_function(condition, timeout=timeout_ms)
    except Exception as exc:
        if "Timeout" not in type(exc).__name__:
            raise
        raise AssertionError(message) from None


def active(page) -> str:
    """Where the focus is: 'board', 'chooser', 'actions', 'body' or the element."""
    return page.evaluate(ACTIVE)


def wait_my_turn(page, timeout_ms: int = 60_000) -> None:
    """Until Ada (seat 0) is to move with her choices shown, or the game is over."""
    page.wait_for_function(
        "() => document.body.dataset.over === '1' || (document.body.dataset.toMove === '0'"
        " && document.querySelector('#actions button.act'))", timeout=timeout_ms)


def legal_spots(page) -> list[list[int]]:
    """The board's spots that are legal choices now, in the keyboard's order (reading order:
    ``TableAccess.spots``), each as its action indexes."""
    rows = [r for r in json.loads(page.get_attribute("#board", "data-hits") or "[]") if r[4]]
    rows.sort(key=lambda r: (round(r[1] / 24), r[0], r[1]))
    return [r[4] for r in rows]


def reach_board(page) -> None:
    """Move the focus to the board with Shift+Tab (back from the choices), else Tab."""
    for key, presses in (("Shift+Tab", 20), ("Tab", 60)):
        for _ in range(presses):
            if active(page) == "board":
                return
            page.keyboard.press(key)
    assert active(page) == "board", "the keyboard does not reach the board"


def check_width(page, where: str) -> None:
    """Nothing is wider than the screen, the header's controls included, and no button of
    the header shows its text cut."""
    scroll, inner, wide = page.evaluate(TOO_WIDE)
    assert scroll <= inner, f"{where}: the page scrolls sideways ({scroll} > {inner}): {wide}"
    assert not wide, f"{where}: wider than the screen: {wide}"
    cut = page.evaluate(CUT_HEADER)
    assert not cut, f"{where}: header buttons with their text cut: {cut}"


def enter_until_played(page, before: int, box: str) -> None:
    """Press Enter on the focused choice (in ``box``) until a move is played: a step of the
    picker opens its next level with the focus on its first button."""
    for _ in range(8):
        assert active(page) == box, f"the focus left the {box} before a move was played: {active(page)}"
        page.keyboard.press("Enter")
        try:
            page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}", timeout=2_000)
            return
        except Exception:
            continue
    raise AssertionError(f"Enter in the {box} did not play a move")


def play_a_move(page, width: int, tried_escape: list[bool]) -> None:
    """One move of Ada's with the keyboard alone, and what must hold after it."""
    before = int(body(page, "actions"))
    said = page.text_content("#announce") or ""
    spots = legal_spots(page)
    if spots:
        reach_board(page)
        wait_until(page, "() => document.body.dataset.spot === '0'",
                   "the board has the focus but its first spot is not focused (Enter would do nothing)")
        said_spot = page.text_content("#spot-say").strip()
        assert said_spot, "the focused spot is not said"
        halves = said_spot.split(" — ")
        assert len(halves) < 2 or halves[0] != halves[1], f"the spot is said twice over: {said_spot!r}"
        several = [i for i, acts in enumerate(spots) if len(acts) > 1]
        target = several[0] if several and not tried_escape[0] else min(1, len(spots) - 1)
        for _ in range(target):
            page.keyboard.press("ArrowRight")
        wait_until(page, f"() => document.body.dataset.spot === '{target}'", f"the arrows did not reach spot {target}")
        assert page.text_content("#spot-say").strip()
        page.evaluate("delete document.body.dataset.spot")  # the next position must focus a spot anew
        page.keyboard.press("Enter")
        wait_until(page, "() => !document.getElementById('chooser').hidden"
                         f" || Number(document.body.dataset.actions) > {before}",
                   "Enter on the spot neither played a move nor opened its chooser")
        if page.locator("#chooser:not([hidden])").count():
            assert active(page) == "chooser", f"the chooser opened without the focus: {active(page)}"
            if width < 500:
                check_width(page, "the chooser open")
            page.keyboard.press("Escape")
            wait_until(page, "() => document.getElementById('chooser').hidden", "Escape did not close the chooser")
            assert active(page) == "board", f"Escape out of the chooser lost the focus: {active(page)}"
            assert int(body(page, "actions")) == before
            tried_escape[0] = True
            page.keyboard.press("Enter")  # the same spot again, and this time a move in it
            wait_until(page, "() => !document.getElementById('chooser').hidden", "Enter did not open the chooser again")
            enter_until_played(page, before, "chooser")
    else:  # nothing on the board to play now: the choices list, by Tab
        for _ in range(60):
            if active(page) == "actions":
                break
            page.keyboard.press("Tab")
        enter_until_played(page, before, "actions")
    wait_my_turn(page)
    assert int(body(page, "actions")) > before
    place = active(page)
    assert place in ("board", "actions", "chooser"), f"after the move the focus is on {place}"
    now = page.text_content("#announce") or ""
    assert now.strip() and now != said, f"nothing new was announced after the move: {now!r}"


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", GAMES)
def test_a_game_by_keyboard_alone(table_page, base_url, game, width):
    page = table_page
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('tavolo:pace', 'fast')")
    start_game(page, game, SEATS, 11)
    wait_my_turn(page)
    assert body(page, "over") != "1"
    tried_escape = [False]
    for _ in range(MOVES):
        play_a_move(page, width, tried_escape)
        if body(page, "over") == "1":
            break
    if width < 500:
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(200)
        reach = page.evaluate("""(() => {
            const box = document.getElementById('actions'), r = box.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0
                && r.left >= 0 && r.right <= innerWidth + 1;
        })()""")
        assert reach, "at 390 px the choices are out of reach: the list is not in view"
        check_width(page, "the table")
    shot(page, f"table_{game}_{width}")
    if width < 500:  # the header's longer Italian words fit too
        page.click("header.top button[data-cmd='lang'][data-arg='it']")
        page.wait_for_function("() => document.documentElement.lang === 'it' && document.body.dataset.screen === 'table'")
        check_width(page, "the table in Italian")
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"table_{game}_{width}_it")
    assert not app_errors(page)
