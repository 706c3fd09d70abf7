"""Every control has a name a screen reader can say (issue "A table for every player": "every
button labelled").

On every screen a person reaches (the home screen, each game's New game form, each game's
table with a bot, the share dialog, the review screen, How to play) and in both languages,
every visible button, link, input, select and textarea, and every element with a button's
role, has an accessible name: its own text, ``aria-label``, ``aria-labelledby``, a ``<label>``
(``el.labels``), or ``title``, in that order as the accessible-name computation goes; the
canvas board has its ``aria-label`` too. A control named only by a symbol ("×", "↓") must
have an ``aria-label`` or ``title`` that says it in words.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from .conftest import open_app
from .pagedriver import start_game

pytestmark = pytest.mark.browser

UNNAMED = """(() => {
  const words = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)
                          && getComputedStyle(el).visibility !== 'hidden';
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (el.getAttribute('aria-label')) return words(el.getAttribute('aria-label'));
    if (by) return words(by.split(/\\s+/).map(id => (document.getElementById(id) || {}).textContent).join(' '));
    if (el.labels && el.labels.length) return words([...el.labels].map(l => l.textContent).join(' '));
    if (!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) {
      const text = words(el.textContent);
      if (text) return text;
    }
    if (el.tagName === 'INPUT' && ['button', 'submit'].includes(el.type)) return words(el.value);
    return words(el.getAttribute('title'));
  };
  const out = [];
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], canvas[tabindex]';
  for (const el of document.querySelectorAll(sel)) {
    // a control out of the accessibility tree and out of the Tab order is never read (the file
    // input behind "Import…"); a visually hidden one is read; other hidden controls are not
    if (el.closest('[aria-hidden="true"]') && el.tabIndex < 0) continue;
    if (!visible(el) && !el.classList.contains('sr-only')) continue;
    const name = nameOf(el);
    const symbolic = name && !/[\\p{L}\\p{N}]/u.test(name);
    if (!name || symbolic)
      out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + el.className + ' "' + name + '"');
  }
  return out;
})()"""


def unnamed(page) -> list[str]:
    return page.evaluate(UNNAMED)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_control_on_every_screen_has_a_name(page, base_url, lang):
    open_app(page, base_url)
    if page.evaluate("document.documentElement.lang") != lang:
        page.click(f".lang-btn[data-arg='{lang}']")
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    assert unnamed(page) == [], "home"
    page.click(".game-card[data-game='citadels'] button[data-cmd='rules']")
    page.wait_for_selector(".rules-overlay #rules-close")
    assert unnamed(page) == [], "How to play"
    page.click("#rules-close")
    page.wait_for_selector(".rules-overlay", state="detached")
    for game in ("spyrium", "citadels", "euphoria", "myraclia"):
        page.click("header.top .brand")
        page.wait_for_function("() => document.body.dataset.screen === 'home'")
        page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
        page.wait_for_function("() => document.body.dataset.screen === 'new'")
        assert unnamed(page) == [], f"{game}: New game"
        page.click("header.top .brand")
        page.wait_for_function("() => document.body.dataset.screen === 'home'")
        start_game(page, game, [("Ada", "human"), ("Bruno", "bot:easy")], 3)
        page.wait_for_function("() => document.body.dataset.toMove === '0' && document.querySelector('#actions button')",
                               timeout=60_000)
        assert unnamed(page) == [], f"{game}: table"
    page.click("#share-btn")
    page.wait_for_selector("#modal:not([hidden])")
    assert unnamed(page) == [], "share dialog"
    page.keyboard.press("Escape")
    page.click("#review-btn")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    assert unnamed(page) == [], "review"
