"""A seat's name holding U+202E RIGHT-TO-LEFT OVERRIDE stays inside an isolate wherever the
page shows it (issue 25, ``tavolo_ui.bidi``): the status line, the seats' chips, the hand-off
box, the log, the text twin, the home screen's saves list, and the board's ``fillText`` calls.
Unisolated, it would turn the rest of each line around it backwards.

A name is isolated when it sits between FIRST STRONG ISOLATE (or LRI/RLI) and its matching
PDI in its text, or in an element that holds only the name and isolates it: ``<bdi>``, or a
computed ``unicode-bidi`` of ``isolate``, ``isolate-override`` or ``plaintext``.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, play_one_move, start_game

pytestmark = pytest.mark.browser

EVIL = "\u202eAnna"  # shows as "annA"

# every text the page draws on a canvas, kept in window.__drawn (before the page's own scripts)
RECORD_DRAWS = """
window.__drawn = [];
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
  window.__drawn.push(String(text));
  return fillText.call(this, text, ...rest);
};
"""

# (selector, name) -> [how many times the name is shown there, the loose ones (their text)]
LOOSE = """([selector, name]) => {
  const isolating = ['isolate', 'isolate-override', 'plaintext'];
  const inIsolate = (text, at) => {  // an FSI/LRI/RLI before ``at`` that no PDI has closed
    let depth = 0;
    for (const ch of text.slice(0, at)) {
      if ('\\u2066\\u2067\\u2068'.includes(ch)) depth++;
      else if (ch === '\\u2069' && depth) depth--;
    }
    return depth > 0;
  };
  const alone = (el) => el.textContent.replace(/[\\u2068\\u2069]/g, '') === name;
  const byElement = (node) => {
    for (let el = node.parentElement; el && alone(el); el = el.parentElement)
      if (el.tagName === 'BDI' || isolating.includes(getComputedStyle(el).unicodeBidi)) return true;
    return false;
  };
  let found = 0;
  const loose = [];
  for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (let at = node.data.indexOf(name); at >= 0; at = node.data.indexOf(name, at + 1)) {
        found++;
        if (!inIsolate(node.data, at) && !byElement(node)) loose.push(node.parentElement.textContent);
      }
    }
  }
  return [found, loose];
}"""


def isolated_in(text: str, name: str) -> bool:
    """Whether every ``name`` in ``text`` is inside an isolate (after an FSI, LRI or RLI that
    no PDI has closed)."""
    at = text.find(name)
    while at >= 0:
        depth = 0
        for ch in text[:at]:
            if ch in "\u2066\u2067\u2068":
                depth += 1
            elif ch == "\u2069" and depth:
                depth -= 1
        if not depth:
            return False
        at = text.find(name, at + 1)
    return True


def assert_isolated(page, selector: str, name: str = EVIL) -> None:
    found, loose = page.evaluate(LOOSE, [selector, name])
    assert found, f"{name!r} is not shown in {selector}"
    assert not loose, f"{name!r} shown unisolated in {selector}: {loose}"


def test_a_name_with_a_right_to_left_override_is_isolated_wherever_it_is_shown(page, base_url):
    page.add_init_script(RECORD_DRAWS)
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "myraclia", [(EVIL, "human"), ("Ben", "human")], 7)
    page.wait_for_selector("#handoff:not([hidden])")
    assert_isolated(page, "#handoff-name")
    assert_isolated(page, "#handoff button[data-cmd='handoff']")  # "I am …: show my table"
    page.click("#handoff button[data-cmd='handoff']")
    page.wait_for_function("() => document.body.dataset.handoff === ''")
    assert_isolated(page, "#status .to-act")  # "… to play."
    assert_isolated(page, "#status .chips")  # the seats
    assert_isolated(page, "#twin")  # the table in words, for a screen reader
    drawn = [t for t in page.evaluate("() => window.__drawn") if EVIL in t]
    assert drawn, "the board names no seat"
    assert not [t for t in drawn if not isolated_in(t, EVIL)], drawn

    play_one_move(page)
    if body(page, "handoff"):  # Ben's turn: "… has played.", then his table with the log
        assert_isolated(page, "#handoff")
        page.click("#handoff button[data-cmd='handoff']")
    page.wait_for_function(f"() => document.querySelector('#log').textContent.includes({EVIL!r})")
    assert_isolated(page, "#log")
    shot(page, "bidi_name_table")

    page.click("header.top .brand")
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    page.once("dialog", lambda dialog: dialog.accept(EVIL + " 2"))  # Rename: the save's own name
    page.click("#saves button[data-cmd='rename']")
    page.wait_for_function(f"() => document.querySelector('#saves .save-name').textContent === {EVIL + ' 2'!r}")
    assert_isolated(page, "#saves .save-name", EVIL + " 2")
    assert not app_errors(page), page.console_errors
